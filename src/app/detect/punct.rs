//! Where punctuation, marks and symbols stand: evidence that tells apart code pages which
//! decode the same bytes to different punctuation, where the character weights of
//! [`super::text`] cannot (`!` and `|` weigh the same).
//!
//! - EBCDIC 037 and 500 swap `! [ ] ^ | ¢ ¬` among the bytes 4A 4F 5A 5F B0 BA BB: prose
//!   puts `!` and `?` after a word and before a space, never `|`; brackets open before they
//!   close; `¢` stands by a price's digits; `¬` is not written in prose at all.
//! - windows-1258 writes Vietnamese tone marks as combining characters after the vowel,
//!   VISCII precomposes them: a combining mark after a letter is part of it, one anywhere
//!   else is a byte read wrong.
//! - A box-drawing character stands next to others of its kind or to spaces (menus,
//!   tables), not inside a word, and only a vertical line stands alone; a guillemet stands by a space (`« mot »`, `Home » News`).
//! - A double quote (and `„ “ ”`) opens before a word or closes after one, a space or a
//!   stop on its other side (EBCDIC 1026 has `Ü` where 037 has `"`); a currency sign stands
//!   by digits or a space away from them (ISO-8859-15 and CP858 have `€` where ISO-8859-1
//!   has `¤` and CP437 `╒`).
//! - EBCDIC text read as Shift_JIS turns its spaces (40) into `@` between ideographs.

#![forbid(unsafe_code)]

use super::letters::is_letter;

/// What a character is, for the context rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Letter,
    Digit,
    Space,
    Mark,
    Box,
    Cjk,
    Other,
}

/// What `c` is, for the context rules.
pub fn kind(c: char) -> Kind {
    match c {
        '\u{300}'..='\u{36F}' => Kind::Mark,
        '\u{2500}'..='\u{259F}' => Kind::Box,
        '\u{3040}'..='\u{30FF}' | '\u{4E00}'..='\u{9FFF}' | '\u{FF61}'..='\u{FF9F}' => Kind::Cjk,
        '\u{AC00}'..='\u{D7A3}' => Kind::Cjk,
        _ if c.is_whitespace() => Kind::Space,
        _ if c.is_ascii_digit() => Kind::Digit,
        _ if is_letter(c) => Kind::Letter,
        _ => Kind::Other,
    }
}

/// Whether a rule of [`score`] is about `c` itself: every character the rules' `match`
/// names, and the brackets. For any other character the match adds nothing, so it is
/// passed over without working out its neighbours' kinds.
pub fn ruled(c: char) -> bool {
    matches!(
        c,
        '\u{300}'..='\u{36F}'
            | '\u{2500}'..='\u{259F}'
            | '!'
            | '?'
            | '|'
            | '^'
            | '¢'
            | '¬'
            | '«'
            | '»'
            | '"'
            | '„'
            | '“'
            | '”'
            | '€'
            | '£'
            | '$'
            | '@'
            | '['
            | ']'
            | '{'
            | '}'
    )
}

/// How many unmatched brackets count at most (a text cut short leaves some open).
const OPEN_LIMIT: i32 = 2;

/// The context score of `text`, in tenths: added to its character weights.
pub fn score(text: &str) -> i32 {
    score_passing(text, |c| !ruled(c))
}

/// [`score`], passing over the characters for which `passed` is true without looking at
/// their context (which must be characters whose own rule adds nothing).
fn score_passing(text: &str, passed: impl Fn(char) -> bool) -> i32 {
    let mut s = 0;
    let mut brackets = Brackets::default();
    let mut chars = text.chars().peekable();
    // The start of the text counts as a space.
    let mut prev = ' ';
    // The character before `prev`.
    let mut prev2 = ' ';
    while let Some(c) = chars.next() {
        // Most characters of any text (letters, digits, spaces, stops, commas) have no rule
        // of their own: only their neighbours' rules look at them.
        if !passed(c) {
            let next = chars.peek().copied().unwrap_or(' ');
            s += rule(
                [prev2, prev],
                c,
                [next, chars.clone().nth(1).unwrap_or(' ')],
            );
            brackets.read(c);
        }
        prev2 = prev;
        prev = c;
    }
    s + brackets.score()
}

/// The most [`rule`] gives any character, in tenths.
pub const MOST: i64 = 10;

/// What the rules say of `c` between the two characters `before` it and the two `after`
/// it (spaces beyond either end of the text), in tenths; zero for a character no rule is
/// about ([`ruled`]).
pub fn rule(before: [char; 2], c: char, after: [char; 2]) -> i32 {
    let ([prev2, prev], [next, next2]) = (before, after);
    rule_around(prev2, kind(prev), c, kind(next), next2)
}

