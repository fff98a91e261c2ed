//! SCSU, the Standard Compression Scheme for Unicode (Unicode Technical Standard #6): a
//! single-byte mode in which bytes 80..FF stand for a 128-character window of Unicode (one
//! of eight dynamic windows, movable by tag bytes) and ASCII for itself, and a Unicode mode
//! of big-endian UTF-16 units. Tags in the C0 range (single-byte mode) and E0..F2 (Unicode
//! mode) switch windows and modes, quote single characters and define windows.
//!
//! Decoding follows UTS #6 fully. Ill-formed, each one piece: the reserved tags (0C in
//! single-byte mode, F2 in Unicode mode), a window definition with a reserved offset (SDn or
//! UDn with 00 or A8..F8, two bytes), a tag or unit cut short by the end of the input, and an
//! unpaired surrogate ([`Problem::LoneSurrogate`](super::codec::Problem::LoneSurrogate), whose high half must be followed at once by
//! its low half, in either mode). An ill-formed piece changes no state; ICU switches the mode
//! or window a bad definition names before it finds the offset reserved.
//!
//! The encoder is this crate's own, not ICU's: it does not match ICU byte for byte, but ICU
//! reads its output as the same text (checked by the conformance suite). See `scsu/encode.rs`
//! for how it chooses. SCSU is stateful: input is never split across cores, and error
//! locations replay from a copy of the decoder.
//!
//! The escape round trip cannot give back the bytes (a text has many SCSU encodings, and
//! this encoder chooses its own): it keeps the text, the lone surrogates and the ill-formed
//! pieces, which the encoder writes back in the mode they were ill-formed in, so that they
//! decode to the same again.

#![forbid(unsafe_code)]

mod decode;
mod encode;

use super::codec::{Codec, Decode, Encode, Family, cut_anywhere, replayed_shift_state};

/// SCSU.
pub struct Scsu;

/// The one SCSU charset.
pub static SCSU: Scsu = Scsu;

/// The static windows, fixed by UTS #6.
const STATIC: [u32; 8] = [
    0x0000, 0x0080, 0x0100, 0x0300, 0x2000, 0x2080, 0x2100, 0x3000,
];

/// The dynamic windows' offsets at the start.
const INITIAL: [u32; 8] = [
    0x0080, 0x00C0, 0x0400, 0x0600, 0x0900, 0x3040, 0x30A0, 0xFF00,
];

/// The offsets of window definition bytes F9..FF.
const FIXED: [u32; 7] = [0x00C0, 0x0250, 0x0370, 0x0530, 0x3040, 0x30A0, 0xFF60];

// Tags of single-byte mode.
const SQ0: u8 = 0x01;
const SDX: u8 = 0x0B;
const SRS: u8 = 0x0C;
const SQU: u8 = 0x0E;
const SCU: u8 = 0x0F;
const SC0: u8 = 0x10;
const SD0: u8 = 0x18;
// Tags of Unicode mode.
const UC0: u8 = 0xE0;
const UD0: u8 = 0xE8;
const UQU: u8 = 0xF0;
const UDX: u8 = 0xF1;
const URS: u8 = 0xF2;

/// The offset a window definition byte (SDn, UDn) names; `None` for the reserved ones.
fn offset_of(b: u8) -> Option<u32> {
    match b {
        0x01..=0x67 => Some(u32::from(b) << 7),
        0x68..=0xA7 => Some((u32::from(b) << 7) + 0xAC00),
        0xF9..=0xFF => Some(FIXED[usize::from(b - 0xF9)]),
        _ => None,
    }
}

impl Codec for Scsu {
    fn family(&self) -> Family {
        Family::Unicode
    }

    fn name(&self) -> &'static str {
        "SCSU"
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(decode::ScsuDecoder::new())
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(encode::ScsuEncoder::new())
    }

    replayed_shift_state!(cut_anywhere);

    fn decodes_one_to_one(&self) -> bool {
        false
    }

    /// Tags and their arguments are bytes below 0x80.
    fn escapes_ascii(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests;
