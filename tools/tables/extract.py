#!/usr/bin/env python3
"""Produce the CJK mapping tables under data/cjk/ from their named sources.

    python3 tools/tables/extract.py            # write every table
    python3 tools/tables/extract.py cp950 ...  # only the named ones
    python3 tools/tables/extract.py --check    # regenerate in memory, fail if a file differs

Sources (see data/cjk/README.md for why each was chosen):
  glibc locale charmaps  /usr/share/i18n/charmaps/*.gz  (Debian package `locales`)
  glibc iconv modules    through ctypes (ISO-IR-165 is only reachable inside ISO-2022-CN-EXT)
  CPython codecs         the running interpreter (cp950, euc_jisx0213 / euc_jis_2004)
  ICU                    libicuuc through ctypes (gb18030 = GB18030-2005 in ICU < 73)

Nothing is typed in by hand: every row comes from one of those sources, and the flags come
from the source's own marks or from its encoder. The file format is documented in
data/cjk/README.md.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import charmap  # noqa: E402
import peers  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "data", "cjk")


def ensure_locales():
    """The charmaps ship in Debian's `locales` package."""
    try:
        charmap.path_of("EUC-TW")
    except FileNotFoundError:
        subprocess.run(["apt-get", "install", "-y", "locales"], check=True)


def u(s):
    return "+".join("%04X" % ord(c) for c in s)


def glibc_charmap_version():
    try:
        r = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "locales"],
                           capture_output=True, text=True)
        return f"glibc {peers.glibc_version()} (Debian locales {r.stdout.strip()})"
    except OSError:
        return f"glibc {peers.glibc_version()}"


FORMAT_LINE = "format: CODE<TAB>UNICODE[<TAB>FLAG]; see data/cjk/README.md"


def render(meta, rows):
    lines = []
    for k, v in meta:
        for part in v.split("\n"):
            lines.append(f"# {k}: {part}")
    lines.append(f"# {FORMAT_LINE}")
    lines.append(f"# rows: {len(rows)}")
    for code, uni, flag in rows:
        lines.append(f"{code}\t{uni}\t{flag}" if flag else f"{code}\t{uni}")
    return "\n".join(lines) + "\n"


def gl(b):
    """Two GR bytes (A1..FE) as the GL code (21..7E) in hex, the ISO 2022 row/cell form."""
    return "%02X%02X" % (b[0] - 0x80, b[1] - 0x80)


def mark_duplicates(rows, keep):
    """rows: list of [code, uni, flag]. Where several codes decode to the same text and none
    is already flagged D, keep(list_of_rows) says which one the encoder writes; the others
    become decode-only (D)."""
    by = {}
    for r in rows:
        if r[2] == "":
            by.setdefault(r[1], []).append(r)
    for group in by.values():
        if len(group) > 1:
            k = keep(group)
            for r in group:
                if r is not k:
                    r[2] = "D"
    return rows


# ------------------------------------------------------------------------------------------
def t_cns11643():
    rows = []
    for b, s, flag in charmap.parse("EUC-TW"):
        if flag == "IRREVERSIBLE" or len(b) < 2:
            continue  # the 8E A1 (plane 1 in four bytes) repeats are glibc's IRREVERSIBLE lines
        if len(b) == 2:
            rows.append([f"1-{gl(b)}", u(s), "", 1])
        else:
            rows.append([f"{b[1] - 0xA0}-{gl(b[2:])}", u(s), "", b[1] - 0xA0])
    rows.sort(key=lambda r: (r[3], r[0]))
    rows = [r[:3] for r in rows]
    mark_duplicates(rows, keep=lambda g: min(g, key=lambda r: int(r[0].split("-")[0])))
    meta = [
        ("table", "CNS 11643 planes 1-7 and 15 <-> Unicode (for EUC-TW, ISO-2022-CN, ISO-2022-CN-EXT)"),
        ("code", "PLANE-RRCC: plane number (decimal), then row and cell as ISO 2022 GL bytes 21..7E (hex)"),
        ("source", "glibc localedata charmap EUC-TW (/usr/share/i18n/charmaps/EUC-TW.gz): 'CNS 11643-1992' planes 1-7 plus plane 15"),
        ("version", glibc_charmap_version()),
        ("licence", "the charmap file is LGPL-2.1-or-later (glibc localedata); the code-to-character facts are those of CNS 11643"),
        ("derived", "python3 tools/tables/extract.py cns11643; a character on two planes encodes to the lower plane (as glibc's encoder does), the other row is D"),
        ("peers", "glibc iconv EUC-TW, ISO-2022-CN, ISO-2022-CN-EXT; Unicode 15.0 Unihan kIRG_TSource; ICU euc-tw-2014 (see data/cjk/CROSSCHECK.md)"),
    ]
    return meta, rows


