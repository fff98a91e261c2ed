//! GB2312 (EUC-CN), strictly: the 7,445 characters of GB 2312-80 in rows A1–A9 and B0–F7,
//! mapped as CP936/WHATWG map them, plus U+30FB and U+2015 on output so that glibc's GB2312
//! round-trips. Any other GBK character is malformed here, reported as a GBK character.
//!
//! The tables are built once from encoding_rs's GBK decoder restricted to the GB2312
//! repertoire, so GB2312 and GBK can never disagree about a shared code point.

#![forbid(unsafe_code)]

use super::codec::{
    CharAt, Codec, Decode, DecodeStatus, Encode, EncodeStatus, Family, Locate, Problem, has_room,
};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Strict GB2312.
pub struct Gb2312;

/// The one GB2312 charset.
pub static GB2312: Gb2312 = Gb2312;

impl Codec for Gb2312 {
    fn name(&self) -> &'static str {
        "GB2312"
    }

    fn family(&self) -> Family {
        Family::Cjk
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(Gb2312Decoder::default())
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(Gb2312Encoder)
    }

    fn clean_after(&self, byte: u8) -> bool {
        // As for GBK: no lead byte, and not a digit (the second byte of a four-byte GB18030
        // sequence, which GB2312 reports as one GBK character).
        byte < 0x40 && !byte.is_ascii_digit()
    }

    fn char_at(&self, bytes: &[u8], eof: bool) -> CharAt {
        char_at(bytes, eof)
    }

    fn locate(&self) -> Locate {
        Locate::ByLength(|c| if c.is_ascii() { 1 } else { 2 })
    }

    fn decodes_one_to_one(&self) -> bool {
        false
    }

    fn split_pays(&self) -> bool {
        true
    }
}

/// The first character of `bytes`: ASCII, a GB2312 pair, a GBK (or GB18030) character
/// reported as such, or bad bytes.
fn char_at(bytes: &[u8], eof: bool) -> CharAt {
    let Some(&lead) = bytes.first() else {
        return CharAt::NeedMore;
    };
    if lead.is_ascii() {
        return CharAt::Text(char::from(lead).to_string(), 1);
    }
    if let Some(&trail) = bytes.get(1)
        && let Some(c) = decode_pair(lead, trail)
    {
        return CharAt::Text(c.to_string(), 2);
    }
    match super::whatwg::GB18030.char_at(bytes, eof) {
        CharAt::Text(_, len) => CharAt::Malformed(len, Problem::OnlyIn("GBK")),
        other => other,
    }
}

/// GB2312 over EUC-CN, character by character.
#[derive(Default)]
struct Gb2312Decoder {
    /// Bytes of an incomplete character from an earlier call.
    pending: Vec<u8>,
}

impl Decode for Gb2312Decoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let mut read = 0;
        // Finish a character begun in an earlier call, pulling in one byte at a time. Bytes
        // left over after a malformed sequence stay pending and are decoded next.
        while !self.pending.is_empty() {
            if !has_room(dst) {
                return (DecodeStatus::OutputFull, read);
            }
            let at_end = read == src.len() && last;
            match char_at(&self.pending, at_end) {
                CharAt::NeedMore if read < src.len() => {
                    self.pending.push(src[read]);
                    read += 1;
                }
                CharAt::NeedMore => return (DecodeStatus::InputEmpty, read),
                CharAt::Text(text, len) => {
                    dst.push_str(&text);
                    self.pending.drain(..len);
                }
                CharAt::Malformed(len, problem) => {
                    self.pending.drain(..len);
                    let status = DecodeStatus::Malformed {
                        len,
                        after: self.pending.len(),
                        problem,
                    };
                    return (status, read);
                }
            }
        }
        while read < src.len() {
            if !has_room(dst) {
                return (DecodeStatus::OutputFull, read);
            }
            let rest = &src[read..];
            match char_at(rest, last) {
                CharAt::Text(text, len) => {
                    dst.push_str(&text);
                    read += len;
                }
                CharAt::Malformed(len, problem) => {
                    let status = DecodeStatus::Malformed {
                        len,
                        after: 0,
                        problem,
                    };
                    return (status, read + len);
                }
                CharAt::NeedMore => {
                    self.pending.extend_from_slice(rest);
                    return (DecodeStatus::InputEmpty, src.len());
                }
            }
        }
        (DecodeStatus::InputEmpty, read)
    }
}

struct Gb2312Encoder;

impl Encode for Gb2312Encoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, _last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len());
        for (i, c) in src.char_indices() {
            if c.is_ascii() {
                dst.push(c as u8);
            } else if let Some(pair) = encode_char(c) {
                dst.extend_from_slice(&pair);
            } else {
                return (EncodeStatus::Unmappable(c), i + c.len_utf8());
            }
        }
        (EncodeStatus::Done, src.len())
    }
}

