//! WTF-8 ("Wobbly Transformation Format", Simon Sapin's specification): UTF-8 that can also
//! hold surrogate code points that are not part of a pair, each as the three bytes
//! ED A0 80..ED BF BF. It is how Rust's `OsString` keeps Windows file names (potentially
//! ill-formed UTF-16) and how JavaScript strings with lone surrogates are stored as bytes.
//!
//! A lone surrogate is a code point of WTF-8, but the pipeline's text is UTF-8, which has
//! none: it travels as [`Problem::LoneSurrogate`](super::codec::Problem::LoneSurrogate) through the error policy. Under `strict` it
//! stops the conversion, under `replace` it becomes U+FFFD, and under `escape` it is kept and
//! written to any target that holds surrogates: UTF-16 and UTF-32 as the unit, WTF-8 as its
//! three bytes. So `-f UTF-16LE -t WTF-8 --errors escape` and back is lossless for any
//! sequence of 16-bit units.
//!
//! Differences from CESU-8 ([`super::cesu8`]): supplementary characters are UTF-8's four
//! bytes, and a surrogate pair written as two three-byte sequences is ill-formed (WTF-8 must
//! join it); lone surrogates are code points, where CESU-8 has none.
//!
//! The escape of an ill-formed byte *b* is the surrogate U+DC00+*b*, which WTF-8 can hold:
//! the encoder writes it as a surrogate, not as the byte. Ill-formed bytes of WTF-8 input
//! therefore come back from a round trip as WTF-8 surrogates (ED B2 80..ED B3 BF), not as
//! themselves; well-formed WTF-8 comes back byte for byte.

#![forbid(unsafe_code)]

use super::cesu8::push_surrogate;
use super::codec::{Codec, Decode, DecodeStatus, Encode, EncodeStatus, Family, Form, Locate};
use super::utf8_like::{Decoder8, Rules};

/// WTF-8.
pub struct Wtf8;

/// The one WTF-8 charset.
pub static WTF_8: Wtf8 = Wtf8;

impl Codec for Wtf8 {
    fn family(&self) -> Family {
        Family::Unicode
    }

    fn name(&self) -> &'static str {
        "WTF-8"
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(Wtf8Decoder(Decoder8::new(Rules {
            pairs: false,
            java_nul: false,
        })))
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(Wtf8Encoder { held: None })
    }

    fn form(&self) -> Form {
        Form::Utf8Variant
    }

    fn clean_after(&self, byte: u8) -> bool {
        byte < 0x80
    }

    fn locate(&self) -> Locate {
        Locate::ByLength(|c| c.len_utf8() as u64)
    }
}

struct Wtf8Decoder(Decoder8);

impl Decode for Wtf8Decoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        self.0.decode(src, dst, last)
    }
}

/// Text is UTF-8 already, so it is copied; lone surrogates are written as three bytes, a
/// high one held back until it is known whether a low one follows it (the two are then
/// one supplementary character, which WTF-8 writes as four bytes).
struct Wtf8Encoder {
    held: Option<u16>,
}

impl Wtf8Encoder {
    fn flush(&mut self, dst: &mut Vec<u8>) {
        if let Some(high) = self.held.take() {
            push_surrogate(dst, high);
        }
    }
}

impl Encode for Wtf8Encoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        if !src.is_empty() || last {
            self.flush(dst);
        }
        dst.extend_from_slice(src.as_bytes());
        (EncodeStatus::Done, src.len())
    }

    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        let high = (0xD800..0xDC00).contains(&unit);
        match self.held.take() {
            Some(h) if (0xDC00..0xE000).contains(&unit) => {
                let c = 0x10000 + ((u32::from(h) - 0xD800) << 10) + (u32::from(unit) - 0xDC00);
                let mut utf8 = [0u8; 4];
                if let Some(c) = char::from_u32(c) {
                    dst.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
                }
                return true;
            }
            Some(h) => push_surrogate(dst, h),
            None => {}
        }
        if high {
            self.held = Some(unit);
        } else {
            push_surrogate(dst, unit);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::test_support::{decode_all, encode};
    use crate::codecs::{Charset, Encoder, Problem};

    const WTF: Charset = Charset::of(&WTF_8);

    #[test]
    fn lone_surrogates_are_code_points() {
        let (text, ev) = decode_all(WTF, b"a\xED\xA0\xBDb\xED\xB3\xBF\xF0\x9F\x98\x80");
        assert_eq!(text, "ab😀");
        assert_eq!(
            ev,
            vec![
                DecodeStatus::Malformed {
                    len: 3,
                    after: 0,
                    problem: Problem::LoneSurrogate(0xD83D)
                },
                DecodeStatus::Malformed {
                    len: 3,
                    after: 0,
                    problem: Problem::LoneSurrogate(0xDCFF)
                }
            ]
        );
        // The CESU-8 form of a pair is one ill-formed piece.
        let (text, ev) = decode_all(WTF, b"\xED\xA0\xBD\xED\xB8\x80");
        assert_eq!(text, "");
        assert!(matches!(
            ev[..],
            [DecodeStatus::Malformed {
                len: 6,
                problem: Problem::Invalid,
                ..
            }]
        ));
    }

    #[test]
    fn writes_surrogates_and_joins_pairs() {
        assert_eq!(encode(WTF, "a😀").2, "a😀".as_bytes());
        let mut e = Encoder::new(WTF);
        let mut out = Vec::new();
        assert!(e.encode_surrogate(0xD83D, &mut out));
        assert!(e.encode_surrogate(0xDE00, &mut out));
        assert!(e.encode_surrogate(0xD83D, &mut out));
        e.encode("x", &mut out, false);
        assert!(e.encode_surrogate(0xDCFF, &mut out));
        assert!(e.encode_surrogate(0xDBFF, &mut out));
        e.encode("", &mut out, true);
        assert_eq!(
            out,
            b"\xF0\x9F\x98\x80\xED\xA0\xBDx\xED\xB3\xBF\xED\xAF\xBF".to_vec()
        );
    }
}
