//! The last stage: every candidate encoding of the label table decodes the input with our own
//! decoder; those that fail a strict decode drop out (a character cut by the end of the
//! input is forgiven); the structural gates drop the narrower charsets whose bytes the input
//! leaves (GBK for four-byte GB18030 sequences, EUC-KR for UHC pairs...); the rest are
//! ranked by how their text reads ([`super::text`]), with chardetng's guess (Firefox's
//! detector, whose frequency model knows the CJK languages apart) as one more piece of
//! evidence, heard only when it can change the verdict ([`Ranking::guess_matters`]), and a
//! small prior per encoding that decides between equal readings.
//!
//! Candidates are named in `CANDIDATES` and resolved through the label table when the
//! stage runs, so an encoding that lands in the table (CP437, IBM037, CP949, JOHAB...) is a
//! candidate from then on, and one that is not there is never answered.

#![forbid(unsafe_code)]

use super::bytewise::{ByteTable, Letters, Window};
use super::code_pages::{NAMES, TABLES};
use super::text::{self, Tally};
use super::{declared, lang};
use prune::{Bar, Row};
use screen::screen;

mod prune;
mod screen;
use crate::codecs::{Charset, DecodeStatus, Decoder, labels};
use std::borrow::Cow;
use std::cell::OnceCell;
use std::sync::OnceLock;

/// The language family a candidate's double-byte repertoire is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Chinese,
    Japanese,
    Korean,
    /// EBCDIC code pages: letters at 81-E9, the space at 40.
    Ebcdic,
    Other,
}

/// Candidate encodings with their priors (which break ties between equal readings: the
/// encoding more files are in wins; of GB2312 and GBK, GBK, since the verdict rests on a
/// prefix and a GBK-only character may come later in the file).
const CANDIDATES: &[(&str, f64, Family)] = &[
    ("windows-1252", 0.0, Family::Other),
    ("ISO-8859-1", -0.1, Family::Other),
    ("ISO-8859-15", -0.3, Family::Other),
    ("macintosh", -0.6, Family::Other),
    ("CP850", -0.4, Family::Other),
    ("CP437", -0.5, Family::Other),
    ("IBM037", -0.8, Family::Ebcdic),
    ("IBM500", -0.9, Family::Ebcdic),
    ("IBM1047", -0.9, Family::Ebcdic),
    ("CP858", -0.6, Family::Other),
    ("CP860", -0.9, Family::Other),
    ("CP861", -0.9, Family::Other),
    ("CP863", -0.9, Family::Other),
    ("CP865", -0.9, Family::Other),
    ("MacIcelandic", -1.0, Family::Other),
    ("IBM1026", -1.2, Family::Ebcdic),
    ("IBM875", -1.2, Family::Ebcdic),
    ("IBM424", -1.2, Family::Ebcdic),
    ("windows-1250", -0.2, Family::Other),
    ("ISO-8859-2", -0.3, Family::Other),
    ("CP852", -0.5, Family::Other),
    ("MacCentralEurope", -0.8, Family::Other),
    ("CP775", -0.9, Family::Other),
    ("ISO-8859-16", -0.9, Family::Other),
    ("ISO-8859-3", -1.0, Family::Other),
    ("ISO-8859-4", -1.0, Family::Other),
    ("ISO-8859-10", -1.0, Family::Other),
    ("ISO-8859-13", -0.6, Family::Other),
    ("ISO-8859-14", -1.0, Family::Other),
    ("windows-1257", -0.5, Family::Other),
    ("windows-1251", 0.0, Family::Other),
    ("KOI8-R", -0.1, Family::Other),
    ("KOI8-U", -0.2, Family::Other),
    ("IBM866", -0.2, Family::Other),
    ("ISO-8859-5", -0.4, Family::Other),
    ("x-mac-cyrillic", -0.5, Family::Other),
    ("CP855", -0.8, Family::Other),
    ("CP1125", -0.6, Family::Other),
    ("KOI8-T", -1.0, Family::Other),
    ("PT154", -1.0, Family::Other),
    ("RK1048", -1.0, Family::Other),
    ("windows-1253", 0.0, Family::Other),
    ("ISO-8859-7", -0.1, Family::Other),
    ("CP737", -0.8, Family::Other),
    ("CP869", -0.9, Family::Other),
    ("MacGreek", -1.0, Family::Other),
    ("windows-1254", 0.0, Family::Other),
    ("ISO-8859-9", -0.1, Family::Other),
    ("CP857", -0.8, Family::Other),
    ("MacTurkish", -1.0, Family::Other),
    ("windows-1255", 0.0, Family::Other),
    ("ISO-8859-8", -0.1, Family::Other),
    ("CP862", -0.6, Family::Other),
    ("CP856", -1.0, Family::Other),
    ("windows-1256", 0.0, Family::Other),
    ("ISO-8859-6", -0.2, Family::Other),
    ("CP720", -0.8, Family::Other),
    ("windows-874", 0.0, Family::Other),
    ("TIS-620", -0.1, Family::Other),
    ("windows-1258", -0.2, Family::Other),
    ("VISCII", -0.5, Family::Other),
    ("GB2312", 0.2, Family::Chinese),
    ("GBK", 0.3, Family::Chinese),
    ("GB18030", 0.1, Family::Chinese),
    ("Big5", 0.1, Family::Chinese),
    ("CP950", 0.0, Family::Chinese),
    ("Big5-HKSCS", -0.1, Family::Chinese),
    ("EUC-TW", -0.5, Family::Chinese),
    ("Shift_JIS", 0.1, Family::Japanese),
    ("CP932", 0.0, Family::Japanese),
    ("EUC-JP", 0.1, Family::Japanese),
    ("EUC-JIS-2004", -0.1, Family::Japanese),
    ("Shift_JIS-2004", -0.2, Family::Japanese),
    ("EUC-KR", 0.1, Family::Korean),
    ("CP949", 0.0, Family::Korean),
    ("JOHAB", -0.5, Family::Korean),
    ("UTF-16LE", 0.0, Family::Other),
    ("UTF-16BE", -0.1, Family::Other),
    ("UTF-32LE", 0.0, Family::Other),
    ("UTF-32BE", -0.1, Family::Other),
];

