"""Conformance suites from encoding_rs's test data and unit-test vectors.

encoding_rs: test_data: gb18030_in.txt decoded (strict, must not fail) as GB18030 and as
GBK equals gb18030_in_ref.txt; gb18030_out.txt encoded to GB18030 equals
gb18030_out_ref.txt.

encoding_rs-inline: derived/encoding_rs_inline_vectors.json: decodes with replace, plus
the strict verdict they imply (a U+FFFD in the result means strict exits 1 with the
prefix before it); encodes with strict (an expected &#N; NCR means exit 1). Excluded:
UTF-16LE/BE decodes whose input starts with the opposite-endian BOM (encoding_rs's test
helper BOM-sniffs and switches byte order; transcode's explicit labels only strip a
matching signature).
"""

from __future__ import annotations

from pathlib import Path

from model import (REPLACEMENT, Suite, argv, before_first, converts, fails, load_json, read,
                   unhex, utf8)

ENCODING_RS_LABELS = {"gb18030": "GB18030", "GBK": "GBK", "UTF-16LE": "UTF-16LE",
                      "UTF-16BE": "UTF-16BE"}
OPPOSITE_BOM = {"UTF-16LE": b"\xfe\xff", "UTF-16BE": b"\xff\xfe"}


def suite_encoding_rs_files(data: Path) -> Suite:
    suite = Suite("encoding_rs")
    folder = data / "encoding_rs" / "test_data"
    decoded = read(folder / "gb18030_in_ref.txt")
    for label in ("GB18030", "GBK"):
        suite.cases.append(converts(f"gb18030_in.txt -f {label}",
                                    argv(label, "UTF-8", file=folder / "gb18030_in.txt"), decoded))
    suite.cases.append(converts("gb18030_out.txt -t GB18030",
                                argv("UTF-8", "GB18030", file=folder / "gb18030_out.txt"),
                                read(folder / "gb18030_out_ref.txt")))
    return suite




def suite_encoding_rs_inline(data: Path) -> Suite:
    suite = Suite("encoding_rs-inline")
    cases = load_json(data / "derived" / "encoding_rs_inline_vectors.json")["cases"]
    for case in cases:
        label = ENCODING_RS_LABELS[case["encoding"]]
        where = f"{case['file']}:{case['excerpt_line']}"
        if case["direction"] == "decode":
            add_encoding_rs_decode(suite, f"{where} {label} decode {case['input_hex']!r}",
                                   label, case)
        else:
            add_encoding_rs_encode(suite, f"{where} {label} encode {case['input_codepoints']!r}",
                                   label, case)
    return suite


def add_encoding_rs_decode(suite: Suite, name: str, label: str, case: dict) -> None:
    raw = unhex(case["input_hex"])
    if raw.startswith(OPPOSITE_BOM.get(label, b"\0\0\0")):
        suite.skip(name, "encoding_rs's test helper BOM-sniffs and switches byte order; "
                         "explicit-endianness labels only strip a matching signature")
        return
    expected = case["expected"]
    suite.cases.append(converts(f"{name} replace", argv(label, "UTF-8", errors="replace"),
                                utf8(expected), raw))
    if REPLACEMENT in expected:
        suite.cases.append(fails(f"{name} strict", argv(label, "UTF-8"),
                                 utf8(before_first(expected, REPLACEMENT)), raw))
    else:
        suite.cases.append(converts(f"{name} strict", argv(label, "UTF-8"), utf8(expected), raw))


def add_encoding_rs_encode(suite: Suite, name: str, label: str, case: dict) -> None:
    if label.startswith("UTF-16"):
        suite.skip(name, "WHATWG UTF-16 encoders output UTF-8; not a CLI semantic")
        return
    text = case["input"]
    ascii_out = case.get("expected_ascii") or ""
    if ascii_out.startswith("&#"):  # encoding_rs writes an NCR for unmappables
        suite.cases.append(fails(f"{name} strict", argv("UTF-8", label), b"" if len(text) == 1
                                 else None, utf8(text)))
    else:
        suite.cases.append(converts(f"{name} strict", argv("UTF-8", label),
                                    unhex(case["expected_hex"]), utf8(text)))


SUITES = [suite_encoding_rs_files, suite_encoding_rs_inline]
