"""Conformance suites from glibc's iconvdata test data.

glibc: iconvdata/testdata.  TESTS lists GBK and EUC-CN as round trips through UTF8, so
both directions run: GBK<->GBK..UTF8 (label GBK), EUC-CN<->EUC-CN..UTF8 (labels GB2312
and EUC-CN).  The GBK file lies wholly inside the range where glibc's and WHATWG's GBK
tables agree, so it runs unchanged; EUC-CN gets the same two-code-point decode
normalisation as gb2312 above (printed with its occurrence count).  TESTS2 alfabeta: the
BOM-carrying UTF-16/32 .BE/.LE files decode under the unmarked labels (and under their
explicit labels, where the BOM is a signature) to alfabeta..UTF-8; encoding
alfabeta..UTF-8 with -t UTF-16/UTF-32 must give the .LE file (BOM then LE), with the
explicit labels the file minus its BOM.  ISO-8859-10 <-> ISO-8859-10..UCS-2BE.  suntzus
(pure ASCII) must survive UTF-8 -> X -> UTF-8 for each ASCII-compatible label.
ISO-2022-CN(-EXT) are out of scope; glibc's UTF-7 files run in unicode_formats.py.
"""

from __future__ import annotations

from pathlib import Path

from model import (Suite, argv, converts, normalise_gb2312, read, utf8)


def glibc_cjk_cases(suite: Suite, folder: Path) -> None:
    pairs = (("GBK", ("GBK",)), ("EUC-CN", ("GB2312", "EUC-CN")))
    for stem, labels in pairs:
        legacy, twin = folder / stem, folder / f"{stem}..UTF8"
        expected_text = read(twin).decode("utf-8")
        if stem == "EUC-CN":
            expected_text, changed = normalise_gb2312(expected_text)
            suite.notes.append(
                f"EUC-CN decode: expected text normalised U+30FB->U+00B7 (A1A4), "
                f"U+2015->U+2014 (A1AA), {changed} occurrences: glibc EUC-CN uses the old "
                f"GB2312 mapping, transcode WHATWG/CP936's; encode is compared unchanged")
        for label in labels:
            suite.cases.append(converts(f"{stem} decode -f {label}",
                                        argv(label, "UTF-8", file=legacy), utf8(expected_text)))
            suite.cases.append(converts(f"{stem} encode -t {label}",
                                        argv("UTF-8", label, file=twin), read(legacy)))


def glibc_alfabeta_cases(suite: Suite, folder: Path) -> None:
    text_file = folder / "alfabeta..UTF-8"
    text = read(text_file)
    for width in ("16", "32"):
        for order in ("BE", "LE"):
            path = folder / f"alfabeta..UTF-{width}.{order}"
            explicit = f"UTF-{width}{order}"
            bom_len = int(width) // 8
            suite.cases.append(converts(f"{path.name} -f UTF-{width}",
                                        argv(f"UTF-{width}", "UTF-8", file=path), text))
            suite.cases.append(converts(f"{path.name} -f {explicit} (BOM is a signature)",
                                        argv(explicit, "UTF-8", file=path), text))
            suite.cases.append(converts(f"alfabeta -t {explicit}",
                                        argv("UTF-8", explicit, file=text_file),
                                        read(path)[bom_len:]))
        suite.cases.append(converts(f"alfabeta -t UTF-{width} (BOM + LE)",
                                    argv("UTF-8", f"UTF-{width}", file=text_file),
                                    read(folder / f"alfabeta..UTF-{width}.LE")))


def glibc_single_byte_cases(suite: Suite, folder: Path) -> None:
    latin6, ucs2 = folder / "ISO-8859-10", folder / "ISO-8859-10..UCS-2BE"
    suite.cases.append(converts("ISO-8859-10 -> UCS-2BE",
                                argv("ISO-8859-10", "UCS-2BE", file=latin6), read(ucs2)))
    suite.cases.append(converts("UCS-2BE -> ISO-8859-10",
                                argv("UCS-2BE", "ISO-8859-10", file=ucs2), read(latin6)))
    suntzus = folder / "suntzus"
    text = read(suntzus)
    for label in ("UTF-8", "GBK", "GB2312", "EUC-CN", "GB18030", "Big5", "ISO-8859-10"):
        suite.cases.append(converts(f"suntzus -t {label}", argv("UTF-8", label, file=suntzus), text))
        suite.cases.append(converts(f"suntzus -f {label}", argv(label, "UTF-8", file=suntzus), text))


def suite_glibc(data: Path) -> Suite:
    suite = Suite("glibc")
    folder = data / "glibc" / "iconvdata-testdata"
    glibc_cjk_cases(suite, folder)
    glibc_alfabeta_cases(suite, folder)
    glibc_single_byte_cases(suite, folder)
    suite.notes.append("ISO-2022-CN, ISO-2022-CN-EXT not run: out of scope "
                       "(UTF-7: see unicode-formats-glibc)")
    return suite


SUITES = [suite_glibc]
