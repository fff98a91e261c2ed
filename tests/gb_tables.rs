//! The generator of `src/codecs/gb/tables.rs`, the tables of the GB family (GBK, GB18030,
//! GB2312), and the test that keeps the committed file current. The tables are read out of
//! encoding_rs, the reference for the WHATWG mapping, by decoding and encoding through its
//! public API, so that WHATWG conformance is inherited rather than typed in again:
//!
//! - every two-byte sequence (lead 0x81..=0xFE, trail 0x40..=0xFF) decoded by its GB18030
//!   decoder gives the two-byte table (its GBK decoder must agree, as WHATWG says);
//! - every four-byte pointer of the BMP (0..=39419) decoded gives the four-byte ranges;
//! - every BMP code point encoded by its GBK and GB18030 encoders gives the few places where
//!   encoding differs from inverting those two tables (first pointer wins): the overrides.
//!
//! When encoding_rs changes (a new edition of the Encoding Standard), regenerate with
//!
//! ```text
//! TRANSCODE_REGENERATE=1 cargo test --test gb_tables
//! ```
//!
//! and commit the result. Why a committed generator rather than `build.rs`: the tables are
//! reviewable in the repository (a change of mapping shows as a diff), the build needs no
//! second compilation of encoding_rs as a build dependency, and this test, which runs with
//! every `cargo test`, fails when the file and encoding_rs disagree.

use encoding_rs::{GB18030, GBK};
use std::fmt::Write as _;
use std::path::PathBuf;

const PATH: &str = "src/codecs/gb/tables.rs";
/// Trail bytes per row of the two-byte table: 0x40..=0xFF (0x7F and 0xFF are never a trail,
/// and hold 0), so that a lookup needs no check of the trail's upper end.
const ROW: usize = 192;
const ROWS: usize = 126;
/// The last four-byte pointer in the BMP (84 31 A4 39, U+FFFF).
const LAST_BMP_POINTER: u32 = 39419;

