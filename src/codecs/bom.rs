//! Byte order marks: recognising them at the start of input, deciding the byte order of the
//! unmarked UTF-16/UTF-32/UCS-2 labels, and the bytes to write on output.

#![forbid(unsafe_code)]

use super::charset::Charset;
use super::codec::{Form, Order};
use super::labels;

/// A byte order mark found at the start of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bom {
    /// EF BB BF
    Utf8,
    /// FF FE
    Utf16Le,
    /// FE FF
    Utf16Be,
    /// FF FE 00 00
    Utf32Le,
    /// 00 00 FE FF
    Utf32Be,
    /// 84 31 95 33: U+FEFF in GB18030
    Gb18030,
}

impl Bom {
    /// The BOM's bytes.
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Bom::Utf8 => b"\xEF\xBB\xBF",
            Bom::Utf16Le => b"\xFF\xFE",
            Bom::Utf16Be => b"\xFE\xFF",
            Bom::Utf32Le => b"\xFF\xFE\x00\x00",
            Bom::Utf32Be => b"\x00\x00\xFE\xFF",
            Bom::Gb18030 => b"\x84\x31\x95\x33",
        }
    }

    /// The encoding this BOM announces.
    pub fn charset(self) -> Charset {
        match self {
            Bom::Utf8 => labels::UTF_8,
            Bom::Utf16Le => labels::UTF_16LE,
            Bom::Utf16Be => labels::UTF_16BE,
            Bom::Utf32Le => labels::UTF_32LE,
            Bom::Utf32Be => labels::UTF_32BE,
            Bom::Gb18030 => labels::GB18030,
        }
    }
}

/// The BOM at the start of `head`, if any. FF FE 00 00 is read as the UTF-32LE BOM, as ICU
/// does; under a UTF-16 label [`matching`] prefers the UTF-16LE reading. GB18030's BOM
/// (U+FEFF encoded, 84 31 95 33) counts too, as ICU reads it.
pub fn sniff(head: &[u8]) -> Option<Bom> {
    [
        Bom::Utf32Le,
        Bom::Utf32Be,
        Bom::Utf8,
        Bom::Utf16Le,
        Bom::Utf16Be,
    ]
    .into_iter()
    .find(|b| head.starts_with(b.bytes()))
}

/// How the start of the input relates to the label the user gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BomVerdict {
    /// No BOM.
    None,
    /// A BOM that fits the label; for unmarked labels it fixes the byte order. `len` bytes.
    Matching { bom: Bom, order: Option<Order> },
    /// A BOM that announces another encoding than the label.
    Contradicting(Bom),
}

/// True for GB18030 in either edition: both write U+FEFF as 84 31 95 33.
fn is_gb18030(cs: Charset) -> bool {
    cs == labels::GB18030 || cs == labels::GB18030_2005
}

/// Classifies the start of `head` for input under `label` (never `auto`).
pub fn matching(label: Charset, head: &[u8]) -> BomVerdict {
    let le16 = head.starts_with(Bom::Utf16Le.bytes());
    let be16 = head.starts_with(Bom::Utf16Be.bytes());
    let fits = |bom: Bom, order: Option<Order>| BomVerdict::Matching { bom, order };
    match label.form() {
        Form::Utf8 | Form::Utf8Variant if head.starts_with(Bom::Utf8.bytes()) => {
            return fits(Bom::Utf8, None);
        }
        Form::Other if is_gb18030(label) && head.starts_with(Bom::Gb18030.bytes()) => {
            return fits(Bom::Gb18030, None);
        }
        Form::Utf16(o) | Form::Ucs2(o) => {
            if le16 && o != Order::Be {
                return fits(Bom::Utf16Le, Some(Order::Le));
            }
            if be16 && o != Order::Le {
                return fits(Bom::Utf16Be, Some(Order::Be));
            }
        }
        Form::Utf32(o) => {
            let le = head.starts_with(Bom::Utf32Le.bytes());
            let be = head.starts_with(Bom::Utf32Be.bytes());
            if le && o != Order::Be {
                return fits(Bom::Utf32Le, Some(Order::Le));
            }
            if be && o != Order::Le {
                return fits(Bom::Utf32Be, Some(Order::Be));
            }
        }
        _ => {}
    }
    match sniff(head) {
        // GB18030's BOM is a valid character sequence in GBK, so it proves nothing there.
        Some(Bom::Gb18030) => BomVerdict::None,
        Some(bom) => BomVerdict::Contradicting(bom),
        None => BomVerdict::None,
    }
}

/// Guesses the byte order of BOM-less UTF-16 or UTF-32 from where the zero bytes fall: text
/// in those forms is mostly characters whose high byte (UTF-16) or high bytes (UTF-32) are
/// zero. Returns `None` when the pattern is not clear.
pub fn order_from_zeros(head: &[u8], unit: usize) -> Option<Order> {
    let units = head.len() / unit;
    if units < 2 {
        return None;
    }
    let (mut lo_zero, mut hi_zero) = (0usize, 0usize);
    for chunk in head.chunks_exact(unit) {
        lo_zero += usize::from(chunk[0] == 0);
        hi_zero += usize::from(chunk[unit - 1] == 0);
    }
    // A clear pattern: at least a quarter of the units have a zero at one end and five times
    // as many at that end as at the other.
    if hi_zero * 4 >= units && hi_zero > lo_zero * 5 {
        Some(Order::Le)
    } else if lo_zero * 4 >= units && lo_zero > hi_zero * 5 {
        Some(Order::Be)
    } else {
        None
    }
}

