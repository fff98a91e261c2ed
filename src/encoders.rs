//! Encoders: Unicode text to bytes in one charset, behind one interface.
//!
//! encoding_rs encodes the WHATWG legacy encodings. It has no UTF-16 or UTF-32 encoder (its
//! UTF-16 "encoders" write UTF-8), so those, UCS-2, ISO-8859-1, US-ASCII and GB2312 are
//! written here. Lone surrogates (from `--errors escape`, or kept from UTF-16/UTF-32 input)
//! are not text, so they take their own call, [`Encoder::encode_surrogate`].

#![forbid(unsafe_code)]

use crate::gb2312;
use crate::labels::{Charset, Order};
use crate::simd::{self, UnitOrder};
use encoding_rs::EncoderResult;

/// The outcome of one [`Encoder::encode`] call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeStatus {
    /// All of the text was written.
    Done,
    /// This character, which ends the text read so far, has no mapping in the target.
    Unmappable(char),
}

/// An encoder for one target charset.
pub struct Encoder {
    kind: Kind,
    target: Charset,
}

enum Kind {
    Utf8,
    Wide {
        unit: usize,
        big_endian: bool,
        ucs2: bool,
        /// UTF-16 units on their way to bytes, kept between calls.
        scratch: Vec<u16>,
    },
    Latin1,
    Ascii,
    Gb2312,
    Rs(encoding_rs::Encoder),
}

impl Encoder {
    /// An encoder for `target`; the unmarked UTF-16/UTF-32/UCS-2 labels write little-endian
    /// (the BOM is the caller's business).
    pub fn new(target: Charset) -> Encoder {
        let wide = |unit, o: Order, ucs2| Kind::Wide {
            unit,
            big_endian: o == Order::Be,
            ucs2,
            scratch: Vec::new(),
        };
        let kind = match target {
            Charset::Auto | Charset::Utf8 => Kind::Utf8,
            Charset::Utf16(o) => wide(2, o, false),
            Charset::Ucs2(o) => wide(2, o, true),
            Charset::Utf32(o) => wide(4, o, false),
            Charset::Latin1 => Kind::Latin1,
            Charset::Ascii => Kind::Ascii,
            Charset::Gb2312 => Kind::Gb2312,
            Charset::Legacy(e) => Kind::Rs(e.new_encoder()),
        };
        Encoder { kind, target }
    }

    /// The charset this encoder writes.
    pub fn charset(&self) -> Charset {
        self.target
    }

    /// Appends the encoding of `src` to `dst`. Returns the status and how many bytes of `src`
    /// were read: all of it, or up to and including an unmappable character. With `last`, a
    /// stateful encoder (ISO-2022-JP) returns to its initial state at the end.
    pub fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        match &mut self.kind {
            Kind::Utf8 => {
                dst.extend_from_slice(src.as_bytes());
                (EncodeStatus::Done, src.len())
            }
            Kind::Wide {
                unit,
                big_endian,
                ucs2,
                scratch,
            } => encode_wide(src, dst, (*unit, *big_endian, *ucs2), scratch),
            Kind::Latin1 => encode_charwise(src, dst, |c| u8::try_from(u32::from(c)).ok()),
            Kind::Ascii => encode_charwise(src, dst, |c| c.is_ascii().then_some(c as u8)),
            Kind::Gb2312 => encode_gb2312(src, dst),
            Kind::Rs(e) => encode_rs(e, src, dst, last),
        }
    }

    /// Writes a lone surrogate: as its 16-bit unit (or 32-bit value) for UTF-16, UCS-2 and
    /// UTF-32, and as the escaped byte for U+DC80..U+DCFF in byte-oriented targets. Returns
    /// false, writing nothing, when the target cannot hold it.
    pub fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        match self.kind {
            Kind::Wide {
                unit: 2,
                big_endian,
                ..
            } => push_unit(dst, u32::from(unit), 2, big_endian),
            Kind::Wide { big_endian, .. } => push_unit(dst, u32::from(unit), 4, big_endian),
            _ if (0xDC80..=0xDCFF).contains(&unit) => dst.push((unit - 0xDC00) as u8),
            _ => return false,
        }
        true
    }

    /// The byte order of a UTF-16 target (not UCS-2), which takes any text as it is.
    pub fn utf16_order(&self) -> Option<UnitOrder> {
        match self.kind {
            Kind::Wide {
                unit: 2,
                ucs2: false,
                big_endian,
                ..
            } => Some(UnitOrder::from_big_endian(big_endian)),
            _ => None,
        }
    }

    /// Whether U+FFFD can be written, so that `replace` writes it rather than `?`.
    pub fn has_replacement_char(&self) -> bool {
        match &self.kind {
            Kind::Utf8 | Kind::Wide { .. } => true,
            Kind::Rs(e) => e.encoding() == encoding_rs::GB18030,
            _ => false,
        }
    }
}

