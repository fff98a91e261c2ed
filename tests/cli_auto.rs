//! `--from auto` (the default) through the real binary: BOM, then UTF-8 if valid, then a
//! chardetng guess with a note; a regular file's verdict must not depend on mmap vs
//! `--no-mmap` (files are judged on all bytes, pipes on a 64 KiB prefix).

mod common;

use common::*;

const GBK_SENTENCE: &str =
    "这是一个用简体中文写的句子，用来测试编码检测。我们希望它能被正确地识别出来。";
const SJIS_SENTENCE: &str =
    "これは日本語で書かれた文章です。文字コードの判定を試験するために使います。";

#[test]
fn a_bom_decides() {
    let s = "a中😀";
    let cases: Vec<Vec<u8>> = vec![
        [b"\xEF\xBB\xBF".as_slice(), s.as_bytes()].concat(),
        [b"\xFF\xFE".as_slice(), &utf16le(s)].concat(),
        [b"\xFE\xFF".as_slice(), &utf16be(s)].concat(),
        [b"\xFF\xFE\x00\x00".as_slice(), &utf32le(s)].concat(),
        [b"\x00\x00\xFE\xFF".as_slice(), &utf32be(s)].concat(),
    ];
    for input in &cases {
        run(&[], input).ok_quiet().out(s.as_bytes());
        run(&["-f", "auto"], input).ok_quiet().out(s.as_bytes());
        run(&["--from", "AUTO"], input).ok_quiet().out(s.as_bytes());
    }
}

#[test]
fn valid_utf8_is_utf8_without_a_note() {
    let s = "plain text, then 中文, é and 😀\n";
    run(&[], s.as_bytes()).ok_quiet().out(s.as_bytes());
    run(&[], b"only ascii\n").ok_quiet().out(b"only ascii\n");
    run(&[], b"").ok_quiet().out(b"");
    run(&["-t", "UTF-16LE"], s.as_bytes())
        .ok_quiet()
        .out(&utf16le(s));
}

#[test]
fn a_guess_is_announced_and_s_silences_it() {
    let gbk = enc(encoding_rs::GBK, GBK_SENTENCE);
    let r = run(&[], &gbk);
    r.code(0).out(GBK_SENTENCE.as_bytes());
    assert_eq!(
        r.stderr.trim_end(),
        "transcode: <stdin>: guessed GBK; use --from to choose"
    );
    run(&["-s"], &gbk).ok_quiet().out(GBK_SENTENCE.as_bytes());

    let dir = tempdir();
    let path = write(dir.path(), "notes.txt", &gbk);
    let r = run_in(dir.path(), &["notes.txt"], b"");
    r.code(0).out(GBK_SENTENCE.as_bytes());
    assert_eq!(
        r.stderr.trim_end(),
        "transcode: notes.txt: guessed GBK; use --from to choose"
    );
    let _ = path;

    let sjis = enc(encoding_rs::SHIFT_JIS, SJIS_SENTENCE);
    let r = run(&[], &sjis);
    r.code(0).out(SJIS_SENTENCE.as_bytes());
    r.err_has(&["guessed Shift_JIS; use --from to choose"]);
}

#[test]
fn each_file_is_judged_on_its_own() {
    let dir = tempdir();
    let d = dir.path();
    write(d, "a.gbk", &enc(encoding_rs::GBK, GBK_SENTENCE));
    write(d, "b.utf8", "第二个文件\n".as_bytes());
    write(
        d,
        "c.utf16",
        &[b"\xFF\xFE".as_slice(), &utf16le("third\n")].concat(),
    );
    let r = run_in(d, &["a.gbk", "b.utf8", "c.utf16"], b"");
    r.code(0)
        .out(format!("{GBK_SENTENCE}第二个文件\nthird\n").as_bytes());
    assert_eq!(r.err_lines(), 1, "{}", r.stderr);
    r.err_has(&["a.gbk: guessed GBK"]);
}

