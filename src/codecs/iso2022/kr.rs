//! ISO-2022-KR (RFC 1557): ASCII, and KS X 1001 between SO and SI once `ESC $ ) C` has
//! designated it.
//!
//! Decoding: the designation may come anywhere, and an SO before it still means KS X 1001
//! (glibc and ICU; it is the only set ISO-2022-KR has). A line end while shifted out is an
//! error at the line end (glibc), after which the line is ASCII again. Encoding: `ESC $ ) C`
//! once, with the first byte written (ICU; glibc writes it for empty output too; RFC 1557
//! asks for it at the beginning of a line before any SO), SO and SI around each run of
//! Korean characters, so every line ends in ASCII, and SI at the end.

#![forbid(unsafe_code)]

use super::{ESC, SI, SO, escaped_byte, is_control_function};
use crate::codecs::cjk::stateful::{Escape, Machine, StatefulDecoder, Unit, cut_after_line};
use crate::codecs::cjk::stateful::{PairMap, double, escape};
use crate::codecs::cjk::table::Cell;
use crate::codecs::cjk::table::utf8_three;
use crate::codecs::codec::{Codec, Decode, Encode, EncodeStatus, replayed_shift_state};
use crate::codecs::korean::{ksx1001, ksx1001_code, ksx1001_codes};

/// ISO-2022-KR.
pub struct Iso2022Kr;

/// The one ISO-2022-KR charset.
pub static ISO_2022_KR: Iso2022Kr = Iso2022Kr;

/// The designation of KS X 1001 to G1.
const DESIGNATE: &[u8] = b"\x1B$)C";

/// The decoder's state: shifted out or not.
#[derive(Clone, Default)]
struct KrMachine {
    shifted: bool,
}

impl Machine for KrMachine {
    #[inline]
    fn step(&mut self, b: &[u8]) -> Unit {
        match b[0] {
            ESC => match escape(b, &[DESIGNATE]) {
                Escape::Known(_) => Unit::Control(DESIGNATE.len()),
                Escape::Short => Unit::Short,
                Escape::Unknown(n) => Unit::Bad(n),
            },
            SO => {
                self.shifted = true;
                Unit::Control(1)
            }
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
                double(b, |r, c| ksx1001(r, c).map_or(Cell::Empty, Cell::Char))
            }
            x => Unit::Text(Cell::Char(char::from(x)), 1),
        }
    }

    #[inline]
    fn pairs(&self) -> Option<&'static [u32]> {
        static MAP: PairMap = PairMap::new();
        if !self.shifted {
            return None;
        }
        MAP.if_due(|r, c| ksx1001(r, c).map_or(Cell::Empty, Cell::Char))
    }

    #[inline]
    fn plain(&self, bytes: &[u8]) -> usize {
        if self.shifted {
            return 0;
        }
        super::ascii_run(bytes)
    }

    #[inline]
    fn shift(&mut self, byte: u8) -> bool {
        match byte {
            SO => self.shifted = true,
            SI => self.shifted = false,
            _ => return false,
        }
        true
    }
}

impl Codec for Iso2022Kr {
    fn name(&self) -> &'static str {
        "ISO-2022-KR"
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(StatefulDecoder::new(KrMachine::default()))
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(KrEncoder {
            started: false,
            shifted: false,
        })
    }

    replayed_shift_state!(cut_after_line);

    fn decodes_one_to_one(&self) -> bool {
        false
    }
}

/// The encoder: whether the designation has been written, whether shifted out.
struct KrEncoder {
    started: bool,
    shifted: bool,
}

impl KrEncoder {
    fn start(&mut self, dst: &mut Vec<u8>) {
        if !self.started {
            dst.extend_from_slice(DESIGNATE);
            self.started = true;
        }
    }
}

impl Encode for KrEncoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len() + 8);
        let codes = ksx1001_codes();
        let bytes = src.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii() {
                let run = bytes[i..]
                    .iter()
                    .take_while(|&&b| b.is_ascii() && !matches!(b, ESC | SO | SI))
                    .count();
                if run == 0 {
                    let c = char::from(bytes[i]);
                    return (EncodeStatus::Unmappable(c), i + 1);
                }
                self.start(dst);
                if self.shifted {
                    dst.push(SI);
                    self.shifted = false;
                }
                dst.extend_from_slice(&bytes[i..i + run]);
                i += run;
                continue;
            }
            let Some(c) = src[i..].chars().next() else {
                break;
            };
            let code = if is_control_function(c) {
                None
            } else {
                ksx1001_code(c)
            };
            let Some((row, cell)) = code else {
                return (EncodeStatus::Unmappable(c), i + c.len_utf8());
            };
            self.start(dst);
            if !self.shifted {
                dst.push(SO);
                self.shifted = true;
            }
            dst.extend_from_slice(&[row, cell]);
            i += c.len_utf8();
            // The rest of a run of KS X 1001 characters, straight from their UTF-8.
            while let Some(cp) = utf8_three(bytes, i) {
                match codes[cp] {
                    0 => break,
                    v => dst.extend_from_slice(&v.to_be_bytes()),
                }
                i += 3;
            }
        }
        if last && self.shifted {
            dst.push(SI);
            self.shifted = false;
        }
        (EncodeStatus::Done, src.len())
    }

    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        if !(0xDC80..=0xDCFF).contains(&unit) {
            return false;
        }
        self.start(dst);
        escaped_byte(unit, dst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::test_support::{decode_all, encode, malformed_lens};
    use crate::codecs::{Charset, EncodeStatus};

    const CS: Charset = Charset::of(&ISO_2022_KR);

    #[test]
    fn designation_once_shifts_per_run() {
        let text = "a한국b\n한국\n";
        let bytes = b"\x1B$)Ca\x0EGQ19\x0Fb\n\x0EGQ19\x0F\n";
        assert_eq!(encode(CS, text).2, bytes);
        assert_eq!(decode_all(CS, bytes), (text.to_string(), vec![]));
        assert_eq!(encode(CS, "abc\n").2, b"\x1B$)Cabc\n");
        assert_eq!(encode(CS, "").2, b"");
        // The designation comes with the first byte written, not before unmappable text.
        assert_eq!(encode(CS, "😀").2, b"");
        assert_eq!(encode(CS, "\u{1B}").0, EncodeStatus::Unmappable('\u{1B}'));
    }

    #[test]
    fn decoding_malformed() {
        // SO without the designation still means KS X 1001; the designation may be anywhere.
        assert_eq!(decode_all(CS, b"\x0E0!\x0F").0, "가");
        assert_eq!(decode_all(CS, b"ab\x1B$)C\x0E0!\x0F").0, "ab가");
        // A line end while shifted out: an error there, then ASCII.
        assert_eq!(decode_all(CS, b"\x1B$)C\x0E0!\n0!\x0F").0, "가0!");
        assert_eq!(malformed_lens(CS, b"\x1B$)C\x0E0!\n0!\x0F"), [1]);
        // An odd byte before SI, a high byte, an unknown escape.
        assert_eq!(malformed_lens(CS, b"\x1B$)C\x0E0!0\x0Fa"), [1]);
        assert_eq!(malformed_lens(CS, b"\x1B$)Ca\xB0\xA1b"), [1, 1]);
        assert_eq!(malformed_lens(CS, b"\x1B$)Ca\x1B(Bb"), [1]);
        assert_eq!(malformed_lens(CS, b"\x1B$)"), [3]);
    }
}
