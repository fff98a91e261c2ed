//! The label table: every charset this tool converts, the names the user may write after
//! `--from`/`--to` for it, and what to say about it. `--list`, the man page's encoding section
//! and the README's encoding table are generated from this one table.
//!
//! encoding_rs resolves labels the way the WHATWG Encoding Standard does, which is right for
//! browsers and wrong for an iconv-like tool in three places: it reads `latin1` and `ascii` as
//! windows-1252, `gb2312` as GBK, and `utf-16` as UTF-16LE. Here those labels name the
//! charsets as their own standards define them; every other WHATWG label keeps its WHATWG
//! meaning.
//!
//! Adding a charset is a row in [`TABLE`] (in `labels/table.rs`), pointing at a `static` of
//! its codec family.

#![forbid(unsafe_code)]

mod table;

pub use table::{Entry, TABLE};

use super::charset::Charset;
use super::{auto, gb2312, single_byte, utf8, utf16, utf32, whatwg};

/// `auto`.
pub const AUTO_CHARSET: Charset = Charset::of(&auto::AUTO);
/// UTF-8.
pub const UTF_8: Charset = Charset::of(&utf8::UTF_8);
/// UTF-16 (BOM or heuristic decides the byte order).
pub const UTF_16: Charset = Charset::of(&utf16::UTF_16);
/// UTF-16LE.
pub const UTF_16LE: Charset = Charset::of(&utf16::UTF_16LE);
/// UTF-16BE.
pub const UTF_16BE: Charset = Charset::of(&utf16::UTF_16BE);
/// UTF-32 (BOM or heuristic decides the byte order).
pub const UTF_32: Charset = Charset::of(&utf32::UTF_32);
/// UTF-32LE.
pub const UTF_32LE: Charset = Charset::of(&utf32::UTF_32LE);
/// UTF-32BE.
pub const UTF_32BE: Charset = Charset::of(&utf32::UTF_32BE);
/// ISO-8859-1.
pub const ISO_8859_1: Charset = Charset::of(&single_byte::tables::ISO_8859_1);
/// US-ASCII.
pub const US_ASCII: Charset = Charset::of(&single_byte::tables::US_ASCII);
/// Strict GB2312.
pub const GB2312: Charset = Charset::of(&gb2312::GB2312);
/// GBK (code page 936, as WHATWG defines it).
pub const GBK: Charset = Charset::of(&whatwg::GBK);
/// GB18030-2022.
pub const GB18030: Charset = Charset::of(&whatwg::GB18030);

/// Labels that WHATWG maps to its "replacement" encoding: charsets without a converter here.
const UNSUPPORTED: &[&str] = &[
    "csiso2022kr",
    "hz-gb-2312",
    "iso-2022-cn",
    "iso-2022-cn-ext",
    "iso-2022-kr",
    "replacement",
];

/// Why a label could not be resolved.
#[derive(Debug, PartialEq, Eq)]
pub enum LabelError {
    /// No charset has this label; `suggestion` is the nearest known label.
    Unknown {
        /// The label as given.
        label: String,
        /// The canonical name of the charset with the nearest label.
        suggestion: String,
    },
    /// A real charset that no converter here handles.
    Unsupported {
        /// The label as given.
        label: String,
    },
}

impl std::fmt::Display for LabelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LabelError::Unknown { label, suggestion } => write!(
                f,
                "unknown encoding '{label}' (did you mean {suggestion}?); \
                 run 'transcode --list' for every label"
            ),
            LabelError::Unsupported { label } => write!(
                f,
                "unsupported encoding '{label}': no converter for it is built in; \
                 run 'transcode --list' for every label"
            ),
        }
    }
}

impl std::error::Error for LabelError {}

