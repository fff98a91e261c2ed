//! The form the generated CJK tables take ([`Table`]: one value per code, in a binary file
//! beside the generated `tables.rs`), the index functions that place a code in a table (shared
//! by the codecs and by the generator, so the two cannot disagree), and [`Inverse`], the
//! encoder's lookup, built from a table the first time a charset is written.

#![forbid(unsafe_code)]

use std::collections::HashMap;

/// The code point of the three-byte UTF-8 character at `bytes[i]` (U+0800..U+FFFF), if that
/// is what is there: the one form every CJK character of the BMP takes.
#[inline]
pub fn utf8_three(bytes: &[u8], i: usize) -> Option<usize> {
    match bytes.get(i..i + 3) {
        Some(&[a @ 0xE0..=0xEF, b, c]) => {
            Some(usize::from(a & 0x0F) << 12 | usize::from(b & 0x3F) << 6 | usize::from(c & 0x3F))
        }
        _ => None,
    }
}

/// A character as packed UTF-8 for the decoders' lookups: its bytes in the low three bytes
/// (first lowest) and their number in the top one; 0 for a character of four bytes, which
/// the lookups leave to the slow path.
#[inline]
pub fn packed_utf8(c: char) -> u32 {
    let mut utf8 = [0u8; 4];
    let n = c.encode_utf8(&mut utf8).len();
    if n > 3 {
        return 0;
    }
    utf8[3] = n as u8;
    u32::from_le_bytes(utf8)
}

/// What a charset builds from its tables on first use, a `static` of its own: the decoder's
/// lookups `D` and the encoder's `E`.
pub struct Lookups<D, E> {
    /// The decoder's.
    pub decode: std::sync::OnceLock<D>,
    /// The encoder's.
    pub encode: std::sync::OnceLock<E>,
}

impl<D, E> Lookups<D, E> {
    /// Nothing built yet.
    pub const fn new() -> Lookups<D, E> {
        Lookups {
            decode: std::sync::OnceLock::new(),
            encode: std::sync::OnceLock::new(),
        }
    }
}

impl<D, E> Default for Lookups<D, E> {
    fn default() -> Lookups<D, E> {
        Lookups::new()
    }
}

/// Cells in one 94×94 plane.
pub const PLANE: usize = 94 * 94;

/// Values at or above this stand for a sequence of two code points: `SEQUENCE + i` is entry
/// `i` of the table's `sequences`.
pub const SEQUENCE: u32 = 0x11_0000;

/// One mapping table: a value per code (0 = no character, a code point, or [`SEQUENCE`] + i),
/// stored as little-endian `u16` (`wide` false) or `u32`.
pub struct Table {
    /// The values, two or four bytes each.
    pub cells: &'static [u8],
    /// Four bytes per value (tables with characters beyond the BMP or sequences).
    pub wide: bool,
    /// Indexes of the codes that decode but are not written for their character (the `D`
    /// rows of the source: another code of the table is).
    pub decode_only: &'static [u32],
    /// The two code points of each sequence value.
    pub sequences: &'static [(char, char)],
}

/// What a table holds at one index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// No character.
    Empty,
    /// One character.
    Char(char),
    /// A character followed by a combining one (Big5-HKSCS, JIS X 0213).
    Pair(char, char),
}

impl Table {
    /// How many values the table holds.
    pub fn len(&self) -> usize {
        self.cells.len() / if self.wide { 4 } else { 2 }
    }

    /// True for a table without values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The raw value at `index` (0 beyond the end).
    #[inline]
    pub fn value(&self, index: usize) -> u32 {
        if self.wide {
            match self.cells.get(index * 4..index * 4 + 4) {
                Some(b) => u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
                None => 0,
            }
        } else {
            match self.cells.get(index * 2..index * 2 + 2) {
                Some(b) => u32::from(u16::from_le_bytes([b[0], b[1]])),
                None => 0,
            }
        }
    }

    /// What the table holds at `index`.
    #[inline]
    pub fn cell(&self, index: usize) -> Cell {
        self.cell_of(self.value(index))
    }

