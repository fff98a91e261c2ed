"""Conformance suites from CPython's UTF-16 codec vectors.

cpython-utf16: derived/cpython_utf16_vectors.json: strict/replace as recorded.  The two
test_badbom rows (CPython's stream reader rejects FF FF as a bad BOM) are checked
against the recorded consensus of bytes.decode/encoding_rs/glibc instead (U+FFFF per
unit, which is also what BOM-less UTF-16 gives in either byte order); the runner prints
this remap.
"""

from __future__ import annotations

from pathlib import Path

from model import (REPLACEMENT, Suite, argv, before_first, converts, fails, load_json,
                   parse_codepoints, unhex, utf8)

CPYTHON_UTF16_LABELS = {"utf-16-le": "UTF-16LE", "utf-16-be": "UTF-16BE", "utf-16": "UTF-16"}


def suite_cpython_utf16(data: Path) -> Suite:
    suite = Suite("cpython-utf16")
    cases = load_json(data / "derived" / "cpython_utf16_vectors.json")["cases"]
    for n, case in enumerate(cases, 1):
        label = CPYTHON_UTF16_LABELS[case["encoding"]]
        name = f"#{n} {case['source'].split('::')[-1]} {label} {case['input_hex']}"
        raw = unhex(case["input_hex"])
        if case["replace"] is None:
            add_utf16_consensus(suite, name, label, raw, case)
            continue
        replaced = case["replace"]
        if case["strict"] == "error":
            strict = fails(f"{name} strict", argv(label, "UTF-8"),
                           utf8(before_first(replaced, REPLACEMENT)), raw)
        else:
            strict = converts(f"{name} strict", argv(label, "UTF-8"), utf8(replaced), raw)
        suite.cases.append(strict)
        suite.cases.append(converts(f"{name} replace", argv(label, "UTF-8", errors="replace"),
                                    utf8(replaced), raw))
    return suite


def add_utf16_consensus(suite: Suite, name: str, label: str, raw: bytes, case: dict) -> None:
    """test_badbom: CPython's stream reader rejects FF FF; every decoder the file
    records (bytes.decode, encoding_rs, glibc) reads U+FFFF, and so must a
    BOM-less UTF-16 decoder in either byte order."""
    peers = {key: value.split("(")[0].strip() for key, value in case.items()
             if key.startswith(("python", "encoding_rs", "glibc"))}
    if len(set(peers.values())) != 1:
        suite.skip(name, "stream-reader-only expectation and no peer consensus")
        return
    text = parse_codepoints(next(iter(peers.values())))
    suite.notes.append(f"{name}: CPython stream-reader verdict replaced by peer consensus "
                       f"{next(iter(peers.values()))} (bytes.decode, encoding_rs, glibc)")
    suite.cases.append(converts(f"{name} strict (consensus)", argv(label, "UTF-8"), utf8(text), raw))
    suite.cases.append(converts(f"{name} replace (consensus)",
                                argv(label, "UTF-8", errors="replace"), utf8(text), raw))




SUITES = [suite_cpython_utf16]
