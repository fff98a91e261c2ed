//! The walk over a reading that counts its pairs for [`super::fit`], made cheap for the
//! text most readings are: runs of ASCII letters and spaces. Their pairs only ever go to
//! the ASCII counts, so a byte of such a run costs one table load and one increment; the
//! tests of a character's neighbours (symbols inside words, capitals after small letters,
//! letters standing alone) are made only at the characters they can be true of, which are
//! non-ASCII or one of the national symbols. The readings of one window by the code pages
//! that read its ASCII as ASCII share those runs ([`Runs`]): their inside pairs are counted
//! once, and each reading's walk steps over a run after comparing its bytes. The answers are
//! those of the walk over every character that this replaced (kept as `reference::pairs`
//! and checked against it).

#![forbid(unsafe_code)]

use super::{
    AsciiCounts, Counted, INSIDE, Lone, WORD_JOINERS, apostrophe, ascii_index, capital_inside,
    elided, judged, national, rare_symbol,
};
use crate::app::detect::index::{ASCII_PAIRS, key};
use crate::app::detect::letters::{is_letter, is_lower, is_upper, to_lower};
use std::cell::RefCell;
use unicode_normalization::UnicodeNormalization;

/// The class of a byte below 0x80 that stands for one of [`SLOW`]'s characters.
const SLOW: u8 = 27;

/// What `prev` is when it is a letter the model judges (not an ASCII slot).
const JUDGED: usize = 27;

/// What `prev` is when it is neither an ASCII slot nor judged (a letter of the CJK blocks).
const OTHER: usize = 28;

/// Per ASCII byte, its slot among the ASCII pairs as the walk counts it (0 for anything
/// that counts as a space, 1 to 26 for a letter of either case), or [`SLOW`] for the
/// national symbols, which are letters' stand-ins inside words.
static CLASS: [u8; 128] = {
    let mut class = [0u8; 128];
    let mut b = 0u8;
    while b < 128 {
        class[b as usize] = match b {
            b'a'..=b'z' => b - b'a' + 1,
            b'A'..=b'Z' => b - b'A' + 1,
            _ if national(b as char) => SLOW,
            _ => 0,
        };
        b += 1;
    }
    class
};

/// The character of an ASCII slot: a space or a small letter.
fn slot_char(slot: usize) -> char {
    match slot {
        1..=26 => char::from(b'a' + slot as u8 - 1),
        _ => ' ',
    }
}

/// The slot of a space or small ASCII letter (what the walk maps ASCII to); `None` else.
fn slot_of(c: char) -> Option<usize> {
    match c {
        ' ' => Some(0),
        'a'..='z' => Some(c as usize - 'a' as usize + 1),
        _ => None,
    }
}

/// The pairs of `text` the model scores, the letters standing alone, and the ASCII pairs:
/// see [`super::pairs`].
pub(super) fn pairs(text: &str, runs: Option<&Runs>) -> (Vec<Counted>, Vec<Lone>, AsciiCounts) {
    let walked = match runs.map(|runs| Walk::new().with_runs(runs).run(text, true)) {
        // (A text whose ASCII runs are not the window's is walked in full.)
        Some(Some(walk)) if walk.strayed => Walk::new().run(text, true),
        Some(walked) => walked,
        None => Walk::new().run(text, true),
    };
    match walked {
        Some(walk) => walk.finish(),
        // windows-1258 and decomposed text: the model is of composed text.
        None => {
            let composed: String = text.nfc().collect();
            let walk = Walk::new().run(&composed, false);
            walk.map_or_else(|| Walk::new().finish(), Walk::finish)
        }
    }
}

/// The runs of a window's ASCII bytes other than the national symbols (whose pairs the walk
/// counts without looking around), and the pairs inside them counted: the reading of the
/// window by every code page that reads its ASCII as ASCII and its other bytes as other
/// characters has these runs, in this order, and its walk takes each in one step.
pub struct Runs<'a> {
    bytes: &'a [u8],
    /// Each run's start and length, and the slot of its last byte.
    runs: Vec<(usize, usize, usize)>,
    /// The pairs inside the runs (those of a run's first byte with the character before it
    /// depend on the reading).
    inside: AsciiCounts,
}

