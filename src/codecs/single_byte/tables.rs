//! The single-byte code pages' tables, each with where it comes from.

#![forbid(unsafe_code)]

use super::{SingleByte, UNASSIGNED};

/// ISO-8859-1 (ISO/IEC 8859-1:1998): every byte is the code point of the same value.
pub static ISO_8859_1: SingleByte = SingleByte::new("ISO-8859-1", &identity(0xFF));

/// US-ASCII (ANSI X3.4-1968): seven bits; bytes 0x80..0xFF are not characters.
pub static US_ASCII: SingleByte = SingleByte::new("US-ASCII", &identity(0x7F));

/// Every code page above, for the tests that check all tables.
pub static ALL: &[&SingleByte] = &[&ISO_8859_1, &US_ASCII];

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
