"""The single-byte code pages of issue 34: every stateless single-byte charset of glibc's
converter modules (gconv-modules) and of GNU libiconv's tested set that transcode lacked.

Each entry is (name, family, source, title): `name` is glibc's module name (the name `iconv
-l` and gconv-modules use), or libiconv's name where glibc has no such charset; `title` says
in a few words what the code page is, for the label table's note. Sources, in order of
preference:

  ("glibc", module)             glibc's own converter, called through libc's iconv(): what
                                `iconv` does, byte for byte (its charmap in
                                /usr/share/i18n/charmaps is checked against it);
  ("icu", converter)            IBM's CDRA table as ICU ships it, where glibc lacks the page;
  ("libiconv", header, array, first, above)
                                GNU libiconv's table, read from its C source as the npm
                                package iconv@3.0.1 vendors it (deps/libiconv/lib/HEADER):
                                bytes below `first` are ASCII, `array` holds the bytes from
                                `first` on, and bytes past it are `above` ("ascii": the same
                                code point; "none": unassigned), 0xFFFD marking a hole;
  ("unicode", member, controls)  Apple's MacFarsi, from the Unicode Consortium's copy of
                                Apple's FARSI.TXT (see codepages.py).

Choices against a source are in decisions.py.
"""

GLIBC_WHY = ("glibc's converter (what `iconv` does), checked against glibc's charmap where "
             "there is one, ICU and GNU libiconv")
ICU_WHY = "IBM's CDRA table as ICU ships it: glibc lacks the page"
LIBICONV_WHY = ("only GNU libiconv has the code page (glibc, ICU, Python do not): libiconv's "
                "own table")

