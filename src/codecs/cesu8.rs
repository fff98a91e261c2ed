//! CESU-8 (Unicode Technical Report #26) and Java's Modified UTF-8: UTF-8 in which a
//! supplementary character is written as its UTF-16 surrogate pair, each surrogate as a
//! three-byte sequence (U+1F600 is ED A0 BD ED B8 80, not F0 9F 98 80). This is what Oracle's
//! `UTF8` character set and MySQL's old `utf8` store, and how Java writes strings in class
//! files (JVM specification §4.4.7), in JNI and with `DataOutput.writeUTF`.
//!
//! Modified UTF-8 differs from CESU-8 in one character: U+0000 is C0 80, so that a string
//! never holds a zero byte; a raw 00 is ill-formed on input and never written. The two-byte
//! length that `DataOutput.writeUTF` puts before the bytes is framing, not part of the
//! encoding: strip it before converting (`tail -c +3`).
//!
//! Both are strict: a four-byte UTF-8 sequence is one ill-formed piece (four bytes), and so
//! is a lone surrogate (three bytes); `--errors escape` keeps them byte for byte. That is the
//! difference from WTF-8 ([`super::wtf8`]), which writes supplementary characters as four
//! bytes and takes lone surrogates as code points.

#![forbid(unsafe_code)]

use super::codec::{Codec, Decode, DecodeStatus, Encode, EncodeStatus, Family, Form, Locate};
use super::utf8_like::{Decoder8, Rules, first_at_least};

/// CESU-8 or Modified UTF-8.
pub struct Cesu8 {
    name: &'static str,
    /// Modified UTF-8: U+0000 is C0 80.
    java: bool,
}

/// CESU-8.
pub static CESU_8: Cesu8 = Cesu8 {
    name: "CESU-8",
    java: false,
};

/// Java's Modified UTF-8.
pub static MUTF_8: Cesu8 = Cesu8 {
    name: "MUTF-8",
    java: true,
};

impl Codec for Cesu8 {
    fn family(&self) -> Family {
        Family::Unicode
    }

    fn name(&self) -> &'static str {
        self.name
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(Cesu8Decoder(Decoder8::new(Rules {
            pairs: true,
            java_nul: self.java,
        })))
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(Cesu8Encoder { java: self.java })
    }

    fn form(&self) -> Form {
        Form::Utf8Variant
    }

    fn clean_after(&self, byte: u8) -> bool {
        byte < 0x80
    }

    fn locate(&self) -> Locate {
        if self.java {
            Locate::ByLength(|c| if c == '\0' { 2 } else { cesu8_len(c) })
        } else {
            Locate::ByLength(cesu8_len)
        }
    }

    /// Modified UTF-8's raw 00 is ill-formed, and is escaped as U+DC00.
    fn escapes_ascii(&self) -> bool {
        self.java
    }
}

/// The length of a character in CESU-8: as in UTF-8, but six bytes above the BMP.
fn cesu8_len(c: char) -> u64 {
    match c.len_utf8() {
        4 => 6,
        n => n as u64,
    }
}

struct Cesu8Decoder(Decoder8);

impl Decode for Cesu8Decoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        self.0.decode(src, dst, last)
    }
}

struct Cesu8Encoder {
    java: bool,
}

impl Cesu8Encoder {
    /// The index of the next byte of `bytes` that starts a character written differently
    /// from UTF-8: a four-byte lead (F0..F4), and for Modified UTF-8 a zero.
    fn next_special(&self, bytes: &[u8]) -> Option<usize> {
        let four = first_at_least(bytes, 0xF0);
        if !self.java {
            return four;
        }
        let end = four.unwrap_or(bytes.len());
        memchr::memchr(0, &bytes[..end]).or(four)
    }
}

