//! The decoder and encoder every stateless CJK family here shares: ASCII in runs, everything
//! else one code at a time through the family's [`Multibyte`] description, with encoding_rs's
//! streaming contract (a partial code kept between calls, malformed bytes reported with how
//! far back they lie) and one character of lookahead on the encoding side for the codes that
//! stand for two code points (Big5-HKSCS, JIS X 0213).

#![forbid(unsafe_code)]

use super::stateful::put_cell;
use super::table::Cell;
use crate::codecs::codec::Decode;
use crate::codecs::codec::{CharAt, DecodeStatus, Encode, EncodeStatus, Problem};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

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
    /// The bytes below 0x80 that are not their ASCII characters, a bit each (JOHAB's 5C,
    /// the WON SIGN; IBM932's PC controls 1A, 1C, 7F): `step` reads them and `encode`
    /// writes them, and the ASCII characters themselves go through `encode` too.
    const NOT_ASCII: u128 = 0;

    /// The code at the start of `bytes` (`bytes[0]` ≥ 0x80, or one of
    /// [`Multibyte::NOT_ASCII`]).
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

    /// The charset's fast lookups (a `static` [`Fast`] of its own).
    fn fast(&self) -> &'static Fast;
}

/// True when `b` is read (and written) as its ASCII character in `M`.
#[inline]
fn is_ascii_text<M: Multibyte>(b: u8) -> bool {
    b < 0x80 && (M::NOT_ASCII >> b) & 1 == 0
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
    if is_ascii_text::<M>(first) {
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

/// The `Codec` methods every stateless CJK family answers alike, all of them through this
/// engine: its decoder, encoder and [`char_at`]; replayed error locations; escape checked per
/// character (several codes decode to one character); and splitting across cores (measured
/// to pay for these charsets). Written once so that the families cannot drift apart; each
/// `impl Codec` adds only what is its own, its name and where its input may be cut.
macro_rules! multibyte_codec {
    () => {
        fn decoder(&self) -> Box<dyn $crate::codecs::codec::Decode> {
            $crate::codecs::cjk::engine::boxed_decoder(self)
        }

        fn encoder(&self) -> Box<dyn $crate::codecs::codec::Encode> {
            $crate::codecs::cjk::engine::boxed_encoder(self)
        }

        fn char_at(&self, bytes: &[u8], eof: bool) -> $crate::codecs::codec::CharAt {
            $crate::codecs::cjk::engine::char_at(self, bytes, eof)
        }

        fn locate(&self) -> $crate::codecs::codec::Locate {
            $crate::codecs::codec::Locate::Replay
        }

        fn decodes_one_to_one(&self) -> bool {
            false
        }

        fn split_pays(&self) -> bool {
            true
        }
    };
}
pub(crate) use multibyte_codec;

/// The lookups a stateless charset converts with at speed, built from its own
/// [`Multibyte::step`] and [`Multibyte::encode`], so that they cannot disagree with them: the
/// character of every two-byte code, and the code of every BMP character. Whatever they do
/// not hold (longer codes, pairs, errors) goes through `step` and `encode`.
///
/// The decoding lookup costs as much as reading `BUILD_AFTER` codes through `step`, so it
/// is built only once the charset's decoders have read that many without it: a few
/// kilobytes (`--detect` decodes a small file with every CJK candidate) never pay for it,
/// and a long input pays at most twice what it would with the table from the start.
///
/// The encoding lookup likewise: it asks `encode` for every BMP character (65,536 calls,
/// several milliseconds), so it is built once the encoders have written `BUILD_AFTER`
/// characters through `encode` without it.
pub struct Fast {
    decode: OnceLock<Vec<u32>>,
    encode: OnceLock<FastEncode>,
    /// Two-byte codes read through `step` so far, while `decode` was not built.
    stepped: AtomicUsize,
    /// Characters written through `encode` so far, while `encode` (the lookup) was not built.
    encoded: AtomicUsize,
}

/// How many codes the decoders of a charset read through `step` before its decoding lookup
/// is built: half of the 32,768 codes whose `step` building it takes.
const BUILD_AFTER: usize = 16 * 1024;

struct FastEncode {
    /// The bytes of each BMP character's code, right-aligned (0: ask `encode`, which is
    /// also where the characters that begin a pair go).
    codes: Vec<u32>,
}

impl Fast {
    /// Empty lookups, to be filled on first use.
    pub const fn new() -> Fast {
        Fast {
            decode: OnceLock::new(),
            encode: OnceLock::new(),
            stepped: AtomicUsize::new(0),
            encoded: AtomicUsize::new(0),
        }
    }
}

impl Default for Fast {
    fn default() -> Fast {
        Fast::new()
    }
}

/// The UTF-8 of the character of every code `lead trail` with a lead above 0x7F that `step`
/// reads as one BMP character of two bytes, at `(lead - 0x80) << 8 | trail`: the bytes in
/// the low three bytes (first lowest), their number in the top one; 0 for any other code.
fn fast_decode<M: Multibyte>(m: &M) -> &'static [u32] {
    m.fast().decode.get_or_init(|| {
        let mut map = vec![0; 0x8000];
        for lead in 0x80..=0xFFu8 {
            for trail in 0..=0xFFu8 {
                if let Step::Char(Cell::Char(c), 2) = step(m, &[lead, trail])
                    && c.len_utf8() <= 3
                {
                    let mut utf8 = [0u8; 4];
                    let n = c.encode_utf8(&mut utf8).len();
                    utf8[3] = n as u8;
                    map[usize::from(lead - 0x80) << 8 | usize::from(trail)] =
                        u32::from_le_bytes(utf8);
                }
            }
        }
        map
    })
}

/// The decoding lookup of [`fast_decode`] once it is built or worth building (see [`Fast`]).
fn fast_decode_if_due<M: Multibyte>(m: &M) -> Option<&'static [u32]> {
    let fast = m.fast();
    match fast.decode.get() {
        Some(map) => Some(map),
        None if fast.stepped.load(Ordering::Relaxed) >= BUILD_AFTER => Some(fast_decode(m)),
        None => None,
    }
}