def t_big5hkscs():
    rows = []
    for b, s, flag in charmap.parse("BIG5-HKSCS"):
        if len(b) == 1 and b[0] < 0x80:
            continue
        rows.append([b.hex().upper(), u(s), "D" if flag == "IRREVERSIBLE" else ""])
    # Seven ordinary Big5 codes (A15A, A1C3, A1C5, A1FE, A240, A2CC, A2CE) are missing from
    # glibc's table although CPython big5hkscs, ICU ibm-1375 and encoding_rs big5 all decode
    # them, to the same character. Take those: round trip where glibc's table has no code for
    # the character, decode only (D) where it has one.
    have = {bytes.fromhex(r[0]) for r in rows}
    enc = {r[1] for r in rows if r[2] == ""}
    others = [peers.Python("big5hkscs"), peers.Icu("Big5-HKSCS"), peers.Whatwg("big5")]
    codes = [bytes([a, b]) for a in range(0x81, 0xFF) for b in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))]
    codes = [c for c in codes if c not in have]
    res = [peers.decode_many(p, codes) for p in others]
    for i, c in enumerate(codes):
        vals = {r[i] for r in res}
        if len(vals) == 1 and None not in vals:
            t = u(vals.pop())
            rows.append([c.hex().upper(), t, "D" if t in enc else ""])
            enc.add(t)
    rows.sort(key=lambda r: (len(r[0]), r[0]))
    meta = [
        ("table", "Big5-HKSCS (HKSCS-2008) <-> Unicode, both directions, including the four codes that decode to a base letter plus a combining mark"),
        ("code", "the bytes, in hex"),
        ("source", "glibc localedata charmap BIG5-HKSCS ('Last updated from the HKSCS-2008 standard'); its four commented '%<U00CA><U0304> /x88/x62' lines are the sequence codes, its '%IRREVERSIBLE%' lines are D; plus the codes glibc lacks that CPython big5hkscs, ICU ibm-1375 and encoding_rs big5 all decode to the same character (round trip, or D where glibc's table already encodes that character)"),
        ("version", glibc_charmap_version() + f"; CPython {sys.version.split()[0]}, ICU {peers.icu_version()}, encoding_rs 0.8.44"),
        ("licence", "the charmap file is LGPL-2.1-or-later (glibc localedata); the mapping is that of HKSCS-2008 (Hong Kong SAR Government)"),
        ("derived", "python3 tools/tables/extract.py big5hkscs"),
        ("peers", "glibc iconv BIG5-HKSCS; Python big5hkscs (HKSCS-2004); ICU ibm-1375_P100-2008; encoding_rs big5 (WHATWG)"),
    ]
    return meta, rows


def peer_table(p, codes, scan_encoder=True):
    """Rows for a stateless code page, from a peer itself (peers.Python or peers.Icu): each code
    that decodes; D where the encoder writes another code for that text; E for every scalar
    value the encoder maps to a code that does not decode back to it."""
    rows = []
    dec = {}
    for c in codes:
        s = p.decode(c)
        if s is None or (len(c) == 1 and c[0] < 0x80 and s == chr(c[0])):
            continue
        dec[c] = s
        rows.append([c.hex().upper(), u(s), "" if p.encode(s) == c else "D"])
    if scan_encoder:
        for cp in range(0x80, 0x110000):
            if 0xD800 <= cp < 0xE000:
                continue
            e = p.encode(chr(cp))
            if e and dec.get(e) != chr(cp):
                rows.append([e.hex().upper(), "%04X" % cp, "E"])
    rows.sort(key=lambda r: (len(r[0]), r[0], r[2]))
    return rows


def big5_codes():
    return [bytes([a]) for a in range(0x80, 0x100)] + [
        bytes([a, b]) for a in range(0x81, 0xFF) for b in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))]


def t_cp950():
    icu = peers.Icu("windows-950-2000")
    rows = peer_table(icu, big5_codes())
    meta = [
        ("table", "CP950 (Microsoft Windows Traditional Chinese) <-> Unicode, whole code page as Windows converts it, including the end-user-defined areas (8140-A0FE, C6A1-C8FE, FA40-FEFE) mapped to private use U+E000..U+F848, 0x80 -> U+0080 and 0xFF -> U+F8F8"),
        ("code", "the bytes, in hex"),
        ("source", "ICU's windows-950-2000 converter (generated by the ICU project from Windows' own conversion of code page 950), read by decoding every code and encoding every scalar value"),
        ("version", f"ICU {peers.icu_version()}"),
        ("licence", "ICU is Unicode-3.0 licensed; the mapping is Microsoft's code page 950"),
        ("derived", "python3 tools/tables/extract.py cp950 (D: the encoder writes another code for the text; E: encoder-only)"),
        ("peers", "Python cp950 (Microsoft's CP950.TXT plus the ETEN extensions of CPython's big5 at C6A1-C7FC); glibc iconv BIG5 (= CP950 alias); encoding_rs big5 (WHATWG); Python big5"),
    ]
    return meta, rows


def t_ksx1001():
    rows = []
    for b, s, flag in charmap.parse("EUC-KR"):
        if len(b) == 2:
            rows.append([gl(b), u(s), "D" if flag else ""])
    rows.sort()
    mark_duplicates(rows, keep=lambda g: g[0])
    meta = [
        ("table", "KS X 1001:1998 (formerly KS C 5601-1987, the 94x94 Wansung set) <-> Unicode: strict EUC-KR, ISO-2022-KR, the symbol and hanja part of JOHAB, and the KS X 1001 part of CP949"),
        ("code", "row and cell as ISO 2022 GL bytes 21..7E (hex); EUC-KR adds 0x80 to both bytes"),
        ("source", "glibc localedata charmap EUC-KR"),
        ("version", glibc_charmap_version()),
        ("licence", "the charmap file is LGPL-2.1-or-later (glibc localedata); the mapping is that of KS X 1001"),
        ("derived", "python3 tools/tables/extract.py ksx1001"),
        ("peers", "glibc iconv EUC-KR, UHC, JOHAB, ISO-2022-KR; Python euc_kr, cp949, johab, iso2022_kr; ICU EUC-KR (ibm-970), windows-949-2000; encoding_rs euc-kr (WHATWG)"),
    ]
    return meta, rows


