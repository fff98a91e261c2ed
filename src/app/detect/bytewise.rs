//! Single-byte readings scored from their byte tables, without decoding them to text.
//!
//! The ranking reads a window with some sixty single-byte code pages. Decoding each one to
//! a `String` and walking its characters was most of the detector's time, and most of that
//! work was the same every time: a code page that reads ASCII as ASCII reads the ASCII of
//! the window like every other such page, and only the bytes from 80 up, and the
//! characters next to them, read differently. So the window is laid out once ([`Window`]):
//! what its ASCII adds to a tally, the counts of its byte values and of the pairs of
//! neighbours with a high byte in them, and where each high byte value stands
//! (`counts.rs`). A page's tally is then a sum over those values and pairs. Scores are
//! integers (tenths), so that sum is exactly the sum character by character: every
//! reading scores what [`text::tally`] gives its decoded text, which the tests check for
//! every code page.

#![forbid(unsafe_code)]

mod counts;

use super::letters::is_letter;
use super::punct::{self, Brackets, Kind};
use super::text::{self, Info, Parts, Tally};
use crate::codecs::{Charset, DecodeStatus, Decoder};
use counts::Counts;

/// The characters a single-byte charset reads its 256 bytes as.
#[derive(Clone)]
pub struct ByteTable {
    /// The character of each byte; U+FFFD where the charset defines none.
    chars: [char; 256],
    /// The bytes it defines no character for, as bits.
    undefined: Bits,
    /// The bytes that make it read ASCII otherwise than as ASCII, as bits: those below 80
    /// that do not read as themselves, those above that read as ASCII. A page reads a
    /// window without them the way every other such page reads its ASCII stretches.
    odd: Bits,
}

/// A set of byte values.
type Bits = [u64; 4];

/// Whether `a` and `b` share no byte value.
fn disjoint(a: &Bits, b: &Bits) -> bool {
    a.iter().zip(b).all(|(a, b)| a & b == 0)
}

/// Adds `b` to `bits`.
const fn insert(bits: &mut Bits, b: u8) {
    bits[(b >> 6) as usize] |= 1 << (b & 63);
}

impl ByteTable {
    /// The character of byte `b`; `None` where the charset defines none.
    pub fn char_of(&self, b: u8) -> Option<char> {
        let undefined = self.undefined[usize::from(b >> 6)] & 1 << (b & 63) != 0;
        (!undefined).then(|| self.char(b))
    }

    /// The table of `cs`, read off its decoder; `None` when some byte does not decode to
    /// exactly one character on its own (a multi-byte or stateful charset).
    pub fn from_decoder(cs: Charset) -> Option<ByteTable> {
        let all: [u8; 256] = std::array::from_fn(|i| i as u8);
        let mut chars = [char::REPLACEMENT_CHARACTER; 256];
        let mut defined = [true; 256];
        let mut decoder = Decoder::new(cs);
        let mut out = String::with_capacity(256 * 4 + 16);
        let mut at = 0;
        while at < all.len() {
            out.clear();
            let (status, read) = decoder.decode(&all[at..], &mut out, false);
            let good = match status {
                DecodeStatus::InputEmpty => read,
                DecodeStatus::Malformed {
                    len: 1, after: 0, ..
                } if read > 0 => read - 1,
                _ => return None,
            };
            if read == 0 || out.chars().count() != good {
                return None;
            }
            for (slot, c) in chars[at..].iter_mut().zip(out.chars()) {
                *slot = c;
            }
            defined[at + good..at + read].fill(false);
            at += read;
        }
        Some(ByteTable::with_undefined(chars, defined))
    }

    /// The table of the characters of the 256 bytes, U+FFFD where the charset defines
    /// none (which no code page maps a byte to); `const`, so that the generated tables
    /// ([`super::code_pages`]) are laid out when compiling.
    pub const fn from_chars(chars: [char; 256]) -> ByteTable {
        let mut defined = [true; 256];
        let mut b = 0;
        while b < 256 {
            defined[b] = chars[b] as u32 != char::REPLACEMENT_CHARACTER as u32;
            b += 1;
        }
        ByteTable::with_undefined(chars, defined)
    }