    /// What a raw value of the table stands for.
    #[inline]
    fn cell_of(&self, v: u32) -> Cell {
        if v == 0 {
            return Cell::Empty;
        }
        if v >= SEQUENCE {
            return match self.sequences.get((v - SEQUENCE) as usize) {
                Some(&(a, b)) => Cell::Pair(a, b),
                None => Cell::Empty,
            };
        }
        char::from_u32(v).map_or(Cell::Empty, Cell::Char)
    }

    /// True when `index` decodes but is not what the encoder writes for its character.
    pub fn is_decode_only(&self, index: usize) -> bool {
        self.decode_only.binary_search(&(index as u32)).is_ok()
    }

    /// The GL row and cell (`row << 8 | cell`, 0 for none) each BMP character is written as,
    /// as [`Inverse::gl_codes`] of [`Table::inverse`] gives them, without building the
    /// inverse first: a shift-state encoder of one 94×94 set needs only this.
    pub fn gl_codes(&self) -> Vec<u16> {
        let mut codes = vec![0u16; 0x1_0000];
        for index in 0..self.len() {
            if self.is_decode_only(index) {
                continue;
            }
            if let Cell::Char(c) = self.cell(index)
                && let Some(slot) = codes.get_mut(c as usize)
                && *slot == 0
            {
                let (row, cell) = row_cell(index as u32);
                *slot = u16::from(row) << 8 | u16::from(cell);
            }
        }
        codes
    }

    /// The encoder's view: every character (and sequence) with the index it is written as;
    /// decode-only indexes are left out and the first index of a character wins.
    pub fn inverse(&self) -> Inverse {
        let mut inv = Inverse::default();
        // `decode_only` is sorted (as `is_decode_only`'s search needs): walked beside the
        // indexes rather than searched for each, and empty values skipped before anything
        // else, since building the inverse is an encoder's first-use cost (CNS 11643 has
        // 70,688 values).
        let mut next_decode_only = 0;
        for index in 0..self.len() {
            let v = self.value(index);
            if v == 0 {
                continue;
            }
            let at = index as u32;
            while self
                .decode_only
                .get(next_decode_only)
                .is_some_and(|&d| d < at)
            {
                next_decode_only += 1;
            }
            if self.decode_only.get(next_decode_only) == Some(&at) {
                continue;
            }
            match self.cell_of(v) {
                Cell::Empty => {}
                Cell::Char(c) => inv.insert(c, index as u32),
                Cell::Pair(a, b) => {
                    inv.pairs.entry((a, b)).or_insert(index as u32);
                }
            }
        }
        inv
    }
}

/// A character → index lookup: a flat array for the BMP and another for plane 2 (made on
/// its first character), a map beyond them, and a map of the two-code-point sequences.
/// Values are stored plus one in the arrays, so that zero means "none".
///
/// Plane 2 is flat because CNS 11643 has 30,713 characters there: inserting them in a hash
/// map took 15 M instructions, most of the first-use cost of an EUC-TW encoder.
pub struct Inverse {
    bmp: Vec<u32>,
    /// U+20000..=U+2FFFF, empty until one of them is inserted.
    plane2: Vec<u32>,
    astral: HashMap<char, u32>,
    pairs: HashMap<(char, char), u32>,
    /// The first characters of the sequences, which the encoder must hold back a character for.
    starts: Vec<char>,
}

impl Default for Inverse {
    fn default() -> Inverse {
        Inverse {
            bmp: vec![0; 0x1_0000],
            plane2: Vec::new(),
            astral: HashMap::new(),
            pairs: HashMap::new(),
            starts: Vec::new(),
        }
    }
}

impl Inverse {
    /// The slot of `c` in one of the flat arrays (plane 2's made if `make`), if it has one
    /// there.
    #[inline]
    fn flat(&mut self, c: char, make: bool) -> Option<&mut u32> {
        let cp = c as usize;
        if cp < 0x1_0000 {
            return self.bmp.get_mut(cp);
        }
        if cp >> 16 != 2 {
            return None;
        }
        if make && self.plane2.is_empty() {
            self.plane2 = vec![0; 0x1_0000];
        }
        self.plane2.get_mut(cp & 0xFFFF)
    }

