//! `//TRANSLIT`: approximations for characters the target charset cannot hold.
//!
//! An approximation is tried in order: a small table of conventional spellings (typographic
//! quotes and dashes, ligatures that Unicode does not decompose, `€` → `EUR`), then the
//! compatibility decomposition (NFKD) with combining marks dropped (`ﬁ` → `fi`, `é` → `e`,
//! fullwidth `Ａ` → `A`, `²` → `2`). The first candidate the target can encode wins; if none
//! can, the caller writes `?`. Scripts with no Latin reading (Chinese, Cyrillic, Greek) are not
//! romanised: there is no faithful way to do it character by character.

#![forbid(unsafe_code)]

use unicode_normalization::char::{decompose_compatible, is_combining_mark};

/// Conventional spellings for characters that have no compatibility decomposition.
fn spelled(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' => "'",
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => "\"",
        '\u{00AB}' => "<<",
        '\u{00BB}' => ">>",
        '\u{2039}' => "<",
        '\u{203A}' => ">",
        '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2212}' => "-",
        '\u{2014}' | '\u{2015}' => "--",
        '\u{2022}' | '\u{00B7}' | '\u{30FB}' => "*",
        '\u{20AC}' => "EUR",
        '\u{00A3}' => "GBP",
        '\u{00A5}' => "JPY",
        '\u{00A9}' => "(C)",
        '\u{00AE}' => "(R)",
        '\u{00D7}' => "x",
        '\u{00F7}' => "/",
        '\u{00DF}' => "ss",
        '\u{1E9E}' => "SS",
        '\u{00C6}' => "AE",
        '\u{00E6}' => "ae",
        '\u{0152}' => "OE",
        '\u{0153}' => "oe",
        '\u{00D8}' => "O",
        '\u{00F8}' => "o",
        '\u{0141}' => "L",
        '\u{0142}' => "l",
        '\u{0110}' | '\u{00D0}' => "D",
        '\u{0111}' | '\u{00F0}' => "d",
        '\u{00DE}' => "TH",
        '\u{00FE}' => "th",
        '\u{0131}' => "i",
        '\u{00A0}' | '\u{3000}' => " ",
        '\u{3001}' => ",",
        '\u{3002}' => ".",
        '\u{300C}' | '\u{300D}' | '\u{300E}' | '\u{300F}' => "\"",
        _ => return None,
    })
}

/// The compatibility decomposition of `c` without combining marks, if it differs from `c`.
fn decomposed(c: char) -> Option<String> {
    let mut out = String::new();
    decompose_compatible(c, |d| {
        if !is_combining_mark(d) {
            out.push(d);
        }
    });
    let mut chars = out.chars();
    let unchanged = chars.next() == Some(c) && chars.next().is_none();
    (!out.is_empty() && !unchanged).then_some(out)
}

/// The first approximation of `c` that `encodable` accepts, if any. A decomposition may
/// itself contain characters with spelled forms (`ǅ` → `Dž` → `Dz`), so each candidate's
/// characters are approximated once more.
pub fn approximate(c: char, encodable: &mut dyn FnMut(&str) -> bool) -> Option<String> {
    let mut candidates: Vec<String> = Vec::new();
    if let Some(s) = spelled(c) {
        candidates.push(s.to_string());
    }
    if let Some(d) = decomposed(c) {
        let respelled: String = d
            .chars()
            .map(|x| spelled(x).map_or_else(|| x.to_string(), str::to_string))
            .collect();
        candidates.push(d);
        candidates.push(respelled);
    }
    candidates.into_iter().find(|s| encodable(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ascii(c: char) -> Option<String> {
        approximate(c, &mut |s: &str| s.is_ascii())
    }

    #[test]
    fn ligatures_accents_and_fullwidth() {
        assert_eq!(ascii('ﬁ').as_deref(), Some("fi"));
        assert_eq!(ascii('é').as_deref(), Some("e"));
        assert_eq!(ascii('Ａ').as_deref(), Some("A"));
        assert_eq!(ascii('²').as_deref(), Some("2"));
        assert_eq!(ascii('“').as_deref(), Some("\""));
        assert_eq!(ascii('ß').as_deref(), Some("ss"));
        assert_eq!(ascii('€').as_deref(), Some("EUR"));
    }

    #[test]
    fn no_approximation_for_other_scripts() {
        assert_eq!(ascii('中'), None);
        assert_eq!(ascii('Ж'), None);
    }

    #[test]
    fn marks_are_dropped_whole() {
        // Every combining mark goes: ǘ becomes u even where ü exists.
        let latin1 = &mut |s: &str| s.chars().all(|c| u32::from(c) < 0x100);
        assert_eq!(approximate('ǘ', latin1).as_deref(), Some("u"));
        let no_quotes = &mut |s: &str| s.is_ascii() && !s.contains('"');
        assert_eq!(approximate('“', no_quotes), None);
    }
}
