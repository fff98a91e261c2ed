"""The single-byte code pages of issue 18: where each table comes from and which peers have it.

`source` is where the table is taken from, one of
  ("unicode", member, controls_implied)  a Unicode Consortium MAPPINGS file, read from the
                                         monobit wheel (member is its path there);
  ("python", codec)                      Python's codec module;
  ("icu", converter)                     ICU's converter (IBM CDRA tables as ICU ships them);
  ("glibc-charmap", name)                glibc's locale charmap /usr/share/i18n/charmaps/NAME.gz;
  ("graphic", base, member)              a base table with the bytes 0x01-0x1F and 0x7F
                                         replaced by the glyphs of a Unicode MISC file.
`peers` names the code page in each implementation that has it; the cross-check compares
all of them (and the source) byte by byte and character by character.
`why` says in a few words why that source and not another.
"""

import os
import sys

U = "unicode"

MICSFT_PC = "Microsoft's table at the Unicode Consortium (MAPPINGS/VENDORS/MICSFT/PC): the owner of the DOS/OEM code page"
IBM_CDRA = "IBM's CDRA table as ICU ships it: IBM defines the EBCDIC code pages"
APPLE = "Apple's own table at the Unicode Consortium (MAPPINGS/VENDORS/APPLE)"


def _dos(num, src=None, why=MICSFT_PC, icu=None, glibc=None, perl=None, python=None):
    peers = {
        "python": python or "cp%d" % num,
        "glibc": glibc or "CP%d" % num,
        "icu": icu or "ibm-%d" % num,
        "perl": perl or "cp%d" % num,
    }
    return {
        "name": "CP%d" % num, "family": "dos",
        "source": src or (U, "microsoft/PC/CP%d.TXT" % num, False),
        "why": why, "peers": peers,
    }


def _ebcdic(num, python=None, glibc=True, perl=None, unicode=None, why=IBM_CDRA):
    peers = {"icu": "ibm-%d" % num}
    if python:
        peers["python"] = python
    if glibc:
        peers["glibc"] = "IBM%03d" % num
    if perl:
        peers["perl"] = perl
    if unicode:
        peers["unicode"] = unicode
    return {
        "name": "IBM%03d" % num, "family": "ebcdic",
        "source": ("icu", "ibm-%d" % num), "why": why, "peers": peers,
    }


def _mac(name, txt, **peers):
    return {
        "name": name, "family": "mac", "source": (U, "apple/%s" % txt, True),
        "why": APPLE, "peers": peers,
    }


