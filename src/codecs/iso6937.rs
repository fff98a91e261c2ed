//! The charsets of non-spacing diacritic prefixes: ISO 6937 (ISO-IR-156, the teletext and
//! DVB repertoire), its 1983 second part ISO 6937-2 (ISO-IR-90), ITU-T T.61 (teletex,
//! ISO-IR-103) and ANSI X3.110 (ISO-IR-99, NAPLPS), as glibc's modules of those names convert
//! them (tables in data/cjk, read from glibc).
//!
//! A byte C1..CF is a diacritic that goes before its letter: C2 65 is é. A prefix followed by
//! a byte it does not combine with is an error of one byte (the prefix; the next byte is read
//! again), and so is a prefix at the end of the input. A prefix before SPACE is the spacing
//! diacritic (C2 20 is U+00B4), as ISO 6937 defines it and as glibc's encoders write it;
//! glibc's decoders refuse it (README, deviations). The encoder writes each character as the
//! table has it, and the one-way codes glibc's tables give some characters.
//!
//! Not stateful: the input may be cut after any byte that is not a prefix.

#![forbid(unsafe_code)]

use super::cjk::table::{Cell, DbcsTables, Lookups, packed_utf8, prefixed_index};
use super::cjk::tables;
use super::codec::{Codec, Decode, DecodeStatus, Encode, EncodeStatus, Locate, Problem};

/// One charset of diacritic prefixes.
#[derive(Clone, Copy)]
pub struct Prefixed {
    name: &'static str,
    tables: &'static DbcsTables,
    lookups: &'static Lookups<DecodeMap, Vec<u16>>,
}

/// Defines the `static` of a charset, with lookups of its own.
macro_rules! prefixed {
    ($(#[$doc:meta])* $static:ident, $name:literal, $table:ident) => {
        $(#[$doc])*
        pub static $static: Prefixed = Prefixed {
            name: $name,
            tables: &tables::$table,
            lookups: {
                static LOOKUPS: Lookups<DecodeMap, Vec<u16>> = Lookups::new();
                &LOOKUPS
            },
        };
    };
}

prefixed!(
    /// ISO 6937 (ISO/IEC 6937:1992).
    ISO_6937,
    "ISO_6937",
    ISO6937
);
prefixed!(
    /// ISO 6937-2:1983.
    ISO_6937_2,
    "ISO_6937-2",
    ISO6937_2
);
prefixed!(
    /// ITU-T T.61, the 8-bit set.
    T61_8BIT,
    "T.61-8BIT",
    T61_8BIT
);
prefixed!(
    /// ANSI X3.110-1983.
    ANSI_X3_110,
    "ANSI_X3.110",
    ANSI_X3_110
);

/// The decoder's lookups: every single byte's character as packed UTF-8 (the low three
/// bytes, first lowest, and the length in the top one; 0 for none), and which bytes are
/// prefixes.
struct DecodeMap {
    single: [u32; 256],
    /// The character of each prefix and byte, packed likewise, at [`prefixed_index`].
    pairs: Vec<u32>,
    prefix: [bool; 256],
    /// True when bytes 00..7F are ASCII (ISO 6937, ANSI X3.110; not T.61): copied in runs.
    ascii: bool,
}

impl Prefixed {
    fn map(&self) -> &'static DecodeMap {
        let lookups: &'static Lookups<DecodeMap, Vec<u16>> = self.lookups;
        lookups.decode.get_or_init(|| {
            let mut map = DecodeMap {
                single: [0; 256],
                pairs: (0..16 * 256)
                    .map(|i| match self.tables.double.cell(i) {
                        Cell::Char(c) => packed_utf8(c),
                        _ => 0,
                    })
                    .collect(),
                prefix: [false; 256],
                ascii: false,
            };
            map.single[0] = packed_utf8('\0');
            for b in 1..=255u8 {
                if let Cell::Char(c) = self.tables.single.cell(usize::from(b)) {
                    map.single[usize::from(b)] = packed_utf8(c);
                }
                map.prefix[usize::from(b)] = (0..=255u8).any(|base| {
                    prefixed_index(b, base)
                        .is_some_and(|i| self.tables.double.cell(i) != Cell::Empty)
                });
            }
            map.ascii =
                (0..0x80u8).all(|b| map.single[usize::from(b)] == packed_utf8(char::from(b)));
            map
        })
    }

    /// Each BMP character's code: a byte (below 0x100) or prefix and base; 0 for none
    /// (U+0000 apart).
    fn codes(&self) -> &'static [u16] {
        let lookups: &'static Lookups<DecodeMap, Vec<u16>> = self.lookups;
        lookups.encode.get_or_init(|| {
            let mut codes = vec![0u16; 0x1_0000];
            let single = self.tables.single.inverse();
            let double = self.tables.double.inverse();
            for (cp, slot) in codes.iter_mut().enumerate().skip(1) {
                let Some(c) = char::from_u32(cp as u32) else {
                    continue;
                };
                if let Some(b) = single.get(c) {
                    *slot = b as u16;
                } else if let Some(i) = double.get(c) {
                    let (prefix, base) = (0xC0 + i / 256, i % 256);
                    *slot = (prefix << 8 | base) as u16;
                }
            }
            for &(c, code) in self.tables.encode_only {
                if let Some(slot) = codes.get_mut(c as usize)
                    && *slot == 0
                {
                    *slot = code;
                }
            }
            codes
        })
    }

    /// The character of prefix and base, if they combine.
    fn pair(&self, prefix: u8, base: u8) -> Option<char> {
        match self.tables.double.cell(prefixed_index(prefix, base)?) {
            Cell::Char(c) => Some(c),
            _ => None,
        }
    }
}