/// The names of the candidate encodings, as the label table spells them.
pub fn candidate_labels() -> impl Iterator<Item = &'static str> {
    CANDIDATES.iter().map(|c| c.0)
}

/// How much the language model's fit counts, against the character weights.
const LANG_WEIGHT: f64 = 1.0;

/// How many of the best distinct readings by character weights the language model judges.
const FITTED: usize = 10;

/// How much chardetng's guess adds, per non-ASCII byte.
const CHARDETNG_WEIGHT: f64 = 0.05;

/// How much a declaration of the encoding in the document adds, per non-ASCII byte (at
/// least [`MIN_EVIDENCE`] of them): ten times chardetng's say, enough to choose between
/// readings whose letters fit about as well, far from enough to make a reading whose
/// letters no language writes (a few nats per byte) win.
const DECLARED_WEIGHT: f64 = 0.5;

/// A candidate the label table has.
struct Candidate {
    charset: Charset,
    prior: f64,
    family: Family,
    /// Its byte table, if it is a single-byte charset: looked up when it is first read.
    table: OnceLock<Option<&'static ByteTable>>,
}

impl Candidate {
    /// The table of a single-byte candidate.
    fn table(&self) -> Option<&ByteTable> {
        let single = matches!(self.family, Family::Other | Family::Ebcdic)
            && self.charset.form().unit() == 1;
        // (Only a single-byte candidate is looked up: reading a CJK charset's table off its
        // decoder would build that decoder's tables, only to find it is not one.)
        *(self.table).get_or_init(|| single.then(|| byte_table(self.charset)).flatten())
    }

    /// Its reading of `w` (laid out from `bytes`); `None` when its strict decoding fails.
    fn read(&self, bytes: &[u8], w: &Window) -> Option<Reading<'_>> {
        if let Some(table) = self.table() {
            return table.reads(w).then_some(Reading::Table(table));
        }
        let unit = self.charset.form().unit();
        decode_prefix(self.charset, &bytes[..bytes.len() - bytes.len() % unit]).map(Reading::Text)
    }
}

/// The byte table of `cs`: from the generated tables ([`super::code_pages`]) when they
/// have it, else read off its decoder ([`ByteTable::from_decoder`]). A table read off a
/// decoder is kept for the life of the process, as the candidate list that asks for it is:
/// at most one per candidate.
fn byte_table(cs: Charset) -> Option<&'static ByteTable> {
    match NAMES.binary_search(&cs.name()) {
        Ok(i) => TABLES.get(i),
        Err(_) => ByteTable::from_decoder(cs).map(|t| &*Box::leak(Box::new(t))),
    }
}

/// A candidate's reading of a window.
enum Reading<'a> {
    /// A single-byte page's, scored from its table without being decoded.
    Table(&'a ByteTable),
    /// Any other charset's decoding.
    Text(String),
}

impl Reading<'_> {
    /// What tells it from other readings of `w`.
    fn identity(&self, w: &Window) -> u64 {
        match self {
            Reading::Table(t) => t.identity(w),
            Reading::Text(s) => w.identity(s),
        }
    }

    /// Its tally ([`text::tally`] of its text).
    fn tally(&self, w: &Window) -> Tally {
        match self {
            Reading::Table(t) => t.tally(w),
            Reading::Text(s) => text::tally(s),
        }
    }

    /// The fingerprint of its letters.
    fn letters(&self, w: &Window) -> u64 {
        match self {
            Reading::Table(t) => t.letters(w),
            Reading::Text(s) => Letters::of(s.chars()),
        }
        .value()
    }

    /// Its text (of `w`, the window it read).
    fn text(&self, w: &Window) -> Cow<'_, str> {
        match self {
            Reading::Table(t) => Cow::Owned(t.text(w)),
            Reading::Text(s) => Cow::Borrowed(s),
        }
    }

    /// The language model's fit of its text ([`lang::fit`]), zero where it has nothing to
    /// say. `runs` are the window's ASCII runs, which a page that reads it as ASCII keeps.
    fn fit<'w>(&self, w: &Window<'w>, runs: &OnceCell<lang::Runs<'w>>) -> f64 {
        let runs = match self {
            Reading::Table(t) if t.ascii_based(w) => {
                Some(runs.get_or_init(|| lang::Runs::of(w.bytes())))
            }
            _ => None,
        };
        lang::fit_window(&self.text(w), runs).map_or(0.0, |f| f.1)
    }
}

/// The candidates the label table has, each once.
fn candidates() -> &'static [Candidate] {
    static RESOLVED: OnceLock<Vec<Candidate>> = OnceLock::new();
    RESOLVED.get_or_init(|| {
        let names: Vec<&str> = CANDIDATES.iter().map(|c| c.0).collect();
        let mut out: Vec<Candidate> = Vec::with_capacity(CANDIDATES.len());
        for (found, &(_, prior, family)) in labels::lookup_all(&names).into_iter().zip(CANDIDATES) {
            if let Some(charset) = found
                && !out.iter().any(|c| c.charset == charset)
            {
                out.push(Candidate {
                    charset,
                    prior,
                    family,
                    table: OnceLock::new(),
                });
            }
        }
        out
    })
}

/// One candidate's standing.
#[derive(Clone, Copy, Debug)]
pub struct Ranked {
    /// The encoding.
    pub charset: Charset,
    /// Its score.
    pub score: f64,
    /// The hash of its decoding, to tell readings apart.
    text: u64,
    /// The hash of the letters of its decoding.
    letters: u64,
}

