//! The decoder and encoder every stateless CJK family here shares: ASCII in runs, everything
//! else one code at a time through the family's [`Multibyte`] description, with encoding_rs's
//! streaming contract (a partial code kept between calls, malformed bytes reported with how
//! far back they lie) and one character of lookahead on the encoding side for the codes that
//! stand for two code points (Big5-HKSCS, JIS X 0213).

#![forbid(unsafe_code)]

use super::table::Cell;
use crate::codecs::codec::{CharAt, DecodeStatus, Encode, EncodeStatus, Problem};
use crate::codecs::codec::{Decode, Locate};

/// What the bytes at the start of the input are, read from a clean position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A character (or a pair) of this many bytes.
    Char(Cell, usize),
    /// This many bytes are malformed (the maximal prefix of a code that cannot be completed);
    /// decoding goes on after them.
    Bad(usize),
    /// A valid beginning of a code that the bytes end inside.
    Short,
}

/// The bytes of one code: up to four, in `bytes[..len]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Code {
    /// The bytes, first first.
    pub bytes: [u8; 4],
    /// How many of them there are.
    pub len: u8,
}

impl Code {
    /// A code of `bytes` (at most four).
    pub fn of(bytes: &[u8]) -> Code {
        let mut c = Code {
            bytes: [0; 4],
            len: bytes.len().min(4) as u8,
        };
        c.bytes[..usize::from(c.len)].copy_from_slice(&bytes[..usize::from(c.len)]);
        c
    }

    /// The bytes.
    pub fn as_slice(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// A stateless multi-byte charset whose bytes 00..7F are ASCII: how it reads a code that
/// starts with a byte above 0x7F, and how it writes a character that is not ASCII.
pub trait Multibyte: Clone + Sync + Send + 'static {
    /// The code at the start of `bytes` (`bytes[0]` ≥ 0x80).
    fn step(&self, bytes: &[u8]) -> Step;

    /// The code of a character above U+007F (and the one-way codes the charset's standard
    /// gives some of them).
    fn encode(&self, c: char) -> Option<Code>;

    /// The code of a character followed by a combining one, for the codes that stand for
    /// such a pair.
    fn encode_pair(&self, a: char, b: char) -> Option<Code> {
        let _ = (a, b);
        None
    }

    /// True when `c` begins a pair that has a code of its own, so that the encoder must see
    /// the next character before writing it.
    fn starts_pair(&self, c: char) -> bool {
        let _ = c;
        false
    }
}

/// `m`'s step at the start of `bytes`, with WHATWG's rule for a two-byte code that has no
/// character: when its second byte is ASCII, only the first is in error, and the ASCII byte
/// is read again as itself.
#[inline]
fn step<M: Multibyte>(m: &M, bytes: &[u8]) -> Step {
    match m.step(bytes) {
        Step::Char(Cell::Empty, 2) if bytes.get(1).is_some_and(u8::is_ascii) => Step::Bad(1),
        Step::Char(Cell::Empty, n) => Step::Bad(n),
        other => other,
    }
}

/// The first character of `bytes` (for `Codec::char_at`).
pub fn char_at<M: Multibyte>(m: &M, bytes: &[u8], eof: bool) -> CharAt {
    let Some(&first) = bytes.first() else {
        return CharAt::NeedMore;
    };
    if first < 0x80 {
        return CharAt::Text(char::from(first).to_string(), 1);
    }
    match step(m, bytes) {
        Step::Char(Cell::Char(c), n) => CharAt::Text(c.to_string(), n),
        Step::Char(Cell::Pair(a, b), n) => CharAt::Text([a, b].iter().collect(), n),
        Step::Char(Cell::Empty, n) | Step::Bad(n) => CharAt::Malformed(n, Problem::Invalid),
        Step::Short if eof => CharAt::Malformed(bytes.len(), Problem::Invalid),
        Step::Short => CharAt::NeedMore,
    }
}

/// The parts of `Codec` every stateless family answers alike: replayed error locations,
/// escape checked per character, and splitting across cores.
pub fn locate() -> Locate {
    Locate::Replay
}

/// A decoder for `M`.
pub struct MbDecoder<M> {
    m: M,
    /// Bytes of a code begun in an earlier call (or left over after a malformed one).
    pending: Vec<u8>,
}

impl<M: Multibyte> MbDecoder<M> {
    /// A decoder in its initial state.
    pub fn new(m: M) -> MbDecoder<M> {
        MbDecoder {
            m,
            pending: Vec::with_capacity(4),
        }
    }
}

/// Room for a pair of characters (eight bytes of UTF-8).
fn room(dst: &String) -> bool {
    dst.capacity() - dst.len() >= 8
}

fn push(dst: &mut String, cell: Cell) {
    match cell {
        Cell::Char(c) => dst.push(c),
        Cell::Pair(a, b) => {
            dst.push(a);
            dst.push(b);
        }
        Cell::Empty => {}
    }
}

fn bad(len: usize, after: usize) -> DecodeStatus {
    DecodeStatus::Malformed {
        len,
        after,
        problem: Problem::Invalid,
    }
}

impl<M: Multibyte> Decode for MbDecoder<M> {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let mut read = 0;
        // Finish a code begun in an earlier call, one byte at a time.
        while !self.pending.is_empty() {
            if !room(dst) {
                return (DecodeStatus::OutputFull, read);
            }
            let at_end = last && read == src.len();
            let step = if self.pending[0] < 0x80 {
                Step::Char(Cell::Char(char::from(self.pending[0])), 1)
            } else {
                step(&self.m, &self.pending)
            };
            match step {
                Step::Short if read < src.len() => {
                    self.pending.push(src[read]);
                    read += 1;
                }
                Step::Short if !at_end => return (DecodeStatus::InputEmpty, read),
                Step::Short => {
                    let n = self.pending.len();
                    self.pending.clear();
                    return (bad(n, 0), read);
                }
                Step::Char(Cell::Empty, n) | Step::Bad(n) => {
                    self.pending.drain(..n);
                    return (bad(n, self.pending.len()), read);
                }
                Step::Char(cell, n) => {
                    push(dst, cell);
                    self.pending.drain(..n);
                }
            }
        }
        let mut i = read;
        while i < src.len() {
            // ASCII in runs, as much as the output has room for.
            let run = src[i..].iter().take_while(|b| b.is_ascii()).count();
            if run > 0 {
                let room_now = dst.capacity() - dst.len();
                let take = run.min(room_now);
                // The run is ASCII, hence UTF-8.
                dst.push_str(std::str::from_utf8(&src[i..i + take]).unwrap_or_default());
                i += take;
                if take < run {
                    return (DecodeStatus::OutputFull, i);
                }
                continue;
            }
            if !room(dst) {
                return (DecodeStatus::OutputFull, i);
            }
            match step(&self.m, &src[i..]) {
                Step::Char(Cell::Empty, n) | Step::Bad(n) => return (bad(n, 0), i + n),
                Step::Char(cell, n) => {
                    push(dst, cell);
                    i += n;
                }
                Step::Short if last => return (bad(src.len() - i, 0), src.len()),
                Step::Short => {
                    self.pending.extend_from_slice(&src[i..]);
                    return (DecodeStatus::InputEmpty, src.len());
                }
            }
        }
        (DecodeStatus::InputEmpty, src.len())
    }
}