impl Codec for Prefixed {
    fn name(&self) -> &'static str {
        self.name
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(PrefixedDecoder {
            cs: *self,
            prefix: None,
        })
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(PrefixedEncoder { cs: *self })
    }

    fn clean_after(&self, byte: u8) -> bool {
        !self.map().prefix[usize::from(byte)]
    }

    fn locate(&self) -> Locate {
        Locate::Replay
    }

    fn decodes_one_to_one(&self) -> bool {
        false
    }
}

fn bad(len: usize) -> DecodeStatus {
    DecodeStatus::Malformed {
        len,
        after: 0,
        problem: Problem::Invalid,
    }
}

/// The decoder: a prefix that ended the previous input.
struct PrefixedDecoder {
    cs: Prefixed,
    prefix: Option<u8>,
}

/// Where decoded UTF-8 goes: a `String` (checked as it is appended: this module has no
/// unsafe code) or, on the direct path to UTF-8 output, a byte buffer that grows.
trait Sink {
    /// Bytes that fit before the caller should be told the output is full.
    fn room(&self) -> usize;
    /// Appends UTF-8 made of table entries and ASCII.
    fn put(&mut self, utf8: &[u8]);
}

impl Sink for String {
    fn room(&self) -> usize {
        self.capacity() - self.len()
    }

    fn put(&mut self, utf8: &[u8]) {
        if let Ok(text) = simdutf8::basic::from_utf8(utf8) {
            self.push_str(text);
        }
    }
}

/// The byte buffer of the direct path.
struct Bytes<'a>(&'a mut Vec<u8>);

impl Sink for Bytes<'_> {
    fn room(&self) -> usize {
        // Unbounded (the buffer grows), but small enough that adding to it cannot overflow.
        usize::MAX / 4
    }

    fn put(&mut self, utf8: &[u8]) {
        self.0.extend_from_slice(utf8);
    }
}

impl PrefixedDecoder {
    /// Finishes a prefix that ended the previous input; `None` when done and decoding goes
    /// on after the byte it took.
    fn finish_prefix<S: Sink>(
        &mut self,
        prefix: u8,
        src: &[u8],
        dst: &mut S,
        last: bool,
    ) -> Option<(DecodeStatus, usize)> {
        let Some(&base) = src.first() else {
            if last {
                self.prefix = None;
                return Some((bad(1), 0));
            }
            return Some((DecodeStatus::InputEmpty, 0));
        };
        if dst.room() < 4 {
            return Some((DecodeStatus::OutputFull, 0));
        }
        self.prefix = None;
        match self.cs.pair(prefix, base) {
            Some(c) => {
                dst.put(c.encode_utf8(&mut [0; 4]).as_bytes());
                None
            }
            // The prefix alone; the byte after it is read again.
            None => Some((bad(1), 0)),
        }
    }

