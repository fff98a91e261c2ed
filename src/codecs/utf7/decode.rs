//! The UTF-7 decoder: direct bytes are copied in runs, base64 digits gathered into UTF-16
//! units and those paired into characters.
//!
//! The ill-formed pieces, which `--errors replace` writes one U+FFFD for and `--errors
//! escape` keeps:
//!
//! - a byte not allowed in direct mode: that byte;
//! - a shift character followed by neither a base64 digit nor `-`: the shift character (the
//!   byte after it is read in direct mode);
//! - an unpaired surrogate: [`Problem::LoneSurrogate`], over the digits that carry it (and the
//!   shift character, for the first unit of a run); the run goes on after it;
//! - in IMAP, a printable ASCII character written in base64: likewise, as ill-formed bytes,
//!   less a first digit it shares with the unit before (no byte is in two pieces);
//! - a run that ends badly (six or more bits left over, or bits that are not zero, or in
//!   IMAP no closing `-`): the digits after the one that completed the run's last unit, or
//!   that digit itself when none follows (its low bits are the bad ones; nothing more when
//!   it is in an ill-formed piece already); with the shift
//!   character when the run has no unit, and with the closing `-` when there is one. In
//!   UTF-7 the piece never starts with the digit `+`: it then starts a digit earlier, or,
//!   should that be `+` too, it is empty (reported, replaced, but with no bytes to keep).
//!
//! A piece that starts with a digit of the run's last unit shares that digit with the
//! character: escaped and written back, the digit appears twice (once in the re-encoded
//! character, once raw), and the result decodes to the same text and pieces again.
//!
//! Those rules make each piece decode the same way again when its bytes are written back
//! after the text before it, which is what the encoder relies on to make escapes round
//! trip (see `encode.rs`).

use super::{NOT_DIGIT, Syntax};
use crate::codecs::codec::{Decode, DecodeStatus, Problem, has_room};

/// The UTF-7 decoder.
#[derive(Clone, Debug)]
pub struct Utf7Decoder {
    syntax: Syntax,
    /// The base64 run being read, if any.
    run: Option<Run>,
    /// A unit completed while the lone high surrogate before it was reported, with its
    /// number in the run; it is taken first in the next call.
    pending: Option<(u16, u64)>,
    /// IMAP units that were printable ASCII, for the tests of the round-trip promise.
    #[cfg(test)]
    pub printable_units: u32,
}

/// A base64 run.
#[derive(Clone, Debug, Default)]
struct Run {
    /// Bits read and not yet part of a unit (the low `nbits`).
    bits: u32,
    nbits: u32,
    /// Digits read in this run.
    digits: u64,
    /// Units completed in this run.
    units: u64,
    /// `digits` when the last unit was completed.
    unit_end: u64,
    /// The last unit was reported as ill-formed bytes (IMAP's printable ASCII in base64).
    unit_escaped: bool,
    /// A high surrogate waiting for its low one, and its number in the run.
    high: Option<(u16, u64)>,
    /// The last four digits, the latest in the low byte.
    tail: u32,
}

impl Run {
    /// The number of bytes that carry unit `k`: its digits, and the shift character for the
    /// first unit.
    fn span(k: u64) -> usize {
        let (first, last) = (16 * k / 6, (16 * k + 15) / 6);
        (last - first + 1 + u64::from(k == 0)) as usize
    }

    /// [`Self::span`] without a first digit the unit shares with the one before it: the
    /// bytes that are ill-formed when the unit is, so that no byte is in two pieces.
    fn own_span(k: u64) -> usize {
        Run::span(k) - usize::from(!(16 * k).is_multiple_of(6))
    }

    /// How many digits were read after the last digit of unit `k`.
    fn after(&self, k: u64) -> usize {
        (self.digits - 1 - (16 * k + 15) / 6) as usize
    }
}

fn malformed(len: usize, after: usize, problem: Problem) -> DecodeStatus {
    DecodeStatus::Malformed {
        len,
        after,
        problem,
    }
}

fn is_high(u: u16) -> bool {
    (0xD800..0xDC00).contains(&u)
}

fn is_low(u: u16) -> bool {
    (0xDC00..0xE000).contains(&u)
}

impl Utf7Decoder {
    /// A decoder in direct mode.
    pub fn new(syntax: Syntax) -> Utf7Decoder {
        Utf7Decoder {
            syntax,
            run: None,
            pending: None,
            #[cfg(test)]
            printable_units: 0,
        }
    }

