//! UTF-8 → UTF-8 from a large memory-mapped file, which goes in spans of several MiB (split
//! across threads with `-j`), against the same bytes piped in, which go through the general
//! path in 256 KiB windows: the same output, the same messages (offsets, lines, columns) and
//! the same summaries, for every policy.

mod common;

use common::*;

/// Runs the file through the binary by name (mapped) with `-j jobs` and piped in; asserts
/// that both give the same status, output and messages (the name of the input aside).
fn same_mapped_and_piped(bytes: &[u8], args: &[&str]) -> Run {
    let dir = tempdir();
    let path = write(dir.path(), "big.txt", bytes);
    let path = path.to_str().expect("a UTF-8 temporary path");
    let piped = run(args, bytes);
    let piped_err = piped.stderr.replace("<stdin>", "INPUT");
    for jobs in ["1", "2"] {
        let mapped = run(&[args, &["-j", jobs, path]].concat(), b"");
        assert_eq!(
            mapped.code, piped.code,
            "{args:?} -j {jobs}: {}",
            mapped.stderr
        );
        assert!(
            mapped.stdout == piped.stdout,
            "{args:?} -j {jobs}: output differs"
        );
        assert_eq!(
            mapped.stderr.replace(path, "INPUT"),
            piped_err,
            "{args:?} -j {jobs}"
        );
    }
    piped
}

#[test]
fn clean_text_is_written_as_it_is() {
    let bytes = large_text(22);
    let piped = same_mapped_and_piped(&bytes, &["-f", "UTF-8", "-t", "UTF-8"]);
    piped.code(0).out(&bytes);
}

#[test]
fn strict_reports_an_error_in_a_later_span_at_its_place() {
    let mut bytes = large_text(22);
    // In the second 16 MiB span, in the middle of a line, after a 4-byte character.
    let at = 18 * 1024 * 1024;
    let at = at
        + bytes[at..]
            .iter()
            .position(|&b| b == b'!' || b == b',')
            .unwrap_or(0);
    bytes.insert(at, 0xFF);
    let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
    let start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = 1 + String::from_utf8_lossy(&bytes[start..at]).chars().count();
    let piped = same_mapped_and_piped(&bytes, &["-f", "UTF-8", "-t", "UTF-8"]);
    piped
        .code(1)
        .err_has(&[&format!(":{line}:{column}:"), &format!("byte {at}")]);
}

#[test]
fn repairs_give_the_general_path_s_output_and_counts() {
    // 22 MiB: a span of 16 MiB, then the rest in one (too short for two), each written as
    // runs of the map between the replacements.
    let bad: [&[u8]; 5] = [
        b"\xFF",
        b"\xE4\xB8",
        b"\xF0\x9F\x98",
        b"\xC0\xAF",
        b"\x80\x80",
    ];
    let bytes = with_errors_every_997(&large_text(22), &bad);
    for policy in ["replace", "escape", "discard"] {
        let args = ["-f", "UTF-8", "-t", "UTF-8", "--errors", policy];
        let piped = same_mapped_and_piped(&bytes, &args);
        if policy != "discard" {
            piped.code(0);
        }
    }
}
