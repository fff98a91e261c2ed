//! Which characters are letters, and their case, answered quickly for the scripts the
//! candidate encodings decode to: every piece of detection evidence asks it of every
//! character of every reading, and the standard library's answers search its Unicode tables
//! (that search was a fifth of the detector's time). Below the CJK blocks the answers come
//! from [`super::chars`], the standard library's own answers written out by
//! `tests/generated.rs`.

#![forbid(unsafe_code)]

use super::chars::{CASE_END, LETTER, LETTER_END, LOWER, TO_LOWER, UPPER};

fn bit(words: &[u64], u: u32) -> bool {
    words
        .get((u / 64) as usize)
        .is_some_and(|w| w & (1 << (u % 64)) != 0)
}

/// `c.is_alphabetic()`.
#[inline]
pub fn is_letter(c: char) -> bool {
    let u = c as u32;
    if u < LETTER_END {
        return bit(&LETTER, u);
    }
    match u {
        0x3041..=0x3096 | 0x30A1..=0x30FA | 0x4E00..=0x9FFF | 0xAC00..=0xD7A3 => true,
        _ => c.is_alphabetic(),
    }
}

/// `c.is_lowercase()`.
#[inline]
pub fn is_lower(c: char) -> bool {
    let u = c as u32;
    match u {
        0..CASE_END => bit(&LOWER, u),
        // CJK punctuation, kana, ideographs and hangul syllables have no case: most of a
        // CJK text, asked without the standard library's search.
        0x3000..=0x9FFF | 0xAC00..=0xD7A3 => false,
        _ => c.is_lowercase(),
    }
}

/// `c.is_uppercase()`.
#[inline]
pub fn is_upper(c: char) -> bool {
    let u = c as u32;
    match u {
        0..CASE_END => bit(&UPPER, u),
        // CJK punctuation, kana, ideographs and hangul syllables have no case: most of a
        // CJK text, asked without the standard library's search.
        0x3000..=0x9FFF | 0xAC00..=0xD7A3 => false,
        _ => c.is_uppercase(),
    }
}

/// The first character of `c.to_lowercase()` (`i` for `İ`, whose lowercase adds a dot).
#[inline]
pub fn to_lower(c: char) -> char {
    match TO_LOWER.get(c as usize) {
        Some(&l) => char::from_u32(u32::from(l)).unwrap_or(c),
        None => c.to_lowercase().next().unwrap_or(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answers_are_the_standard_librarys() {
        for u in 0..0x11_0000 {
            if let Some(c) = char::from_u32(u) {
                assert_eq!(is_letter(c), c.is_alphabetic(), "U+{u:04X}");
                assert_eq!(is_lower(c), c.is_lowercase(), "U+{u:04X}");
                assert_eq!(is_upper(c), c.is_uppercase(), "U+{u:04X}");
                assert_eq!(to_lower(c), c.to_lowercase().next().unwrap(), "U+{u:04X}");
            }
        }
    }
}