def t_jisx0208():
    rows = []
    for b, s, flag in charmap.parse("EUC-JP"):
        if len(b) == 2 and b[0] >= 0xA1:
            rows.append([gl(b), u(s), "D" if flag else ""])
    rows.sort()
    mark_duplicates(rows, keep=lambda g: g[0])
    meta = [
        ("table", "JIS X 0208:1997 <-> Unicode (strict Shift_JIS, EUC-JP code set 1, ISO-2022-JP ESC $ B / ESC $ @)"),
        ("code", "row and cell as ISO 2022 GL bytes 21..7E (hex); EUC-JP adds 0x80 to both; Shift_JIS by the usual transform"),
        ("source", "glibc localedata charmap EUC-JP (code set 1)"),
        ("version", glibc_charmap_version()),
        ("licence", "the charmap file is LGPL-2.1-or-later (glibc localedata); the mapping is that of JIS X 0208"),
        ("derived", "python3 tools/tables/extract.py jisx0208"),
        ("peers", "glibc iconv EUC-JP, SJIS, ISO-2022-JP; Python euc_jp, shift_jis, iso2022_jp; ICU ibm-954 (EUC-JP), ibm-943 (Shift_JIS); encoding_rs EUC-JP/Shift_JIS (WHATWG)"),
    ]
    return meta, rows


def t_jisx0212():
    rows = []
    for b, s, flag in charmap.parse("EUC-JP"):
        if len(b) == 3 and b[0] == 0x8F:
            rows.append([gl(b[1:]), u(s), "D" if flag else ""])
    rows.sort()
    mark_duplicates(rows, keep=lambda g: g[0])
    meta = [
        ("table", "JIS X 0212:1990 (supplementary kanji) <-> Unicode (EUC-JP code set 3 after 8F, ISO-2022-JP-1/-2 ESC $ ( D)"),
        ("code", "row and cell as ISO 2022 GL bytes 21..7E (hex)"),
        ("source", "glibc localedata charmap EUC-JP (code set 3)"),
        ("version", glibc_charmap_version()),
        ("licence", "the charmap file is LGPL-2.1-or-later (glibc localedata); the mapping is that of JIS X 0212"),
        ("derived", "python3 tools/tables/extract.py jisx0212"),
        ("peers", "glibc iconv EUC-JP, ISO-2022-JP-2; Python euc_jp, iso2022_jp_1, iso2022_jp_2; ICU ibm-954; encoding_rs EUC-JP (decode only)"),
    ]
    return meta, rows


def sjis_of(gl_code):
    r, c = int(gl_code[:2], 16), int(gl_code[2:], 16)
    s1 = (r + 1) // 2 + (0x70 if r <= 0x5E else 0xB0)
    if r % 2:
        s2 = c + (0x1F if c <= 0x5F else 0x20)
    else:
        s2 = c + 0x7E
    return "%02X%02X" % (s1, s2)


def t_cp932():
    base = {}
    for code, uni, flag in t_jisx0208()[1]:
        base[sjis_of(code)] = (uni, flag)
    rows = []
    for b, s, flag in charmap.parse("WINDOWS-31J"):
        if len(b) == 1:
            continue  # single bytes: ASCII, JIS X 0201 katakana; see README
        if 0xF0 <= b[0] <= 0xF9:
            continue  # user-defined area, algorithmic (README)
        code, uni, fl = b.hex().upper(), u(s), ("D" if flag else "")
        if base.get(code) == (uni, fl):
            continue
        rows.append([code, uni, fl])
    rows.sort()
    meta = [
        ("table", "CP932 (Windows-31J) double-byte codes that are not JIS X 0208 as in jisx0208.txt: the Microsoft remappings of JIS X 0208 cells, NEC row 13, NEC-selected IBM extensions (rows 89-92) and IBM extensions (FA40-FC4B); everything else in the double-byte area is jisx0208.txt through the Shift_JIS transform, and F040-F9FC is the user-defined area (U+E000.., see README)"),
        ("code", "the Shift_JIS bytes, in hex"),
        ("source", "glibc localedata charmap WINDOWS-31J (MORIYAMA Masayuki, 2003; from Microsoft's code page 932); its '%IRREVERSIBLE%' lines are D"),
        ("version", glibc_charmap_version()),
        ("licence", "the charmap file is LGPL-2.1-or-later (glibc localedata); the mapping is Microsoft's code page 932"),
        ("derived", "python3 tools/tables/extract.py cp932"),
        ("peers", "glibc iconv CP932 (WINDOWS-31J), EUC-JP-MS; Python cp932; ICU ibm-943_P15A-2003 (windows-31j); encoding_rs Shift_JIS (WHATWG)"),
    ]
    return meta, rows