/// 300 KB of ASCII, then `tail`: the tail is past the 64 KiB prefix and past the first
/// 256 KiB window.
fn ascii_then(tail: &[u8]) -> Vec<u8> {
    let mut v = b"ASCII preamble line.\n".repeat(300_000 / 21);
    v.extend_from_slice(tail);
    v
}

/// The runs from a regular file: mapped, read, and as redirected standard input.
fn file_ways(args: &[&str], input: &[u8]) -> Vec<(&'static str, Run)> {
    let mut all = all_ways(args, input);
    all.truncate(3);
    all
}

#[track_caller]
fn assert_files_agree(args: &[&str], input: &[u8]) -> Run {
    let mut runs = file_ways(args, input);
    let (n0, r0) = runs.remove(0);
    for (n, r) in &runs {
        assert_eq!(
            (r.code, r.stdout.len()),
            (r0.code, r0.stdout.len()),
            "{n0} vs {n}: stderr\n{}\n---\n{}",
            r0.stderr,
            r.stderr
        );
        assert!(r.stdout == r0.stdout, "{n0} vs {n}: stdout differs");
        // Same verdict, same note (modulo the name).
        let norm = |s: &str| {
            s.lines()
                .map(|l| l.split(": ").skip(2).collect::<Vec<_>>().join(": "))
                .collect::<Vec<_>>()
        };
        assert_eq!(norm(&r.stderr), norm(&r0.stderr), "{n0} vs {n}");
    }
    r0
}

#[test]
fn a_file_is_judged_on_all_its_bytes_mapped_or_not() {
    // GBK far into the file: a guess (GBK), the same whichever way the file is read.
    let tail = enc(encoding_rs::GBK, &GBK_SENTENCE.repeat(5));
    let input = ascii_then(&tail);
    let r = assert_files_agree(&[], &input);
    r.code(0).err_has(&["guessed GBK"]);
    let mut expected = input[..input.len() - tail.len()].to_vec();
    expected.extend(GBK_SENTENCE.repeat(5).as_bytes());
    r.out(&expected);

    // UTF-8 far into the file: UTF-8, no note.
    let input = ascii_then("中文的结尾\n".as_bytes());
    let r = assert_files_agree(&[], &input);
    r.ok_quiet().out(&input);
}

#[test]
fn one_bad_byte_far_into_a_file_makes_it_not_utf8_mapped_or_not() {
    let mut input = "第一行是有效的 UTF-8。\n".repeat(20_000).into_bytes(); // ~600 KB
    let at = 400_000;
    let at = (at..).find(|&i| input[i] == b'\n').unwrap();
    input.insert(at, 0xFF);
    // Not UTF-8 as a whole: every way of reading the file reaches the same verdict.
    assert_files_agree(&["--errors", "replace"], &input);
    assert_files_agree(&[], &input);
    // A 1 MB file with the bad byte near its end (beyond the first mapped window).
    let mut input = "第一行是有效的 UTF-8。\n".repeat(36_000).into_bytes();
    let n = input.len();
    input[n - 2] = 0xC3;
    assert_files_agree(&["--errors", "escape", "-t", "UTF-16LE"], &input);
}

#[test]
fn a_pipe_is_judged_on_its_first_64k() {
    // ASCII for 300 KB: the prefix says UTF-8, so the GBK bytes later are ill-formed UTF-8.
    let tail = enc(encoding_rs::GBK, GBK_SENTENCE);
    let input = ascii_then(&tail);
    let at = input.len() - tail.len();
    let r = run(&[], &input);
    r.code(1).err_has(&[&format!("byte {at}"), "ill-formed"]);
    assert_eq!(
        r.stdout,
        &input[..at],
        "everything before the error is written"
    );
    // Under escape the bytes survive.
    let r = run(&["--errors", "escape", "-s"], &input);
    r.ok_quiet().out(&input);
}
