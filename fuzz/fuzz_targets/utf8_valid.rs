//! The vector UTF-8 validator of the bulk paths (`src/codecs/kernels/utf8_valid.rs`) judges
//! every input as std's validator does, and finds the first error where std finds it.
//!
//! Input: the bytes to judge, whole.

#![no_main]

use libfuzzer_sys::fuzz_target;
use transcoder::codecs::kernels::utf8_valid;

fuzz_target!(|data: &[u8]| {
    let std = std::str::from_utf8(data);
    assert_eq!(utf8_valid::is_valid(data), std.is_ok(), "{data:02X?}");
    let want = match std {
        Ok(_) => (data.len(), 0),
        Err(e) => {
            let valid = e.valid_up_to();
            (valid, e.error_len().unwrap_or(data.len() - valid))
        }
    };
    assert_eq!(utf8_valid::first_error(data), want, "{data:02X?}");
});
