//! The double-byte EBCDIC code pages of IBM's mainframes, what z/OS and IBM i export Japanese,
//! Korean and Chinese text in: IBM930, IBM939, IBM1390 and IBM1399 (Japanese), IBM933 and
//! IBM1364 (Korean), IBM935 and IBM1388 (Simplified Chinese), IBM937 and IBM1371 (Traditional
//! Chinese), as glibc's modules of those names convert them (tables in data/cjk, read from
//! glibc).
//!
//! Text starts in a single-byte EBCDIC page. SO (0x0E) shifts to the double-byte set, whose
//! codes are two bytes with lead and trail in 0x41..=0xFE (0x4040 is the ideographic space),
//! and SI (0x0F) shifts back; a repeated shift changes nothing, as in glibc. In the
//! double-byte set, a lead whose next byte cannot be a trail is an error of one byte and the
//! next byte is read again; a pair the table lacks is an error of two; a byte that cannot be
//! a lead is an error of one. The state outlives an error: a decoder loses at most the shift
//! run it is in.
//!
//! The encoder writes a character's single byte where the page has one, else its double-byte
//! code (SO before the first of a run, SI after it and at the end), as glibc's do, and the
//! one-way codes glibc's tables give some characters, but for those to SUB (0x3F): glibc
//! writes the characters a page lacks (U+000E and U+000F among them) as SUB, which loses them
//! without a word; here they are unmappable, for the error policy to decide. IBM1390 and
//! IBM1399 have 25 codes for a kana or letter followed by a combining mark, written for that
//! pair (the encoder holds the first character until it sees the next).

#![forbid(unsafe_code)]

use super::cjk::table::packed_utf8;
use super::cjk::table::{Cell, DbcsTables, EBCDIC_SPAN, Lookups, ebcdic_code, ebcdic_index};
use super::cjk::tables;
use super::codec::{Codec, Decode, DecodeStatus, Encode, EncodeStatus, Family, Problem};
use super::codec::{cut_anywhere, replayed_shift_state};
use std::collections::HashMap;

/// Shift out: to the double-byte set.
const SO: u8 = 0x0E;
/// Shift in: back to the single bytes.
const SI: u8 = 0x0F;

/// One double-byte EBCDIC page.
#[derive(Clone, Copy)]
pub struct EbcdicDbcs {
    name: &'static str,
    tables: &'static DbcsTables,
    lookups: &'static Lookups<DecodeMaps, EncodeMap>,
}

