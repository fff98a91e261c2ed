//! The vector UTF-8 validator of the bulk paths (`src/codecs/kernels/utf8_valid.rs`) judges
//! every input as std's validator does.
//!
//! Input: the bytes to judge, whole.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let got = transcoder::codecs::kernels::utf8_valid::is_valid(data);
    assert_eq!(got, std::str::from_utf8(data).is_ok(), "{data:02X?}");
});
