//! Helpers for the codec families' unit tests.

use super::{Charset, DecodeStatus, Decoder, EncodeStatus, Encoder, Problem};

/// Decodes all of `src` in one call sequence, growing the output when full; returns the
/// text and every malformed report.
pub fn decode_all(cs: Charset, src: &[u8]) -> (String, Vec<DecodeStatus>) {
    let mut d = Decoder::new(cs);
    let mut out = String::with_capacity(64);
    let mut events = Vec::new();
    let mut pos = 0;
    loop {
        let (status, read) = d.decode(&src[pos..], &mut out, true);
        pos += read;
        match status {
            DecodeStatus::InputEmpty => return (out, events),
            DecodeStatus::OutputFull => out.reserve(64),
            m => events.push(m),
        }
    }
}

/// Decodes all of `bytes` with `d`, one U+FFFD for each malformed report: for the tests of
/// a decoder built by hand rather than for a charset.
pub fn decode_with(mut d: impl super::codec::Decode, bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 3 + 16);
    let mut at = 0;
    while at < bytes.len() {
        let (status, read) = d.decode(&bytes[at..], &mut out, true);
        at += read;
        match status {
            DecodeStatus::OutputFull => out.reserve(4096),
            DecodeStatus::Malformed { .. } => out.push('\u{FFFD}'),
            DecodeStatus::InputEmpty => {}
        }
    }
    out
}

/// Decodes `src` as two reads cut at `cut` (the second one `last`), growing the output
/// when full: what [`decode_all`] gives for the whole, if the decoder keeps its state
/// across reads. For the split-anywhere tests of the stateful families.
pub fn decode_split(cs: Charset, src: &[u8], cut: usize) -> (String, Vec<DecodeStatus>) {
    let mut d = Decoder::new(cs);
    let mut out = String::with_capacity(64);
    let mut events = Vec::new();
    for (part, last) in [(&src[..cut], false), (&src[cut..], true)] {
        let mut at = 0;
        loop {
            let (status, read) = d.decode(&part[at..], &mut out, last);
            at += read;
            match status {
                DecodeStatus::InputEmpty => break,
                DecodeStatus::OutputFull => out.reserve(64),
                m => events.push(m),
            }
        }
    }
    (out, events)
}

/// Asserts that `src` cut in two at every position decodes as it does whole: the same text
/// and the same errors.
pub fn splits_read_alike(cs: Charset, src: &[u8]) {
    let whole = decode_all(cs, src);
    for cut in 0..=src.len() {
        let (text, events) = decode_split(cs, src, cut);
        assert_eq!(text, whole.0, "{cs} cut at {cut}");
        assert_eq!(problems(&events), problems(&whole.1), "{cs} cut at {cut}");
    }
}

/// The length and problem of each malformed report (the reports of a split input may
/// reach back a different distance, so `after` is left out); panics on any other status.
pub fn problems(events: &[DecodeStatus]) -> Vec<(usize, Problem)> {
    events
        .iter()
        .map(|e| match e {
            DecodeStatus::Malformed { len, problem, .. } => (*len, *problem),
            other => panic!("{other:?}"),
        })
        .collect()
}

/// Decodes `src` whole: the text, and each malformed report as (length, bytes read after
/// it, problem); panics on any other status.
pub fn reports(cs: Charset, src: &[u8]) -> (String, Vec<(usize, usize, Problem)>) {
    let (text, events) = decode_all(cs, src);
    let events = events
        .into_iter()
        .map(|e| match e {
            DecodeStatus::Malformed {
                len,
                after,
                problem,
            } => (len, after, problem),
            other => panic!("{other:?}"),
        })
        .collect();
    (text, events)
}

/// The length of each report of decoding `src` whole (0 for a report that is not a
/// malformed sequence): how the shift-state families check where errors are cut.
pub fn malformed_lens(cs: Charset, src: &[u8]) -> Vec<usize> {
    decode_all(cs, src)
        .1
        .iter()
        .map(|e| match e {
            DecodeStatus::Malformed { len, .. } => *len,
            _ => 0,
        })
        .collect()
}

/// Asserts that `text` encodes to `bytes` with a fresh encoder and that `bytes` decode to
/// `text` without an error.
pub fn both_ways(cs: Charset, text: &str, bytes: &[u8]) {
    assert_eq!(encode(cs, text).2, bytes, "{cs} {text}");
    assert_eq!(
        decode_all(cs, bytes),
        (text.to_string(), vec![]),
        "{cs} {text}"
    );
}

/// Encodes `s` with a fresh encoder: the status, the bytes of `s` read, and the output.
pub fn encode(cs: Charset, s: &str) -> (EncodeStatus, usize, Vec<u8>) {
    let mut out = Vec::new();
    let (st, read) = Encoder::new(cs).encode(s, &mut out, true);
    (st, read, out)
}

/// What the escape policy makes of input: text, escaped bytes and kept lone surrogates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// Decoded text.
    Text(String),
    /// An ill-formed byte, kept as U+DC00+byte.
    Esc(u8),
    /// A lone surrogate, kept.
    Lone(u16),
}

/// Decodes `src` as `--errors escape` does: every malformed report becomes escaped bytes
/// (the bytes it names) or the lone surrogate. Adjacent text is merged.
pub fn decode_escaped(cs: Charset, src: &[u8]) -> Vec<Item> {
    let mut d = Decoder::new(cs);
    let mut items: Vec<Item> = Vec::new();
    let mut pos = 0;
    loop {
        let mut out = String::with_capacity(256);
        let (status, read) = d.decode(&src[pos..], &mut out, true);
        pos += read;
        if !out.is_empty() {
            match items.last_mut() {
                Some(Item::Text(t)) => t.push_str(&out),
                _ => items.push(Item::Text(out)),
            }
        }
        match status {
            DecodeStatus::InputEmpty => return items,
            DecodeStatus::OutputFull => {}
            DecodeStatus::Malformed {
                len,
                after,
                problem,
            } => match problem {
                super::Problem::LoneSurrogate(u) => items.push(Item::Lone(u)),
                _ => {
                    let end = pos - after;
                    items.extend(src[end - len..end].iter().map(|&b| Item::Esc(b)));
                }
            },
        }
    }
}

/// Encodes `items` with a fresh encoder, escapes and lone surrogates through
/// `encode_surrogate`; `None` if the encoder refuses one.
pub fn encode_escaped(cs: Charset, items: &[Item]) -> Option<Vec<u8>> {
    let mut e = Encoder::new(cs);
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Text(t) => {
                e.encode(t, &mut out, false);
            }
            Item::Esc(b) => {
                if !e.encode_surrogate(0xDC00 | u16::from(*b), &mut out) {
                    return None;
                }
            }
            Item::Lone(u) => {
                if !e.encode_surrogate(*u, &mut out) {
                    return None;
                }
            }
        }
    }
    e.encode("", &mut out, true);
    Some(out)
}

/// A small deterministic generator for the codecs' randomised tests.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next value below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }

    /// `len` bytes drawn from `alphabet`.
    pub fn bytes(&mut self, alphabet: &[u8], len: usize) -> Vec<u8> {
        (0..len)
            .map(|_| alphabet[self.below(alphabet.len())])
            .collect()
    }
}
