//! The GB family: GBK, GB18030 and strict GB2312, and beside them Microsoft's code page 936
//! and GB18030-2005, on one table-driven kernel each way.
//!
//! The mappings are WHATWG's (GB18030-2022), read out of encoding_rs by a committed generator
//! (`tests/gb_tables.rs`, output in [`tables`]), so conformance is inherited rather than
//! typed in again; encoding_rs stays the reference the tests and the fuzz target compare
//! these kernels with. A member of the family is a [`Variant`]: the shared mappings narrowed
//! and overridden in a few places. Decoding copies ASCII in runs and looks each two-byte
//! character up once (`decode.rs`); encoding looks each BMP character up once in a 64K-entry
//! table (`encode.rs`); four-byte sequences and errors take a slower path beside them.

#![forbid(unsafe_code)]

mod decode;
pub mod editions;
mod encode;
pub mod tables;
mod variant;

use super::codec::{CharAt, Codec, Decode, DecodeStatus, Encode, EncodeStatus, Locate, has_room};
use decode::{Pending, Step};
use editions::{CP936_FF, CP936_PAIRS, GB18030_2005_FOUR, GB18030_2005_PAIRS};
use std::sync::OnceLock;
use std::sync::atomic::AtomicUsize;
pub use variant::Variant;
use variant::{GB18030_ENCODE, GBK_ENCODE};

/// A charset of the GB family: a name and a [`Variant`].
pub struct Gb {
    name: &'static str,
    variant: &'static Variant,
    /// True when each character's byte length follows from the character (GB2312: ASCII
    /// one byte, everything else two), so that error locations need no replay.
    fixed_lengths: bool,
}

/// GBK, as WHATWG defines it: code page 936 with 0x80 as the euro sign, reading GB18030's
/// four-byte sequences too (but never writing them).
pub static GBK: Gb = Gb {
    name: "GBK",
    variant: &GBK_VARIANT,
    fixed_lengths: false,
};

/// GB18030-2022, as WHATWG defines it.
pub static GB18030: Gb = Gb {
    name: "GB18030",
    variant: &GB18030_VARIANT,
    fixed_lengths: false,
};

/// GB2312 (EUC-CN), strictly: the 7,445 characters of GB 2312-80 in rows A1–A9 and B0–F7,
/// mapped as GBK maps them, plus U+30FB and U+2015 on output so that glibc's GB2312 round
/// trips. Any other GB18030 character is malformed here, reported as a GBK character.
pub static GB2312: Gb = Gb {
    name: "GB2312",
    variant: &GB2312_VARIANT,
    fixed_lengths: true,
};

/// Code page 936 as Windows converts it (ICU's `windows-936-2000`): WHATWG's GBK in two
/// bytes, 0x80 the euro sign, 0xFF U+F8F5, and the 101 codes that GB18030 later gave
/// standard characters (A2E3, A6D9.., FE50..) still private use; no four-byte sequences.
pub static CP936: Gb = Gb {
    name: "CP936",
    variant: &CP936_VARIANT,
    fixed_lengths: false,
};

/// GB18030-2005: GB18030-2022 with the 18 two-byte codes that 2022 gave standard characters
/// (A6D9.., FE59..) read as the private-use characters they were, and those standard
/// characters written in four bytes, so that files of older software round-trip.
pub static GB18030_2005: Gb = Gb {
    name: "GB18030-2005",
    variant: &GB18030_2005_VARIANT,
    fixed_lengths: false,
};

static GBK_VARIANT: Variant = Variant {
    cells: None,
    pair_overrides: &[],
    four_byte_overrides: &[],
    euro_byte: true,
    byte_ff: None,
    four_byte_decode: true,
    four_byte_encode: false,
    encode_overrides: &GBK_ENCODE,
    encode_extra: &[],
    wider: None,
    tables: OnceLock::new(),
    encode_table: OnceLock::new(),
    stepped: AtomicUsize::new(0),
};

