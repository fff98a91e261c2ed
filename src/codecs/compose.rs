//! Code pages whose text is written with combining marks, converted as glibc and GNU libiconv
//! convert them: CP1255 (Hebrew points), CP1258 and TCVN 5712 (Vietnamese tone marks).
//!
//! Reading, a base character followed by a combining mark becomes the precomposed character
//! that is canonically equivalent to the two, where Unicode has one (`a` + U+0301 → `á`,
//! U+05D3 + U+05BC → U+FB33), repeatedly (U+05E9 U+05BC U+05C1 → U+FB49 U+05C1 → U+FB2C).
//! The Hebrew presentation forms are composed although Unicode's normalization excludes
//! them, as both peers do. Writing, a precomposed character the code page has no byte for is
//! written as its base and mark (decomposed by the same pairs), so that every composed text
//! goes back to the bytes it came from.
//!
//! The pairs come from the Unicode Character Database's canonical decompositions (the
//! `unicode-normalization` crate), restricted to the characters the code page can write, and
//! are worked out the first time a code page is used. The decoder holds back a character
//! that could take a mark until the next byte (or the end of the input) shows whether one
//! follows, so that a base letter at the end of one piece of input and its mark at the start
//! of the next compose as if unsplit; the input is cut only after a line feed.

#![forbid(unsafe_code)]

use super::codec::{CharAt, Codec, Decode, DecodeStatus, Encode, EncodeStatus, Family, Locate};
use super::single_byte::generated as sb;
use super::whatwg::Whatwg;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;
use unicode_normalization::char::{canonical_combining_class, decompose_canonical};

/// A code page read with composition and written with decomposition.
pub struct Composing {
    name: &'static str,
    inner: &'static dyn Codec,
    /// Built on first use and kept for the life of the process, like the code page itself.
    pairs: OnceLock<&'static Pairs>,
}

/// CP1255 (windows-1255) with Hebrew points composed, as glibc and GNU libiconv read it.
pub static CP1255: Composing = Composing::new(
    "windows-1255",
    &Whatwg::new("windows-1255", &encoding_rs::WINDOWS_1255_INIT),
);

/// CP1258 (windows-1258) with Vietnamese tone marks composed, as glibc and GNU libiconv.
pub static CP1258: Composing = Composing::new(
    "windows-1258",
    &Whatwg::new("windows-1258", &encoding_rs::WINDOWS_1258_INIT),
);

/// TCVN 5712:1993 (VN1) with tone marks composed, as glibc and GNU libiconv.
pub static TCVN5712_1: Composing = Composing::new("TCVN5712-1", &sb::TCVN5712_1);

/// The composition pairs of one code page.
struct Pairs {
    /// (base, mark) → the precomposed character.
    compose: HashMap<(char, char), char>,
    /// Characters that some mark composes with: the decoder holds these back.
    bases: HashSet<char>,
    /// A character without a byte → the characters written for it (base and mark, the base
    /// itself decomposed where it has no byte either; or, for a combining mark that is
    /// canonically another, such as U+0341 for U+0301, that mark).
    decompose: HashMap<char, String>,
}

impl Composing {
    /// `inner` read with composition, under the name `name`.
    pub const fn new(name: &'static str, inner: &'static dyn Codec) -> Composing {
        Composing {
            name,
            inner,
            pairs: OnceLock::new(),
        }
    }

    fn pairs(&self) -> &'static Pairs {
        self.pairs
            .get_or_init(|| Box::leak(Box::new(Pairs::of(self.inner))))
    }
}

/// True when `inner` writes `c`.
fn writes(inner: &dyn Codec, c: char) -> bool {
    let mut out = Vec::new();
    let mut buf = [0u8; 4];
    let (status, _) = inner
        .encoder()
        .encode(c.encode_utf8(&mut buf), &mut out, true);
    status == EncodeStatus::Done
}

/// The decompositions of `by_nfd`, shortest first, as (character, decomposition).
fn by_nfd_order(by_nfd: &HashMap<Vec<char>, char>) -> Vec<(char, Vec<char>)> {
    let mut all: Vec<(char, Vec<char>)> = by_nfd.iter().map(|(d, &c)| (c, d.clone())).collect();
    all.sort_by_key(|(c, d)| (d.len(), *c));
    all
}

