//! The Japanese charsets WHATWG merges into its `Shift_JIS` and `EUC-JP`, each exactly:
//! strict Shift_JIS and EUC-JP (JIS X 0208, JIS X 0201 katakana, and JIS X 0212 in EUC-JP, as
//! glibc and CPython have them), CP932 (Windows-31J: NEC and IBM extensions, user-defined
//! area), and the JIS X 0213:2004 pair EUC-JIS-2004 and Shift_JIS-2004, whose 25 codes for a
//! kana or letter with a combining mark make the encoder look one character ahead.
//!
//! Bytes 5C and 7E are ASCII in all of them; U+00A5 YEN SIGN and U+203E OVERLINE are written
//! as 5C and 7E one way (the JIS X 0201 Roman reading of those bytes), except in EUC-JIS-2004,
//! where glibc refuses them too.

#![forbid(unsafe_code)]

use super::cjk::engine::{self, Code, Fast, Multibyte, Step};
use super::cjk::table::{Cell, Inverse, PLANE, jis_to_sjis, row_cell, set94, sjis_code};
use super::cjk::table::{sjis_index, sjis_to_jis};
use super::cjk::tables::{CP932, EUCJPMS, EUCJPMS_ENCODE_ONLY, EUCJPMS_SINGLE};
use super::cjk::tables::{
    IBM932 as IBM932_TABLE, IBM932_ENCODE_ONLY, IBM932_NOT_ASCII, IBM932_SINGLE,
};
use super::cjk::tables::{JISX0208, JISX0212, JISX0213};
use super::codec::Codec;
use std::sync::OnceLock;

/// Which Japanese charset.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    ShiftJis,
    EucJp,
    Cp932,
    EucJis2004,
    ShiftJis2004,
    EucJpMs,
    DecKanji,
}

/// A Japanese charset of this family.
#[derive(Clone, Copy)]
pub struct Jis {
    name: &'static str,
    kind: Kind,
    fast: &'static Fast,
}

/// Strict Shift_JIS: JIS X 0201 and JIS X 0208 only.
pub static SHIFT_JIS_STRICT: Jis = Jis {
    name: "Shift_JIS-strict",
    kind: Kind::ShiftJis,
    fast: &SJIS_FAST,
};
static SJIS_FAST: Fast = Fast::new();

/// Strict EUC-JP: JIS X 0208, JIS X 0201 katakana (8E), JIS X 0212 (8F).
pub static EUC_JP_STRICT: Jis = Jis {
    name: "EUC-JP-strict",
    kind: Kind::EucJp,
    fast: &EUCJP_FAST,
};
static EUCJP_FAST: Fast = Fast::new();

/// CP932 (Windows-31J).
pub static CP932_CHARSET: Jis = Jis {
    name: "CP932",
    kind: Kind::Cp932,
    fast: &CP932_FAST,
};
static CP932_FAST: Fast = Fast::new();

/// EUC-JIS-2004 (JIS X 0213:2004 in EUC form).
pub static EUC_JIS_2004: Jis = Jis {
    name: "EUC-JIS-2004",
    kind: Kind::EucJis2004,
    fast: &EUC04_FAST,
};
static EUC04_FAST: Fast = Fast::new();

/// Shift_JIS-2004 (JIS X 0213:2004 in Shift_JIS form).
pub static SHIFT_JIS_2004: Jis = Jis {
    name: "Shift_JIS-2004",
    kind: Kind::ShiftJis2004,
    fast: &SJIS04_FAST,
};
static SJIS04_FAST: Fast = Fast::new();

/// EUC-JP-MS (eucJP-ms): EUC-JP with CP932's mappings and extensions, as glibc's module.
pub static EUC_JP_MS: Jis = Jis {
    name: "EUC-JP-MS",
    kind: Kind::EucJpMs,
    fast: &EUCJPMS_FAST,
};
static EUCJPMS_FAST: Fast = Fast::new();

/// DEC Kanji (libiconv's `DEC-KANJI`): ASCII and JIS X 0208 in two GR bytes (leads A1..F4),
/// nothing else: EUC-JP's code set 1 alone.
pub static DEC_KANJI: Jis = Jis {
    name: "DEC-KANJI",
    kind: Kind::DecKanji,
    fast: &DEC_KANJI_FAST,
};
static DEC_KANJI_FAST: Fast = Fast::new();

fn eucjpms_inverse() -> &'static Inverse {
    static INV: OnceLock<Inverse> = OnceLock::new();
    INV.get_or_init(|| EUCJPMS.inverse())
}

