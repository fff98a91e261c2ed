//! The walk over every character that [`super::tally`] replaced, and the scores as they
//! were taken before the languages' weights of the letters standing alone and of the ASCII
//! pairs were looked up once for all languages: the reference the fast paths are checked
//! against, bit for bit.

use super::{
    ASCII_WEIGHT, AsciiCounts, Counted, INSIDE, LANGUAGES, Lone, UNSEEN, WORD_JOINERS, apostrophe,
    ascii_index, capital_inside, cyrillic, elided, islands, judged, merge_all, mixed_pairs,
    national, other_script, rare_symbol,
};
use crate::app::detect::index::{ASCII_PAIRS, LANGS, UNSEEN_TENTHS};
use crate::app::detect::letters::{is_letter, is_lower, is_upper, to_lower};
use unicode_normalization::UnicodeNormalization;

/// [`super::fit`] as it was.
pub(super) fn fit(text: &str) -> Option<(&'static str, f64)> {
    scores(text)?.into_iter().max_by(|a, b| a.1.total_cmp(&b.1))
}

/// [`super::scores`] as it was (without the cache of the ASCII gaps, which changes no
/// answer).
pub(super) fn scores(text: &str) -> Option<Vec<(&'static str, f64)>> {
    let (counts, lone, ascii) = pairs(text);
    if counts.is_empty() {
        return None;
    }
    let judged: u32 = counts.iter().map(|c| c.1).sum();
    let gaps = ascii_gaps(&ascii);
    let worst = gaps.iter().flatten().copied().fold(0.0, f64::min);
    let islands = if lone.iter().any(|l| other_script(l.0)) {
        islands(text)
    } else {
        0
    };
    let mixed = f64::from(mixed_pairs(&counts) + 2 * islands);
    let merged = merge_all(&counts);
    let scores = LANGUAGES
        .iter()
        .zip(gaps)
        .zip(merged)
        .map(|(((name, table, words, _), gap), merged)| {
            let ascii = match gap {
                Some(gap) => gap * f64::from(judged),
                None => worst * mixed,
            };
            (
                *name,
                merged + lone_words(&lone, table, words) + ASCII_WEIGHT * ascii,
            )
        })
        .collect();
    Some(scores)
}

/// [`super::ascii_gaps`] taken one language at a time, from each language's own table of
/// ASCII pairs rather than the index's rows: the weights of the pairs it has, and
/// [`UNSEEN`] for each other pair.
pub(super) fn ascii_gaps(ascii: &AsciiCounts) -> Vec<Option<f64>> {
    let total: u32 = ascii.iter().sum();
    let mut sums = [0i64; LANGS];
    for (l, (_, _, _, table)) in LANGUAGES.iter().enumerate() {
        let mut seen = 0;
        for &(a, b, w) in table.iter() {
            let n = ascii_index(char::from(a), char::from(b)).map_or(0, |i| ascii[i]);
            seen += i64::from(n);
            sums[l] += i64::from(w) * i64::from(n);
        }
        sums[l] += (i64::from(total) - seen) * i64::from(UNSEEN_TENTHS);
    }
    super::gaps_of(total, &sums)
}

/// What one-letter words change in one language's score, as [`super::lone_sums`] takes it
/// for every language at once.
fn lone_words(lone: &[Lone], table: &[(char, char, i8)], words: &str) -> f64 {
    let weight = |pair: (char, char)| {
        table
            .binary_search_by(|&(a, b, _)| (a, b).cmp(&pair))
            .map_or(UNSEEN, |i| {
                table.get(i).map_or(UNSEEN, |t| f64::from(t.2) / 10.0)
            })
    };
    lone.iter()
        .filter(|&&(c, stray, _)| stray || !cyrillic(c) && !words.contains(c))
        .map(|&(c, _, n)| f64::from(n) * (2.0 * UNSEEN - weight((' ', c)) - weight((c, ' '))))
        .sum()
}