/// The one character `bytes` decodes to without error, if so.
fn decode_one(encoding: &'static encoding_rs::Encoding, bytes: &[u8]) -> Option<char> {
    let text = encoding.decode_without_bom_handling_and_without_replacement(bytes)?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// The bytes of four-byte pointer `p`.
fn four_bytes(p: u32) -> [u8; 4] {
    [
        (p / 12600 + 0x81) as u8,
        (p / 1260 % 10 + 0x30) as u8,
        (p / 10 % 126 + 0x81) as u8,
        (p % 10 + 0x30) as u8,
    ]
}

/// The two-byte table, row by row.
fn pairs() -> Vec<u16> {
    let mut table = vec![0u16; ROWS * ROW];
    for lead in 0x81..=0xFEu8 {
        for trail in 0x40..=0xFFu8 {
            let pair = [lead, trail];
            let c = decode_one(GB18030, &pair);
            assert_eq!(
                c,
                decode_one(GBK, &pair),
                "GBK and GB18030 differ at {pair:02X?}"
            );
            if let Some(c) = c {
                let cp = u16::try_from(u32::from(c)).expect("two-byte characters are in the BMP");
                table[usize::from(lead - 0x81) * ROW + usize::from(trail - 0x40)] = cp;
            }
        }
    }
    table
}

/// The four-byte BMP ranges in pointer order: (first pointer, first code point, or 0 for
/// pointers that decode to nothing), each running up to the next.
fn ranges() -> Vec<(u32, u16)> {
    let mut out: Vec<(u32, u16)> = Vec::new();
    // The previous pointer's code point (0 for none), once there is one.
    let mut prev: Option<u32> = None;
    for p in 0..=LAST_BMP_POINTER {
        let bytes = four_bytes(p);
        let c = decode_one(GB18030, &bytes);
        assert_eq!(
            c,
            decode_one(GBK, &bytes),
            "GBK and GB18030 differ at {bytes:02X?}"
        );
        let cp = c.map_or(0, u32::from);
        let starts = match prev {
            None => true,
            Some(0) => cp != 0,
            Some(q) => cp != q + 1,
        };
        if starts {
            out.push((
                p,
                u16::try_from(cp).expect("BMP pointers decode to the BMP"),
            ));
        }
        prev = Some(cp);
    }
    out
}

/// What inverting the tables gives for `c` (first pointer wins; the four-byte ranges where
/// `four` and the two-byte table has nothing): the big-endian bytes packed in a u32, 0 for
/// none. The runtime derivation in `src/codecs/gb/variant.rs` does the same.
fn inverted(c: u16, by_cp: &[Option<u16>], ranges: &[(u32, u16)], four: bool) -> u32 {
    if let Some(p) = by_cp[usize::from(c)] {
        let (lead, trail) = (p / 190 + 0x81, p % 190);
        return u32::from(lead) << 8 | u32::from(trail + if trail < 0x3F { 0x40 } else { 0x41 });
    }
    if !four {
        return 0;
    }
    for (i, &(p, start)) in ranges.iter().enumerate() {
        let end = ranges.get(i + 1).map_or(LAST_BMP_POINTER + 1, |r| r.0);
        if start != 0 && c >= start && u32::from(c - start) < end - p {
            return u32::from_be_bytes(four_bytes(p + u32::from(c - start)));
        }
    }
    0
}

/// The code points whose encoding differs from [`inverted`]: (code point, bytes packed
/// big-endian into a u32, 0 for unmappable).
fn overrides(
    encoding: &'static encoding_rs::Encoding,
    table: &[u16],
    ranges: &[(u32, u16)],
) -> Vec<(u16, u32)> {
    let mut by_cp: Vec<Option<u16>> = vec![None; 0x10000];
    for (i, &cp) in table.iter().enumerate() {
        let (row, col) = (i / ROW, i % ROW);
        let trail = col + 0x40;
        if cp == 0 || trail == 0x7F || trail == 0xFF {
            continue;
        }
        let pointer = (row * 190 + col - usize::from(trail > 0x7F)) as u16;
        let slot = &mut by_cp[usize::from(cp)];
        if slot.is_none() {
            *slot = Some(pointer);
        }
    }
    let four = encoding == GB18030;
    let mut out = Vec::new();
    let mut encoder = encoding.new_encoder();
    for cp in 0x80..=0xFFFFu16 {
        let Some(c) = char::from_u32(u32::from(cp)) else {
            continue;
        };
        let mut buf = [0u8; 8];
        let (result, _, written) = encoder.encode_from_utf8_without_replacement(
            c.encode_utf8(&mut [0; 4]),
            &mut buf,
            true,
        );
        let theirs = match result {
            encoding_rs::EncoderResult::InputEmpty => buf[..written]
                .iter()
                .fold(0u32, |acc, &b| acc << 8 | u32::from(b)),
            _ => 0,
        };
        if theirs != inverted(cp, &by_cp, ranges, four) {
            out.push((cp, theirs));
        }
    }
    out
}

fn render() -> String {
    let table = pairs();
    let ranges = ranges();
    let mut by_cp: Vec<(u16, u32)> = ranges
        .iter()
        .filter(|r| r.1 != 0)
        .map(|&(p, c)| (c, p))
        .collect();
    by_cp.sort_unstable();
    let gbk = overrides(GBK, &table, &ranges);
    let gb18030 = overrides(GB18030, &table, &ranges);
    let mut s = String::new();
    s.push_str(
        "//! The tables of the GB family, GENERATED by `tests/gb_tables.rs`: do not edit; regenerate\n\
         //! with `TRANSCODE_REGENERATE=1 cargo test --test gb_tables`.\n\
         //!\n\
         //! Source: encoding_rs 0.8.44 (<https://crates.io/crates/encoding_rs>, licence MIT OR\n\
         //! Apache-2.0), whose GB18030 data are the WHATWG Encoding Standard's index-gb18030 and\n\
         //! index-gb18030-ranges as of its 2024 update to GB18030-2022 (BSD-3-Clause). They were\n\
         //! read by decoding every two-byte sequence and every four-byte pointer of the BMP with its\n\
         //! GB18030 decoder (its GBK decoder agrees), and encoding every BMP code point with its GBK\n\
         //! and GB18030 encoders.\n\n\
         #![forbid(unsafe_code)]\n\n",
    );
    let _ = writeln!(
        s,
        "/// Trail bytes per row of [`PAIRS`]: 0x40..=0xFF.\npub const ROW: usize = {ROW};\n"
    );
    let _ = writeln!(
        s,
        "/// The code point of each two-byte sequence, at `(lead - 0x81) * ROW + (trail - 0x40)`; 0 where\n\
         /// the two bytes are not a character.\n#[rustfmt::skip]\npub static PAIRS: [u16; {}] = [",
        table.len()
    );
    for (r, row) in table.chunks(ROW).enumerate() {
        let _ = writeln!(s, "    // lead 0x{:02X}", r + 0x81);
        for line in row.chunks(12) {
            let cells: Vec<String> = line.iter().map(|c| format!("0x{c:04X},")).collect();
            let _ = writeln!(s, "    {}", cells.join(" "));
        }
    }
    s.push_str("];\n\n");
    let _ = writeln!(
        s,
        "/// The four-byte sequences of the BMP in pointer order: (first pointer, first code point),\n\
         /// each range running up to the next and the last one to pointer {LAST_BMP_POINTER}; code point 0\n\
         /// marks pointers that are not characters.\n#[rustfmt::skip]\npub static RANGES: [(u32, u16); {}] = [",
        ranges.len()
    );
    for line in ranges.chunks(6) {
        let cells: Vec<String> = line
            .iter()
            .map(|(p, c)| format!("({p}, 0x{c:04X}),"))
            .collect();
        let _ = writeln!(s, "    {}", cells.join(" "));
    }
    s.push_str("];\n\n");
    let _ = writeln!(
        s,
        "/// The same ranges in code point order, for encoding: (first code point, first pointer).\n\
         #[rustfmt::skip]\npub static RANGES_BY_CP: [(u16, u32); {}] = [",
        by_cp.len()
    );
    for line in by_cp.chunks(6) {
        let cells: Vec<String> = line
            .iter()
            .map(|(c, p)| format!("(0x{c:04X}, {p}),"))
            .collect();
        let _ = writeln!(s, "    {}", cells.join(" "));
    }
    s.push_str("];\n\n");
    for (name, list, what) in [
        ("GBK_ENCODE", &gbk, "GBK"),
        ("GB18030_ENCODE", &gb18030, "GB18030"),
    ] {
        let _ = writeln!(
            s,
            "/// Where {what} encodes a BMP code point otherwise than by inverting [`PAIRS`] (first pointer\n\
             /// wins){}: (code point, its bytes big-endian in a u32, 0 for unmappable).\n\
             #[rustfmt::skip]\npub static {name}: [(u16, u32); {}] = [",
            if what == "GB18030" {
                " and [`RANGES`]"
            } else {
                ""
            },
            list.len()
        );
        for line in list.chunks(6) {
            let cells: Vec<String> = line
                .iter()
                .map(|(c, b)| format!("(0x{c:04X}, 0x{b:X}),"))
                .collect();
            let _ = writeln!(s, "    {}", cells.join(" "));
        }
        s.push_str("];\n\n");
    }
    s.pop();
    s
}

#[test]
fn gb_tables_are_current() {
    let expected = render();
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(PATH);
    let actual = std::fs::read_to_string(&full).ok();
    if actual.as_deref() == Some(expected.as_str()) {
        return;
    }
    if std::env::var_os("TRANSCODE_REGENERATE").is_some_and(|v| v == "1") {
        std::fs::write(&full, expected).unwrap();
        eprintln!("regenerated {PATH}");
        return;
    }
    panic!(
        "{PATH} is {} encoding_rs's GB18030 data. Regenerate it with\n\n    \
         TRANSCODE_REGENERATE=1 cargo test --test gb_tables\n\nand commit the result.",
        if actual.is_none() {
            "missing; it comes from"
        } else {
            "out of date with"
        }
    );
}
