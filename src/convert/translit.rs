//! `//TRANSLIT`: approximations for characters the target charset cannot hold.
//!
//! The approximations are glibc's: the transliterations of its C.UTF-8 locale, generated
//! into `translit/glibc.rs` from glibc's locale sources (`translit_combining`,
//! `translit_neutral` and the files it includes: compatibility forms, circled, fullwidth and
//! font variants, fractions). A character may have several alternatives, tried in glibc's order: the
//! first the target can hold as it is wins (`½` is ` 1⁄2 ` where the target has U+2044, else
//! ` 1/2 `), so that what transcode writes is what `iconv -t CHARSET//TRANSLIT` writes.
//!
//! Where glibc would give up and write `?`, transcode tries further: each alternative again
//! with its own characters approximated (`Ǆ` is `DŽ` in glibc's table, so `DZ` in ASCII),
//! then for characters glibc's tables leave out, a few conventional spellings (CJK
//! punctuation) and the compatibility decomposition without combining marks (for characters
//! newer than glibc's Unicode data). Scripts with no Latin reading (Chinese, Cyrillic, Greek)
//! are not romanised: there is no faithful way to do it character by character. When
//! nothing fits, the caller writes `?`, as glibc's `default_missing` does.

#![forbid(unsafe_code)]

mod glibc;

use std::borrow::Cow;
use unicode_normalization::char::{decompose_compatible, is_combining_mark};

/// How deep the characters of an alternative are approximated in turn: one level finds
/// `DZ` for `Ǆ` (through `DŽ`), two find `''` for `″` (through `′′` and `´´`).
const DEPTH: u8 = 2;

/// glibc's alternatives for `c`, in the order it tries them (none if it has no entry).
pub fn glibc_alternatives(c: char) -> &'static [&'static str] {
    glibc::TABLE
        .binary_search_by_key(&c, |&(k, _)| k)
        .map_or(&[], |i| glibc::TABLE[i].1)
}

/// Conventional spellings of characters glibc's tables leave out.
fn spelled(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{3001}' => ",",
        '\u{3002}' => ".",
        '\u{300C}' | '\u{300D}' | '\u{300E}' | '\u{300F}' => "\"",
        '\u{30FB}' => "*",
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

/// The first approximation of `c` that `encodable` accepts, if any: glibc's first
/// alternative the target holds, else (where glibc writes `?`) one found as the module says.
pub fn approximate(c: char, encodable: &mut dyn FnMut(&str) -> bool) -> Option<Cow<'static, str>> {
    approximate_within(c, encodable, DEPTH)
}

/// The approximation of `c` with `depth` levels of approximating characters in turn.
fn approximate_within(
    c: char,
    encodable: &mut dyn FnMut(&str) -> bool,
    depth: u8,
) -> Option<Cow<'static, str>> {
    let alternatives = glibc_alternatives(c);
    if let Some(found) = alternatives.iter().find(|a| encodable(a)) {
        return Some(Cow::Borrowed(found));
    }
    beyond_glibc(c, alternatives, encodable, depth).map(Cow::Owned)
}

/// What glibc does not find: its alternatives respelled, then the spellings and the
/// decomposition of characters it has no entry for.
fn beyond_glibc(
    c: char,
    alternatives: &[&str],
    encodable: &mut dyn FnMut(&str) -> bool,
    depth: u8,
) -> Option<String> {
    if depth == 0 {
        return None;
    }
    for alternative in alternatives {
        if let Some(s) = respelled(alternative, encodable, depth - 1) {
            return Some(s);
        }
    }
    if !alternatives.is_empty() {
        return None;
    }
    if let Some(s) = spelled(c).filter(|s| encodable(s)) {
        return Some(s.to_string());
    }
    let d = decomposed(c)?;
    if encodable(&d) {
        return Some(d);
    }
    respelled(&d, encodable, depth - 1)
}

/// `text` with each character the target cannot hold approximated at `depth`, if all can be.
fn respelled(text: &str, encodable: &mut dyn FnMut(&str) -> bool, depth: u8) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut buf = [0u8; 4];
    for ch in text.chars() {
        let alone = ch.encode_utf8(&mut buf);
        if encodable(alone) {
            out.push(ch);
        } else {
            out += &approximate_within(ch, encodable, depth)?;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ascii(c: char) -> Option<String> {
        approximate(c, &mut |s: &str| s.is_ascii()).map(Cow::into_owned)
    }

    fn latin1(c: char) -> Option<String> {
        let mut fits = |s: &str| s.chars().all(|c| u32::from(c) < 0x100);
        approximate(c, &mut fits).map(Cow::into_owned)
    }

    #[test]
    fn glibc_spellings() {
        assert_eq!(ascii('½').as_deref(), Some(" 1/2 "));
        assert_eq!(ascii('→').as_deref(), Some("->"));
        assert_eq!(ascii('①').as_deref(), Some("(1)"));
        assert_eq!(ascii('™').as_deref(), Some("(TM)"));
        assert_eq!(ascii('Ŧ').as_deref(), Some("T"));
        assert_eq!(ascii('ﬁ').as_deref(), Some("fi"));
        assert_eq!(ascii('é').as_deref(), Some("e"));
        assert_eq!(ascii('Ａ').as_deref(), Some("A"));
        assert_eq!(ascii('“').as_deref(), Some("\""));
        assert_eq!(ascii('„').as_deref(), Some(",,"));
        assert_eq!(ascii('ß').as_deref(), Some("ss"));
        assert_eq!(ascii('€').as_deref(), Some("EUR"));
    }

    #[test]
    fn alternatives_in_glibc_order() {
        // U+01E2 is "Æ" first, "AE" second: Latin-1 has Æ.
        assert_eq!(glibc_alternatives('\u{1E2}'), &["Æ", "AE"]);
        assert_eq!(latin1('\u{1E2}').as_deref(), Some("Æ"));
        assert_eq!(ascii('\u{1E2}').as_deref(), Some("AE"));
        // ǘ is ü in glibc's table, which Latin-1 has.
        assert_eq!(latin1('ǘ').as_deref(), Some("u"));
    }

    #[test]
    fn combining_marks_are_dropped() {
        assert_eq!(ascii('\u{301}').as_deref(), Some(""));
    }

    #[test]
    fn beyond_glibc_where_it_writes_a_question_mark() {
        // glibc: Ǆ is "DŽ" only; ″ is "′′" or "´´".
        assert_eq!(ascii('Ǆ').as_deref(), Some("DZ"));
        assert_eq!(ascii('″').as_deref(), Some("''"));
        assert_eq!(ascii('「').as_deref(), Some("\""));
    }

    #[test]
    fn no_approximation_for_other_scripts() {
        assert_eq!(ascii('中'), None);
        assert_eq!(ascii('Ж'), None);
        assert_eq!(ascii('¤'), None);
    }

    #[test]
    fn table_is_sorted_for_the_binary_search() {
        assert!(glibc::TABLE.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
