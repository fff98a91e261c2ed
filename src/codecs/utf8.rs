//! UTF-8 (RFC 3629): decoded by encoding_rs, which rejects overlong forms, surrogates and
//! anything above U+10FFFF, one maximal ill-formed subpart at a time (Unicode §3.9). Text is
//! UTF-8 inside the pipeline, so encoding is a copy. The bulk paths for UTF-8 input are in
//! the pipeline and in [`super::kernels`].

#![forbid(unsafe_code)]

use super::codec::{Codec, Decode, Encode, EncodeStatus, Family, Form, Locate};
use super::whatwg::RsDecoder;

/// UTF-8.
pub struct Utf8;

/// The one UTF-8 charset.
pub static UTF_8: Utf8 = Utf8;

/// UTF-8 with a signature (Python's `utf-8-sig`): UTF-8 whose output begins with a BOM.
/// (On input a leading BOM is removed, as for UTF-8.)
pub struct Utf8Sig;

/// The one UTF-8-SIG charset.
pub static UTF_8_SIG: Utf8Sig = Utf8Sig;

impl Codec for Utf8Sig {
    fn name(&self) -> &'static str {
        "UTF-8-SIG"
    }

    fn decoder(&self) -> Box<dyn Decode> {
        UTF_8.decoder()
    }

    fn encoder(&self) -> Box<dyn Encode> {
        UTF_8.encoder()
    }

    fn form(&self) -> Form {
        Form::Utf8
    }

    fn clean_after(&self, byte: u8) -> bool {
        UTF_8.clean_after(byte)
    }

    fn locate(&self) -> Locate {
        UTF_8.locate()
    }

    fn family(&self) -> Family {
        Family::Unicode
    }

    fn writes_bom(&self) -> bool {
        true
    }
}

impl Codec for Utf8 {
    fn name(&self) -> &'static str {
        "UTF-8"
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(RsDecoder(
            encoding_rs::UTF_8.new_decoder_without_bom_handling(),
        ))
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(Utf8Encoder)
    }

    fn form(&self) -> Form {
        Form::Utf8
    }

    fn clean_after(&self, byte: u8) -> bool {
        byte < 0x80
    }

    fn locate(&self) -> Locate {
        Locate::ByLength(|c| c.len_utf8() as u64)
    }

    fn family(&self) -> Family {
        Family::Unicode
    }
}

struct Utf8Encoder;

impl Encode for Utf8Encoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, _last: bool) -> (EncodeStatus, usize) {
        dst.extend_from_slice(src.as_bytes());
        (EncodeStatus::Done, src.len())
    }
}

#[cfg(test)]
mod tests {
    use crate::codecs::labels::UTF_8;
    use crate::codecs::{CharAt, Encoder};

    #[test]
    fn writes_only_escaped_bytes_as_surrogates() {
        let mut out = Vec::new();
        let mut utf8 = Encoder::new(UTF_8);
        assert!(utf8.encode_surrogate(0xDC80, &mut out));
        assert!(!utf8.encode_surrogate(0xD800, &mut out));
        assert_eq!(out, b"\x80");
    }

    #[test]
    fn finds_characters_and_cuts() {
        assert_eq!(
            UTF_8.char_at(b"\xE4\xB8\xADz", true),
            CharAt::Text("中".into(), 3)
        );
        assert_eq!(UTF_8.safe_cut("a中".as_bytes()), Some(1));
    }
}
