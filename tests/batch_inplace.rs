//! `-i/--in-place` (and `-o` naming an input): each file replaced atomically, kept as it was
//! when it cannot be converted, the run going on with the next file; the summary line and
//! the exit status.

mod common;

use common::*;
use std::fs;
use std::os::unix::fs::symlink;

const LATIN1: &[u8] = b"caf\xe9 cr\xe8me br\xfbl\xe9e\n";
const LATIN1_AS_UTF8: &[u8] = "café crème brûlée\n".as_bytes();

#[test]
fn converts_each_file_in_place_and_summarises() {
    let d = tempdir();
    let a = put(d.path(), "a.txt", LATIN1);
    let b = put(d.path(), "b.txt", b"na\xefve\n");
    let r = run_in(d.path(), &["-f", "latin1", "-i", "a.txt", "b.txt"], b"");
    r.code(0).counts(2, 0, 0, 0);
    assert!(r.stdout.is_empty(), "-i writes nothing to stdout");
    assert_file(d.path(), "a.txt", LATIN1_AS_UTF8);
    assert_file(d.path(), "b.txt", "naïve\n".as_bytes());
    assert!(a.is_file() && b.is_file());
    assert_no_temps(d.path());
}

#[test]
fn long_option_and_other_targets() {
    let d = tempdir();
    put(d.path(), "a.txt", "中文\n".as_bytes());
    run_in(d.path(), &["--in-place", "-t", "UTF-16LE", "a.txt"], b"")
        .code(0)
        .counts(1, 0, 0, 0);
    assert_file(d.path(), "a.txt", &utf16le("中文\n"));
    // And back, read by its zero bytes (no BOM).
    run_in(d.path(), &["-i", "-f", "UTF-16LE", "a.txt"], b"").code(0);
    assert_file(d.path(), "a.txt", "中文\n".as_bytes());
}

#[test]
fn silent_drops_the_summary_but_not_failures() {
    let d = tempdir();
    put(d.path(), "a.txt", LATIN1);
    let r = run_in(d.path(), &["-s", "-f", "latin1", "-i", "a.txt"], b"");
    r.code(0);
    assert_eq!(r.stderr, "", "-s prints nothing on success");
    assert_file(d.path(), "a.txt", LATIN1_AS_UTF8);

    put(d.path(), "bad.txt", b"ok \xff\n");
    let r = run_in(
        d.path(),
        &["-s", "-f", "UTF-8", "-t", "UTF-16LE", "-i", "bad.txt"],
        b"",
    );
    r.code(1).err_contains("bad.txt:1:4: byte 3:");
    assert!(
        !r.stderr.contains(" converted, "),
        "-s drops the summary:\n{}",
        r.stderr
    );
}

#[test]
fn keeps_permission_bits() {
    let d = tempdir();
    let a = put(d.path(), "a.txt", LATIN1);
    let b = put(d.path(), "b.txt", LATIN1);
    let x = put(d.path(), "x.sh", b"echo \xe9\n");
    chmod(&a, 0o640);
    chmod(&b, 0o600);
    chmod(&x, 0o751);
    run_in(
        d.path(),
        &["-f", "latin1", "-i", "a.txt", "b.txt", "x.sh"],
        b"",
    )
    .code(0)
    .counts(3, 0, 0, 0);
    assert_eq!(mode(&a), 0o640);
    assert_eq!(mode(&b), 0o600);
    assert_eq!(mode(&x), 0o751);
    assert_file(d.path(), "a.txt", LATIN1_AS_UTF8);
    assert_file(d.path(), "x.sh", "echo é\n".as_bytes());
}

#[test]
fn read_only_file_in_writable_directory_is_converted_and_stays_read_only() {
    let d = tempdir();
    let a = put(d.path(), "ro.txt", LATIN1);
    chmod(&a, 0o444);
    // As the unprivileged user too when running as root: the rename needs only the
    // directory's permission, which is what this checks.
    let who = unprivileged();
    let r = match &who {
        Ok(u) => {
            give_to_nobody(d.path());
            chmod(&a, 0o444);
            u.run(d.path(), &["-f", "latin1", "-i", "ro.txt"])
        }
        Err(why) => {
            skip_note("read_only_file", why);
            run_in(d.path(), &["-f", "latin1", "-i", "ro.txt"], b"")
        }
    };
    r.code(0).counts(1, 0, 0, 0);
    assert_file(d.path(), "ro.txt", LATIN1_AS_UTF8);
    assert_eq!(mode(&a), 0o444, "the result keeps 0444");
    assert_no_temps(d.path());
}

