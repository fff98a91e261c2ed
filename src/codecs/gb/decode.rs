//! The GB family's decoder: ASCII runs copied in bulk and two-byte characters by one table
//! lookup each (the fast loop, [`fast`]), everything else (four-byte sequences, 0x80, errors,
//! a character cut by the end of the input) one character at a time by [`step`], which
//! follows the WHATWG gb18030 decoder exactly, error boundaries included.
//!
//! Output is UTF-8 bytes written into a scratch buffer the decoder owns; the caller appends
//! them to a `Vec<u8>` (the pipeline's direct path to UTF-8 output) or, checked, to a
//! `String`.

#![forbid(unsafe_code)]

use super::variant::{Variant, four_byte_pointer};
use crate::codecs::codec::{DecodeStatus, Problem};

/// The most bytes one character takes in UTF-8: the room the fast loop keeps.
const MAX_CHAR: usize = 4;

/// What the first bytes of some input are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A character and its length in bytes.
    Char(char, usize),
    /// The first `len` bytes are malformed (the bytes after them are read again).
    Bad(usize, Problem),
    /// The bytes end inside a character; more input is needed to tell.
    NeedMore,
}

/// The first character of `bytes` in `variant`, as the WHATWG gb18030 decoder reads it;
/// `eof` says no more bytes follow. `bytes` must not be empty.
pub fn step(variant: &Variant, bytes: &[u8], eof: bool) -> Step {
    let full = step_gb18030(variant, bytes, eof);
    match full {
        Step::Char(c, len) if !has(variant, bytes, c, len) => match variant.wider {
            Some(wider) => Step::Bad(len, Problem::OnlyIn(wider)),
            None => Step::Bad(1, Problem::Invalid),
        },
        other => other,
    }
}

/// True when `variant` has the character `c` that the first `len` bytes decode to in
/// GB18030 (after [`Variant::four_byte`]'s overrides).
fn has(variant: &Variant, bytes: &[u8], c: char, len: usize) -> bool {
    match (len, bytes) {
        (1, [0x80, ..]) => variant.euro_byte,
        (1, _) => true,
        (2, &[lead, trail, ..]) => variant.pair(lead, trail) == Some(c),
        _ => variant.four_byte_decode,
    }
}

/// [`step`] with every GB18030 character allowed: the variant's overrides applied, its
/// narrower repertoire not.
fn step_gb18030(variant: &Variant, bytes: &[u8], eof: bool) -> Step {
    let more = |have: usize| {
        if eof {
            Step::Bad(have, Problem::Invalid)
        } else {
            Step::NeedMore
        }
    };
    let bad = |len| Step::Bad(len, Problem::Invalid);
    let Some(&lead) = bytes.first() else {
        return more(0);
    };
    match lead {
        0x00..=0x7F => return Step::Char(char::from(lead), 1),
        0x80 => return Step::Char('\u{20AC}', 1),
        0xFF => {
            return match variant.byte_ff {
                Some(c) => Step::Char(c, 1),
                None => bad(1),
            };
        }
        _ => {}
    }
    let Some(&second) = bytes.get(1) else {
        return more(1);
    };
    if (0x30..=0x39).contains(&second) {
        let Some(&third) = bytes.get(2) else {
            return more(2);
        };
        if !(0x81..=0xFE).contains(&third) {
            return bad(1);
        }
        let Some(&fourth) = bytes.get(3) else {
            return more(3);
        };
        if !(0x30..=0x39).contains(&fourth) {
            return bad(1);
        }
        let pointer = four_byte_pointer([lead, second, third, fourth]);
        return match variant.four_byte(pointer) {
            Some(c) => Step::Char(c, 4),
            None => bad(4),
        };
    }
    let wider = variant.pair(lead, second).or_else(|| {
        // A cell the variant narrowed away is still a character of GB18030.
        variant
            .cells
            .and_then(|_| Variant::gb18030_pair(lead, second))
    });
    match wider {
        Some(c) => Step::Char(c, 2),
        // An ASCII byte after a lead is read again on its own.
        None if second < 0x80 => bad(1),
        None => bad(2),
    }
}