static GB18030_VARIANT: Variant = Variant {
    cells: None,
    pair_overrides: &[],
    four_byte_overrides: &[],
    euro_byte: true,
    byte_ff: None,
    four_byte_decode: true,
    four_byte_encode: true,
    encode_overrides: &GB18030_ENCODE,
    encode_extra: &[],
    wider: None,
    tables: OnceLock::new(),
    encode_table: OnceLock::new(),
    stepped: AtomicUsize::new(0),
};

static CP936_VARIANT: Variant = Variant {
    cells: None,
    pair_overrides: &CP936_PAIRS,
    four_byte_overrides: &[],
    euro_byte: true,
    byte_ff: Some(CP936_FF),
    four_byte_decode: false,
    four_byte_encode: false,
    // WHATWG's GBK encoder writes U+20AC as 0x80 and the private-use characters of the
    // overridden codes to those codes, which is code page 936's mapping too.
    encode_overrides: &GBK_ENCODE,
    encode_extra: &[(0xF8F5, 0xFF)],
    wider: None,
    tables: OnceLock::new(),
    encode_table: OnceLock::new(),
    stepped: AtomicUsize::new(0),
};

static GB18030_2005_VARIANT: Variant = Variant {
    cells: None,
    pair_overrides: &GB18030_2005_PAIRS,
    four_byte_overrides: &GB18030_2005_FOUR,
    euro_byte: true,
    byte_ff: None,
    four_byte_decode: true,
    four_byte_encode: true,
    // The private-use characters go to their two-byte codes (as in 2022's encoder); the
    // standard characters, with no two-byte code left, to their four-byte ones.
    encode_overrides: &GB18030_ENCODE,
    encode_extra: &[],
    wider: None,
    tables: OnceLock::new(),
    encode_table: OnceLock::new(),
    stepped: AtomicUsize::new(0),
};

static GB2312_VARIANT: Variant = Variant {
    cells: Some(row_cells),
    pair_overrides: &[],
    four_byte_overrides: &[],
    euro_byte: false,
    byte_ff: None,
    four_byte_decode: false,
    four_byte_encode: false,
    encode_overrides: &[],
    // glibc's GB2312 (and Python's) map A1A4 and A1AA to U+30FB and U+2015; reading them as
    // GBK does (U+00B7, U+2014) and writing both so keeps their files round-tripping.
    encode_extra: &[(0x2015, 0xA1AA), (0x30FB, 0xA1A4)],
    wider: Some("GBK"),
    tables: OnceLock::new(),
    encode_table: OnceLock::new(),
    stepped: AtomicUsize::new(0),
};

/// The character strict GB2312 reads the EUC-CN pair `lead trail` as, if it reads one: its
/// variant's own lookup, without a decoder (and without the member's tables, which cost more
/// than a few thousand such lookups: the shift-state charsets read every cell once).
pub fn gb2312_pair(lead: u8, trail: u8) -> Option<char> {
    GB2312_VARIANT.pair(lead, trail)
}

/// The characters strict GB2312 writes without reading them back (code point, EUC-CN bytes
/// big-endian), in the order its encoder consults them: the first entry of a code point wins.
pub fn gb2312_one_way() -> impl Iterator<Item = (u16, u32)> {
    GB2312_VARIANT
        .encode_extra
        .iter()
        .chain(GB2312_VARIANT.encode_overrides)
        .copied()
}

/// The cells of each row of GB 2312 that hold a character, as ranges of trail bytes.
fn row_cells(lead: u8) -> &'static [(u8, u8)] {
    match lead {
        0xA1 | 0xA3 => &[(0xA1, 0xFE)],
        0xA2 => &[(0xB1, 0xE2), (0xE5, 0xEE), (0xF1, 0xFC)],
        0xA4 => &[(0xA1, 0xF3)],
        0xA5 => &[(0xA1, 0xF6)],
        0xA6 => &[(0xA1, 0xB8), (0xC1, 0xD8)],
        0xA7 => &[(0xA1, 0xC1), (0xD1, 0xF1)],
        0xA8 => &[(0xA1, 0xBA), (0xC5, 0xE9)],
        0xA9 => &[(0xA4, 0xEF)],
        0xB0..=0xD6 | 0xD8..=0xF7 => &[(0xA1, 0xFE)],
        0xD7 => &[(0xA1, 0xF9)],
        _ => &[],
    }
}

