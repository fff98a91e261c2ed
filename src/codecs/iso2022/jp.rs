//! ISO-2022-JP-1 (RFC 2237), ISO-2022-JP-2 (RFC 1554), ISO-2022-JP-3 (JIS X 0213:2000
//! annex 2), ISO-2022-JP-2004 (JIS X 0213:2004 annex 2) and ISO-2022-JP-EXT (CPython's
//! `iso2022_jp_ext`: ISO-2022-JP-1 with JIS X 0201 katakana written too). The plain
//! ISO-2022-JP label stays encoding_rs's (WHATWG).
//!
//! Decoding accepts every designation of the variant as CPython, glibc and ICU read them
//! (the table at the end of data/cjk/STATEFUL.md), and for all four ASCII `ESC ( B`, JIS X
//! 0201 Roman `ESC ( J` and katakana `ESC ( I`, JIS X 0208 as `ESC $ @`, `ESC $ B` or
//! `ESC $ ( B` (after the `ESC & @` announcer or not); -1, -2 and -EXT add JIS X 0212
//! `ESC $ ( D`;
//! -2 GB 2312 `ESC $ A` (or `ESC $ ( A`), KS X 1001 `ESC $ ( C`, and ISO-8859-1 / -7 high
//! halves in G2 (`ESC . A`, `ESC . F`) for one character after SS2 (`ESC N`); -3 and -2004
//! JIS X 0213 plane 1 (`ESC $ ( O`, `ESC $ ( Q`, both as the 2004 edition, as glibc reads them)
//! and plane 2 (`ESC $ ( P`). A line end inside a double-byte set is an error at the line end,
//! after which the line is ASCII (as for ISO-2022-KR and -CN).
//!
//! Encoding writes the first set of the variant that has the character, and `ESC ( B` before
//! ASCII, every line end and at the end: ASCII; JIS X 0201 Roman for ¥ and ‾; JIS X 0208; then
//! -1/-2/-EXT JIS X 0212; -EXT JIS X 0201 katakana (`ESC ( I`, as CPython); -2 GB 2312 (`ESC $ A`), KS X 1001, ISO-8859-1 and ISO-8859-7 through G2
//! (designated again on each line); -3/-2004 JIS X 0213 plane 1 (-3 `ESC $ ( O`, or `ESC $ ( Q`
//! for the ten 2004 cells, as glibc; -2004 `ESC $ ( Q`, as CPython), plane 2, and JIS X 0201
//! katakana (`ESC ( I`, as glibc). JIS X 0208 comes before JIS X 0213 for the characters it
//! has, as CPython writes them (what older readers understand).

#![forbid(unsafe_code)]

use super::{ESC, SI, SO, escaped_byte, is_control_function, iso2022_gb2312, iso2022_gb2312_code};
use crate::codecs::cjk::stateful::{Escape, Machine, StatefulDecoder, Unit, cut_after_line};
use crate::codecs::cjk::stateful::{PairMap, double, escape};
use crate::codecs::cjk::table::Cell;
use crate::codecs::codec::{Codec, Decode, Encode, EncodeStatus, replayed_shift_state};
use crate::codecs::jis::{jisx0208, jisx0208_code, jisx0212, jisx0212_code, jisx0213};
use crate::codecs::jis::{jisx0213_code, jisx0213_is_2004, jisx0213_pair, jisx0213_starts_pair};
use crate::codecs::korean::{ksx1001, ksx1001_code};

/// Which ISO-2022-JP variant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Variant {
    Jp1,
    Jp2,
    Jp3,
    Jp2004,
    JpExt,
}

/// An ISO-2022-JP variant.
pub struct Iso2022Jp {
    variant: Variant,
}

/// ISO-2022-JP-1.
pub static ISO_2022_JP_1: Iso2022Jp = Iso2022Jp {
    variant: Variant::Jp1,
};
/// ISO-2022-JP-2.
pub static ISO_2022_JP_2: Iso2022Jp = Iso2022Jp {
    variant: Variant::Jp2,
};
/// ISO-2022-JP-3.
pub static ISO_2022_JP_3: Iso2022Jp = Iso2022Jp {
    variant: Variant::Jp3,
};
/// ISO-2022-JP-2004.
pub static ISO_2022_JP_2004: Iso2022Jp = Iso2022Jp {
    variant: Variant::Jp2004,
};
/// ISO-2022-JP-EXT.
pub static ISO_2022_JP_EXT: Iso2022Jp = Iso2022Jp {
    variant: Variant::JpExt,
};