/// Defines the `static` of a page, with lookups of its own.
macro_rules! page {
    ($(#[$doc:meta])* $page:ident) => {
        $(#[$doc])*
        pub static $page: EbcdicDbcs = EbcdicDbcs {
            name: stringify!($page),
            tables: &tables::$page,
            lookups: {
                static LOOKUPS: Lookups<DecodeMaps, EncodeMap> = Lookups::new();
                &LOOKUPS
            },
        };
    };
}

page!(
    /// IBM930: Japanese, katakana single bytes (CCSID 290) and CCSID 300.
    IBM930
);
page!(
    /// IBM939: Japanese, Latin single bytes (CCSID 1027) and CCSID 300.
    IBM939
);
page!(
    /// IBM933: Korean (CCSIDs 833 and 834).
    IBM933
);
page!(
    /// IBM935: Simplified Chinese (CCSIDs 836 and 837).
    IBM935
);
page!(
    /// IBM937: Traditional Chinese (CCSIDs 28709 and 835).
    IBM937
);
page!(
    /// IBM1364: Korean with the extended double-byte set (CCSIDs 833 and 4930).
    IBM1364
);
page!(
    /// IBM1371: Traditional Chinese with the euro (CCSIDs 1159 and 835).
    IBM1371
);
page!(
    /// IBM1388: Simplified Chinese with GBK's repertoire (CCSIDs 13124 and 4933).
    IBM1388
);
page!(
    /// IBM1390: Japanese katakana single bytes and JIS X 0213's repertoire (CCSID 16684).
    IBM1390
);
page!(
    /// IBM1399: Japanese Latin single bytes and JIS X 0213's repertoire (CCSID 16684).
    IBM1399
);

/// Every page.
pub static ALL: [&EbcdicDbcs; 10] = [
    &IBM930, &IBM939, &IBM933, &IBM935, &IBM937, &IBM1364, &IBM1371, &IBM1388, &IBM1390, &IBM1399,
];

/// The decoder's lookups, built from the tables on first use: every single byte and every
/// double-byte code of one BMP character as packed UTF-8 (0: not one; SO and SI are 0, and
/// the double-byte codes of pairs and of characters beyond the BMP go through the table).
struct DecodeMaps {
    single: [u32; 256],
    double: Vec<u32>,
}

/// The encoder's lookups: each BMP character's code (below 0x100 a single byte, else the two
/// bytes; 0 for none, U+0000 apart), the codes of characters beyond the BMP, and of pairs.
struct EncodeMap {
    bmp: Vec<u16>,
    astral: HashMap<char, u16>,
    pairs: HashMap<(char, char), u16>,
    /// The first characters of the pairs.
    starts: Vec<char>,
}

impl EbcdicDbcs {
    fn maps(&self) -> &'static DecodeMaps {
        let lookups: &'static Lookups<DecodeMaps, EncodeMap> = self.lookups;
        lookups.decode.get_or_init(|| {
            let mut single = [0u32; 256];
            single[0] = packed_utf8('\0');
            for (b, slot) in single.iter_mut().enumerate().skip(1) {
                if let Cell::Char(c) = self.tables.single.cell(b) {
                    *slot = packed_utf8(c);
                }
            }
            let double = (0..EBCDIC_SPAN * EBCDIC_SPAN)
                .map(|i| match self.tables.double.cell(i) {
                    Cell::Char(c) => packed_utf8(c),
                    _ => 0,
                })
                .collect();
            DecodeMaps { single, double }
        })
    }

    fn encoding(&self) -> &'static EncodeMap {
        let lookups: &'static Lookups<DecodeMaps, EncodeMap> = self.lookups;
        lookups.encode.get_or_init(|| {
            let mut map = EncodeMap {
                bmp: vec![0; 0x1_0000],
                astral: HashMap::new(),
                pairs: HashMap::new(),
                starts: Vec::new(),
            };
            // The single bytes first: a character in both sets is written in one byte.
            let single = self.tables.single.inverse();
            let double = self.tables.double.inverse();
            for cp in 1..=0x10_FFFFu32 {
                let Some(c) = char::from_u32(cp) else {
                    continue;
                };
                let code = match (single.get(c), double.get(c)) {
                    (Some(b), _) => b as u16,
                    (None, Some(i)) => u16::from_be_bytes(ebcdic_code(i)),
                    (None, None) => continue,
                };
                map.set(c, code);
            }
            for &(c, code) in self.tables.encode_only {
                if map.get(c).is_none() {
                    map.set(c, code);
                }
            }
            for index in 0..self.tables.double.len() {
                if let Cell::Pair(a, b) = self.tables.double.cell(index)
                    && !self.tables.double.is_decode_only(index)
                {
                    let code = u16::from_be_bytes(ebcdic_code(index as u32));
                    map.pairs.entry((a, b)).or_insert(code);
                    map.starts.push(a);
                }
            }
            map.starts.sort_unstable();
            map.starts.dedup();
            map
        })
    }
}

impl EncodeMap {
    fn set(&mut self, c: char, code: u16) {
        match self.bmp.get_mut(c as usize) {
            Some(slot) => *slot = code,
            None => {
                self.astral.insert(c, code);
            }
        }
    }

    /// The code of `c`: its single byte (below 0x100) or its two bytes.
    #[inline]
    fn get(&self, c: char) -> Option<u16> {
        match c {
            '\0' => Some(0),
            _ => match self.bmp.get(c as usize) {
                Some(&0) => None,
                Some(&code) => Some(code),
                None => self.astral.get(&c).copied(),
            },
        }
    }
}

impl Codec for EbcdicDbcs {
    fn name(&self) -> &'static str {
        self.name
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(DbcsDecoder {
            page: *self,
            double: false,
            lead: None,
        })
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(DbcsEncoder {
            page: *self,
            double: false,
            held: None,
        })
    }

    replayed_shift_state!(cut_anywhere);

    fn decodes_one_to_one(&self) -> bool {
        false
    }

    fn family(&self) -> Family {
        Family::Ebcdic
    }

    fn nel_is_line_end(&self) -> bool {
        true
    }

    fn escapes_ascii(&self) -> bool {
        // Bytes below 0x80 are not ASCII here, and can be ill-formed (a byte the page lacks,
        // a control byte in the double-byte set): the escapes write them back.
        true
    }
}

