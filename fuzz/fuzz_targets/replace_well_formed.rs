//! `--errors replace` always succeeds, and what it writes is well-formed: to UTF-8, valid
//! UTF-8 (`std::str::from_utf8`, which also rejects encoded surrogates); to UTF-16LE, an even
//! number of bytes with no unpaired surrogate (`char::decode_utf16`).
//!
//! Input: byte 0 picks `--from` (FROM_LABELS), byte 1 the target (UTF-8 or UTF-16LE), byte 2
//! the options (see `apply_flags`); the rest is the text.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| transcode_fuzz::check_replace_well_formed(data));
