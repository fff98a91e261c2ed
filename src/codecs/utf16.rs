//! UTF-16 (RFC 2781) and UCS-2, in either byte order or unmarked (the BOM decides).
//!
//! UTF-16 is decoded by encoding_rs (fast, with the WHATWG error boundaries), each
//! malformed report turned back into the lone surrogate it was; UCS-2 unit by unit, since it
//! pairs no surrogates. encoding_rs has no UTF-16 encoder (its UTF-16 "encoders" write
//! UTF-8), so both are encoded here, through simdutf. The bulk path for UTF-16 input is in
//! the pipeline.

#![forbid(unsafe_code)]

use super::codec::{
    Codec, Decode, DecodeStatus, Encode, EncodeStatus, Family, Form, Locate, Order, Problem,
};
use super::kernels::simd::{self, UnitOrder};
use super::whatwg::status_of;
use super::wide::{Units, push_unit, reads_big_endian, writes_big_endian};

/// UTF-16 or UCS-2 in one byte order.
pub struct Utf16 {
    name: &'static str,
    order: Order,
    /// UCS-2: the BMP only, no surrogate pairs.
    ucs2: bool,
}

/// UTF-16: the BOM decides the byte order; written as a BOM and little-endian.
pub static UTF_16: Utf16 = utf16("UTF-16", Order::Unmarked);
/// UTF-16LE.
pub static UTF_16LE: Utf16 = utf16("UTF-16LE", Order::Le);
/// UTF-16BE.
pub static UTF_16BE: Utf16 = utf16("UTF-16BE", Order::Be);
/// UCS-2: the BOM decides the byte order; written as a BOM and little-endian.
pub static UCS_2: Utf16 = ucs2("UCS-2", Order::Unmarked);
/// UCS-2LE.
pub static UCS_2LE: Utf16 = ucs2("UCS-2LE", Order::Le);
/// UCS-2BE.
pub static UCS_2BE: Utf16 = ucs2("UCS-2BE", Order::Be);

const fn utf16(name: &'static str, order: Order) -> Utf16 {
    Utf16 {
        name,
        order,
        ucs2: false,
    }
}

const fn ucs2(name: &'static str, order: Order) -> Utf16 {
    Utf16 {
        name,
        order,
        ucs2: true,
    }
}

impl Codec for Utf16 {
    fn name(&self) -> &'static str {
        self.name
    }

    fn family(&self) -> Family {
        Family::Unicode
    }

    fn decoder(&self) -> Box<dyn Decode> {
        if self.ucs2 {
            let units = Units::new(2, self.order, Problem::Ucs2Surrogate);
            return Box::new(Ucs2Decoder(units));
        }
        Box::new(Utf16Decoder::new(self.order))
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(Utf16Encoder {
            big_endian: writes_big_endian(self.order),
            ucs2: self.ucs2,
            scratch: Vec::new(),
        })
    }

    fn form(&self) -> Form {
        match self.ucs2 {
            true => Form::Ucs2(self.order),
            false => Form::Utf16(self.order),
        }
    }

    fn with_order(&self, order: Order) -> Option<&'static dyn Codec> {
        Some(match (self.ucs2, order) {
            (false, Order::Unmarked) => &UTF_16,
            (false, Order::Le) => &UTF_16LE,
            (false, Order::Be) => &UTF_16BE,
            (true, Order::Unmarked) => &UCS_2,
            (true, Order::Le) => &UCS_2LE,
            (true, Order::Be) => &UCS_2BE,
        })
    }

    /// Cuts after the last whole unit that is not a high surrogate (whose partner may follow).
    fn safe_cut(&self, window: &[u8]) -> Option<usize> {
        let big_endian = reads_big_endian(self.order);
        let mut end = window.len() & !1;
        while end >= 2 {
            let u = [window[end - 2], window[end - 1]];
            let unit = match big_endian {
                true => u16::from_be_bytes(u),
                false => u16::from_le_bytes(u),
            };
            if !(0xD800..0xDC00).contains(&unit) {
                return Some(end);
            }
            end -= 2;
        }
        None
    }

    fn locate(&self) -> Locate {
        Locate::ByLength(|c| 2 * c.len_utf16() as u64)
    }
}

struct Ucs2Decoder(Units);

impl Decode for Ucs2Decoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        self.0.decode(src, dst, last)
    }
}

/// UTF-16 in one byte order through encoding_rs's decoder.
struct Utf16Decoder {
    decoder: encoding_rs::Decoder,
    big_endian: bool,
    /// The last bytes consumed, for reports that name bytes of an earlier call.
    recent: Vec<u8>,
}

impl Utf16Decoder {
    fn new(order: Order) -> Utf16Decoder {
        let big_endian = reads_big_endian(order);
        let e = match big_endian {
            true => encoding_rs::UTF_16BE,
            false => encoding_rs::UTF_16LE,
        };
        Utf16Decoder {
            decoder: e.new_decoder_without_bom_handling(),
            big_endian,
            recent: Vec::with_capacity(16),
        }
    }
}