/// IBM932 (IBM's Japanese PC code page, as glibc's module of the name): the Shift_JIS
/// layout with IBM's table, single-byte katakana, and IBM's PC controls at 1A, 1C and 7F.
#[derive(Clone, Copy)]
pub struct Ibm932;

/// The one IBM932 charset.
pub static IBM932: Ibm932 = Ibm932;

fn ibm932_inverse() -> &'static Inverse {
    static INV: OnceLock<Inverse> = OnceLock::new();
    INV.get_or_init(|| {
        let mut inv = IBM932_TABLE.inverse();
        for &(b, c) in IBM932_SINGLE {
            inv.set(c, IBM932_BYTE | u32::from(b));
        }
        for &(c, code) in IBM932_ENCODE_ONLY {
            if inv.get(c).is_none() {
                let index = match code.to_be_bytes() {
                    [0, b] => IBM932_BYTE | u32::from(b),
                    [lead, trail] => sjis_index(lead, trail).map_or(0, |i| i as u32),
                };
                inv.set(c, index);
            }
        }
        inv
    })
}

/// Marks a single byte among IBM932's inverse's indexes.
const IBM932_BYTE: u32 = 0x1_0000;

impl Multibyte for Ibm932 {
    const NOT_ASCII: u128 = IBM932_NOT_ASCII;

    fn fast(&self) -> &'static Fast {
        static FAST: Fast = Fast::new();
        &FAST
    }

    #[inline]
    fn step(&self, b: &[u8]) -> Step {
        let lead = b[0];
        if let Some(&(_, c)) = IBM932_SINGLE.iter().find(|&&(x, _)| x == lead) {
            return Step::Char(Cell::Char(c), 1);
        }
        if !matches!(lead, 0x81..=0x9F | 0xE0..=0xFC) {
            return Step::Bad(1);
        }
        let Some(&trail) = b.get(1) else {
            return Step::Short;
        };
        match sjis_index(lead, trail) {
            Some(i) => Step::Char(IBM932_TABLE.cell(i), 2),
            None => Step::Bad(1),
        }
    }

    fn encode(&self, c: char) -> Option<Code> {
        let index = ibm932_inverse().get(c)?;
        Some(if index >= IBM932_BYTE {
            Code::of(&[index as u8])
        } else {
            Code::of(&sjis_code(index))
        })
    }
}

impl Codec for Ibm932 {
    fn name(&self) -> &'static str {
        "IBM932"
    }

    fn clean_after(&self, byte: u8) -> bool {
        // Trail bytes start at 0x40.
        byte < 0x40
    }

    engine::multibyte_codec!();
}

fn jisx0208_inverse() -> &'static Inverse {
    static INV: OnceLock<Inverse> = OnceLock::new();
    INV.get_or_init(|| JISX0208.inverse())
}

fn jisx0212_inverse() -> &'static Inverse {
    static INV: OnceLock<Inverse> = OnceLock::new();
    INV.get_or_init(|| JISX0212.inverse())
}

fn jisx0213_inverse() -> &'static Inverse {
    static INV: OnceLock<Inverse> = OnceLock::new();
    INV.get_or_init(|| JISX0213.inverse().seal())
}

fn cp932_inverse() -> &'static Inverse {
    static INV: OnceLock<Inverse> = OnceLock::new();
    INV.get_or_init(|| CP932.inverse())
}

fn char_of(cell: Cell) -> Option<char> {
    match cell {
        Cell::Char(c) => Some(c),
        _ => None,
    }
}

/// The JIS X 0208 character of a GL row and cell.
pub fn jisx0208(row: u8, cell: u8) -> Option<char> {
    char_of(JISX0208.cell(set94(0, row, cell)?))
}

/// The GL row and cell of a JIS X 0208 character.
pub fn jisx0208_code(c: char) -> Option<(u8, u8)> {
    jisx0208_inverse().get(c).map(row_cell)
}

/// The JIS X 0212 character of a GL row and cell.
pub fn jisx0212(row: u8, cell: u8) -> Option<char> {
    char_of(JISX0212.cell(set94(0, row, cell)?))
}

/// The GL row and cell of a JIS X 0212 character.
pub fn jisx0212_code(c: char) -> Option<(u8, u8)> {
    jisx0212_inverse().get(c).map(row_cell)
}

