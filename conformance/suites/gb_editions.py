"""Conformance suites for the GB family's non-WHATWG members, against peer converters.

gb-editions: every code of CP936 and GB18030-2005 decoded, and every character encoded,
compared with ICU's uconv (peer oracle; `.ci/install-peers` installs it):

- CP936 against ICU `windows-936-2000` (Windows' own code page 936): every byte 80..FF and
  every two-byte code, decode; every character decoded, encode.  Exact.
- GB18030-2005 against ICU `gb18030`, which is the 2005 mapping up to ICU 72 (ICU 73 moved
  to 2022; with a newer ICU these cases are skipped): every two-byte code and every BMP
  four-byte code, decode and encode.  Two codes are left out, deviations inherited from
  WHATWG's GB18030 (the README's table): 0x80 (the euro sign here, invalid in ICU) and A3A0
  (U+3000 here, U+E5E5 in ICU, which therefore also writes U+E5E5).
- glibc iconv's GB18030 is the 2022 mapping (A6D9 is U+FE10, the four-byte 84318236 is
  invalid): transcode's default GB18030 decodes the 18 changed codes as glibc does, and
  GB18030-2005 as Python's `gb18030` does (2005 there).

Each table is one case of one transcode run: codes are written one a line, so that a
decoded line is either one character or not.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Callable, Optional

from model import Case, Suite, argv, converts

# The 18 two-byte codes whose mapping GB18030-2022 changed (data/cjk/gb18030-2005.txt).
CHANGED_2022 = [bytes.fromhex(h) for h in (
    "A6D9 A6DA A6DB A6DC A6DD A6DE A6DF A6EC A6ED A6F3 "
    "FE59 FE61 FE66 FE67 FE6D FE7E FE90 FEA0").split()]


def two_byte_codes() -> list[bytes]:
    return [bytes([lead, trail]) for lead in range(0x81, 0xFF)
            for trail in range(0x40, 0xFF) if trail != 0x7F]


def four_byte_bmp_codes() -> list[bytes]:
    out = []
    for p in range(39420):
        out.append(bytes([p // 12600 + 0x81, p // 1260 % 10 + 0x30,
                          p // 10 % 126 + 0x81, p % 10 + 0x30]))
    return out


def uconv(args: list[str], data: bytes) -> Optional[bytes]:
    exe = shutil.which("uconv")
    if exe is None:
        return None
    return subprocess.run([exe, *args], input=data, capture_output=True, check=True).stdout


def icu_version() -> Optional[tuple[int, ...]]:
    exe = shutil.which("uconv")
    if exe is None:
        return None
    out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"ICU (\d+)\.(\d+)", out)
    return (int(m.group(1)), int(m.group(2))) if m else None


def icu_decodes(converter: str, codes: list[bytes]) -> dict[bytes, str]:
    """code -> the one character ICU decodes it to, for the codes it decodes (one run)."""
    out = uconv(["-f", converter, "-t", "UTF-8", "--callback", "escape-c"],
                b"\n".join(codes) + b"\n")
    lines = out.decode("utf-8").split("\n")
    assert len(lines) == len(codes) + 1, "uconv's lines do not match the codes"
    return {code: line for code, line in zip(codes, lines)
            if len(line) == 1 and ord(line) >= 0x80}


def lines_check(codes: list[bytes], want: dict[bytes, str]) -> Callable[[bytes], Optional[str]]:
    """The output of decoding `codes` one a line with --errors replace: the code's character
    where `want` has one, U+FFFD (one or more, maybe with a stray ASCII byte) elsewhere."""
    def check(out: bytes) -> Optional[str]:
        lines = out.decode("utf-8", "replace").split("\n")
        if len(lines) != len(codes) + 1:
            return f"{len(lines) - 1} lines for {len(codes)} codes"
        bad = []
        for code, line in zip(codes, lines):
            expected = want.get(code)
            ok = line == expected if expected is not None else "\ufffd" in line
            if not ok:
                bad.append(f"{code.hex().upper()}: {ascii(line)} (peer: {ascii(expected)})")
        return f"{len(bad)} codes differ: " + "; ".join(bad[:8]) if bad else None
    return check


def decode_and_encode(suite: Suite, label: str, peer: str, codes: list[bytes],
                      want: dict[bytes, str]) -> None:
    suite.cases.append(decodes_lines(f"{label}: {len(codes)} codes decode as {peer}",
                                    label, codes, want))
    # Encoding: every character the peer decodes, written back; the peer's own encoding.
    chars = sorted(set(want.values()))
    text = "\n".join(chars).encode("utf-8")
    suite.cases.append(converts(f"{label}: {len(chars)} characters encode as {peer}",
                                argv("UTF-8", label), peer_encode(peer, text), stdin=text))


def peer_encode(converter: str, text: bytes) -> bytes:
    return uconv(["-f", "UTF-8", "-t", converter, "--callback", "stop"], text)


def decodes_lines(name: str, label: str, codes: list[bytes], want: dict[bytes, str]) -> Case:
    return Case(name, argv(label, "UTF-8", errors="replace"), b"\n".join(codes) + b"\n",
                want_rc=0, check=lines_check(codes, want))


def suite_gb_editions(data: Path) -> Suite:
    suite = Suite("gb-editions")
    version = icu_version()
    if version is None:
        suite.skip("CP936 and GB18030-2005 against ICU", "uconv is not installed")
    else:
        codes = [bytes([b]) for b in range(0x80, 0x100)] + two_byte_codes()
        decode_and_encode(suite, "CP936", "windows-936-2000", codes,
                          icu_decodes("windows-936-2000", codes))
        if version >= (73, 0):
            suite.skip("GB18030-2005 against ICU",
                       f"ICU {version[0]}.{version[1]}'s gb18030 is the 2022 mapping")
        else:
            codes = two_byte_codes() + four_byte_bmp_codes()
            want = icu_decodes("gb18030", codes)
            want.pop(bytes.fromhex("A3A0"), None)
            codes.remove(bytes.fromhex("A3A0"))
            decode_and_encode(suite, "GB18030-2005", "gb18030", codes, want)
            suite.notes.append("GB18030-2005 against ICU 72: 0x80 and A3A0 left out "
                               "(WHATWG's euro sign and U+3000 kept)")
    changed = b"".join(CHANGED_2022)
    glibc = subprocess.run(["iconv", "-f", "GB18030", "-t", "UTF-8"], input=changed,
                           capture_output=True)
    if glibc.returncode == 0:
        suite.cases.append(converts("GB18030: the 18 codes 2022 changed, as glibc iconv",
                                    argv("GB18030", "UTF-8"), glibc.stdout, stdin=changed))
    else:
        suite.skip("GB18030 against glibc", "iconv rejects the 2022 codes")
    suite.cases.append(converts("GB18030-2005: the 18 codes 2022 changed, as Python gb18030",
                                argv("GB18030-2005", "UTF-8"),
                                changed.decode("gb18030").encode("utf-8"), stdin=changed))
    suite.cases.append(converts("GB18030-2005: the 18 characters back to their codes",
                                argv("UTF-8", "GB18030-2005"), changed,
                                stdin=changed.decode("gb18030").encode("utf-8")))
    return suite


SUITES = [suite_gb_editions]