impl Decode for Utf16Decoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let (result, read) = self
            .decoder
            .decode_to_string_without_replacement(src, dst, last);
        self.recent
            .extend_from_slice(&src[read.saturating_sub(8)..read]);
        let excess = self.recent.len().saturating_sub(8);
        self.recent.drain(..excess);
        let recent = &self.recent;
        let big_endian = self.big_endian;
        let status = status_of(result, |len, after| {
            // Two bytes are a lone surrogate unit; three, one followed by a stray byte at
            // the end of the input; one, a stray byte.
            let end = recent.len().saturating_sub(after);
            let bytes = &recent[end.saturating_sub(len)..end];
            match bytes {
                [a, b, ..] if len >= 2 => {
                    let unit = match big_endian {
                        true => u16::from_be_bytes([*a, *b]),
                        false => u16::from_le_bytes([*a, *b]),
                    };
                    Problem::LoneSurrogate(unit)
                }
                _ => Problem::Invalid,
            }
        });
        (status, read)
    }
}

/// UTF-16 or UCS-2 output.
struct Utf16Encoder {
    big_endian: bool,
    ucs2: bool,
    /// UTF-16 units on their way to bytes, kept between calls.
    scratch: Vec<u16>,
}

impl Encode for Utf16Encoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, _last: bool) -> (EncodeStatus, usize) {
        // UCS-2 stops at the first character beyond the BMP (four UTF-8 bytes, lead F0..F4).
        let end = match self.ucs2 {
            true => src.bytes().position(|b| b >= 0xF0).unwrap_or(src.len()),
            false => src.len(),
        };
        encode_utf16(&src[..end], dst, self.big_endian, &mut self.scratch);
        match src[end..].chars().next() {
            Some(c) => (EncodeStatus::Unmappable(c), end + c.len_utf8()),
            None => (EncodeStatus::Done, src.len()),
        }
    }

    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        push_unit(dst, u32::from(unit), 2, self.big_endian);
        true
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

#[cfg(test)]
mod tests {
    use crate::codecs::labels::{UTF_16, UTF_16BE, UTF_16LE};
    use crate::codecs::test_support::{decode_all, encode};
    use crate::codecs::{Charset, DecodeStatus, Decoder, EncodeStatus, Encoder, Problem};

    const UCS_2LE: Charset = Charset::of(&super::UCS_2LE);

    #[test]
    fn utf16_pairs_and_lone_surrogates() {
        let (text, ev) = decode_all(UTF_16LE, b"\x3D\xD8\x00\xDEa\x00");
        assert_eq!(text, "😀a");
        assert!(ev.is_empty());
        let (text, ev) = decode_all(UTF_16LE, b"\x3D\xD8a\x00\x80\xDC");
        assert_eq!(text, "a");
        let problems: Vec<_> = ev
            .iter()
            .map(|e| match e {
                DecodeStatus::Malformed { len, problem, .. } => (*len, *problem),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            problems,
            vec![
                (2, Problem::LoneSurrogate(0xD83D)),
                (2, Problem::LoneSurrogate(0xDC80))
            ]
        );
        // A high surrogate and a stray byte at the end are one error (WHATWG, CPython).
        let (_, ev) = decode_all(UTF_16LE, b"\x00\xD8\x41");
        assert!(matches!(
            ev[..],
            [DecodeStatus::Malformed {
                len: 3,
                problem: Problem::LoneSurrogate(0xD800),
                ..
            }]
        ));
    }

    #[test]
    fn utf16_split_anywhere_is_the_same() {
        let src = "a😀中\u{10FFFF}"
            .encode_utf16()
            .flat_map(|u| u.to_be_bytes())
            .collect::<Vec<_>>();
        for cut in 0..=src.len() {
            let mut d = Decoder::new(UTF_16BE);
            let mut out = String::with_capacity(64);
            let (s1, r1) = d.decode(&src[..cut], &mut out, false);
            assert_eq!((s1, r1), (DecodeStatus::InputEmpty, cut));
            let (s2, _) = d.decode(&src[cut..], &mut out, true);
            assert_eq!(s2, DecodeStatus::InputEmpty);
            assert_eq!(out, "a😀中\u{10FFFF}");
        }
    }

    #[test]
    fn ucs2_has_no_surrogates() {
        let (_, ev) = decode_all(UCS_2LE, b"\x3D\xD8\x00\xDE");
        assert_eq!(ev.len(), 2);
    }

    #[test]
    fn encodes_either_order_and_ucs2_stops_beyond_the_bmp() {
        assert_eq!(encode(UTF_16BE, "a😀").2, b"\0a\xD8\x3D\xDE\x00");
        assert_eq!(encode(UTF_16, "a").2, b"a\0");
        let (st, read, out) = encode(UCS_2LE, "a😀");
        assert_eq!(st, EncodeStatus::Unmappable('😀'));
        assert_eq!((read, out), (5, b"a\0".to_vec()));
    }

    #[test]
    fn writes_any_surrogate_as_a_unit() {
        let mut out = Vec::new();
        assert!(Encoder::new(UTF_16LE).encode_surrogate(0xD800, &mut out));
        assert_eq!(out, b"\x00\xD8");
    }

    #[test]
    fn safe_cut_keeps_a_high_surrogate_for_its_partner() {
        assert_eq!(UTF_16LE.safe_cut(b"a\0\x3D\xD8\x00"), Some(2));
        assert_eq!(UTF_16LE.safe_cut(b"\x3D\xD8"), None);
    }
}
