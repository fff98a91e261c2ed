//! The library's example program, its behaviour on inputs larger than the converter's
//! window, and its formats for what cannot be converted and normalization forms, against the
//! binary.

mod common;

use proptest::prelude::*;
use std::io::{Read, Write};
use std::path::PathBuf;
use transcoder::{
    Charset, DecodeReader, EncodeWriter, ErrorKind, NormalForm, Options, Policy, Template,
    Transcoder, Unmappable,
};

/// An example program: `cargo test` builds them beside the tests; `cargo test --test
/// library` does not, so it is built here then, with the profile and into the target
/// directory of this test (`--release`, `--target-dir`).
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test path");
    let dir = exe.parent().and_then(|d| d.parent()).expect("profile dir");
    let path = dir.join("examples").join(name);
    if !path.exists() {
        let target = dir.parent().expect("target dir");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut build = std::process::Command::new(cargo);
        build
            .args(["build", "--example", name, "--target-dir"])
            .arg(target);
        if dir.file_name().is_some_and(|n| n == "release") {
            build.arg("--release");
        }
        let status = build.status().expect("cargo runs");
        assert!(status.success(), "cargo build --example {name}");
    }
    path
}

#[test]
fn example_converts_notepad_gbk_file_to_utf16le() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.txt");
    let status = std::process::Command::new(example("gbk_to_utf16"))
        .args(["examples/notepad-ansi.txt".as_ref(), out.as_os_str()])
        .status()
        .expect("example built by cargo test");
    assert!(status.success());
    // The binary: GBK to UTF-16LE with a BOM, CR LF made LF (the example writes lines).
    let r = common::run(
        &[
            "-f",
            "GBK",
            "-t",
            "UTF-16LE",
            "--add-bom",
            "--newline",
            "lf",
            "examples/notepad-ansi.txt",
        ],
        b"",
    );
    r.code(0);
    assert_eq!(std::fs::read(&out).unwrap(), r.stdout);
}

#[test]
fn example_reports_where_the_input_is_not_gbk() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bad.txt");
    std::fs::write(&input, b"ok\n\xD6\xD0\xFF\n").unwrap();
    let output = std::process::Command::new(example("gbk_to_utf16"))
        .args([input.as_os_str(), dir.path().join("out.txt").as_os_str()])
        .output()
        .expect("example built by cargo test");
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("bad.txt:2:2") && err.contains("FF"), "{err}");
}

/// About 600 KB of GBK whose last character is cut short (a lone lead byte at the end):
/// across several windows.
fn big_gbk() -> Vec<u8> {
    let line = "中文 text, 第二行\r\n".repeat(20_000);
    let mut bytes = transcoder::from_utf8(&line, "GBK").unwrap();
    bytes.extend_from_slice(b"tail \x81");
    bytes
}

#[test]
fn decode_reader_streams_large_input_like_the_binary() {
    let input = big_gbk();
    let mut text = Vec::new();
    let mut reader = DecodeReader::new(&input[..], Charset::for_label("GBK").unwrap());
    let err = reader.read_to_end(&mut text).unwrap_err();
    let err = transcoder::Error::from(err);
    assert_eq!(err.kind(), ErrorKind::Truncated);
    assert_eq!(err.offset(), Some(input.len() as u64 - 1));
    assert_eq!((err.line(), err.column()), (Some(20_001), Some(6)));
    let r = common::run(&["-f", "GBK"], &input);
    r.code(1);
    assert_eq!(
        text, r.stdout,
        "the output before the error is the binary's"
    );
}

#[test]
fn encode_writer_streams_large_input_like_the_binary() {
    let text = "中文 text, 第二行 😀\n".repeat(30_000);
    let mut writer = EncodeWriter::new(Vec::new(), Charset::for_label("GB18030").unwrap()).unwrap();
    for piece in text.as_bytes().chunks(4093) {
        writer.write_all(piece).unwrap();
    }
    let out = writer.finish().unwrap();
    let r = common::run(&["-t", "GB18030", "-f", "UTF-8"], text.as_bytes());
    r.code(0);
    assert_eq!(out, r.stdout);
    let t = Transcoder::new("GB18030", "UTF-8").unwrap();
    assert_eq!(t.convert_slice(&out).unwrap(), text.as_bytes());
}