def t_jisx0213():
    jis0208 = {c: (s, f) for c, s, f in t_jisx0208()[1]}
    p2004 = peers.Python("euc_jis_2004")
    p2000 = peers.Python("euc_jisx0213")
    rows = []
    for b, s, flag in charmap.parse("EUC-JISX0213"):
        if len(b) == 2 and b[0] >= 0xA1:
            code = gl(b)
            new2004 = p2000.decode(b) is None and p2004.decode(b) is not None
            fl = "2004" if new2004 else ("D" if flag == "IRREVERSIBLE" else "")
            if jis0208.get(code) == (u(s), fl):
                continue
            rows.append([f"1-{code}", u(s), fl])
        elif len(b) == 3 and b[0] == 0x8F:
            rows.append([f"2-{gl(b[1:])}", u(s), "D" if flag == "IRREVERSIBLE" else ""])
    rows.sort()
    meta = [
        ("table", "JIS X 0213:2004 <-> Unicode (EUC-JIS-2004, Shift_JIS-2004, ISO-2022-JP-2004 and, without the 2004 rows, ISO-2022-JP-3 / EUC-JISX0213 / Shift_JISX0213). Plane 1 is jisx0208.txt overlaid with the plane-1 rows here (the cells JIS X 0208 lacks, and 1-213D); plane 2 is complete here"),
        ("code", "PLANE-RRCC: plane 1 or 2, then row and cell as ISO 2022 GL bytes 21..7E (hex)"),
        ("source", "glibc localedata charmap EUC-JISX0213 (Bruno Haible, Gaspar Sinai; last changed 2004-07-31), including its 25 commented '%<U304B><U309A> /xa4/xf7' lines for the codes that decode to a base character plus a combining mark"),
        ("version", glibc_charmap_version()),
        ("licence", "the charmap file is LGPL-2.1-or-later (glibc localedata); the mapping is that of JIS X 0213:2004"),
        ("derived", "python3 tools/tables/extract.py jisx0213; flag 2004 = the ten plane-1 cells added by JIS X 0213:2004 (CPython euc_jis_2004 decodes them, euc_jisx0213 does not)"),
        ("peers", "glibc iconv EUC-JISX0213, SHIFT_JISX0213, ISO-2022-JP-3; Python euc_jis_2004, shift_jis_2004, iso2022_jp_2004, euc_jisx0213, shift_jisx0213, iso2022_jp_3; ICU 72 has no JIS X 0213 converter"),
    ]
    return meta, rows


def t_isoir165():
    g = peers.Glibc("ISO-2022-CN-EXT")
    e = peers.Glibc("EUC-CN")
    rows = []
    for a in range(0x21, 0x7F):
        for b in range(0x21, 0x7F):
            x = g.decode(b"\x1b$)E\x0e" + bytes([a, b]) + b"\x0f")
            y = e.decode(bytes([a | 0x80, b | 0x80]))
            if x is not None and x != y:
                rows.append(["%02X%02X" % (a, b), u(x), ""])
    meta = [
        ("table", "ISO-IR-165 (CCITT Chinese set: GB 2312 + GB 6345.1 + GB 8565.2) for ISO-2022-CN-EXT's SO designation ESC $ ) E: only the cells where it differs from GB 2312 (every other cell is GB 2312 as the project's strict GB2312 maps it)"),
        ("code", "row and cell as ISO 2022 GL bytes 21..7E (hex)"),
        ("source", "glibc's iconv module ISO-2022-CN-EXT (libISOIR165), read by decoding ESC $ ) E SO xx yy SI for every cell and comparing with glibc EUC-CN"),
        ("version", f"glibc {peers.glibc_version()}"),
        ("licence", "glibc is LGPL-2.1-or-later; the mapping is that of ISO-IR-165 (ITU-T T.101 annex C)"),
        ("derived", "python3 tools/tables/extract.py isoir165"),
        ("peers", "glibc iconv ISO-2022-CN-EXT only (Python has no ISO-2022-CN; ICU's ISO-2022-CN-EXT has no ISO-IR-165, see CROSSCHECK.md)"),
    ]
    return meta, rows


def t_gb18030_2005():
    icu = peers.Icu("gb18030")
    ver = peers.icu_version()
    if int(ver.split(".")[0]) >= 73:
        raise SystemExit(f"ICU {ver} implements GB18030-2022; the 2005 table needs ICU <= 72")
    new = peers.Glibc("GB18030")
    rows = []

    def four(n):
        b4 = n % 10; n //= 10; b3 = n % 126; n //= 126; b2 = n % 10; n //= 10
        return bytes([0x81 + n, 0x30 + b2, 0x81 + b3, 0x30 + b4])
    codes = [bytes([a, b]) for a in range(0x81, 0xFF) for b in list(range(0x40, 0x7F)) + list(range(0x80, 0xFF))]
    codes += [four(n) for n in range(39420)]
    for c in codes:
        old = icu.decode(c)
        if old is None:
            continue
        now = new.decode(c)
        if now != old and not (len(c) == 2 and c[0] == 0xFE and now and ord(now) >= 0x20000):
            rows.append([c.hex().upper(), u(old), ""])
    meta = [
        ("table", "GB18030-2005: the codes whose mapping GB18030-2022 changed (the 18 two-byte codes that 2005 maps to PUA and 2022 to standard code points, and the 18 four-byte codes that 2005 maps to those standard code points); every other code is GB18030-2022 as encoding_rs maps it"),
        ("code", "the bytes, in hex"),
        ("source", "ICU's gb18030 converter (GB18030-2005), compared with glibc iconv GB18030 (GB18030-2022): every two-byte code and every BMP four-byte code; glibc's own choice for FE51, FE52, FE53, FE6C, FE76, FE91 (Ext-B instead of PUA, not a 2022 change) is left out"),
        ("version", f"ICU {ver}, glibc {peers.glibc_version()}"),
        ("licence", "ICU is Unicode-3.0 licensed; the mapping is that of GB 18030-2005"),
        ("derived", "python3 tools/tables/extract.py gb18030-2005"),
        ("peers", "Python gb18030 (GB18030-2000 for A8BC / 8135F437, 2005 otherwise); glibc GB18030 and encoding_rs gb18030 (2022)"),
    ]
    return meta, rows


def gbk_codes():
    return [bytes([a]) for a in range(0x80, 0x100)] + [
        bytes([a, b]) for a in range(0x81, 0xFF) for b in list(range(0x40, 0x7F)) + list(range(0x80, 0xFF))]