fn push_unit(dst: &mut Vec<u8>, value: u32, unit: usize, big_endian: bool) {
    let bytes = value.to_be_bytes();
    let bytes = &bytes[4 - unit..];
    if big_endian {
        dst.extend_from_slice(bytes);
    } else {
        dst.extend(bytes.iter().rev());
    }
}

fn encode_wide(
    src: &str,
    dst: &mut Vec<u8>,
    (unit, big_endian, ucs2): (usize, bool, bool),
    scratch: &mut Vec<u16>,
) -> (EncodeStatus, usize) {
    if unit == 4 {
        encode_utf32(src, dst, big_endian);
        return (EncodeStatus::Done, src.len());
    }
    // UCS-2 stops at the first character beyond the BMP (four UTF-8 bytes, lead F0..F4).
    let end = match ucs2 {
        true => src.bytes().position(|b| b >= 0xF0).unwrap_or(src.len()),
        false => src.len(),
    };
    encode_utf16(&src[..end], dst, big_endian, scratch);
    match src[end..].chars().next() {
        Some(c) => (EncodeStatus::Unmappable(c), end + c.len_utf8()),
        None => (EncodeStatus::Done, src.len()),
    }
}

/// UTF-16 in bulk (simdutf): the units are written straight into the output, in either byte
/// order, where it is aligned for them (as the output buffer is), else through `units`.
fn encode_utf16(src: &str, dst: &mut Vec<u8>, big_endian: bool, units: &mut Vec<u16>) {
    let order = UnitOrder::from_big_endian(big_endian);
    let start = dst.len();
    dst.resize(start + 2 * (src.len() + 1), 0);
    if let Ok(out) = bytemuck::try_cast_slice_mut::<u8, u16>(&mut dst[start..]) {
        let n = simd::valid_utf8_to_utf16(src.as_bytes(), order, out);
        dst.truncate(start + 2 * n);
        return;
    }
    if units.len() <= src.len() {
        units.resize(src.len() + 1, 0);
    }
    let n = simd::valid_utf8_to_utf16(src.as_bytes(), order, units);
    dst.truncate(start);
    dst.extend_from_slice(bytemuck::cast_slice(&units[..n]));
}

fn encode_utf32(src: &str, dst: &mut Vec<u8>, big_endian: bool) {
    dst.reserve(src.len() * 4);
    for c in src.chars() {
        let v = u32::from(c);
        let bytes = if big_endian {
            v.to_be_bytes()
        } else {
            v.to_le_bytes()
        };
        dst.extend_from_slice(&bytes);
    }
}

fn encode_charwise(
    src: &str,
    dst: &mut Vec<u8>,
    map: impl Fn(char) -> Option<u8>,
) -> (EncodeStatus, usize) {
    dst.reserve(src.len());
    for (i, c) in src.char_indices() {
        match map(c) {
            Some(b) => dst.push(b),
            None => return (EncodeStatus::Unmappable(c), i + c.len_utf8()),
        }
    }
    (EncodeStatus::Done, src.len())
}

