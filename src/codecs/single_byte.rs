//! Single-byte code pages: each byte is one character or none, by a 256-entry table.
//! Adding a code page is a table in [`tables`] and a row in the label table.
//!
//! Decoding looks each byte up (copying ASCII runs at once where the code page keeps ASCII);
//! encoding looks each character up in the inverse table, built the first time the code page
//! is written. An unassigned byte is malformed, a character without a byte unmappable.

#![forbid(unsafe_code)]

pub mod tables;

use super::codec::{Codec, Decode, DecodeStatus, Encode, EncodeStatus, Locate, Problem};
use std::sync::OnceLock;

/// In a table: the byte has no character.
pub const UNASSIGNED: u16 = 0xFFFF;

/// A single-byte code page.
pub struct SingleByte {
    name: &'static str,
    /// The character of each byte (in the BMP), or [`UNASSIGNED`].
    table: &'static [u16; 256],
    /// The same as characters, checked once when the table is built.
    chars: [Option<char>; 256],
    /// For each BMP code point, its byte, or [`UNASSIGNED`]; built on first use, and kept
    /// for the life of the process like the code page itself.
    inverse: OnceLock<&'static [u16]>,
}

impl SingleByte {
    /// The code page `name` with the characters of `table`.
    pub const fn new(name: &'static str, table: &'static [u16; 256]) -> SingleByte {
        let mut chars = [None; 256];
        let mut b = 0;
        while b < 256 {
            if table[b] != UNASSIGNED {
                chars[b] = char::from_u32(table[b] as u32);
            }
            b += 1;
        }
        SingleByte {
            name,
            table,
            chars,
            inverse: OnceLock::new(),
        }
    }

    /// True when bytes 0x00..0x7F are ASCII, so that ASCII runs are copied at once.
    fn keeps_ascii(&self) -> bool {
        (0..0x80).all(|b| self.table[b] == b as u16)
    }

    fn inverse(&self) -> &'static [u16] {
        self.inverse.get_or_init(|| {
            let mut inverse = vec![UNASSIGNED; 0x10000];
            // Where two bytes share a character, the first is written (none do in the tables
            // shipped, which a test checks).
            for (byte, &c) in self.table.iter().enumerate().rev() {
                if c != UNASSIGNED {
                    inverse[usize::from(c)] = byte as u16;
                }
            }
            Box::leak(inverse.into_boxed_slice())
        })
    }
}

impl Codec for SingleByte {
    fn name(&self) -> &'static str {
        self.name
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(SingleByteDecoder {
            chars: self.chars,
            ascii: self.keeps_ascii(),
        })
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(SingleByteEncoder {
            inverse: self.inverse(),
        })
    }

    fn clean_after(&self, _byte: u8) -> bool {
        true
    }

    fn locate(&self) -> Locate {
        Locate::ByLength(|_| 1)
    }
}

struct SingleByteDecoder {
    chars: [Option<char>; 256],
    ascii: bool,
}

impl Decode for SingleByteDecoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, _last: bool) -> (DecodeStatus, usize) {
        let mut i = 0;
        while i < src.len() {
            if self.ascii && src[i].is_ascii() {
                // A run of ASCII is UTF-8 as it is: copied at once, as far as there is room.
                let room = dst.capacity() - dst.len();
                let run = &src[i..src.len().min(i + room)];
                let n = run.iter().position(|b| !b.is_ascii()).unwrap_or(run.len());
                if n > 0 {
                    dst.push_str(std::str::from_utf8(&run[..n]).unwrap_or_default());
                    i += n;
                    continue;
                }
            }
            // Other bytes up to the next ASCII one (where ASCII is copied in runs), with room
            // checked once: a BMP character takes at most three bytes of UTF-8.
            let room = (dst.capacity() - dst.len()) / 3;
            if room == 0 {
                return (DecodeStatus::OutputFull, i);
            }
            let end = src.len().min(i + room);
            while i < end && !(self.ascii && src[i].is_ascii()) {
                let Some(c) = self.chars[usize::from(src[i])] else {
                    let status = DecodeStatus::Malformed {
                        len: 1,
                        after: 0,
                        problem: Problem::Invalid,
                    };
                    return (status, i + 1);
                };
                dst.push(c);
                i += 1;
            }
        }
        (DecodeStatus::InputEmpty, src.len())
    }
}

struct SingleByteEncoder {
    inverse: &'static [u16],
}

impl Encode for SingleByteEncoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, _last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len());
        for (i, c) in src.char_indices() {
            match self.inverse.get(c as usize) {
                Some(&b) if b != UNASSIGNED => dst.push(b as u8),
                _ => return (EncodeStatus::Unmappable(c), i + c.len_utf8()),
            }
        }
        (EncodeStatus::Done, src.len())
    }
}

#[cfg(test)]
mod tests {
    use super::tables;
    use super::*;
    use crate::codecs::Decoder;
    use crate::codecs::EncodeStatus;
    use crate::codecs::labels::{ISO_8859_1, US_ASCII};
    use crate::codecs::test_support::{decode_all, encode};

    #[test]
    fn latin1_and_ascii_are_real() {
        assert_eq!(encode(ISO_8859_1, "é").2, b"\xE9");
        assert_eq!(encode(ISO_8859_1, "€").0, EncodeStatus::Unmappable('€'));
        assert_eq!(encode(US_ASCII, "aé").0, EncodeStatus::Unmappable('é'));
        assert_eq!(decode_all(ISO_8859_1, b"a\x80").0, "a\u{80}");
        let (text, errors) = decode_all(US_ASCII, b"ab\x80cd");
        assert_eq!((text.as_str(), errors.len()), ("abcd", 1));
    }

    #[test]
    fn every_table_maps_bytes_to_distinct_bmp_characters() {
        for code_page in tables::ALL {
            let mut seen = std::collections::HashSet::new();
            for &c in code_page.table.iter().filter(|&&c| c != UNASSIGNED) {
                assert!(char::from_u32(u32::from(c)).is_some(), "{}", code_page.name);
                assert!(seen.insert(c), "{}: U+{c:04X} twice", code_page.name);
            }
        }
    }

    #[test]
    fn decoding_stops_when_the_output_is_full() {
        let mut decoder = Decoder::new(ISO_8859_1);
        let mut out = String::with_capacity(8);
        let (status, read) = decoder.decode(&[0xE9; 64], &mut out, true);
        assert_eq!(status, DecodeStatus::OutputFull);
        assert_eq!(out.chars().count(), read);
    }
}
