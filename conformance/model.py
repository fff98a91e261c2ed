"""The conformance runner's model: cases, suites, and the helpers suites build them with."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

EXCERPT_BYTES = 24

REPLACEMENT = "\ufffd"
# transcode's GB2312 decodes A1A4/A1AA as WHATWG/CP936 do; CPython and glibc
# use the old GB2312 mapping.  Applied to expected text, decode direction only.
GB2312_DECODE_NORMALISATION = {"\u30fb": "\u00b7", "\u2015": "\u2014"}



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
    # Lines to print after the suite has run, from its outcomes (e.g. a tally per charset).
    summarize: Optional[Callable[[list["Outcome"]], list[str]]] = None

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
