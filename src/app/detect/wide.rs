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
use crate::codecs::{Charset, Order, labels};

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
    .filter(|&cs| {
        // The order the zero bytes say, or both when they say neither (CJK text, whose
        // units end in zero about as often as they start with one).
        let other = cs.with_order(match cs.order() {
            Some(Order::Le) => Order::Be,
            _ => Order::Le,
        });
        zeros_say(head, cs) || !zeros_say(head, other)
    })
    .filter_map(|cs| {
        let unit = cs.form().unit();
        let whole = head.len() - head.len() % unit;
        let text = decode_prefix(cs, &head[..whole])?;
        let clean = text
            .chars()
            .all(|c| c >= ' ' || matches!(c, '\t' | '\n' | '\x0C' | '\r'));
        let score = text::tally(&text).score;
        let chars = text.chars().count() as f64;
        // Text of digits and punctuation (a table, a log) weighs nothing but is text:
        // printable ASCII in wide units is what these forms are for.
        let ascii = text
            .chars()
            .filter(|c| c.is_ascii_graphic() || c.is_ascii_whitespace())
            .count() as f64;
        let reads = score / chars >= 0.1 || ascii >= ASCII_SHARE * chars;
        (clean && chars > 0.0 && reads).then_some((cs, score.max(0.1 * chars)))
    })
    .max_by(|a, b| a.1.total_cmp(&b.1))
    .map(|(cs, _)| cs)
}

/// The share of printable ASCII that makes a clean wide decoding text whatever its weight.
const ASCII_SHARE: f64 = 0.9;

/// True when the zero bytes fall where `cs` puts them (the high byte of its units) in at
/// least one unit in sixteen, and at least four times as often as at the other end of the
/// unit: the byte order's evidence,
/// which the decoding's look cannot give (Latin text in UTF-16LE read as big-endian is a
/// run of valid ideographs).
fn zeros_say(head: &[u8], cs: Charset) -> bool {
    let unit = cs.form().unit();
    let (mut lo, mut hi) = (0usize, 0usize);
    for u in head.chunks_exact(unit) {
        lo += usize::from(u[0] == 0);
        hi += usize::from(u[unit - 1] == 0);
    }
    let (here, there) = if cs.order() == Some(Order::Le) {
        (hi, lo)
    } else {
        (lo, hi)
    };
    let units = head.len() / unit;
    here >= 1 && here >= 4 * there && here * 16 >= units
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
    fn digits_and_punctuation_are_wide_text() {
        let csv = "07/19/2015 21:00:15.469,1.083,1.08332\r\n07/19/2015 21:00:16.949,1.08311\r\n";
        assert_eq!(sniff(&utf16le(csv)), Some(labels::UTF_16LE));
        let be32: Vec<u8> = csv.chars().flat_map(|c| (c as u32).to_be_bytes()).collect();
        assert_eq!(sniff(&be32), Some(labels::UTF_32BE));
    }

    #[test]
    fn binary_is_not_wide_text() {
        assert_eq!(sniff(b"\x00\x01\x02\x03\x00\x00\x00\x05"), None);
    }
}
