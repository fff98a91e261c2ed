//! Unit tests of the GB family: the whole mapping against encoding_rs, both ways, and the
//! behaviour of each member at its edges. Streaming and policies against encoding_rs are in
//! `tests/gb_differential.rs` and the `gb_differential` fuzz target.

use super::*;
use crate::codecs::Decoder;
use crate::codecs::charset::round_trips;
use crate::codecs::labels::{self, GB2312 as GB2312_CS, GB18030 as GB18030_CS, GBK as GBK_CS};
use crate::codecs::test_support::{decode_all, encode};
use crate::codecs::{CharAt, Problem};

/// encoding_rs's reading of `bytes` as one character, if it is one.
fn reference_char(bytes: &[u8]) -> Option<char> {
    let text = encoding_rs::GB18030.decode_without_bom_handling_and_without_replacement(bytes)?;
    let mut chars = text.chars();
    chars.next().filter(|_| chars.next().is_none())
}

#[test]
fn every_two_byte_sequence_decodes_as_encoding_rs_does() {
    for lead in 0x81..=0xFEu8 {
        for trail in 0x40..=0xFFu8 {
            let pair = [lead, trail];
            let ours = match GB18030.char_at(&pair, true) {
                CharAt::Text(s, 2) => s.chars().next(),
                _ => None,
            };
            assert_eq!(ours, reference_char(&pair), "{pair:02X?}");
            assert_eq!(GBK.char_at(&pair, true), GB18030.char_at(&pair, true));
        }
    }
}

#[test]
fn every_four_byte_pointer_of_the_bmp_decodes_as_encoding_rs_does() {
    for p in 0..=39_500u32 {
        let bytes = variant::four_bytes(p);
        let ours = match GB18030.char_at(&bytes, true) {
            CharAt::Text(s, 4) => s.chars().next(),
            CharAt::Malformed(4, _) => None,
            other => panic!("{bytes:02X?}: {other:?}"),
        };
        assert_eq!(ours, reference_char(&bytes), "{bytes:02X?}");
    }
}

#[test]
fn supplementary_four_byte_sequences_decode_as_encoding_rs_does() {
    for p in (188_990..=1_237_580u32)
        .step_by(97)
        .chain([189_000, 1_237_575, 1_237_576])
    {
        let bytes = variant::four_bytes(p);
        let ours = match GB18030.char_at(&bytes, true) {
            CharAt::Text(s, 4) => s.chars().next(),
            _ => None,
        };
        assert_eq!(ours, reference_char(&bytes), "{bytes:02X?}");
    }
}

/// encoding_rs's bytes for `c`, or `None` when it is unmappable.
fn reference_bytes(encoding: &'static encoding_rs::Encoding, c: char) -> Option<Vec<u8>> {
    let mut buf = [0u8; 4];
    let (bytes, _, unmappable) = encoding.encode(c.encode_utf8(&mut buf));
    (!unmappable).then(|| bytes.into_owned())
}

#[test]
fn every_code_point_encodes_as_encoding_rs_does() {
    for (ours, theirs) in [
        (GBK_CS, encoding_rs::GBK),
        (GB18030_CS, encoding_rs::GB18030),
    ] {
        let all = (0x80..=0xFFFF)
            .chain((0x10000..=0x10FFFF).step_by(61))
            .chain([0x10FFFF]);
        for c in all.filter_map(char::from_u32) {
            let (status, _, bytes) = encode(ours, c.encode_utf8(&mut [0; 4]));
            let ours_bytes = (status == EncodeStatus::Done).then_some(bytes);
            assert_eq!(
                ours_bytes,
                reference_bytes(theirs, c),
                "{} U+{:04X}",
                ours.name(),
                u32::from(c)
            );
        }
    }
}

#[test]
fn char_at_finds_boundaries() {
    assert_eq!(
        GB18030.char_at(b"\x81\x30\x81\x30x", true),
        CharAt::Text("\u{80}".into(), 4)
    );
    assert_eq!(GB18030.char_at(b"\x81\x30", false), CharAt::NeedMore);
    assert_eq!(
        GB18030.char_at(b"\x81\x30", true),
        CharAt::Malformed(2, Problem::Invalid)
    );
    assert_eq!(
        GB18030.char_at(b"\x84\x39\x84\x39", true),
        CharAt::Malformed(4, Problem::Invalid)
    );
    assert_eq!(
        GB18030.char_at(b"\x81\x30\x81\x41", true),
        CharAt::Malformed(1, Problem::Invalid)
    );
    assert_eq!(
        GB18030.char_at(b"\x81\x0A", true),
        CharAt::Malformed(1, Problem::Invalid)
    );
    assert_eq!(
        GB18030.char_at(b"\x81\xFF", true),
        CharAt::Malformed(2, Problem::Invalid)
    );
}