    /// The table of `chars`, of which those not `defined` are none.
    const fn with_undefined(chars: [char; 256], defined: [bool; 256]) -> ByteTable {
        let (mut undefined, mut odd) = ([0; 4], [0; 4]);
        let mut i = 0;
        while i < 256 {
            let (b, c) = (i as u8, chars[i] as u32);
            if !defined[i] {
                insert(&mut undefined, b);
            } else if b.is_ascii() != (c < 0x80) || b.is_ascii() && c != b as u32 {
                insert(&mut odd, b);
            }
            i += 1;
        }
        ByteTable {
            chars,
            undefined,
            odd,
        }
    }

    /// Whether the table defines every byte the window holds (else its strict decoding of
    /// the window fails).
    pub fn reads(&self, w: &Window) -> bool {
        disjoint(&self.undefined, &w.present)
    }

    /// The character of `b`, U+FFFD where none (never asked, after [`ByteTable::reads`]).
    fn char(&self, b: u8) -> char {
        self.chars[usize::from(b)]
    }

    /// The characters of `bytes`.
    pub fn chars<'a>(&'a self, bytes: &'a [u8]) -> impl Iterator<Item = char> + 'a {
        bytes.iter().map(|&b| self.char(b))
    }

    /// The decoding of the window.
    pub fn text(&self, w: &Window) -> String {
        let mut text = String::with_capacity(w.bytes.len() * 2);
        // Character by character where the pieces are short (text in another alphabet,
        // where most ASCII pieces are one space): copying them one by one cost more.
        if !self.ascii_based(w) || w.pieces.len() * 4 > w.bytes.len() {
            text.extend(self.chars(w.bytes));
            return text;
        }
        for piece in &w.pieces {
            match *piece {
                Piece::High(at) => text.push(self.char(w.bytes[at])),
                Piece::Ascii { start, end, .. } => {
                    text.push_str(std::str::from_utf8(&w.bytes[start..end]).unwrap_or_default())
                }
            }
        }
        text
    }

    /// Whether the table reads the window's ASCII as ASCII, and no other byte of it as
    /// ASCII: then its reading is made of the window's [`Piece`]s.
    pub fn ascii_based(&self, w: &Window) -> bool {
        disjoint(&self.odd, &w.present)
    }

    /// The [`Letters`] of the decoding of the window.
    pub fn letters(&self, w: &Window) -> Letters {
        if !self.ascii_based(w) {
            return Letters::of(self.chars(w.bytes));
        }
        let mut letters = Letters::default();
        for piece in &w.pieces {
            match *piece {
                Piece::High(at) => letters.push(self.char(w.bytes[at])),
                Piece::Ascii { letters: l, .. } => letters.append(l),
            }
        }
        letters
    }

    /// What the tally asks of the characters of the window's high bytes, asked once per
    /// byte value present.
    pub fn high_infos(&self, w: &Window) -> HighInfos {
        let mut infos = [None; 128];
        for &b in w.high_present() {
            infos[usize::from(b - 0x80)] = Some(Info::of(self.char(b)));
        }
        HighInfos(infos)
    }

    /// At least the score of [`ByteTable::tally`] of the window (with `infos`, its
    /// [`ByteTable::high_infos`]), without reading it: its characters' weights, plus the
    /// most the punctuation rules can give the characters they look at near or at a high
    /// byte. Every other term of a tally is a penalty. `None` when the page does not read
    /// the window's ASCII as ASCII.
    pub fn bound(&self, w: &Window, infos: &HighInfos) -> Option<f64> {
        if !self.ascii_based(w) {
            return None;
        }
        let mut tenths = w.ascii_parts.tenths() + i64::from(w.punct_far);
        let mut ruled = w.punct_near.len() as i64;
        for (info, &n) in infos.0.iter().zip(&w.counts.of[0x80..]) {
            if let Some(info) = info {
                tenths += i64::from(n) * i64::from(info.tenths());
                ruled += i64::from(n) * i64::from(punct::ruled(info.char()));
            }
        }
        Some((tenths + punct::MOST * ruled) as f64 / 10.0)
    }