/// Decodes ASCII and the two-byte characters of `utf8` ([`Tables::utf8`]) from the start of
/// `src` into `out` while `out` keeps room for one more character; stops before anything
/// else. Returns the bytes read and written.
///
/// [`Tables::utf8`]: super::variant::Tables::utf8
pub fn fast(utf8: &[u32], src: &[u8], out: &mut [u8]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    loop {
        // Four characters at a time while all are two-byte ones (the common case in Chinese
        // text): their lookups overlap. Each entry is a character's UTF-8 with its length on
        // top; four bytes are stored and the fourth is overwritten or left past the end.
        while o + 4 * MAX_CHAR <= out.len()
            && let Some(&eight) = src.get(i..).and_then(<[u8]>::first_chunk::<8>)
        {
            let at = |k: usize| {
                let index = usize::from(u16::from_be_bytes([eight[k], eight[k + 1]]));
                utf8.get(index.wrapping_sub(0x8100)).copied().unwrap_or(0)
            };
            let (ua, ub, uc, ud) = (at(0), at(2), at(4), at(6));
            if ua == 0 || ub == 0 || uc == 0 || ud == 0 {
                break;
            }
            // One bounds check for the four: a fixed window, and lengths masked to two bits
            // (two-byte characters are in the BMP, at most three bytes of UTF-8), so that
            // the compiler can prove each store inside it.
            let Some(Ok(window)) = out.get_mut(o..o + 16).map(<&mut [u8; 16]>::try_from) else {
                break;
            };
            // Four characters of three bytes each (most hanzi): one store at fixed places,
            // so that no store waits for the length of the one before.
            if (ua & ub & uc & ud) >> 24 == 3 {
                let three = |u: u32| u128::from(u & 0xFF_FFFF);
                let packed = three(ua) | three(ub) << 24 | three(uc) << 48 | three(ud) << 72;
                *window = packed.to_le_bytes();
                o += 12;
                i += 8;
                continue;
            }
            let mut m = 0;
            for u in [ua, ub, uc, ud] {
                window[m..m + 4].copy_from_slice(&u.to_le_bytes());
                m += (u >> 24) as usize & 3;
            }
            o += m;
            i += 8;
        }
        if o + MAX_CHAR > out.len() {
            return (i, o);
        }
        // One two-byte character (the two bytes read as one index), then four at a time again.
        if let Some(&pair) = src.get(i..).and_then(<[u8]>::first_chunk::<2>)
            && let Some(&u) = utf8.get(usize::from(u16::from_be_bytes(pair)).wrapping_sub(0x8100))
            && u != 0
        {
            out[o..o + 4].copy_from_slice(&u.to_le_bytes());
            o += (u >> 24) as usize;
            i += 2;
            continue;
        }
        // A run of ASCII, found and copied at once (SIMD, by encoding_rs); anything else is
        // for the slow path.
        match src.get(i) {
            // Chinese text has short runs (a line feed, a few digits): the first byte here.
            Some(&b) if b < 0x80 && src.get(i + 1).is_none_or(|&next| next >= 0x80) => {
                out[o] = b;
                i += 1;
                o += 1;
            }
            Some(&b) if b < 0x80 => {
                let end = src.len().min(i + (out.len() - o));
                let run = encoding_rs::mem::copy_ascii_to_ascii(&src[i..end], &mut out[o..]);
                i += run;
                o += run;
            }
            _ => return (i, o),
        }
    }
}

/// The streaming state of a GB decoder: bytes of a character begun in an earlier call.
#[derive(Default)]
pub struct Pending {
    bytes: [u8; 4],
    len: usize,
}

/// Decodes `src` into `out` as far as it goes: the characters pending from earlier calls
/// first, then the fast loop, with [`step`] wherever the fast loop stops. Returns the
/// status, the bytes of `src` read and the bytes written to `out`.
pub fn decode(
    variant: &Variant,
    pending: &mut Pending,
    src: &[u8],
    out: &mut [u8],
    last: bool,
) -> (DecodeStatus, usize, usize) {
    let utf8 = variant.utf8_if_due();
    let (mut read, mut o) = (0, 0);
    while pending.len > 0 {
        if out.len() - o < MAX_CHAR {
            return (DecodeStatus::OutputFull, read, o);
        }
        let eof = last && read == src.len();
        match step(variant, &pending.bytes[..pending.len], eof) {
            Step::NeedMore => match src.get(read) {
                Some(&b) => {
                    pending.bytes[pending.len] = b;
                    pending.len += 1;
                    read += 1;
                }
                None => return (DecodeStatus::InputEmpty, read, o),
            },
            Step::Char(c, len) => {
                o += c.encode_utf8(&mut out[o..]).len();
                pending.drop_front(len);
            }
            Step::Bad(len, problem) => {
                pending.drop_front(len);
                let after = pending.len;
                return (
                    DecodeStatus::Malformed {
                        len,
                        after,
                        problem,
                    },
                    read,
                    o,
                );
            }
        }
    }
    loop {
        match utf8 {
            Some(utf8) => {
                let (r, w) = fast(utf8, &src[read..], &mut out[o..]);
                read += r;
                o += w;
            }
            None => {
                // Without the tables: ASCII in runs here, everything else through `step`.
                let room = out.len() - o;
                let run = src[read..]
                    .iter()
                    .take(room)
                    .take_while(|b| b.is_ascii())
                    .count();
                out[o..o + run].copy_from_slice(&src[read..read + run]);
                read += run;
                o += run;
            }
        }
        let rest = &src[read..];
        if rest.is_empty() {
            return (DecodeStatus::InputEmpty, read, o);
        }
        if out.len() - o < MAX_CHAR {
            return (DecodeStatus::OutputFull, read, o);
        }
        if utf8.is_none() && rest.first().is_some_and(|&b| b >= 0x80) {
            variant.count_stepped();
        }
        match step(variant, rest, last) {
            Step::Char(c, len) => {
                o += c.encode_utf8(&mut out[o..]).len();
                read += len;
            }
            Step::Bad(len, problem) => {
                let status = DecodeStatus::Malformed {
                    len,
                    after: 0,
                    problem,
                };
                return (status, read + len, o);
            }
            Step::NeedMore => {
                // At most three bytes: a fourth would have completed or refuted the character.
                pending.bytes[..rest.len()].copy_from_slice(rest);
                pending.len = rest.len();
                return (DecodeStatus::InputEmpty, src.len(), o);
            }
        }
    }
}

impl Pending {
    fn drop_front(&mut self, n: usize) {
        self.bytes.copy_within(n..self.len, 0);
        self.len -= n;
    }
}
