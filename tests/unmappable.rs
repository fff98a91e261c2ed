//! What is written for what cannot be converted, through the real binary: every format of
//! `--unmappable` and `--unmappable-format`, `--byte-format`, `--errors backslash` and
//! `--errors surrogatepass`, checked against the peers that have them on random text with
//! characters outside the target (BMP and astral, combining marks, controls), for
//! single-byte and CJK targets, through standard input, a file and `-i`:
//!
//! - Python 3's codecs: `backslashreplace`, `xmlcharrefreplace`, `namereplace` (encoding),
//!   `backslashreplace` (decoding), `surrogatepass` (both ways); and, for the formats no
//!   peer has as such (`html`, `css`, libiconv's printf templates), a Python error handler
//!   that writes the format as its specification says (HTML's entity table from Python's
//!   `html.entities`, C's printf rules through Python's `%` operator);
//! - ICU's `uconv --to-callback` (`escape-xml-dec`, `escape-xml-hex`, `escape-java`,
//!   `escape-c`, `escape-icu`, `escape-unicode`).
//!
//! A peer that is not installed is skipped with a note (and fails the test under CI, where
//! `.ci/install-peers` installs them). The start-up checks and the messages are tested here
//! too.

mod common;

use common::*;
use std::io::Write;
use std::process::{Command, Stdio};

// ---------------------------------------------------------------------------------------------
// Random text

/// Characters each target below has or lacks alike in transcode, Python's codecs and ICU:
/// ASCII, Latin-1, Greek and Cyrillic, hanzi, hangul, kana, typographic punctuation,
/// astral characters (emoji, CJK extension B, musical symbols), combining marks, C1
/// controls, U+FFFD, compatibility characters. All assigned by
/// Unicode 14.0 (Python 3.11's name table). Left out where the repertoires differ: the euro
/// sign (WHATWG's GBK has it at 80, Python's `gbk` not), U+E000 (WHATWG's GBK has it at AA A1,
/// ICU's windows-949 at C9 A1, the others not), U+0080 (ICU's windows-949 has it at 80); and
/// default-ignorable characters (ICU drops those where the target lacks them: see
/// `uconv_drops_default_ignorables`).
const POOL: &[&str] = &[
    "a", "Z", " ", "\n", "0", "~", "\t", "é", "ü", "ß", "ñ", "ø", "×", "Ω", "λ", "Ж", "я", "中",
    "文", "字", "한", "국", "あ", "ア", "“", "”", "—", "…", "™", "😀", "🎉", "𠀀", "𝄞", "\u{301}",
    "\u{308}", "\u{20DD}", "\u{9F}", "\u{FFFD}", "ﬁ", "Ａ", "①",
];

/// About `len` characters from the pool, from `seed`.
fn random_text(seed: u64, len: usize) -> String {
    let mut rng = Rng::new(seed);
    (0..len).map(|_| rng.pick(POOL)).collect()
}

/// The targets: (transcode's label, Python's codec, ICU's converter). Their repertoires
/// agree on the pool.
const TARGETS: &[(&str, &str, &str)] = &[
    ("ISO-8859-1", "latin-1", "ISO-8859-1"),
    ("US-ASCII", "ascii", "US-ASCII"),
    ("KOI8-R", "koi8-r", "KOI8-R"),
    ("GBK", "gbk", "GBK"),
    ("EUC-KR", "cp949", "windows-949"),
    ("Shift_JIS", "cp932", "windows-31j"),
];

// ---------------------------------------------------------------------------------------------
// Peers

/// A missing peer skips its checks on a developer's machine, and fails under CI.
fn missing(tool: &str) {
    let message = format!("{tool} is not installed (.ci/install-peers installs it); not compared");
    assert!(std::env::var_os("CI").is_none(), "{message}");
    eprintln!("{message}");
}

/// Runs `program args` with `input`; stdout, or `None` if it cannot be run.
fn run_peer(program: &str, args: &[&str], input: &[u8]) -> Option<(bool, Vec<u8>)> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().ok()?;
    writer.join().ok()?.ok()?;
    Some((out.status.success(), out.stdout))
}

