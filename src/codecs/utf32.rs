//! UTF-32 (UCS-4), in either byte order or unmarked (the BOM decides). encoding_rs has no
//! UTF-32, so it is decoded and encoded here, unit by unit.

#![forbid(unsafe_code)]

use super::codec::{
    Codec, Decode, DecodeStatus, Encode, EncodeStatus, Family, Form, Locate, Order, Problem,
};
use super::wide::{Units, push_unit, writes_big_endian};

/// UTF-32 in one byte order.
pub struct Utf32 {
    name: &'static str,
    order: Order,
}

/// UTF-32: the BOM decides the byte order; written as a BOM and little-endian.
pub static UTF_32: Utf32 = Utf32 {
    name: "UTF-32",
    order: Order::Unmarked,
};
/// UTF-32LE.
pub static UTF_32LE: Utf32 = Utf32 {
    name: "UTF-32LE",
    order: Order::Le,
};
/// UTF-32BE.
pub static UTF_32BE: Utf32 = Utf32 {
    name: "UTF-32BE",
    order: Order::Be,
};

impl Codec for Utf32 {
    fn name(&self) -> &'static str {
        self.name
    }

    fn family(&self) -> Family {
        Family::Unicode
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(Utf32Decoder(Units::new(
            4,
            self.order,
            Problem::LoneSurrogate,
        )))
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(Utf32Encoder {
            big_endian: writes_big_endian(self.order),
        })
    }

    fn form(&self) -> Form {
        Form::Utf32(self.order)
    }

    fn with_order(&self, order: Order) -> Option<&'static dyn Codec> {
        Some(match order {
            Order::Unmarked => &UTF_32,
            Order::Le => &UTF_32LE,
            Order::Be => &UTF_32BE,
        })
    }

    fn safe_cut(&self, window: &[u8]) -> Option<usize> {
        Some(window.len() & !3).filter(|&n| n > 0)
    }

    fn locate(&self) -> Locate {
        Locate::ByLength(|_| 4)
    }
}

struct Utf32Decoder(Units);

impl Decode for Utf32Decoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        self.0.decode(src, dst, last)
    }
}

struct Utf32Encoder {
    big_endian: bool,
}

impl Encode for Utf32Encoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, _last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len() * 4);
        for c in src.chars() {
            let v = u32::from(c);
            let bytes = match self.big_endian {
                true => v.to_be_bytes(),
                false => v.to_le_bytes(),
            };
            dst.extend_from_slice(&bytes);
        }
        (EncodeStatus::Done, src.len())
    }

    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        push_unit(dst, u32::from(unit), 4, self.big_endian);
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::codecs::labels::UTF_32LE;
    use crate::codecs::test_support::{decode_all, encode};

    #[test]
    fn rejects_out_of_range_and_odd_tails() {
        let (text, ev) = decode_all(UTF_32LE, b"a\0\0\0\0\0\x11\0b\0");
        assert_eq!(text, "a");
        assert_eq!(ev.len(), 2);
    }

    #[test]
    fn encodes_little_endian() {
        assert_eq!(encode(UTF_32LE, "😀").2, b"\x00\xF6\x01\x00");
    }

    #[test]
    fn cuts_at_whole_units() {
        assert_eq!(UTF_32LE.safe_cut(b"a\0\0\0b"), Some(4));
        assert_eq!(UTF_32LE.safe_cut(b"a\0\0"), None);
    }
}
