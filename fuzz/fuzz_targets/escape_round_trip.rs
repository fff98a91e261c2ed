//! `--errors escape` is lossless: E → UTF-16LE → E gives the input back byte for byte, both
//! steps exiting 0, for E in UTF-8, GBK, GB18030, Big5 and Shift_JIS; and so does E → UTF-8
//! → E for E in UTF-8, GBK and GB18030.
//!
//! Input: byte 0 picks E; the rest is the text. Both steps run with `--keep-bom`, as a
//! lossless round trip must: without it a leading BOM is a signature and is dropped by
//! design.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| transcode_fuzz::check_escape_round_trip(data));
