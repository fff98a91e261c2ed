//! The screening: which candidates are worth reading in full. On a window longer than
//! [`SCREEN`] bytes, those whose reading of its first [`SCREEN`] bytes (which begin by the
//! first non-ASCII byte) is among the [`SCREEN_KEEP`] best by character weights, and the best
//! of each family. The verdict is almost always among the first few readings of a short
//! prefix; reading every candidate in full was most of the detector's time on files of a
//! few kilobytes.
//!
//! Most of the screening's own time went to readings far down the list: Cyrillic text read
//! with sixty code pages, each tallied character by character. A reading whose bound is
//! below both the [`SCREEN_KEEP`]th best score and the best score of its family is never
//! tallied ([`super::prune`]): it could not have been kept.

use super::prune::{Bar, Row};
use super::{Candidate, Family, Reading, family_penalty};
use crate::app::detect::bytewise::Window;
use crate::app::detect::text::Tally;

/// How many bytes the screening reads, when the window is longer.
pub(super) const SCREEN: usize = 1024;
/// How many distinct readings of the screened bytes go on to be read in full.
const SCREEN_KEEP: usize = 16;

/// The candidates of `eligible` worth reading in full on `bytes`, in the order of their
/// screened scores (ties in the order of `eligible`).
pub(super) fn screen<'a>(bytes: &[u8], eligible: Vec<&'a Candidate>) -> Vec<&'a Candidate> {
    if bytes.len() <= SCREEN {
        return eligible;
    }
    let sample = &bytes[..SCREEN];
    let window = Window::new(sample);
    let mut rows = standings(sample, &window, eligible);
    // Those never tallied could not have been kept; dropping them changes nothing below.
    rows.retain(|r| r.tallied);
    rows.sort_by(|a, b| b.score.total_cmp(&a.score));
    let mut kept: Vec<u64> = Vec::new();
    let mut families: Vec<Family> = Vec::new();
    let mut out = Vec::new();
    for r in rows {
        let c = r.candidate;
        // The best reading of each language family goes on too: the first kilobyte may be
        // a banner of symbols that a CJK encoding reads no better than a code page.
        if !kept.contains(&r.text) {
            if kept.len() >= SCREEN_KEEP && families.contains(&c.family) {
                continue;
            }
            kept.push(r.text);
        }
        if !families.contains(&c.family) {
            families.push(c.family);
        }
        out.push(c);
    }
    out
}

/// Every readable candidate's standing on `sample`, in the order of `eligible`: tallied
/// unless its bound shows it could not be kept.
fn standings<'a>(sample: &[u8], window: &Window, eligible: Vec<&'a Candidate>) -> Vec<Row<'a>> {
    let mut rows = Vec::with_capacity(eligible.len());
    let mut readings: Vec<Reading> = Vec::with_capacity(eligible.len());
    // Code pages that agree on the bytes of the sample read it alike: tallied once.
    let mut tallies: Vec<(u64, Tally)> = Vec::new();
    for c in eligible {
        let Some(reading) = c.read(sample, window) else {
            continue;
        };
        rows.push(Row::read(c, &reading, window, &mut tallies));
        readings.push(reading);
    }
    let score = |c: &Candidate, t: Tally, _| t.score + family_penalty(c.family, t) + c.prior;
    Bar::new(SCREEN_KEEP, true).tally_best_first(
        &mut rows,
        &tallies,
        |i| readings[i].tally(window),
        score,
    );
    rows
}

#[cfg(test)]
mod tests {
    use super::super::candidates;
    use super::super::prune::PRUNE;
    use super::*;

    /// [`screen`] with every reading tallied.
    fn screen_tallying_all<'a>(bytes: &[u8], eligible: Vec<&'a Candidate>) -> Vec<&'a Candidate> {
        PRUNE.with(|p| p.set(false));
        let kept = screen(bytes, eligible);
        PRUNE.with(|p| p.set(true));
        kept
    }

    #[test]
    fn the_bounds_keep_what_tallying_every_reading_keeps() {
        let texts = [
            "Все люди рождаются свободными и равными в своем достоинстве и правах. ",
            "Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια. ",
            "Tous les êtres humains naissent libres et égaux en dignité et en droits. ",
            "Wszyscy ludzie rodzą się wolni i równi pod względem swej godności. ",
            "כל בני האדם נולדו בני חורין ושווים בערכם ובזכויותיהם. ",
            "人人生而自由，在尊严和权利上一律平等。",
        ];
        let encodings = [
            encoding_rs::WINDOWS_1251,
            encoding_rs::KOI8_R,
            encoding_rs::ISO_8859_7,
            encoding_rs::WINDOWS_1252,
            encoding_rs::ISO_8859_2,
            encoding_rs::WINDOWS_1255,
            encoding_rs::GBK,
        ];
        let all: Vec<&Candidate> = candidates().iter().collect();
        let mut tried = 0;
        for text in texts {
            for enc in encodings {
                let long = text.repeat(40);
                let (bytes, _, lossy) = enc.encode(&long);
                if lossy || bytes.len() <= SCREEN {
                    continue;
                }
                tried += 1;
                let names = |v: Vec<&Candidate>| v.iter().map(|c| c.charset).collect::<Vec<_>>();
                assert_eq!(
                    names(screen(&bytes, all.clone())),
                    names(screen_tallying_all(&bytes, all.clone())),
                    "{} {text}",
                    enc.name()
                );
            }
        }
        assert!(tried >= 7);
    }
}