/// The set in G0.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum G0 {
    Ascii,
    Roman,
    Kana,
    X0208,
    X0212,
    Gb2312,
    Ksc,
    Plane1,
    Plane2,
    /// -2004's plane 1 as written (`ESC $ ( Q`); read as `Plane1`.
    Plane1Q,
}

/// The 96-character set in G2 (ISO-2022-JP-2).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum G2 {
    Latin1,
    Greek,
}

/// What an escape sequence does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Action {
    G0(G0),
    G2(G2),
    SingleShift,
    /// The `ESC & @` announcer of JIS X 0208-1990, which changes nothing.
    Nothing,
}

const COMMON: &[(&[u8], Action)] = &[
    (b"\x1B(B", Action::G0(G0::Ascii)),
    (b"\x1B(J", Action::G0(G0::Roman)),
    (b"\x1B(I", Action::G0(G0::Kana)),
    (b"\x1B$@", Action::G0(G0::X0208)),
    (b"\x1B$B", Action::G0(G0::X0208)),
    (b"\x1B$(B", Action::G0(G0::X0208)),
    (b"\x1B&@", Action::Nothing),
];
const JP1: &[(&[u8], Action)] = &[(b"\x1B$(D", Action::G0(G0::X0212))];
const JP2: &[(&[u8], Action)] = &[
    (b"\x1B$(D", Action::G0(G0::X0212)),
    (b"\x1B$A", Action::G0(G0::Gb2312)),
    (b"\x1B$(A", Action::G0(G0::Gb2312)),
    (b"\x1B$(C", Action::G0(G0::Ksc)),
    (b"\x1B.A", Action::G2(G2::Latin1)),
    (b"\x1B.F", Action::G2(G2::Greek)),
    (b"\x1BN", Action::SingleShift),
];
const JP3: &[(&[u8], Action)] = &[
    (b"\x1B$(O", Action::G0(G0::Plane1)),
    (b"\x1B$(Q", Action::G0(G0::Plane1)),
    (b"\x1B$(P", Action::G0(G0::Plane2)),
];

impl Variant {
    fn extra(self) -> &'static [(&'static [u8], Action)] {
        match self {
            Variant::Jp1 | Variant::JpExt => JP1,
            Variant::Jp2 => JP2,
            Variant::Jp3 | Variant::Jp2004 => JP3,
        }
    }

    /// Every escape sequence of the variant, for matching.
    fn sequences(self) -> &'static [&'static [u8]] {
        const S1: &[&[u8]] = &[
            b"\x1B(B", b"\x1B(J", b"\x1B(I", b"\x1B$@", b"\x1B$B", b"\x1B$(B", b"\x1B&@",
            b"\x1B$(D",
        ];
        const S2: &[&[u8]] = &[
            b"\x1B(B", b"\x1B(J", b"\x1B(I", b"\x1B$@", b"\x1B$B", b"\x1B$(B", b"\x1B&@",
            b"\x1B$(D", b"\x1B$A", b"\x1B$(A", b"\x1B$(C", b"\x1B.A", b"\x1B.F", b"\x1BN",
        ];
        const S3: &[&[u8]] = &[
            b"\x1B(B", b"\x1B(J", b"\x1B(I", b"\x1B$@", b"\x1B$B", b"\x1B$(B", b"\x1B&@",
            b"\x1B$(O", b"\x1B$(Q", b"\x1B$(P",
        ];
        match self {
            Variant::Jp1 | Variant::JpExt => S1,
            Variant::Jp2 => S2,
            Variant::Jp3 | Variant::Jp2004 => S3,
        }
    }

    fn action(self, seq: &[u8]) -> Option<Action> {
        COMMON
            .iter()
            .chain(self.extra())
            .find(|(s, _)| *s == seq)
            .map(|&(_, a)| a)
    }
}

