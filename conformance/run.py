#!/usr/bin/env python3
"""Conformance runner for `transcode`, driven by third-party test data.

Usage: python3 conformance/run.py [--bin PATH] [--data DIR] [-v]

The binary defaults to <repo>/target/release/transcode and the data to
<repo>/../shared/conformance (see SOURCES.md there; nothing is copied into the
repo).  Every case is one subprocess call; stdout bytes and the exit status are
compared.  `-s` is always passed.  A strict conversion that fails must exit 1;
where an oracle tells us the well-formed prefix, stdout must equal it (the
interface promises that output before the error is still written).

Suites (the case counts are printed per suite):

cpython-cjk      cpython/cjkencodings gbk, gb18030, gb2312: decode the legacy
                 file to UTF-8 and compare with its -utf8 twin; encode the twin
                 and compare with the legacy file.  gb2312 decode only: the
                 expected text is normalised U+30FB->U+00B7 (A1A4) and
                 U+2015->U+2014 (A1AA), because transcode's GB2312 follows
                 WHATWG/CP936 there and CPython follows the old GB2312 table.
                 Encoding must match exactly (GB2312 accepts U+30FB/U+2015).
                 hz.txt is out of scope.
glibc            iconvdata/testdata.  TESTS lists GBK and EUC-CN as round trips
                 through UTF8, so both directions run: GBK<->GBK..UTF8 (label
                 GBK), EUC-CN<->EUC-CN..UTF8 (labels GB2312 and EUC-CN).  The
                 GBK file lies wholly inside the range where glibc's and
                 WHATWG's GBK tables agree, so it runs unchanged; EUC-CN gets
                 the same two-code-point decode normalisation as gb2312 above
                 (printed with its occurrence count).  TESTS2 alfabeta: the
                 BOM-carrying UTF-16/32 .BE/.LE files decode under the unmarked
                 labels (and under their explicit labels, where the BOM is a
                 signature) to alfabeta..UTF-8; encoding alfabeta..UTF-8 with
                 -t UTF-16/UTF-32 must give the .LE file (BOM then LE), with
                 the explicit labels the file minus its BOM.  ISO-8859-10 <->
                 ISO-8859-10..UCS-2BE.  suntzus (pure ASCII) must survive
                 UTF-8 -> X -> UTF-8 for each ASCII-compatible label.
                 ISO-2022-CN(-EXT) and UTF-7 are out of scope.
encoding_rs      test_data: gb18030_in.txt decoded (strict, must not fail) as
                 GB18030 and as GBK equals gb18030_in_ref.txt; gb18030_out.txt
                 encoded to GB18030 equals gb18030_out_ref.txt.
utf8-torture     kuhn/UTF-8-test.txt and flenniken utf8tests.bin: replace ->
                 expected/*.replace.utf8; escape -> UTF-16LE equals
                 expected/*.surrogateescape.utf16le; escape -> UTF-8 gives the
                 input back byte for byte; strict exits 1 with the well-formed
                 prefix (the escape oracle up to its first U+DCxx) on stdout.
cpython-utf8     derived/cpython_utf8_invalid_sequences.json (309 inputs):
                 strict exits 1 with the prefix before the first U+FFFD of the
                 replace result; replace equals the replace result.
utf8-drop        `-c` (drop ill-formed input, exit 1): the JSON's "ignore"
                 results, taken only where ignore == replace minus U+FFFD
                 (i.e. dropping whole maximal subparts; any other case would be
                 skipped with a reason), flenniken's utf8.skip.ref.txt, and
                 Kuhn's file with the escape oracle's U+DCxx units removed.
wpt              wpt/wpt_encoding_vectors.json.  Decode: fatal -> --errors
                 strict (expected null: exit 1, stdout not checked since
                 TextDecoder throws and returns nothing), replacement ->
                 --errors replace, option ignoreBOM -> --keep-bom; output as
                 UTF-8.  "gb18030+gbk" runs under both labels.  "not_equal"
                 cases (mismatched BOMs) check exit 0 and stdout != the string.
                 The GBK decoder cases' "first UTF-16 unit only" comparisons are
                 run as full comparisons (every expected value is one BMP
                 character, so they are equivalent).  Encode: input as UTF-8 ->
                 -t LABEL --errors strict; "unencodable" means exit 1 with
                 nothing on stdout.  STALE cases are skipped (counted).
                 WHATWG's `gb2312` label means GBK, whereas transcode's GB2312
                 is strict EUC-CN, so a WPT gb2312 case would run as GBK (no
                 case in the current file uses that label).
cpython-utf16    derived/cpython_utf16_vectors.json: strict/replace as
                 recorded.  The two test_badbom rows (CPython's stream reader
                 rejects FF FF as a bad BOM) are checked against the recorded
                 consensus of bytes.decode/encoding_rs/glibc instead (U+FFFF per
                 unit, which is also what BOM-less UTF-16 gives in either byte
                 order); the runner prints this remap.
encoding_rs-inline  derived/encoding_rs_inline_vectors.json: decodes with
                 replace, plus the strict verdict they imply (a U+FFFD in the
                 result means strict exits 1 with the prefix before it);
                 encodes with strict (an expected &#N; NCR means exit 1).
                 Excluded: UTF-16LE/BE decodes whose input starts with the
                 opposite-endian BOM (encoding_rs's test helper BOM-sniffs and
                 switches byte order; transcode's explicit labels only strip a
                 matching signature).
standards        standards/standards_vectors.json: Unicode Tables 3-8..3-12
                 (replace output, strict exit 1 with prefix); RFC 2781 (decode
                 strict; encode back with UTF-16BE/LE, and with UTF-16 for the
                 BOM+LE example since -t UTF-16 writes BOM then LE); RFC 3629
                 (UTF-8 <-> UTF-32BE both ways, --keep-bom for the U+FEFF
                 example so the signature stays a character).

Output: one line per suite, details for up to 20 failures per suite, then
`conformance: N passed, N failed[, N skipped]`.  Exit 0 if nothing failed,
1 if something failed, 2 if the binary or the data are missing.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

REPO = Path(__file__).resolve().parent.parent
DEFAULT_BIN = REPO / "target" / "release" / "transcode"
DEFAULT_DATA = REPO.parent / "shared" / "conformance"
WORKERS = 4
TIMEOUT_SECONDS = 120
MAX_FAILURES_SHOWN = 20
EXCERPT_BYTES = 24

REPLACEMENT = "\ufffd"
# transcode's GB2312 decodes A1A4/A1AA as WHATWG/CP936 do; CPython and glibc
# use the old GB2312 mapping.  Applied to expected text, decode direction only.
GB2312_DECODE_NORMALISATION = {"\u30fb": "\u00b7", "\u2015": "\u2014"}


# ---------------------------------------------------------------- model

@dataclass
class Case:
    """One transcode invocation and what it must produce."""

    name: str
    args: list[str]
    stdin: bytes = b""
    want_rc: int = 0
    want_out: Optional[bytes] = None  # exact stdout; None = not compared
    check: Optional[Callable[[bytes], Optional[str]]] = None  # extra stdout test


@dataclass
class Skip:
    name: str
    reason: str


@dataclass
class Suite:
    name: str
    cases: list[Case] = field(default_factory=list)
    skips: list[Skip] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # exclusions and remaps

    def skip(self, name: str, reason: str) -> None:
        self.skips.append(Skip(name, reason))


@dataclass
class Outcome:
    case: Case
    rc: Optional[int]
    out: bytes
    err: bytes
    problems: list[str]


# ---------------------------------------------------------------- helpers

def argv(frm: str, to: str, *, errors: Optional[str] = "strict", drop: bool = False,
         keep_bom: bool = False, file: Optional[Path] = None) -> list[str]:
    """Build transcode arguments; `errors=None` leaves the policy unset."""
    args = ["-f", frm, "-t", to]
    if errors:
        args += ["--errors", errors]
    if drop:
        args.append("-c")
    if keep_bom:
        args.append("--keep-bom")
    args.append("-s")
    if file is not None:
        args.append(str(file))
    return args


def converts(name: str, args: list[str], out: bytes, stdin: bytes = b"") -> Case:
    """A conversion that must succeed with exactly `out`."""
    return Case(name, args, stdin, want_rc=0, want_out=out)


def fails(name: str, args: list[str], prefix: Optional[bytes], stdin: bytes = b"") -> Case:
    """A conversion that must exit 1; `prefix` (if known) is the exact stdout."""
    return Case(name, args, stdin, want_rc=1, want_out=prefix)


def unhex(text: str) -> bytes:
    return bytes.fromhex(text)


def parse_codepoints(text: str) -> str:
    """'U+0041 U+FFFD' -> 'A\\ufffd'."""
    return "".join(chr(int(tok[2:], 16)) for tok in text.split())


def utf8(text: str) -> bytes:
    return text.encode("utf-8")


def utf32be(text: str) -> bytes:
    return text.encode("utf-32-be")


def before_first(text: str, marker: str) -> str:
    return text.split(marker, 1)[0]


def read(path: Path) -> bytes:
    return path.read_bytes()


def load_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def normalise_gb2312(text: str) -> tuple[str, int]:
    """Apply GB2312_DECODE_NORMALISATION; return the text and the count changed."""
    count = sum(text.count(old) for old in GB2312_DECODE_NORMALISATION)
    for old, new in GB2312_DECODE_NORMALISATION.items():
        text = text.replace(old, new)
    return text, count


def escape_oracle_text(escaped_utf16le: bytes) -> str:
    """The surrogateescape oracle as a str (lone U+DC80..U+DCFF kept)."""
    return escaped_utf16le.decode("utf-16-le", "surrogatepass")


def is_escape(ch: str) -> bool:
    return 0xDC80 <= ord(ch) <= 0xDCFF


def not_equal_to(forbidden: bytes) -> Callable[[bytes], Optional[str]]:
    def check(out: bytes) -> Optional[str]:
        return "stdout must differ from %s but is equal" % hex_excerpt(forbidden, 0) \
            if out == forbidden else None
    return check


# ---------------------------------------------------------------- suites

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
    suite.notes.append("ISO-2022-CN, ISO-2022-CN-EXT, UTF-7 not run: out of scope")
    return suite


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
WPT_LABELS = {
    "utf-8": "UTF-8",
    "utf-16le": "UTF-16LE",
    "utf-16be": "UTF-16BE",
    "gb18030": "GB18030",
    "gbk": "GBK",
    "gb2312": "GBK",
}


def wpt_labels(label: str) -> list[Optional[str]]:
    return [WPT_LABELS.get(part.lower()) for part in label.split("+")]


def suite_wpt(data: Path) -> Suite:
    suite = Suite("wpt")
    cases = load_json(data / "wpt" / "wpt_encoding_vectors.json")["cases"]
    for n, case in enumerate(cases, 1):
        base = f"#{n} {case['label']} {case['direction']}: {case['name']}"
        if "STALE" in (case.get("note") or ""):
            suite.skip(base, "STALE: predates the 2024 Encoding Standard GB18030 side table")
            continue
        labels = wpt_labels(case["label"])
        if case["label"].lower() == "gb2312":
            suite.notes.append(f"{base}: WHATWG gb2312 label run as GBK")
        for label in labels:
            name = f"{base} [{label}]" if len(labels) > 1 else base
            if label is None:
                suite.skip(name, f"label {case['label']!r} has no transcode mapping")
            elif case["direction"] == "decode":
                add_wpt_decode(suite, name, label, case)
            else:
                add_wpt_encode(suite, name, label, case)
    return suite


def add_wpt_decode(suite: Suite, name: str, label: str, case: dict) -> None:
    fatal = case.get("errors") == "fatal"
    args = argv(label, "UTF-8", errors="strict" if fatal else "replace",
                keep_bom=case.get("option") == "ignoreBOM")
    raw = unhex(case["input_hex"])
    if case.get("assertion") == "not_equal":
        forbidden = utf8(case["not_equal_to"])
        suite.cases.append(Case(name, args, raw, want_rc=0, check=not_equal_to(forbidden)))
        return
    expected = case["expected"]
    if expected is None:
        if not fatal:
            suite.skip(name, "null expectation without fatal or not_equal")
        else:  # TextDecoder throws: only the failure itself is specified
            suite.cases.append(fails(name, args, None, raw))
        return
    if "first UTF-16 unit only" in case["name"] and len(expected) != 1:
        want = expected[:1]
        suite.cases.append(Case(name, args, raw, want_rc=0, check=first_char_is(want)))
        return
    try:
        suite.cases.append(converts(name, args, utf8(expected), raw))
    except UnicodeEncodeError:
        suite.skip(name, "expected string holds a lone surrogate (not representable as UTF-8)")


def first_char_is(want: str) -> Callable[[bytes], Optional[str]]:
    def check(out: bytes) -> Optional[str]:
        got = out.decode("utf-8", "replace")[:1]
        return None if got == want else f"first character: expected {want!r}, got {got!r}"
    return check


def add_wpt_encode(suite: Suite, name: str, label: str, case: dict) -> None:
    text = case["input"]
    try:
        raw = utf8(text)
    except UnicodeEncodeError:
        suite.skip(name, "input holds a lone surrogate (cannot be fed as UTF-8)")
        return
    args = argv("UTF-8", label)
    if case.get("expected_hex") is not None:
        suite.cases.append(converts(name, args, unhex(case["expected_hex"]), raw))
    elif case.get("expected_error"):
        suite.cases.append(fails(name, args, b"" if len(text) == 1 else None, raw))
    else:
        suite.skip(name, "encode case without expected bytes or error")


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


ENCODING_RS_LABELS = {"gb18030": "GB18030", "GBK": "GBK", "UTF-16LE": "UTF-16LE",
                      "UTF-16BE": "UTF-16BE"}
OPPOSITE_BOM = {"UTF-16LE": b"\xfe\xff", "UTF-16BE": b"\xff\xfe"}


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


SUITE_BUILDERS = (
    suite_cpython_cjk,
    suite_glibc,
    suite_encoding_rs_files,
    suite_utf8_torture,
    suite_cpython_utf8,
    suite_utf8_drop,
    suite_wpt,
    suite_cpython_utf16,
    suite_encoding_rs_inline,
    suite_standards,
)


# ---------------------------------------------------------------- running

def run_case(binary: Path, case: Case) -> Outcome:
    try:
        proc = subprocess.run([str(binary), *case.args], input=case.stdin,
                              capture_output=True, timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return Outcome(case, None, b"", b"", [f"timed out after {TIMEOUT_SECONDS}s"])
    except OSError as exc:
        return Outcome(case, None, b"", b"", [f"could not run: {exc}"])
    return Outcome(case, proc.returncode, proc.stdout, proc.stderr,
                   judge(case, proc.returncode, proc.stdout))


def judge(case: Case, rc: int, out: bytes) -> list[str]:
    problems = []
    if rc != case.want_rc:
        problems.append(f"exit status: expected {case.want_rc}, got {rc}")
    if case.want_out is not None and out != case.want_out:
        problems.append(describe_difference(case.want_out, out))
    if case.check is not None:
        complaint = case.check(out)
        if complaint:
            problems.append(complaint)
    return problems


def first_difference(a: bytes, b: bytes) -> int:
    for index, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return index
    return min(len(a), len(b))


def hex_excerpt(data: bytes, offset: int) -> str:
    start = max(0, offset - 8)
    chunk = data[start:start + EXCERPT_BYTES]
    if not chunk:
        return "(empty)" if not data else "(ends before this offset)"
    lead = "..." if start else ""
    tail = "..." if start + EXCERPT_BYTES < len(data) else ""
    return f"@{start}: {lead}{chunk.hex(' ')}{tail}"


def describe_difference(want: bytes, got: bytes) -> str:
    offset = first_difference(want, got)
    return (f"stdout differs at byte {offset} (expected {len(want)} bytes, got {len(got)})\n"
            f"      expected {hex_excerpt(want, offset)}\n"
            f"      got      {hex_excerpt(got, offset)}")


def command_line(binary: Path, case: Case) -> str:
    text = shlex.join([display_path(binary), *case.args])
    if reads_stdin(case):
        text += f"  < stdin ({len(case.stdin)} bytes) {case.stdin[:32].hex(' ')}"
        text += "..." if len(case.stdin) > 32 else ""
    return text


def reads_stdin(case: Case) -> bool:
    """argv() puts FILE last, after the options; otherwise the input is stdin."""
    return case.args[-1].startswith("-")


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def run_all(binary: Path, suites: list[Suite]) -> dict[str, list[Outcome]]:
    jobs = [(suite.name, case) for suite in suites for case in suite.cases]
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        outcomes = list(pool.map(lambda job: run_case(binary, job[1]), jobs))
    results: dict[str, list[Outcome]] = {suite.name: [] for suite in suites}
    for (suite_name, _), outcome in zip(jobs, outcomes):
        results[suite_name].append(outcome)
    return results


# ---------------------------------------------------------------- reporting

def report_suite(binary: Path, suite: Suite, outcomes: list[Outcome], verbose: bool) -> tuple[int, int]:
    failed = [o for o in outcomes if o.problems]
    passed = len(outcomes) - len(failed)
    line = f"{suite.name}: {passed} passed, {len(failed)} failed"
    print(line + (f", {len(suite.skips)} skipped" if suite.skips else ""))
    for note in suite.notes:
        print(f"  note: {note}")
    report_skips(suite.skips, verbose)
    if verbose:
        for outcome in outcomes:
            if not outcome.problems:
                print(f"  pass: {outcome.case.name}")
    for outcome in failed[:MAX_FAILURES_SHOWN]:
        report_failure(binary, outcome)
    if len(failed) > MAX_FAILURES_SHOWN:
        print(f"  ... {len(failed) - MAX_FAILURES_SHOWN} more failures not shown")
    return passed, len(failed)


def report_skips(skips: list[Skip], verbose: bool) -> None:
    by_reason: dict[str, list[str]] = {}
    for skip in skips:
        by_reason.setdefault(skip.reason, []).append(skip.name)
    for reason, names in by_reason.items():
        print(f"  skipped {len(names)}: {reason}")
        for name in names if verbose else []:
            print(f"    - {name}")


def report_failure(binary: Path, outcome: Outcome) -> None:
    print(f"  FAIL {outcome.case.name}")
    print(f"    $ {command_line(binary, outcome.case)}")
    print(f"    exit status: expected {outcome.case.want_rc}, got {outcome.rc}")
    for problem in outcome.problems:
        if not problem.startswith("exit status"):
            print(f"    {problem}")
    stderr = outcome.err.decode("utf-8", "replace").strip()
    if stderr:
        print(f"    stderr: {stderr[:300]}")


# ---------------------------------------------------------------- main

def parse_args(argv_list: Optional[list[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Run transcode against third-party conformance data.")
    parser.add_argument("--bin", type=Path, default=DEFAULT_BIN, help="transcode binary")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="conformance data directory")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every case")
    return parser.parse_args(argv_list)


def build_suites(data: Path) -> list[Suite]:
    return [builder(data) for builder in SUITE_BUILDERS]


def main(argv_list: Optional[list[str]] = None) -> int:
    args = parse_args(argv_list)
    binary, data = args.bin, args.data.resolve()
    if not (binary.is_file() and binary.stat().st_mode & 0o111):
        print(f"error: transcode binary not found at {binary} "
              f"(build it with `cargo build --release`, or pass --bin PATH)", file=sys.stderr)
        return 2
    if not (data / "SOURCES.md").is_file():
        print(f"error: conformance data not found at {data} (pass --data DIR)", file=sys.stderr)
        return 2
    try:
        suites = build_suites(data)
    except (OSError, KeyError, ValueError) as exc:
        print(f"error: could not load conformance data: {exc!r}", file=sys.stderr)
        return 2
    results = run_all(binary, suites)
    totals = [report_suite(binary, suite, results[suite.name], args.verbose) for suite in suites]
    passed = sum(p for p, _ in totals)
    failed = sum(f for _, f in totals)
    skipped = sum(len(suite.skips) for suite in suites)
    print(f"conformance: {passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
