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
//! its codec family. The single-byte code pages of `data/single-byte/` have their rows in
//! `labels/single_byte.rs` and `labels/single_byte_iconv.rs`, and the further labels that glibc, ICU and Python accept for any
//! charset here are generated into `labels/aliases.rs`: [`rows`] and [`aliases_of`] join
//! them. `--list` groups the rows by [`Family`].

#![forbid(unsafe_code)]

mod aliases;
mod multibyte;
mod single_byte;
mod single_byte_iconv;
mod table;

pub use table::{Entry, TABLE};

use super::charset::Charset;
use super::codec::Family;
use super::{auto, gb, utf8, utf16, utf32};
use std::collections::HashMap;
use std::sync::OnceLock;

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
pub const ISO_8859_1: Charset = Charset::of(&super::single_byte::tables::ISO_8859_1);
/// US-ASCII.
pub const US_ASCII: Charset = Charset::of(&super::single_byte::tables::US_ASCII);
/// Strict GB2312.
pub const GB2312: Charset = Charset::of(&gb::GB2312);
/// GBK (code page 936, as WHATWG defines it).
pub const GBK: Charset = Charset::of(&gb::GBK);
/// GB18030-2022.
pub const GB18030: Charset = Charset::of(&gb::GB18030);
/// Code page 936 as Windows converts it.
pub const CP936: Charset = Charset::of(&gb::CP936);
/// GB18030-2005.
pub const GB18030_2005: Charset = Charset::of(&gb::GB18030_2005);

/// Labels that WHATWG maps to its "replacement" encoding: charsets without a converter here.
const UNSUPPORTED: &[&str] = &["replacement"];

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
    if label.is_ascii() {
        // The common case, a byte at a time (the same result as below for ASCII).
        let mut out = String::with_capacity(label.len());
        for b in label.trim().bytes() {
            if !matches!(b, b'-' | b'_' | b' ' | b'.' | b':') {
                out.push(char::from(b.to_ascii_lowercase()));
            }
        }
        return out;
    }
    folded_chars(label).collect()
}

/// The characters of `label` folded (see [`fold`]), one at a time.
fn folded_chars(label: &str) -> impl Iterator<Item = char> + '_ {
    label
        .trim()
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '.' | ':'))
        .flat_map(char::to_lowercase)
}

/// Every row of the label table: [`TABLE`], then the single-byte code pages' rows (those of
/// issue 18, then those added for glibc's and GNU libiconv's charsets), then the further
/// multi-byte and stateful charsets' rows.
pub fn rows() -> impl Iterator<Item = &'static Entry> {
    TABLE
        .iter()
        .chain(single_byte::ROWS)
        .chain(single_byte_iconv::ROWS)
        .chain(multibyte::ROWS)
}

/// Every alias of a row: its own, then those other converters accept for it.
pub fn aliases_of(entry: &Entry) -> impl Iterator<Item = &'static str> + use<> {
    let name = entry.codec.name();
    let extra = aliases::EXTRA.iter().find(|(n, _)| *n == name);
    let extra = extra.map_or(&[][..], |(_, a)| a);
    entry.aliases.iter().chain(extra).copied()
}

/// The rows grouped by family, in the order `--list` prints them (within a family, the
/// order of [`rows`]).
pub fn by_family() -> Vec<(Family, Vec<&'static Entry>)> {
    Family::ALL
        .iter()
        .map(|&f| {
            (
                f,
                rows().filter(|e| e.codec.family() == f).collect::<Vec<_>>(),
            )
        })
        .filter(|(_, rows)| !rows.is_empty())
        .collect()
}

/// Every (label, charset) pair: each canonical name, then its aliases.
fn all_labels() -> impl Iterator<Item = (&'static str, Charset)> {
    rows().flat_map(|e| {
        let names = std::iter::once(e.codec.name()).chain(aliases_of(e));
        names.map(move |l| (l, e.charset()))
    })
}

