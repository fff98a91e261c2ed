//! Reading the code page tables of `data/single-byte/` (format: data/single-byte/README.md).

use std::path::Path;

/// What one byte decodes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mapping {
    /// Nothing: the byte is ill-formed.
    Unassigned,
    /// One code point.
    One(u32),
    /// Several code points (Apple's MacHebrew and MacThai).
    Sequence(Vec<u32>),
}

/// One code page's table and header.
pub struct Page {
    /// The canonical name (`# name:`).
    pub name: String,
    /// `# family:` (dos, ebcdic, mac, iso-8859, cyrillic, thai, vietnamese, other).
    pub family: String,
    /// Every `# key: value` header line, in order.
    pub header: Vec<(String, String)>,
    /// The 256 bytes.
    pub bytes: Vec<Mapping>,
    /// The bytes marked `decode-only`.
    pub decode_only: Vec<u8>,
}

impl Page {
    /// The first header value for `key`.
    pub fn get(&self, key: &str) -> &str {
        self.header
            .iter()
            .find(|(k, _)| k == key)
            .map_or("", |(_, v)| v.as_str())
    }
}

/// The tables that are not generated: their code pages already exist under WHATWG's names
/// (encoding_rs), and `tests/single_byte_tables.rs` checks that those agree with them.
pub const ALREADY_HERE: &[(&str, &str)] = &[
    ("MacRoman", "macintosh"),
    ("MacCyrillic", "x-mac-cyrillic"),
    ("MacUkrainian", "x-mac-cyrillic"),
];

/// Every table of `dir`, by name, less [`ALREADY_HERE`].
pub fn load_all(dir: &Path) -> Vec<Page> {
    let mut pages: Vec<Page> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| load(&p))
        .filter(|p| !ALREADY_HERE.iter().any(|&(n, _)| n == p.name))
        .collect();
    pages.sort_by(|a, b| a.name.cmp(&b.name));
    pages
}

/// One table file.
pub fn load(path: &Path) -> Page {
    let text = std::fs::read_to_string(path).unwrap();
    let mut page = Page {
        name: String::new(),
        family: String::new(),
        header: Vec::new(),
        bytes: Vec::new(),
        decode_only: Vec::new(),
    };
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("# ") {
            if let Some((k, v)) = h.split_once(": ") {
                page.header.push((k.to_string(), v.to_string()));
            }
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let byte = hex(fields[0]) as usize;
        assert_eq!(
            byte,
            page.bytes.len(),
            "{}: bytes out of order",
            path.display()
        );
        assert!(
            fields.get(2).is_none_or(|f| *f == "decode-only"),
            "{}: {line:?}: only decode-only is supported in the third column (an \
             encode-only line needs the generator extended)",
            path.display()
        );
        let points: Vec<u32> = fields
            .get(1)
            .map(|f| f.split(' ').map(hex).collect())
            .unwrap_or_default();
        page.bytes.push(match points.len() {
            0 => Mapping::Unassigned,
            1 => Mapping::One(points[0]),
            _ => Mapping::Sequence(points),
        });
        if fields.get(2) == Some(&"decode-only") {
            page.decode_only.push(byte as u8);
        }
    }
    assert_eq!(page.bytes.len(), 256, "{}", path.display());
    page.name = page.get("name").to_string();
    page.family = page.get("family").to_string();
    assert!(!page.name.is_empty(), "{}: no name", path.display());
    page
}

fn hex(text: &str) -> u32 {
    u32::from_str_radix(text.trim_start_matches("0x"), 16).unwrap()
}
