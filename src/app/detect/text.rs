//! How much decoded text looks like text people write: the evidence every candidate
//! encoding is judged by once its decoder has turned the bytes into characters.
//!
//! Each character earns a weight by what it is (a letter of a living alphabet, a common CJK
//! ideograph or syllable, a punctuation mark, a symbol, a control) and loses some for what
//! it does next to the character before it (a change of script or of case inside a word, a
//! symbol between two letters). Mis-decoded text is full of exactly those: C1 controls,
//! `Ã©`-style letter pairs, quotes inside words, rare ideographs. No trained statistics are
//! involved: the "common" CJK sets are the first levels of the national standards
//! (GB 2312 level 1, Big5's frequent characters, JIS X 0208 level 1, KS X 1001's hangul),
//! read off the decoders themselves by a generator ([`super::common_cjk`]).

#![forbid(unsafe_code)]

use super::common_cjk;
use super::letters::{is_letter, is_lower, is_upper};
use super::punct;
use std::cell::RefCell;

/// The writing system of a letter, for the change-of-script penalty.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Script {
    Latin,
    Cyrillic,
    Greek,
    Hebrew,
    Arabic,
    Thai,
    Han,
    Kana,
    Hangul,
    Other,
}

/// The tally of one decoded text.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// The sum of the weights.
    pub score: f64,
    /// CJK ideographs.
    pub han: usize,
    /// Hiragana and katakana.
    pub kana: usize,
    /// Hangul syllables.
    pub hangul: usize,
    /// Ideographs, kana and syllables with a space before or after them.
    pub cjk_by_space: usize,
}

/// Scores `text`: the higher, the more it reads like text.
pub fn tally(text: &str) -> Tally {
    let mut t = Tallier::default();
    for c in text.chars() {
        t.push(c);
    }
    t.finish(punct::score(text))
}

/// The tally of a text read one character at a time. Weights are counted in tenths, in an
/// integer: a sum that does not depend on the order of its terms, so that a code page's
/// reading summed from a window's counts ([`Parts`]) scores exactly as when read whole.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tallier {
    /// The sums so far.
    parts: Parts,
    /// The character before.
    prev: Option<Info>,
    /// Whether the character before `prev` is a letter.
    prev2_letter: bool,
    /// Whether `prev` is a symbol that weighs against the text.
    prev_symbol: bool,
    /// The script of the last letter before the current non-letters.
    last_script: Option<Script>,
    /// Whether the letter just read began a word in another script than that one.
    island: bool,
}

/// The sums a tally is made of, which do not depend on the order they are gathered in: a
/// [`Tallier`]'s, or those a code page's reading adds up from the counts of a window's
/// bytes and byte pairs ([`Parts::add`], [`Parts::add_pairs`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Parts {
    /// The sum of the weights and penalties, in tenths.
    tenths: i64,
    han: usize,
    kana: usize,
    hangul: usize,
    /// Ideographs, kana and syllables with a space before or after them.
    cjk_by_space: usize,
    /// Letters of scripts written with spaces, and whitespace characters.
    spaced_letters: usize,
    spaces: usize,
}

impl Parts {
    /// The sum so far of the weights and penalties, in tenths.
    pub fn tenths(&self) -> i64 {
        self.tenths
    }

    /// Adds `n` characters of `info`: their weight, and what they count as.
    pub fn add(&mut self, info: Info, n: usize) {
        self.tenths += i64::from(info.w) * n as i64;
        if info.is(SPACED) {
            self.spaced_letters += n;
        } else if info.is(CJK) {
            match info.script {
                Some(Script::Han) => self.han += n,
                Some(Script::Kana) => self.kana += n,
                _ => self.hangul += n,
            }
        } else if info.is(WHITESPACE) && info.script.is_none() {
            self.spaces += n;
        }
    }

    /// Adds `n` pairs of `p` followed by `c`: what the pair costs, and whether it is a
    /// CJK character beside a space.
    pub fn add_pairs(&mut self, p: Info, c: Info, n: usize) {
        self.tenths -= pair_penalty(p, c) * n as i64;
        if by_space(p, c) {
            self.cjk_by_space += n;
        }
    }

