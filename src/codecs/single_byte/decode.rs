//! The single-byte decoder: bytes to UTF-8 by table, in chunks.
//!
//! Each byte's UTF-8 is a 32-bit table entry (up to three bytes and the length), written
//! four bytes at a time into a buffer kept by the decoder and moved on by its length; the buffer is then
//! appended to the output in one go. Where the code page keeps ASCII, runs of ASCII are
//! found with encoding_rs's SIMD scan and copied directly, and the short ASCII stretches
//! between other bytes go into the buffer eight at a time. Everything is safe code: the
//! buffer, made only of table entries, is valid UTF-8, which a SIMD check confirms before
//! it is appended.

#![forbid(unsafe_code)]

use super::{SEQUENCE, SingleByte, Table};
use crate::codecs::codec::{Decode, DecodeStatus, Problem};

/// Bytes decoded per chunk: the stack buffer holds three times as many, plus the slack of
/// the four-byte writes.
const CHUNK: usize = 2048;

pub(super) struct SingleByteDecoder {
    table: &'static Table,
    /// [`SingleByte::utf8`].
    utf8: [u32; 256],
    keeps_ascii: bool,
    /// The chunk's UTF-8, kept between chunks: a fresh zeroed buffer per chunk cost about a
    /// tenth of the time on text with few ASCII runs (box drawing).
    buf: Box<[u8; 3 * CHUNK + 4]>,
}

impl SingleByteDecoder {
    pub(super) fn new(code_page: &SingleByte) -> SingleByteDecoder {
        SingleByteDecoder {
            table: code_page.table,
            utf8: code_page.utf8,
            keeps_ascii: code_page.keeps_ascii,
            buf: Box::new([0; 3 * CHUNK + 4]),
        }
    }
}

/// How a chunk of table lookups ended.
enum Stop {
    /// At the end of the chunk.
    Done,
    /// Before a byte that needs more than a table entry (unassigned, or a sequence).
    Special,
    /// Before a run of ASCII worth copying apart.
    Ascii,
}

impl Decode for SingleByteDecoder {
    fn decode(&mut self, src: &[u8], dst: &mut String, _last: bool) -> (DecodeStatus, usize) {
        let mut i = 0;
        while i < src.len() {
            let room = dst.capacity() - dst.len();
            if self.keeps_ascii && src[i] < 0x80 {
                let end = src.len().min(i + room);
                let n = encoding_rs::Encoding::ascii_valid_up_to(&src[i..end]);
                if n > 0 {
                    push_utf8(dst, &src[i..i + n]);
                    i += n;
                    continue;
                }
            }
            let count = (src.len() - i).min(room / 3).min(CHUNK);
            let stop = if count == 0 {
                Stop::Special
            } else {
                let (read, stop) = self.chunk(&src[i..i + count], dst);
                i += read;
                stop
            };
            if let Stop::Special = stop {
                match self.special(src[i], dst) {
                    Special::Written => i += 1,
                    Special::Full => return (DecodeStatus::OutputFull, i),
                    Special::Malformed => {
                        let status = DecodeStatus::Malformed {
                            len: 1,
                            after: 0,
                            problem: Problem::Invalid,
                        };
                        return (status, i + 1);
                    }
                }
            }
        }
        (DecodeStatus::InputEmpty, src.len())
    }
}

impl SingleByteDecoder {
    /// Decodes `bytes` by table into `dst` (which has room for three bytes of UTF-8 each),
    /// stopping before a byte without a table entry or a long run of ASCII.
    fn chunk(&mut self, bytes: &[u8], dst: &mut String) -> (usize, Stop) {
        let (utf8, keeps_ascii) = (&self.utf8, self.keeps_ascii);
        let buf = &mut *self.buf;
        let mut n = 0;
        let mut k = 0;
        // All-ASCII words in a row: the short ASCII stretches of mixed text (box drawing,
        // accented prose) are copied eight bytes at a time; a third word in a row is a run
        // worth leaving to the bulk copy.
        let mut ascii_words = 0;
        while let Some(word) = bytes.get(k..k + 8) {
            let mut eight = [0u8; 8];
            eight.copy_from_slice(word);
            if keeps_ascii && u64::from_le_bytes(eight) & 0x8080_8080_8080_8080 == 0 {
                if ascii_words == 2 {
                    push_utf8(dst, &buf[..n]);
                    return (k, Stop::Ascii);
                }
                ascii_words += 1;
                buf[n..n + 8].copy_from_slice(word);
                n += 8;
                k += 8;
                continue;
            }
            ascii_words = 0;
            for &b in word {
                let entry = utf8[usize::from(b)];
                let len = (entry >> 24) as usize;
                if len == 0 {
                    push_utf8(dst, &buf[..n]);
                    return (k, Stop::Special);
                }
                buf[n..n + 4].copy_from_slice(&entry.to_le_bytes());
                n += len;
                k += 1;
            }
        }
        for &b in &bytes[k..] {
            let entry = utf8[usize::from(b)];
            let len = (entry >> 24) as usize;
            if len == 0 {
                push_utf8(dst, &buf[..n]);
                return (k, Stop::Special);
            }
            buf[n..n + 4].copy_from_slice(&entry.to_le_bytes());
            n += len;
            k += 1;
        }
        push_utf8(dst, &buf[..n]);
        (k, Stop::Done)
    }

    /// A byte the chunk stopped at: written if it is a sequence or an ordinary byte and
    /// there is room.
    fn special(&self, byte: u8, dst: &mut String) -> Special {
        let cp = self;
        let text = match cp.table.chars[usize::from(byte)] {
            SEQUENCE => super::sequence(cp.table, byte),
            _ => None,
        };
        let entry = cp.utf8[usize::from(byte)];
        let len = text.map_or((entry >> 24) as usize, str::len);
        if len == 0 {
            return Special::Malformed;
        }
        if dst.capacity() - dst.len() < len {
            return Special::Full;
        }
        match text {
            Some(text) => dst.push_str(text),
            None => push_utf8(dst, &entry.to_le_bytes()[..len]),
        }
        Special::Written
    }
}

/// What became of a byte the table alone could not write.
enum Special {
    /// It was appended.
    Written,
    /// No room for it.
    Full,
    /// It is unassigned.
    Malformed,
}

/// Appends UTF-8 that the table made (always valid; checked, so that no unsafe code is
/// needed to append it).
fn push_utf8(dst: &mut String, bytes: &[u8]) {
    match simdutf8::basic::from_utf8(bytes) {
        Ok(text) => dst.push_str(text),
        Err(_) => dst.push_str(&String::from_utf8_lossy(bytes)),
    }
}