impl<'a> Runs<'a> {
    /// The runs of `window`.
    pub fn of(window: &'a [u8]) -> Runs<'a> {
        let mut runs = Runs {
            bytes: window,
            runs: Vec::new(),
            inside: [0; ASCII_PAIRS],
        };
        let mut i = 0;
        while let Some(&b) = window.get(i) {
            match CLASS.get(usize::from(b)) {
                Some(&slot) if slot != SLOW => {
                    let (end, last) = ascii_run(&mut runs.inside, usize::from(slot), window, i + 1);
                    runs.runs.push((i, end - i, last));
                    i = end;
                }
                _ => i += 1,
            }
        }
        runs
    }

    /// Where the `k`th run ends, and its last slot, if `text` has it at `at`.
    fn skip(&self, k: usize, text: &[u8], at: usize) -> Option<(usize, usize)> {
        let &(start, len, last) = self.runs.get(k)?;
        let end = at.checked_add(len)?;
        (text.get(at..end)? == self.bytes.get(start..start + len)?).then_some((end, last))
    }
}

/// Counts the pairs of the ASCII letters and spaces of `bytes` from `i` on, after one of
/// slot `prev`; returns where they end and the slot of the last.
fn ascii_run(
    ascii: &mut AsciiCounts,
    mut prev: usize,
    bytes: &[u8],
    mut i: usize,
) -> (usize, usize) {
    // A space after a space is counted at 0, the pair of two spaces, and struck off below:
    // no branch per byte (the walk counts no pair of spaces anywhere else).
    while let Some(&slot) = bytes.get(i).and_then(|&b| CLASS.get(usize::from(b)))
        && slot != SLOW
    {
        let slot = usize::from(slot);
        if let Some(n) = ascii.get_mut(prev * 27 + slot) {
            *n += 1;
        }
        prev = slot;
        i += 1;
    }
    ascii[0] = 0;
    (i, prev)
}

/// The counts of one walk.
struct Walk<'r> {
    seen: PairCounts,
    ascii: AsciiCounts,
    lone: Vec<Lone>,
    /// The character before, as mapped: an ASCII slot, or [`JUDGED`] or [`OTHER`] with
    /// the character in `prev_char`.
    prev: usize,
    prev_char: char,
    /// The last character the walk took at its slow pace, as it was, and where it ends:
    /// the character before a non-ASCII byte is that one.
    slow: char,
    slow_end: usize,
    /// The window's runs, if the text is its reading, and how many of them were taken.
    runs: Option<&'r Runs<'r>>,
    taken: usize,
    /// True when the text did not have the window's runs: the counts are then wrong.
    strayed: bool,
}

impl<'r> Walk<'r> {
    fn new() -> Self {
        Walk {
            seen: PairCounts::new(),
            ascii: [0; ASCII_PAIRS],
            lone: Vec::new(),
            prev: 0,
            prev_char: ' ',
            slow: ' ',
            slow_end: 0,
            runs: None,
            taken: 0,
            strayed: false,
        }
    }

    /// The walk of the reading of `runs`'s window, which takes each run in one step.
    fn with_runs(mut self, runs: &'r Runs<'r>) -> Self {
        self.ascii = runs.inside;
        self.runs = Some(runs);
        self
    }