    /// Takes off what `n` symbols between two letters cost ([`Info::splits_letters`]).
    pub fn split_words(&mut self, n: usize) {
        self.tenths -= SPLIT * n as i64;
    }

    /// Takes off what `n` one-letter words in another alphabet cost ([`Info::island_after`]).
    pub fn islands(&mut self, n: usize) {
        self.tenths -= ISLAND * n as i64;
    }

    /// The tally, with `punct` (in tenths, [`punct::score`]) added.
    pub fn finish(mut self, punct: i32) -> Tally {
        self.tenths += i64::from(punct);
        // Scripts written with spaces between words: a long run of letters without any is
        // not text in them (EBCDIC read as an ASCII code page has `@` where its spaces were).
        if self.spaced_letters >= WORDLESS_MIN && self.spaces * WORDLESS_RATIO < self.spaced_letters
        {
            self.tenths -= 10 * self.spaced_letters as i64;
        }
        Tally {
            score: self.tenths as f64 / 10.0,
            han: self.han,
            kana: self.kana,
            hangul: self.hangul,
            cjk_by_space: self.cjk_by_space,
        }
    }
}

/// Whether `p` then `c` is an ideograph, kana or syllable beside a space.
fn by_space(p: Info, c: Info) -> bool {
    c.is(CJK) && p.c == ' ' || p.is(CJK) && c.c == ' '
}

/// What a symbol between two letters costs, in tenths.
const SPLIT: i64 = 20;

impl Tallier {
    /// Reads the next character.
    pub fn push(&mut self, c: char) {
        if let Some(p) = self.prev
            && p.is(ASCII)
            && c.is_ascii()
        {
            return self.push_ascii_after_ascii(c as u8);
        }
        self.push_info(Info::of(c));
    }

    /// [`Tallier::push`] of any character after any other.
    #[cfg(test)]
    fn push_any(&mut self, c: char) {
        self.push_info(Info::of(c));
    }

    /// [`Tallier::push`] of the character `info` is about.
    pub fn push_info(&mut self, info: Info) {
        let script = info.script;
        self.parts.add(info, 1);
        // A one-letter word in another alphabet than the words before it: a symbol read as
        // a letter (`Home ป News` for the `»` of a breadcrumb).
        let letter_before = self.prev.is_some_and(|p| p.is(LETTER));
        match script {
            Some(_) if !letter_before => self.island = info.island_after(self.last_script),
            Some(_) => self.island = false,
            None if self.island => {
                self.parts.islands(1);
                self.island = false;
            }
            None => {}
        }
        if script.is_some() {
            self.last_script = script;
        }
        if let Some(p) = self.prev {
            self.parts.add_pairs(p, info, 1);
        }
        // A symbol between two letters: a letter mis-decoded.
        if self.prev_symbol && self.prev2_letter && script.is_some() {
            self.parts.split_words(1);
        }
        self.prev2_letter = letter_before;
        self.prev_symbol = info.splits_letters();
        self.prev = Some(info);
    }

    /// [`Tallier::push`] of an ASCII character after another: most of any text, and
    /// nothing but its weight to add (every penalty is about a non-ASCII character, and an
    /// island ends at the first character after it).
    fn push_ascii_after_ascii(&mut self, b: u8) {
        let info = Info::of_ascii(b);
        self.parts.tenths += i64::from(info.w);
        if info.script.is_some() {
            self.parts.spaced_letters += 1;
            self.last_script = info.script;
        } else if info.is(WHITESPACE) {
            self.parts.spaces += 1;
        }
        self.prev2_letter = self.prev.is_some_and(|p| p.is(LETTER));
        self.prev_symbol = false;
        self.prev = Some(info);
    }

    /// The tally, with `punct` (in tenths, [`punct::score`]) added.
    pub fn finish(mut self, punct: i32) -> Tally {
        if self.island {
            self.parts.islands(1);
        }
        self.parts.finish(punct)
    }
}

