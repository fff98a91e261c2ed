//! Error policies through the real binary: strict (messages with file, offset, line:column,
//! bytes; partial output; no file left behind with -o), replace (maximal subparts, U+FFFD or
//! '?', the count), escape (lone surrogates, byte targets, what cannot be kept), -c, and the
//! GB2312 and UCS-2 rules.

mod common;

use common::*;

// ---------------------------------------------------------------------------------------------
// strict

#[test]
fn strict_ill_formed_message_names_file_offset_line_column_and_bytes() {
    // a b \n 中 c FF: FF is byte 7, line 2, column 3 (columns count characters).
    let input = b"ab\n\xE4\xB8\xADc\xFFx\n";
    let r = run(&["-f", "UTF-8"], input);
    r.code(1).out(b"ab\n\xE4\xB8\xADc").err_has(&[
        "<stdin>:2:3",
        "byte 7",
        "FF",
        "ill-formed",
        "UTF-8",
    ]);
    assert!(!r.stderr.contains("panicked"));

    let dir = tempdir();
    write(dir.path(), "in.txt", input);
    run_in(dir.path(), &["-f", "UTF-8", "in.txt"], b"")
        .code(1)
        .out(b"ab\n\xE4\xB8\xADc")
        .err_has(&["in.txt:2:3", "byte 7", "FF", "ill-formed"]);
    // The path as the user wrote it.
    run_in(dir.path(), &["-f", "UTF-8", "./in.txt"], b"")
        .code(1)
        .err_has(&["./in.txt:2:3"]);
}

#[test]
fn strict_message_shows_the_whole_ill_formed_sequence() {
    // E4 B8 then ASCII: one maximal subpart of two bytes.
    run(&["-f", "UTF-8"], b"xy\xE4\xB8z")
        .code(1)
        .out(b"xy")
        .err_has(&["1:3", "byte 2", "E4 B8", "ill-formed"]);
    // The same at the very end of the input.
    run(
        &["-f", "UTF-8"],
        "中文\u{0}"
            .as_bytes()
            .iter()
            .chain(b"\xF0\x9F\x98")
            .copied()
            .collect::<Vec<_>>()
            .as_slice(),
    )
    .code(1)
    .err_has(&["1:4", "byte 7", "F0 9F 98"]);
    // GBK: a lead byte followed by ASCII is one bad byte; the ASCII survives in the count.
    run(&["-f", "GBK"], b"\xD6\xD0a\x81 b")
        .code(1)
        .out("中a".as_bytes())
        .err_has(&["1:3", "byte 3", "81", "ill-formed", "GBK"]);
    // UTF-16LE: a lone surrogate.
    let r = run(
        &["-f", "UTF-16LE"],
        &units_le(&[0x61, 0x0A, 0x62, 0xD800, 0x63]),
    );
    r.code(1).out(b"a\nb").err_has(&["2:2", "byte 6", "00 D8"]);
    assert!(
        r.stderr.contains("ill-formed") || r.stderr.contains("surrogate"),
        "{}",
        r.stderr
    );
}

#[test]
fn strict_unmappable_message_names_the_character_and_its_input_bytes() {
    let r = run(&["-f", "UTF-8", "-t", "ISO-8859-1"], "ab\né€x".as_bytes());
    r.code(1).out(b"ab\n\xE9").err_has(&[
        "<stdin>:2:2",
        "byte 5",
        "U+20AC",
        "has no mapping",
        "E2 82 AC",
    ]);
    assert!(!r.stderr.contains("ill-formed"), "{}", r.stderr);
}