fn fast_encode<M: Multibyte>(m: &M) -> &'static FastEncode {
    m.fast().encode.get_or_init(|| {
        let mut codes = vec![0; 0x1_0000];
        for cp in 0x80..0x1_0000u32 {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            if m.starts_pair(c) {
                continue;
            }
            if let Some(code) = m.encode(c) {
                codes[cp as usize] = code
                    .as_slice()
                    .iter()
                    .fold(0, |v, &b| v << 8 | u32::from(b));
            }
        }
        FastEncode { codes }
    })
}

/// The encoding lookup of [`fast_encode`] once it is built or worth building (see [`Fast`]).
fn fast_encode_if_due<M: Multibyte>(m: &M) -> Option<&'static FastEncode> {
    let fast = m.fast();
    match fast.encode.get() {
        Some(table) => Some(table),
        None if fast.encoded.load(Ordering::Relaxed) >= BUILD_AFTER => Some(fast_encode(m)),
        None => None,
    }
}

/// Appends the right-aligned code `v` (first byte not zero).
#[inline]
fn put(dst: &mut Vec<u8>, v: u32) {
    let bytes = v.to_be_bytes();
    let skip = (v.leading_zeros() / 8) as usize;
    dst.extend_from_slice(&bytes[skip.min(3)..]);
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

    /// Finishes a code begun in an earlier call, one byte of `src` at a time. Returns how
    /// many bytes of `src` it read, or a status to return at once.
    fn finish_pending(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
    ) -> Result<usize, (DecodeStatus, usize)> {
        let mut read = 0;
        while !self.pending.is_empty() {
            if !room(dst) {
                return Err((DecodeStatus::OutputFull, read));
            }
            let step = if is_ascii_text::<M>(self.pending[0]) {
                Step::Char(Cell::Char(char::from(self.pending[0])), 1)
            } else {
                step(&self.m, &self.pending)
            };
            match step {
                Step::Short if read < src.len() => {
                    self.pending.push(src[read]);
                    read += 1;
                }
                Step::Short if !last => return Err((DecodeStatus::InputEmpty, read)),
                Step::Short => {
                    let n = self.pending.len();
                    self.pending.clear();
                    return Err((bad(n, 0), read));
                }
                Step::Char(Cell::Empty, n) | Step::Bad(n) => {
                    self.pending.drain(..n);
                    return Err((bad(n, self.pending.len()), read));
                }
                Step::Char(cell, n) => {
                    push(dst, cell);
                    self.pending.drain(..n);
                }
            }
        }
        Ok(read)
    }
}

/// Room for a pair of characters (eight bytes of UTF-8).
#[inline]
fn room(dst: &String) -> bool {
    dst.capacity() - dst.len() >= 8
}

