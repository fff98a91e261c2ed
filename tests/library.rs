//! The library's example program and its behaviour on inputs larger than the converter's
//! window, against the binary.

mod common;

use std::io::{Read, Write};
use std::path::PathBuf;
use transcoder::{Charset, DecodeReader, EncodeWriter, ErrorKind, Transcoder};

/// An example program: `cargo test` builds them beside the tests; `cargo test --test
/// library` does not, so it is built here then.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test path");
    let dir = exe.parent().and_then(|d| d.parent()).expect("target dir");
    let path = dir.join("examples").join(name);
    if !path.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = std::process::Command::new(cargo)
            .args(["build", "--example", name])
            .status()
            .expect("cargo runs");
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

/// About 600 KB of GBK with an ill-formed byte near the end: across several windows.
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
    assert_eq!(err.kind(), ErrorKind::IllFormed);
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
