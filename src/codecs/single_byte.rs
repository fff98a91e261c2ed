//! Single-byte code pages: each byte is one character, a short sequence of characters (a
//! few of Apple's), or nothing, by a 256-entry table. The tables are generated from
//! `data/single-byte/` ([`generated`]; ISO-8859-1 and US-ASCII are defined in [`tables`]).
//!
//! Decoding writes each byte's UTF-8 from a table built at compile time, copying ASCII runs
//! at once where the code page keeps ASCII (`decode`). Encoding looks each character up
//! in a two-level inverse table built the first time the code page is written, and
//! recognises Apple's multi-character sequences and, for TCVN 5712, writes a precomposed
//! letter that has no byte of its own as base letter and combining mark (`encode`). An
//! unassigned byte is malformed, a character without a byte unmappable.

#![forbid(unsafe_code)]

mod decode;
mod encode;
pub mod generated;
pub mod tables;

use super::codec::{CharAt, Codec, Decode, Encode, Family, Locate, Problem};
use encode::Inverse;
use std::sync::OnceLock;

/// In a table: the byte has no character.
pub const UNASSIGNED: u16 = 0xFFFF;

/// In a table: the byte decodes to several characters, listed in [`Table::sequences`].
/// (U+FFFE is a noncharacter, which no code page maps.)
pub const SEQUENCE: u16 = 0xFFFE;

/// What a code page's table says, as generated from its data file.
pub struct Table {
    /// The canonical name.
    pub name: &'static str,
    /// The family it is listed under.
    pub family: Family,
    /// The character of each byte, [`UNASSIGNED`], or [`SEQUENCE`]. A reference, so that
    /// the table proper holds no pointer: a static position-independent binary relocates
    /// every page of data with a pointer in it when it starts, about 3 µs a page, whether
    /// or not the process uses that code page.
    pub chars: &'static [u16; 256],
    /// The bytes that decode to several characters, with those characters (Apple's
    /// MacHebrew and MacThai); the encoder writes the byte for the whole sequence.
    pub sequences: &'static [(u8, &'static str)],
    /// Bytes that decode to a character the encoder writes as another byte (Apple's
    /// right-to-left duplicates of ASCII punctuation, and a few others).
    pub decode_only: &'static [u8],
    /// Characters without a byte of their own that the encoder writes as two bytes, base
    /// letter and combining mark, their canonical decomposition (TCVN 5712), sorted.
    pub decomposed: &'static [(char, [u8; 2])],
}

/// A single-byte code page. Small, holding no table of its own (see [`Table::chars`]).
pub struct SingleByte {
    table: &'static Table,
    /// Bytes 0x00..0x7F are ASCII both ways, so that ASCII runs are copied.
    keeps_ascii: bool,
    /// For encoding; built on first use and kept for the life of the process, like the
    /// code page itself.
    inverse: OnceLock<&'static Inverse>,
}

impl SingleByte {
    /// The code page that `table` describes.
    pub const fn new(table: &'static Table) -> SingleByte {
        // ASCII both ways: bytes 0x00..0x7F decode to themselves, and none is decode-only.
        let mut keeps_ascii = !has_ascii(table.decode_only);
        let mut b = 0;
        while b < 0x80 {
            if table.chars[b] != b as u16 {
                keeps_ascii = false;
            }
            b += 1;
        }
        SingleByte {
            table,
            keeps_ascii,
            inverse: OnceLock::new(),
        }
    }

    /// The UTF-8 of each byte's character in the low three bytes, its length in the top
    /// byte; length 0 for an unassigned byte or a sequence. Worked out for each decoder
    /// (256 entries, a few thousand instructions) rather than kept in the code page.
    fn utf8(&self) -> [u32; 256] {
        let mut utf8 = [0u32; 256];
        for (entry, &c) in utf8.iter_mut().zip(self.table.chars) {
            if c != UNASSIGNED && c != SEQUENCE {
                *entry = utf8_entry(u32::from(c));
            }
        }
        utf8
    }

    /// The table the code page was made from.
    pub fn table(&self) -> &'static Table {
        self.table
    }

    /// The characters `byte` decodes to, if any.
    pub fn decode_byte(&self, byte: u8) -> Option<String> {
        match self.table.chars[usize::from(byte)] {
            SEQUENCE => sequence(self.table, byte).map(str::to_string),
            c => char::from_u32(u32::from(c))
                .filter(|_| c != UNASSIGNED)
                .map(String::from),
        }
    }

    fn inverse(&self) -> &'static Inverse {
        self.inverse
            .get_or_init(|| Box::leak(Box::new(Inverse::new(self.table))))
    }
}

/// The characters of a byte marked [`SEQUENCE`] in `table`.
fn sequence(table: &'static Table, byte: u8) -> Option<&'static str> {
    let seqs = table.sequences;
    seqs.iter().find(|&&(b, _)| b == byte).map(|&(_, s)| s)
}

/// True when one of `bytes` is ASCII.
const fn has_ascii(bytes: &[u8]) -> bool {
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] < 0x80 {
            return true;
        }
        i += 1;
    }
    false
}

/// The UTF-8 of a BMP code point in the low bytes, its length in the top byte.
const fn utf8_entry(c: u32) -> u32 {
    if c < 0x80 {
        c | 1 << 24
    } else if c < 0x800 {
        (0xC0 | c >> 6) | (0x80 | (c & 0x3F)) << 8 | 2 << 24
    } else {
        (0xE0 | c >> 12) | (0x80 | (c >> 6 & 0x3F)) << 8 | (0x80 | (c & 0x3F)) << 16 | 3 << 24
    }
}

impl Codec for SingleByte {
    fn name(&self) -> &'static str {
        self.table.name
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(decode::SingleByteDecoder::new(self))
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(encode::SingleByteEncoder::new(self.inverse()))
    }

    fn clean_after(&self, _byte: u8) -> bool {
        true
    }

    fn char_at(&self, bytes: &[u8], _eof: bool) -> CharAt {
        match bytes.first() {
            None => CharAt::NeedMore,
            Some(&b) => match self.decode_byte(b) {
                Some(text) => CharAt::Text(text, 1),
                None => CharAt::Malformed(1, Problem::Invalid),
            },
        }
    }

    fn locate(&self) -> Locate {
        if self.table.sequences.is_empty() {
            Locate::ByLength(|_| 1)
        } else {
            // A byte may stand for several characters: find them by decoding again.
            Locate::Replay
        }
    }

    fn decodes_one_to_one(&self) -> bool {
        self.table.decode_only.is_empty()
    }

    fn family(&self) -> Family {
        self.table.family
    }

    fn nel_is_line_end(&self) -> bool {
        self.table.family == Family::Ebcdic
    }

    fn encodes_sequences(&self) -> bool {
        !self.table.sequences.is_empty()
    }
}

#[cfg(test)]
mod tests;
