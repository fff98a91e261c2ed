//! The single-byte encoder's path for text dense in characters above U+007F (box drawing,
//! Cyrillic, Greek): it decodes 2- and 3-byte UTF-8 straight from the bytes, looks each
//! code point up in the flat copy of the inverse table and gathers the bytes in a block on
//! the stack that is copied to the output at once, instead of decoding one `char` at a time
//! and pushing one byte at a time. Short runs of ASCII between such characters (words in
//! table cells) are taken a word of eight bytes at a time here too.
//!
//! It only ever writes what the character-at-a-time path would write for the same
//! characters, and stops before anything it does not handle: a long run of ASCII (copied
//! in bulk by the caller), a 4-byte character, a character without a byte (reported, or
//! written decomposed, by the caller). So the output and every report stay the same.

#![forbid(unsafe_code)]

use super::Inverse;
use crate::codecs::kernels::ascii_map::map_scalar;

/// Bytes gathered on the stack before they are copied to the output.
const BLOCK: usize = 256;
/// ASCII bytes taken at once: a word, written whole and kept up to its first non-ASCII
/// byte, so that the room after [`BLOCK`] is a word too.
const WORD: usize = 8;
/// Whole words of ASCII in a row after which a run is left to the caller's bulk copy:
/// shorter ones (words in table cells) cost less here than a trip out and back.
const ASCII_WORDS: usize = 4;

impl Inverse {
    /// Encodes `bytes` (UTF-8 from a `str`, from the start of a character) from the front
    /// while each character is of two or three bytes and has a byte, or is ASCII in a short
    /// run between such characters; returns how many bytes it read.
    pub(super) fn encode_dense(&self, bytes: &[u8], dst: &mut Vec<u8>) -> usize {
        let mut block = [0u8; BLOCK + WORD];
        let mut rest = bytes;
        let mut ascii_words = 0;
        loop {
            let mut n = 0;
            while n < BLOCK {
                let (b, tail) = match *rest {
                    [b0 @ 0xC0..=0xDF, b1, ref tail @ ..] => {
                        let c = u32::from(b0 & 0x1F) << 6 | u32::from(b1 & 0x3F);
                        (self.page_byte(c), tail)
                    }
                    [b0 @ 0xE0..=0xEF, b1, b2, ref tail @ ..] => {
                        let c = u32::from(b0 & 0x0F) << 12
                            | u32::from(b1 & 0x3F) << 6
                            | u32::from(b2 & 0x3F);
                        (self.page_byte(c), tail)
                    }
                    [0x00..=0x7F, ..] => {
                        // Only where every ASCII character has a byte (NUL's is 0, so it
                        // is written here, not tested against "no byte" below).
                        let Some(ascii) = &self.ascii else { break };
                        let Some(word) = rest.first_chunk::<WORD>() else {
                            break;
                        };
                        let high = u64::from_le_bytes(*word) & 0x8080_8080_8080_8080;
                        let k = if high == 0 {
                            ascii_words += 1;
                            if ascii_words > ASCII_WORDS {
                                break;
                            }
                            WORD
                        } else {
                            ascii_words = 0;
                            (high.trailing_zeros() / 8) as usize
                        };
                        let out = &mut block[n..n + WORD];
                        if self.keeps_ascii {
                            out.copy_from_slice(word);
                        } else {
                            map_scalar(ascii, word, out);
                        }
                        n += k;
                        rest = &rest[k..];
                        continue;
                    }
                    _ => break,
                };
                // 0: no byte; the caller reports the character or writes it decomposed.
                if b == 0 {
                    break;
                }
                block[n] = b;
                n += 1;
                rest = tail;
            }
            dst.extend_from_slice(&block[..n]);
            if n < BLOCK {
                return bytes.len() - rest.len();
            }
        }
    }

    /// The byte of BMP code point `c`, 0 for none.
    #[inline(always)]
    fn page_byte(&self, c: u32) -> u8 {
        self.flat[(c & 0xFFFF) as usize]
    }
}

#[cfg(test)]
mod tests;