/// What the pair of `p` and `c` costs, in tenths.
fn pair_penalty(p: Info, c: Info) -> i64 {
    let mut cost = 0;
    if p.is(LETTER) && c.is(LETTER) && (!p.is(ASCII) || !c.is(ASCII)) {
        if p.script != c.script && p.is(ALPHABETIC) && c.is(ALPHABETIC) {
            cost += 30;
        }
        if p.is(LOWER) && c.is(UPPER) {
            cost += 15;
        }
    }
    // An ideograph or syllable touching a Latin letter: a pair of Latin bytes read as one
    // double-byte character.
    if c.is(CJK) && p.is(ASCII_LETTER) || p.is(CJK) && c.is(ASCII_LETTER) {
        cost += 25;
    }
    // A non-ASCII letter against a digit: the digits of GB18030's four-byte sequences or a
    // double-byte trail read as single bytes.
    if (c.is(LETTER) && !c.is(ASCII) && p.is(DIGIT) || p.is(LETTER) && !p.is(ASCII) && c.is(DIGIT))
        && !c.is(CJK)
        && !p.is(CJK)
    {
        cost += 15;
    }
    cost
}

/// What the tally asks of a character, worked out once (for a code page's characters,
/// once per byte).
#[derive(Clone, Copy, Debug)]
pub struct Info {
    c: char,
    /// Its weight in tenths.
    w: i32,
    /// Its script, if it is a letter.
    script: Option<Script>,
    /// What it is, as bits: [`ASCII`], [`WHITESPACE`]...
    flags: u16,
}

/// How many answers of [`Info::general`] are kept, by the character's code point modulo this.
const KNOWN_SLOTS: usize = 256;

thread_local! {
    /// The last answers of [`Info::general`]: one window's readings ask it of the same
    /// characters many times (every code page's bound and tally asks it of the characters
    /// of the window's high bytes, and a CJK text repeats its characters), and each answer
    /// takes about 150 instructions.
    static KNOWN: RefCell<[Option<Info>; KNOWN_SLOTS]> = const { RefCell::new([None; KNOWN_SLOTS]) };
}

/// `flag` if `test`, else nothing.
const fn flag_if(test: bool, flag: u16) -> u16 {
    if test { flag } else { 0 }
}

/// [`Info::ascii`] of each ASCII character.
static ASCII_INFOS: [Info; 128] = {
    let mut infos = [Info::ascii(0); 128];
    let mut b = 0;
    while b < 128 {
        infos[b] = Info::ascii(b as u8);
        b += 1;
    }
    infos
};

const ASCII: u16 = 1;
const WHITESPACE: u16 = 2;
const LOWER: u16 = 4;
const UPPER: u16 = 8;
/// An ASCII digit.
const DIGIT: u16 = 16;
const ASCII_LETTER: u16 = 32;
/// A letter (it has a script).
const LETTER: u16 = 64;
/// A letter of a script written with an alphabet ([`alphabetic`]).
const ALPHABETIC: u16 = 128;
/// A letter of a script written with spaces between words ([`spaced`]).
const SPACED: u16 = 256;
/// An ideograph, kana or hangul syllable.
const CJK: u16 = 512;

impl Info {
    /// Its weight, in tenths: what it adds to a tally, before any penalty for its
    /// neighbours.
    pub fn tenths(&self) -> i32 {
        self.w
    }

    /// The character.
    pub fn char(&self) -> char {
        self.c
    }

    /// What the tally asks of `c`.
    pub fn of(c: char) -> Info {
        if c.is_ascii() {
            return Info::of_ascii(c as u8);
        }
        let slot = c as usize % KNOWN_SLOTS;
        if let Some(info) = KNOWN.with_borrow(|known| known[slot]).filter(|i| i.c == c) {
            return info;
        }
        let info = Info::general(c);
        KNOWN.with_borrow_mut(|known| known[slot] = Some(info));
        info
    }

    /// [`Info::of`] by the general questions, which [`Info::of_ascii`] answers faster for
    /// ASCII.
    fn general(c: char) -> Info {
        let (w, script) = weight(c);
        let flags = [
            (c.is_ascii(), ASCII),
            (c.is_whitespace(), WHITESPACE),
            (is_lower(c), LOWER),
            (is_upper(c), UPPER),
            (c.is_ascii_digit(), DIGIT),
            (c.is_ascii_alphabetic(), ASCII_LETTER),
            (script.is_some(), LETTER),
            (script.is_some_and(alphabetic), ALPHABETIC),
            (script.is_some_and(spaced), SPACED),
            (cjk(script), CJK),
        ];
        Info {
            c,
            w,
            script,
            flags: flags.iter().filter(|f| f.0).fold(0, |a, f| a | f.1),
        }
    }

