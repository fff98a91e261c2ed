//! What CESU-8, Modified UTF-8 and WTF-8 share: UTF-8's byte patterns, with surrogates
//! allowed as three-byte sequences (ED A0 80..ED BF BF) under rules that differ from format
//! to format. One streaming decoder takes the [`Rules`] of each; it copies runs of plain
//! UTF-8 at once (validated by SIMD) and steps through the rest a sequence at a time.
//!
//! Ill-formed input is reported one maximal piece at a time, as Unicode §3.9 does for UTF-8:
//! the longest start of a sequence that could still become well-formed, cut before the byte
//! that cannot continue it. Two pieces are whole sequences that are well-formed UTF-8 shapes
//! but not allowed by the format: a four-byte sequence where supplementary characters must
//! be surrogate pairs (four bytes, one piece), and a surrogate pair written as two
//! three-byte sequences where they must be four bytes (six bytes, one piece).

#![forbid(unsafe_code)]

use super::codec::{DecodeStatus, Problem, has_room};
use super::kernels::utf8_valid;

/// What sets one variant apart.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Supplementary characters are a surrogate pair of three-byte sequences, and a
    /// four-byte sequence is ill-formed (CESU-8, Modified UTF-8); a lone surrogate is
    /// ill-formed too. Otherwise (WTF-8) they are UTF-8's four bytes, the pair form is
    /// ill-formed, and a lone surrogate is a surrogate code point of the format.
    pub pairs: bool,
    /// U+0000 is C0 80, and a raw 00 byte is ill-formed (Modified UTF-8).
    pub java_nul: bool,
}

/// What the bytes at a sequence start hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A character and its length.
    Char(char, usize),
    /// A surrogate code point that is a code point of the format (WTF-8), three bytes.
    Lone(u16),
    /// The first `n` bytes are one ill-formed piece.
    Bad(usize),
    /// The bytes end inside a sequence.
    NeedMore,
}

/// True for a continuation byte.
fn cont(b: u8) -> bool {
    (0x80..0xC0).contains(&b)
}

/// The surrogate a three-byte sequence ED A0..BF 80..BF stands for, if it is one.
fn surrogate_at(b: &[u8]) -> Option<u16> {
    match *b {
        [0xED, b1 @ 0xA0..=0xBF, b2, ..] if cont(b2) => {
            Some(0xD000 | (u16::from(b1 & 0x3F) << 6) | u16::from(b2 & 0x3F))
        }
        _ => None,
    }
}

/// The length of the valid start of a UTF-8 sequence beginning with lead `b[0]` (2..=4
/// bytes long), where the second byte is checked against `lo..=hi`: how many bytes are in
/// place, and whether the whole sequence is.
fn valid_prefix(b: &[u8], need: usize, lo: u8, hi: u8) -> (usize, bool) {
    let mut n = 1;
    while n < need {
        let Some(&x) = b.get(n) else {
            return (n, false);
        };
        let ok = if n == 1 {
            (lo..=hi).contains(&x)
        } else {
            cont(x)
        };
        if !ok {
            return (n, false);
        }
        n += 1;
    }
    (n, true)
}

/// Decodes the character of a complete, valid UTF-8 sequence of 2..=4 bytes.
fn scalar(b: &[u8]) -> u32 {
    let lead = u32::from(b[0]) & (0x7F >> b.len());
    b[1..]
        .iter()
        .fold(lead, |acc, &x| (acc << 6) | u32::from(x & 0x3F))
}

/// One step at the start of `b` (not empty). `last`: no bytes follow `b`.
fn step(rules: Rules, b: &[u8], last: bool) -> Step {
    let more = |n: usize| if last { Step::Bad(n) } else { Step::NeedMore };
    let b0 = b[0];
    let (need, lo, hi) = match b0 {
        0x00 if rules.java_nul => return Step::Bad(1),
        0x00..=0x7F => return Step::Char(char::from(b0), 1),
        0xC0 if rules.java_nul => {
            return match b.get(1) {
                None => more(1),
                Some(0x80) => Step::Char('\0', 2),
                Some(_) => Step::Bad(1),
            };
        }
        0xC2..=0xDF => (2, 0x80, 0xBF),
        0xE0 => (3, 0xA0, 0xBF),
        // ED: the surrogate range A0..BF is let through here and judged below.
        0xE1..=0xEF => (3, 0x80, 0xBF),
        0xF0 => (4, 0x90, 0xBF),
        0xF1..=0xF3 => (4, 0x80, 0xBF),
        0xF4 => (4, 0x80, 0x8F),
        _ => return Step::Bad(1),
    };
    let (n, whole) = valid_prefix(b, need, lo, hi);
    if !whole {
        return if n == b.len() { more(n) } else { Step::Bad(n) };
    }
    if need == 4 && rules.pairs {
        return Step::Bad(4);
    }
    match surrogate_at(b) {
        None => match char::from_u32(scalar(&b[..need])) {
            Some(c) => Step::Char(c, need),
            None => Step::Bad(need),
        },
        Some(high @ 0xD800..=0xDBFF) => after_high(rules, b, high, last),
        Some(_) if rules.pairs => Step::Bad(3),
        Some(low) => Step::Lone(low),
    }
}

