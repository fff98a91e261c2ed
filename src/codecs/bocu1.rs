//! BOCU-1 (Unicode Technical Note #6, "BOCU-1: MIME-Compatible Unicode Compression"): each
//! code point is written as its difference from a "previous" value, in one to four bytes,
//! so that text in one small script takes about a byte per character and byte order is code
//! point order. The C0 controls and space are written as themselves; the controls (not
//! space) reset the previous value to 0x40, and so does the byte FF, which writes nothing.
//! After each other code point the previous value moves to the middle of its 128-block
//! (Hiragana, CJK and Hangul have middles of their own).
//!
//! The encoder is the note's algorithm, so its output is ICU's byte for byte. Ill-formed:
//! a lead byte not followed by enough trail bytes (the piece is the lead and the trail bytes
//! before the byte that is not one, which is then read on its own; ICU puts that byte into
//! the piece), and a difference that leads outside 0..=U+10FFFF (the whole sequence). After
//! either the previous value is reset, as in ICU. A surrogate code point decodes to a lone
//! surrogate ([`Problem::LoneSurrogate`]), which `--errors escape` keeps.
//!
//! The state lasts from character to character, so BOCU-1 is stateful: never split across
//! cores, and error locations replay from a copy of the decoder.

#![forbid(unsafe_code)]

use super::codec::{
    Codec, Decode, DecodeStatus, Encode, EncodeStatus, Family, Problem, cut_anywhere, has_room,
    replayed_shift_state,
};

/// BOCU-1.
pub struct Bocu1;

/// The one BOCU-1 charset.
pub static BOCU_1: Bocu1 = Bocu1;

const ASCII_PREV: i32 = 0x40;
const MIDDLE: i32 = 0x90;
const TRAILS: i32 = 243;
const RESET: u8 = 0xFF;
const REACH_POS_1: i32 = 63;
const REACH_NEG_1: i32 = -64;
const REACH_POS_2: i32 = REACH_POS_1 + 43 * TRAILS;
const REACH_NEG_2: i32 = REACH_NEG_1 - 43 * TRAILS;
const REACH_POS_3: i32 = REACH_POS_2 + 3 * TRAILS * TRAILS;
const REACH_NEG_3: i32 = REACH_NEG_2 - 3 * TRAILS * TRAILS;
const START_POS_2: i32 = MIDDLE + REACH_POS_1 + 1;
const START_POS_3: i32 = START_POS_2 + 43;
const START_POS_4: i32 = START_POS_3 + 3;
const START_NEG_2: i32 = MIDDLE + REACH_NEG_1;
const START_NEG_3: i32 = START_NEG_2 - 43;
const MIN_LEAD: i32 = 0x21;

/// The trail bytes below 0x21 in value order: C0 controls that are not used for
/// themselves as often as the others.
const LOW_TRAILS: [u8; 20] = [
    0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19,
    0x1C, 0x1D, 0x1E, 0x1F,
];

impl Codec for Bocu1 {
    fn family(&self) -> Family {
        Family::Unicode
    }

    fn name(&self) -> &'static str {
        "BOCU-1"
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(Bocu1Decoder {
            prev: ASCII_PREV,
            open: None,
        })
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(Bocu1Encoder { prev: ASCII_PREV })
    }

    replayed_shift_state!(cut_anywhere);

    fn escapes_ascii(&self) -> bool {
        true
    }
}

/// The value 0..243 of a trail byte.
fn trail_value(b: u8) -> Option<i32> {
    match b {
        0x21.. => Some(i32::from(b) - 0x0D),
        _ => LOW_TRAILS.iter().position(|&t| t == b).map(|i| i as i32),
    }
}

/// The trail byte of a value 0..243.
fn trail_byte(v: i32) -> u8 {
    match usize::try_from(v) {
        Ok(i) if i < LOW_TRAILS.len() => LOW_TRAILS[i],
        _ => (v + 0x0D) as u8,
    }
}

/// The previous value after code point `c` (above U+0020).
fn next_prev(c: i32) -> i32 {
    match c {
        0x3040..=0x309F => 0x3070,
        0x4E00..=0x9FA5 => 0x4E00 - REACH_NEG_2,
        0xAC00..=0xD7A3 => (0xD7A3 + 0xAC00) / 2,
        _ => (c & !0x7F) + ASCII_PREV,
    }
}

