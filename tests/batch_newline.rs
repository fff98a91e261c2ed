//! `--newline lf|crlf|cr|keep`: line endings converted on code points, in UTF-8, UTF-16
//! and UTF-32, including a CR and its LF split by the 256 KiB input window, and mixed
//! endings. Expected outputs come from a reference written here on `char`s.

mod common;

use common::*;
use std::path::Path;

/// The reference: every CR LF, lone CR and lone LF becomes `ending` (or stays, for None).
fn reference(text: &str, ending: Option<&str>) -> String {
    let Some(ending) = ending else {
        return text.to_string();
    };
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str(ending);
            }
            '\n' => out.push_str(ending),
            c => out.push(c),
        }
    }
    out
}

const STYLES: [(&str, Option<&str>); 4] = [
    ("lf", Some("\n")),
    ("crlf", Some("\r\n")),
    ("cr", Some("\r")),
    ("keep", None),
];

/// ASCII filler of `len` characters with a CR LF every 100 characters, and then `event` at
/// character index `at` with letters around it (so nothing else touches it).
fn text_with(len: usize, at: usize, event: &str) -> String {
    let mut chars: Vec<char> = (0..len)
        .map(|i| match i % 100 {
            98 => '\r',
            99 => '\n',
            _ => (b'a' + (i % 26) as u8) as char,
        })
        .collect();
    let lo = at.saturating_sub(3);
    let hi = (at + event.chars().count() + 3).min(len);
    for c in &mut chars[lo..hi] {
        *c = 'q';
    }
    for (i, c) in event.chars().enumerate() {
        chars[at + i] = c;
    }
    chars.into_iter().collect()
}

#[track_caller]
fn assert_text(dir: &Path, rel: &str, want: &str) {
    assert_file(dir, rel, want.as_bytes());
}

#[test]
fn mixed_endings_in_utf8() {
    let d = tempdir();
    let text = "a\r\nb\nc\rd\r\r\ne\n\rf\r";
    put(d.path(), "in.txt", text.as_bytes());
    for (style, ending) in STYLES {
        let r = run_in(
            d.path(),
            &["-f", "UTF-8", "--newline", style, "in.txt"],
            b"",
        );
        r.code(0);
        assert_eq!(
            r.stdout_text(),
            reference(text, ending),
            "--newline {style}: {:?}",
            r.stdout_text()
        );
    }
    // The reference, spelled out once.
    assert_eq!(reference(text, Some("\n")), "a\nb\nc\nd\n\ne\n\nf\n");
}

#[test]
fn endings_at_the_very_start_and_end() {
    let d = tempdir();
    for (i, text) in ["\r", "\n", "\r\n", "\r\r", "\n\n", "\rx", "x\r", "", "x"]
        .iter()
        .enumerate()
    {
        put(d.path(), &format!("f{i}.txt"), text.as_bytes());
        for (style, ending) in STYLES {
            let r = run_in(
                d.path(),
                &["-f", "UTF-8", "--newline", style, &format!("f{i}.txt")],
                b"",
            );
            r.code(0);
            assert_eq!(
                r.stdout_text(),
                reference(text, ending),
                "{text:?} --newline {style}"
            );
        }
    }
}

#[test]
fn in_place_newline_conversion_and_unchanged_second_run() {
    let d = tempdir();
    let text = "one\r\ntwo\r\nthree\r\n";
    let f = put(d.path(), "a.txt", text.as_bytes());
    run_in(d.path(), &["-i", "--newline", "lf", "a.txt"], b"")
        .code(0)
        .counts(1, 0, 0, 0);
    assert_text(d.path(), "a.txt", "one\ntwo\nthree\n");
    let ino = inode(&f);
    run_in(d.path(), &["-i", "--newline", "lf", "a.txt"], b"")
        .code(0)
        .counts(0, 1, 0, 0);
    assert_eq!(inode(&f), ino);
    run_in(d.path(), &["-i", "--newline", "crlf", "a.txt"], b"")
        .code(0)
        .counts(1, 0, 0, 0);
    assert_text(d.path(), "a.txt", text);
}

#[test]
fn utf16le_with_bom_converts_line_endings_on_code_units() {
    let d = tempdir();
    // U+0A0D and U+0D0A hold the bytes 0D and 0A in the wrong places: never line breaks.
    let text = "a\r\nb\nc\rd\u{0A0D}\u{0D0A}中\r\n😀\r";
    put(d.path(), "w.txt", &utf16le_bom(text));
    for (style, ending) in STYLES {
        let r = run_in(d.path(), &["--newline", style, "w.txt"], b"");
        r.code(0);
        assert_eq!(
            r.stdout_text(),
            reference(text, ending),
            "--newline {style}"
        );
        // Into UTF-16 again: each ending as code units.
        let r = run_in(
            d.path(),
            &["--newline", style, "-t", "UTF-16LE", "w.txt"],
            b"",
        );
        r.code(0);
        assert!(
            r.stdout == utf16le(&reference(text, ending)),
            "-t UTF-16LE --newline {style}: {}",
            show(&r.stdout)
        );
    }
}