/// A high surrogate's three bytes at the start of `b`: paired with a low one that follows,
/// or alone.
fn after_high(rules: Rules, b: &[u8], high: u16, last: bool) -> Step {
    let rest = &b[3..];
    let low = surrogate_at(rest).filter(|u| (0xDC00..0xE000).contains(u));
    if let Some(low) = low {
        if !rules.pairs {
            return Step::Bad(6);
        }
        let c = 0x10000 + ((u32::from(high) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
        return char::from_u32(c).map_or(Step::Bad(6), |c| Step::Char(c, 6));
    }
    // Could the bytes after it still become a low surrogate?
    let could = match *rest {
        [] | [0xED] => true,
        [0xED, x] => (0xB0..=0xBF).contains(&x),
        _ => false,
    };
    if could && !last {
        return Step::NeedMore;
    }
    match rules.pairs {
        true => Step::Bad(3),
        false => Step::Lone(high),
    }
}

/// The length of the start of `run` that is plain UTF-8 the variant takes as it is: valid
/// UTF-8 ([`utf8_valid::first_error`]), up to the first four-byte sequence where the variant has none
/// and the first 00 where that is ill-formed.
fn plain_run(rules: Rules, run: &[u8]) -> usize {
    let (valid, _) = utf8_valid::first_error(run);
    let run = &run[..valid];
    let stop_4 = if rules.pairs {
        first_at_least(run, 0xF0)
    } else {
        None
    };
    let stop_0 = if rules.java_nul {
        memchr::memchr(0, run)
    } else {
        None
    };
    match (stop_4, stop_0) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b).unwrap_or(valid),
    }
}

/// The index of the first byte of `bytes` that is `min` or more: 32 bytes at a time (a
/// loop the compiler vectorizes), then byte by byte in the block that has one.
pub fn first_at_least(bytes: &[u8], min: u8) -> Option<usize> {
    let mut blocks = bytes.chunks_exact(32);
    let mut at = 0;
    for block in &mut blocks {
        if block.iter().fold(false, |any, &b| any | (b >= min)) {
            return block.iter().position(|&b| b >= min).map(|i| at + i);
        }
        at += 32;
    }
    blocks
        .remainder()
        .iter()
        .position(|&b| b >= min)
        .map(|i| at + i)
}

/// The streaming decoder of one variant.
#[derive(Clone, Debug)]
pub struct Decoder8 {
    rules: Rules,
    /// Bytes of a sequence begun in an earlier call (at most a high surrogate and the
    /// start of what follows it).
    pending: [u8; 8],
    held: usize,
}

impl Decoder8 {
    /// A decoder following `rules`.
    pub fn new(rules: Rules) -> Decoder8 {
        Decoder8 {
            rules,
            pending: [0; 8],
            held: 0,
        }
    }

