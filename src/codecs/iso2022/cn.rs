//! ISO-2022-CN and ISO-2022-CN-EXT (RFC 1922): ASCII, with GB 2312 (`ESC $ ) A`) or CNS 11643
//! plane 1 (`ESC $ ) G`) designated to G1 and shifted in by SO, CNS plane 2 (`ESC $ * H`) in
//! G2 for one character after SS2 (`ESC N`); -EXT adds ISO-IR-165 (`ESC $ ) E`) to G1 and CNS
//! planes 3–7 (`ESC $ + I` .. `M`) in G3 after SS3 (`ESC O`).
//!
//! Decoding: a designation holds until it is replaced (glibc; RFC 1922 asks writers to repeat
//! it on every line, which this encoder does). SO with nothing designated to G1 is an error,
//! as it could mean either set (glibc assumes GB 2312); SS2 without a designation means CNS
//! plane 2, the only set G2 can hold (glibc); SS3 without one is an error. A line end while
//! shifted out is an error at the line end (glibc), after which the line is ASCII. Escapes
//! that are not ISO-2022-CN's (in ISO-2022-CN, those of -EXT) are errors (ICU; glibc passes
//! them through as text).
//!
//! Encoding, as RFC 1922 asks and glibc and ICU place them: each designation again on every
//! line before its first use, SO and SI around runs of G1 characters (SI before every line
//! end and at the end), `ESC N` / `ESC O` before each G2 / G3 character. The set of a
//! character is the first that has it of GB 2312, CNS plane 1, CNS plane 2, then (-EXT)
//! ISO-IR-165 and CNS planes 3–7: the sets an ISO-2022-CN reader knows come first (ICU's
//! order; glibc prefers ISO-IR-165 to CNS plane 1).

#![forbid(unsafe_code)]

use super::{ESC, SI, SO, escaped_byte, is_control_function, iso2022_gb2312, iso2022_gb2312_code};
use crate::codecs::cjk::stateful::{Escape, Machine, StatefulDecoder, Unit, cut_after_line};
use crate::codecs::cjk::stateful::{PairMap, double, escape};
use crate::codecs::cjk::table::{Cell, Inverse, row_cell, set94};
use crate::codecs::cjk::tables::ISOIR165;
use crate::codecs::codec::{Codec, Decode, Encode, EncodeStatus, replayed_shift_state};
use crate::codecs::euc_tw::{cns, cns_code};
use std::sync::OnceLock;

/// ISO-2022-CN or ISO-2022-CN-EXT.
pub struct Iso2022Cn {
    ext: bool,
}

/// ISO-2022-CN.
pub static ISO_2022_CN: Iso2022Cn = Iso2022Cn { ext: false };

/// ISO-2022-CN-EXT.
pub static ISO_2022_CN_EXT: Iso2022Cn = Iso2022Cn { ext: true };

/// A set that SO shifts to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum G1 {
    Gb2312,
    Cns1,
    IsoIr165,
}

/// Where a character is written: G1 (through SO), CNS plane 2 (SS2), or a plane 3–7 (SS3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Set {
    G1(G1),
    G2,
    G3(u8),
}

/// The escape sequences, in the order of [`DESIGNATIONS`]: G1, G2, G3 designations, then
/// the single shifts.
const ESCAPES: &[&[u8]] = &[
    b"\x1B$)A", b"\x1B$)G", b"\x1B$)E", b"\x1B$*H", b"\x1B$+I", b"\x1B$+J", b"\x1B$+K", b"\x1B$+L",
    b"\x1B$+M", b"\x1BN", b"\x1BO",
];

/// The sets the escapes at the same positions of [`ESCAPES`] designate (or shift to).
const DESIGNATIONS: &[Set] = &[
    Set::G1(G1::Gb2312),
    Set::G1(G1::Cns1),
    Set::G1(G1::IsoIr165),
    Set::G2,
    Set::G3(3),
    Set::G3(4),
    Set::G3(5),
    Set::G3(6),
    Set::G3(7),
];

/// How many of [`ESCAPES`] ISO-2022-CN (without -EXT) knows: the last two of its list are
/// the single shifts, which come after -EXT's designations.
fn escapes(ext: bool) -> &'static [&'static [u8]] {
    if ext {
        ESCAPES
    } else {
        &[b"\x1B$)A", b"\x1B$)G", b"\x1B$*H", b"\x1BN"]
    }
}

