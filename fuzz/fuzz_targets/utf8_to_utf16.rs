//! UTF-8 → UTF-16 under `replace` and `escape` writes exactly what std's UTF-8 decoder finds:
//! one U+FFFD per maximal ill-formed subpart (`String::from_utf8_lossy`), or one U+DC80..U+DCFF
//! per byte of each, in either byte order. This holds the bulk paths (simdutf for clean
//! pieces, `transcoder::utf8_to_utf16` for pieces with errors) to an independent decoder.
//!
//! Input: byte 0 picks the byte order (bit 0: big-endian) and the policy (bit 1: escape);
//! the rest is the text.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| transcode_fuzz::check_utf8_to_utf16(data));