/// The binary's output for `args` (which must succeed) and the library's for `options`.
#[track_caller]
fn same_as_binary(args: &[&str], from: &str, to: &str, options: Options, input: &[u8]) {
    let r = common::run(&[&["-f", from, "-t", to], args].concat(), input);
    r.code(0);
    let t = Transcoder::with_options(from, to, options).unwrap();
    let out = t.convert_slice(input).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out),
        String::from_utf8_lossy(&r.stdout),
        "{args:?} {from} -> {to}"
    );
    assert_eq!(out, r.stdout, "{args:?}");
}

/// Text with characters outside Latin-1, GBK and ASCII: BMP, astral, a combining mark, a
/// C1 control, a character with an HTML entity.
const UNMAPPABLE_TEXT: &str = "a\u{E9}b\u{4E2D}\u{1F600}e\u{301}\u{80}\u{20AC}\u{2603}z\n";

const NAMED_FORMATS: [(&str, Unmappable); 10] = [
    ("backslash", Unmappable::Backslash),
    ("xml-dec", Unmappable::XmlDec),
    ("xml-hex", Unmappable::XmlHex),
    ("html", Unmappable::Html),
    ("name", Unmappable::Name),
    ("java", Unmappable::Java),
    ("c99", Unmappable::C99),
    ("css", Unmappable::Css),
    ("icu", Unmappable::Icu),
    ("unicode", Unmappable::Unicode),
];

#[test]
fn unmappable_formats_write_what_the_binary_writes() {
    for (name, format) in NAMED_FORMATS {
        for to in ["US-ASCII", "ISO-8859-1", "GBK", "Shift_JIS"] {
            let options = Options::new().unmappable(format.clone());
            let args = ["--unmappable", name];
            same_as_binary(&args, "UTF-8", to, options, UNMAPPABLE_TEXT.as_bytes());
        }
        // Under another policy for ill-formed input, the format still writes the codes.
        let options = Options::new()
            .unmappable(format.clone())
            .policy(Policy::Replace);
        let args = ["--unmappable", name, "--errors", "replace"];
        same_as_binary(&args, "UTF-8", "ISO-8859-1", options, b"\xFF\xE4\xB8\xAD!");
    }
    for template in ["<U+%04X>", "&#%d;", "[%#o]", "%%%-6x|", "no number"] {
        let format = Unmappable::Template(Template::new(template).unwrap());
        let options = Options::new().unmappable(format).transliterate(true);
        let args = ["--unmappable-format", template];
        let to = "ISO-8859-1//TRANSLIT";
        let r = common::run(
            &[&["-f", "UTF-8", "-t", to], &args[..]].concat(),
            UNMAPPABLE_TEXT.as_bytes(),
        );
        r.code(0);
        let t = Transcoder::with_options("UTF-8", "ISO-8859-1", options).unwrap();
        assert_eq!(
            t.convert_slice(UNMAPPABLE_TEXT.as_bytes()).unwrap(),
            r.stdout,
            "{template}"
        );
    }
}

#[test]
fn byte_format_writes_what_the_binary_writes() {
    let input = b"ok\xFF\xC3(\xE4\xB8 \xE2\x82\xAC \xE4\xB8\xAD\n";
    for template in ["<0x%02X>", "\\x%02x", "%%X%02X", "?"] {
        let t = || Template::new(template).unwrap();
        let args = ["--byte-format", template];
        same_as_binary(
            &args,
            "UTF-8",
            "UTF-8",
            Options::new().byte_format(t()),
            input,
        );
        same_as_binary(
            &args,
            "UTF-8",
            "UTF-16LE",
            Options::new().byte_format(t()),
            input,
        );
        // With -c the unmappable characters are dropped.
        let options = Options::new().byte_format(t()).policy(Policy::Discard);
        let r = common::run(
            &[
                "-f",
                "UTF-8",
                "-t",
                "US-ASCII",
                "-c",
                "--byte-format",
                template,
            ],
            input,
        );
        let lib = Transcoder::with_options("UTF-8", "US-ASCII", options).unwrap();
        let mut out = Vec::new();
        let report = lib.convert(&input[..], &mut out).unwrap();
        assert_eq!(out, r.stdout, "{template}");
        assert_eq!((r.code, report.lossy()), (1, true));
        assert_eq!(report.coded_bytes, 4);
    }
    // GBK input: the bytes of an ill-formed sequence, each written.
    let options = Options::new().byte_format(Template::new("<%02X>").unwrap());
    same_as_binary(
        &["--byte-format", "<%02X>"],
        "GBK",
        "UTF-8",
        options,
        b"\xD6\xD0\x81\x20\xFF",
    );
}

