//! The SCSU encoder: simple choices, a character of look-ahead.
//!
//! In single-byte mode: ASCII (and NUL, tab, LF, CR) as itself; a character of the active
//! window as one byte; of another defined window, a switch to it (SCn) when the next
//! character is in it too, else a quote (SQn); C0 controls and characters of the static
//! windows quoted; U+FEFF as SQU FE FF (the SCSU signature); a character of a small script
//! defines a window for its 128-block (the least recently used one, SDn or SDX); CJK and
//! Hangul go to Unicode mode (SCU) when the next character is one too, else are quoted (SQU).
//! In Unicode mode: back to single-byte mode when this character and the next fit it, else
//! UTF-16BE units (UQU before a unit whose high byte is a tag).
//!
//! Escaped bytes are written back as themselves, in the mode their piece was ill-formed in:
//! the single-byte tags that take arguments (and the reserved 0C) in single-byte mode, any
//! other byte in Unicode mode. The first byte of a run of escapes decides.

use super::{INITIAL, SC0, SCU, SD0, SDX, SQ0, SQU, STATIC, UC0, UD0, UDX, UQU, URS, offset_of};
use crate::codecs::codec::{Encode, EncodeStatus};

/// How a window is defined for a character.
#[derive(Clone, Copy)]
enum Def {
    /// SDn/UDn with this byte.
    Byte(u8, u32),
    /// SDX/UDX with this 13-bit index.
    Extended(u16, u32),
}

impl Def {
    fn offset(self) -> u32 {
        match self {
            Def::Byte(_, o) | Def::Extended(_, o) => o,
        }
    }
}

/// The SCSU encoder.
pub struct ScsuEncoder {
    unicode: bool,
    active: usize,
    windows: [u32; 8],
    /// The windows, least recently used first.
    lru: [usize; 8],
    /// The last bytes written were escaped bytes.
    raw: bool,
}

/// Characters single-byte mode writes as themselves.
fn direct(c: u32) -> bool {
    matches!(c, 0x00 | 0x09 | 0x0A | 0x0D | 0x20..=0x7F)
}

/// BMP characters no window can hold (the CJK and Hangul ranges).
fn wide(c: u32) -> bool {
    (0x3400..0xE000).contains(&c)
}

/// The window definition for a character above ASCII that one can hold.
fn definition(c: u32) -> Option<Def> {
    // The fixed offsets that are not 128-aligned fit their scripts better.
    for code in 0xFA..=0xFFu8 {
        if let Some(o) = offset_of(code)
            && (o..o + 0x80).contains(&c)
        {
            return Some(Def::Byte(code, o));
        }
    }
    let o = c & !0x7F;
    match c {
        0x80..0x3400 => Some(Def::Byte((c >> 7) as u8, o)),
        0xE000..0x10000 => Some(Def::Byte(((c - 0xAC00) >> 7) as u8, o)),
        0x10000.. => Some(Def::Extended(((o - 0x10000) >> 7) as u16, o)),
        _ => None,
    }
}

impl ScsuEncoder {
    /// An encoder in the initial state.
    pub fn new() -> ScsuEncoder {
        ScsuEncoder {
            unicode: false,
            active: 0,
            windows: INITIAL,
            lru: [1, 2, 3, 4, 5, 6, 7, 0],
            raw: false,
        }
    }

    /// The defined window that holds `c`, the active one first.
    fn window_of(&self, c: u32) -> Option<usize> {
        let holds = |w: usize| (self.windows[w]..self.windows[w] + 0x80).contains(&c);
        if holds(self.active) {
            return Some(self.active);
        }
        (0..8).find(|&w| holds(w))
    }

    /// Marks window `w` as the most recently used.
    fn touch(&mut self, w: usize) {
        if let Some(i) = self.lru.iter().position(|&x| x == w) {
            self.lru[i..].rotate_left(1);
        }
    }

    /// True when single-byte mode writes `c` in one or two bytes without a new window.
    fn fits_single(&self, c: u32) -> bool {
        direct(c) || self.window_of(c).is_some()
    }

    fn define(&mut self, def: Def, unicode_tag: bool, dst: &mut Vec<u8>) {
        let w = self.lru[0];
        match (def, unicode_tag) {
            (Def::Byte(b, _), false) => dst.extend_from_slice(&[SD0 + w as u8, b]),
            (Def::Byte(b, _), true) => dst.extend_from_slice(&[UD0 + w as u8, b]),
            (Def::Extended(i, _), tag) => {
                let arg = ((w as u16) << 13) | i;
                let [hi, lo] = arg.to_be_bytes();
                dst.extend_from_slice(&[if tag { UDX } else { SDX }, hi, lo]);
            }
        }
        self.windows[w] = def.offset();
        (self.active, self.unicode) = (w, false);
        self.touch(w);
    }

