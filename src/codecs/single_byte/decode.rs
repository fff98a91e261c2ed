//! The single-byte decoder: bytes to UTF-8 by table, in chunks.
//!
//! Each byte's UTF-8 is a 32-bit table entry (up to three bytes and the length), written
//! four bytes at a time into a buffer kept by the decoder and moved on by its length, eight
//! bytes to a word without a test per byte; the buffer is then appended to the output in one
//! go. Where the code page keeps ASCII, runs of ASCII are found with encoding_rs's SIMD scan
//! and copied directly, and the short ASCII stretches between other bytes go into the buffer
//! eight at a time. Everything is safe code. On the direct path to UTF-8 output
//! ([`Decode::decode_to_utf8`]) the buffer goes straight into the output bytes; into a
//! `String`, the buffer (made only of table entries, so valid UTF-8) is confirmed by a SIMD
//! check first, which cost about a sixth of the time on box-drawing text.

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
    /// True when every byte has a table entry (none unassigned, none a sequence): words of
    /// eight need no check for a byte the table cannot write.
    every_byte_simple: bool,
    /// For a page that writes ASCII characters as other bytes (EBCDIC): the ASCII character
    /// of each byte, 0xFF where it has none, so that runs of such bytes are mapped a byte
    /// for a byte.
    to_ascii: Option<Box<[u8; 256]>>,
    /// The chunk's UTF-8, kept between chunks: a fresh zeroed buffer per chunk cost about a
    /// tenth of the time on text with few ASCII runs (box drawing).
    buf: Box<[u8; 3 * CHUNK + 8]>,
}

impl SingleByteDecoder {
    pub(super) fn new(code_page: &SingleByte) -> SingleByteDecoder {
        let utf8 = code_page.utf8();
        SingleByteDecoder {
            table: code_page.table,
            utf8,
            keeps_ascii: code_page.keeps_ascii,
            buf: Box::new([0; 3 * CHUNK + 8]),
            every_byte_simple: utf8.iter().all(|e| e >> 24 != 0),
            to_ascii: (!code_page.keeps_ascii).then(|| to_ascii(&utf8)),
        }
    }
}

/// [`SingleByteDecoder::to_ascii`] from the page's UTF-8 entries.
fn to_ascii(utf8: &[u32; 256]) -> Box<[u8; 256]> {
    let mut table = Box::new([0xFF; 256]);
    for (slot, &entry) in table.iter_mut().zip(utf8) {
        if entry >> 24 == 1 {
            *slot = entry as u8;
        }
    }
    table
}

/// Bytes mapped at a time by [`SingleByteDecoder::mapped_ascii`].
const MAPPED: usize = 512;

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
        self.decode_into(src, dst)
    }

    fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut Vec<u8>,
        _last: bool,
    ) -> Option<(DecodeStatus, usize)> {
        Some(self.decode_into(src, &mut Bytes(dst)))
    }
}

/// Where decoded UTF-8 goes: a `String` (checked as it is appended, since this module has no
/// unsafe code) or, on the direct path to UTF-8 output, a byte buffer that takes the table's
/// bytes as they are and grows as needed.
trait Sink {
    /// Bytes that fit before the caller should be told the output is full.
    fn room(&self) -> usize;
    /// Appends bytes that are valid UTF-8 (table entries and ASCII).
    fn push(&mut self, utf8: &[u8]);
    /// Appends a character's UTF-8.
    fn push_str(&mut self, text: &str) {
        self.push(text.as_bytes());
    }
}

impl Sink for String {
    fn room(&self) -> usize {
        self.capacity() - self.len()
    }

    fn push(&mut self, utf8: &[u8]) {
        push_utf8(self, utf8);
    }

    fn push_str(&mut self, text: &str) {
        String::push_str(self, text);
    }
}

/// The byte buffer of the direct path.
struct Bytes<'a>(&'a mut Vec<u8>);

impl Sink for Bytes<'_> {
    fn room(&self) -> usize {
        // Unbounded (the buffer grows), but small enough that adding an index cannot overflow.
        usize::MAX / 4
    }

    fn push(&mut self, utf8: &[u8]) {
        self.0.extend_from_slice(utf8);
    }
}