/// Every surviving candidate, best first; `chardetng` is chardetng's guess.
#[cfg(test)]
fn rank(bytes: &[u8], chardetng: Option<Charset>) -> Vec<Ranked> {
    ranking(bytes, bytes).with_guess(chardetng)
}

/// [`rank`] for `bytes` taken from `head`, the whole prefix read (which holds them).
#[cfg(test)]
fn rank_in(bytes: &[u8], chardetng: Option<Charset>, head: &[u8]) -> Vec<Ranked> {
    ranking(bytes, head).with_guess(chardetng)
}

/// The standings of the candidates' readings of `bytes`, taken from `head`, the whole prefix
/// read (which holds them), before chardetng's guess is heard: the gates look at all of
/// `head`, since a byte only the wider charset defines proves it wherever it stands (a
/// CP932 or UHC character 20 KB into a page), and a declaration of the encoding
/// ([`declared`]) stands at its start.
pub fn ranking(bytes: &[u8], head: &[u8]) -> Ranking {
    let evidence = bytes.iter().filter(|b| !b.is_ascii()).count();
    let non_ascii = evidence.max(1) as f64;
    // (An ASCII window, from a file whose first non-ASCII byte lies beyond the prefix,
    // leaves chardetng's guess to decide: no candidate is ruled out by it.)
    let paired = bytes.is_ascii() || double_byte_evidence(bytes);
    let ebcdic = ebcdic_spaces(bytes);
    let double_byte = paired && !ebcdic;
    // The window's gates, and the double-byte ones on all of `head` (the wide forms' test
    // is of the window alone).
    let window_gates = Gates::of(bytes, double_byte);
    let head_gates = if double_byte {
        Gates::of(head, true)
    } else {
        Gates::default()
    };
    let eligible: Vec<&Candidate> = candidates()
        .iter()
        .filter(|c| match c.family {
            Family::Other => !ebcdic,
            Family::Ebcdic => ebcdic,
            _ => double_byte,
        })
        .filter(|c| {
            let name = c.charset.name();
            window_gates.admit(name) && (name.starts_with("UTF-") || head_gates.admit(name))
        })
        .collect();
    let window = Window::new(bytes);
    let read = read_all(bytes, &window, screen(bytes, eligible));
    let mut rows = read.rows;
    // A declared encoding speaks for every reading with its text, before the fitting, so
    // that its reading is among those fitted.
    let declared = declared::declared(head);
    let backed: Vec<u64> = (rows.iter())
        .filter(|r| declared.contains(&r.candidate.charset))
        .map(|r| r.text)
        .collect();
    let backing = DECLARED_WEIGHT * non_ascii.max(MIN_EVIDENCE);
    let score = |c: &Candidate, t: Tally, text: u64| {
        let s = t.score + family_penalty(c.family, t) + c.prior;
        if backed.contains(&text) {
            s + backing
        } else {
            s
        }
    };
    for r in rows.iter_mut().filter(|r| backed.contains(&r.text)) {
        r.score += backing;
    }
    // Only the FITTED best distinct readings are fitted, and any other's score is absorbed
    // by `f64::MIN / 4.0` below: a code page whose bound is lower than theirs is not tallied.
    Bar::new(FITTED, false).tally_best_first(
        &mut rows,
        &read.tallies,
        |i| read.readings[i].tally(&window),
        score,
    );
    let mut ranked: Vec<Ranked> = (rows.iter().zip(&read.letters))
        .map(|(r, &letters)| Ranked {
            charset: r.candidate.charset,
            score: r.score,
            text: r.text,
            letters,
        })
        .collect();
    // The language model is the expensive part: only the readings that the character
    // weights leave in the running are fitted.
    let mut order: Vec<usize> = (0..ranked.len()).collect();
    order.sort_by(|&a, &b| ranked[b].score.total_cmp(&ranked[a].score));
    let mut fitted: Vec<(u64, f64)> = Vec::new();
    let runs = OnceCell::new();
    for &i in &order {
        let fit = match fitted.iter().find(|f| f.0 == ranked[i].text) {
            Some(&(_, fit)) => fit,
            None if fitted.len() < FITTED => {
                let fit = read.readings[i].fit(&window, &runs);
                fitted.push((ranked[i].text, fit));
                fit
            }
            // Not fitted: ranked below every fitted reading.
            None => f64::MIN / 4.0,
        };
        ranked[i].score += LANG_WEIGHT * fit;
    }
    let mut fitted_letters: Vec<u64> = Vec::new();
    for r in &ranked {
        if fitted.iter().any(|f| f.0 == r.text) && !fitted_letters.contains(&r.letters) {
            fitted_letters.push(r.letters);
        }
    }
    Ranking {
        ranked,
        evidence,
        fitted_letters,
    }
}

/// The readings of a window by the screened candidates ([`read_all`]).
struct Read<'a> {
    /// Each readable candidate's standing: a code page's bound (with its prior), or, for
    /// a reading without one, nothing yet (its tally is in `tallies`).
    rows: Vec<Row<'a>>,
    /// Each row's reading.
    readings: Vec<Reading<'a>>,
    /// Each row's letters' fingerprint.
    letters: Vec<u64>,
    /// The tallies of the readings without a bound, by identity.
    tallies: Vec<(u64, Tally)>,
}

