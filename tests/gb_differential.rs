//! The GB family's kernels against encoding_rs on adversarial input: every lead/trail pair,
//! the edges of every four-byte range, sequences cut short by the end of the input, the
//! code points GB18030-2022 changed, and random GB-shaped bytes (proptest), each read in
//! chunks into small buffers and converted under every policy. The property itself is the
//! fuzz target's (`check_gb_differential` in `fuzz/src/gb.rs`, included from there), so a
//! failing input from either is a test case for both.

// The fuzz crate's other properties are not used here.
#[allow(dead_code)]
#[path = "../fuzz/src/lib.rs"]
mod fuzz;

use fuzz::gb::check_gb_differential;
use proptest::prelude::*;
use proptest::test_runner::Config;

/// Runs the property on `input` for every member, options byte `flags`, output room
/// `room` and the chunk sizes `sizes`.
fn check_all(input: &[u8], flags: u8, room: u8, sizes: &[u8]) {
    for member in 0..3u8 {
        let n = sizes.len().clamp(1, 8);
        let mut data = vec![member, flags, room, (n - 1) as u8];
        data.extend_from_slice(&sizes[..n.min(sizes.len())]);
        data.resize(4 + n, 7);
        data.extend_from_slice(input);
        check_gb_differential(&data);
    }
}

/// The bytes of four-byte pointer `p`.
fn four(p: u32) -> [u8; 4] {
    [
        (p / 12600 + 0x81) as u8,
        (p / 1260 % 10 + 0x30) as u8,
        (p / 10 % 126 + 0x81) as u8,
        (p % 10 + 0x30) as u8,
    ]
}

#[test]
fn every_lead_trail_pair() {
    // Each lead with every trail, alone (a space after) and run together, whole and in
    // chunks that cut between and inside the pairs.
    for lead in 0x80..=0xFFu8 {
        let mut spaced = Vec::new();
        let mut packed = Vec::new();
        for trail in 0..=0xFFu8 {
            spaced.extend_from_slice(&[lead, trail, b' ']);
            packed.extend_from_slice(&[lead, trail]);
        }
        check_all(&spaced, 0, 60, &[255]);
        check_all(&packed, 0, 0, &[1, 2, 3, 5]);
    }
}

#[test]
fn four_byte_range_edges_and_limits() {
    let ranges: Vec<u32> = transcoder::codecs::gb::tables::RANGES
        .iter()
        .map(|r| r.0)
        .collect();
    let mut pointers: Vec<u32> = Vec::new();
    for &p in &ranges {
        pointers.extend([p.saturating_sub(1), p, p + 1]);
    }
    pointers.extend([
        39418, 39419, 39420, 39421, 188_999, 189_000, 189_001, 1_237_575, 1_237_576,
    ]);
    pointers.push(four_pointer_max());
    let mut input = Vec::new();
    for &p in &pointers {
        input.extend_from_slice(&four(p));
        input.push(b'a');
    }
    check_all(&input, 0, 0, &[4, 1, 3]);
    check_all(&input, 0x18, 200, &[255]);
}

/// FE 39 FE 39, the largest pointer four bytes can spell.
fn four_pointer_max() -> u32 {
    125 * 12600 + 9 * 1260 + 125 * 10 + 9
}

#[test]
fn sequences_cut_short_and_resumed() {
    let whole: &[&[u8]] = &[
        b"\x81\x30\x81\x30",
        b"\x84\x31\xA4\x39",
        b"\xE3\x32\x9A\x35",
        b"\xD6\xD0",
        b"\x81\x40",
    ];
    for seq in whole {
        for cut in 1..seq.len() {
            // Cut by the end of the input, and followed by what ends it early.
            for tail in [
                &b""[..],
                b"a",
                b"\x30",
                b"\x81",
                b"\xFF",
                b"\x80",
                b"\xD6\xD0",
            ] {
                let input = [&seq[..cut], tail].concat();
                check_all(&input, 0, 0, &[1]);
                check_all(&input, 0, 0, &[cut as u8]);
            }
        }
    }
}

#[test]
fn code_points_gb18030_2022_changed() {
    // The two-byte codes whose characters moved out of the private use area, and the
    // four-byte codes that now hold those private use characters (84 31 82 36 ...).
    let mut input = Vec::new();
    for pair in [
        [0xA6, 0xD9],
        [0xA6, 0xDA],
        [0xA6, 0xDB],
        [0xA6, 0xDC],
        [0xA6, 0xDD],
        [0xA6, 0xDE],
        [0xA6, 0xDF],
        [0xA6, 0xEC],
        [0xA6, 0xED],
        [0xA6, 0xF3],
        [0xFE, 0x59],
        [0xFE, 0x61],
        [0xFE, 0x66],
        [0xFE, 0x67],
        [0xFE, 0x6D],
        [0xFE, 0x7E],
        [0xFE, 0x90],
        [0xFE, 0xA0],
        [0xA3, 0xA0],
        [0xA8, 0xBC],
        [0xA1, 0xA4],
        [0xA1, 0xAA],
        [0x80, 0x20],
    ] {
        input.extend_from_slice(&pair);
    }
    for p in 0x8431_8236u32..0x8431_8240 {
        input.extend_from_slice(&p.to_be_bytes());
    }
    input.extend_from_slice(b"\x81\x35\xF4\x37\x82\x35\x8F\x33");
    // The text encoded from these bytes reaches every special code point (selector 4).
    for i in 0..40u8 {
        input.extend_from_slice(&[4, i, 0]);
    }
    check_all(&input, 0, 0, &[2, 3]);
    check_all(&input, 0x04, 9, &[255]);
}

/// Bytes shaped like GB text: ASCII, pairs, bad trails, four-byte sequences (often near
/// the ranges' edges), lone leads, 0x80 and 0xFF.
fn gb_bytes() -> impl Strategy<Value = Vec<u8>> {
    let token = prop_oneof![
        3 => any::<u8>().prop_map(|b| vec![b & 0x7F]),
        4 => (0x81..=0xFEu8, 0x40..=0xFEu8).prop_map(|(l, t)| vec![l, t]),
        2 => (0x81..=0xFEu8, any::<u8>()).prop_map(|(l, t)| vec![l, t]),
        2 => (0..40_000u32).prop_map(|p| four(p).to_vec()),
        1 => (0..1_300_000u32).prop_map(|p| four(p).to_vec()),
        1 => (0x81..=0xFEu8, 0x30..=0x39u8, any::<u8>()).prop_map(|(a, b, c)| vec![a, b, c]),
        1 => Just(vec![0x80]),
        1 => Just(vec![0xFF]),
        1 => any::<u8>().prop_map(|b| vec![b]),
    ];
    prop::collection::vec(token, 0..64).prop_map(|t| t.concat())
}

proptest! {
    #![proptest_config(Config {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48),
        failure_persistence: None,
        ..Config::default()
    })]

    #[test]
    fn random_gb_shaped_input(
        input in gb_bytes(),
        flags in any::<u8>(),
        room in any::<u8>(),
        sizes in prop::collection::vec(0..=255u8, 1..8),
    ) {
        check_all(&input, flags, room, &sizes);
    }
}