/// `chars` in canonical order: each run of marks sorted by combining class, stably.
fn reordered(mut chars: Vec<char>) -> Vec<char> {
    for end in (1..chars.len()).rev() {
        for k in 0..end {
            let (a, b) = (chars[k], chars[k + 1]);
            let (ca, cb) = (canonical_combining_class(a), canonical_combining_class(b));
            if cb != 0 && ca > cb {
                chars.swap(k, k + 1);
            }
        }
    }
    chars
}

/// The canonical decomposition of `c`, fully decomposed.
fn nfd(c: char) -> Vec<char> {
    let mut out = Vec::new();
    decompose_canonical(c, |d| out.push(d));
    out
}

impl Pairs {
    fn of(inner: &dyn Codec) -> Pairs {
        let marks: HashSet<char> = (0x300..=0xFFFF)
            .filter_map(char::from_u32)
            .filter(|&c| canonical_combining_class(c) != 0 && writes(inner, c))
            .collect();
        // Every character of the BMP by its full decomposition, to find the character a
        // decomposition less one mark is (U+FB2C less U+05C1 is U+FB49).
        let mut by_nfd: HashMap<Vec<char>, char> = HashMap::new();
        let mut candidates = Vec::new();
        for c in (0x80..=0xFFFF).filter_map(char::from_u32) {
            let d = nfd(c);
            if d.len() > 1 {
                by_nfd.entry(d.clone()).or_insert(c);
                if d.iter().any(|m| marks.contains(m)) {
                    candidates.push((c, d));
                }
            }
        }
        let mut pairs = Pairs {
            compose: HashMap::new(),
            bases: HashSet::new(),
            decompose: HashMap::new(),
        };
        // Shorter decompositions first, so that a base is known before the characters made
        // from it (U+00C2 before U+1EA4).
        candidates.sort_by_key(|(_, d)| d.len());
        let mut through = Vec::new();
        let mut made = HashSet::new();
        for (c, d) in candidates {
            let writable = writes(inner, c);
            // The last mark first: the decomposition written is Unicode's own (U+FB2C is
            // U+FB49 U+05C1, so shin, dagesh, shin dot).
            for (at, &mark) in d.iter().enumerate().skip(1).rev() {
                if !marks.contains(&mark) {
                    continue;
                }
                let rest: Vec<char> = d[..at].iter().chain(&d[at + 1..]).copied().collect();
                let base = match rest[..] {
                    [one] => one,
                    _ => match by_nfd.get(&rest) {
                        Some(&b) => b,
                        None => continue,
                    },
                };
                // Base and mark must be canonically equivalent to `c` (the mark may move
                // before marks of a higher class: e + U+0302 + U+0323 is U+1EC7) and come
                // back to bytes: the base written directly or decomposed.
                let mut joined = nfd(base);
                joined.push(mark);
                if reordered(joined) != d || !(writes(inner, base) || made.contains(&base)) {
                    continue;
                }
                pairs.compose.insert((base, mark), c);
                pairs.bases.insert(base);
                made.insert(c);
                if !writable {
                    through.push((c, base, mark));
                }
            }
        }
        // Written decomposed: through a base that has a byte where there is one, else through
        // a base that is itself written decomposed.
        for &(c, base, mark) in &through {
            if writes(inner, base) {
                pairs
                    .decompose
                    .entry(c)
                    .or_insert_with(|| format!("{base}{mark}"));
            }
        }
        // A character whose canonical decomposition cannot be written, because its base has
        // no byte, is written as glibc and libiconv write it: the other mark first (U+1E4C,
        // O with tilde and acute, as O-acute and tilde). Reading does not compose these.
        for (c, d) in &by_nfd_order(&by_nfd) {
            if pairs.decompose.contains_key(c) || writes(inner, *c) {
                continue;
            }
            for (at, &mark) in d.iter().enumerate().skip(1).rev() {
                let rest: Vec<char> = d[..at].iter().chain(&d[at + 1..]).copied().collect();
                let base = match rest[..] {
                    [one] => Some(one),
                    _ => by_nfd.get(&rest).copied(),
                };
                if let Some(base) = base.filter(|&b| marks.contains(&mark) && writes(inner, b)) {
                    pairs.decompose.insert(*c, format!("{base}{mark}"));
                    break;
                }
            }
        }
        for &(c, base, mark) in &through {
            if let Some(parts) = pairs.decompose.get(&base).cloned() {
                pairs
                    .decompose
                    .entry(c)
                    .or_insert(parts + &mark.to_string());
            }
        }
        // Combining marks that are canonically another mark (U+0340, U+0341).
        for c in (0x300..=0xFFFF).filter_map(char::from_u32) {
            if canonical_combining_class(c) == 0 || marks.contains(&c) {
                continue;
            }
            if let [m] = nfd(c)[..]
                && marks.contains(&m)
            {
                pairs.decompose.entry(c).or_insert_with(|| m.to_string());
            }
        }
        pairs
    }
}

