//! Passing over readings whose score cannot matter. A code page's score has an upper
//! bound that costs one multiplication per byte value ([`ByteTable::bound`]): readings are
//! tallied best bound first, and one whose bound is below the score that the last reading
//! to matter must reach is never tallied. What is kept, and in what order, is what
//! tallying every reading gives.
//!
//! [`ByteTable::bound`]: crate::app::detect::bytewise::ByteTable::bound

use super::{Candidate, Family, Reading};
use crate::app::detect::bytewise::Window;
use crate::app::detect::text::Tally;

#[cfg(test)]
thread_local! {
    /// False to tally every reading, for the tests that compare the two.
    pub static PRUNE: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// A candidate's standing.
pub(super) struct Row<'a> {
    pub candidate: &'a Candidate,
    /// The identity of its reading.
    pub text: u64,
    /// Its score once tallied; until then, a bound on it.
    pub score: f64,
    pub tallied: bool,
}

impl<'a> Row<'a> {
    /// `c`'s row for its `reading` of `window`, standing at its bound (with `c`'s prior;
    /// `family_penalty` is nothing for a code page's families). A reading without a bound
    /// is tallied into `tallies` (each identity once), for the caller to settle.
    pub fn read(
        c: &'a Candidate,
        reading: &Reading,
        window: &Window,
        tallies: &mut Vec<(u64, Tally)>,
    ) -> Row<'a> {
        let text = reading.identity(window);
        let bound = match reading {
            Reading::Table(t) => t.bound(window, &t.high_infos(window)),
            Reading::Text(_) => None,
        };
        if bound.is_none() && !tallies.iter().any(|t| t.0 == text) {
            tallies.push((text, reading.tally(window)));
        }
        Row {
            candidate: c,
            text,
            score: bound.map_or(f64::INFINITY, |b| b + c.prior),
            tallied: false,
        }
    }
}

/// What an untallied reading's bound must reach for it to be tallied: a place among the
/// `keep` best distinct readings, or (when `by_family`) the best of its family.
pub(super) struct Bar {
    keep: usize,
    by_family: bool,
    /// The best score of each distinct reading tallied, best first.
    bests: Vec<f64>,
    /// The best score tallied in each family.
    families: Vec<(Family, f64)>,
}

impl Bar {
    /// A bar for the `keep` best distinct readings, and the best of each family if
    /// `by_family`.
    pub fn new(keep: usize, by_family: bool) -> Bar {
        Bar {
            keep,
            by_family,
            bests: Vec::new(),
            families: Vec::new(),
        }
    }

    /// Gives every row reading `text` its score, `score(candidate)`, from that reading's
    /// tally.
    fn settle(&mut self, rows: &mut [Row], text: u64, score: impl Fn(&Candidate) -> f64) {
        let mut best = f64::NEG_INFINITY;
        for r in rows.iter_mut().filter(|r| r.text == text) {
            let c = r.candidate;
            r.score = score(c);
            r.tallied = true;
            best = best.max(r.score);
            match self.families.iter_mut().find(|f| f.0 == c.family) {
                Some(f) => f.1 = f.1.max(r.score),
                None => self.families.push((c.family, r.score)),
            }
        }
        let at = self.bests.partition_point(|&b| b >= best);
        self.bests.insert(at, best);
    }

    /// True when `row`'s bound shows it cannot matter: below the `keep`th best distinct
    /// reading tallied, and (when `by_family`) below the best of its family.
    fn passes_over(&self, row: &Row) -> bool {
        #[cfg(test)]
        if !PRUNE.with(std::cell::Cell::get) {
            return false;
        }
        let floor = self.bests.get(self.keep - 1);
        let family_best = (self.families.iter()).find(|f| f.0 == row.candidate.family);
        floor.is_some_and(|&f| row.score < f)
            && (!self.by_family || family_best.is_some_and(|f| row.score < f.1))
    }

    /// Settles the rows whose readings `tallies` holds (by identity), then tallies the
    /// rows that matter, best bound first: `tally(i)` is row `i`'s tally, and
    /// `score(candidate, tally, text)` the score of a row reading `text` from its tally.
    /// The bar only rises as readings are tallied, so a row passed over stays passed over.
    pub fn tally_best_first(
        &mut self,
        rows: &mut [Row],
        tallies: &[(u64, Tally)],
        mut tally: impl FnMut(usize) -> Tally,
        score: impl Fn(&Candidate, Tally, u64) -> f64,
    ) {
        for &(text, t) in tallies {
            self.settle(rows, text, |c| score(c, t, text));
        }
        let mut order: Vec<usize> = (0..rows.len()).collect();
        order.sort_by(|&a, &b| rows[b].score.total_cmp(&rows[a].score));
        for i in order {
            if rows[i].tallied || self.passes_over(&rows[i]) {
                continue;
            }
            let t = tally(i);
            let text = rows[i].text;
            self.settle(rows, text, |c| score(c, t, text));
        }
    }
}
