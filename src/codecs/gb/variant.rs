//! What makes one member of the GB family differ from another, and the lookup tables each
//! member derives from the generated ones once, on first use.
//!
//! Every member shares the two-byte and four-byte mappings of [`tables`] (encoding_rs's, that
//! is WHATWG's GB18030-2022). A member is those mappings narrowed (a repertoire of two-byte
//! cells, four-byte sequences or not, the byte 0x80 or not) and changed in a few places (small
//! override lists): another edition or vendor flavour is one more `static Variant`, never
//! another kernel.

#![forbid(unsafe_code)]

use super::tables::{self, PAIRS, RANGES, RANGES_BY_CP, ROW};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The last four-byte pointer in the BMP (84 31 A4 39 is U+FFFF).
const LAST_BMP_POINTER: u32 = 39419;
/// The four-byte pointer of U+10000 (90 30 81 30); U+10FFFF is 1237575.
const FIRST_SUPPLEMENTARY_POINTER: u32 = 189_000;

/// The ranges of trail bytes that are cells of a lead byte.
pub type RowCells = fn(u8) -> &'static [(u8, u8)];

/// One member of the GB family.
pub struct Variant {
    /// The two-byte cells that are characters here, as the ranges of trail bytes of each
    /// lead (`None`: every cell of the table). Ranges, not a test per cell: the encoding
    /// table is built by copying them, 24,192 calls fewer on first use.
    pub cells: Option<RowCells>,
    /// Two-byte cells mapped otherwise than in [`PAIRS`]: (pointer, code point, 0 for none).
    pub pair_overrides: &'static [(u16, u16)],
    /// Four-byte sequences mapped otherwise than by [`RANGES`] and the supplementary planes:
    /// (pointer, code point, 0 for none). Kept sorted by pointer.
    pub four_byte_overrides: &'static [(u32, u32)],
    /// True when the byte 0x80 is read as U+20AC (WHATWG's GBK and GB18030 both read it).
    pub euro_byte: bool,
    /// The character of the byte 0xFF, if it is one (code page 936's U+F8F5; an error in
    /// WHATWG's members). Written back through an entry in [`Variant::encode_extra`].
    pub byte_ff: Option<char>,
    /// True when four-byte sequences are read.
    pub four_byte_decode: bool,
    /// True when characters without a two-byte code are written as four bytes.
    pub four_byte_encode: bool,
    /// Code points written otherwise than by inverting the decoding tables (first pointer
    /// wins): (code point, bytes big-endian in a u32, 0 for unmappable). Kept sorted.
    pub encode_overrides: &'static [(u16, u32)],
    /// A second sorted list of the same kind: additions of this project's own, or of a
    /// member's own delta table.
    pub encode_extra: &'static [(u16, u32)],
    /// When set, a GB18030 character this member lacks is reported as a character of this
    /// wider charset (GB2312 says "GBK") instead of as invalid bytes.
    pub wider: Option<&'static str>,
    /// The decoding tables, made by the decoders once they are due (see
    /// [`Variant::utf8_if_due`]).
    pub tables: OnceLock<Tables>,
    /// The encoding table ([`Variant::encode_table`]), made on first use by an encoder. Apart
    /// from the decoding ones: an encoder needs only this, and building the decoding tables
    /// too doubled the first-use cost of a small file written in a GB charset.
    pub encode_table: OnceLock<Vec<u16>>,
    /// Two-byte codes the decoders have read without the tables so far.
    pub stepped: AtomicUsize,
}

/// How many two-byte codes the decoders of a member read one at a time before its tables are
/// built: building them costs about as much as reading a few times as many, so a few
/// kilobytes (`--detect` decodes a small file with each GB candidate) never pay for them,
/// and a long input pays little more than it would with the tables from the start.
const BUILD_AFTER: usize = 16 * 1024;

