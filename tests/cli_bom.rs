//! Byte order marks through the real binary: removing a matching BOM, the byte order of the
//! unmarked UTF-16/UTF-32/UCS-2 labels, `--keep-bom`, contradicting BOMs under each policy,
//! BOMs on output (`-t UTF-16`, `--add-bom`) and several files in one output stream.

mod common;

use common::*;

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

#[test]
fn a_leading_bom_matching_the_label_is_removed() {
    let s = "a中😀";
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("UTF-8", cat(&[b"\xEF\xBB\xBF", s.as_bytes()])),
        ("UTF-16LE", cat(&[b"\xFF\xFE", &utf16le(s)])),
        ("UTF-16BE", cat(&[b"\xFE\xFF", &utf16be(s)])),
        ("UTF-32LE", cat(&[b"\xFF\xFE\x00\x00", &utf32le(s)])),
        ("UTF-32BE", cat(&[b"\x00\x00\xFE\xFF", &utf32be(s)])),
        ("UCS-4LE", cat(&[b"\xFF\xFE\x00\x00", &utf32le(s)])),
    ];
    for (label, input) in &cases {
        run(&["-f", label], input).ok_quiet().out(s.as_bytes());
    }
    let bmp = "a中";
    run(&["-f", "UCS-2LE"], &cat(&[b"\xFF\xFE", &utf16le(bmp)]))
        .ok_quiet()
        .out(bmp.as_bytes());
    run(&["-f", "UCS-2BE"], &cat(&[b"\xFE\xFF", &utf16be(bmp)]))
        .ok_quiet()
        .out(bmp.as_bytes());
}

#[test]
fn only_one_leading_bom_is_removed_and_u_feff_elsewhere_is_text() {
    run(&["-f", "UTF-8"], b"\xEF\xBB\xBF\xEF\xBB\xBFa")
        .ok_quiet()
        .out(b"\xEF\xBB\xBFa");
    run(&["-f", "UTF-8"], "a\u{FEFF}b".as_bytes())
        .ok_quiet()
        .out("a\u{FEFF}b".as_bytes());
    run(&["-f", "UTF-16LE"], &utf16le("a\u{FEFF}b"))
        .ok_quiet()
        .out("a\u{FEFF}b".as_bytes());
}

#[test]
fn a_bom_sets_the_byte_order_of_unmarked_labels() {
    let s = "a中😀";
    for label in ["UTF-16", "utf-16", "UTF16"] {
        run(&["-f", label], &cat(&[b"\xFF\xFE", &utf16le(s)]))
            .ok_quiet()
            .out(s.as_bytes());
        run(&["-f", label], &cat(&[b"\xFE\xFF", &utf16be(s)]))
            .ok_quiet()
            .out(s.as_bytes());
    }
    for label in ["UTF-32", "UCS-4"] {
        run(&["-f", label], &cat(&[b"\xFF\xFE\x00\x00", &utf32le(s)]))
            .ok_quiet()
            .out(s.as_bytes());
        run(&["-f", label], &cat(&[b"\x00\x00\xFE\xFF", &utf32be(s)]))
            .ok_quiet()
            .out(s.as_bytes());
    }
    let bmp = "a中";
    run(&["-f", "UCS-2"], &cat(&[b"\xFF\xFE", &utf16le(bmp)]))
        .ok_quiet()
        .out(bmp.as_bytes());
    run(&["-f", "UCS-2"], &cat(&[b"\xFE\xFF", &utf16be(bmp)]))
        .ok_quiet()
        .out(bmp.as_bytes());
    // The BOM wins over the zero pattern: "\u{6100}\u{6200}" has its zeros where
    // little-endian ASCII would.
    run(
        &["-f", "UTF-16"],
        &cat(&[b"\xFE\xFF", &utf16be("\u{6100}\u{6200}")]),
    )
    .ok_quiet()
    .out("\u{6100}\u{6200}".as_bytes());
}

