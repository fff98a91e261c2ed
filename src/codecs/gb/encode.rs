//! The GB family's encoder: ASCII runs copied in bulk, every BMP character with a two-byte
//! code by one lookup in a 64K-entry table, and the rest (overrides, four-byte sequences, the
//! supplementary planes, unmappable characters) by [`Variant::encode_slow`].

#![forbid(unsafe_code)]

use super::variant::Variant;
use crate::codecs::codec::EncodeStatus;
use crate::codecs::kernels::ascii::ascii_prefix;

/// Appends the encoding of `src` to `dst`. Returns [`EncodeStatus::Done`] and `src.len()`, or
/// the first unmappable character and the bytes read up to and including it.
pub fn encode(variant: &Variant, src: &str, dst: &mut Vec<u8>) -> (EncodeStatus, usize) {
    let table = variant.encode_table();
    let bytes = src.as_bytes();
    // Chinese text shrinks (three bytes of UTF-8 to two); only four-byte codes of BMP
    // characters grow, and those go through `encode_slow`, which reserves for itself.
    dst.reserve(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b < 0x80 {
            let run = ascii_prefix(&bytes[i..]);
            dst.extend_from_slice(&bytes[i..i + run]);
            i += run;
            continue;
        }
        // Two three-byte sequences (U+0800..U+FFFF, hanzi and CJK punctuation) at a time,
        // decoded by hand (`src` is a `str`: they are well-formed), their lookups overlapping.
        if let Some(six) = bytes.get(i..).and_then(<[u8]>::first_chunk::<6>)
            && six[0] & 0xF0 == 0xE0
            && six[3] & 0xF0 == 0xE0
            && let (Some(&a), Some(&b)) = (
                table.get(bmp(six[0], six[1], six[2])),
                table.get(bmp(six[3], six[4], six[5])),
            )
            && a != 0
            && b != 0
        {
            dst.extend_from_slice(&(u32::from(a) << 16 | u32::from(b)).to_be_bytes());
            i += 6;
            continue;
        }
        // One three-byte sequence, decoded by hand likewise.
        if (0xE0..0xF0).contains(&b)
            && let (Some(&b1), Some(&b2)) = (bytes.get(i + 1), bytes.get(i + 2))
            && let Some(&pair) = table.get(bmp(b, b1, b2))
            && pair != 0
        {
            dst.extend_from_slice(&pair.to_be_bytes());
            i += 3;
            continue;
        }
        let Some(c) = src.get(i..).and_then(|s| s.chars().next()) else {
            break;
        };
        let next = i + c.len_utf8();
        match encode_char(variant, table, c) {
            Some(code) => push_code(dst, code),
            None => return (EncodeStatus::Unmappable(c), next),
        }
        i = next;
    }
    (EncodeStatus::Done, src.len())
}

/// The code point of a three-byte UTF-8 sequence.
fn bmp(b0: u8, b1: u8, b2: u8) -> usize {
    (usize::from(b0) & 0x0F) << 12 | (usize::from(b1) & 0x3F) << 6 | usize::from(b2) & 0x3F
}

/// The bytes of one non-ASCII character, big-endian in a u32, if the variant has it.
pub fn encode_char(variant: &Variant, table: &[u16], c: char) -> Option<u32> {
    match table.get(u32::from(c) as usize) {
        Some(&pair) if pair != 0 => Some(u32::from(pair)),
        _ => variant.encode_slow(c),
    }
}

/// Appends a code from [`encode_char`]: one byte below 0x100, two below 0x10000, else four.
fn push_code(dst: &mut Vec<u8>, code: u32) {
    let bytes = code.to_be_bytes();
    let len = match code {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        _ => 4,
    };
    dst.extend_from_slice(&bytes[4 - len..]);
}