/// ISO-IR-165: GB 2312 with the cells of `isoir165.txt` over it.
fn isoir165(row: u8, cell: u8) -> Option<char> {
    match set94(0, row, cell).map(|i| ISOIR165.cell(i)) {
        Some(Cell::Char(c)) => Some(c),
        _ => iso2022_gb2312(row, cell),
    }
}

fn isoir165_inverse() -> &'static Inverse {
    static INV: OnceLock<Inverse> = OnceLock::new();
    INV.get_or_init(|| ISOIR165.inverse())
}

/// The decoder's state.
#[derive(Clone)]
struct CnMachine {
    ext: bool,
    shifted: bool,
    g1: Option<G1>,
    g3: Option<u8>,
}

impl CnMachine {
    fn lookup(&self, set: Set, row: u8, cell: u8) -> Cell {
        let c = match set {
            Set::G1(G1::Gb2312) => iso2022_gb2312(row, cell),
            Set::G1(G1::IsoIr165) => isoir165(row, cell),
            Set::G1(G1::Cns1) => return cns(1, row, cell),
            Set::G2 => return cns(2, row, cell),
            Set::G3(plane) => return cns(plane, row, cell),
        };
        c.map_or(Cell::Empty, Cell::Char)
    }

    /// A single shift: the escape (two bytes) and the character after it.
    fn single(&self, b: &[u8], set: Set) -> Unit {
        match b.get(2..4) {
            None if b.len() < 4 && b[2..].iter().all(|x| (0x21..=0x7E).contains(x)) => Unit::Short,
            Some(&[r, c]) if (0x21..=0x7E).contains(&r) && (0x21..=0x7E).contains(&c) => {
                match self.lookup(set, r, c) {
                    Cell::Empty => Unit::Bad(4),
                    cell => Unit::Text(cell, 4),
                }
            }
            _ => Unit::Bad(2),
        }
    }

    fn escape(&mut self, b: &[u8]) -> Unit {
        let known = escapes(self.ext);
        let k = match escape(b, known) {
            Escape::Known(k) => k,
            Escape::Short => return Unit::Short,
            Escape::Unknown(n) => return Unit::Bad(n),
        };
        match known[k] {
            b"\x1BN" => self.single(b, Set::G2),
            b"\x1BO" => match self.g3 {
                Some(plane) => self.single(b, Set::G3(plane)),
                None => Unit::Bad(2),
            },
            seq => {
                let at = ESCAPES.iter().position(|e| *e == seq).unwrap_or(0);
                match DESIGNATIONS.get(at) {
                    Some(Set::G1(g)) => self.g1 = Some(*g),
                    Some(Set::G3(p)) => self.g3 = Some(*p),
                    _ => {}
                }
                Unit::Control(seq.len())
            }
        }
    }
}

impl Machine for CnMachine {
    #[inline]
    fn step(&mut self, b: &[u8]) -> Unit {
        match b[0] {
            ESC => self.escape(b),
            SO => match self.g1 {
                Some(_) => {
                    self.shifted = true;
                    Unit::Control(1)
                }
                None => Unit::Bad(1),
            },
            SI => {
                self.shifted = false;
                Unit::Control(1)
            }
            0x80.. => Unit::Bad(1),
            b'\n' | b'\r' if self.shifted => {
                self.shifted = false;
                Unit::Bad(1)
            }
            0x21..=0x7E if self.shifted => {
                let g1 = Set::G1(self.g1.unwrap_or(G1::Gb2312));
                double(b, |r, c| self.lookup(g1, r, c))
            }
            x => Unit::Text(Cell::Char(char::from(x)), 1),
        }
    }

    #[inline]
    fn pairs(&self) -> Option<&'static [u32]> {
        static MAPS: [PairMap; 3] = [PairMap::new(), PairMap::new(), PairMap::new()];
        if !self.shifted {
            return None;
        }
        let g = self.g1?;
        let slot = match g {
            G1::Gb2312 => 0,
            G1::Cns1 => 1,
            G1::IsoIr165 => 2,
        };
        MAPS[slot].if_due(|r, c| self.lookup(Set::G1(g), r, c))
    }

    #[inline]
    fn plain(&self, bytes: &[u8]) -> usize {
        if self.shifted {
            return 0;
        }
        super::ascii_run(bytes)
    }
}

