//! Helpers for the codec families' unit tests.

use super::{Charset, DecodeStatus, Decoder, EncodeStatus, Encoder};

/// Decodes all of `src` in one call sequence, growing the output when full; returns the
/// text and every malformed report.
pub fn decode_all(cs: Charset, src: &[u8]) -> (String, Vec<DecodeStatus>) {
    let mut d = Decoder::new(cs);
    let mut out = String::with_capacity(64);
    let mut events = Vec::new();
    let mut pos = 0;
    loop {
        let (status, read) = d.decode(&src[pos..], &mut out, true);
        pos += read;
        match status {
            DecodeStatus::InputEmpty => return (out, events),
            DecodeStatus::OutputFull => out.reserve(64),
            m => events.push(m),
        }
    }
}

/// Encodes `s` with a fresh encoder: the status, the bytes of `s` read, and the output.
pub fn encode(cs: Charset, s: &str) -> (EncodeStatus, usize, Vec<u8>) {
    let mut out = Vec::new();
    let (st, read) = Encoder::new(cs).encode(s, &mut out, true);
    (st, read, out)
}