#[test]
fn strict_unmappable_from_multibyte_sources_is_located_in_the_input() {
    // (from, input, bytes of the offender, offset, line:col, the char, target, output before)
    let gbk = |s: &str| enc(encoding_rs::GBK, s);
    type Case<'a> = (
        &'a str,
        Vec<u8>,
        &'a str,
        usize,
        &'a str,
        &'a str,
        &'a str,
        Vec<u8>,
    );
    let cases: Vec<Case> = vec![
        (
            "GBK",
            gbk("a\né x中"),
            "D6 D0",
            6,
            "2:4",
            "U+4E2D",
            "ISO-8859-1",
            b"a\n\xE9 x".to_vec(),
        ),
        (
            "GB18030",
            enc(encoding_rs::GB18030, "中\n文😀"),
            "94 39 FC 36",
            5,
            "2:2",
            "U+1F600",
            "GBK",
            gbk("中\n文"),
        ),
        (
            "Big5",
            enc(encoding_rs::BIG5, "中文\n\n中體"),
            "C5 E9",
            8,
            "3:2",
            "U+9AD4",
            "GB2312",
            gbk("中文\n\n中"),
        ),
        (
            "Shift_JIS",
            enc(encoding_rs::SHIFT_JIS, "日本\nｱ語"),
            "B1",
            5,
            "2:1",
            "U+FF71",
            "GBK",
            gbk("日本\n"),
        ),
        (
            "UTF-16LE",
            utf16le("a\n😀"),
            "3D D8 00 DE",
            4,
            "2:1",
            "U+1F600",
            "GBK",
            b"a\n".to_vec(),
        ),
        (
            "UTF-32BE",
            utf32be("a\nb€"),
            "00 00 20 AC",
            12,
            "2:2",
            "U+20AC",
            "US-ASCII",
            b"a\nb".to_vec(),
        ),
        (
            "UTF-8",
            "中文\n\n中x😀".as_bytes().to_vec(),
            "F0 9F 98 80",
            12,
            "3:3",
            "U+1F600",
            "GB2312",
            gbk("中文\n\n中x"),
        ),
        (
            "UCS-2BE",
            utf16be("ab\u{FFFD}"),
            "FF FD",
            4,
            "1:3",
            "U+FFFD",
            "Big5",
            b"ab".to_vec(),
        ),
    ];
    for (from, input, bytes, offset, lc, ch, to, before) in cases {
        run(&["-f", from, "-t", to], &input)
            .code(1)
            .out(&before)
            .err_has(&[
                &format!("<stdin>:{lc}"),
                &format!("byte {offset}"),
                bytes,
                ch,
                "has no mapping",
            ]);
    }
}

#[test]
fn strict_writes_everything_before_the_error_even_far_into_the_input() {
    // ~1.5 MB of mixed text with lines, then a bad byte: the location and the output prefix
    // must be exact, whichever way the input comes.
    let text = mixed_text(7, 1_500_000, &[ASCII_WORDS, HANZI, ASTRAL]);
    let mut input = text.clone().into_bytes();
    input.extend(b"\xFFtail\n");
    let line = text.matches('\n').count() + 1;
    let col = text.rsplit('\n').next().unwrap().chars().count() + 1;
    let offset = text.len();
    for to in ["UTF-8", "UTF-16LE"] {
        let r = assert_same_every_way(&["-f", "UTF-8", "-t", to], &input);
        let expected = if to == "UTF-8" {
            text.as_bytes().to_vec()
        } else {
            utf16le(&text)
        };
        r.code(1).out(&expected).err_has(&[
            &format!(":{line}:{col}"),
            &format!("byte {offset}"),
            "FF",
        ]);
    }
    // Unmappable far into a GBK input (the bytes of the character must be found again).
    let text = mixed_text(8, 700_000, &[ASCII_WORDS, &["é", "ü", "×"]]);
    let mut input = enc(encoding_rs::GBK, &text);
    let offset = input.len();
    input.extend(enc(encoding_rs::GBK, "中 and more"));
    let line = text.matches('\n').count() + 1;
    let col = text.rsplit('\n').next().unwrap().chars().count() + 1;
    let r = assert_same_every_way(&["-f", "GBK", "-t", "ISO-8859-1"], &input);
    let latin1: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
    r.code(1).out(&latin1).err_has(&[
        &format!(":{line}:{col}"),
        &format!("byte {offset}"),
        "D6 D0",
        "U+4E2D",
    ]);
}