    /// Records `c` → `index` unless `c` already has an index.
    pub fn insert(&mut self, c: char, index: u32) {
        let cp = c as usize;
        // The BMP first and alone: tables insert tens of thousands of its characters.
        let slot = match self.bmp.get_mut(cp) {
            Some(slot) => slot,
            None if cp >> 16 != 2 => {
                self.astral.entry(c).or_insert(index);
                return;
            }
            None => match self.flat(c, true) {
                Some(slot) => slot,
                None => return,
            },
        };
        if *slot == 0 {
            *slot = index + 1;
        }
    }

    /// Records `c` → `index`, replacing what `c` had.
    pub fn set(&mut self, c: char, index: u32) {
        match self.flat(c, true) {
            Some(slot) => *slot = index + 1,
            None => {
                self.astral.insert(c, index);
            }
        }
    }

    /// Forgets `c`.
    pub fn remove(&mut self, c: char) {
        match self.flat(c, false) {
            Some(slot) => *slot = 0,
            None => {
                self.astral.remove(&c);
            }
        }
    }

    /// The index `c` is written as.
    #[inline]
    pub fn get(&self, c: char) -> Option<u32> {
        let cp = c as usize;
        let flat = if cp < 0x1_0000 {
            self.bmp.get(cp)
        } else if cp >> 16 == 2 {
            // Empty (no character of plane 2 inserted): none.
            self.plane2.get(cp & 0xFFFF)
        } else {
            return self.astral.get(&c).copied();
        };
        match flat {
            Some(&v) if v != 0 => Some(v - 1),
            _ => None,
        }
    }

    /// Forgets the sequence `a b`.
    pub fn remove_pair(&mut self, a: char, b: char) {
        self.pairs.remove(&(a, b));
    }

    /// The index the sequence `a b` is written as.
    pub fn pair(&self, a: char, b: char) -> Option<u32> {
        self.pairs.get(&(a, b)).copied()
    }

    /// True when some sequence starts with `c` (so the next character decides its code).
    #[inline]
    pub fn starts_pair(&self, c: char) -> bool {
        !self.pairs.is_empty() && self.starts.contains(&c)
    }

    /// The GL row and cell of every BMP character with a 94×94 index, as `row << 8 | cell`
    /// at the character's code point (0 where it has none), for encoders that look a
    /// character up by its code point alone.
    pub fn gl_codes(&self) -> Vec<u16> {
        self.bmp
            .iter()
            .map(|&v| match v {
                0 => 0,
                v => {
                    let (row, cell) = row_cell(v - 1);
                    u16::from(row) << 8 | u16::from(cell)
                }
            })
            .collect()
    }

    /// Fills in the list of first characters; call once the pairs are complete.
    pub fn seal(mut self) -> Inverse {
        let mut starts: Vec<char> = self.pairs.keys().map(|&(a, _)| a).collect();
        starts.sort_unstable();
        starts.dedup();
        self.starts = starts;
        self
    }
}

/// The index of a 94×94 cell: `slot` counts planes from 0, `row` and `cell` are ISO 2022 GL
/// bytes 0x21..=0x7E. `None` outside that range.
#[inline]
pub fn set94(slot: usize, row: u8, cell: u8) -> Option<usize> {
    if (0x21..=0x7E).contains(&row) && (0x21..=0x7E).contains(&cell) {
        Some(slot * PLANE + usize::from(row - 0x21) * 94 + usize::from(cell - 0x21))
    } else {
        None
    }
}

/// The GL row and cell of a 94×94 index (the plane slot dropped).
#[inline]
pub fn row_cell(index: u32) -> (u8, u8) {
    let i = index as usize % PLANE;
    ((i / 94) as u8 + 0x21, (i % 94) as u8 + 0x21)
}

/// Leads and trails of a double-byte EBCDIC code: 0x40..=0xFE each (0x4040 is the
/// ideographic space; every other code has both bytes in 0x41..=0xFE).
pub const EBCDIC_SPAN: usize = 0xFE - 0x40 + 1;

/// The index of a double-byte EBCDIC code, `None` outside 0x40..=0xFE.
#[inline]
pub fn ebcdic_index(lead: u8, trail: u8) -> Option<usize> {
    let (l, t) = (lead.wrapping_sub(0x40), trail.wrapping_sub(0x40));
    (usize::from(l) < EBCDIC_SPAN && usize::from(t) < EBCDIC_SPAN)
        .then(|| usize::from(l) * EBCDIC_SPAN + usize::from(t))
}