/// Reads `window` (of `bytes`) with each of `screened`, in that order, tallying only the
/// readings without a bound. Code pages that agree on the bytes present decode alike: such
/// a reading's letters and tally are worked out once.
fn read_all<'a>(bytes: &[u8], window: &Window, screened: Vec<&'a Candidate>) -> Read<'a> {
    let mut read = Read {
        rows: Vec::with_capacity(screened.len()),
        readings: Vec::with_capacity(screened.len()),
        letters: Vec::with_capacity(screened.len()),
        tallies: Vec::new(),
    };
    let mut letters_of: Vec<(u64, u64)> = Vec::new();
    for c in screened {
        let Some(reading) = c.read(bytes, window) else {
            continue;
        };
        let row = Row::read(c, &reading, window, &mut read.tallies);
        let letters = match letters_of.iter().find(|l| l.0 == row.text) {
            Some(&(_, letters)) => letters,
            None => {
                let letters = reading.letters(window);
                letters_of.push((row.text, letters));
                letters
            }
        };
        read.rows.push(row);
        read.readings.push(reading);
        read.letters.push(letters);
    }
    read
}

/// The candidates' standings before chardetng's guess is heard ([`ranking`]).
pub struct Ranking {
    /// Every surviving candidate, in the order they were read (which breaks ties).
    ranked: Vec<Ranked>,
    /// The non-ASCII bytes read.
    evidence: usize,
    /// The letters of the readings the language model fitted, each once.
    fitted_letters: Vec<u64>,
}

impl Ranking {
    /// Every surviving candidate, best first, with `guess` (chardetng's) heard.
    pub fn with_guess(&self, guess: Option<Charset>) -> Vec<Ranked> {
        let letters = guess
            .and_then(|g| self.ranked.iter().find(|r| r.charset == g))
            .map(|r| r.letters);
        self.heard(letters)
    }

    /// The confidences ([`confidences`]) with `guess` heard.
    pub fn confidences(&self, guess: Option<Charset>) -> Vec<(Charset, u8)> {
        confidences(&self.with_guess(guess), self.evidence)
    }

    /// False when no guess chardetng could make changes `shown` of the confidences (what a
    /// caller shows of them): then it need not be asked. It speaks for the readings with its
    /// guess's letters; a reading the language model did not fit stays below every fitted
    /// one whatever it is given (its score is `f64::MIN / 4`, which absorbs the boost), so
    /// the guesses worth trying are none and each fitted reading's letters.
    pub fn guess_matters<T: PartialEq>(&self, shown: impl Fn(&[(Charset, u8)]) -> T) -> bool {
        let verdict = |letters| shown(&confidences(&self.heard(letters), self.evidence));
        let unheard = verdict(None);
        self.ranked.is_empty()
            || self
                .fitted_letters
                .iter()
                .any(|&l| verdict(Some(l)) != unheard)
    }

    /// The standings, best first, after chardetng's guess spoke for the readings with
    /// `letters`.
    fn heard(&self, letters: Option<u64>) -> Vec<Ranked> {
        let mut ranked = self.ranked.clone();
        if let Some(hash) = letters {
            // chardetng judges letters and knows only the WHATWG encodings: its verdict goes
            // to every reading with the guess's letters (ISO-8859-15 has them where it
            // answers windows-1252), and the symbols between them are left to the character
            // weights.
            let boost = CHARDETNG_WEIGHT * self.evidence.max(1) as f64;
            for r in ranked.iter_mut().filter(|r| r.letters == hash) {
                r.score += boost;
            }
        }
        ranked.sort_by(|a, b| b.score.total_cmp(&a.score));
        ranked
    }
}

/// How many bytes of evidence the confidence counts at least: a margin won on two
/// non-ASCII bytes is worth less than the same margin per byte on a page.
const MIN_EVIDENCE: f64 = 16.0;
/// How steeply the confidence falls with the margin per byte of evidence.
const SHARPNESS: f64 = 12.0;