impl Encode for Cesu8Encoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, _last: bool) -> (EncodeStatus, usize) {
        let bytes = src.as_bytes();
        dst.reserve(src.len());
        let mut at = 0;
        while let Some(i) = self.next_special(&bytes[at..]) {
            dst.extend_from_slice(&bytes[at..at + i]);
            at += i;
            let Some(c) = src[at..].chars().next() else {
                break;
            };
            if c == '\0' {
                dst.extend_from_slice(&[0xC0, 0x80]);
            } else {
                let mut units = [0u16; 2];
                for &unit in c.encode_utf16(&mut units).iter() {
                    push_surrogate(dst, unit);
                }
            }
            at += c.len_utf8();
        }
        dst.extend_from_slice(&bytes[at..]);
        (EncodeStatus::Done, src.len())
    }

    /// U+DC80..U+DCFF back to the bytes they stand for; U+DC00 to the zero byte Modified
    /// UTF-8 escapes. Other lone surrogates are refused: a lone surrogate is ill-formed in
    /// both formats.
    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        if (0xDC80..=0xDCFF).contains(&unit) || (self.java && unit == 0xDC00) {
            dst.push((unit - 0xDC00) as u8);
            return true;
        }
        false
    }
}

/// Writes a surrogate code unit as its three bytes ED A0 80..ED BF BF.
pub fn push_surrogate(dst: &mut Vec<u8>, unit: u16) {
    dst.extend_from_slice(&[
        0xE0 | (unit >> 12) as u8,
        0x80 | ((unit >> 6) & 0x3F) as u8,
        0x80 | (unit & 0x3F) as u8,
    ]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::test_support::{decode_all, decode_split, encode, problems};
    use crate::codecs::{Charset, Problem};

    const CESU: Charset = Charset::of(&CESU_8);
    const MUTF: Charset = Charset::of(&MUTF_8);

    #[test]
    fn supplementary_characters_are_surrogate_pairs() {
        assert_eq!(encode(CESU, "a😀\0").2, b"a\xED\xA0\xBD\xED\xB8\x80\0");
        assert_eq!(
            encode(MUTF, "a😀\0").2,
            b"a\xED\xA0\xBD\xED\xB8\x80\xC0\x80"
        );
        assert_eq!(
            decode_all(CESU, b"a\xED\xA0\xBD\xED\xB8\x80\xE4\xB8\xAD"),
            ("a😀中".to_string(), vec![])
        );
        assert_eq!(decode_all(MUTF, b"\xC0\x80x"), ("\0x".to_string(), vec![]));
    }

    #[test]
    fn what_the_formats_forbid_is_one_piece_each() {
        let (text, ev) = decode_all(CESU, b"\xF0\x9F\x98\x80a\xED\xA0\xBDb\xED\xB8\x80\xC0\x80");
        assert_eq!(text, "ab");
        let want = vec![
            (4, Problem::Invalid),
            (3, Problem::Invalid),
            (3, Problem::Invalid),
            (1, Problem::Invalid),
            (1, Problem::Invalid),
        ];
        assert_eq!(problems(&ev), want);
        let (text, ev) = decode_all(MUTF, b"a\0b");
        assert_eq!(
            (text.as_str(), problems(&ev)),
            ("ab", vec![(1, Problem::Invalid)])
        );
        // A high surrogate followed by the start of a low one cut short by the end.
        let (_, ev) = decode_all(CESU, b"\xED\xA0\xBD\xED\xB8");
        assert_eq!(
            problems(&ev),
            vec![(3, Problem::Invalid), (2, Problem::Invalid)]
        );
    }

    #[test]
    fn split_anywhere_is_the_same() {
        let src = b"a\xED\xA0\xBD\xED\xB8\x80\xE4\xB8\xAD\xED\xA0\xBD!\xC0\x80";
        let whole = decode_all(MUTF, src);
        for cut in 0..=src.len() {
            let (out, events) = decode_split(MUTF, src, cut);
            assert_eq!(
                (&out, problems(&events)),
                (&whole.0, problems(&whole.1)),
                "cut {cut}"
            );
        }
    }

    #[test]
    fn escapes_go_back_as_bytes() {
        let mut out = Vec::new();
        let mut e = crate::codecs::Encoder::new(MUTF);
        assert!(e.encode_surrogate(0xDC00, &mut out));
        assert!(e.encode_surrogate(0xDCFF, &mut out));
        assert!(!e.encode_surrogate(0xD800, &mut out));
        assert!(!crate::codecs::Encoder::new(CESU).encode_surrogate(0xDC00, &mut out));
        assert_eq!(out, b"\0\xFF");
    }
}
