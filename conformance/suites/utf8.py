"""Conformance suites from UTF-8 decoder torture tests and CPython's invalid sequences.

utf8-torture: kuhn/UTF-8-test.txt and flenniken utf8tests.bin: replace ->
expected/*.replace.utf8; escape -> UTF-16LE equals expected/*.surrogateescape.utf16le;
escape -> UTF-8 gives the input back byte for byte; strict exits 1 with the well-formed
prefix (the escape oracle up to its first U+DCxx) on stdout.

cpython-utf8: derived/cpython_utf8_invalid_sequences.json (309 inputs): strict exits 1
with the prefix before the first U+FFFD of the replace result; replace equals the
replace result.

utf8-drop: `-c` (drop ill-formed input, exit 1): the JSON's "ignore" results, taken only
where ignore == replace minus U+FFFD (i.e. dropping whole maximal subparts; any other
case would be skipped with a reason), flenniken's utf8.skip.ref.txt, and Kuhn's file
with the escape oracle's U+DCxx units removed.
"""

from __future__ import annotations

from pathlib import Path

from model import (REPLACEMENT, Suite, argv, before_first, converts, escape_oracle_text, fails,
                   is_escape, load_json, read, unhex, utf8)

TORTURE_FILES = (
    ("kuhn", Path("kuhn/UTF-8-test.txt"), "UTF-8-test.txt"),
    ("flenniken", Path("flenniken-utf8tests/utf8tests.bin"), "flenniken-utf8tests.bin"),
)


def suite_utf8_torture(data: Path) -> Suite:
    suite = Suite("utf8-torture")
    for short, rel, expected_stem in TORTURE_FILES:
        source = data / rel
        expected = data / "expected"
        escaped = read(expected / f"{expected_stem}.surrogateescape.utf16le")
        oracle = escape_oracle_text(escaped)
        prefix = utf8(oracle[:first_escape(oracle)])
        suite.cases += [
            converts(f"{short} replace", argv("UTF-8", "UTF-8", errors="replace", file=source),
                     read(expected / f"{expected_stem}.replace.utf8")),
            converts(f"{short} escape -> UTF-16LE",
                     argv("UTF-8", "UTF-16LE", errors="escape", file=source), escaped),
            converts(f"{short} escape -> UTF-8 (lossless)",
                     argv("UTF-8", "UTF-8", errors="escape", file=source), read(source)),
            fails(f"{short} strict", argv("UTF-8", "UTF-8", file=source), prefix),
        ]
    return suite


def first_escape(text: str) -> int:
    for index, ch in enumerate(text):
        if is_escape(ch):
            return index
    return len(text)


def suite_cpython_utf8(data: Path) -> Suite:
    suite = Suite("cpython-utf8")
    for n, case in enumerate(cpython_utf8_cases(data), 1):
        raw = unhex(case["input_hex"])
        name = f"#{n} {case['input_hex']}"
        replaced = case["replace"]
        prefix = None if b"\xef\xbf\xbd" in raw else utf8(before_first(replaced, REPLACEMENT))
        suite.cases.append(fails(f"{name} strict", argv("UTF-8", "UTF-8"), prefix, raw))
        suite.cases.append(converts(f"{name} replace", argv("UTF-8", "UTF-8", errors="replace"),
                                    utf8(replaced), raw))
    return suite


def cpython_utf8_cases(data: Path) -> list[dict]:
    return load_json(data / "derived" / "cpython_utf8_invalid_sequences.json")["cases"]


def suite_utf8_drop(data: Path) -> Suite:
    """`-c`: drop ill-formed input, exit 1 when anything was dropped."""
    suite = Suite("utf8-drop")
    for n, case in enumerate(cpython_utf8_cases(data), 1):
        name = f"cpython #{n} {case['input_hex']} -c"
        if case.get("ignore") is None:
            suite.skip(name, "no ignore result recorded")
            continue
        if case["ignore"] != case["replace"].replace(REPLACEMENT, ""):
            suite.skip(name, "ignore result is not 'drop each maximal subpart'")
            continue
        suite.cases.append(fails(name, argv("UTF-8", "UTF-8", errors=None, drop=True),
                                 utf8(case["ignore"]), unhex(case["input_hex"])))
    flenniken = data / "flenniken-utf8tests"
    suite.cases.append(fails("flenniken utf8tests.bin -c",
                             argv("UTF-8", "UTF-8", errors=None, drop=True,
                                  file=flenniken / "utf8tests.bin"),
                             read(flenniken / "artifacts" / "utf8.skip.ref.txt")))
    kuhn = data / "kuhn" / "UTF-8-test.txt"
    oracle = escape_oracle_text(read(data / "expected" / "UTF-8-test.txt.surrogateescape.utf16le"))
    suite.cases.append(fails("kuhn UTF-8-test.txt -c (escape oracle minus escapes)",
                             argv("UTF-8", "UTF-8", errors=None, drop=True, file=kuhn),
                             utf8("".join(ch for ch in oracle if not is_escape(ch)))))
    return suite


# WPT labels -> transcode labels.  WHATWG's "gb2312" label is GBK; transcode's
# GB2312 is the strict EUC-CN repertoire, so such a case runs as GBK.


SUITES = [suite_utf8_torture, suite_cpython_utf8, suite_utf8_drop]