/// What JIS X 0213:2004 has at a plane (1 or 2), GL row and cell.
pub fn jisx0213(plane: u8, row: u8, cell: u8) -> Cell {
    let slot = match plane {
        1 => 0,
        2 => 1,
        _ => return Cell::Empty,
    };
    set94(slot, row, cell).map_or(Cell::Empty, |i| JISX0213.cell(i))
}

/// Where a JIS X 0213 index lies: plane, GL row and cell.
fn jisx0213_place(index: u32) -> (u8, u8, u8) {
    let (row, cell) = row_cell(index);
    ((index as usize / PLANE) as u8 + 1, row, cell)
}

/// The plane, GL row and cell of a JIS X 0213 character.
pub fn jisx0213_code(c: char) -> Option<(u8, u8, u8)> {
    jisx0213_inverse().get(c).map(jisx0213_place)
}

/// The plane, GL row and cell of a JIS X 0213 pair (a character and a combining mark).
pub fn jisx0213_pair(a: char, b: char) -> Option<(u8, u8, u8)> {
    jisx0213_inverse().pair(a, b).map(jisx0213_place)
}

/// True when some JIS X 0213 pair begins with `c`.
pub fn jisx0213_starts_pair(c: char) -> bool {
    jisx0213_inverse().starts_pair(c)
}

/// True for the ten plane-1 cells JIS X 0213:2004 added to the 2000 edition.
pub fn jisx0213_is_2004(row: u8, cell: u8) -> bool {
    set94(0, row, cell).is_some_and(|i| super::cjk::tables::JISX0213_2004.contains(&(i as u32)))
}

/// JIS X 0201 katakana: bytes A1..DF are U+FF61..U+FF9F.
fn kana(b: u8) -> Option<char> {
    (0xA1..=0xDF)
        .contains(&b)
        .then(|| char::from_u32(0xFF61 + u32::from(b - 0xA1)))
        .flatten()
}

fn kana_byte(c: char) -> Option<u8> {
    let cp = c as u32;
    (0xFF61..=0xFF9F)
        .contains(&cp)
        .then(|| (cp - 0xFF61) as u8 + 0xA1)
}

fn gr(b: u8) -> bool {
    (0xA1..=0xFE).contains(&b)
}

/// Shift_JIS-2004's plane-2 rows (1-based) on leads F0..FC: each lead carries two rows, the
/// first with the odd-row trail bytes, the second with the even-row ones (JIS X 0213 annex 1).
fn sjis2004_plane2_rows(lead: u8) -> Option<(u8, u8)> {
    Some(match lead {
        0xF0 => (1, 8),
        0xF1 => (3, 4),
        0xF2 => (5, 12),
        0xF3 => (13, 14),
        0xF4 => (15, 78),
        0xF5..=0xFC => (79 + (lead - 0xF5) * 2, 80 + (lead - 0xF5) * 2),
        _ => return None,
    })
}

/// The Shift_JIS-2004 bytes of a plane-2 row (1-based) and GL cell.
fn sjis2004_plane2_code(row: u8, cell: u8) -> Option<[u8; 2]> {
    let (lead, first) = (0xF0..=0xFC).find_map(|lead| {
        let (a, b) = sjis2004_plane2_rows(lead)?;
        (a == row || b == row).then_some((lead, a == row))
    })?;
    let trail = if first {
        cell + if cell <= 0x5F { 0x1F } else { 0x20 }
    } else {
        cell + 0x7E
    };
    Some([lead, trail])
}

/// Decodes a Shift_JIS double-byte code of `lead` and `trail` through `table_cell`, which
/// answers for a JIS row and cell (or `None` outside the table's rows).
fn sjis_pair(b: &[u8], lookup: impl Fn(u8, u8) -> Option<Cell>) -> Step {
    let Some(&trail) = b.get(1) else {
        return Step::Short;
    };
    match lookup(b[0], trail) {
        Some(cell) => Step::Char(cell, 2),
        None => Step::Bad(1),
    }
}