/// The confidence (0..=100) of the best reading, and the runners-up with theirs: a softmax
/// over the distinct readings (two encodings that decode the input alike are one reading) of
/// the score margins per byte of evidence (`evidence`: the non-ASCII bytes, at least
/// `MIN_EVIDENCE`).
pub fn confidences(ranked: &[Ranked], evidence: usize) -> Vec<(Charset, u8)> {
    let per = SHARPNESS / (evidence as f64).max(MIN_EVIDENCE);
    let mut distinct: Vec<&Ranked> = Vec::new();
    for r in ranked {
        if !distinct.iter().any(|d| d.text == r.text) {
            distinct.push(r);
        }
    }
    let Some(best) = distinct.first().map(|d| d.score) else {
        return Vec::new();
    };
    let weights: Vec<f64> = distinct
        .iter()
        .map(|d| ((d.score - best) * per).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    distinct
        .iter()
        .zip(weights)
        .map(|(d, w)| (d.charset, (100.0 * w / total).round() as u8))
        .collect()
}

/// Penalties for text that a family's language does not write: ideographs without kana are
/// not Japanese, hanja outnumbering hangul is not Korean, hangul is not Chinese, and
/// ideographs in short space-separated words are Korean syllables read as Chinese or
/// Japanese (Korean puts spaces between words; Chinese and Japanese do not).
fn family_penalty(family: Family, t: Tally) -> f64 {
    let ideographic = (t.han + t.kana) as f64;
    let spaced = if t.han + t.kana > 0 && t.cjk_by_space * 4 > t.han + t.kana + t.hangul {
        -2.0 * ideographic
    } else {
        0.0
    };
    match family {
        Family::Japanese if t.han >= 8 && t.kana * 20 < t.han => spaced - t.han as f64,
        Family::Japanese => spaced,
        Family::Korean if t.han > t.hangul => -1.5 * t.han as f64,
        Family::Chinese => spaced - 3.0 * t.hangul as f64,
        _ => 0.0,
    }
}

/// False when the bytes hold a sequence outside the narrow charset `name` (whose decoder
/// here is its wider WHATWG superset's), so that the superset is named instead, if the
/// table has it.
#[cfg(test)]
fn gate(name: &str, bytes: &[u8]) -> bool {
    Gates::of(bytes, true).admit(name)
}

/// What the gates ask of a text, asked in one pass over it: where a double-byte text's
/// pairs fall, and whether it could be wide text without zero bytes.
#[derive(Default)]
struct Gates {
    /// Long enough and with few enough spaces for wide text (see [`Gates::admit`]).
    wide: bool,
    /// Some pair has a trail from 30 to 39: GB18030's four-byte sequences.
    digit_trail: bool,
    /// Some pair has a byte below A1: UHC, outside EUC-KR.
    below_a1: bool,
    /// Some lead only CP932 has.
    cp932_lead: bool,
    /// Some lead outside Big5's A1 to F9.
    beyond_big5: bool,
}

impl Gates {
    /// The gates' facts about `bytes`; the pairs are looked at only if `pairs_too` (else no
    /// double-byte charset may be asked about).
    fn of(bytes: &[u8], pairs_too: bool) -> Gates {
        let spaces = bytes.iter().filter(|&&b| b == b' ').count();
        let mut g = Gates {
            wide: bytes.len() >= 16 && spaces * 32 < bytes.len(),
            ..Gates::default()
        };
        if !pairs_too {
            return g;
        }
        for (l, t) in pairs(bytes) {
            g.digit_trail |= (0x30..=0x39).contains(&t);
            g.below_a1 |= l < 0xA1 || t < 0xA1;
            g.cp932_lead |= matches!(l, 0x87 | 0xED | 0xEE | 0xFA..=0xFC);
            g.beyond_big5 |= !(0xA1..=0xF9).contains(&l);
        }
        g
    }

    /// False when the text holds a sequence outside the narrow charset `name` (whose
    /// decoder here is its wider WHATWG superset's), so that the superset is named
    /// instead, if the table has it.
    fn admit(&self, name: &str) -> bool {
        // The superset only counts when it is another charset of the table (WHATWG makes
        // `cp949`, `windows-31j` and `big5-hkscs` labels of EUC-KR, Shift_JIS and Big5).
        static WIDER: OnceLock<[Option<Charset>; 3]> = OnceLock::new();
        let [cp949, cp932, hkscs] =
            WIDER.get_or_init(|| ["CP949", "CP932", "Big5-HKSCS"].map(labels::lookup));
        let wider = |w: &Option<Charset>| w.is_some_and(|cs| cs.name() != name);
        if name.starts_with("UTF-16") || name.starts_with("UTF-32") {
            // Wide text without zero bytes (else the zero-byte stage would have answered)
            // is CJK with no ASCII at all: long enough to tell, and without the spaces of
            // single-byte text.
            return self.wide;
        }
        match name {
            "GBK" => !self.digit_trail,
            "EUC-KR" if wider(cp949) => !self.below_a1,
            "Shift_JIS" if wider(cp932) => !self.cp932_lead,
            "Big5" if wider(hkscs) => !self.beyond_big5,
            _ => true,
        }
    }
}

/// True when `bytes` hold what text in a double-byte CJK encoding cannot lack: two
/// non-ASCII bytes in a row (a character with a high trail byte: every kana and hangul
/// syllable, most ideographs), or GB18030's high, digit, high of a four-byte sequence.
/// Without it the CJK candidates are not decoded at all (their tables are not even built).
fn double_byte_evidence(bytes: &[u8]) -> bool {
    bytes
        .windows(3)
        .any(|w| w[0] >= 0x81 && (w[1] >= 0x80 || (0x30..=0x39).contains(&w[1]) && w[2] >= 0x81))
        || bytes.len() == 2 && bytes[0] >= 0x81 && bytes[1] >= 0x80
}

/// True when `bytes` have EBCDIC's spaces: byte 40 at least one in sixteen, and four times
/// as often as ASCII's 20. Text in an ASCII-based encoding is then not what it is (its
/// words would be joined by `@`), and EBCDIC text is nothing else: its lowercase letters
/// are pairs of high bytes that a CJK encoding would read.
fn ebcdic_spaces(bytes: &[u8]) -> bool {
    let at = bytes.iter().filter(|&&b| b == 0x40).count();
    let space = bytes.iter().filter(|&&b| b == 0x20).count();
    at * 16 >= bytes.len() && space * 4 < at
}

/// The (lead, trail) byte pairs of a double-byte text (single bytes below 0x80 skipped).
fn pairs(bytes: &[u8]) -> impl Iterator<Item = (u8, u8)> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        while let Some(&b) = bytes.get(i) {
            if b < 0x80 {
                i += 1;
                continue;
            }
            let t = *bytes.get(i + 1)?;
            i += 2;
            return Some((b, t));
        }
        None
    })
}

