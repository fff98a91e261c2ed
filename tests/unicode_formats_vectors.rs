//! The fixed vectors of `tests/vectors/unicode_formats.tsv` (RFC 2152, RFC 3501, UTR #26,
//! the JVM specification, the WTF-8 specification, UTS #6, UTN #6, ISO 10646 Annex G; see
//! `tests/vectors/README.md`), through the real binary, in each direction they name.

mod common;

use common::*;
use transcoder::convert::error::hex;

/// One row of the file.
struct Vector {
    source: String,
    label: String,
    direction: String,
    /// The text as code points (surrogates allowed in `escape` rows).
    points: Vec<u32>,
    bytes: Vec<u8>,
}

fn vectors() -> Vec<Vector> {
    let text = include_str!("vectors/unicode_formats.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), 5, "{l}");
            let points = cols[3]
                .split_whitespace()
                .map(|p| u32::from_str_radix(p.trim_start_matches("U+"), 16).unwrap())
                .collect();
            let bytes = cols[4]
                .split_whitespace()
                .map(|b| u8::from_str_radix(b, 16).unwrap())
                .collect();
            Vector {
                source: cols[0].into(),
                label: cols[1].into(),
                direction: cols[2].into(),
                points,
                bytes,
            }
        })
        .collect()
}

fn utf8_of(points: &[u32]) -> Vec<u8> {
    points
        .iter()
        .map(|&p| char::from_u32(p).unwrap())
        .collect::<String>()
        .into_bytes()
}

fn utf16le_of(points: &[u32]) -> Vec<u8> {
    points
        .iter()
        .flat_map(|&p| (p as u16).to_le_bytes())
        .collect()
}

#[test]
fn every_vector_converts_as_its_standard_says() {
    let all = vectors();
    assert!(all.len() >= 25);
    for v in &all {
        let what = format!("{} {} {}", v.source, v.label, v.direction);
        let label = v.label.as_str();
        match v.direction.as_str() {
            "both" | "decode" => {
                let text = utf8_of(&v.points);
                // --keep-bom: U+FEFF is data here (the signatures).
                let args = ["-f", label, "-t", "UTF-8", "--keep-bom", "-s"];
                let r = run(&args, &v.bytes);
                assert_eq!((r.code, hex(&r.stdout)), (0, hex(&text)), "{what}: decode");
                if v.direction == "both" {
                    let args = ["-f", "UTF-8", "-t", label, "--keep-bom", "-s"];
                    let r = run(&args, &text);
                    assert_eq!(
                        (r.code, hex(&r.stdout)),
                        (0, hex(&v.bytes)),
                        "{what}: encode"
                    );
                }
            }
            "escape" => {
                let units = utf16le_of(&v.points);
                let there = ["-f", "UTF-16LE", "-t", label, "--errors", "escape", "-s"];
                let r = run(&there, &units);
                assert_eq!(
                    (r.code, hex(&r.stdout)),
                    (0, hex(&v.bytes)),
                    "{what}: there"
                );
                let back = ["-f", label, "-t", "UTF-16LE", "--errors", "escape", "-s"];
                let r = run(&back, &v.bytes);
                assert_eq!((r.code, hex(&r.stdout)), (0, hex(&units)), "{what}: back");
            }
            other => panic!("{what}: unknown direction {other}"),
        }
    }
}