#[inline]
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
        let mut i = match self.finish_pending(src, dst, last) {
            Ok(read) => read,
            Err(status) => return status,
        };
        let map = fast_decode_if_due(&self.m);
        // Two-byte codes go through a small buffer of UTF-8, appended to `dst` in one piece.
        let mut buf = [0u8; 4096];
        let mut k = 0;
        let cap = dst.capacity();
        let flush = |dst: &mut String, buf: &[u8]| {
            // The buffer holds ASCII and whole characters of UTF-8 from the table.
            if let Ok(text) = simdutf8::basic::from_utf8(buf) {
                dst.push_str(text);
            }
        };
        while i < src.len() {
            let b = src[i];
            if is_ascii_text::<M>(b) {
                // ASCII in runs, as much as the output and the buffer have room for.
                let room = (cap - dst.len() - k).min(buf.len() - k);
                let run = src[i..]
                    .iter()
                    .take(room)
                    .take_while(|&&b| is_ascii_text::<M>(b))
                    .count();
                buf[k..k + run].copy_from_slice(&src[i..i + run]);
                k += run;
                i += run;
                if run == room {
                    flush(dst, &buf[..k]);
                    k = 0;
                    if cap == dst.len() {
                        return (DecodeStatus::OutputFull, i);
                    }
                }
                continue;
            }
            if let Some(map) = map
                && b >= 0x80
                && i + 1 < src.len()
                && cap - dst.len() - k >= 8
            {
                let v = map[usize::from(b - 0x80) << 8 | usize::from(src[i + 1])];
                if v != 0 {
                    if k + 4 > buf.len() {
                        flush(dst, &buf[..k]);
                        k = 0;
                    }
                    buf[k..k + 4].copy_from_slice(&v.to_le_bytes());
                    k += (v >> 24) as usize;
                    i += 2;
                    continue;
                }
            }
            if k + 8 > buf.len() {
                flush(dst, &buf[..k]);
                k = 0;
            }
            if cap - dst.len() - k < 8 {
                flush(dst, &buf[..k]);
                return (DecodeStatus::OutputFull, i);
            }
            let at = step(&self.m, &src[i..]);
            if map.is_none() {
                // A plain load and store, not an atomic add: two threads may lose a count
                // now and then, which only delays the build a little.
                let stepped = &self.m.fast().stepped;
                stepped.store(stepped.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
            }
            match at {
                Step::Char(cell @ (Cell::Char(_) | Cell::Pair(..)), n) => {
                    k += put_cell(&mut buf[k..], cell);
                    i += n;
                }
                Step::Char(Cell::Empty, n) | Step::Bad(n) => {
                    flush(dst, &buf[..k]);
                    return (bad(n, 0), i + n);
                }
                Step::Short if last => {
                    flush(dst, &buf[..k]);
                    return (bad(src.len() - i, 0), src.len());
                }
                Step::Short => {
                    flush(dst, &buf[..k]);
                    self.pending.extend_from_slice(&src[i..]);
                    return (DecodeStatus::InputEmpty, src.len());
                }
            }
        }
        flush(dst, &buf[..k]);
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

    /// The slow path for one character: pairs, characters beyond the BMP, unmappable ones.
    /// Returns false when `c` is unmappable.
    fn one(&mut self, c: char, dst: &mut Vec<u8>) -> bool {
        if let Some(h) = self.held
            && let Some(code) = self.m.encode_pair(h, c)
        {
            self.held = None;
            dst.extend_from_slice(code.as_slice());
            return true;
        }
        self.flush(dst);
        if c.is_ascii() && is_ascii_text::<M>(c as u8) {
            dst.push(c as u8);
        } else if self.m.starts_pair(c) {
            self.held = Some(c);
        } else if let Some(code) = self.m.encode(c) {
            dst.extend_from_slice(code.as_slice());
        } else {
            return false;
        }
        true
    }
}

