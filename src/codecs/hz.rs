//! HZ-GB-2312 (RFC 1843): 7-bit text in which `~{` shifts to GB 2312 (pairs of bytes
//! 0x21..0x7E, GB2312's EUC bytes less 0x80) and `~}` back to ASCII; `~~` is a tilde and `~`
//! before a line end joins the lines.
//!
//! Decoding reads what CPython and ICU both accept, plus the harmless escapes ICU's encoder
//! writes (`~}` in ASCII, `~~` and `~{` inside a GB run): any other byte after `~` is an error
//! of the `~` alone, a byte below 0x21 inside a GB run (a line end too) an error of that byte
//! with the run going on, as in both peers. Encoding is CPython's: `~{` before each run of GB
//! 2312 characters, `~}` after it, so every line ends in ASCII (RFC 1843), and at the end.

#![forbid(unsafe_code)]

use super::cjk::gb::{gb2312, gb2312_code, gb2312_codes};
use super::cjk::stateful::{Machine, PairMap, StatefulDecoder, Unit, cut_after_line, double};
use super::cjk::table::Cell;
use super::cjk::table::utf8_three;
use super::codec::{Codec, Decode, Encode, EncodeStatus, replayed_shift_state};

/// HZ-GB-2312.
pub struct Hz;

/// The one HZ charset.
pub static HZ: Hz = Hz;

/// The decoder's state: inside a GB run or not.
#[derive(Clone, Default)]
struct HzMachine {
    gb: bool,
}

impl Machine for HzMachine {
    #[inline]
    fn step(&mut self, b: &[u8]) -> Unit {
        match b[0] {
            b'~' => match b.get(1) {
                None => Unit::Short,
                Some(b'~') => Unit::Text(Cell::Char('~'), 2),
                Some(b'{') => {
                    self.gb = true;
                    Unit::Control(2)
                }
                Some(b'}') => {
                    self.gb = false;
                    Unit::Control(2)
                }
                Some(b'\n') => Unit::Control(2),
                Some(_) => Unit::Bad(1),
            },
            0x80.. => Unit::Bad(1),
            x if !self.gb => Unit::Text(Cell::Char(char::from(x)), 1),
            0x21..=0x7E => double(b, |r, c| gb2312(r, c).map_or(Cell::Empty, Cell::Char)),
            _ => Unit::Bad(1),
        }
    }

    #[inline]
    fn pairs(&self) -> Option<&'static [u32]> {
        static MAP: PairMap = PairMap::new();
        if !self.gb {
            return None;
        }
        MAP.if_due(|r, c| gb2312(r, c).map_or(Cell::Empty, Cell::Char))
    }

    #[inline]
    fn plain(&self, bytes: &[u8]) -> usize {
        if self.gb {
            return 0;
        }
        bytes.iter().take_while(|&&b| b < 0x80 && b != b'~').count()
    }
}

impl Codec for Hz {
    fn name(&self) -> &'static str {
        "HZ-GB-2312"
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(StatefulDecoder::new(HzMachine::default()))
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(HzEncoder { gb: false })
    }

    replayed_shift_state!(cut_after_line);

    fn decodes_one_to_one(&self) -> bool {
        false
    }
}

/// The encoder: whether a GB run is open. An escaped byte (`Encode::encode_surrogate`'s
/// default) goes where it stood, inside a GB run or not: the state is kept, so that a stray
/// byte read inside a run is written back inside it.
struct HzEncoder {
    gb: bool,
}

impl HzEncoder {
    fn close(&mut self, dst: &mut Vec<u8>) {
        if self.gb {
            dst.extend_from_slice(b"~}");
            self.gb = false;
        }
    }
}