    /// Counts the pairs of `text`; `None` if `marks` and it has a combining mark, which
    /// only composed text may be walked with.
    fn run(mut self, text: &str, marks: bool) -> Option<Self> {
        let bytes = text.as_bytes();
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            if let Some(&slot) = CLASS.get(usize::from(b))
                && slot != SLOW
            {
                self.ascii_pair(usize::from(slot));
                i = match self.runs {
                    None => self.ascii_run(bytes, i + 1),
                    Some(runs) => match runs.skip(self.taken, bytes, i) {
                        Some((end, last)) => {
                            self.taken += 1;
                            self.prev = last;
                            end
                        }
                        None => {
                            self.strayed = true;
                            return Some(self);
                        }
                    },
                };
                continue;
            }
            let (raw, len) = match (b, bytes.get(i + 1)) {
                // (Most non-ASCII letters are of two bytes: decoded here, without the
                // general decoder's tests.)
                (0xC2..=0xDF, Some(&b1)) => (
                    char::from_u32(u32::from(b & 0x1F) << 6 | u32::from(b1 & 0x3F))?,
                    2,
                ),
                _ => {
                    let raw = text.get(i..)?.chars().next()?;
                    (raw, raw.len_utf8())
                }
            };
            if marks && ('\u{300}'..='\u{36F}').contains(&raw) {
                return None;
            }
            // The character before: an ASCII byte is one, else it was taken here.
            let raw_prev = match i.checked_sub(1).and_then(|j| bytes.get(j)) {
                Some(&b) if b < 0x80 => char::from(b),
                Some(_) if self.slow_end == i => self.slow,
                Some(_) => text.get(..i)?.chars().next_back().unwrap_or(' '),
                None => ' ',
            };
            let c = if !raw.is_ascii() && is_letter(raw) && !is_upper(raw) && is_letter(raw_prev) {
                // Most of a text in another alphabet: a small letter inside a word, which is
                // neither a symbol's stand-in nor alone.
                to_lower(raw)
            } else {
                self.character(text.get(..i)?, raw_prev, raw, text.get(i + len..)?)
            };
            self.pair(c);
            i += len;
            (self.slow, self.slow_end) = (raw, i);
        }
        self.strayed |= self.runs.is_some_and(|runs| self.taken != runs.runs.len());
        Some(self)
    }

    /// The pair of the character before and an ASCII letter or space (by its slot).
    #[inline]
    fn ascii_pair(&mut self, slot: usize) {
        if self.prev < JUDGED {
            // Runs of spaces are one.
            if slot | self.prev != 0
                && let Some(n) = self.ascii.get_mut(self.prev * 27 + slot)
            {
                *n += 1;
            }
        } else if self.prev == JUDGED {
            self.seen.add(key(self.prev_char, slot_char(slot)));
        }
        self.prev = slot;
    }

    /// Counts the pairs of the ASCII letters and spaces from `i` on, after an ASCII letter
    /// or space; returns where they end.
    fn ascii_run(&mut self, bytes: &[u8], i: usize) -> usize {
        let end;
        (end, self.prev) = ascii_run(&mut self.ascii, self.prev, bytes, i);
        end
    }

    /// The pair of the character before and `c` (as mapped), in general.
    fn pair(&mut self, c: char) {
        let prev = match self.prev {
            JUDGED | OTHER => self.prev_char,
            slot => slot_char(slot),
        };
        if c == ' ' && prev == ' ' {
            return;
        }
        // (What the state says of the character before is not asked of it again.)
        let (c_judged, prev_judged) = (judged(c), self.prev == JUDGED);
        if (c_judged || prev_judged && c.is_ascii()) && (self.prev < JUDGED || prev_judged) {
            self.seen.add(key(prev, c));
        } else if let Some(n) = ascii_index(prev, c).and_then(|i| self.ascii.get_mut(i)) {
            *n += 1;
        }
        match slot_of(c) {
            Some(slot) => self.prev = slot,
            None => {
                self.prev = if c_judged { JUDGED } else { OTHER };
                self.prev_char = c;
            }
        }
    }

    /// What the character `raw` between `before` and `after` is mapped to (a small letter,
    /// a space or [`INSIDE`]), noting it if it is a letter standing alone.
    fn character(&mut self, before: &str, raw_prev: char, raw: char, after: &str) -> char {
        // (Sought back only for the few characters that ask it.)
        let raw_prev2 = || before.chars().rev().nth(1).unwrap_or(' ');
        let next = || after.chars().next().unwrap_or(' ');
        if !raw.is_ascii() && is_letter(raw) {
            // A letter is inside a word only as a capital after small letters (the symbols'
            // tests are false of letters).
            let inside =
                is_upper(raw) && is_lower(raw_prev) && capital_inside(raw_prev2(), raw_prev, raw);
            if !inside && !is_letter(raw_prev) && !is_letter(next()) {
                self.alone(before, raw, raw_prev, next());
            }
            return if inside { INSIDE } else { to_lower(raw) };
        }
        let inside = (national(raw)
            || !raw.is_ascii()
                && !is_letter(raw)
                && !raw.is_whitespace()
                && (!WORD_JOINERS.contains(&raw)
                    || raw == '\u{2019}' && !apostrophe(after.chars())))
            && (is_letter(raw_prev)
                || matches!(raw_prev, '\'' | '\u{2019}') && elided(raw_prev2(), raw_prev))
            && is_letter(next())
            || is_upper(raw) && is_lower(raw_prev) && capital_inside(raw_prev2(), raw_prev, raw)
            || rare_symbol(raw) && is_lower(next());
        if inside {
            INSIDE
        } else if raw.is_ascii_alphabetic() {
            raw.to_ascii_lowercase()
        } else {
            ' '
        }
    }

    /// Notes the non-ASCII letter `raw`, standing alone after `before`, as a word.
    fn alone(&mut self, before: &str, raw: char, raw_prev: char, next: char) {
        // The last character that is not a space, as [`super::pairs`] says; a line break
        // ends a sentence as a stop does. (Sought back only here: the spaces it passes are
        // those before this letter, so no character is passed twice.)
        let last = before
            .chars()
            .rev()
            .find(|&c| c == '\n' || !c.is_whitespace())
            .map_or('.', |c| if c == '\n' { '.' } else { c });
        let c = to_lower(raw);
        let stray = is_upper(raw) && (is_lower(last) || last.is_ascii_digit() || last == ',')
            || (raw_prev.is_ascii_digit() || next.is_ascii_digit())
                && !matches!(raw, '\u{AA}' | '\u{BA}');
        match self.lone.iter_mut().find(|l| (l.0, l.1) == (c, stray)) {
            Some(l) => l.2 += 1,
            None => self.lone.push((c, stray, 1)),
        }
    }

    fn finish(self) -> (Vec<Counted>, Vec<Lone>, AsciiCounts) {
        (self.seen.counted(), self.lone, self.ascii)
    }
}

