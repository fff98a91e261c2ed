"""Encoding labels, decoders and the equivalence table of the detection benchmark.

Every label a detector prints, and every truth label of the corpus, goes through
`canonical()` to one canonical encoding name: Python's codec name where Python
has the encoding (``codecs.lookup(label).name``), otherwise the glibc iconv name
in upper case (IBM1047, VISCII, EUC-TW, ISO-2022-CN, ...).  A label means the
standard it names (GB2312 is EUC-CN, EUC-KR is KS X 1001, Shift_JIS is JIS X
0208, ISO-8859-1 is ISO-8859-1), not the WHATWG superset that a web browser
reads under that label; the WHATWG reading is scored separately as "lenient".

An answer A is correct for the bytes B whose truth is T when

1. A and T are the same canonical encoding, or
2. decoding B with A and with T gives the same text, after removing one leading
   U+FEFF from each and folding the vendor mapping variants of FOLD, or
3. A is listed in SUPERSETS[T] and decodes B without error.

Rule 2 is the general one ("names an encoding that decodes the file to the same
text"); it gives, without special cases: ASCII-only text is right under every
ASCII-compatible answer; ISO-8859-1 = windows-1252 when no byte 0x80-0x9F
occurs (likewise ISO-8859-9 = windows-1254, ISO-8859-15 = windows-1252 when no
byte that differs occurs, TIS-620 = ISO-8859-11 = windows-874); Big5 = CP950 =
Big5-HKSCS for text in the common repertoire; a UTF-8 file with a BOM is right
under "UTF-8" and "UTF-8-SIG".  Rule 3 covers the byte-level supersets whose
decoders differ on a few shared codes (Python's GB2312 decodes A1A4 as U+30FB,
its GBK as U+00B7; KS X 1001's eight-byte hangul sequences, which EUC-KR decoders
compose and CP949 decoders do not).
"""

from __future__ import annotations

import codecs
import hashlib
import subprocess

# Canonical names of encodings that Python does not have: decoded with iconv.
ICONV_ONLY = {
    "IBM1047": "IBM1047",
    "VISCII": "VISCII",
    "EUC-TW": "EUC-TW",
    "ISO-2022-CN": "ISO-2022-CN",
    "ISO-2022-CN-EXT": "ISO-2022-CN-EXT",
    "TCVN5712-1": "TCVN5712-1",
    "MAC-UKRAINIAN": "MAC-UK",
    "CP1006": "CP1006",
}

# Labels Python's codecs.lookup() does not know, or knows under another meaning
# than the one detectors and the WHATWG/IANA registries give them.  Keys are
# normalised by norm().
EXTRA_ALIASES = {
    "windows-874": "cp874",
    "dos-874": "cp874",
    "x-mac-cyrillic": "mac-cyrillic",
    "mac-cyrillic": "mac-cyrillic",
    "maccyrillic": "mac-cyrillic",
    "x-mac-ukrainian": "MAC-UKRAINIAN",
    "mac-ukrainian": "MAC-UKRAINIAN",
    "macukrainian": "MAC-UKRAINIAN",
    "iso-8859-8-i": "iso8859-8",
    "iso-8859-8-e": "iso8859-8",
    "csiso88598i": "iso8859-8",
    "logical": "iso8859-8",
    "visual": "iso8859-8",
    "iso-8859-6-i": "iso8859-6",
    "iso-8859-6-e": "iso8859-6",
    "mac-centraleurope": "mac-latin2",
    "maccentraleurope": "mac-latin2",
    "x-mac-ce": "mac-latin2",
    "mac-roman": "mac-roman",
    "x-mac-roman": "mac-roman",
    "x-sjis": "cp932",
    "windows-31j": "cp932",
    "x-gbk": "gbk",
    "x-euc-jp": "euc_jp",
    "uhc": "cp949",
    "windows-949": "cp949",
    "windows-936": "gbk",
    "cp54936": "gb18030",
    "windows-54936": "gb18030",
    "cp20936": "gb2312",
    "euc-cn": "gb2312",
    "csgb2312": "gb2312",
    "ibm1047": "IBM1047",
    "cp1047": "IBM1047",
    "1047": "IBM1047",
    "ibm-1047": "IBM1047",
    "viscii": "VISCII",
    "macicelandic": "mac-iceland",
    "x-mac-icelandic": "mac-iceland",
    "ibm875": "cp875",
    "euc-tw": "EUC-TW",
    "iso-2022-cn": "ISO-2022-CN",
    "iso-2022-cn-ext": "ISO-2022-CN-EXT",
    "tcvn": "TCVN5712-1",
    "tcvn-5712": "TCVN5712-1",
    "tcvn5712-1": "TCVN5712-1",
    "utf-8-sig": "utf-8",
    "utf-8-bom": "utf-8",
    "ucs-2": "utf-16",
    "ucs-2le": "utf-16-le",
    "ucs-2be": "utf-16-be",
    "ucs-4": "utf-32",
    "ucs-4le": "utf-32-le",
    "ucs-4be": "utf-32-be",
    "iso-10646-ucs-2": "utf-16",
    "iso-10646-ucs-4": "utf-32",
    "x-iso-10646-ucs-4-3412": "UCS-4-3412",
    "x-iso-10646-ucs-4-2143": "UCS-4-2143",
    "x-user-defined": "x-user-defined",
    "ascii/unknown": "ascii",
}

