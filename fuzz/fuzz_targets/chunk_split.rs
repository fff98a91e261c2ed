//! The same input read in arbitrary chunks gives exactly the same output bytes and exit
//! status as read in one piece (and as read one byte at a time).
//!
//! Input: byte 0 picks `--from` (FROM_LABELS), byte 1 `--to` (TO_LABELS), byte 2 the policy,
//! byte 3 the options (see `apply_flags`), byte 4 how many chunk sizes follow (1–8, from its
//! low three bits); then the chunk sizes, one byte each (0 is an `Interrupted` error from the
//! reader), cycled through; the rest is the text.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| transcode_fuzz::check_chunk_split(data));
