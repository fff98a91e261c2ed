//! Input that ends inside a character or a shift sequence is its own kind of error: a
//! truncated file says so ("incomplete ... at end of input"), with the offset, line, column
//! and bytes, and a hint of its own; ill-formed bytes elsewhere are reported as before.

mod common;

use common::*;

/// The message of a strict run that must stop, checked the same every way the input is read.
#[track_caller]
fn fails_every_way(args: &[&str], input: &[u8]) -> String {
    let mut message = None;
    for (way, r) in all_ways(args, input) {
        r.code(1);
        let first_line = r.stderr.lines().next().unwrap_or_default().to_string();
        // The file's name where it was named, <stdin> where it was read.
        let shown = match first_line.find("input.bin") {
            Some(at) => format!(
                "transcode: <stdin>{}",
                &first_line[at + "input.bin".len()..]
            ),
            None => first_line,
        };
        match &message {
            None => message = Some((shown, r.stderr.clone())),
            Some((m, _)) => assert_eq!(&shown, m, "{way}"),
        }
    }
    let (line, all) = message.unwrap();
    assert!(all.contains("hint:"), "{all}");
    line
}

#[test]
fn a_cut_multibyte_character_is_incomplete() {
    let line = fails_every_way(&["-f", "GBK"], b"abc\xc4");
    assert_eq!(
        line,
        "transcode: <stdin>:1:4: byte 3: incomplete GBK character at end of input: C4"
    );
    let line = fails_every_way(&["-f", "UTF-8", "-t", "ASCII"], b"x\n\xe4\xb8");
    assert!(
        line.ends_with("<stdin>:2:1: byte 2: incomplete UTF-8 character at end of input: E4 B8"),
        "{line}"
    );
    let r = run(&["-f", "GBK"], b"abc\xc4");
    r.out(b"abc").err_contains("cut short");
}

#[test]
fn a_bad_byte_is_still_ill_formed() {
    // FF begins no GBK character; C4 0A is a lead byte followed by one that cannot trail.
    for input in [&b"abc\xff"[..], b"abc\xc4\x0a", b"\xc4\x0aabc"] {
        let r = run(&["-f", "GBK"], input);
        r.code(1).err_contains("ill-formed GBK input");
    }
    run(&["-f", "UTF-8"], b"ab\xff")
        .code(1)
        .err_contains("ill-formed UTF-8 input: FF");
}

#[test]
fn utf16_cut_in_a_unit() {
    let line = fails_every_way(&["-f", "UTF-16LE"], b"a\x00b");
    assert!(
        line.ends_with("incomplete UTF-16LE character at end of input: 62"),
        "{line}"
    );
    // A high surrogate is a whole unit: unpaired, at the end as before more text.
    let line = fails_every_way(&["-f", "UTF-16LE"], b"a\x00\x3d\xd8");
    assert!(
        line.ends_with("unpaired surrogate U+D83D in UTF-16LE input: 3D D8"),
        "{line}"
    );
    run(&["-f", "UTF-16LE"], b"\x3d\xd8a\x00")
        .code(1)
        .err_contains("unpaired surrogate U+D83D");
}

#[test]
fn stateful_charsets_name_the_shift_sequence() {
    let r = run(&["-f", "ISO-2022-JP"], b"a\x1b$");
    r.code(1)
        .out(b"a")
        .err_contains("incomplete ISO-2022-JP character or shift sequence at end of input: 1B");
    let r = run(&["-f", "UTF-7"], b"a+AG");
    r.code(1)
        .err_contains("incomplete UTF-7 character or shift sequence at end of input: 2B 41 47");
}

#[test]
fn policies_and_check_reports() {
    run(&["-f", "GBK", "--errors", "replace", "-s"], b"abc\xc4")
        .code(0)
        .out("abc\u{FFFD}".as_bytes());
    run(&["-f", "GBK", "-c"], b"abc\xc4").code(1).out(b"abc");
    let d = tempdir();
    let cut = write(d.path(), "cut.txt", b"ok\nabc\xc4");
    let r = run(&["--check", "-f", "GBK", cut.to_str().unwrap()], b"");
    r.code(1)
        .out_contains("cut.txt:2:4: byte 6: incomplete GBK character at end of input: C4");
}

#[test]
fn a_large_file_cut_at_its_end() {
    // Past the read window: the end is known only on the last piece.
    let mut input = "中文 text\n".repeat(50_000).into_bytes();
    input.extend(b"\xe4\xb8");
    let r = run(&["-f", "UTF-8", "-t", "GB18030"], &input);
    r.code(1)
        .err_contains("incomplete UTF-8 character at end of input: E4 B8");
}