#[test]
fn without_a_bom_the_zero_bytes_decide_quietly() {
    let s = "plain ASCII text, mostly; 中 once\n";
    run(&["-f", "UTF-16"], &utf16le(s))
        .ok_quiet()
        .out(s.as_bytes());
    run(&["-f", "UTF-16"], &utf16be(s))
        .ok_quiet()
        .out(s.as_bytes());
    run(&["-f", "UCS-2"], &utf16le(s))
        .ok_quiet()
        .out(s.as_bytes());
    run(&["-f", "UCS-2"], &utf16be(s))
        .ok_quiet()
        .out(s.as_bytes());
    run(&["-f", "UTF-32"], &utf32le(s))
        .ok_quiet()
        .out(s.as_bytes());
    run(&["-f", "UTF-32"], &utf32be(s))
        .ok_quiet()
        .out(s.as_bytes());
}

#[test]
fn without_a_bom_or_a_clear_pattern_big_endian_with_a_note() {
    // Hanzi only: no zero bytes at all.
    let s = "中文字符编码转换测试";
    let r = run(&["-f", "UTF-16"], &utf16be(s));
    r.code(0).out(s.as_bytes());
    assert_eq!(r.err_lines(), 1, "one-line note expected: {:?}", r.stderr);
    r.err_has(&["big-endian"]);
    // Read as big-endian even when it was little-endian: the user was told how to fix it.
    let le = utf16le(s);
    let swapped: Vec<u16> = le
        .chunks(2)
        .map(|c| u16::from_be_bytes([c[0], c[1]]))
        .collect();
    let expected = String::from_utf16(&swapped).unwrap();
    run(&["-f", "UTF-16"], &le).code(0).out(expected.as_bytes());
    // -s silences the note.
    run(&["-f", "UTF-16", "-s"], &utf16be(s))
        .ok_quiet()
        .out(s.as_bytes());
    run(&["-f", "UTF-32", "-s"], &utf32be(s))
        .ok_quiet()
        .out(s.as_bytes());
    // Empty input has no byte order to guess: no note.
    run(&["-f", "UTF-16"], b"").ok_quiet().out(b"");
}

#[test]
fn only_the_first_64k_decide_the_byte_order_whatever_the_input_is() {
    // 64 KiB of hanzi (no zero bytes: no clear order), then ASCII little-endian. The rule
    // looks at the first 64 KiB only, so this is big-endian with a note, read the same way
    // from a mapped file, with read(), and from a pipe.
    let mut input = utf16le(&"中文字".repeat(PREFIX / 6 + 1))[..PREFIX].to_vec();
    input.extend(utf16le(&"hello world ".repeat(30_000)));
    let args = ["-f", "UTF-16", "--errors", "replace"];
    let first = assert_same_every_way(&args, &input);
    let units: Vec<u16> = input
        .chunks(2)
        .map(|c| u16::from_be_bytes([c[0], c[1]]))
        .collect();
    let expected = String::from_utf16_lossy(&units);
    assert!(
        first.stdout == expected.as_bytes(),
        "expected the big-endian reading; stderr: {}",
        first.stderr
    );
    first.err_has(&["big-endian"]);
}

#[test]
fn a_clear_pattern_in_the_first_64k_holds_every_way() {
    let mut text = "hello world ".repeat(PREFIX / 12);
    text.push_str(&"中文字".repeat(100_000));
    let args = ["-f", "UTF-16"];
    let r = assert_same_every_way(&args, &utf16le(&text));
    r.ok_quiet().out(text.as_bytes());
}

