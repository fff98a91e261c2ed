"""Conformance suites for the CJK charsets of issue 17 (everything but the GB lineage).

cjk-cpython: the CPython cjkencodings files these charsets cover, decoded to their -utf8
twin and the twin encoded back, byte for byte (stateful ones included: our escape
placement is CPython's for HZ and ISO-2022-JP-*, and ISO-2022-KR's designation at the
start is where CPython puts it for this file).  euc_kr.txt uses CPython's eight-byte
jamo make-up sequences, which glibc and transcode read as the jamo themselves (a
documented deviation): it is compared with glibc's reading instead, and must encode back.

cjk-glibc: glibc's iconvdata ISO-2022-CN and ISO-2022-CN-EXT files, both directions.

cjk-tables: every code of each stateless charset's code space, decoded (one line per
code, --errors replace), and every Unicode scalar value U+0080..U+10FFFF plus each
two-code-point sequence, encoded, against the reference model tools/tables/model.py (built
from data/cjk; the model itself is compared with every peer code by code in
data/cjk/crosscheck, every disagreement listed).  Two subprocess calls per charset.

cjk-peers: differential tests on random text (fixed seed) from each charset's
repertoire: text a peer encodes must decode with transcode to the text, and text
transcode encodes must decode with the peer to the text (for the shift-state charsets the
escapes may be placed differently; the text must not differ).  Peers: CPython codecs,
glibc iconv, ICU uconv (skipped when missing).  The repertoire is the model's, less the
characters where the peer differs from the model (the documented deviations); each
character of it is checked with the peer first.
"""

from __future__ import annotations

import importlib.util
import random
import shutil
import subprocess
from pathlib import Path
from typing import Callable, Optional

from model import Suite, argv, converts, read, utf8

REPO = Path(__file__).resolve().parent.parent.parent