/// The two bytes of a double-byte EBCDIC index.
#[inline]
pub fn ebcdic_code(index: u32) -> [u8; 2] {
    let i = index as usize;
    [
        (i / EBCDIC_SPAN) as u8 + 0x40,
        (i % EBCDIC_SPAN) as u8 + 0x40,
    ]
}

/// The index of a diacritic prefix (0xC0..=0xCF) and the byte after it, for the charsets
/// of non-spacing diacritics (`codecs::iso6937`).
#[inline]
pub fn prefixed_index(prefix: u8, base: u8) -> Option<usize> {
    (0xC0..=0xCF)
        .contains(&prefix)
        .then(|| usize::from(prefix - 0xC0) * 256 + usize::from(base))
}

/// The tables of a charset of single bytes and two-byte codes: a double-byte EBCDIC page
/// (`codecs::ebcdic_dbcs`, the two-byte codes in the [`ebcdic_index`] layout, shared by two
/// pages where they agree) or a charset of diacritic prefixes (`codecs::iso6937`,
/// [`prefixed_index`]). The single bytes are 256 values; byte 0x00 is U+0000 in every such
/// charset and not in the table. `encode_only` lists the characters the encoder writes as a
/// code that decodes to something else (the `E` rows of the source).
pub struct DbcsTables {
    /// The single bytes.
    pub single: &'static Table,
    /// The double-byte codes.
    pub double: &'static Table,
    /// Encoder-only mappings: a character and its code (below 0x100: one byte).
    pub encode_only: &'static [(char, u16)],
}

/// Trail bytes per lead in the Big5 layout: 0x40..=0x7E, then 0xA1..=0xFE.
pub const BIG5_TRAILS: usize = 63 + 94;

/// The index of a Big5-layout code (leads 0x81..=0xFE).
#[inline]
pub fn big5_index(lead: u8, trail: u8) -> Option<usize> {
    if !(0x81..=0xFE).contains(&lead) {
        return None;
    }
    let t = match trail {
        0x40..=0x7E => trail - 0x40,
        0xA1..=0xFE => trail - 0xA1 + 63,
        _ => return None,
    };
    Some(usize::from(lead - 0x81) * BIG5_TRAILS + usize::from(t))
}

/// The Big5 bytes of an index.
#[inline]
pub fn big5_code(index: u32) -> [u8; 2] {
    let (lead, t) = (index as usize / BIG5_TRAILS, index as usize % BIG5_TRAILS);
    let trail = if t < 63 { t + 0x40 } else { t - 63 + 0xA1 };
    [lead as u8 + 0x81, trail as u8]
}

/// Trail bytes per lead in the Shift_JIS layout: 0x40..=0x7E, then 0x80..=0xFC.
pub const SJIS_TRAILS: usize = 63 + 125;

/// The index of a Shift_JIS-layout code (leads 0x81..=0x9F and 0xE0..=0xFC).
#[inline]
pub fn sjis_index(lead: u8, trail: u8) -> Option<usize> {
    let l = match lead {
        0x81..=0x9F => lead - 0x81,
        0xE0..=0xFC => lead - 0xE0 + 31,
        _ => return None,
    };
    let t = match trail {
        0x40..=0x7E => trail - 0x40,
        0x80..=0xFC => trail - 0x80 + 63,
        _ => return None,
    };
    Some(usize::from(l) * SJIS_TRAILS + usize::from(t))
}

/// The Shift_JIS bytes of an index.
#[inline]
pub fn sjis_code(index: u32) -> [u8; 2] {
    let (l, t) = (index as usize / SJIS_TRAILS, index as usize % SJIS_TRAILS);
    let lead = if l < 31 { l + 0x81 } else { l - 31 + 0xE0 };
    let trail = if t < 63 { t + 0x40 } else { t - 63 + 0x80 };
    [lead as u8, trail as u8]
}

/// JIS X 0208 (or JIS X 0213 plane 1) row and cell, GL bytes, to Shift_JIS bytes: two rows
/// per lead byte, rows beyond 0x5E (JIS X 0213) on leads 0xF0..=0xFC.
#[inline]
pub fn jis_to_sjis(row: u8, cell: u8) -> [u8; 2] {
    let r = u16::from(row);
    let lead = r.div_ceil(2) + if r <= 0x5E { 0x70 } else { 0xB0 };
    let trail = if r % 2 == 1 {
        cell + if cell <= 0x5F { 0x1F } else { 0x20 }
    } else {
        cell + 0x7E
    };
    [lead as u8, trail]
}

