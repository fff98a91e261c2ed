//! The Unicode transformation formats through the real binary: every label both ways by
//! every entry point, the three policies on ill-formed input (strict messages, one U+FFFD
//! per piece, escapes kept), where unmappable characters are found in stateful input, and
//! batches.

mod common;

use common::*;

/// Text with what the formats treat specially: direct and base64 characters, the shift
/// characters and `-`, NUL, a control, supplementary characters, CJK, U+FEFF inside.
const TEXT: &str = "Hi Mom -\u{263A}-! a+b&c~d\\e\0\u{1}\t\n\
                    \u{65E5}\u{672C}\u{8A9E} \u{1F600}\u{10FFFF} caf\u{E9} \u{41C}\u{43E} x\u{FEFF}y\n";

const LABELS: &[&str] = &[
    "UTF-7",
    "UTF-7-OPTIONAL",
    "UTF-7-IMAP",
    "CESU-8",
    "MUTF-8",
    "WTF-8",
    "SCSU",
    "BOCU-1",
    "UTF-1",
];

#[test]
fn every_label_converts_both_ways_by_every_entry_point() {
    for label in LABELS {
        let there = assert_same_every_way(&["-f", "UTF-8", "-t", label], TEXT.as_bytes());
        there.code(0);
        let back = assert_same_every_way(&["-f", label, "-t", "UTF-8"], &there.stdout);
        back.code(0).out(TEXT.as_bytes());
    }
}

#[test]
fn aliases_resolve() {
    for (alias, name) in [
        ("UTF7", "UTF-7"),
        ("csUnicode11UTF7", "UTF-7"),
        ("unicode-1-1-utf-7", "UTF-7"),
        ("imap-mailbox-name", "UTF-7-IMAP"),
        ("CESU8", "CESU-8"),
        ("Modified-UTF-8", "MUTF-8"),
        ("Java-Modified-UTF-8", "MUTF-8"),
        ("wtf8", "WTF-8"),
        ("bocu1", "BOCU-1"),
        ("csSCSU", "SCSU"),
        ("utf1", "UTF-1"),
    ] {
        let there = run(&["-t", alias, "-s"], "plain \u{4E2D}".as_bytes());
        there.code(0);
        run(&["-f", name, "-s"], &there.stdout)
            .code(0)
            .out("plain \u{4E2D}".as_bytes());
    }
}

#[test]
fn strict_names_the_offset_and_the_bytes() {
    for (label, input, at, bytes) in [
        ("UTF-7", &b"ab\n+AG-x"[..], "2:1: byte 3", "2B 41 47 2D"),
        ("UTF-7", b"a~", "1:2: byte 1", "7E"),
        ("UTF-7-IMAP", b"&Ti0-&AGE-", "1:2: byte 5", "26 41 47 45"),
        ("CESU-8", b"a\xF0\x9F\x98\x80", "1:2: byte 1", "F0 9F 98 80"),
        ("CESU-8", b"a\xED\xA0\xBDb", "1:2: byte 1", "ED A0 BD"),
        ("MUTF-8", b"a\x00", "1:2: byte 1", "00"),
        ("SCSU", b"ab\x0C", "1:3: byte 2", "0C"),
        ("BOCU-1", b"\xD0\x0A", "1:1: byte 0", "D0"),
        ("UTF-1", b"a\xF6\x41\x05", "1:2: byte 1", "F6 41"),
    ] {
        let what = format!("ill-formed {label} input: {bytes}");
        run(&["-f", label], input).code(1).err_has(&[at, &what]);
    }
    // A lone surrogate in WTF-8 is a code point UTF-8 cannot hold.
    run(&["-f", "WTF-8"], b"ab\xED\xA0\x80")
        .code(1)
        .out(b"ab")
        .err_has(&["1:3", "byte 2", "ED A0 80", "unpaired surrogate U+D800"]);
    run(&["-f", "UTF-7"], b"+2D0-x")
        .code(1)
        .err_has(&["byte 0", "unpaired surrogate U+D83D"]);
}

