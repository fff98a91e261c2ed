//! `--errors replace` always succeeds, and what it writes is well-formed: to UTF-8, valid
//! UTF-8 (`std::str::from_utf8`, which also rejects encoded surrogates); to UTF-16LE, an even
//! number of bytes with no unpaired surrogate (`char::decode_utf16`).
//!
//! Input: byte 0 picks `--from` (FROM_LABELS), byte 1 the target (UTF-8 or UTF-16LE), byte 2
//! the options (see `apply_flags`); the rest is the text.

#![no_main]

use libfuzzer_sys::fuzz_target;
use transcode::policy::Policy;
use transcode_fuzz::{
    FROM_LABELS, apply_flags, convert, hex, pick, settings, split_header, utf16le_error,
};

fuzz_target!(|data: &[u8]| {
    let ([f, t, flags], input) = split_header::<3>(data);
    let from = pick(FROM_LABELS, f);
    let to = pick(&["UTF-8", "UTF-16LE"], t);
    let mut s = settings(from, to, Policy::Replace);
    apply_flags(&mut s, flags);
    let (out, status) = convert(input, &s);
    assert_eq!(
        status,
        0,
        "-f {from} -t {to} replace flags {flags:02X} failed on {}",
        hex(input)
    );
    let problem = match to {
        "UTF-8" => std::str::from_utf8(&out).err().map(|e| e.to_string()),
        _ => utf16le_error(&out),
    };
    if let Some(problem) = problem {
        panic!(
            "-f {from} -t {to} replace flags {flags:02X}: {problem}\n  input {}\n  output {}",
            hex(input),
            hex(&out)
        );
    }
});
