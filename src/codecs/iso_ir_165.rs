//! ISO-IR-165 as a charset of its own, as GNU libiconv has it: the 94×94 set alone (GB 2312
//! with GB 6345.1 and GB 8565.2, ITU-T T.101 annex C), every character two GL bytes
//! (21..7E each), no single bytes at all, not even a line end. libiconv's table
//! (data/cjk/isoir165-libiconv.txt) differs from the ISO-IR-165 of glibc's ISO-2022-CN-EXT in
//! 12 cells and has 33 more; this charset is libiconv's, the set inside ISO-2022-CN-EXT
//! stays glibc's.
//!
//! A byte outside 21..7E is an error of one byte, and so is a first byte whose second is
//! not in 21..7E (the second is read again); a pair the table lacks is an error of two.

#![forbid(unsafe_code)]

use super::cjk::table::{Cell, Inverse, row_cell, set94};
use super::cjk::tables::ISOIR165_LIBICONV;
use super::codec::{Codec, Decode, DecodeStatus, Encode, EncodeStatus, Locate, Problem};
use std::sync::OnceLock;

/// The ISO-IR-165 charset.
#[derive(Clone, Copy)]
pub struct IsoIr165;

/// The one ISO-IR-165 charset.
pub static ISO_IR_165: IsoIr165 = IsoIr165;

fn inverse() -> &'static Inverse {
    static INV: OnceLock<Inverse> = OnceLock::new();
    INV.get_or_init(|| ISOIR165_LIBICONV.inverse())
}

fn gl(b: u8) -> bool {
    (0x21..=0x7E).contains(&b)
}

fn bad(len: usize) -> DecodeStatus {
    DecodeStatus::Malformed {
        len,
        after: 0,
        problem: Problem::Invalid,
    }
}

/// Every character is two bytes.
fn two(_: char) -> u64 {
    2
}

impl Codec for IsoIr165 {
    fn name(&self) -> &'static str {
        "ISO-IR-165"
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(Decoder { first: None })
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(Encoder)
    }

    fn locate(&self) -> Locate {
        Locate::ByLength(two)
    }

    fn decodes_one_to_one(&self) -> bool {
        false
    }
}

/// The decoder: a first byte that ended the previous input.
struct Decoder {
    first: Option<u8>,
}

impl Decode for Decoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let mut i = 0;
        while i < src.len() || self.first.is_some() {
            if dst.capacity() - dst.len() < 4 {
                return (DecodeStatus::OutputFull, i);
            }
            let (row, cell, took) = match self.first.take() {
                Some(row) => match src.get(i) {
                    Some(&cell) => (row, cell, 1),
                    None if last => return (bad(1), i),
                    None => {
                        self.first = Some(row);
                        return (DecodeStatus::InputEmpty, i);
                    }
                },
                None => {
                    let row = src[i];
                    if !gl(row) {
                        return (bad(1), i + 1);
                    }
                    match src.get(i + 1) {
                        Some(&cell) => (row, cell, 2),
                        None if last => return (bad(1), i + 1),
                        None => {
                            self.first = Some(row);
                            return (DecodeStatus::InputEmpty, i + 1);
                        }
                    }
                }
            };
            if !gl(cell) {
                // The first byte alone; the second is read again.
                return (bad(1), i + took - 1);
            }
            i += took;
            match set94(0, row, cell).map(|at| ISOIR165_LIBICONV.cell(at)) {
                Some(Cell::Char(c)) => dst.push(c),
                _ => return (bad(2), i),
            }
        }
        (DecodeStatus::InputEmpty, src.len())
    }
}

/// The encoder (no state).
struct Encoder;

impl Encode for Encoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, _last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len());
        for (i, c) in src.char_indices() {
            match inverse().get(c) {
                Some(index) => {
                    let (row, cell) = row_cell(index);
                    dst.extend_from_slice(&[row, cell]);
                }
                None => return (EncodeStatus::Unmappable(c), i + c.len_utf8()),
            }
        }
        (EncodeStatus::Done, src.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::Charset;
    use crate::codecs::test_support::{decode_all, decode_split, encode, problems};

    const CS: Charset = Charset::of(&ISO_IR_165);

    #[test]
    fn pairs_both_ways_as_libiconv() {
        // 啊 (3021), the ideographic space (2121), libiconv's row 2B pinyin (2B21 = U+1FB1).
        let bytes = b"0!!!+!";
        let text = "啊\u{3000}\u{1FB1}";
        assert_eq!(decode_all(CS, bytes), (text.to_string(), vec![]));
        assert_eq!(encode(CS, text).2, bytes);
        // 2821 reads as U+1FB1 too, but is not written (libiconv's IRREVERSIBLE).
        assert_eq!(decode_all(CS, b"(!").0, "\u{1FB1}");
        // No single bytes: ASCII letters are row 2A's (GB 1988), and a line end has no code.
        assert_eq!(encode(CS, "a").2, b"*a");
        assert!(matches!(encode(CS, "\n").0, EncodeStatus::Unmappable('\n')));
    }

    #[test]
    fn malformed_and_split() {
        let input: &[u8] = b"0!\n0!0\x7F!!~~0";
        let (text, events) = decode_all(CS, input);
        assert_eq!(text, "啊啊\u{3000}钑");
        assert_eq!(problems(&events).len(), 4);
        for cut in 0..=input.len() {
            let (t, e) = decode_split(CS, input, cut);
            assert_eq!(
                (t.as_str(), problems(&e)),
                (text.as_str(), problems(&events)),
                "{cut}"
            );
        }
    }
}
