//! Arbitrary bytes through every source label to every target label under every policy:
//! nothing may panic, and the policies must agree with each other.
//!
//! Input: byte 0 picks `--from` (FROM_LABELS), byte 1 `--to` (TO_LABELS), byte 2 the
//! options (see `apply_flags`); the rest is converted under each of the four policies.
//!
//! Besides "no panic" it checks what must hold whatever the bytes are: the status is 0 or 1
//! (in memory there is no I/O error), replace always succeeds, and when strict succeeds
//! (without //TRANSLIT) there was nothing to replace, drop or escape, so replace and discard
//! write the same bytes and escape succeeds too.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| transcode_fuzz::check_decode_any(data));
