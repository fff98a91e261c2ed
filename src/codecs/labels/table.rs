//! The rows of the label table, in the order `--list` prints them.

#![forbid(unsafe_code)]

use crate::codecs::auto::AUTO;
use crate::codecs::charset::Charset;
use crate::codecs::codec::Codec;
use crate::codecs::whatwg::Whatwg;
use crate::codecs::{gb2312, single_byte, utf8, utf16, utf32, whatwg};

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
        codec: &gb2312::GB2312,
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
        codec: &whatwg::GBK,
        aliases: &["CP936", "MS936", "windows-936", "x-gbk"],
        note: "Code page 936, Notepad's \"ANSI\" on Simplified Chinese Windows; 0x80 is the euro \
         sign. Reading also accepts the four-byte sequences of GB18030, as WHATWG does.",
    },
    Entry {
        codec: &whatwg::GB18030,
        aliases: &["CP54936", "windows-54936"],
        note: "All of Unicode. `--add-bom` writes its BOM, 84 31 95 33; on input that BOM is not \
         removed but read as U+FEFF.",
    },
    Entry {
        codec: &Whatwg::new("Big5", &encoding_rs::BIG5_INIT),
        aliases: &["CP950", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"],
        note: "Big5 with the HKSCS extensions, as WHATWG defines it.",
    },
    Entry {
        codec: &Whatwg::new("Shift_JIS", &encoding_rs::SHIFT_JIS_INIT),
        aliases: &[
            "CP932",
            "csshiftjis",
            "ms932",
            "ms_kanji",
            "shift-jis",
            "sjis",
            "windows-31j",
            "x-sjis",
        ],
        note: "Windows code page 932 (windows-31j), as WHATWG defines it.",
    },
    Entry {
        codec: &Whatwg::new("EUC-KR", &encoding_rs::EUC_KR_INIT),
        aliases: &[
            "CP949",
            "UHC",
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
        note: "Windows code page 949 (Unified Hangul Code), as WHATWG defines it.",
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
        codec: &Whatwg::new("KOI8-U", &encoding_rs::KOI8_U_INIT),
        aliases: &["koi8-ru"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("macintosh", &encoding_rs::MACINTOSH_INIT),
        aliases: &["csmacintosh", "mac", "x-mac-roman"],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("windows-874", &encoding_rs::WINDOWS_874_INIT),
        aliases: &[
            "dos-874",
            "iso-8859-11",
            "iso8859-11",
            "iso885911",
            "tis-620",
        ],
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
        aliases: &[
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
            "x-cp1254",
        ],
        note: "",
    },
    Entry {
        codec: &Whatwg::new("windows-1255", &encoding_rs::WINDOWS_1255_INIT),
        aliases: &["cp1255", "x-cp1255"],
        note: "",
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
        codec: &Whatwg::new("windows-1258", &encoding_rs::WINDOWS_1258_INIT),
        aliases: &["cp1258", "x-cp1258"],
        note: "",
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