/// The pairs the model scores, with their counts: lowercased letters, anything else a
/// space, runs of spaces one; only pairs with a non-ASCII letter of an alphabetic script
/// (ideographs, kana and hangul are judged elsewhere). Then the non-ASCII letters that
/// stand alone as a word, lowercased, with their counts (see [`Lone`]).
pub(super) fn pairs(text: &str) -> (Vec<Counted>, Vec<Lone>, AsciiCounts) {
    // Every pair as one number, sorted and counted at the end: cheaper than a map updated at
    // every character.
    let mut seen: Vec<u64> = Vec::with_capacity(text.len() / 2);
    let mut ascii = [0; ASCII_PAIRS];
    let mut lone: Vec<Lone> = Vec::new();
    let composed: String;
    // windows-1258 and decomposed text: the model is of composed text.
    let text = if text.chars().any(|c| ('\u{300}'..='\u{36F}').contains(&c)) {
        composed = text.nfc().collect();
        &composed
    } else {
        text
    };
    let mut prev = ' ';
    // The two characters before, as they were.
    let mut raw_prev = ' ';
    let mut raw_prev2 = ' ';
    // The last character that is not a space, as it was.
    let mut last = '.';
    let mut chars = text.chars().peekable();
    while let Some(raw) = chars.next() {
        let next = chars.peek().copied().unwrap_or(' ');
        // (The character's own test first: most characters are letters or spaces, and
        // this runs on every character of up to ten readings.)
        let inside = (national(raw)
            || !raw.is_ascii()
                && !is_letter(raw)
                && !raw.is_whitespace()
                && (!WORD_JOINERS.contains(&raw)
                    || raw == '\u{2019}' && !apostrophe(chars.clone())))
            && (is_letter(raw_prev) || elided(raw_prev2, raw_prev))
            && is_letter(next)
            || capital_inside(raw_prev2, raw_prev, raw)
            || rare_symbol(raw) && is_lower(next);
        if !raw.is_ascii() && is_letter(raw) && !is_letter(raw_prev) && !is_letter(next) && !inside
        {
            let c = to_lower(raw);
            // A capital standing alone begins a sentence or a line, or follows a separator
            // or a word in capitals; after a small word it is no word at all (`Home È News`
            // for Mac Roman's `»`).
            // A letter glued to a number is no word either: a currency sign read as a
            // letter (`£825` as KOI8-R's `ё825`, where Tajik has a word `ё`), except the
            // ordinal indicators written after numbers (`1ª`, `2º`).
            let stray = is_upper(raw) && (is_lower(last) || last.is_ascii_digit() || last == ',')
                || (raw_prev.is_ascii_digit() || next.is_ascii_digit())
                    && !matches!(raw, '\u{AA}' | '\u{BA}');
            match lone.iter_mut().find(|l| (l.0, l.1) == (c, stray)) {
                Some(l) => l.2 += 1,
                None => lone.push((c, stray, 1)),
            }
        }
        // A line break ends a sentence as a stop does (a title above its text).
        if raw == '\n' {
            last = '.';
        } else if !raw.is_whitespace() {
            last = raw;
        }
        raw_prev2 = raw_prev;
        raw_prev = raw;
        let c = raw;
        let c = if inside {
            INSIDE
        } else if c.is_ascii() {
            if c.is_ascii_alphabetic() {
                c.to_ascii_lowercase()
            } else {
                ' '
            }
        } else if is_letter(c) {
            to_lower(c)
        } else {
            ' '
        };
        if c == ' ' && prev == ' ' {
            continue;
        }
        if (judged(c) || judged(prev))
            && (c.is_ascii() || judged(c))
            && (prev.is_ascii() || judged(prev))
        {
            seen.push(u64::from(prev) << 32 | u64::from(c));
        } else if let Some(n) = ascii_index(prev, c).and_then(|i| ascii.get_mut(i)) {
            *n += 1;
        }
        prev = c;
    }
    (counted(seen), lone, ascii)
}