# Answers that mean "no text encoding" (binary, unknown, nothing).
NO_ANSWER = {"", "none", "null", "binary", "unknown", "application/octet-stream"}

# Canonical encodings that no decoder here can read: an answer naming one is
# recognised but can never be scored right.
UNDECODABLE = {"UCS-4-3412", "UCS-4-2143"}

# Rule 3: byte-level supersets.  SUPERSETS[truth] are answers that are right
# whenever they decode the bytes without error.
SUPERSETS = {
    "gb2312": {"gbk", "gb18030"},
    "gbk": {"gb18030"},
    "euc_kr": {"cp949"},
    "shift_jis": {"cp932", "shift_jis_2004", "shift_jisx0213"},
    "shift_jisx0213": {"shift_jis_2004"},
    "euc_jp": {"euc_jis_2004", "euc_jisx0213"},
    "euc_jisx0213": {"euc_jis_2004"},
    "big5": {"cp950", "big5hkscs"},
    "iso2022_jp": {"iso2022_jp_1", "iso2022_jp_2", "iso2022_jp_2004", "iso2022_jp_3", "iso2022_jp_ext"},
}

# Vendor variants: one byte sequence, mapped to different code points by
# different vendors' tables (JIS X 0208 vs CP932, GB2312 vs GBK).  Both texts
# are folded with this table before they are compared.
FOLD = {
    0xFF5E: 0x301C,  # FULLWIDTH TILDE (CP932 8160) / WAVE DASH (JIS)
    0x2225: 0x2016,  # PARALLEL TO (CP932 8161) / DOUBLE VERTICAL LINE (JIS)
    0xFF0D: 0x2212,  # FULLWIDTH HYPHEN-MINUS (CP932 817C) / MINUS SIGN (JIS)
    0xFFE0: 0x00A2,  # FULLWIDTH CENT SIGN (CP932 8191) / CENT SIGN
    0xFFE1: 0x00A3,  # FULLWIDTH POUND SIGN (CP932 8192) / POUND SIGN
    0xFFE2: 0x00AC,  # FULLWIDTH NOT SIGN (CP932 81CA) / NOT SIGN
    0xFF3C: 0x005C,  # FULLWIDTH REVERSE SOLIDUS (815F) / REVERSE SOLIDUS (JIS X 0213)
    0x30FB: 0x00B7,  # KATAKANA MIDDLE DOT (GB2312 A1A4) / MIDDLE DOT (GBK)
    0x2015: 0x2014,  # HORIZONTAL BAR (GB2312 A1AA) / EM DASH (GBK)
}

# The WHATWG Encoding Standard reads these labels as a superset; the "lenient"
# score decodes an answer through this map first (a browser, encoding_rs and
# transcode read `-f EUC-KR` as UHC, `-f ISO-8859-1` as windows-1252, ...).
WHATWG_READING = {
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "big5": "big5hkscs",
    "cp950": "big5hkscs",
    "shift_jis": "cp932",
    "euc_kr": "cp949",
    "iso8859-1": "cp1252",
    "ascii": "cp1252",
    "iso8859-9": "cp1254",
    "iso8859-11": "cp874",
    "tis-620": "cp874",
    "MAC-UKRAINIAN": "mac-cyrillic",
}

# Display names for reports.
DISPLAY = {
    "utf-8": "UTF-8", "utf-16": "UTF-16", "utf-16-le": "UTF-16LE", "utf-16-be": "UTF-16BE",
    "utf-32": "UTF-32", "utf-32-le": "UTF-32LE", "utf-32-be": "UTF-32BE", "utf-7": "UTF-7",
    "ascii": "US-ASCII", "gb2312": "GB2312", "gbk": "GBK", "gb18030": "GB18030", "hz": "HZ-GB-2312",
    "big5": "Big5", "big5hkscs": "Big5-HKSCS", "cp950": "CP950", "shift_jis": "Shift_JIS",
    "cp932": "CP932", "euc_jp": "EUC-JP", "iso2022_jp": "ISO-2022-JP", "euc_jis_2004": "EUC-JIS-2004",
    "euc_jisx0213": "EUC-JISX0213", "shift_jis_2004": "Shift_JIS-2004", "shift_jisx0213": "Shift_JISX0213",
    "euc_kr": "EUC-KR", "cp949": "CP949", "iso2022_kr": "ISO-2022-KR", "johab": "JOHAB",
    "koi8-r": "KOI8-R", "koi8-u": "KOI8-U", "koi8-t": "KOI8-T", "mac-cyrillic": "x-mac-cyrillic",
    "mac-roman": "macintosh", "mac-latin2": "MacCentralEurope", "cp037": "IBM037", "cp500": "IBM500",
    "tis-620": "TIS-620", "kz1048": "KZ-1048", "ptcp154": "PTCP154",
}
for _n in range(1, 17):
    DISPLAY[f"iso8859-{_n}"] = f"ISO-8859-{_n}"
