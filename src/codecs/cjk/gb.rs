//! GB 2312 as 94×94 cells, for HZ and ISO-2022-CN: the project's strict GB2312
//! (`codecs::gb::GB2312`) read once into an array and an inverse, so that the shift-state
//! charsets map GB 2312 exactly as `-f GB2312` does, at table speed.
//!
//! The two are built apart, each on first use and straight from strict GB2312's variant (its
//! cell lookup and its list of one-way codes), not through a decoder or an encoder per cell:
//! those cost about 40,000 instructions a call, which made the first HZ or ISO-2022-CN
//! character of a process cost some 11 ms; a decoder never builds the inverse.

#![forbid(unsafe_code)]

use super::table::{PLANE, row_cell, set94};
use crate::codecs::gb;
use std::sync::OnceLock;

/// GB 2312's character at each index of [`set94`]'s plane 0.
fn cells() -> &'static [Option<char>] {
    static CELLS: OnceLock<Vec<Option<char>>> = OnceLock::new();
    CELLS.get_or_init(|| {
        let mut cells = vec![None; PLANE];
        for row in 0x21..=0x7E {
            for cell in 0x21..=0x7E {
                if let Some(i) = set94(0, row, cell) {
                    cells[i] = gb::gb2312_pair(row | 0x80, cell | 0x80);
                }
            }
        }
        cells
    })
}

/// Every BMP character's GL bytes (`row << 8 | cell`, 0 for none), the one-way ones too:
/// the first cell of each character, then the codes strict GB2312 writes but does not read.
fn codes() -> &'static [u16] {
    static CODES: OnceLock<Vec<u16>> = OnceLock::new();
    CODES.get_or_init(|| {
        // The first cell of a character wins, as in an `Inverse`.
        let mut codes = vec![0u16; 0x1_0000];
        for (i, c) in cells().iter().enumerate() {
            if let Some(slot) = c.and_then(|c| codes.get_mut(c as usize))
                && *slot == 0
            {
                let (row, cell) = row_cell(i as u32);
                *slot = u16::from(row) << 8 | u16::from(cell);
            }
        }
        let one_way: Vec<(u16, u32)> = gb::gb2312_one_way().collect();
        for (k, &(cp, bytes)) in one_way.iter().enumerate() {
            // The encoder reads the first entry of a code point only (and writes nothing
            // for an entry of 0); only two-byte codes are GB 2312 cells.
            if cp < 0x80 || one_way[..k].iter().any(|o| o.0 == cp) {
                continue;
            }
            let slot = &mut codes[usize::from(cp)];
            if *slot == 0
                && let Ok(pair) = u16::try_from(bytes)
                && pair > 0xFF
            {
                *slot = pair & 0x7F7F;
            }
        }
        codes
    })
}

/// The GB 2312 character of a GL row and cell.
#[inline]
pub fn gb2312(row: u8, cell: u8) -> Option<char> {
    set94(0, row, cell).and_then(|i| cells()[i])
}

/// The GL row and cell of a GB 2312 character (including the characters strict GB2312
/// writes one way, U+30FB and U+2015).
#[inline]
pub fn gb2312_code(c: char) -> Option<(u8, u8)> {
    match gb2312_codes().get(c as usize) {
        Some(&v) if v != 0 => Some(((v >> 8) as u8, v as u8)),
        _ => None,
    }
}

/// [`gb2312_code`] for every BMP character at once: `row << 8 | cell`, 0 for none.
pub fn gb2312_codes() -> &'static [u16] {
    codes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::cjk::table::Inverse;
    use crate::codecs::codec::{Codec, DecodeStatus, EncodeStatus};

    /// The construction these tables had before, through a strict GB2312 decoder per cell
    /// and an encoder per BMP character: the reference the direct one must equal.
    fn reference() -> (Vec<Option<char>>, Vec<u16>) {
        let decode_pair = |lead: u8, trail: u8| {
            let mut text = String::with_capacity(16);
            let (status, read) = gb::GB2312.decoder().decode(&[lead, trail], &mut text, true);
            let mut chars = text.chars();
            match (status, read, chars.next(), chars.next()) {
                (DecodeStatus::InputEmpty, 2, Some(c), None) => Some(c),
                _ => None,
            }
        };
        let encode_char = |c: char| -> Option<[u8; 2]> {
            let mut out = Vec::new();
            let mut buf = [0u8; 4];
            match gb::GB2312
                .encoder()
                .encode(c.encode_utf8(&mut buf), &mut out, true)
            {
                (EncodeStatus::Done, _) => out.try_into().ok(),
                _ => None,
            }
        };
        let mut cells = vec![None; PLANE];
        let mut inverse = Inverse::default();
        for row in 0x21..=0x7E {
            for cell in 0x21..=0x7E {
                if let (Some(i), Some(c)) =
                    (set94(0, row, cell), decode_pair(row | 0x80, cell | 0x80))
                {
                    cells[i] = Some(c);
                    inverse.insert(c, i as u32);
                }
            }
        }
        let mut codes = inverse.gl_codes();
        for (cp, code) in codes.iter_mut().enumerate().skip(0x80) {
            if *code == 0
                && let Some([a, b]) = char::from_u32(cp as u32).and_then(encode_char)
            {
                *code = u16::from(a & 0x7F) << 8 | u16::from(b & 0x7F);
            }
        }
        (cells, codes)
    }

    #[test]
    fn built_directly_as_through_the_codec() {
        let (ref_cells, ref_codes) = reference();
        for (i, (new, old)) in cells().iter().zip(&ref_cells).enumerate() {
            assert_eq!(new, old, "cell {i}");
        }
        assert_eq!(cells().len(), ref_cells.len());
        for (cp, (new, old)) in codes().iter().zip(&ref_codes).enumerate() {
            assert_eq!(new, old, "U+{cp:04X}");
        }
        assert_eq!(codes().len(), ref_codes.len());
    }

    #[test]
    fn same_as_strict_gb2312() {
        assert_eq!(gb2312(0x56, 0x50), Some('中'));
        assert_eq!(gb2312_code('中'), Some((0x56, 0x50)));
        assert_eq!(gb2312_code('\u{30FB}'), Some((0x21, 0x24)));
        assert_eq!(gb2312(0x2A, 0x21), None);
        assert_eq!(gb2312_code('丂'), None);
    }
}
