"""Conformance suites from vectors typed in from the standards.

standards: standards/standards_vectors.json: Unicode Tables 3-8..3-12 (replace output,
strict exit 1 with prefix); RFC 2781 (decode strict; encode back with UTF-16BE/LE, and
with UTF-16 for the BOM+LE example since -t UTF-16 writes BOM then LE); RFC 3629 (UTF-8
<-> UTF-32BE both ways, --keep-bom for the U+FEFF example so the signature stays a
character).
"""

from __future__ import annotations

from pathlib import Path

from model import (REPLACEMENT, Suite, argv, before_first, converts, fails, load_json,
                   parse_codepoints, unhex, utf32be, utf8)


def suite_standards(data: Path) -> Suite:
    suite = Suite("standards")
    vectors = load_json(data / "standards" / "standards_vectors.json")
    for row in vectors["unicode_maximal_subparts"]:
        add_maximal_subpart(suite, row)
    for row in vectors["rfc2781_utf16"]:
        add_rfc2781(suite, row)
    for row in vectors["rfc3629_utf8"]:
        add_rfc3629(suite, row)
    return suite


def add_maximal_subpart(suite: Suite, row: dict) -> None:
    name = row["table"].split(".")[0]
    raw = unhex(row["input_hex"])
    expected = parse_codepoints(row["expected_replace_codepoints"])
    suite.cases.append(converts(f"{name} replace", argv("UTF-8", "UTF-8", errors="replace"),
                                utf8(expected), raw))
    suite.cases.append(fails(f"{name} strict", argv("UTF-8", "UTF-8"),
                             utf8(before_first(expected, REPLACEMENT)), raw))


def add_rfc2781(suite: Suite, row: dict) -> None:
    name = f"RFC 2781 {row['example']}"
    label, raw = row["label"], unhex(row["input_hex"])
    # The no-BOM "UTF-16" row records only "expected_codepoints (per RFC 2781)".
    points = next(value for key, value in row.items() if key.startswith("expected_codepoints"))
    text_utf8 = utf8(parse_codepoints(points))
    suite.cases.append(converts(f"{name} decode", argv(label, "UTF-8"), text_utf8, raw))
    if label != "UTF-16" or raw.startswith(b"\xff\xfe"):
        suite.cases.append(converts(f"{name} encode", argv("UTF-8", label), raw, text_utf8))


def add_rfc3629(suite: Suite, row: dict) -> None:
    name = f"RFC 3629 {row['example']}"
    text = parse_codepoints(row["codepoints"])
    encoded = unhex(row["utf8_hex"])
    keep = text.startswith("\ufeff")  # keep U+FEFF a character, not a signature
    suite.cases.append(converts(f"{name} decode", argv("UTF-8", "UTF-32BE", keep_bom=keep),
                                utf32be(text), encoded))
    suite.cases.append(converts(f"{name} encode", argv("UTF-32BE", "UTF-8", keep_bom=keep),
                                encoded, utf32be(text)))


SUITES = [suite_standards]