# (glibc module, family, title). Families: iso646 (7-bit national variants of ISO 646),
# ebcdic, dos, mac, other.
GLIBC = [
    # ISO 646 national variants and other 7-bit sets.
    ("BS_4730", "iso646", "ISO 646 British (BS 4730): £ for #, overline for ~"),
    ("CSA_Z243.4-1985-1", "iso646", "ISO 646 Canadian French (CSA Z243.4-1985, first set)"),
    ("CSA_Z243.4-1985-2", "iso646", "ISO 646 Canadian French (CSA Z243.4-1985, second set)"),
    ("DIN_66003", "iso646", "ISO 646 German (DIN 66003): umlauts and sharp s in place of brackets and braces"),
    ("DS_2089", "iso646", "ISO 646 Danish (DS 2089)"),
    ("ES", "iso646", "ISO 646 Spanish (ISO-IR-17)"),
    ("ES2", "iso646", "ISO 646 Spanish, second version (ISO-IR-85)"),
    ("GB_1988-80", "iso646", "ISO 646 Chinese (GB 1988-80): ¥ for \\, overline for ~ (libiconv's ISO646-CN)"),
    ("IT", "iso646", "ISO 646 Italian (ISO-IR-15)"),
    ("JIS_C6220-1969-RO", "iso646", "ISO 646 Japanese Roman (JIS C 6220-1969, JIS X 0201 Roman): ¥ for \\, overline for ~ (libiconv's ISO646-JP)"),
    ("JIS_C6229-1984-B", "iso646", "JIS C 6229-1984 OCR-B (Japanese ISO 646 for OCR)"),
    ("JUS_I.B1.002", "iso646", "ISO 646 Yugoslav (JUS I.B1.002)"),
    ("KSC5636", "iso646", "ISO 646 Korean (KS C 5636): the won sign for the backslash"),
    ("MSZ_7795.3", "iso646", "ISO 646 Hungarian (MSZ 7795.3)"),
    ("NC_NC00-10", "iso646", "ISO 646 Cuban (NC NC00-10:81)"),
    ("NF_Z_62-010", "iso646", "ISO 646 French (NF Z 62-010, 1982)"),
    ("NF_Z_62-010_1973", "iso646", "ISO 646 French, 1973 edition (NF Z 62-010)"),
    ("NS_4551-1", "iso646", "ISO 646 Norwegian (NS 4551, first version)"),
    ("NS_4551-2", "iso646", "ISO 646 Norwegian (NS 4551, second version)"),
    ("PT", "iso646", "ISO 646 Portuguese (ISO-IR-16)"),
    ("PT2", "iso646", "ISO 646 Portuguese, second version (ISO-IR-84)"),
    ("SEN_850200_B", "iso646", "ISO 646 Swedish and Finnish (SEN 850200 annex B)"),
    ("SEN_850200_C", "iso646", "ISO 646 Swedish for names (SEN 850200 annex C)"),
    ("NATS-DANO", "iso646", "NATS Danish and Norwegian (newspaper text, ISO-IR-9-1)"),
    ("NATS-SEFI", "iso646", "NATS Swedish and Finnish (newspaper text, ISO-IR-8-1)"),
    ("GREEK7", "iso646", "Greek 7-bit (ISO-IR-88)"),
    ("GREEK7-OLD", "iso646", "Greek 7-bit, old version (ISO-IR-18)"),
    ("GREEK-CCITT", "iso646", "Greek 7-bit of CCITT (ISO-IR-150)"),
    ("LATIN-GREEK", "iso646", "Latin-Greek 7-bit (ISO-IR-19)"),
    ("LATIN-GREEK-1", "iso646", "Latin-Greek 7-bit (ISO-IR-27)"),
    ("ISO_5427", "iso646", "Cyrillic 7-bit KOI-7 (ISO 5427)"),
    ("ISO_5427-EXT", "iso646", "Cyrillic extension of ISO 5427 (ISO 5427:1981, ISO-IR-54)"),
    ("ISO_5428", "iso646", "Greek bibliographic set (ISO 5428:1980)"),
    ("INIS", "iso646", "INIS, the International Nuclear Information System's 7-bit subset (ISO-IR-49)"),
    ("INIS-8", "iso646", "INIS 8-bit extension (ISO-IR-50)"),
    ("INIS-CYRILLIC", "iso646", "INIS Cyrillic extension (ISO-IR-51)"),
    ("ISO_2033", "iso646", "ISO 2033-1983 magnetic ink characters (E13B): digits and four symbols"),
    ("ASMO_449", "iso646", "Arabic 7-bit (ASMO 449, ISO 9036)"),
    ("BRF", "iso646", "Braille ASCII (Braille Ready Format): ASCII bytes to Unicode braille patterns"),
    ("IBM891", "iso646", "IBM's 7-bit Korean Roman (code page 891, the low half of 904)"),
    ("IBM903", "iso646", "IBM's 7-bit Simplified Chinese Roman (code page 903)"),
    # EBCDIC national variants of the 1970s (glibc's EBCDIC-XX, IBM's old CECP pages).
    ("EBCDIC-AT-DE", "ebcdic", "EBCDIC Austria and Germany"),
    ("EBCDIC-AT-DE-A", "ebcdic", "EBCDIC Austria and Germany, alternative"),
    ("EBCDIC-CA-FR", "ebcdic", "EBCDIC Canadian French"),
    ("EBCDIC-DK-NO", "ebcdic", "EBCDIC Denmark and Norway"),
    ("EBCDIC-DK-NO-A", "ebcdic", "EBCDIC Denmark and Norway, alternative"),
    ("EBCDIC-ES", "ebcdic", "EBCDIC Spain"),
    ("EBCDIC-ES-A", "ebcdic", "EBCDIC Spain, alternative"),
    ("EBCDIC-ES-S", "ebcdic", "EBCDIC Spain, Spanish-speaking"),
    ("EBCDIC-FI-SE", "ebcdic", "EBCDIC Finland and Sweden"),
    ("EBCDIC-FI-SE-A", "ebcdic", "EBCDIC Finland and Sweden, alternative"),
    ("EBCDIC-FR", "ebcdic", "EBCDIC France"),
    ("EBCDIC-IS-FRISS", "ebcdic", "EBCDIC Iceland (FRISS)"),
    ("EBCDIC-IT", "ebcdic", "EBCDIC Italy"),
    ("EBCDIC-PT", "ebcdic", "EBCDIC Portugal"),
    ("EBCDIC-UK", "ebcdic", "EBCDIC United Kingdom"),
    ("EBCDIC-US", "ebcdic", "EBCDIC United States"),
    ("IBM038", "ebcdic", "EBCDIC International (code page 38)"),
    ("IBM256", "ebcdic", "EBCDIC International No. 1 (code page 256)"),
    ("IBM274", "ebcdic", "EBCDIC Belgium (code page 274)"),
    ("IBM275", "ebcdic", "EBCDIC Brazil (code page 275)"),
    ("IBM281", "ebcdic", "EBCDIC Japanese English (code page 281)"),
    ("IBM290", "ebcdic", "EBCDIC Japanese Katakana (code page 290, the single-byte half of 930)"),
    ("IBM420", "ebcdic", "EBCDIC Arabic (code page 420)"),
    ("IBM423", "ebcdic", "EBCDIC Greek (code page 423)"),
    ("IBM803", "ebcdic", "EBCDIC Hebrew, old code (code page 803)"),
    ("IBM880", "ebcdic", "EBCDIC Cyrillic multilingual (code page 880)"),
    ("IBM905", "ebcdic", "EBCDIC Latin-3 and Turkish (code page 905)"),
    ("IBM918", "ebcdic", "EBCDIC Urdu (code page 918)"),
    ("IBM1025", "ebcdic", "EBCDIC Cyrillic multilingual (code page 1025)"),
    ("IBM1097", "ebcdic", "EBCDIC Farsi (code page 1097)"),
    ("IBM1112", "ebcdic", "EBCDIC Baltic (code page 1112)"),
    ("IBM1122", "ebcdic", "EBCDIC Estonian (code page 1122)"),
    ("IBM1123", "ebcdic", "EBCDIC Ukrainian (code page 1123)"),
    ("IBM1130", "ebcdic", "EBCDIC Vietnamese (code page 1130)"),
    ("IBM1132", "ebcdic", "EBCDIC Lao (code page 1132)"),
    ("IBM1137", "ebcdic", "EBCDIC Devanagari (code page 1137)"),
    ("IBM1153", "ebcdic", "EBCDIC Latin-2 with the euro sign (code page 1153)"),
    ("IBM1154", "ebcdic", "EBCDIC Cyrillic with the euro sign (code page 1154)"),
    ("IBM1155", "ebcdic", "EBCDIC Turkish with the euro sign (code page 1155)"),
    ("IBM1156", "ebcdic", "EBCDIC Baltic with the euro sign (code page 1156)"),
    ("IBM1157", "ebcdic", "EBCDIC Estonian with the euro sign (code page 1157)"),
    ("IBM1158", "ebcdic", "EBCDIC Ukrainian with the euro sign (code page 1158)"),
    ("IBM1160", "ebcdic", "EBCDIC Thai with the euro sign (code page 1160)"),
    ("IBM1164", "ebcdic", "EBCDIC Vietnamese with the euro sign (code page 1164)"),
    ("IBM1166", "ebcdic", "EBCDIC Kazakh with the euro sign (code page 1166)"),
    ("IBM4517", "ebcdic", "EBCDIC Arabic with the euro sign (code page 4517)"),
    ("IBM4899", "ebcdic", "EBCDIC Hebrew with the euro sign (code page 4899)"),
    ("IBM4971", "ebcdic", "EBCDIC Greek with the euro sign (code page 4971)"),
    ("IBM12712", "ebcdic", "EBCDIC Hebrew with the euro sign and new sheqel (code page 12712)"),
    ("IBM16804", "ebcdic", "EBCDIC Arabic with the euro sign (code page 16804)"),
    # DOS and OEM.
    ("IBM851", "dos", "Greek (DOS, IBM code page 851)"),
    ("IBM868", "dos", "Urdu (DOS, IBM code page 868)"),
    ("IBM866NAV", "dos", "Russian (DOS) with the Cyrillic of code page 866 and IBM's ASCII-compatible controls"),
    ("IBM904", "dos", "IBM's Traditional Chinese single-byte PC code (code page 904)"),
    ("IBM9066", "dos", "Thai (IBM PC code page 9066)"),
    ("IBM1046", "dos", "Arabic (IBM AIX and PC, code page 1046)"),
    ("IBM1008", "dos", "Arabic 8-bit (IBM code page 1008)"),
    ("CP770", "dos", "Baltic (DOS, code page 770)"),
    ("CP771", "dos", "Lithuanian and Russian (DOS KBL, code page 771)"),
    ("CP772", "dos", "Lithuanian and Russian (DOS LST 1284, code page 772)"),
    ("CP773", "dos", "Baltic (DOS, code page 773)"),
    ("CP774", "dos", "Lithuanian (DOS LST 1283, code page 774)"),
    ("CWI", "dos", "Hungarian (DOS, CWI-2)"),
    ("MIK", "dos", "Bulgarian (DOS, MIK)"),
    # Mac.
    ("CP10007", "mac", "Microsoft's Mac Cyrillic (Windows code page 10007)"),
    ("MAC-SAMI", "mac", "Apple's Sámi (Mac OS Northern Sámi)"),
    # Others.
    ("DEC-MCS", "other", "DEC Multinational Character Set (VT220)"),
    ("HP-ROMAN9", "other", "HP Roman-9 (Roman-8 with the euro sign)"),
    ("HP-GREEK8", "other", "HP Greek-8"),
    ("HP-THAI8", "other", "HP Thai-8"),
    ("HP-TURKISH8", "other", "HP Turkish-8"),
    ("ECMA-CYRILLIC", "other", "ECMA-113 Cyrillic (ISO-IR-111)"),
    ("GOST_19768-74", "other", "Cyrillic of GOST 19768-74 (ST SEV 358-88, ISO-IR-153)"),
    ("CSN_369103", "other", "Czech and Slovak (CSN 36 9103, ISO-IR-139)"),
    ("IEC_P27-1", "other", "IEC P27-1 Latin and Greek (ISO-IR-143)"),
    ("ISO_10367-BOX", "other", "Box drawing of ISO/IEC 10367 (ISO-IR-155)"),
    ("ISO_11548-1", "other", "ISO/TR 11548-1 braille: byte N is the braille pattern U+2800+N"),
    ("ISO-IR-197", "other", "Sámi (ISO-IR-197)"),
    ("ISO-IR-209", "other", "Sámi (ISO-IR-209, ISO-8859-1 based)"),
    ("WIN-SAMI-2", "other", "Sámi for Windows (WinSami2)"),
    ("ISIRI-3342", "other", "Persian (ISIRI 3342)"),
    ("IBM901", "other", "Baltic 8-bit with the euro sign (IBM code page 901)"),
    ("IBM902", "other", "Estonian 8-bit with the euro sign (IBM code page 902)"),
    ("IBM922", "other", "Estonian 8-bit (IBM code page 922, libiconv's CP922)"),
    ("IBM1004", "other", "Latin-1 desktop publishing (IBM code page 1004)"),
    ("IBM1124", "other", "Belarusian and Ukrainian 8-bit (IBM code page 1124, libiconv's CP1124)"),
    ("IBM1129", "other", "Vietnamese 8-bit (IBM code page 1129, libiconv's CP1129)"),
    ("IBM1133", "other", "Lao 8-bit (IBM code page 1133, libiconv's CP1133)"),
    ("IBM1161", "other", "Thai with the euro sign (IBM code page 1161, libiconv's CP1161)"),
    ("IBM1162", "other", "Thai with the euro sign (IBM code page 1162, Windows 874 shape)"),
    ("IBM1163", "other", "Vietnamese with the euro sign (IBM code page 1163, libiconv's CP1163)"),
    ("IBM1167", "other", "KOI8-RU with the euro sign (IBM code page 1167)"),
    ("IBM4909", "other", "Greek 8-bit with the euro sign (IBM code page 4909)"),
]

