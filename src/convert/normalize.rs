//! `--normalize`: Unicode normalization (UAX #15) of decoded text, in a streaming form.
//!
//! Text is normalized in segments that start at a *boundary*: a character that is a
//! starter (canonical combining class 0) with a quick-check value of "yes" for the form.
//! Nothing before a boundary can combine or reorder with anything after it, so text may be
//! cut there (between read buffers, pieces and the parts of a parallel split) and each part
//! normalized on its own with the same result as the whole.
//!
//! A run of boundaries is already normalized and is passed on as it is; only the segments
//! around other characters go through the normalizer (unicode-normalization). Runs of
//! characters whose bytes show them to be boundaries (ASCII, CJK ideographs and punctuation,
//! Hangul syllables where the form allows; the `fast` module) are skipped 32 bytes at a
//! time with vector instructions; other characters of the BMP are looked up in a bit table
//! built once per form from the crate's tables.
//!
//! `unsafe` is allowed only in the `fast` and `valid` modules, to call their vector
//! functions.

#![deny(unsafe_code)]

use crate::codecs::{CharAt, Charset};
use std::sync::OnceLock;
use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{IsNormalized, UnicodeNormalization};

mod fast;
mod valid;

use fast::{CHUNK, Ranges};

/// A normalization form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NormalForm {
    /// Canonical composition.
    Nfc,
    /// Canonical decomposition.
    Nfd,
    /// Compatibility composition.
    Nfkc,
    /// Compatibility decomposition.
    Nfkd,
}

/// A stable stretch shorter than this between two segments is normalized with them, in one
/// call to the normalizer: each call costs some hundred nanoseconds before any work.
const SHORT_STABLE: usize = 64;