/// The cells of each row of GB 2312 that hold a character, as ranges of trail bytes.
fn row_cells(lead: u8) -> &'static [(u8, u8)] {
    match lead {
        0xA1 | 0xA3 => &[(0xA1, 0xFE)],
        0xA2 => &[(0xB1, 0xE2), (0xE5, 0xEE), (0xF1, 0xFC)],
        0xA4 => &[(0xA1, 0xF3)],
        0xA5 => &[(0xA1, 0xF6)],
        0xA6 => &[(0xA1, 0xB8), (0xC1, 0xD8)],
        0xA7 => &[(0xA1, 0xC1), (0xD1, 0xF1)],
        0xA8 => &[(0xA1, 0xBA), (0xC5, 0xE9)],
        0xA9 => &[(0xA4, 0xEF)],
        0xB0..=0xD6 | 0xD8..=0xF7 => &[(0xA1, 0xFE)],
        0xD7 => &[(0xA1, 0xF9)],
        _ => &[],
    }
}

/// True when the two bytes are a GB2312 character.
fn in_repertoire(lead: u8, trail: u8) -> bool {
    row_cells(lead)
        .iter()
        .any(|&(lo, hi)| (lo..=hi).contains(&trail))
}

struct Tables {
    decode: HashMap<[u8; 2], char>,
    encode: HashMap<char, [u8; 2]>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut decode = HashMap::with_capacity(7445);
        let mut encode = HashMap::with_capacity(7447);
        for lead in 0xA1..=0xF7u8 {
            for &(lo, hi) in row_cells(lead) {
                for trail in lo..=hi {
                    let pair = [lead, trail];
                    let (text, _, _) = encoding_rs::GBK.decode(&pair);
                    let mut chars = text.chars();
                    if let (Some(c), None) = (chars.next(), chars.next()) {
                        decode.insert([lead, trail], c);
                        encode.insert(c, [lead, trail]);
                    }
                }
            }
        }
        encode.insert('\u{30FB}', [0xA1, 0xA4]);
        encode.insert('\u{2015}', [0xA1, 0xAA]);
        Tables { decode, encode }
    })
}

/// The character of a GB2312 pair, if the pair is one.
pub(crate) fn decode_pair(lead: u8, trail: u8) -> Option<char> {
    if !in_repertoire(lead, trail) {
        return None;
    }
    tables().decode.get(&[lead, trail]).copied()
}

/// The GB2312 bytes of a non-ASCII character, if it has them.
pub(crate) fn encode_char(c: char) -> Option<[u8; 2]> {
    tables().encode.get(&c).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::Decoder;
    use crate::codecs::labels::{self, GB2312 as CS};
    use crate::codecs::test_support::{decode_all, encode};

    #[test]
    fn rejects_gbk_only_characters() {
        let (text, ev) = decode_all(CS, b"\xD6\xD0\x81\x40a\xA1\xA4");
        assert_eq!(text, "中a\u{B7}");
        assert_eq!(
            ev,
            vec![DecodeStatus::Malformed {
                len: 2,
                after: 0,
                problem: Problem::OnlyIn("GBK")
            }]
        );
    }

    #[test]
    fn split_inside_a_pair() {
        let mut d = Decoder::new(CS);
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
    fn encodes_the_gb2312_repertoire() {
        assert_eq!(encode(CS, "中").2, b"\xD6\xD0");
        assert_eq!(encode(CS, "丂").0, EncodeStatus::Unmappable('丂'));
        assert_eq!(labels::GB2312.safe_cut(b"\xD6\xD0\xD6"), None);
    }

    #[test]
    fn repertoire_has_7445_characters() {
        assert_eq!(tables().decode.len(), 7445);
    }

    #[test]
    fn shared_code_points_map_as_cp936() {
        assert_eq!(decode_pair(0xA1, 0xA4), Some('\u{00B7}'));
        assert_eq!(decode_pair(0xA1, 0xAA), Some('\u{2014}'));
        assert_eq!(encode_char('\u{30FB}'), Some([0xA1, 0xA4]));
        assert_eq!(encode_char('\u{2015}'), Some([0xA1, 0xAA]));
        assert_eq!(encode_char('中'), Some([0xD6, 0xD0]));
        // GBK-only: the small roman numeral i (A2A1) and a GBK/3 hanzi (8140).
        assert_eq!(decode_pair(0xA2, 0xA1), None);
        assert_eq!(encode_char('丂'), None);
    }
}
