//! EUC-TW: CNS 11643 in EUC form, plane 1 in two bytes (A1..FE A1..FE) and every plane in four
//! (8E, A0+plane, row, cell). The table is glibc's `EUC-TW` charmap (planes 1–7 and 15; why
//! that source and not Unihan: data/cjk/README.md). The encoder writes plane 1 in two bytes,
//! as glibc does (the four-byte plane-1 form is read only), and a character on two planes in
//! the lower one.

#![forbid(unsafe_code)]

use super::cjk::engine::{self, Code, Fast, Multibyte, Step};
use super::cjk::table::{Cell, Inverse, PLANE, row_cell, set94};
use super::cjk::tables::CNS11643;
use super::codec::Codec;
use std::sync::OnceLock;

/// EUC-TW.
#[derive(Clone, Copy)]
pub struct EucTw;

/// The one EUC-TW charset.
pub static EUC_TW: EucTw = EucTw;

/// The CNS 11643 planes in the table, in the order of its slots.
const PLANES: [u8; 8] = [1, 2, 3, 4, 5, 6, 7, 15];

/// The table slot of a CNS 11643 plane.
fn slot(plane: u8) -> Option<usize> {
    PLANES.iter().position(|&p| p == plane)
}

/// The CNS 11643 character (or pair) at a plane, GL row and cell.
#[inline]
pub fn cns(plane: u8, row: u8, cell: u8) -> Cell {
    match slot(plane).and_then(|s| set94(s, row, cell)) {
        Some(i) => CNS11643.cell(i),
        None => Cell::Empty,
    }
}

fn inverse() -> &'static Inverse {
    static INV: OnceLock<Inverse> = OnceLock::new();
    INV.get_or_init(|| CNS11643.inverse())
}

/// The plane, GL row and cell a character is written as (the lowest plane that has it).
#[inline]
pub fn cns_code(c: char) -> Option<(u8, u8, u8)> {
    let index = inverse().get(c)?;
    let plane = PLANES[index as usize / PLANE];
    let (row, cell) = row_cell(index);
    Some((plane, row, cell))
}

/// True for a byte that can be a row or cell in EUC form.
fn gr(b: u8) -> bool {
    (0xA1..=0xFE).contains(&b)
}

impl Multibyte for EucTw {
    fn fast(&self) -> &'static Fast {
        static FAST: Fast = Fast::new();
        &FAST
    }

    #[inline]
    fn step(&self, b: &[u8]) -> Step {
        match b[0] {
            0xA1..=0xFE => match b.get(1) {
                None => Step::Short,
                Some(&t) if gr(t) => Step::Char(cns(1, b[0] - 0x80, t - 0x80), 2),
                Some(_) => Step::Bad(1),
            },
            0x8E => {
                // 8E, a plane byte A1..B0 (planes 1..16), a row and a cell: the longest
                // valid prefix is the error when the code cannot be completed.
                let valid: [fn(u8) -> bool; 3] = [|x| (0xA1..=0xB0).contains(&x), gr, gr];
                for (k, ok) in valid.iter().enumerate() {
                    match b.get(k + 1) {
                        None => return Step::Short,
                        Some(&x) if ok(x) => {}
                        Some(_) => return Step::Bad(k + 1),
                    }
                }
                Step::Char(cns(b[1] - 0xA0, b[2] - 0x80, b[3] - 0x80), 4)
            }
            _ => Step::Bad(1),
        }
    }

    fn encode(&self, c: char) -> Option<Code> {
        let (plane, row, cell) = cns_code(c)?;
        Some(if plane == 1 {
            Code::of(&[row | 0x80, cell | 0x80])
        } else {
            Code::of(&[0x8E, 0xA0 + plane, row | 0x80, cell | 0x80])
        })
    }
}

/// DEC Hanyu (libiconv's `DEC-HANYU`): ASCII, CNS 11643 plane 1 in two GR bytes, plane 2 as a
/// GR byte and a GL byte, and plane 3 after C2 CB in two GR bytes (so C2 C2..C2 FE are no
/// plane-1 codes), as libiconv reads and writes it. A character on two planes is written in
/// the lower, as in EUC-TW; planes 4 to 7 and 15 are not in it.
#[derive(Clone, Copy)]
pub struct DecHanyu;

/// The one DEC-HANYU charset.
pub static DEC_HANYU: DecHanyu = DecHanyu;

