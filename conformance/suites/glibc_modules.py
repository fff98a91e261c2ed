"""Charsets whose table is glibc's own module (issue 34): the double-byte EBCDIC pages, the
charsets of diacritic prefixes, EUC-JP-MS and IBM932, checked against glibc `iconv` over their whole code
space, both ways.

glibc-modules: for each charset, every code (each single byte; each double-byte code
between SO and SI; each prefix before every byte) on a line of its own, decoded by
transcode with -c and by `iconv -c`: the outputs must be identical, byte for byte (a code
iconv refuses is dropped by both). Then every Unicode scalar value (U+0001..U+FFFF, and
beyond for the pages that have characters there) on a line of its own, encoded likewise.
The line end is the charset's own (EBCDIC's LF is 0x25), so the lines stay lines.

glibc's EUC-JP-MS writes U+FFFD under -c for 8E before a byte that is no katakana (without
-c it is an error, as here): on those lines an empty line here is the same answer.

IBM932: a double-byte code the table lacks whose second byte is ASCII is an error of the
lead alone, and the ASCII byte is read as itself (WHATWG's rule, as for every Shift_JIS and
Big5 form here); glibc's -c drops both: on those lines transcode's output is that byte.

A prefix before a byte it does not combine with: glibc's -c drops both bytes, transcode only
the prefix (the maximal ill-formed subpart, Unicode 3.9) and reads the byte after it as
itself: on those lines transcode's output must be that byte's own reading by iconv.

Left out, each a documented deviation (README, deviations): a prefix before SPACE, which
glibc's decoders refuse and transcode reads as the spacing diacritic (glibc's encoders
write it); the characters glibc's EBCDIC encoders write as SUB (0x3F, which reads back as
U+001A: U+000E, U+000F and every other character a page lacks), which transcode reports as
unmappable (read from the `E` rows of data/cjk/ibm*.txt).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from model import Suite, argv, Case

EBCDIC = ["IBM930", "IBM939", "IBM933", "IBM935", "IBM937", "IBM1364", "IBM1371",
          "IBM1388", "IBM1390", "IBM1399"]
PREFIXED = ["ISO_6937", "ISO_6937-2", "T.61-8BIT", "ANSI_X3.110"]
EUC = ["EUC-JP-MS"]
SJIS = ["IBM932"]
ASTRAL = {"IBM1390", "IBM1399"}
SO, SI = b"\x0e", b"\x0f"
REPO = Path(__file__).resolve().parent.parent.parent


def written_as_sub(label: str) -> set[int]:
    """The characters glibc writes as SUB in an EBCDIC page or IBM932 (its table's
    `3F ... E` or `7F ... E` rows)."""
    sub = {"IBM932": "7F"}.get(label, "3F")
    if label not in EBCDIC + ["IBM932"]:
        return set()
    found = set()
    for line in (REPO / "data" / "cjk" / f"{label.lower()}.txt").read_text().splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[0] == sub and parts[2] == "E":
            found.add(int(parts[1], 16))
    return found


def iconv(frm: str, to: str, data: bytes) -> tuple[bytes, bool]:
    """glibc iconv -c's output, and whether the strict conversion would have succeeded."""
    out = subprocess.run(["iconv", "-c", "-f", frm, "-t", to], input=data,
                         capture_output=True).stdout
    strict = subprocess.run(["iconv", "-f", frm, "-t", to], input=data,
                            capture_output=True).returncode == 0
    return out, strict


def same_as_iconv(name: str, frm: str, to: str, data: bytes) -> Case:
    want, strict = iconv(frm, to, data)
    args = argv(frm, to, errors=None, drop=True)
    return Case(name, args, data, want_rc=0 if strict else 1, want_out=want)


def lines_check(space: list[bytes], want: bytes, singles: dict[int, bytes]):
    """Line by line against iconv -c, where a prefix iconv dropped with its base byte must
    leave the base byte's own reading, and iconv's U+FFFD is an error (see the module's
    doc)."""
    wanted = want.split(b"\n")

    def check(out: bytes):
        got = out.split(b"\n")
        if len(got) != len(wanted):
            return f"{len(got)} lines, iconv {len(wanted)}"
        for code, g, w in zip(space, got, wanted):
            if g == w or (w == "\ufffd".encode() and g == b""):
                continue
            if len(code) == 2 and w == b"" and g == singles.get(code[1], b""):
                continue
            return f"{code.hex()}: transcode {g.hex()}, iconv {w.hex()}"
        return None
    return check


def codes(label: str) -> tuple[list[bytes], bytes]:
    """Every code of the charset's code space, and its line end."""
    if label in EBCDIC:
        singles = [bytes([b]) for b in range(0x100) if b not in (0x0E, 0x0F, 0x25)]
        doubles = [SO + bytes([a, b]) + SI for a in range(0x40, 0x100) for b in range(0x40, 0x100)]
        return singles + doubles, b"\x25"
    if label in SJIS:
        # A lead byte alone is no code (glibc's -c would take the line end with it).
        leads = list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD))
        singles = [bytes([b]) for b in range(0x100) if b != 0x0A and b not in leads]
        pairs = [bytes([a, b]) for a in leads for b in range(0x40, 0xFD) if b != 0x7F]
        return singles + pairs, b"\x0a"
    if label in EUC:
        singles = [bytes([b]) for b in range(0x100) if b != 0x0A]
        kana = [bytes([0x8E, b]) for b in range(0xA1, 0xFF)]
        pairs = [bytes([a, b]) for a in range(0xA1, 0xFF) for b in range(0xA1, 0xFF)]
        triples = [bytes([0x8F, a, b]) for a in range(0xA1, 0xFF) for b in range(0xA1, 0xFF)]
        return singles + kana + pairs + triples, b"\x0a"
    singles = [bytes([b]) for b in range(0x100) if b != 0x0A]
    prefixed = [bytes([p, b]) for p in range(0xC1, 0xD0) for b in range(0x21, 0x100)
                if b != 0x0A]
    return singles + prefixed, b"\x0a"


def suite_glibc_modules(data: Path) -> Suite:
    suite = Suite("glibc-modules")
    if shutil.which("iconv") is None:
        suite.skip("glibc-modules", "glibc iconv is missing")
        return suite
    for label in EBCDIC + PREFIXED + EUC + SJIS:
        space, nl = codes(label)
        text = b"".join(c + nl for c in space)
        case = same_as_iconv(f"{label}: {len(space)} codes decoded", label, "UTF-8", text)
        if label in PREFIXED + EUC + SJIS:
            singles = {}
            if label in SJIS:
                singles = {b: bytes([b]) for b in range(0x20, 0x7F)}
            if label in PREFIXED:
                singles = {b: iconv(label, "UTF-8", bytes([b]))[0] for b in range(0x100)}
            case.check = lines_check(space, case.want_out, singles)
            case.want_out = None
        suite.cases.append(case)
        top = 0x30000 if label in ASTRAL else 0x10000
        sub = written_as_sub(label)
        scalars = [chr(cp) for cp in range(1, top)
                   if not 0xD800 <= cp < 0xE000 and cp != 0x0A and cp not in sub]
        text = "".join(c + "\n" for c in scalars).encode("utf-8")
        suite.cases.append(same_as_iconv(f"{label}: {len(scalars)} characters encoded",
                                         "UTF-8", label, text))
    suite.notes.append("prefix + SPACE (decoded here, refused by glibc) and the characters "
                       "glibc writes as SUB (refused here) are left out: README, deviations")
    return suite


SUITES = [suite_glibc_modules]