fn bad(len: usize, after: usize) -> DecodeStatus {
    DecodeStatus::Malformed {
        len,
        after,
        problem: Problem::Invalid,
    }
}

/// The decoder: the shift state, and a lead byte that ended the previous input.
#[derive(Clone)]
struct DbcsDecoder {
    page: EbcdicDbcs,
    double: bool,
    lead: Option<u8>,
}

/// Room for eight bytes of UTF-8 (a pair) in `dst`.
fn room(dst: &String) -> bool {
    dst.capacity() - dst.len() >= 8
}

impl DbcsDecoder {
    /// The text of the double-byte code `lead trail` (both in 0x40..=0xFE): a character or
    /// pair written into `out` (its length returned), or `None` when the table lacks it.
    fn pair(&self, lead: u8, trail: u8, out: &mut [u8]) -> Option<usize> {
        let i = ebcdic_index(lead, trail)?;
        match self.page.tables.double.cell(i) {
            Cell::Empty => None,
            cell => Some(super::cjk::stateful::put_cell(out, cell)),
        }
    }

    /// Finishes a code whose lead ended the previous input.
    fn finish_lead(
        &mut self,
        lead: u8,
        src: &[u8],
        dst: &mut String,
        last: bool,
    ) -> Option<(DecodeStatus, usize)> {
        let Some(&trail) = src.first() else {
            if last {
                self.lead = None;
                return Some((bad(1, 0), 0));
            }
            return Some((DecodeStatus::InputEmpty, 0));
        };
        if !room(dst) {
            return Some((DecodeStatus::OutputFull, 0));
        }
        self.lead = None;
        if !is_db_byte(trail) {
            // The lead alone; the byte after it is read again.
            return Some((bad(1, 0), 0));
        }
        let mut out = [0u8; 8];
        match self.pair(lead, trail, &mut out) {
            Some(n) => {
                dst.push_str(std::str::from_utf8(&out[..n]).unwrap_or("\u{FFFD}"));
                None
            }
            None => Some((bad(2, 0), 1)),
        }
    }
}

/// True for a byte that can be a lead or trail of a double-byte code.
#[inline]
fn is_db_byte(b: u8) -> bool {
    (0x40..=0xFE).contains(&b)
}

impl Decode for DbcsDecoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let mut i = 0;
        if let Some(lead) = self.lead {
            if let Some(status) = self.finish_lead(lead, src, dst, last) {
                return status;
            }
            i = 1;
        }
        let maps = self.page.maps();
        // The text goes through a small buffer of UTF-8, appended to `dst` in one piece.
        let mut buf = [0u8; 4096];
        let mut k = 0;
        let cap = dst.capacity();
        let flush = |dst: &mut String, buf: &[u8]| {
            // The buffer holds whole characters of UTF-8 from the tables.
            if let Ok(text) = simdutf8::basic::from_utf8(buf) {
                dst.push_str(text);
            }
        };
        while i < src.len() {
            if k + 8 > buf.len() {
                flush(dst, &buf[..k]);
                k = 0;
            }
            if cap - dst.len() - k < 8 {
                flush(dst, &buf[..k]);
                return (DecodeStatus::OutputFull, i);
            }
            // How far `k` may go with room left for one more character (a pair: 8 bytes).
            let limit = (cap - dst.len()).min(buf.len()) - 8;
            if !self.double {
                while i < src.len() && k <= limit {
                    let v = maps.single[usize::from(src[i])];
                    if v == 0 {
                        break;
                    }
                    buf[k..k + 4].copy_from_slice(&v.to_le_bytes());
                    k += (v >> 24) as usize;
                    i += 1;
                }
            } else {
                while i + 1 < src.len() && k <= limit {
                    let Some(at) = ebcdic_index(src[i], src[i + 1]) else {
                        break;
                    };
                    let v = maps.double[at];
                    if v == 0 {
                        break;
                    }
                    buf[k..k + 4].copy_from_slice(&v.to_le_bytes());
                    k += (v >> 24) as usize;
                    i += 2;
                }
            }
            if i == src.len() {
                break;
            }
            if k > limit {
                continue;
            }
            let b = src[i];
            match b {
                SO => self.double = true,
                SI => self.double = false,
                _ if !self.double => {
                    flush(dst, &buf[..k]);
                    return (bad(1, 0), i + 1);
                }
                _ if !is_db_byte(b) => {
                    flush(dst, &buf[..k]);
                    return (bad(1, 0), i + 1);
                }
                _ => match src.get(i + 1) {
                    None if last => {
                        flush(dst, &buf[..k]);
                        return (bad(1, 0), i + 1);
                    }
                    None => {
                        flush(dst, &buf[..k]);
                        self.lead = Some(b);
                        return (DecodeStatus::InputEmpty, i + 1);
                    }
                    Some(&trail) if !is_db_byte(trail) => {
                        flush(dst, &buf[..k]);
                        return (bad(1, 0), i + 1);
                    }
                    Some(&trail) => match self.pair(b, trail, &mut buf[k..]) {
                        Some(n) => {
                            k += n;
                            i += 1;
                        }
                        None => {
                            flush(dst, &buf[..k]);
                            return (bad(2, 0), i + 2);
                        }
                    },
                },
            }
            i += 1;
        }
        flush(dst, &buf[..k]);
        (DecodeStatus::InputEmpty, src.len())
    }

    fn snapshot(&self) -> Option<Box<dyn Decode>> {
        Some(Box::new(self.clone()))
    }
}

