//! The CJK charsets of issue 17 through the real binary: every label both ways under the
//! three policies, strict error locations inside shift-state runs, `--errors escape` round
//! trips of stray bytes in shifted runs, and the documented deviations from peers (README,
//! "Encodings"). The byte strings are what CPython (`codecs`) or glibc `iconv` write for the
//! same text (ISO-2022-CN, -CN-EXT and EUC-TW: glibc; the others: CPython), except where a
//! test says it checks a deviation.

mod common;

use common::*;

/// Label, text, its bytes as a peer writes them.
const VECTORS: &[(&str, &str, &[u8])] = &[
    ("HZ-GB-2312", "a中文b\n", b"a~{VPND~}b\n"),
    // CPython writes the designation after "a", ICU (and transcode) at the very start.
    ("ISO-2022-KR", "a한국어b\n", b"\x1B$)Ca\x0EGQ19>n\x0Fb\n"),
    (
        "ISO-2022-CN",
        "a中文丟\n",
        b"a\x1B$)A\x0EVPND\x1B$)GG#\x0F\n",
    ),
    (
        "ISO-2022-CN-EXT",
        "a中文丟乂b\n",
        b"a\x1B$)A\x0EVPND\x1B$)GG#\x1B$*H\x1BN!!\x0Fb\n",
    ),
    ("EUC-TW", "a中文\n", b"a\xC4\xE3\xC5\xC6\n"),
    ("JOHAB", "a한국어b\n", b"a\xD0e\x8A\x82\xB4\xE1b\n"),
    (
        "CP949",
        "a한국어갂b\n",
        b"a\xC7\xD1\xB1\xB9\xBE\xEE\x81\x41b\n",
    ),
    (
        "EUC-KR-strict",
        "a한국어b\n",
        b"a\xC7\xD1\xB1\xB9\xBE\xEEb\n",
    ),
    ("CP950", "a中文b\n", b"a\xA4\xA4\xA4\xE5b\n"),
    (
        "Big5-HKSCS",
        "a中文\u{5932}b\n",
        b"a\xA4\xA4\xA4\xE5\x89_b\n",
    ),
    ("CP932", "a日本①b\n", b"a\x93\xFA\x96{\x87\x40b\n"),
    ("Shift_JIS-strict", "a日本b\n", b"a\x93\xFA\x96{b\n"),
    (
        "EUC-JP-strict",
        "a日本丂b\n",
        b"a\xC6\xFC\xCB\xDC\x8F\xB0\xA1b\n",
    ),
    (
        "EUC-JIS-2004",
        "a日本㐂b\n",
        b"a\xC6\xFC\xCB\xDC\xAE\xA3b\n",
    ),
    ("Shift_JIS-2004", "a日本㐂b\n", b"a\x93\xFA\x96{\x87\xA1b\n"),
    (
        "ISO-2022-JP-1",
        "a日本丂b\n",
        b"a\x1B$BF|K\\\x1B$(D0!\x1B(Bb\n",
    ),
    (
        "ISO-2022-JP-2",
        "a日本한b\n",
        b"a\x1B$BF|K\\\x1B$(CGQ\x1B(Bb\n",
    ),
    (
        "ISO-2022-JP-3",
        "a日本㐂b\n",
        b"a\x1B$BF|K\\\x1B$(O.#\x1B(Bb\n",
    ),
    (
        "ISO-2022-JP-2004",
        "a日本㐂b\n",
        b"a\x1B$BF|K\\\x1B$(Q.#\x1B(Bb\n",
    ),
];

const POLICIES: &[&str] = &["strict", "replace", "escape"];

#[test]
fn every_label_converts_both_ways_under_every_policy() {
    for &(label, text, bytes) in VECTORS {
        for policy in POLICIES {
            let args = ["-f", label, "-t", "UTF-8", "--errors", policy];
            run(&args, bytes).ok_quiet().out(text.as_bytes());
            let args = ["-f", "UTF-8", "-t", label, "--errors", policy];
            // ISO-2022-KR: the designation comes first in transcode (ICU's place).
            run(&args, text.as_bytes()).ok_quiet().out(bytes);
        }
    }
}

