"""Conformance suites for the codes written for what cannot be converted, over the whole
repertoire in a few large cases (tests/unmappable.rs has the random differential tests).

unmappable-python: every character Python's unicodedata knows (Unicode 14.0 in Python 3.11)
from U+0080 on, one a line, to US-ASCII and ISO-8859-1 with --unmappable backslash,
xml-dec and name, against Python's backslashreplace, xmlcharrefreplace and namereplace. Left
out of `name`: U+F0000..U+F0FFF, private-use characters that CPython names with the aliases
and named sequences it keeps there internally (U+F0000 comes out as \\N{NULL}); they have no
name, and transcode writes \\U000f0000.

unmappable-icu: the same characters less the default-ignorable ones (ICU's callbacks drop
those silently where the target lacks them; transcode writes their codes) to US-ASCII, with
each --unmappable format that ICU has, against `uconv --to-callback` (escape-xml-dec,
escape-xml-hex, escape-java, escape-c, escape-icu, escape-unicode). Needs uconv and
DerivedCoreProperties.txt (Debian's icu-devtools and unicode-data, installed by
.ci/install-peers); skipped without them.

bad-bytes-python: Kuhn's UTF-8 stress test and flenniken's utf8tests.bin with --errors
backslash against Python's backslashreplace on decoding, and with --byte-format '<%02X>'
against a Python handler that writes the same template with `%`.
"""

from __future__ import annotations

import codecs
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Optional

from model import Suite, converts, read

UCD = Path("/usr/share/unicode")
PYTHON_FORMATS = (("backslash", "backslashreplace"), ("xml-dec", "xmlcharrefreplace"),
                  ("name", "namereplace"))
ICU_FORMATS = (("xml-dec", "escape-xml-dec"), ("xml-hex", "escape-xml-hex"),
               ("java", "escape-java"), ("c99", "escape-c"), ("icu", "escape-icu"),
               ("unicode", "escape-unicode"))
CPYTHON_PLANE15_NAMES = range(0xF0000, 0xF1000)


def known_characters() -> list[str]:
    return [chr(cp) for cp in range(0x80, 0x110000)
            if not 0xD800 <= cp <= 0xDFFF and unicodedata.category(chr(cp)) != "Cn"]


def lines(chars: list[str]) -> str:
    return "".join(c + "\n" for c in chars)


def args(to: str, fmt: str) -> list[str]:
    return ["-f", "UTF-8", "-t", to, "--unmappable", fmt, "-s"]


def suite_unmappable_python(data: Path) -> Suite:
    suite = Suite("unmappable-python")
    chars = known_characters()
    suite.notes.append(f"{len(chars)} characters of Unicode {unicodedata.unidata_version}")
    for fmt, handler in PYTHON_FORMATS:
        text = lines([c for c in chars
                      if fmt != "name" or ord(c) not in CPYTHON_PLANE15_NAMES])
        for to, codec in (("US-ASCII", "ascii"), ("ISO-8859-1", "latin-1")):
            suite.cases.append(converts(f"{fmt} to {to} ({handler})", args(to, fmt),
                                        text.encode(codec, handler), text.encode("utf-8")))
    return suite


def default_ignorables() -> Optional[set[int]]:
    path = UCD / "DerivedCoreProperties.txt"
    if not path.is_file():
        return None
    points = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0]
        if ";" not in line or line.split(";")[1].strip() != "Default_Ignorable_Code_Point":
            continue
        span = line.split(";")[0].strip()
        first, _, last = span.partition("..")
        points.update(range(int(first, 16), int(last or first, 16) + 1))
    return points


def suite_unmappable_icu(data: Path) -> Suite:
    suite = Suite("unmappable-icu")
    ignorable = default_ignorables()
    if shutil.which("uconv") is None or ignorable is None:
        suite.skip("uconv --to-callback", "needs uconv and DerivedCoreProperties.txt "
                   "(.ci/install-peers installs icu-devtools and unicode-data)")
        return suite
    text = lines([c for c in known_characters() if ord(c) not in ignorable]).encode("utf-8")
    for fmt, callback in ICU_FORMATS:
        icu = subprocess.run(["uconv", "-f", "UTF-8", "-t", "US-ASCII", "--to-callback",
                              callback], input=text, capture_output=True, check=True)
        suite.cases.append(converts(f"{fmt} to US-ASCII (uconv {callback})",
                                    args("US-ASCII", fmt), icu.stdout, text))
    return suite


def byte_template(fmt: str):
    def handler(error: UnicodeDecodeError):
        return "".join(fmt % b for b in error.object[error.start:error.end]), error.end
    return handler


def suite_bad_bytes_python(data: Path) -> Suite:
    suite = Suite("bad-bytes-python")
    codecs.register_error("conformance-bytes", byte_template("<%02X>"))
    for name, rel in (("kuhn", "kuhn/UTF-8-test.txt"),
                      ("flenniken", "flenniken-utf8tests/utf8tests.bin")):
        raw = read(data / rel)
        base = ["-f", "UTF-8", "-t", "UTF-8", "-s"]
        suite.cases.append(converts(f"{name} --errors backslash", base + ["--errors", "backslash"],
                                    raw.decode("utf-8", "backslashreplace").encode("utf-8"), raw))
        suite.cases.append(converts(f"{name} --byte-format '<%02X>'",
                                    base + ["--byte-format", "<%02X>"],
                                    raw.decode("utf-8", "conformance-bytes").encode("utf-8"), raw))
    return suite


SUITES = [suite_unmappable_python, suite_unmappable_icu, suite_bad_bytes_python]
