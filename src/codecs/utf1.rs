//! UTF-1 (ISO/IEC 10646-1:1993, Annex G, withdrawn in 1996): the first byte-stream
//! transformation of the UCS, kept here for the historical record. Characters U+0000..U+009F
//! are one byte each; U+00A0..U+00FF are A0 and the byte; the rest are a lead byte and one,
//! two or four trail bytes that count in base 190. The trail bytes are 21..7E and A0..FF, so
//! ASCII letters and digits can appear inside a multi-byte character; that, and the
//! arithmetic, is why UTF-8 replaced it. U+FEFF is F7 64 4C.
//!
//! | code points | bytes |
//! | --- | --- |
//! | U+0000..U+009F | the code point |
//! | U+00A0..U+00FF | A0, the code point |
//! | U+0100..U+4015 | A1..F5, T |
//! | U+4016..U+38E2D | F6..FB, T, T |
//! | U+38E2E.. | FC..FF, T, T, T, T |
//!
//! Ill-formed: a lead byte not followed by enough trail bytes (the piece is the lead and the
//! trail bytes before the byte that is not one, which is then read on its own), A0 followed
//! by a byte below A0, and a complete sequence for a surrogate or a value above U+10FFFF
//! (the whole sequence is one piece). As in every charset here, a character has one encoding
//! only, so `--errors escape` round trips are byte for byte; the ill-formed pieces can hold
//! ASCII trail bytes, which are escaped as U+DC21..U+DC7E.

#![forbid(unsafe_code)]

use super::codec::{
    Codec, Decode, DecodeStatus, Encode, EncodeStatus, Family, Locate, Problem, has_room,
};

/// UTF-1.
pub struct Utf1;

/// The one UTF-1 charset.
pub static UTF_1: Utf1 = Utf1;

/// The trail bytes count in this base.
const BASE: u32 = 190;

impl Codec for Utf1 {
    fn family(&self) -> Family {
        Family::Unicode
    }

    fn name(&self) -> &'static str {
        "UTF-1"
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(Utf1Decoder::default())
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(Utf1Encoder)
    }

    /// After a byte that is never a trail byte, no character is open.
    fn clean_after(&self, byte: u8) -> bool {
        !is_trail(byte)
    }

    fn locate(&self) -> Locate {
        Locate::ByLength(|c| utf1_len(u32::from(c)))
    }

    fn escapes_ascii(&self) -> bool {
        true
    }
}

fn is_trail(b: u8) -> bool {
    matches!(b, 0x21..=0x7E | 0xA0..=0xFF)
}

/// The value 0..190 of a trail byte.
fn untrail(b: u8) -> u32 {
    match b {
        0x21..=0x7E => u32::from(b) - 0x21,
        _ => u32::from(b) - 0x42,
    }
}

/// The trail byte of a value 0..190.
fn trail(z: u32) -> u8 {
    (if z < 0x5E { z + 0x21 } else { z + 0x42 }) as u8
}

fn utf1_len(c: u32) -> u64 {
    match c {
        0..0xA0 => 1,
        0xA0..0x4016 => 2,
        0x4016..0x38E2E => 3,
        _ => 5,
    }
}

/// A lead byte's trail count and the first code point of its range, for leads A1..FF.
fn range_of(lead: u8) -> (u8, u32, u32) {
    match lead {
        0xA1..=0xF5 => (1, 0x100, u32::from(lead - 0xA1)),
        0xF6..=0xFB => (2, 0x4016, u32::from(lead - 0xF6)),
        _ => (4, 0x38E2E, u32::from(lead.saturating_sub(0xFC))),
    }
}

/// The state between bytes: the lead of an open sequence, its trail bytes so far and their
/// value.
#[derive(Clone, Default)]
struct Utf1Decoder {
    lead: u8,
    need: u8,
    got: u8,
    acc: u32,
}

impl Utf1Decoder {
    /// The character of the complete open sequence, if it is one.
    fn finish(&self) -> Option<char> {
        if self.lead == 0xA0 {
            return char::from_u32(self.acc);
        }
        let (need, first, lead_index) = range_of(self.lead);
        let span = BASE.pow(u32::from(need));
        let value = first.checked_add(lead_index.checked_mul(span)?.checked_add(self.acc)?)?;
        char::from_u32(value)
    }

    fn reset(&mut self) -> usize {
        let len = usize::from(self.got) + 1;
        *self = Utf1Decoder::default();
        len
    }
}

fn malformed(len: usize) -> DecodeStatus {
    DecodeStatus::Malformed {
        len,
        after: 0,
        problem: Problem::Invalid,
    }
}

