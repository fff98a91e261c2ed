//! Korean double-byte charsets over KS X 1001: strict EUC-KR (KS X 1001 in GR, as glibc's
//! `EUC-KR`) and CP949, Microsoft's Unified Hangul Code (KS X 1001 less A2E8, plus the 8,822
//! modern hangul syllables KS X 1001 lacks, in Unicode order, at leads 81..C6). The WHATWG
//! `EUC-KR` row (encoding_rs) is CP949 under another name and stays as it is.
//!
//! The UHC part needs no table: the syllables fill its codes in order (data/cjk/README.md).

#![forbid(unsafe_code)]

use super::cjk::engine::{self, Code, Fast, Multibyte, Step};
use super::cjk::table::{Cell, Inverse, set94};
use super::cjk::tables::KSX1001;
use super::codec::Codec;
use std::sync::OnceLock;

/// A Korean double-byte charset.
#[derive(Clone, Copy)]
pub struct Korean {
    name: &'static str,
    /// CP949 (the UHC extension, no A2E8) rather than strict EUC-KR.
    uhc: bool,
    fast: &'static Fast,
}

/// Strict EUC-KR: KS X 1001 only.
pub static EUC_KR_STRICT: Korean = Korean {
    name: "EUC-KR-strict",
    uhc: false,
    fast: &EUC_KR_FAST,
};
static EUC_KR_FAST: Fast = Fast::new();

/// CP949 (Unified Hangul Code).
pub static CP949: Korean = Korean {
    name: "CP949",
    uhc: true,
    fast: &CP949_FAST,
};
static CP949_FAST: Fast = Fast::new();

/// KS X 1001:2002's A2E8 (U+327E), which no CP949 has.
const A2E8: char = '\u{327E}';

/// How many syllables the UHC extension holds.
const UHC_COUNT: usize = 8822;

/// The position of a UHC trail byte among the 178 (0x41..0x5A, 0x61..0x7A, 0x81..0xFE).
fn uhc_trail(t: u8) -> Option<usize> {
    match t {
        0x41..=0x5A => Some(usize::from(t - 0x41)),
        0x61..=0x7A => Some(usize::from(t - 0x61) + 26),
        0x81..=0xFE => Some(usize::from(t - 0x81) + 52),
        _ => None,
    }
}

/// The UHC trail byte at a position.
fn uhc_trail_byte(p: usize) -> u8 {
    match p {
        0..26 => 0x41 + p as u8,
        26..52 => 0x61 + (p - 26) as u8,
        _ => 0x81 + (p - 52) as u8,
    }
}

/// The rank in the UHC extension of a code outside KS X 1001's A1..FE × A1..FE.
fn uhc_rank(lead: u8, trail: u8) -> Option<usize> {
    let t = uhc_trail(trail)?;
    let rank = match lead {
        0x81..=0xA0 => usize::from(lead - 0x81) * 178 + t,
        0xA1..=0xC6 if trail < 0xA1 => 32 * 178 + usize::from(lead - 0xA1) * 84 + t,
        _ => return None,
    };
    (rank < UHC_COUNT).then_some(rank)
}

/// The code of the syllable at `rank` of the extension.
fn uhc_code(rank: usize) -> [u8; 2] {
    if rank < 32 * 178 {
        [0x81 + (rank / 178) as u8, uhc_trail_byte(rank % 178)]
    } else {
        let r = rank - 32 * 178;
        [0xA1 + (r / 84) as u8, uhc_trail_byte(r % 84)]
    }
}

/// The extension's syllables in order, and each syllable's rank (u16::MAX: in KS X 1001).
struct Uhc {
    syllables: Vec<char>,
    rank: Vec<u16>,
}

fn uhc() -> &'static Uhc {
    static UHC: OnceLock<Uhc> = OnceLock::new();
    UHC.get_or_init(|| {
        let ks = ksx1001_inverse();
        let mut syllables = Vec::with_capacity(UHC_COUNT);
        let mut rank = vec![u16::MAX; 11172];
        for (i, c) in ('\u{AC00}'..='\u{D7A3}').enumerate() {
            if ks.get(c).is_none() {
                rank[i] = syllables.len() as u16;
                syllables.push(c);
            }
        }
        debug_assert_eq!(syllables.len(), UHC_COUNT);
        Uhc { syllables, rank }
    })
}

/// KS X 1001's encoder lookup (shared with ISO-2022-KR and JOHAB).
pub fn ksx1001_inverse() -> &'static Inverse {
    static INV: OnceLock<Inverse> = OnceLock::new();
    INV.get_or_init(|| KSX1001.inverse())
}

/// The KS X 1001 character of a GL row and cell.
#[inline]
pub fn ksx1001(row: u8, cell: u8) -> Option<char> {
    match set94(0, row, cell).map(|i| KSX1001.cell(i)) {
        Some(Cell::Char(c)) => Some(c),
        _ => None,
    }
}

/// The GL row and cell of a KS X 1001 character.
#[inline]
pub fn ksx1001_code(c: char) -> Option<(u8, u8)> {
    match ksx1001_codes().get(c as usize) {
        Some(&v) if v != 0 => Some(((v >> 8) as u8, v as u8)),
        _ => None,
    }
}