/// The decoding lookup tables of one member.
pub struct Tables {
    /// For each two bytes `lead, trail` (lead 0x81..=0xFE), at `(lead << 8 | trail) - 0x8100`:
    /// the code point of the cell (all are in the BMP, none below U+0080), 0 where the member
    /// has none. Indexed by the two bytes read as one big-endian number, so that one bounds
    /// check rejects every lead that is not one; a trail that is not one finds a 0.
    pub decode: Vec<u16>,
    /// The same, ready to store: the character's UTF-8 in the low bytes (little-endian), its
    /// length in the top byte; 0 where the member has none. The decoder's fast loop reads this.
    pub utf8: Vec<u32>,
}

impl Variant {
    /// The decoding tables, made the first time they are asked for.
    pub fn tables(&self) -> &Tables {
        self.tables.get_or_init(|| self.make_tables())
    }

    /// For each BMP code point, its two-byte code (lead << 8 | trail), or 0 where writing it
    /// takes more than a table lookup (ASCII, four bytes, an override, unmappable); made the
    /// first time it is asked for.
    pub fn encode_table(&self) -> &[u16] {
        self.encode_table.get_or_init(|| self.make_encode_table())
    }

    /// The code point of every cell of [`PAIRS`] in this member (0 for none): the overrides
    /// applied, the cells outside its repertoire cleared.
    fn cell_code_points(&self) -> Vec<u16> {
        let mut cps: Vec<u16> = PAIRS.to_vec();
        for &(pointer, cp) in self.pair_overrides {
            if let Some(i) = index_of_pointer(pointer) {
                cps[i] = cp;
            }
        }
        let Some(ranges) = self.cells else {
            return cps;
        };
        let mut kept = vec![0u16; cps.len()];
        for (row, (from, to)) in cps.chunks(ROW).zip(kept.chunks_mut(ROW)).enumerate() {
            for &(lo, hi) in ranges(row as u8 + 0x81) {
                // (A trail below 0x40 is no cell: out of the row, and skipped by `get`.)
                let cells = usize::from(lo).wrapping_sub(0x40)..=usize::from(hi).wrapping_sub(0x40);
                if let (Some(from), Some(to)) = (from.get(cells.clone()), to.get_mut(cells)) {
                    to.copy_from_slice(from);
                }
            }
        }
        kept
    }

    /// True when the two-byte cell `lead trail` is in this member's repertoire.
    pub fn has_cell(&self, lead: u8, trail: u8) -> bool {
        self.cells.is_none_or(|ranges| {
            ranges(lead)
                .iter()
                .any(|&(lo, hi)| (lo..=hi).contains(&trail))
        })
    }

    fn make_encode_table(&self) -> Vec<u16> {
        let cps = self.cell_code_points();
        let mut encode = vec![0u16; 0x10000];
        for (i, &cp) in cps.iter().enumerate() {
            let slot = &mut encode[usize::from(cp)];
            if cp >= 0x80 && *slot == 0 {
                let (lead, trail) = cell_bytes(i);
                *slot = u16::from(lead) << 8 | u16::from(trail);
            }
        }
        for &(cp, bytes) in self.encode_overrides.iter().chain(self.encode_extra) {
            // Only plain two-byte codes go in the table; the rest stay with the slow path.
            encode[usize::from(cp)] = match u16::try_from(bytes) {
                Ok(pair) if pair >= 0x8140 => pair,
                _ => 0,
            };
        }
        encode
    }

    fn make_tables(&self) -> Tables {
        let cps = self.cell_code_points();
        let mut decode = vec![0u16; 126 * 256];
        for (i, &cp) in cps.iter().enumerate() {
            let (lead, trail) = cell_bytes(i);
            decode[usize::from(lead - 0x81) << 8 | usize::from(trail)] = cp;
        }
        let utf8 = decode
            .iter()
            .map(
                |&cp| match char::from_u32(u32::from(cp)).filter(|&c| c != '\0') {
                    Some(c) => {
                        let mut buf = [0u8; 4];
                        let len = c.encode_utf8(&mut buf).len();
                        u32::from_le_bytes(buf) | (len as u32) << 24
                    }
                    None => 0,
                },
            )
            .collect();
        Tables { decode, utf8 }
    }