    /// [`Info::of`] an ASCII character.
    pub fn of_ascii(b: u8) -> Info {
        ASCII_INFOS[(b & 0x7F) as usize]
    }

    /// [`Info::of`] an ASCII character, worked out when the program is compiled.
    const fn ascii(b: u8) -> Info {
        let letter = b.is_ascii_alphabetic();
        let w = match b {
            b'\t' | b'\n' | 0x0C | b'\r' => 0,
            0x00..=0x1F | 0x7F => -100,
            _ if letter => 2,
            _ => 0,
        };
        let letters = flag_if(letter, ASCII_LETTER | LETTER | ALPHABETIC | SPACED);
        Info {
            c: b as char,
            w,
            script: if letter { Some(Script::Latin) } else { None },
            flags: ASCII
                | flag_if(b.is_ascii_whitespace() || b == 0x0B, WHITESPACE)
                | flag_if(b.is_ascii_lowercase(), LOWER)
                | flag_if(b.is_ascii_uppercase(), UPPER)
                | flag_if(b.is_ascii_digit(), DIGIT)
                | letters,
        }
    }

    fn is(self, flag: u16) -> bool {
        self.flags & flag != 0
    }

    /// Whether it is a letter (it has a script).
    pub fn is_letter(self) -> bool {
        self.is(LETTER)
    }

    /// Whether it is a symbol that, standing between a letter and a letter, costs the text
    /// something: a letter mis-decoded ([`Parts::split_words`]).
    pub fn splits_letters(self) -> bool {
        !self.is(LETTER) && !self.is(ASCII) && self.w < 0
    }

    /// Whether it could stand alone as a one-letter word in another alphabet than the text
    /// before it ([`Info::island_after`]): a letter of an alphabet, not ASCII.
    pub fn may_be_island(self) -> bool {
        !self.is(ASCII) && self.is(ALPHABETIC)
    }

    /// Whether this letter, beginning a word, is in another alphabet than `last`'s (the
    /// script of the last letter before it): if the word ends with it, it is an island
    /// ([`Parts::islands`]).
    fn island_after(self, last: Option<Script>) -> bool {
        let Some(s) = self.script else {
            return false;
        };
        self.may_be_island() && last.is_some_and(|l| l != s && alphabetic(l))
    }

    /// [`Info::island_after`] the letter `last`.
    pub fn island_after_letter(self, last: Info) -> bool {
        self.island_after(last.script)
    }
}

/// What a one-letter word in another alphabet than the text before it costs, in tenths.
const ISLAND: i64 = 20;

/// How many letters the word-length test needs at least.
const WORDLESS_MIN: usize = 40;
/// Letters per space above which text in a spaced script has no words.
const WORDLESS_RATIO: usize = 30;

/// Scripts that put spaces between words.
fn spaced(s: Script) -> bool {
    use Script::*;
    matches!(s, Latin | Cyrillic | Greek | Hebrew | Arabic)
}

fn cjk(s: Option<Script>) -> bool {
    matches!(s, Some(Script::Han | Script::Kana | Script::Hangul))
}

/// Scripts written with an alphabet, in which a word does not change script.
fn alphabetic(s: Script) -> bool {
    !matches!(
        s,
        Script::Han | Script::Kana | Script::Hangul | Script::Other
    )
}