impl NormalForm {
    /// The form's name, as `--normalize` takes it.
    pub fn name(self) -> &'static str {
        match self {
            NormalForm::Nfc => "NFC",
            NormalForm::Nfd => "NFD",
            NormalForm::Nfkc => "NFKC",
            NormalForm::Nfkd => "NFKD",
        }
    }

    /// True when `c` is a starter with a quick-check "yes": text may be cut before it.
    pub fn is_boundary(self, c: char) -> bool {
        let cp = u32::from(c);
        if cp < 0x80 {
            return true;
        }
        match usize::try_from(cp) {
            Ok(i) if i < 0x10000 => {
                let table = self.bmp_table();
                table[i / 64] >> (i % 64) & 1 == 1
            }
            _ => self.looked_up(c),
        }
    }

    /// [`Self::is_boundary`] from the crate's tables.
    fn looked_up(self, c: char) -> bool {
        if canonical_combining_class(c) != 0 {
            return false;
        }
        let one = std::iter::once(c);
        let quick = match self {
            NormalForm::Nfc => unicode_normalization::is_nfc_quick(one),
            NormalForm::Nfd => unicode_normalization::is_nfd_quick(one),
            NormalForm::Nfkc => unicode_normalization::is_nfkc_quick(one),
            NormalForm::Nfkd => unicode_normalization::is_nfkd_quick(one),
        };
        quick == IsNormalized::Yes
    }

    /// One bit per BMP code point: [`Self::looked_up`], built on first use (65,536 look-ups,
    /// about 1.4 ms of CPU), in two halves at once: the first span of a run waits for it.
    fn bmp_table(self) -> &'static [u64] {
        static TABLES: [OnceLock<Vec<u64>>; 4] = [const { OnceLock::new() }; 4];
        TABLES[self as usize].get_or_init(|| {
            let words = |from: u32, to: u32| -> Vec<u64> {
                (from..to)
                    .step_by(64)
                    .map(|base| self.bmp_word(base))
                    .collect()
            };
            std::thread::scope(|scope| {
                let high = scope.spawn(|| words(0x8000, 0x10000));
                let mut bits = words(0, 0x8000);
                // A thread that could not run leaves the work to this one.
                bits.extend(high.join().unwrap_or_else(|_| words(0x8000, 0x10000)));
                bits
            })
        })
    }

    /// The bits of [`Self::bmp_table`] for the 64 code points from `base`.
    fn bmp_word(self, base: u32) -> u64 {
        (0..64).fold(0, |bits, i| {
            // Surrogates are not characters; they never reach the normalizer.
            let boundary = char::from_u32(base + i).is_some_and(|c| self.looked_up(c));
            bits | u64::from(boundary) << i
        })
    }

    /// The length of the longest prefix of `text` that the form leaves as it is and that
    /// nothing after it can change: boundaries only, less the last one before a character
    /// that is not a boundary (which may combine with it).
    pub fn stable_prefix(self, text: &str) -> usize {
        let bytes = text.as_bytes();
        let table = self.bmp_table();
        let ranges = self.ranges();
        let mut i = 0;
        loop {
            // Whole chunks whose bytes show them to be boundaries (ASCII, CJK...), then the
            // next chunk's characters from the table.
            i += bytes
                .get(i..)
                .map_or(0, |rest| fast::plain_prefix(ranges, rest));
            // Back to the start of the character the chunk ended in.
            while i > 0 && !text.is_char_boundary(i) {
                i -= 1;
            }
            // The next chunk's characters one by one, from the table.
            let stop = (i + CHUNK).min(bytes.len());
            // The start of the character before: a character that is not a boundary may
            // combine with it, even when it is the first one looked at here.
            let mut previous = text[..i]
                .chars()
                .next_back()
                .map_or(0, |p| i - p.len_utf8());
            for c in text[i..].chars() {
                let cp = u32::from(c) as usize;
                let boundary = match table.get(cp / 64) {
                    Some(bits) if cp < 0x10000 => bits >> (cp % 64) & 1 == 1,
                    _ => self.looked_up(c),
                };
                if !boundary {
                    // The character before may combine with this one: its segment starts
                    // at that character.
                    return previous;
                }
                previous = i;
                i += c.len_utf8();
                if i >= stop {
                    break;
                }
            }
            if i >= bytes.len() {
                return bytes.len();
            }
        }
    }

    /// How much of the start of `bytes`, UTF-8 input that starts at a character, is both
    /// well-formed and stable, as its bytes show (see [`Self::stable_prefix`]), found in one
    /// pass: the input there can go to UTF-8 output as it is, and be cut after. 0 when the
    /// CPU has no AVX2, or the input does not start so.
    pub fn valid_stable_prefix(self, bytes: &[u8]) -> usize {
        valid::valid_plain_prefix(self.ranges(), bytes)
    }

    /// The ranges of characters the fast scan may skip for this form (written out, and held
    /// by a test to what the crate's tables say), found once.
    fn ranges(self) -> &'static Ranges {
        static RANGES: [OnceLock<Ranges>; 4] = [const { OnceLock::new() }; 4];
        RANGES[self as usize].get_or_init(|| Ranges::known(self))
    }

    /// The end of the segment that starts `text`: the next boundary after its first
    /// character, or the end of the text.
    pub fn segment_end(self, text: &str) -> usize {
        let mut chars = text.char_indices();
        chars.next();
        chars
            .find(|&(_, c)| self.is_boundary(c))
            .map_or(text.len(), |(i, _)| i)
    }

    /// The end of the segments that start `text`, with the short stable stretches between
    /// them (under [`SHORT_STABLE`] bytes): what one call to the normalizer is given when no
    /// character of it needs to be located on its own.
    pub fn span_end(self, text: &str) -> usize {
        let mut end = self.segment_end(text);
        while end < text.len() {
            let stable = self.stable_prefix(&text[end..]);
            if stable >= SHORT_STABLE || end + stable == text.len() {
                break;
            }
            end += stable;
            end += self.segment_end(&text[end..]);
        }
        end
    }

    /// Where the last boundary of `text` is (0 when there is none): text from there on may
    /// still combine with what comes next.
    pub fn last_boundary(self, text: &str) -> usize {
        text.char_indices()
            .rev()
            .find(|&(_, c)| self.is_boundary(c))
            .map_or(0, |(i, _)| i)
    }

    /// The longest prefix of `window` (input read from a clean position) after which the
    /// decoder of `charset` is clean and the next character is a boundary, so that the parts
    /// on either side normalize on their own; `None` when there is no such cut.
    pub fn safe_cut(self, charset: Charset, window: &[u8]) -> Option<usize> {
        // A stateful decoder cannot say what a character is on its own; it is never split.
        if charset.is_stateful() {
            return charset.safe_cut(window);
        }
        let mut end = window.len();
        loop {
            let cut = charset.safe_cut(&window[..end]).filter(|&c| c > 0)?;
            match charset.char_at(&window[cut..], false) {
                CharAt::Text(s, _) if s.chars().next().is_some_and(|c| self.is_boundary(c)) => {
                    return Some(cut);
                }
                // What the policy writes for ill-formed input ends the segment before it.
                CharAt::Malformed(..) => return Some(cut),
                _ => end = cut - 1,
            }
        }
    }

    /// Appends `text` normalized.
    pub fn normalize_into(self, text: &str, out: &mut String) {
        match self {
            NormalForm::Nfc => out.extend(text.nfc()),
            NormalForm::Nfd => out.extend(text.nfd()),
            NormalForm::Nfkc => out.extend(text.nfkc()),
            NormalForm::Nfkd => out.extend(text.nfkd()),
        }
    }

    /// `text` normalized as a whole (for tests and one-off use).
    pub fn normalize(self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        self.normalize_into(text, &mut out);
        out
    }

    /// `text` normalized segment by segment as the pipeline does it: stable runs as they
    /// are, the segments between them through the normalizer.
    pub fn normalize_by_segments(self, text: &str, out: &mut String) {
        let mut rest = text;
        while !rest.is_empty() {
            let stable = self.stable_prefix(rest);
            out.push_str(&rest[..stable]);
            rest = &rest[stable..];
            if rest.is_empty() {
                break;
            }
            let end = self.span_end(rest);
            self.normalize_into(&rest[..end], out);
            rest = &rest[end..];
        }
    }
}

