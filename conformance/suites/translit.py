"""Conformance suites for //TRANSLIT.

translit-glibc: every character glibc's C.UTF-8 locale names in its transliteration
sources (the keys of data/translit/glibc-C.txt, which tools/translit/extract.py takes from
translit_combining, translit_neutral and the files it includes), one a line, to
US-ASCII//TRANSLIT, ISO-8859-1//TRANSLIT and ISO-8859-2//TRANSLIT, compared line by line
with glibc's `iconv` run in the C.UTF-8 locale. A line is "as iconv" when the two agree,
"better" when iconv writes only `?` (its default_missing) and transcode an approximation,
and "worse" otherwise; the case fails if any line is worse, and the counts are printed as
notes. Skipped where `iconv` is not glibc's or C.UTF-8 is missing.

translit-libiconv: libiconv's own //TRANSLIT checks (`make check`'s check-translit and
check-translitfailure, data in libiconv/: Quotes UTF-8 to ISO-8859-1 and to ASCII,
Translit1 ISO-8859-1 to ASCII, TranslitFail1 ISO-8859-1 to ASCII, which libiconv fails).
transcode follows glibc's locale data where the two differ; those lines are expected
differences, each named in a note and in the README (iconv section).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Optional

from model import Case, Suite, converts, read

REPO = Path(__file__).resolve().parent.parent.parent
GLIBC_DATA = REPO / "data" / "translit" / "glibc-C.txt"
TARGETS = (("US-ASCII", "ascii"), ("ISO-8859-1", "latin-1"), ("ISO-8859-2", "iso8859-2"))

# (file, from, to) -> {line number: what transcode writes there instead of libiconv's line,
# why}. Line numbers count from 1.
LIBICONV_DIFFERENCES = {
    ("Quotes", "UTF-8", "ASCII"): (
        {3: b',,Hello"', 4: b",Hello'"},
        "libiconv writes \u201e as \" and \u201a as '; transcode, as glibc's locale "
        "data, ,, and ,"),
    ("Quotes", "UTF-8", "ISO-8859-1"): (
        {2: b"'Hello'", 3: b',,Hello"', 4: b",Hello'"},
        "libiconv writes \u2018 \u2019 as ` and \u00b4, \u201e as \" and \u201a as `; "
        "transcode, as glibc's locale data, ' ' ,, and ,"),
    ("Translit1", "ISO-8859-1", "ASCII"): (
        {1: b"Ecrit par %s."},
        "libiconv writes \u00c9 as 'E; transcode, as glibc's locale data, E"),
}


def glibc_characters() -> list[str]:
    chars = []
    for line in GLIBC_DATA.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            chars.append(chr(int(line.split("\t", 1)[0], 16)))
    return chars


def glibc_iconv() -> Optional[str]:
    """The path of glibc's iconv with a C.UTF-8 locale to run it in, if there is one."""
    path = shutil.which("iconv")
    if path is None:
        return None
    probe = subprocess.run([path, "--version"], capture_output=True, text=True)
    if "GLIBC" not in probe.stdout and "GNU libc" not in probe.stdout:
        return None
    env = dict(os.environ, LC_ALL="C.UTF-8")
    test = subprocess.run([path, "-f", "UTF-8", "-t", "ASCII//TRANSLIT"], input="\u00e9".encode(),
                          capture_output=True, env=env)
    return path if test.stdout == b"e" else None


def compare_lines(iconv_lines: list[bytes], to: str, chars: list[str], suite: Suite):
    """A check of transcode's output against iconv's, line by line, that notes the counts."""

    def check(out: bytes) -> Optional[str]:
        ours = out.split(b"\n")[:-1]
        if len(ours) != len(iconv_lines):
            return f"{len(ours)} lines, iconv wrote {len(iconv_lines)}"
        agree = better = 0
        worse = []
        for c, mine, theirs in zip(chars, ours, iconv_lines):
            if mine == theirs:
                agree += 1
            elif theirs == b"?" and mine != b"?":
                better += 1
            else:
                worse.append(f"U+{ord(c):04X} iconv {theirs!r}, transcode {mine!r}")
        suite.notes.append(f"{to}//TRANSLIT, {len(chars)} characters: {agree} as iconv, "
                           f"{better} better (iconv writes ?), {len(worse)} worse")
        if worse:
            return "worse than iconv: " + "; ".join(worse[:10])
        return None

    return check


def suite_translit_glibc(data: Path) -> Suite:
    suite = Suite("translit-glibc")
    iconv = glibc_iconv()
    if iconv is None:
        suite.skip("every character against iconv", "needs glibc's iconv and the C.UTF-8 locale")
        return suite
    chars = glibc_characters()
    text = "".join(c + "\n" for c in chars).encode("utf-8")
    env = dict(os.environ, LC_ALL="C.UTF-8")
    for to, _ in TARGETS:
        ran = subprocess.run([iconv, "-f", "UTF-8", "-t", f"{to}//TRANSLIT"], input=text,
                             capture_output=True, env=env)
        theirs = ran.stdout.split(b"\n")[:-1]
        args = ["-f", "UTF-8", "-t", f"{to}//TRANSLIT", "-s"]
        check = compare_lines(theirs, to, chars, suite)
        suite.cases.append(Case(f"every character of glibc's tables to {to}", args, text,
                                want_rc=0, check=check))
    suite.cases.append(converts("the issue's line to ASCII", ["-f", "UTF-8", "-t", "ASCII//TRANSLIT", "-s"],
                                b" 1/2  -> (1) (TM) T\n", "\u00bd \u2192 \u2460 \u2122 \u0166\n".encode()))
    return suite


def suite_translit_libiconv(data: Path) -> Suite:
    suite = Suite("translit-libiconv")
    folder = data / "libiconv"
    for stem, frm, to in (("Quotes", "UTF-8", "ISO-8859-1"), ("Quotes", "UTF-8", "ASCII"),
                          ("Translit1", "ISO-8859-1", "ASCII")):
        want = read(folder / f"{stem}.{to}")
        lines = want.split(b"\n")
        changed, why = LIBICONV_DIFFERENCES.get((stem, frm, to), ({}, ""))
        for number, line in changed.items():
            lines[number - 1] = line
        if changed:
            suite.notes.append(f"{stem} {frm} to {to}, line {', '.join(map(str, changed))}: "
                               f"{why}")
        args = ["-f", frm, "-t", f"{to}//TRANSLIT", "-s", str(folder / f"{stem}.{frm}")]
        suite.cases.append(converts(f"{stem} {frm} to {to}", args, b"\n".join(lines)))
    args = ["-f", "ISO-8859-1", "-t", "ASCII//TRANSLIT", "-s",
            str(folder / "TranslitFail1.ISO-8859-1")]
    suite.cases.append(converts("TranslitFail1 ISO-8859-1 to ASCII", args,
                                b"? means $, GBP or JPY.\n"))
    suite.notes.append("TranslitFail1: libiconv has no approximation for \u00a4 and fails "
                       "(exit 1); transcode, as glibc, writes ? and exits 0")
    return suite


SUITES = [suite_translit_glibc, suite_translit_libiconv]