impl Decode for Utf1Decoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        for (i, &b) in src.iter().enumerate() {
            if self.need == 0 {
                if b < 0xA0 {
                    if !has_room(dst) {
                        return (DecodeStatus::OutputFull, i);
                    }
                    dst.push(char::from(b));
                    continue;
                }
                (self.lead, self.need) = (b, if b == 0xA0 { 1 } else { range_of(b).0 });
                continue;
            }
            let fits = is_trail(b) && (self.lead != 0xA0 || b >= 0xA0);
            if !fits {
                // The byte that cannot continue the sequence is read again on its own.
                return (malformed(self.reset()), i);
            }
            if self.got + 1 == self.need && !has_room(dst) {
                return (DecodeStatus::OutputFull, i);
            }
            self.acc = match self.lead {
                0xA0 => u32::from(b),
                _ => self.acc * BASE + untrail(b),
            };
            self.got += 1;
            if self.got == self.need {
                let found = self.finish();
                let len = self.reset();
                match found {
                    Some(c) => dst.push(c),
                    None => return (malformed(len), i + 1),
                }
            }
        }
        if last && self.need > 0 {
            return (malformed(self.reset()), src.len());
        }
        (DecodeStatus::InputEmpty, src.len())
    }
}

struct Utf1Encoder;

impl Encode for Utf1Encoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, _last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len());
        for c in src.chars() {
            let x = u32::from(c);
            match x {
                0..0xA0 => dst.push(x as u8),
                0xA0..0x100 => dst.extend_from_slice(&[0xA0, x as u8]),
                0x100..0x4016 => {
                    let y = x - 0x100;
                    dst.extend_from_slice(&[0xA1 + (y / BASE) as u8, trail(y % BASE)]);
                }
                0x4016..0x38E2E => {
                    let y = x - 0x4016;
                    let lead = 0xF6 + (y / (BASE * BASE)) as u8;
                    dst.extend_from_slice(&[lead, trail(y / BASE % BASE), trail(y % BASE)]);
                }
                _ => {
                    let y = x - 0x38E2E;
                    dst.push(0xFC + (y / BASE.pow(4)) as u8);
                    for k in (0..4).rev() {
                        dst.push(trail(y / BASE.pow(k) % BASE));
                    }
                }
            }
        }
        (EncodeStatus::Done, src.len())
    }

    /// Escaped bytes, ASCII trail bytes included, go back as the bytes.
    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        if (0xDC00..=0xDCFF).contains(&unit) {
            dst.push((unit - 0xDC00) as u8);
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::Charset;
    use crate::codecs::test_support::{decode_all, encode};

    const UTF1: Charset = Charset::of(&UTF_1);

    #[test]
    fn known_sequences() {
        assert_eq!(encode(UTF1, "\u{FEFF}").2, b"\xF7\x64\x4C");
        assert_eq!(encode(UTF1, "a\u{9F}\u{A0}é").2, b"a\x9F\xA0\xA0\xA0\xE9");
        assert_eq!(encode(UTF1, "\u{100}\u{4015}").2, b"\xA1\x21\xF5\xFF");
        assert_eq!(encode(UTF1, "\u{4016}").2, b"\xF6\x21\x21");
        assert_eq!(encode(UTF1, "\u{38E2E}").2, b"\xFC\x21\x21\x21\x21");
    }

    #[test]
    fn every_code_point_round_trips() {
        let text: String = (0..=0x10FFFFu32)
            .step_by(7)
            .filter_map(char::from_u32)
            .collect();
        let bytes = encode(UTF1, &text).2;
        assert_eq!(decode_all(UTF1, &bytes), (text, vec![]));
    }

    #[test]
    fn ill_formed_pieces() {
        // A lead cut short by a byte that is not a trail byte, which is then read itself.
        let (text, ev) = decode_all(UTF1, b"\xF6\x41\x05\xA0\x41\xFC\x21");
        assert_eq!(text, "\u{5}A");
        let lens: Vec<_> = ev
            .iter()
            .map(|e| match e {
                DecodeStatus::Malformed { len, .. } => *len,
                _ => 0,
            })
            .collect();
        assert_eq!(lens, vec![2, 1, 2]);
        // U+D800 and a value above U+10FFFF: whole sequences.
        let d800 = {
            let y = 0xD800 - 0x4016u32;
            vec![
                0xF6 + (y / 36100) as u8,
                trail(y / 190 % 190),
                trail(y % 190),
            ]
        };
        let (_, ev) = decode_all(UTF1, &d800);
        assert!(matches!(ev[..], [DecodeStatus::Malformed { len: 3, .. }]));
        let (_, ev) = decode_all(UTF1, b"\xFF\xFF\xFF\xFF\xFF");
        assert!(matches!(ev[..], [DecodeStatus::Malformed { len: 5, .. }]));
    }
}
