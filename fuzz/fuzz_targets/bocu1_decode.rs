//! The BOCU-1 decoder (stateful) on any bytes: BOCU-1. See
//! `transcode_fuzz::check_stateful_decoder` for the property: no panic, the same result
//! whatever the read sizes, replace well-formed, and escape through UTF-32LE and back.
//!
//! Input: byte 0 is the chunk size (0 means 1); the rest is the text.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| transcode_fuzz::check_stateful_decoder("BOCU-1", data));
