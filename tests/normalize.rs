//! `--normalize` through the real binary: the four forms on standard input, files and `-i`;
//! text already in the form comes out byte for byte; unmappable characters of a normalized
//! segment are reported where the segment starts; a file large enough to be split across
//! cores gives what the normalizer makes of the whole. The whole of NormalizationTest.txt
//! is in the conformance runner (conformance/suites/normalization.py), and the cuts are
//! checked by property tests (tests/properties.rs).

mod common;

use common::*;
use unicode_normalization::UnicodeNormalization;

/// Decomposed text, as macOS writes file names: e and a combining acute, and so on.
const DECOMPOSED: &str =
    "Cafe\u{301} cre\u{300}me bru\u{302}le\u{301}e, \u{1100}\u{1161}\u{11A8}\n";
const COMPOSED: &str = "Caf\u{E9} cr\u{E8}me br\u{FB}l\u{E9}e, \u{AC01}\n";

#[test]
fn nfc_composes_what_macos_decomposes_every_way() {
    for args in [
        &["-f", "UTF-8", "-t", "UTF-8", "--normalize", "nfc"][..],
        &["--normalize", "nfc"],
    ] {
        let r = assert_same_every_way(args, DECOMPOSED.as_bytes());
        r.ok_quiet().out(COMPOSED.as_bytes());
    }
    // In place.
    let dir = tempdir();
    write(dir.path(), "a.txt", DECOMPOSED.as_bytes());
    run_in(
        dir.path(),
        &["-f", "UTF-8", "--normalize", "nfc", "-i", "a.txt"],
        b"",
    )
    .code(0);
    assert_file(dir.path(), "a.txt", COMPOSED.as_bytes());
}

#[test]
fn every_form_from_several_encodings() {
    let text = "\u{FB01}le \u{FF21} \u{2460} \u{212B} x\u{323}\u{307} \u{1E0B}\u{323} 中文，\n";
    let forms: [(&str, String); 4] = [
        ("nfc", text.nfc().collect()),
        ("nfd", text.nfd().collect()),
        ("nfkc", text.nfkc().collect()),
        ("nfkd", text.nfkd().collect()),
    ];
    for (form, want) in forms {
        run(&["--normalize", form, "-f", "UTF-8"], text.as_bytes())
            .code(0)
            .out(want.as_bytes());
        run(&["--normalize", form, "-f", "UTF-16LE"], &utf16le(text))
            .code(0)
            .out(want.as_bytes());
        run(
            &["--normalize", form, "-f", "GB18030", "-t", "UTF-32BE"],
            &enc(encoding_rs::GB18030, text),
        )
        .code(0)
        .out(&utf32be(&want));
    }
}

#[test]
fn normalized_text_comes_out_as_it_went_in() {
    // Kana with voicing marks decompose in NFD, so Japanese is only NFC-stable.
    let nfc = mixed_text(7, 600_000, &[ASCII_WORDS, HANZI, ASTRAL, JAPANESE]);
    let nfd = mixed_text(8, 600_000, &[ASCII_WORDS, HANZI, ASTRAL]);
    for (form, text) in [("nfc", nfc), ("nfd", nfd)] {
        let r = assert_same_every_way(&["-f", "UTF-8", "--normalize", form], text.as_bytes());
        r.ok_quiet().out(text.as_bytes());
    }
}

#[test]
fn unmappable_character_of_a_segment_is_reported_where_the_segment_starts() {
    // "ab\ne" + U+0301 + "x": NFC makes é, which ASCII lacks; the input bytes of the segment
    // are e and the accent, at byte 3, line 2, column 1.
    let input = "ab\ne\u{301}x".as_bytes();
    run(&["-t", "US-ASCII", "--normalize", "nfc"], input)
        .code(1)
        .out(b"ab\n")
        .err_has(&["<stdin>:2:1", "byte 3", "U+00E9", "65 CC 81"]);
    // The same through GBK input, whose characters are found by decoding again.
    let gbk_input = [&b"ab\n"[..], &gbk("e"), &gb18030("\u{301}"), b"x"].concat();
    run(
        &["-f", "GB18030", "-t", "US-ASCII", "--normalize", "nfc"],
        &gbk_input,
    )
    .code(1)
    .err_has(&["<stdin>:2:1", "byte 3", "U+00E9"]);
    // Later errors count columns in input characters, not normalized ones.
    let input = "e\u{301}e\u{301} \u{20AC}".as_bytes();
    run(&["-t", "ISO-8859-1", "--normalize", "nfc"], input)
        .code(1)
        .err_has(&["<stdin>:1:6", "byte 7", "U+20AC"]);
    // With a code format, the composed character is written as a code.
    run(
        &[
            "-t",
            "US-ASCII",
            "--normalize",
            "nfc",
            "--unmappable",
            "xml-dec",
        ],
        "e\u{301}".as_bytes(),
    )
    .code(0)
    .out(b"&#233;");
}