#[test]
fn preserve_mtime_keeps_the_modification_time() {
    let d = tempdir();
    let a = put(d.path(), "a.txt", LATIN1);
    let b = put(d.path(), "b.txt", LATIN1);
    set_mtime(&a, old_time());
    set_mtime(&b, old_time());
    run_in(
        d.path(),
        &["-f", "latin1", "-i", "--preserve-mtime", "a.txt"],
        b"",
    )
    .code(0)
    .counts(1, 0, 0, 0);
    assert_file(d.path(), "a.txt", LATIN1_AS_UTF8);
    assert_eq!(mtime(&a), old_time(), "--preserve-mtime keeps mtime");
    // Without it, the replaced file is new.
    run_in(d.path(), &["-f", "latin1", "-i", "b.txt"], b"").code(0);
    assert_file(d.path(), "b.txt", LATIN1_AS_UTF8);
    assert!(
        mtime(&b) > old_time(),
        "without --preserve-mtime mtime moves"
    );
}

#[test]
fn preserve_mtime_without_a_batch_mode_is_a_usage_error() {
    let d = tempdir();
    put(d.path(), "a.txt", b"x\n");
    run_in(d.path(), &["--preserve-mtime", "a.txt"], b"").code(2);
}

#[test]
fn symlink_argument_converts_its_target_and_stays_a_link() {
    let d = tempdir();
    put(d.path(), "real/target.txt", LATIN1);
    fs::create_dir(d.path().join("links")).unwrap();
    symlink("../real/target.txt", d.path().join("links/link.txt")).unwrap();
    let before = inode(&d.path().join("links/link.txt"));
    let r = run_in(d.path(), &["-f", "latin1", "-i", "links/link.txt"], b"");
    r.code(0).counts(1, 0, 0, 0);
    let link = d.path().join("links/link.txt");
    let meta = fs::symlink_metadata(&link).unwrap();
    assert!(meta.file_type().is_symlink(), "the link stays a link");
    assert_eq!(inode(&link), before, "the link itself is not replaced");
    assert_eq!(
        fs::read_link(&link).unwrap(),
        std::path::Path::new("../real/target.txt")
    );
    assert_file(d.path(), "real/target.txt", LATIN1_AS_UTF8);
    assert!(
        fs::symlink_metadata(d.path().join("real/target.txt"))
            .unwrap()
            .is_file()
    );
    assert_no_temps(d.path());
}

#[test]
fn file_already_in_the_target_encoding_is_not_rewritten() {
    let d = tempdir();
    let same = put(d.path(), "same.txt", "déjà vu\n".as_bytes());
    let conv = put(d.path(), "conv.txt", LATIN1);
    set_mtime(&same, old_time());
    let ino = inode(&same);
    let r = run_in(
        d.path(),
        &["-i", "same.txt", "-f", "UTF-8", "-t", "UTF-8"],
        b"",
    );
    r.code(0).counts(0, 1, 0, 0);
    assert_eq!(inode(&same), ino, "same inode: not replaced");
    assert_eq!(mtime(&same), old_time(), "mtime untouched");
    assert_file(d.path(), "same.txt", "déjà vu\n".as_bytes());

    // In a mixed run, with auto-detection: the UTF-8 one is unchanged, the other converted.
    let r = run_in(d.path(), &["-i", "conv.txt", "same.txt", "-f", "auto"], b"");
    r.code(0).counts(1, 1, 0, 0);
    assert_eq!(inode(&same), ino);
    assert_eq!(mtime(&same), old_time());
    assert_ne!(get(d.path(), "conv.txt"), LATIN1, "conv.txt was converted");
    let _ = conv;
    assert_no_temps(d.path());
}

#[test]
fn empty_file_is_unchanged() {
    let d = tempdir();
    let e = put(d.path(), "empty.txt", b"");
    let ino = inode(&e);
    run_in(d.path(), &["-i", "empty.txt"], b"")
        .code(0)
        .counts(0, 1, 0, 0);
    assert_eq!(inode(&e), ino);
    assert_file(d.path(), "empty.txt", b"");
}

