//! The label table's rows for the single-byte code pages of `data/single-byte/` (DOS,
//! EBCDIC, Mac OS and national sets) and for UTF-8-SIG. Their aliases from glibc, ICU and
//! Python are in the generated [`super::aliases`]; `--list` groups every row by family.

#![forbid(unsafe_code)]

use super::table::Entry;
use crate::codecs::single_byte::generated as sb;
use crate::codecs::utf8;

/// The rows, in the order `--list` prints them within each family. The labels WHATWG gives
/// another meaning (it reads them as windows-1254 and windows-874) are listed here, with the
/// charset's own meaning.
pub static ROWS: &[Entry] = &[
    Entry {
        codec: &utf8::UTF_8_SIG,
        aliases: &[],
        note: "UTF-8 with a signature (Python's `utf-8-sig`): the output begins with a BOM (EF BB \
         BF), and a leading BOM is removed on input, as for UTF-8.",
    },
    Entry {
        codec: &sb::CP437,
        aliases: &[],
        note: "The IBM PC's code page (DOS, US; the OEM code page of English Windows consoles \
         and of ZIP file names). Bytes 0x01..0x1F and 0x7F are the control characters, as \
         in glibc and Python; `CP437-graphic` reads them as the glyphs the screen shows.",
    },
    Entry {
        codec: &sb::CP437_GRAPHIC,
        aliases: &[],
        note: "CP437 with the glyphs the DOS screen shows for 0x01..0x1F and 0x7F (U+263A WHITE \
         SMILING FACE, U+263B, U+2665 and so on to U+2302 HOUSE, from the Unicode \
         Consortium's IBMGRAPH.TXT), as in screen dumps, ANSI art and the file names of old \
         ZIP archives; 0x00 stays U+0000 and every other byte is as in CP437. Line feeds \
         are glyphs too (0x0A is U+25D9), so a text file with line ends wants `CP437`.",
    },
    Entry {
        codec: &sb::CP720,
        aliases: &[],
        note: "Arabic (DOS), as Windows defines it.",
    },
    Entry {
        codec: &sb::CP737,
        aliases: &[],
        note: "Greek (DOS).",
    },
    Entry {
        codec: &sb::CP775,
        aliases: &[],
        note: "Baltic (DOS).",
    },
    Entry {
        codec: &sb::CP850,
        aliases: &[],
        note: "Western European (DOS Latin-1).",
    },
    Entry {
        codec: &sb::CP852,
        aliases: &[],
        note: "Central European (DOS Latin-2).",
    },
    Entry {
        codec: &sb::CP855,
        aliases: &[],
        note: "Cyrillic (DOS, IBM).",
    },
    Entry {
        codec: &sb::CP856,
        aliases: &[],
        note: "Hebrew (IBM PC).",
    },
    Entry {
        codec: &sb::CP857,
        aliases: &[],
        note: "Turkish (DOS).",
    },
    Entry {
        codec: &sb::CP858,
        aliases: &[],
        note: "CP850 with the euro sign at 0xD5.",
    },
    Entry {
        codec: &sb::CP860,
        aliases: &[],
        note: "Portuguese (DOS).",
    },
    Entry {
        codec: &sb::CP861,
        aliases: &[],
        note: "Icelandic (DOS).",
    },
    Entry {
        codec: &sb::CP862,
        aliases: &[],
        note: "Hebrew (DOS).",
    },
    Entry {
        codec: &sb::CP863,
        aliases: &[],
        note: "Canadian French (DOS).",
    },
    Entry {
        codec: &sb::CP864,
        aliases: &[],
        note: "Arabic (DOS). 0x25 is U+066A ARABIC PERCENT SIGN, not `%`, as in Microsoft's \
         table.",
    },
    Entry {
        codec: &sb::CP865,
        aliases: &[],
        note: "Nordic (DOS).",
    },
    Entry {
        codec: &sb::CP869,
        aliases: &[],
        note: "Greek (DOS, modern).",
    },
    Entry {
        codec: &sb::CP1125,
        aliases: &[],
        note: "Ukrainian (DOS, RUSCII).",
    },
    Entry {
        codec: &sb::IBM037,
        aliases: &[],
        note: "EBCDIC, US and Canada. In every EBCDIC code page here 0x15 is U+0085 NEXT LINE \
         and 0x25 U+000A LINE FEED, as in glibc and ICU, and `--newline` treats U+0085 as \
         a line end on input.",
    },
    Entry {
        codec: &sb::IBM273,
        aliases: &[],
        note: "EBCDIC, Germany and Austria.",
    },
    Entry {
        codec: &sb::IBM277,
        aliases: &[],
        note: "EBCDIC, Denmark and Norway.",
    },
    Entry {
        codec: &sb::IBM278,
        aliases: &[],
        note: "EBCDIC, Finland and Sweden.",
    },
    Entry {
        codec: &sb::IBM280,
        aliases: &[],
        note: "EBCDIC, Italy.",
    },
    Entry {
        codec: &sb::IBM284,
        aliases: &[],
        note: "EBCDIC, Spain and Latin America.",
    },
    Entry {
        codec: &sb::IBM285,
        aliases: &[],
        note: "EBCDIC, United Kingdom.",
    },
    Entry {
        codec: &sb::IBM297,
        aliases: &[],
        note: "EBCDIC, France.",
    },
    Entry {
        codec: &sb::IBM424,
        aliases: &[],
        note: "EBCDIC, Hebrew.",
    },
    Entry {
        codec: &sb::IBM500,
        aliases: &[],
        note: "EBCDIC, International (Latin-1 repertoire).",
    },
    Entry {
        codec: &sb::IBM838,
        aliases: &[],
        note: "EBCDIC, Thai. Five bytes repeat tone marks that other bytes have; they are read, \
         and the other byte is written.",
    },
    Entry {
        codec: &sb::IBM870,
        aliases: &[],
        note: "EBCDIC, Central and Eastern Europe (Latin-2).",
    },
    Entry {
        codec: &sb::IBM871,
        aliases: &[],
        note: "EBCDIC, Iceland.",
    },
    Entry {
        codec: &sb::IBM875,
        aliases: &[],
        note: "EBCDIC, Greek.",
    },
    Entry {
        codec: &sb::IBM1026,
        aliases: &[],
        note: "EBCDIC, Turkish. 0x9A is U+00AA (glibc, Python, Microsoft), not the lira sign \
         ICU 72 gives it.",
    },
    Entry {
        codec: &sb::IBM1047,
        aliases: &[],
        note: "EBCDIC Latin-1 of z/OS open systems (UNIX System Services).",
    },
    Entry {
        codec: &sb::IBM1140,
        aliases: &[],
        note: "IBM037 with the euro sign at 0x9F.",
    },
    Entry {
        codec: &sb::IBM1141,
        aliases: &[],
        note: "IBM273 with the euro sign at 0x9F.",
    },
    Entry {
        codec: &sb::IBM1142,
        aliases: &[],
        note: "IBM277 with the euro sign at 0x5A.",
    },
    Entry {
        codec: &sb::IBM1143,
        aliases: &[],
        note: "IBM278 with the euro sign at 0x5A.",
    },
    Entry {
        codec: &sb::IBM1144,
        aliases: &[],
        note: "IBM280 with the euro sign at 0x9F.",
    },
    Entry {
        codec: &sb::IBM1145,
        aliases: &[],
        note: "IBM284 with the euro sign at 0x9F.",
    },
    Entry {
        codec: &sb::IBM1146,
        aliases: &[],
        note: "IBM285 with the euro sign at 0x9F.",
    },
    Entry {
        codec: &sb::IBM1147,
        aliases: &[],
        note: "IBM297 with the euro sign at 0x9F.",
    },
    Entry {
        codec: &sb::IBM1148,
        aliases: &[],
        note: "IBM500 with the euro sign at 0x9F.",
    },
    Entry {
        codec: &sb::IBM1149,
        aliases: &[],
        note: "IBM871 with the euro sign at 0x9F.",
    },
    Entry {
        codec: &sb::MAC_CENTRAL_EUROPE,
        aliases: &[],
        note: "Mac OS Central European, as Apple's table has it.",
    },
    Entry {
        codec: &sb::MAC_CROATIAN,
        aliases: &[],
        note: "Mac OS Croatian. 0xD8 is Apple's logo, the private-use character U+F8FF, as \
         Apple's table has it (0xF0 in MacRomanian, MacIcelandic and MacTurkish).",
    },
    Entry {
        codec: &sb::MAC_ROMANIAN,
        aliases: &[],
        note: "Mac OS Romanian.",
    },
    Entry {
        codec: &sb::MAC_ICELANDIC,
        aliases: &[],
        note: "Mac OS Icelandic.",
    },
    Entry {
        codec: &sb::MAC_TURKISH,
        aliases: &[],
        note: "Mac OS Turkish.",
    },
    Entry {
        codec: &sb::MAC_GREEK,
        aliases: &[],
        note: "Mac OS Greek.",
    },
    Entry {
        codec: &sb::MAC_HEBREW,
        aliases: &[],
        note: "Mac OS Hebrew, as Apple's table has it: 0x81, 0xC0 and 0xDE are sequences of two \
         or three characters (0xC0 and 0xDE with Apple's private-use hints), written back \
         as one byte. The right-to-left copies of ASCII punctuation and digits \
         (0xA0..0xBF, 0xFB..0xFF) are read as the plain characters, which are written as \
         ASCII.",
    },
    Entry {
        codec: &sb::MAC_ARABIC,
        aliases: &[],
        note: "Mac OS Arabic. The right-to-left copies of ASCII punctuation (0xA0..0xAF, \
         0xBA..0xBF, 0xDB..0xDF, 0xFB..0xFD) are read as the plain characters, which are \
         written as ASCII.",
    },
    Entry {
        codec: &sb::MAC_THAI,
        aliases: &[],
        note: "Mac OS Thai, as Apple's table has it: 22 bytes are a Thai mark followed by a \
         private-use hint of its position (U+F873..U+F875), written back as one byte.",
    },
    Entry {
        codec: &sb::ISO_8859_9,
        aliases: &[
            "csisolatin5",
            "iso-ir-148",
            "iso8859-9",
            "iso88599",
            "iso_8859-9",
            "iso_8859-9:1989",
            "l5",
            "latin5",
        ],
        note: "Latin-5 (Turkish), the real one: 0x80..0x9F are C1 controls. WHATWG reads \
         `iso-8859-9` and `latin5` as windows-1254; say `windows-1254` for that.",
    },
    Entry {
        codec: &sb::ISO_8859_11,
        aliases: &["iso8859-11", "iso885911"],
        note: "Thai: TIS-620 with U+00A0 at 0xA0 and the C1 controls. WHATWG reads \
         `iso-8859-11` as windows-874.",
    },
    Entry {
        codec: &sb::ISO_8859_9E,
        aliases: &[],
        note: "Latin-5 extended for Azerbaijani (glibc).",
    },
    Entry {
        codec: &sb::KOI8_T,
        aliases: &[],
        note: "Tajik Cyrillic.",
    },
    Entry {
        codec: &sb::KOI8_RU,
        aliases: &[],
        note: "KOI8-U with the Belarusian letters (the KOI8-RU draft, as glibc has it). WHATWG \
         reads `koi8-ru` as KOI8-U; here it is its own charset.",
    },
    Entry {
        codec: &sb::PT154,
        aliases: &[],
        note: "Kazakh Cyrillic (Paratype).",
    },
    Entry {
        codec: &sb::RK1048,
        aliases: &[],
        note: "Kazakh Cyrillic (STRK1048-2002).",
    },
    Entry {
        codec: &sb::ARMSCII_8,
        aliases: &[],
        note: "Armenian. Five bytes repeat ASCII punctuation; they are read, and the ASCII byte \
         is written.",
    },
    Entry {
        codec: &sb::GEORGIAN_PS,
        aliases: &[],
        note: "Georgian (Paratype).",
    },
    Entry {
        codec: &sb::GEORGIAN_ACADEMY,
        aliases: &[],
        note: "Georgian (Academy of Sciences).",
    },
    Entry {
        codec: &sb::VISCII,
        aliases: &[],
        note: "Vietnamese, every letter precomposed (RFC 1456).",
    },
    Entry {
        codec: &crate::codecs::compose::TCVN5712_1,
        aliases: &[],
        note: "Vietnamese (TCVN 5712:1993 VN1), with combining marks at 0xB0..0xB4. As glibc and \
         GNU libiconv read it: a letter followed by a mark becomes the precomposed letter \
         (`a` 0xB3 is U+00E1), and a precomposed letter without a byte of its own is written \
         as letter and mark.",
    },
    Entry {
        codec: &sb::TIS_620,
        aliases: &[],
        note: "Thai (TIS 620-2533) as glibc has it: 0xA1..0xFB, no 0xA0 and no C1 controls. \
         ISO-8859-11 adds those, windows-874 the euro sign and quotes; WHATWG reads \
         `tis-620` as windows-874.",
    },
    Entry {
        codec: &sb::CP1006,
        aliases: &[],
        note: "Urdu (IBM). 0xB1 and 0xB2 are both U+FE8E; 0xB1 is written.",
    },
    Entry {
        codec: &sb::HP_ROMAN8,
        aliases: &[],
        note: "HP's Roman-8.",
    },
    Entry {
        codec: &sb::NEXTSTEP,
        aliases: &[],
        note: "NeXTSTEP's character set.",
    },
    Entry {
        codec: &sb::ATARIST,
        aliases: &[],
        note: "The Atari ST's character set.",
    },
];