    fn push_units(c: u32, dst: &mut Vec<u8>) {
        let mut units = [0u16; 2];
        let Some(ch) = char::from_u32(c) else { return };
        for &u in ch.encode_utf16(&mut units).iter() {
            let [hi, lo] = u.to_be_bytes();
            if (UC0..=URS).contains(&hi) {
                dst.push(UQU);
            }
            dst.extend_from_slice(&[hi, lo]);
        }
    }

    fn single(&mut self, c: u32, next: Option<u32>, dst: &mut Vec<u8>) {
        if direct(c) {
            dst.push(c as u8);
        } else if let Some(w) = self.window_of(c) {
            let byte = 0x80 | (c - self.windows[w]) as u8;
            if w != self.active {
                let stay =
                    next.is_some_and(|n| (self.windows[w]..self.windows[w] + 0x80).contains(&n));
                if !stay {
                    dst.extend_from_slice(&[SQ0 + w as u8, byte]);
                    return;
                }
                dst.push(SC0 + w as u8);
                self.active = w;
            }
            self.touch(w);
            dst.push(byte);
        } else if c < 0x80 {
            dst.extend_from_slice(&[SQ0, c as u8]);
        } else if c == 0xFEFF {
            dst.extend_from_slice(&[SQU, 0xFE, 0xFF]);
        } else if let Some(s) = (0..8).find(|&s| (STATIC[s]..STATIC[s] + 0x80).contains(&c))
            && next.is_none_or(|n| n >> 7 != c >> 7)
        {
            dst.extend_from_slice(&[SQ0 + s as u8, (c - STATIC[s]) as u8]);
        } else if let Some(def) = definition(c) {
            self.define(def, false, dst);
            dst.push(0x80 | (c - def.offset()) as u8);
        } else if next.is_some_and(wide) {
            dst.push(SCU);
            self.unicode = true;
            Self::push_units(c, dst);
        } else {
            dst.push(SQU);
            Self::push_units(c, dst);
        }
    }

    fn unicode(&mut self, c: u32, next: Option<u32>, dst: &mut Vec<u8>) {
        let single_next = next.is_none_or(|n| self.fits_single(n) || definition(n).is_some());
        if !single_next || wide(c) {
            Self::push_units(c, dst);
            return;
        }
        if let Some(w) = self.window_of(c) {
            dst.push(UC0 + w as u8);
            (self.active, self.unicode) = (w, false);
        } else if direct(c) {
            dst.push(UC0 + self.active as u8);
            self.unicode = false;
        } else if let Some(def) = definition(c) {
            self.define(def, true, dst);
        } else {
            Self::push_units(c, dst);
            return;
        }
        self.single(c, next, dst);
    }

    /// An escaped byte, written back in the mode its piece needs.
    fn raw_byte(&mut self, b: u8, dst: &mut Vec<u8>) {
        if !self.raw {
            let single = matches!(b, SQ0..=0x08 | SDX | 0x0C | SQU | SD0..=0x1F);
            if single && self.unicode {
                dst.push(UC0 + self.active as u8);
                self.unicode = false;
            } else if !single && !self.unicode {
                dst.push(SCU);
                self.unicode = true;
            }
        }
        dst.push(b);
        self.raw = true;
    }
}

impl Encode for ScsuEncoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, _last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len() + 8);
        let mut chars = src.chars().map(u32::from).peekable();
        while let Some(c) = chars.next() {
            self.raw = false;
            let next = chars.peek().copied();
            if self.unicode {
                self.unicode(c, next, dst);
            } else {
                self.single(c, next, dst);
            }
        }
        (EncodeStatus::Done, src.len())
    }

    /// U+DC00..U+DCFF as the escaped bytes; other lone surrogates as quoted units.
    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        if (0xDC00..=0xDCFF).contains(&unit) {
            self.raw_byte((unit - 0xDC00) as u8, dst);
            return true;
        }
        self.raw = false;
        if !self.unicode {
            dst.push(SQU);
        }
        dst.extend_from_slice(&unit.to_be_bytes());
        true
    }
}
