//! The CJK charsets, shift-state decoders first: no panic, chunk splits agree, escape
//! round trips (see `transcode_fuzz::cjk::check_cjk_stateful`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| transcode_fuzz::cjk::check_cjk_stateful(data));