    /// [`text::tally`] of the decoding of the window: from the window's counts for an
    /// ASCII-based page (`counts.rs`), character by character otherwise.
    pub fn tally(&self, w: &Window) -> Tally {
        if !self.ascii_based(w) {
            return text::tally(&self.text(w));
        }
        let infos = self.high_infos(w);
        let info = |b: u8| match b.checked_sub(0x80) {
            Some(h) => infos.0[usize::from(h)].unwrap_or_else(|| Info::of(self.char(b))),
            None => Info::of_ascii(b),
        };
        let counts = &w.counts;
        let mut parts = w.ascii_parts;
        let high = || w.high_present().iter().copied();
        for b in high() {
            parts.add(info(b), counts.of[usize::from(b)] as usize);
        }
        for &(p, c, n) in &counts.pairs {
            parts.add_pairs(info(p), info(c), n as usize);
        }
        // The two rules that look past a neighbour, at the bytes they are about.
        let mut is_letter = [false; 256];
        for &b in &w.present_list {
            is_letter[usize::from(b)] = info(b).is_letter();
        }
        let letter = |i: usize| w.bytes.get(i).is_some_and(|&b| is_letter[usize::from(b)]);
        let letter_before = |i: usize| i.checked_sub(1).is_some_and(letter);
        let (mut splits, mut islands) = (0, 0);
        for b in high() {
            let i = info(b);
            let at = counts.positions(b).iter().map(|&p| p as usize);
            if i.splits_letters() {
                splits += at.filter(|&p| letter_before(p) && letter(p + 1)).count();
            } else if i.may_be_island() {
                // A word of one letter: the last letter before it decides.
                let alone = at.filter(|&p| !(letter_before(p) || letter(p + 1)));
                let last_letter = |p: usize| {
                    let before = w.bytes[..p].iter().rev();
                    before
                        .copied()
                        .find(|&b| is_letter[usize::from(b)])
                        .map(info)
                };
                islands += alone
                    .filter(|&p| last_letter(p).is_some_and(|l| i.island_after_letter(l)))
                    .count();
            }
        }
        parts.split_words(splits);
        parts.islands(islands);
        parts.finish(self.punct(w))
    }

    /// [`punct::score`] of the decoding of the window (an ASCII-based page's): the rules
    /// around ASCII characters far from any high byte were applied once for the window;
    /// the rest are applied here, to this page's characters.
    fn punct(&self, w: &Window) -> i32 {
        // The kinds of the byte values present, worked out once rather than at each byte
        // (the window's ASCII ones once for all pages).
        let mut kinds = w.ascii_kinds;
        for &b in w.high_present() {
            kinds[usize::from(b)] = punct::kind(self.char(b));
        }
        // (Beyond either end of the window stand spaces.)
        let byte_at = |i: Option<usize>| i.and_then(|i| w.bytes.get(i)).map(|&b| usize::from(b));
        let char_at = |i| byte_at(i).map_or(' ', |b| self.chars[b]);
        let kind_at = |i| byte_at(i).map_or(Kind::Space, |b| kinds[b]);
        let rule = |i: usize, c: char| {
            let (p, n) = (kind_at(i.checked_sub(1)), kind_at(Some(i + 1)));
            punct::rule_around(char_at(i.checked_sub(2)), p, c, n, char_at(Some(i + 2)))
        };
        let near: i32 = w
            .punct_near
            .iter()
            .map(|&i| rule(i, char::from(w.bytes[i])))
            .sum();
        // The high bytes, by value: only the values read as a character a rule is about are
        // visited.
        let mut high = 0;
        for &b in w.high_present() {
            let c = self.char(b);
            if punct::ruled(c) {
                high += (w.counts.positions(b).iter())
                    .map(|&i| rule(i as usize, c))
                    .sum::<i32>();
            }
        }
        w.punct_far + near + high
    }

    /// The identity of the decoding of the window: see [`Window::identity`].
    pub fn identity(&self, w: &Window) -> u64 {
        w.mapping_hash(|b| self.char(b))
    }
}

/// What [`text::Tallier`] asks of the characters a page reads the window's high bytes as, by byte
/// value less 80 ([`ByteTable::high_infos`]).
pub struct HighInfos([Option<Info>; 128]);

/// A piece of a window, in order.
enum Piece {
    /// A byte from 80 up, at this offset.
    High(usize),
    /// ASCII bytes.
    Ascii {
        start: usize,
        end: usize,
        /// Their letters.
        letters: Letters,
    },
}