/// [`rule`], with the kinds of the characters next to `c` (`p` before, `n` after) already
/// known: a code page's reading works out the kind of each byte value once.
pub fn rule_around(prev2: char, p: Kind, c: char, n: Kind, next2: char) -> i32 {
    let word = |k: Kind| matches!(k, Kind::Letter | Kind::Mark);
    match c {
        '\u{300}'..='\u{36F}' if matches!(p, Kind::Letter | Kind::Mark) => 5,
        '\u{300}'..='\u{36F}' => -20,
        '!' | '?' if word(p) && word(n) => -20,
        '!' | '?' if word(p) && !word(n) => 5,
        '|' if word(p) || word(n) => -20,
        '^' if word(p) || word(n) => -15,
        '¢' if p != Kind::Digit && n != Kind::Digit => -20,
        '¬' => -20,
        '«' | '»' if p == Kind::Space || n == Kind::Space => 5,
        '«' | '»' if word(p) && word(n) => -15,
        '"' if word(p) != word(n) => 10,
        '„' | '“' | '”' if word(p) != word(n) => 5,
        '€' | '£' | '$' if p == Kind::Digit || n == Kind::Digit => 5,
        // `4 €`, `€ 10`: a space between the amount and its sign.
        '€' | '£' | '$' if p == Kind::Space && prev2.is_ascii_digit() => 5,
        '€' | '£' | '$' if n == Kind::Space && next2.is_ascii_digit() => 5,
        '\u{2500}'..='\u{259F}' if word(p) || word(n) || p == Kind::Digit => -10,
        '\u{2500}'..='\u{259F}' if p == Kind::Box || n == Kind::Box => 5,
        // Corners, junctions and horizontal lines join others: alone between spaces they
        // are a letter or a sign read wrong (`Home ╞ News` for CP437's `»`, where KOI8-R has
        // `╞`); a vertical line may stand alone as a column's separator.
        '\u{2500}'..='\u{257F}' if !matches!(c, '│' | '┃' | '║') => -10,
        '@' if p == Kind::Cjk || n == Kind::Cjk => -20,
        _ => 0,
    }
}

/// The brackets of a text, read in order: an unmatched close, or an open never closed
/// (a text cut short leaves some open, so only two count), is a byte read wrong.
#[derive(Clone, Copy, Debug, Default)]
pub struct Brackets {
    depth: i32,
    unmatched_closes: i32,
}

impl Brackets {
    /// Reads `c`, which changes nothing unless it is a bracket.
    pub fn read(&mut self, c: char) {
        match c {
            '[' | '{' => self.depth += 1,
            ']' | '}' if self.depth > 0 => self.depth -= 1,
            ']' | '}' => self.unmatched_closes += 1,
            _ => {}
        }
    }

    /// What the brackets read cost, in tenths.
    pub fn score(self) -> i32 {
        -20 * self.unmatched_closes - 10 * self.depth.min(OPEN_LIMIT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes with Python's tables for the two EBCDIC pages, enough for the tests: the
    /// seven bytes where 037 and 500 differ.
    fn ebcdic_pair(text: &str) -> (String, String) {
        // IBM500 text read as IBM037: `!` (4F) becomes `|`, `[` (4A) `¢`, `]` (5A) `!`.
        let as_037 = text
            .chars()
            .map(|c| match c {
                '!' => '|',
                '[' => '¢',
                ']' => '!',
                '^' => '¬',
                _ => c,
            })
            .collect();
        (text.to_string(), as_037)
    }

    #[test]
    fn exclamation_after_a_word_beats_a_bar() {
        let (right, wrong) = ebcdic_pair("Hello world! See [1] and more!");
        assert!(score(&right) > score(&wrong), "{right} {wrong}");
    }

    #[test]
    fn brackets_close_after_they_open() {
        assert!(score("see [note] here") > score("see ]note[ here"));
        assert!(score("a ] b") < score("a b"));
    }

    #[test]
    fn quotes_and_currency_by_their_neighbours() {
        assert!(score("he said \"yes\" today") > score("he said ÜyesÜ today"));
        assert!(score("60.000€ per year") > score("60.000╒ per year"));
        // A space between the amount and its sign.
        assert!(score("4 € en 2020") > score("4 ╒ en 2020"));
        assert!(score("de € 10 i") > score("de ╒ 10 i"));
        assert_eq!(score("le € seul"), 0);
        // A closing quote before a stop, where 1026 has `Ü`.
        assert!(score("the \"Management\".") > score("the ÜManagementÜ."));
        assert_eq!(score("Management\"."), 10);
        assert_eq!(score("„Anton“ oli"), 10);
    }

    #[test]
    fn combining_marks_belong_after_letters() {
        assert!(score("Vie\u{302}\u{323}t") > 0);
        assert!(score(" \u{301}x") < 0);
    }

    #[test]
    fn passing_over_unruled_characters_changes_no_score() {
        // What was passed over before: letters (not combining marks), digits and spaces;
        // every other character went through the rules' match.
        let letter_digit_space =
            |c: char| c == ' ' || c.is_ascii_digit() || is_letter(c) && kind(c) != Kind::Mark;
        let neighbours = ['a', 'É', '1', ' ', '\n', '\u{301}', '─', '価', '$', '!'];
        let tested = (0u32..0x3000)
            .chain([0x4E00, 0xAC00, 0xFF61, 0xFFFD])
            .filter_map(char::from_u32);
        for c in tested {
            for &before in &neighbours {
                for &after in &neighbours {
                    let text: String = ['4', before, c, after, ' ', '5'].iter().collect();
                    let (new, old) = (score(&text), score_passing(&text, letter_digit_space));
                    assert_eq!(new, old, "{text:?}");
                }
            }
        }
    }

    #[test]
    fn box_drawing_and_guillemets_by_their_neighbours() {
        assert!(score("Home » News") > score("Homeķ»News"));
        assert!(score("╔══╗") > 0);
        assert!(score("cal╗au") < 0);
        assert!(score("価格@円") < score("価格 円"));
        // Alone between spaces only a vertical line is at home.
        assert!(score("Home ╞ News") < score("Home » News"));
        assert_eq!(score("File │ Edit"), 0);
    }
}
