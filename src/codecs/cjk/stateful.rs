//! The decoder the shift-state encodings here share (HZ and the ISO-2022 forms): a
//! [`Machine`] reads one unit at a time from its state (a character, an escape or shift that
//! changes the state, or malformed bytes), and [`StatefulDecoder`] drives it with
//! encoding_rs's streaming contract, keeping a unit cut by the end of a buffer and the state
//! across calls. The decoder can be copied in its current state ([`Decode::snapshot`]), which
//! is how error locations replay a piece from the state it started in.

#![forbid(unsafe_code)]

use super::table::{Cell, PLANE};
use crate::codecs::codec::{Decode, DecodeStatus, Problem};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One unit of input read in the current state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A character (or pair) of this many bytes.
    Text(Cell, usize),
    /// This many bytes changed the state and stand for no text (an escape, a shift).
    Control(usize),
    /// This many bytes are malformed; decoding goes on after them (the state may have changed:
    /// a line end inside a shifted run returns to ASCII).
    Bad(usize),
    /// The bytes end inside a unit that may still be valid.
    Short,
}

/// A shift-state decoder's state and how it reads a unit. `step` changes the state only when
/// it returns something other than [`Unit::Short`].
pub trait Machine: Clone + Send + 'static {
    /// The unit at the start of `bytes` (not empty).
    fn step(&mut self, bytes: &[u8]) -> Unit;

    /// How many of the first bytes of `bytes` are plain ASCII text in the current state
    /// (copied in bulk; the rest goes through `step`).
    fn plain(&self, bytes: &[u8]) -> usize;

    /// When a double-byte set is shifted to: its characters as UTF-8 (see [`utf8_map`]), for
    /// the runs of pairs decoded in bulk. Pairs it maps to 0 go through `step`, and so does
    /// everything while it gives `None` ([`PairMap::if_due`]; `plain` is then 0 in the set).
    fn pairs(&self) -> Option<&'static [u32]> {
        None
    }

    /// True when `byte` alone is a shift (ISO-2022's SO or SI) that `step` would answer with
    /// `Unit::Control(1)`, and the state has been changed as `step` would change it: text in
    /// such an encoding shifts between every word, and this keeps the shifts out of `step`.
    fn shift(&mut self, _byte: u8) -> bool {
        false
    }
}

/// A 94×94 set as UTF-8, for [`Machine::pairs`]: at `(row - 0x21) * 94 + cell - 0x21`, the
/// UTF-8 of the cell's character in the low three bytes (first lowest) and their number in
/// the top one; 0 where `lookup` gives no BMP character.
pub fn utf8_map(lookup: impl Fn(u8, u8) -> Cell) -> Vec<u32> {
    let mut map = vec![0; 94 * 94];
    for row in 0x21..=0x7E {
        for cell in 0x21..=0x7E {
            if let Cell::Char(c) = lookup(row, cell)
                && c.len_utf8() <= 3
            {
                let mut utf8 = [0u8; 4];
                let n = c.encode_utf8(&mut utf8).len();
                utf8[3] = n as u8;
                map[usize::from(row - 0x21) * 94 + usize::from(cell - 0x21)] =
                    u32::from_le_bytes(utf8);
            }
        }
    }
    map
}

/// How many units a decoder reads in a double-byte set through `step` before the set's
/// [`utf8_map`] is built: about half the 8,836 lookups that building it takes, so that a
/// small file never pays for the map and a long one pays at most about twice what it would
/// with the map from the start.
const MAP_AFTER: usize = PLANE / 2;

/// A [`utf8_map`] made once it is due (a `static` per set, for [`Machine::pairs`]).
pub struct PairMap {
    map: OnceLock<Vec<u32>>,
    /// Calls that found the map not built: units read through `step` in the set so far.
    stepped: AtomicUsize,
}

impl PairMap {
    /// A map to be built when due.
    pub const fn new() -> PairMap {
        PairMap {
            map: OnceLock::new(),
            stepped: AtomicUsize::new(0),
        }
    }