impl Codec for Iso2022Cn {
    fn name(&self) -> &'static str {
        if self.ext {
            "ISO-2022-CN-EXT"
        } else {
            "ISO-2022-CN"
        }
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(StatefulDecoder::new(CnMachine {
            ext: self.ext,
            shifted: false,
            g1: None,
            g3: None,
        }))
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(CnEncoder {
            ext: self.ext,
            shifted: false,
            g1: None,
            g2: false,
            g3: None,
        })
    }

    replayed_shift_state!(cut_after_line);

    fn decodes_one_to_one(&self) -> bool {
        false
    }
}

/// The encoder: the shift, and what is designated on the current line.
struct CnEncoder {
    ext: bool,
    shifted: bool,
    g1: Option<G1>,
    g2: bool,
    g3: Option<u8>,
}

impl CnEncoder {
    /// The GL bytes of `c` in the G1 set `g`.
    fn in_g1(g: G1, c: char) -> Option<(u8, u8)> {
        match g {
            G1::Gb2312 => iso2022_gb2312_code(c),
            G1::Cns1 => cns_code(c).and_then(|(p, r, k)| (p == 1).then_some((r, k))),
            G1::IsoIr165 => match isoir165_inverse().get(c) {
                Some(i) => Some(row_cell(i)),
                None => iso2022_gb2312_code(c).filter(|&(r, k)| isoir165(r, k) == Some(c)),
            },
        }
    }

    /// The set and GL bytes a character is written with: the G1 set designated on this
    /// line if it has the character (as glibc and ICU do), else the first set that has it.
    fn place(&self, c: char) -> Option<(Set, u8, u8)> {
        if is_control_function(c) {
            return None;
        }
        if let Some(g) = self.g1
            && let Some((r, k)) = Self::in_g1(g, c)
        {
            return Some((Set::G1(g), r, k));
        }
        if let Some((r, k)) = iso2022_gb2312_code(c) {
            return Some((Set::G1(G1::Gb2312), r, k));
        }
        let cns = cns_code(c);
        match cns {
            Some((1, r, k)) => return Some((Set::G1(G1::Cns1), r, k)),
            Some((2, r, k)) => return Some((Set::G2, r, k)),
            _ => {}
        }
        if !self.ext {
            return None;
        }
        if let Some(i) = isoir165_inverse().get(c) {
            let (r, k) = row_cell(i);
            return Some((Set::G1(G1::IsoIr165), r, k));
        }
        match cns {
            Some((p @ 3..=7, r, k)) => Some((Set::G3(p), r, k)),
            _ => None,
        }
    }

    fn write(&mut self, set: Set, row: u8, cell: u8, dst: &mut Vec<u8>) {
        match set {
            Set::G1(g) => {
                if self.g1 != Some(g) {
                    let at = DESIGNATIONS.iter().position(|&s| s == set).unwrap_or(0);
                    dst.extend_from_slice(ESCAPES[at]);
                    self.g1 = Some(g);
                }
                if !self.shifted {
                    dst.push(SO);
                    self.shifted = true;
                }
                dst.extend_from_slice(&[row, cell]);
            }
            Set::G2 => {
                if !self.g2 {
                    dst.extend_from_slice(b"\x1B$*H");
                    self.g2 = true;
                }
                dst.extend_from_slice(&[ESC, b'N', row, cell]);
            }
            Set::G3(plane) => {
                if self.g3 != Some(plane) {
                    dst.extend_from_slice(&[ESC, b'$', b'+', b'I' + plane - 3]);
                    self.g3 = Some(plane);
                }
                dst.extend_from_slice(&[ESC, b'O', row, cell]);
            }
        }
    }
}

