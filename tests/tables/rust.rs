//! Rendering the code page tables as Rust (`src/codecs/single_byte/generated.rs`).

use super::data::{Mapping, Page};
use std::fmt::Write;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::canonical_combining_class;

/// The code pages whose encoder writes a precomposed letter that has no byte of its own as
/// base letter and combining mark, as glibc's converter does for TCVN 5712 (its only code
/// page with combining marks where Vietnamese is written decomposed).
const DECOMPOSING: &[&str] = &["TCVN5712-1"];

/// The Rust file for `pages`.
pub fn render(pages: &[Page]) -> String {
    let mut out = String::new();
    out.push_str(
        "//! The single-byte code pages of `data/single-byte/`, generated from the tables there by\n\
         //! `tests/single_byte_tables.rs`; do not edit. Each table's file names its source, its\n\
         //! licence and every choice made against a peer (data/single-byte/README.md and\n\
         //! CROSSCHECK.md). Regenerate with\n\
         //! `TRANSCODE_REGENERATE=1 cargo test --test single_byte_tables`.\n\
         \n\
         #![forbid(unsafe_code)]\n\
         \n\
         use super::{SEQUENCE as S, SingleByte, Table, UNASSIGNED as U};\n\
         use crate::codecs::codec::Family;\n",
    );
    for page in pages {
        render_page(&mut out, page);
    }
    out.push_str("\n/// Every code page above.\npub static ALL: &[&SingleByte] = &[\n");
    for page in pages {
        writeln!(out, "    &{},", ident(&page.name)).unwrap();
    }
    out.push_str("];\n");
    out
}

fn render_page(out: &mut String, page: &Page) {
    out.push('\n');
    writeln!(out, "/// {}: {}", page.name, page.get("why-this-source")).unwrap();
    writeln!(out, "///").unwrap();
    writeln!(out, "/// Source: {}.", page.get("source")).unwrap();
    writeln!(out, "/// Licence: {}.", page.get("licence")).unwrap();
    for (k, v) in &page.header {
        if k == "deviation" {
            writeln!(out, "/// Deviation: {v}.").unwrap();
        }
    }
    writeln!(out, "#[rustfmt::skip]").unwrap();
    writeln!(
        out,
        "pub static {}: SingleByte = SingleByte::new(&Table {{",
        ident(&page.name)
    )
    .unwrap();
    writeln!(out, "    name: {:?},", page.name).unwrap();
    writeln!(out, "    family: Family::{},", family(&page.family)).unwrap();
    out.push_str("    chars: &[\n");
    for row in page.bytes.chunks(8) {
        let cells: Vec<String> = row
            .iter()
            .map(|m| match m {
                Mapping::Unassigned => "     U".to_string(),
                Mapping::One(c) => format!("0x{c:04X}"),
                Mapping::Sequence(_) => "     S".to_string(),
            })
            .collect();
        writeln!(out, "        {},", cells.join(", ")).unwrap();
    }
    out.push_str("    ],\n");
    let sequences: Vec<String> = page
        .bytes
        .iter()
        .zip(0u32..)
        .filter_map(|(m, b)| match m {
            Mapping::Sequence(points) => Some(format!("(0x{b:02X}, {})", string(points))),
            _ => None,
        })
        .collect();
    list(out, "sequences", &sequences);
    let decode_only: Vec<String> = page
        .decode_only
        .iter()
        .map(|b| format!("0x{b:02X}"))
        .collect();
    list(out, "decode_only", &decode_only);
    let decomposed: Vec<String> = decompositions(page)
        .iter()
        .map(|&(c, b, m)| format!("('\\u{{{c:04X}}}', [0x{b:02X}, 0x{m:02X}])"))
        .collect();
    list(out, "decomposed", &decomposed);
    out.push_str("});\n");
}

/// `    name: &[a, b, ...],` with one item per line when there are any.
fn list(out: &mut String, name: &str, items: &[String]) {
    if items.is_empty() {
        writeln!(out, "    {name}: &[],").unwrap();
        return;
    }
    writeln!(out, "    {name}: &[").unwrap();
    for item in items {
        writeln!(out, "        {item},").unwrap();
    }
    out.push_str("    ],\n");
}

/// A Rust string literal of `points`.
fn string(points: &[u32]) -> String {
    let inner: String = points.iter().map(|c| format!("\\u{{{c:04X}}}")).collect();
    format!("\"{inner}\"")
}

/// The static's name: `MacCentralEurope` → `MAC_CENTRAL_EUROPE`, `CP437-graphic` →
/// `CP437_GRAPHIC`.
pub fn ident(name: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c.is_ascii_uppercase() && prev_lower {
            out.push('_');
        }
        prev_lower = c.is_ascii_lowercase();
        out.push(if c.is_ascii_alphanumeric() {
            c.to_ascii_uppercase()
        } else {
            '_'
        });
    }
    out
}

/// The `Family` variant for a table's `# family:`.
fn family(name: &str) -> &'static str {
    match name {
        "dos" => "Dos",
        "ebcdic" => "Ebcdic",
        "mac" => "Mac",
        "iso-8859" => "Iso8859",
        "cyrillic" | "thai" | "vietnamese" | "iso646" | "other" => "Other",
        other => panic!("unknown family {other}"),
    }
}

/// For the code pages of [`DECOMPOSING`]: every BMP character without a byte of its own
/// that is canonically equivalent to a base letter with a byte followed by a combining mark
/// with a byte, as (character, base byte, mark byte), sorted.
pub fn decompositions(page: &Page) -> Vec<(u32, u8, u8)> {
    if !DECOMPOSING.contains(&page.name.as_str()) {
        return Vec::new();
    }
    let byte_of = |c: char| {
        page.bytes
            .iter()
            .position(|m| *m == Mapping::One(u32::from(c)))
            .filter(|&b| !page.decode_only.contains(&(b as u8)))
            .map(|b| b as u8)
    };
    let marks: Vec<(char, u8)> = page
        .bytes
        .iter()
        .filter_map(|m| match m {
            Mapping::One(c) => char::from_u32(*c),
            _ => None,
        })
        .filter(|&c| canonical_combining_class(c) != 0)
        .filter_map(|c| byte_of(c).map(|b| (c, b)))
        .collect();
    let mut found = Vec::new();
    for c in (0x80..=0xFFFF).filter_map(char::from_u32) {
        if byte_of(c).is_some() {
            continue;
        }
        let nfd: String = c.nfd().collect();
        let mut candidates = marks.iter().filter_map(|&(mark, mark_byte)| {
            let at = nfd.find(mark)?;
            let rest = format!("{}{}", &nfd[..at], &nfd[at + mark.len_utf8()..]);
            let base: Vec<char> = rest.nfc().collect();
            let [base] = base[..] else { return None };
            let same: String = format!("{base}{mark}").nfd().collect();
            (same == nfd).then_some(())?;
            Some((u32::from(c), byte_of(base)?, mark_byte))
        });
        if let Some(first) = candidates.next() {
            assert!(
                candidates.next().is_none(),
                "U+{:04X}: two decompositions",
                u32::from(c)
            );
            found.push(first);
        }
    }
    found
}