/// The distinct pairs of `seen` (each packed as `first << 32 | second`), in order, with how
/// many times each occurs.
fn counted(mut seen: Vec<u64>) -> Vec<Counted> {
    seen.sort_unstable();
    let mut counts: Vec<Counted> = Vec::new();
    for key in seen {
        let char_at = |shift: u32| char::from_u32((key >> shift) as u32).unwrap_or(' ');
        let pair = (char_at(32), char_at(0));
        match counts.last_mut() {
            Some((last, n)) if *last == pair => *n += 1,
            _ => counts.push((pair, 1)),
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The characters the generated texts are made of, in groups that a text mixes in
    /// its own proportions: ASCII words and what stands between them, the national
    /// symbols, Latin-1 and Latin Extended letters and symbols, Cyrillic, Greek, the
    /// combining marks, apostrophes and joiners, other spaces, ideographs.
    const GROUPS: [&str; 10] = [
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ       ",
        " .,;:!?-'\"()0123456789\n\t\r\u{b}\u{c}/@#$%&*+=<>_",
        "[\\]^`{|}~",
        "\u{e0}\u{e1}\u{e2}\u{e4}\u{e5}\u{e6}\u{e7}\u{e8}\u{e9}\u{eb}\u{ef}\u{f1}\u{f6}\u{f8}\u{fc}\u{df}\u{c0}\u{c9}\u{c8}\u{d6}\u{dc}\u{c5}\u{d8}\u{aa}\u{ba}\u{b5}\u{153}\u{165}\u{13c}\u{142}\u{17e}\u{130}\u{1ea1}",
        "\u{a2}\u{a3}\u{a4}\u{a5}\u{a6}\u{a8}\u{ab}\u{ac}\u{af}\u{b0}\u{b1}\u{b2}\u{b4}\u{b6}\u{b8}\u{b9}\u{bb}\u{bc}\u{bd}\u{be}\u{bf}\u{a1}\u{a9}\u{2022}\u{2018}\u{201c}\u{201d}\u{2013}\u{2014}\u{20ac}\u{fffd}",
        "\u{430}\u{431}\u{432}\u{435}\u{438}\u{43a}\u{43b}\u{43e}\u{441}\u{442}\u{443}\u{44f}\u{451}\u{456}\u{452}\u{459}\u{49b}\u{4e9}\u{410}\u{418}\u{41c}\u{42f}\u{401}",
        "\u{3b1}\u{3b2}\u{3b5}\u{3b9}\u{3ba}\u{3bb}\u{3bd}\u{3bf}\u{3c1}\u{3c2}\u{3c3}\u{3c4}\u{391}\u{395}\u{3a3}\u{3ac}\u{3cc}\u{5e9}\u{5dc}\u{627}\u{644}\u{e28}\u{e01}",
        "\u{300}\u{301}\u{302}\u{303}\u{308}\u{30a}\u{327}\u{328}\u{36f}",
        "'\u{2019}\u{2019}\u{2bc}\u{b7}\u{2010}\u{2011}\u{ad}\u{a0}\u{2009}\u{3000}\u{2028}",
        "\u{4e00}\u{4e2d}\u{6587}\u{3042}\u{30a2}\u{ac00}\u{2e80}\u{1f600}",
    ];

    /// A xorshift generator: the same texts on every run.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// A text of up to `len` characters drawn from the groups with random weights.
    fn text(rng: &mut Rng, len: usize) -> String {
        let weights: Vec<usize> = GROUPS
            .iter()
            .map(|_| [0, 0, 1, 1, 2, 4, 8, 16][rng.below(8)])
            .collect();
        let total: usize = weights.iter().sum::<usize>().max(1);
        let chars: Vec<Vec<char>> = GROUPS.iter().map(|g| g.chars().collect()).collect();
        let mut out = String::new();
        for _ in 0..rng.below(len + 1) {
            let mut pick = rng.below(total);
            let group = weights
                .iter()
                .position(|&w| {
                    let hit = pick < w;
                    pick = pick.saturating_sub(w);
                    hit
                })
                .unwrap_or(0);
            let group = &chars[group];
            out.push(group[rng.below(group.len())]);
        }
        out
    }

    /// Texts written by hand that the generated ones may miss.
    const WRITTEN: [&str; 12] = [
        "",
        "Gr\u{f6}\u{df}e und Qualit\u{e4}t f\u{fc}r B\u{fc}rger, \u{e7}a va tr\u{e8}s bien \u{e0} Paris",
        "\u{412}\u{441}\u{435} \u{43b}\u{44e}\u{434}\u{438} \u{440}\u{43e}\u{436}\u{434}\u{430}\u{44e}\u{442}\u{441}\u{44f} \u{418} Google",
        "GrÃ¶ÃŸe ÐºÐ¾ Ñ‚ ge\u{2022}ntegreerd \u{395}\u{3bb}\u{3bb}\u{3b7}\u{3bd}\u{3b9}\u{3ba}\u{3ac} \u{5e9}\u{5dc}\u{5d5}\u{5dd}",
        "La fa{on de Fran{ois, t~iss\u{e4}, a {b} c ~ d",
        "the management\u{dc}. Stra\u{df}e, h\u{c9}ireann",
        "Home \u{165} Blog. Home \u{c8} News\nFine.\n\u{c8} nata, Home \u{418} News",
        "stand to lift \u{451}825 on a \u{451}2 bet, el 1\u{aa} y el 2\u{ba}",
        "l\u{2019}homme don\u{2019}t ge\u{2019}ntegreerd L'\u{bd}uf les \u{bd}ufs \u{bf}Qu\u{e9}?",
        "Home \u{e28} Black Sea and the Blue Economy, \u{43b}\u{44e}\u{434}\u{438} \u{438} Google",
        "Vie\u{302}t Nam, cafe\u{301}, n\u{303}, \u{300}alone, a\u{308}\u{308}",
        "1, 2.   \u{e9}    \u{e9}\u{a0}\u{a0}\u{a0}\u{e8}\n\n\u{c9} \t, \u{c9}",
    ];

    fn same(text: &str) {
        let sorted = |mut p: (Vec<Counted>, Vec<Lone>, AsciiCounts)| {
            p.0.sort_unstable_by_key(|c| c.0);
            p
        };
        assert_eq!(
            sorted(super::super::pairs(text, None)),
            pairs(text),
            "{text:?}"
        );
        // As the reading of a window of its own (each character above ASCII one high byte),
        // whose runs are then taken in one step; as another window's, walked in full.
        let window: Vec<u8> = text
            .chars()
            .map(|c| match u8::try_from(c) {
                Ok(b) if b.is_ascii() => b,
                _ => 0x80 | (u32::from(c) & 0x7F) as u8,
            })
            .collect();
        let runs = super::super::Runs::of(&window);
        assert_eq!(
            sorted(super::super::pairs(text, Some(&runs))),
            pairs(text),
            "{text:?}"
        );
        let other = super::super::Runs::of(b"an ASCII window [of] another text");
        assert_eq!(
            sorted(super::super::pairs(text, Some(&other))),
            pairs(text),
            "{text:?}"
        );
        let new = super::super::scores(text, None);
        let old = scores(text);
        let bits = |s: Option<Vec<(&'static str, f64)>>| {
            s.map(|s| {
                s.into_iter()
                    .map(|l| (l.0, l.1.to_bits()))
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(bits(new), bits(old), "{text:?}");
        let (new, old) = (super::super::fit(text), fit(text));
        assert_eq!(
            new.map(|f| (f.0, f.1.to_bits())),
            old.map(|f| (f.0, f.1.to_bits()))
        );
    }

    #[test]
    fn the_fast_walk_counts_what_the_reference_counts() {
        for text in WRITTEN {
            same(text);
        }
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        // How many texts had judged pairs, letters alone, symbols inside words, marks.
        let mut seen = [0; 4];
        for round in 0..30_000 {
            let text = text(&mut rng, [8, 40, 300][round % 3]);
            same(&text);
            let (counts, lone, _) = pairs(&text);
            let marks = text.chars().any(|c| ('\u{300}'..='\u{36F}').contains(&c));
            let inside = counts.iter().any(|c| c.0.0 == INSIDE || c.0.1 == INSIDE);
            for (n, hit) in
                seen.iter_mut()
                    .zip([!counts.is_empty(), !lone.is_empty(), inside, marks])
            {
                *n += usize::from(hit);
            }
        }
        // The texts reach every branch often enough to tell.
        assert!(seen.iter().all(|&n| n > 1_000), "{seen:?}");
    }

    #[test]
    fn the_gaps_are_the_references() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..2_000 {
            let (_, _, ascii) = pairs(&text(&mut rng, 400));
            let bits = |g: Vec<Option<f64>>| g.into_iter().map(|g| g.map(f64::to_bits));
            assert!(bits(super::super::ascii_gaps(&ascii)).eq(bits(ascii_gaps(&ascii))));
        }
    }

    #[test]
    fn no_symbol_that_stands_for_a_letter_is_a_letter() {
        // The fast walk skips the symbols' tests at letters.
        for u in 0..0x3000 {
            if let Some(c) = char::from_u32(u) {
                assert!(
                    !(rare_symbol(c) || national(c)) || !is_letter(c),
                    "U+{u:04X}"
                );
            }
        }
    }
}