impl<M: Multibyte> Encode for MbEncoder<M> {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len() + 4);
        // Without the lookup, every character above ASCII goes through `one` (`encode`),
        // which is what the lookup holds: the output is the same either way.
        let codes = fast_encode_if_due(&self.m).map_or(&[][..], |t| &t.codes[..]);
        let bytes = src.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if is_ascii_text::<M>(b) && self.held.is_none() {
                let run = bytes[i..]
                    .iter()
                    .take_while(|&&b| is_ascii_text::<M>(b))
                    .count();
                dst.extend_from_slice(&bytes[i..i + run]);
                i += run;
                continue;
            }
            // The three-byte UTF-8 of the BMP above U+07FF (every CJK character), straight
            // from the bytes to the table.
            if (0xE0..0xF0).contains(&b)
                && self.held.is_none()
                && let Some(&[b1, b2]) = bytes.get(i + 1..i + 3)
            {
                let cp = usize::from(b & 0x0F) << 12
                    | usize::from(b1 & 0x3F) << 6
                    | usize::from(b2 & 0x3F);
                let v = codes.get(cp).copied().unwrap_or(0);
                if v > 0xFF && v <= 0xFFFF {
                    dst.extend_from_slice(&[(v >> 8) as u8, v as u8]);
                    i += 3;
                    continue;
                } else if v != 0 {
                    put(dst, v);
                    i += 3;
                    continue;
                }
            }
            let Some(c) = src[i..].chars().next() else {
                break;
            };
            i += c.len_utf8();
            if self.held.is_none() {
                let v = codes.get(c as usize).copied().unwrap_or(0);
                if v != 0 {
                    put(dst, v);
                    continue;
                }
            }
            if codes.is_empty() {
                // A plain load and store, as for `stepped`: a lost count only delays the build.
                let encoded = &self.m.fast().encoded;
                encoded.store(encoded.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
            }
            if !self.one(c, dst) {
                return (EncodeStatus::Unmappable(c), i);
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::jis::EUC_JIS_2004;

    /// EUC-JIS-2004 with a `Fast` of its own, so that the test decides when it is built.
    #[derive(Clone)]
    struct Own(&'static Fast);

    impl Multibyte for Own {
        fn step(&self, bytes: &[u8]) -> Step {
            EUC_JIS_2004.step(bytes)
        }
        fn encode(&self, c: char) -> Option<Code> {
            EUC_JIS_2004.encode(c)
        }
        fn fast(&self) -> &'static Fast {
            self.0
        }
    }

    fn decode_all(m: &Own, bytes: &[u8]) -> String {
        crate::codecs::test_support::decode_with(MbDecoder::new(m.clone()), bytes)
    }

    #[test]
    fn the_lookup_is_built_when_due_and_reads_as_step_does() {
        static FAST: Fast = Fast::new();
        let m = Own(&FAST);
        // Every two-byte code, with a three-byte one and malformed bytes among them: about
        // 9,000 codes, fewer than are due.
        let mut bytes = b"ab\x8F\xA1\xA1 ".to_vec();
        for lead in 0xA1..=0xFEu8 {
            for trail in 0xA0..=0xFFu8 {
                bytes.extend([lead, trail, b'.']);
            }
        }
        let stepped = decode_all(&m, &bytes);
        assert!(FAST.decode.get().is_none(), "built before it was due");
        // Read again, the count passes what is due, and the lookup is built.
        decode_all(&m, &bytes);
        assert!(FAST.stepped.load(Ordering::Relaxed) >= BUILD_AFTER);
        assert!(FAST.decode.get().is_some(), "not built when due");
        assert_eq!(stepped, decode_all(&m, &bytes));
    }

    /// Each BMP character above ASCII written alone by a fresh encoder, `None` if unmappable.
    fn encode_each(m: &Own, slow: bool) -> Vec<Option<Vec<u8>>> {
        let mut buf = [0u8; 4];
        (0x80..0x1_0000u32)
            .filter_map(char::from_u32)
            .map(|c| {
                let mut e = MbEncoder::new(m.clone());
                let mut out = Vec::new();
                let ok = if slow {
                    let ok = e.one(c, &mut out);
                    e.flush(&mut out);
                    ok
                } else {
                    e.encode(c.encode_utf8(&mut buf), &mut out, true).0 == EncodeStatus::Done
                };
                ok.then_some(out)
            })
            .collect()
    }

    #[test]
    fn the_encoding_lookup_is_built_when_due_and_writes_as_encode_does() {
        static FAST: Fast = Fast::new();
        let m = Own(&FAST);
        let mut out = Vec::new();
        let text = "かな漢字 and ASCII, \u{20B9F} ".repeat(100);
        MbEncoder::new(m.clone()).encode(&text, &mut out, true);
        assert!(FAST.encode.get().is_none(), "built before it was due");
        let slow = encode_each(&m, true);
        // Every character once through `encode`: the count passes what is due on the way.
        encode_each(&m, false);
        assert!(FAST.encode.get().is_some(), "not built when due");
        let fast = encode_each(&m, false);
        for (k, (a, b)) in slow.iter().zip(&fast).enumerate() {
            assert_eq!(a, b, "character {k} of the BMP above ASCII");
        }
    }
}
