//! Unit tests of the GB family's non-WHATWG members, CP936 and GB18030-2005: each is WHATWG's
//! mapping with its delta table applied, and every code it reads is written back the same.
//! The comparison with the peers (ICU, glibc, Python) is the `gb-editions` conformance suite.

use super::editions::{CP936_PAIRS, GB18030_2005_FOUR, GB18030_2005_PAIRS};
use super::variant::four_bytes;
use crate::codecs::Charset;
use crate::codecs::EncodeStatus;
use crate::codecs::labels::{CP936, GB18030, GB18030_2005, GBK};
use crate::codecs::test_support::{decode_all, encode};

/// The one character `bytes` decode to in `cs`, if they are one character.
fn one_char(cs: Charset, bytes: &[u8]) -> Option<char> {
    let (text, errors) = decode_all(cs, bytes);
    let mut chars = text.chars();
    match (errors.is_empty(), chars.next(), chars.next()) {
        (true, Some(c), None) => Some(c),
        _ => None,
    }
}

fn two_byte_codes() -> impl Iterator<Item = [u8; 2]> {
    (0x81..=0xFEu8).flat_map(|lead| {
        (0x40..=0xFEu8)
            .filter(|&t| t != 0x7F)
            .map(move |trail| [lead, trail])
    })
}

/// WHATWG's pointer of a two-byte code.
fn pointer(code: [u8; 2]) -> u16 {
    let offset = if code[1] < 0x7F { 0x40 } else { 0x41 };
    (u16::from(code[0]) - 0x81) * 190 + (u16::from(code[1]) - offset)
}

/// The codes of `codes` that `cs` reads as a character and writes otherwise, and how many
/// it reads.
fn one_way(cs: Charset, codes: impl Iterator<Item = Vec<u8>>) -> (Vec<Vec<u8>>, usize) {
    let (mut one_way, mut read) = (Vec::new(), 0);
    for code in codes {
        if let Some(c) = one_char(cs, &code) {
            read += 1;
            let (status, _, bytes) = encode(cs, c.encode_utf8(&mut [0; 4]));
            if status != EncodeStatus::Done || bytes != code {
                one_way.push(code);
            }
        }
    }
    (one_way, read)
}

#[test]
fn cp936_is_gbk_with_its_delta_and_round_trips() {
    for code in two_byte_codes() {
        let expected = match CP936_PAIRS.binary_search_by_key(&pointer(code), |o| o.0) {
            Ok(i) => char::from_u32(u32::from(CP936_PAIRS[i].1)),
            Err(_) => one_char(GBK, &code),
        };
        assert_eq!(one_char(CP936, &code), expected, "{code:02X?}");
    }
    let singles = (0x80..=0xFFu8).map(|b| vec![b]);
    let (one_way, read) = one_way(CP936, singles.chain(two_byte_codes().map(Vec::from)));
    assert_eq!(one_way, Vec::<Vec<u8>>::new());
    // ICU's windows-936-2000 reads 23,942 non-ASCII codes (data/cjk/cp936.txt's cross-check).
    assert_eq!(read, 23942);
}

#[test]
fn cp936_edges() {
    assert_eq!(one_char(CP936, b"\x80"), Some('€'));
    assert_eq!(one_char(CP936, b"\xFF"), Some('\u{F8F5}'));
    assert_eq!(one_char(CP936, b"\xA2\xE3"), Some('\u{E76C}'));
    assert_eq!(one_char(GBK, b"\xA2\xE3"), Some('€'));
    assert_eq!(encode(CP936, "€\u{F8F5}").2, b"\x80\xFF");
    // No four-byte sequences either way; the characters GB18030 gave these codes are not
    // in code page 936.
    assert_eq!(one_char(CP936, b"\x81\x30\x81\x30"), None);
    for c in ['\u{80}', '\u{FE10}', '\u{1E3F}', '😀'] {
        assert_eq!(encode(CP936, &c.to_string()).0, EncodeStatus::Unmappable(c));
    }
}

#[test]
fn gb18030_2005_reads_its_delta_and_round_trips() {
    for &(p, cp) in &GB18030_2005_PAIRS {
        let code = two_byte_codes().find(|&c| pointer(c) == p).unwrap();
        assert_eq!(
            one_char(GB18030_2005, &code).map(u32::from),
            Some(u32::from(cp))
        );
        assert_ne!(one_char(GB18030, &code).map(u32::from), Some(u32::from(cp)));
    }
    for &(p, cp) in &GB18030_2005_FOUR {
        let code = four_bytes(p);
        let c = char::from_u32(cp).unwrap();
        assert_eq!(one_char(GB18030_2005, &code), Some(c));
        // 2022 (WHATWG) reads the four bytes alike but writes the character in two.
        assert_eq!(one_char(GB18030, &code), Some(c));
        assert_eq!(encode(GB18030_2005, &c.to_string()).2, code);
        assert_eq!(encode(GB18030, &c.to_string()).2.len(), 2);
    }
    let codes = || {
        let singles = (0x80..=0xFFu8).map(|b| vec![b]);
        let four = (0..=39419).map(|p| four_bytes(p).to_vec());
        singles.chain(two_byte_codes().map(Vec::from)).chain(four)
    };
    // Only WHATWG's two decode-only codes stay one-way in 2005: 0x80 (the euro sign, written
    // A2E3) and A3A0 (U+3000, written A1A1); 2022 adds the 18 four-byte codes above.
    let (one_way_2005, read_2005) = one_way(GB18030_2005, codes());
    assert_eq!(one_way_2005, [vec![0x80], vec![0xA3, 0xA0]]);
    let (one_way_2022, read_2022) = one_way(GB18030, codes());
    assert_eq!(one_way_2022.len(), 2 + GB18030_2005_FOUR.len());
    assert_eq!(read_2005, read_2022);
}