/// True when `label` folds to `folded` (see [`fold`]), compared without building the folded
/// string.
fn folds_to(label: &str, folded: &str) -> bool {
    folded_chars(label).eq(folded.chars())
}

/// The charset of the label that folds to `folded`, found by a scan of the labels: no index
/// is built. A command resolves two labels, and building [`index`] for them (a hash map of
/// every folded label, each its own `String`) was the largest heap allocation of a stream's
/// start. Which match is found does not matter: no label names two charsets (a test says so).
fn scan(folded: &str) -> Option<Charset> {
    all_labels()
        .find(|(l, _)| folds_to(l, folded))
        .map(|(_, cs)| cs)
}

/// Every label, folded, with its charset: built once, for callers that look up many names
/// (the detector's candidates), in the order of [`all_labels`] (a
/// later duplicate wins), with each row's other converters' aliases found through a map
/// rather than by [`aliases_of`]'s search of the whole list, which made building the index
/// a measurable part of a run that detects one small file.
fn index() -> &'static HashMap<String, Charset> {
    static INDEX: OnceLock<HashMap<String, Charset>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut extra: HashMap<&str, &[&str]> = HashMap::with_capacity(aliases::EXTRA.len());
        for &(name, more) in aliases::EXTRA {
            // The first entry of a name, as `aliases_of` finds it.
            extra.entry(name).or_insert(more);
        }
        let mut index = HashMap::with_capacity(2048);
        for e in rows() {
            let name = e.codec.name();
            let more = extra.get(name).copied().unwrap_or(&[]);
            let labels = std::iter::once(name).chain(e.aliases.iter().copied());
            for l in labels.chain(more.iter().copied()) {
                index.insert(fold(l), e.charset());
            }
        }
        index
    })
}

/// The charset a label names (ignoring case and punctuation), if any: the cheap lookup, with
/// no suggestion computed (the detector asks for names that may not be in the table yet).
pub fn lookup(label: &str) -> Option<Charset> {
    canonical(label).or_else(|| index().get(&fold(label)).copied())
}

/// The charset whose canonical name `label` is, letter for letter but for case: found
/// without [`index`], whose building was a measurable part of a run that detects one small
/// file (every name the detector asks for, and the usual `-f`/`-t` labels, are canonical).
/// The same answer as the index's, since no label names two charsets.
fn canonical(label: &str) -> Option<Charset> {
    rows()
        .find(|e| e.codec.name().eq_ignore_ascii_case(label))
        .map(Entry::charset)
}

/// [`lookup`] for many labels at once: the canonical names among them are found in one
/// pass over the rows (each row's name asked once, not once per label), the rest by
/// [`lookup`].
pub fn lookup_all(labels: &[&str]) -> Vec<Option<Charset>> {
    let names: HashMap<&str, Charset> = rows().map(|e| (e.codec.name(), e.charset())).collect();
    labels
        .iter()
        .map(|&label| names.get(label).copied().or_else(|| lookup(label)))
        .collect()
}