impl Piece {
    /// The piece of the ASCII `bytes[start..end]`.
    fn ascii(bytes: &[u8], start: usize, end: usize) -> Piece {
        let ascii = &bytes[start..end];
        Piece::Ascii {
            start,
            end,
            letters: Letters::of(ascii.iter().map(|&b| char::from(b))),
        }
    }
}

/// The fingerprint of the letters of a text: the sum of a hash of each letter times P to
/// the power of its place among them (modulo 2^64), which two pieces of text make by
/// [`Letters::append`], so that the letters of an ASCII stretch are hashed once for every
/// reading that shares it.
#[derive(Clone, Copy, Debug)]
pub struct Letters {
    sum: u64,
    /// P to the power of the number of letters.
    power: u64,
}

impl Default for Letters {
    fn default() -> Letters {
        Letters { sum: 0, power: 1 }
    }
}

impl Letters {
    /// The letters of `text`.
    pub fn of(text: impl Iterator<Item = char>) -> Letters {
        let mut letters = Letters::default();
        for c in text {
            letters.push(c);
        }
        letters
    }

    /// Reads `c`, which counts if it is a letter.
    pub fn push(&mut self, c: char) {
        if is_letter(c) {
            let term = mix(0, u64::from(c) | 1 << 32);
            self.sum = self.sum.wrapping_add(term.wrapping_mul(self.power));
            self.power = self.power.wrapping_mul(MIX);
        }
    }

    /// Reads the letters of the text that follows.
    pub fn append(&mut self, next: Letters) {
        self.sum = self.sum.wrapping_add(next.sum.wrapping_mul(self.power));
        self.power = self.power.wrapping_mul(next.power);
    }

    /// The fingerprint.
    pub fn value(self) -> u64 {
        finish(self.sum, self.power)
    }
}

/// A window laid out for the ASCII-based pages' readings: what all of them share, worked
/// out once.
pub struct Window<'a> {
    bytes: &'a [u8],
    /// Which byte values occur, as bits and in order.
    present: Bits,
    present_list: Vec<u8>,
    pieces: Vec<Piece>,
    /// The punctuation rules' score of the ASCII characters whose two neighbours on each
    /// side are ASCII too, and of the brackets, in tenths.
    punct_far: i32,
    /// The ASCII characters that a rule is about within two characters of a high byte.
    punct_near: Vec<usize>,
    /// What the ASCII characters add to a tally.
    ascii_parts: Parts,
    /// The [`punct::kind`] of each ASCII byte value present.
    ascii_kinds: [Kind; 256],
    /// The counts of bytes and pairs a code page's tally is made from.
    counts: Counts,
}

impl<'a> Window<'a> {
    /// The bytes it lays out.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Lays `bytes` out.
    pub fn new(bytes: &'a [u8]) -> Window<'a> {
        let mut present = Bits::default();
        let mut of = [0u32; 256];
        for &b in bytes {
            insert(&mut present, b);
            of[usize::from(b)] += 1;
        }
        let present_list: Vec<u8> = (0..=255u8)
            .filter(|&b| present[usize::from(b >> 6)] & 1 << (b & 63) != 0)
            .collect();
        let mut ascii_parts = Parts::default();
        let mut ascii_kinds = [Kind::Space; 256];
        for &b in present_list.iter().filter(|b| b.is_ascii()) {
            ascii_parts.add(Info::of_ascii(b), of[usize::from(b)] as usize);
            ascii_kinds[usize::from(b)] = punct::kind(char::from(b));
        }
        let mut pieces = Vec::new();
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if b >= 0x80 {
                if start < i {
                    pieces.push(Piece::ascii(bytes, start, i));
                }
                pieces.push(Piece::High(i));
                start = i + 1;
            }
        }
        if start < bytes.len() {
            pieces.push(Piece::ascii(bytes, start, bytes.len()));
        }
        let (mut punct_far, mut punct_near) = (0, Vec::new());
        let mut brackets = Brackets::default();
        let ascii = |i: Option<usize>| {
            i.and_then(|i| bytes.get(i))
                .map_or(Some(' '), |&b| b.is_ascii().then_some(char::from(b)))
        };
        for (i, &b) in bytes.iter().enumerate() {
            let c = char::from(b);
            if !b.is_ascii() || !punct::ruled(c) {
                continue;
            }
            brackets.read(c);
            let around = [i.checked_sub(2), i.checked_sub(1), Some(i + 1), Some(i + 2)];
            match around.map(ascii) {
                [Some(p2), Some(p), Some(n), Some(n2)] => {
                    punct_far += punct::rule([p2, p], c, [n, n2])
                }
                _ => punct_near.push(i),
            }
        }
        Window {
            bytes,
            present,
            present_list,
            pieces,
            punct_far: punct_far + brackets.score(),
            punct_near,
            ascii_parts,
            ascii_kinds,
            counts: Counts::new(bytes, of),
        }
    }