def _load_tables_model():
    """tools/tables/model.py, the reference model (loaded under its own name: the
    conformance runner's own `model` module is already imported)."""
    spec = importlib.util.spec_from_file_location("cjk_tables_model",
                                                  REPO / "tools" / "tables" / "model.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tables = _load_tables_model()

# CPython test file, our label, and whether encoding the twin must give the file back.
CPYTHON_FILES = [
    ("big5", "CP950"), ("big5", "Big5-HKSCS"), ("big5hkscs", "Big5-HKSCS"),
    ("cp949", "CP949"), ("johab", "JOHAB"),
    ("euc_jp", "EUC-JP-strict"), ("euc_jp", "EUC-JIS-2004"),
    ("shift_jis", "Shift_JIS-strict"), ("shift_jis", "CP932"), ("shift_jis", "Shift_JIS-2004"),
    ("euc_jisx0213", "EUC-JIS-2004"), ("shift_jisx0213", "Shift_JIS-2004"),
    ("hz", "HZ-GB-2312"), ("iso2022_kr", "ISO-2022-KR"),
    ("iso2022_jp", "ISO-2022-JP-1"), ("iso2022_jp", "ISO-2022-JP-2"),
    ("iso2022_jp", "ISO-2022-JP-3"), ("iso2022_jp", "ISO-2022-JP-2004"),
    ("iso2022_jp", "ISO-2022-JP-EXT"),
]

# Model name (tools/tables/model.py) -> our label.
TABLES = {
    "EUC-TW": "EUC-TW", "Big5-HKSCS": "Big5-HKSCS", "CP950": "CP950",
    "EUC-KR": "EUC-KR-strict", "CP949": "CP949", "JOHAB": "JOHAB",
    "Shift_JIS": "Shift_JIS-strict", "EUC-JP": "EUC-JP-strict", "CP932": "CP932",
    "EUC-JIS-2004": "EUC-JIS-2004", "Shift_JIS-2004": "Shift_JIS-2004",
}


def iconv_out(frm: str, to: str, data: bytes, lenient: bool = False) -> Optional[bytes]:
    """glibc iconv's output, or None when it fails (or -c dropped something)."""
    args = ["iconv", "-f", frm, "-t", to] + (["-c"] if lenient else [])
    proc = subprocess.run(args, input=data, capture_output=True)
    return proc.stdout if proc.returncode == 0 or lenient else None


def suite_cjk_cpython(data: Path) -> Suite:
    suite = Suite("cjk-cpython")
    folder = data / "cpython" / "cjkencodings"
    for stem, label in CPYTHON_FILES:
        legacy, twin = folder / f"{stem}.txt", folder / f"{stem}-utf8.txt"
        suite.cases.append(converts(f"{stem} -f {label}", argv(label, "UTF-8", file=legacy),
                                    read(twin)))
        suite.cases.append(converts(f"{stem} -t {label}", argv("UTF-8", label, file=twin),
                                    read(legacy)))
    legacy = folder / "euc_kr.txt"
    glibc = iconv_out("EUC-KR", "UTF-8", read(legacy))
    if glibc is None:
        suite.skip("euc_kr -f EUC-KR-strict", "glibc iconv EUC-KR is missing")
    else:
        suite.cases.append(converts("euc_kr -f EUC-KR-strict (as glibc reads it)",
                                    argv("EUC-KR-strict", "UTF-8", file=legacy), glibc))
        suite.cases.append(converts("euc_kr -t EUC-KR-strict (glibc's reading, back)",
                                    argv("UTF-8", "EUC-KR-strict"), read(legacy), glibc))
        suite.notes.append("euc_kr.txt: CPython composes A4D4-led jamo sequences into "
                           "syllables; compared with glibc's reading (documented deviation)")
    return suite


def suite_cjk_glibc(data: Path) -> Suite:
    suite = Suite("cjk-glibc")
    folder = data / "glibc" / "iconvdata-testdata"
    for stem in ("ISO-2022-CN", "ISO-2022-CN-EXT"):
        legacy, twin = folder / stem, folder / f"{stem}..UTF8"
        suite.cases.append(converts(f"{stem} decode", argv(stem, "UTF-8", file=legacy),
                                    read(twin)))
        suite.cases.append(converts(f"{stem} encode", argv("UTF-8", stem, file=twin),
                                    read(legacy)))
    return suite


def matches(got: bytes, expected: Optional[bytes]) -> bool:
    """A line of output against its expectation (None: an error, so U+FFFD)."""
    if expected is None:
        return b"\xef\xbf\xbd" in got
    return got == expected


def lines_check(expected: list[bytes], what: str) -> Callable[[bytes], Optional[str]]:
    """A stdout check: one line per expected entry (U+FFFD lines: an error is expected)."""
    def check(out: bytes) -> Optional[str]:
        got = out.split(b"\n")[:-1]
        if len(got) != len(expected):
            return f"{what}: {len(got)} lines, expected {len(expected)}"
        bad = [i for i, (g, e) in enumerate(zip(got, expected)) if not matches(g, e)]
        if bad:
            i = bad[0]
            return (f"{what}: {len(bad)} lines differ; first line {i}: got {got[i].hex()}, "
                    f"expected {'an error' if expected[i] is None else expected[i].hex()}")
        return None
    return check


def suite_cjk_tables(data: Path) -> Suite:
    suite = Suite("cjk-tables")
    scalars = [chr(cp) for cp in range(0x80, 0x110000) if not 0xD800 <= cp < 0xE000]
    for name, label in TABLES.items():
        m = tables.MODELS[name]()
        codes = m.codespace()
        want = [m.dec[c].encode("utf-8") if c in m.dec else None for c in codes]
        case = converts(f"{label}: {len(codes)} codes decoded",
                        argv(label, "UTF-8", errors="replace"), b"",
                        b"".join(c + b"\n" for c in codes))
        case.want_out, case.check = None, lines_check(want, "decode")
        suite.cases.append(case)
        keys = scalars + sorted(k for k in m.enc if len(k) > 1)
        want = [m.enc.get(k, b"?") for k in keys]
        case = converts(f"{label}: {len(keys)} characters encoded",
                        argv("UTF-8", label, errors="replace"), b"",
                        "".join(k + "\n" for k in keys).encode("utf-8"))
        case.want_out, case.check = None, lines_check(want, "encode")
        suite.cases.append(case)
    return suite


# ---------------------------------------------------------------- differential

# Our label -> (model name whose repertoire is sampled, or a stateful repertoire), peers.
PEERS = {
    "EUC-TW": ("EUC-TW", ["glibc:EUC-TW"]),
    "Big5-HKSCS": ("Big5-HKSCS", ["glibc:BIG5-HKSCS", "python:big5hkscs"]),
    # CPython's big5hkscs is HKSCS-2004: the repertoire sampled is what it has of 2008's.
    "BIG5-HKSCS:2004": ("Big5-HKSCS", ["python:big5hkscs"]),
    "CP950": ("CP950", ["icu:windows-950-2000", "python:cp950"]),
    "EUC-KR-strict": ("EUC-KR", ["glibc:EUC-KR", "python:euc_kr"]),
    "CP949": ("CP949", ["glibc:UHC", "python:cp949"]),
    "JOHAB": ("JOHAB", ["glibc:JOHAB", "python:johab"]),
    "Shift_JIS-strict": ("Shift_JIS", ["glibc:SJIS", "python:shift_jis"]),
    "EUC-JP-strict": ("EUC-JP", ["glibc:EUC-JP", "python:euc_jp"]),
    "CP932": ("CP932", ["glibc:CP932", "icu:windows-31j"]),
    "EUC-JIS-2004": ("EUC-JIS-2004", ["glibc:EUC-JISX0213", "python:euc_jis_2004"]),
    "Shift_JIS-2004": ("Shift_JIS-2004", ["glibc:SHIFT_JISX0213", "python:shift_jis_2004"]),
    "HZ-GB-2312": ("gb2312", ["python:hz", "icu:HZ"]),
    "ISO-2022-KR": ("EUC-KR", ["glibc:ISO-2022-KR", "python:iso2022_kr", "icu:ISO-2022-KR"]),
    "ISO-2022-CN": ("iso2022cn", ["glibc:ISO-2022-CN", "icu:ISO-2022-CN"]),
    "ISO-2022-CN-EXT": ("iso2022cnext", ["glibc:ISO-2022-CN-EXT"]),
    "ISO-2022-JP-1": ("iso2022jp1", ["python:iso2022_jp_1", "icu:ISO-2022-JP-1"]),
    "ISO-2022-JP-2": ("iso2022jp2", ["python:iso2022_jp_2", "glibc:ISO-2022-JP-2",
                                     "icu:ISO-2022-JP-2"]),
    "ISO-2022-JP-3": ("iso2022jp3", ["python:iso2022_jp_3", "glibc:ISO-2022-JP-3"]),
    "ISO-2022-JP-2004": ("iso2022jp3", ["python:iso2022_jp_2004"]),
    "ISO-2022-JP-EXT": ("iso2022jp1", ["python:iso2022_jp_ext"]),
}

SAMPLE = 3000  # characters drawn from each repertoire
ASCII = "abcxyz019 ~.,"

# (label, peer) -> what is left out of the comparison, and why: each one a documented
# deviation (README, data/cjk/CROSSCHECK.md) or a peer bug (data/cjk/STATEFUL.md).
#   ascii: the ASCII letters of the random words; drop: characters left out of the pool;
#   drop_bytes: leave out a character when the peer's encoding of it holds these bytes;
#   one_per_line: every character on a line of its own.
YEN_OVERLINE = {"ascii": "abcxyz019 .,", "drop": {"\u00a5", "\u203e"},
                "why": "the peer reads 5C and 7E as U+00A5 and U+203E; transcode as ASCII"}
QUIRKS = {
    ("Shift_JIS-strict", "glibc:SJIS"): YEN_OVERLINE,
    ("Shift_JIS-2004", "glibc:SHIFT_JISX0213"): YEN_OVERLINE,
    ("Shift_JIS-2004", "python:shift_jis_2004"): YEN_OVERLINE,
    ("ISO-2022-CN", "icu:ISO-2022-CN"): {
        "drop": {t for (p, r, _), t, _ in tables.gl_rows("cns11643") if p == 1 and r < 0x27},
        "why": "ICU's CNS 11643 plane 1 symbols (rows 1-6) differ from glibc's table in "
               "places (2231, 2242, 2243, 2269, ...): those rows are left out"},
    ("ISO-2022-CN", "glibc:ISO-2022-CN"): {
        "one_per_line": True,
        "why": "glibc writes SS2 once for a run of plane-2 characters and ignores a "
               "designation made while shifted out"},
    ("ISO-2022-CN-EXT", "glibc:ISO-2022-CN-EXT"): {
        "one_per_line": True,
        "why": "glibc writes SS2/SS3 once for a run and ignores a designation made while "
               "shifted out"},
    ("ISO-2022-JP-1", "icu:ISO-2022-JP-1"): {
        "ascii": "abcxyz019 .,",
        "why": "ICU writes ~ as JIS X 0212 2237 when shifted to it, which glibc and "
               "transcode read as U+FF5E"},
    ("ISO-2022-JP-1", "python:iso2022_jp_1"): {
        "drop": {"\uff5e"},
        "why": "JIS X 0212 2237 is U+FF5E in glibc and transcode, ~ in CPython"},
    ("ISO-2022-JP-2", "python:iso2022_jp_2"): {
        "drop": {"\uff5e"},
        "why": "JIS X 0212 2237 is U+FF5E in glibc and transcode, ~ in CPython"},
    ("ISO-2022-JP-2", "glibc:ISO-2022-JP-2"): {
        "ascii": "abcxyz019 .,",
        "why": "glibc writes ~ as JIS X 0212 2237 when shifted to it, and reads that back as "
               "U+FF5E"},
    ("ISO-2022-JP-2", "icu:ISO-2022-JP-2"): {
        "ascii": "abcxyz019 .,", "drop_bytes": b"\x1b$B\x2d",
        "why": "ICU writes ~ as JIS X 0212 2237 and NEC row 13 (2D21..) as JIS X 0208, "
               "which is not JIS X 0208"},
}


def repertoire(name: str) -> list[str]:
    """Characters (and sequences) our encoder writes for this charset, by the model."""
    if name in tables.MODELS:
        return sorted(tables.MODELS[name]().enc)
    sets = {
        "gb2312": ["gb2312"],
        "iso2022cn": ["gb2312", "cns1", "cns2"],
        "iso2022cnext": ["gb2312", "cns1", "cns2", "cns3"],
        "iso2022jp1": ["jis0208", "jis0212"],
        "iso2022jp2": ["jis0208", "jis0212", "gb2312", "ksx1001"],
        "iso2022jp3": ["jis0208", "jisx0213"],
    }[name]
    out: set[str] = set()
    for s in sets:
        if s == "gb2312":
            for r in range(0xA1, 0xF8):
                for k in range(0xA1, 0xFF):
                    try:
                        out.add(bytes([r, k]).decode("gb2312"))
                    except UnicodeError:
                        pass
            if name == "gb2312":
                # HZ: CPython's GB2312 reads A1A4 and A1AA as U+30FB and U+2015, ours (and
                # ICU's HZ) as U+00B7 and U+2014 (WHATWG, CP936): the documented GB2312
                # deviation. The ISO-2022 forms read them as CPython, glibc and ICU do.
                out -= {"\u30fb", "\u2015"}
        elif s.startswith("cns"):
            plane = int(s[3:])
            planes = [plane] if plane < 3 else [3, 4, 5, 6, 7]
            out.update(t for (p, _, _), t, f in tables.gl_rows("cns11643")
                       if p in planes and f == "")
        elif s == "jis0208":
            out.update(t for _, t, f in tables.gl_rows("jisx0208"))
        elif s == "jis0212":
            out.update(t for _, t, f in tables.gl_rows("jisx0212"))
        elif s == "ksx1001":
            out.update(t for _, t, f in tables.gl_rows("ksx1001"))
        elif s == "jisx0213":
            out.update(t for _, t, f in tables.gl_rows("jisx0213") if len(t) == 1)
    return sorted(out)


def peer_encode(peer: str, text: str, lenient: bool = False) -> Optional[bytes]:
    kind, name = peer.split(":", 1)
    if kind == "python":
        try:
            return text.encode(name, "replace" if lenient else "strict")
        except UnicodeError:
            return None
    if kind == "glibc":
        return iconv_out("UTF-8", name, text.encode("utf-8"), lenient)
    callback = "skip" if lenient else "stop"
    proc = subprocess.run(["uconv", "-f", "UTF-8", "-t", name, "--callback", callback],
                          input=text.encode("utf-8"), capture_output=True)
    return proc.stdout if proc.returncode == 0 else None


def peer_decode(peer: str, data: bytes) -> Optional[str]:
    kind, name = peer.split(":", 1)
    if kind == "python":
        try:
            return data.decode(name)
        except UnicodeError:
            return None
    if kind == "glibc":
        out = iconv_out(name, "UTF-8", data)
    else:
        proc = subprocess.run(["uconv", "-f", name, "-t", "UTF-8", "--callback", "stop"],
                              input=data, capture_output=True)
        out = proc.stdout if proc.returncode == 0 else None
    return None if out is None else out.decode("utf-8")


def agreeing(peer: str, chars: list[str], quirks: dict) -> list[str]:
    """The characters the peer writes and reads back as themselves, one per line (a
    character the peer cannot write leaves its line empty under iconv -c / per-character
    checks), less the quirks' exclusions."""
    chars = [c for c in chars if c not in quirks.get("drop", ())]
    if "drop_bytes" in quirks:
        # One call: each line starts in ASCII, so each holds its own designation.
        lines = (peer_encode(peer, "".join(c + "\n" for c in chars), lenient=True)
                 or b"").split(b"\n")
        chars = [c for c, line in zip(chars, lines) if quirks["drop_bytes"] not in line]
    kind, name = peer.split(":", 1)
    if kind == "python":
        keep = []
        for c in chars:
            try:
                if c.encode(name).decode(name) == c:
                    keep.append(c)
            except UnicodeError:
                pass
        return keep
    text = "".join(c + "\n" for c in chars)
    if kind == "glibc":
        encoded = iconv_out("UTF-8", name, text.encode("utf-8"), lenient=True) or b""
        back = iconv_out(name, "UTF-8", encoded, lenient=True) or b""
    else:
        proc = subprocess.run(["uconv", "-f", "UTF-8", "-t", name, "--callback", "skip"],
                              input=text.encode("utf-8"), capture_output=True)
        back = subprocess.run(["uconv", "-f", name, "-t", "UTF-8", "--callback", "skip"],
                              input=proc.stdout, capture_output=True).stdout
    lines = back.decode("utf-8", "replace").split("\n")
    return [c for c, line in zip(chars, lines) if line == c]


def random_text(rng: random.Random, chars: list[str], quirks: dict,
                ascii_share: float = 0.2) -> str:
    if quirks.get("one_per_line"):
        return "".join(c + "\n" for c in chars)
    letters = quirks.get("ascii", ASCII)
    words = []
    for _ in range(SAMPLE // 8):
        n = rng.randint(1, 12)
        if rng.random() < ascii_share:
            words.append("".join(rng.choice(letters) for _ in range(n)))
        else:
            words.append("".join(rng.choice(chars) for _ in range(n)))
        words.append(rng.choice([" ", "\n", "", "\r\n"]))
    return "".join(words) + "\n"


def available(peer: str) -> bool:
    kind = peer.split(":", 1)[0]
    return kind == "python" or shutil.which({"glibc": "iconv", "icu": "uconv"}[kind]) is not None


def suite_cjk_peers(data: Path) -> Suite:
    suite = Suite("cjk-peers")
    for label, (rep, peers) in PEERS.items():
        chars = repertoire(rep)
        for peer in peers:
            if not available(peer):
                suite.skip(f"{label} vs {peer}", f"{peer.split(':')[0]} is not installed")
                continue
            quirks = QUIRKS.get((label, peer), {})
            if quirks:
                suite.notes.append(f"{label} vs {peer}: {quirks['why']}")
            rng = random.Random(f"{label} {peer}")
            pool = agreeing(peer, rng.sample(chars, min(len(chars), SAMPLE)), quirks)
            if not pool:
                suite.skip(f"{label} vs {peer}", "no character in common")
                continue
            text = random_text(rng, pool, quirks)
            theirs = peer_encode(peer, text)
            if theirs is None:
                suite.skip(f"{label} vs {peer}", "the peer cannot encode the sample")
                continue
            suite.cases.append(converts(f"{label}: {peer} writes, transcode reads",
                                        argv(label, "UTF-8"), utf8(text), theirs))
            case = converts(f"{label}: transcode writes, {peer} reads", argv("UTF-8", label),
                            b"", utf8(text))
            case.want_out = None
            case.check = reads_back(peer, text)
            suite.cases.append(case)
    return suite


def reads_back(peer: str, text: str) -> Callable[[bytes], Optional[str]]:
    def check(out: bytes) -> Optional[str]:
        back = peer_decode(peer, out)
        if back is None:
            return f"{peer} cannot read transcode's output"
        if back != text:
            i = next((i for i, (a, b) in enumerate(zip(back, text)) if a != b),
                     min(len(back), len(text)))
            return f"{peer} reads it differently at character {i}: {back[i:i+5]!r} vs {text[i:i+5]!r}"
        return None
    return check


SUITES = [suite_cjk_cpython, suite_cjk_glibc, suite_cjk_tables, suite_cjk_peers]
