//! The last stage: every candidate encoding of the label table decodes the input with our own
//! decoder; those that fail a strict decode drop out (a character cut by the end of the
//! input is forgiven); the structural gates drop the narrower charsets whose bytes the input
//! leaves (GBK for four-byte GB18030 sequences, EUC-KR for UHC pairs...); the rest are
//! ranked by how their text reads ([`super::text`]), with chardetng's guess (Firefox's
//! detector, whose frequency model knows the CJK languages apart) as one more piece of
//! evidence, and a small prior per encoding that decides between equal readings.
//!
//! Candidates are named in `CANDIDATES` and resolved through the label table when the
//! stage runs, so an encoding that lands in the table (CP437, IBM037, CP949, JOHAB...) is a
//! candidate from then on, and one that is not there is never answered.

#![forbid(unsafe_code)]

use super::text::{self, Tally};
use super::{declared, lang, letters};
use crate::codecs::{Charset, DecodeStatus, Decoder, labels};
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

/// The candidates the label table has, each once.
fn candidates() -> &'static [(Charset, f64, Family)] {
    static RESOLVED: OnceLock<Vec<(Charset, f64, Family)>> = OnceLock::new();
    RESOLVED.get_or_init(|| {
        let names: Vec<&str> = CANDIDATES.iter().map(|c| c.0).collect();
        let mut out: Vec<(Charset, f64, Family)> = Vec::new();
        for (found, &(_, prior, family)) in labels::lookup_all(&names).into_iter().zip(CANDIDATES) {
            if let Some(cs) = found
                && !out.iter().any(|c| c.0 == cs)
            {
                out.push((cs, prior, family));
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
pub fn rank(bytes: &[u8], chardetng: Option<Charset>) -> Vec<Ranked> {
    rank_in(bytes, chardetng, bytes)
}

/// [`rank`] for `bytes` taken from `head`, the whole prefix read (which holds them): the
/// gates look at all of it, since a byte only the wider charset defines proves it wherever
/// it stands (a CP932 or UHC character 20 KB into a page), and a declaration of the
/// encoding ([`declared`]) stands at its start.
pub fn rank_in(bytes: &[u8], chardetng: Option<Charset>, head: &[u8]) -> Vec<Ranked> {
    let non_ascii = bytes.iter().filter(|b| !b.is_ascii()).count().max(1) as f64;
    let mut ranked = Vec::new();
    let mut decodings = Vec::new();
    let mut tallied: Vec<(u64, Tally, u64)> = Vec::new();
    // (An ASCII window, from a file whose first non-ASCII byte lies beyond the prefix,
    // leaves chardetng's guess to decide: no candidate is ruled out by it.)
    let paired = bytes.is_ascii() || double_byte_evidence(bytes);
    let ebcdic = ebcdic_spaces(bytes);
    let eligible: Vec<_> = candidates()
        .iter()
        .filter(|c| match c.2 {
            Family::Other => !ebcdic,
            Family::Ebcdic => ebcdic,
            _ => paired && !ebcdic,
        })
        .filter(|c| gate(c.0.name(), bytes) && gate_pairs(c.0.name(), head))
        .collect();
    for &(cs, prior, family) in screen(bytes, eligible) {
        let unit = cs.form().unit();
        let whole = &bytes[..bytes.len() - bytes.len() % unit];
        let Some(decoded) = decode_prefix(cs, whole) else {
            continue;
        };
        let text = fingerprint(decoded.as_bytes());
        // Code pages that agree on the bytes present decode alike: such a reading is
        // tallied once.
        let (tally, letters) = match tallied.iter().find(|t| t.0 == text) {
            Some(&(_, tally, letters)) => (tally, letters),
            None => {
                let tally = text::tally(&decoded);
                let letters = letters_fingerprint(&decoded);
                tallied.push((text, tally, letters));
                (tally, letters)
            }
        };
        let score = tally.score + family_penalty(family, tally) + prior;
        ranked.push(Ranked {
            charset: cs,
            score,
            text,
            letters,
        });
        decodings.push(decoded);
    }
    // A declared encoding speaks for every reading with its text, before the fitting, so
    // that its reading is among those fitted.
    let declared = declared::declared(head);
    let backed: Vec<u64> = ranked
        .iter()
        .filter(|r| declared.contains(&r.charset))
        .map(|r| r.text)
        .collect();
    for r in ranked.iter_mut().filter(|r| backed.contains(&r.text)) {
        r.score += DECLARED_WEIGHT * non_ascii.max(MIN_EVIDENCE);
    }
    // The language model is the expensive part: only the readings that the character
    // weights leave in the running are fitted.
    let mut order: Vec<usize> = (0..ranked.len()).collect();
    order.sort_by(|&a, &b| ranked[b].score.total_cmp(&ranked[a].score));
    let mut fitted: Vec<(u64, f64)> = Vec::new();
    for &i in &order {
        let fit = match fitted.iter().find(|f| f.0 == ranked[i].text) {
            Some(&(_, fit)) => fit,
            None if fitted.len() < FITTED => {
                let fit = lang::fit(&decodings[i]).map_or(0.0, |f| f.1);
                fitted.push((ranked[i].text, fit));
                fit
            }
            // Not fitted: ranked below every fitted reading.
            None => f64::MIN / 4.0,
        };
        ranked[i].score += LANG_WEIGHT * fit;
    }
    if let Some(guess) = chardetng
        && let Some(hash) = ranked
            .iter()
            .find(|r| r.charset == guess)
            .map(|r| r.letters)
    {
        // chardetng judges letters and knows only the WHATWG encodings: its verdict goes to
        // every reading with the guess's letters (ISO-8859-15 has them where it answers
        // windows-1252), and the symbols between them are left to the character weights.
        for r in ranked.iter_mut().filter(|r| r.letters == hash) {
            r.score += CHARDETNG_WEIGHT * non_ascii;
        }
    }
    ranked.sort_by(|a, b| b.score.total_cmp(&a.score));
    ranked
}

/// How many bytes the screening reads, when the window is longer.
const SCREEN: usize = 1024;
/// How many distinct readings of the screened bytes go on to be read in full.
const SCREEN_KEEP: usize = 16;

/// The candidates worth reading in full: on a window longer than [`SCREEN`] bytes, those
/// whose reading of its first [`SCREEN`] bytes (which begin by the first non-ASCII byte)
/// is among the [`SCREEN_KEEP`] best by character weights, and the best of each family. The verdict is almost always
/// among the first few readings of a short prefix; reading every candidate in full was most
/// of the detector's time on files of a few kilobytes.
fn screen<'a>(
    bytes: &[u8],
    eligible: Vec<&'a (Charset, f64, Family)>,
) -> Vec<&'a (Charset, f64, Family)> {
    if bytes.len() <= SCREEN {
        return eligible;
    }
    let sample = &bytes[..SCREEN];
    let mut scored: Vec<(f64, u64, &(Charset, f64, Family))> = Vec::new();
    // Code pages that agree on the bytes of the sample read it alike: tallied once.
    let mut tallied: Vec<(u64, Tally)> = Vec::new();
    for c in eligible {
        let (cs, prior, family) = *c;
        let unit = cs.form().unit();
        let Some(decoded) = decode_prefix(cs, &sample[..SCREEN - SCREEN % unit]) else {
            continue;
        };
        let text = fingerprint(decoded.as_bytes());
        let t = match tallied.iter().find(|t| t.0 == text) {
            Some(&(_, t)) => t,
            None => {
                let t = text::tally(&decoded);
                tallied.push((text, t));
                t
            }
        };
        scored.push((t.score + family_penalty(family, t) + prior, text, c));
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut kept: Vec<u64> = Vec::new();
    let mut families: Vec<Family> = Vec::new();
    let mut out = Vec::new();
    for (_, text, c) in scored {
        // The best reading of each language family goes on too: the first kilobyte may be
        // a banner of symbols that a CJK encoding reads no better than a code page.
        if !kept.contains(&text) {
            if kept.len() >= SCREEN_KEEP && families.contains(&c.2) {
                continue;
            }
            kept.push(text);
        }
        if !families.contains(&c.2) {
            families.push(c.2);
        }
        out.push(c);
    }
    out
}

/// A 64-bit fingerprint of a decoding, to tell readings apart: a multiply-rotate hash over
/// eight bytes at a time, cheaper than SipHash one character at a time on the kilobytes of
/// every candidate's text.
fn fingerprint(bytes: &[u8]) -> u64 {
    let mut h = 0u64;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        h = mix(h, u64::from_le_bytes(word.try_into().unwrap_or_default()));
    }
    let rest = words.remainder();
    let mut last = [0u8; 8];
    last[..rest.len()].copy_from_slice(rest);
    finish(mix(h, u64::from_le_bytes(last)), bytes.len() as u64)
}

/// The [`fingerprint`] of the letters of `text` alone, two characters to a word.
fn letters_fingerprint(text: &str) -> u64 {
    let (mut h, mut word, mut n) = (0u64, 0u64, 0u64);
    for c in text.chars().filter(|&c| letters::is_letter(c)) {
        word = word << 32 | u64::from(c);
        n += 1;
        if n.is_multiple_of(2) {
            h = mix(h, word);
            word = 0;
        }
    }
    finish(mix(h, word), n)
}

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

fn mix(h: u64, word: u64) -> u64 {
    (h.rotate_left(23) ^ word).wrapping_mul(MIX)
}

fn finish(h: u64, n: u64) -> u64 {
    (h ^ n).wrapping_mul(MIX) ^ (h >> 29)
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
fn gate(name: &str, bytes: &[u8]) -> bool {
    // The superset only counts when it is another charset of the table (WHATWG makes
    // `cp949`, `windows-31j` and `big5-hkscs` labels of EUC-KR, Shift_JIS and Big5).
    let wider = |w: &str| labels::lookup(w).is_some_and(|cs| cs.name() != name);
    if name.starts_with("UTF-16") || name.starts_with("UTF-32") {
        // Wide text without zero bytes (else the zero-byte stage would have answered) is
        // CJK with no ASCII at all: long enough to tell, and without the spaces of
        // single-byte text.
        let spaces = bytes.iter().filter(|&&b| b == b' ').count();
        return bytes.len() >= 16 && spaces * 32 < bytes.len();
    }
    match name {
        "GBK" => !pairs(bytes).any(|(_, t)| (0x30..=0x39).contains(&t)),
        "EUC-KR" if wider("CP949") => pairs(bytes).all(|(l, t)| l >= 0xA1 && t >= 0xA1),
        "Shift_JIS" if wider("CP932") => {
            pairs(bytes).all(|(l, _)| !matches!(l, 0x87 | 0xED | 0xEE | 0xFA..=0xFC))
        }
        "Big5" if wider("Big5-HKSCS") => pairs(bytes).all(|(l, _)| (0xA1..=0xF9).contains(&l)),
        _ => true,
    }
}

/// [`gate`]'s tests of the double-byte pairs, on `head` (the whole prefix read) rather than
/// the window scored; the wide forms' test is of the window alone.
fn gate_pairs(name: &str, head: &[u8]) -> bool {
    name.starts_with("UTF-") || gate(name, head)
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
    fn screening_keeps_the_best_of_each_family() {
        // A banner of CP437 blocks, then Chinese: the first kilobyte reads as well in a
        // code page as in GBK, and GBK must still be read in full.
        let mut b = b"\xdb\xdb\xdb\xdb  \xb1\xb1  ".repeat(120);
        b.extend_from_slice(&encoding_rs::GBK.encode("这是一个用简体中文写的句子。").0);
        let all: Vec<_> = candidates().iter().collect();
        let kept = screen(&b, all.clone());
        assert!(kept.len() < all.len());
        assert!(kept.iter().any(|c| c.2 == Family::Chinese));
        assert!(kept.iter().any(|c| c.2 == Family::Korean));
        assert_eq!(screen(&b[..SCREEN], all.clone()).len(), all.len());
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

    #[test]
    fn fingerprints_tell_readings_apart() {
        let a = fingerprint("caf\u{e9} cr\u{e8}me".as_bytes());
        assert_eq!(a, fingerprint("caf\u{e9} cr\u{e8}me".as_bytes()));
        assert_ne!(a, fingerprint("caf\u{e8} cr\u{e8}me".as_bytes()));
        assert_ne!(fingerprint(b"ab"), fingerprint(b"\0ab"));
        assert_ne!(fingerprint(b"12345678"), fingerprint(b"12345678\0"));
        let l = letters_fingerprint("caf\u{e9}, cr\u{e8}me!");
        assert_eq!(l, letters_fingerprint("caf\u{e9} cr\u{e8}me"));
        assert_ne!(l, letters_fingerprint("caf\u{e8} cr\u{e8}me"));
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