/// The judged pairs counted as they come, in a table addressed by a hash of their
/// [`key`]: a reading in another alphabet than Latin has a judged pair at nearly every
/// character, but only a few hundred distinct ones, and sorting those alone is cheaper
/// than sorting every pair.
struct PairCounts {
    /// (key, count), key 0 where empty (no judged pair has it: its characters are letters
    /// or spaces); a power of two long, at most half full.
    slots: Vec<(u64, u32)>,
    /// Where the pairs are in `slots`, in the order they came.
    used: Vec<usize>,
    /// 64 less the bits of an index into `slots`.
    shift: u32,
}

/// Where the pair `key` is or would go in a table of `64 - shift` bits of index.
#[inline(always)]
fn home(key: u64, shift: u32) -> usize {
    const MIX: u64 = 0x9E37_79B9_7F4A_7C15;
    (key.wrapping_mul(MIX) >> shift) as usize
}

thread_local! {
    /// The table of the last walk, emptied: the up to ten readings of an input are walked
    /// one after another, and a table grown for one fits the next without being zeroed or
    /// grown again.
    static SPARE: RefCell<Option<PairCounts>> = const { RefCell::new(None) };
}

impl PairCounts {
    fn new() -> Self {
        SPARE
            .with_borrow_mut(Option::take)
            .unwrap_or_else(|| PairCounts {
                slots: vec![(0, 0); 256],
                used: Vec::new(),
                shift: 64 - 8,
            })
    }

