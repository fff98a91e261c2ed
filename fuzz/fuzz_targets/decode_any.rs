//! Arbitrary bytes through every source label to every target label under every policy:
//! nothing may panic, and the policies must agree with each other.
//!
//! Input: byte 0 picks `--from` (FROM_LABELS), byte 1 `--to` (TO_LABELS), byte 2 the
//! options (see `apply_flags`); the rest is converted under each of the four policies.
//!
//! Besides "no panic" it checks what must hold whatever the bytes are: the status is 0 or 1
//! (in memory there is no I/O error), replace always succeeds, and when strict succeeds
//! (without //TRANSLIT) there was nothing to replace, drop or escape, so replace and discard
//! write the same bytes and escape succeeds too.

#![no_main]

use libfuzzer_sys::fuzz_target;
use transcode::policy::Policy;
use transcode_fuzz::{
    FROM_LABELS, POLICIES, TO_LABELS, apply_flags, convert, hex, pick, settings, split_header,
};

fuzz_target!(|data: &[u8]| {
    let ([f, t, flags], input) = split_header::<3>(data);
    let (from, to) = (pick(FROM_LABELS, f), pick(TO_LABELS, t));
    let mut results = Vec::with_capacity(POLICIES.len());
    for &policy in POLICIES {
        let mut s = settings(from, to, policy);
        apply_flags(&mut s, flags);
        let (out, status) = convert(input, &s);
        assert!(
            status == 0 || status == 1,
            "-f {from} -t {to} {policy:?} flags {flags:02X}: status {status} on {}",
            hex(input)
        );
        if policy == Policy::Replace {
            assert_eq!(
                status,
                0,
                "-f {from} -t {to} replace flags {flags:02X} failed on {}",
                hex(input)
            );
        }
        results.push((policy, out, status));
    }
    let (_, strict_out, strict_status) = &results[0];
    if *strict_status == 0 && flags & 4 == 0 {
        for (policy, out, status) in &results[1..] {
            assert_eq!(
                *status,
                0,
                "-f {from} -t {to} flags {flags:02X}: strict succeeds, {policy:?} fails on {}",
                hex(input)
            );
            if *policy != Policy::Escape {
                assert!(
                    out == strict_out,
                    "-f {from} -t {to} flags {flags:02X}: strict succeeds, {policy:?} differs \
                     on {}\n  strict {}\n  {policy:?} {}",
                    hex(input),
                    hex(strict_out),
                    hex(out)
                );
            }
        }
    }
});
