//! Encoding labels: what the user may write after `--from`/`--to`, and what it means.
//!
//! encoding_rs resolves labels the way the WHATWG Encoding Standard does, which is right for
//! browsers and wrong for an iconv-like tool in three places: it reads `latin1` and `ascii` as
//! windows-1252, `gb2312` as GBK, and `utf-16` as UTF-16LE. This module resolves our own labels
//! first (the charsets as their own standards define them) and falls back to the WHATWG table
//! for everything else, so every WHATWG label still works.

#![forbid(unsafe_code)]

use encoding_rs::Encoding;

/// The byte order of a UTF-16, UTF-32 or UCS-2 charset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The unmarked label: on input the BOM (or a heuristic) decides, on output we write a BOM
    /// and then little-endian, as Windows, glibc and ICU do.
    Unmarked,
    /// Little-endian, no BOM written.
    Le,
    /// Big-endian, no BOM written.
    Be,
}

/// A charset this tool can decode (and, except for [`Charset::Auto`], encode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charset {
    /// `--from auto`: BOM, then UTF-8, then a guess.
    Auto,
    /// UTF-8 (RFC 3629).
    Utf8,
    /// UTF-16 (RFC 2781).
    Utf16(Order),
    /// UCS-2: UTF-16 restricted to the BMP; surrogates are never paired.
    Ucs2(Order),
    /// UTF-32 (UCS-4).
    Utf32(Order),
    /// ISO-8859-1: bytes are code points U+0000..U+00FF.
    Latin1,
    /// US-ASCII: seven bits, nothing above 0x7F.
    Ascii,
    /// GB2312 in EUC-CN form: rows A1–A9 and B0–F7 of GBK only.
    Gb2312,
    /// Any other encoding of encoding_rs (never UTF-8, UTF-16 or replacement).
    Legacy(&'static Encoding),
}

impl Charset {
    /// The canonical name, as `--list` prints it and messages name it.
    pub fn name(self) -> &'static str {
        match self {
            Charset::Auto => "auto",
            Charset::Utf8 => "UTF-8",
            Charset::Utf16(o) => pick(o, "UTF-16", "UTF-16LE", "UTF-16BE"),
            Charset::Ucs2(o) => pick(o, "UCS-2", "UCS-2LE", "UCS-2BE"),
            Charset::Utf32(o) => pick(o, "UTF-32", "UTF-32LE", "UTF-32BE"),
            Charset::Latin1 => "ISO-8859-1",
            Charset::Ascii => "US-ASCII",
            Charset::Gb2312 => "GB2312",
            Charset::Legacy(e) if e == encoding_rs::GB18030 => "GB18030",
            Charset::Legacy(e) => e.name(),
        }
    }

    /// True for the Unicode encoding forms, whose BOM is a signature.
    pub fn is_unicode(self) -> bool {
        matches!(
            self,
            Charset::Utf8 | Charset::Utf16(_) | Charset::Ucs2(_) | Charset::Utf32(_)
        )
    }

    /// The same charset with its byte order fixed (unchanged for charsets without one).
    pub fn with_order(self, order: Order) -> Charset {
        match self {
            Charset::Utf16(_) => Charset::Utf16(order),
            Charset::Ucs2(_) => Charset::Ucs2(order),
            Charset::Utf32(_) => Charset::Utf32(order),
            other => other,
        }
    }

    /// The byte order, for the charsets that have one.
    pub fn order(self) -> Option<Order> {
        match self {
            Charset::Utf16(o) | Charset::Ucs2(o) | Charset::Utf32(o) => Some(o),
            _ => None,
        }
    }

    /// True when the charset can be written (everything but `auto`).
    pub fn can_encode(self) -> bool {
        self != Charset::Auto
    }
}