#[test]
fn strict_with_output_file_leaves_nothing_behind() {
    let dir = tempdir();
    let d = dir.path();
    write(d, "in.txt", b"good\n\xFFbad\n");
    let r = run_in(d, &["-f", "UTF-8", "-o", "out.txt", "in.txt"], b"");
    r.code(1).out(b"").err_has(&["in.txt:2:1", "byte 5"]);
    assert_eq!(names_in(d), vec!["in.txt".to_string()]);
    // An existing target is not touched either.
    write(d, "old.txt", b"previous content");
    run_in(
        d,
        &["-f", "UTF-8", "-t", "UTF-16", "-o", "old.txt", "in.txt"],
        b"",
    )
    .code(1);
    assert_eq!(
        std::fs::read(d.join("old.txt")).unwrap(),
        b"previous content"
    );
    assert!(stray_temps(d).is_empty(), "{:?}", names_in(d));
    // Unmappable, from stdin, big enough to have flushed output before the error.
    let mut big = "x".repeat(3 * WINDOW).into_bytes();
    big.extend("€".as_bytes());
    run_in(d, &["-f", "UTF-8", "-t", "latin1", "-o", "big.txt"], &big)
        .code(1)
        .out(b"");
    assert!(!d.join("big.txt").exists());
    assert!(stray_temps(d).is_empty(), "{:?}", names_in(d));
    // Success writes the file, and no temporary file stays.
    run_in(d, &["-f", "UTF-8", "-o", "ok.txt"], "fine 中\n".as_bytes())
        .ok_quiet()
        .out(b"");
    assert_eq!(
        std::fs::read(d.join("ok.txt")).unwrap(),
        "fine 中\n".as_bytes()
    );
    assert!(stray_temps(d).is_empty(), "{:?}", names_in(d));
}

#[test]
fn strict_stops_at_the_first_bad_file() {
    let dir = tempdir();
    let d = dir.path();
    write(d, "a", b"first\n");
    write(d, "b", b"sec\xFFond\n");
    write(d, "c", b"third\n");
    run_in(d, &["-f", "UTF-8", "a", "b", "c"], b"")
        .code(1)
        .out(b"first\nsec")
        .err_has(&["b:1:4", "byte 3"]);
}

// ---------------------------------------------------------------------------------------------
// replace