def t_cp936():
    icu = peers.Icu("windows-936-2000")
    web = peers.Whatwg("gbk")
    codes = gbk_codes()
    base = web.decode_many(codes)
    rows = []
    for c, w in zip(codes, base):
        m = icu.decode(c)
        if m != w:
            if m is None:
                raise SystemExit(f"cp936: {c.hex()} valid in WHATWG gbk but not in CP936: add a removal row kind")
            rows.append([c.hex().upper(), u(m), ""])
    meta = [
        ("table", "CP936 (Microsoft Windows Simplified Chinese): the codes where it differs from WHATWG's gbk (encoding_rs, the project's GBK) read as a double-byte code page. CP936 = that two-byte GBK (no four-byte GB18030 sequences) with these rows replacing the base rows for the same codes, in both directions: 0xFF -> U+F8F5, and the codes GB18030 moved from private use to standard characters stay private use (A2E3, A3A0, A6D9.., A8BC, A8BF, A989.., FE50..)"),
        ("code", "the bytes, in hex"),
        ("source", "ICU's windows-936-2000 converter (Microsoft's code page 936 as Windows 2000 and later implement it), compared code by code with encoding_rs gbk"),
        ("version", f"ICU {peers.icu_version()}, encoding_rs 0.8.44"),
        ("licence", "ICU is Unicode-3.0 licensed; the mapping is Microsoft's code page 936"),
        ("derived", "python3 tools/tables/extract.py cp936"),
        ("peers", "glibc iconv GBK (= CP936 alias), Python cp936 / gbk, encoding_rs gbk"),
    ]
    return meta, rows


# ------------------------------------------------------------------------------------------
# The double-byte EBCDIC pages: single bytes, SO (0E) to the double-byte set, SI (0F) back.
SO, SI = 0x0E, 0x0F
EBCDIC_DBCS = {
    # charset: (what, the charset whose double-byte rows it shares, or None)
    "IBM930": ("Japanese katakana SBCS (CCSID 290) + DBCS (CCSID 300)", None),
    "IBM939": ("Japanese Latin SBCS (CCSID 1027) + DBCS (CCSID 300)", "IBM930"),
    "IBM933": ("Korean SBCS (CCSID 833) + DBCS (CCSID 834)", None),
    "IBM935": ("Simplified Chinese SBCS (CCSID 836) + DBCS (CCSID 837)", None),
    "IBM937": ("Traditional Chinese SBCS (CCSID 28709) + DBCS (CCSID 835)", None),
    "IBM1364": ("Korean SBCS (CCSID 833) + extended DBCS (CCSID 4930)", None),
    "IBM1371": ("Traditional Chinese SBCS (CCSID 1159) + DBCS (CCSID 835)", None),
    "IBM1388": ("Simplified Chinese SBCS (CCSID 13124) + GBK DBCS (CCSID 4933)", None),
    "IBM1390": ("Japanese katakana SBCS (CCSID 290, euro) + JIS X 0213 DBCS (CCSID 16684)", None),
    "IBM1399": ("Japanese Latin SBCS (CCSID 5123) + JIS X 0213 DBCS (CCSID 16684)", "IBM1390"),
}


def ebcdic_code(out):
    """The code of one character as glibc's encoder writes it: one byte, or SO a b SI."""
    if not out:
        return None  # an error, or nothing at all (glibc drops the tag characters U+E00xx)
    if len(out) == 1:
        return out
    if len(out) == 4 and out[0] == SO and out[3] == SI:
        return out[1:3]
    raise SystemExit(f"unexpected encoder output {out.hex()}")


def ebcdic_rows(cs):
    g = peers.Glibc(cs)
    rows, dec = [], {}
    codes = [bytes([b]) for b in range(0x100) if b not in (SO, SI)]
    codes += [bytes([a, b]) for a in range(0x40, 0x100) for b in range(0x40, 0x100)]
    for c in codes:
        s = g.decode(c if len(c) == 1 else bytes([SO]) + c + bytes([SI]))
        if s is None or s == "":
            continue
        dec[c] = s
        rows.append([c.hex().upper(), u(s), "" if ebcdic_code(g.encode(s)) == c else "D"])
    for cp in range(0x110000):
        if 0xD800 <= cp < 0xE000:
            continue
        e = ebcdic_code(g.encode(chr(cp)))
        if e is not None and dec.get(e) != chr(cp):
            rows.append([e.hex().upper(), "%04X" % cp, "E"])
    rows.sort(key=lambda r: (len(r[0]), r[0], r[2]))
    return rows


def t_ebcdic(cs):
    what, share = EBCDIC_DBCS[cs]
    rows = ebcdic_rows(cs)
    derived = f"python3 tools/tables/extract.py {cs.lower()} (D: the encoder writes another code for the text; E: encoder only)"
    if share:
        def shared(r):
            return len(r[0]) == 4 and r[2] != "E"
        mine = [r for r in rows if shared(r)]
        theirs = [r for r in ebcdic_rows(share) if shared(r)]
        if mine != theirs:
            raise SystemExit(f"{cs}: the double-byte rows differ from {share}'s")
        rows = [r for r in rows if not shared(r)]
        derived += f"; the double-byte rows (four hex digits) but the E ones are {share}'s, identical, and left out here"
    meta = [
        ("table", f"{cs} (EBCDIC, {what}) <-> Unicode: single bytes (two hex digits) and the double-byte codes between SO (0E) and SI (0F) (four hex digits)"),
        ("code", "the bytes, in hex; SO and SI themselves are not rows"),
        ("source", f"glibc's iconv module {cs}, read through iconv(3): every single byte, every SO lead trail SI for leads and trails 40..FF, and every Unicode scalar value encoded"),
        ("version", f"glibc {peers.glibc_version()}"),
        ("licence", "glibc is LGPL-2.1-or-later; the mapping is IBM's (CDRA) for the CCSIDs named"),
        ("derived", derived),
        ("peers", f"glibc iconv {cs} (the source); ICU ibm-{cs[3:]} where it has one"),
    ]
    return meta, rows


