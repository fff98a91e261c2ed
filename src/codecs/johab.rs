//! JOHAB (KS X 1001:1998 annex 3): every modern hangul syllable by its parts, bit-packed
//! (`1 iiiii mmmmm fffff`), and KS X 1001's symbols and hanja moved to leads D9..DE and
//! E0..F9. No table: the syllables follow from the bits and the rest from KS X 1001
//! (data/cjk/README.md gives the rules; they reproduce glibc's `JOHAB` on every code).

#![forbid(unsafe_code)]

use super::cjk::engine::{self, Code, Fast, Multibyte, Step};
use super::cjk::table::{Cell, Inverse};
use super::codec::Codec;
use super::korean::ksx1001;
use std::sync::OnceLock;

/// JOHAB.
#[derive(Clone, Copy)]
pub struct Johab;

/// The one JOHAB charset.
pub static JOHAB: Johab = Johab;

/// The position (1-based, 0 for the fill code) of each 5-bit value of the initial, medial
/// and final parts; `None` for values that mean nothing.
fn initial(v: u16) -> Option<u16> {
    match v {
        1 => Some(0),
        2..=20 => Some(v - 1),
        _ => None,
    }
}

fn medial(v: u16) -> Option<u16> {
    match v {
        2 => Some(0),
        3..=7 => Some(v - 2),
        10..=15 => Some(v - 4),
        18..=23 => Some(v - 6),
        26..=29 => Some(v - 8),
        _ => None,
    }
}

fn final_(v: u16) -> Option<u16> {
    match v {
        1 => Some(0),
        2..=17 => Some(v - 1),
        19..=29 => Some(v - 2),
        _ => None,
    }
}

/// The compatibility jamo of each initial consonant, and of each final one.
const COMPAT_INITIAL: [u16; 19] = [
    0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146, 0x3147,
    0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
];
const COMPAT_FINAL: [u16; 27] = [
    0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313A, 0x313B, 0x313C, 0x313D,
    0x313E, 0x313F, 0x3140, 0x3141, 0x3142, 0x3144, 0x3145, 0x3146, 0x3147, 0x3148, 0x314A, 0x314B,
    0x314C, 0x314D, 0x314E,
];

/// The character of a hangul-area code (bit 15 set), if it has one.
fn hangul(code: u16) -> Option<char> {
    let i = initial((code >> 10) & 31)?;
    let m = medial((code >> 5) & 31)?;
    let f = final_(code & 31)?;
    let cp = match (i, m, f) {
        (1.., 1.., _) => 0xAC00 + ((i - 1) * 21 + (m - 1)) * 28 + f,
        (1.., 0, 0) => COMPAT_INITIAL[usize::from(i - 1)],
        (0, 1.., 0) => 0x314F + m - 1,
        // Only the final consonants that cannot be initials (clusters such as U+3133) have
        // a final-only code; the others are written as initial-only codes.
        (0, 0, 1..) => {
            let cp = COMPAT_FINAL[usize::from(f - 1)];
            if COMPAT_INITIAL.contains(&cp) {
                return None;
            }
            cp
        }
        _ => return None,
    };
    char::from_u32(u32::from(cp))
}

/// The KS X 1001 row and cell of a code in the symbol (D9..DE) or hanja (E0..F9) area.
fn ksx_of(lead: u8, trail: u8) -> Option<(u8, u8)> {
    let first_row = match lead {
        0xD9..=0xDE => 0x21 + (lead - 0xD9) * 2,
        0xE0..=0xF9 => 0x4A + (lead - 0xE0) * 2,
        _ => return None,
    };
    let t = match trail {
        0x31..=0x7E => trail - 0x31,
        0x91..=0xFE => trail - 0x91 + 78,
        _ => return None,
    };
    let (row, cell) = if t < 94 {
        (first_row, t + 0x21)
    } else {
        (first_row + 1, t - 94 + 0x21)
    };
    // The modern jamo of row 4 are in the hangul area instead.
    if row == 0x24 && cell <= 0x53 {
        return None;
    }
    Some((row, cell))
}

/// Every character with its code: the hangul area first, then the symbols and hanja.
fn inverse() -> &'static Inverse {
    static INV: OnceLock<Inverse> = OnceLock::new();
    INV.get_or_init(|| {
        let mut inv = Inverse::default();
        for code in 0x8441..=0xD3FFu16 {
            if let Some(c) = hangul(code) {
                inv.insert(c, u32::from(code));
            }
        }
        for lead in (0xD9..=0xDE).chain(0xE0..=0xF9) {
            for trail in (0x31..=0x7E).chain(0x91..=0xFE) {
                if let Some(c) = ksx_of(lead, trail).and_then(|(r, k)| ksx1001(r, k)) {
                    inv.insert(c, u32::from(u16::from_be_bytes([lead, trail])));
                }
            }
        }
        inv
    })
}