/// A character's weight in tenths, and its script if it is a letter.
fn weight(c: char) -> (i32, Option<Script>) {
    use Script::*;
    let u = c as u32;
    let letter = |w: i32, s: Script| (w, Some(s));
    match u {
        0x09 | 0x0A | 0x0C | 0x0D | 0x20 => (0, None),
        0x41..=0x5A | 0x61..=0x7A => letter(2, Latin),
        0x21..=0x7E => (0, None),
        0x00..=0x1F | 0x7F..=0x9F => (-100, None),
        0xA0 => (0, None),
        0xAB | 0xBB | 0xB0 | 0xA9 | 0xAE | 0xA7 | 0xA3 | 0xBF | 0xA1 | 0xB7 => (-5, None),
        0xA2..=0xBF => (-15, None),
        0xD7 | 0xF7 => (-15, None),
        0xC0..=0xFF => letter(10, Latin),
        0x100..=0x17F => letter(5, Latin),
        0x218..=0x21B => letter(5, Latin),
        0x180..=0x24F => letter(-5, Latin),
        0x386..=0x3CE => letter(10, Greek),
        0x410..=0x44F | 0x401 | 0x451 => letter(10, Cyrillic),
        0x404 | 0x406 | 0x407 | 0x40E | 0x454 | 0x456 | 0x457 | 0x45E | 0x490 | 0x491 => {
            letter(7, Cyrillic)
        }
        0x400..=0x45F => letter(3, Cyrillic),
        // The letters of the Turkic and Iranian languages written in Cyrillic (Kazakh ә ғ
        // қ ң ө ұ ү һ, Tajik ӣ ӯ ҳ ҷ), which only their own code pages (RK1048, PT154,
        // KOI8-T) hold: as much a Cyrillic letter as Macedonian ќ, not a letter of no
        // script, so that a Kazakh word is one word in one script.
        0x460..=0x52F if is_letter(c) => letter(3, Cyrillic),
        0x5D0..=0x5EA => letter(10, Hebrew),
        0x591..=0x5C7 => (0, None),
        0x621..=0x64A => letter(10, Arabic),
        0x60C | 0x61B | 0x61F | 0x64B..=0x652 | 0x660..=0x669 => (0, None),
        0xE01..=0xE3A | 0xE40..=0xE4E => letter(10, Thai),
        0x1EA0..=0x1EF9 => letter(5, Latin),
        0x2013 | 0x2014 | 0x2018 | 0x2019 | 0x201C..=0x201E | 0x2022 | 0x2026 => (-3, None),
        0x20AC | 0x2116 => (0, None),
        // Judged by their neighbours in [`super::punct`].
        0x2500..=0x259F | 0x300..=0x36F => (0, None),
        0x3000..=0x303F => letter(10, Han),
        0x3041..=0x3096 | 0x30A1..=0x30FC => letter(30, Kana),
        0x4E00..=0x9FFF => {
            if common_han(c) {
                letter(30, Han)
            } else {
                letter(-15, Han)
            }
        }
        0xAC00..=0xD7A3 => {
            if common_hangul(c) {
                letter(30, Hangul)
            } else {
                letter(-20, Hangul)
            }
        }
        0x3131..=0x318E => letter(-20, Hangul),
        0x3400..=0x4DBF | 0x20000..=0x3FFFF => letter(-30, Han),
        0xFF01..=0xFF5E => letter(10, Han),
        0xFF61..=0xFF9F => letter(-10, Kana),
        0xE000..=0xF8FF | 0xFFFD..=0xFFFF => (-60, None),
        _ if is_letter(c) => letter(-10, Other),
        _ => (-20, None),
    }
}

/// Whether `c` (an ideograph from U+4E00) is one of the standards' common ones.
fn common_han(c: char) -> bool {
    bit(&common_cjk::HAN, c as u32 - 0x4E00)
}

/// Whether `c` (a syllable from U+AC00) is one of the standards' common ones.
fn common_hangul(c: char) -> bool {
    bit(&common_cjk::HANGUL, c as u32 - 0xAC00)
}