impl Jis {
    fn step_shift_jis(&self, b: &[u8]) -> Step {
        let lead = b[0];
        if let Some(k) = kana(lead) {
            return Step::Char(Cell::Char(k), 1);
        }
        match (self.kind, lead) {
            (Kind::ShiftJis, 0x81..=0x9F | 0xE0..=0xEF) => sjis_pair(b, |l, t| {
                let (r, k) = sjis_to_jis(l, t)?;
                Some(jisx0208(r, k).map_or(Cell::Empty, Cell::Char))
            }),
            (Kind::Cp932, 0x81..=0x9F | 0xE0..=0xFC) => {
                sjis_pair(b, |l, t| sjis_index(l, t).map(|i| CP932.cell(i)))
            }
            (Kind::ShiftJis2004, 0x81..=0x9F | 0xE0..=0xEF) => sjis_pair(b, |l, t| {
                let (r, k) = sjis_to_jis(l, t)?;
                Some(jisx0213(1, r, k))
            }),
            (Kind::ShiftJis2004, 0xF0..=0xFC) => sjis_pair(b, |l, t| {
                let (first, second) = sjis2004_plane2_rows(l)?;
                let (row, cell) = match t {
                    0x40..=0x7E => (first, t - 0x1F),
                    0x80..=0x9E => (first, t - 0x20),
                    0x9F..=0xFC => (second, t - 0x7E),
                    _ => return None,
                };
                Some(jisx0213(2, row + 0x20, cell))
            }),
            _ => Step::Bad(1),
        }
    }

    fn step_euc(&self, b: &[u8]) -> Step {
        let lead = b[0];
        if self.kind == Kind::DecKanji && !(0xA1..=0xF4).contains(&lead) {
            return Step::Bad(1);
        }
        if self.kind == Kind::EucJpMs
            && let Some(&(_, c)) = EUCJPMS_SINGLE.iter().find(|&&(x, _)| x == lead)
        {
            return Step::Char(Cell::Char(c), 1);
        }
        match lead {
            0xA1..=0xFE => match b.get(1) {
                None => Step::Short,
                Some(&t) if gr(t) => {
                    let (r, k) = (lead - 0x80, t - 0x80);
                    let cell = if matches!(self.kind, Kind::EucJp | Kind::DecKanji) {
                        jisx0208(r, k).map_or(Cell::Empty, Cell::Char)
                    } else if self.kind == Kind::EucJpMs {
                        set94(0, r, k).map_or(Cell::Empty, |i| EUCJPMS.cell(i))
                    } else {
                        jisx0213(1, r, k)
                    };
                    Step::Char(cell, 2)
                }
                Some(_) => Step::Bad(1),
            },
            0x8E => match b.get(1) {
                None => Step::Short,
                Some(&t) => match kana(t) {
                    Some(k) => Step::Char(Cell::Char(k), 2),
                    None => Step::Bad(1),
                },
            },
            0x8F => match (b.get(1), b.get(2)) {
                (None, _) => Step::Short,
                (Some(&r), _) if !gr(r) => Step::Bad(1),
                (Some(_), None) => Step::Short,
                (Some(_), Some(&k)) if !gr(k) => Step::Bad(2),
                (Some(&r), Some(&k)) => {
                    let (r, k) = (r - 0x80, k - 0x80);
                    let cell = if self.kind == Kind::EucJp {
                        jisx0212(r, k).map_or(Cell::Empty, Cell::Char)
                    } else if self.kind == Kind::EucJpMs {
                        set94(1, r, k).map_or(Cell::Empty, |i| EUCJPMS.cell(i))
                    } else {
                        jisx0213(2, r, k)
                    };
                    Step::Char(cell, 3)
                }
            },
            _ => Step::Bad(1),
        }
    }

    /// The one-way codes: U+00A5 as 5C and U+203E as 7E.
    fn yen_overline(&self, c: char) -> Option<Code> {
        if matches!(self.kind, Kind::EucJis2004 | Kind::EucJpMs | Kind::DecKanji) {
            return None;
        }
        match c {
            '\u{A5}' => Some(Code::of(b"\\")),
            '\u{203E}' => Some(Code::of(b"~")),
            _ => None,
        }
    }

    /// The code of a JIS X 0213 place in this charset's form.
    fn jisx0213_bytes(&self, (plane, row, cell): (u8, u8, u8)) -> Option<Code> {
        match (self.kind, plane) {
            (Kind::EucJis2004, 1) => Some(Code::of(&[row | 0x80, cell | 0x80])),
            (Kind::EucJis2004, _) => Some(Code::of(&[0x8F, row | 0x80, cell | 0x80])),
            (_, 1) => Some(Code::of(&jis_to_sjis(row, cell))),
            (_, _) => sjis2004_plane2_code(row - 0x20, cell).map(|b| Code::of(&b)),
        }
    }
}