#[test]
fn ill_formed_file_is_left_alone_and_the_run_goes_on() {
    let d = tempdir();
    put(d.path(), "a.txt", b"first\n");
    let bad_bytes = b"line one\nbad \xc3\x28 here\n";
    let bad = put(d.path(), "b.txt", bad_bytes);
    put(d.path(), "c.txt", b"third\n");
    let ino = inode(&bad);
    let r = run_in(
        d.path(),
        &[
            "-f", "UTF-8", "-t", "UTF-16LE", "-i", "a.txt", "b.txt", "c.txt",
        ],
        b"",
    );
    r.code(1).counts(2, 0, 0, 1);
    r.err_contains("transcode: b.txt:2:5: byte 13: ill-formed UTF-8 input: C3");
    // The failure comes before the summary.
    let fail_at = r.stderr.find("b.txt:2:5").unwrap();
    let summary_at = r.stderr.find(" converted, ").unwrap();
    assert!(fail_at < summary_at);
    assert_file(d.path(), "a.txt", &utf16le("first\n"));
    assert_file(d.path(), "b.txt", bad_bytes);
    assert_eq!(inode(&bad), ino, "the failed file is not replaced");
    assert_file(d.path(), "c.txt", &utf16le("third\n"));
    assert_no_temps(d.path());
}

#[test]
fn ill_formed_after_the_first_flush_leaves_file_alone() {
    // The problem comes after more than the output buffer (128 KiB) and the input window
    // (256 KiB) have been written to the temporary file.
    let d = tempdir();
    let mut bytes = "ünïcödé text\n".repeat(40_000).into_bytes();
    bytes.extend_from_slice(b"oops \xff\n");
    bytes.extend("more\n".repeat(1000).bytes());
    let f = put(d.path(), "big.txt", &bytes);
    let ino = inode(&f);
    let r = run_in(
        d.path(),
        &["-f", "UTF-8", "-t", "UTF-16LE", "-i", "big.txt"],
        b"",
    );
    r.code(1)
        .counts(0, 0, 0, 1)
        .err_contains("big.txt:40001:6:");
    assert_eq!(inode(&f), ino);
    assert!(get(d.path(), "big.txt") == bytes, "big.txt changed");
    assert_no_temps(d.path());
}

#[test]
fn unmappable_character_fails_that_file_only() {
    let d = tempdir();
    put(d.path(), "a.txt", "plain\n".as_bytes());
    put(d.path(), "b.txt", "cost: 5€\n".as_bytes());
    put(d.path(), "c.txt", "caf\u{e9}\n".as_bytes());
    let r = run_in(
        d.path(),
        &["-t", "latin1", "-i", "a.txt", "b.txt", "c.txt"],
        b"",
    );
    r.code(1).counts(1, 1, 0, 1);
    r.err_contains("b.txt:1:8: byte 7: U+20AC '€' has no mapping in ISO-8859-1");
    assert_file(d.path(), "a.txt", b"plain\n");
    assert_file(d.path(), "b.txt", "cost: 5€\n".as_bytes());
    assert_file(d.path(), "c.txt", b"caf\xe9\n");
    assert_no_temps(d.path());
}

#[test]
fn bom_contradicting_from_fails_that_file() {
    let d = tempdir();
    let bytes = utf16le_bom("hi\n");
    put(d.path(), "a.txt", &bytes);
    put(d.path(), "b.txt", b"hi\n");
    let r = run_in(
        d.path(),
        &["-f", "UTF-8", "-t", "UTF-16LE", "-i", "a.txt", "b.txt"],
        b"",
    );
    r.code(1)
        .counts(1, 0, 0, 1)
        .err_contains("a.txt:1:1: byte 0:");
    assert_file(d.path(), "a.txt", &bytes);
    assert_file(d.path(), "b.txt", &utf16le("hi\n"));
}

#[test]
fn missing_file_is_an_io_error_and_the_run_goes_on() {
    let d = tempdir();
    put(d.path(), "a.txt", LATIN1);
    put(d.path(), "c.txt", LATIN1);
    let r = run_in(
        d.path(),
        &["-f", "latin1", "-i", "a.txt", "nope.txt", "c.txt"],
        b"",
    );
    r.code(2).counts(2, 0, 0, 1).err_contains("nope.txt");
    assert_file(d.path(), "a.txt", LATIN1_AS_UTF8);
    assert_file(d.path(), "c.txt", LATIN1_AS_UTF8);
    assert!(!d.path().join("nope.txt").exists(), "no file is created");
}

