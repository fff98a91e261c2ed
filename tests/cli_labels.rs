//! Labels through the real binary: every WHATWG label, the iconv-style aliases, the real
//! meanings of latin1 / ascii / GB2312, unknown labels, `--list` and `//IGNORE`.

mod common;

use common::*;
use encoding_rs::Encoding;

/// Every label of the WHATWG Encoding Standard (encoding_rs 0.8's LABELS_SORTED).
const WHATWG_LABELS: &[&str] = &[
    "l1",
    "l2",
    "l3",
    "l4",
    "l5",
    "l6",
    "l9",
    "866",
    "mac",
    "koi",
    "gbk",
    "big5",
    "utf8",
    "koi8",
    "sjis",
    "ucs-2",
    "ms932",
    "cp866",
    "utf-8",
    "cp819",
    "ascii",
    "x-gbk",
    "greek",
    "cp1250",
    "cp1251",
    "latin1",
    "gb2312",
    "cp1252",
    "latin2",
    "cp1253",
    "latin3",
    "cp1254",
    "latin4",
    "cp1255",
    "csbig5",
    "latin5",
    "utf-16",
    "cp1256",
    "ibm866",
    "latin6",
    "cp1257",
    "cp1258",
    "greek8",
    "ibm819",
    "arabic",
    "visual",
    "korean",
    "euc-jp",
    "koi8-r",
    "koi8_r",
    "euc-kr",
    "x-sjis",
    "koi8-u",
    "hebrew",
    "tis-620",
    "gb18030",
    "ksc5601",
    "gb_2312",
    "dos-874",
    "cn-big5",
    "unicode",
    "chinese",
    "logical",
    "cskoi8r",
    "cseuckr",
    "koi8-ru",
    "x-cp1250",
    "ksc_5601",
    "x-cp1251",
    "iso88591",
    "csgb2312",
    "x-cp1252",
    "iso88592",
    "x-cp1253",
    "iso88593",
    "ecma-114",
    "x-cp1254",
    "iso88594",
    "x-cp1255",
    "iso88595",
    "x-x-big5",
    "x-cp1256",
    "csibm866",
    "iso88596",
    "x-cp1257",
    "iso88597",
    "asmo-708",
    "ecma-118",
    "elot_928",
    "x-cp1258",
    "iso88598",
    "iso88599",
    "cyrillic",
    "utf-16be",
    "utf-16le",
    "us-ascii",
    "ms_kanji",
    "x-euc-jp",
    "iso885910",
    "iso8859-1",
    "iso885911",
    "iso8859-2",
    "iso8859-3",
    "iso885913",
    "iso8859-4",
    "iso885914",
    "iso8859-5",
    "iso885915",
    "iso8859-6",
    "iso8859-7",
    "iso8859-8",
    "iso-ir-58",
    "iso8859-9",
    "csunicode",
    "macintosh",
    "shift-jis",
    "shift_jis",
    "iso-ir-100",
    "iso8859-10",
    "iso-ir-110",
    "gb_2312-80",
    "iso-8859-1",
    "iso_8859-1",
    "iso-ir-101",
    "iso8859-11",
    "iso-8859-2",
    "iso_8859-2",
    "hz-gb-2312",
    "iso-8859-3",
    "iso_8859-3",
    "iso8859-13",
    "iso-8859-4",
    "iso_8859-4",
    "iso8859-14",
    "iso-ir-144",
    "iso-8859-5",
    "iso_8859-5",
    "iso8859-15",
    "iso-8859-6",
    "iso_8859-6",
    "iso-ir-126",
    "iso-8859-7",
    "iso_8859-7",
    "iso-ir-127",
    "iso-ir-157",
    "iso-8859-8",
    "iso_8859-8",
    "iso-ir-138",
    "iso-ir-148",
    "iso-8859-9",
    "iso_8859-9",
    "iso-ir-109",
    "iso-ir-149",
    "big5-hkscs",
    "csshiftjis",
    "iso-8859-10",
    "iso-8859-11",
    "csisolatin1",
    "csisolatin2",
    "iso-8859-13",
    "csisolatin3",
    "iso-8859-14",
    "windows-874",
    "csisolatin4",
    "iso-8859-15",
    "iso_8859-15",
    "csisolatin5",
    "iso-8859-16",
    "csisolatin6",
    "windows-949",
    "csisolatin9",
    "csiso88596e",
    "csiso88598e",
    "unicodefffe",
    "unicodefeff",
    "csmacintosh",
    "csiso88596i",
    "csiso88598i",
    "windows-31j",
    "x-mac-roman",
    "iso-2022-cn",
    "iso-2022-jp",
    "csiso2022jp",
    "iso-2022-kr",
    "csiso2022kr",
    "replacement",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "iso-8859-6-e",
    "iso-8859-8-e",
    "iso-8859-6-i",
    "iso-8859-8-i",
    "sun_eu_greek",
    "csksc56011987",
    "unicode20utf8",
    "unicode11utf8",
    "ks_c_5601-1987",
    "ansi_x3.4-1968",
    "ks_c_5601-1989",
    "x-mac-cyrillic",
    "x-user-defined",
    "csiso58gb231280",
    "iso-10646-ucs-2",
    "iso_8859-1:1987",
    "iso_8859-2:1987",
    "iso_8859-6:1987",
    "iso_8859-7:1987",
    "iso_8859-3:1988",
    "iso_8859-4:1988",
    "iso_8859-5:1988",
    "iso_8859-8:1988",
    "x-unicode20utf8",
    "iso_8859-9:1989",
    "csisolatingreek",
    "x-mac-ukrainian",
    "iso-2022-cn-ext",
    "csisolatinarabic",
    "csisolatinhebrew",
    "unicode-1-1-utf-8",
    "csisolatincyrillic",
    "cseucpkdfmtjapanese",
];