# ------------------------------------------------------------------------------------------
# The charsets of non-spacing diacritic prefixes (ISO 6937 and its relatives): a byte C1..CF
# before a letter makes the accented letter, in two bytes.
PREFIXED = {
    # table: (glibc charset, what)
    "iso6937": ("ISO_6937", "ISO/IEC 6937:1992 (ISO-IR-156), the teletext and DVB repertoire"),
    "iso6937-2": ("ISO_6937-2", "ISO 6937-2:1983 (ISO-IR-90), the 1983 edition of its second part"),
    "t.61-8bit": ("T.61-8BIT", "ITU-T T.61 (ISO-IR-103), the teletex 8-bit set"),
    "ansi_x3.110": ("ANSI_X3.110", "ANSI X3.110-1983 (ISO-IR-99, CSA T500, NAPLPS)"),
}


def prefixed_rows(cs):
    g = peers.Glibc(cs)
    rows, dec = [], {}
    singles = [bytes([b]) for b in range(0x100)]
    prefixes = [b for b in range(0xC0, 0xD0) if g.decode(bytes([b])) is None]
    codes = singles + [bytes([p, b]) for p in prefixes for b in range(0x100)]
    for c in codes:
        s = g.decode(c)
        if s is None or s == "":
            continue
        dec[c] = s
        rows.append([c.hex().upper(), u(s), "" if g.encode(s) == c else "D"])
    for cp in range(0x110000):
        if 0xD800 <= cp < 0xE000:
            continue
        e = g.encode(chr(cp))
        if not e or dec.get(e) == chr(cp):
            continue
        if len(e) == 2 and e[1] == 0x20 and e[0] in prefixes and e not in dec:
            # The spacing diacritic as ISO 6937 writes it, prefix + SPACE: glibc's encoder
            # writes it, its decoder refuses it; the standard reads it so. Both ways here.
            dec[e] = chr(cp)
            rows.append([e.hex().upper(), "%04X" % cp, ""])
        else:
            rows.append([e.hex().upper(), "%04X" % cp, "E"])
    rows.sort(key=lambda r: (len(r[0]), r[0], r[2]))
    return rows


def t_prefixed(name):
    cs, what = PREFIXED[name]
    rows = prefixed_rows(cs)
    meta = [
        ("table", f"{cs}: {what} <-> Unicode. Single bytes (two hex digits) and the two-byte codes of a non-spacing diacritic prefix (C1..CF) and a base byte (four hex digits)"),
        ("code", "the bytes, in hex"),
        ("source", f"glibc's iconv module {cs}, read through iconv(3): every byte, every prefix followed by every byte, and every Unicode scalar value encoded"),
        ("version", f"glibc {peers.glibc_version()}"),
        ("licence", "glibc is LGPL-2.1-or-later; the mapping is that of the standard named"),
        ("derived", f"python3 tools/tables/extract.py {name} (D: the encoder writes another code for the text; E: encoder only). The prefix + SPACE rows of the spacing diacritics are glibc's encoder's, taken both ways: ISO/IEC 6937 reads them so, glibc's decoder refuses them (README, deviations)"),
        ("peers", f"glibc iconv {cs} (the source) and its charmap"),
    ]
    return meta, rows


# ------------------------------------------------------------------------------------------
def t_eucjpms():
    g = peers.Glibc("EUC-JP-MS")
    rows, dec = [], {}
    for b in range(0x80):
        if g.decode(bytes([b])) != chr(b):
            raise SystemExit(f"EUC-JP-MS: byte {b:02X} is not ASCII")
    for t in range(0xA1, 0xE0):
        if g.decode(bytes([0x8E, t])) != chr(0xFF61 + t - 0xA1):
            raise SystemExit(f"EUC-JP-MS: 8E {t:02X} is not the katakana of JIS X 0201")
    codes = [(0, bytes([b])) for b in range(0x80, 0x100)]
    codes += [(1, bytes([a, b])) for a in range(0xA1, 0xFF) for b in range(0xA1, 0xFF)]
    codes += [(2, bytes([0x8F, a, b])) for a in range(0xA1, 0xFF) for b in range(0xA1, 0xFF)]
    for plane, c in codes:
        s = g.decode(c)
        if s is None or s == "":
            continue
        dec[c] = s
        code = c.hex().upper() if plane == 0 else f"{plane}-{gl(c[-2:])}"
        rows.append([code, u(s), "" if g.encode(s) == c else "D"])
    kana = {bytes([0x8E, t]) for t in range(0xA1, 0xE0)}
    for cp in range(0x80, 0x110000):
        if 0xD800 <= cp < 0xE000:
            continue
        e = g.encode(chr(cp))
        if not e or dec.get(e) == chr(cp) or (e in kana and cp == 0xFF61 + e[1] - 0xA1):
            continue
        if len(e) == 1:
            code = e.hex().upper()
        elif len(e) == 2 and e[0] >= 0xA1:
            code = f"1-{gl(e)}"
        elif len(e) == 3 and e[0] == 0x8F:
            code = f"2-{gl(e[1:])}"
        else:
            raise SystemExit(f"EUC-JP-MS: U+{cp:04X} -> {e.hex()}")
        rows.append([code, "%04X" % cp, "E"])
    rows.sort(key=lambda r: (r[0], r[2]))
    meta = [
        ("table", "EUC-JP-MS (eucJP-ms, eucJP-open: EUC-JP with Microsoft's CP932 mappings and extensions, the IBM extensions in code set 3, and the user-defined areas F5A1..FEFE and 8F F5A1..8F FEFE as private use) <-> Unicode. Code set 1 (A1..FE A1..FE) is plane 1, code set 3 (8F A1..FE A1..FE) plane 2; code set 2 (8E A1..DF) is JIS X 0201 katakana, U+FF61.., and bytes 00..7F ASCII (both checked, not listed)"),
        ("code", "PLANE-RRCC: 1 (two bytes) or 2 (after 8F), then row and cell as ISO 2022 GL bytes 21..7E (hex); two hex digits are a single byte (80..9F, the C1 controls glibc reads there)"),
        ("source", "glibc's iconv module EUC-JP-MS, read through iconv(3): every code of code sets 1 and 3, and every Unicode scalar value encoded"),
        ("version", f"glibc {peers.glibc_version()}"),
        ("licence", "glibc is LGPL-2.1-or-later; the mapping is that of the eucJP-ms definition (TOG/JVC CDE/Motif, Microsoft's code page 932)"),
        ("derived", "python3 tools/tables/extract.py eucjp-ms (D: the encoder writes another code for the text; E: encoder only)"),
        ("peers", "glibc iconv EUC-JP-MS (the source) and its charmap; libiconv EUC-JP-MS"),
    ]
    return meta, rows