impl Multibyte for DecHanyu {
    fn fast(&self) -> &'static Fast {
        static FAST: Fast = Fast::new();
        &FAST
    }

    #[inline]
    fn step(&self, b: &[u8]) -> Step {
        let lead = b[0];
        if !gr(lead) {
            return Step::Bad(1);
        }
        let Some(&second) = b.get(1) else {
            return Step::Short;
        };
        match second {
            0xCB if lead == 0xC2 => {
                for k in 2..4 {
                    match b.get(k) {
                        None => return Step::Short,
                        Some(&x) if gr(x) => {}
                        Some(_) => return Step::Bad(k),
                    }
                }
                Step::Char(cns(3, b[2] - 0x80, b[3] - 0x80), 4)
            }
            0xC2.. if lead == 0xC2 => Step::Bad(1),
            t if gr(t) => Step::Char(cns(1, lead - 0x80, t - 0x80), 2),
            0x21..=0x7E => Step::Char(cns(2, lead - 0x80, second), 2),
            _ => Step::Bad(1),
        }
    }

    fn encode(&self, c: char) -> Option<Code> {
        match cns_code(c)? {
            (1, 0x42, cell) if cell >= 0x42 => None,
            (1, row, cell) => Some(Code::of(&[row | 0x80, cell | 0x80])),
            (2, row, cell) => Some(Code::of(&[row | 0x80, cell])),
            (3, row, cell) => Some(Code::of(&[0xC2, 0xCB, row | 0x80, cell | 0x80])),
            _ => None,
        }
    }
}

impl Codec for DecHanyu {
    fn name(&self) -> &'static str {
        "DEC-HANYU"
    }

    fn clean_after(&self, byte: u8) -> bool {
        // A byte below A1 ends a code or is one (plane 2's trail bytes are 21..7E).
        byte < 0xA1
    }

    engine::multibyte_codec!();
}

impl Codec for EucTw {
    fn name(&self) -> &'static str {
        "EUC-TW"
    }

    fn clean_after(&self, byte: u8) -> bool {
        byte < 0x80
    }

    engine::multibyte_codec!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::test_support::{decode_all, encode};
    use crate::codecs::{Charset, EncodeStatus};

    const CS: Charset = Charset::of(&EUC_TW);

    #[test]
    fn planes_both_ways() {
        // 一 (plane 1 4421), 乂 (plane 2 2121), 丨 (plane 3 2121), a plane-15 character.
        let (text, errors) = decode_all(CS, b"\xC4\xA1\x8E\xA2\xA1\xA1\x8E\xA3\xA1\xA1");
        assert!(errors.is_empty());
        assert_eq!(text, "一乂丨");
        assert_eq!(
            encode(CS, &text).2,
            b"\xC4\xA1\x8E\xA2\xA1\xA1\x8E\xA3\xA1\xA1"
        );
        // The four-byte plane-1 form is read, and written back in two bytes.
        assert_eq!(decode_all(CS, b"\x8E\xA1\xC4\xA1").0, "一");
        assert!(matches!(
            encode(CS, "\u{E000}").0,
            EncodeStatus::Unmappable(_)
        ));
    }

    #[test]
    fn dec_hanyu_planes_1_2_3() {
        const DH: Charset = Charset::of(&DEC_HANYU);
        // 一 (plane 1 4421), 乂 (plane 2 2121), 丨 (plane 3 2121 after C2 CB).
        let bytes = b"a\xC4\xA1\xA1\x21\xC2\xCB\xA1\xA1";
        assert_eq!(decode_all(DH, bytes), ("a一乂丨".to_string(), vec![]));
        assert_eq!(encode(DH, "a一乂丨").2, bytes);
        // C2 CB A1 38 is plane 3's 5344, written in plane 1 (libiconv's IRREVERSIBLE).
        assert_eq!(decode_all(DH, b"\xC2\xCB\xA1\xB8").0, "\u{5344}");
        assert_eq!(encode(DH, "\u{5344}").2, b"\xA4\xBF");
        // C2 CB before a byte that is not GR: the two bytes; C2 C2 is no code.
        assert_eq!(decode_all(DH, b"\xC2\xCBa").1.len(), 1);
        assert_eq!(decode_all(DH, b"\xC2\xCBa").0, "a");
        assert_eq!(decode_all(DH, b"\xC2\xC2").1.len(), 2);
        // Plane 4 (EUC-TW 8E A4 A1 A1) has no place here.
        let plane4 = decode_all(CS, b"\x8E\xA4\xA1\xA1").0;
        assert!(matches!(encode(DH, &plane4).0, EncodeStatus::Unmappable(_)));
    }

    #[test]
    fn malformed_prefixes() {
        let lens = |b: &[u8]| -> Vec<usize> {
            decode_all(CS, b)
                .1
                .iter()
                .map(|e| match e {
                    crate::codecs::DecodeStatus::Malformed { len, .. } => *len,
                    _ => 0,
                })
                .collect()
        };
        assert_eq!(lens(b"\x8E\xA2\xA1a"), [3]);
        assert_eq!(lens(b"\x8E\xB1"), [1, 1]);
        assert_eq!(lens(b"\x8E\xA2\xA1"), [3]);
        assert_eq!(lens(b"\x80\x8E"), [1, 1]);
        // A plane the table does not have (8) is one error of four bytes.
        assert_eq!(lens(b"\x8E\xA8\xA1\xA1"), [4]);
    }
}