# Pages only GNU libiconv has: (name, family, source, title).
LIBICONV = [
    ("CP1131", "dos", ("libiconv", "cp1131.h", "cp1131_2uni", 0x80, "none"),
     "Belarusian (DOS, code page 1131)"),
    ("CP853", "dos", ("libiconv", "cp853.h", "cp853_2uni", 0x80, "none"),
     "Latin-3 and Turkish (DOS, code page 853)"),
    ("MuleLao-1", "other", ("libiconv", "mulelao.h", "mulelao_2uni", 0xA0, "none"),
     "Lao of Emacs' MULE (MuleLao-1)"),
    ("TDS565", "other", ("libiconv", "tds565.h", "tds565_2uni", 0x40, "none"),
     "Turkmen 7-bit (TDS 565)"),
    ("RISCOS-LATIN1", "other", ("libiconv", "riscos1.h", "riscos1_2uni", 0x80, "ascii"),
     "Latin-1 of Acorn's RISC OS"),
]


def _glibc_page(name, family, title):
    return {"name": name, "family": family, "source": ("glibc", name), "why": GLIBC_WHY,
            "peers": {"glibc": name, "glibc-charmap": name}, "title": title}


PAGES = [_glibc_page(*p) for p in GLIBC]
PAGES += [{"name": n, "family": f, "source": s, "why": LIBICONV_WHY, "peers": {}, "title": t}
          for n, f, s, t in LIBICONV]
