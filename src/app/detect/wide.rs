//! UTF-16 and UTF-32 without a byte order mark.
//!
//! Text in these forms has zero bytes in a fixed place of every unit that holds a Latin
//! character or a space (UTF-16) or every unit at all (UTF-32's top byte). When zero bytes
//! occur, the form and order whose decoding is text (no control but tab, line feed,
//! form feed and carriage return; no lone surrogate; nothing past U+10FFFF) and reads well
//! (a tenth of a point per character by [`text::tally`]: binary data read as UTF-16 is
//! full of controls and rare ideographs) is the answer, the best-reading one if several. A unit or surrogate pair cut by the end of the input is forgiven: a
//! prefix of a file is still the file's encoding. Wide text without zero bytes (Chinese
//! UTF-16 with no ASCII at all) is left to the scoring stage, where UTF-16 competes with
//! the legacy encodings on how its decoding reads.

#![forbid(unsafe_code)]

use super::score::decode_prefix;
use super::text;
use crate::codecs::{Charset, labels};

/// The BOM-less UTF-16/UTF-32 charset `head` is in, if its zero bytes make it clear.
pub fn sniff(head: &[u8]) -> Option<Charset> {
    let zeros = memchr::memchr_iter(0, head).count();
    if head.len() < 4 || zeros == 0 {
        return None;
    }
    [
        labels::UTF_32LE,
        labels::UTF_32BE,
        labels::UTF_16LE,
        labels::UTF_16BE,
    ]
    .into_iter()
    .filter_map(|cs| {
        let unit = cs.form().unit();
        let whole = head.len() - head.len() % unit;
        let text = decode_prefix(cs, &head[..whole])?;
        let clean = text
            .chars()
            .all(|c| c >= ' ' || matches!(c, '\t' | '\n' | '\x0C' | '\r'));
        let score = text::tally(&text).score;
        let chars = text.chars().count() as f64;
        (clean && chars > 0.0 && score / chars >= 0.1).then_some((cs, score))
    })
    .max_by(|a, b| a.1.total_cmp(&b.1))
    .map(|(cs, _)| cs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16le(s: &str) -> Vec<u8> {
        s.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    #[test]
    fn forms_and_orders() {
        assert_eq!(sniff(&utf16le("hello, world")), Some(labels::UTF_16LE));
        let be: Vec<u8> = "hello".encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(sniff(&be), Some(labels::UTF_16BE));
        let le32: Vec<u8> = "hi 中文"
            .chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect();
        assert_eq!(sniff(&le32), Some(labels::UTF_32LE));
        assert_eq!(sniff(b"plain ascii text"), None);
    }

    #[test]
    fn a_cut_last_unit_is_forgiven() {
        let mut b = utf16le("cut here");
        b.pop();
        assert_eq!(sniff(&b), Some(labels::UTF_16LE));
        let le32: Vec<u8> = "abcdefgh"
            .chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect();
        assert_eq!(sniff(&le32[..30]), Some(labels::UTF_32LE));
    }

    #[test]
    fn binary_is_not_wide_text() {
        assert_eq!(sniff(b"\x00\x01\x02\x03\x00\x00\x00\x05"), None);
    }
}
