//! The rows of the label table, in the order `--list` prints them.

#![forbid(unsafe_code)]

use crate::codecs::auto::AUTO;
use crate::codecs::charset::Charset;
use crate::codecs::codec::Codec;
use crate::codecs::whatwg::Whatwg;
use crate::codecs::{
    big5, bocu1, cesu8, compose, euc_tw, gb, hz, iso2022, jis, johab, korean, scsu, single_byte,
    utf1, utf7, utf8, utf16, utf32, wtf8,
};

/// One row of the label table.
pub struct Entry {
    /// The charset; its name is the canonical label.
    pub codec: &'static dyn Codec,
    /// Every other label that selects it.
    pub aliases: &'static [&'static str],
    /// What the label list cannot say about it, for the man page and the README: `x` is
    /// code, {x} emphasis. Empty when there is nothing to say.
    pub note: &'static str,
}

impl Entry {
    /// The charset of this row.
    pub fn charset(&self) -> Charset {
        Charset::of(self.codec)
    }
}

/// Every charset with its labels, in the order `--list` prints them.
pub static TABLE: &[Entry] = &[
    Entry {
        codec: &AUTO,
        aliases: &[],
        note: "Input only. A byte order mark decides; else UTF-16 or UTF-32 recognised by their zero \
         bytes; else ISO-2022-JP (and the other 7-bit stateful encodings once they are built in) \
         by its escape sequences; else UTF-8 if the whole file (the first 64 KiB of a stream) is \
         valid UTF-8, or if at least 32 non-ASCII UTF-8 characters come before its first \
         ill-formed byte (then read as UTF-8, with a note, and the bad bytes go to the error \
         policy); else the candidate encoding whose decoding reads best (see `--detect \
         --verbose`), with a note on standard error. Below 50% confidence nothing is converted \
         (exit status 1): name the encoding with `--from`.",
    },
    Entry {
        codec: &utf8::UTF_8,
        aliases: &[
            "utf8",
            "unicode-1-1-utf-8",
            "unicode11utf8",
            "unicode20utf8",
            "x-unicode20utf8",
            "cp65001",
        ],
        note: "A leading BOM (EF BB BF) is removed; none is written unless `--add-bom`.",
    },
    Entry {
        codec: &utf16::UTF_16,
        aliases: &["utf16", "unicode"],
        note: "No byte order in the label. On input a BOM decides; without one the zero bytes \
         decide, else big-endian (RFC 2781), with a note. On output: a BOM, then \
         little-endian, as Windows, glibc and ICU do. Notepad's \"Unicode\" is this.",
    },
    Entry {
        codec: &utf16::UTF_16LE,
        aliases: &["utf16le", "unicodefeff"],
        note: "Fixed byte order: no BOM is written unless `--add-bom`; a leading FF FE is removed, \
         a leading FE FF contradicts the label.",
    },
    Entry {
        codec: &utf16::UTF_16BE,
        aliases: &["utf16be", "unicodefffe"],
        note: "Fixed byte order: no BOM is written unless `--add-bom`; a leading FE FF is removed, \
         a leading FF FE contradicts the label.",
    },
    Entry {
        codec: &utf16::UCS_2,
        aliases: &["ucs2", "iso-10646-ucs-2", "csunicode"],
        note: "UTF-16 without surrogates (the BMP only), byte order as for UTF-16: a surrogate in \
         the input is ill-formed, a character above U+FFFF is unmappable.",
    },
    Entry {
        codec: &utf16::UCS_2LE,
        aliases: &["ucs2le"],
        note: "As UCS-2, with the byte order fixed as for UTF-16LE.",
    },
    Entry {
        codec: &utf16::UCS_2BE,
        aliases: &["ucs2be"],
        note: "As UCS-2, with the byte order fixed as for UTF-16BE.",
    },
    Entry {
        codec: &utf32::UTF_32,
        aliases: &["utf32", "UCS-4", "ucs4", "iso-10646-ucs-4"],
        note: "Byte order as for UTF-16 (BOMs FF FE 00 00 and 00 00 FE FF).",
    },
    Entry {
        codec: &utf32::UTF_32LE,
        aliases: &["utf32le", "UCS-4LE"],
        note: "Fixed byte order, as for UTF-16LE.",
    },
    Entry {
        codec: &utf32::UTF_32BE,
        aliases: &["utf32be", "UCS-4BE"],
        note: "Fixed byte order, as for UTF-16BE.",
    },
    Entry {
        codec: &utf7::UTF_7,
        aliases: &[
            "UTF7",
            "csUnicode11UTF7",
            "unicode-1-1-utf-7",
            "unicode-2-0-utf-7",
        ],
        note: "RFC 2152. Writes only Set D (letters, digits, `'(),-./:?`), space, tab, CR and LF \
         directly, as glibc does, and Set O (`!\"#$%&*;<=>@[]^_{}`, the backquote and the \
         vertical bar) in base64; `UTF-7-OPTIONAL` writes Set O directly. Reads strictly, as glibc and ICU do (Python is lenient): other \
         bytes in direct mode, bits left over at the end of a base64 run, and unpaired \
         surrogates are ill-formed. Stateful: never split across cores.",
    },
    Entry {
        codec: &utf7::UTF_7_OPTIONAL,
        aliases: &["X-UTF-7-OPTIONAL"],
        note: "UTF-7 with the optionally direct characters of Set O written directly, as \
         Python's `utf_7` and ICU write them. Reads as `UTF-7`.",
    },
    Entry {
        codec: &utf7::UTF_7_IMAP,
        aliases: &["IMAP-mailbox-name"],
        note: "IMAP's modified UTF-7 for mailbox names (RFC 3501 §5.1.3): `&` starts a base64 \
         run and `-` always ends it, `&-` is `&`, `,` stands for base64's `/`, and every printable \
         ASCII character but `&` is written directly (in base64 it is ill-formed).",
    },
    Entry {
        codec: &cesu8::CESU_8,
        aliases: &["CESU8", "csCESU8"],
        note: "UTR #26: UTF-8 with each supplementary character as its two UTF-16 surrogates, \
         three bytes each (U+1F600 is ED A0 BD ED B8 80): Oracle's `UTF8`, MySQL's old `utf8`. A \
         four-byte UTF-8 sequence, or a lone surrogate, is ill-formed. The BOM is UTF-8's.",
    },
    Entry {
        codec: &cesu8::MUTF_8,
        aliases: &["Modified-UTF-8", "Java-Modified-UTF-8"],
        note: "Java's Modified UTF-8 (class files, JNI, `DataInput.readUTF`): CESU-8 with U+0000 as \
         C0 80, so a raw 00 is ill-formed and never written. The two-byte length that \
         `writeUTF` puts first is not part of the encoding: strip it before converting.",
    },
    Entry {
        codec: &wtf8::WTF_8,
        aliases: &["WTF8"],
        note: "UTF-8 that also holds lone surrogates, three bytes each (Rust's `OsString` on \
         Windows). A lone surrogate goes to the error policy; `--errors escape` keeps it, so \
         `-f UTF-16LE -t WTF-8` and back is lossless for any 16-bit sequence. Unlike CESU-8, \
         supplementary characters are four bytes.",
    },
    Entry {
        codec: &scsu::SCSU,
        aliases: &["csSCSU"],
        note: "UTS #6 compression, stateful. Written by transcode's own encoder: ICU reads it as \
         the same text, but the bytes are not ICU's.",
    },
    Entry {
        codec: &bocu1::BOCU_1,
        aliases: &["BOCU1", "csBOCU1"],
        note: "UTN #6 compression, stateful; written byte for byte as ICU writes it.",
    },
    Entry {
        codec: &utf1::UTF_1,
        aliases: &["ISO-10646-UTF-1", "csISO10646UTF1"],
        note: "Historical: ISO/IEC 10646-1:1993 Annex G, withdrawn in 1996 (UTF-8 replaced it); \
         for old data only.",
    },
    Entry {
        codec: &single_byte::tables::ISO_8859_1,
        aliases: &[
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
        note: "The real ISO-8859-1: each byte is the code point of the same value (0x80 is U+0080). \
         Browsers (WHATWG) read `latin1` as windows-1252; say `windows-1252` for that.",
    },
    Entry {
        codec: &single_byte::tables::US_ASCII,
        aliases: &[
            "ascii",
            "ansi_x3.4-1968",
            "iso646-us",
            "us",
            "cp367",
            "ibm367",
            "csascii",
        ],
        note: "Seven bits: a byte above 0x7F is ill-formed, a character above U+007F unmappable. \
         (WHATWG reads `ascii` as windows-1252.)",
    },
    Entry {
        codec: &gb::GB2312,
        aliases: &[
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
        note: "Strictly the 7,445 characters of GB 2312 (EUC-CN): any other GBK character is an \
         error whose hint says to use `GBK`. (WHATWG reads `gb2312` as GBK.)",
    },
    Entry {
        codec: &gb::GBK,
        aliases: &["x-gbk"],
        note: "GBK as WHATWG defines it: code page 936 with 0x80 the euro sign, the user-defined \
         areas as private use, and the codes GB18030-2022 gave standard characters (A6D9.., \
         FE59..) read as those. Reading also accepts the four-byte sequences of GB18030.",
    },
    Entry {
        codec: &gb::CP936,
        aliases: &["MS936", "windows-936"],
        note: "Code page 936 exactly as Windows converts it (Notepad's \"ANSI\" on Simplified \
         Chinese Windows): GBK with 0xFF as U+F8F5 and 101 codes (A2E3, A6D9.., A8BC, FE50..) \
         as the private-use characters Windows reads there; no four-byte sequences.",
    },
    Entry {
        codec: &gb::GB18030,
        aliases: &["CP54936", "windows-54936", "GB18030:2022"],
        note: "GB18030-2022, all of Unicode. `--add-bom` writes its BOM, 84 31 95 33; on input that BOM is not \
         removed but read as U+FEFF.",
    },
    Entry {
        codec: &gb::GB18030_2005,
        aliases: &[],
        note: "The 2005 edition: 18 two-byte codes (A6D9..A6DF, A6EC, A6ED, A6F3, FE59, FE61, \
         FE66, FE67, FE6D, FE7E, FE90, FEA0) are the private-use characters U+E78D.. and U+E81E.. \
         that 2022 replaced, and the characters 2022 put there (U+FE10..U+FE19, U+9FB4..U+9FBB) \
         are written in four bytes. Its BOM is GB18030's.",
    },
    Entry {
        codec: &Whatwg::new("Big5", &encoding_rs::BIG5_INIT),
        aliases: &["cn-big5", "csbig5", "x-x-big5"],
        note: "Big5 as WHATWG defines it: reads the HKSCS extensions but writes only Big5 codes. \
         `CP950` and `Big5-HKSCS` are the exact code pages.",
    },
    Entry {
        codec: &Whatwg::new("Shift_JIS", &encoding_rs::SHIFT_JIS_INIT),
        aliases: &[
            "csshiftjis",
            "ms932",
            "ms_kanji",
            "shift-jis",
            "sjis",
            "windows-31j",
            "x-sjis",
        ],
        note: "Windows code page 932 (windows-31j), as WHATWG defines it. `Shift_JIS-strict` is JIS X \
         0208 only; `CP932` the same code page as this one, by its own table.",
    },
    Entry {
        codec: &Whatwg::new("EUC-KR", &encoding_rs::EUC_KR_INIT),
        aliases: &[
            "cseuckr",
            "csksc56011987",
            "iso-ir-149",
            "korean",
            "ks_c_5601-1987",
            "ks_c_5601-1989",
            "ksc5601",
            "ksc_5601",
            "windows-949",
        ],
        note: "Windows code page 949 (Unified Hangul Code), as WHATWG defines it. For KS X 1001 \
         alone, as glibc's `EUC-KR`, say `EUC-KR-strict`.",
    },
    Entry {
        codec: &korean::EUC_KR_STRICT,
        aliases: &["KS_X_1001"],
        note: "KS X 1001 only (8,227 characters), as glibc's `EUC-KR`: a Unified Hangul Code \
         (CP949) syllable is an error. Not CPython's `euc_kr`, which also reads and writes \
         eight-byte jamo sequences (A4D4 ...) for other syllables.",
    },
    Entry {
        codec: &korean::CP949,
        aliases: &["UHC", "MS949", "949"],
        note: "Unified Hangul Code: KS X 1001 (less A2E8, U+327E) and the 8,822 other modern \
         hangul syllables, as Windows, glibc (`UHC`) and CPython have it.",
    },
    Entry {
        codec: &johab::JOHAB,
        aliases: &["CP1361", "MS1361"],
        note: "KS X 1001:1998 annex 3: every modern syllable by its jamo, and KS X 1001's symbols \
         and hanja, as glibc's `JOHAB`. 5C is U+20A9 WON SIGN both ways, as glibc and libiconv \
         have it; U+005C has no code.",
    },
    Entry {
        codec: &iso2022::kr::ISO_2022_KR,
        aliases: &["csISO2022KR"],
        note: "RFC 1557: `ESC $ ) C` once at the start of the output, SO and SI around Korean \
         runs, ASCII again before every line end. A line end while shifted out is an error; an \
         SO before the designation still means KS X 1001.",
    },
    Entry {
        codec: &euc_tw::EUC_TW,
        aliases: &["csEUCTW"],
        note: "CNS 11643 planes 1–7 and 15 (glibc's table); plane 1 in two bytes, the others \
         after 8E.",
    },
    Entry {
        codec: &iso2022::cn::ISO_2022_CN,
        aliases: &["csISO2022CN"],
        note: "RFC 1922: GB 2312 and CNS 11643 planes 1 and 2; the encoder designates each set \
         again on every line and ends every line in ASCII. SO with no set designated, and a \
         line end while shifted out, are errors.",
    },
    Entry {
        codec: &iso2022::cn::ISO_2022_CN_EXT,
        aliases: &[],
        note: "ISO-2022-CN with ISO-IR-165 and CNS 11643 planes 3–7 (SS3).",
    },
    Entry {
        codec: &hz::HZ,
        aliases: &["HZ", "HZGB"],
        note: "RFC 1843: `~{` ... `~}` around GB 2312 text, `~~` for a tilde, `~` before a line end \
         joins the lines; the encoder closes every run before a line end and at the end.",
    },
    Entry {
        codec: &big5::CP950_CHARSET,
        aliases: &["MS950", "windows-950", "x-windows-950"],
        note: "Windows code page 950 as Windows converts it: its three user-defined areas are \
         private use (U+E000...), 0x80 and 0xFF single characters.",
    },
    Entry {
        codec: &big5::BIG5_HKSCS,
        aliases: &["HKSCS", "BIG5-HKSCS:2008"],
        note: "HKSCS-2008, both ways (glibc's table). The four codes for a letter with a \
         combining mark (8862 = U+00CA U+0304) are written for that pair. (WHATWG reads \
         `big5-hkscs` as its `Big5`, which cannot write HKSCS.)",
    },
    Entry {
        codec: &jis::SHIFT_JIS_STRICT,
        aliases: &[],
        note: "JIS X 0201 and JIS X 0208 only, as glibc's `SJIS` and CPython's `shift_jis`: \
         Windows' NEC and IBM extensions are errors. 5C and 7E are ASCII; U+00A5 and U+203E are \
         written as them.",
    },
    Entry {
        codec: &jis::EUC_JP_STRICT,
        aliases: &["UJIS"],
        note: "JIS X 0208, JIS X 0201 katakana (8E) and JIS X 0212 (8F), as glibc's `EUC-JP`.",
    },
    Entry {
        codec: &jis::CP932_CHARSET,
        aliases: &["932", "x-ms-cp932"],
        note: "Windows code page 932: NEC and IBM extensions (written at FA..FC where both \
         have a character), user-defined area F040..F9FC as U+E000..U+E757.",
    },
    Entry {
        codec: &jis::EUC_JIS_2004,
        aliases: &["EUC-JISX0213", "JISX0213"],
        note: "JIS X 0213:2004 in EUC form, as glibc's `EUC-JISX0213`; 25 codes stand for a kana \
         or letter with a combining mark.",
    },
    Entry {
        codec: &jis::SHIFT_JIS_2004,
        aliases: &["Shift_JISX0213", "SJIS-2004"],
        note: "JIS X 0213:2004 in Shift_JIS form, as glibc's `SHIFT_JISX0213` except that 5C and \
         7E are ASCII.",
    },
    Entry {
        codec: &iso2022::jp::ISO_2022_JP_1,
        aliases: &["csISO2022JP1"],
        note: "RFC 2237: ISO-2022-JP with JIS X 0212 (`ESC $ ( D`).",
    },
    Entry {
        codec: &iso2022::jp::ISO_2022_JP_2,
        aliases: &["csISO2022JP2"],
        note: "RFC 1554: ISO-2022-JP-1 with GB 2312, KS X 1001, and the ISO-8859-1 and ISO-8859-7 \
         high halves through G2 (`ESC . A`, `ESC . F`, then `ESC N` before each character).",
    },
    Entry {
        codec: &iso2022::jp::ISO_2022_JP_3,
        aliases: &[],
        note: "JIS X 0213:2000 annex 2: JIS X 0208, JIS X 0213 planes 1 (`ESC $ ( O`) and 2 \
         (`ESC $ ( P`), JIS X 0201; the ten cells of 2004 are written with `ESC $ ( Q`, as glibc \
         does.",
    },
    Entry {
        codec: &iso2022::jp::ISO_2022_JP_2004,
        aliases: &[],
        note: "JIS X 0213:2004 annex 2: as ISO-2022-JP-3, plane 1 written with `ESC $ ( Q`.",
    },
    Entry {
        codec: &Whatwg::new("IBM866", &encoding_rs::IBM866_INIT),
        aliases: &["866", "cp866", "csibm866"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-2", &encoding_rs::ISO_8859_2_INIT),
        aliases: &[
            "csisolatin2",
            "iso-ir-101",
            "iso8859-2",
            "iso88592",
            "iso_8859-2",
            "iso_8859-2:1987",
            "l2",
            "latin2",
        ],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-3", &encoding_rs::ISO_8859_3_INIT),
        aliases: &[
            "csisolatin3",
            "iso-ir-109",
            "iso8859-3",
            "iso88593",
            "iso_8859-3",
            "iso_8859-3:1988",
            "l3",
            "latin3",
        ],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-4", &encoding_rs::ISO_8859_4_INIT),
        aliases: &[
            "csisolatin4",
            "iso-ir-110",
            "iso8859-4",
            "iso88594",
            "iso_8859-4",
            "iso_8859-4:1988",
            "l4",
            "latin4",
        ],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-5", &encoding_rs::ISO_8859_5_INIT),
        aliases: &[
            "csisolatincyrillic",
            "cyrillic",
            "iso-ir-144",
            "iso8859-5",
            "iso88595",
            "iso_8859-5",
            "iso_8859-5:1988",
        ],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-6", &encoding_rs::ISO_8859_6_INIT),
        aliases: &[
            "arabic",
            "asmo-708",
            "csiso88596e",
            "csiso88596i",
            "csisolatinarabic",
            "ecma-114",
            "iso-8859-6-e",
            "iso-8859-6-i",
            "iso-ir-127",
            "iso8859-6",
            "iso88596",
            "iso_8859-6",
            "iso_8859-6:1987",
        ],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-7", &encoding_rs::ISO_8859_7_INIT),
        aliases: &[
            "csisolatingreek",
            "ecma-118",
            "elot_928",
            "greek",
            "greek8",
            "iso-ir-126",
            "iso8859-7",
            "iso88597",
            "iso_8859-7",
            "iso_8859-7:1987",
            "sun_eu_greek",
        ],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-8", &encoding_rs::ISO_8859_8_INIT),
        aliases: &[
            "csiso88598e",
            "csisolatinhebrew",
            "hebrew",
            "iso-8859-8-e",
            "iso-ir-138",
            "iso8859-8",
            "iso88598",
            "iso_8859-8",
            "iso_8859-8:1988",
            "visual",
        ],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-8-I", &encoding_rs::ISO_8859_8_I_INIT),
        aliases: &["csiso88598i", "logical"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-10", &encoding_rs::ISO_8859_10_INIT),
        aliases: &[
            "csisolatin6",
            "iso-ir-157",
            "iso8859-10",
            "iso885910",
            "l6",
            "latin6",
        ],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-13", &encoding_rs::ISO_8859_13_INIT),
        aliases: &["iso8859-13", "iso885913"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-14", &encoding_rs::ISO_8859_14_INIT),
        aliases: &["iso8859-14", "iso885914"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-15", &encoding_rs::ISO_8859_15_INIT),
        aliases: &[
            "csisolatin9",
            "iso8859-15",
            "iso885915",
            "iso_8859-15",
            "l9",
        ],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-8859-16", &encoding_rs::ISO_8859_16_INIT),
        aliases: &[],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("KOI8-R", &encoding_rs::KOI8_R_INIT),
        aliases: &["cskoi8r", "koi", "koi8", "koi8_r"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("macintosh", &encoding_rs::MACINTOSH_INIT),
        aliases: &["csmacintosh", "mac", "x-mac-roman"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("windows-874", &encoding_rs::WINDOWS_874_INIT),
        aliases: &["dos-874"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("windows-1250", &encoding_rs::WINDOWS_1250_INIT),
        aliases: &["cp1250", "x-cp1250"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("windows-1251", &encoding_rs::WINDOWS_1251_INIT),
        aliases: &["cp1251", "x-cp1251"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("windows-1252", &encoding_rs::WINDOWS_1252_INIT),
        aliases: &["cp1252", "x-cp1252"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("windows-1253", &encoding_rs::WINDOWS_1253_INIT),
        aliases: &["cp1253", "x-cp1253"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("windows-1254", &encoding_rs::WINDOWS_1254_INIT),
        aliases: &["cp1254", "x-cp1254"],
        note: "",
    },
    Entry {
        codec: &compose::CP1255,
        aliases: &["cp1255", "x-cp1255"],
        note: "As glibc and GNU libiconv read it: a Hebrew letter followed by its points \
         becomes the precomposed presentation form where Unicode has one (U+05D3 U+05BC is \
         U+FB33), and such a form is written as letter and points. Otherwise WHATWG's \
         table.",
    },
    Entry {
        codec: &Whatwg::new("windows-1256", &encoding_rs::WINDOWS_1256_INIT),
        aliases: &["cp1256", "x-cp1256"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("windows-1257", &encoding_rs::WINDOWS_1257_INIT),
        aliases: &["cp1257", "x-cp1257"],
        note: "",
    },
    Entry {
        codec: &compose::CP1258,
        aliases: &["cp1258", "x-cp1258"],
        note: "As glibc and GNU libiconv read it: a letter followed by a tone mark (0xCC, \
         0xD2, 0xDE, 0xEC, 0xF2) becomes the precomposed letter (`e` 0xEC is U+00E9, U+00EA \
         0xEC U+1EBF), and a precomposed letter without a byte of its own is written as \
         letter and mark. Otherwise WHATWG's table.",
    },
    Entry {
        codec: &Whatwg::new("x-mac-cyrillic", &encoding_rs::X_MAC_CYRILLIC_INIT),
        aliases: &["x-mac-ukrainian"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("EUC-JP", &encoding_rs::EUC_JP_INIT),
        aliases: &["cseucpkdfmtjapanese", "x-euc-jp"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("ISO-2022-JP", &encoding_rs::ISO_2022_JP_INIT),
        aliases: &["csiso2022jp"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("x-user-defined", &encoding_rs::X_USER_DEFINED_INIT),
        aliases: &[],
        note: "Bytes 0x80..0xFF are U+F780..U+F7FF (WHATWG).",
    },
];