PAGES += [
    {"name": "JIS_X0201", "family": "other", "source": ("glibc-charmap", "JIS_X0201"),
     "why": "JIS X 0201: the Roman set of JIS_C6220-1969-RO and halfwidth katakana at "
            "0xA1-0xDF, as GNU libiconv defines it (glibc has the charmap but no converter)",
     "peers": {}, "title": "JIS X 0201 (Roman and halfwidth katakana), single-byte"},
    {"name": "MacFarsi", "family": "mac", "source": ("unicode", "apple/FARSI.TXT", True),
     "why": "Apple's own table at the Unicode Consortium (MAPPINGS/VENDORS/APPLE)",
     "peers": {"python": "mac_farsi"}, "title": "Apple's Farsi (Mac OS Persian)"},
    {"name": "KOI8-U", "family": "cyrillic", "source": ("glibc-charmap", "KOI8-U"),
     "why": "RFC 2319 as glibc's charmap gives it (0xAE U+255D, 0xBE U+256C), as glibc, GNU "
            "libiconv and Python convert it; the WHATWG Encoding Standard's koi8-u puts ў/Ў "
            "there instead",
     "peers": {"python": "koi8_u", "glibc": "KOI8-U", "icu": "KOI8-U",
               "unicode": "misc/KOI8-U.TXT"},
     "title": "Ukrainian (RFC 2319)"},
]