    fn decode_into<S: Sink>(
        &mut self,
        src: &[u8],
        dst: &mut S,
        last: bool,
    ) -> (DecodeStatus, usize) {
        let mut i = 0;
        if let Some(prefix) = self.prefix {
            if let Some(status) = self.finish_prefix(prefix, src, dst, last) {
                return status;
            }
            i = 1;
        }
        let map = self.cs.map();
        // Table entries go four bytes at a time into a buffer, appended in one piece.
        let mut buf = [0u8; 4096 + 8];
        while i < src.len() {
            let room = dst.room();
            if room < 4 {
                return (DecodeStatus::OutputFull, i);
            }
            if map.ascii && src[i] < 0x80 {
                let end = src.len().min(i + room);
                let n = encoding_rs::Encoding::ascii_valid_up_to(&src[i..end]);
                dst.put(&src[i..i + n]);
                i += n;
                continue;
            }
            let limit = room.min(4096) - 3;
            let mut k = 0;
            while i < src.len() && k < limit {
                let b = src[i];
                let mut v = map.single[usize::from(b)];
                let mut n = 1;
                if v == 0 {
                    if !map.prefix[usize::from(b)] || i + 1 == src.len() {
                        break;
                    }
                    v = map.pairs[usize::from(b & 0x0F) << 8 | usize::from(src[i + 1])];
                    if v == 0 {
                        break;
                    }
                    n = 2;
                }
                buf[k..k + 4].copy_from_slice(&v.to_le_bytes());
                k += (v >> 24) as usize;
                i += n;
            }
            dst.put(&buf[..k]);
            if i == src.len() || k >= limit || (map.ascii && src[i] < 0x80) {
                continue;
            }
            let b = src[i];
            if map.single[usize::from(b)] != 0 {
                continue;
            }
            if !map.prefix[usize::from(b)] {
                return (bad(1), i + 1);
            }
            if i + 1 < src.len() {
                // A prefix before a byte it does not combine with: the prefix alone.
                return (bad(1), i + 1);
            }
            if last {
                return (bad(1), i + 1);
            }
            self.prefix = Some(b);
            return (DecodeStatus::InputEmpty, src.len());
        }
        (DecodeStatus::InputEmpty, src.len())
    }
}

impl Decode for PrefixedDecoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        self.decode_into(src, dst, last)
    }

    fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut Vec<u8>,
        last: bool,
    ) -> Option<(DecodeStatus, usize)> {
        Some(self.decode_into(src, &mut Bytes(dst), last))
    }
}

/// The encoder (no state: every character is written whole).
struct PrefixedEncoder {
    cs: Prefixed,
}

impl Encode for PrefixedEncoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, _last: bool) -> (EncodeStatus, usize) {
        let codes = self.cs.codes();
        let ascii = self.cs.map().ascii;
        dst.reserve(src.len() + src.len() / 2);
        let bytes = src.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if ascii && bytes[i] < 0x80 {
                // ASCII writes itself: in runs.
                let run = bytes[i..].iter().take_while(|b| b.is_ascii()).count();
                dst.extend_from_slice(&bytes[i..i + run]);
                i += run;
                continue;
            }
            let Some(c) = src[i..].chars().next() else {
                break;
            };
            let at = i;
            i += c.len_utf8();
            match codes.get(c as usize).copied() {
                Some(code @ 1..=0xFF) => dst.push(code as u8),
                Some(code @ 0x100..) => dst.extend_from_slice(&code.to_be_bytes()),
                _ if c == '\0' => dst.push(0),
                _ => return (EncodeStatus::Unmappable(c), at + c.len_utf8()),
            }
        }
        (EncodeStatus::Done, src.len())
    }
}

#[cfg(test)]
mod tests;