/// The encoder: the shift state, and a character that may begin a pair.
struct DbcsEncoder {
    page: EbcdicDbcs,
    double: bool,
    held: Option<char>,
}

impl DbcsEncoder {
    /// Writes `code` (a single byte below 0x100), shifting as needed.
    #[inline]
    fn put(&mut self, code: u16, dst: &mut Vec<u8>) {
        if code < 0x100 {
            if self.double {
                dst.push(SI);
                self.double = false;
            }
            dst.push(code as u8);
        } else {
            if !self.double {
                dst.push(SO);
                self.double = true;
            }
            dst.extend_from_slice(&code.to_be_bytes());
        }
    }

    /// Writes the held character on its own (it has a code: it was held only if so).
    fn flush(&mut self, map: &EncodeMap, dst: &mut Vec<u8>) {
        if let Some(h) = self.held.take()
            && let Some(code) = map.get(h)
        {
            self.put(code, dst);
        }
    }
}

impl Encode for DbcsEncoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        let map = self.page.encoding();
        dst.reserve(src.len() + 2);
        for (i, c) in src.char_indices() {
            if let Some(h) = self.held {
                if let Some(&code) = map.pairs.get(&(h, c)) {
                    self.held = None;
                    self.put(code, dst);
                    continue;
                }
                self.flush(map, dst);
            }
            let Some(code) = map.get(c) else {
                return (EncodeStatus::Unmappable(c), i + c.len_utf8());
            };
            if !map.starts.is_empty() && map.starts.binary_search(&c).is_ok() {
                self.held = Some(c);
                continue;
            }
            self.put(code, dst);
        }
        if last {
            self.flush(map, dst);
            if self.double {
                dst.push(SI);
                self.double = false;
            }
        }
        (EncodeStatus::Done, src.len())
    }

    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        // An escaped byte (`--errors escape`) goes back so that it reads as the same error
        // again, whatever shift state it was read in (an escape does not say): a byte the
        // single-byte page lacks, among single bytes; any other, alone in a shifted run of
        // its own (SO b SI), where it cannot pair with what follows. The shifts are never
        // escaped bytes: writing them would shift the reader.
        if !(0xDC00..=0xDCFF).contains(&unit) || matches!(unit - 0xDC00, 0x0E | 0x0F) {
            return false;
        }
        let b = (unit - 0xDC00) as u8;
        let map = self.page.encoding();
        self.flush(map, dst);
        if b != 0 && self.page.maps().single[usize::from(b)] == 0 {
            if self.double {
                dst.push(SI);
                self.double = false;
            }
            dst.push(b);
        } else {
            if !self.double {
                dst.push(SO);
            }
            dst.extend_from_slice(&[b, SI]);
            self.double = false;
        }
        true
    }
}

#[cfg(test)]
mod tests;