fn pick(o: Order, unmarked: &'static str, le: &'static str, be: &'static str) -> &'static str {
    match o {
        Order::Unmarked => unmarked,
        Order::Le => le,
        Order::Be => be,
    }
}

/// Our own labels, looked up before the WHATWG table. The first label of each entry is the
/// canonical spelling.
const OWN: &[(Charset, &[&str])] = &[
    (Charset::Auto, &["auto"]),
    (
        Charset::Utf8,
        &[
            "UTF-8",
            "utf8",
            "unicode-1-1-utf-8",
            "unicode11utf8",
            "unicode20utf8",
            "x-unicode20utf8",
            "cp65001",
        ],
    ),
    (
        Charset::Utf16(Order::Unmarked),
        &["UTF-16", "utf16", "unicode"],
    ),
    (
        Charset::Utf16(Order::Le),
        &["UTF-16LE", "utf16le", "unicodefeff"],
    ),
    (
        Charset::Utf16(Order::Be),
        &["UTF-16BE", "utf16be", "unicodefffe"],
    ),
    (
        Charset::Ucs2(Order::Unmarked),
        &["UCS-2", "ucs2", "iso-10646-ucs-2", "csunicode"],
    ),
    (Charset::Ucs2(Order::Le), &["UCS-2LE", "ucs2le"]),
    (Charset::Ucs2(Order::Be), &["UCS-2BE", "ucs2be"]),
    (
        Charset::Utf32(Order::Unmarked),
        &["UTF-32", "utf32", "UCS-4", "ucs4", "iso-10646-ucs-4"],
    ),
    (
        Charset::Utf32(Order::Le),
        &["UTF-32LE", "utf32le", "UCS-4LE"],
    ),
    (
        Charset::Utf32(Order::Be),
        &["UTF-32BE", "utf32be", "UCS-4BE"],
    ),
    (
        Charset::Latin1,
        &[
            "ISO-8859-1",
            "latin1",
            "l1",
            "iso8859-1",
            "iso88591",
            "iso_8859-1",
            "iso_8859-1:1987",
            "iso-ir-100",
            "cp819",
            "ibm819",
            "csisolatin1",
        ],
    ),
    (
        Charset::Ascii,
        &[
            "US-ASCII",
            "ascii",
            "ansi_x3.4-1968",
            "iso646-us",
            "us",
            "cp367",
            "ibm367",
            "csascii",
        ],
    ),
    (
        Charset::Gb2312,
        &[
            "GB2312",
            "EUC-CN",
            "CP20936",
            "euccn",
            "csgb2312",
            "gb_2312",
            "gb_2312-80",
            "iso-ir-58",
            "csiso58gb231280",
            "chinese",
        ],
    ),
    (
        Charset::Legacy(&encoding_rs::GBK_INIT),
        &["GBK", "CP936", "MS936", "windows-936", "x-gbk"],
    ),
    (
        Charset::Legacy(&encoding_rs::GB18030_INIT),
        &["GB18030", "CP54936", "windows-54936"],
    ),
    (Charset::Legacy(&encoding_rs::BIG5_INIT), &["Big5", "CP950"]),
    (
        Charset::Legacy(&encoding_rs::SHIFT_JIS_INIT),
        &["Shift_JIS", "CP932"],
    ),
    (
        Charset::Legacy(&encoding_rs::EUC_KR_INIT),
        &["EUC-KR", "CP949", "UHC"],
    ),
];

/// Every other WHATWG encoding under its WHATWG labels, less the labels [`OWN`] gives another
/// meaning (`latin1`, `ascii`, `gb2312`, ...).
const WHATWG: &[(&Encoding, &[&str])] = &[
    (
        &encoding_rs::IBM866_INIT,
        &["866", "cp866", "csibm866", "ibm866"],
    ),
    (
        &encoding_rs::ISO_8859_2_INIT,
        &[
            "csisolatin2",
            "iso-8859-2",
            "iso-ir-101",
            "iso8859-2",
            "iso88592",
            "iso_8859-2",
            "iso_8859-2:1987",
            "l2",
            "latin2",
        ],
    ),
    (
        &encoding_rs::ISO_8859_3_INIT,
        &[
            "csisolatin3",
            "iso-8859-3",
            "iso-ir-109",
            "iso8859-3",
            "iso88593",
            "iso_8859-3",
            "iso_8859-3:1988",
            "l3",
            "latin3",
        ],
    ),
    (
        &encoding_rs::ISO_8859_4_INIT,
        &[
            "csisolatin4",
            "iso-8859-4",
            "iso-ir-110",
            "iso8859-4",
            "iso88594",
            "iso_8859-4",
            "iso_8859-4:1988",
            "l4",
            "latin4",
        ],
    ),
    (
        &encoding_rs::ISO_8859_5_INIT,
        &[
            "csisolatincyrillic",
            "cyrillic",
            "iso-8859-5",
            "iso-ir-144",
            "iso8859-5",
            "iso88595",
            "iso_8859-5",
            "iso_8859-5:1988",
        ],
    ),
    (
        &encoding_rs::ISO_8859_6_INIT,
        &[
            "arabic",
            "asmo-708",
            "csiso88596e",
            "csiso88596i",
            "csisolatinarabic",
            "ecma-114",
            "iso-8859-6",
            "iso-8859-6-e",
            "iso-8859-6-i",
            "iso-ir-127",
            "iso8859-6",
            "iso88596",
            "iso_8859-6",
            "iso_8859-6:1987",
        ],
    ),
    (
        &encoding_rs::ISO_8859_7_INIT,
        &[
            "csisolatingreek",
            "ecma-118",
            "elot_928",
            "greek",
            "greek8",
            "iso-8859-7",
            "iso-ir-126",
            "iso8859-7",
            "iso88597",
            "iso_8859-7",
            "iso_8859-7:1987",
            "sun_eu_greek",
        ],
    ),
    (
        &encoding_rs::ISO_8859_8_INIT,
        &[
            "csiso88598e",
            "csisolatinhebrew",
            "hebrew",
            "iso-8859-8",
            "iso-8859-8-e",
            "iso-ir-138",
            "iso8859-8",
            "iso88598",
            "iso_8859-8",
            "iso_8859-8:1988",
            "visual",
        ],
    ),
    (
        &encoding_rs::ISO_8859_8_I_INIT,
        &["csiso88598i", "iso-8859-8-i", "logical"],
    ),
    (
        &encoding_rs::ISO_8859_10_INIT,
        &[
            "csisolatin6",
            "iso-8859-10",
            "iso-ir-157",
            "iso8859-10",
            "iso885910",
            "l6",
            "latin6",
        ],
    ),
    (
        &encoding_rs::ISO_8859_13_INIT,
        &["iso-8859-13", "iso8859-13", "iso885913"],
    ),
    (
        &encoding_rs::ISO_8859_14_INIT,
        &["iso-8859-14", "iso8859-14", "iso885914"],
    ),
    (
        &encoding_rs::ISO_8859_15_INIT,
        &[
            "csisolatin9",
            "iso-8859-15",
            "iso8859-15",
            "iso885915",
            "iso_8859-15",
            "l9",
        ],
    ),
    (&encoding_rs::ISO_8859_16_INIT, &["iso-8859-16"]),
    (
        &encoding_rs::KOI8_R_INIT,
        &["cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"],
    ),
    (&encoding_rs::KOI8_U_INIT, &["koi8-ru", "koi8-u"]),
    (
        &encoding_rs::MACINTOSH_INIT,
        &["csmacintosh", "mac", "macintosh", "x-mac-roman"],
    ),
    (
        &encoding_rs::WINDOWS_874_INIT,
        &[
            "dos-874",
            "iso-8859-11",
            "iso8859-11",
            "iso885911",
            "tis-620",
            "windows-874",
        ],
    ),
    (
        &encoding_rs::WINDOWS_1250_INIT,
        &["cp1250", "windows-1250", "x-cp1250"],
    ),
    (
        &encoding_rs::WINDOWS_1251_INIT,
        &["cp1251", "windows-1251", "x-cp1251"],
    ),
    (
        &encoding_rs::WINDOWS_1252_INIT,
        &["cp1252", "windows-1252", "x-cp1252"],
    ),
    (
        &encoding_rs::WINDOWS_1253_INIT,
        &["cp1253", "windows-1253", "x-cp1253"],
    ),
    (
        &encoding_rs::WINDOWS_1254_INIT,
        &[
            "cp1254",
            "csisolatin5",
            "iso-8859-9",
            "iso-ir-148",
            "iso8859-9",
            "iso88599",
            "iso_8859-9",
            "iso_8859-9:1989",
            "l5",
            "latin5",
            "windows-1254",
            "x-cp1254",
        ],
    ),
    (
        &encoding_rs::WINDOWS_1255_INIT,
        &["cp1255", "windows-1255", "x-cp1255"],
    ),
    (
        &encoding_rs::WINDOWS_1256_INIT,
        &["cp1256", "windows-1256", "x-cp1256"],
    ),
    (
        &encoding_rs::WINDOWS_1257_INIT,
        &["cp1257", "windows-1257", "x-cp1257"],
    ),
    (
        &encoding_rs::WINDOWS_1258_INIT,
        &["cp1258", "windows-1258", "x-cp1258"],
    ),
    (
        &encoding_rs::X_MAC_CYRILLIC_INIT,
        &["x-mac-cyrillic", "x-mac-ukrainian"],
    ),
    (&encoding_rs::GBK_INIT, &["gbk", "x-gbk"]),
    (&encoding_rs::GB18030_INIT, &["gb18030"]),
    (
        &encoding_rs::BIG5_INIT,
        &["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"],
    ),
    (
        &encoding_rs::EUC_JP_INIT,
        &["cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"],
    ),
    (
        &encoding_rs::ISO_2022_JP_INIT,
        &["csiso2022jp", "iso-2022-jp"],
    ),
    (
        &encoding_rs::SHIFT_JIS_INIT,
        &[
            "csshiftjis",
            "ms932",
            "ms_kanji",
            "shift-jis",
            "shift_jis",
            "sjis",
            "windows-31j",
            "x-sjis",
        ],
    ),
    (
        &encoding_rs::EUC_KR_INIT,
        &[
            "cseuckr",
            "csksc56011987",
            "euc-kr",
            "iso-ir-149",
            "korean",
            "ks_c_5601-1987",
            "ks_c_5601-1989",
            "ksc5601",
            "ksc_5601",
            "windows-949",
        ],
    ),
    (&encoding_rs::X_USER_DEFINED_INIT, &["x-user-defined"]),
];

/// Labels that WHATWG maps to its "replacement" encoding: charsets encoding_rs cannot decode.
const UNSUPPORTED: &[&str] = &[
    "csiso2022kr",
    "hz-gb-2312",
    "iso-2022-cn",
    "iso-2022-cn-ext",
    "iso-2022-kr",
    "replacement",
];

/// Why a label could not be resolved.
#[derive(Debug, PartialEq, Eq)]
pub enum LabelError {
    /// No charset has this label; `suggestion` is the nearest known label.
    Unknown { label: String, suggestion: String },
    /// A real charset that encoding_rs cannot convert.
    Unsupported { label: String },
}

impl std::fmt::Display for LabelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LabelError::Unknown { label, suggestion } => write!(
                f,
                "unknown encoding '{label}' (did you mean {suggestion}?); \
                 run 'transcode --list' for every label"
            ),
            LabelError::Unsupported { label } => write!(
                f,
                "unsupported encoding '{label}': no converter for it is built in; \
                 run 'transcode --list' for every label"
            ),
        }
    }
}

