//! The generator of `tables.rs` and `tables/*.bin` from `data/cjk/*.txt` (see
//! data/cjk/README.md for the sources and the format). It runs as a test: the test builds the
//! files in memory and fails if the committed ones differ; with `TRANSCODE_REGENERATE=1` it
//! writes them instead:
//!
//! ```text
//! TRANSCODE_REGENERATE=1 cargo test --lib cjk::generate
//! ```
//!
//! Each table is one value per code of its layout (the index functions of `table.rs`, which
//! the codecs use too), two bytes per value where every value fits, else four.

use super::table::{PLANE, SEQUENCE, big5_index, ebcdic_index, jis_to_sjis, prefixed_index};
use super::table::{set94, sjis_index};
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One row of a data file: the code column, the text, the flag.
struct Row {
    code: String,
    text: Vec<char>,
    flag: String,
}

fn load(name: &str) -> Vec<Row> {
    let path = root().join("data/cjk").join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut rows = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut parts = line.split('\t');
        let code = parts.next().unwrap_or_default().to_string();
        let uni = parts.next().unwrap_or_else(|| panic!("{name}: {line}"));
        let flag = parts.next().unwrap_or_default().to_string();
        let text = uni
            .split('+')
            .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
            .collect();
        rows.push(Row { code, text, flag });
    }
    rows
}

/// A 94×94 code `[P-]RRCC` as (plane, row, cell).
fn gl(code: &str) -> (usize, u8, u8) {
    let (plane, rc) = match code.split_once('-') {
        Some((p, rc)) => (p.parse().unwrap(), rc),
        None => (1, code),
    };
    let v = u16::from_str_radix(rc, 16).unwrap();
    (plane, (v >> 8) as u8, v as u8)
}

/// A table under construction.
struct Builder {
    name: &'static str,
    values: Vec<u32>,
    decode_only: Vec<u32>,
    sequences: Vec<(char, char)>,
}

impl Builder {
    fn new(name: &'static str, len: usize) -> Builder {
        Builder {
            name,
            values: vec![0; len],
            decode_only: Vec::new(),
            sequences: Vec::new(),
        }
    }

    /// Puts `text` at `index` (replacing what was there, as a delta row does).
    fn put(&mut self, index: usize, text: &[char], flag: &str) {
        assert!(
            flag != "E",
            "{}: encode-only rows are not supported",
            self.name
        );
        let value = match *text {
            [c] => c as u32,
            [a, b] => {
                self.sequences.push((a, b));
                SEQUENCE + self.sequences.len() as u32 - 1
            }
            _ => panic!("{}: {text:?}", self.name),
        };
        self.values[index] = value;
        self.decode_only.retain(|&i| i as usize != index);
        if flag == "D" {
            self.decode_only.push(index as u32);
        }
    }

    fn wide(&self) -> bool {
        self.values.iter().any(|&v| v > 0xFFFF)
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for &v in &self.values {
            if self.wide() {
                out.extend_from_slice(&v.to_le_bytes());
            } else {
                out.extend_from_slice(&(v as u16).to_le_bytes());
            }
        }
        out
    }

    /// Every character (not decode-only) must have one index, so that the encoder's choice
    /// is the table's.
    fn check_unique(&self) {
        let mut seen = HashSet::new();
        for (i, &v) in self.values.iter().enumerate() {
            if v != 0 && !self.decode_only.contains(&(i as u32)) {
                assert!(seen.insert(v), "{}: {v:X} at two indexes", self.name);
            }
        }
    }
}

fn set94_table(name: &'static str, file: &str, slots: &[(usize, usize)]) -> Builder {
    let mut b = Builder::new(name, slots.len() * PLANE);
    for row in load(file) {
        let (plane, r, c) = gl(&row.code);
        let Some(&(_, slot)) = slots.iter().find(|&&(p, _)| p == plane) else {
            panic!("{file}: plane {plane}");
        };
        b.put(set94(slot, r, c).unwrap(), &row.text, &row.flag);
    }
    b
}

fn big5_table(name: &'static str, file: &str, singles: &mut Vec<(u8, char)>) -> Builder {
    let mut b = Builder::new(name, 126 * super::table::BIG5_TRAILS);
    for row in load(file) {
        let bytes = u16::from_str_radix(&row.code, 16).unwrap();
        if row.code.len() == 2 {
            assert_eq!(row.text.len(), 1);
            singles.push((bytes as u8, row.text[0]));
            continue;
        }
        let i = big5_index((bytes >> 8) as u8, bytes as u8).unwrap();
        b.put(i, &row.text, &row.flag);
    }
    b
}