/// The bytes of a difference, in a buffer and its length.
fn pack(diff: i32) -> ([u8; 4], usize) {
    let mut out = [0u8; 4];
    if (REACH_NEG_1..=REACH_POS_1).contains(&diff) {
        out[0] = (MIDDLE + diff) as u8;
        return (out, 1);
    }
    let (lead, base, n) = match diff {
        d if d > 0 && d <= REACH_POS_2 => (START_POS_2, REACH_POS_1 + 1, 1),
        d if d > 0 && d <= REACH_POS_3 => (START_POS_3, REACH_POS_2 + 1, 2),
        d if d > 0 => (START_POS_4, REACH_POS_3 + 1, 3),
        d if d >= REACH_NEG_2 => (START_NEG_2, REACH_NEG_1, 1),
        d if d >= REACH_NEG_3 => (START_NEG_3, REACH_NEG_2, 2),
        _ => (MIN_LEAD, REACH_NEG_3, 3),
    };
    let mut d = diff - base;
    for k in (1..=n).rev() {
        out[k] = trail_byte(d.rem_euclid(TRAILS));
        d = d.div_euclid(TRAILS);
    }
    // The four-byte negative lead is the minimum; its quotient is -1.
    out[0] = if lead == MIN_LEAD {
        MIN_LEAD as u8
    } else {
        (lead + d) as u8
    };
    (out, n + 1)
}

/// A multi-byte sequence being read.
#[derive(Clone, Copy, Debug)]
struct Open {
    diff: i32,
    /// Trail bytes still to come, and read so far.
    left: u8,
    got: u8,
}

/// The difference a lead byte starts and the number of trail bytes after it.
fn lead(b: u8) -> (i32, u8) {
    let b = i32::from(b);
    let t2 = TRAILS * TRAILS;
    match b {
        _ if b >= START_POS_4 => (REACH_POS_3 + 1, 3),
        _ if b >= START_POS_3 => ((b - START_POS_3) * t2 + REACH_POS_2 + 1, 2),
        _ if b >= START_POS_2 => ((b - START_POS_2) * TRAILS + REACH_POS_1 + 1, 1),
        _ if b >= START_NEG_3 => ((b - START_NEG_2) * TRAILS + REACH_NEG_1, 1),
        _ if b > MIN_LEAD => ((b - START_NEG_3) * t2 + REACH_NEG_2, 2),
        _ => (-TRAILS * t2 + REACH_NEG_3, 3),
    }
}

/// The BOCU-1 decoder: the previous value, and a sequence being read.
#[derive(Clone, Debug)]
struct Bocu1Decoder {
    prev: i32,
    open: Option<Open>,
}

impl Bocu1Decoder {
    /// A code point is complete: written, or reported.
    fn deliver(&mut self, c: i32, len: usize, dst: &mut String) -> Option<DecodeStatus> {
        if !(0..=0x10FFFF).contains(&c) {
            self.prev = ASCII_PREV;
            return Some(malformed(len, Problem::Invalid));
        }
        self.prev = next_prev(c);
        match char::from_u32(c as u32) {
            Some(ch) => {
                dst.push(ch);
                None
            }
            None => Some(malformed(len, Problem::LoneSurrogate(c as u16))),
        }
    }
}

fn malformed(len: usize, problem: Problem) -> DecodeStatus {
    DecodeStatus::Malformed {
        len,
        after: 0,
        problem,
    }
}

impl Decode for Bocu1Decoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        for (i, &b) in src.iter().enumerate() {
            if !has_room(dst) {
                return (DecodeStatus::OutputFull, i);
            }
            if let Some(mut open) = self.open {
                let Some(v) = trail_value(b) else {
                    // Not a trail byte: it is read again on its own.
                    self.open = None;
                    self.prev = ASCII_PREV;
                    return (malformed(usize::from(open.got) + 1, Problem::Invalid), i);
                };
                open.left -= 1;
                open.got += 1;
                open.diff += v * TRAILS.pow(u32::from(open.left));
                if open.left > 0 {
                    self.open = Some(open);
                    continue;
                }
                self.open = None;
                let len = usize::from(open.got) + 1;
                if let Some(status) = self.deliver(self.prev + open.diff, len, dst) {
                    return (status, i + 1);
                }
                continue;
            }
            match b {
                0x00..=0x20 => {
                    if b != 0x20 {
                        self.prev = ASCII_PREV;
                    }
                    dst.push(char::from(b));
                }
                RESET => self.prev = ASCII_PREV,
                0x50..=0xCF => {
                    let c = self.prev + i32::from(b) - MIDDLE;
                    if let Some(status) = self.deliver(c, 1, dst) {
                        return (status, i + 1);
                    }
                }
                _ => {
                    let (diff, left) = lead(b);
                    self.open = Some(Open { diff, left, got: 0 });
                }
            }
        }
        if last && let Some(open) = self.open.take() {
            self.prev = ASCII_PREV;
            return (
                malformed(usize::from(open.got) + 1, Problem::Invalid),
                src.len(),
            );
        }
        (DecodeStatus::InputEmpty, src.len())
    }

    fn snapshot(&self) -> Option<Box<dyn Decode>> {
        Some(Box::new(self.clone()))
    }
}

