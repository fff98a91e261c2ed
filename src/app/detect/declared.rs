//! The encoding a document names for itself: the `encoding` of an XML declaration
//! (`<?xml version="1.0" encoding="euc-kr"?>`) or the `charset` of an HTML `<meta>` tag
//! (`<meta charset="koi8-r">`, `<meta http-equiv="Content-Type" content="text/html;
//! charset=tis-620">`), in the first [`SCAN`] bytes.
//!
//! The scoring stage counts it as one more piece of evidence, not as the verdict: a page
//! saved by an editor that re-encoded it keeps its old declaration, so a reading whose
//! letters fit a language clearly better still wins. What it settles is the choice between
//! readings that text alone hardly tells apart: Korean and Chinese syllables in the first
//! 300 bytes of a feed, KOI8-R against KOI8-T for Russian, a DOS page against a Mac page.
//! Browsers read the same declarations before any guessing (the WHATWG HTML standard's
//! prescan), and so do other detectors.

#![forbid(unsafe_code)]

use crate::codecs::{Charset, labels};

/// How far into the input a declaration is looked for: it belongs in the head of the
/// document, and a page's head rarely runs longer.
pub const SCAN: usize = 4096;

/// The charsets a declaration in `bytes` names: the label as this program reads it, and as
/// a browser does (the WHATWG Encoding Standard reads `euc-kr` as UHC, `shift_jis` as
/// CP932, `iso-8859-1` as windows-1252, `tis-620` as windows-874), which is what a page
/// written for browsers was checked in. Empty when there is none, or it names UTF-16 or
/// UTF-32 (which a declaration readable as ASCII cannot be) or a label nobody knows.
pub fn declared(bytes: &[u8]) -> Vec<Charset> {
    let head = &bytes[..bytes.len().min(SCAN)];
    let Some(label) =
        find(head, b"<?xml", b"encoding").or_else(|| find(head, b"<meta", b"charset"))
    else {
        return Vec::new();
    };
    let Ok(label) = std::str::from_utf8(label) else {
        return Vec::new();
    };
    let mut out: Vec<Charset> = Vec::new();
    let exact = labels::resolve(label).ok();
    let browser = encoding_rs::Encoding::for_label(label.as_bytes()).and_then(labels::for_encoding);
    for cs in [exact, browser].into_iter().flatten() {
        if cs.form().unit() == 1 && !out.contains(&cs) {
            out.push(cs);
        }
    }
    out
}

/// The value of attribute `name` in the first tag opening with `tag` (ASCII case ignored):
/// after `name`, optional spaces, `=`, optional spaces and an optional quote, up to the
/// next quote, space, `;` or `>`.
fn find<'a>(head: &'a [u8], tag: &[u8], name: &[u8]) -> Option<&'a [u8]> {
    let mut from = 0;
    while let Some(at) = position(&head[from..], tag) {
        let start = from + at + tag.len();
        let end = head[start..]
            .iter()
            .position(|&b| b == b'>')
            .map_or(head.len(), |e| start + e);
        let inside = &head[start..end];
        if let Some(value) = position(inside, name).and_then(|n| value(&inside[n + name.len()..])) {
            return Some(value);
        }
        from = end;
    }
    None
}

/// The value after an attribute's name: `= "value"`, `='value'` or `=value`.
fn value(rest: &[u8]) -> Option<&[u8]> {
    let rest = rest
        .trim_ascii_start()
        .strip_prefix(b"=")?
        .trim_ascii_start();
    let rest = rest
        .strip_prefix(b"\"")
        .or_else(|| rest.strip_prefix(b"'"))
        .unwrap_or(rest);
    let len = rest
        .iter()
        .position(|&b| matches!(b, b'"' | b'\'' | b';' | b'>' | b'/') || b.is_ascii_whitespace())
        .unwrap_or(rest.len());
    (1..=40).contains(&len).then(|| &rest[..len])
}

/// Where `needle` first occurs in `hay`, ASCII case ignored.
fn position(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(bytes: &[u8]) -> Vec<&'static str> {
        declared(bytes).iter().map(|cs| cs.name()).collect()
    }

    #[test]
    fn xml_declarations_and_meta_tags() {
        let euc_kr = names(b"<?xml version=\"1.0\" encoding=\"euc-kr\" ?>\n<rss>");
        assert_eq!(euc_kr, ["EUC-KR"]);
        assert_eq!(
            names(b"<?XML version='1.0' Encoding = 'KOI8-R'?>"),
            ["KOI8-R"]
        );
        assert_eq!(names(b"<html><head><META CHARSET=koi8-t>"), ["KOI8-T"]);
        let tis = b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=tis-620\">";
        assert_eq!(names(tis), ["TIS-620", "windows-874"]);
        // A meta tag without a charset, then one with it.
        assert_eq!(
            names(b"<meta name=\"x\" content=\"y\"><meta charset=\"windows-1251\">"),
            ["windows-1251"]
        );
    }

    #[test]
    fn nothing_declared_or_nothing_usable() {
        assert!(names(b"plain text with charset=koi8-r in it").is_empty());
        assert!(names(b"<?xml version=\"1.0\"?><a>encoding</a>").is_empty());
        assert!(names(b"<meta charset=\"no-such-thing\">").is_empty());
        // UTF-16 cannot be declared in bytes that read as ASCII.
        assert!(names(b"<meta charset=\"utf-16\">").is_empty());
        // Only the head is read.
        let mut late = vec![b' '; SCAN];
        late.extend_from_slice(b"<meta charset=\"koi8-r\">");
        assert!(names(&late).is_empty());
    }
}
