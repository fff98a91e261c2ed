//! The Notepad workflow: a folder of files saved by Windows Notepad as "ANSI" (GBK on a
//! Simplified Chinese system) with CRLF, as "Unicode" (UTF-16LE with BOM), as "UTF-8 with
//! BOM", with a nested folder; `transcode -i -r --newline lf DIR` makes them all UTF-8
//! without BOM, with LF, and a second run finds nothing to do.

mod common;

use common::*;
use std::path::Path;

const ANSI_1: &str = "记事本保存的文件默认使用系统的代码页。\r\n\
                      在简体中文的Windows上，这就是GBK编码。\r\n\
                      我们需要把这些文件转换成UTF-8，并且使用LF换行。\r\n";
const ANSI_2: &str = "第二个文件在子目录里面，内容也是中文。\r\n测试递归转换是否正确。\r\n";
const UNICODE_1: &str = "Notepad \"Unicode\" = UTF-16LE 带BOM\r\nEmoji 😀 and 𠀀\r\n";
const UNICODE_2: &str = "嵌套目录里的Unicode文件\r\nsecond line\r\nno final newline";
const UTF8_BOM: &str = "UTF-8 with BOM: café, 中文\r\nline 2\r\n";
const PLAIN: &str = "already UTF-8 with LF: ✓\n";

fn lf(s: &str) -> Vec<u8> {
    s.replace("\r\n", "\n").into_bytes()
}

fn build(d: &Path) {
    put(d, "docs/ansi1.txt", &gbk(ANSI_1));
    put(d, "docs/notes/ansi2.txt", &gbk(ANSI_2));
    put(d, "docs/unicode1.txt", &utf16le_bom(UNICODE_1));
    put(d, "docs/notes/deeper/unicode2.txt", &utf16le_bom(UNICODE_2));
    put(d, "docs/utf8bom.txt", &utf8_bom(UTF8_BOM));
    put(d, "docs/plain.txt", PLAIN.as_bytes());
}

fn expected() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("docs/ansi1.txt", lf(ANSI_1)),
        ("docs/notes/ansi2.txt", lf(ANSI_2)),
        ("docs/unicode1.txt", lf(UNICODE_1)),
        ("docs/notes/deeper/unicode2.txt", lf(UNICODE_2)),
        ("docs/utf8bom.txt", lf(UTF8_BOM)),
        ("docs/plain.txt", lf(PLAIN)),
    ]
}

#[test]
fn notepad_folder_to_utf8_lf() {
    let d = tempdir();
    build(d.path());
    let r = run_in(d.path(), &["-i", "-r", "--newline", "lf", "docs"], b"");
    r.code(0).counts(5, 1, 0, 0);
    // The two GBK files were guessed, and said so.
    r.err_contains("docs/ansi1.txt: guessed GBK")
        .err_contains("docs/notes/ansi2.txt: guessed GBK");
    for (rel, want) in expected() {
        assert_file(d.path(), rel, &want);
        let got = get(d.path(), rel);
        assert!(!got.starts_with(b"\xef\xbb\xbf"), "{rel}: no BOM");
        assert!(!got.contains(&b'\r'), "{rel}: no CR");
        assert!(std::str::from_utf8(&got).is_ok(), "{rel}: UTF-8");
    }
    assert_no_temps(d.path());

    // A second run finds everything done already and touches nothing.
    let inodes: Vec<u64> = expected()
        .iter()
        .map(|(rel, _)| inode(&d.path().join(rel)))
        .collect();
    for (rel, _) in expected() {
        set_mtime(&d.path().join(rel), old_time());
    }
    let r = run_in(d.path(), &["-i", "-r", "--newline", "lf", "docs"], b"");
    r.code(0).counts(0, 6, 0, 0);
    for (i, (rel, want)) in expected().into_iter().enumerate() {
        assert_file(d.path(), rel, &want);
        assert_eq!(inode(&d.path().join(rel)), inodes[i], "{rel} replaced");
        assert_eq!(mtime(&d.path().join(rel)), old_time(), "{rel} rewritten");
    }
    // --detect agrees.
    let r = run_in(d.path(), &["--detect", "-r", "docs"], b"");
    r.code(0);
    for line in r.stdout_text().lines() {
        assert!(
            line.ends_with(": UTF-8 (utf-8), LF")
                || line.ends_with(": UTF-8 (utf-8), none")
                || line.ends_with(": UTF-8 (ascii), LF"),
            "{line}"
        );
    }
    assert_eq!(r.stdout_text().lines().count(), 6);
}

#[test]
fn notepad_folder_with_explicit_gbk_for_the_ansi_files() {
    // Naming the encoding instead of letting it be guessed: --include picks the ANSI files.
    let d = tempdir();
    build(d.path());
    let r = run_in(
        d.path(),
        &[
            "-i",
            "-r",
            "-f",
            "GBK",
            "--newline",
            "lf",
            "--include",
            "ansi*.txt",
            "docs",
        ],
        b"",
    );
    r.code(0).counts(2, 0, 0, 0);
    assert!(!r.stderr.contains("guessed"), "{}", r.stderr);
    assert_file(d.path(), "docs/ansi1.txt", &lf(ANSI_1));
    assert_file(d.path(), "docs/notes/ansi2.txt", &lf(ANSI_2));
    assert_file(d.path(), "docs/unicode1.txt", &utf16le_bom(UNICODE_1));
}

#[test]
fn notepad_folder_to_a_separate_directory() {
    let d = tempdir();
    build(d.path());
    let before = snapshot(&d.path().join("docs"));
    let r = run_in(
        d.path(),
        &["--output-dir", "converted", "-r", "--newline", "lf", "docs"],
        b"",
    );
    r.code(0).counts(6, 0, 0, 0);
    assert_eq!(snapshot(&d.path().join("docs")), before);
    for (rel, want) in expected() {
        let out = rel.replacen("docs/", "converted/", 1);
        assert_file(d.path(), &out, &want);
    }
}
