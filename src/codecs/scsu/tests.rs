//! Unit tests of SCSU: the decoder on every tag, the encoder's output read back, the pieces
//! ill-formed input is cut into, splits, and the escape round trip. The UTS #6 examples are
//! in `tests/vectors/` and `tests/unicode_formats_vectors.rs`.

use super::*;
use crate::codecs::test_support::{Item, Lcg, decode_all, decode_escaped, decode_split};
use crate::codecs::test_support::{encode, encode_escaped, problems, reports};
use crate::codecs::{Charset, DecodeStatus, Decoder, Problem};

const S: Charset = Charset::of(&SCSU);

#[test]
fn every_tag() {
    // SQ1 quotes from static window 1 (below 80) or dynamic window 1 (80 and up); SC2
    // selects Cyrillic; SD3 with 0x54 defines a window at U+2A00; SDX defines window 4 at
    // U+10400; SQU and SCU go to UTF-16; UC0 comes back; UD5 and UQU in Unicode mode.
    let bytes: &[u8] = &[
        b'a', 0x02, 0x41, 0x02, 0x81, 0x12, 0x90, 0x1B, 0x54, 0x81, 0x0B, 0x80, 0x08, 0x81, 0x0E,
        0x4E, 0x2D, 0x0F, 0x4E, 0x2D, 0xF0, 0xE0, 0x00, 0xED, 0x01, 0x82, b'b',
    ];
    let want = "a\u{C1}\u{C1}\u{410}\u{2A01}\u{10401}\u{4E2D}\u{4E2D}\u{E000}\u{82}b";
    assert_eq!(decode_all(S, bytes), (want.to_string(), vec![]));
    // Surrogate pairs: as units in Unicode mode, and quoted in single-byte mode.
    let pair = [
        0x0F, 0xD8, 0x3D, 0xDE, 0x00, 0xE0, 0x0E, 0xD8, 0x3D, 0x0E, 0xDE, 0x00,
    ];
    assert_eq!(decode_all(S, &pair), ("😀😀".to_string(), vec![]));
}

#[test]
fn ill_formed_pieces() {
    let bad = |len| (len, 0, Problem::Invalid);
    assert_eq!(reports(S, b"a\x0Cb"), ("ab".into(), vec![bad(1)]));
    assert_eq!(reports(S, b"\x0F\xF2\x00a"), ("a".into(), vec![bad(1)]));
    // A reserved offset changes nothing: the window stays where it was.
    assert_eq!(reports(S, b"\x18\x00\x80"), ("\u{80}".into(), vec![bad(2)]));
    assert_eq!(reports(S, b"\x18\xA8\x80"), ("\u{80}".into(), vec![bad(2)]));
    // Cut short by the end.
    assert_eq!(reports(S, b"a\x0E\x4E"), ("a".into(), vec![bad(2)]));
    assert_eq!(reports(S, b"\x0F\x4E"), ("".into(), vec![bad(1)]));
    // Unpaired surrogates, in both modes.
    let lone = |u, len, after| (len, after, Problem::LoneSurrogate(u));
    assert_eq!(
        reports(S, b"\x0F\xD8\x3D\x00\x61"),
        ("a".into(), vec![lone(0xD83D, 2, 2)])
    );
    assert_eq!(
        reports(S, b"\x0E\xD8\x3Da\x0E\xDE\x00"),
        ("a".into(), vec![lone(0xD83D, 3, 0), lone(0xDE00, 3, 0)])
    );
    assert_eq!(
        reports(S, b"\x0F\xD8\x3D\xDE"),
        ("".into(), vec![lone(0xD83D, 2, 1), bad(1)])
    );
}

