//! The encoding_rs adapter: every encoding of the WHATWG Encoding Standard that this tool
//! takes as WHATWG defines it and converts through encoding_rs (Big5, the Japanese and Korean
//! encodings, the single-byte ones, and x-user-defined). The GB family has kernels of its own
//! (`codecs::gb`); wrapped here, encoding_rs's GBK and GB18030 are the reference the tests
//! and the fuzz target compare those kernels with.

#![forbid(unsafe_code)]

use super::codec::{Codec, Decode, DecodeStatus, Encode, EncodeStatus, Family, Locate, Problem};
use encoding_rs::{DecoderResult, EncoderResult, Encoding};

/// A WHATWG encoding under its canonical name here (encoding_rs's name, except
/// `GB18030`, which encoding_rs spells `gb18030`).
pub struct Whatwg {
    name: &'static str,
    encoding: &'static Encoding,
}

impl Whatwg {
    /// The charset `encoding` under the canonical name `name`.
    pub const fn new(name: &'static str, encoding: &'static Encoding) -> Whatwg {
        Whatwg { name, encoding }
    }

    fn is_multi_byte(&self) -> bool {
        !self.encoding.is_single_byte() && self.encoding != encoding_rs::X_USER_DEFINED
    }
}

impl Codec for Whatwg {
    fn name(&self) -> &'static str {
        self.name
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(RsDecoder(self.encoding.new_decoder_without_bom_handling()))
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(RsEncoder(self.encoding.new_encoder()))
    }

    fn is_stateful(&self) -> bool {
        self.encoding == encoding_rs::ISO_2022_JP
    }

    fn clean_after(&self, byte: u8) -> bool {
        let e = self.encoding;
        if !self.is_multi_byte() {
            true
        } else if e == encoding_rs::GBK || e == encoding_rs::GB18030 {
            byte < 0x40 && !(0x30..=0x39).contains(&byte)
        } else if e == encoding_rs::EUC_KR {
            byte < 0x41
        } else if e == encoding_rs::EUC_JP {
            byte < 0x80
        } else if e == encoding_rs::BIG5 || e == encoding_rs::SHIFT_JIS {
            byte < 0x40
        } else {
            // ISO-2022-JP keeps a shift state: see `safe_cut`.
            false
        }
    }

    fn safe_cut(&self, window: &[u8]) -> Option<usize> {
        if self.encoding == encoding_rs::ISO_2022_JP {
            // After ESC ( B the decoder is back in ASCII, as a fresh one starts.
            return memchr::memmem::rfind(window, b"\x1B(B").map(|i| i + 3);
        }
        window
            .iter()
            .rposition(|&b| self.clean_after(b))
            .map(|i| i + 1)
    }

    fn locate(&self) -> Locate {
        if self.is_multi_byte() {
            Locate::Replay
        } else {
            Locate::ByLength(|_| 1)
        }
    }

    fn decodes_one_to_one(&self) -> bool {
        !self.is_multi_byte()
    }

    fn split_pays(&self) -> bool {
        self.is_multi_byte()
    }

    fn family(&self) -> Family {
        let e = self.encoding;
        if self.is_multi_byte() {
            Family::Cjk
        } else if e.name().starts_with("ISO-8859-") {
            Family::Iso8859
        } else if e.name().starts_with("windows-") {
            Family::Windows
        } else if e == encoding_rs::IBM866 {
            Family::Dos
        } else if e == encoding_rs::MACINTOSH || e == encoding_rs::X_MAC_CYRILLIC {
            Family::Mac
        } else {
            // KOI8-R, KOI8-U, x-user-defined.
            Family::Other
        }
    }
}

/// An encoding_rs decoder behind [`Decode`]; every malformed sequence is [`Problem::Invalid`].
pub struct RsDecoder(pub encoding_rs::Decoder);

impl Decode for RsDecoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let (result, read) = self.0.decode_to_string_without_replacement(src, dst, last);
        (status_of(result, |_, _| Problem::Invalid), read)
    }
}

/// encoding_rs's decoder result as a [`DecodeStatus`]; `problem` names what a malformed
/// sequence of `len` bytes ending `after` bytes back is.
pub fn status_of(result: DecoderResult, problem: impl Fn(usize, usize) -> Problem) -> DecodeStatus {
    match result {
        DecoderResult::InputEmpty => DecodeStatus::InputEmpty,
        DecoderResult::OutputFull => DecodeStatus::OutputFull,
        DecoderResult::Malformed(len, after) => {
            let (len, after) = (usize::from(len), usize::from(after));
            DecodeStatus::Malformed {
                len,
                after,
                problem: problem(len, after),
            }
        }
    }
}

/// An encoding_rs encoder behind [`Encode`].
struct RsEncoder(encoding_rs::Encoder);

impl Encode for RsEncoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        let e = &mut self.0;
        let mut read = 0;
        loop {
            let need = e
                .max_buffer_length_from_utf8_without_replacement(src.len() - read)
                .unwrap_or(src.len() * 4 + 16);
            dst.reserve(need);
            let (result, r) =
                e.encode_from_utf8_to_vec_without_replacement(&src[read..], dst, last);
            read += r;
            match result {
                EncoderResult::InputEmpty => return (EncodeStatus::Done, read),
                EncoderResult::OutputFull => continue,
                EncoderResult::Unmappable(c) => return (EncodeStatus::Unmappable(c), read),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Whatwg;
    use crate::codecs::Codec;

    #[test]
    fn safe_cuts_avoid_lead_bytes() {
        let gbk = Whatwg::new("GBK", &encoding_rs::GBK_INIT);
        assert_eq!(gbk.safe_cut(b"\xD6\xD0\xD6"), None);
        assert_eq!(gbk.safe_cut(b" \xD6\xD0 \xD6"), Some(4));
        let big5 = Whatwg::new("Big5", &encoding_rs::BIG5_INIT);
        assert_eq!(big5.safe_cut(b"\xA4\xA4\xA4"), None);
        assert_eq!(big5.safe_cut(b" \xA4"), Some(1));
    }
}