/// For `--from auto` and the binary test: UTF-16 or UTF-32 without a BOM, recognised by its
/// zero bytes. `eof` says `head` is the whole input (whose length must then be whole units).
/// Demands real evidence: enough units, a clear pattern, and text that decodes to
/// characters rather than NULs and control codes.
pub fn sniff_wide_without_bom(head: &[u8], eof: bool) -> Option<Charset> {
    let zeros = memchr::memchr_iter(0, head).count();
    if zeros * 8 < head.len() {
        return None;
    }
    [(4, labels::UTF_32), (2, labels::UTF_16)]
        .into_iter()
        .filter(|&(unit, _)| head.len() >= 4 * unit && (!eof || head.len().is_multiple_of(unit)))
        .find_map(|(unit, unmarked)| {
            let order = order_from_zeros(head, unit)?;
            looks_like_text(head, unit, order).then(|| unmarked.with_order(order))
        })
}

/// True when every unit of `head` in this form and order is a character that text is made
/// of: no NUL, no C0 control but tab, line feed, form feed and carriage return, no value
/// beyond U+10FFFF.
fn looks_like_text(head: &[u8], unit: usize, order: Order) -> bool {
    head.chunks_exact(unit).all(|u| {
        let mut bytes = [0u8; 4];
        bytes[4 - unit..].copy_from_slice(u);
        if order == Order::Le {
            bytes[4 - unit..].reverse();
        }
        let v = u32::from_be_bytes(bytes);
        v <= 0x10FFFF && (v >= 0x20 || matches!(v, 0x09 | 0x0A | 0x0C | 0x0D))
    })
}

/// The BOM that output in `target` may start with: the Unicode forms' (`Unmarked` means
/// little-endian on output) and GB18030's; `None` for charsets without one.
pub fn output_bom(target: Charset) -> Option<Bom> {
    let le = |o: Order| o != Order::Be;
    match target.form() {
        Form::Utf8 | Form::Utf8Variant => Some(Bom::Utf8),
        Form::Utf16(o) | Form::Ucs2(o) if le(o) => Some(Bom::Utf16Le),
        Form::Utf16(_) | Form::Ucs2(_) => Some(Bom::Utf16Be),
        Form::Utf32(o) if le(o) => Some(Bom::Utf32Le),
        Form::Utf32(_) => Some(Bom::Utf32Be),
        Form::Other if is_gb18030(target) => Some(Bom::Gb18030),
        Form::Other => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf32le_bom_wins_over_utf16le_when_sniffing() {
        assert_eq!(sniff(b"\xFF\xFE\x00\x00a"), Some(Bom::Utf32Le));
        assert_eq!(sniff(b"\xFF\xFEa\x00"), Some(Bom::Utf16Le));
        assert_eq!(sniff(b"abc"), None);
    }

    #[test]
    fn label_decides_between_utf16_and_utf32_readings() {
        let v = matching(labels::UTF_16, b"\xFF\xFE\x00\x00");
        assert_eq!(
            v,
            BomVerdict::Matching {
                bom: Bom::Utf16Le,
                order: Some(Order::Le)
            }
        );
        assert_eq!(
            matching(labels::UTF_16BE, b"\xFF\xFEa\x00"),
            BomVerdict::Contradicting(Bom::Utf16Le)
        );
        assert_eq!(
            matching(labels::GBK, b"\xEF\xBB\xBFa"),
            BomVerdict::Contradicting(Bom::Utf8)
        );
    }

    #[test]
    fn zero_pattern_gives_the_order() {
        assert_eq!(order_from_zeros(b"h\x00i\x00!\x00", 2), Some(Order::Le));
        assert_eq!(order_from_zeros(b"\x00h\x00i\x00!", 2), Some(Order::Be));
        assert_eq!(order_from_zeros("中文字".as_bytes(), 2), None);
        let utf32 = "hi!\n".chars().flat_map(|c| (c as u32).to_le_bytes());
        assert_eq!(
            sniff_wide_without_bom(&utf32.collect::<Vec<_>>(), true),
            Some(labels::UTF_32LE)
        );
        assert_eq!(
            sniff_wide_without_bom(b"\x00h\x00i\x00 \x00t\x00!\x00\n", true),
            Some(labels::UTF_16BE)
        );
        assert_eq!(sniff_wide_without_bom(b"plain text", true), None);
        // A NUL in a short binary file is not UTF-16.
        assert_eq!(sniff_wide_without_bom(b"bin\x00ary", true), None);
        assert_eq!(
            sniff_wide_without_bom(b"b\x00\x01\x00c\x00d\x00", true),
            None
        );
    }
}