#[test]
fn keep_bom_passes_the_leading_bom_through() {
    run(&["-f", "UTF-8", "--keep-bom"], b"\xEF\xBB\xBFa")
        .ok_quiet()
        .out(b"\xEF\xBB\xBFa");
    run(
        &["-f", "UTF-16LE", "--keep-bom"],
        &cat(&[b"\xFF\xFE", &utf16le("a")]),
    )
    .ok_quiet()
    .out(b"\xEF\xBB\xBFa");
    // Unmarked: the BOM still sets the order, and is kept as U+FEFF.
    run(
        &["-f", "UTF-16", "--keep-bom", "-t", "UTF-16BE"],
        &cat(&[b"\xFF\xFE", &utf16le("a中")]),
    )
    .ok_quiet()
    .out(&utf16be("\u{FEFF}a中"));
    run(
        &["-f", "UTF-32", "--keep-bom", "-t", "UTF-32LE"],
        &cat(&[b"\x00\x00\xFE\xFF", &utf32be("a")]),
    )
    .ok_quiet()
    .out(&utf32le("\u{FEFF}a"));
    // Kept BOM plus the BOM of -t UTF-16: still one BOM.
    run(
        &["-f", "UTF-8", "--keep-bom", "-t", "UTF-16"],
        b"\xEF\xBB\xBFa",
    )
    .ok_quiet()
    .out(&cat(&[b"\xFF\xFE", &utf16le("a")]));
    run(
        &["-f", "UTF-8", "--keep-bom", "--add-bom"],
        b"\xEF\xBB\xBFa",
    )
    .ok_quiet()
    .out(b"\xEF\xBB\xBFa");
    // No BOM, nothing to keep.
    run(&["-f", "UTF-8", "--keep-bom"], b"a")
        .ok_quiet()
        .out(b"a");
}

/// (label, input starting with a contradicting BOM, the BOM's encoding).
fn contradictions() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    vec![
        ("UTF-16BE", cat(&[b"\xFF\xFE", &utf16le("ab")]), "UTF-16LE"),
        ("UTF-16LE", cat(&[b"\xFE\xFF", &utf16be("ab")]), "UTF-16BE"),
        ("UCS-2BE", cat(&[b"\xFF\xFE", &utf16le("ab")]), "UTF-16LE"),
        ("GBK", b"\xEF\xBB\xBFab".to_vec(), "UTF-8"),
        ("Shift_JIS", b"\xEF\xBB\xBFab".to_vec(), "UTF-8"),
        ("Big5", cat(&[b"\xFF\xFE", &utf16le("ab")]), "UTF-16LE"),
        ("UTF-8", cat(&[b"\xFF\xFE", &utf16le("ab")]), "UTF-16LE"),
        ("UTF-8", cat(&[b"\xFE\xFF", &utf16be("ab")]), "UTF-16BE"),
        ("UTF-16", b"\xEF\xBB\xBFab".to_vec(), "UTF-8"),
        (
            "UTF-32BE",
            cat(&[b"\xFF\xFE\x00\x00", &utf32le("ab")]),
            "UTF-32LE",
        ),
        (
            "UTF-32LE",
            cat(&[b"\x00\x00\xFE\xFF", &utf32be("ab")]),
            "UTF-32BE",
        ),
    ]
}

#[test]
fn a_contradicting_bom_is_an_error_under_strict() {
    for (label, input, bom) in contradictions() {
        let r = run(&["-f", label], &input);
        r.code(1).out(b"").err_has(&[bom, "hint"]);
        assert!(
            r.stderr.contains(&format!("--from {bom}")) || r.stderr.contains(bom),
            "{label}: the hint should name {bom}: {}",
            r.stderr
        );
    }
}

#[test]
fn a_contradicting_bom_is_a_warning_under_replace_and_escape() {
    // Decoded as the label says.
    let gbk_input = b"\xEF\xBB\xBFab";
    for policy in ["replace", "escape"] {
        let r = run(&["-f", "GBK", "--errors", policy], gbk_input);
        r.code(0)
            .out(dec(encoding_rs::GBK, gbk_input).as_bytes())
            .err_has(&["UTF-8"]);
        let r = run(
            &["-f", "UTF-16BE", "--errors", policy],
            &cat(&[b"\xFF\xFE", &utf16be("a")]),
        );
        r.code(0).out("\u{FFFE}a".as_bytes()).err_has(&["UTF-16LE"]);
    }
    // 00 00 FE FF read as UTF-32LE is 0xFFFE0000: ill-formed (and, holding bytes below 0x80,
    // not escapable), so only replace gets through.
    run(
        &["-f", "UTF-32LE", "--errors", "replace"],
        &cat(&[b"\x00\x00\xFE\xFF", &utf32le("a")]),
    )
    .code(0)
    .out("\u{FFFD}a".as_bytes())
    .err_has(&["UTF-32BE"]);
    run(&["-f", "UTF-8", "--errors", "replace"], b"\xFF\xFEa")
        .code(0)
        .out("\u{FFFD}\u{FFFD}a".as_bytes())
        .err_has(&["UTF-16LE"]);
    run(
        &["-f", "UTF-8", "--errors", "escape", "-t", "UTF-16LE"],
        b"\xFF\xFEa",
    )
    .code(0)
    .out(&units_le(&[0xDCFF, 0xDCFE, 0x61]))
    .err_has(&["UTF-16LE"]);
}

