//! `-r` walks, `--include`/`--exclude`, directory arguments without `-r`, symlinks met in a
//! walk, binary files, `--output-dir`, `-j` determinism and the progress bar.

mod common;

use common::*;
use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;

fn latin1_tree(d: &Path) {
    put(d, "t/a.txt", b"a\xe9\n");
    put(d, "t/b.md", b"b\xe9\n");
    put(d, "t/sub/c.txt", b"c\xe9\n");
    put(d, "t/sub/deep/d.txt", b"d\xe9\n");
    put(d, "t/skip/e.txt", b"e\xe9\n");
    put(d, "t/sub/skip.txt", b"f\xe9\n");
}

fn converted(letter: char) -> Vec<u8> {
    format!("{letter}é\n").into_bytes()
}

fn latin1(letter: char) -> Vec<u8> {
    vec![letter as u8, 0xe9, b'\n']
}

#[test]
fn recursive_in_place_converts_every_file() {
    let d = tempdir();
    latin1_tree(d.path());
    let r = run_in(d.path(), &["-f", "latin1", "-i", "-r", "t"], b"");
    r.code(0).counts(6, 0, 0, 0);
    for (rel, l) in [
        ("t/a.txt", 'a'),
        ("t/b.md", 'b'),
        ("t/sub/c.txt", 'c'),
        ("t/sub/deep/d.txt", 'd'),
        ("t/skip/e.txt", 'e'),
        ("t/sub/skip.txt", 'f'),
    ] {
        assert_file(d.path(), rel, &converted(l));
    }
    assert_no_temps(d.path());
}

#[test]
fn walk_order_is_by_name() {
    // The report follows name order, whatever order the directory lists them in.
    let d = tempdir();
    for name in ["m.txt", "b.txt", "z.txt", "a.txt", "k/x.txt", "c/y.txt"] {
        put(d.path(), &format!("t/{name}"), b"\xff\n");
    }
    let r = run_in(d.path(), &["-f", "UTF-8", "--check", "-r", "t"], b"");
    r.code(1);
    let files: Vec<String> = r
        .stdout_text()
        .lines()
        .map(|l| l.split(':').next().unwrap().to_string())
        .collect();
    assert_eq!(
        files,
        [
            "t/a.txt",
            "t/b.txt",
            "t/c/y.txt",
            "t/k/x.txt",
            "t/m.txt",
            "t/z.txt"
        ]
    );
}

#[test]
fn include_and_exclude_globs() {
    let d = tempdir();
    latin1_tree(d.path());
    // By file name.
    let r = run_in(
        d.path(),
        &["-f", "latin1", "-i", "-r", "--include", "*.txt", "t"],
        b"",
    );
    r.code(0).counts(5, 0, 0, 0);
    assert_file(d.path(), "t/b.md", &latin1('b'));
    assert_file(d.path(), "t/a.txt", &converted('a'));

    // Exclude a directory by name, and a file by name.
    let d = tempdir();
    latin1_tree(d.path());
    let r = run_in(
        d.path(),
        &[
            "-f",
            "latin1",
            "-i",
            "-r",
            "--exclude",
            "skip",
            "--exclude",
            "*.md",
            "t",
        ],
        b"",
    );
    r.code(0).counts(4, 0, 0, 0);
    assert_file(d.path(), "t/skip/e.txt", &latin1('e'));
    assert_file(d.path(), "t/b.md", &latin1('b'));
    assert_file(d.path(), "t/sub/c.txt", &converted('c'));
    assert_file(d.path(), "t/sub/skip.txt", &converted('f'));

    // By relative path (relative to the argument).
    let d = tempdir();
    latin1_tree(d.path());
    let r = run_in(
        d.path(),
        &["-f", "latin1", "-i", "-r", "--include", "sub/**", "t"],
        b"",
    );
    r.code(0).counts(3, 0, 0, 0);
    assert_file(d.path(), "t/a.txt", &latin1('a'));
    assert_file(d.path(), "t/sub/c.txt", &converted('c'));
    assert_file(d.path(), "t/sub/deep/d.txt", &converted('d'));
    assert_file(d.path(), "t/sub/skip.txt", &converted('f'));

    // Exclude by relative path; include and exclude together.
    let d = tempdir();
    latin1_tree(d.path());
    let r = run_in(
        d.path(),
        &[
            "-f",
            "latin1",
            "-i",
            "-r",
            "--include",
            "*.txt",
            "--exclude",
            "sub/deep",
            "t",
        ],
        b"",
    );
    r.code(0).counts(4, 0, 0, 0);
    assert_file(d.path(), "t/sub/deep/d.txt", &latin1('d'));
    assert_file(d.path(), "t/sub/c.txt", &converted('c'));
}