/// Every form, for the tests of this module and its scan.
#[cfg(test)]
const FORMS: [NormalForm; 4] = [
    NormalForm::Nfc,
    NormalForm::Nfd,
    NormalForm::Nfkc,
    NormalForm::Nfkd,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bit_table_agrees_with_the_look_up() {
        for form in FORMS {
            for cp in (0..0x10000).filter_map(char::from_u32) {
                assert_eq!(form.is_boundary(cp), form.looked_up(cp), "{form:?} {cp:?}");
            }
        }
    }

    #[test]
    fn the_fast_ranges_are_boundaries_in_every_form() {
        for form in FORMS {
            for cp in (0..0x80).chain(0x4000..0xA000).filter_map(char::from_u32) {
                assert!(form.looked_up(cp), "{form:?} {cp:?}");
            }
        }
    }

    #[test]
    fn segments_give_the_whole_result() {
        let texts = [
            "cafe\u{301} cre\u{300}me",
            "caf\u{E9} \u{1100}\u{1161}\u{11A8} \u{AC00}\u{11A8}",
            "\u{FB01}\u{FF21} \u{2460} x\u{323}\u{307}y \u{1E0B}\u{323}",
            "中文，標點。　\u{F900}\u{2F800} \u{304B}\u{3099}",
            "\u{301}\u{301} leading marks, \u{1D15E}\u{1D165} astral",
            &"plain ASCII and 中文 in runs longer than a chunk ".repeat(4),
        ];
        for form in FORMS {
            for text in texts {
                let mut pieces = String::new();
                form.normalize_by_segments(text, &mut pieces);
                assert_eq!(pieces, form.normalize(text), "{form:?} {text:?}");
            }
        }
    }

    #[test]
    fn stable_prefix_stops_before_the_segment_that_may_change() {
        let nfc = NormalForm::Nfc;
        assert_eq!(nfc.stable_prefix("abc"), 3);
        assert_eq!(nfc.stable_prefix("abe\u{301}"), 2);
        assert_eq!(nfc.stable_prefix("中文，"), "中文，".len());
        // The segment of the fullwidth comma starts at the character before it.
        assert_eq!(NormalForm::Nfkc.stable_prefix("中文，"), "中".len());
        let long = format!("{}e\u{301}", "x".repeat(100));
        assert_eq!(nfc.stable_prefix(&long), 100);
    }

    #[test]
    fn a_mark_anywhere_after_a_run_combines_with_the_character_before() {
        // The mark at every offset against the block and chunk scans, after ASCII, Latin-1
        // and Chinese runs.
        for run in ["x", "\u{E9}", "中"] {
            for n in 0..600 {
                let text = format!("{}e\u{301}{}", run.repeat(n), "y".repeat(300));
                for form in FORMS {
                    let mut pieces = String::new();
                    form.normalize_by_segments(&text, &mut pieces);
                    assert_eq!(pieces, form.normalize(&text), "{form:?} {run:?} x {n}");
                }
                let at = run.len() * n;
                assert_eq!(NormalForm::Nfc.stable_prefix(&text), at, "{run:?} x {n}");
            }
        }
    }
}