#[test]
fn safe_cuts_avoid_lead_bytes_and_digits() {
    assert_eq!(GBK.safe_cut(b"\xD6\xD0\xD6"), None);
    assert_eq!(GBK.safe_cut(b" \xD6\xD0 \xD6"), Some(4));
    assert_eq!(GB18030.safe_cut(b" \x81\x30"), Some(1));
}

#[test]
fn round_trip_check() {
    assert!(!round_trips(GB18030_CS, "€", b"\x80"));
    assert!(round_trips(GBK_CS, "€", b"\x80"));
}

#[test]
fn decoding_resumes_a_character_cut_by_the_end_of_a_call() {
    let mut d = Decoder::new(GB18030_CS);
    let mut out = String::with_capacity(64);
    assert_eq!(
        d.decode(b"a\x81\x30", &mut out, false),
        (DecodeStatus::InputEmpty, 3)
    );
    assert_eq!(
        d.decode(b"\x81", &mut out, false),
        (DecodeStatus::InputEmpty, 1)
    );
    assert_eq!(
        d.decode(b"\x30b", &mut out, true),
        (DecodeStatus::InputEmpty, 2)
    );
    assert_eq!(out, "a\u{80}b");
    // The same cut short: one error for the lead, then the digit, then a pair.
    let mut d = Decoder::new(GB18030_CS);
    out.clear();
    assert_eq!(
        d.decode(b"\x81\x30", &mut out, false),
        (DecodeStatus::InputEmpty, 2)
    );
    // The error is the lead of the earlier call; the three bytes after it were read.
    let bad = DecodeStatus::Malformed {
        len: 1,
        after: 3,
        problem: Problem::Invalid,
    };
    assert_eq!(d.decode(b"\x81\x41", &mut out, false), (bad, 2));
    assert_eq!(d.decode(b"", &mut out, true), (DecodeStatus::InputEmpty, 0));
    assert_eq!(out, "0\u{4E04}");
}

#[test]
fn gb2312_rejects_gbk_only_characters() {
    let (text, ev) = decode_all(GB2312_CS, b"\xD6\xD0\x81\x40a\xA1\xA4\x80\x81\x30\x81\x30");
    assert_eq!(text, "中a\u{B7}");
    let only = |len| DecodeStatus::Malformed {
        len,
        after: 0,
        problem: Problem::OnlyIn("GBK"),
    };
    assert_eq!(ev, vec![only(2), only(1), only(4)]);
}

#[test]
fn gb2312_split_inside_a_pair() {
    let mut d = Decoder::new(GB2312_CS);
    let mut out = String::with_capacity(64);
    assert_eq!(
        d.decode(b"a\xD6", &mut out, false),
        (DecodeStatus::InputEmpty, 2)
    );
    assert_eq!(
        d.decode(b"\xD0b", &mut out, true),
        (DecodeStatus::InputEmpty, 2)
    );
    assert_eq!(out, "a中b");
}

#[test]
fn gb2312_encodes_its_repertoire_and_glibc_s_two() {
    assert_eq!(encode(GB2312_CS, "中").2, b"\xD6\xD0");
    assert_eq!(encode(GB2312_CS, "丂").0, EncodeStatus::Unmappable('丂'));
    assert_eq!(encode(GB2312_CS, "€").0, EncodeStatus::Unmappable('€'));
    assert_eq!(
        encode(GB2312_CS, "\u{30FB}\u{2015}\u{B7}\u{2014}").2,
        b"\xA1\xA4\xA1\xAA\xA1\xA4\xA1\xAA"
    );
    assert_eq!(labels::GB2312.safe_cut(b"\xD6\xD0\xD6"), None);
}

#[test]
fn gb2312_repertoire_has_7445_characters() {
    let count = (0xA1..=0xF7u8)
        .flat_map(|lead| (0xA1..=0xFEu8).map(move |trail| (lead, trail)))
        .filter(|&(l, t)| GB2312_VARIANT.pair(l, t).is_some())
        .count();
    assert_eq!(count, 7445);
}

#[test]
fn gbk_writes_the_euro_as_one_byte_and_no_four_byte_codes() {
    assert_eq!(encode(GBK_CS, "€").2, b"\x80");
    assert_eq!(encode(GB18030_CS, "€").2, b"\xA2\xE3");
    assert_eq!(
        encode(GBK_CS, "\u{80}").0,
        EncodeStatus::Unmappable('\u{80}')
    );
    assert_eq!(
        encode(GB18030_CS, "\u{80}😀").2,
        b"\x81\x30\x81\x30\x94\x39\xFC\x36"
    );
}