# ------------------------------------------------------------------------------------------
# Tables only GNU libiconv has: read from its test tables (tests/CHARSET.TXT of libiconv
# 1.18), in the directory named by LIBICONV_TESTS.
def libiconv_table(name):
    d = os.environ.get("LIBICONV_TESTS")
    if not d:
        raise SystemExit(f"{name}: set LIBICONV_TESTS to libiconv 1.18's tests/ directory")
    rows = {}
    with open(os.path.join(d, name + ".TXT")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            code, uni = line.rstrip("\n").split("\t")[:2]
            rows[code[2:].upper()] = "+".join("%04X" % int(x, 16) for x in uni.split())
    return rows


def t_hkscs_editions():
    editions = {y: libiconv_table(f"BIG5-HKSCS-{y}") for y in (1999, 2001, 2004, 2008)}
    rows = []
    for before, after in ((1999, 2001), (2001, 2004), (2004, 2008)):
        old, new = editions[before], editions[after]
        if any(k not in new or new[k] != v for k, v in old.items()):
            raise SystemExit(f"HKSCS-{after} is not HKSCS-{before} with codes added")
        rows += [[k, new[k], str(after)] for k in new if k not in old]
    ours = {code: text for code, text, _ in t_big5hkscs()[1]}
    for code, text, _ in rows:
        if ours.get(code) != text:
            raise SystemExit(f"{code}: {text} in libiconv, {ours.get(code)} in big5hkscs.txt")
    rows.sort()
    meta = [
        ("table", "the Big5-HKSCS codes each later edition of HKSCS added: the FLAG column is the edition (2001, 2004, 2008) whose table first has the code. HKSCS-1999 is big5hkscs.txt without every row here, HKSCS-2001 without the 2004 and 2008 rows, HKSCS-2004 without the 2008 rows"),
        ("code", "the bytes, in hex"),
        ("source", "GNU libiconv 1.18's test tables BIG5-HKSCS-1999.TXT, -2001.TXT, -2004.TXT and -2008.TXT (libiconv's BIG5-HKSCS:1999 ... :2008 converters), compared edition by edition: each is the one before with codes added, none changed"),
        ("version", "GNU libiconv 1.18"),
        ("licence", "libiconv is LGPL-2.1-or-later; the mapping is that of the HKSCS editions (Hong Kong SAR Government)"),
        ("derived", "LIBICONV_TESTS=.../libiconv-1.18/tests python3 tools/tables/extract.py hkscs-editions; every row's text checked against big5hkscs.txt"),
        ("peers", "libiconv BIG5-HKSCS:1999, :2001, :2004, :2008; CPython big5hkscs is HKSCS-2004"),
    ]
    return meta, rows


def libiconv_irreversible(name):
    d = os.environ["LIBICONV_TESTS"]
    path = os.path.join(d, name + ".IRREVERSIBLE.TXT")
    rows = set()
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                code, uni = line.rstrip("\n").split("\t")[:2]
                rows.add((code[2:].upper(), "%04X" % int(uni, 16)))
    return rows


def libiconv_whole(name, keep):
    """A whole table of libiconv's (the codes `keep` accepts), its IRREVERSIBLE lines that are
    also in the table as D (decode only); lines only in IRREVERSIBLE are E."""
    table = libiconv_table(name)
    irr = libiconv_irreversible(name)
    rows = [[c, t, "D" if (c, t) in irr else ""] for c, t in table.items() if keep(c)]
    rows += [[c, t, "E"] for c, t in irr if c not in table]
    rows.sort(key=lambda r: (len(r[0]), r[0], r[2]))
    return rows


def t_isoir165_libiconv():
    rows = libiconv_whole("ISO-IR-165", lambda c: True)
    meta = [
        ("table", "ISO-IR-165 as GNU libiconv's charset of that name reads and writes it: the 94x94 set alone, two GL bytes a character, no single bytes (glibc has ISO-IR-165 only inside ISO-2022-CN-EXT, read from isoir165.txt; libiconv's table differs from glibc's in 12 cells and has 33 more)"),
        ("code", "row and cell as ISO 2022 GL bytes 21..7E (hex)"),
        ("source", "GNU libiconv 1.18's test tables ISO-IR-165.TXT and ISO-IR-165.IRREVERSIBLE.TXT (its lines that are in the table too are D)"),
        ("version", "GNU libiconv 1.18"),
        ("licence", "libiconv is LGPL-2.1-or-later; the mapping is that of ISO-IR-165 (ITU-T T.101 annex C) as libiconv reads it"),
        ("derived", "LIBICONV_TESTS=.../libiconv-1.18/tests python3 tools/tables/extract.py isoir165-libiconv"),
        ("peers", "libiconv ISO-IR-165 (the source); glibc ISO-2022-CN-EXT's ESC $ ) E set differs (data/cjk/isoir165.txt)"),
    ]
    return meta, rows


def t_big5_2003():
    rows = libiconv_whole("BIG5-2003", lambda c: len(c) > 2 or int(c, 16) >= 0x80)
    meta = [
        ("table", "BIG5-2003 (Taiwan's CNS 11643 appendix: Big5 with the ETEN extensions, the euro and the box drawing codes of 2003) <-> Unicode, the double-byte codes (single bytes are ASCII)"),
        ("code", "the bytes, in hex"),
        ("source", "GNU libiconv 1.18's test tables BIG5-2003.TXT and BIG5-2003.IRREVERSIBLE.TXT (its lines that are in the table too are D)"),
        ("version", "GNU libiconv 1.18"),
        ("licence", "libiconv is LGPL-2.1-or-later; the mapping is that of Big5-2003"),
        ("derived", "LIBICONV_TESTS=.../libiconv-1.18/tests python3 tools/tables/extract.py big5-2003"),
        ("peers", "libiconv BIG5-2003 (the source)"),
    ]
    return meta, rows


def t_ibm932():
    g = peers.Glibc("IBM932")
    rows, dec = [], {}
    leads = list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD))
    trails = list(range(0x40, 0x7F)) + list(range(0x80, 0xFD))
    codes = [bytes([b]) for b in range(0x100)] + [bytes([a, b]) for a in leads for b in trails]
    for c in codes:
        s = g.decode(c)
        if s is None or s == "" or (len(c) == 1 and c[0] < 0x80 and s == chr(c[0])):
            continue
        dec[c] = s
        rows.append([c.hex().upper(), u(s), "" if g.encode(s) == c else "D"])
    for cp in range(0x80, 0x110000):
        if 0xD800 <= cp < 0xE000:
            continue
        e = g.encode(chr(cp))
        if e and dec.get(e) != chr(cp):
            rows.append([e.hex().upper(), "%04X" % cp, "E"])
    for b in range(0x80):
        e = g.encode(chr(b))
        if bytes([b]) not in dec and e != bytes([b]):
            raise SystemExit(f"IBM932: U+{b:04X} -> {e}")
    rows.sort(key=lambda r: (len(r[0]), r[0], r[2]))
    meta = [
        ("table", "IBM932 (IBM's Japanese PC code page, Shift_JIS layout: single-byte katakana, JIS X 0208 with IBM's extensions, and IBM's PC controls at 1A, 1C, 7F) <-> Unicode: the single bytes that are not ASCII (two hex digits) and the double-byte codes (four)"),
        ("code", "the bytes, in hex"),
        ("source", "glibc's iconv module IBM932, read through iconv(3): every byte, every lead 81..9F, E0..FC with every trail 40..7E, 80..FC, and every Unicode scalar value encoded"),
        ("version", f"glibc {peers.glibc_version()}"),
        ("licence", "glibc is LGPL-2.1-or-later; the mapping is IBM's (CDRA, CCSID 932)"),
        ("derived", "python3 tools/tables/extract.py ibm932 (D: the encoder writes another code for the text; E: encoder only)"),
        ("peers", "glibc iconv IBM932 (the source)"),
    ]
    return meta, rows