#[test]
fn bad_glob_is_a_usage_error() {
    let d = tempdir();
    latin1_tree(d.path());
    let r = run_in(
        d.path(),
        &["-f", "latin1", "-i", "-r", "--include", "a[", "t"],
        b"",
    );
    r.code(2);
    assert_file(d.path(), "t/a.txt", &latin1('a'));
}

#[test]
fn directory_without_recursive_is_an_error_for_that_argument_only() {
    let d = tempdir();
    latin1_tree(d.path());
    put(d.path(), "x.txt", b"x\xe9\n");
    let r = run_in(d.path(), &["-f", "latin1", "-i", "t", "x.txt"], b"");
    r.code(2)
        .counts(1, 0, 0, 1)
        .err_contains("t")
        .err_contains("-r");
    assert_file(d.path(), "x.txt", &converted('x'));
    assert_file(d.path(), "t/a.txt", &latin1('a'));
    // Same for --check and --detect, which still do the other arguments.
    let r = run_in(d.path(), &["--detect", "t", "x.txt"], b"");
    r.code(2).out_contains("x.txt: UTF-8 (utf-8), LF");
    let r = run_in(d.path(), &["--check", "t", "x.txt"], b"");
    r.code(2);
}

#[test]
fn file_argument_with_recursive_is_just_a_file() {
    let d = tempdir();
    put(d.path(), "x.txt", b"x\xe9\n");
    run_in(d.path(), &["-f", "latin1", "-i", "-r", "x.txt"], b"")
        .code(0)
        .counts(1, 0, 0, 0);
    assert_file(d.path(), "x.txt", &converted('x'));
}