#[test]
fn utf16_in_place_keeps_utf16_with_bom() {
    let d = tempdir();
    let text = "Notepad\r\nUnicode\r\n";
    put(d.path(), "n.txt", &utf16le_bom(text));
    run_in(
        d.path(),
        &["-i", "-t", "UTF-16", "--newline", "lf", "n.txt"],
        b"",
    )
    .code(0)
    .counts(1, 0, 0, 0);
    assert_file(d.path(), "n.txt", &utf16le_bom("Notepad\nUnicode\n"));
}

#[test]
fn utf32_converts_line_endings() {
    let d = tempdir();
    let text = "x\r\ny\rz\n\u{0A0D}\u{10000D}\r";
    put(d.path(), "le.txt", &utf32le(text));
    let mut bom = vec![0xFF, 0xFE, 0, 0];
    bom.extend(utf32le(text));
    put(d.path(), "bom.txt", &bom);
    let be: Vec<u8> = text
        .chars()
        .flat_map(|c| u32::from(c).to_be_bytes())
        .collect();
    put(d.path(), "be.txt", &be);
    for (style, ending) in STYLES {
        let want = reference(text, ending);
        for (file, from) in [
            ("le.txt", "UTF-32LE"),
            ("bom.txt", "auto"),
            ("be.txt", "UTF-32BE"),
        ] {
            let r = run_in(d.path(), &["-f", from, "--newline", style, file], b"");
            r.code(0);
            assert_eq!(r.stdout_text(), want, "{file} --newline {style}");
        }
        let r = run_in(
            d.path(),
            &[
                "-f",
                "UTF-32LE",
                "-t",
                "UTF-32LE",
                "--newline",
                style,
                "le.txt",
            ],
            b"",
        );
        r.code(0);
        assert!(r.stdout == utf32le(&want), "UTF-32 out, --newline {style}");
    }
}

/// Writes one file per position in `events` (character index, event text) and converts
/// them all in one `--output-dir` run for each style and read mode, comparing each result
/// with the reference.
fn straddle_check(
    encode: &dyn Fn(&str) -> Vec<u8>,
    from: &str,
    len: usize,
    events: &[(usize, &str)],
) {
    let d = tempdir();
    let mut texts = Vec::new();
    let mut names = Vec::new();
    for (i, (at, event)) in events.iter().enumerate() {
        let text = text_with(len, *at, event);
        let name = format!("s{i:02}.txt");
        put(d.path(), &name, &encode(&text));
        texts.push(text);
        names.push(name);
    }
    for (style, ending) in STYLES {
        for no_mmap in [false, true] {
            let out = format!("out-{style}-{no_mmap}");
            let mut args = vec!["-f", from, "--newline", style, "--output-dir", &out];
            if no_mmap {
                args.push("--no-mmap");
            }
            args.extend(names.iter().map(String::as_str));
            run_in(d.path(), &args, b"").code(0);
            for (i, name) in names.iter().enumerate() {
                let want = reference(&texts[i], ending);
                let got = get(d.path(), &format!("{out}/{name}"));
                if got != want.as_bytes() {
                    let first = got
                        .iter()
                        .zip(want.as_bytes())
                        .position(|(a, b)| a != b)
                        .unwrap_or(got.len().min(want.len()));
                    let lo = first.saturating_sub(8);
                    panic!(
                        "{from} event {:?} at char {}, --newline {style}, no_mmap {no_mmap}: \
                         output differs at byte {first} (lengths {} vs {})\n  want: {}\n  \
                         got:  {}",
                        events[i].1,
                        events[i].0,
                        want.len(),
                        got.len(),
                        show(&want.as_bytes()[lo..(first + 8).min(want.len())]),
                        show(&got[lo..(first + 8).min(got.len())]),
                    );
                }
            }
        }
    }
}

#[test]
fn utf8_cr_lf_straddling_the_window() {
    // Byte 262143 is CR and byte 262144 is LF (first file), and neighbours of it; a lone
    // CR at the end of the window; at the second window's end; and a CR ending the file
    // exactly at the window's end.
    let w = WINDOW;
    let events: Vec<(usize, &str)> = vec![
        (w - 1, "\r\n"),
        (w - 2, "\r\n"),
        (w, "\r\n"),
        (w - 1, "\ry"),
        (w - 1, "\n\r"),
        (w - 1, "\r\r"),
        (w - 2, "\r\r\n"),
        (2 * w - 1, "\r\n"),
        (2 * w + 2, "\r\n"),
    ];
    straddle_check(&|t| t.as_bytes().to_vec(), "UTF-8", 2 * w + 5000, &events);
    // A UTF-8 BOM moves the window by 3 bytes.
    let with_bom = |t: &str| utf8_bom(t);
    straddle_check(
        &with_bom,
        "auto",
        w + 5000,
        &[
            (w - 1, "\r\n"),
            (w - 4, "\r\n"),
            (w - 3, "\r\n"),
            (w - 4, "\ry"),
        ],
    );
    // A file ending with its CR exactly at the window's end.
    let d = tempdir();
    let mut text = text_with(w - 1, 10, "");
    text.push('\r');
    assert_eq!(text.len(), w);
    put(d.path(), "end.txt", text.as_bytes());
    let mut text2 = text_with(w - 1, 10, "");
    text2.push_str("\r\n");
    put(d.path(), "end2.txt", text2.as_bytes());
    for (style, ending) in STYLES {
        for extra in [&[][..], &["--no-mmap"][..]] {
            let mut args = vec!["-f", "UTF-8", "--newline", style, "end.txt"];
            args.extend_from_slice(extra);
            let r = run_in(d.path(), &args, b"");
            r.code(0);
            assert!(
                r.stdout_text() == reference(&text, ending),
                "end.txt --newline {style}"
            );
            args[4] = "end2.txt";
            let r = run_in(d.path(), &args, b"");
            assert!(
                r.stdout_text() == reference(&text2, ending),
                "end2.txt --newline {style}"
            );
        }
    }
}