/// [`ksx1001_code`] for every BMP character at once: `row << 8 | cell`, 0 for none.
pub fn ksx1001_codes() -> &'static [u16] {
    static CODES: OnceLock<Vec<u16>> = OnceLock::new();
    // Straight from the table: ISO-2022-KR needs no more, and the inverse costs more.
    CODES.get_or_init(|| KSX1001.gl_codes())
}

impl Multibyte for Korean {
    fn fast(&self) -> &'static Fast {
        self.fast
    }

    #[inline]
    fn step(&self, b: &[u8]) -> Step {
        let lead = b[0];
        let lead_ok = if self.uhc {
            (0x81..=0xFE).contains(&lead)
        } else {
            (0xA1..=0xFE).contains(&lead)
        };
        if !lead_ok {
            return Step::Bad(1);
        }
        let Some(&trail) = b.get(1) else {
            return Step::Short;
        };
        if lead >= 0xA1 && trail >= 0xA1 && trail != 0xFF {
            if self.uhc && lead == 0xA2 && trail == 0xE8 {
                return Step::Bad(2);
            }
            let c = ksx1001(lead - 0x80, trail - 0x80);
            return Step::Char(c.map_or(Cell::Empty, Cell::Char), 2);
        }
        if self.uhc && uhc_trail(trail).is_some() {
            let c = uhc_rank(lead, trail).map(|r| uhc().syllables[r]);
            return Step::Char(c.map_or(Cell::Empty, Cell::Char), 2);
        }
        // The trail byte cannot follow this lead: the lead alone is malformed.
        Step::Bad(1)
    }

    fn encode(&self, c: char) -> Option<Code> {
        if self.uhc && c == A2E8 {
            return None;
        }
        if let Some((r, k)) = ksx1001_code(c) {
            return Some(Code::of(&[r | 0x80, k | 0x80]));
        }
        if !self.uhc {
            return None;
        }
        let offset = (c as usize).checked_sub(0xAC00).filter(|&o| o < 11172)?;
        match uhc().rank[offset] {
            u16::MAX => None,
            r => Some(Code::of(&uhc_code(usize::from(r)))),
        }
    }
}

impl Codec for Korean {
    fn name(&self) -> &'static str {
        self.name
    }

    fn clean_after(&self, byte: u8) -> bool {
        // No trail byte is below 0x41 (CP949) or 0xA1 (EUC-KR); after such a byte any lead
        // before it has been settled.
        byte < 0x41
    }

    engine::multibyte_codec!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::test_support::{decode_all, encode};
    use crate::codecs::{Charset, DecodeStatus, EncodeStatus, Problem};

    const EUC: Charset = Charset::of(&EUC_KR_STRICT);
    const BAD1: DecodeStatus = DecodeStatus::Malformed {
        len: 1,
        after: 0,
        problem: Problem::Invalid,
    };
    const BAD2: DecodeStatus = DecodeStatus::Malformed {
        len: 2,
        after: 0,
        problem: Problem::Invalid,
    };
    const UHC: Charset = Charset::of(&CP949);

    #[test]
    fn ks_x_1001_both_ways() {
        assert_eq!(decode_all(EUC, b"\xB0\xA1a\xC7\xD1").0, "가a한");
        assert_eq!(encode(EUC, "가a한").2, b"\xB0\xA1a\xC7\xD1");
        assert_eq!(decode_all(EUC, b"\xA2\xE8").0, "\u{327E}");
    }

    #[test]
    fn uhc_extension_in_unicode_order() {
        // The first and last syllables of the extension, and one below A1 in a high lead.
        assert_eq!(decode_all(UHC, b"\x81\x41\xC6\x52").0, "갂힣");
        assert_eq!(encode(UHC, "갂힣").2, b"\x81\x41\xC6\x52");
        assert_eq!(decode_all(UHC, b"\xC6\x53"), ("S".to_string(), vec![BAD1]));
        assert_eq!(decode_all(UHC, b"\xC6\xA0").1, [BAD2]);
        assert_eq!(decode_all(UHC, b"\xA2\xE8").1.len(), 1);
        assert_eq!(
            encode(UHC, "\u{327E}").0,
            EncodeStatus::Unmappable('\u{327E}')
        );
        // Strict EUC-KR has no extension.
        assert_eq!(encode(EUC, "갂").0, EncodeStatus::Unmappable('갂'));
        assert_eq!(
            decode_all(EUC, b"\x81\x41").1[0],
            DecodeStatus::Malformed {
                len: 1,
                after: 0,
                problem: Problem::Invalid
            }
        );
    }

    #[test]
    fn malformed_boundaries() {
        // An ASCII trail is not taken into the error; an unassigned pair is one error.
        let (text, errors) = decode_all(EUC, b"\xB0a\xA2\xFE\xB0");
        assert_eq!(text, "a");
        let lens: Vec<usize> = errors
            .iter()
            .map(|e| match e {
                DecodeStatus::Malformed { len, .. } => *len,
                _ => 0,
            })
            .collect();
        assert_eq!(lens, [1, 2, 1]);
        assert_eq!(decode_all(EUC, b"\x80\xC9").1.len(), 2);
    }
}