#[test]
fn the_encoders_output_reads_back() {
    let texts = [
        "plain ASCII and Latin-1: café, naïve\r\n",
        "\u{41C}\u{43E}\u{441}\u{43A}\u{432}\u{430} and \u{395}\u{3BB}\u{3BB}\u{3AC}\u{3B4}\u{3B1}",
        "中文，标点。“引号”（括号）\n第二行 2024 年",
        "日本語のテキスト、ひらがなとカタカナ",
        "\u{FEFF}signature, controls \u{1}\u{1B}, C1 \u{85}, PUA \u{E000}\u{F2FF}, \u{FFFD}",
        "astral: 😀😃 𐐀𐐁 \u{10FFFF} mixed 中😀a",
        "한국어 텍스트",
    ];
    for t in texts {
        let bytes = encode(S, t).2;
        assert_eq!(decode_all(S, &bytes), (t.to_string(), vec![]), "{t}");
    }
    // Compact: Latin-1 text is itself; Cyrillic one byte a letter after a switch.
    assert_eq!(encode(S, "café").2, b"caf\xE9");
    assert_eq!(encode(S, "Москва").2, b"\x12\x9C\xBE\xC1\xBA\xB2\xB0");
    let chinese = "中文的文本很长很长".repeat(10);
    assert!(encode(S, &chinese).2.len() <= 2 * chinese.chars().count() + 2);
    let mut rng = Lcg(3);
    let pool: Vec<char> = "aZ \n\u{1}é€Ωж中文。，😀\u{E000}\u{FEFF}\u{30A2}\u{3042}"
        .chars()
        .collect();
    for _ in 0..5_000 {
        let t: String = (0..rng.below(20))
            .map(|_| pool[rng.below(pool.len())])
            .collect();
        let bytes = encode(S, &t).2;
        assert_eq!(
            decode_all(S, &bytes),
            (t.clone(), vec![]),
            "{t:?} -> {bytes:02X?}"
        );
    }
}

#[test]
fn split_anywhere_is_the_same() {
    let mut src = encode(S, "Москва 中文😀 café \u{E000}").2;
    src.extend_from_slice(b"\x0C\x18\x00\x0F\xD8\x3D\x00a\xF2\x4E");
    let whole = decode_all(S, &src);
    for cut in 0..=src.len() {
        let (out, events) = decode_split(S, &src, cut);
        assert_eq!(
            (&out, problems(&events)),
            (&whole.0, problems(&whole.1)),
            "cut {cut}"
        );
    }
}

#[test]
fn escapes_decode_the_same_again() {
    let mut rng = Lcg(13);
    let alphabet: &[u8] = &[
        0x00, 0x01, 0x0B, 0x0C, 0x0E, 0x0F, 0x12, 0x18, 0x1F, 0x41, 0x80, 0xA8, 0xD8, 0xDC, 0xE0,
        0xE8, 0xF0, 0xF1, 0xF2, 0xFF,
    ];
    for _ in 0..20_000 {
        let len = rng.below(12);
        let src = rng.bytes(alphabet, len);
        let items = decode_escaped(S, &src);
        if items
            .iter()
            .any(|i| matches!(i, Item::Lone(u) if (0xDC00..=0xDCFF).contains(u)))
            || mixed_modes(&src)
        {
            continue;
        }
        let bytes = encode_escaped(S, &items).unwrap_or_default();
        assert_eq!(
            decode_escaped(S, &bytes),
            items,
            "{src:02X?} -> {bytes:02X?}"
        );
    }
}

/// True when the input has ill-formed pieces of both modes next to each other (with only
/// tags between them): the encoder writes a run of escapes in one mode, the one its first
/// byte needs (the exception to the promise).
fn mixed_modes(src: &[u8]) -> bool {
    let mut d = Decoder::new(S);
    let (mut pos, mut previous) = (0, None);
    loop {
        let mut out = String::with_capacity(64);
        let (status, read) = d.decode(&src[pos..], &mut out, true);
        pos += read;
        if !out.is_empty() {
            previous = None;
        }
        match status {
            DecodeStatus::Malformed {
                len,
                after,
                problem: Problem::Invalid,
            } => {
                let mode = needs_single(src[pos - after - len]);
                if previous.is_some_and(|p| p != mode) {
                    return true;
                }
                previous = Some(mode);
            }
            DecodeStatus::Malformed { .. } => previous = None,
            DecodeStatus::InputEmpty => return false,
            DecodeStatus::OutputFull => {}
        }
    }
}

fn needs_single(b: u8) -> bool {
    matches!(b, 0x01..=0x08 | 0x0B | 0x0C | 0x0E | 0x18..=0x1F)
}