#[test]
fn every_label_is_listed() {
    let list = run(&["--list", "--verbose"], b"");
    list.code(0);
    let text = list.stdout_text();
    for &(label, _, _) in VECTORS {
        assert!(
            text.lines()
                .any(|l| l.trim_start().split(':').next() == Some(label)),
            "{label} not in --list"
        );
    }
}

/// (label, input, byte offset of the error): a bad pair inside a shifted run.
const BAD_IN_RUN: &[(&str, &[u8], usize)] = &[
    ("HZ-GB-2312", b"ab~{VPVP\xFFP~}\n", 8),
    ("ISO-2022-KR", b"\x1B$)C\x0E!!!\x0F\n", 7),
    ("ISO-2022-CN", b"\x1B$)A\x0EVP\nND\x0F\n", 7),
    ("ISO-2022-JP-2", b"\x1B$BF|K\\\x1B$A\x7F!\x1B(B", 11),
];

#[test]
fn strict_errors_name_the_offset_inside_a_shifted_run() {
    for &(label, input, offset) in BAD_IN_RUN {
        run(&["-f", label, "-t", "UTF-8"], input)
            .code(1)
            .err_has(&[&format!("byte {offset}:"), &format!("ill-formed {label}")]);
    }
}

#[test]
fn replace_goes_on_after_a_bad_pair_in_a_run() {
    run(
        &[
            "-f",
            "HZ-GB-2312",
            "-t",
            "UTF-8",
            "--errors",
            "replace",
            "-s",
        ],
        b"~{VP\xFFND~}x",
    )
    .code(0)
    .out("中\u{FFFD}文x".as_bytes());
    run(
        &[
            "-f",
            "ISO-2022-KR",
            "-t",
            "UTF-8",
            "--errors",
            "replace",
            "-s",
        ],
        b"\x1B$)C\x0EGQ\x0F\x80\x0E19\x0F",
    )
    .code(0)
    .out("한\u{FFFD}국".as_bytes());
}