/// The character of a G2 set at a GL byte 0x20..=0x7F (its GR byte less 0x80).
fn g2_char(g2: G2, b: u8) -> Option<char> {
    let high = b | 0x80;
    match g2 {
        G2::Latin1 => Some(char::from(high)),
        G2::Greek => {
            let byte = [high];
            let (text, had_errors) = encoding_rs::ISO_8859_7.decode_without_bom_handling(&byte);
            let c = text.chars().next()?;
            (!had_errors && c != '\u{FFFD}').then_some(c)
        }
    }
}

/// The GL byte of `c` in a G2 set.
fn g2_byte(g2: G2, c: char) -> Option<u8> {
    let cp = c as u32;
    match g2 {
        G2::Latin1 => (0xA0..=0xFF).contains(&cp).then_some((cp & 0x7F) as u8),
        G2::Greek => {
            let mut buf = [0u8; 4];
            let (bytes, _, unmappable) = encoding_rs::ISO_8859_7.encode(c.encode_utf8(&mut buf));
            match (unmappable, &bytes[..]) {
                (false, &[b]) if b >= 0xA0 => Some(b & 0x7F),
                _ => None,
            }
        }
    }
}

/// The decoder's state.
#[derive(Clone)]
struct JpMachine {
    variant: Variant,
    g0: G0,
    g2: Option<G2>,
}

impl JpMachine {
    fn double(&self, row: u8, cell: u8) -> Cell {
        let c = match self.g0 {
            G0::X0208 => jisx0208(row, cell),
            G0::X0212 => jisx0212(row, cell),
            G0::Gb2312 => iso2022_gb2312(row, cell),
            G0::Ksc => ksx1001(row, cell),
            G0::Plane1 | G0::Plane1Q => return jisx0213(1, row, cell),
            G0::Plane2 => return jisx0213(2, row, cell),
            G0::Ascii | G0::Roman | G0::Kana => None,
        };
        c.map_or(Cell::Empty, Cell::Char)
    }

    fn escape(&mut self, b: &[u8]) -> Unit {
        let known = self.variant.sequences();
        let seq = match escape(b, known) {
            Escape::Known(k) => known[k],
            Escape::Short => return Unit::Short,
            Escape::Unknown(n) => return Unit::Bad(n),
        };
        match self.variant.action(seq) {
            Some(Action::G0(g)) => self.g0 = g,
            Some(Action::G2(g)) => self.g2 = Some(g),
            Some(Action::SingleShift) => {
                let Some(g2) = self.g2 else {
                    return Unit::Bad(2);
                };
                return match b.get(2) {
                    None => Unit::Short,
                    Some(&x) => match g2_char(g2, x).filter(|_| (0x20..=0x7F).contains(&x)) {
                        Some(c) => Unit::Text(Cell::Char(c), 3),
                        None => Unit::Bad(2),
                    },
                };
            }
            Some(Action::Nothing) | None => {}
        }
        Unit::Control(seq.len())
    }
}

impl Machine for JpMachine {
    #[inline]
    fn step(&mut self, b: &[u8]) -> Unit {
        let x = b[0];
        match x {
            ESC => self.escape(b),
            SO | SI | 0x80.. => Unit::Bad(1),
            b'\n' | b'\r' if !matches!(self.g0, G0::Ascii | G0::Roman | G0::Kana) => {
                self.g0 = G0::Ascii;
                Unit::Bad(1)
            }
            0x21..=0x7E => match self.g0 {
                G0::Ascii => Unit::Text(Cell::Char(char::from(x)), 1),
                G0::Roman => Unit::Text(
                    Cell::Char(match x {
                        b'\\' => '\u{A5}',
                        b'~' => '\u{203E}',
                        _ => char::from(x),
                    }),
                    1,
                ),
                G0::Kana => match x {
                    0x21..=0x5F => {
                        let c = char::from_u32(0xFF61 + u32::from(x - 0x21));
                        Unit::Text(c.map_or(Cell::Empty, Cell::Char), 1)
                    }
                    _ => Unit::Bad(1),
                },
                _ => double(b, |r, c| self.double(r, c)),
            },
            _ => Unit::Text(Cell::Char(char::from(x)), 1),
        }
    }