CODEPAGES = [
    # ---- DOS / OEM ----------------------------------------------------------------------------
    _dos(437),
    {"name": "CP437-graphic", "family": "dos",
     "source": ("graphic", "microsoft/PC/CP437.TXT", "misc/IBMGRAPH.TXT"),
     "why": "CP437 with the DOS screen glyphs of the Unicode Consortium's IBMGRAPH.TXT "
            "(MAPPINGS/VENDORS/MISC) at 0x01-0x1F and 0x7F",
     "peers": {"icu-fallback": "ibm-437"}},
    _dos(720, src=("python", "cp720"),
         why="no Unicode Consortium file; Python's table was generated from Windows' own "
             "conversion (MultiByteToWideChar on Vista) and Windows defines code page 720",
         glibc="-", perl="-"),
    _dos(737), _dos(775), _dos(850), _dos(852), _dos(855),
    _dos(856, src=(U, "misc/CP856.TXT", False),
         why="the Unicode Consortium's MAPPINGS/VENDORS/MISC/CP856.TXT"),
    _dos(857),
    _dos(858, src=("python", "cp858"),
         why="no Unicode Consortium file; Python's cp858 is CP850.TXT with the euro sign at "
             "0xD5, which is how IBM and Microsoft define 858"),
    _dos(860), _dos(861), _dos(862), _dos(863), _dos(864), _dos(865), _dos(869),
    _dos(1125, src=("glibc-charmap", "CP1125"),
         why="no Unicode Consortium file; glibc's charmap cites the national standard "
             "(DSTU 2018-91) and IBM's ibm-1125 table",
         glibc="CP1125", perl="-"),

    # ---- EBCDIC -------------------------------------------------------------------------------
    _ebcdic(37, python="cp037", perl="cp37", unicode="microsoft/EBCDIC/CP037.TXT"),
    _ebcdic(273, python="cp273"),
    _ebcdic(277), _ebcdic(278), _ebcdic(280), _ebcdic(284), _ebcdic(285), _ebcdic(297),
    _ebcdic(424, python="cp424", perl="cp424", unicode="misc/CP424.TXT"),
    _ebcdic(500, python="cp500", perl="cp500", unicode="microsoft/EBCDIC/CP500.TXT"),
    _ebcdic(838, glibc=False),
    _ebcdic(870), _ebcdic(871),
    _ebcdic(875, python="cp875", perl="cp875", unicode="microsoft/EBCDIC/CP875.TXT"),
    _ebcdic(1026, python="cp1026", perl="cp1026", unicode="microsoft/EBCDIC/CP1026.TXT"),
    _ebcdic(1047, perl="cp1047"),
    _ebcdic(1140, python="cp1140"),
    _ebcdic(1141), _ebcdic(1142), _ebcdic(1143), _ebcdic(1144), _ebcdic(1145),
    _ebcdic(1146), _ebcdic(1147), _ebcdic(1148), _ebcdic(1149),

    # ---- Mac ----------------------------------------------------------------------------------
    _mac("MacRoman", "ROMAN.TXT", python="mac_roman", glibc="MACINTOSH",
         icu="macos-0_2-10.2", perl="MacRoman", transcode="macintosh"),
    _mac("MacCentralEurope", "CENTEURO.TXT", python="mac_latin2", glibc="MAC-CENTRALEUROPE",
         icu="macos-29-10.2", perl="MacCentralEurRoman"),
    _mac("MacCroatian", "CROATIAN.TXT", python="mac_croatian", perl="MacCroatian"),
    _mac("MacRomanian", "ROMANIAN.TXT", python="mac_romanian", perl="MacRomanian"),
    _mac("MacIcelandic", "ICELAND.TXT", python="mac_iceland", glibc="MAC-IS",
         perl="MacIcelandic"),
    _mac("MacTurkish", "TURKISH.TXT", python="mac_turkish", icu="macos-35-10.2",
         perl="MacTurkish"),
    _mac("MacGreek", "GREEK.TXT", python="mac_greek", icu="macos-6_2-10.4", perl="MacGreek"),
    _mac("MacCyrillic", "CYRILLIC.TXT", python="mac_cyrillic", glibc="MAC-CYRILLIC",
         icu="macos-7_3-10.2", perl="MacCyrillic", transcode="x-mac-cyrillic"),
    dict(_mac("MacUkrainian", "CYRILLIC.TXT", glibc="MAC-UK", perl="MacUkrainian",
              transcode="x-mac-ukrainian"),
         why="Apple's UKRAINE.TXT (MAPPINGS/VENDORS/APPLE) has no mappings since Mac OS 9.0: "
             "'there is no longer a separate Mac OS Ukrainian character set; the mappings are "
             "in CYRILLIC.TXT'. So this is Apple's CYRILLIC.TXT, identical to MacCyrillic"),
    _mac("MacHebrew", "HEBREW.TXT", perl="MacHebrew"),
    _mac("MacArabic", "ARABIC.TXT", python="mac_arabic", perl="MacArabic"),
    _mac("MacThai", "THAI.TXT", perl="MacThai"),

    # ---- others -------------------------------------------------------------------------------
    {"name": "KOI8-T", "family": "cyrillic", "source": ("glibc-charmap", "KOI8-T"),
     "why": "no Unicode Consortium file; glibc's charmap is the one written by the code "
            "page's author (Michael Davis); Python's koi8_t was taken from GNU libiconv's",
     "peers": {"python": "koi8_t", "glibc": "KOI8-T"}},
    {"name": "KOI8-RU", "family": "cyrillic", "source": ("glibc-charmap", "KOI8-RU"),
     "why": "no Unicode Consortium file; glibc's charmap follows the KOI8-RU draft RFC",
     "peers": {"glibc": "KOI8-RU", "table:mleisher": "mleisher/KOI8RU.TXT",
               "transcode": "koi8-ru"}},
    {"name": "PT154", "family": "cyrillic", "source": ("python", "ptcp154"),
     "why": "no Unicode Consortium file; Python's table was generated from the IANA "
            "registration of PTCP154",
     "peers": {"python": "ptcp154", "glibc": "PT154"}},
    {"name": "RK1048", "family": "cyrillic", "source": (U, "misc/KZ1048.TXT", False),
     "why": "the Unicode Consortium's MAPPINGS/VENDORS/MISC/KZ1048.TXT (STRK1048-2002)",
     "peers": {"python": "kz1048", "glibc": "RK1048"}},
    {"name": "ARMSCII-8", "family": "other", "source": ("glibc-charmap", "ARMSCII-8"),
     "why": "no Unicode Consortium file; glibc's charmap, checked against glibc's converter "
            "and M. Leisher's CSets table",
     "peers": {"glibc": "ARMSCII-8", "table:mleisher": "mleisher/ARMSCII-8.TXT"}},
    {"name": "GEORGIAN-PS", "family": "other", "source": ("glibc-charmap", "GEORGIAN-PS"),
     "why": "no Unicode Consortium file; glibc's charmap",
     "peers": {"glibc": "GEORGIAN-PS", "table:mleisher": "mleisher/GEO-PS.TXT"}},
    {"name": "GEORGIAN-ACADEMY", "family": "other",
     "source": ("glibc-charmap", "GEORGIAN-ACADEMY"),
     "why": "no Unicode Consortium file; glibc's charmap",
     "peers": {"glibc": "GEORGIAN-ACADEMY"}},
    {"name": "VISCII", "family": "vietnamese", "source": ("glibc-charmap", "VISCII"),
     "why": "no Unicode Consortium file; glibc's charmap, checked against the Viet-Std "
            "group's VISCII 1.1 table",
     "peers": {"glibc": "VISCII", "perl": "viscii", "table:vietstd": "vietstd/viscii1.1.txt"}},
    {"name": "TCVN5712-1", "family": "vietnamese", "source": ("glibc-charmap", "TCVN5712-1"),
     "why": "no Unicode Consortium file; glibc's charmap (TCVN 5712:1993 VN1)",
     "peers": {"glibc": "TCVN5712-1"}},
    {"name": "TIS-620", "family": "thai", "source": ("glibc-charmap", "TIS-620"),
     "why": "glibc's charmap (Thai Industrial Standard 620-2533): TIS-620 proper, no 0xA0 "
            "and none of windows-874's additions",
     "peers": {"python": "tis_620", "glibc": "TIS-620", "icu": "ibm-874",
               "table:mleisher": "mleisher/TIS620.TXT", "transcode": "tis-620"}},
    {"name": "ISO-8859-11", "family": "iso-8859", "source": (U, "iso-8859/8859-11.TXT", False),
     "why": "the Unicode Consortium's MAPPINGS/ISO8859/8859-11.TXT",
     "peers": {"python": "iso8859_11", "glibc": "ISO-8859-11", "icu": "iso-8859_11-2001",
               "perl": "iso-8859-11", "transcode": "iso-8859-11"}},
    {"name": "ISO-8859-9", "family": "iso-8859", "source": (U, "iso-8859/8859-9.TXT", False),
     "why": "the Unicode Consortium's MAPPINGS/ISO8859/8859-9.TXT (transcode reads the label "
            "iso-8859-9 as windows-1254 today, as WHATWG does)",
     "peers": {"python": "iso8859_9", "glibc": "ISO-8859-9", "icu": "ibm-920",
               "perl": "iso-8859-9", "transcode": "iso-8859-9"}},
    {"name": "ISO-8859-9E", "family": "iso-8859", "source": ("glibc-charmap", "ISO-8859-9E"),
     "why": "only glibc has it; its charmap",
     "peers": {"glibc": "ISO-8859-9E"}},
    {"name": "CP1006", "family": "other", "source": (U, "misc/CP1006.TXT", False),
     "why": "the Unicode Consortium's MAPPINGS/VENDORS/MISC/CP1006.TXT",
     "peers": {"python": "cp1006", "icu": "ibm-1006", "perl": "cp1006"}},
    {"name": "HP-ROMAN8", "family": "other", "source": ("glibc-charmap", "HP-ROMAN8"),
     "why": "no Unicode Consortium file; glibc's charmap cites HP's LaserJet IIP manual "
            "(Python's table has the same origin, through Keld Simonsen's charmap)",
     "peers": {"python": "hp_roman8", "glibc": "HP-ROMAN8", "icu": "ibm-1051",
               "perl": "hp-roman8"}},
    {"name": "NEXTSTEP", "family": "other", "source": (U, "misc/NEXTSTEP.TXT", "ascii"),
     "why": "the Unicode Consortium's MAPPINGS/VENDORS/NEXT/NEXTSTEP.TXT",
     "peers": {"perl": "nextstep"}},
    {"name": "ATARIST", "family": "other", "source": (U, "misc/ATARIST.TXT", False),
     "why": "the Unicode Consortium's MAPPINGS/VENDORS/MISC/ATARIST.TXT",
     "peers": {}},
]

# Issue 34: every single-byte charset of glibc's converter modules and GNU libiconv's tested set.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import iconv_pages  # noqa: E402

CODEPAGES += iconv_pages.PAGES

for _cp in CODEPAGES:
    _cp["peers"] = {k: v for k, v in _cp["peers"].items() if v != "-"}

BY_NAME = {cp["name"]: cp for cp in CODEPAGES}