#[test]
fn utf32le_bom_under_utf16le_is_a_bom_and_a_nul() {
    run(&["-f", "UTF-16LE"], b"\xFF\xFE\x00\x00a\x00")
        .ok_quiet()
        .out(b"\x00a");
}

#[test]
fn unmarked_targets_write_a_bom_then_little_endian() {
    let s = "a中😀";
    run(&["-f", "UTF-8", "-t", "UTF-16"], s.as_bytes())
        .ok_quiet()
        .out(&cat(&[b"\xFF\xFE", &utf16le(s)]));
    run(&["-f", "UTF-8", "-t", "UTF-32"], s.as_bytes())
        .ok_quiet()
        .out(&cat(&[b"\xFF\xFE\x00\x00", &utf32le(s)]));
    run(&["-f", "UTF-8", "-t", "UCS-4"], s.as_bytes())
        .ok_quiet()
        .out(&cat(&[b"\xFF\xFE\x00\x00", &utf32le(s)]));
    run(&["-f", "UTF-8", "-t", "UCS-2"], "a中".as_bytes())
        .ok_quiet()
        .out(&cat(&[b"\xFF\xFE", &utf16le("a中")]));
}

#[test]
fn explicit_byte_orders_and_utf8_write_no_bom() {
    let s = "a中😀";
    run(&["-f", "UTF-8", "-t", "UTF-16LE"], s.as_bytes())
        .ok_quiet()
        .out(&utf16le(s));
    run(&["-f", "UTF-8", "-t", "UTF-16BE"], s.as_bytes())
        .ok_quiet()
        .out(&utf16be(s));
    run(&["-f", "UTF-8", "-t", "UTF-32LE"], s.as_bytes())
        .ok_quiet()
        .out(&utf32le(s));
    run(&["-f", "UTF-8", "-t", "UTF-32BE"], s.as_bytes())
        .ok_quiet()
        .out(&utf32be(s));
    run(&["-f", "UTF-8", "-t", "UCS-2LE"], "a中".as_bytes())
        .ok_quiet()
        .out(&utf16le("a中"));
    run(&["-f", "UTF-8", "-t", "UCS-2BE"], "a中".as_bytes())
        .ok_quiet()
        .out(&utf16be("a中"));
    run(&["-f", "UTF-8", "-t", "UTF-8"], s.as_bytes())
        .ok_quiet()
        .out(s.as_bytes());
    // A UTF-16LE input with a BOM converted to UTF-8 has none.
    run(&["-f", "UTF-16"], &cat(&[b"\xFF\xFE", &utf16le(s)]))
        .ok_quiet()
        .out(s.as_bytes());
}

#[test]
fn add_bom_writes_the_targets_bom() {
    let s = "a中";
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("UTF-8", cat(&[b"\xEF\xBB\xBF", s.as_bytes()])),
        ("UTF-16LE", cat(&[b"\xFF\xFE", &utf16le(s)])),
        ("UTF-16BE", cat(&[b"\xFE\xFF", &utf16be(s)])),
        ("UTF-16", cat(&[b"\xFF\xFE", &utf16le(s)])),
        ("UTF-32LE", cat(&[b"\xFF\xFE\x00\x00", &utf32le(s)])),
        ("UTF-32BE", cat(&[b"\x00\x00\xFE\xFF", &utf32be(s)])),
        ("UTF-32", cat(&[b"\xFF\xFE\x00\x00", &utf32le(s)])),
        ("UCS-2BE", cat(&[b"\xFE\xFF", &utf16be(s)])),
    ];
    for (label, expected) in &cases {
        run(&["-f", "UTF-8", "-t", label, "--add-bom"], s.as_bytes())
            .ok_quiet()
            .out(expected);
    }
    // The input's own BOM is removed, so there is still one.
    run(&["-f", "UTF-8", "--add-bom"], b"\xEF\xBB\xBFa")
        .ok_quiet()
        .out(b"\xEF\xBB\xBFa");
}