    #[inline]
    fn pairs(&self) -> Option<&'static [u32]> {
        static MAPS: [PairMap; 6] = [
            PairMap::new(),
            PairMap::new(),
            PairMap::new(),
            PairMap::new(),
            PairMap::new(),
            PairMap::new(),
        ];
        let slot = match self.g0 {
            G0::X0208 => 0,
            G0::X0212 => 1,
            G0::Gb2312 => 2,
            G0::Ksc => 3,
            G0::Plane1 | G0::Plane1Q => 4,
            G0::Plane2 => 5,
            G0::Ascii | G0::Roman | G0::Kana => return None,
        };
        MAPS[slot].if_due(|r, c| self.double(r, c))
    }

    #[inline]
    fn plain(&self, bytes: &[u8]) -> usize {
        if self.g0 != G0::Ascii {
            return 0;
        }
        super::ascii_run(bytes)
    }
}

impl Codec for Iso2022Jp {
    fn name(&self) -> &'static str {
        match self.variant {
            Variant::Jp1 => "ISO-2022-JP-1",
            Variant::Jp2 => "ISO-2022-JP-2",
            Variant::Jp3 => "ISO-2022-JP-3",
            Variant::Jp2004 => "ISO-2022-JP-2004",
            Variant::JpExt => "ISO-2022-JP-EXT",
        }
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(StatefulDecoder::new(JpMachine {
            variant: self.variant,
            g0: G0::Ascii,
            g2: None,
        }))
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(JpEncoder {
            variant: self.variant,
            g0: G0::Ascii,
            g2: None,
            held: None,
        })
    }

    replayed_shift_state!(cut_after_line);

    fn decodes_one_to_one(&self) -> bool {
        false
    }
}

/// How a character is written: a G0 set and its bytes, or a G2 set and its byte.
#[derive(Clone, Copy, Debug)]
enum Place {
    G0(G0, [u8; 2], usize),
    G2(G2, u8),
}

/// The place of a JIS X 0201 katakana character (U+FF61..U+FF9F), after `ESC ( I`.
fn kana(c: char) -> Option<Place> {
    let cp = c as u32;
    (0xFF61..=0xFF9F)
        .contains(&cp)
        .then(|| Place::G0(G0::Kana, [(cp - 0xFF61) as u8 + 0x21, 0], 1))
}

/// The encoder: the sets in G0 and G2, and a character that may begin a JIS X 0213 pair.
struct JpEncoder {
    variant: Variant,
    g0: G0,
    g2: Option<G2>,
    held: Option<char>,
}

