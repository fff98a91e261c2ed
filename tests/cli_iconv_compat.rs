//! What a script written for glibc's iconv expects of the command line: `-o -`, standard
//! input read once when it is named twice, GNU argp's abbreviations of long options, `-?`
//! and `--usage`, glibc's hidden `--buffer-size`, and `-l` one name a line in a pipe.

mod common;

use common::*;
use std::process::{Command, Stdio};

#[test]
fn output_dash_is_standard_output() {
    let d = tempdir();
    let r = run_in(d.path(), &["-f", "latin1", "-o", "-"], b"caf\xe9\n");
    r.code(0).out("café\n".as_bytes());
    assert!(names_in(d.path()).is_empty(), "a file was created");
    let r = run_in(d.path(), &["-f", "latin1", "--output=-"], b"x\n");
    r.code(0).out(b"x\n");
}

#[test]
fn standard_input_named_twice_is_read_once() {
    // `iconv xy - - zt < file`: the second '-' finds standard input at its end.
    let d = tempdir();
    let xy = write(d.path(), "xy", b"XY\n");
    let zt = write(d.path(), "zt", b"ZT\n");
    let abc = write(d.path(), "abc", b"ABC\n");
    let (xy, zt) = (xy.to_str().unwrap(), zt.to_str().unwrap());
    for extra in [&[][..], &["--no-mmap"][..]] {
        let args = [&["-f", "ASCII", xy, "-", "-", zt][..], extra].concat();
        run_stdin_file(&args, &abc).code(0).out(b"XY\nABC\nZT\n");
    }
    // A pipe, the same.
    run(&["-f", "ASCII", xy, "-", "-", zt], b"ABC\n")
        .code(0)
        .out(b"XY\nABC\nZT\n");
}

#[test]
fn standard_input_is_left_at_its_end() {
    // What reads standard input after transcode finds nothing left, as after iconv.
    let d = tempdir();
    let abc = write(d.path(), "abc", b"ABC\n");
    let script = format!("{} -f ASCII; echo after; cat", bin().display());
    let out = Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::from(std::fs::File::open(&abc).unwrap()))
        .output()
        .unwrap();
    assert_eq!(out.stdout, b"ABC\nafter\n");
}

#[test]
fn long_options_may_be_abbreviated_as_argp_allows() {
    run(&["--from-c=latin1", "--to-c=UTF-8"], b"\xe9")
        .code(0)
        .out("é".as_bytes());
    run(&["--fr", "latin1", "--sil", "-t", "ascii"], b"\xe9")
        .code(1)
        .out(b"");
    let d = tempdir();
    let a = write(d.path(), "a.txt", b"a\n");
    run(&["--verb", "-f", "ASCII", a.to_str().unwrap()], b"")
        .code(0)
        .err_contains("a.txt:");
    // Ambiguous: --n is --newline, --no-mmap or --normalize.
    run(&["--n", "lf"], b"").code(2);
}

#[test]
fn question_mark_and_usage() {
    let r = run(&["-?"], b"");
    r.code(0).out_contains("Usage: transcode");
    let r = run(&["--usage"], b"");
    r.code(0);
    let text = r.stdout_text();
    assert!(text.starts_with("Usage: transcode [-"), "{text}");
    for option in [
        "[-f LABEL]",
        "[--to=LABEL]",
        "[--list]",
        "[--usage]",
        "[FILE...]",
    ] {
        assert!(text.contains(option), "{option} missing from {text}");
    }
    assert!(text.lines().all(|l| l.len() <= 79), "{text}");
}

#[test]
fn glibc_buffer_size_is_accepted_and_changes_nothing() {
    let input = "Grüße, 中文\n".repeat(1000);
    let plain = run(&["-f", "UTF-8", "-t", "UTF-16LE"], input.as_bytes());
    plain.code(0);
    let tiny = run(
        &["--buffer-size=1", "-f", "UTF-8", "-t", "UTF-16LE"],
        input.as_bytes(),
    );
    tiny.code(0).out(&plain.stdout);
    run(&["--buffer-size=0"], b"").code(2);
}

#[test]
fn list_in_a_pipe_is_one_label_a_line_as_glibc_prints_it() {
    let r = run(&["-l"], b"");
    r.ok_quiet();
    let text = r.stdout_text();
    let lines: Vec<&str> = text.lines().collect();
    for name in [
        "UTF-8//",
        "ISO-8859-1//",
        "LATIN1//",
        "GBK//",
        "CP936//",
        "UTF-16LE//",
    ] {
        assert!(lines.contains(&name), "{name} not listed");
    }
    assert!(lines.iter().all(|l| l.ends_with("//") && !l.contains(' ')));
    assert!(lines.iter().all(|l| *l == l.to_ascii_uppercase()));
    let names: Vec<&str> = lines.iter().map(|l| l.trim_end_matches("//")).collect();
    assert!(
        names.windows(2).all(|w| w[0] < w[1]),
        "not sorted, or twice"
    );
    // --verbose keeps the grouped form, with the families and what is decode only.
    let grouped = run(&["-l", "--verbose"], b"");
    grouped.ok_quiet();
    let text = grouped.stdout_text();
    assert!(text.lines().any(|l| l.starts_with("  UTF-8: ")), "{text}");
    assert!(text.contains("(decode only)"));
}