/// Resolves a label (ignoring case and punctuation) to a charset, by a scan of the labels
/// (see `scan`): the command line's two labels cost no index.
pub fn resolve(label: &str) -> Result<Charset, LabelError> {
    if let Some(cs) = canonical(label) {
        return Ok(cs);
    }
    let folded = fold(label);
    if let Some(cs) = scan(&folded) {
        return Ok(cs);
    }
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
    rows()
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
        assert_eq!(resolve("cp936"), Ok(CP936));
        assert_eq!(resolve("windows-936"), Ok(CP936));
        assert_eq!(resolve("x-gbk"), Ok(GBK));
        assert_eq!(resolve("gb18030_2005"), Ok(GB18030_2005));
        assert_eq!(name("x-sjis"), Ok("Shift_JIS"));
        assert_eq!(resolve("UTF16LE"), Ok(UTF_16LE));
        assert_eq!(name(" Shift-JIS "), Ok("Shift_JIS"));
        assert_eq!(resolve("ucs-4"), Ok(UTF_32));
    }

    #[test]
    fn the_index_holds_every_label_as_the_list_gives_it() {
        let slow: HashMap<String, Charset> = all_labels()
            .map(|(l, cs)| {
                let folded: String = l
                    .trim()
                    .chars()
                    .filter(|c| !matches!(c, '-' | '_' | ' ' | '.' | ':'))
                    .flat_map(char::to_lowercase)
                    .collect();
                (folded, cs)
            })
            .collect();
        assert_eq!(index(), &slow);
        assert_eq!(fold(" X-Mac_Cyrillic.2:"), "xmaccyrillic2");
        // A canonical name found without the index is what the index says.
        for e in rows() {
            let name = e.codec.name();
            assert_eq!(canonical(name), slow.get(&fold(name)).copied(), "{name}");
            assert_eq!(lookup(&name.to_uppercase()), Some(e.charset()), "{name}");
        }
    }

    #[test]
    fn unknown_label_suggests_the_nearest() {
        match resolve("gb1803") {
            Err(LabelError::Unknown { suggestion, .. }) => assert_eq!(suggestion, "GB18030"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            resolve("replacement"),
            Err(LabelError::Unsupported { .. })
        ));
    }

    #[test]
    fn scan_and_index_agree_on_every_label() {
        for (label, cs) in all_labels() {
            let folded = fold(label);
            assert_eq!(scan(&folded), Some(cs), "{label}");
            assert_eq!(index().get(&folded), Some(&cs), "{label}");
            assert_eq!(
                resolve(&format!(" {}", label.to_uppercase())),
                Ok(cs),
                "{label}"
            );
        }
        assert_eq!(scan("nosuchcharset"), None);
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
        let mut names: Vec<_> = rows().map(|e| e.codec.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), rows().count());
    }

    #[test]
    fn whatwg_rows_carry_encoding_rs_names_and_encodings() {
        let bytes: Vec<u8> = (0..=255).collect();
        let mut whatwg = 0;
        for cs in rows().map(Entry::charset) {
            let Some(e) = encoding_rs::Encoding::for_label(cs.name().as_bytes()) else {
                continue;
            };
            if !e.name().eq_ignore_ascii_case(cs.name()) || cs.form() != Form::Other {
                continue;
            }
            whatwg += 1;
            assert_eq!(for_encoding(e), Some(cs));
            // windows-1255 and -1258 compose a letter and the mark after it: each byte on
            // its own is WHATWG's table.
            let one_by_one = matches!(cs.name(), "windows-1255" | "windows-1258");
            let pieces: Vec<&[u8]> = if one_by_one {
                bytes.chunks(1).collect()
            } else {
                vec![&bytes[..]]
            };
            let mut ours = String::with_capacity(4096);
            for piece in pieces {
                let mut decoder = crate::codecs::Decoder::new(cs);
                let mut at = 0;
                while at < piece.len() {
                    let (status, read) = decoder.decode(&piece[at..], &mut ours, true);
                    at += read;
                    if let crate::codecs::DecodeStatus::Malformed { .. } = status {
                        ours.push('\u{FFFD}');
                    }
                }
            }
            let (theirs, _) = e.decode_without_bom_handling(&bytes);
            if cs.name() == "KOI8-U" {
                // RFC 2319's table, not WHATWG's: 0xAE and 0xBE are box drawing here, the
                // Belarusian short u there (the README's deviations).
                let mut whatwg: Vec<char> = theirs.chars().collect();
                (whatwg[0xAE], whatwg[0xBE]) = ('\u{255D}', '\u{256C}');
                assert_eq!(ours, whatwg.into_iter().collect::<String>());
                continue;
            }
            assert_eq!(ours, theirs, "{}", cs.name());
        }
        assert_eq!(whatwg, 36);
        assert_eq!(for_encoding(encoding_rs::GB18030), Some(GB18030));
        assert_eq!(for_encoding(encoding_rs::UTF_8), Some(UTF_8));
    }
}
