//! The code pages defined by a rule rather than a data file (ISO-8859-1, US-ASCII), and the
//! list of every code page of the family.

#![forbid(unsafe_code)]

use super::{SingleByte, Table, UNASSIGNED, generated};
use crate::codecs::codec::Family;

/// ISO-8859-1 (ISO/IEC 8859-1:1998): every byte is the code point of the same value.
pub static ISO_8859_1: SingleByte = SingleByte::new(&Table {
    name: "ISO-8859-1",
    family: Family::Iso8859,
    chars: &identity(0xFF),
    sequences: &[],
    decode_only: &[],
    decomposed: &[],
});

/// US-ASCII (ANSI X3.4-1968): seven bits; bytes 0x80..0xFF are not characters.
pub static US_ASCII: SingleByte = SingleByte::new(&Table {
    name: "US-ASCII",
    family: Family::Other,
    chars: &identity(0x7F),
    sequences: &[],
    decode_only: &[],
    decomposed: &[],
});

/// Every code page of the family, for the tests that check all tables.
pub fn all() -> impl Iterator<Item = &'static SingleByte> {
    [&ISO_8859_1, &US_ASCII]
        .into_iter()
        .chain(generated::ALL.iter().copied())
}

/// The table where each byte up to `max` is the code point of the same value.
const fn identity(max: u8) -> [u16; 256] {
    let mut table = [UNASSIGNED; 256];
    let mut b = 0;
    while b <= max as usize {
        table[b] = b as u16;
        b += 1;
    }
    table
}