fn bit(bits: &[u64], i: u32) -> bool {
    bits.get((i / 64) as usize)
        .is_some_and(|w| w & (1 << (i % 64)) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_answers_are_the_characters_own() {
        // Characters that share a slot, asked in turn, each twice.
        let chars = [
            '\u{430}', '\u{530}', '\u{e9}', '\u{ac00}', '\u{430}', '\u{e9}',
        ];
        for _ in 0..2 {
            for c in chars {
                assert_eq!(
                    format!("{:?}", Info::of(c)),
                    format!("{:?}", Info::general(c))
                );
            }
        }
    }

    #[test]
    fn real_text_beats_mojibake() {
        let real = tally("Größe und Überprüfung der Qualität").score;
        let moji = tally("GrÃ¶ÃŸe und Ãœberprüfung der QualitÃ¤t").score;
        assert!(real > moji, "{real} {moji}");
        let ru = tally("Все люди рождаются свободными").score;
        let koi_as_1251 = tally("бЯЕ КЧДХ ПНФДЮЧРЯЪ ЯБНАНДМШЛХ").score;
        assert!(ru > koi_as_1251, "{ru} {koi_as_1251}");
    }

    #[test]
    fn a_letter_of_another_alphabet_alone_is_an_island() {
        // windows-874 reads windows-1252's `»` as `ป`.
        let thai = tally("Home \u{e1b} Blog").score;
        let word = tally("Home \u{e1b}\u{e32} Blog").score;
        assert!(thai < tally("Home \u{bb} Blog").score, "{thai}");
        assert!(thai + ISLAND as f64 / 10.0 - 0.01 < word, "{thai} {word}");
        // Not after the same alphabet, nor at the start.
        assert_eq!(tally("\u{e1b}").score, 1.0);
        assert_eq!(tally("\u{e40}\u{e1b} \u{e1b}").score, 3.0);
    }

    #[test]
    fn kazakh_letters_are_cyrillic_letters() {
        assert_eq!(weight('қ'), (3, Some(Script::Cyrillic)));
        assert_eq!(weight('ҷ'), (3, Some(Script::Cyrillic)));
        // A Kazakh word is one word in one script: its letters' weights and nothing more
        // (no island of another script inside it), seven Russian letters, і and ө.
        let word = tally("сөйлейміз").score;
        assert!((word - (7.0 + 0.7 + 0.3)).abs() < 1e-9, "{word}");
    }

    #[test]
    fn typographic_quotes_are_punctuation() {
        // ISO-8859-13's `„` (A5) is windows-1252's `¥`.
        assert!(tally("\u{201e}Anton\u{201c} oli").score > tally("\u{a5}Anton\u{b4} oli").score);
    }

    #[test]
    fn letters_without_spaces_are_not_words() {
        let spaced = "Alle Menschen sind frei und gleich an Würde und Rechten geboren.";
        let wordless = spaced.replace(' ', "@");
        let (a, b) = (tally(spaced).score, tally(&wordless).score);
        assert!(a > b + 40.0, "{a} {b}");
    }

    #[test]
    fn ascii_after_ascii_reads_as_any_character_does() {
        let sample = [
            'a', 'Z', ' ', '\t', '\n', '\u{b}', '\u{c}', '\r', '\0', '\u{1f}', '\u{7f}', '1', '.',
            '!', 'é', 'ж', 'Ω', '中', '\u{e1b}', '»', '\u{301}', 'ａ',
        ];
        for &a in &sample {
            for &b in &sample {
                for &c in &sample {
                    for &d in &sample {
                        let (mut fast, mut slow) = (Tallier::default(), Tallier::default());
                        for ch in [a, b, c, d] {
                            fast.push(ch);
                            slow.push_any(ch);
                        }
                        let counts = |t: &Tallier| (t.parts.spaces, t.parts.spaced_letters);
                        assert_eq!(counts(&fast), counts(&slow));
                        let (f, s) = (fast.finish(0), slow.finish(0));
                        assert_eq!(f.score.to_bits(), s.score.to_bits(), "{a:?}{b:?}{c:?}{d:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn ascii_answers_are_the_general_answers() {
        for b in 0..0x80u8 {
            let (fast, general) = (Info::of_ascii(b), Info::general(char::from(b)));
            let key = |i: Info| (i.c, i.w, i.script, i.flags);
            assert_eq!(key(fast), key(general), "{b:#x}");
        }
    }

    #[test]
    fn common_sets_come_from_the_standards() {
        assert!(common_han('中') && common_han('的'));
        assert!(!common_han('\u{9FA5}'));
        assert!(common_hangul('한') && !common_hangul('\u{D7A3}'));
    }
}