#[test]
fn a_file_split_across_cores_normalizes_as_a_whole() {
    // GB18030 is split across cores from 16 MiB on, after a byte below 0x40 that is not a
    // digit. Most such bytes here are '<' followed by U+0338, which NFC joins into U+226E:
    // a cut that looked only at the decoder would part them.
    let unit = "中<\u{338}文<\u{338}Cafe\u{301}<\u{338}\u{1100}\u{1161}\u{11A8} ";
    let text = unit.repeat(17 * 1024 * 1024 / unit.len() + 1);
    let dir = tempdir();
    let path = write(dir.path(), "big.txt", &gb18030(&text));
    let r = run(
        &[
            "-f",
            "GB18030",
            "--normalize",
            "nfc",
            path.to_str().unwrap(),
        ],
        b"",
    );
    r.code(0);
    let want: String = text.nfc().collect();
    assert!(
        r.stdout == want.as_bytes(),
        "the split output differs from the whole"
    );
}

#[test]
fn a_large_mapped_utf8_file_normalizes_as_the_same_bytes_piped() {
    // From 4 MiB on, a mapped UTF-8 file already in the form goes out from the map in spans
    // of up to 16 MiB, scanned on every core; a character that may change ends a span. Here
    // such characters come alone and in a cluster, near the first span's end and after it,
    // with an ill-formed byte late in the file: the output, the position of the error and
    // the summary must be those of the same bytes piped in (the general path).
    let line = "中文，English text; 한국어 “quoted” and é.\n";
    let mut text = line.repeat(18 * 1024 * 1024 / line.len()).into_bytes();
    for (at, insert) in [
        (3 * 1024 * 1024, "e\u{301}"),
        (16 * 1024 * 1024 - 2, "A\u{30A}"),
        (17 * 1024 * 1024, "\u{1100}\u{1161}\u{11A8}e\u{301}\u{323}"),
    ] {
        let at = (at..).find(|&i| text[i] == b'\n').unwrap() + 1;
        text.splice(at..at, insert.bytes());
    }
    let dir = tempdir();
    let clean = write(dir.path(), "clean.txt", &text);
    let bad_at = (17 * 1024 * 1024 + 4096..)
        .find(|&i| text[i] == b' ')
        .unwrap();
    let mut dirty = text.clone();
    dirty.insert(bad_at, 0xFF);
    let dirty = write(dir.path(), "dirty.txt", &dirty);
    let dirty_bytes = std::fs::read(&dirty).unwrap();
    for (path, bytes, form, errors) in [
        (&clean, &text, "nfc", "strict"),
        (&clean, &text, "nfd", "strict"),
        (&dirty, &dirty_bytes, "nfc", "strict"),
        (&dirty, &dirty_bytes, "nfc", "replace"),
    ] {
        let name = path.to_str().unwrap();
        let args = [
            "-f",
            "UTF-8",
            "-t",
            "UTF-8",
            "--normalize",
            form,
            "--errors",
            errors,
        ];
        let piped = run(&args, bytes);
        for jobs in ["1", "2"] {
            let mapped = run(&[&args[..], &["-j", jobs, name]].concat(), b"");
            let what = format!("{name} {form} {errors} -j {jobs}");
            assert_eq!(mapped.code, piped.code, "{what}");
            assert!(mapped.stdout == piped.stdout, "{what}: output differs");
            assert_eq!(
                mapped.stderr.replace(name, "<stdin>"),
                piped.stderr,
                "{what}"
            );
        }
    }
}

fn gb18030(text: &str) -> Vec<u8> {
    enc(encoding_rs::GB18030, text)
}
