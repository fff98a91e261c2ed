//! The single-byte decoder: bytes to UTF-8 by table, in chunks.
//!
//! Each byte's UTF-8 is a 32-bit table entry (up to three bytes and the length), written
//! four bytes at a time into a stack buffer and moved on by its length; the buffer is then
//! appended to the output in one go. Where the code page keeps ASCII, runs of ASCII are
//! found with encoding_rs's SIMD scan and copied directly. Everything is safe code: the
//! buffer, made only of table entries, is valid UTF-8, which a SIMD check confirms before
//! it is appended.

#![forbid(unsafe_code)]

use super::{SEQUENCE, SingleByte, Table};
use crate::codecs::codec::{Decode, DecodeStatus, Problem};

/// Bytes decoded per chunk: the stack buffer holds three times as many, plus the slack of
/// the four-byte writes.
const CHUNK: usize = 2048;

/// An ASCII run shorter than this goes through the table with its neighbours: copying it
/// apart costs more than it saves.
const MIN_RUN: usize = 16;

pub(super) struct SingleByteDecoder {
    table: &'static Table,
    /// [`SingleByte::utf8`].
    utf8: [u32; 256],
    keeps_ascii: bool,
}

impl SingleByteDecoder {
    pub(super) fn new(code_page: &SingleByte) -> SingleByteDecoder {
        SingleByteDecoder {
            table: code_page.table,
            utf8: code_page.utf8,
            keeps_ascii: code_page.keeps_ascii,
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
        let cp = &*self;
        let mut i = 0;
        while i < src.len() {
            let room = dst.capacity() - dst.len();
            if cp.keeps_ascii && src[i] < 0x80 {
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
    fn chunk(&self, bytes: &[u8], dst: &mut String) -> (usize, Stop) {
        let cp = self;
        let mut buf = [0u8; 3 * CHUNK + 4];
        let mut n = 0;
        let mut stop = Stop::Done;
        let mut read = bytes.len();
        // Whether the byte before was ASCII: a run is looked at where it starts.
        let mut in_run = true;
        for (k, &b) in bytes.iter().enumerate() {
            let entry = cp.utf8[usize::from(b)];
            let len = (entry >> 24) as usize;
            if len == 0 {
                (read, stop) = (k, Stop::Special);
                break;
            }
            let ascii = b < 0x80;
            if ascii && !in_run && cp.keeps_ascii && ascii_run(&bytes[k..]) {
                (read, stop) = (k, Stop::Ascii);
                break;
            }
            in_run = ascii;
            buf[n..n + 4].copy_from_slice(&entry.to_le_bytes());
            n += len;
        }
        push_utf8(dst, &buf[..n]);
        (read, stop)
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

/// True when `bytes` starts with at least [`MIN_RUN`] ASCII bytes.
fn ascii_run(bytes: &[u8]) -> bool {
    bytes.len() >= MIN_RUN && bytes[..MIN_RUN].is_ascii()
}

/// Appends UTF-8 that the table made (always valid; checked, so that no unsafe code is
/// needed to append it).
fn push_utf8(dst: &mut String, bytes: &[u8]) {
    match simdutf8::basic::from_utf8(bytes) {
        Ok(text) => dst.push_str(text),
        Err(_) => dst.push_str(&String::from_utf8_lossy(bytes)),
    }
}