struct Bocu1Encoder {
    prev: i32,
}

impl Bocu1Encoder {
    fn push(&mut self, c: i32, dst: &mut Vec<u8>) {
        if c <= 0x20 {
            if c != 0x20 {
                self.prev = ASCII_PREV;
            }
            dst.push(c as u8);
            return;
        }
        let (bytes, n) = pack(c - self.prev);
        dst.extend_from_slice(&bytes[..n]);
        self.prev = next_prev(c);
    }
}

impl Encode for Bocu1Encoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, _last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len());
        for c in src.chars() {
            self.push(c as i32, dst);
        }
        (EncodeStatus::Done, src.len())
    }

    /// Escaped bytes go back as themselves, after which the decoder has reset its previous
    /// value (they were an ill-formed sequence); other lone surrogates are code points.
    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        if (0xDC00..=0xDCFF).contains(&unit) {
            dst.push((unit - 0xDC00) as u8);
            self.prev = ASCII_PREV;
        } else {
            self.push(i32::from(unit), dst);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::Charset;
    use crate::codecs::test_support::{Lcg, decode_all, decode_escaped, encode, encode_escaped};

    const BOCU: Charset = Charset::of(&BOCU_1);

    #[test]
    fn known_sequences() {
        // UTN #6: the signature U+FEFF is FB EE 28.
        assert_eq!(encode(BOCU, "\u{FEFF}").2, b"\xFB\xEE\x28");
        assert_eq!(encode(BOCU, "abc\n").2, b"\xB1\xB2\xB3\n");
    }

    #[test]
    fn every_difference_round_trips() {
        for diff in (-0x10FFFF..=0x10FFFF).step_by(97).chain(-300..300) {
            let (bytes, n) = pack(diff);
            let (mut d, left) = lead(bytes[0]);
            if n == 1 {
                assert_eq!(i32::from(bytes[0]) - MIDDLE, diff);
                continue;
            }
            assert_eq!(usize::from(left) + 1, n, "{diff}");
            for (k, &b) in bytes[1..n].iter().enumerate() {
                let v = trail_value(b).unwrap_or(-1_000_000);
                d += v * TRAILS.pow((n - 2 - k) as u32);
            }
            assert_eq!(d, diff);
        }
        let text: String = (0..=0x10FFFFu32)
            .step_by(13)
            .filter_map(char::from_u32)
            .collect();
        let bytes = encode(BOCU, &text).2;
        assert_eq!(decode_all(BOCU, &bytes), (text, vec![]));
    }

    #[test]
    fn ill_formed_sequences() {
        // D0 needs a trail byte; 0A is none, and is read itself (B2 is 'b' after it).
        let (text, ev) = decode_all(BOCU, b"\xD0\x0A\xB2\xFE\x21");
        assert_eq!(text, "\nb");
        assert_eq!(
            ev,
            vec![
                malformed(1, Problem::Invalid),
                malformed(2, Problem::Invalid)
            ]
        );
        // Far above U+10FFFF.
        let (_, ev) = decode_all(BOCU, b"\xFE\xFF\xFF\xFF");
        assert_eq!(ev, vec![malformed(4, Problem::Invalid)]);
    }

    #[test]
    fn escapes_round_trip() {
        let mut rng = Lcg(11);
        let alphabet = b"\x00\x0A\x20\x21\x50\x90\xCF\xD0\xFB\xFE\xFF\x01\x41\x7Fa";
        for _ in 0..20_000 {
            let len = rng.below(12);
            let src = rng.bytes(alphabet, len);
            let items = decode_escaped(BOCU, &src);
            if items.iter().any(|i| {
                matches!(i, crate::codecs::test_support::Item::Lone(u) if (0xDC00..=0xDCFF).contains(u))
            }) || src.contains(&RESET)
            {
                continue;
            }
            let bytes = encode_escaped(BOCU, &items).unwrap_or_default();
            assert_eq!(
                decode_escaped(BOCU, &bytes),
                items,
                "{src:02X?} -> {bytes:02X?}"
            );
        }
    }
}