    /// The decoder's lookup ([`Tables::utf8`]) when the tables are built or due: after
    /// [`BUILD_AFTER`] codes read without them. Until then the decoder reads one code at a
    /// time, and [`Variant::pair`] finds a cell without the tables.
    pub fn utf8_if_due(&self) -> Option<&[u32]> {
        match self.tables.get() {
            Some(t) => Some(&t.utf8),
            None if self.stepped.load(Ordering::Relaxed) >= BUILD_AFTER => {
                Some(&self.tables().utf8)
            }
            None => None,
        }
    }

    /// Counts a two-byte code read without the tables. A plain load and store, not an atomic
    /// add: two threads may lose a count now and then, which only delays the build a little.
    pub fn count_stepped(&self) {
        let n = self.stepped.load(Ordering::Relaxed);
        self.stepped.store(n + 1, Ordering::Relaxed);
    }

    /// The code point of a two-byte cell in this member, if it has one.
    pub fn pair(&self, lead: u8, trail: u8) -> Option<char> {
        let i = cell_index(lead, trail)?;
        let cp = match self.tables.get() {
            Some(t) => *t.decode.get(decode_index(lead, trail))?,
            None => self.pair_cell(lead, trail, i),
        };
        (cp != 0).then(|| char::from_u32(u32::from(cp))).flatten()
    }

    /// The code point of the cell at index `i` of [`PAIRS`] as [`Variant::make_tables`]
    /// puts it in [`Tables::decode`] (the last override of the cell wins; a cell outside
    /// the member's repertoire is 0), without the tables.
    pub(super) fn pair_cell(&self, lead: u8, trail: u8, i: usize) -> u16 {
        if !self.has_cell(lead, trail) {
            return 0;
        }
        let overridden = self
            .pair_overrides
            .iter()
            .rev()
            .find(|&&(pointer, _)| index_of_pointer(pointer) == Some(i));
        match overridden {
            Some(&(_, cp)) => cp,
            None => PAIRS.get(i).copied().unwrap_or(0),
        }
    }

    /// The code point of a two-byte cell in GB18030 (for telling what a member lacks).
    pub fn gb18030_pair(lead: u8, trail: u8) -> Option<char> {
        let cp = *PAIRS.get(cell_index(lead, trail)?)?;
        (cp != 0).then(|| char::from_u32(u32::from(cp))).flatten()
    }

    /// The character of four-byte pointer `pointer` in this member's mapping (whether the
    /// member reads four-byte sequences at all is [`Variant::four_byte_decode`]).
    pub fn four_byte(&self, pointer: u32) -> Option<char> {
        if let Ok(i) = self
            .four_byte_overrides
            .binary_search_by_key(&pointer, |o| o.0)
        {
            return char::from_u32(self.four_byte_overrides[i].1).filter(|&c| c != '\0');
        }
        four_byte_gb18030(pointer)
    }

    /// The bytes of `c` where the encode table has none: an override, or a four-byte
    /// sequence. Big-endian in a u32 (one byte below 0x100, two below 0x10000, else four).
    pub fn encode_slow(&self, c: char) -> Option<u32> {
        let cp = u32::from(c);
        if let Ok(small) = u16::try_from(cp) {
            for list in [self.encode_extra, self.encode_overrides] {
                if let Ok(i) = list.binary_search_by_key(&small, |o| o.0) {
                    return Some(list[i].1).filter(|&b| b != 0);
                }
            }
            if let Some(&pair) = self.encode_table().get(usize::from(small))
                && pair != 0
            {
                return Some(u32::from(pair));
            }
        }
        if !self.four_byte_encode {
            return None;
        }
        let pointer = match u16::try_from(cp) {
            Ok(small) => bmp_pointer(small)?,
            Err(_) => FIRST_SUPPLEMENTARY_POINTER + (cp - 0x10000),
        };
        Some(u32::from_be_bytes(four_bytes(pointer)))
    }
}