#[test]
fn replace_writes_one_replacement_per_piece() {
    for (label, input, want, count) in [
        (
            "UTF-7",
            &b"+AGEA-x+!y\x80"[..],
            "a\u{FFFD}x\u{FFFD}!y\u{FFFD}",
            3,
        ),
        ("UTF-7", b"+2D3-+3gA-", "\u{FFFD}\u{FFFD}\u{FFFD}", 3),
        ("UTF-7-IMAP", b"&Ti0!", "\u{4E2D}\u{FFFD}!", 1),
        (
            "CESU-8",
            b"\xF0\x9F\x98\x80\xED\xA0\xBD\xED\xB8",
            "\u{FFFD}\u{FFFD}\u{FFFD}",
            3,
        ),
        ("MUTF-8", b"\x00\xC0\x80", "\u{FFFD}\0", 1),
        (
            "WTF-8",
            b"\xED\xA0\xBD\xED\xB8\x80\xED\xA0\x80",
            "\u{FFFD}\u{FFFD}",
            2,
        ),
        (
            "SCSU",
            b"\x0C\x18\x00a\x0E\x4E",
            "\u{FFFD}\u{FFFD}a\u{FFFD}",
            3,
        ),
        (
            "BOCU-1",
            b"\xD0\x0A\xFE\xFF\xFF\xFF",
            "\u{FFFD}\n\u{FFFD}",
            2,
        ),
        (
            "UTF-1",
            b"\xA0\x41\xFF\xFF\xFF\xFF\xFF",
            "\u{FFFD}A\u{FFFD}",
            2,
        ),
    ] {
        let r = run(&["-f", label, "--errors", "replace"], input);
        r.code(0).out(want.as_bytes());
        let summary = format!("replaced {count} ill-formed sequence");
        r.err_has(&[&summary]);
    }
}

#[test]
fn escape_keeps_ascii_pieces_of_7_bit_formats_through_utf16() {
    // Canonical UTF-7 with ill-formed pieces: a bad run, a tail after a character, a byte
    // above 0x7F, a character not allowed directly, a lone shift.
    for (label, input) in [
        ("UTF-7", &b"+AG-x+Ti0A-y\x80~+ z"[..]),
        ("UTF-7-IMAP", b"&AG-x&Ti0-\x80\x01"),
        ("MUTF-8", b"a\x00b\xC0\x80"),
        ("CESU-8", b"\xF0\x9F\x98\x80\xED\xA0\xBDz"),
        ("UTF-1", b"\xF6\x41\x05\xA0\x41"),
    ] {
        for middle in ["UTF-16LE", "UTF-32BE"] {
            let there = run(
                &["-f", label, "-t", middle, "--errors", "escape", "-s"],
                input,
            );
            there.code(0);
            run(
                &["-f", middle, "-t", label, "--errors", "escape", "-s"],
                &there.stdout,
            )
            .code(0)
            .out(input);
        }
    }
    // The escapes of ASCII bytes cannot go to UTF-8, where they would read as characters.
    run(&["-f", "UTF-7", "--errors", "escape"], b"ok+AG-")
        .code(1)
        .out(b"ok")
        .err_has(&["byte 2", "2B 41 47 2D", "cannot be kept", "U+DC2B"]);
    // Bytes above 0x7F still can.
    run(&["-f", "UTF-7", "--errors", "escape", "-s"], b"a\xFFb")
        .code(0)
        .out(b"a\xFFb");
}

#[test]
fn utf16_to_wtf8_and_back_is_lossless_for_any_units() {
    let mut rng = Rng::new(17);
    for _ in 0..50 {
        let units: Vec<u16> = (0..rng.below(40))
            .map(|_| match rng.below(4) {
                0 => 0xD800 + rng.below(0x800) as u16,
                1 => rng.below(0x80) as u16,
                _ => rng.next() as u16,
            })
            .collect();
        let input = units_le(&units);
        let there = run(
            &["-f", "UTF-16LE", "-t", "WTF-8", "--errors", "escape", "-s"],
            &input,
        );
        there.code(0);
        // Well-formed WTF-8: no lone high surrogate right before a lone low one (WTF-8
        // joins them into four bytes).
        let pair_form = there
            .stdout
            .windows(4)
            .any(|w| w[0] == 0xED && (0xA0..0xB0).contains(&w[1]) && w[3] == 0xED)
            && there.stdout.windows(6).any(|w| {
                w[0] == 0xED && (0xA0..0xB0).contains(&w[1]) && w[3] == 0xED && w[4] >= 0xB0
            });
        assert!(!pair_form, "{}", hex_short(&there.stdout));
        run(
            &["-f", "WTF-8", "-t", "UTF-16LE", "--errors", "escape", "-s"],
            &there.stdout,
        )
        .code(0)
        .out(&input);
    }
    // CESU-8 refuses what WTF-8 keeps.
    run(
        &["-f", "UTF-16LE", "-t", "CESU-8", "--errors", "escape"],
        &units_le(&[0x61, 0xD800]),
    )
    .code(1)
    .out(b"a")
    .err_has(&["U+D800"]);
}