    /// Counts one more of the pair `key`.
    #[inline(always)]
    fn add(&mut self, key: u64) {
        let mask = self.slots.len() - 1;
        let mut at = home(key, self.shift);
        while let Some(slot) = self.slots.get_mut(at) {
            if slot.0 == key {
                slot.1 += 1;
                return;
            }
            if slot.0 == 0 {
                *slot = (key, 1);
                self.used.push(at);
                if self.used.len() * 2 > self.slots.len() {
                    self.grow();
                }
                return;
            }
            at = (at + 1) & mask;
        }
    }

    /// Doubles the table, every pair moved to its place in the new one.
    fn grow(&mut self) {
        let doubled = vec![(0, 0); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.shift -= 1;
        let mask = self.slots.len() - 1;
        for place in &mut self.used {
            let Some(&(key, n)) = old.get(*place) else {
                continue;
            };
            let mut at = home(key, self.shift);
            while let Some(slot) = self.slots.get_mut(at) {
                if slot.0 == 0 {
                    *slot = (key, n);
                    *place = at;
                    break;
                }
                at = (at + 1) & mask;
            }
        }
    }

    /// The distinct pairs in the order they came, with their counts (the scores are sums of
    /// integers, which no order changes); the emptied table is kept for the next walk.
    fn counted(mut self) -> Vec<Counted> {
        let mut seen: Vec<(u64, u32)> = Vec::with_capacity(self.used.len());
        for &at in &self.used {
            if let Some(slot) = self.slots.get_mut(at) {
                seen.push(*slot);
                *slot = (0, 0);
            }
        }
        self.used.clear();
        SPARE.with_borrow_mut(|spare| *spare = Some(self));
        let char_at = |key: u64, shift: u32| char::from_u32((key >> shift) as u32).unwrap_or(' ');
        seen.into_iter()
            .map(|(key, n)| ((char_at(key, 32), char_at(key, 0)), n))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the walk of `text` with the runs of `window` took them.
    fn took(window: &[u8], text: &str) -> bool {
        let runs = Runs::of(window);
        Walk::new()
            .with_runs(&runs)
            .run(text, true)
            .is_some_and(|walk| !walk.strayed)
    }

    #[test]
    fn a_window_s_reading_takes_its_runs() {
        // windows-1252's reading of the bytes, and CP437's.
        let window = b"Gr\xf6\xdfe und Qualit\xe4t, {fa\xe7on} ~ f\xfcr B\xfcrger.";
        assert!(took(
            window,
            "Gr\u{f6}\u{df}e und Qualit\u{e4}t, {fa\u{e7}on} ~ f\u{fc}r B\u{fc}rger."
        ));
        assert!(took(
            window,
            "Gr\u{f7}\u{2584}e und Qualit\u{3a3}t, {fa\u{3c4}on} ~ f\u{207f}r B\u{207f}rger."
        ));
        // Another text, a shorter one, one with a run more: walked in full.
        assert!(!took(
            window,
            "Gr\u{f6}\u{df}e und Qualit\u{e4}t, {fa\u{e7}on} ~ f\u{fc}r B\u{fc}rgers."
        ));
        assert!(!took(window, "Gr\u{f6}\u{df}e und Qualit\u{e4}t"));
        assert!(!took(
            window,
            "Gr\u{f6}\u{df}e und Qualit\u{e4}t, {fa\u{e7}on} ~ f\u{fc}r B\u{fc}rger.\u{e9}x"
        ));
    }

    #[test]
    fn the_runs_inside_pairs_are_counted_once() {
        let runs = Runs::of(b"ab  c\xe9d{e");
        assert_eq!(runs.runs, vec![(0, 5, 3), (6, 1, 4), (8, 1, 5)]);
        let at = |a, b| super::super::ascii_index(a, b).map(|i| runs.inside[i]);
        assert_eq!(at('a', 'b'), Some(1));
        assert_eq!(at('b', ' '), Some(1));
        assert_eq!(at(' ', 'c'), Some(1));
        assert_eq!(runs.inside.iter().sum::<u32>(), 3, "no pair of two spaces");
    }
}
