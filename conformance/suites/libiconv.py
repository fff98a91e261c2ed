"""GNU libiconv 1.18's own test data (../shared/conformance/libiconv, SOURCES.md there), run
as libiconv's `make check` runs it, against transcode.

For every charset `make check` tests (tools/iconv_coverage.py's LIBICONV_TESTED, written out
from libiconv's tests/Makefile.in):

- `CHARSET.TXT` (a stateless charset's whole table): every byte sequence in it decodes to
  its code points; for a single-byte charset all 256 bytes are given, and a byte the table
  lacks must be an error (U+FFFD under `--errors replace`). Every reversible line (one code
  point, not in `CHARSET.IRREVERSIBLE.TXT`) encodes back to its bytes, and a line only in
  the IRREVERSIBLE file encodes one way to its bytes. UTF-8's table is generated, as
  libiconv's genutf8 does (every BMP code point but the surrogates), and GB18030's
  four-byte codes of U+10000..U+10FFFF are appended to its BMP table, as gengb18030z does.
- `CHARSET-snippet` and its `.UTF-8` twin: decoded and encoded, byte for byte.

Where transcode differs from libiconv on purpose, the difference is pinned in DIFFERENCES
with its authority (the README's table of deviations says the same): the expected output
takes transcode's value at exactly those bytes or characters, and any other difference
fails. A charset transcode has no label for, or whose test data is not in the data folder
(SOURCES.md lists what was not copied), is reported and skipped.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Optional

from model import Case, Suite, argv, converts, fails

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
from iconv_coverage import LIBICONV_TESTED  # noqa: E402

U = None  # in DIFFERENCES: transcode has no mapping (an error) where libiconv has one

# Pinned differences: charset -> {"decode": {bytes: code points or U}, "encode": {code
# point: bytes or U}, "why": the authority}. Bytes and code points as libiconv's tables
# write them (hex).
WINDOWS_C1 = ("WHATWG (encoding_rs) and Windows' own conversion: a byte the code page leaves "
              "undefined decodes to the C1 control of the same value; libiconv and glibc refuse "
              "it (README, Encodings: the windows-* labels keep their WHATWG meaning)")
APPLE_CURRENT = ("Apple's current table (Unicode Consortium MAPPINGS/VENDORS/APPLE, Mac OS 8.5 and "
                 "later: the euro sign, U+03A9, the Apple logo U+F8FF); libiconv has the older "
                 "table (README, single-byte deviations)")

DIFFERENCES: dict[str, dict] = {
    # The pages of issue 34 (their libiconv tables are not all in the shared data yet).
    "CP1133": {
        "why": ("glibc and IBM's table (ICU): 0xA0 unassigned, 0xFF U+00A0; libiconv has them "
                "the other way round (README, single-byte deviations)"),
        "decode": {"A0": U, "FF": "00A0"},
        "encode": {"00A0": "FF"},
    },
    "CP922": {
        "why": ("glibc: 0xAF is U+00AF MACRON; libiconv gives U+203E (README, single-byte "
                "deviations)"),
        "decode": {"AF": "00AF"},
        "encode": {"203E": U},
    },
    "CP1046": {
        "why": ("glibc's converter (its IBM1046 table): libiconv maps ten bytes to private-use "
                "characters and other presentation forms (README, single-byte deviations)"),
        "decode": {"83": "FEB1", "84": "FEB5", "85": "FEB9", "86": "FEBD", "A1": "FE82",
            "A2": "FE84", "A3": "FE88", "A5": "FE8E", "D8": "0638", "F6": "200B"},
        "encode": {"F8F4": U, "F8F5": U, "F8F6": U, "F8F7": U, "F8F8": U, "F8F9": U, "F8FA": U,
            "F8FB": U, "F8FC": U, "FEC7": U},
    },
    "CP1161": {
        "why": ("glibc: IBM's rotation of 0x1A, 0x1C, 0x7F (U+001C, U+007F, U+001A); libiconv "
                "maps them to the control of the same value (README, single-byte deviations)"),
        "decode": {"1A": "001C", "1C": "007F", "7F": "001A"},
        "encode": {"001A": "7F", "001C": "1A", "007F": "1C"},
    },
    "CP1163": {
        "why": ("glibc: U+00D0 and U+203E have no byte; libiconv writes them one way (README, "
                "single-byte deviations)"),
        "encode": {"00D0": U, "203E": U},
    },
    "IBM-423": {
        "why": ("glibc's IBM423 (README, single-byte deviations): fewer bytes assigned, final "
                "sigma at 0xAF"),
        "decode": {"6A": U, "74": U, "AF": "03C2", "BA": "03C3", "CA": U, "CC": "00C2"},
        "encode": {"007C": U, "00A0": U, "00AD": U, "00E2": U, "03C2": "AF", "03C3": "BA"},
    },
    "IBM-880": {
        "why": ("glibc's IBM880 (README, single-byte deviations): fewer bytes assigned"),
        "decode": {"41": U, "45": U, "55": U, "64": U, "6A": "00A6", "73": U, "74": U, "79": U,
            "A1": U, "C0": U, "D0": U},
        "encode": {"0060": U, "007B": U, "007C": U, "007D": U, "007E": U, "00A0": U, "00AD": U,
            "0404": U, "040E": U, "0454": U, "045E": U},
    },
    "IBM-905": {
        "why": ("glibc's IBM905 (README, single-byte deviations): ogonek at 0x9D, middle dot at "
                "0xB0"),
        "decode": {"41": U, "9D": "02DB", "B0": "00B7", "B7": U},
        "encode": {"00A0": U, "00B7": "B0", "00B8": U, "02D9": U},
    },
    "MacRomania": {
        "why": ("Apple's current ROMANIAN.TXT (comma-below U+0218..U+021B where libiconv has "
                "the cedilla forms U+015E..U+0163, and the Mac OS 8.5 changes)"),
        "decode": {"AF": "0218", "BD": "03A9", "BF": "0219", "DB": "20AC", "DE": "021A",
                   "DF": "021B", "F0": "F8FF"},
        "encode": {"00A4": U, "015E": U, "015F": U, "0162": U, "0163": U, "2126": U},
    },
    "MacUkraine": {
        "why": APPLE_CURRENT,
        "decode": {"FF": "20AC"},
        "encode": {"00A4": U},
    },
    "TCVN": {
        "why": ("glibc: a spacing accent (U+00B4, U+02DC) has only a compatibility "
                "decomposition, and is not written as space and combining mark; libiconv "
                "writes it so. U+1E4C, U+1E4D, U+1E78, U+1E79 (a letter with tilde and a "
                "second mark) are written as their canonical decomposition, the tilde letter "
                "and the mark; libiconv writes the other letter with a tilde, glibc refuses "
                "them (README, single-byte deviations)"),
        "encode": {"00B4": U, "02DC": U, "1E4C": "94B3", "1E4D": "E2B3", "1E78": "9FB3",
                   "1E79": "F2B3"},
    },
    "UTF-16": {
        "why": ("README, UTF-16: with no byte order in the label, output is a BOM and "
                "little-endian, as glibc, ICU and Windows write it; libiconv writes big-endian"),
        "snippet-encode-as": "utf-16-le",
    },
    "UTF-32": {
        "why": ("README, UTF-32: with no byte order in the label, output is a BOM and "
                "little-endian, as glibc, ICU and Windows write it; libiconv writes big-endian"),
        "snippet-encode-as": "utf-32-le",
    },
    "KOI8-RU": {
        "why": ("glibc's charmap KOI8-RU (the KOI8-RU draft: quotes, dashes and signs at "
                "0x93..0x9F); libiconv keeps KOI8-R's graphics there (README, single-byte "
                "deviations)"),
        "decode": {"93": "201C", "96": "201D", "97": "2014", "98": "2116", "99": "2122",
            "9B": "00BB", "9C": "00AE", "9D": "00AB", "9F": "00A4"},
        "encode": {"00B0": U, "00B2": U, "00F7": U, "221A": U, "2248": U, "2264": U, "2265": U,
            "2320": U, "2321": U},
    },
    "CP1250": {
        "why": WINDOWS_C1,
        "decode": {"81": "0081", "83": "0083", "88": "0088", "90": "0090", "98": "0098"},
    },
    "CP1251": {
        "why": WINDOWS_C1,
        "decode": {"98": "0098"},
    },
    "CP1252": {
        "why": WINDOWS_C1,
        "decode": {"81": "0081", "8D": "008D", "8F": "008F", "90": "0090", "9D": "009D"},
    },
    "CP1253": {
        "why": WINDOWS_C1,
        "decode": {"81": "0081", "88": "0088", "8A": "008A", "8C": "008C", "8D": "008D",
            "8E": "008E", "8F": "008F", "90": "0090", "98": "0098", "9A": "009A",
            "9C": "009C", "9D": "009D", "9E": "009E", "9F": "009F"},
    },
    "CP1254": {
        "why": WINDOWS_C1,
        "decode": {"81": "0081", "8D": "008D", "8E": "008E", "8F": "008F", "90": "0090",
            "9D": "009D", "9E": "009E"},
    },
    "CP1255": {
        "why": WINDOWS_C1,
        "decode": {"81": "0081", "8A": "008A", "8C": "008C", "8D": "008D", "8E": "008E",
            "8F": "008F", "90": "0090", "9A": "009A", "9C": "009C", "9D": "009D",
            "9E": "009E", "9F": "009F"},
    },
    "CP1257": {
        "why": WINDOWS_C1,
        "decode": {"81": "0081", "83": "0083", "88": "0088", "8A": "008A", "8C": "008C",
            "90": "0090", "98": "0098", "9A": "009A", "9C": "009C", "9F": "009F"},
    },
    "CP1258": {
        "why": WINDOWS_C1,
        "decode": {"81": "0081", "8A": "008A", "8D": "008D", "8E": "008E", "8F": "008F",
            "90": "0090", "9A": "009A", "9D": "009D", "9E": "009E"},
    },
    "MacRoman": {
        "why": APPLE_CURRENT,
        "decode": {"BD": "03A9", "DB": "20AC", "F0": "F8FF"},
        "encode": {"00A4": U, "2126": U},
    },
    "MacIceland": {
        "why": APPLE_CURRENT,
        "decode": {"BD": "03A9", "DB": "20AC", "F0": "F8FF"},
        "encode": {"00A4": U, "2126": U},
    },
    "MacCroatian": {
        "why": APPLE_CURRENT,
        "decode": {"BD": "03A9", "D8": "F8FF", "DB": "20AC"},
        "encode": {"00A4": U, "2126": U},
    },
    "MacCyrillic": {
        "why": ("Apple's current CYRILLIC.TXT (Mac OS 9: U+0490/U+0491 at 0xA2/0xB6, euro at "
                "0xFF), as WHATWG's x-mac-cyrillic; libiconv has the older table"),
        "decode": {"A2": "0490", "B6": "0491", "FF": "20AC"},
        "encode": {"00A2": U, "00A4": U, "2202": U},
    },
    "MacGreek": {
        "why": ("Apple's GREEK.TXT (euro at 0x9C, soft hyphen at 0xFF, U+00B7 at 0xAF); "
                "libiconv has the older table"),
        "decode": {"9C": "20AC", "AF": "00B7", "FF": "00AD"},
        "encode": {"00AD": "FF", "0387": U},
    },
    "MacTurkish": {
        "why": ("Apple's TURKISH.TXT (U+03A9 at 0xBD, Apple logo at 0xF0, U+F8A0 at 0xF5); "
                "libiconv has the older table"),
        "decode": {"BD": "03A9", "F0": "F8FF", "F5": "F8A0"},
        "encode": {"2126": U},
    },
    "MacHebrew": {
        "why": ("Apple's HEBREW.TXT: 0x81 is U+05F2 U+05B7 (libiconv U+FB1F), and the right-to- "
                "left copies of ASCII punctuation and digits read as the plain characters "
                "(README, single-byte deviations)"),
        "decode": {"81": "05F2 05B7", "A0": "0020", "A1": "0021", "A2": "0022", "A3": "0023",
            "A4": "0024", "A5": "0025", "A7": "0027", "A8": "0029", "A9": "0028",
            "AA": "002A", "AB": "002B", "AC": "002C", "AD": "002D", "AE": "002E",
            "AF": "002F", "B0": "0030", "B1": "0031", "B2": "0032", "B3": "0033",
            "B4": "0034", "B5": "0035", "B6": "0036", "B7": "0037", "B8": "0038",
            "B9": "0039", "BA": "003A", "BB": "003B", "BC": "003C", "BD": "003D",
            "BE": "003E", "BF": "003F", "C0": "F86A 05DC 05B9", "C2": "F89B",
            "C3": "F89C", "C4": "F89D", "C5": "F89E", "DE": "05B8 F87F", "FB": "007D",
            "FC": "005D", "FD": "007B", "FE": "005B", "FF": "007C"},
        "encode": {"FB1F": U},
    },
    "MacArabic": {
        "why": ("Apple's ARABIC.TXT: 0xC0 is U+274A, and the right-to-left copies of ASCII "
                "punctuation read as the plain characters, written as ASCII (README, single- "
                "byte deviations)"),
        "decode": {"A0": "0020", "A1": "0021", "A2": "0022", "A3": "0023", "A4": "0024",
            "A6": "0026", "A7": "0027", "A8": "0028", "A9": "0029", "AA": "002A",
            "AB": "002B", "AD": "002D", "AE": "002E", "AF": "002F", "BA": "003A",
            "BC": "003C", "BD": "003D", "BE": "003E", "C0": "274A", "DB": "005B",
            "DC": "005C", "DD": "005D", "DE": "005E", "DF": "005F", "FB": "007B",
            "FC": "007C", "FD": "007D"},
        "encode": {"066D": U},
    },
    "MacThai": {
        "why": ("Apple's THAI.TXT: the tone marks with Apple's private-use position hints are "
                "sequences (U+0E48 U+F875 ...), where libiconv has single private-use "
                "characters (U+F88C ...) (README, single-byte deviations)"),
        "decode": {"83": "0E48 F875", "84": "0E49 F875", "85": "0E4A F875", "86": "0E4B F875",
            "87": "0E4C F875", "88": "0E48 F873", "89": "0E49 F873", "8A": "0E4A F873",
            "8B": "0E4B F873", "8C": "0E4C F873", "8F": "0E4D F874", "92": "0E31 F874",
            "93": "0E47 F874", "94": "0E34 F874", "95": "0E35 F874", "96": "0E36 F874",
            "97": "0E37 F874", "98": "0E48 F874", "99": "0E49 F874", "9A": "0E4A F874",
            "9B": "0E4B F874", "9C": "0E4C F874", "DB": "2060"},
        "encode": {"F884": U, "F885": U, "F886": U, "F887": U, "F888": U, "F889": U, "F88A": U,
            "F88B": U, "F88C": U, "F88D": U, "F88E": U, "F88F": U, "F890": U, "F891": U,
            "F892": U, "F893": U, "F894": U, "F895": U, "F896": U, "F897": U, "F898": U,
            "F899": U, "FEFF": U},
    },
    "ARMSCII-8": {
        "why": ("glibc: ASCII punctuation is written as ASCII; libiconv writes the Armenian "
                "copies 0xA4, 0xA5, 0xA9, 0xAB, 0xAC (README, single-byte deviations)"),
        "encode": {"0028": "28", "0029": "29", "002C": "2C", "002D": "2D", "002E": "2E"},
    },
    "CP874": {
        "why": WINDOWS_C1,
        "decode": {"81": "0081", "82": "0082", "83": "0083", "84": "0084", "86": "0086",
            "87": "0087", "88": "0088", "89": "0089", "8A": "008A", "8B": "008B",
            "8C": "008C", "8D": "008D", "8E": "008E", "8F": "008F", "90": "0090",
            "98": "0098", "99": "0099", "9A": "009A", "9B": "009B", "9C": "009C",
            "9D": "009D", "9E": "009E", "9F": "009F"},
    },
    "IBM-424": {
        "why": ("Python, glibc, Perl and the Unicode Consortium's CP424.TXT: U+00B7 and U+00AF "
                "at 0xB3 and 0xBC (libiconv and ICU: U+2022, U+203E) (README, single-byte "
                "deviations)"),
        "decode": {"B3": "00B7", "BC": "00AF"},
        "encode": {"2022": U, "203E": U},
    },
}

# The multi-byte and stateful charsets that disagree with libiconv's data today: the
# multi-byte part of issue 34 (the JIS, GB, Big5 and KS families under their WHATWG or
# glibc readings, JOHAB's 0x5C). Listed, reported as disagreeing, and not run, so that the
# run stays a check of everything else; take a charset off the list when its family agrees
# or pins its differences.
LEFT_TO_MULTI_BYTE = {"GB18030:2005", "GB18030:2022", "BIG5-HKSCS:2008", "EUC-JP", "SHIFT_JIS", "CP932", "ISO-2022-JP-2", "EUC-CN", "EUC-TW",
                      "BIG5", "CP950", "EUC-KR", "CP949", "JOHAB", "ISO-2022-KR",
                      "SHIFT_JISX0213", "ISO-2022-JP-3"}

# The charsets that compose a letter and a following mark on reading (libiconv, glibc and
# transcode alike).
COMPOSING = {"CP1255", "CP1258", "TCVN"}

SNIPPET_ONLY = {"UCS-2BE", "UCS-2LE", "UCS-4BE", "UCS-4LE", "UTF-16", "UTF-16BE", "UTF-16LE",
                "UTF-32", "UTF-32BE", "UTF-32LE", "UTF-7", "ISO-2022-JP", "ISO-2022-JP-1",
                "ISO-2022-JP-2", "ISO-2022-JP-3", "ISO-2022-JP-MS", "ISO-2022-CN",
                "ISO-2022-CN-EXT", "ISO-2022-KR", "HZ"}


def binary() -> Optional[str]:
    return os.environ.get("TRANSCODE_BIN")


def has_label(name: str) -> bool:
    exe = binary()
    if not exe:
        return True
    r = subprocess.run([exe, "-f", name, "-t", "UTF-8"], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return r.returncode == 0


def parse_table(path: Path) -> list[tuple[bytes, tuple[int, ...]]]:
    out = []
    for line in path.read_text(encoding="ascii").splitlines():
        fields = line.split("\t")
        if len(fields) < 2 or not fields[0].startswith("0x"):
            continue
        raw = fields[0][2:]
        out.append((bytes.fromhex(raw if len(raw) % 2 == 0 else "0" + raw),
                    tuple(int(c, 16) for c in fields[1].split())))
    return out


def utf8_table() -> list[tuple[bytes, tuple[int, ...]]]:
    return [(chr(c).encode("utf-8"), (c,)) for c in range(0x10000)
            if not 0xD800 <= c <= 0xDFFF]


def gb18030_supplementary() -> list[tuple[bytes, tuple[int, ...]]]:
    """The four-byte codes of U+10000..U+10FFFF: 90 30 81 30 upwards."""
    out = []
    for i in range(0x100000):
        b4, rest = 0x30 + i % 10, i // 10
        b3, rest = 0x81 + rest % 126, rest // 126
        b2, b1 = 0x30 + rest % 10, 0x90 + rest // 10
        out.append((bytes([b1, b2, b3, b4]), (0x10000 + i,)))
    return out


def table_of(folder: Path, name: str) -> Optional[list[tuple[bytes, tuple[int, ...]]]]:
    file_name = name.replace(":", "-")
    if name == "UTF-8":
        return utf8_table()
    if name.startswith("GB18030:"):
        path = folder / (file_name + "-BMP.TXT")
        return parse_table(path) + gb18030_supplementary() if path.exists() else None
    path = folder / (file_name + ".TXT")
    return parse_table(path) if path.exists() else None


def utf32(cps) -> bytes:
    return b"".join(c.to_bytes(4, "big") for c in cps)


def table_cases(suite: Suite, name: str, table, irreversible, pins: dict) -> None:
    dec_pins = {bytes.fromhex(k): v for k, v in pins.get("decode", {}).items()}
    enc_pins = {int(k, 16): (bytes.fromhex(v) if v is not U else U)
                for k, v in pins.get("encode", {}).items()}
    single = all(len(b) == 1 for b, _ in table)
    decoded = {b: cps for b, cps in table}
    for b, cps in dec_pins.items():
        decoded[b] = cps if cps is U else tuple(int(c, 16) for c in cps.split())
    if single and name in COMPOSING:
        # Each byte alone, a line feed after it, so that a letter and the mark after it in
        # the table are not composed (libiconv's helper converts each byte on its own).
        stdin = b"".join(bytes([b, 0x0A]) for b in range(256) if b != 0x0A)
        want = b"".join(utf32((decoded.get(bytes([b])) or (0xFFFD,)) + (0x0A,))
                        for b in range(256) if b != 0x0A)
        suite.cases.append(converts(f"{name}: decode all 256 bytes",
                                    argv(name, "UTF-32BE", errors="replace"), want, stdin))
    elif single:
        # All 256 bytes, each once: unlisted ones must be errors.
        stdin = bytes(range(256))
        want = b"".join(utf32(decoded.get(bytes([b])) or (0xFFFD,)) for b in range(256))
        suite.cases.append(converts(f"{name}: decode all 256 bytes",
                                    argv(name, "UTF-32BE", errors="replace"), want, stdin))
    else:
        keep = [(b, cps) for b, cps in decoded.items() if cps is not U]
        refused = [b for b, cps in decoded.items() if cps is U]
        suite.cases.append(converts(f"{name}: decode every line ({len(keep)})",
                                    argv(name, "UTF-32BE"), b"".join(utf32(c) for _, c in keep),
                                    b"".join(b for b, _ in keep)))
        for b in refused:
            suite.cases.append(converts(f"{name}: decode {b.hex()} (refused)",
                                        argv(name, "UTF-32BE", errors="replace"),
                                        utf32((0xFFFD,)), b))
    both = {(b, cps) for b, cps in irreversible} & {(b, cps) for b, cps in table}
    encode = {}
    for b, cps in table:
        if len(cps) == 1 and (b, cps) not in both:
            encode.setdefault(cps[0], b)
    for b, cps in irreversible:
        if (b, cps) not in both:
            encode[cps[0]] = b
    for c, b in enc_pins.items():
        if b is U:
            encode.pop(c, None)
            suite.cases.append(fails_to_encode(name, c))
        else:
            encode[c] = b
    chars = sorted(encode)
    suite.cases.append(converts(f"{name}: encode every reversible line ({len(chars)})",
                                argv("UTF-32BE", name), b"".join(encode[c] for c in chars),
                                utf32(chars)))


def fails_to_encode(name: str, c: int) -> Case:
    """U+0041 then `c`: `c` must be unmappable (after a letter, so that U+FEFF is not a BOM)."""
    return fails(f"{name}: U+{c:04X} has no byte (pinned)", argv("UTF-32BE", name), None,
                 utf32((0x41, c)))


def snippet_cases(suite: Suite, folder: Path, name: str, pins: dict) -> bool:
    base = folder / (name.replace(":", "-") + "-snippet")
    if not base.exists():
        return False
    text = base.read_bytes()
    utf8 = Path(str(base) + ".UTF-8").read_bytes()
    want_utf8 = utf8
    want_text = text
    if "snippet-encode-as" in pins:
        # The same text with a BOM in the pinned byte order.
        codec = pins["snippet-encode-as"]
        want_text = "\ufeff".encode(codec) + utf8.decode("utf-8").encode(codec)
    suite.cases.append(converts(f"{name}: snippet decodes", argv(name, "UTF-8"), want_utf8, text))
    suite.cases.append(converts(f"{name}: snippet encodes", argv("UTF-8", name), want_text, utf8))
    return True


def libiconv_suite(data: Path) -> Suite:
    suite = Suite("libiconv (GNU libiconv 1.18 make check data)")
    folder = data / "libiconv"
    missing_label, missing_data, documented, checked, listed = [], [], [], [], []
    for name in LIBICONV_TESTED:
        if name in LEFT_TO_MULTI_BYTE:
            listed.append(name)
            suite.skip(name, "disagrees with libiconv today; left to the multi-byte families "
                             "(LEFT_TO_MULTI_BYTE)")
            continue
        if not has_label(name):
            missing_label.append(name)
            suite.skip(name, "no label for it in transcode")
            continue
        pins = DIFFERENCES.get(name, {})
        table = None if name in SNIPPET_ONLY else table_of(folder, name)
        found = False
        if table is not None:
            irr_path = folder / (name.replace(":", "-") + ".IRREVERSIBLE.TXT")
            irreversible = parse_table(irr_path) if irr_path.exists() else []
            table_cases(suite, name, table, irreversible, pins)
            found = True
        found = snippet_cases(suite, folder, name, pins) or found
        if not found:
            missing_data.append(name)
            suite.skip(name, "its test data is not in the data folder (SOURCES.md)")
            continue
        (documented if pins else checked).append(name)
    suite.notes.append(
        f"{len(LIBICONV_TESTED)} charsets: {len(checked)} compared as they are, "
        f"{len(documented)} with pinned differences, {len(listed)} listed as disagreeing "
        f"(not run), {len(missing_label)} without a label here, {len(missing_data)} without "
        f"data here")

    def summarize(outcomes) -> list[str]:
        failed = {o.case.name.split(": ")[0] for o in outcomes if o.problems}
        agree = [n for n in checked if n not in failed]
        differ = [n for n in documented if n not in failed]
        disagree = [n for n in checked + documented if n in failed] + listed
        return [f"charsets: {len(agree)} agree, {len(differ)} differ only where documented, "
                f"{len(disagree)} disagree, {len(missing_label)} missing (no label), "
                f"{len(missing_data)} without test data here",
                f"documented: {' '.join(differ) or 'none'}",
                f"disagree: {' '.join(disagree) or 'none'}",
                f"missing: {' '.join(missing_label) or 'none'}",
                f"without test data here: {' '.join(missing_data) or 'none'}"]
    suite.summarize = summarize
    return suite


SUITES = [libiconv_suite]