/// What a label must mean for an iconv-like tool (WHATWG's meaning except where the spec
/// says otherwise).
#[derive(Clone, Copy, Debug)]
enum Meaning {
    Whatwg(&'static Encoding),
    Utf8,
    /// ISO-8859-1 for real: byte b is U+00bb.
    Latin1,
    /// US-ASCII for real: 0x80.. is ill-formed.
    Ascii,
    /// WHATWG reads these as GBK; the spec gives GB2312 its own meaning. Either way GB2312
    /// text must convert, which is all the per-label test checks.
    Gb2312Family,
    Utf16Unmarked,
    Utf16Le,
    Utf16Be,
    Ucs2Unmarked,
    /// Labels of WHATWG's "replacement" encoding: no converter; must be refused clearly.
    Unsupported,
    /// The charset's own meaning where WHATWG reads the label as a Windows code page: the
    /// code page of that name in data/single-byte/ (ISO-8859-9, not windows-1254).
    CodePage(&'static str),
    /// Labels that name a charset of its own standard here where WHATWG has only its
    /// "replacement" encoding (HZ, ISO-2022-KR/CN) or, for `big5-hkscs`, its Big5, which
    /// cannot write HKSCS: this text in these bytes, both ways.
    Own(&'static str, &'static [u8]),
}

fn meaning(label: &str) -> Meaning {
    use Meaning::*;
    match label {
        "l1" | "cp819" | "latin1" | "ibm819" | "iso88591" | "iso8859-1" | "iso-ir-100"
        | "iso-8859-1" | "iso_8859-1" | "csisolatin1" | "iso_8859-1:1987" => Latin1,
        "ascii" | "us-ascii" | "ansi_x3.4-1968" => Ascii,
        "gb2312" | "gb_2312" | "chinese" | "csgb2312" | "iso-ir-58" | "gb_2312-80"
        | "csiso58gb231280" => Gb2312Family,
        "utf-16" | "unicode" => Utf16Unmarked,
        "utf-16le" | "unicodefeff" => Utf16Le,
        "utf-16be" | "unicodefffe" => Utf16Be,
        "ucs-2" | "csunicode" | "iso-10646-ucs-2" => Ucs2Unmarked,
        "hz-gb-2312" => Own("a中文", b"a~{VPND~}"),
        "iso-2022-kr" | "csiso2022kr" => Own("a한국", b"\x1B$)Ca\x0EGQ19\x0F"),
        "iso-2022-cn" | "iso-2022-cn-ext" => Own("a中", b"a\x1B$)A\x0EVP\x0F"),
        "big5-hkscs" => Own("a\u{3875}", b"a\x87\x7A"),
        "replacement" => Unsupported,
        "l5" | "latin5" | "iso-8859-9" | "iso_8859-9" | "iso8859-9" | "iso88599" | "iso-ir-148"
        | "csisolatin5" | "iso_8859-9:1989" => CodePage("ISO-8859-9"),
        "iso-8859-11" | "iso8859-11" | "iso885911" => CodePage("ISO-8859-11"),
        "tis-620" => CodePage("TIS-620"),
        "koi8-ru" => CodePage("KOI8-RU"),
        "koi8-u" => CodePage("KOI8-U"),
        other => {
            let e = Encoding::for_label(other.as_bytes()).expect("a WHATWG label");
            if e == encoding_rs::UTF_8 {
                Utf8
            } else {
                Whatwg(e)
            }
        }
    }
}

/// Sample text for a multi-byte WHATWG encoding.
fn sample_for(e: &'static Encoding) -> &'static str {
    if e == encoding_rs::GBK || e == encoding_rs::GB18030 {
        "abc 中文简体，测试。"
    } else if e == encoding_rs::BIG5 {
        "abc 中文繁體，測試。"
    } else if e == encoding_rs::EUC_KR {
        "abc 한국어 텍스트"
    } else {
        // Shift_JIS, EUC-JP, ISO-2022-JP
        "abc 日本語のテキスト。"
    }
}

fn all_bytes() -> Vec<u8> {
    (0..=255u8).collect()
}

fn single_byte_like(e: &'static Encoding) -> bool {
    e.is_single_byte() || e == encoding_rs::X_USER_DEFINED
}

/// Decoding with `-f LABEL` (label upper-cased: labels are case-insensitive). Returns a
/// description of the failure, if any.
fn check_decode(label: &str) -> Option<String> {
    let upper = label.to_uppercase();
    let args_replace = [
        "-f",
        upper.as_str(),
        "-t",
        "UTF-8",
        "--errors",
        "replace",
        "-s",
    ];
    let args_strict = ["-f", upper.as_str(), "-t", "UTF-8"];
    let (r, expected): (Run, Vec<u8>) = match meaning(label) {
        Meaning::Unsupported => {
            let r = run(&args_strict, b"abc");
            let ok = r.code == 2
                && r.stdout.is_empty()
                && r.stderr.to_lowercase().contains(&upper.to_lowercase());
            return (!ok).then(|| {
                format!(
                    "-f {upper}: expected exit 2 naming the label, got {} {:?}",
                    r.code, r.stderr
                )
            });
        }
        Meaning::Whatwg(e) if single_byte_like(e) => {
            let mut text = dec(e, &all_bytes());
            if e == encoding_rs::WINDOWS_1258 {
                // Read as glibc and libiconv read it: 0xDD U+01AF and the tilde 0xDE after it
                // compose to U+1EEE (the only letter and mark side by side here that have a
                // precomposed character).
                text = text.replace("\u{1AF}\u{303}", "\u{1EEE}");
            }
            (run(&args_replace, &all_bytes()), text.into_bytes())
        }
        Meaning::Whatwg(e) => {
            let s = sample_for(e);
            (run(&args_strict, &enc(e, s)), s.as_bytes().to_vec())
        }
        Meaning::Utf8 => (run(&args_strict, "aé中😀".as_bytes()), "aé中😀".into()),
        Meaning::Latin1 => {
            let s: String = (0..=255u8).map(char::from).collect();
            (run(&args_replace, &all_bytes()), s.into_bytes())
        }
        Meaning::Ascii => {
            let mut s: String = (0..=127u8).map(char::from).collect();
            s.extend(std::iter::repeat_n('\u{FFFD}', 128));
            (run(&args_replace, &all_bytes()), s.into_bytes())
        }
        Meaning::Gb2312Family => (run(&args_strict, b"a\xD6\xD0\xCE\xC4"), "a中文".into()),
        Meaning::CodePage(name) => (
            run(&args_replace, &all_bytes()),
            code_page_decode(name, &all_bytes()).into_bytes(),
        ),
        Meaning::Own(text, bytes) => (run(&args_strict, bytes), text.into()),
        Meaning::Utf16Unmarked => {
            let mut input = b"\xFF\xFE".to_vec();
            input.extend(utf16le("a中😀"));
            (run(&args_strict, &input), "a中😀".into())
        }
        Meaning::Utf16Le => (run(&args_strict, &utf16le("a中😀")), "a中😀".into()),
        Meaning::Utf16Be => (run(&args_strict, &utf16be("a中😀")), "a中😀".into()),
        Meaning::Ucs2Unmarked => {
            let mut input = b"\xFE\xFF".to_vec();
            input.extend(utf16be("a中"));
            (run(&args_strict, &input), "a中".into())
        }
    };
    if r.code != 0 || r.stdout != expected {
        return Some(format!(
            "-f {upper} ({:?}): exit {} stderr {:?}\n  expected {}\n  actual   {}",
            meaning(label),
            r.code,
            r.stderr,
            hex_short(&expected),
            hex_short(&r.stdout)
        ));
    }
    None
}

/// Encoding with `-t LABEL`.
fn check_encode(label: &str) -> Option<String> {
    let (text, expected): (String, Vec<u8>) = match meaning(label) {
        Meaning::Unsupported => {
            let r = run(&["-f", "UTF-8", "-t", label], b"abc");
            return (r.code != 2).then(|| format!("-t {label}: expected exit 2, got {}", r.code));
        }
        Meaning::Whatwg(e) if single_byte_like(e) => {
            let text: String = dec(e, &all_bytes())
                .chars()
                .filter(|&c| c != '\u{FFFD}')
                .collect();
            let bytes = enc(e, &text);
            (text, bytes)
        }
        Meaning::Whatwg(e) => {
            let s = sample_for(e);
            (s.to_string(), enc(e, s))
        }
        Meaning::Utf8 => ("aé中😀".to_string(), "aé中😀".into()),
        Meaning::Latin1 => ((0..=255u8).map(char::from).collect(), all_bytes()),
        Meaning::Ascii => ((0..=127u8).map(char::from).collect(), (0..=127u8).collect()),
        Meaning::Gb2312Family => ("a中文".to_string(), b"a\xD6\xD0\xCE\xC4".to_vec()),
        Meaning::CodePage(name) => {
            let table = code_page(name);
            let kept = (0..=255u8).filter(|&b| table[usize::from(b)].0.is_some());
            let bytes: Vec<u8> = kept.collect();
            (code_page_decode(name, &bytes), bytes)
        }
        Meaning::Own(text, bytes) => (text.to_string(), bytes.to_vec()),
        Meaning::Utf16Unmarked => {
            let mut b = b"\xFF\xFE".to_vec();
            b.extend(utf16le("a中😀"));
            ("a中😀".to_string(), b)
        }
        Meaning::Utf16Le => ("a中😀".to_string(), utf16le("a中😀")),
        Meaning::Utf16Be => ("a中😀".to_string(), utf16be("a中😀")),
        Meaning::Ucs2Unmarked => {
            let mut b = b"\xFF\xFE".to_vec();
            b.extend(utf16le("a中"));
            ("a中".to_string(), b)
        }
    };
    let r = run(&["-f", "UTF-8", "-t", label], text.as_bytes());
    if r.code != 0 || r.stdout != expected {
        return Some(format!(
            "-t {label} ({:?}): exit {} stderr {:?}\n  expected {}\n  actual   {}",
            meaning(label),
            r.code,
            r.stderr,
            hex_short(&expected),
            hex_short(&r.stdout)
        ));
    }
    None
}

/// Runs `check` on every WHATWG label on a few threads; fails listing every bad label.
fn every_label(check: fn(&str) -> Option<String>) {
    let chunks: Vec<&[&str]> = WHATWG_LABELS.chunks(WHATWG_LABELS.len() / 3 + 1).collect();
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| s.spawn(move || chunk.iter().filter_map(|l| check(l)).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} label(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_whatwg_label_decodes_with_its_meaning_case_insensitively() {
    every_label(check_decode);
}

#[test]
fn every_whatwg_label_encodes_with_its_meaning() {
    every_label(check_encode);
}

#[test]
fn gbk_aliases() {
    for label in [
        "GBK",
        "gbk",
        "CP936",
        "cp936",
        "MS936",
        "ms936",
        "windows-936",
        "Windows-936",
    ] {
        run(&["-f", "UTF-8", "-t", label], "中€丂".as_bytes())
            .ok_quiet()
            .out(b"\xD6\xD0\x80\x81\x40");
        run(&["-f", label], b"\xD6\xD0\x81\x40")
            .ok_quiet()
            .out("中丂".as_bytes());
    }
}

/// `CP936` is Windows' code page 936 and `GB18030-2005` the 2005 edition, where `GBK` and
/// `GB18030` are WHATWG's (2022): they read A6D9 and FE59 otherwise, and each round-trips.
#[test]
fn cp936_and_gb18030_2005_differ_from_the_whatwg_members() {
    let codes = b"\xA6\xD9\xFE\x59";
    let whatwg = "\u{FE10}\u{9FB4}";
    let private = "\u{E78D}\u{E81E}";
    for (label, text) in [
        ("GBK", whatwg),
        ("GB18030", whatwg),
        ("CP936", private),
        ("windows-936", private),
        ("GB18030-2005", private),
    ] {
        run(&["-f", label], codes).ok_quiet().out(text.as_bytes());
        run(&["-f", "UTF-8", "-t", label], text.as_bytes())
            .ok_quiet()
            .out(codes);
    }
    // 2005 writes the 2022 characters in four bytes; CP936 has no code for them.
    run(&["-f", "UTF-8", "-t", "GB18030-2005"], whatwg.as_bytes())
        .ok_quiet()
        .out(b"\x84\x31\x82\x36\x82\x35\x90\x37");
    run(&["-f", "UTF-8", "-t", "CP936"], whatwg.as_bytes())
        .code(1)
        .err_has(&["U+FE10", "has no mapping"]);
    run(&["-f", "CP936"], b"\x80\xFF")
        .ok_quiet()
        .out("\u{20AC}\u{F8F5}".as_bytes());
    run(&["-f", "GBK"], b"\xFF").code(1);
}

#[test]
fn gb2312_aliases_have_the_real_gb2312_meaning() {
    for label in ["GB2312", "gb2312", "EUC-CN", "euc-cn", "CP20936", "cp20936"] {
        run(&["-f", label], b"\xD6\xD0\xA1\xA4")
            .ok_quiet()
            .out("中\u{B7}".as_bytes());
        // A GBK-only pair is not GB2312.
        run(&["-f", label], b"a\x81\x40")
            .code(1)
            .out(b"a")
            .err_has(&["this is GBK; use --from GBK"]);
        // A GBK-only character cannot be written.
        run(&["-f", "UTF-8", "-t", label], "a丂".as_bytes())
            .code(1)
            .out(b"a")
            .err_has(&["U+4E02", "has no mapping"]);
    }
}

#[test]
fn gb18030_and_big5_aliases() {
    for label in ["GB18030", "gb18030", "CP54936", "cp54936"] {
        run(&["-f", "UTF-8", "-t", label], "中😀".as_bytes())
            .ok_quiet()
            .out(b"\xD6\xD0\x94\x39\xFC\x36");
        run(&["-f", label], b"\xD6\xD0\x94\x39\xFC\x36")
            .ok_quiet()
            .out("中😀".as_bytes());
    }
    for label in ["Big5", "BIG5", "big5", "CP950", "cp950"] {
        run(&["-f", "UTF-8", "-t", label], "中文".as_bytes())
            .ok_quiet()
            .out(b"\xA4\xA4\xA4\xE5");
        run(&["-f", label], b"\xA4\xA4\xA4\xE5")
            .ok_quiet()
            .out("中文".as_bytes());
    }
}

#[test]
fn unicode_labels_and_their_spellings() {
    let s = "a中😀";
    let cases: &[(&str, Vec<u8>)] = &[
        ("UTF-8", s.as_bytes().to_vec()),
        ("utf8", s.as_bytes().to_vec()),
        ("UTF-16LE", utf16le(s)),
        ("utf-16le", utf16le(s)),
        ("UTF-16BE", utf16be(s)),
        ("UTF-32LE", utf32le(s)),
        ("utf-32le", utf32le(s)),
        ("UTF-32BE", utf32be(s)),
        ("UCS-4LE", utf32le(s)),
        ("UCS-4BE", utf32be(s)),
    ];
    for (label, bytes) in cases {
        run(&["-f", "UTF-8", "-t", label], s.as_bytes())
            .ok_quiet()
            .out(bytes);
        run(&["-f", label], bytes).ok_quiet().out(s.as_bytes());
    }
    let mut bom32 = b"\xFF\xFE\x00\x00".to_vec();
    bom32.extend(utf32le(s));
    for label in ["UTF-32", "utf-32", "UCS-4", "ucs-4"] {
        run(&["-f", "UTF-8", "-t", label], s.as_bytes())
            .ok_quiet()
            .out(&bom32);
        run(&["-f", label], &bom32).ok_quiet().out(s.as_bytes());
    }
    let bmp = "a中";
    let mut bom16 = b"\xFF\xFE".to_vec();
    bom16.extend(utf16le(bmp));
    for (label, bytes) in [
        ("UCS-2", bom16.clone()),
        ("ucs-2", bom16.clone()),
        ("UCS-2LE", utf16le(bmp)),
        ("UCS-2BE", utf16be(bmp)),
    ] {
        run(&["-f", "UTF-8", "-t", label], bmp.as_bytes())
            .ok_quiet()
            .out(&bytes);
        run(&["-f", label], &bytes).ok_quiet().out(bmp.as_bytes());
    }
}

#[test]
fn latin1_is_iso_8859_1_not_windows_1252() {
    for label in [
        "ISO-8859-1",
        "iso-8859-1",
        "latin1",
        "LATIN1",
        "l1",
        "iso8859-1",
    ] {
        // 0x80 is U+0080, not €.
        run(&["-f", label], b"a\x80\x9F\xE9")
            .ok_quiet()
            .out("a\u{80}\u{9F}é".as_bytes());
        run(&["-f", "UTF-8", "-t", label], "a\u{80}é\u{FF}".as_bytes())
            .ok_quiet()
            .out(b"a\x80\xE9\xFF");
        run(&["-f", "UTF-8", "-t", label], "a€".as_bytes())
            .code(1)
            .out(b"a")
            .err_has(&["U+20AC", "has no mapping"]);
    }
    // windows-1252 keeps its own meaning.
    run(&["-f", "windows-1252"], b"\x80")
        .ok_quiet()
        .out("€".as_bytes());
    run(&["-f", "UTF-8", "-t", "cp1252"], "€".as_bytes())
        .ok_quiet()
        .out(b"\x80");
}

#[test]
fn ascii_is_seven_bit() {
    for label in ["US-ASCII", "us-ascii", "ASCII", "ascii", "ANSI_X3.4-1968"] {
        run(&["-f", label], b"plain\n").ok_quiet().out(b"plain\n");
        run(&["-f", label], b"ab\x80")
            .code(1)
            .out(b"ab")
            .err_has(&["byte 2", "80", "ill-formed"]);
        run(&["-f", "UTF-8", "-t", label], "abé".as_bytes())
            .code(1)
            .out(b"ab")
            .err_has(&["U+00E9", "has no mapping"]);
    }
}

#[test]
fn unknown_label_is_a_usage_error_with_a_suggestion() {
    for label in ["gb1803", "GB-1803", "gb18031", "GB180300"] {
        for flag in ["-f", "-t"] {
            let r = run(&[flag, label], b"abc");
            r.code(2).out(b"").err_has(&[
                &format!("unknown encoding '{label}'"),
                "did you mean GB18030?",
                "--list",
            ]);
        }
    }
    run(&["--from", "no-such-charset"], b"abc")
        .code(2)
        .out(b"")
        .err_has(&["unknown encoding 'no-such-charset'", "--list"]);
}

#[test]
fn translit_ignore_suffix_means_c() {
    let input = "a€b\u{FFFD}c".as_bytes().to_vec();
    let mut bad = input.clone();
    bad.extend(b"\xFFd");
    let c = run(&["-f", "UTF-8", "-t", "ISO-8859-1", "-c"], &bad);
    c.code(1).out(b"abcd");
    let ignore = run(&["-f", "UTF-8", "-t", "ISO-8859-1//IGNORE"], &bad);
    ignore.code(1).out(b"abcd");
    // Nothing dropped: exit 0.
    run(&["-f", "UTF-8", "-t", "latin1//IGNORE"], b"plain")
        .code(0)
        .out(b"plain");
    run(&["-f", "UTF-8", "-t", "GBK//IGNORE"], "中😀文".as_bytes())
        .code(1)
        .out(b"\xD6\xD0\xCE\xC4");
}

/// The lines of `--list --verbose` (the grouped form) that name charsets (indented under
/// their family's heading).
fn list_lines() -> Vec<String> {
    let r = run(&["-l", "-v"], b"");
    r.ok_quiet();
    let text = String::from_utf8(r.stdout.clone()).expect("--list is UTF-8");
    let mut lines = Vec::new();
    for line in text.lines() {
        match line.strip_prefix("  ") {
            Some(row) => lines.push(row.to_string()),
            None => assert!(line.ends_with(':'), "not a heading: {line:?}"),
        }
    }
    lines
}

/// The labels of one `--list` line: the name and its aliases, without the decode-only mark.
fn labels_of(line: &str) -> Vec<String> {
    let line = line.replace("(decode only)", " ");
    line.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .map(|w| {
            w.trim_end_matches(':')
                .trim_matches(|c| c == '(' || c == ')')
        })
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn list_shows_every_label_once_with_aliases_together() {
    let lines = list_lines();
    assert!(lines.len() > 30, "{lines:?}");
    let mut seen: std::collections::HashMap<String, usize> = Default::default();
    for (i, line) in lines.iter().enumerate() {
        for l in labels_of(line) {
            if let Some(prev) = seen.insert(l.to_lowercase(), i) {
                assert_eq!(
                    prev, i,
                    "label {l} on two lines: {:?} and {:?}",
                    lines[prev], line
                );
            }
        }
    }
    let line_of = |label: &str| -> usize {
        *seen
            .get(&label.to_lowercase())
            .unwrap_or_else(|| panic!("--list lacks {label}"))
    };
    for l in WHATWG_LABELS {
        if matches!(meaning(l), Meaning::Unsupported) {
            continue;
        }
        line_of(l);
    }
    let same = |group: &[&str]| {
        let first = line_of(group[0]);
        for l in group {
            assert_eq!(
                line_of(l),
                first,
                "{l} not with {}: {:?}",
                group[0],
                lines[first]
            );
        }
    };
    same(&["GBK", "x-gbk"]);
    same(&["CP936", "MS936", "windows-936"]);
    same(&["GB2312", "EUC-CN", "CP20936"]);
    same(&["GB18030", "CP54936"]);
    same(&["Big5", "csbig5", "cn-big5"]);
    same(&["CP950", "MS950", "windows-950"]);
    same(&["Big5-HKSCS", "big5-hkscs", "HKSCS"]);
    same(&["EUC-KR", "windows-949", "ks_c_5601-1987"]);
    same(&["CP949", "UHC"]);
    same(&["Shift_JIS", "windows-31j", "ms932"]);
    same(&["HZ-GB-2312", "HZ"]);
    same(&["ISO-2022-KR", "csISO2022KR"]);
    assert_ne!(line_of("Big5"), line_of("CP950"));
    assert_ne!(line_of("Big5"), line_of("big5-hkscs"));
    assert_ne!(line_of("EUC-KR"), line_of("EUC-KR-strict"));
    assert_ne!(line_of("Shift_JIS"), line_of("Shift_JIS-strict"));
    assert_ne!(line_of("EUC-JP"), line_of("EUC-JP-strict"));
    same(&["UTF-32", "UCS-4"]);
    same(&["ISO-8859-1", "latin1"]);
    same(&["US-ASCII", "ascii"]);
    assert_ne!(line_of("latin1"), line_of("windows-1252"));
    assert_ne!(line_of("ascii"), line_of("windows-1252"));
    assert_ne!(line_of("GB2312"), line_of("GBK"));
    for l in [
        "UTF-8", "UTF-16", "UTF-16LE", "UTF-16BE", "UCS-2", "UCS-2LE", "UCS-2BE", "UTF-32LE",
        "UTF-32BE",
    ] {
        line_of(l);
    }
}

#[test]
fn list_marks_exactly_the_decode_only_encodings() {
    let lines = list_lines();
    let marked = |l: &str| l.to_lowercase().contains("decode only");
    assert!(
        lines
            .iter()
            .any(|l| marked(l) && labels_of(l).iter().any(|w| w == "auto")),
        "auto should be listed as decode-only: {lines:?}"
    );
    for line in &lines {
        let name = labels_of(line)[0].clone();
        let r = run(&["-f", "UTF-8", "-t", &name], b"abc");
        if marked(line) {
            assert_eq!(r.code, 2, "-t {name} should be refused: {line}");
            assert!(r.stdout.is_empty());
        } else if !r.stderr.contains("has no mapping in") {
            // Writable; a 7-bit national set (IBM290's katakana, ISO 2033's digits) may lack
            // the letters of the sample, which is a data error, not a refusal.
            assert_eq!(r.code, 0, "-t {name} ({line}) failed: {}", r.stderr);
        } else {
            assert_eq!(r.code, 1, "-t {name} ({line}): {}", r.stderr);
        }
    }
}

#[test]
fn list_long_form_is_the_same() {
    let short = run(&["-l"], b"");
    let long = run(&["--list"], b"");
    short.ok_quiet();
    long.ok_quiet();
    assert_eq!(short.stdout, long.stdout);
}
