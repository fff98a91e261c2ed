//! Rendering the labels other converters accept (`data/single-byte/aliases.tsv`) as Rust
//! (`src/codecs/labels/aliases.rs`): every one that names a charset here and that its row
//! of the label table does not already have.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;
use transcoder::codecs::labels;

/// Labels that go elsewhere than the list's `encoding` column says, and why.
const OVERRIDES: &[(&str, &str)] = &[
    // Python's UTF-8 with a signature: written with a BOM, read with one removed.
    ("utf-8-sig", "UTF-8-SIG"),
    ("utf_8_sig", "UTF-8-SIG"),
    // glibc groups these under one module; UNICODELITTLE is little-endian UCS-2, the others
    // its unmarked UCS-2 (which reads a BOM).
    ("UNICODELITTLE", "UCS-2LE"),
    ("ISO-10646/UCS2", "UCS-2"),
    ("OSF00010100", "UCS-2"),
    ("OSF00010101", "UCS-2"),
    ("OSF00010102", "UCS-2"),
    // The peers' names of the exact code pages, not of WHATWG's supersets: ICU's
    // windows-950-2000 is Windows' own CP950, ibm-1375 and glibc's BIG5-HKSCS are HKSCS-2008,
    // ICU's windows-949-2000 is Windows' CP949, and ICU's windows-936-2000 Windows' CP936.
    ("936", "CP936"),
    ("windows-936-2000", "CP936"),
    ("950", "CP950"),
    ("windows-950-2000", "CP950"),
    ("big5hk", "Big5-HKSCS"),
    ("HKSCS-BIG5", "Big5-HKSCS"),
    ("ibm-1375", "Big5-HKSCS"),
    ("ibm-1375_P100-2008", "Big5-HKSCS"),
    ("MSCP949", "CP949"),
    ("windows-949-2000", "CP949"),
    // glibc's names of HP's sets; ICU gives them to ISO-8859-11 and ISO-8859-9.
    ("thai8", "HP-THAI8"),
    ("THAI8", "HP-THAI8"),
    ("turkish8", "HP-TURKISH8"),
    ("TURKISH8", "HP-TURKISH8"),
];

/// The sources in the order their spelling of a label is preferred (ICU's and glibc's
/// follow the IANA registry's case).
const SOURCES: &[&str] = &["icu", "glibc", "python", "libiconv", "ours"];

/// One line of the list.
pub struct Row {
    encoding: String,
    alias: String,
    sources: Vec<String>,
}

/// The list, less its heading.
pub fn load(path: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            Row {
                encoding: f[0].to_string(),
                alias: f[1].to_string(),
                sources: f[2].split(',').map(str::to_string).collect(),
            }
        })
        .collect()
}

/// A label folded the way the label table compares them.
fn fold(label: &str) -> String {
    label
        .trim()
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '.' | ':'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The Rust file for `rows`.
pub fn render(rows: &[Row]) -> String {
    // The label table's own labels, folded, with the charset each names.
    let mut taken: BTreeMap<String, &'static str> = BTreeMap::new();
    let names: Vec<&'static str> = labels::rows().map(|e| e.codec.name()).collect();
    for e in labels::rows() {
        for l in std::iter::once(e.codec.name()).chain(e.aliases.iter().copied()) {
            taken.insert(fold(l), e.codec.name());
        }
    }
    // Folded label -> (charset, spelling, rank of its best source).
    let mut extra: BTreeMap<String, (String, String, usize)> = BTreeMap::new();
    let mut conflicts = Vec::new();
    for row in rows {
        let target = OVERRIDES
            .iter()
            .find(|(a, _)| *a == row.alias)
            .map_or(row.encoding.as_str(), |&(_, t)| t);
        assert!(
            names.contains(&target),
            "{}: no charset {target}",
            row.alias
        );
        let key = fold(&row.alias);
        if taken.contains_key(&key) {
            continue;
        }
        let rank = row
            .sources
            .iter()
            .filter_map(|s| SOURCES.iter().position(|x| x == s))
            .min()
            .unwrap_or(SOURCES.len());
        match extra.get(&key) {
            Some((t, _, _)) if t != target => {
                conflicts.push(format!("{} names {t} and {target}", row.alias));
            }
            Some((_, _, r)) if *r <= rank => {}
            _ => {
                extra.insert(key, (target.to_string(), row.alias.clone(), rank));
            }
        }
    }
    assert!(conflicts.is_empty(), "add to OVERRIDES: {conflicts:#?}");
    let mut by_charset: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (target, alias, _) in extra.values() {
        by_charset.entry(target).or_default().push(alias);
    }
    let mut out = String::from(
        "//! The labels glibc iconv, ICU and Python accept for the charsets here, beyond those of\n\
         //! the label table's own rows (a label that differs from one of those only in case or\n\
         //! punctuation counts as had). Generated from `data/single-byte/aliases.tsv`, which says\n\
         //! which peer accepts each, by `tests/single_byte_tables.rs`; do not edit. Regenerate with\n\
         //! `TRANSCODE_REGENERATE=1 cargo test --test single_byte_tables`.\n\
         \n\
         #![forbid(unsafe_code)]\n\
         \n\
         /// Each charset's canonical name, with its further labels, in the label table's order.\n\
         #[rustfmt::skip]\n\
         pub static EXTRA: &[(&str, &[&str])] = &[\n",
    );
    for name in &names {
        let Some(aliases) = by_charset.get_mut(name) else {
            continue;
        };
        aliases.sort_by_key(|a| (a.to_lowercase(), a.to_string()));
        writeln!(out, "    ({name:?}, &[").unwrap();
        for a in aliases.iter() {
            writeln!(out, "        {a:?},").unwrap();
        }
        out.push_str("    ]),\n");
    }
    out.push_str("];\n");
    out
}