/// The Python oracle: reads lines of `KIND ENCODING(S) ARG HEX` and prints, for each, the
/// hex of the result or `error`. Kinds: `encode` (text in UTF-8 → ENCODING under the handler
/// ARG), `decode` (bytes in ENCODING → UTF-8 under ARG, through `backslashreplace`-style
/// handlers), `pass` (bytes in FROM,TO: decoded and encoded with surrogatepass).
const PYTHON: &str = r#"
import codecs, html.entities, sys

def template(fmt):
    def handler(e):
        if isinstance(e, UnicodeEncodeError):
            return ''.join(fmt % ord(c) for c in e.object[e.start:e.end]), e.end
        return ''.join(fmt % b for b in e.object[e.start:e.end]), e.end
    return handler

def html_handler(e):
    out = []
    for c in e.object[e.start:e.end]:
        name = html.entities.codepoint2name.get(ord(c))
        if name and html.entities.html5.get(name + ';') == c:
            out.append('&%s;' % name)
        else:
            out.append('&#%d;' % ord(c))
    return ''.join(out), e.end

codecs.register_error('t-html', html_handler)
codecs.register_error('t-css', template('\\%X '))

for line in sys.stdin:
    kind, enc, arg, data = line.split(' ')
    raw = bytes.fromhex(data.strip())
    try:
        if arg.startswith('printf:'):
            name = 't-' + arg
            codecs.register_error(name, template(bytes.fromhex(arg[7:]).decode()))
            arg = name
        if kind == 'encode':
            out = raw.decode('utf-8').encode(enc, arg)
        elif kind == 'decode':
            out = raw.decode(enc, arg).encode('utf-8')
        else:
            frm, to = enc.split(',')
            out = raw.decode(frm, 'surrogatepass').encode(to, 'surrogatepass')
        print(out.hex())
    except (UnicodeError, LookupError):
        print('error')
"#;

/// One question for the Python oracle.
struct Ask {
    kind: &'static str,
    encoding: String,
    handler: String,
    input: Vec<u8>,
}

/// Python's answers to `asks`, in order (`None` where it raised); `None` without python3.
fn python(asks: &[Ask]) -> Option<Vec<Option<Vec<u8>>>> {
    let mut lines = String::new();
    for a in asks {
        let input: String = a.input.iter().map(|b| format!("{b:02x}")).collect();
        lines += &format!("{} {} {} {input}\n", a.kind, a.encoding, a.handler);
    }
    let (ok, out) = run_peer("python3", &["-c", PYTHON], lines.as_bytes())?;
    assert!(ok, "the Python oracle failed");
    let answers = String::from_utf8(out).unwrap();
    let parsed: Vec<Option<Vec<u8>>> = answers
        .lines()
        .map(|l| (l != "error").then(|| unhex(l)))
        .collect();
    assert_eq!(parsed.len(), asks.len());
    Some(parsed)
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}

/// A printf template as the oracle's handler name (hex, so that no space or % gets in the
/// way of its line format).
fn printf(template: &str) -> String {
    let hex: String = template.bytes().map(|b| format!("{b:02x}")).collect();
    format!("printf:{hex}")
}

// ---------------------------------------------------------------------------------------------
// Running transcode three ways

/// The outputs of `transcode ARGS` on `input` from standard input, from a file argument and
/// converted in place with `-i`, after checking that they agree with each other.
fn three_ways(args: &[&str], input: &[u8]) -> Run {
    let piped = run(args, input);
    let dir = tempdir();
    let path = write(dir.path(), "in.txt", input);
    let path = path.to_str().unwrap();
    let named = run(&[args, &[path]].concat(), b"");
    let in_place = run(&[args, &["-i", path]].concat(), b"");
    for (how, other) in [("a file", &named), ("-i", &in_place)] {
        assert_eq!(
            other.code, piped.code,
            "{args:?} via {how}: {}",
            other.stderr
        );
    }
    assert_eq!(named.stdout, piped.stdout, "{args:?} via a file");
    if piped.code == 0 {
        assert_file(dir.path(), "in.txt", &piped.stdout);
    }
    piped
}