/// JIS X 0213: plane 1 is JIS X 0208 with the `1-` rows over it, plane 2 the `2-` rows.
/// Also returns the indexes of the ten cells JIS X 0213:2004 added.
fn jisx0213() -> (Builder, Vec<u32>) {
    let mut b = Builder::new("JISX0213", 2 * PLANE);
    for row in load("jisx0208") {
        let (_, r, c) = gl(&row.code);
        b.put(set94(0, r, c).unwrap(), &row.text, &row.flag);
    }
    let mut added = Vec::new();
    for row in load("jisx0213") {
        let (plane, r, c) = gl(&row.code);
        let i = set94(plane - 1, r, c).unwrap();
        if row.flag == "2004" {
            added.push(i as u32);
            b.put(i, &row.text, "");
        } else {
            b.put(i, &row.text, &row.flag);
        }
    }
    (b, added)
}

/// CP932's double-byte codes: JIS X 0208 through the Shift_JIS transform, the CP932 rows
/// over it, and the user-defined area F040..F9FC as U+E000.. in order.
fn cp932() -> Builder {
    let mut b = Builder::new("CP932", 60 * super::table::SJIS_TRAILS);
    for row in load("jisx0208") {
        let (_, r, c) = gl(&row.code);
        let [l, t] = jis_to_sjis(r, c);
        b.put(sjis_index(l, t).unwrap(), &row.text, &row.flag);
    }
    for row in load("cp932") {
        let v = u16::from_str_radix(&row.code, 16).unwrap();
        b.put(
            sjis_index((v >> 8) as u8, v as u8).unwrap(),
            &row.text,
            &row.flag,
        );
    }
    let mut pua = 0xE000;
    for lead in 0xF0..=0xF9u8 {
        for trail in (0x40..=0x7Eu8).chain(0x80..=0xFC) {
            let c = char::from_u32(pua).unwrap();
            b.put(sjis_index(lead, trail).unwrap(), &[c], "");
            pua += 1;
        }
    }
    b
}

/// The double-byte EBCDIC pages, each with the page whose double-byte rows it shares (its
/// data file then holds only its single bytes).
const EBCDIC: &[(&str, Option<&str>)] = &[
    ("IBM930", None),
    ("IBM939", Some("IBM930")),
    ("IBM933", None),
    ("IBM935", None),
    ("IBM937", None),
    ("IBM1364", None),
    ("IBM1371", None),
    ("IBM1388", None),
    ("IBM1390", None),
    ("IBM1399", Some("IBM1390")),
];

/// The charsets of diacritic prefixes: (the name of their tables, their data file).
const PREFIXED: &[(&str, &str)] = &[
    ("ISO6937", "iso6937"),
    ("ISO6937_2", "iso6937-2"),
    ("T61_8BIT", "t.61-8bit"),
    ("ANSI_X3_110", "ansi_x3.110"),
];

/// A charset of single bytes and two-byte codes from its data file: the single-byte table,
/// the two-byte one (`len` values, placed by `index`; none when `shared`, that is when the
/// charset takes another's), and the encoder-only rows (less those to SUB, 0x3F, if `sub`).
fn two_part(
    name: &str,
    file: &str,
    shared: bool,
    len: usize,
    index: fn(u8, u8) -> Option<usize>,
    sub: bool,
) -> (Builder, Option<Builder>, Vec<(char, u16)>) {
    let single_name: &'static str = format!("{name}_SINGLE").leak();
    let double_name: &'static str = format!("{name}_DOUBLE").leak();
    let mut single = Builder::new(single_name, 256);
    let mut double = Builder::new(double_name, len);
    let mut only = Vec::new();
    for row in load(file) {
        let code = u16::from_str_radix(&row.code, 16).unwrap();
        if row.flag == "E" {
            assert_eq!(row.text.len(), 1, "{file}: {}", row.code);
            // glibc's EBCDIC encoders write many characters their pages lack as SUB (0x3F,
            // which reads back as U+001A): that loses them without a word, so they stay
            // unmappable here, for the error policy to decide (README, deviations).
            if !(sub && code == 0x3F) {
                only.push((row.text[0], code));
            }
        } else if row.code.len() == 2 {
            if code == 0 {
                // NUL is U+0000 everywhere; the codec knows it (a table value 0 is "none").
                assert_eq!(row.text, ['\0'], "{file}: 00");
                continue;
            }
            single.put(usize::from(code), &row.text, &row.flag);
        } else {
            assert!(
                !shared,
                "{file}: two-byte rows in a charset that shares them"
            );
            let [a, b] = code.to_be_bytes();
            let i = index(a, b).unwrap_or_else(|| panic!("{file}: {code:04X}"));
            double.put(i, &row.text, &row.flag);
        }
    }
    only.sort_unstable();
    (single, (!shared).then_some(double), only)
}