/// An encoder for `M`.
pub struct MbEncoder<M> {
    m: M,
    /// A character that may begin a sequence, waiting for the next one.
    held: Option<char>,
}

impl<M: Multibyte> MbEncoder<M> {
    /// An encoder in its initial state.
    pub fn new(m: M) -> MbEncoder<M> {
        MbEncoder { m, held: None }
    }

    /// Writes the held character on its own.
    fn flush(&mut self, dst: &mut Vec<u8>) {
        if let Some(h) = self.held.take()
            && let Some(code) = self.m.encode(h)
        {
            dst.extend_from_slice(code.as_slice());
        }
    }
}

impl<M: Multibyte> Encode for MbEncoder<M> {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len() + 4);
        let bytes = src.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii() && self.held.is_none() {
                let run = bytes[i..].iter().take_while(|b| b.is_ascii()).count();
                dst.extend_from_slice(&bytes[i..i + run]);
                i += run;
                continue;
            }
            let Some(c) = src[i..].chars().next() else {
                break;
            };
            let next = i + c.len_utf8();
            if let Some(h) = self.held
                && let Some(code) = self.m.encode_pair(h, c)
            {
                self.held = None;
                dst.extend_from_slice(code.as_slice());
                i = next;
                continue;
            }
            self.flush(dst);
            if c.is_ascii() {
                dst.push(c as u8);
            } else if self.m.starts_pair(c) {
                self.held = Some(c);
            } else if let Some(code) = self.m.encode(c) {
                dst.extend_from_slice(code.as_slice());
            } else {
                return (EncodeStatus::Unmappable(c), next);
            }
            i = next;
        }
        if last {
            self.flush(dst);
        }
        (EncodeStatus::Done, src.len())
    }

    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        if !(0xDC80..=0xDCFF).contains(&unit) {
            return false;
        }
        self.flush(dst);
        dst.push((unit - 0xDC00) as u8);
        true
    }
}

/// A shorthand for the boxed decoder of a family.
pub fn boxed_decoder<M: Multibyte>(m: &M) -> Box<dyn Decode> {
    Box::new(MbDecoder::new(m.clone()))
}

/// A shorthand for the boxed encoder of a family.
pub fn boxed_encoder<M: Multibyte>(m: &M) -> Box<dyn Encode> {
    Box::new(MbEncoder::new(m.clone()))
}