#[test]
fn unmappable_characters_are_found_in_stateful_input() {
    // In a UTF-7 run: the bytes of the character are the shift and its digits.
    run(&["-f", "UTF-7", "-t", "ISO-8859-1"], b"+AGE-x\n+Ti0-")
        .code(1)
        .out(b"ax\n")
        .err_has(&["2:1", "byte 7", "U+4E2D", "2B 54 69 30"]);
    // SCSU: Unicode mode from the start (SCU), then 300 KB of units, then a character GBK
    // lacks. The piece the error is in starts long after the SCU: the location is found
    // from a copy of the decoder taken there (a fresh one would read the units as bytes of
    // single-byte mode).
    let mut input = vec![0x0F];
    for _ in 0..150_000 {
        input.extend_from_slice(&[0x4E, 0x2D]);
    }
    input.extend_from_slice(&[0x0E, 0x01]);
    let dir = tempdir();
    let path = write(dir.path(), "big.scsu", &input);
    for extra in [&[][..], &["--no-mmap"]] {
        let mut args = vec!["-f", "SCSU", "-t", "GBK"];
        args.extend_from_slice(extra);
        args.push(path.to_str().unwrap());
        let r = run(&args, b"");
        r.code(1)
            .err_has(&["byte 300001", "U+0E01", "(input bytes 0E 01)"]);
    }
    // UTF-7: one base64 run longer than a read window, a character GBK lacks at its end.
    let mut text = "\u{4E2D}".repeat(120_000);
    text.push('\u{1F600}');
    let utf7 = run(&["-f", "UTF-8", "-t", "UTF-7", "-s"], text.as_bytes());
    utf7.code(0);
    let r = run(&["-f", "UTF-7", "-t", "GBK"], &utf7.stdout);
    let at = format!("byte {}", 1 + 120_000 * 16 / 6);
    r.code(1).err_has(&["U+1F600", &at]);
}

#[test]
fn batches_convert_and_check_each_file() {
    let dir = tempdir();
    write(dir.path(), "a.txt", b"+ZeVnLIqe- ok\n");
    write(dir.path(), "b.txt", b"fine\n");
    write(dir.path(), "bad.txt", b"bad +AG-\n");
    run_in(
        dir.path(),
        &["-f", "UTF-7", "--check", "a.txt", "b.txt", "bad.txt"],
        b"",
    )
    .code(1)
    .out(b"bad.txt:1:5: byte 4: ill-formed UTF-7 input: 2B 41 47 2D\n");
    run_in(
        dir.path(),
        &["-f", "UTF-7", "-t", "UTF-8", "-i", "a.txt", "b.txt"],
        b"",
    )
    .code(0);
    assert_file(
        dir.path(),
        "a.txt",
        "\u{65E5}\u{672C}\u{8A9E} ok\n".as_bytes(),
    );
    run_in(
        dir.path(),
        &["-f", "UTF-8", "-t", "SCSU", "--output-dir", "out", "a.txt"],
        b"",
    )
    .code(0);
    let scsu = get(dir.path(), "out/a.txt");
    run(&["-f", "SCSU", "-s"], &scsu)
        .code(0)
        .out("\u{65E5}\u{672C}\u{8A9E} ok\n".as_bytes());
}

#[test]
fn boms_of_the_utf8_variants_are_utf8s() {
    // EF BB BF starts CESU-8, Modified UTF-8 and WTF-8 as it does UTF-8: removed, written
    // with --add-bom; the other formats have no BOM of their own here.
    for label in ["CESU-8", "MUTF-8", "WTF-8"] {
        run(&["-f", label, "-s"], b"\xEF\xBB\xBFa")
            .code(0)
            .out(b"a");
        run(&["-t", label, "--add-bom", "-s"], b"a")
            .code(0)
            .out(b"\xEF\xBB\xBFa");
    }
    run(&["-t", "UTF-7", "--add-bom"], b"a").code(2);
}
