//! The label table's rows for the single-byte charsets that glibc's converter modules and GNU
//! libiconv have beyond those of `labels/single_byte.rs`: the ISO 646 national variants, the
//! EBCDIC national and euro pages, DEC, HP, the Sámi, Baltic and Lao sets, and the rest
//! (tables in `data/single-byte/`, sources in `tools/single-byte/iconv_pages.py`). Their
//! aliases from glibc, GNU libiconv, ICU and Python are in the generated [`super::aliases`].

#![forbid(unsafe_code)]

use super::table::Entry;
use crate::codecs::single_byte::generated as sb;

/// The rows, in the order `--list` prints them within each family.
pub static ROWS: &[Entry] = &[
    Entry {
        codec: &sb::BS_4730,
        aliases: &[],
        note: "ISO 646 British (BS 4730): £ for #, overline for ~.",
    },
    Entry {
        codec: &sb::CSA_Z243_4_1985_1,
        aliases: &[],
        note: "ISO 646 Canadian French (CSA Z243.4-1985, first set).",
    },
    Entry {
        codec: &sb::CSA_Z243_4_1985_2,
        aliases: &[],
        note: "ISO 646 Canadian French (CSA Z243.4-1985, second set).",
    },
    Entry {
        codec: &sb::DIN_66003,
        aliases: &[],
        note: "ISO 646 German (DIN 66003): umlauts, sharp s and the section sign in place of \
         brackets, braces, backslash, vertical line, tilde and at sign.",
    },
    Entry {
        codec: &sb::DS_2089,
        aliases: &[],
        note: "ISO 646 Danish (DS 2089).",
    },
    Entry {
        codec: &sb::ES,
        aliases: &[],
        note: "ISO 646 Spanish (ISO-IR-17).",
    },
    Entry {
        codec: &sb::ES2,
        aliases: &[],
        note: "ISO 646 Spanish, second version (ISO-IR-85).",
    },
    Entry {
        codec: &sb::GB_1988_80,
        aliases: &[],
        note: "ISO 646 Chinese (GB 1988-80): ¥ for \\, overline for ~ (libiconv's ISO646-CN).",
    },
    Entry {
        codec: &sb::IT,
        aliases: &[],
        note: "ISO 646 Italian (ISO-IR-15).",
    },
    Entry {
        codec: &sb::JIS_C6220_1969_RO,
        aliases: &[],
        note: "ISO 646 Japanese Roman (JIS C 6220-1969, JIS X 0201 Roman): ¥ for \\, overline \
         for ~ (libiconv's ISO646-JP).",
    },
    Entry {
        codec: &sb::JIS_C6229_1984_B,
        aliases: &[],
        note: "JIS C 6229-1984 OCR-B (Japanese ISO 646 for OCR).",
    },
    Entry {
        codec: &sb::JUS_I_B1_002,
        aliases: &[],
        note: "ISO 646 Yugoslav (JUS I.B1.002).",
    },
    Entry {
        codec: &sb::KSC5636,
        aliases: &[],
        note: "ISO 646 Korean (KS C 5636): the won sign U+20A9 for the backslash.",
    },
    Entry {
        codec: &sb::MSZ_7795_3,
        aliases: &[],
        note: "ISO 646 Hungarian (MSZ 7795.3).",
    },
    Entry {
        codec: &sb::NC_NC00_10,
        aliases: &[],
        note: "ISO 646 Cuban (NC NC00-10:81).",
    },
    Entry {
        codec: &sb::NF_Z_62_010,
        aliases: &[],
        note: "ISO 646 French (NF Z 62-010, 1982).",
    },
    Entry {
        codec: &sb::NF_Z_62_010_1973,
        aliases: &[],
        note: "ISO 646 French, 1973 edition (NF Z 62-010).",
    },
    Entry {
        codec: &sb::NS_4551_1,
        aliases: &[],
        note: "ISO 646 Norwegian (NS 4551, first version).",
    },
    Entry {
        codec: &sb::NS_4551_2,
        aliases: &[],
        note: "ISO 646 Norwegian (NS 4551, second version).",
    },
    Entry {
        codec: &sb::PT,
        aliases: &[],
        note: "ISO 646 Portuguese (ISO-IR-16).",
    },
    Entry {
        codec: &sb::PT2,
        aliases: &[],
        note: "ISO 646 Portuguese, second version (ISO-IR-84).",
    },
    Entry {
        codec: &sb::SEN_850200_B,
        aliases: &[],
        note: "ISO 646 Swedish and Finnish (SEN 850200 annex B).",
    },
    Entry {
        codec: &sb::SEN_850200_C,
        aliases: &[],
        note: "ISO 646 Swedish for names (SEN 850200 annex C).",
    },
    Entry {
        codec: &sb::NATS_DANO,
        aliases: &[],
        note: "NATS Danish and Norwegian (newspaper text, ISO-IR-9-1).",
    },
    Entry {
        codec: &sb::NATS_SEFI,
        aliases: &[],
        note: "NATS Swedish and Finnish (newspaper text, ISO-IR-8-1).",
    },
    Entry {
        codec: &sb::GREEK7,
        aliases: &[],
        note: "Greek 7-bit (ISO-IR-88).",
    },
    Entry {
        codec: &sb::GREEK7_OLD,
        aliases: &[],
        note: "Greek 7-bit, old version (ISO-IR-18).",
    },
    Entry {
        codec: &sb::GREEK_CCITT,
        aliases: &[],
        note: "Greek 7-bit of CCITT (ISO-IR-150).",
    },
    Entry {
        codec: &sb::LATIN_GREEK,
        aliases: &[],
        note: "Latin-Greek 7-bit (ISO-IR-19).",
    },
    Entry {
        codec: &sb::LATIN_GREEK_1,
        aliases: &[],
        note: "Latin-Greek 7-bit (ISO-IR-27).",
    },
    Entry {
        codec: &sb::ISO_5427,
        aliases: &[],
        note: "Cyrillic 7-bit KOI-7 (ISO 5427).",
    },
    Entry {
        codec: &sb::ISO_5427_EXT,
        aliases: &[],
        note: "Cyrillic extension of ISO 5427 (ISO 5427:1981, ISO-IR-54).",
    },
    Entry {
        codec: &sb::ISO_5428,
        aliases: &[],
        note: "Greek bibliographic set (ISO 5428:1980).",
    },
    Entry {
        codec: &sb::INIS,
        aliases: &[],
        note: "INIS, the International Nuclear Information System's 7-bit subset (ISO-IR-49).",
    },
    Entry {
        codec: &sb::INIS_8,
        aliases: &[],
        note: "INIS 8-bit extension (ISO-IR-50).",
    },
    Entry {
        codec: &sb::INIS_CYRILLIC,
        aliases: &[],
        note: "INIS Cyrillic extension (ISO-IR-51).",
    },
    Entry {
        codec: &sb::ISO_2033,
        aliases: &[],
        note: "ISO 2033-1983 magnetic ink characters (E13B): digits and four symbols.",
    },
    Entry {
        codec: &sb::ASMO_449,
        aliases: &[],
        note: "Arabic 7-bit (ASMO 449, ISO 9036).",
    },
    Entry {
        codec: &sb::BRF,
        aliases: &[],
        note: "Braille ASCII (Braille Ready Format): ASCII bytes to Unicode braille patterns.",
    },
    Entry {
        codec: &sb::IBM891,
        aliases: &[],
        note: "IBM's 7-bit Korean Roman (code page 891, the low half of 904).",
    },
    Entry {
        codec: &sb::IBM903,
        aliases: &[],
        note: "IBM's 7-bit Simplified Chinese Roman (code page 903).",
    },
    Entry {
        codec: &sb::EBCDIC_AT_DE,
        aliases: &[],
        note: "EBCDIC Austria and Germany.",
    },
    Entry {
        codec: &sb::EBCDIC_AT_DE_A,
        aliases: &[],
        note: "EBCDIC Austria and Germany, alternative.",
    },
    Entry {
        codec: &sb::EBCDIC_CA_FR,
        aliases: &[],
        note: "EBCDIC Canadian French.",
    },
    Entry {
        codec: &sb::EBCDIC_DK_NO,
        aliases: &[],
        note: "EBCDIC Denmark and Norway.",
    },
    Entry {
        codec: &sb::EBCDIC_DK_NO_A,
        aliases: &[],
        note: "EBCDIC Denmark and Norway, alternative.",
    },
    Entry {
        codec: &sb::EBCDIC_ES,
        aliases: &[],
        note: "EBCDIC Spain.",
    },
    Entry {
        codec: &sb::EBCDIC_ES_A,
        aliases: &[],
        note: "EBCDIC Spain, alternative.",
    },
    Entry {
        codec: &sb::EBCDIC_ES_S,
        aliases: &[],
        note: "EBCDIC Spain, Spanish-speaking.",
    },
    Entry {
        codec: &sb::EBCDIC_FI_SE,
        aliases: &[],
        note: "EBCDIC Finland and Sweden.",
    },
    Entry {
        codec: &sb::EBCDIC_FI_SE_A,
        aliases: &[],
        note: "EBCDIC Finland and Sweden, alternative.",
    },
    Entry {
        codec: &sb::EBCDIC_FR,
        aliases: &[],
        note: "EBCDIC France.",
    },
    Entry {
        codec: &sb::EBCDIC_IS_FRISS,
        aliases: &[],
        note: "EBCDIC Iceland (FRISS).",
    },
    Entry {
        codec: &sb::EBCDIC_IT,
        aliases: &[],
        note: "EBCDIC Italy.",
    },
    Entry {
        codec: &sb::EBCDIC_PT,
        aliases: &[],
        note: "EBCDIC Portugal.",
    },
    Entry {
        codec: &sb::EBCDIC_UK,
        aliases: &[],
        note: "EBCDIC United Kingdom.",
    },
    Entry {
        codec: &sb::EBCDIC_US,
        aliases: &[],
        note: "EBCDIC United States.",
    },
    Entry {
        codec: &sb::IBM038,
        aliases: &[],
        note: "EBCDIC International (code page 38).",
    },
    Entry {
        codec: &sb::IBM256,
        aliases: &[],
        note: "EBCDIC International No. 1 (code page 256).",
    },
    Entry {
        codec: &sb::IBM274,
        aliases: &[],
        note: "EBCDIC Belgium (code page 274).",
    },
    Entry {
        codec: &sb::IBM275,
        aliases: &[],
        note: "EBCDIC Brazil (code page 275).",
    },
    Entry {
        codec: &sb::IBM281,
        aliases: &[],
        note: "EBCDIC Japanese English (code page 281).",
    },
    Entry {
        codec: &sb::IBM290,
        aliases: &[],
        note: "EBCDIC Japanese Katakana (code page 290, the single-byte half of 930).",
    },
    Entry {
        codec: &sb::IBM420,
        aliases: &[],
        note: "EBCDIC Arabic (code page 420).",
    },
    Entry {
        codec: &sb::IBM423,
        aliases: &[],
        note: "EBCDIC Greek (code page 423).",
    },
    Entry {
        codec: &sb::IBM803,
        aliases: &[],
        note: "EBCDIC Hebrew, old code (code page 803).",
    },
    Entry {
        codec: &sb::IBM880,
        aliases: &[],
        note: "EBCDIC Cyrillic multilingual (code page 880).",
    },
    Entry {
        codec: &sb::IBM905,
        aliases: &[],
        note: "EBCDIC Latin-3 and Turkish (code page 905).",
    },
    Entry {
        codec: &sb::IBM918,
        aliases: &[],
        note: "EBCDIC Urdu (code page 918).",
    },
    Entry {
        codec: &sb::IBM1025,
        aliases: &[],
        note: "EBCDIC Cyrillic multilingual (code page 1025).",
    },
    Entry {
        codec: &sb::IBM1097,
        aliases: &[],
        note: "EBCDIC Farsi (code page 1097).",
    },
    Entry {
        codec: &sb::IBM1112,
        aliases: &[],
        note: "EBCDIC Baltic (code page 1112).",
    },
    Entry {
        codec: &sb::IBM1122,
        aliases: &[],
        note: "EBCDIC Estonian (code page 1122).",
    },
    Entry {
        codec: &sb::IBM1123,
        aliases: &[],
        note: "EBCDIC Ukrainian (code page 1123).",
    },
    Entry {
        codec: &sb::IBM1130,
        aliases: &[],
        note: "EBCDIC Vietnamese (code page 1130).",
    },
    Entry {
        codec: &sb::IBM1132,
        aliases: &[],
        note: "EBCDIC Lao (code page 1132). 0x70 is U+20AD KIP SIGN, as in IBM's table and GNU \
         libiconv (glibc reads it as `k`).",
    },
    Entry {
        codec: &sb::IBM1137,
        aliases: &[],
        note: "EBCDIC Devanagari (code page 1137).",
    },
    Entry {
        codec: &sb::IBM1153,
        aliases: &[],
        note: "EBCDIC Latin-2 with the euro sign (code page 1153).",
    },
    Entry {
        codec: &sb::IBM1154,
        aliases: &[],
        note: "EBCDIC Cyrillic with the euro sign (code page 1154).",
    },
    Entry {
        codec: &sb::IBM1155,
        aliases: &[],
        note: "EBCDIC Turkish with the euro sign (code page 1155).",
    },
    Entry {
        codec: &sb::IBM1156,
        aliases: &[],
        note: "EBCDIC Baltic with the euro sign (code page 1156).",
    },
    Entry {
        codec: &sb::IBM1157,
        aliases: &[],
        note: "EBCDIC Estonian with the euro sign (code page 1157).",
    },
    Entry {
        codec: &sb::IBM1158,
        aliases: &[],
        note: "EBCDIC Ukrainian with the euro sign (code page 1158).",
    },
    Entry {
        codec: &sb::IBM1160,
        aliases: &[],
        note: "EBCDIC Thai with the euro sign (code page 1160).",
    },
    Entry {
        codec: &sb::IBM1164,
        aliases: &[],
        note: "EBCDIC Vietnamese with the euro sign (code page 1164).",
    },
    Entry {
        codec: &sb::IBM1166,
        aliases: &[],
        note: "EBCDIC Kazakh with the euro sign (code page 1166).",
    },
    Entry {
        codec: &sb::IBM4517,
        aliases: &[],
        note: "EBCDIC Arabic with the euro sign (code page 4517).",
    },
    Entry {
        codec: &sb::IBM4899,
        aliases: &[],
        note: "EBCDIC Hebrew with the euro sign (code page 4899).",
    },
    Entry {
        codec: &sb::IBM4971,
        aliases: &[],
        note: "EBCDIC Greek with the euro sign (code page 4971).",
    },
    Entry {
        codec: &sb::IBM12712,
        aliases: &[],
        note: "EBCDIC Hebrew with the euro sign and new sheqel (code page 12712).",
    },
    Entry {
        codec: &sb::IBM16804,
        aliases: &[],
        note: "EBCDIC Arabic with the euro sign (code page 16804).",
    },
    Entry {
        codec: &sb::IBM851,
        aliases: &[],
        note: "Greek (DOS, IBM code page 851).",
    },
    Entry {
        codec: &sb::IBM868,
        aliases: &[],
        note: "Urdu (DOS, IBM code page 868).",
    },
    Entry {
        codec: &sb::IBM866NAV,
        aliases: &[],
        note: "Russian (DOS) with the Cyrillic of code page 866 and IBM's ASCII-compatible \
         controls.",
    },
    Entry {
        codec: &sb::IBM904,
        aliases: &[],
        note: "IBM's Traditional Chinese single-byte PC code (code page 904).",
    },
    Entry {
        codec: &sb::IBM9066,
        aliases: &[],
        note: "Thai (IBM PC code page 9066).",
    },
    Entry {
        codec: &sb::IBM1046,
        aliases: &[],
        note: "Arabic (IBM AIX and PC, code page 1046).",
    },
    Entry {
        codec: &sb::IBM1008,
        aliases: &[],
        note: "Arabic 8-bit (IBM code page 1008).",
    },
    Entry {
        codec: &sb::CP770,
        aliases: &[],
        note: "Baltic (DOS, code page 770).",
    },
    Entry {
        codec: &sb::CP771,
        aliases: &[],
        note: "Lithuanian and Russian (DOS KBL, code page 771).",
    },
    Entry {
        codec: &sb::CP772,
        aliases: &[],
        note: "Lithuanian and Russian (DOS LST 1284, code page 772).",
    },
    Entry {
        codec: &sb::CP773,
        aliases: &[],
        note: "Baltic (DOS, code page 773).",
    },
    Entry {
        codec: &sb::CP774,
        aliases: &[],
        note: "Lithuanian (DOS LST 1283, code page 774).",
    },
    Entry {
        codec: &sb::CWI,
        aliases: &[],
        note: "Hungarian (DOS, CWI-2).",
    },
    Entry {
        codec: &sb::MIK,
        aliases: &[],
        note: "Bulgarian (DOS, MIK).",
    },
    Entry {
        codec: &sb::CP10007,
        aliases: &[],
        note: "Microsoft's Mac Cyrillic (Windows code page 10007).",
    },
    Entry {
        codec: &sb::MAC_SAMI,
        aliases: &[],
        note: "Apple's Sámi (Mac OS Northern Sámi).",
    },
    Entry {
        codec: &sb::DEC_MCS,
        aliases: &[],
        note: "DEC Multinational Character Set (VT220).",
    },
    Entry {
        codec: &sb::HP_ROMAN9,
        aliases: &[],
        note: "HP Roman-9 (Roman-8 with the euro sign).",
    },
    Entry {
        codec: &sb::HP_GREEK8,
        aliases: &[],
        note: "HP Greek-8.",
    },
    Entry {
        codec: &sb::HP_THAI8,
        aliases: &[],
        note: "HP Thai-8. glibc's `THAI8` is this; ICU gives the name to ISO-8859-11.",
    },
    Entry {
        codec: &sb::HP_TURKISH8,
        aliases: &[],
        note: "HP Turkish-8. glibc's `TURKISH8` is this; ICU gives the name to ISO-8859-9.",
    },
    Entry {
        codec: &sb::ECMA_CYRILLIC,
        aliases: &[],
        note: "ECMA-113 Cyrillic (ISO-IR-111).",
    },
    Entry {
        codec: &sb::GOST_19768_74,
        aliases: &[],
        note: "Cyrillic of GOST 19768-74 (ST SEV 358-88, ISO-IR-153).",
    },
    Entry {
        codec: &sb::CSN_369103,
        aliases: &[],
        note: "Czech and Slovak (CSN 36 9103, ISO-IR-139).",
    },
    Entry {
        codec: &sb::IEC_P27_1,
        aliases: &[],
        note: "IEC P27-1 Latin and Greek (ISO-IR-143).",
    },
    Entry {
        codec: &sb::ISO_10367_BOX,
        aliases: &[],
        note: "Box drawing of ISO/IEC 10367 (ISO-IR-155).",
    },
    Entry {
        codec: &sb::ISO_11548_1,
        aliases: &[],
        note: "ISO/TR 11548-1 braille: byte N is the braille pattern U+2800+N.",
    },
    Entry {
        codec: &sb::ISO_IR_197,
        aliases: &[],
        note: "Sámi (ISO-IR-197).",
    },
    Entry {
        codec: &sb::ISO_IR_209,
        aliases: &[],
        note: "Sámi (ISO-IR-209, ISO-8859-1 based).",
    },
    Entry {
        codec: &sb::WIN_SAMI_2,
        aliases: &[],
        note: "Sámi for Windows (WinSami2).",
    },
    Entry {
        codec: &sb::ISIRI_3342,
        aliases: &[],
        note: "Persian (ISIRI 3342).",
    },
    Entry {
        codec: &sb::IBM901,
        aliases: &[],
        note: "Baltic 8-bit with the euro sign (IBM code page 901).",
    },
    Entry {
        codec: &sb::IBM902,
        aliases: &[],
        note: "Estonian 8-bit with the euro sign (IBM code page 902).",
    },
    Entry {
        codec: &sb::IBM922,
        aliases: &[],
        note: "Estonian 8-bit (IBM code page 922, libiconv's CP922).",
    },
    Entry {
        codec: &sb::IBM1004,
        aliases: &[],
        note: "Latin-1 desktop publishing (IBM code page 1004).",
    },
    Entry {
        codec: &sb::IBM1124,
        aliases: &[],
        note: "Belarusian and Ukrainian 8-bit (IBM code page 1124, libiconv's CP1124).",
    },
    Entry {
        codec: &sb::IBM1129,
        aliases: &[],
        note: "Vietnamese 8-bit (IBM code page 1129, libiconv's CP1129).",
    },
    Entry {
        codec: &sb::IBM1133,
        aliases: &[],
        note: "Lao 8-bit (IBM code page 1133, libiconv's CP1133). 0xDF is U+20AD KIP SIGN, as in \
         GNU libiconv (glibc reads it as `k`); 0xFF is the no-break space and 0xA0 unassigned, \
         as in glibc and IBM's table.",
    },
    Entry {
        codec: &sb::IBM1161,
        aliases: &[],
        note: "Thai with the euro sign (IBM code page 1161, libiconv's CP1161).",
    },
    Entry {
        codec: &sb::IBM1162,
        aliases: &[],
        note: "Thai with the euro sign (IBM code page 1162, Windows 874 shape).",
    },
    Entry {
        codec: &sb::IBM1163,
        aliases: &[],
        note: "Vietnamese with the euro sign (IBM code page 1163, libiconv's CP1163).",
    },
    Entry {
        codec: &sb::IBM1167,
        aliases: &[],
        note: "KOI8-RU with the euro sign (IBM code page 1167).",
    },
    Entry {
        codec: &sb::IBM4909,
        aliases: &[],
        note: "Greek 8-bit with the euro sign (IBM code page 4909).",
    },
    Entry {
        codec: &sb::CP1131,
        aliases: &[],
        note: "Belarusian (DOS, code page 1131).",
    },
    Entry {
        codec: &sb::CP853,
        aliases: &[],
        note: "Latin-3 and Turkish (DOS, code page 853).",
    },
    Entry {
        codec: &sb::MULE_LAO_1,
        aliases: &[],
        note: "Lao of Emacs' MULE (MuleLao-1).",
    },
    Entry {
        codec: &sb::TDS565,
        aliases: &[],
        note: "Turkmen 7-bit (TDS 565).",
    },
    Entry {
        codec: &sb::RISCOS_LATIN1,
        aliases: &[],
        note: "Latin-1 of Acorn's RISC OS.",
    },
    Entry {
        codec: &sb::JIS_X0201,
        aliases: &[],
        note: "JIS X 0201: the Roman set (¥ at 0x5C, overline at 0x7E) and halfwidth katakana at \
         0xA1..0xDF, as GNU libiconv converts it.",
    },
    Entry {
        codec: &sb::MAC_FARSI,
        aliases: &[],
        note: "Apple's Farsi (Mac OS Persian).",
    },
    Entry {
        codec: &sb::KOI8_U,
        aliases: &[],
        note: "Ukrainian, RFC 2319, as glibc, GNU libiconv and Python read it: 0xAE is U+255D \
         and 0xBE U+256C (box drawing). The WHATWG Encoding Standard's koi8-u puts U+045E and \
         U+040E (Belarusian short u) there instead; `KOI8-RU` has those.",
    },
];