#[test]
fn backslash_policy_is_errors_backslash() {
    let input = [UNMAPPABLE_TEXT.as_bytes(), b"\xFF\xC3(\xF0\x9F\x98\n"].concat();
    for to in ["US-ASCII", "ISO-8859-1", "GBK", "UTF-8"] {
        let options = Options::new().policy(Policy::Backslash);
        same_as_binary(&["--errors", "backslash"], "UTF-8", to, options, &input);
        // A format chosen apart takes the unmappable characters.
        let options = Options::new()
            .policy(Policy::Backslash)
            .unmappable(Unmappable::XmlHex);
        let args = ["--errors", "backslash", "--unmappable", "xml-hex"];
        same_as_binary(&args, "UTF-8", to, options, &input);
    }
    let gbk = b"\xD6\xD0\x81\x20\xFF\n";
    same_as_binary(
        &["--errors", "backslash"],
        "GBK",
        "ISO-8859-1",
        Options::new().policy(Policy::Backslash),
        gbk,
    );
}

#[test]
fn surrogatepass_policy_is_errors_surrogatepass() {
    // U+D800 alone, U+DC00 alone, a pair, and text around them.
    let utf16le = b"a\0\x00\xD8b\0\x00\xDC=\xD8\x00\xDE\x00\xD8";
    for to in ["UTF-8", "UTF-16BE", "UTF-32LE", "UTF-16LE"] {
        let options = Options::new().policy(Policy::SurrogatePass);
        same_as_binary(
            &["--errors", "surrogatepass"],
            "UTF-16LE",
            to,
            options,
            utf16le,
        );
    }
    // A byte charset has no form for a surrogate: an error at the same place.
    let r = common::run(
        &[
            "-f",
            "UTF-16LE",
            "-t",
            "ISO-8859-1",
            "--errors",
            "surrogatepass",
        ],
        utf16le,
    );
    r.code(1);
    let t = Transcoder::with_options(
        "UTF-16LE",
        "ISO-8859-1",
        Options::new().policy(Policy::SurrogatePass),
    )
    .unwrap();
    let err = t.convert_slice(utf16le).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotWritable);
    assert_eq!(err.offset(), Some(2));
    assert!(
        r.stderr.contains("offset 2") || r.stderr.contains(":1:2"),
        "{}\n{err}",
        r.stderr
    );
    // The report counts what passed.
    let t = Transcoder::with_options(
        "UTF-16LE",
        "UTF-8",
        Options::new().policy(Policy::SurrogatePass),
    )
    .unwrap();
    let report = t.convert(&utf16le[..], Vec::new()).unwrap();
    assert_eq!(report.passed_surrogates, 3);
}

#[test]
fn normal_forms_give_what_the_binary_gives() {
    let text = "Cafe\u{301} \u{E9} \u{FB01}x\u{B2} \u{1100}\u{1161}\u{11A8} \u{D55C} \u{212B} q\u{323}\u{307} \u{FF21}\n";
    let forms = [
        ("nfc", NormalForm::Nfc),
        ("nfd", NormalForm::Nfd),
        ("nfkc", NormalForm::Nfkc),
        ("nfkd", NormalForm::Nfkd),
    ];
    for (name, form) in forms {
        for (from, to) in [
            ("UTF-8", "UTF-8"),
            ("UTF-8", "UTF-16BE"),
            ("UTF-8", "GB18030"),
        ] {
            let options = Options::new().normalize(form);
            same_as_binary(&["--normalize", name], from, to, options, text.as_bytes());
        }
        // Through the reader, fed one byte at a time.
        let mut text_out = String::new();
        let reader = DecodeReader::with_options(
            OneByte(text.as_bytes()),
            Charset::utf8(),
            Options::new().normalize(form),
        );
        let mut reader = reader;
        reader.read_to_string(&mut text_out).unwrap();
        let r = common::run(
            &["-f", "UTF-8", "-t", "UTF-8", "--normalize", name],
            text.as_bytes(),
        );
        assert_eq!(text_out.as_bytes(), r.stdout, "{name}");
    }
}

/// A reader that gives one byte per read.
struct OneByte<'a>(&'a [u8]);

