//! The language model of [`super::model`] indexed by pair, so that a reading's pairs are
//! looked up once for all languages: walking each of the ~50 sorted tables against the
//! reading's pairs was a fifth of the detector's time. Built by the compiler (constant
//! evaluation) from the model itself, so that nothing is built at run time, where one
//! process per file would pay for it every time, and the index cannot drift from the model.

#![forbid(unsafe_code)]

use super::model::LANGUAGES;

/// How many languages the model has.
pub const LANGS: usize = LANGUAGES.len();

/// A pair as one number, in the order of `(char, char)`.
pub const fn key(a: char, b: char) -> u64 {
    (a as u64) << 32 | b as u64
}

/// The key of language `l`'s pair at `i`, or `u64::MAX` past its end.
const fn head(l: usize, i: usize) -> u64 {
    let table = LANGUAGES[l].1;
    if i < table.len() {
        key(table[i].0, table[i].1)
    } else {
        u64::MAX
    }
}

/// Walks the union of every language's sorted pairs in order; `visit` sees each distinct
/// pair once with the cursors of the languages that have it (at that pair).
macro_rules! each_pair {
    (|$k:ident, $cur:ident| $visit:block) => {{
        let mut $cur = [0usize; LANGS];
        loop {
            let mut $k = u64::MAX;
            let mut l = 0;
            while l < LANGS {
                let h = head(l, $cur[l]);
                if h < $k {
                    $k = h;
                }
                l += 1;
            }
            if $k == u64::MAX {
                break;
            }
            $visit
            let mut l = 0;
            while l < LANGS {
                // (Each table's pairs are distinct: a repeat would be seen as a second pair
                // of the union and fail the test of strictly rising keys.)
                if head(l, $cur[l]) == $k {
                    $cur[l] += 1;
                }
                l += 1;
            }
        }
    }};
}

const fn counts() -> (usize, usize) {
    let (mut pairs, mut entries) = (0, 0);
    each_pair!(|k, cur| {
        pairs += 1;
        let mut l = 0;
        while l < LANGS {
            if head(l, cur[l]) == k {
                entries += 1;
            }
            l += 1;
        }
    });
    (pairs, entries)
}

// (The walk of the model by the compiler takes it a second or two: the lint that asks
// whether it is stuck in a loop is quieted.)

/// How many distinct pairs the languages have together.
#[allow(long_running_const_eval)]
pub const PAIRS: usize = counts().0;
/// How many (language, pair) weights there are.
#[allow(long_running_const_eval)]
const ENTRIES: usize = counts().1;

/// Every distinct pair, sorted.
#[allow(long_running_const_eval)]
pub static KEYS: [u64; PAIRS] = {
    let mut keys = [0u64; PAIRS];
    let mut n = 0;
    each_pair!(|k, cur| {
        let _ = cur;
        keys[n] = k;
        n += 1;
    });
    keys
};

/// Where the weights of `KEYS[i]` begin in [`WEIGHTS`]; they end where those of the next
/// begin.
#[allow(long_running_const_eval)]
pub static STARTS: [u16; PAIRS + 1] = {
    assert!(ENTRIES <= u16::MAX as usize && LANGS <= u8::MAX as usize);
    let mut starts = [0u16; PAIRS + 1];
    let (mut n, mut at) = (0, 0);
    each_pair!(|k, cur| {
        starts[n] = at as u16;
        let mut l = 0;
        while l < LANGS {
            if head(l, cur[l]) == k {
                at += 1;
            }
            l += 1;
        }
        n += 1;
    });
    starts[n] = at as u16;
    starts
};

/// The (language, weight in tenths of a nat) of each pair, languages in model order.
#[allow(long_running_const_eval)]
pub static WEIGHTS: [(u8, i8); ENTRIES] = {
    let mut weights = [(0u8, 0i8); ENTRIES];
    let mut at = 0;
    each_pair!(|k, cur| {
        let mut l = 0;
        while l < LANGS {
            if head(l, cur[l]) == k {
                weights[at] = (l as u8, LANGUAGES[l].1[cur[l]].2);
                at += 1;
            }
            l += 1;
        }
    });
    weights
};

/// Pairs of a space or ASCII letter with another: the rows of [`ASCII`].
pub const ASCII_PAIRS: usize = 27 * 27;

/// What a pair the language's table lacks costs, in tenths of a nat: [`super::lang`]'s
/// `UNSEEN`, which [`ASCII`] holds for it.
pub const UNSEEN_TENTHS: i8 = -30;

/// Where [`super::lang`] counts a pair of spaces and small ASCII letters, as code points:
/// its row of [`ASCII`]; `None` for other pairs.
pub const fn ascii_index(a: u32, b: u32) -> Option<usize> {
    const fn slot(c: u32) -> Option<usize> {
        match c {
            0x20 => Some(0),
            0x61..=0x7A => Some((c - 0x61) as usize + 1),
            _ => None,
        }
    }
    match (slot(a), slot(b)) {
        (Some(a), Some(b)) => Some(a * 27 + b),
        _ => None,
    }
}

/// Per ASCII pair by its index, every language's weight of it (in the order of
/// [`LANGUAGES`]), in tenths of a nat, [`UNSEEN_TENTHS`] where the language's table has
/// none: one row per pair, so that the languages' sums are taken side by side, and a
/// pair's cost is one term whether the language has it or not.
pub static ASCII: [[i8; LANGS]; ASCII_PAIRS] = {
    let mut rows = [[UNSEEN_TENTHS; LANGS]; ASCII_PAIRS];
    let mut l = 0;
    while l < LANGS {
        let table = LANGUAGES[l].3;
        let mut filled = [false; ASCII_PAIRS];
        let mut i = 0;
        while i < table.len() {
            let (a, b, w) = table[i];
            if let Some(row) = ascii_index(a as u32, b as u32) {
                // Each pair once (the walk of the table that this replaced took the first).
                assert!(!filled[row]);
                filled[row] = true;
                rows[row][l] = w;
            }
            i += 1;
        }
        l += 1;
    }
    rows
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_holds_every_weight_of_the_model() {
        assert!(KEYS.windows(2).all(|w| w[0] < w[1]));
        let mut n = 0;
        for (l, (_, table, _, _)) in LANGUAGES.iter().enumerate() {
            for &(a, b, w) in table.iter() {
                let i = KEYS.binary_search(&key(a, b)).unwrap_or(usize::MAX);
                let row = &WEIGHTS[usize::from(STARTS[i])..usize::from(STARTS[i + 1])];
                assert!(row.contains(&(l as u8, w)), "{a}{b}");
                n += 1;
            }
        }
        assert_eq!(n, WEIGHTS.len());
        assert!(WEIGHTS.iter().all(|&(l, _)| usize::from(l) < LANGS));
    }

    #[test]
    fn ascii_tables_are_sorted_in_index_order() {
        for (l, (_, _, _, table)) in LANGUAGES.iter().enumerate() {
            let slots: Vec<usize> = table
                .iter()
                .filter_map(|&(a, b, _)| ascii_index(u32::from(a), u32::from(b)))
                .collect();
            assert!(slots.windows(2).all(|w| w[0] < w[1]));
            for (row, weights) in ASCII.iter().enumerate() {
                let weight = table
                    .iter()
                    .find(|&&(a, b, _)| ascii_index(u32::from(a), u32::from(b)) == Some(row))
                    .map_or(UNSEEN_TENTHS, |t| t.2);
                assert_eq!(weights[l], weight);
            }
        }
    }
}