impl SingleByteDecoder {
    /// For a page that writes ASCII as other bytes: the bytes at the start of `src` (up to
    /// `room`) whose characters are ASCII, mapped by the vector kernel and appended; how
    /// many.
    fn mapped_ascii<S: Sink>(&self, src: &[u8], room: usize, dst: &mut S) -> usize {
        let Some(table) = &self.to_ascii else {
            return 0;
        };
        let n = src.len().min(room);
        let mut out = [0u8; MAPPED];
        let mut done = 0;
        // Eight bytes at a time, by a 256-byte table: no length to add per byte, as the
        // UTF-8 entries need; a word with a byte outside ASCII is left to the table walk.
        while let Some(block) = src.get(done..n.min(done + MAPPED)) {
            let mut k = 0;
            for (slot, word) in out.chunks_exact_mut(8).zip(block.chunks_exact(8)) {
                let mut mapped = [0u8; 8];
                for (m, &b) in mapped.iter_mut().zip(word) {
                    *m = table[usize::from(b)];
                }
                if u64::from_ne_bytes(mapped) & 0x8080_8080_8080_8080 != 0 {
                    break;
                }
                slot.copy_from_slice(&mapped);
                k += 8;
            }
            dst.push(&out[..k]);
            done += k;
            if k < MAPPED {
                break;
            }
        }
        done
    }

    fn decode_into<S: Sink>(&mut self, src: &[u8], dst: &mut S) -> (DecodeStatus, usize) {
        let mut i = 0;
        while i < src.len() {
            let room = dst.room();
            if self.to_ascii.is_some() {
                let n = self.mapped_ascii(&src[i..], room, dst);
                i += n;
                if n >= 16 {
                    continue;
                }
                if i >= src.len() {
                    break;
                }
            }
            let room = dst.room();
            if self.keeps_ascii && src[i] < 0x80 {
                let end = src.len().min(i + room);
                let n = encoding_rs::Encoding::ascii_valid_up_to(&src[i..end]);
                if n > 0 {
                    dst.push(&src[i..i + n]);
                    i += n;
                    continue;
                }
            }
            // Between the mapped runs of a page that writes ASCII as other bytes, a short
            // stretch by table, then the vector kernel again.
            let most = if self.to_ascii.is_some() { 64 } else { CHUNK };
            let count = (src.len() - i).min(room / 3).min(most);
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

    /// Decodes `bytes` by table into `dst` (which has room for three bytes of UTF-8 each),
    /// stopping before a byte without a table entry or a long run of ASCII.
    fn chunk<S: Sink>(&mut self, bytes: &[u8], dst: &mut S) -> (usize, Stop) {
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
                    dst.push(&buf[..n]);
                    return (k, Stop::Ascii);
                }
                ascii_words += 1;
                buf[n..n + 8].copy_from_slice(word);
                n += 8;
                k += 8;
                continue;
            }
            ascii_words = 0;
            // The whole word by table into a fixed 32-byte window (eight entries of at most
            // three bytes, the last written four wide), without a test per byte: lengths are
            // masked to two bits so that the compiler can drop the bounds checks. A word
            // with a byte that has no entry (length 0) is undone and left to the byte loop.
            let Some(Ok(slot)) = buf.get_mut(n..n + 32).map(<&mut [u8; 32]>::try_from) else {
                break;
            };
            let (mut m, mut shortest) = (0, 3);
            for &b in &eight {
                let entry = utf8[usize::from(b)];
                let len = (entry >> 24) & 3;
                slot[m..m + 4].copy_from_slice(&entry.to_le_bytes());
                m += len as usize;
                if !self.every_byte_simple {
                    shortest = shortest.min(len);
                }
            }
            if shortest == 0 {
                break;
            }
            n += m;
            k += 8;
        }
        for &b in &bytes[k..] {
            let entry = utf8[usize::from(b)];
            let len = (entry >> 24) as usize;
            if len == 0 {
                dst.push(&buf[..n]);
                return (k, Stop::Special);
            }
            buf[n..n + 4].copy_from_slice(&entry.to_le_bytes());
            n += len;
            k += 1;
        }
        dst.push(&buf[..n]);
        (k, Stop::Done)
    }

    /// A byte the chunk stopped at: written if it is a sequence or an ordinary byte and
    /// there is room.
    fn special<S: Sink>(&self, byte: u8, dst: &mut S) -> Special {
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
        if dst.room() < len {
            return Special::Full;
        }
        match text {
            Some(text) => dst.push_str(text),
            None => dst.push(&entry.to_le_bytes()[..len]),
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