TABLES = {
    "cns11643": t_cns11643,
    "big5hkscs": t_big5hkscs,
    "cp950": t_cp950,
    "ksx1001": t_ksx1001,
    "jisx0208": t_jisx0208,
    "jisx0212": t_jisx0212,
    "cp932": t_cp932,
    "jisx0213": t_jisx0213,
    "isoir165": t_isoir165,
    "gb18030-2005": t_gb18030_2005,
    "cp936": t_cp936,
    "eucjp-ms": t_eucjpms,
    "ibm932": t_ibm932,
    "hkscs-editions": t_hkscs_editions,
    "isoir165-libiconv": t_isoir165_libiconv,
    "big5-2003": t_big5_2003,
}
# The tables read from GNU libiconv's test tables (LIBICONV_TESTS).
LIBICONV_ONLY = {"hkscs-editions", "isoir165-libiconv", "big5-2003"}
for _name in PREFIXED:
    TABLES[_name] = (lambda n: lambda: t_prefixed(n))(_name)
for _cs in EBCDIC_DBCS:
    TABLES[_cs.lower()] = (lambda cs: lambda: t_ebcdic(cs))(_cs)


def main(argv):
    check = "--check" in argv
    names = [a for a in argv if not a.startswith("--")] or list(TABLES)
    if not os.environ.get("LIBICONV_TESTS") and not [a for a in argv if not a.startswith("--")]:
        skipped = [n for n in names if n in LIBICONV_ONLY]
        names = [n for n in names if n not in LIBICONV_ONLY]
        print(f"skipped (set LIBICONV_TESTS to libiconv 1.18's tests/): {' '.join(skipped)}")
    ensure_locales()
    os.makedirs(OUT, exist_ok=True)
    bad = 0
    for n in names:
        meta, rows = TABLES[n]()
        text = render(meta, rows)
        path = os.path.join(OUT, n + ".txt")
        if check:
            old = open(path).read() if os.path.exists(path) else ""
            if old != text:
                print(f"{path}: differs from what the sources give now")
                bad += 1
            else:
                print(f"{path}: ok ({len(rows)} rows)")
        else:
            with open(path, "w") as f:
                f.write(text)
            print(f"{path}: {len(rows)} rows")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