    /// The map of `lookup` if it is built or due (after [`MAP_AFTER`] calls without it);
    /// `None` otherwise, and the unit at hand goes through `step`, which reads it the same.
    pub fn if_due(&'static self, lookup: impl Fn(u8, u8) -> Cell) -> Option<&'static [u32]> {
        if let Some(map) = self.map.get() {
            return Some(map);
        }
        // A plain load and store, not an atomic add: a lost count only delays the build.
        let n = self.stepped.load(Ordering::Relaxed);
        if n < MAP_AFTER {
            self.stepped.store(n + 1, Ordering::Relaxed);
            return None;
        }
        Some(self.map.get_or_init(|| utf8_map(lookup)))
    }
}

impl Default for PairMap {
    fn default() -> PairMap {
        PairMap::new()
    }
}

/// The decoder of a [`Machine`].
#[derive(Clone)]
pub struct StatefulDecoder<M> {
    m: M,
    /// The bytes of a unit begun in an earlier call (or left after a malformed one).
    pending: Vec<u8>,
}

impl<M: Machine> StatefulDecoder<M> {
    /// A decoder starting in `m`'s state.
    pub fn new(m: M) -> StatefulDecoder<M> {
        StatefulDecoder {
            m,
            pending: Vec::with_capacity(8),
        }
    }
}

fn room_for_pair(dst: &String) -> bool {
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

/// Writes the UTF-8 of `cell` at the start of `out` (room for eight bytes); returns its length.
pub fn put_cell(out: &mut [u8], cell: Cell) -> usize {
    match cell {
        Cell::Char(c) => c.encode_utf8(out).len(),
        Cell::Pair(a, b) => {
            let n = a.encode_utf8(out).len();
            n + b.encode_utf8(&mut out[n..]).len()
        }
        Cell::Empty => 0,
    }
}

fn bad(len: usize, after: usize) -> DecodeStatus {
    DecodeStatus::Malformed {
        len,
        after,
        problem: Problem::Invalid,
    }
}

/// A unit whose cell is empty is malformed.
fn settle(unit: Unit) -> Unit {
    match unit {
        Unit::Text(Cell::Empty, n) => Unit::Bad(n),
        other => other,
    }
}

impl<M: Machine> Decode for StatefulDecoder<M> {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let mut read = 0;
        while !self.pending.is_empty() {
            if !room_for_pair(dst) {
                return (DecodeStatus::OutputFull, read);
            }
            match settle(self.m.step(&self.pending)) {
                Unit::Short if read < src.len() => {
                    self.pending.push(src[read]);
                    read += 1;
                }
                Unit::Short if !last => return (DecodeStatus::InputEmpty, read),
                Unit::Short => {
                    let n = self.pending.len();
                    self.pending.clear();
                    return (bad(n, 0), read);
                }
                Unit::Bad(n) => {
                    self.pending.drain(..n);
                    return (bad(n, self.pending.len()), read);
                }
                Unit::Text(cell, n) => {
                    push(dst, cell);
                    self.pending.drain(..n);
                }
                Unit::Control(n) => {
                    self.pending.drain(..n);
                }
            }
        }
        // Plain ASCII and double-byte characters go through a small buffer of UTF-8,
        // appended to `dst` in one piece; everything else through `step`.
        let mut buf = [0u8; 4096];
        let mut k = 0;
        let cap = dst.capacity();
        let flush = |dst: &mut String, buf: &[u8]| {
            // ASCII and whole characters of UTF-8 from a table.
            if let Ok(text) = simdutf8::basic::from_utf8(buf) {
                dst.push_str(text);
            }
        };
        let mut i = read;
        while i < src.len() {
            // How far `k` may go: the buffer, and what `dst` can still take.
            let limit = (cap - dst.len()).min(buf.len());
            if let Some(map) = self.m.pairs() {
                // A run of pairs of the set shifted to, while they map to BMP characters.
                while i + 1 < src.len() && k + 4 <= limit {
                    let (a, b) = (src[i].wrapping_sub(0x21), src[i + 1].wrapping_sub(0x21));
                    if a >= 94 || b >= 94 {
                        break;
                    }
                    let v = map[usize::from(a) * 94 + usize::from(b)];
                    if v == 0 {
                        break;
                    }
                    buf[k..k + 4].copy_from_slice(&v.to_le_bytes());
                    k += (v >> 24) as usize;
                    i += 2;
                }
            } else {
                let run = self.m.plain(&src[i..]).min(limit - k);
                buf[k..k + run].copy_from_slice(&src[i..i + run]);
                k += run;
                i += run;
            }
            if i == src.len() {
                break;
            }
            // (A shift writes nothing: no room to check.)
            if self.m.shift(src[i]) {
                i += 1;
                continue;
            }
            if k + 8 > buf.len() {
                flush(dst, &buf[..k]);
                k = 0;
            }
            if cap - dst.len() - k < 8 {
                flush(dst, &buf[..k]);
                return (DecodeStatus::OutputFull, i);
            }
            let unit = settle(self.m.step(&src[i..]));
            if let Unit::Text(cell, n) = unit {
                k += put_cell(&mut buf[k..], cell);
                i += n;
                continue;
            }
            if let Unit::Control(n) = unit {
                i += n;
                continue;
            }
            flush(dst, &buf[..k]);
            match unit {
                Unit::Bad(n) => return (bad(n, 0), i + n),
                Unit::Short if last => return (bad(src.len() - i, 0), src.len()),
                _ => {
                    self.pending.extend_from_slice(&src[i..]);
                    return (DecodeStatus::InputEmpty, src.len());
                }
            }
        }
        flush(dst, &buf[..k]);
        (DecodeStatus::InputEmpty, src.len())
    }

    fn snapshot(&self) -> Option<Box<dyn Decode>> {
        Some(Box::new(self.clone()))
    }
}

/// What the bytes at an ESC are, given the escape sequences a charset knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Escape {
    /// The sequence at this position of the list.
    Known(usize),
    /// The bytes end inside what may still be a known sequence.
    Short,
    /// No known sequence: this many bytes are the longest start of one (at least the ESC).
    Unknown(usize),
}