#[test]
fn empty_input_gives_empty_output_even_for_unmarked_targets() {
    // As iconv does: no characters, no BOM.
    for label in ["UTF-16", "UTF-32", "UCS-2", "UTF-8"] {
        run(&["-f", "UTF-8", "-t", label], b"").ok_quiet().out(b"");
    }
    // A BOM-only input is empty text.
    run(&["-f", "UTF-8", "-t", "UTF-16"], b"\xEF\xBB\xBF")
        .ok_quiet()
        .out(b"");
}

#[test]
fn several_files_give_one_stream_with_one_bom_at_the_start() {
    let dir = tempdir();
    let d = dir.path();
    let a16 = write(d, "a16", &cat(&[b"\xFF\xFE", &utf16le("a中")]));
    let b16 = write(d, "b16", &cat(&[b"\xFE\xFF", &utf16be("b文")]));
    let c16 = write(d, "c16", &utf16le("c plain"));
    let (a16, b16, c16) = (
        a16.to_str().unwrap(),
        b16.to_str().unwrap(),
        c16.to_str().unwrap(),
    );
    // Each file's own BOM decides its order; the output has one BOM.
    run(&["-f", "UTF-16", "-t", "UTF-16", a16, b16, c16], b"")
        .ok_quiet()
        .out(&cat(&[b"\xFF\xFE", &utf16le("a中b文c plain")]));
    run(
        &["-f", "UTF-16", "-t", "UTF-32BE", "--add-bom", a16, b16],
        b"",
    )
    .ok_quiet()
    .out(&cat(&[b"\x00\x00\xFE\xFF", &utf32be("a中b文")]));
    // --keep-bom keeps the first file's leading BOM only: a BOM in the middle of the
    // output would be a ZWNBSP in the text.
    run(&["-f", "UTF-16", "--keep-bom", a16, b16], b"")
        .ok_quiet()
        .out("\u{FEFF}a中b文".as_bytes());
    let u1 = write(d, "u1", b"\xEF\xBB\xBFone\n");
    let u2 = write(d, "u2", b"\xEF\xBB\xBFtwo\n");
    let (u1, u2) = (u1.to_str().unwrap(), u2.to_str().unwrap());
    run(&["-f", "UTF-8", u1, u2], b"")
        .ok_quiet()
        .out(b"one\ntwo\n");
    run(&["-f", "UTF-8", "--add-bom", u1, u2], b"")
        .ok_quiet()
        .out(b"\xEF\xBB\xBFone\ntwo\n");
    run(&["-f", "UTF-8", "--keep-bom", u1, u2], b"")
        .ok_quiet()
        .out(b"\xEF\xBB\xBFone\ntwo\n");
    run(&["-f", "UTF-8", "--keep-bom", "-t", "UTF-16", u1, u2], b"")
        .ok_quiet()
        .out(&cat(&[b"\xFF\xFE", &utf16le("one\ntwo\n")]));
    // The same file twice: still one BOM.
    run(&["-f", "UTF-8", "-t", "UTF-32", u1, u1], b"")
        .ok_quiet()
        .out(&cat(&[b"\xFF\xFE\x00\x00", &utf32le("one\none\n")]));
}

#[test]
fn stdin_among_files_has_its_own_bom() {
    let dir = tempdir();
    let a = write(dir.path(), "a", &cat(&[b"\xFE\xFF", &utf16be("a")]));
    let a = a.to_str().unwrap();
    run(
        &["-f", "UTF-16", "-t", "UTF-16", a, "-", a],
        &cat(&[b"\xFF\xFE", &utf16le("b")]),
    )
    .ok_quiet()
    .out(&cat(&[b"\xFF\xFE", &utf16le("aba")]));
}