fn encode_gb2312(src: &str, dst: &mut Vec<u8>) -> (EncodeStatus, usize) {
    dst.reserve(src.len());
    for (i, c) in src.char_indices() {
        if c.is_ascii() {
            dst.push(c as u8);
        } else if let Some(pair) = gb2312::encode_char(c) {
            dst.extend_from_slice(&pair);
        } else {
            return (EncodeStatus::Unmappable(c), i + c.len_utf8());
        }
    }
    (EncodeStatus::Done, src.len())
}

fn encode_rs(
    e: &mut encoding_rs::Encoder,
    src: &str,
    dst: &mut Vec<u8>,
    last: bool,
) -> (EncodeStatus, usize) {
    let mut read = 0;
    loop {
        let need = e
            .max_buffer_length_from_utf8_without_replacement(src.len() - read)
            .unwrap_or(src.len() * 4 + 16);
        dst.reserve(need);
        let (result, r) = e.encode_from_utf8_to_vec_without_replacement(&src[read..], dst, last);
        read += r;
        match result {
            EncoderResult::InputEmpty => return (EncodeStatus::Done, read),
            EncoderResult::OutputFull => continue,
            EncoderResult::Unmappable(c) => return (EncodeStatus::Unmappable(c), read),
        }
    }
}

/// True when `text` encodes in `charset` to exactly `bytes`: the test that makes
/// `--errors escape` lossless for charsets whose decoding is not one-to-one (several byte
/// sequences for one character, characters that do not encode back).
pub fn round_trips(charset: Charset, text: &str, bytes: &[u8]) -> bool {
    let mut encoder = Encoder::new(charset);
    let mut out = Vec::with_capacity(bytes.len() + 8);
    matches!(
        encoder.encode(text, &mut out, true),
        (EncodeStatus::Done, _)
    ) && out == bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(cs: Charset, s: &str) -> (EncodeStatus, usize, Vec<u8>) {
        let mut out = Vec::new();
        let (st, read) = Encoder::new(cs).encode(s, &mut out, true);
        (st, read, out)
    }

    #[test]
    fn wide_forms() {
        assert_eq!(
            encode(Charset::Utf16(Order::Be), "a😀").2,
            b"\0a\xD8\x3D\xDE\x00"
        );
        assert_eq!(encode(Charset::Utf16(Order::Unmarked), "a").2, b"a\0");
        assert_eq!(
            encode(Charset::Utf32(Order::Le), "😀").2,
            b"\x00\xF6\x01\x00"
        );
        let (st, read, out) = encode(Charset::Ucs2(Order::Le), "a😀");
        assert_eq!(st, EncodeStatus::Unmappable('😀'));
        assert_eq!((read, out), (5, b"a\0".to_vec()));
    }

    #[test]
    fn latin1_and_ascii_are_real() {
        assert_eq!(encode(Charset::Latin1, "é").2, b"\xE9");
        assert_eq!(
            encode(Charset::Latin1, "€").0,
            EncodeStatus::Unmappable('€')
        );
        assert_eq!(
            encode(Charset::Ascii, "aé").0,
            EncodeStatus::Unmappable('é')
        );
    }

    #[test]
    fn surrogates() {
        let mut out = Vec::new();
        let mut utf8 = Encoder::new(Charset::Utf8);
        assert!(utf8.encode_surrogate(0xDC80, &mut out));
        assert!(!utf8.encode_surrogate(0xD800, &mut out));
        let mut le = Encoder::new(Charset::Utf16(Order::Le));
        assert!(le.encode_surrogate(0xD800, &mut out));
        assert_eq!(out, b"\x80\x00\xD8");
    }

    #[test]
    fn gb2312_is_the_gb2312_repertoire() {
        assert_eq!(encode(Charset::Gb2312, "中").2, b"\xD6\xD0");
        assert_eq!(
            encode(Charset::Gb2312, "丂").0,
            EncodeStatus::Unmappable('丂')
        );
    }

    #[test]
    fn round_trip_check() {
        let gb18030 = Charset::Legacy(encoding_rs::GB18030);
        assert!(!round_trips(gb18030, "€", b"\x80"));
        assert!(round_trips(Charset::Legacy(encoding_rs::GBK), "€", b"\x80"));
    }
}