/// Matches the escape sequence at the start of `bytes` (which starts with ESC) against `known`.
pub fn escape(bytes: &[u8], known: &[&[u8]]) -> Escape {
    let mut longest = 1;
    for (k, seq) in known.iter().enumerate() {
        let n = seq.len().min(bytes.len());
        let common = seq.iter().zip(bytes).take_while(|(a, b)| a == b).count();
        if common == seq.len() {
            return Escape::Known(k);
        }
        if common == n {
            return Escape::Short;
        }
        longest = longest.max(common);
    }
    Escape::Unknown(longest)
}

/// Cuts a stateful charset's input after its last line end: a line end is always a whole
/// unit, so no unit is cut there (the state itself carries over through the snapshot).
pub fn cut_after_line(window: &[u8]) -> Option<usize> {
    memchr::memrchr(b'\n', window).map(|i| i + 1)
}

/// The GL pair `a b` of a 94×94 set, if both bytes are in 0x21..=0x7E.
#[inline]
pub fn gl_pair(bytes: &[u8]) -> Option<(u8, u8)> {
    match bytes {
        [a @ 0x21..=0x7E, b @ 0x21..=0x7E, ..] => Some((*a, *b)),
        _ => None,
    }
}

/// Reads a double-byte unit of a 94×94 set at the start of `bytes`: the character through
/// `lookup`, `Bad(1)` when the second byte cannot be one (it is read again), `Short` when the
/// bytes end after the first.
#[inline]
pub fn double(bytes: &[u8], lookup: impl Fn(u8, u8) -> Cell) -> Unit {
    match bytes.get(1) {
        None => Unit::Short,
        Some(&b) if (0x21..=0x7E).contains(&b) => Unit::Text(lookup(bytes[0], b), 2),
        Some(_) => Unit::Bad(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GB 2312 in a shifted run only: every byte pair a unit of the set.
    #[derive(Clone)]
    struct Run(&'static PairMap);

    fn lookup(row: u8, cell: u8) -> Cell {
        crate::codecs::cjk::gb::gb2312(row, cell).map_or(Cell::Empty, Cell::Char)
    }

    impl Machine for Run {
        fn step(&mut self, bytes: &[u8]) -> Unit {
            match bytes[0] {
                0x21..=0x7E => double(bytes, lookup),
                _ => Unit::Bad(1),
            }
        }
        fn plain(&self, _: &[u8]) -> usize {
            0
        }
        fn pairs(&self) -> Option<&'static [u32]> {
            self.0.if_due(lookup)
        }
    }

    fn decode_all(m: &Run, bytes: &[u8]) -> String {
        crate::codecs::test_support::decode_with(StatefulDecoder::new(m.clone()), bytes)
    }

    #[test]
    fn the_map_is_built_when_due_and_reads_as_step_does() {
        static MAP: PairMap = PairMap::new();
        let m = Run(&MAP);
        let mut bytes = Vec::new();
        let mut expected = String::new();
        for row in 0x21..=0x7E {
            for cell in 0x21..=0x7E {
                bytes.extend([row, cell]);
                match lookup(row, cell) {
                    Cell::Char(c) => expected.push(c),
                    _ => expected.push('\u{FFFD}'),
                }
            }
        }
        assert_eq!(
            decode_all(&m, &bytes[..200]),
            expected[..].chars().take(100).collect::<String>()
        );
        assert!(MAP.map.get().is_none(), "built before it was due");
        // Every cell: the map is built on the way, and read from then on.
        assert_eq!(decode_all(&m, &bytes), expected);
        assert!(MAP.map.get().is_some(), "not built when due");
        assert_eq!(decode_all(&m, &bytes), expected);
    }

    #[test]
    fn escapes_match_by_prefix() {
        let known: &[&[u8]] = &[b"\x1B$)C", b"\x1B(B"];
        assert_eq!(escape(b"\x1B$)Cx", known), Escape::Known(0));
        assert_eq!(escape(b"\x1B$)", known), Escape::Short);
        assert_eq!(escape(b"\x1B$)A", known), Escape::Unknown(3));
        assert_eq!(escape(b"\x1Bx", known), Escape::Unknown(1));
        assert_eq!(escape(b"\x1B(B", known), Escape::Known(1));
    }
}
