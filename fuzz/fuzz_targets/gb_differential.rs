//! The GB family's kernels (GBK, GB18030, strict GB2312) against encoding_rs: decoding (text
//! and every error's offset, length and kind, the input read in chunks into small buffers),
//! encoding (bytes and every unmappable character), and for GBK and GB18030 the whole
//! conversion under every policy. See `check_gb_differential` in `src/gb.rs`.
//!
//! Input: member, options, output room, n, then n chunk sizes; the rest is the input.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| transcode_fuzz::gb::check_gb_differential(data));