    /// The byte values from 80 up that the window holds, in order.
    fn high_present(&self) -> &[u8] {
        let first = self.present_list.partition_point(|b| b.is_ascii());
        &self.present_list[first..]
    }

    /// The identity of a reading of the window that reads each byte as `char_of` does: a
    /// hash of the characters of the byte values present. Two readings with the same
    /// identity read the window alike, and two that read it alike have the same identity.
    fn mapping_hash(&self, char_of: impl Fn(u8) -> char) -> u64 {
        let mut h = 0u64;
        for &b in &self.present_list {
            h = mix(h, u64::from(b) << 32 | u64::from(char_of(b)));
        }
        finish(h, MAPPED)
    }

    /// The identity of `text`, a decoding of the window by any charset, comparable with
    /// [`ByteTable::identity`]: when it has one character per byte and each byte value
    /// stands for one character throughout, the hash of that mapping (so that a multi-byte
    /// charset that happens to read the window as a code page does is one reading with
    /// it); otherwise a hash of the text itself.
    pub fn identity(&self, text: &str) -> u64 {
        if text.chars().count() == self.bytes.len() {
            let mut chars = [None; 256];
            let consistent = self.bytes.iter().zip(text.chars()).all(|(&b, c)| {
                let slot = &mut chars[usize::from(b)];
                *slot.get_or_insert(c) == c
            });
            if consistent {
                return self.mapping_hash(|b| chars[usize::from(b)].unwrap_or_default());
            }
        }
        fingerprint(text.as_bytes())
    }
}

/// What [`Window::mapping_hash`] ends with, so that it does not meet a [`fingerprint`] of
/// the same words.
const MAPPED: u64 = 0x6D61_7070_6564;

/// A 64-bit fingerprint of a decoding, to tell readings apart: a multiply-rotate hash over
/// eight bytes at a time, cheaper than SipHash one character at a time on the kilobytes of
/// every candidate's text.
pub fn fingerprint(bytes: &[u8]) -> u64 {
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

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// One step of the fingerprints' hash.
pub fn mix(h: u64, word: u64) -> u64 {
    (h.rotate_left(23) ^ word).wrapping_mul(MIX)
}

/// The last step of the fingerprints' hash, with the count of what was hashed.
pub fn finish(h: u64, n: u64) -> u64 {
    (h ^ n).wrapping_mul(MIX) ^ (h >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_tell_texts_apart() {
        let a = fingerprint("caf\u{e9} cr\u{e8}me".as_bytes());
        assert_eq!(a, fingerprint("caf\u{e9} cr\u{e8}me".as_bytes()));
        assert_ne!(a, fingerprint("caf\u{e8} cr\u{e8}me".as_bytes()));
        assert_ne!(fingerprint(b"ab"), fingerprint(b"\0ab"));
        assert_ne!(fingerprint(b"12345678"), fingerprint(b"12345678\0"));
    }

    #[test]
    fn letters_of_pieces_are_the_letters_of_the_whole() {
        let text = "Größe, 12 Übung!";
        for at in 0..=text.chars().count() {
            let mut a = Letters::of(text.chars().take(at));
            a.append(Letters::of(text.chars().skip(at)));
            assert_eq!(a.value(), Letters::of(text.chars()).value());
        }
    }

    #[test]
    fn a_window_is_laid_out_in_pieces() {
        let w = Window::new(b"ab\xe9cd [x] \xe9!");
        // `ab`, E9, `cd [x] `, E9, `!`.
        assert_eq!(w.pieces.len(), 5);
        assert_eq!(w.present_list.len(), 10);
        // `]` and `!` stand within two bytes of a high byte; `[` does not.
        assert_eq!(w.punct_near, vec![8, 11]);
    }
}
