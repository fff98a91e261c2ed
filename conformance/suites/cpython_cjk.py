"""Conformance suites from CPython's CJK codec test files.

cpython-cjk: cpython/cjkencodings gbk, gb18030, gb2312: decode the legacy file to UTF-8
and compare with its -utf8 twin; encode the twin and compare with the legacy file.
gb2312 decode only: the expected text is normalised U+30FB->U+00B7 (A1A4) and
U+2015->U+2014 (A1AA), because transcode's GB2312 follows WHATWG/CP936 there and CPython
follows the old GB2312 table. Encoding must match exactly (GB2312 accepts
U+30FB/U+2015). hz.txt is out of scope.
"""

from __future__ import annotations

from pathlib import Path

from model import (Suite, argv, converts, normalise_gb2312, read, utf8)


def suite_cpython_cjk(data: Path) -> Suite:
    suite = Suite("cpython-cjk")
    folder = data / "cpython" / "cjkencodings"
    for stem, label in (("gbk", "GBK"), ("gb18030", "GB18030"), ("gb2312", "GB2312")):
        legacy, twin = folder / f"{stem}.txt", folder / f"{stem}-utf8.txt"
        expected_text = read(twin).decode("utf-8")
        if label == "GB2312":
            expected_text, changed = normalise_gb2312(expected_text)
            suite.notes.append(
                f"{stem} decode: expected text normalised U+30FB->U+00B7, U+2015->U+2014 "
                f"({changed} occurrences; WHATWG/CP936 vs old GB2312 mapping)")
        suite.cases.append(converts(f"{stem} decode", argv(label, "UTF-8", file=legacy),
                                    utf8(expected_text)))
        suite.cases.append(converts(f"{stem} encode", argv("UTF-8", label, file=twin),
                                    read(legacy)))
    suite.notes.append("hz.txt not run: HZ is out of scope")
    return suite


SUITES = [suite_cpython_cjk]