#[test]
fn symlinks_met_in_a_walk_are_skipped_with_a_note() {
    let d = tempdir();
    put(d.path(), "outside.txt", b"o\xe9\n");
    put(d.path(), "t/a.txt", b"a\xe9\n");
    put(d.path(), "elsewhere/b.txt", b"b\xe9\n");
    symlink("../outside.txt", d.path().join("t/link.txt")).unwrap();
    symlink("../elsewhere", d.path().join("t/dirlink")).unwrap();
    let r = run_in(d.path(), &["-f", "latin1", "-i", "-r", "t"], b"");
    r.code(0).counts(1, 0, 2, 0);
    r.err_contains("t/link.txt: skipped")
        .err_contains("t/dirlink: skipped");
    assert_file(d.path(), "outside.txt", b"o\xe9\n");
    assert_file(d.path(), "elsewhere/b.txt", b"b\xe9\n");
    assert!(
        fs::symlink_metadata(d.path().join("t/link.txt"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_file(d.path(), "t/a.txt", &converted('a'));
}

#[test]
fn silent_hides_skip_notes() {
    // The skips are notes ("skipped with a note"), and -s prints no notes; the summary
    // is gone too, and the exit status is unaffected.
    let d = tempdir();
    put(d.path(), "t/a.txt", b"a\n");
    put(d.path(), "t/b.bin", b"a\0b");
    symlink("a.txt", d.path().join("t/l.txt")).unwrap();
    let r = run_in(d.path(), &["-s", "-i", "-r", "t"], b"");
    r.code(0);
    assert_eq!(r.stderr, "", "-s: no notes");
}

#[test]
fn binary_files_are_skipped_unless_binary() {
    let d = tempdir();
    let mut bin = b"\x7fELF\x02\x01\x01\x00".to_vec();
    bin.extend((0..300u32).map(|i| (i % 251) as u8));
    put(d.path(), "prog", &bin);
    // A NUL late in the first 8 KiB.
    let mut late = vec![b'a'; 8000];
    late.push(0xe9);
    late.push(0);
    put(d.path(), "late.dat", &late);
    // A NUL after the first 8 KiB does not make it binary.
    let mut after = vec![b'b'; 9000];
    after.push(0xe9);
    after.push(0);
    after.push(b'\n');
    put(d.path(), "after.dat", &after);
    put(d.path(), "text.txt", b"t\xe9\n");
    let r = run_in(
        d.path(),
        &[
            "-f",
            "latin1",
            "-i",
            "prog",
            "late.dat",
            "after.dat",
            "text.txt",
        ],
        b"",
    );
    r.code(0).counts(2, 0, 2, 0);
    r.err_contains("prog: skipped: binary")
        .err_contains("late.dat: skipped: binary (a NUL byte at offset 8001)");
    assert_file(d.path(), "prog", &bin);
    assert_file(d.path(), "late.dat", &late);
    let mut want = vec![b'b'; 9000];
    want.extend_from_slice("é\0\n".as_bytes());
    assert_file(d.path(), "after.dat", &want);
    assert_file(d.path(), "text.txt", &converted('t'));

    // With --binary they are converted.
    let r = run_in(
        d.path(),
        &["-f", "latin1", "-i", "--binary", "late.dat"],
        b"",
    );
    r.code(0).counts(1, 0, 0, 0);
    let mut want = vec![b'a'; 8000];
    want.extend_from_slice("é\0".as_bytes());
    assert_file(d.path(), "late.dat", &want);
}

#[test]
fn utf16_and_utf32_are_not_binary() {
    let d = tempdir();
    // By BOM.
    put(d.path(), "bom16.txt", &utf16le_bom("héllo\r\n"));
    // By zero pattern, no BOM.
    put(d.path(), "zeros16.txt", &utf16le("plain ascii text here\n"));
    put(d.path(), "zeros32.txt", &utf32le("plain ascii text\n"));
    let mut be = Vec::new();
    for u in "big endian text\n".encode_utf16() {
        be.extend(u.to_be_bytes());
    }
    put(d.path(), "zeros16be.txt", &be);
    let r = run_in(
        d.path(),
        &[
            "-i",
            "bom16.txt",
            "zeros16.txt",
            "zeros32.txt",
            "zeros16be.txt",
        ],
        b"",
    );
    r.code(0).counts(4, 0, 0, 0);
    assert_file(d.path(), "bom16.txt", "héllo\r\n".as_bytes());
    assert_file(d.path(), "zeros16.txt", b"plain ascii text here\n");
    assert_file(d.path(), "zeros32.txt", b"plain ascii text\n");
    assert_file(d.path(), "zeros16be.txt", b"big endian text\n");
    // A wide label given with -f: not binary either.
    put(d.path(), "x16.txt", &utf16le("x\n"));
    run_in(d.path(), &["-i", "-f", "UTF-16LE", "x16.txt"], b"")
        .code(0)
        .counts(1, 0, 0, 0);
}

#[test]
fn output_dir_mirrors_the_tree_and_leaves_originals() {
    let d = tempdir();
    latin1_tree(d.path());
    let before = snapshot(&d.path().join("t"));
    let r = run_in(
        d.path(),
        &["-f", "latin1", "--output-dir", "out/x", "-r", "t"],
        b"",
    );
    r.code(0).counts(6, 0, 0, 0);
    assert!(r.stdout.is_empty());
    assert_eq!(snapshot(&d.path().join("t")), before, "originals untouched");
    for (rel, l) in [
        ("a.txt", 'a'),
        ("b.md", 'b'),
        ("sub/c.txt", 'c'),
        ("sub/deep/d.txt", 'd'),
        ("skip/e.txt", 'e'),
        ("sub/skip.txt", 'f'),
    ] {
        assert_file(d.path(), &format!("out/x/{rel}"), &converted(l));
    }
    assert_eq!(snapshot(&d.path().join("out/x")).len(), 6);
    assert_no_temps(d.path());
}

#[test]
fn output_dir_writes_even_unchanged_files_and_skips_failures() {
    let d = tempdir();
    put(d.path(), "t/same.txt", b"ascii\n");
    put(d.path(), "t/bad.txt", b"\xff\n");
    put(d.path(), "t/bin.dat", b"a\0b");
    let r = run_in(
        d.path(),
        &["-f", "UTF-8", "--output-dir", "out", "-r", "t"],
        b"",
    );
    r.code(1).counts(1, 0, 1, 1);
    assert_file(d.path(), "out/same.txt", b"ascii\n");
    assert!(
        !d.path().join("out/bad.txt").exists(),
        "no output for a failure"
    );
    assert!(
        !d.path().join("out/bin.dat").exists(),
        "no output for a skip"
    );
    assert_file(d.path(), "t/bad.txt", b"\xff\n");
    assert_no_temps(d.path());
}

#[test]
fn output_dir_with_file_arguments() {
    let d = tempdir();
    put(d.path(), "one.txt", b"1\xe9\n");
    put(d.path(), "two.txt", b"2\xe9\n");
    let r = run_in(
        d.path(),
        &[
            "-f",
            "latin1",
            "-t",
            "UTF-16LE",
            "--output-dir",
            "o",
            "one.txt",
            "two.txt",
        ],
        b"",
    );
    r.code(0).counts(2, 0, 0, 0);
    assert_file(d.path(), "o/one.txt", &utf16le("1é\n"));
    assert_file(d.path(), "o/two.txt", &utf16le("2é\n"));
    assert_file(d.path(), "one.txt", b"1\xe9\n");
}

#[test]
fn output_dir_replaces_an_existing_output() {
    let d = tempdir();
    put(d.path(), "t/a.txt", b"a\xe9\n");
    put(
        d.path(),
        "out/a.txt",
        b"stale output, longer than the new one\n",
    );
    run_in(
        d.path(),
        &["-f", "latin1", "--output-dir", "out", "-r", "t"],
        b"",
    )
    .code(0);
    assert_file(d.path(), "out/a.txt", &converted('a'));
}

#[test]
fn output_dir_never_writes_two_inputs_to_one_file() {
    // Two different inputs must not silently end up as the same output file, the second
    // overwriting the first while the summary says both were converted: either each
    // gets its own path under DIR, or the clash is reported as a failure.
    let d = tempdir();
    put(d.path(), "a/x.txt", b"from a \xe9\n");
    put(d.path(), "b/x.txt", b"from b \xe9\n");
    for args in [
        &["-f", "latin1", "--output-dir", "o1", "a/x.txt", "b/x.txt"][..],
        &["-f", "latin1", "--output-dir", "o2", "-r", "a", "b"][..],
    ] {
        let r = run_in(d.path(), args, b"");
        let out_dir = d.path().join(args[3]);
        let outputs = snapshot(&out_dir);
        let contents: Vec<&[u8]> = outputs.iter().map(|(_, b)| &b[..]).collect();
        let both_kept = contents.contains(&"from a é\n".as_bytes())
            && contents.contains(&"from b é\n".as_bytes());
        assert!(
            both_kept || r.code != 0,
            "transcode {args:?}: exit {}, outputs {outputs:?}; one conversion was \
             silently overwritten by another\nstderr:\n{}",
            r.code,
            r.stderr
        );
    }
}

#[test]
fn output_dir_that_cannot_be_created_fails_each_file() {
    let d = tempdir();
    put(d.path(), "a.txt", b"a\xe9\n");
    put(d.path(), "blocker", b"a file where a directory should be");
    let r = run_in(
        d.path(),
        &["-f", "latin1", "--output-dir", "blocker/out", "a.txt"],
        b"",
    );
    r.code(2).counts(0, 0, 0, 1);
    assert_file(d.path(), "a.txt", b"a\xe9\n");
}

/// A tree of ~30 files with every outcome: converted, unchanged, skipped (binary,
/// symlink), failed (unmappable, ill-formed), with notes (guesses).
fn mixed_tree(root: &Path) {
    for i in 0..8 {
        put(
            root,
            &format!("ascii/f{i:02}.txt"),
            format!("plain {i}\n").as_bytes(),
        );
    }
    for i in 0..6 {
        put(
            root,
            &format!("wide/u{i:02}.txt"),
            &utf16le_bom(&format!("wide text {i}\r\n")),
        );
    }
    for i in 0..5 {
        put(
            root,
            &format!("utf8/n{i:02}.txt"),
            format!("non-ascii café {i}\n").as_bytes(),
        );
    }
    for i in 0..4 {
        put(
            root,
            &format!("legacy/g{i:02}.txt"),
            &gbk(&format!(
                "这是第{i}个用简体中文写的文件，用来测试编码检测和批量转换。\r\n"
            )),
        );
    }
    put(root, "bin/a.bin", b"\x00\x01\x02binary");
    put(root, "bin/b.bin", b"GIF89a\x00\x00");
    put(root, "deep/er/still/z.txt", b"deep\n");
    put(root, "deep/er/y.txt", &utf16le_bom("deeper\n"));
    symlink("../ascii/f00.txt", root.join("deep/link.txt")).unwrap();
    put(root, "zz_last.txt", b"last\n");
}

fn jobs_run(args: &[&str], jobs: &str) -> (Run, Vec<(String, Vec<u8>)>) {
    let d = tempdir();
    mixed_tree(d.path());
    let mut full = vec!["-j", jobs];
    full.extend_from_slice(args);
    let r = run_in(d.path(), &full, b"");
    let tree = snapshot(d.path());
    (r, tree)
}

#[test]
fn jobs_give_the_same_files_and_the_same_report() {
    for args in [
        &["-i", "-r", "-t", "US-ASCII", "."][..],
        &["-i", "-r", "--newline", "lf", "."][..],
        &["--output-dir", "../out", "-r", "."][..],
        &["--check", "-r", "-f", "UTF-8", "."][..],
        &["--check", "-r", "."][..],
        &["--detect", "-r", "."][..],
        &["--detect", "--json", "-r", "."][..],
    ] {
        // --output-dir ../out would leave the tempdir: write it inside a sibling instead.
        let args: Vec<&str> = args
            .iter()
            .map(|a| if *a == "../out" { "out" } else { a })
            .collect();
        let (r1, t1) = jobs_run(&args, "1");
        let (r4, t4) = jobs_run(&args, "4");
        assert_eq!(r1.code, r4.code, "{args:?}: exit status");
        assert!(
            r1.stdout == r4.stdout,
            "{args:?}: stdout differs\n-j 1:\n{}\n-j 4:\n{}",
            r1.stdout_text(),
            r4.stdout_text()
        );
        assert_eq!(r1.stderr, r4.stderr, "{args:?}: stderr differs");
        assert!(t1 == t4, "{args:?}: the files differ");
        assert!(
            !r1.stderr.is_empty() || args.contains(&"--detect"),
            "{args:?}: expected notes"
        );
        assert!(!has_terminal_marks(&r4.stderr), "{args:?}: progress output");
    }
}

#[test]
fn jobs_report_is_what_was_expected() {
    // Pin the mixed tree's -i report once, so that determinism is not determinism of junk.
    let (r, tree) = jobs_run(&["-i", "-r", "-t", "US-ASCII", "."], "4");
    // ascii: 8 unchanged; wide: 6 converted; utf8: 5 failed (unmappable); legacy: 4 failed
    // (guessed GBK, unmappable); bin: 2 skipped; deep: z unchanged, y converted, link
    // skipped; zz_last unchanged.
    r.code(1).counts(7, 10, 3, 9);
    let fail_lines: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.contains("has no mapping"))
        .collect();
    assert_eq!(fail_lines.len(), 9, "{}", r.stderr);
    let get = |rel: &str| tree.iter().find(|(p, _)| p == rel).unwrap().1.clone();
    assert_eq!(get("wide/u03.txt"), b"wide text 3\r\n");
    assert_eq!(get("utf8/n01.txt"), "non-ascii café 1\n".as_bytes());
}

#[test]
fn no_progress_bar_when_stderr_is_a_pipe() {
    let d = tempdir();
    for i in 0..40 {
        put(d.path(), &format!("t/f{i:02}.txt"), b"x\xe9\n");
    }
    let r = run_in(d.path(), &["-f", "latin1", "-i", "-r", "-j", "2", "t"], b"");
    r.code(0).counts(40, 0, 0, 0);
    assert!(
        !has_terminal_marks(&r.stderr),
        "progress output on a pipe: {:?}",
        r.stderr
    );
    assert_eq!(
        r.stderr.lines().count(),
        1,
        "only the summary: {}",
        r.stderr
    );
    let r = run_in(d.path(), &["--check", "-r", "t"], b"");
    assert!(!has_terminal_marks(&r.stderr));
    assert!(!has_terminal_marks(&r.stdout_text()));
}

#[test]
fn no_progress_bar_when_stderr_is_a_file() {
    let d = tempdir();
    for i in 0..10 {
        put(d.path(), &format!("t/f{i:02}.txt"), b"x\xe9\n");
    }
    let log = fs::File::create(d.path().join("log")).unwrap();
    let status = std::process::Command::new(bin())
        .current_dir(d.path())
        .args(["-f", "latin1", "-i", "-r", "t"])
        .stderr(log)
        .status()
        .unwrap();
    assert!(status.success());
    let log = fs::read_to_string(d.path().join("log")).unwrap();
    assert!(!has_terminal_marks(&log), "{log:?}");
    assert_eq!(
        log,
        "transcode: 10 converted, 0 unchanged, 0 skipped, 0 failed\n"
    );
}

#[test]
fn jobs_zero_and_huge_work() {
    let d = tempdir();
    for i in 0..3 {
        put(d.path(), &format!("f{i}.txt"), b"x\xe9\n");
    }
    run_in(d.path(), &["-f", "latin1", "-i", "-j", "0", "f0.txt"], b"")
        .code(0)
        .counts(1, 0, 0, 0);
    run_in(
        d.path(),
        &["-f", "latin1", "-i", "-j", "64", "f1.txt", "f2.txt"],
        b"",
    )
    .code(0)
    .counts(2, 0, 0, 0);
}