/// Decodes `bytes` strictly as `cs`, forgiving only an incomplete character at the end (the
/// input may be a prefix). `None` when any byte is malformed.
pub fn decode_prefix(cs: Charset, bytes: &[u8]) -> Option<String> {
    let mut decoder = Decoder::new(cs);
    let mut out = String::new();
    let mut chunk = String::with_capacity(bytes.len() * 3 + 16);
    let mut at = 0;
    loop {
        chunk.clear();
        let (status, read) = decoder.decode(&bytes[at..], &mut chunk, false);
        at += read;
        out.push_str(&chunk);
        match status {
            DecodeStatus::InputEmpty => break,
            DecodeStatus::OutputFull => continue,
            DecodeStatus::Malformed { .. } => return None,
        }
    }
    // What is held back is at most one cut character.
    (bytes.len() - at <= 4).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn best(bytes: &[u8]) -> &'static str {
        rank(bytes, None)[0].charset.name()
    }

    #[test]
    fn legacy_encodings_by_their_reading() {
        let ru = "Все люди рождаются свободными и равными в своем достоинстве и правах.";
        assert_eq!(best(&encoding_rs::KOI8_R.encode(ru).0), "KOI8-R");
        assert_eq!(
            best(&encoding_rs::WINDOWS_1251.encode(ru).0),
            "windows-1251"
        );
        assert_eq!(best(&encoding_rs::IBM866.encode(ru).0), "IBM866");
        let de = "Größe, Überprüfung und Qualität der Maßnahmen für Bürger.";
        assert_eq!(
            best(&encoding_rs::WINDOWS_1252.encode(de).0),
            "windows-1252"
        );
        let zh = "这是一个用简体中文写的句子，用来测试编码检测。";
        let utf16: Vec<u8> = zh.encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(best(&utf16), "UTF-16LE");
    }

    #[test]
    fn short_or_spaced_text_is_not_wide() {
        assert!(!gate("UTF-16BE", b"caf\xE9"));
        assert!(!gate(
            "UTF-16LE",
            b"a few words of text in windows-1252: caf\xE9"
        ));
        assert_eq!(best(b"caf\xE9"), "windows-1252");
    }

    #[test]
    fn look_alike_code_pages_by_their_evidence() {
        // Polish in Mac Central European: the letters the language model expects, where
        // Mac Roman has symbols and other letters.
        let pl = b"Wszyscy ludzie rodz\x88 si\xab wolni i r\x97wni pod wzgl\xabdem swej godno\xe6ci i swych praw. S\x88 oni obdarzeni rozumem i sumieniem.";
        assert_eq!(best(pl), "MacCentralEurope");
        // Vietnamese as windows-1258 writes it: tone marks combining after the vowel.
        let vi = b"T\xe2\xect ca\xd2 mo\xf2i ng\xfd\xf5\xcci sinh ra \xf0\xea\xccu \xf0\xfd\xf5\xf2c t\xfd\xf2 do v\xe0 bi\xccnh \xf0\xe3\xd2ng v\xea\xcc nh\xe2n ph\xe2\xd2m v\xe0 quy\xea\xccn l\xf5\xf2i.";
        assert_eq!(best(vi), "windows-1258");
        // English in EBCDIC 500: `!` after words, where 037 reads `|`.
        let en = b"\xc8\x85\x93\x93\x96@\xa6\x96\x99\x93\x84O@\xc9\xa2@\xa3\x88\x89\xa2@\x99\x85\x81\x93\x93\xa8@\xa3\x88\x85@\x85\x95\x84o@\xe8\x85\xa2O@\xc9\xa3@\x89\xa2@\x96\xa5\x85\x99O";
        assert_eq!(best(en), "IBM500");
    }

    #[test]
    fn chardetng_speaks_for_every_reading_with_its_letters() {
        // Finnish in ISO-8859-15 with a euro sign (A4): windows-1252 reads `¤` there, and
        // chardetng, which cannot name ISO-8859-15, guesses windows-1252.
        let mut fi = b"Lainaa 10 - 60.000\xa4 nopeasti. ".to_vec();
        // Enough letters for chardetng's weight to outweigh the one euro sign.
        fi.extend(b"P\xe4\xe4t\xf6s tulee heti. T\xe4ss\xe4 on kaikki. ".repeat(10));
        let ranked = rank(&fi, labels::lookup("windows-1252"));
        assert_eq!(ranked[0].charset.name(), "ISO-8859-15");
    }

    #[test]
    fn chardetng_is_asked_only_when_some_guess_changes_what_is_shown() {
        let fi = {
            let mut fi = b"Lainaa 10 - 60.000\xa4 nopeasti. ".to_vec();
            fi.extend(b"P\xe4\xe4t\xf6s tulee heti. T\xe4ss\xe4 on kaikki. ".repeat(10));
            fi
        };
        let ru = encoding_rs::WINDOWS_1251
            .encode(&"Все люди рождаются свободными и равными в своем достоинстве. ".repeat(8))
            .0
            .into_owned();
        let de = b"Gr\xf6\xdfe und \xdcberpr\xfcfung der Qualit\xe4t. ".repeat(6);
        let mut settled = 0;
        for text in [&fi[..], &ru, &de, b"caf\xe9 cr\xe8me br\xfbl\xe9e"] {
            let ranking = ranking(text, text);
            let first4 = |conf: &[(Charset, u8)]| conf.iter().take(4).copied().collect::<Vec<_>>();
            let shown = |guess| first4(&ranking.confidences(guess));
            if ranking.guess_matters(first4) {
                continue;
            }
            settled += 1;
            // Whatever chardetng could have guessed, the same is shown.
            for r in ranking.with_guess(None) {
                assert_eq!(shown(Some(r.charset)), shown(None), "{}", r.charset);
            }
        }
        assert!(settled > 0);
        // The Finnish text's confidences turn on chardetng's guess (ISO-8859-15 wins either
        // way, by 55 % with windows-1252's letters heard, 51 % without).
        let first4 = |conf: &[(Charset, u8)]| conf.iter().take(4).copied().collect::<Vec<_>>();
        assert!(ranking(&fi, &fi).guess_matters(first4));
        assert!(!ranking(&fi, &fi).guess_matters(|conf| conf.first().map(|c| c.0)));
    }

    #[test]
    fn readings_passed_over_change_no_standing() {
        let texts = [
            "Все люди рождаются свободными и равными в своем достоинстве и правах. ",
            "Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια. ",
            "Größe und Überprüfung der Qualität, à la française. ",
            "人人生而自由，在尊严和权利上一律平等。",
            "すべての人間は、生まれながらにして自由であり、",
        ];
        let encodings = [
            encoding_rs::WINDOWS_1251,
            encoding_rs::IBM866,
            encoding_rs::ISO_8859_7,
            encoding_rs::WINDOWS_1252,
            encoding_rs::GBK,
            encoding_rs::SHIFT_JIS,
        ];
        let standings = |bytes: &[u8], prune: bool| {
            prune::PRUNE.with(|p| p.set(prune));
            let ranked = ranking(bytes, bytes).with_guess(None);
            prune::PRUNE.with(|p| p.set(true));
            (ranked.iter())
                .map(|r| (r.charset, r.score.to_bits(), r.text, r.letters))
                .collect::<Vec<_>>()
        };
        let mut tried = 0;
        for text in texts {
            for enc in encodings {
                for n in [1, 3, 40] {
                    let long = text.repeat(n);
                    let (bytes, _, lossy) = enc.encode(&long);
                    if lossy {
                        continue;
                    }
                    tried += 1;
                    assert_eq!(
                        standings(&bytes, true),
                        standings(&bytes, false),
                        "{}",
                        enc.name()
                    );
                }
            }
        }
        assert!(tried >= 20);
    }

    #[test]
    fn screening_keeps_the_best_of_each_family() {
        // A banner of CP437 blocks, then Chinese: the first kilobyte reads as well in a
        // code page as in GBK, and GBK must still be read in full.
        let mut b = b"\xdb\xdb\xdb\xdb  \xb1\xb1  ".repeat(120);
        b.extend_from_slice(&encoding_rs::GBK.encode("这是一个用简体中文写的句子。").0);
        let all: Vec<_> = candidates().iter().collect();
        let kept = screen(&b, all.clone());
        assert!(kept.len() < all.len());
        assert!(kept.iter().any(|c| c.family == Family::Chinese));
        assert!(kept.iter().any(|c| c.family == Family::Korean));
        assert_eq!(screen(&b[..screen::SCREEN], all.clone()).len(), all.len());
    }

    #[test]
    fn ebcdic_037_quotes_are_not_1026_capitals() {
        // IBM037 `"` (7F) is IBM1026's `Ü`: `Management".` reads `ManagementÜ.` there.
        let en = b"\xe3\x88\x85@\x83\x96\x95\x86\x85\x99\x85\x95\x83\x85@\x7f\xd9\x89\xa2\x92@\xd4\x81\x95\x81\x87\x85\x94\x85\x95\xa3\x7f@\xa6\x81\xa2@\x88\x85\x93\x84@\x89\x95@\xe5\x81\x99\x95\x81K";
        let best = best(en);
        assert!(["IBM037", "IBM500", "IBM1047"].contains(&best), "{best}");
    }

    #[test]
    fn ebcdic_by_its_spaces() {
        let en = b"\xc8\x85\x93\x93\x96@\xa6\x96\x99\x93\x84@\x89\xa2@\x95\x96\xa3@\xc3\xc1";
        assert!(ebcdic_spaces(en));
        assert!(!ebcdic_spaces(b"plain words, an @ sign and caf\xe9"));
        let ranked = rank(en, None);
        let best = ranked[0].charset.name();
        assert!(["IBM037", "IBM500", "IBM1047"].contains(&best), "{best}");
        assert!(ranked.iter().all(|r| r.charset != labels::GBK));
        let ranked = rank(b"caf\xe9 cr\xe8me br\xfbl\xe9e", None);
        assert!(ranked.iter().all(|r| r.charset.name() != "IBM037"));
    }

    /// Windows of text for the readings' tests: words, with bytes from 80 up (alone, in
    /// pairs, by punctuation, brackets, digits, controls) mixed in at random.
    fn windows() -> Vec<Vec<u8>> {
        let pieces: [&[u8]; 16] = [
            b"word ",
            b"Wort. ",
            b"\"quoted\" ",
            b"[1] ",
            b"{x} ",
            b"$5 ",
            b"a|b ",
            b"!? ",
            b"\r\n",
            b"\t",
            b"\x01",
            b"12",
            b"@",
            b"^",
            b"] ",
            b"  ",
        ];
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut out: Vec<Vec<u8>> = vec![Vec::new(), b"ab".to_vec(), b"\xe9".to_vec()];
        for _ in 0..300 {
            let mut w = Vec::new();
            let len = next(200);
            while (w.len() as u64) < len {
                match next(4) {
                    0 => w.push(0x80 + next(128) as u8),
                    1 => w.extend_from_slice(&[0x80 + next(128) as u8, 0x80 + next(128) as u8]),
                    _ => w.extend_from_slice(pieces[next(16) as usize]),
                }
            }
            out.push(w);
        }
        out
    }

    #[test]
    fn single_byte_readings_score_as_their_decodings() {
        let windows = windows();
        for c in candidates() {
            let Some(table) = c.table() else {
                continue;
            };
            for bytes in &windows {
                let w = Window::new(bytes);
                let decoded = decode_prefix(c.charset, bytes);
                assert_eq!(
                    table.reads(&w),
                    decoded.is_some(),
                    "{} {bytes:?}",
                    c.charset
                );
                let Some(decoded) = decoded else {
                    continue;
                };
                // windows-1255 and -1258 compose a letter and its mark when decoding (and
                // hold the last letter back for one): the detector reads their bytes one by
                // one, uncomposed, which is what it scores.
                if matches!(c.charset.name(), "windows-1255" | "windows-1258") {
                    continue;
                }
                let reading = Reading::Table(table);
                assert_eq!(reading.text(&w), decoded, "{}", c.charset);
                let (a, b) = (reading.tally(&w), text::tally(&decoded));
                assert_eq!(
                    a.score.to_bits(),
                    b.score.to_bits(),
                    "{} {decoded:?}",
                    c.charset
                );
                // The screening's bound is one, whenever it has one.
                if let Some(bound) = table.bound(&w, &table.high_infos(&w)) {
                    assert!(bound >= a.score, "{} {decoded:?}", c.charset);
                }
                assert_eq!(reading.identity(&w), w.identity(&decoded));
                let text = Reading::Text(decoded.clone());
                assert_eq!(reading.letters(&w), text.letters(&w), "{decoded:?}");
            }
        }
    }

    #[test]
    fn readings_are_one_when_their_texts_are() {
        let tables: Vec<_> = candidates().iter().filter_map(|c| c.table()).collect();
        for bytes in windows().iter().take(60) {
            let w = Window::new(bytes);
            let read: Vec<_> = tables.iter().filter(|t| t.reads(&w)).collect();
            for a in &read {
                for b in &read {
                    let same = a.text(&w) == b.text(&w);
                    assert_eq!(same, a.identity(&w) == b.identity(&w), "{bytes:?}");
                }
            }
        }
        // A multi-byte charset's decoding that a code page would give too is the same
        // reading: GBK reads 80 as the euro sign, as windows-1252 does.
        let bytes = b"5 \x80 and 6 \x80";
        let w = Window::new(bytes);
        let cp1252 = candidates()
            .iter()
            .find(|c| c.charset.name() == "windows-1252");
        let table = cp1252.and_then(|c| c.table()).map(|t| t.identity(&w));
        let gbk = decode_prefix(labels::GBK, bytes).map(|t| w.identity(&t));
        assert!(table.is_some());
        assert_eq!(table, gbk);
        assert_ne!(
            w.identity("5 \u{20ac} and 6 \u{20ac}x"),
            table.unwrap_or_default()
        );
    }

    #[test]
    fn letters_fingerprints_tell_readings_apart() {
        let l = |s: &str| Letters::of(s.chars()).value();
        assert_eq!(l("caf\u{e9}, cr\u{e8}me!"), l("caf\u{e9} cr\u{e8}me"));
        assert_ne!(l("caf\u{e9} cr\u{e8}me"), l("caf\u{e8} cr\u{e8}me"));
        assert_ne!(l("ab"), l("ba"));
        assert_ne!(l("a"), l("aa"));
    }

    #[test]
    fn latin_text_is_not_decoded_as_cjk() {
        assert!(!double_byte_evidence(b"Gr\xf6sse und \xdcberpr\xfcfung"));
        assert!(double_byte_evidence(b"ab\xc4\xe3cd"));
        assert!(double_byte_evidence(b"a\x81\x30\x81\x30"));
        assert!(double_byte_evidence(b"\xc4\xe3"));
        let ranked = rank(b"Gr\xf6sse und \xdcberpr\xfcfung der Qualit\xe4t", None);
        assert!(ranked.iter().all(|r| r.charset != labels::GBK));
    }

    #[test]
    fn wider_charsets_bytes_anywhere_in_the_prefix_gate_the_narrow_one_out() {
        // Japanese that Shift_JIS and CP932 read alike, then (beyond the window scored) a
        // NEC circled digit, row 13, which only CP932 defines.
        let ja = encoding_rs::SHIFT_JIS
            .encode("これは日本語で書かれた文です。文字コードを調べます。")
            .0
            .into_owned();
        let mut head = ja.clone();
        head.extend_from_slice(b" \x87\x40");
        assert_eq!(best(&ja), "Shift_JIS");
        assert_eq!(rank_in(&ja, None, &head)[0].charset.name(), "CP932");
        // Korean that EUC-KR and CP949 read alike, then a syllable only UHC has (8141).
        let ko = encoding_rs::EUC_KR
            .encode("모든 인간은 태어날 때부터 자유로우며 존엄과 권리에 있어 동등하다.")
            .0
            .into_owned();
        let mut head = ko.clone();
        head.extend_from_slice(b" \x81\x41");
        assert_eq!(best(&ko), "EUC-KR");
        assert_eq!(rank_in(&ko, None, &head)[0].charset.name(), "CP949");
    }

    #[test]
    fn a_declared_encoding_decides_between_close_readings() {
        // German with one A4 byte: windows-1252's `¤` or ISO-8859-15's `€`, as declared.
        let body = b"<p>Die Gr\xf6\xdfe kostet 20 \xa4 pro St\xfcck, f\xfcr alle.</p>";
        for (label, want) in [
            ("windows-1252", "windows-1252"),
            ("iso-8859-15", "ISO-8859-15"),
        ] {
            let mut doc = format!("<?xml version=\"1.0\" encoding=\"{label}\"?>\n").into_bytes();
            doc.extend_from_slice(body);
            assert_eq!(rank_in(&doc, None, &doc)[0].charset.name(), want, "{label}");
        }
        // It does not make a reading no language writes win: Russian in KOI8-R declared
        // as windows-1252 is still KOI8-R.
        let ru = "Все люди рождаются свободными и равными в своем достоинстве и правах.";
        let mut doc = b"<meta charset=\"windows-1252\"><p>".to_vec();
        doc.extend_from_slice(&encoding_rs::KOI8_R.encode(ru).0);
        assert_eq!(rank_in(&doc, None, &doc)[0].charset.name(), "KOI8-R");
    }

    #[test]
    fn four_byte_sequences_gate_gbk_out() {
        assert!(gate("GBK", b"\xC4\xE3\xBA\xC3"));
        assert!(!gate("GBK", b"\xC4\xE3\x81\x30\x81\x30"));
    }

    #[test]
    fn a_cut_last_character_is_forgiven_and_nothing_else() {
        assert!(decode_prefix(labels::GBK, b"ab\xC4").is_some());
        assert!(decode_prefix(labels::UTF_8, b"ab\xFFcd").is_none());
    }

    #[test]
    fn alike_readings_share_one_confidence() {
        let ranked = rank(b"caf\xE9 cr\xE8me br\xFBl\xE9e", None);
        let conf = confidences(&ranked, 9);
        let names: Vec<_> = conf.iter().map(|(cs, _)| cs.name()).collect();
        assert!(!names.contains(&"ISO-8859-1"), "{names:?}");
        assert!(conf[0].1 >= conf.get(1).map_or(0, |c| c.1));
    }
}