    /// Deals with unit number `k` of the run, just completed: a character, a held high
    /// surrogate, or a problem to report (there must be room for a character in `dst`).
    fn take_unit(&mut self, unit: u16, k: u64, dst: &mut String) -> Option<DecodeStatus> {
        let imap = self.syntax.imap;
        let run = self.run.as_mut()?;
        if let Some((high, kh)) = run.high.take() {
            if is_low(unit) {
                let c = 0x10000 + ((u32::from(high) - 0xD800) << 10) + (u32::from(unit) - 0xDC00);
                if let Some(c) = char::from_u32(c) {
                    dst.push(c);
                }
                return None;
            }
            self.pending = Some((unit, k));
            let lone = Problem::LoneSurrogate(high);
            return Some(malformed(Run::span(kh), run.after(kh), lone));
        }
        if is_high(unit) {
            run.high = Some((unit, k));
            return None;
        }
        let (len, problem) = match unit {
            _ if is_low(unit) => (Run::span(k), Problem::LoneSurrogate(unit)),
            0x20..=0x7E if imap => {
                #[cfg(test)]
                {
                    self.printable_units += 1;
                }
                run.unit_escaped = true;
                (Run::own_span(k), Problem::Invalid)
            }
            _ => {
                if let Some(c) = char::from_u32(u32::from(unit)) {
                    dst.push(c);
                }
                return None;
            }
        };
        Some(malformed(len, run.after(k), problem))
    }

    /// Reads base64 digit `v`; a problem when it completes a unit that is one.
    fn digit(&mut self, b: u8, v: u32, dst: &mut String) -> Option<DecodeStatus> {
        let run = self.run.as_mut()?;
        run.bits = (run.bits << 6) | v;
        run.nbits += 6;
        run.digits += 1;
        run.tail = (run.tail << 8) | u32::from(b);
        if run.nbits < 16 {
            return None;
        }
        run.nbits -= 16;
        let unit = (run.bits >> run.nbits) as u16;
        run.bits &= (1 << run.nbits) - 1;
        let k = run.units;
        run.units += 1;
        run.unit_end = run.digits;
        run.unit_escaped = false;
        self.take_unit(unit, k, dst)
    }

    /// Ends the run at byte `t` (`None`: the end of the input). Returns a problem, if any,
    /// and whether `t` was used (a closing `-`); otherwise `t` is read again in direct mode.
    /// A lone high surrogate is reported first, with the run left open for another call.
    fn end_run(&mut self, t: Option<u8>, dst: &mut String) -> (Option<DecodeStatus>, bool) {
        let Some(run) = self.run.as_mut() else {
            return (None, false);
        };
        if let Some((high, kh)) = run.high.take() {
            let lone = Problem::LoneSurrogate(high);
            return (Some(malformed(Run::span(kh), run.after(kh), lone)), false);
        }
        let Some(run) = self.run.take() else {
            return (None, false);
        };
        let dash = t == Some(b'-');
        if run.digits == 0 {
            // `+-` is `+`, `&-` is `&`; a shift character alone is ill-formed.
            if dash {
                dst.push(char::from(self.syntax.shift));
                return (None, true);
            }
            return (Some(malformed(1, 0, Problem::Invalid)), false);
        }
        let bad = run.nbits >= 6 || run.bits != 0 || (self.syntax.imap && !dash);
        if !bad {
            return (None, dash);
        }
        // The digit `age` places before the last one read.
        let digit = |age: u64| (run.tail >> (8 * age.min(3))) as u8;
        let mut len = match run.digits - run.unit_end {
            _ if run.units == 0 => run.digits + 1,
            // The last digit is already in the piece of an escaped unit.
            0 if run.unit_escaped => return (None, dash),
            0 => 1,
            n => n,
        };
        if !self.syntax.imap && run.units > 0 && digit(len - 1) == b'+' {
            // A piece must not start with the digit `+`, which the encoder would take for a
            // shift character: one digit earlier, or, should that be `+` too, no bytes at
            // all (the bad bits are then not kept).
            if digit(len) == b'+' {
                return (Some(malformed(0, 0, Problem::Invalid)), dash);
            }
            len += 1;
        }
        len += u64::from(dash);
        (Some(malformed(len as usize, 0, Problem::Invalid)), dash)
    }

    /// Copies a run of bytes allowed in direct mode, as far as `dst` has room; returns how
    /// many.
    fn copy_direct(&self, src: &[u8], dst: &mut String) -> usize {
        let room = dst.capacity() - dst.len();
        let span = &src[..src.len().min(room)];
        let direct = self.syntax.direct_table();
        let n = span
            .iter()
            .position(|&b| !direct[usize::from(b)])
            .unwrap_or(span.len());
        // Direct bytes are ASCII.
        dst.push_str(std::str::from_utf8(&span[..n]).unwrap_or_default());
        n
    }

