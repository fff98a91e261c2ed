//! GB 2312 as 94×94 cells, for HZ and ISO-2022-CN: the project's strict GB2312
//! (`codecs::gb::GB2312`) read once into an array and an inverse, so that the shift-state
//! charsets map GB 2312 exactly as `-f GB2312` does, at table speed.

#![forbid(unsafe_code)]

use super::table::{Inverse, PLANE, set94};
use crate::codecs::codec::{Codec, DecodeStatus, EncodeStatus};
use crate::codecs::gb;
use std::sync::OnceLock;

/// What strict GB2312 reads the EUC-CN pair as, if it is one.
fn decode_pair(lead: u8, trail: u8) -> Option<char> {
    let mut text = String::with_capacity(16);
    let (status, read) = gb::GB2312.decoder().decode(&[lead, trail], &mut text, true);
    let mut chars = text.chars();
    match (status, read, chars.next(), chars.next()) {
        (DecodeStatus::InputEmpty, 2, Some(c), None) => Some(c),
        _ => None,
    }
}

/// The EUC-CN pair strict GB2312 writes for a non-ASCII character, if it has one.
fn encode_char(c: char) -> Option<[u8; 2]> {
    let mut out = Vec::new();
    let mut buf = [0u8; 4];
    match gb::GB2312
        .encoder()
        .encode(c.encode_utf8(&mut buf), &mut out, true)
    {
        (EncodeStatus::Done, _) => out.try_into().ok(),
        _ => None,
    }
}

struct Gb {
    cells: Vec<Option<char>>,
    /// Every BMP character's GL bytes (`row << 8 | cell`, 0 for none), the one-way ones too.
    codes: Vec<u16>,
}

fn gb() -> &'static Gb {
    static GB: OnceLock<Gb> = OnceLock::new();
    GB.get_or_init(|| {
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
        Gb { cells, codes }
    })
}

/// The GB 2312 character of a GL row and cell.
#[inline]
pub fn gb2312(row: u8, cell: u8) -> Option<char> {
    set94(0, row, cell).and_then(|i| gb().cells[i])
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
    &gb().codes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_as_strict_gb2312() {
        assert_eq!(gb2312(0x56, 0x50), Some('中'));
        assert_eq!(gb2312_code('中'), Some((0x56, 0x50)));
        assert_eq!(gb2312_code('\u{30FB}'), Some((0x21, 0x24)));
        assert_eq!(gb2312(0x2A, 0x21), None);
        assert_eq!(gb2312_code('丂'), None);
    }
}