/// Folds a label for comparison: case, surrounding space and the punctuation people vary
/// (`UTF8`, `utf_16le`, `Shift-JIS`) do not matter.
fn fold(label: &str) -> String {
    label
        .trim()
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '.' | ':'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Every (label, charset) pair: each canonical name, then its aliases.
fn all_labels() -> impl Iterator<Item = (&'static str, Charset)> {
    TABLE.iter().flat_map(|e| {
        let names = std::iter::once(e.codec.name()).chain(e.aliases.iter().copied());
        names.map(move |l| (l, e.charset()))
    })
}

/// The charset a label names (case-insensitively, then ignoring punctuation), if any: the
/// cheap lookup, with no suggestion computed (the detector asks for names that may not be
/// in the table yet).
pub fn lookup(label: &str) -> Option<Charset> {
    let wanted = label.trim();
    if let Some((_, cs)) = all_labels().find(|(l, _)| l.eq_ignore_ascii_case(wanted)) {
        return Some(cs);
    }
    let folded = fold(label);
    all_labels()
        .find(|(l, _)| fold(l) == folded)
        .map(|(_, cs)| cs)
}

/// [`lookup`] for many labels at once, folding the table's labels once rather than per label.
pub fn lookup_all(labels: &[&str]) -> Vec<Option<Charset>> {
    let folded: Vec<(String, Charset)> = all_labels().map(|(l, cs)| (fold(l), cs)).collect();
    labels
        .iter()
        .map(|label| {
            let f = fold(label);
            folded.iter().find(|(l, _)| *l == f).map(|&(_, cs)| cs)
        })
        .collect()
}

/// Resolves a label (case-insensitively, then ignoring punctuation) to a charset.
pub fn resolve(label: &str) -> Result<Charset, LabelError> {
    if let Some(cs) = lookup(label) {
        return Ok(cs);
    }
    let folded = fold(label);
    if UNSUPPORTED.iter().any(|l| fold(l) == folded) {
        return Err(LabelError::Unsupported {
            label: label.to_string(),
        });
    }
    Err(LabelError::Unknown {
        label: label.to_string(),
        suggestion: nearest(&folded),
    })
}

/// The charset that reads a WHATWG encoding as WHATWG defines it (for chardetng's guesses):
/// the WHATWG rows carry encoding_rs's names.
pub fn for_encoding(encoding: &'static encoding_rs::Encoding) -> Option<Charset> {
    TABLE
        .iter()
        .map(Entry::charset)
        .find(|cs| cs.name().eq_ignore_ascii_case(encoding.name()))
}

/// The canonical name of the charset whose label is nearest to `folded` by edit distance.
fn nearest(folded: &str) -> String {
    all_labels()
        .min_by_key(|(l, _)| edit_distance(&fold(l), folded))
        .map(|(_, cs)| cs.name().to_string())
        .unwrap_or_else(|| "UTF-8".to_string())
}

/// Levenshtein distance over chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::Form;

    #[test]
    fn own_meanings_override_whatwg() {
        assert_eq!(resolve("latin1"), Ok(ISO_8859_1));
        assert_eq!(resolve("ISO-8859-1"), Ok(ISO_8859_1));
        assert_eq!(resolve("us-ascii"), Ok(US_ASCII));
        assert_eq!(resolve("gb2312"), Ok(GB2312));
        assert_eq!(resolve("utf-16"), Ok(UTF_16));
        assert_eq!(resolve("UCS-2").map(Charset::name), Ok("UCS-2"));
    }

    #[test]
    fn whatwg_and_alias_labels_resolve() {
        let name = |l| resolve(l).map(Charset::name);
        assert_eq!(name("windows-1252"), Ok("windows-1252"));
        assert_eq!(resolve("cp936"), Ok(GBK));
        assert_eq!(name("x-sjis"), Ok("Shift_JIS"));
        assert_eq!(resolve("UTF16LE"), Ok(UTF_16LE));
        assert_eq!(name(" Shift-JIS "), Ok("Shift_JIS"));
        assert_eq!(resolve("ucs-4"), Ok(UTF_32));
    }

    #[test]
    fn unknown_label_suggests_the_nearest() {
        match resolve("gb1803") {
            Err(LabelError::Unknown { suggestion, .. }) => assert_eq!(suggestion, "GB18030"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            resolve("iso-2022-kr"),
            Err(LabelError::Unsupported { .. })
        ));
    }

    #[test]
    fn names_are_unique_and_no_label_means_two_charsets() {
        let mut seen: std::collections::HashMap<String, &str> = Default::default();
        for (label, cs) in all_labels() {
            if let Some(other) = seen.insert(fold(label), cs.name()) {
                assert_eq!(
                    other,
                    cs.name(),
                    "{label} names both {other} and {}",
                    cs.name()
                );
            }
        }
        let mut names: Vec<_> = TABLE.iter().map(|e| e.codec.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TABLE.len());
    }

    #[test]
    fn whatwg_rows_carry_encoding_rs_names_and_encodings() {
        let bytes: Vec<u8> = (0..=255).collect();
        let mut whatwg = 0;
        for cs in TABLE.iter().map(Entry::charset) {
            let Some(e) = encoding_rs::Encoding::for_label(cs.name().as_bytes()) else {
                continue;
            };
            if !e.name().eq_ignore_ascii_case(cs.name()) || cs.form() != Form::Other {
                continue;
            }
            whatwg += 1;
            assert_eq!(for_encoding(e), Some(cs));
            let mut decoder = crate::codecs::Decoder::new(cs);
            let mut ours = String::with_capacity(4096);
            let mut at = 0;
            while at < bytes.len() {
                let (status, read) = decoder.decode(&bytes[at..], &mut ours, true);
                at += read;
                if let crate::codecs::DecodeStatus::Malformed { .. } = status {
                    ours.push('\u{FFFD}');
                }
            }
            let (theirs, _) = e.decode_without_bom_handling(&bytes);
            assert_eq!(ours, theirs, "{}", cs.name());
        }
        assert_eq!(whatwg, 36);
        assert_eq!(for_encoding(encoding_rs::GB18030), Some(GB18030));
        assert_eq!(for_encoding(encoding_rs::UTF_8), Some(UTF_8));
    }
}