impl JpEncoder {
    /// The escape that designates `g` to G0.
    fn designation(&self, g: G0) -> &'static [u8] {
        match g {
            G0::Ascii => b"\x1B(B",
            G0::Roman => b"\x1B(J",
            G0::Kana => b"\x1B(I",
            G0::X0208 => b"\x1B$B",
            G0::X0212 => b"\x1B$(D",
            G0::Gb2312 => b"\x1B$A",
            G0::Ksc => b"\x1B$(C",
            G0::Plane1 => b"\x1B$(O",
            G0::Plane1Q => b"\x1B$(Q",
            G0::Plane2 => b"\x1B$(P",
        }
    }

    /// The G0 set of a JIS X 0213 plane-1 cell in this variant.
    fn plane1(&self, row: u8, cell: u8) -> G0 {
        if self.variant == Variant::Jp2004 || jisx0213_is_2004(row, cell) {
            G0::Plane1Q
        } else {
            G0::Plane1
        }
    }

    fn place(&self, c: char) -> Option<Place> {
        let two = |g, (r, k): (u8, u8)| Place::G0(g, [r, k], 2);
        if is_control_function(c) {
            return None;
        }
        if c.is_ascii() {
            return Some(Place::G0(G0::Ascii, [c as u8, 0], 1));
        }
        match c {
            '\u{A5}' => return Some(Place::G0(G0::Roman, [b'\\', 0], 1)),
            '\u{203E}' => return Some(Place::G0(G0::Roman, [b'~', 0], 1)),
            _ => {}
        }
        if let Some(rc) = jisx0208_code(c) {
            return Some(two(G0::X0208, rc));
        }
        match self.variant {
            Variant::Jp1 => jisx0212_code(c).map(|rc| two(G0::X0212, rc)),
            Variant::JpExt => jisx0212_code(c)
                .map(|rc| two(G0::X0212, rc))
                .or_else(|| kana(c)),
            Variant::Jp2 => {
                if let Some(rc) = jisx0212_code(c) {
                    return Some(two(G0::X0212, rc));
                }
                if let Some(rc) = iso2022_gb2312_code(c) {
                    return Some(two(G0::Gb2312, rc));
                }
                if let Some(rc) = ksx1001_code(c) {
                    return Some(two(G0::Ksc, rc));
                }
                [G2::Latin1, G2::Greek]
                    .iter()
                    .find_map(|&g| g2_byte(g, c).map(|b| Place::G2(g, b)))
            }
            Variant::Jp3 | Variant::Jp2004 => {
                if let Some((plane, r, k)) = jisx0213_code(c) {
                    let g = if plane == 1 {
                        self.plane1(r, k)
                    } else {
                        G0::Plane2
                    };
                    return Some(two(g, (r, k)));
                }
                kana(c)
            }
        }
    }

    fn write(&mut self, place: Place, dst: &mut Vec<u8>) {
        match place {
            Place::G0(g, bytes, n) => {
                if self.g0 != g {
                    dst.extend_from_slice(self.designation(g));
                    self.g0 = g;
                }
                dst.extend_from_slice(&bytes[..n]);
                if bytes[0] == b'\n' && n == 1 {
                    // G2 is designated again on each line.
                    self.g2 = None;
                }
            }
            Place::G2(g, b) => {
                if self.g2 != Some(g) {
                    dst.extend_from_slice(match g {
                        G2::Latin1 => b"\x1B.A",
                        G2::Greek => b"\x1B.F",
                    });
                    self.g2 = Some(g);
                }
                dst.extend_from_slice(&[ESC, b'N', b]);
            }
        }
    }

    /// Writes the held character on its own.
    fn flush(&mut self, dst: &mut Vec<u8>) {
        if let Some(h) = self.held.take()
            && let Some(place) = self.place(h)
        {
            self.write(place, dst);
        }
    }

    fn home(&mut self, dst: &mut Vec<u8>) {
        self.flush(dst);
        if self.g0 != G0::Ascii {
            dst.extend_from_slice(b"\x1B(B");
            self.g0 = G0::Ascii;
        }
    }

    fn pairs(&self) -> bool {
        matches!(self.variant, Variant::Jp3 | Variant::Jp2004)
    }
}

