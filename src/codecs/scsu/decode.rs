//! The SCSU decoder: a byte at a time, with fast loops for the common bytes of either mode
//! (ASCII and window bytes in single-byte mode, units whose high byte is no tag in Unicode
//! mode).

use super::{
    INITIAL, SC0, SCU, SD0, SDX, SQ0, SQU, SRS, STATIC, UC0, UD0, UDX, UQU, URS, offset_of,
};
use crate::codecs::codec::{Decode, DecodeStatus, Problem, has_room};

/// A tag or unit whose bytes are still coming.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Open {
    /// SQn: one byte from window n.
    Quote(u8),
    /// SDn, UDn: the offset byte for window n.
    Define(u8),
    /// SDX, UDX: two bytes.
    DefineX,
    /// SQU, UQU: a unit in two bytes.
    QuoteUnit,
    /// A unit of Unicode mode, its high byte read.
    Unit,
}

/// The SCSU decoder.
#[derive(Clone, Debug)]
pub struct ScsuDecoder {
    unicode: bool,
    active: usize,
    windows: [u32; 8],
    open: Option<Open>,
    /// Bytes of the open tag or unit read so far, and the value they make.
    got: u8,
    value: u32,
    /// A high surrogate waiting for its low one, and its length in bytes.
    high: Option<(u16, u8)>,
    /// A unit read while the lone high surrogate before it was reported, and its length.
    pending: Option<(u16, u8)>,
}

fn malformed(len: u8, after: u8, problem: Problem) -> DecodeStatus {
    DecodeStatus::Malformed {
        len: usize::from(len),
        after: usize::from(after),
        problem,
    }
}

impl ScsuDecoder {
    /// A decoder in the initial state: single-byte mode, window 0, the default windows.
    pub fn new() -> ScsuDecoder {
        ScsuDecoder {
            unicode: false,
            active: 0,
            windows: INITIAL,
            open: None,
            got: 0,
            value: 0,
            high: None,
            pending: None,
        }
    }

    fn push(dst: &mut String, c: u32) {
        if let Some(c) = char::from_u32(c) {
            dst.push(c);
        }
    }

    /// A complete unit of `len` bytes: a character, a held high surrogate, or a report.
    fn unit(&mut self, u: u16, len: u8, dst: &mut String) -> Option<DecodeStatus> {
        if let Some((high, hlen)) = self.high.take() {
            if (0xDC00..0xE000).contains(&u) {
                let c = 0x10000 + ((u32::from(high) - 0xD800) << 10) + (u32::from(u) - 0xDC00);
                Self::push(dst, c);
                return None;
            }
            self.pending = Some((u, len));
            return Some(malformed(hlen, len, Problem::LoneSurrogate(high)));
        }
        match u {
            0xD800..=0xDBFF => self.high = Some((u, len)),
            0xDC00..=0xDFFF => return Some(malformed(len, 0, Problem::LoneSurrogate(u))),
            _ => Self::push(dst, u32::from(u)),
        }
        None
    }

    /// True when `b`, read next, goes on with a unit that may complete a held high surrogate.
    fn continues_unit(&self, b: u8) -> bool {
        match self.unicode {
            true => !(UC0..=URS).contains(&b) || b == UQU,
            false => b == SQU,
        }
    }

    /// A byte with no tag open. Returns a report, if any.
    fn start(&mut self, b: u8, dst: &mut String) -> Option<DecodeStatus> {
        self.got = 1;
        self.value = 0;
        let open = if self.unicode {
            match b {
                UC0..=0xE7 => {
                    (self.active, self.unicode) = (usize::from(b - UC0), false);
                    return None;
                }
                UD0..=0xEF => Open::Define(b - UD0),
                UQU => Open::QuoteUnit,
                UDX => Open::DefineX,
                URS => return Some(malformed(1, 0, Problem::Invalid)),
                _ => {
                    self.value = u32::from(b);
                    Open::Unit
                }
            }
        } else {
            match b {
                0x00 | 0x09 | 0x0A | 0x0D | 0x20..=0x7F => {
                    dst.push(char::from(b));
                    return None;
                }
                0x80..=0xFF => {
                    Self::push(dst, self.windows[self.active] + u32::from(b - 0x80));
                    return None;
                }
                SQ0..=0x08 => Open::Quote(b - SQ0),
                SDX => Open::DefineX,
                SRS => return Some(malformed(1, 0, Problem::Invalid)),
                SQU => Open::QuoteUnit,
                SCU => {
                    self.unicode = true;
                    return None;
                }
                SC0..=0x17 => {
                    self.active = usize::from(b - SC0);
                    return None;
                }
                _ => Open::Define(b - SD0),
            }
        };
        self.open = Some(open);
        None
    }