for _n in range(1250, 1259):
    DISPLAY[f"cp{_n}"] = f"windows-{_n}"
DISPLAY["cp874"] = "windows-874"
for _n in (437, 720, 737, 775, 850, 852, 855, 856, 857, 858, 860, 861, 862, 863, 864, 865, 866, 869, 1125):
    DISPLAY[f"cp{_n}"] = f"CP{_n}"


def norm(label: str) -> str:
    return label.strip().strip('"').lower().replace("_", "-").replace(" ", "")


def canonical(label: str | None) -> str | None:
    """Canonical encoding name of a label; None for "no encoding"; "?label" when unknown."""
    if label is None:
        return None
    n = norm(label)
    if n in NO_ANSWER:
        return None
    if n in EXTRA_ALIASES:
        return EXTRA_ALIASES[n]
    try:
        name = codecs.lookup(n).name
    except LookupError:
        try:
            name = codecs.lookup(label.strip()).name
        except LookupError:
            return "?" + label.strip()
    if name == "utf-8-sig":
        return "utf-8"
    return name


def display(canon: str | None) -> str:
    if canon is None:
        return "(none)"
    return DISPLAY.get(canon, canon)


def is_python(canon: str) -> bool:
    try:
        codecs.lookup(canon)
        return True
    except LookupError:
        return False


_iconv_cache: dict[tuple[bytes, str], str | None] = {}


def _x_user_defined(data: bytes) -> str:
    return "".join(chr(b) if b < 0x80 else chr(0xF780 + b - 0x80) for b in data)


def decode(data: bytes, canon: str) -> str | None:
    """Strict decoding of data under a canonical encoding; None when it fails."""
    if canon in UNDECODABLE or canon.startswith("?"):
        return None
    if canon == "x-user-defined":
        return _x_user_defined(data)
    if canon in ICONV_ONLY:
        key = (hashlib.sha1(data).digest(), canon)
        if key not in _iconv_cache:
            r = subprocess.run(["iconv", "-f", ICONV_ONLY[canon], "-t", "UTF-8"], input=data,
                               capture_output=True)
            _iconv_cache[key] = r.stdout.decode("utf-8") if r.returncode == 0 else None
        return _iconv_cache[key]
    try:
        return data.decode(canon)
    except (UnicodeDecodeError, LookupError, ValueError):
        return None


def encode(text: str, canon: str) -> bytes | None:
    """Strict encoding (for the generator); None when a character does not fit."""
    if canon in ICONV_ONLY:
        r = subprocess.run(["iconv", "-f", "UTF-8", "-t", ICONV_ONLY[canon]], input=text.encode("utf-8"),
                           capture_output=True)
        return r.stdout if r.returncode == 0 else None
    try:
        return text.encode(canon)
    except (UnicodeEncodeError, LookupError):
        return None


_FOLD_TABLE = {k: v for k, v in FOLD.items()}


def _clean(text: str) -> str:
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.translate(_FOLD_TABLE)


def truth_cut(data: bytes, truth: str) -> tuple[int, str] | None:
    """Longest prefix of data (at most 16 bytes shorter) that decodes strictly under truth.

    Prefix inputs are cut at a byte count and may end inside a character, an escape
    sequence or a UTF-7 run; both the truth and the answer are compared on this cut.
    """
    for k in range(0, min(16, len(data)) + 1):
        text = decode(data[: len(data) - k], truth)
        if text is not None:
            return len(data) - k, text
    return None


def verdict(data: bytes, truth: str | None, answer: str | None, truth_text: str | None = None,
            reading: dict | None = None) -> str:
    """'correct', 'wrong', 'none' (no answer) or 'unknown' (label not recognised).

    truth None means a binary file: only "no encoding" is right for it.  reading maps
    an answer to the decoder it is read with (WHATWG_READING for the lenient score).
    truth_text is the truth decoding of data (after truth_cut); data must already be cut.
    """
    if truth is None:
        return "correct" if answer is None else "wrong"
    if answer is None:
        return "none"
    if answer.startswith("?"):
        return "unknown"
    if reading:
        answer = reading.get(answer, answer)
    if answer == truth:
        return "correct"
    if truth_text is None:
        truth_text = decode(data, truth)
    got = decode(data, answer)
    if got is None:
        return "wrong"
    if _clean(got) == _clean(truth_text):
        return "correct"
    if answer in SUPERSETS.get(truth, ()):
        return "correct"
    return "wrong"