impl Encode for HzEncoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len() + 8);
        let codes = gb2312_codes();
        let bytes = src.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b.is_ascii() {
                self.close(dst);
                let run = bytes[i..]
                    .iter()
                    .take_while(|&&b| b.is_ascii() && b != b'~')
                    .count();
                if run == 0 {
                    dst.extend_from_slice(b"~~");
                    i += 1;
                } else {
                    dst.extend_from_slice(&bytes[i..i + run]);
                    i += run;
                }
                continue;
            }
            if !self.gb {
                dst.extend_from_slice(b"~{");
                self.gb = true;
            }
            // A run of GB 2312 characters, straight from their UTF-8 to their codes.
            while let Some(cp) = utf8_three(bytes, i) {
                match codes[cp] {
                    0 => break,
                    v => dst.extend_from_slice(&v.to_be_bytes()),
                }
                i += 3;
            }
            let Some(c) = src[i..].chars().next() else {
                break;
            };
            if c.is_ascii() {
                continue;
            }
            let Some((row, cell)) = gb2312_code(c) else {
                return (EncodeStatus::Unmappable(c), i + c.len_utf8());
            };
            dst.extend_from_slice(&[row, cell]);
            i += c.len_utf8();
        }
        if last {
            self.close(dst);
        }
        (EncodeStatus::Done, src.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::test_support::{decode_all, encode, malformed_lens};
    use crate::codecs::{Charset, DecodeStatus, Problem};

    const CS: Charset = Charset::of(&HZ);

    #[test]
    fn rfc_1843_escapes() {
        let bytes = b"a~~b~{VPND~}c~\nd";
        assert_eq!(decode_all(CS, bytes), ("a~b中文cd".to_string(), vec![]));
        // An unterminated run at the end is accepted (CPython, ICU).
        assert_eq!(decode_all(CS, b"~{VP").0, "中");
        // ICU's harmless extras.
        assert_eq!(decode_all(CS, b"~}a~{VP~~ND~{VP~}").0, "a中~文中");
    }

    #[test]
    fn encoder_closes_runs_before_line_ends() {
        assert_eq!(encode(CS, "a中文b\n中文\n").2, b"a~{VPND~}b\n~{VPND~}\n");
        assert_eq!(encode(CS, "中文").2, b"~{VPND~}");
        assert_eq!(encode(CS, "a~b中~\n").2, b"a~~b~{VP~}~~\n");
        assert_eq!(encode(CS, "").2, b"");
    }

    #[test]
    fn malformed() {
        assert_eq!(malformed_lens(CS, b"a~xb"), [1]);
        assert_eq!(decode_all(CS, b"a~xb").0, "axb");
        // A line end inside a run: one error, and the run goes on (CPython, ICU).
        assert_eq!(
            decode_all(CS, b"~{VP\nVP~}"),
            ("中中".to_string(), vec![BAD1])
        );
        assert_eq!(malformed_lens(CS, b"a\xD6\xD0b"), [1, 1]);
        // An odd byte pairs with the ~ of ~} (both peers): V~ is a pair, } is left over.
        assert_eq!(decode_all(CS, b"~{V~}").0, "筑");
        assert_eq!(malformed_lens(CS, b"~{V~}"), [1]);
        assert_eq!(malformed_lens(CS, b"~"), [1]);
    }

    const BAD1: DecodeStatus = DecodeStatus::Malformed {
        len: 1,
        after: 0,
        problem: Problem::Invalid,
    };

    #[test]
    fn state_survives_every_split() {
        let bytes = b"a~~~{VP~}b~\nc~{ND\xD6VP~}";
        let whole = decode_all(CS, bytes);
        for cut in 0..=bytes.len() {
            let mut d = crate::codecs::Decoder::new(CS);
            let mut out = String::with_capacity(64);
            let mut events = Vec::new();
            for (part, last) in [(&bytes[..cut], false), (&bytes[cut..], true)] {
                let mut at = 0;
                loop {
                    let (st, read) = d.decode(&part[at..], &mut out, last);
                    at += read;
                    match st {
                        DecodeStatus::InputEmpty => break,
                        DecodeStatus::OutputFull => out.reserve(64),
                        m => events.push(m),
                    }
                }
            }
            assert_eq!(
                (out, events.len()),
                (whole.0.clone(), whole.1.len()),
                "cut {cut}"
            );
        }
    }
}