    /// Reads base64 digits while they make plain characters (no surrogate, nothing IMAP
    /// forbids), with the run's state in registers; stops before any other digit, which the
    /// general path then takes. Returns how many bytes it used.
    fn fast_run(&mut self, src: &[u8], dst: &mut String) -> usize {
        let imap = self.syntax.imap;
        let values = self.syntax.values();
        let Some(run) = self.run.as_mut() else {
            return 0;
        };
        if run.high.is_some() || self.pending.is_some() {
            return 0;
        }
        let (mut bits, mut nbits) = (run.bits, run.nbits);
        let (mut units, mut unit_end) = (0, None);
        let special = |u: u32| (0xD800..0xE000).contains(&u) || (imap && (0x20..0x7F).contains(&u));
        // Each unit takes at most three bytes of UTF-8 here.
        let mut room = (dst.capacity() - dst.len()) / 3;
        let mut i = 0;
        loop {
            // Eight digits make three units when the run is at a unit boundary.
            if nbits == 0
                && room >= 3
                && let Some(block) = src.get(i..i + 8)
            {
                let (acc, all) = block.iter().fold((0u64, true), |(acc, all), &b| {
                    let v = values[usize::from(b)];
                    ((acc << 6) | u64::from(v & 0x3F), all && v != NOT_DIGIT)
                });
                let three = [
                    (acc >> 32) as u32 & 0xFFFF,
                    (acc >> 16) as u32 & 0xFFFF,
                    acc as u32 & 0xFFFF,
                ];
                if all && !three.iter().any(|&u| special(u)) {
                    for c in three.into_iter().filter_map(char::from_u32) {
                        dst.push(c);
                    }
                    (i, units, room) = (i + 8, units + 3, room - 3);
                    unit_end = Some(i);
                    continue;
                }
            }
            let Some(&b) = src.get(i) else {
                break;
            };
            let v = values[usize::from(b)];
            if v == NOT_DIGIT {
                break;
            }
            let acc = (bits << 6) | u32::from(v);
            if nbits + 6 < 16 {
                (bits, nbits) = (acc, nbits + 6);
                i += 1;
                continue;
            }
            let rest = nbits + 6 - 16;
            let unit = acc >> rest;
            if special(unit) || room == 0 {
                break;
            }
            if let Some(c) = char::from_u32(unit) {
                dst.push(c);
            }
            (bits, nbits) = (acc & ((1 << rest) - 1), rest);
            (i, units, room) = (i + 1, units + 1, room - 1);
            unit_end = Some(i);
        }
        if i == 0 {
            return 0;
        }
        (run.bits, run.nbits) = (bits, nbits);
        let start = run.digits;
        run.digits += i as u64;
        run.units += units;
        if let Some(end) = unit_end {
            run.unit_end = start + end as u64;
            run.unit_escaped = false;
        }
        for &b in &src[i.saturating_sub(4)..i] {
            run.tail = (run.tail << 8) | u32::from(b);
        }
        i
    }

    /// The end of the input: what is still open is dealt with, one report per call.
    fn finish(&mut self, dst: &mut String) -> Option<DecodeStatus> {
        loop {
            if let Some((unit, k)) = self.pending.take() {
                if !has_room(dst) {
                    self.pending = Some((unit, k));
                    return Some(DecodeStatus::OutputFull);
                }
                if let Some(status) = self.take_unit(unit, k, dst) {
                    return Some(status);
                }
            }
            self.run.as_ref()?;
            if let (Some(status), _) = self.end_run(None, dst) {
                return Some(status);
            }
        }
    }
}

impl Decode for Utf7Decoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let mut i = 0;
        loop {
            if let Some((unit, k)) = self.pending.take() {
                if !has_room(dst) {
                    self.pending = Some((unit, k));
                    return (DecodeStatus::OutputFull, i);
                }
                if let Some(status) = self.take_unit(unit, k, dst) {
                    return (status, i);
                }
            }
            if self.run.is_none() {
                i += self.copy_direct(&src[i..], dst);
            } else {
                i += self.fast_run(&src[i..], dst);
            }
            let Some(&b) = src.get(i) else {
                break;
            };
            if !has_room(dst) {
                return (DecodeStatus::OutputFull, i);
            }
            if self.run.is_none() {
                i += 1;
                if b == self.syntax.shift {
                    self.run = Some(Run::default());
                    continue;
                }
                if self.syntax.direct_in(b) {
                    dst.push(char::from(b));
                    continue;
                }
                return (malformed(1, 0, Problem::Invalid), i);
            }
            if let Some(v) = self.syntax.digit_value(b) {
                i += 1;
                if let Some(status) = self.digit(b, v, dst) {
                    return (status, i);
                }
                continue;
            }
            let (status, used) = self.end_run(Some(b), dst);
            i += usize::from(used);
            if let Some(status) = status {
                return (status, i);
            }
        }
        if last && let Some(status) = self.finish(dst) {
            return (status, src.len());
        }
        (DecodeStatus::InputEmpty, src.len())
    }

    fn snapshot(&self) -> Option<Box<dyn Decode>> {
        Some(Box::new(self.clone()))
    }
}
