//! UTF-8 → UTF-16 under `replace` and `escape` writes exactly what std's UTF-8 decoder finds:
//! one U+FFFD per maximal ill-formed subpart (`String::from_utf8_lossy`), or one U+DC80..U+DCFF
//! per byte of each, in either byte order. This holds the bulk paths (simdutf for clean
//! pieces, `transcode::utf8_to_utf16` for pieces with errors) to an independent decoder.
//!
//! Input: byte 0 picks the byte order (bit 0: big-endian) and the policy (bit 1: escape);
//! the rest is the text.

#![no_main]

use libfuzzer_sys::fuzz_target;
use transcode::policy::Policy;
use transcode_fuzz::{convert, hex, settings, split_header};

/// What std's decoder makes of `bytes`, as UTF-16 code units, errors replaced or escaped.
fn by_std(mut bytes: &[u8], escape: bool) -> Vec<u16> {
    let mut units = Vec::new();
    loop {
        match std::str::from_utf8(bytes) {
            Ok(text) => {
                units.extend(text.encode_utf16());
                return units;
            }
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                // The prefix is valid UTF-8, so this is all of it.
                units.extend(String::from_utf8_lossy(valid).encode_utf16());
                let bad = e.error_len().unwrap_or(rest.len());
                if escape {
                    units.extend(rest[..bad].iter().map(|&b| 0xDC00 | u16::from(b)));
                } else {
                    units.push(0xFFFD);
                }
                bytes = &rest[bad..];
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let ([choice], input) = split_header::<1>(data);
    let big_endian = choice & 1 != 0;
    let escape = choice & 2 != 0;
    let to = if big_endian { "UTF-16BE" } else { "UTF-16LE" };
    let policy = if escape {
        Policy::Escape
    } else {
        Policy::Replace
    };
    let (out, status) = convert(input, &settings("UTF-8", to, policy));
    // A leading BOM is a signature under its own label, and is dropped by design.
    let text = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let expected: Vec<u8> = by_std(text, escape)
        .into_iter()
        .flat_map(|u| {
            if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        })
        .collect();
    assert!(
        status == 0 && out == expected,
        "-f UTF-8 -t {to} {policy:?}: status {status}\n  input    {}\n  output   {}\n  expected {}",
        hex(input),
        hex(&out),
        hex(&expected)
    );
});