#[test]
fn utf8_cr_before_a_multibyte_character_at_the_window() {
    // The window cuts a multi-byte character that follows a CR.
    let w = WINDOW;
    let d = tempdir();
    let mut text = text_with(w - 2, 5, "");
    text.push('\r');
    text.push('中'); // bytes w-1 .. w+2
    text.push_str("\r\nend\n");
    put(d.path(), "m.txt", text.as_bytes());
    for (style, ending) in STYLES {
        let r = run_in(d.path(), &["-f", "UTF-8", "--newline", style, "m.txt"], b"");
        r.code(0);
        assert!(
            r.stdout_text() == reference(&text, ending),
            "--newline {style}"
        );
    }
}

#[test]
fn utf16le_cr_lf_straddling_the_window() {
    // With a BOM, character k is at bytes 2+2k..4+2k. The CR unit ending exactly at byte
    // 262144 is character 131070; the one ending at 262146 (the end of the first window
    // after the BOM) is 131071. Also UTF-16 without BOM, and a surrogate pair at the cut.
    let w = WINDOW;
    let k = (w - 2 - 2) / 2;
    assert_eq!(2 + 2 * k + 2, w);
    let events: Vec<(usize, &str)> = vec![
        (k, "\r\n"),
        (k + 1, "\r\n"),
        (k - 1, "\r\n"),
        (k + 1, "\ry"),
        (k, "\r😀\n"),
        (k + 1, "\n\r"),
        (w - 1, "\r\n"),
        (w, "\r\n"),
    ];
    straddle_check(&|t| utf16le_bom(t), "auto", w + 5000, &events);
    straddle_check(&|t| utf16le_bom(t), "UTF-16", w + 5000, &events);
    straddle_check(&|t| utf16le(t), "UTF-16LE", w + 5000, &events);
}

#[test]
fn utf32_cr_lf_straddling_the_window() {
    let w = WINDOW;
    let k = w / 4 - 1; // CR in the last 4 bytes of the first window (no BOM)
    let events: Vec<(usize, &str)> = vec![
        (k, "\r\n"),
        (k - 1, "\r\n"),
        (k + 1, "\r\n"),
        (k, "\ry"),
        (2 * k + 1, "\r\n"),
    ];
    straddle_check(&|t| utf32le(t), "UTF-32LE", w / 2 + 3000, &events);
    let with_bom = |t: &str| {
        let mut v = vec![0xFF, 0xFE, 0, 0];
        v.extend(utf32le(t));
        v
    };
    straddle_check(&with_bom, "UTF-32", w / 4 + 3000, &events[..4]);
}

#[test]
fn gbk_crlf_straddling_the_window() {
    // A two-byte encoding: the cut must not split a character, nor lose the CR.
    let w = WINDOW;
    let d = tempdir();
    // 中 is two bytes in GBK: pad with one ASCII byte so CR lands on byte w-1.
    let mut text = "中".repeat((w - 2) / 2);
    text.push('x');
    text.push_str("\r\n中文\r");
    let bytes = gbk(&text);
    assert_eq!(bytes[w - 1], b'\r');
    assert_eq!(bytes[w], b'\n');
    put(d.path(), "g.txt", &bytes);
    for (style, ending) in STYLES {
        let r = run_in(d.path(), &["-f", "GBK", "--newline", style, "g.txt"], b"");
        r.code(0);
        assert!(
            r.stdout_text() == reference(&text, ending),
            "--newline {style}"
        );
    }
}

#[test]
fn newline_with_ill_formed_bytes_between() {
    // A CR, then a replaced byte, then an LF: three things, two breaks.
    let d = tempdir();
    put(d.path(), "x.txt", b"a\r\xffb\r\n\xfe\n");
    let r = run_in(
        d.path(),
        &[
            "-f",
            "UTF-8",
            "--errors",
            "replace",
            "--newline",
            "lf",
            "x.txt",
        ],
        b"",
    );
    r.code(0);
    assert_eq!(r.stdout_text(), "a\n\u{FFFD}b\n\u{FFFD}\n");
    let r = run_in(
        d.path(),
        &["-f", "UTF-8", "-c", "--newline", "crlf", "x.txt"],
        b"",
    );
    r.code(1);
    assert_eq!(r.stdout_text(), "a\r\nb\r\n\r\n");
}