impl Multibyte for Jis {
    fn fast(&self) -> &'static Fast {
        self.fast
    }

    #[inline]
    fn step(&self, b: &[u8]) -> Step {
        match self.kind {
            Kind::EucJp | Kind::EucJis2004 | Kind::EucJpMs | Kind::DecKanji => self.step_euc(b),
            _ => self.step_shift_jis(b),
        }
    }

    fn encode(&self, c: char) -> Option<Code> {
        if let Some(code) = self.yen_overline(c) {
            return Some(code);
        }
        if let Some(k) = kana_byte(c).filter(|_| self.kind != Kind::DecKanji) {
            return Some(match self.kind {
                Kind::EucJp | Kind::EucJis2004 | Kind::EucJpMs => Code::of(&[0x8E, k]),
                _ => Code::of(&[k]),
            });
        }
        match self.kind {
            Kind::ShiftJis => jisx0208_code(c).map(|(r, k)| Code::of(&jis_to_sjis(r, k))),
            Kind::DecKanji => jisx0208_code(c).map(|(r, k)| Code::of(&[r | 0x80, k | 0x80])),
            Kind::Cp932 => cp932_inverse().get(c).map(|i| Code::of(&sjis_code(i))),
            Kind::EucJp => {
                if let Some((r, k)) = jisx0208_code(c) {
                    return Some(Code::of(&[r | 0x80, k | 0x80]));
                }
                jisx0212_code(c).map(|(r, k)| Code::of(&[0x8F, r | 0x80, k | 0x80]))
            }
            Kind::EucJis2004 | Kind::ShiftJis2004 => {
                jisx0213_code(c).and_then(|p| self.jisx0213_bytes(p))
            }
            Kind::EucJpMs if (0x80..0xA0).contains(&(c as u32)) => EUCJPMS_SINGLE
                .iter()
                .find(|&&(_, x)| x == c)
                .map(|&(b, _)| Code::of(&[b])),
            Kind::EucJpMs => match eucjpms_inverse().get(c) {
                Some(i) => {
                    let (r, k) = row_cell(i);
                    Some(if (i as usize) < PLANE {
                        Code::of(&[r | 0x80, k | 0x80])
                    } else {
                        Code::of(&[0x8F, r | 0x80, k | 0x80])
                    })
                }
                None => EUCJPMS_ENCODE_ONLY
                    .binary_search_by_key(&c, |&(c, _)| c)
                    .ok()
                    .map(|at| Code::of(EUCJPMS_ENCODE_ONLY[at].1)),
            },
        }
    }

    fn encode_pair(&self, a: char, b: char) -> Option<Code> {
        match self.kind {
            Kind::EucJis2004 | Kind::ShiftJis2004 => {
                jisx0213_pair(a, b).and_then(|p| self.jisx0213_bytes(p))
            }
            _ => None,
        }
    }

    fn starts_pair(&self, c: char) -> bool {
        matches!(self.kind, Kind::EucJis2004 | Kind::ShiftJis2004) && jisx0213_starts_pair(c)
    }
}