impl Codec for Gb {
    fn name(&self) -> &'static str {
        self.name
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(GbDecoder {
            variant: self.variant,
            pending: Pending::default(),
            scratch: Vec::new(),
        })
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(GbEncoder(self.variant))
    }

    fn clean_after(&self, byte: u8) -> bool {
        // Not a lead byte, and not a digit (the second byte of a four-byte sequence).
        byte < 0x40 && !byte.is_ascii_digit()
    }

    fn char_at(&self, bytes: &[u8], eof: bool) -> CharAt {
        if bytes.is_empty() {
            return CharAt::NeedMore;
        }
        match decode::step(self.variant, bytes, eof) {
            Step::Char(c, len) => CharAt::Text(c.to_string(), len),
            Step::Bad(len, problem) => CharAt::Malformed(len, problem),
            Step::NeedMore => CharAt::NeedMore,
        }
    }

    fn locate(&self) -> Locate {
        if self.fixed_lengths {
            Locate::ByLength(|c| if c.is_ascii() { 1 } else { 2 })
        } else {
            Locate::Replay
        }
    }

    fn decodes_one_to_one(&self) -> bool {
        // 0x80 and the four-byte forms of characters with two-byte codes read as characters
        // that are written back otherwise; GB2312 reads A1A4 as U+00B7 but writes U+30FB
        // there too.
        false
    }

    fn split_pays(&self) -> bool {
        true
    }
}

/// Output written by one call of the kernel before it is handed on.
const SCRATCH: usize = 32 * 1024;

/// A decoder of the family.
struct GbDecoder {
    variant: &'static Variant,
    pending: Pending,
    /// Where the kernel writes UTF-8: grown to what a call asks, up to [`SCRATCH`] bytes.
    scratch: Vec<u8>,
}

impl GbDecoder {
    /// Decodes into the scratch buffer, at most `room` bytes of output.
    fn decode_scratch(
        &mut self,
        src: &[u8],
        room: usize,
        last: bool,
    ) -> (DecodeStatus, usize, usize) {
        // Grown to what is asked, up to SCRATCH: a short text (as the detector decodes)
        // does not zero 32 KiB.
        let want = room.min(SCRATCH);
        if self.scratch.len() < want {
            self.scratch.resize(want, 0);
        }
        let out = &mut self.scratch[..want];
        decode::decode(self.variant, &mut self.pending, src, out, last)
    }
}

impl Decode for GbDecoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let mut read = 0;
        loop {
            let room = dst.capacity() - dst.len();
            if !has_room(dst) {
                return (DecodeStatus::OutputFull, read);
            }
            let (status, r, w) = self.decode_scratch(&src[read..], room, last);
            read += r;
            // The kernel writes whole characters of UTF-8 only; checked all the same, as a
            // `String` must hold UTF-8 (simdutf8: a small cost beside decoding).
            match simdutf8::basic::from_utf8(&self.scratch[..w]) {
                Ok(text) => dst.push_str(text),
                Err(_) => dst.push_str(&String::from_utf8_lossy(&self.scratch[..w])),
            }
            match status {
                DecodeStatus::OutputFull if room > SCRATCH => continue,
                other => return (other, read),
            }
        }
    }

    fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut Vec<u8>,
        last: bool,
    ) -> Option<(DecodeStatus, usize)> {
        let (status, read, written) = self.decode_scratch(src, SCRATCH, last);
        dst.extend_from_slice(&self.scratch[..written]);
        Some((status, read))
    }
}

/// An encoder of the family (stateless).
struct GbEncoder(&'static Variant);

impl Encode for GbEncoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, _last: bool) -> (EncodeStatus, usize) {
        encode::encode(self.0, src, dst)
    }
}

#[cfg(test)]
mod editions_tests;
#[cfg(test)]
mod tests;