impl Encode for JpEncoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len() + 8);
        let bytes = src.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if self.g0 == G0::Ascii && self.held.is_none() {
                let run = bytes[i..]
                    .iter()
                    .take_while(|&&b| b.is_ascii() && !matches!(b, ESC | SO | SI | b'\n'))
                    .count();
                dst.extend_from_slice(&bytes[i..i + run]);
                i += run;
                if i == bytes.len() {
                    break;
                }
            }
            let Some(c) = src[i..].chars().next() else {
                break;
            };
            let next = i + c.len_utf8();
            if let Some(h) = self.held
                && let Some((_, r, k)) = jisx0213_pair(h, c)
            {
                self.held = None;
                let g = self.plane1(r, k);
                self.write(Place::G0(g, [r, k], 2), dst);
                i = next;
                continue;
            }
            self.flush(dst);
            if self.pairs() && jisx0213_starts_pair(c) && self.place(c).is_some() {
                self.held = Some(c);
                i = next;
                continue;
            }
            let Some(place) = self.place(c) else {
                return (EncodeStatus::Unmappable(c), next);
            };
            self.write(place, dst);
            i = next;
        }
        if last {
            self.home(dst);
        }
        (EncodeStatus::Done, src.len())
    }

    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        self.flush(dst);
        escaped_byte(unit, dst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::test_support::{both_ways as both, decode_all, encode};
    use crate::codecs::{Charset, DecodeStatus};

    const JP1C: Charset = Charset::of(&ISO_2022_JP_1);
    const JP2C: Charset = Charset::of(&ISO_2022_JP_2);
    const JP3C: Charset = Charset::of(&ISO_2022_JP_3);
    const JP04: Charset = Charset::of(&ISO_2022_JP_2004);
    const JPEXT: Charset = Charset::of(&ISO_2022_JP_EXT);

    #[test]
    fn jp2_gb2312_as_its_readers_have_it() {
        assert_eq!(
            decode_all(JP2C, b"\x1B$A!$!*\x1B(B"),
            ("\u{30FB}\u{2015}".to_string(), vec![])
        );
        // U+00B7 goes to KS X 1001 (as CPython), not to GB 2312 21 24.
        assert_eq!(encode(JP2C, "\u{B7}").2, b"\x1B$(C!$\x1B(B");
        assert_eq!(
            encode(JP2C, "\u{2014}").0,
            EncodeStatus::Unmappable('\u{2014}')
        );
    }

    #[test]
    fn jp1_and_jp2() {
        both(
            JP1C,
            "a日本b\n日本\n",
            b"a\x1B$BF|K\\\x1B(Bb\n\x1B$BF|K\\\x1B(B\n",
        );
        both(JP1C, "日丂日\n", b"\x1B$BF|\x1B$(D0!\x1B$BF|\x1B(B\n");
        both(JP1C, "¥a", b"\x1B(J\\\x1B(Ba");
        both(JP2C, "é\nΩ\n", b"\x1B$(D+1\x1B(B\n\x1B$B&8\x1B(B\n");
        both(JP2C, "这한\n", b"\x1B$AUb\x1B$(CGQ\x1B(B\n");
        both(JP2C, "\u{A0}a\u{A0}", b"\x1B.A\x1BN a\x1BN ");
        assert!(matches!(encode(JP1C, "这").0, EncodeStatus::Unmappable(_)));
        assert_eq!(decode_all(JP2C, b"\x1B.F\x1BNAb").0, "Αb");
        assert_eq!(decode_all(JP2C, b"\x1B$(AUb\x1B(B").0, "这");
    }

    #[test]
    fn jp3_and_jp2004() {
        both(JP3C, "日咩日\n", b"\x1B$BF|\x1B$(O/!\x1B$BF|\x1B(B\n");
        both(JP3C, "俱", b"\x1B$(Q.!\x1B(B");
        both(JP3C, "か\u{309A}\n", b"\x1B$(O$w\x1B(B\n");
        both(JP3C, "𠂉ｱ¥", b"\x1B$(P!!\x1B(I1\x1B(J\\\x1B(B");
        both(JP04, "日剝\n", b"\x1B$BF|\x1B$(Q/~\x1B(B\n");
        both(JP04, "か\u{309A}か", b"\x1B$(Q$w\x1B$B$+\x1B(B");
        assert_eq!(decode_all(JP04, b"\x1B$(O.!\x1B(B").0, "俱");
    }

    #[test]
    fn jp_ext_writes_katakana_as_cpython_does() {
        // CPython's iso2022_jp_ext, byte for byte.
        both(JPEXT, "ｱ", b"\x1B(I1\x1B(B");
        both(JPEXT, "a\n日\nｱ", b"a\n\x1B$BF|\x1B(B\n\x1B(I1\x1B(B");
        both(JPEXT, "丂¥", b"\x1B$(D0!\x1B(J\\\x1B(B");
        assert!(matches!(encode(JP1C, "ｱ").0, EncodeStatus::Unmappable(_)));
        assert!(matches!(encode(JPEXT, "这").0, EncodeStatus::Unmappable(_)));
    }

    #[test]
    fn malformed() {
        let lens = |cs, b: &[u8]| -> Vec<usize> {
            decode_all(cs, b)
                .1
                .iter()
                .map(|e| match e {
                    DecodeStatus::Malformed { len, .. } => *len,
                    _ => 0,
                })
                .collect()
        };
        assert_eq!(lens(JP1C, b"\x1B$BF|K\x1B(B"), [1]);
        assert_eq!(lens(JP1C, b"\x1B$BF|\nF|\x1B(B"), [1]);
        assert_eq!(decode_all(JP1C, b"\x1B$BF|\nF|\x1B(B").0, "日F|");
        assert_eq!(lens(JP1C, b"a\x1B$Zb"), [2]);
        assert_eq!(lens(JP1C, b"a\x1B$"), [2]);
        assert_eq!(lens(JP1C, b"\x1B$(C0!"), [3]);
        assert_eq!(lens(JP2C, b"a\x1BNib"), [2]);
        assert_eq!(lens(JP1C, b"a\x0Eb"), [1]);
        assert_eq!(lens(JP3C, b"\x1B$B\"/\x1B(B"), [2]);
    }
}