/// The index in [`PAIRS`] of a two-byte cell, if the bytes are a lead and a trail.
pub fn cell_index(lead: u8, trail: u8) -> Option<usize> {
    if !(0x81..=0xFE).contains(&lead) || !(0x40..=0xFE).contains(&trail) || trail == 0x7F {
        return None;
    }
    Some(usize::from(lead - 0x81) * ROW + usize::from(trail - 0x40))
}

/// The index in [`Tables::decode`] of two bytes (out of range when `lead` is not a lead).
pub fn decode_index(lead: u8, trail: u8) -> usize {
    usize::from(u16::from_be_bytes([lead, trail])).wrapping_sub(0x8100)
}

/// The lead and trail of the cell at index `i` of [`PAIRS`].
pub(super) fn cell_bytes(i: usize) -> (u8, u8) {
    ((i / ROW) as u8 + 0x81, (i % ROW) as u8 + 0x40)
}

/// The index in [`PAIRS`] of a two-byte pointer (WHATWG's numbering, 190 per lead).
pub(super) fn index_of_pointer(pointer: u16) -> Option<usize> {
    let (lead, trail) = (pointer / 190, pointer % 190);
    let trail = trail + if trail < 0x3F { 0x40 } else { 0x41 };
    cell_index(u8::try_from(lead + 0x81).ok()?, u8::try_from(trail).ok()?)
}

/// GB18030-2022's four-byte mapping: the BMP ranges and the supplementary planes.
fn four_byte_gb18030(pointer: u32) -> Option<char> {
    if pointer >= FIRST_SUPPLEMENTARY_POINTER {
        return char::from_u32(0x10000 + (pointer - FIRST_SUPPLEMENTARY_POINTER))
            .filter(|&c| u32::from(c) <= 0x10FFFF);
    }
    if pointer > LAST_BMP_POINTER {
        return None;
    }
    let i = RANGES.partition_point(|r| r.0 <= pointer).checked_sub(1)?;
    let (first, cp) = RANGES[i];
    if cp == 0 {
        return None;
    }
    char::from_u32(u32::from(cp) + (pointer - first))
}

/// The four-byte pointer of a BMP code point, by [`RANGES_BY_CP`].
fn bmp_pointer(cp: u16) -> Option<u32> {
    let i = RANGES_BY_CP.partition_point(|r| r.0 <= cp).checked_sub(1)?;
    let (first, pointer) = RANGES_BY_CP[i];
    let p = pointer + u32::from(cp - first);
    // The range ends where the next one (in pointer order) begins.
    let next = RANGES.partition_point(|r| r.0 <= pointer);
    let end = RANGES.get(next).map_or(LAST_BMP_POINTER + 1, |r| r.0);
    (p < end).then_some(p)
}

/// The bytes of four-byte pointer `p`.
pub fn four_bytes(p: u32) -> [u8; 4] {
    [
        (p / 12600 + 0x81) as u8,
        (p / 1260 % 10 + 0x30) as u8,
        (p / 10 % 126 + 0x81) as u8,
        (p % 10 + 0x30) as u8,
    ]
}

/// The pointer of four bytes already checked to be lead, digit, lead, digit.
pub fn four_byte_pointer(b: [u8; 4]) -> u32 {
    (u32::from(b[0]) - 0x81) * 12600
        + (u32::from(b[1]) - 0x30) * 1260
        + (u32::from(b[2]) - 0x81) * 10
        + (u32::from(b[3]) - 0x30)
}

/// GBK's and GB18030's generated encode overrides, for the `static`s of the family.
pub use tables::{GB18030_ENCODE, GBK_ENCODE};
