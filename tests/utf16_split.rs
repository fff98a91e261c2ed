//! UTF-8 → UTF-16 from a large memory-mapped file, which is split across cores with `-j 2`
//! (segments converted at once, each in a buffer lent from a pool), against the same file on
//! one core (`-j 1`): the same output, exit status and messages (offsets, lines, columns,
//! counts) for every policy, with ill-formed bytes late in the file and near the end.

mod common;

use common::*;

/// `large_text(18)` with ill-formed sequences late in it: at 15 MiB, a few KiB on, and in the
/// last line. Returns the bytes and the offset of the first.
fn late_errors() -> (Vec<u8>, usize) {
    let mut bytes = large_text(18);
    let first = 15 * 1024 * 1024;
    let at = [first, first + 4099, bytes.len() - 7];
    for (i, &p) in at.iter().enumerate().rev() {
        let bad: &[u8] = [&b"\xFF"[..], b"\xE4\xB8", b"\xC0\xAF"][i];
        bytes.splice(p..p, bad.iter().copied());
    }
    (bytes, first)
}

/// Converts the file at `path` with `args` on one core and split over two; asserts that
/// both give the same status, output and messages, and returns the one-core run.
fn same_on_one_core_and_two(path: &str, args: &[&str]) -> Run {
    let one = run(&[args, &["-j", "1", path]].concat(), b"");
    let two = run(&[args, &["-j", "2", path]].concat(), b"");
    assert_eq!(two.code, one.code, "{args:?}: {}", two.stderr);
    assert!(two.stdout == one.stdout, "{args:?}: output differs");
    assert_eq!(two.stderr, one.stderr, "{args:?}");
    one
}

#[test]
fn clean_text_is_the_same_split_or_not() {
    let bytes = large_text(18);
    let dir = tempdir();
    let path = write(dir.path(), "big.txt", &bytes);
    let path = path.to_str().expect("a UTF-8 temporary path");
    let text = String::from_utf8(bytes).expect("UTF-8");
    for (to, want) in [("UTF-16LE", utf16le(&text)), ("UTF-16BE", utf16be(&text))] {
        same_on_one_core_and_two(path, &["-f", "UTF-8", "-t", to])
            .code(0)
            .out(&want);
    }
}

#[test]
fn errors_late_in_a_split_file_are_those_of_one_core() {
    let (bytes, first) = late_errors();
    let dir = tempdir();
    let path = write(dir.path(), "big.txt", &bytes);
    let path = path.to_str().expect("a UTF-8 temporary path");
    let line = 1 + bytes[..first].iter().filter(|&&b| b == b'\n').count();
    for to in ["UTF-16LE", "UTF-16BE"] {
        // Strict: the first error, at its place, and the output before it.
        let args = ["-f", "UTF-8", "-t", to];
        let strict = same_on_one_core_and_two(path, &args);
        strict
            .code(1)
            .err_has(&[&format!("byte {first}"), &format!(":{line}:")]);
        assert!(!strict.stdout.is_empty() && strict.stdout.len() < 2 * first);
        for policy in ["replace", "escape"] {
            let args = ["-f", "UTF-8", "-t", to, "--errors", policy];
            let repaired = same_on_one_core_and_two(path, &args);
            repaired.code(0);
            assert!(
                repaired.stdout.len() > 2 * first,
                "{policy}: output cut short"
            );
        }
    }
}

/// `large_text(18)` with an ill-formed sequence of one of several kinds every 997 bytes (anywhere,
/// even inside a character, so that some fall just before or after a cut between segments)
/// and a sequence cut short by the end of the file.
fn dense_errors() -> Vec<u8> {
    let bad: [&[u8]; 6] = [
        b"\xFF",
        b"\xE4\xB8",
        b"\xF0\x9F\x98",
        b"\xC0\xAF",
        b"\x80\x80",
        b"\xED\xA0\x80",
    ];
    with_errors_every_997(&large_text(18), &bad)
}

/// UTF-32LE as UTF-16LE, unit by unit, an escaped byte (a lone surrogate) kept as it is.
fn utf32le_to_utf16le(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() / 2);
    for unit in bytes.chunks_exact(4) {
        let c = u32::from_le_bytes([unit[0], unit[1], unit[2], unit[3]]);
        match u16::try_from(c) {
            Ok(u) => out.extend_from_slice(&u.to_le_bytes()),
            Err(_) => {
                let c = c - 0x10000;
                let (high, low) = (0xD800 | (c >> 10), 0xDC00 | (c & 0x3FF));
                out.extend_from_slice(&(high as u16).to_le_bytes());
                out.extend_from_slice(&(low as u16).to_le_bytes());
            }
        }
    }
    out
}

#[test]
fn dense_errors_split_or_not_are_those_of_the_general_path() {
    let bytes = dense_errors();
    let dir = tempdir();
    let path = write(dir.path(), "big.txt", &bytes);
    let path = path.to_str().expect("a UTF-8 temporary path");
    for policy in ["strict", "replace", "escape", "discard"] {
        for to in ["UTF-16LE", "UTF-16BE"] {
            same_on_one_core_and_two(path, &["-f", "UTF-8", "-t", to, "--errors", policy]);
        }
        // UTF-32 takes each error through the policy one by one, and is never split.
        let args = [
            "-f", "UTF-8", "-t", "UTF-16LE", "--errors", policy, "-j", "2",
        ];
        let bulk = run(&[&args[..], &[path]].concat(), b"");
        let general = run(
            &["-f", "UTF-8", "-t", "UTF-32LE", "--errors", policy, path],
            b"",
        );
        assert_eq!(bulk.code, general.code, "{policy}: {}", bulk.stderr);
        assert!(
            bulk.stdout == utf32le_to_utf16le(&general.stdout),
            "{policy}: output differs from the general path's"
        );
        assert_eq!(bulk.stderr, general.stderr, "{policy}");
        if policy == "replace" || policy == "escape" {
            bulk.code(0);
        }
    }
}
