//! The single-byte encoder: UTF-8 to bytes through an inverse table.
//!
//! The inverse holds every BMP code point's byte, 64 KiB laid out flat, so that a
//! character is looked up with one load rather than two in a chain (a page index, then the
//! page); a text touches only the few 4 KiB pages of it that its characters use. 0 means
//! "no byte", since U+0000 is the only character written as 0x00. Runs of ASCII are copied (or, in EBCDIC, mapped with vector lookups) without decoding them,
//! and runs of 2- and 3-byte characters are decoded and looked up in blocks ([`dense`]).
//!
//! Apple's MacHebrew and MacThai write some sequences of two or three characters as one
//! byte. Their encoder matches the longest sequence, and holds the end of a text that may
//! begin one until the next text (or [`Encode::settle`]) shows whether it goes on, so that
//! a sequence split between two texts is still written as its byte.

#![forbid(unsafe_code)]

mod dense;

use super::{SEQUENCE, Table, UNASSIGNED};
use crate::codecs::codec::{Encode, EncodeStatus};
use crate::codecs::kernels::ascii_map::map_ascii;

/// A code page's inverse table, with what else the encoder needs.
pub(super) struct Inverse {
    /// The bytes of ASCII characters, when every one has a byte (EBCDIC).
    ascii: Option<[u8; 128]>,
    /// When some ASCII characters have no byte (the ISO 646 national variants): the bytes
    /// of the others, and for those a byte no ASCII character is written as, so that a run
    /// is mapped at vector speed and then searched for that byte.
    ascii_partial: Option<([u8; 128], u8)>,
    /// Bytes 0x00..0x7F are ASCII characters written as themselves.
    keeps_ascii: bool,
    /// Every BMP code point's byte, 0 for none (and for U+0000). Indexed by a `u16`, so no
    /// lookup can fall outside it.
    flat: Box<[u8; 0x10000]>,
    /// The sequences written as one byte, longest first.
    sequences: Vec<(Vec<char>, u8)>,
    /// The table's decompositions, sorted by character.
    decomposed: &'static [(char, [u8; 2])],
    /// The character written as 0x00, whose 0 in [`Inverse::flat`] is a byte, not "none"
    /// (U+0000, but U+2800 in ISO/TR 11548-1 braille); `u32::MAX` when 0x00 is unassigned.
    zero: u32,
}

impl Inverse {
    pub(super) fn new(table: &Table) -> Inverse {
        let mut flat = Box::new([0u8; 0x10000]);
        // Where two bytes share a character, the first that is not decode-only is written
        // (the tables have no other duplicates, which a test checks).
        for (byte, &c) in table.chars.iter().enumerate().rev() {
            if c == UNASSIGNED || c == SEQUENCE || table.decode_only.contains(&(byte as u8)) {
                continue;
            }
            flat[usize::from(c)] = byte as u8;
        }
        let mut inverse = Inverse {
            flat,
            ascii: None,
            ascii_partial: None,
            keeps_ascii: false,
            sequences: Vec::new(),
            decomposed: table.decomposed,
            zero: match table.chars[0] {
                UNASSIGNED | SEQUENCE => u32::MAX,
                c => u32::from(c),
            },
        };
        let ascii: Vec<Option<u8>> = (0..128u32).map(|c| inverse.byte(c)).collect();
        inverse.keeps_ascii = ascii.iter().zip(0u8..).all(|(&b, c)| b == Some(c));
        let unused = (0..=255u8).find(|b| !ascii.contains(&Some(*b)));
        if let Some(all) = ascii.iter().copied().collect::<Option<Vec<u8>>>() {
            inverse.ascii = all.try_into().ok();
        } else if let Some(sentinel) = unused {
            let mut table = [sentinel; 128];
            for (slot, b) in table.iter_mut().zip(&ascii) {
                *slot = b.unwrap_or(sentinel);
            }
            inverse.ascii_partial = Some((table, sentinel));
        }
        inverse.sequences = table
            .sequences
            .iter()
            .map(|&(b, s)| (s.chars().collect(), b))
            .collect();
        inverse
            .sequences
            .sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));
        inverse
    }

    /// The byte of code point `c`, if it has one.
    fn byte(&self, c: u32) -> Option<u8> {
        let b = self.flat[usize::from(u16::try_from(c).ok()?)];
        (b != 0 || c == self.zero).then_some(b)
    }

    /// Writes `c` (its byte, or its two bytes of base and mark); false if it has none.
    fn write(&self, c: char, dst: &mut Vec<u8>) -> bool {
        if let Some(b) = self.byte(u32::from(c)) {
            dst.push(b);
            return true;
        }
        match self.decomposed.binary_search_by_key(&c, |&(d, _)| d) {
            Ok(k) => {
                dst.extend_from_slice(&self.decomposed[k].1);
                true
            }
            Err(_) => false,
        }
    }
}

pub(super) struct SingleByteEncoder {
    inverse: &'static Inverse,
    /// Characters held back because they may begin a sequence, each with its byte index
    /// in the `src` of this call (`None`: an earlier call).
    held: Vec<(char, Option<usize>)>,
}

impl SingleByteEncoder {
    pub(super) fn new(inverse: &'static Inverse) -> SingleByteEncoder {
        SingleByteEncoder {
            inverse,
            held: Vec::new(),
        }
    }
}