#[test]
fn replace_follows_unicode_maximal_subparts() {
    let cases: &[(&[u8], &str)] = &[
        (b"\xF1\x80\x80\x41", "\u{FFFD}A"),
        (b"\xE0\x80\x80", "\u{FFFD}\u{FFFD}\u{FFFD}"),
        (b"\xED\xA0\x80", "\u{FFFD}\u{FFFD}\u{FFFD}"),
        (b"\xC0\xAF", "\u{FFFD}\u{FFFD}"),
        (b"\xF4\x90\x80\x80", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        (b"\xE4\xB8", "\u{FFFD}"),
        (b"\xE4\xB8\xE4\xB8\xAD", "\u{FFFD}中"),
        (b"\xFE\xFD\xFF", "\u{FFFD}\u{FFFD}\u{FFFD}"),
        // Unicode 15, table 3-8.
        (
            b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64",
            "a\u{FFFD}\u{FFFD}\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}d",
        ),
    ];
    for (input, expected) in cases {
        let r = run(&["-f", "UTF-8", "--errors", "replace"], input);
        r.code(0).out(expected.as_bytes());
        let n = expected.matches('\u{FFFD}').count();
        assert_eq!(r.err_lines(), 1, "one-line count expected: {:?}", r.stderr);
        r.err_has(&[&n.to_string()]);
        run(&["-f", "UTF-8", "--errors", "replace", "-s"], input)
            .ok_quiet()
            .out(expected.as_bytes());
        run(
            &["-f", "UTF-8", "--errors", "replace", "-s", "-t", "UTF-16LE"],
            input,
        )
        .ok_quiet()
        .out(&utf16le(expected));
    }
}

#[test]
fn replace_matches_the_reference_on_many_bad_sequences() {
    let mut rng = Rng::new(99);
    let pieces: &[&[u8]] = &[
        b"a",
        b"\n",
        "中".as_bytes(),
        "😀".as_bytes(),
        b"\x80",
        b"\xBF",
        b"\xC0",
        b"\xC1",
        b"\xC2",
        b"\xDF",
        b"\xE0",
        b"\xE0\xA0",
        b"\xED",
        b"\xED\x9F",
        b"\xED\xA0",
        b"\xEF\xBF",
        b"\xF0",
        b"\xF0\x90",
        b"\xF0\x90\x80",
        b"\xF4\x8F\xBF",
        b"\xF4\x90",
        b"\xF5",
        b"\xFF",
    ];
    let mut input = Vec::new();
    for _ in 0..20_000 {
        input.extend_from_slice(rng.pick(pieces));
    }
    run(&["-f", "UTF-8", "--errors", "replace", "-s"], &input)
        .ok_quiet()
        .out(utf8_replace(&input).as_bytes());
}

#[test]
fn replace_in_legacy_and_wide_sources() {
    // GBK: a lead byte before ASCII is one replacement; the ASCII stays.
    run(&["-f", "GBK", "--errors", "replace", "-s"], b"a\x81 b\xFF")
        .ok_quiet()
        .out("a\u{FFFD} b\u{FFFD}".as_bytes());
    for (e, label) in [
        (encoding_rs::GBK, "GBK"),
        (encoding_rs::GB18030, "GB18030"),
        (encoding_rs::BIG5, "Big5"),
        (encoding_rs::SHIFT_JIS, "Shift_JIS"),
        (encoding_rs::EUC_KR, "EUC-KR"),
    ] {
        let mut rng = Rng::new(5);
        let input: Vec<u8> = (0..50_000)
            .map(|_| {
                let b = rng.next() as u8;
                if rng.below(3) == 0 { b & 0x7F } else { b }
            })
            .collect();
        run(&["-f", label, "--errors", "replace", "-s"], &input)
            .ok_quiet()
            .out(dec(e, &input).as_bytes());
    }
    // UTF-16: lone surrogates and an odd trailing byte.
    let mut input = units_le(&[0x61, 0xD800, 0x62, 0xDC00, 0xD800, 0xD800, 0xDC00]);
    input.push(0x63);
    run(&["-f", "UTF-16LE", "--errors", "replace", "-s"], &input)
        .ok_quiet()
        .out("a\u{FFFD}b\u{FFFD}\u{FFFD}\u{10000}\u{FFFD}".as_bytes());
    // UTF-32: out of range and surrogate values.
    let mut input = utf32le("a");
    input.extend(0x11_0000u32.to_le_bytes());
    input.extend(0xD800u32.to_le_bytes());
    input.extend(utf32le("b"));
    run(&["-f", "UTF-32LE", "--errors", "replace", "-s"], &input)
        .ok_quiet()
        .out("a\u{FFFD}\u{FFFD}b".as_bytes());
}

#[test]
fn replace_unmappable_is_u_fffd_where_the_target_has_it_else_question_mark() {
    let cases: &[(&str, &str, &[u8])] = &[
        ("ISO-8859-1", "a€b", b"a?b"),
        ("US-ASCII", "aéb", b"a?b"),
        ("GBK", "a😀b", b"a?b"),
        ("GB2312", "a丂b", b"a?b"),
        ("Big5", "a😀b", b"a?b"),
        ("Shift_JIS", "a中😀", b"a\x92\x86?"),
        ("windows-1252", "a中b", b"a?b"),
        ("UCS-2LE", "a😀b", b"a\x00\xFD\xFFb\x00"),
    ];
    for (to, input, expected) in cases {
        let r = run(
            &["-f", "UTF-8", "-t", to, "--errors", "replace"],
            input.as_bytes(),
        );
        r.code(0).out(expected);
        assert_eq!(r.err_lines(), 1, "{to}: {:?}", r.stderr);
        r.err_has(&["1"]);
    }
    // Ill-formed input into a target without U+FFFD: '?'.
    run(
        &["-f", "UTF-8", "-t", "latin1", "--errors", "replace", "-s"],
        b"a\xFFb",
    )
    .ok_quiet()
    .out(b"a?b");
    // GB18030 has U+FFFD (84 31 A4 37).
    run(
        &["-f", "UTF-8", "-t", "GB18030", "--errors", "replace", "-s"],
        b"a\xFFb",
    )
    .ok_quiet()
    .out(b"a\x84\x31\xA4\x37b");
}

#[test]
fn replace_summary_counts_both_kinds() {
    let r = run(
        &["-f", "UTF-8", "-t", "latin1", "--errors", "replace"],
        b"\xFE\xFD\xE2\x82\xACx",
    );
    r.code(0).out(b"???x");
    assert_eq!(r.err_lines(), 1, "{}", r.stderr);
    r.err_has(&["2", "1"]);
}

// ---------------------------------------------------------------------------------------------
// escape

#[test]
fn escape_writes_each_bad_byte_as_a_lone_surrogate_or_the_byte() {
    let input = b"a\xFFb\xE4\xB8c";
    let units = [0x61, 0xDCFF, 0x62, 0xDCE4, 0xDCB8, 0x63];
    let args = |to: &'static str| ["-f", "UTF-8", "-t", to, "--errors", "escape", "-s"];
    run(&args("UTF-16LE"), input)
        .ok_quiet()
        .out(&units_le(&units));
    run(&args("UTF-16BE"), input)
        .ok_quiet()
        .out(&units_be(&units));
    run(&args("UTF-16"), input)
        .ok_quiet()
        .out(&[b"\xFF\xFE".as_slice(), &units_le(&units)].concat());
    let u32le: Vec<u8> = units
        .iter()
        .flat_map(|&u| u32::from(u).to_le_bytes())
        .collect();
    let u32be: Vec<u8> = units
        .iter()
        .flat_map(|&u| u32::from(u).to_be_bytes())
        .collect();
    run(&args("UTF-32LE"), input).ok_quiet().out(&u32le);
    run(&args("UTF-32BE"), input).ok_quiet().out(&u32be);
    // Byte targets get the byte back.
    for to in ["UTF-8", "GBK", "GB18030", "Big5", "Shift_JIS", "ISO-8859-1"] {
        run(&args(to), input).ok_quiet().out(input);
    }
    // Legacy and ASCII sources.
    run(
        &["-f", "GBK", "-t", "UTF-16LE", "--errors", "escape", "-s"],
        b"\xD6\xD0\x81 \xFF",
    )
    .ok_quiet()
    .out(&units_le(&[0x4E2D, 0xDC81, 0x20, 0xDCFF]));
    run(
        &[
            "-f", "US-ASCII", "-t", "UTF-16LE", "--errors", "escape", "-s",
        ],
        b"a\x80",
    )
    .ok_quiet()
    .out(&units_le(&[0x61, 0xDC80]));
    run(
        &["-f", "US-ASCII", "--errors", "escape", "-s"],
        b"a\x80\xFF",
    )
    .ok_quiet()
    .out(b"a\x80\xFF");
}

#[test]
fn escape_keeps_lone_surrogates_from_wide_input() {
    let units = [0x61, 0xD800, 0x62, 0xDFFF, 0xDC80, 0xD83D, 0xDE00];
    run(
        &[
            "-f", "UTF-16LE", "-t", "UTF-16BE", "--errors", "escape", "-s",
        ],
        &units_le(&units),
    )
    .ok_quiet()
    .out(&units_be(&units));
    let as32: Vec<u8> = [0x61u32, 0xD800, 0x62, 0xDFFF, 0xDC80, 0x1F600]
        .iter()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    run(
        &[
            "-f", "UTF-16LE", "-t", "UTF-32LE", "--errors", "escape", "-s",
        ],
        &units_le(&units),
    )
    .ok_quiet()
    .out(&as32);
    run(
        &[
            "-f", "UTF-32LE", "-t", "UTF-16LE", "--errors", "escape", "-s",
        ],
        &as32,
    )
    .ok_quiet()
    .out(&units_le(&units));
    // U+DC80..U+DCFF stand for bytes, so they may go to byte targets.
    run(
        &["-f", "UTF-16LE", "-t", "UTF-8", "--errors", "escape", "-s"],
        &units_le(&[0x61, 0xDC80, 0xDCFF]),
    )
    .ok_quiet()
    .out(b"a\x80\xFF");
    run(
        &["-f", "UTF-16BE", "-t", "GBK", "--errors", "escape", "-s"],
        &units_be(&[0x4E2D, 0xDCA0]),
    )
    .ok_quiet()
    .out(b"\xD6\xD0\xA0");
}

#[test]
fn escape_refuses_what_it_cannot_keep() {
    // Lone surrogates outside DC80..DCFF cannot go to byte targets.
    for unit in [0xD800u16, 0xDBFF, 0xDC00, 0xDC7F, 0xDD00, 0xDFFF] {
        for to in ["UTF-8", "GBK", "ISO-8859-1"] {
            let r = run(
                &["-f", "UTF-16LE", "-t", to, "--errors", "escape"],
                &units_le(&[0x61, unit]),
            );
            r.code(1).out(b"a").err_has(&[&format!("U+{unit:04X}")]);
        }
    }
    // An ill-formed byte below 0x80: an odd trailing byte of UTF-16, a UTF-32 value out of
    // range.
    run(&["-f", "UTF-16LE", "--errors", "escape"], b"a\x00b")
        .code(1)
        .out(b"a")
        .err_has(&["byte 2", "62"]);
    let mut input = utf32le("ok");
    input.extend(0x11_0000u32.to_le_bytes());
    run(&["-f", "UTF-32LE", "--errors", "escape"], &input)
        .code(1)
        .out(b"ok")
        .err_has(&["byte 8", "00 00 11 00"]);
    // An unmappable character.
    run(
        &["-f", "UTF-8", "-t", "ISO-8859-1", "--errors", "escape"],
        "a\n€".as_bytes(),
    )
    .code(1)
    .out(b"a\n")
    .err_has(&["2:1", "byte 2", "U+20AC", "has no mapping"]);
    run(
        &["-f", "UTF-8", "-t", "GBK", "--errors", "escape"],
        "中😀".as_bytes(),
    )
    .code(1)
    .out(b"\xD6\xD0")
    .err_has(&["U+1F600", "has no mapping"]);
}

#[test]
fn escape_round_trips_through_two_processes() {
    let mut rng = Rng::new(3);
    let input: Vec<u8> = (0..100_000).map(|_| rng.next() as u8).collect();
    for e in ["UTF-8", "GBK", "GB18030", "Big5", "Shift_JIS"] {
        let wide = run(
            &["-f", e, "-t", "UTF-16LE", "--errors", "escape", "-s"],
            &input,
        );
        wide.ok_quiet();
        let back = run(
            &["-f", "UTF-16LE", "-t", e, "--errors", "escape", "-s"],
            &wide.stdout,
        );
        back.ok_quiet();
        assert!(back.stdout == input, "{e}: escape round trip lost bytes");
    }
}

// ---------------------------------------------------------------------------------------------
// -c

#[test]
fn c_drops_and_exits_1_if_anything_was_dropped() {
    run(&["-f", "UTF-8", "-c"], b"a\xFFb\xE4\xB8c")
        .code(1)
        .out(b"abc");
    run(&["-f", "UTF-8", "-t", "latin1", "-c"], "a€b".as_bytes())
        .code(1)
        .out(b"ab");
    run(&["-f", "UTF-16LE", "-c"], &units_le(&[0x61, 0xD800, 0x62]))
        .code(1)
        .out(b"ab");
    run(
        &["-f", "UTF-8", "-t", "latin1", "-c"],
        "nothing to drop é".as_bytes(),
    )
    .ok_quiet()
    .out(b"nothing to drop \xE9");
    // Everything is converted (not just up to the first drop), across windows.
    let mut big = Vec::new();
    for i in 0..200_000u32 {
        big.extend_from_slice(if i % 1000 == 0 { b"\xFF" } else { b"ab" });
    }
    let expected: Vec<u8> = big.iter().copied().filter(|&b| b != 0xFF).collect();
    run(&["-f", "UTF-8", "-c", "-s"], &big)
        .code(1)
        .out(&expected);
}

#[test]
fn c_with_output_file_writes_the_file() {
    let dir = tempdir();
    let d = dir.path();
    run_in(d, &["-f", "UTF-8", "-c", "-o", "out.txt"], b"a\xFFb")
        .code(1)
        .out(b"");
    assert_eq!(std::fs::read(d.join("out.txt")).unwrap(), b"ab");
    assert!(stray_temps(d).is_empty(), "{:?}", names_in(d));
}

// ---------------------------------------------------------------------------------------------
// GB2312 and UCS-2

#[test]
fn gb2312_writes_only_its_repertoire() {
    run(&["-f", "UTF-8", "-t", "GB2312"], "中文".as_bytes())
        .ok_quiet()
        .out(b"\xD6\xD0\xCE\xC4");
    run(&["-f", "UTF-8", "-t", "GB2312"], "中丂".as_bytes())
        .code(1)
        .out(b"\xD6\xD0")
        .err_has(&["U+4E02", "has no mapping", "GB2312"]);
    // ⅰ (GBK A2A1), € (GBK 80): not GB2312.
    for c in ["ⅰ", "€"] {
        run(&["-f", "UTF-8", "-t", "GB2312"], c.as_bytes()).code(1);
    }
}

#[test]
fn gb2312_reads_only_its_repertoire() {
    for pair in [
        b"\x81\x40",
        b"\xA2\xA1",
        b"\xA8\xBF",
        b"\xFE\x50",
        b"\xA1\x40",
    ] {
        let input = [b"ok".as_slice(), pair].concat();
        let hex = format!("{:02X} {:02X}", pair[0], pair[1]);
        run(&["-f", "GB2312"], &input).code(1).out(b"ok").err_has(&[
            "byte 2",
            &hex,
            "this is GBK; use --from GBK",
        ]);
    }
    // 0x80 is € in GBK, nothing in GB2312.
    run(&["-f", "GB2312"], b"a\x80").code(1).out(b"a");
}

#[test]
fn gb2312_middle_dot_and_dash() {
    run(&["-f", "GB2312"], b"\xA1\xA4\xA1\xAA")
        .ok_quiet()
        .out("\u{B7}\u{2014}".as_bytes());
    for (s, bytes) in [
        ("\u{B7}", b"\xA1\xA4"),
        ("\u{30FB}", b"\xA1\xA4"),
        ("\u{2014}", b"\xA1\xAA"),
        ("\u{2015}", b"\xA1\xAA"),
    ] {
        run(&["-f", "UTF-8", "-t", "GB2312"], s.as_bytes())
            .ok_quiet()
            .out(bytes);
    }
}

/// The two-byte codes of GB 2312-80 that hold a character, as Python's `gb2312` codec (an
/// implementation independent of ours) decodes them: rows A1-F7, cells A1-FE.
fn gb2312_cells() -> Vec<[u8; 2]> {
    let script = "import sys\n\
        codes = (bytes([l, t]) for l in range(0xA1, 0xF8) for t in range(0xA1, 0xFF))\n\
        sys.stdout.buffer.write(b''.join(\n\
        c for c in codes if '\\ufffd' not in c.decode('gb2312', 'replace')))";
    let out = std::process::Command::new("python3")
        .args(["-c", script])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout.chunks_exact(2).map(|c| [c[0], c[1]]).collect()
}

#[test]
fn gb2312_whole_repertoire_round_trips_like_gbk() {
    let cells = gb2312_cells();
    assert_eq!(
        cells.len(),
        7445,
        "the GB2312 repertoire has 7445 characters"
    );
    let input = cells.concat();
    // GB2312 and GBK agree on every shared code (CP936 mappings).
    let expected = dec(encoding_rs::GBK, &input);
    assert!(!expected.contains('\u{FFFD}'));
    run(&["-f", "GB2312"], &input)
        .ok_quiet()
        .out(expected.as_bytes());
    run(&["-f", "UTF-8", "-t", "GB2312"], expected.as_bytes())
        .ok_quiet()
        .out(&input);
    // The empty cells of rows A1-A9 are GBK's, not GB2312's.
    let mut rng = Rng::new(11);
    for lead in 0xA2..=0xA9u8 {
        let empty: Vec<u8> = (0xA1..=0xFEu8)
            .filter(|&t| !cells.contains(&[lead, t]))
            .collect();
        if empty.is_empty() {
            continue;
        }
        let trail = rng.pick(&empty);
        run(&["-f", "GB2312"], &[lead, trail]).code(1);
    }
}

#[test]
fn ucs2_has_no_surrogates_and_no_astral_characters() {
    let r = run(&["-f", "UCS-2LE"], &utf16le("a😀"));
    r.code(1).out(b"a").err_has(&["byte 2", "3D D8", "UTF-16"]);
    let r = run(&["-f", "UTF-8", "-t", "UCS-2LE"], "a😀".as_bytes());
    r.code(1)
        .out(b"a\x00")
        .err_has(&["U+1F600", "has no mapping", "UTF-16"]);
    run(
        &["-f", "UTF-8", "-t", "UCS-2", "--errors", "replace", "-s"],
        "😀".as_bytes(),
    )
    .ok_quiet()
    .out(b"\xFF\xFE\xFD\xFF");
}

// ---------------------------------------------------------------------------------------------
// More about locations and messages

#[test]
fn locations_count_bom_bytes_in_offsets_and_characters_in_columns() {
    // The BOM is bytes of the file but not a character of the text.
    run(&["-f", "UTF-8"], b"\xEF\xBB\xBFa\xFF")
        .code(1)
        .out(b"a")
        .err_has(&["1:2", "byte 4"]);
    run(
        &["-f", "UTF-16"],
        &[b"\xFF\xFE".as_slice(), &units_le(&[0x61, 0xD800])].concat(),
    )
    .code(1)
    .out(b"a")
    .err_has(&["1:2", "byte 4"]);
    // A surrogate pair is one character.
    run(
        &["-f", "UTF-16LE"],
        &[utf16le("😀\n😀😀"), units_le(&[0xDC00])].concat(),
    )
    .code(1)
    .err_has(&["2:3", "byte 14"]);
    // Escaped bytes are one character each.
    run(
        &["-f", "UTF-8", "-t", "latin1", "--errors", "escape"],
        b"a\xFF\xFE\xE2\x82\xAC",
    )
    .code(1)
    .out(b"a\xFF\xFE")
    .err_has(&["1:4", "byte 3", "U+20AC"]);
    // CR is a character; LF ends the line.
    run(&["-f", "UTF-8"], b"x\r\ny\rz\xC0")
        .code(1)
        .err_has(&["2:4", "byte 6", "C0"]);
}

#[test]
fn silent_does_not_silence_errors() {
    run(&["-f", "UTF-8", "-s"], b"a\xFF")
        .code(1)
        .err_has(&["byte 1", "FF"]);
    run(&["-f", "UTF-8", "-t", "latin1", "-s"], "€".as_bytes())
        .code(1)
        .err_has(&["U+20AC"]);
    run(&["-s", "missing-file"], b"")
        .code(2)
        .err_has(&["missing-file"]);
    run(&["-s", "-f", "gb1803"], b"")
        .code(2)
        .err_has(&["unknown encoding"]);
}

#[test]
fn replace_counts_all_files_in_one_line() {
    let dir = tempdir();
    let d = dir.path();
    write(d, "a", b"a\xFF\n");
    write(d, "b", b"b\xFE\xFD\n");
    let r = run_in(d, &["-f", "UTF-8", "--errors", "replace", "a", "b"], b"");
    r.code(0).out("a\u{FFFD}\nb\u{FFFD}\u{FFFD}\n".as_bytes());
    assert_eq!(r.err_lines(), 1, "{}", r.stderr);
    r.err_has(&["3"]);
}

#[test]
fn iso_2022_jp_escape_and_shift_controls_are_unmappable_not_a_crash() {
    // ISO-2022-JP cannot write ESC, SO and SI as text (they would change its state).
    for (c, name) in [
        ("\u{1B}", "U+001B"),
        ("\u{0E}", "U+000E"),
        ("\u{0F}", "U+000F"),
    ] {
        let input = format!("a{c}b");
        let r = run(&["-f", "UTF-8", "-t", "ISO-2022-JP"], input.as_bytes());
        assert!(!r.stderr.contains("panicked"), "{name}: {}", r.stderr);
        r.code(1).out(b"a").err_has(&[name, "has no mapping"]);
        run(
            &[
                "-f",
                "UTF-8",
                "-t",
                "ISO-2022-JP",
                "--errors",
                "replace",
                "-s",
            ],
            input.as_bytes(),
        )
        .ok_quiet()
        .out(b"a?b");
        run(
            &["-f", "UTF-8", "-t", "ISO-2022-JP", "-c", "-s"],
            input.as_bytes(),
        )
        .code(1)
        .out(b"ab");
    }
}