/// JOHAB's 5C: the WON SIGN, as KS X 1001:1998 annex 3 draws it and as glibc and libiconv
/// read and write it; U+005C REVERSE SOLIDUS has no code.
const WON: (u8, char) = (0x5C, '\u{20A9}');

impl Multibyte for Johab {
    const NOT_ASCII: u128 = 1 << WON.0;

    fn fast(&self) -> &'static Fast {
        static FAST: Fast = Fast::new();
        &FAST
    }

    #[inline]
    fn step(&self, b: &[u8]) -> Step {
        let lead = b[0];
        if lead == WON.0 {
            return Step::Char(Cell::Char(WON.1), 1);
        }
        let hangul_area = match lead {
            0x84..=0xD3 => true,
            0xD9..=0xDE | 0xE0..=0xF9 => false,
            _ => return Step::Bad(1),
        };
        let Some(&trail) = b.get(1) else {
            return Step::Short;
        };
        let cell = if hangul_area {
            if !matches!(trail, 0x41..=0x7E | 0x81..=0xFE) {
                return Step::Bad(1);
            }
            hangul(u16::from_be_bytes([lead, trail]))
        } else {
            if !matches!(trail, 0x31..=0x7E | 0x91..=0xFE) {
                return Step::Bad(1);
            }
            ksx_of(lead, trail).and_then(|(r, k)| ksx1001(r, k))
        };
        Step::Char(cell.map_or(Cell::Empty, Cell::Char), 2)
    }

    fn encode(&self, c: char) -> Option<Code> {
        if c == WON.1 {
            return Some(Code::of(&[WON.0]));
        }
        inverse()
            .get(c)
            .map(|code| Code::of(&(code as u16).to_be_bytes()))
    }
}

impl Codec for Johab {
    fn name(&self) -> &'static str {
        "JOHAB"
    }

    fn clean_after(&self, byte: u8) -> bool {
        // Trail bytes start at 0x31.
        byte < 0x31
    }

    engine::multibyte_codec!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::test_support::{decode_all, encode};
    use crate::codecs::{Charset, EncodeStatus};

    const CS: Charset = Charset::of(&JOHAB);

    #[test]
    fn syllables_jamo_symbols_and_hanja() {
        // 가 (8861), ㄱ initial only (8841), ㅏ medial only (8461), ㄳ final only (8444),
        // U+3164 HANGUL FILLER (DAD4), the ideographic space (D931), 伽 (E031).
        let bytes = b"\x88\x61\x88\x41\x84\x61\x84\x44\xDA\xD4\xD9\x31\xE0\x31";
        let text = "가ㄱㅏㄳ\u{3164}\u{3000}伽";
        assert_eq!(decode_all(CS, bytes), (text.to_string(), vec![]));
        assert_eq!(encode(CS, text).2, bytes);
        // All three parts filled, and a final-only consonant that can be an initial.
        assert_eq!(decode_all(CS, b"\x84\x41\x84\x43").1.len(), 2);
        assert_eq!(encode(CS, "힣").2, b"\xD3\xBD");
    }

    #[test]
    fn five_c_is_the_won_sign() {
        // glibc 2.36 and libiconv (JOHAB.TXT: 0x5C 0x20A9) both ways; U+005C has no code.
        assert_eq!(decode_all(CS, b"a\\b"), ("a\u{20A9}b".to_string(), vec![]));
        assert_eq!(encode(CS, "a\u{20A9}b").2, b"a\\b");
        assert_eq!(encode(CS, "a\\b").0, EncodeStatus::Unmappable('\\'));
        // After a lead byte, 5C is a trail byte of a hangul code (8A5C), not the sign.
        let (text, errors) = decode_all(CS, b"\x8A\x5C\\");
        assert!(errors.is_empty(), "{errors:?}");
        assert!(
            text.ends_with('\u{20A9}') && text.chars().count() == 2,
            "{text}"
        );
        // A bad lead before 5C loses only itself.
        let (text, errors) = decode_all(CS, b"\xFF\\");
        assert_eq!((text.as_str(), errors.len()), ("\u{20A9}", 1));
    }
}