#[test]
fn io_failure_outranks_conversion_failure() {
    // Exit 2 if any file could not be read or written, even when another could not be
    // converted; a directory argument without -r is such an error (no privileges needed).
    let d = tempdir();
    put(d.path(), "bad.txt", b"\xff\n");
    fs::create_dir(d.path().join("dir")).unwrap();
    put(d.path(), "good.txt", b"ok\n");
    let r = run_in(
        d.path(),
        &[
            "-f", "UTF-8", "-t", "UTF-16LE", "-i", "bad.txt", "dir", "good.txt",
        ],
        b"",
    );
    r.code(2).counts(1, 0, 0, 2);
    r.err_contains("bad.txt:1:1: byte 0:").err_contains("dir");
    assert_file(d.path(), "bad.txt", b"\xff\n");
    assert_file(d.path(), "good.txt", &utf16le("ok\n"));
    // Order of the failures follows the arguments.
    let bad_at = r.stderr.find("bad.txt").unwrap();
    let dir_at = r.stderr.find("dir").unwrap();
    assert!(bad_at < dir_at);
}

#[test]
fn unreadable_file_is_left_alone_exit_2() {
    let d = tempdir();
    put(d.path(), "a.txt", LATIN1);
    let secret = put(d.path(), "secret.txt", LATIN1);
    put(d.path(), "z.txt", LATIN1);
    let who = match unprivileged() {
        Ok(u) => u,
        Err(why) => return skip_note("unreadable_file", &why),
    };
    give_to_nobody(d.path());
    chmod(&secret, 0o000);
    if !who.cannot_read(&secret) {
        return skip_note("unreadable_file", "chmod 000 does not stop reading here");
    }
    let ino = inode(&secret);
    let r = who.run(
        d.path(),
        &["-f", "latin1", "-i", "a.txt", "secret.txt", "z.txt"],
    );
    r.code(2).counts(2, 0, 0, 1).err_contains("secret.txt");
    chmod(&secret, 0o644);
    assert_file(d.path(), "secret.txt", LATIN1);
    assert_eq!(inode(&secret), ino);
    assert_file(d.path(), "a.txt", LATIN1_AS_UTF8);
    assert_file(d.path(), "z.txt", LATIN1_AS_UTF8);
    assert_no_temps(d.path());
}

#[test]
fn file_in_unwritable_directory_is_left_alone_exit_2() {
    let d = tempdir();
    put(d.path(), "a.txt", LATIN1);
    let locked = put(d.path(), "ro/locked.txt", LATIN1);
    put(d.path(), "z.txt", LATIN1);
    let who = match unprivileged() {
        Ok(u) => u,
        Err(why) => return skip_note("unwritable_directory", &why),
    };
    give_to_nobody(d.path());
    let ro = d.path().join("ro");
    chmod(&ro, 0o555);
    if !who.cannot_create_in(&ro) {
        chmod(&ro, 0o755);
        return skip_note(
            "unwritable_directory",
            "chmod 555 does not stop writing here",
        );
    }
    let ino = inode(&locked);
    let r = who.run(
        d.path(),
        &["-f", "latin1", "-i", "a.txt", "ro/locked.txt", "z.txt"],
    );
    chmod(&ro, 0o755);
    r.code(2).counts(2, 0, 0, 1).err_contains("ro/locked.txt");
    assert_file(d.path(), "ro/locked.txt", LATIN1);
    assert_eq!(inode(&locked), ino);
    assert_file(d.path(), "a.txt", LATIN1_AS_UTF8);
    assert_file(d.path(), "z.txt", LATIN1_AS_UTF8);
    assert_no_temps(d.path());
}

#[test]
fn unchanged_file_in_unwritable_directory_is_fine() {
    // Nothing needs writing, so a read-only directory is no obstacle (and no failure).
    let d = tempdir();
    put(d.path(), "ro/same.txt", b"ascii only\n");
    let who = match unprivileged() {
        Ok(u) => u,
        Err(why) => return skip_note("unchanged_in_unwritable_directory", &why),
    };
    give_to_nobody(d.path());
    let ro = d.path().join("ro");
    chmod(&ro, 0o555);
    if !who.cannot_create_in(&ro) {
        chmod(&ro, 0o755);
        return skip_note(
            "unchanged_in_unwritable_directory",
            "chmod 555 is no obstacle here",
        );
    }
    let r = who.run(d.path(), &["-i", "ro/same.txt"]);
    chmod(&ro, 0o755);
    r.code(0).counts(0, 1, 0, 0);
}