impl Codec for Composing {
    fn name(&self) -> &'static str {
        self.name
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(ComposingDecoder {
            inner: self.inner.decoder(),
            pairs: self.pairs(),
            pending: None,
        })
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(DecomposingEncoder {
            inner: self.inner.encoder(),
            pairs: self.pairs(),
        })
    }

    fn clean_after(&self, byte: u8) -> bool {
        // After a line feed no letter is held back for a mark.
        byte == b'\n'
    }

    fn char_at(&self, bytes: &[u8], eof: bool) -> CharAt {
        // Byte by byte, as the code page defines them (the escape path keeps the bytes).
        self.inner.char_at(bytes, eof)
    }

    fn locate(&self) -> Locate {
        // A character may come from two or three bytes.
        Locate::Replay
    }

    fn decodes_one_to_one(&self) -> bool {
        false
    }

    fn family(&self) -> Family {
        self.inner.family()
    }
}

/// Reads with the code page's own decoder, then composes.
struct ComposingDecoder {
    inner: Box<dyn Decode>,
    pairs: &'static Pairs,
    /// A character that may still take a mark, not yet written.
    pending: Option<char>,
}

impl ComposingDecoder {
    fn push(&mut self, c: char, dst: &mut String) {
        if let Some(p) = self.pending {
            if let Some(&composed) = self.pairs.compose.get(&(p, c)) {
                self.pending = Some(composed);
                return;
            }
            dst.push(p);
        }
        if self.pairs.bases.contains(&c) {
            self.pending = Some(c);
        } else {
            self.pending = None;
            dst.push(c);
        }
    }

    fn flush(&mut self, dst: &mut String) {
        if let Some(p) = self.pending.take() {
            dst.push(p);
        }
    }
}

impl Decode for ComposingDecoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        // Room for what the inner decoder writes and the held character: composing never
        // lengthens the text.
        let room = dst.capacity() - dst.len();
        if room < 8 {
            return (DecodeStatus::OutputFull, 0);
        }
        let mut text = String::with_capacity(room - 4);
        let (status, read) = self.inner.decode(src, &mut text, last);
        let pairs = self.pairs;
        if self.pending.is_none() && !text.chars().any(|c| pairs.bases.contains(&c)) {
            dst.push_str(&text);
        } else {
            for c in text.chars() {
                self.push(c, dst);
            }
        }
        match status {
            DecodeStatus::Malformed { .. } => self.flush(dst),
            DecodeStatus::InputEmpty if last => self.flush(dst),
            _ => {}
        }
        (status, read)
    }
}

/// Decomposes what the code page has no byte for, then writes with its own encoder.
struct DecomposingEncoder {
    inner: Box<dyn Encode>,
    pairs: &'static Pairs,
}

impl Encode for DecomposingEncoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        let mut done = 0;
        while let Some((at, c)) = src[done..]
            .char_indices()
            .find(|(_, c)| self.pairs.decompose.contains_key(c))
        {
            let at = done + at;
            let (status, read) = self.inner.encode(&src[done..at], dst, false);
            if status != EncodeStatus::Done {
                return (status, done + read);
            }
            let parts = &self.pairs.decompose[&c];
            let (status, _) = self.inner.encode(parts, dst, false);
            if status != EncodeStatus::Done {
                return (EncodeStatus::Unmappable(c), at + c.len_utf8());
            }
            done = at + c.len_utf8();
        }
        let (status, read) = self.inner.encode(&src[done..], dst, last);
        (status, done + read)
    }

    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        self.inner.encode_surrogate(unit, dst)
    }
}

#[cfg(test)]
mod tests;