/// The inverse of [`jis_to_sjis`]: the row and cell of a Shift_JIS double-byte code, or
/// `None` for bytes outside the layout.
#[inline]
pub fn sjis_to_jis(lead: u8, trail: u8) -> Option<(u8, u8)> {
    let base = match lead {
        0x81..=0x9F => u16::from(lead - 0x70),
        0xE0..=0xFC => u16::from(lead - 0xB0),
        _ => return None,
    };
    let (odd, cell) = match trail {
        0x40..=0x7E => (true, trail - 0x1F),
        0x80..=0x9E => (true, trail - 0x20),
        0x9F..=0xFC => (false, trail - 0x7E),
        _ => return None,
    };
    let row = base * 2 - if odd { 1 } else { 0 };
    Some((row as u8, cell))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::cjk::tables::{
        BIG5HKSCS, CNS11643, CP932, CP950, ISOIR165, JISX0208, JISX0212, JISX0213, KSX1001,
    };

    #[test]
    fn the_inverse_finds_what_a_map_of_every_character_finds() {
        for table in [
            &KSX1001, &JISX0208, &JISX0212, &JISX0213, &CNS11643, &ISOIR165, &BIG5HKSCS, &CP950,
            &CP932,
        ] {
            // The lookup as it was: one map, the first index of a character winning.
            let mut map = HashMap::new();
            for index in 0..table.len() {
                if let (false, Cell::Char(c)) = (table.is_decode_only(index), table.cell(index)) {
                    map.entry(c).or_insert(index as u32);
                }
            }
            let inverse = table.inverse();
            for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
                assert_eq!(inverse.get(c), map.get(&c).copied(), "U+{:04X}", c as u32);
            }
        }
    }

    #[test]
    fn set_and_remove_in_every_part_of_the_inverse() {
        let mut inv = Inverse::default();
        for c in ['\u{4E2D}', '\u{20B9F}', '\u{1F600}'] {
            assert_eq!(inv.get(c), None);
            inv.insert(c, 7);
            inv.insert(c, 9);
            assert_eq!(inv.get(c), Some(7));
            inv.set(c, 9);
            assert_eq!(inv.get(c), Some(9));
            inv.remove(c);
            assert_eq!(inv.get(c), None);
        }
        assert_eq!(Inverse::default().get('\u{2A6D6}'), None);
    }

    #[test]
    fn gl_codes_are_those_of_the_inverse() {
        for table in [
            &KSX1001, &JISX0208, &JISX0212, &JISX0213, &CNS11643, &ISOIR165, &BIG5HKSCS, &CP950,
            &CP932,
        ] {
            assert_eq!(table.gl_codes(), table.inverse().gl_codes());
        }
    }

    #[test]
    fn shift_jis_transform_round_trips() {
        for row in 0x21..=0x7E {
            for cell in 0x21..=0x7E {
                let [l, t] = jis_to_sjis(row, cell);
                assert_eq!(sjis_to_jis(l, t), Some((row, cell)), "{row:X} {cell:X}");
                let i = sjis_index(l, t).unwrap();
                assert_eq!(sjis_code(i as u32), [l, t]);
            }
        }
        assert_eq!(jis_to_sjis(0x30, 0x21), [0x88, 0x9F]);
        assert_eq!(jis_to_sjis(0x21, 0x21), [0x81, 0x40]);
    }

    #[test]
    fn layouts_round_trip() {
        for lead in 0x81..=0xFE {
            for trail in (0x40..=0x7E).chain(0xA1..=0xFE) {
                let i = big5_index(lead, trail).unwrap();
                assert_eq!(big5_code(i as u32), [lead, trail]);
            }
        }
        assert_eq!(big5_index(0x81, 0x7F), None);
        assert_eq!(set94(1, 0x21, 0x21), Some(PLANE));
        assert_eq!(row_cell(set94(2, 0x30, 0x7E).unwrap() as u32), (0x30, 0x7E));
    }
}
