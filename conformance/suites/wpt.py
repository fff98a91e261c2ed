"""Conformance suites from the web-platform-tests encoding vectors.

wpt: wpt/wpt_encoding_vectors.json.  Decode: fatal -> --errors strict (expected null:
exit 1, stdout not checked since TextDecoder throws and returns nothing), replacement ->
--errors replace, option ignoreBOM -> --keep-bom; output as UTF-8.  "gb18030+gbk" runs
under both labels.  "not_equal" cases (mismatched BOMs) check exit 0 and stdout != the
string. The GBK decoder cases' "first UTF-16 unit only" comparisons are run as full
comparisons (every expected value is one BMP character, so they are equivalent).
Encode: input as UTF-8 -> -t LABEL --errors strict; "unencodable" means exit 1 with
nothing on stdout.  STALE cases are skipped (counted). WHATWG's `gb2312` label means
GBK, whereas transcode's GB2312 is strict EUC-CN, so a WPT gb2312 case would run as GBK
(no case in the current file uses that label).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

from model import (Case, Suite, argv, converts, fails, load_json, not_equal_to, unhex, utf8)

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




SUITES = [suite_wpt]
