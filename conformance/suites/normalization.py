"""Conformance suite for --normalize: the Unicode Character Database's NormalizationTest.txt.

normalization: every line of the test file through the binary, in one large case per form
and column (columns joined by line feeds, which are boundaries in every form, so each line
of the output is one field), with the results UAX #15 prescribes:

  NFC   c2 == toNFC(c1) == toNFC(c2) == toNFC(c3);  c4 == toNFC(c4) == toNFC(c5)
  NFD   c3 == toNFD(c1) == toNFD(c2) == toNFD(c3);  c5 == toNFD(c4) == toNFD(c5)
  NFKC  c4 == toNFKC(c1..c5)
  NFKD  c5 == toNFKD(c1..c5)

and, for every character not listed in Part 1, X == toNFx(X) in all four forms. Characters
unassigned in the test file's Unicode version are left out of that check (a later version
may give them a decomposition; normalization is stable only for assigned characters).
The NFC and NFD cases also run from UTF-32LE input, which takes another path through the
converter (the general decoder loop rather than the UTF-8 bulk path).

The data is not copied into the repository: it comes from Debian's unicode-data package
(/usr/share/unicode/NormalizationTest.txt, compressed or not, and UnicodeData.txt beside
it), which .ci/install-peers installs. Without it the suite is skipped.
"""

from __future__ import annotations

import bz2
from pathlib import Path
from typing import Optional

from model import Suite, converts

UCD = Path("/usr/share/unicode")
FORMS = ("nfc", "nfd", "nfkc", "nfkd")
# Which column toNFx of each column gives (0-based), by UAX #15's conformance rules.
EXPECTED = {
    "nfc": (1, 1, 1, 3, 3),
    "nfd": (2, 2, 2, 4, 4),
    "nfkc": (3, 3, 3, 3, 3),
    "nfkd": (4, 4, 4, 4, 4),
}


def ucd_text(name: str) -> Optional[str]:
    for path in (UCD / name, UCD / f"{name}.bz2"):
        if path.is_file():
            raw = path.read_bytes()
            return (bz2.decompress(raw) if path.suffix == ".bz2" else raw).decode("utf-8")
    return None


def fields(text: str) -> tuple[list[tuple[str, ...]], set[int], str]:
    """The test lines (five strings each), the code points of Part 1, and the version."""
    rows, part1, part, version = [], set(), "", "?"
    for line in text.splitlines():
        if line.startswith("# NormalizationTest-"):
            version = line[len("# NormalizationTest-"):].split(".txt")[0]
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("@"):
            part = line
            continue
        cols = [c for c in line.split(";")][:5]
        row = tuple("".join(chr(int(cp, 16)) for cp in col.split()) for col in cols)
        rows.append(row)
        if part == "@Part1":
            part1.add(ord(row[0]))
    return rows, part1, version


def assigned(unicode_data: str) -> set[int]:
    """Code points assigned in UnicodeData.txt (its First/Last ranges expanded)."""
    points, first = set(), None
    for line in unicode_data.splitlines():
        cp, name = line.split(";")[:2]
        if name.endswith(", First>"):
            first = int(cp, 16)
        elif name.endswith(", Last>") and first is not None:
            points.update(range(first, int(cp, 16) + 1))
            first = None
        else:
            points.add(int(cp, 16))
    return points


def args(form: str, frm: str = "UTF-8") -> list[str]:
    return ["-f", frm, "-t", "UTF-8", "--normalize", form, "-s"]


def suite_normalization(data: Path) -> Suite:
    suite = Suite("normalization")
    test, unicode_data = ucd_text("NormalizationTest.txt"), ucd_text("UnicodeData.txt")
    if test is None or unicode_data is None:
        suite.skip("NormalizationTest.txt", f"not installed under {UCD} (Debian's unicode-data "
                   "package; .ci/install-peers installs it)")
        return suite
    rows, part1, version = fields(test)
    suite.notes.append(f"NormalizationTest-{version}.txt: {len(rows)} lines")
    for form in FORMS:
        for column in range(5):
            source = "\n".join(row[column] for row in rows) + "\n"
            want = "\n".join(row[EXPECTED[form][column]] for row in rows) + "\n"
            suite.cases.append(converts(f"{form} of column c{column + 1}", args(form),
                                        want.encode("utf-8"), source.encode("utf-8")))
            if form in ("nfc", "nfd") and column == 0:
                suite.cases.append(converts(f"{form} of column c1, from UTF-32LE",
                                            args(form, "UTF-32LE"), want.encode("utf-8"),
                                            source.encode("utf-32-le")))
    others = [cp for cp in sorted(assigned(unicode_data) - part1)
              if not 0xD800 <= cp <= 0xDFFF]
    invariant = "".join(chr(cp) + "\n" for cp in others).encode("utf-8")
    for form in FORMS:
        suite.cases.append(converts(f"{form} leaves the {len(others)} other assigned characters",
                                    args(form), invariant, invariant))
    return suite


SUITES = [suite_normalization]
