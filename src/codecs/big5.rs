//! The Big5 code pages that WHATWG's `Big5` merges: CP950 as Windows converts it (ICU's
//! `windows-950-2000`, user-defined areas as private use) and Big5-HKSCS (HKSCS-2008, glibc's
//! table, whose encoder writes the HKSCS codes WHATWG's does not). Four HKSCS codes stand for
//! a letter and a combining mark (8862 = Ê̄); the encoder looks one character ahead for them.

#![forbid(unsafe_code)]

use super::cjk::engine::{self, Code, Fast, Multibyte, Step};
use super::cjk::table::{Cell, Inverse, Table, big5_code, big5_index};
use super::cjk::tables::{
    BIG5_2003, BIG5HKSCS, BIG5HKSCS_SINGLE, CP950, CP950_SINGLE, HKSCS_ADDED,
};
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
    /// The HKSCS edition (1999, 2001, 2004, 2008): the codes a later one added are not
    /// this charset's (`HKSCS_ADDED`). 0 for CP950, which is no edition of HKSCS.
    edition: u16,
}

/// CP950, as Windows converts it.
pub static CP950_CHARSET: Big5 = Big5 {
    name: "CP950",
    table: &CP950,
    singles: CP950_SINGLE,
    inverse: || {
        static INV: OnceLock<Inverse> = OnceLock::new();
        INV.get_or_init(|| build(&CP950, CP950_SINGLE, 0))
    },
    fast: &CP950_FAST,
    edition: 0,
};
static CP950_FAST: Fast = Fast::new();

/// Big5-HKSCS (HKSCS-2008).
pub static BIG5_HKSCS: Big5 = Big5 {
    name: "Big5-HKSCS",
    table: &BIG5HKSCS,
    singles: BIG5HKSCS_SINGLE,
    inverse: || {
        static INV: OnceLock<Inverse> = OnceLock::new();
        INV.get_or_init(|| build(&BIG5HKSCS, BIG5HKSCS_SINGLE, 2008))
    },
    fast: &BIG5_HKSCS_FAST,
    edition: 2008,
};
static BIG5_HKSCS_FAST: Fast = Fast::new();

/// BIG5-2003 (libiconv's): Big5 with the ETEN extensions, the euro and 2003's box drawing.
pub static BIG5_2003_CHARSET: Big5 = Big5 {
    name: "BIG5-2003",
    table: &BIG5_2003,
    singles: &[],
    inverse: || {
        static INV: OnceLock<Inverse> = OnceLock::new();
        INV.get_or_init(|| build(&BIG5_2003, &[], 0))
    },
    fast: &BIG5_2003_FAST,
    edition: 0,
};
static BIG5_2003_FAST: Fast = Fast::new();

/// Defines an earlier edition of Big5-HKSCS (libiconv's `BIG5-HKSCS:1999` ...): the 2008
/// table without the codes later editions added.
macro_rules! hkscs_edition {
    ($(#[$doc:meta])* $static:ident, $name:literal, $year:literal) => {
        $(#[$doc])*
        pub static $static: Big5 = Big5 {
            name: $name,
            table: &BIG5HKSCS,
            singles: BIG5HKSCS_SINGLE,
            inverse: || {
                static INV: OnceLock<Inverse> = OnceLock::new();
                INV.get_or_init(|| build(&BIG5HKSCS, BIG5HKSCS_SINGLE, $year))
            },
            fast: {
                static FAST: Fast = Fast::new();
                &FAST
            },
            edition: $year,
        };
    };
}

hkscs_edition!(
    /// Big5-HKSCS as HKSCS-2004 defined it.
    BIG5_HKSCS_2004,
    "BIG5-HKSCS:2004",
    2004
);
hkscs_edition!(
    /// Big5-HKSCS as HKSCS-2001 defined it.
    BIG5_HKSCS_2001,
    "BIG5-HKSCS:2001",
    2001
);
hkscs_edition!(
    /// Big5-HKSCS as HKSCS-1999 defined it.
    BIG5_HKSCS_1999,
    "BIG5-HKSCS:1999",
    1999
);

/// True when the code at `index` of `BIG5HKSCS` came after `edition` (an edition before 2008).
fn after_edition(index: usize, edition: u16) -> bool {
    edition != 0
        && edition < 2008
        && HKSCS_ADDED
            .binary_search_by_key(&(index as u32), |&(i, _)| i)
            .is_ok_and(|at| HKSCS_ADDED[at].1 > edition)
}

/// Indexes at and above this are single bytes (the byte in the low eight bits).
const SINGLE: u32 = 0x1_0000;

fn build(table: &Table, singles: &[(u8, char)], edition: u16) -> Inverse {
    let mut inv = table.inverse();
    if edition != 0 && edition < 2008 {
        // The codes of later editions: their characters lose them (a character of a later
        // edition is unmappable; none of them has another code in the table).
        for &(index, year) in HKSCS_ADDED {
            if year > edition {
                match table.cell(index as usize) {
                    Cell::Char(c) if inv.get(c) == Some(index) => inv.remove(c),
                    Cell::Pair(a, b) if inv.pair(a, b) == Some(index) => inv.remove_pair(a, b),
                    _ => {}
                }
            }
        }
    }
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
            Some(i) if after_edition(i, self.edition) => Step::Char(Cell::Empty, 2),
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
    fn earlier_hkscs_editions_lack_the_later_codes() {
        // 8C40 came with HKSCS-2001, 8740 with 2004, 877A with 2008 (libiconv's tables).
        let codes: [(&[u8], &str, u16); 3] = [
            (b"\x8C\x40", "\u{503B}", 2001),
            (b"\x87\x40", "\u{43F0}", 2004),
            (b"\x87\x7A", "\u{3875}", 2008),
        ];
        let editions = [
            (&BIG5_HKSCS_1999, 1999),
            (&BIG5_HKSCS_2001, 2001),
            (&BIG5_HKSCS_2004, 2004),
            (&BIG5_HKSCS, 2008),
        ];
        for (charset, year) in editions {
            let cs = Charset::of(charset);
            for &(bytes, text, added) in &codes {
                let (read, errors) = decode_all(cs, bytes);
                let (status, _, written) = encode(cs, text);
                if added <= year {
                    assert_eq!((read.as_str(), errors.len()), (text, 0), "{cs}");
                    assert_eq!(written, bytes, "{cs}");
                } else {
                    assert_eq!(errors.len(), 1, "{cs} {bytes:02X?}");
                    assert!(matches!(status, EncodeStatus::Unmappable(_)), "{cs} {text}");
                }
            }
            // What every edition has: HKSCS-1999's pairs and Big5 itself.
            assert_eq!(decode_all(cs, b"\x88\x62\xA4\x40").0, "\u{CA}\u{304}一");
        }
    }

    #[test]
    fn big5_2003_has_the_euro_and_eten() {
        const B3: Charset = Charset::of(&BIG5_2003_CHARSET);
        // The euro (A3E1), ETEN's hiragana (C6E7 = ぁ), 一 (A440).
        assert_eq!(decode_all(B3, b"\xA3\xE1\xC6\xE7\xA4\x40").0, "€ぁ一");
        assert_eq!(encode(B3, "€ぁ一").2, b"\xA3\xE1\xC6\xE7\xA4\x40");
        // F9FA reads as U+2554 but is not written for it (libiconv's IRREVERSIBLE).
        assert_eq!(decode_all(B3, b"\xF9\xFA").0, "\u{2554}");
        assert_ne!(encode(B3, "\u{2554}").2, b"\xF9\xFA");
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