#[test]
fn output_naming_the_input_converts_it_in_place() {
    let d = tempdir();
    let c = put(d.path(), "c.txt", LATIN1);
    chmod(&c, 0o640);
    let r = run_in(d.path(), &["-f", "latin1", "-o", "c.txt", "c.txt"], b"");
    r.code(0);
    assert_file(d.path(), "c.txt", LATIN1_AS_UTF8);
    assert_eq!(mode(&c), 0o640);
    // Spelled differently.
    put(d.path(), "sub/e.txt", LATIN1);
    run_in(
        d.path(),
        &["-f", "latin1", "-o", "./sub/../sub/e.txt", "sub/e.txt"],
        b"",
    )
    .code(0);
    assert_file(d.path(), "sub/e.txt", LATIN1_AS_UTF8);
    // A bigger file (mapped, several windows) is not truncated before it is read.
    let big = LATIN1.repeat(60_000);
    put(d.path(), "big.txt", &big);
    run_in(d.path(), &["-f", "latin1", "-o", "big.txt", "big.txt"], b"").code(0);
    assert!(get(d.path(), "big.txt") == LATIN1_AS_UTF8.repeat(60_000));
    for no_mmap in [false, true] {
        put(d.path(), "big2.txt", &big);
        let mut args = vec!["-f", "latin1", "-o", "big2.txt", "big2.txt"];
        if no_mmap {
            args.push("--no-mmap");
        }
        run_in(d.path(), &args, b"").code(0);
        assert!(get(d.path(), "big2.txt") == LATIN1_AS_UTF8.repeat(60_000));
    }
    assert_no_temps(d.path());
}

#[test]
fn output_naming_one_of_several_inputs_keeps_its_content() {
    let d = tempdir();
    put(d.path(), "a.txt", b"first \xe9\n");
    put(d.path(), "b.txt", b"second \xe8\n");
    run_in(
        d.path(),
        &["-f", "latin1", "-o", "b.txt", "a.txt", "b.txt"],
        b"",
    )
    .code(0);
    assert_file(d.path(), "b.txt", "first é\nsecond è\n".as_bytes());
    assert_file(d.path(), "a.txt", b"first \xe9\n");
}