impl Encode for CnEncoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len() + 8);
        let bytes = src.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii() {
                let run = bytes[i..]
                    .iter()
                    .take_while(|&&b| b.is_ascii() && !matches!(b, ESC | SO | SI))
                    .count();
                if run == 0 {
                    return (EncodeStatus::Unmappable(char::from(bytes[i])), i + 1);
                }
                if self.shifted {
                    dst.push(SI);
                    self.shifted = false;
                }
                let text = &bytes[i..i + run];
                dst.extend_from_slice(text);
                if text.contains(&b'\n') {
                    // Designations hold for one line (RFC 1922).
                    (self.g1, self.g2, self.g3) = (None, false, None);
                }
                i += run;
                continue;
            }
            let Some(c) = src[i..].chars().next() else {
                break;
            };
            let Some((set, row, cell)) = self.place(c) else {
                return (EncodeStatus::Unmappable(c), i + c.len_utf8());
            };
            self.write(set, row, cell, dst);
            i += c.len_utf8();
        }
        if last && self.shifted {
            dst.push(SI);
            self.shifted = false;
        }
        (EncodeStatus::Done, src.len())
    }

    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        escaped_byte(unit, dst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::Charset;
    use crate::codecs::test_support::{decode_all, encode, malformed_lens};

    const CN: Charset = Charset::of(&ISO_2022_CN);
    const EXT: Charset = Charset::of(&ISO_2022_CN_EXT);

    #[test]
    fn gb2312_as_its_readers_have_it() {
        let bytes = b"\x1B$)A\x0E!$!*\x0F";
        assert_eq!(
            decode_all(CN, bytes),
            ("\u{30FB}\u{2015}".to_string(), vec![])
        );
        // U+00B7 and U+2014 are not written as GB 2312 21 24 / 21 2A, which every reader
        // takes for U+30FB and U+2015; CNS 11643 plane 1 has them.
        let (_, _, out) = encode(CN, "\u{B7}\u{2014}");
        assert!(out.starts_with(b"\x1B$)G"), "{out:?}");
        assert_eq!(decode_all(CN, &out), ("\u{B7}\u{2014}".to_string(), vec![]));
    }

    #[test]
    fn encoder_designates_per_line() {
        let cases: &[(&str, &[u8])] = &[
            (
                "a中文b\n中文\n",
                b"a\x1B$)A\x0EVPND\x0Fb\n\x1B$)A\x0EVPND\x0F\n",
            ),
            (
                "中兙\n兙中\n",
                b"\x1B$)A\x0EVP\x1B$)G\"y\x0F\n\x1B$)G\x0E\"yDc\x0F\n",
            ),
            ("丮a丮\n丮\n", b"\x1B$*H\x1BN!0a\x1BN!0\n\x1B$*H\x1BN!0\n"),
            // glibc leaves out the SO here; ICU does not.
            ("丮中\n", b"\x1B$*H\x1BN!0\x1B$)A\x0EVP\x0F\n"),
            ("中丮中\n", b"\x1B$)A\x0EVP\x1B$*H\x1BN!0VP\x0F\n"),
        ];
        for &(text, bytes) in cases {
            assert_eq!(encode(CN, text).2, bytes, "{text}");
            assert_eq!(decode_all(CN, bytes), (text.to_string(), vec![]), "{text}");
        }
    }

    #[test]
    fn ext_sets() {
        // A plane-3 character and an ISO-IR-165 one.
        let cases: &[(&str, &[u8])] = &[
            (
                "丮丅\n丅\n",
                b"\x1B$*H\x1BN!0\x1B$+I\x1BO!%\n\x1B$+I\x1BO!%\n",
            ),
            // ISO-IR-165 holds GB 2312: no new designation for the third character.
            ("中亅中\n", b"\x1B$)A\x0EVP\x1B$)E/|VP\x0F\n"),
        ];
        for &(text, bytes) in cases {
            assert_eq!(encode(EXT, text).2, bytes, "{text}");
            assert_eq!(decode_all(EXT, bytes), (text.to_string(), vec![]), "{text}");
        }
        assert!(matches!(encode(CN, "丅").0, EncodeStatus::Unmappable(_)));
    }

    #[test]
    fn decoding_malformed() {
        assert_eq!(decode_all(CN, b"\x0EVP\x0F").0, "VP");
        assert_eq!(malformed_lens(CN, b"\x0EVP\x0F"), [1]);
        assert_eq!(decode_all(CN, b"\x1BN!!").0, "乂");
        assert_eq!(malformed_lens(CN, b"\x1B$)A\x0EVP\nVP\x0F"), [1]);
        assert_eq!(decode_all(CN, b"\x1B$)A\x0EVP\nVP\x0F").0, "中VP");
        // Designations hold across lines.
        assert_eq!(decode_all(CN, b"\x1B$)A\x0EVP\x0F\n\x0EVP\x0F").0, "中\n中");
        assert_eq!(malformed_lens(CN, b"\x1B$)Z\x0EVP\x0F"), [3, 1]);
        assert_eq!(malformed_lens(CN, b"\x1B$+I\x1BO!!"), [2, 1]);
        assert_eq!(malformed_lens(EXT, b"\x1BO!!"), [2]);
        assert_eq!(malformed_lens(CN, b"a\xD6\xD0b"), [1, 1]);
        // A designation while shifted out takes effect at once (glibc ignores it).
        assert_eq!(decode_all(CN, b"\x1B$)A\x0EVP\x1B$)G\"y\x0F").0, "中兙");
    }
}