impl std::error::Error for LabelError {}

/// Folds a label for comparison: case, surrounding space and the punctuation people vary
/// (`UTF8`, `utf_16le`, `Shift-JIS`) do not matter.
fn fold(label: &str) -> String {
    label
        .trim()
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '.' | ':'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Every (label, charset) pair, ours first.
fn all_labels() -> impl Iterator<Item = (&'static str, Charset)> {
    let own = OWN
        .iter()
        .flat_map(|(cs, labels)| labels.iter().map(move |l| (*l, *cs)));
    let whatwg = WHATWG
        .iter()
        .flat_map(|(e, labels)| labels.iter().map(move |l| (*l, Charset::Legacy(e))));
    own.chain(whatwg)
}

/// Resolves a label (case-insensitively) to a charset.
pub fn resolve(label: &str) -> Result<Charset, LabelError> {
    let wanted = label.trim().to_ascii_lowercase();
    if let Some((_, cs)) = all_labels().find(|(l, _)| l.eq_ignore_ascii_case(&wanted)) {
        return Ok(cs);
    }
    let folded = fold(label);
    if let Some((_, cs)) = all_labels().find(|(l, _)| fold(l) == folded) {
        return Ok(cs);
    }
    if UNSUPPORTED.iter().any(|l| fold(l) == folded) {
        return Err(LabelError::Unsupported {
            label: label.to_string(),
        });
    }
    Err(LabelError::Unknown {
        label: label.to_string(),
        suggestion: nearest(&folded),
    })
}

/// The canonical name of the charset whose label is nearest to `folded` by edit distance.
fn nearest(folded: &str) -> String {
    all_labels()
        .min_by_key(|(l, _)| edit_distance(&fold(l), folded))
        .map(|(_, cs)| cs.name().to_string())
        .unwrap_or_else(|| "UTF-8".to_string())
}

/// Levenshtein distance over chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// One line of `--list`: the canonical name, its aliases, and whether it is decode-only.
pub struct ListEntry {
    /// The canonical name.
    pub name: &'static str,
    /// Every other label that selects it.
    pub aliases: Vec<&'static str>,
    /// False for the pseudo-charset `auto`, which can only be read.
    pub can_encode: bool,
}

/// Every charset with its labels, in the order `--list` prints them.
pub fn list() -> Vec<ListEntry> {
    let mut out: Vec<ListEntry> = Vec::new();
    for (label, cs) in all_labels() {
        match out.iter_mut().find(|e| e.name == cs.name()) {
            Some(entry) => {
                if !entry.aliases.iter().any(|a| a.eq_ignore_ascii_case(label))
                    && !entry.name.eq_ignore_ascii_case(label)
                {
                    entry.aliases.push(label);
                }
            }
            None => out.push(ListEntry {
                name: cs.name(),
                aliases: if cs.name().eq_ignore_ascii_case(label) {
                    Vec::new()
                } else {
                    vec![label]
                },
                can_encode: cs.can_encode(),
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_meanings_override_whatwg() {
        assert_eq!(resolve("latin1"), Ok(Charset::Latin1));
        assert_eq!(resolve("ISO-8859-1"), Ok(Charset::Latin1));
        assert_eq!(resolve("us-ascii"), Ok(Charset::Ascii));
        assert_eq!(resolve("gb2312"), Ok(Charset::Gb2312));
        assert_eq!(resolve("utf-16"), Ok(Charset::Utf16(Order::Unmarked)));
        assert_eq!(resolve("UCS-2"), Ok(Charset::Ucs2(Order::Unmarked)));
    }

    #[test]
    fn whatwg_and_alias_labels_resolve() {
        assert_eq!(
            resolve("windows-1252"),
            Ok(Charset::Legacy(encoding_rs::WINDOWS_1252))
        );
        assert_eq!(resolve("cp936"), Ok(Charset::Legacy(encoding_rs::GBK)));
        assert_eq!(
            resolve("x-sjis"),
            Ok(Charset::Legacy(encoding_rs::SHIFT_JIS))
        );
        assert_eq!(resolve("UTF16LE"), Ok(Charset::Utf16(Order::Le)));
        assert_eq!(
            resolve(" Shift-JIS "),
            Ok(Charset::Legacy(encoding_rs::SHIFT_JIS))
        );
        assert_eq!(resolve("ucs-4"), Ok(Charset::Utf32(Order::Unmarked)));
    }

    #[test]
    fn unknown_label_suggests_the_nearest() {
        match resolve("gb1803") {
            Err(LabelError::Unknown { suggestion, .. }) => assert_eq!(suggestion, "GB18030"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            resolve("iso-2022-kr"),
            Err(LabelError::Unsupported { .. })
        ));
    }

    #[test]
    fn every_whatwg_encoding_is_listed_once() {
        let list = list();
        for (e, _) in WHATWG {
            let name = Charset::Legacy(e).name();
            assert_eq!(list.iter().filter(|l| l.name == name).count(), 1, "{name}");
        }
        let latin1 = list.iter().find(|l| l.name == "windows-1252").unwrap();
        assert!(!latin1.aliases.contains(&"latin1"));
    }
}