impl Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&b, rest)), Some(slot)) => {
                *slot = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn refused_options_are_typed_errors_as_the_binary_refuses_them() {
    // A template printf would misread.
    for bad in ["%s", "%d%d", "100%", "%99d"] {
        assert_eq!(
            Template::new(bad).unwrap_err().kind(),
            ErrorKind::InvalidTemplate,
            "{bad}"
        );
        common::run(&["--unmappable-format", bad], b"").code(2);
        common::run(&["--byte-format", bad], b"").code(2);
    }
    // A byte format beside a policy that says what to do with ill-formed input.
    let t = || Template::new("<%02X>").unwrap();
    for (policy, name) in [
        (Policy::Replace, "replace"),
        (Policy::Escape, "escape"),
        (Policy::Backslash, "backslash"),
        (Policy::SurrogatePass, "surrogatepass"),
    ] {
        let options = Options::new().byte_format(t()).policy(policy);
        let err = Transcoder::with_options("UTF-8", "UTF-8", options.clone()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::ConflictingOptions);
        common::run(&["--byte-format", "<%02X>", "--errors", name], b"").code(2);
        // The reader reports it at the first read, and converts nothing after.
        let mut reader = DecodeReader::with_options(&b"abc"[..], Charset::utf8(), options);
        let first = reader.read(&mut [0; 8]).unwrap_err();
        assert_eq!(
            transcoder::Error::from(first).kind(),
            ErrorKind::ConflictingOptions
        );
        assert!(reader.read(&mut [0; 8]).is_err());
    }
    // Codes the target cannot write: refused before anything is converted.
    let euro = Unmappable::Template(Template::new("\u{20AC}%d").unwrap());
    let options = Options::new().unmappable(euro);
    let err = Transcoder::with_options("UTF-8", "ISO-8859-1", options).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::FormatNotEncodable);
    let r = common::run(
        &["-t", "ISO-8859-1", "--unmappable-format", "\u{20AC}%d"],
        b"x",
    );
    r.code(2);
    assert!(
        r.stderr.contains("cannot hold '\u{20AC}' (U+20AC)"),
        "{}",
        r.stderr
    );
    let options = Options::new().byte_format(Template::new("\u{20AC}%d").unwrap());
    let err =
        EncodeWriter::with_options(Vec::new(), Charset::for_label("latin1").unwrap(), options)
            .err();
    assert_eq!(err.map(|e| e.kind()), Some(ErrorKind::FormatNotEncodable));
}

/// Text with characters some targets lack: ASCII, Latin, CJK, astral, combining marks.
fn mixed_text() -> impl Strategy<Value = String> {
    let chars = prop::sample::select(vec![
        'a',
        ' ',
        '\n',
        '%',
        '\u{E9}',
        '\u{301}',
        '\u{4E2D}',
        '\u{1F600}',
        '\u{20AC}',
        '\u{80}',
        '\u{FB01}',
        '\u{D55C}',
        '\u{3042}',
    ]);
    prop::collection::vec(chars, 0..24).prop_map(|v| v.into_iter().collect())
}

/// A template of literal ASCII text around one numeric conversion.
fn template() -> impl Strategy<Value = String> {
    (
        "[a-z<>&#;+ ]{0,3}",
        prop::sample::select(vec!["", "-", "0", "#", "+"]),
        0usize..9,
        prop::sample::select(vec!['d', 'u', 'x', 'X', 'o']),
        "[a-z<>&#;+ ]{0,3}",
    )
        .prop_map(|(pre, flag, width, conv, post)| format!("{pre}%{flag}{width}{conv}{post}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every named format and random templates, on random text, to single-byte and CJK
    /// targets: the library writes the binary's bytes.
    #[test]
    fn formats_agree_with_the_binary(
        text in mixed_text(),
        named in prop::sample::select((0..NAMED_FORMATS.len()).collect::<Vec<_>>()),
        template in template(),
        to in prop::sample::select(vec!["US-ASCII", "ISO-8859-1", "GBK", "EUC-KR"]),
        byte in any::<u8>(),
    ) {
        let (name, format) = NAMED_FORMATS[named].clone();
        same_as_binary(&["--unmappable", name], "UTF-8", to, Options::new().unmappable(format), text.as_bytes());
        let format = Unmappable::Template(Template::new(&template).unwrap());
        same_as_binary(&["--unmappable-format", &template], "UTF-8", to, Options::new().unmappable(format), text.as_bytes());
        let bad = [text.as_bytes(), &[byte | 0x80]].concat();
        let options = Options::new().byte_format(Template::new(&template).unwrap()).unmappable(Unmappable::XmlDec);
        same_as_binary(&["--byte-format", &template, "--unmappable", "xml-dec"], "UTF-8", to, options, &bad);
    }
}
