//! The same input read in arbitrary chunks gives exactly the same output bytes and exit
//! status as read in one piece (and as read one byte at a time).
//!
//! Input: byte 0 picks `--from` (FROM_LABELS), byte 1 `--to` (TO_LABELS), byte 2 the policy,
//! byte 3 the options (see `apply_flags`), byte 4 how many chunk sizes follow (1–8, from its
//! low three bits); then the chunk sizes, one byte each (0 is an `Interrupted` error from the
//! reader), cycled through; the rest is the text.

#![no_main]

use libfuzzer_sys::fuzz_target;
use transcode_fuzz::{
    FROM_LABELS, POLICIES, TO_LABELS, apply_flags, convert, convert_chunked, hex, pick, settings,
    split_header,
};

fuzz_target!(|data: &[u8]| {
    let ([f, t, p, flags, n], rest) = split_header::<5>(data);
    let n = usize::from(n & 7) + 1;
    let (sizes, input) = rest.split_at(n.min(rest.len()));
    let (from, to, policy) = (pick(FROM_LABELS, f), pick(TO_LABELS, t), pick(POLICIES, p));
    let mut s = settings(from, to, policy);
    apply_flags(&mut s, flags);
    let whole = convert(input, &s);
    let chunked = convert_chunked(input, sizes, &s);
    assert!(
        whole == chunked,
        "-f {from} -t {to} {policy:?} flags {flags:02X}, chunks {sizes:?}: input {}\n  \
         whole   status {} out {}\n  chunked status {} out {}",
        hex(input),
        whole.1,
        hex(&whole.0),
        chunked.1,
        hex(&chunked.0)
    );
    let bytewise = convert_chunked(input, &[1], &s);
    assert!(
        whole == bytewise,
        "-f {from} -t {to} {policy:?} flags {flags:02X}, byte by byte: input {}\n  \
         whole    status {} out {}\n  bytewise status {} out {}",
        hex(input),
        whole.1,
        hex(&whole.0),
        bytewise.1,
        hex(&bytewise.0)
    );
});