/// EUC-JP-MS: code sets 1 and 3 as planes 1 and 2 (94×94 each) from `eucjp-ms.txt`, its
/// encoder-only rows with the bytes of each, and its single bytes above 0x7F.
/// EUC-JP-MS's generated parts.
struct EucJpMs {
    table: Builder,
    /// Encoder-only rows: a character and its bytes.
    only: Vec<(char, Vec<u8>)>,
    /// Single bytes above 0x7F.
    singles: Vec<(u8, char)>,
}

fn eucjpms() -> EucJpMs {
    let mut b = Builder::new("EUCJPMS", 2 * PLANE);
    let mut only = Vec::new();
    let mut singles = Vec::new();
    for row in load("eucjp-ms") {
        if row.code.len() == 2 && row.flag != "E" {
            assert_eq!(
                (row.text.len(), row.flag.as_str()),
                (1, ""),
                "eucjp-ms: {}",
                row.code
            );
            singles.push((u8::from_str_radix(&row.code, 16).unwrap(), row.text[0]));
            continue;
        }
        if row.flag != "E" {
            let (plane, r, c) = gl(&row.code);
            b.put(set94(plane - 1, r, c).unwrap(), &row.text, &row.flag);
            continue;
        }
        let bytes = if row.code.len() == 2 {
            vec![u8::from_str_radix(&row.code, 16).unwrap()]
        } else {
            match gl(&row.code) {
                (1, r, c) => vec![r | 0x80, c | 0x80],
                (_, r, c) => vec![0x8F, r | 0x80, c | 0x80],
            }
        };
        assert_eq!(row.text.len(), 1, "eucjp-ms: {}", row.code);
        only.push((row.text[0], bytes));
    }
    only.sort_unstable();
    EucJpMs {
        table: b,
        only,
        singles,
    }
}

/// IBM932's generated parts: the double-byte codes (Shift_JIS layout), the single bytes that
/// are not ASCII, and the encoder-only rows.
struct Ibm932 {
    table: Builder,
    singles: Vec<(u8, char)>,
    only: Vec<(char, u16)>,
}

fn ibm932() -> Ibm932 {
    let mut table = Builder::new("IBM932", 60 * super::table::SJIS_TRAILS);
    let (mut singles, mut only) = (Vec::new(), Vec::new());
    for row in load("ibm932") {
        let code = u16::from_str_radix(&row.code, 16).unwrap();
        if row.flag == "E" {
            // glibc writes the characters IBM932 lacks as its SUB (7F, which reads back as
            // U+001A): they stay unmappable here, as for the EBCDIC pages.
            if code != 0x7F {
                only.push((row.text[0], code));
            }
        } else if row.code.len() == 2 {
            assert_eq!(
                (row.text.len(), row.flag.as_str()),
                (1, ""),
                "ibm932: {}",
                row.code
            );
            singles.push((code as u8, row.text[0]));
        } else {
            let [lead, trail] = code.to_be_bytes();
            table.put(sjis_index(lead, trail).unwrap(), &row.text, &row.flag);
        }
    }
    only.sort_unstable();
    Ibm932 {
        table,
        singles,
        only,
    }
}