impl Encode for SingleByteEncoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len());
        if !self.inverse.sequences.is_empty() {
            return self.encode_sequences(src, dst, last);
        }
        let inv = self.inverse;
        let bytes = src.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] < 0x80 {
                // Mixed text (box drawing, accented prose) has short ASCII stretches, which
                // one look at the next eight bytes ends sooner than the SIMD scan's set-up.
                let rest = &bytes[i..];
                let word = rest.first_chunk::<8>().map(|w| u64::from_le_bytes(*w));
                let n = match word.map(|w| w & 0x8080_8080_8080_8080) {
                    Some(high) if high != 0 => (high.trailing_zeros() / 8) as usize,
                    _ => encoding_rs::Encoding::ascii_valid_up_to(rest),
                };
                let run = &bytes[i..i + n];
                if inv.keeps_ascii {
                    dst.extend_from_slice(run);
                } else if let Some(ascii) = &inv.ascii {
                    let start = dst.len();
                    dst.resize(start + n, 0);
                    map_ascii(ascii, run, &mut dst[start..]);
                } else if let Some((table, sentinel)) = &inv.ascii_partial {
                    // Mapped whole; a character without a byte shows as the sentinel.
                    let start = dst.len();
                    dst.resize(start + n, 0);
                    map_ascii(table, run, &mut dst[start..]);
                    if let Some(k) = memchr::memchr(*sentinel, &dst[start..]) {
                        dst.truncate(start + k);
                        return (
                            EncodeStatus::Unmappable(char::from(bytes[i + k])),
                            i + k + 1,
                        );
                    }
                } else {
                    // Some ASCII character has no byte: one at a time, below.
                    i += self.ascii_one_by_one(run, dst);
                    if i < bytes.len() && bytes[i] < 0x80 {
                        let c = char::from(bytes[i]);
                        return (EncodeStatus::Unmappable(c), i + 1);
                    }
                    continue;
                }
                i += n;
                continue;
            }
            // Most characters above U+007F go in blocks; what that stops at, one by one.
            let dense = inv.encode_dense(bytes.get(i..).unwrap_or_default(), dst);
            if dense > 0 {
                i += dense;
                continue;
            }
            let Some(c) = src.get(i..).and_then(|s| s.chars().next()) else {
                break;
            };
            i += c.len_utf8();
            if !inv.write(c, dst) {
                return (EncodeStatus::Unmappable(c), i);
            }
        }
        (EncodeStatus::Done, src.len())
    }

    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        // The pipeline settles before an escape; should anything still be held, it goes
        // first, and a held character without a byte refuses the escape rather than vanish.
        if self.settle(dst).is_some() {
            return false;
        }
        if (0xDC80..=0xDCFF).contains(&unit) {
            dst.push((unit - 0xDC00) as u8);
            return true;
        }
        false
    }

    fn settle(&mut self, dst: &mut Vec<u8>) -> Option<char> {
        self.write_held(dst, true).map(|(c, _)| c)
    }
}

impl SingleByteEncoder {
    /// Maps the ASCII bytes of `run` while each has a byte; returns how many did.
    fn ascii_one_by_one(&self, run: &[u8], dst: &mut Vec<u8>) -> usize {
        for (k, &b) in run.iter().enumerate() {
            match self.inverse.byte(u32::from(b)) {
                Some(out) => dst.push(out),
                None => return k,
            }
        }
        run.len()
    }

    /// Encoding where sequences of characters may be one byte: the longest sequence is
    /// matched, and what may begin one is held until the next character tells.
    fn encode_sequences(
        &mut self,
        src: &str,
        dst: &mut Vec<u8>,
        last: bool,
    ) -> (EncodeStatus, usize) {
        for (i, c) in src.char_indices() {
            self.held.push((c, Some(i)));
            if let Some(failed) = self.write_held(dst, false) {
                return self.unmappable(failed);
            }
        }
        if last && let Some(failed) = self.write_held(dst, true) {
            return self.unmappable(failed);
        }
        // What stays held was read; it belongs to an earlier call from now on.
        for held in &mut self.held {
            held.1 = None;
        }
        (EncodeStatus::Done, src.len())
    }

    /// Writes what is held, from the front, while it cannot go on to a longer sequence (or,
    /// with `all`, until nothing is held): the longest sequence it starts with, else its
    /// first character alone. Returns a held character that has no byte, with its index.
    fn write_held(&mut self, dst: &mut Vec<u8>, all: bool) -> Option<(char, Option<usize>)> {
        while let Some(&(first, index)) = self.held.first() {
            if !all && self.may_go_on() {
                break;
            }
            match self.longest_sequence() {
                Some((len, b)) => {
                    dst.push(b);
                    self.held.drain(..len);
                }
                None => {
                    self.held.remove(0);
                    if !self.inverse.write(first, dst) {
                        return Some((first, index));
                    }
                }
            }
        }
        None
    }

    /// The status for a held character without a byte: read up to it (0 if an earlier
    /// call read it). Characters held from this call after it are let go, to be read again.
    fn unmappable(&mut self, (c, index): (char, Option<usize>)) -> (EncodeStatus, usize) {
        self.held.retain(|&(_, i)| i.is_none());
        (
            EncodeStatus::Unmappable(c),
            index.map_or(0, |i| i + c.len_utf8()),
        )
    }

    /// True when the held characters are the beginning of a longer sequence.
    fn may_go_on(&self) -> bool {
        let held = &self.held;
        self.inverse
            .sequences
            .iter()
            .any(|(s, _)| s.len() > held.len() && s.iter().zip(held).all(|(a, &(b, _))| *a == b))
    }

    /// The length and byte of the longest sequence of two or more characters that the held
    /// characters begin with.
    fn longest_sequence(&self) -> Option<(usize, u8)> {
        let held = &self.held;
        // Longest first, so the first match is the longest.
        self.inverse.sequences.iter().find_map(|(s, b)| {
            let fits = s.len() > 1 && s.len() <= held.len();
            (fits && s.iter().zip(held).all(|(a, &(c, _))| *a == c)).then_some((s.len(), *b))
        })
    }
}