#[test]
fn output_naming_a_symlinked_input_keeps_the_link() {
    let d = tempdir();
    put(d.path(), "real.txt", LATIN1);
    symlink("real.txt", d.path().join("link.txt")).unwrap();
    run_in(
        d.path(),
        &["-f", "latin1", "-o", "link.txt", "link.txt"],
        b"",
    )
    .code(0);
    assert!(
        fs::symlink_metadata(d.path().join("link.txt"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_file(d.path(), "real.txt", LATIN1_AS_UTF8);
}

#[test]
fn output_naming_the_input_is_kept_when_conversion_fails() {
    let d = tempdir();
    let bytes = b"abc \xff def\n";
    let f = put(d.path(), "e.txt", bytes);
    let ino = inode(&f);
    let r = run_in(d.path(), &["-f", "UTF-8", "-o", "e.txt", "e.txt"], b"");
    r.code(1).err_contains("e.txt:1:5: byte 4:");
    assert_file(d.path(), "e.txt", bytes);
    assert_eq!(inode(&f), ino);
    assert_no_temps(d.path());
}

#[test]
fn stale_temporary_files_of_dead_runs_are_removed_live_ones_kept() {
    let d = tempdir();
    put(d.path(), "a.txt", LATIN1);
    // pid_max is at most 2^22, so this process cannot exist.
    let dead = put(d.path(), ".transcode-4194399-AbCd.tmp", b"half written");
    let live_name = format!(".transcode-{}-XyZw.tmp", std::process::id());
    let live = put(d.path(), &live_name, b"in use");
    // Not ours: a different prefix or suffix is never touched.
    let other = put(d.path(), ".transcode-4194399-keep.txt", b"not a temp");
    let unrelated = put(d.path(), "notes.tmp", b"mine");
    run_in(d.path(), &["-f", "latin1", "-i", "a.txt"], b"").code(0);
    assert!(!dead.exists(), "a dead run's temporary file is removed");
    assert!(live.exists(), "a live process's temporary file is kept");
    assert!(other.exists() && unrelated.exists());
    fs::remove_file(live).unwrap();
    fs::remove_file(other).unwrap();
    assert_no_temps(d.path());
}

#[test]
fn discard_rewrites_the_file_without_what_it_dropped_exit_1() {
    // -c: what cannot be converted is dropped, the result written, and the exit status 1
    // says something was lost (as for -o).
    let d = tempdir();
    put(d.path(), "a.txt", b"ab\xffcd\n");
    let r = run_in(
        d.path(),
        &["-c", "-f", "UTF-8", "-t", "UTF-16LE", "-i", "a.txt"],
        b"",
    );
    r.code(1).err_contains("dropped 1 ill-formed sequence");
    assert_file(d.path(), "a.txt", &utf16le("abcd\n"));
}

#[test]
fn replace_policy_converts_and_counts() {
    let d = tempdir();
    put(d.path(), "a.txt", b"ab\xffcd\n");
    let r = run_in(
        d.path(),
        &["--errors", "replace", "-f", "UTF-8", "-i", "a.txt"],
        b"",
    );
    r.code(0)
        .counts(1, 0, 0, 0)
        .err_contains("replaced 1 ill-formed sequence");
    assert_file(d.path(), "a.txt", "ab\u{FFFD}cd\n".as_bytes());
}

#[test]
fn in_place_needs_files_and_conflicts_with_output() {
    let d = tempdir();
    put(d.path(), "a.txt", b"x\n");
    run_in(d.path(), &["-i"], b"").code(2);
    run_in(d.path(), &["-i", "-o", "b.txt", "a.txt"], b"").code(2);
    run_in(d.path(), &["-i", "--output-dir", "out", "a.txt"], b"").code(2);
    assert!(!d.path().join("b.txt").exists());
    assert!(!d.path().join("out").exists());
}

#[test]
fn discarded_file_that_was_rewritten_is_not_counted_as_failed() {
    // Under -c a file with something dropped is still written (exit 1, as for -o). The
    // summary must match the disk: "failed" is for files left exactly as they were, so a
    // replaced file counts as converted.
    let d = tempdir();
    put(d.path(), "a.txt", b"ab\xffcd\n");
    let r = run_in(
        d.path(),
        &["-c", "-f", "UTF-8", "-t", "UTF-16LE", "-i", "a.txt"],
        b"",
    );
    r.code(1);
    assert_file(d.path(), "a.txt", &utf16le("abcd\n"));
    r.counts(1, 0, 0, 0);
}

#[test]
fn keeps_owner_and_group_when_run_as_root() {
    use std::os::unix::fs::MetadataExt;
    if !is_root() {
        return skip_note(
            "keeps_owner",
            "not root: cannot make a file owned by another user",
        );
    }
    let d = tempdir();
    let f = put(d.path(), "theirs.txt", LATIN1);
    std::os::unix::fs::chown(&f, Some(NOBODY), Some(NOBODY)).unwrap();
    chmod(&f, 0o640);
    run_in(d.path(), &["-f", "latin1", "-i", "theirs.txt"], b"")
        .code(0)
        .counts(1, 0, 0, 0);
    let m = fs::metadata(&f).unwrap();
    assert_eq!((m.uid(), m.gid()), (NOBODY, NOBODY));
    assert_eq!(mode(&f), 0o640);
    assert_file(d.path(), "theirs.txt", LATIN1_AS_UTF8);
}

#[test]
fn a_file_named_several_ways_is_converted_once() {
    // The same file reached through several arguments (a symlink and its target, two
    // spellings, a directory and its parent under -r) must be converted once: converting
    // it again would read the converted bytes as Latin-1 (mojibake), and with -j > 1 the
    // result would depend on timing. Whatever -j, the file must end up converted once.
    for jobs in ["1", "4"] {
        let d = tempdir();
        put(d.path(), "real.txt", b"caf\xe9\n");
        symlink("real.txt", d.path().join("link.txt")).unwrap();
        put(d.path(), "t/sub/x.txt", b"x\xe9\n");
        let r = run_in(
            d.path(),
            &[
                "-f",
                "latin1",
                "-i",
                "-r",
                "-j",
                jobs,
                "link.txt",
                "real.txt",
                "./real.txt",
                "t",
                "t/sub",
            ],
            b"",
        );
        let real = get(d.path(), "real.txt");
        let x = get(d.path(), "t/sub/x.txt");
        assert!(
            real == "café\n".as_bytes() && x == "xé\n".as_bytes(),
            "-j {jobs}: real.txt = {}, t/sub/x.txt = {} (converted more than once)\nstderr:\n{}",
            show(&real),
            show(&x),
            r.stderr
        );
    }
}
