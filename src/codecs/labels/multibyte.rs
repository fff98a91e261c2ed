//! The label table's rows for the multi-byte and stateful charsets of glibc's converter
//! modules and GNU libiconv that came after the CJK families of `labels/table.rs`: the
//! double-byte EBCDIC pages, the charsets of diacritic prefixes (ISO 6937 and kin) and
//! ISO-2022-JP-EXT, EUC-JP-MS, IBM932, the earlier editions of Big5-HKSCS, BIG5-2003, ISO-IR-165,
//! and DEC's Kanji and Hanyu. Each row's aliases are the names glibc (`iconv -l`, its
//! `gconv-modules`), libiconv and ICU (`uconv -l`) accept for it; `--list` groups every row
//! by family.

#![forbid(unsafe_code)]

use super::table::Entry;
use crate::codecs::{big5, ebcdic_dbcs, euc_tw, iso_ir_165, iso2022, iso6937, jis};

/// The note every double-byte EBCDIC page shares, after what is its own.
macro_rules! dbcs_note {
    ($own:literal) => {
        concat!(
            $own,
            " SO (0E) and SI (0F) shift to and from the double-byte set; as glibc's module of \
             the name, whose table this is. Stateful: never split across cores."
        )
    };
}

/// The rows, in the order `--list` prints them within each family.
pub static ROWS: &[Entry] = &[
    Entry {
        codec: &ebcdic_dbcs::IBM930,
        aliases: &[
            "IBM-930",
            "CP930",
            "CSIBM930",
            "930",
            "ibm-930_P120-1999",
            "ibm-5026",
            "x-IBM930",
            "x-IBM930A",
        ],
        note: dbcs_note!("Japanese (z/OS, IBM i): katakana single bytes (CCSID 290), kanji (300)."),
    },
    Entry {
        codec: &ebcdic_dbcs::IBM939,
        aliases: &[
            "IBM-939",
            "CP939",
            "CSIBM939",
            "939",
            "ibm-939_P120-1999",
            "ibm-931",
            "ibm-5035",
            "x-IBM939",
            "x-IBM939A",
        ],
        note: dbcs_note!("Japanese: Latin single bytes (CCSID 1027), kanji (300)."),
    },
    Entry {
        codec: &ebcdic_dbcs::IBM1390,
        aliases: &[
            "IBM-1390",
            "CP1390",
            "CSIBM1390",
            "ibm-1390_P110-2003",
            "x-IBM1390",
        ],
        note: dbcs_note!(
            "Japanese: IBM930 with the euro and JIS X 0213's repertoire (CCSID 16684), \
             characters beyond the BMP and 25 codes for a kana with a combining mark included."
        ),
    },
    Entry {
        codec: &ebcdic_dbcs::IBM1399,
        aliases: &[
            "IBM-1399",
            "CP1399",
            "CSIBM1399",
            "ibm-1399_P110-2003",
            "x-IBM1399",
        ],
        note: dbcs_note!("Japanese: IBM939 with the euro and JIS X 0213's repertoire, as IBM1390."),
    },
    Entry {
        codec: &ebcdic_dbcs::IBM933,
        aliases: &[
            "IBM-933",
            "CP933",
            "CSIBM933",
            "933",
            "ibm-933_P110-1995",
            "x-IBM933",
        ],
        note: dbcs_note!("Korean (CCSIDs 833 and 834)."),
    },
    Entry {
        codec: &ebcdic_dbcs::IBM1364,
        aliases: &[
            "IBM-1364",
            "CP1364",
            "CSIBM1364",
            "ibm-1364_P110-2007",
            "x-IBM1364",
        ],
        note: dbcs_note!("Korean with every modern hangul syllable (CCSIDs 833 and 4930)."),
    },
    Entry {
        codec: &ebcdic_dbcs::IBM935,
        aliases: &[
            "IBM-935",
            "CP935",
            "CSIBM935",
            "935",
            "ibm-935_P110-1999",
            "x-IBM935",
        ],
        note: dbcs_note!("Simplified Chinese (CCSIDs 836 and 837)."),
    },
    Entry {
        codec: &ebcdic_dbcs::IBM1388,
        aliases: &[
            "IBM-1388",
            "CP1388",
            "CSIBM1388",
            "ibm-1388_P103-2001",
            "ibm-9580",
            "x-IBM1388",
        ],
        note: dbcs_note!("Simplified Chinese with GBK's repertoire (CCSIDs 13124 and 4933)."),
    },
    Entry {
        codec: &ebcdic_dbcs::IBM937,
        aliases: &[
            "IBM-937",
            "CP937",
            "CSIBM937",
            "937",
            "ibm-937_P110-1999",
            "x-IBM937",
        ],
        note: dbcs_note!("Traditional Chinese (CCSIDs 28709 and 835)."),
    },
    Entry {
        codec: &ebcdic_dbcs::IBM1371,
        aliases: &[
            "IBM-1371",
            "CP1371",
            "CSIBM1371",
            "ibm-1371_P100-1999",
            "x-IBM1371",
        ],
        note: dbcs_note!("Traditional Chinese with the euro (CCSIDs 1159 and 835)."),
    },
    Entry {
        codec: &iso6937::ISO_6937,
        aliases: &["ISO-IR-156", "ISO_6937:1992", "ISO6937"],
        note: "ISO/IEC 6937, the repertoire of teletext and DVB subtitles: an accent byte \
         (C1..CF) before its letter, C2 65 = é; an accent before SPACE is the spacing accent \
         (glibc writes it but refuses to read it). As glibc's `ISO_6937`.",
    },
    Entry {
        codec: &iso6937::ISO_6937_2,
        aliases: &["ISO-IR-90", "ISO_6937-2:1983", "CSISO90", "ISO_69372"],
        note: "ISO 6937-2:1983, the first edition's character set, with accent bytes as \
         `ISO_6937`. As glibc's `ISO_6937-2`.",
    },
    Entry {
        codec: &iso6937::T61_8BIT,
        aliases: &["T.61", "ISO-IR-103", "CSISO103T618BIT", "T.618BIT"],
        note: "ITU-T T.61 (teletex), the 8-bit set, with accent bytes as `ISO_6937`; no `^`, \
         `` ` ``, `~`, and `$` `#` at A4 A6. As glibc's `T.61-8BIT`.",
    },
    Entry {
        codec: &iso6937::ANSI_X3_110,
        aliases: &[
            "ANSI_X3.110-1983",
            "ISO-IR-99",
            "CSA_T500-1983",
            "CSA_T500",
            "NAPLPS",
            "CSISO99NAPLPS",
        ],
        note: "ANSI X3.110-1983 (NAPLPS), with accent bytes as `ISO_6937`. As glibc's \
         `ANSI_X3.110`.",
    },
    Entry {
        codec: &iso2022::jp::ISO_2022_JP_EXT,
        aliases: &["ISO2022JP-EXT"],
        note: "CPython's `iso2022_jp_ext`: ISO-2022-JP-1 with half-width katakana written after \
         `ESC ( I`.",
    },
    Entry {
        codec: &jis::EUC_JP_MS,
        aliases: &["EUCJP-MS", "EUCJP-OPEN", "EUCJP-WIN", "eucJP-ms"],
        note: "EUC-JP with Windows' CP932 mappings (A1C1 = U+FF5E ...) and extensions: NEC row 13 \
         and the NEC-selected IBM rows in code set 1, the IBM extensions in code set 3 (8F), and \
         the user-defined areas F5A1..FEFE and 8F F5A1..FEFE as private use. As glibc's \
         `EUC-JP-MS`.",
    },
    Entry {
        codec: &big5::BIG5_HKSCS_2004,
        aliases: &[],
        note: "HKSCS-2004: `Big5-HKSCS` without the 68 codes HKSCS-2008 added, as libiconv's \
         `BIG5-HKSCS:2004` and CPython's `big5hkscs`.",
    },
    Entry {
        codec: &big5::BIG5_HKSCS_2001,
        aliases: &[],
        note: "HKSCS-2001: HKSCS-2004 without the 123 codes it added, as libiconv's \
         `BIG5-HKSCS:2001`.",
    },
    Entry {
        codec: &big5::BIG5_HKSCS_1999,
        aliases: &[],
        note: "HKSCS-1999: HKSCS-2001 without the 116 codes it added, as libiconv's \
         `BIG5-HKSCS:1999`.",
    },
    Entry {
        codec: &jis::DEC_KANJI,
        aliases: &[],
        note: "DEC's Japanese (OSF/1, Ultrix): ASCII and JIS X 0208 in two bytes A1..F4 A1..FE, \
         as libiconv's `DEC-KANJI`.",
    },
    Entry {
        codec: &euc_tw::DEC_HANYU,
        aliases: &[],
        note: "DEC's Traditional Chinese: ASCII, CNS 11643 plane 1 (two bytes A1..FE), plane 2 \
         (a byte A1..FE and a byte 21..7E) and plane 3 (after C2 CB), as libiconv's \
         `DEC-HANYU`.",
    },
    Entry {
        codec: &big5::BIG5_2003_CHARSET,
        aliases: &[],
        note: "Big5 as Taiwan's 2003 revision defines it: the ETEN extensions (kana, Cyrillic, \
         C6A1..C8D3, F9D6..F9FE), the euro at A3E1; as libiconv's `BIG5-2003`.",
    },
    Entry {
        codec: &iso_ir_165::ISO_IR_165,
        aliases: &["CN-GB-ISOIR165"],
        note: "The 94×94 set alone, two bytes 21..7E per character and no single bytes (not even \
         a line end), as libiconv's `ISO-IR-165`; its table is libiconv's, which differs from \
         the ISO-IR-165 inside glibc's `ISO-2022-CN-EXT` in 12 cells.",
    },
    Entry {
        codec: &jis::IBM932,
        aliases: &["IBM-932", "CSIBM932"],
        note: "IBM's Japanese PC code page (CCSID 932): Shift_JIS layout with IBM's table and \
         extensions; 1A, 1C and 7F are IBM's PC controls (U+001C, U+007F, U+001A), not ASCII. \
         As glibc's `IBM932`, except that the characters glibc writes as SUB (7F) are \
         unmappable.",
    },
];
