//! The Big5 code pages that WHATWG's `Big5` merges: CP950 as Windows converts it (ICU's
//! `windows-950-2000`, user-defined areas as private use) and Big5-HKSCS (HKSCS-2008, glibc's
//! table, whose encoder writes the HKSCS codes WHATWG's does not). Four HKSCS codes stand for
//! a letter and a combining mark (8862 = Ê̄); the encoder looks one character ahead for them.

#![forbid(unsafe_code)]

use super::cjk::engine::{self, Code, Fast, Multibyte, Step};
use super::cjk::table::{Cell, Inverse, Table, big5_code, big5_index};
use super::cjk::tables::{BIG5HKSCS, BIG5HKSCS_SINGLE, CP950, CP950_SINGLE};
use super::codec::Codec;
use std::sync::OnceLock;

/// A Big5 code page.
#[derive(Clone, Copy)]
pub struct Big5 {
    name: &'static str,
    table: &'static Table,
    singles: &'static [(u8, char)],
    inverse: fn() -> &'static Inverse,
    fast: &'static Fast,
}

/// CP950, as Windows converts it.
pub static CP950_CHARSET: Big5 = Big5 {
    name: "CP950",
    table: &CP950,
    singles: CP950_SINGLE,
    inverse: || {
        static INV: OnceLock<Inverse> = OnceLock::new();
        INV.get_or_init(|| build(&CP950, CP950_SINGLE))
    },
    fast: &CP950_FAST,
};
static CP950_FAST: Fast = Fast::new();

/// Big5-HKSCS (HKSCS-2008).
pub static BIG5_HKSCS: Big5 = Big5 {
    name: "Big5-HKSCS",
    table: &BIG5HKSCS,
    singles: BIG5HKSCS_SINGLE,
    inverse: || {
        static INV: OnceLock<Inverse> = OnceLock::new();
        INV.get_or_init(|| build(&BIG5HKSCS, BIG5HKSCS_SINGLE))
    },
    fast: &BIG5_HKSCS_FAST,
};
static BIG5_HKSCS_FAST: Fast = Fast::new();

/// Indexes at and above this are single bytes (the byte in the low eight bits).
const SINGLE: u32 = 0x1_0000;

fn build(table: &Table, singles: &[(u8, char)]) -> Inverse {
    let mut inv = table.inverse();
    for &(b, c) in singles {
        inv.insert(c, SINGLE | u32::from(b));
    }
    inv.seal()
}

impl Big5 {
    fn code(index: u32) -> Code {
        if index >= SINGLE {
            Code::of(&[index as u8])
        } else {
            Code::of(&big5_code(index))
        }
    }
}

impl Multibyte for Big5 {
    fn fast(&self) -> &'static Fast {
        self.fast
    }

    #[inline]
    fn step(&self, b: &[u8]) -> Step {
        let lead = b[0];
        if !(0x81..=0xFE).contains(&lead) {
            return match self.singles.iter().find(|&&(s, _)| s == lead) {
                Some(&(_, c)) => Step::Char(Cell::Char(c), 1),
                None => Step::Bad(1),
            };
        }
        let Some(&trail) = b.get(1) else {
            return Step::Short;
        };
        match big5_index(lead, trail) {
            Some(i) => Step::Char(self.table.cell(i), 2),
            None => Step::Bad(1),
        }
    }

    fn encode(&self, c: char) -> Option<Code> {
        (self.inverse)().get(c).map(Big5::code)
    }

    fn encode_pair(&self, a: char, b: char) -> Option<Code> {
        (self.inverse)().pair(a, b).map(Big5::code)
    }

    fn starts_pair(&self, c: char) -> bool {
        (self.inverse)().starts_pair(c)
    }
}

impl Codec for Big5 {
    fn name(&self) -> &'static str {
        self.name
    }

    fn clean_after(&self, byte: u8) -> bool {
        // Trail bytes start at 0x40.
        byte < 0x40
    }

    engine::multibyte_codec!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::test_support::{decode_all, encode};
    use crate::codecs::{Charset, EncodeStatus};

    const HK: Charset = Charset::of(&BIG5_HKSCS);
    const MS: Charset = Charset::of(&CP950_CHARSET);

    #[test]
    fn hkscs_sequences_look_ahead() {
        assert_eq!(decode_all(HK, b"\x88\x62\x88\x66").0, "\u{CA}\u{304}\u{CA}");
        assert_eq!(encode(HK, "\u{CA}\u{304}\u{CA}").2, b"\x88\x62\x88\x66");
        assert_eq!(encode(HK, "\u{CA}a\u{CA}").2, b"\x88\x66a\x88\x66");
        // An HKSCS-2008 addition (877A = U+3875), which WHATWG's encoder cannot write.
        assert_eq!(decode_all(HK, b"\x87\x7A").0, "\u{3875}");
        assert_eq!(encode(HK, "\u{3875}").2, b"\x87\x7A");
    }

    #[test]
    fn cp950_is_windows() {
        assert_eq!(decode_all(MS, b"\xA4\x40\x80\xFF").0, "一\u{80}\u{F8F8}");
        assert_eq!(encode(MS, "一\u{80}\u{F8F8}").2, b"\xA4\x40\x80\xFF");
        // The user-defined area is private use, as on Windows.
        assert_eq!(decode_all(MS, b"\xFA\x40").0, "\u{E000}");
        assert_eq!(
            encode(MS, "\u{3875}").0,
            EncodeStatus::Unmappable('\u{3875}')
        );
    }
}