#[track_caller]
fn same(args: &[&str], input: &[u8], got: &Run, want: &[u8]) {
    if got.stdout != want {
        let at = got
            .stdout
            .iter()
            .zip(want)
            .position(|(a, b)| a != b)
            .unwrap_or(want.len().min(got.stdout.len()));
        panic!(
            "transcode {args:?} differs from the peer at output byte {at}\n  input: {}\n  \
             transcode: {}\n  peer:      {}\n{}",
            show(input),
            show(&got.stdout[at.saturating_sub(20)..]),
            show(&want[at.saturating_sub(20)..]),
            got.stderr
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Differential tests: unmappable characters

/// (--unmappable value, Python handler) pairs where Python has the format.
const PYTHON_FORMATS: &[(&str, &str)] = &[
    ("backslash", "backslashreplace"),
    ("xml-dec", "xmlcharrefreplace"),
    ("name", "namereplace"),
    ("html", "t-html"),
    ("css", "t-css"),
];

/// libiconv-style templates, each with what C's printf makes of it.
const TEMPLATES: &[&str] = &["<U+%04X>", "&#%d;", "[%#x]", "%-7o|", "%%U%08X"];

#[test]
fn unmappable_formats_write_what_python_writes() {
    let mut asks = Vec::new();
    let mut runs = Vec::new();
    for (n, &(label, codec, _)) in TARGETS.iter().enumerate() {
        let formats = PYTHON_FORMATS
            .iter()
            .map(|&(f, h)| {
                (
                    vec!["--unmappable".to_string(), f.to_string()],
                    h.to_string(),
                )
            })
            .chain(TEMPLATES.iter().map(|t| {
                let args = vec!["--unmappable-format".to_string(), t.to_string()];
                (args, printf(t))
            }));
        for (k, (format, handler)) in formats.enumerate() {
            let text = random_text((n * 100 + k) as u64, 300);
            let mut args = vec!["-f", "UTF-8", "-t", label, "-s"];
            args.extend(format.iter().map(String::as_str));
            runs.push((
                args.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                text.clone(),
            ));
            asks.push(Ask {
                kind: "encode",
                encoding: codec.to_string(),
                handler,
                input: text.into_bytes(),
            });
        }
    }
    let Some(answers) = python(&asks) else {
        return missing("python3");
    };
    for (i, ((args, text), want)) in runs.iter().zip(answers).enumerate() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let want = want.unwrap_or_else(|| panic!("Python could not encode for {args:?}"));
        // Every third case also through a file and -i; the rest through standard input.
        let got = match i % 3 {
            0 => three_ways(&args, text.as_bytes()),
            _ => run(&args, text.as_bytes()),
        };
        got.code(0);
        same(&args, text.as_bytes(), &got, &want);
    }
}

/// (--unmappable value, uconv --to-callback) pairs.
const ICU_FORMATS: &[(&str, &str)] = &[
    ("xml-dec", "escape-xml-dec"),
    ("xml-hex", "escape-xml-hex"),
    ("java", "escape-java"),
    ("c99", "escape-c"),
    ("icu", "escape-icu"),
    ("unicode", "escape-unicode"),
];

#[test]
fn uconv_drops_default_ignorables() {
    // A documented difference: ICU's callbacks skip an unmappable default-ignorable code
    // point (U+200B ZERO WIDTH SPACE, U+00AD SOFT HYPHEN in ASCII, U+FE0F); transcode writes
    // its code, as Python does, so that nothing is lost unseen.
    let text = "a\u{200B}b\u{FE0F}c".as_bytes();
    let args = ["-t", "US-ASCII", "--unmappable", "xml-hex"];
    run(&args, text).code(0).out(b"a&#x200B;b&#xFE0F;c");
    let icu = [
        "-f",
        "UTF-8",
        "-t",
        "US-ASCII",
        "--to-callback",
        "escape-xml-hex",
    ];
    match run_peer("uconv", &icu, text) {
        Some((_, out)) => assert_eq!(out, b"abc", "uconv no longer drops them: update the README"),
        None => missing("uconv"),
    }
}

#[test]
fn unmappable_formats_write_what_uconv_writes() {
    for (n, &(label, _, icu)) in TARGETS.iter().enumerate() {
        for (k, &(format, callback)) in ICU_FORMATS.iter().enumerate() {
            let text = random_text((n * 100 + k) as u64 + 7, 300);
            let icu_args = ["-f", "UTF-8", "-t", icu, "--to-callback", callback];
            let Some((ok, want)) = run_peer("uconv", &icu_args, text.as_bytes()) else {
                return missing("uconv");
            };
            assert!(ok, "uconv {icu_args:?} failed");
            let args = ["-f", "UTF-8", "-t", label, "--unmappable", format, "-s"];
            let got = match k % 3 {
                0 => three_ways(&args, text.as_bytes()),
                _ => run(&args, text.as_bytes()),
            };
            got.code(0);
            same(&args, text.as_bytes(), &got, &want);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Differential tests: ill-formed input

/// `text` in `codec`'s bytes with ill-formed bytes spliced in between characters.
fn with_bad_bytes(seed: u64, text: &str, bad: &[&[u8]]) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for c in text.chars() {
        if rng.below(8) == 0 {
            out.extend_from_slice(rng.pick(bad));
        }
        let mut buf = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }
    out
}

#[test]
fn ill_formed_bytes_are_written_as_python_writes_them() {
    let bad: &[&[u8]] = &[
        b"\xFF",
        b"\x80",
        b"\xE4\xB8",
        b"\xF0\x9F\x98",
        b"\xC0\xAF",
        b"\xED\xA0\x80",
    ];
    let mut asks = Vec::new();
    let mut runs = Vec::new();
    for seed in 0..6u64 {
        let text = random_text(seed + 500, 200);
        let input = with_bad_bytes(seed, &text, bad);
        let handlers = [
            (
                vec!["--errors", "backslash"],
                "backslashreplace".to_string(),
            ),
            (vec!["--byte-format", "<0x%02X>"], printf("<0x%02X>")),
            (vec!["--byte-format", "\\x%02X"], printf("\\x%02X")),
            (vec!["--byte-format", "%%X%02X"], printf("%%X%02X")),
        ];
        for (args, handler) in handlers {
            let mut full = vec!["-f", "UTF-8", "-t", "UTF-8", "-s"];
            full.extend(args);
            runs.push((full, input.clone()));
            asks.push(Ask {
                kind: "decode",
                encoding: "utf-8".into(),
                handler,
                input: input.clone(),
            });
        }
    }
    // Single-byte input with bytes the charset leaves undefined (ISO-8859-3), and seven-bit
    // US-ASCII with bytes above 0x7F.
    for (label, codec, undefined) in [
        ("ISO-8859-3", "iso8859-3", 0xA5u8),
        ("US-ASCII", "ascii", 0xE9),
    ] {
        // No NUL: -i would take the file for binary and skip it.
        let input: Vec<u8> = (1..=255u8)
            .filter(|&b| label != "US-ASCII" || b != undefined)
            .collect();
        let input = [&input[..], &[undefined, b'x', undefined]].concat();
        runs.push((
            vec!["-f", label, "-t", "UTF-8", "-s", "--errors", "backslash"],
            input.clone(),
        ));
        asks.push(Ask {
            kind: "decode",
            encoding: codec.into(),
            handler: "backslashreplace".into(),
            input,
        });
    }
    let Some(answers) = python(&asks) else {
        return missing("python3");
    };
    for (i, ((args, input), want)) in runs.iter().zip(answers).enumerate() {
        let want = want.unwrap_or_else(|| panic!("Python could not decode for {args:?}"));
        let got = match i % 4 {
            0 => three_ways(args, input),
            _ => run(args, input),
        };
        got.code(0);
        same(args, input, &got, &want);
    }
}

#[test]
fn backslash_on_both_sides_is_python_on_both_sides() {
    // bytes.decode('utf-8', 'backslashreplace').encode('latin-1', 'backslashreplace').
    let input = "é中😀 \u{301}".as_bytes().iter().chain(b"\xFF\xE4\xB8 end");
    let input: Vec<u8> = input.copied().collect();
    let args = ["-f", "UTF-8", "-t", "ISO-8859-1", "--errors", "backslash"];
    let r = run(&args, &input);
    r.code(0)
        .out(b"\xe9\\u4e2d\\U0001f600 \\u0301\\xff\\xe4\\xb8 end")
        .err_has(&[
            "wrote 3 unmappable characters as codes",
            "wrote 3 ill-formed bytes",
        ]);
    // --unmappable takes the encoding side over.
    let with = [&args[..], &["--unmappable", "xml-dec"]].concat();
    run(&with, &input)
        .code(0)
        .out(b"\xe9&#20013;&#128512; &#769;\\xff\\xe4\\xb8 end");
}

// ---------------------------------------------------------------------------------------------
// surrogatepass

#[test]
fn surrogatepass_writes_what_python_writes() {
    let mut rng = Rng::new(99);
    let mut asks = Vec::new();
    let mut runs = Vec::new();
    let forms = [
        ("UTF-16LE", "utf-16-le"),
        ("UTF-16BE", "utf-16-be"),
        ("UTF-32LE", "utf-32-le"),
    ];
    for &(from, from_codec) in &forms {
        for (to, to_codec) in [
            ("UTF-8", "utf-8"),
            ("UTF-16LE", "utf-16-le"),
            ("UTF-32BE", "utf-32-be"),
        ] {
            // Units: text, lone high and low surrogates, a valid pair.
            let mut units: Vec<u32> = Vec::new();
            for _ in 0..200 {
                units.push(match rng.below(6) {
                    0 => 0xD800 + rng.below(0x400) as u32,
                    1 => 0xDC00 + rng.below(0x400) as u32,
                    2 => 0x1F600,
                    _ => rng.pick(&[0x61u32, 0x4E2D, 0xE9, 0x0A]),
                });
            }
            let input = wide_units(&units, from);
            runs.push((
                vec!["-f", from, "-t", to, "--errors", "surrogatepass", "-s"],
                input.clone(),
            ));
            asks.push(Ask {
                kind: "pass",
                encoding: format!("{from_codec},{to_codec}"),
                handler: "surrogatepass".into(),
                input,
            });
        }
    }
    let Some(answers) = python(&asks) else {
        return missing("python3");
    };
    for (i, ((args, input), want)) in runs.iter().zip(answers).enumerate() {
        let want = want.unwrap_or_else(|| panic!("Python refused {args:?}"));
        let got = match i % 3 {
            0 => three_ways(args, input),
            _ => run(args, input),
        };
        got.code(0);
        same(args, input, &got, &want);
    }
}

/// Code points (surrogates included) in a UTF-16 or UTF-32 form, a pair for astral ones.
fn wide_units(points: &[u32], form: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for &p in points {
        let units: Vec<u32> = match (form.starts_with("UTF-16"), p > 0xFFFF) {
            (true, true) => vec![
                0xD800 + ((p - 0x10000) >> 10),
                0xDC00 + ((p - 0x10000) & 0x3FF),
            ],
            _ => vec![p],
        };
        for u in units {
            match form {
                "UTF-16LE" => out.extend_from_slice(&(u as u16).to_le_bytes()),
                "UTF-16BE" => out.extend_from_slice(&(u as u16).to_be_bytes()),
                _ => out.extend_from_slice(&u.to_le_bytes()),
            }
        }
    }
    out
}

#[test]
fn surrogatepass_refuses_byte_targets_and_other_errors() {
    let lone = units_le(&[0x61, 0xD800, 0x62]);
    run(
        &[
            "-f",
            "UTF-16LE",
            "-t",
            "ISO-8859-1",
            "--errors",
            "surrogatepass",
        ],
        &lone,
    )
    .code(1)
    .out(b"a")
    .err_has(&["1:2", "byte 2", "surrogatepass", "U+D800", "ISO-8859-1"]);
    // Anything else ill-formed is strict, as in Python.
    run(&["-f", "UTF-8", "--errors", "surrogatepass"], b"a\xFFb")
        .code(1)
        .out(b"a")
        .err_has(&["byte 1", "FF"]);
    // An odd byte at the end after a high surrogate: the byte is the error.
    run(
        &["-f", "UTF-16LE", "--errors", "surrogatepass"],
        b"a\x00\x00\xD8\x62",
    )
    .code(1)
    .err_has(&["1:2", "U+D800", "00 D8 62"]);
}

// ---------------------------------------------------------------------------------------------
// Behaviour of the options

#[test]
fn codes_that_the_target_cannot_hold_are_refused_before_any_output() {
    // UTF-16 input to a target without '&': none of ours lacks it, so check with a template
    // of a character the target lacks.
    let r = run(&["-t", "ISO-8859-1", "--unmappable-format", "«%X»€"], b"x");
    r.code(2)
        .out(b"")
        .err_has(&["--unmappable-format", "ISO-8859-1", "'€'", "U+20AC"]);
    let r = run(&["-t", "US-ASCII", "--byte-format", "é%02X"], b"x");
    r.code(2)
        .out(b"")
        .err_has(&["--byte-format", "US-ASCII", "U+00E9"]);
    // A bad template.
    run(&["--unmappable-format", "%s"], b"x")
        .code(2)
        .err_has(&["--unmappable-format '%s'", "%x"]);
    run(&["--byte-format", "%x%x"], b"x")
        .code(2)
        .err_has(&["more than one conversion"]);
    // --byte-format says itself what becomes of ill-formed input.
    run(&["--byte-format", "%x", "--errors", "replace"], b"x")
        .code(2)
        .err_has(&["cannot be combined with --errors replace"]);
    run(&["--unmappable", "html", "--unmappable-format", "%x"], b"x").code(2);
}

#[test]
fn unmappable_formats_go_with_every_policy_and_translit() {
    let text = "“é€中”\n".as_bytes();
    // //TRANSLIT first, then the format instead of '?'.
    run(&["-t", "ASCII//TRANSLIT", "--unmappable", "c99"], text)
        .code(0)
        .out(b"\"eEUR\\u4E2D\"\n")
        .err_has(&[
            "approximated 4 characters",
            "wrote 1 unmappable character as codes",
        ]);
    // -c drops ill-formed input and writes the codes.
    let input = [text, b"\xFF"].concat();
    run(
        &[
            "-f",
            "UTF-8",
            "-t",
            "latin1",
            "-c",
            "--unmappable",
            "unicode",
        ],
        &input,
    )
    .code(1)
    .out(b"{U+201C}\xE9{U+20AC}{U+4E2D}{U+201D}\n");
}

#[test]
fn codes_in_cjk_and_stateful_targets() {
    // ISO-2022-JP: the code is written in ASCII mode, after the shift back.
    let r = run(
        &["-t", "ISO-2022-JP", "--unmappable", "xml-dec"],
        "日€本".as_bytes(),
    );
    r.code(0).out(b"\x1b$BF|\x1b(B&#8364;\x1b$BK\\\x1b(B");
    // A kept BOM the target lacks is written as a code too.
    run(
        &[
            "-f",
            "UTF-8",
            "-t",
            "latin1",
            "--keep-bom",
            "--unmappable",
            "unicode",
        ],
        b"\xEF\xBB\xBFx",
    )
    .code(0)
    .out(b"{U+FEFF}x");
}

#[test]
fn check_reports_unmappable_characters_whatever_the_format() {
    let dir = tempdir();
    write(dir.path(), "a.txt", "ok € ok\n".as_bytes());
    run_in(
        dir.path(),
        &[
            "--check",
            "-f",
            "UTF-8",
            "-t",
            "latin1",
            "--unmappable",
            "html",
            "a.txt",
        ],
        b"",
    )
    .code(1)
    .out_contains("a.txt:1:4: byte 3");
}

#[test]
fn verbose_names_each_file_as_iconv_does() {
    let dir = tempdir();
    write(dir.path(), "a.txt", b"one\n");
    write(dir.path(), "b.txt", b"two\n");
    let r = run_in(dir.path(), &["--verbose", "a.txt", "b.txt"], b"");
    r.code(0).out(b"one\ntwo\n");
    assert_eq!(r.stderr, "a.txt:\nb.txt:\n");
    // Standard input alone is not named.
    let r = run(&["-v"], b"x");
    assert_eq!(r.stderr, "");
    // A batch: one line per file.
    std::fs::create_dir_all(dir.path().join("d")).unwrap();
    write(dir.path(), "d/c.txt", b"\xE9t\xE9\n");
    write(dir.path(), "d/e.txt", b"plain\n");
    let r = run_in(dir.path(), &["-v", "-f", "latin1", "-i", "-r", "d"], b"");
    r.code(0)
        .err_contains("transcode: d/c.txt: converted\n")
        .err_contains("transcode: d/e.txt: unchanged");
    assert_eq!(r.err_lines(), 3, "{}", r.stderr);
    run(&["-v", "-s"], b"").code(2);
}