/// Every generated file: (path relative to the crate root, contents).
fn generate() -> Vec<(String, Vec<u8>)> {
    let mut big5_singles = Vec::new();
    let mut cp950_singles = Vec::new();
    let (jisx0213, added_2004) = jisx0213();
    let cns_planes: Vec<(usize, usize)> = [1, 2, 3, 4, 5, 6, 7, 15]
        .iter()
        .enumerate()
        .map(|(s, &p)| (p, s))
        .collect();
    let tables = vec![
        (
            set94_table("KSX1001", "ksx1001", &[(1, 0)]),
            "KS X 1001 (94×94), from `ksx1001.txt`.",
        ),
        (
            set94_table("JISX0208", "jisx0208", &[(1, 0)]),
            "JIS X 0208 (94×94), from `jisx0208.txt`.",
        ),
        (
            set94_table("JISX0212", "jisx0212", &[(1, 0)]),
            "JIS X 0212 (94×94), from `jisx0212.txt`.",
        ),
        (
            jisx0213,
            "JIS X 0213:2004, planes 1 and 2 (94×94 each): `jisx0208.txt` with the plane-1 rows of \
             `jisx0213.txt` over it, and its plane-2 rows.",
        ),
        (
            set94_table("CNS11643", "cns11643", &cns_planes),
            "CNS 11643 planes 1–7 and 15 (94×94 each, in that order), from `cns11643.txt`.",
        ),
        (
            set94_table("ISOIR165", "isoir165", &[(1, 0)]),
            "ISO-IR-165 where it differs from GB 2312 (94×94; 0 = as GB 2312), from `isoir165.txt`.",
        ),
        (
            set94_table("ISOIR165_LIBICONV", "isoir165-libiconv", &[(1, 0)]),
            "ISO-IR-165 as libiconv's charset of that name has it (94×94), from \
             `isoir165-libiconv.txt`.",
        ),
        (
            big5_table("BIG5_2003", "big5-2003", &mut Vec::new()),
            "BIG5-2003 double-byte codes, Big5 layout, from `big5-2003.txt`.",
        ),
        (
            big5_table("BIG5HKSCS", "big5hkscs", &mut big5_singles),
            "Big5-HKSCS (HKSCS-2008) double-byte codes, Big5 layout, from `big5hkscs.txt`.",
        ),
        (
            big5_table("CP950", "cp950", &mut cp950_singles),
            "CP950 double-byte codes, Big5 layout, from `cp950.txt`.",
        ),
        (
            cp932(),
            "CP932 double-byte codes, Shift_JIS layout: `jisx0208.txt` through the Shift_JIS \
             transform, `cp932.txt` over it, and the user-defined area F040..F9FC as \
             U+E000..U+E757.",
        ),
    ];
    let mut tables = tables;
    let EucJpMs {
        table: eucjpms,
        only: eucjpms_only,
        singles: eucjpms_singles,
    } = eucjpms();
    tables.push((
        eucjpms,
        "EUC-JP-MS, code sets 1 and 3 as planes 1 and 2 (94×94 each), from `eucjp-ms.txt`.",
    ));
    let Ibm932 {
        table: ibm932_table,
        singles: ibm932_singles,
        only: ibm932_only,
    } = ibm932();
    tables.push((
        ibm932_table,
        "IBM932 double-byte codes, Shift_JIS layout, from `ibm932.txt`.",
    ));
    let mut two_parts = Vec::new();
    let span = super::table::EBCDIC_SPAN;
    let ebcdic = EBCDIC.iter().map(|&(name, shares)| {
        let file = name.to_lowercase();
        let (what, len, index) = (
            "double-byte codes, between SO and SI (leads and trails 0x40..=0xFE)",
            span * span,
            ebcdic_index as fn(u8, u8) -> Option<usize>,
        );
        (name, file, shares, what, len, index, true)
    });
    let prefixed = PREFIXED.iter().map(|&(name, file)| {
        let index = prefixed_index as fn(u8, u8) -> Option<usize>;
        (
            name,
            file.to_string(),
            None,
            "codes of a prefix (0xC0..=0xCF, 256 bytes after each)",
            16 * 256,
            index,
            false,
        )
    });
    for (name, file, shares, what, len, index, sub) in ebcdic.chain(prefixed) {
        let (single, double, only) = two_part(name, &file, shares.is_some(), len, index, sub);
        let doc = format!("{name}'s single bytes (0x00 left out), from `{file}.txt`.");
        tables.push((single, doc.leak()));
        if let Some(double) = double {
            let doc = format!("{name}'s two-byte {what}, from `{file}.txt`.");
            tables.push((double, doc.leak()));
        }
        two_parts.push((name, file, shares.unwrap_or(name), only));
    }
    let mut rust = String::from(
        "//! The CJK mapping tables, generated from data/cjk/*.txt by `cjk/generate.rs` (do not\n\
         //! edit; regenerate with `TRANSCODE_REGENERATE=1 cargo test --lib cjk::generate`). Where\n\
         //! each table comes from, its version and licence: data/cjk/README.md and each file's\n\
         //! header.\n\n\
         #![forbid(unsafe_code)]\n\n\
         use super::table::{DbcsTables, Table};\n",
    );
    let mut files = Vec::new();
    for (b, doc) in &tables {
        b.check_unique();
        let file = format!("tables/{}.bin", b.name.to_lowercase());
        let mut decode_only = b.decode_only.clone();
        decode_only.sort_unstable();
        let _ = write!(
            rust,
            "\n/// {doc}\npub static {}: Table = Table {{\n    cells: include_bytes!(\"{file}\"),\n    \
             wide: {},\n    decode_only: &{decode_only:?},\n    sequences: &{:?},\n}};\n",
            b.name,
            b.wide(),
            b.sequences,
        );
        files.push((format!("src/codecs/cjk/{file}"), b.bytes()));
    }
    let singles = |name: &str, doc: &str, list: &[(u8, char)]| {
        format!("\n/// {doc}\npub static {name}: &[(u8, char)] = &{list:?};\n")
    };
    rust += &singles(
        "BIG5HKSCS_SINGLE",
        "Big5-HKSCS single bytes above 0x7F, from `big5hkscs.txt`.",
        &big5_singles,
    );
    rust += &singles(
        "CP950_SINGLE",
        "CP950 single bytes above 0x7F, from `cp950.txt`.",
        &cp950_singles,
    );
    let _ = write!(
        rust,
        "\n/// The indexes in `JISX0213` of the ten plane-1 cells JIS X 0213:2004 added (flag \
         `2004`).\npub static JISX0213_2004: &[u32] = &{added_2004:?};\n"
    );
    for (name, file, double, only) in two_parts {
        let _ = write!(
            rust,
            "\n/// {name}'s tables, from `{file}.txt`.\npub static {name}: DbcsTables = \
             DbcsTables {{\n    single: &{name}_SINGLE,\n    double: &{double}_DOUBLE,\n    \
             encode_only: &{only:?},\n}};\n",
        );
    }
    let only: Vec<String> = eucjpms_only
        .iter()
        .map(|(c, bytes)| format!("({c:?}, &{bytes:?})"))
        .collect();
    let _ = write!(
        rust,
        "\n/// EUC-JP-MS's encoder-only rows: a character and the bytes written for it, from \
         `eucjp-ms.txt`.\npub static EUCJPMS_ENCODE_ONLY: &[(char, &[u8])] = &[{}];\n",
        only.join(", ")
    );
    let mut added: Vec<(u32, u16)> = load("hkscs-editions")
        .iter()
        .map(|row| {
            let code = u16::from_str_radix(&row.code, 16).unwrap();
            let [lead, trail] = code.to_be_bytes();
            let index = big5_index(lead, trail).unwrap() as u32;
            (index, row.flag.parse().unwrap())
        })
        .collect();
    added.sort_unstable();
    let _ = write!(
        rust,
        "\n/// The Big5-HKSCS codes the later editions added: the index in `BIG5HKSCS` and the \
         edition, from `hkscs-editions.txt`.\npub static HKSCS_ADDED: &[(u32, u16)] = &{added:?};\n"
    );
    rust += &singles(
        "IBM932_SINGLE",
        "IBM932 single bytes that are not ASCII, from `ibm932.txt`.",
        &ibm932_singles,
    );
    let not_ascii = ibm932_singles
        .iter()
        .filter(|&&(b, _)| b < 0x80)
        .fold(0u128, |m, &(b, _)| m | 1 << b);
    let _ = write!(
        rust,
        "\n/// IBM932's bytes below 0x80 that are not ASCII, a bit each.\npub const \
         IBM932_NOT_ASCII: u128 = {not_ascii:#x};\n\n/// IBM932's encoder-only rows, from \
         `ibm932.txt`.\npub static IBM932_ENCODE_ONLY: &[(char, u16)] = &{ibm932_only:?};\n"
    );
    rust += &singles(
        "EUCJPMS_SINGLE",
        "EUC-JP-MS single bytes above 0x7F (C1 controls), from `eucjp-ms.txt`.",
        &eucjpms_singles,
    );
    files.push(("src/codecs/cjk/tables.rs".to_string(), rust.into_bytes()));
    files
}

fn regenerating() -> bool {
    std::env::var_os("TRANSCODE_REGENERATE").is_some_and(|v| v == "1")
}

#[test]
fn generated_tables_are_current() {
    let mut stale = BTreeMap::new();
    for (path, contents) in generate() {
        let full = root().join(&path);
        if std::fs::read(&full).ok().as_deref() == Some(&contents[..]) {
            continue;
        }
        if regenerating() {
            std::fs::create_dir_all(full.parent().unwrap_or(Path::new("."))).unwrap();
            std::fs::write(&full, &contents).unwrap();
            eprintln!("regenerated {path}");
        } else {
            stale.insert(path, contents.len());
        }
    }
    assert!(
        stale.is_empty(),
        "out of date: {stale:?}; regenerate with TRANSCODE_REGENERATE=1 cargo test --lib \
         cjk::generate and commit the result"
    );
}