#[test]
fn the_fast_loop_stops_where_the_slow_path_must_decide() {
    let table = GBK_VARIANT.tables().utf8.as_slice();
    let mut out = [0u8; 64];
    assert_eq!(
        decode::fast(table, b"ab\xD6\xD0c\x81\x30", &mut out),
        (5, 6)
    );
    assert_eq!(&out[..6], "ab中c".as_bytes());
    assert_eq!(decode::fast(table, b"\x80", &mut out), (0, 0));
    assert_eq!(decode::fast(table, b"\xFF\x40", &mut out), (0, 0));
    assert_eq!(decode::fast(table, b"\x81\x7F", &mut out), (0, 0));
    assert_eq!(decode::fast(table, b"\xD6", &mut out), (0, 0));
    // It keeps room for a whole character, in the loop that takes four at a time too.
    assert_eq!(
        decode::fast(table, b"\xD6\xD0\xD6\xD0", &mut out[..6]),
        (2, 3)
    );
    let text = "中文".repeat(12);
    let gbk = b"\xD6\xD0\xCE\xC4".repeat(12);
    for room in [4, 7, 16, 17, 18, 19, 60, 64] {
        let (read, written) = decode::fast(table, &gbk, &mut out[..room]);
        assert!(
            written + 4 > room && written <= room,
            "room {room}: {written}"
        );
        assert_eq!(&out[..written], &text.as_bytes()[..written]);
        assert_eq!(read, written / 3 * 2);
    }
}

#[test]
fn cells_read_without_the_tables_are_the_cells_of_the_tables() {
    // The decoder reads a short input without building the tables (`Variant::pair` then
    // computes the cell): both must give every member's every cell alike.
    for v in [
        &GBK_VARIANT,
        &GB18030_VARIANT,
        &CP936_VARIANT,
        &GB18030_2005_VARIANT,
        &GB2312_VARIANT,
    ] {
        let direct: Vec<Option<char>> = (0x81..=0xFEu8)
            .flat_map(|l| (0x40..=0xFEu8).map(move |t| (l, t)))
            .map(|(l, t)| match variant::cell_index(l, t) {
                Some(i) => char::from_u32(u32::from(v.pair_cell(l, t, i))).filter(|&c| c != '\0'),
                None => None,
            })
            .collect();
        let tabled: Vec<Option<char>> = (0x81..=0xFEu8)
            .flat_map(|l| (0x40..=0xFEu8).map(move |t| (l, t)))
            .map(|(l, t)| {
                variant::cell_index(l, t)?;
                let cp = *v.tables().decode.get(variant::decode_index(l, t))?;
                char::from_u32(u32::from(cp)).filter(|&c| c != '\0')
            })
            .collect();
        assert_eq!(direct, tabled);
    }
}

/// The tables as they were built before the encoding one was split from the decoding ones
/// (all three at once, on first use by either side): the reference for the split.
fn tables_built_together(v: &Variant) -> (Vec<u16>, Vec<u32>, Vec<u16>) {
    let mut cps: Vec<u16> = tables::PAIRS.to_vec();
    for &(pointer, cp) in v.pair_overrides {
        if let Some(i) = variant::index_of_pointer(pointer) {
            cps[i] = cp;
        }
    }
    if v.cells.is_some() {
        for (i, cp) in cps.iter_mut().enumerate() {
            let (lead, trail) = variant::cell_bytes(i);
            if !v.has_cell(lead, trail) {
                *cp = 0;
            }
        }
    }
    let mut encode = vec![0u16; 0x10000];
    for (i, &cp) in cps.iter().enumerate() {
        let slot = &mut encode[usize::from(cp)];
        if cp >= 0x80 && *slot == 0 {
            let (lead, trail) = variant::cell_bytes(i);
            *slot = u16::from(lead) << 8 | u16::from(trail);
        }
    }
    for &(cp, bytes) in v.encode_overrides.iter().chain(v.encode_extra) {
        encode[usize::from(cp)] = match u16::try_from(bytes) {
            Ok(pair) if pair >= 0x8140 => pair,
            _ => 0,
        };
    }
    let mut decode = vec![0u16; 126 * 256];
    for (i, &cp) in cps.iter().enumerate() {
        let (lead, trail) = variant::cell_bytes(i);
        decode[usize::from(lead - 0x81) << 8 | usize::from(trail)] = cp;
    }
    let utf8 = decode
        .iter()
        .map(
            |&cp| match char::from_u32(u32::from(cp)).filter(|&c| c != '\0') {
                Some(c) => {
                    let mut buf = [0u8; 4];
                    let len = c.encode_utf8(&mut buf).len();
                    u32::from_le_bytes(buf) | (len as u32) << 24
                }
                None => 0,
            },
        )
        .collect();
    (decode, utf8, encode)
}

#[test]
fn tables_built_apart_are_the_tables_built_together() {
    for v in [
        &GBK_VARIANT,
        &GB18030_VARIANT,
        &CP936_VARIANT,
        &GB18030_2005_VARIANT,
        &GB2312_VARIANT,
    ] {
        let (decode, utf8, encode) = tables_built_together(v);
        assert_eq!(v.tables().decode, decode);
        assert_eq!(v.tables().utf8, utf8);
        assert_eq!(v.encode_table(), encode.as_slice());
    }
}