    /// A byte of the open tag or unit. Returns a report, if any.
    fn more(&mut self, open: Open, b: u8, dst: &mut String) -> Option<DecodeStatus> {
        self.got += 1;
        self.value = (self.value << 8) | u32::from(b);
        match open {
            Open::Quote(w) => {
                let w = usize::from(w);
                let c = match b {
                    0x00..=0x7F => STATIC[w] + u32::from(b),
                    _ => self.windows[w] + u32::from(b - 0x80),
                };
                Self::push(dst, c);
            }
            Open::Define(w) => {
                let Some(offset) = offset_of(b) else {
                    self.open = None;
                    return Some(malformed(2, 0, Problem::Invalid));
                };
                self.define(usize::from(w), offset);
            }
            Open::DefineX | Open::QuoteUnit if self.got < 3 => return None,
            Open::DefineX => {
                let w = (self.value >> 13) as usize & 7;
                self.define(w, 0x10000 + ((self.value & 0x1FFF) << 7));
            }
            Open::QuoteUnit => {
                self.open = None;
                return self.unit(self.value as u16, 3, dst);
            }
            Open::Unit => {
                self.open = None;
                return self.unit(self.value as u16, 2, dst);
            }
        }
        self.open = None;
        None
    }

    /// A window definition: window `w` at `offset`, selected, in single-byte mode.
    fn define(&mut self, w: usize, offset: u32) {
        self.windows[w] = offset;
        (self.active, self.unicode) = (w, false);
    }

    /// Copies bytes that need no state machine: ASCII and window bytes in single-byte mode,
    /// plain units in Unicode mode. Returns how many bytes it used.
    fn fast(&mut self, src: &[u8], dst: &mut String) -> usize {
        if self.open.is_some() || self.high.is_some() || self.pending.is_some() {
            return 0;
        }
        // A character takes at most four bytes of UTF-8 (three in Unicode mode's fast loop).
        let room = (dst.capacity() - dst.len()) / 4;
        let src = &src[..src.len().min(room)];
        if self.unicode {
            return Self::fast_units(src, dst);
        }
        let offset = self.windows[self.active];
        let mut i = 0;
        while i < src.len() {
            let ascii = src[i..]
                .iter()
                .position(|&b| !matches!(b, 0x20..=0x7F | 0x0A | 0x0D | 0x09 | 0x00))
                .unwrap_or(src.len() - i);
            // ASCII is UTF-8 as it is.
            dst.push_str(std::str::from_utf8(&src[i..i + ascii]).unwrap_or_default());
            i += ascii;
            while let Some(&b @ 0x80..=0xFF) = src.get(i) {
                Self::push(dst, offset + u32::from(b - 0x80));
                i += 1;
            }
            if src
                .get(i)
                .is_some_and(|&b| b < 0x20 && !matches!(b, 0x0A | 0x0D | 0x09 | 0x00))
            {
                break;
            }
        }
        i
    }

    /// Units of Unicode mode up to the first tag or surrogate.
    fn fast_units(src: &[u8], dst: &mut String) -> usize {
        let mut pairs = src.chunks_exact(2);
        let mut i = 0;
        for pair in &mut pairs {
            let (hi, lo) = (pair[0], pair[1]);
            if (0xD8..=URS).contains(&hi) {
                break;
            }
            Self::push(dst, u32::from(hi) << 8 | u32::from(lo));
            i += 2;
        }
        i
    }
}

impl Decode for ScsuDecoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let mut i = 0;
        loop {
            if let Some((u, len)) = self.pending.take() {
                if !has_room(dst) {
                    self.pending = Some((u, len));
                    return (DecodeStatus::OutputFull, i);
                }
                if let Some(status) = self.unit(u, len, dst) {
                    return (status, i);
                }
            }
            i += self.fast(&src[i..], dst);
            let Some(&b) = src.get(i) else {
                break;
            };
            if !has_room(dst) {
                return (DecodeStatus::OutputFull, i);
            }
            let report = match self.open {
                Some(open) => self.more(open, b, dst),
                None => {
                    if let Some((high, hlen)) = self.high
                        && !self.continues_unit(b)
                    {
                        // The high surrogate is alone; `b` is read again after the report.
                        self.high = None;
                        return (malformed(hlen, 0, Problem::LoneSurrogate(high)), i);
                    }
                    self.start(b, dst)
                }
            };
            i += 1;
            if let Some(status) = report {
                return (status, i);
            }
        }
        if last {
            // A held high surrogate came before what is open after it.
            if let Some((high, hlen)) = self.high.take() {
                let open = if self.open.is_some() { self.got } else { 0 };
                return (
                    malformed(hlen, open, Problem::LoneSurrogate(high)),
                    src.len(),
                );
            }
            if self.open.take().is_some() {
                return (malformed(self.got, 0, Problem::Invalid), src.len());
            }
        }
        (DecodeStatus::InputEmpty, src.len())
    }

    fn snapshot(&self) -> Option<Box<dyn Decode>> {
        Some(Box::new(self.clone()))
    }
}