#[test]
fn escape_keeps_stray_bytes_in_shifted_runs_where_they_stood() {
    let cases: &[(&str, &[u8])] = &[
        ("HZ-GB-2312", b"ab~{VP\xFFVP~}\n"),
        ("ISO-2022-KR", b"\x1B$)C\x0E!!\xFE!!\x0F\n"),
        ("ISO-2022-CN", b"\x1B$)A\x0EVP\x80ND\x0F\n"),
        ("ISO-2022-JP-2", b"\x1B$BF|\xE0K\\\x1B(B\n"),
    ];
    for &(label, input) in cases {
        for middle in ["UTF-8", "UTF-16LE"] {
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
}

#[test]
fn shift_state_encoders_end_every_line_in_ascii() {
    run(&["-t", "HZ-GB-2312"], "a\n中\r\n文".as_bytes())
        .ok_quiet()
        .out(b"a\n~{VP~}\r\n~{ND~}");
    run(&["-t", "ISO-2022-KR"], "한\n국".as_bytes())
        .ok_quiet()
        .out(b"\x1B$)C\x0EGQ\x0F\n\x0E19\x0F");
    // RFC 1922: the designation again on every line.
    run(&["-t", "ISO-2022-CN"], "中\n文".as_bytes())
        .ok_quiet()
        .out(b"\x1B$)A\x0EVP\x0F\n\x1B$)A\x0END\x0F");
}

#[test]
fn deviation_5c_and_7e_are_ascii_in_shift_jis_forms() {
    for label in ["Shift_JIS-strict", "Shift_JIS-2004"] {
        run(&["-f", label, "-t", "UTF-8"], b"\\~")
            .ok_quiet()
            .out(b"\\~");
        // U+00A5 and U+203E are written as 5C and 7E one way, as glibc and CPython do.
        run(&["-f", "UTF-8", "-t", label], "¥‾".as_bytes())
            .ok_quiet()
            .out(b"\\~");
    }
}

#[test]
fn deviation_iso_2022_gb2312_reads_as_its_peers() {
    // 21 24 and 21 2A are U+30FB and U+2015 in ISO-2022-CN (glibc, ICU), while the GB2312
    // label reads A1A4 and A1AA as U+00B7 and U+2014 (WHATWG, Windows).
    run(
        &["-f", "ISO-2022-CN", "-t", "UTF-8"],
        b"\x1B$)A\x0E!$!*\x0F",
    )
    .ok_quiet()
    .out("\u{30FB}\u{2015}".as_bytes());
    run(&["-f", "GB2312", "-t", "UTF-8"], b"\xA1\xA4\xA1\xAA")
        .ok_quiet()
        .out("\u{B7}\u{2014}".as_bytes());
    run(&["-f", "UTF-8", "-t", "ISO-2022-JP-2"], "\u{B7}".as_bytes())
        .ok_quiet()
        .out(b"\x1B$(C!$\x1B(B");
}

#[test]
fn deviation_strict_euc_kr_is_ks_x_1001_only() {
    run(&["-f", "CP949", "-t", "UTF-8"], b"\x81\x41")
        .ok_quiet()
        .out("갂".as_bytes());
    run(&["-f", "EUC-KR-strict", "-t", "UTF-8"], b"\x81\x41")
        .code(1)
        .err_has(&["byte 0:", "EUC-KR-strict"]);
    run(&["-f", "UTF-8", "-t", "EUC-KR-strict"], "갂".as_bytes())
        .code(1)
        .err_has(&["has no mapping in EUC-KR-strict"]);
}

#[test]
fn deviation_whatwg_big5_reads_hkscs_but_only_big5_hkscs_writes_it() {
    run(&["-f", "Big5", "-t", "UTF-8"], b"\x89_")
        .ok_quiet()
        .out("\u{5932}".as_bytes());
    run(&["-f", "UTF-8", "-t", "Big5"], "\u{5932}".as_bytes()).code(1);
    run(&["-f", "UTF-8", "-t", "Big5-HKSCS"], "\u{5932}".as_bytes())
        .ok_quiet()
        .out(b"\x89_");
    // A code for a letter with a combining mark, both ways.
    run(&["-f", "Big5-HKSCS", "-t", "UTF-8"], b"\x88\x62")
        .ok_quiet()
        .out("\u{CA}\u{304}".as_bytes());
    run(
        &["-f", "UTF-8", "-t", "Big5-HKSCS"],
        "\u{CA}\u{304}".as_bytes(),
    )
    .ok_quiet()
    .out(b"\x88\x62");
}

#[test]
fn deviation_no_silent_one_way_fallbacks() {
    // glibc writes U+301C as CP932 8160 (U+FF5E's code); transcode leaves it unmappable
    // (best-fit approximations belong to //TRANSLIT).
    run(&["-f", "UTF-8", "-t", "CP932"], "\u{301C}".as_bytes())
        .code(1)
        .err_has(&["U+301C", "has no mapping in CP932"]);
    // The strict Shift_JIS has no NEC row 13; CP932 has.
    run(&["-f", "Shift_JIS-strict", "-t", "UTF-8"], b"\x87\x40").code(1);
    run(&["-f", "CP932", "-t", "UTF-8"], b"\x87\x40")
        .ok_quiet()
        .out("①".as_bytes());
}

#[test]
fn whatwg_labels_keep_their_meaning() {
    // `shift_jis` is still WHATWG's (windows-31j): NEC row 13 reads.
    run(&["-f", "shift_jis", "-t", "UTF-8"], b"\x87\x40")
        .ok_quiet()
        .out("①".as_bytes());
    // `euc-kr` is still WHATWG's (CP949): a UHC syllable reads.
    run(&["-f", "euc-kr", "-t", "UTF-8"], b"\x81\x41")
        .ok_quiet()
        .out("갂".as_bytes());
}

#[test]
fn stateful_charsets_across_read_buffers() {
    // Many lines, more than one read window: the shift state carries over, and the output
    // is the same as for the lines one by one.
    let line = "中文ab~{x\n";
    let text = line.repeat(WINDOW / line.len() * 2 + 7);
    let hz = run(&["-f", "UTF-8", "-t", "HZ-GB-2312"], text.as_bytes());
    hz.ok_quiet();
    let back = run(&["-f", "HZ-GB-2312", "-t", "UTF-8"], &hz.stdout);
    back.ok_quiet().out(text.as_bytes());
    let one = run(&["-f", "UTF-8", "-t", "HZ-GB-2312"], line.as_bytes());
    assert_eq!(hz.stdout, one.stdout.repeat(WINDOW / line.len() * 2 + 7));
}