impl Codec for Jis {
    fn name(&self) -> &'static str {
        self.name
    }

    fn clean_after(&self, byte: u8) -> bool {
        match self.kind {
            // EUC: every byte of a code is above 0x7F.
            Kind::EucJp | Kind::EucJis2004 | Kind::EucJpMs | Kind::DecKanji => byte < 0x80,
            // Shift_JIS: trail bytes start at 0x40.
            _ => byte < 0x40,
        }
    }

    engine::multibyte_codec!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::test_support::{both_ways, decode_all, encode};
    use crate::codecs::{Charset, EncodeStatus};

    const SJIS: Charset = Charset::of(&SHIFT_JIS_STRICT);
    const EUC: Charset = Charset::of(&EUC_JP_STRICT);
    const MS: Charset = Charset::of(&CP932_CHARSET);
    const EUC04: Charset = Charset::of(&EUC_JIS_2004);
    const SJIS04: Charset = Charset::of(&SHIFT_JIS_2004);

    #[test]
    fn dec_kanji_is_ascii_and_jis_x_0208() {
        const DEC: Charset = Charset::of(&DEC_KANJI);
        both_ways(DEC, "a日本", b"a\xC6\xFC\xCB\xDC");
        // No katakana (8E), no JIS X 0212 (8F), no rows past 0x74.
        assert!(matches!(encode(DEC, "ｱ").0, EncodeStatus::Unmappable(_)));
        assert_eq!(decode_all(DEC, b"\x8E\xB1").1.len(), 2);
        assert_eq!(decode_all(DEC, b"\xF5\xA1a").0, "a");
        assert!(matches!(
            encode(DEC, "\u{A5}").0,
            EncodeStatus::Unmappable(_)
        ));
    }

    #[test]
    fn ibm932_is_ibm_s_shift_jis() {
        const IBM: Charset = Charset::of(&IBM932);
        // Katakana, a kanji, and the PC controls: 1A, 1C, 7F are not ASCII here.
        both_ways(IBM, "ｱ日", b"\xB1\x93\xFA");
        let (text, errors) = decode_all(IBM, b"\x1A\x1C\x7Fa");
        assert!(errors.is_empty());
        assert_eq!(encode(IBM, &text).2, b"\x1A\x1C\x7Fa");
        assert_ne!(text, "\u{1A}\u{1C}\u{7F}a");
    }

    #[test]
    fn euc_jp_ms_reads_and_writes_as_windows_does() {
        const MS: Charset = Charset::of(&EUC_JP_MS);
        // A1C1 is U+FF5E (CP932's reading), NEC row 13's ① is ADA1, the user-defined area
        // F5A1 is U+E000, and 8F F5A1 U+E3AC.
        let bytes = b"a\xA1\xC1\xAD\xA1\xF5\xA1\x8F\xF5\xA1\x8E\xB1";
        let text = "a\u{FF5E}\u{2460}\u{E000}\u{E3AC}\u{FF71}";
        assert_eq!(decode_all(MS, bytes), (text.to_string(), vec![]));
        assert_eq!(encode(MS, text).2, bytes);
        // A lead before a byte that cannot follow it: the lead alone.
        assert_eq!(decode_all(MS, b"\xA1a").1.len(), 1);
        assert_eq!(decode_all(MS, b"\xA1a").0, "a");
    }

    #[test]
    fn strict_and_windows_differ_where_they_should() {
        // 8160: WAVE DASH in JIS X 0208, FULLWIDTH TILDE in CP932.
        assert_eq!(decode_all(SJIS, b"\x81\x60").0, "\u{301C}");
        assert_eq!(decode_all(MS, b"\x81\x60").0, "\u{FF5E}");
        // NEC row 13 and the user-defined area are CP932 only.
        assert_eq!(decode_all(MS, b"\x87\x40\xF0\x40").0, "①\u{E000}");
        assert_eq!(decode_all(SJIS, b"\x87\x40").1.len(), 1);
        assert_eq!(encode(SJIS, "①").0, EncodeStatus::Unmappable('①'));
        // IBM extensions present twice are written at FA..FC, as Windows does.
        assert_eq!(encode(MS, "ⅰ").2, b"\xFA\x40");
    }

    #[test]
    fn euc_jp_code_sets() {
        let text = "日ｱ丂";
        let bytes = b"\xC6\xFC\x8E\xB1\x8F\xB0\xA1";
        assert_eq!(decode_all(EUC, bytes).0, text);
        assert_eq!(encode(EUC, text).2, bytes);
        assert_eq!(encode(EUC, "¥‾").2, b"\\~");
        assert_eq!(decode_all(EUC, b"\\~").0, "\\~");
    }

    #[test]
    fn jis_x_0213_both_forms() {
        // か゚ (A4F7 / 82F5), 𠂉 (plane 2 1-1: 8FA1A1 / F040), 俱 (a 2004 cell, 1-14-1).
        let text = "か\u{309A}𠂉俱か";
        assert_eq!(
            encode(EUC04, text).2,
            b"\xA4\xF7\x8F\xA1\xA1\xAE\xA1\xA4\xAB"
        );
        assert_eq!(encode(SJIS04, text).2, b"\x82\xF5\xF0\x40\x87\x9F\x82\xA9");
        assert_eq!(
            decode_all(EUC04, b"\xA4\xF7\x8F\xA1\xA1\xAE\xA1").0,
            "か\u{309A}𠂉俱"
        );
        assert_eq!(
            decode_all(SJIS04, b"\x82\xF5\xF0\x40\x87\x9F").0,
            "か\u{309A}𠂉俱"
        );
        assert!(jisx0213_is_2004(0x2E, 0x21));
        // EUC-JIS-2004 refuses the yen sign, Shift_JIS-2004 writes it as 5C.
        assert_eq!(encode(EUC04, "¥").0, EncodeStatus::Unmappable('¥'));
        assert_eq!(encode(SJIS04, "¥").2, b"\\");
    }
}
