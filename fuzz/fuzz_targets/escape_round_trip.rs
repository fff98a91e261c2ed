//! `--errors escape` is lossless: E → UTF-16LE → E gives the input back byte for byte, both
//! steps exiting 0, for E in UTF-8, GBK, GB18030, Big5 and Shift_JIS; and so does E → UTF-8
//! → E for E in UTF-8, GBK and GB18030.
//!
//! Input: byte 0 picks E; the rest is the text. Both steps run with `--keep-bom`, as a
//! lossless round trip must: without it a leading BOM is a signature and is dropped by
//! design.

#![no_main]

use libfuzzer_sys::fuzz_target;
use transcode::policy::Policy;
use transcode_fuzz::{convert, hex, pick, settings, split_header};

const CHARSETS: &[&str] = &["UTF-8", "GBK", "GB18030", "Big5", "Shift_JIS"];
const VIA_UTF8: &[&str] = &["UTF-8", "GBK", "GB18030"];

fn round_trip(e: &str, middle: &str, input: &[u8]) {
    let mut there = settings(e, middle, Policy::Escape);
    there.keep_bom = true;
    let (mid, status) = convert(input, &there);
    assert_eq!(
        status,
        0,
        "{e} -> {middle} --errors escape failed on {}\n  wrote {}",
        hex(input),
        hex(&mid)
    );
    let mut back_settings = settings(middle, e, Policy::Escape);
    back_settings.keep_bom = true;
    let (back, status) = convert(&mid, &back_settings);
    assert_eq!(
        status,
        0,
        "{middle} -> {e} --errors escape failed on {}\n  input {}\n  wrote {}",
        hex(&mid),
        hex(input),
        hex(&back)
    );
    assert!(
        back == input,
        "{e} -> {middle} -> {e} changed the bytes\n  input  {}\n  middle {}\n  back   {}",
        hex(input),
        hex(&mid),
        hex(&back)
    );
}

fuzz_target!(|data: &[u8]| {
    let ([which], input) = split_header::<1>(data);
    let e = pick(CHARSETS, which);
    round_trip(e, "UTF-16LE", input);
    if VIA_UTF8.contains(&e) {
        round_trip(e, "UTF-8", input);
    }
});