    /// See [`super::codec::Decode::decode`].
    pub fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let mut read = 0;
        while self.held > 0 {
            if !has_room(dst) {
                return (DecodeStatus::OutputFull, read);
            }
            match self.step_pending(src, &mut read, last) {
                Some(Ok(c)) => dst.push(c),
                Some(Err(status)) => return (status, read),
                None => return (DecodeStatus::InputEmpty, read),
            }
        }
        loop {
            let room = dst.capacity() - dst.len();
            let run = &src[read..src.len().min(read + room)];
            let n = plain_run(self.rules, run);
            // A valid prefix of a str cut at a character boundary: never fails.
            dst.push_str(std::str::from_utf8(&run[..n]).unwrap_or_default());
            read += n;
            if read == src.len() {
                return (DecodeStatus::InputEmpty, read);
            }
            if !has_room(dst) {
                return (DecodeStatus::OutputFull, read);
            }
            let (status, len) = match step(self.rules, &src[read..], last) {
                Step::NeedMore => {
                    // A step needs at most six bytes, so what is left fits.
                    let rest = &src[read..];
                    let n = rest.len().min(self.pending.len());
                    self.pending[..n].copy_from_slice(&rest[..n]);
                    self.held = n;
                    return (DecodeStatus::InputEmpty, src.len());
                }
                Step::Char(c, len) => {
                    dst.push(c);
                    read += len;
                    continue;
                }
                Step::Lone(u) => (malformed(3, 0, Problem::LoneSurrogate(u)), 3),
                Step::Bad(len) => (malformed(len, 0, Problem::Invalid), len),
            };
            return (status, read + len);
        }
    }

    /// One step over the held bytes and the start of `src`: a character, a malformed
    /// status, or `None` when all of `src` went into the held bytes.
    fn step_pending(
        &mut self,
        src: &[u8],
        read: &mut usize,
        last: bool,
    ) -> Option<Result<char, DecodeStatus>> {
        let held = self.held;
        let take = (self.pending.len() - held).min(src.len() - *read);
        let mut buf = self.pending;
        buf[held..held + take].copy_from_slice(&src[*read..*read + take]);
        let at_end = last && *read + take == src.len();
        let (len, found) = match step(self.rules, &buf[..held + take], at_end) {
            Step::NeedMore => {
                self.pending = buf;
                self.held = held + take;
                *read += take;
                return None;
            }
            Step::Char(c, len) => (len, Ok(c)),
            Step::Lone(u) => (3, Err(Problem::LoneSurrogate(u))),
            Step::Bad(len) => (len, Err(Problem::Invalid)),
        };
        // The step used `len` bytes: the held ones first, then bytes of `src`.
        if len >= held {
            *read += len - held;
            self.held = 0;
        } else {
            self.pending.copy_within(len..held, 0);
            self.held = held - len;
        }
        Some(found.map_err(|problem| malformed(len, self.held, problem)))
    }
}

fn malformed(len: usize, after: usize, problem: Problem) -> DecodeStatus {
    DecodeStatus::Malformed {
        len,
        after,
        problem,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CESU: Rules = Rules {
        pairs: true,
        java_nul: false,
    };
    const MUTF: Rules = Rules {
        pairs: true,
        java_nul: true,
    };
    const WTF: Rules = Rules {
        pairs: false,
        java_nul: false,
    };

    #[test]
    fn steps() {
        let pair = b"\xED\xA0\xBD\xED\xB8\x80";
        assert_eq!(step(CESU, pair, true), Step::Char('😀', 6));
        assert_eq!(step(WTF, pair, true), Step::Bad(6));
        assert_eq!(step(CESU, b"\xF0\x9F\x98\x80", true), Step::Bad(4));
        assert_eq!(step(WTF, b"\xF0\x9F\x98\x80", true), Step::Char('😀', 4));
        assert_eq!(step(CESU, b"\xED\xA0\xBDx", true), Step::Bad(3));
        assert_eq!(step(WTF, b"\xED\xA0\xBDx", true), Step::Lone(0xD83D));
        assert_eq!(step(WTF, b"\xED\xA0\xBD", false), Step::NeedMore);
        assert_eq!(step(WTF, b"\xED\xA0\xBD\xED", false), Step::NeedMore);
        assert_eq!(
            step(WTF, b"\xED\xA0\xBD\xED\x80", false),
            Step::Lone(0xD83D)
        );
        assert_eq!(step(MUTF, b"\xC0\x80", true), Step::Char('\0', 2));
        assert_eq!(step(CESU, b"\xC0\x80", true), Step::Bad(1));
        assert_eq!(step(MUTF, b"\0", true), Step::Bad(1));
        assert_eq!(step(CESU, b"\xE0\x80\x80", true), Step::Bad(1));
        assert_eq!(step(CESU, b"\xE4\xB8", true), Step::Bad(2));
        assert_eq!(step(CESU, b"\xE4\xB8", false), Step::NeedMore);
        assert_eq!(step(CESU, b"\xF4\x90", true), Step::Bad(1));
    }

    #[test]
    fn finds_the_first_high_byte() {
        let mut v = vec![b'a'; 100];
        assert_eq!(first_at_least(&v, 0xF0), None);
        v[70] = 0xF0;
        v[90] = 0xF4;
        assert_eq!(first_at_least(&v, 0xF0), Some(70));
        assert_eq!(first_at_least(&v[..40], 0xF0), None);
    }
}
