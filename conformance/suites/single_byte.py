"""The single-byte code pages of issue 18 against three peers: Python's codecs, glibc iconv
and ICU uconv, on all 256 bytes, decoding and encoding.

For each code page of data/single-byte/ and each peer that has it (the peers' names for it
are those of tools/single-byte/codepages.py), the peer is asked what every byte decodes to
and what every character it decodes to encodes to: Python in-process, glibc and ICU in one
`iconv -c` / `uconv -c -i` call per direction, each byte (or character) followed by a NUL so
that the output splits back into one piece per input (every code page here has 0x00 <->
U+0000, and a piece left empty is a byte or character the peer refuses). Then two transcode
calls per peer:

- decode: the 256 bytes, `-t UTF-32BE --errors replace`, must give the peer's characters
  byte by byte (U+FFFD where the peer has none);
- encode: the peer's characters, `-f UTF-32BE --errors strict`, must give the peer's bytes.

Where transcode chose otherwise (the README's table of deviations, data/single-byte/
CROSSCHECK.md for the reasons), the difference is listed below in DECODE_DIFFERENCES and
ENCODE_DIFFERENCES, and the expected output takes transcode's own table (data/single-byte/)
at exactly those bytes and characters: any other difference fails. A listed difference
that no longer occurs is reported too, so the list stays true.

Code pages no peer here has (MacHebrew, MacThai, MacCroatian ..., ATARIST, NEXTSTEP) are
noted; the table tests of the crate check them against their sources.
"""

from __future__ import annotations

import codecs
import importlib.util
import shutil
import subprocess
from pathlib import Path
from typing import Optional

from model import Suite, converts

REPO = Path(__file__).resolve().parents[2]
TABLES = REPO / "data" / "single-byte"
PEERS = ("python", "glibc", "icu")
FAMILY_ORDER = ("dos", "ebcdic", "mac")

# Where transcode differs from a peer, on purpose. (code page, peer) -> (bytes, reason) for
# decoding, (code page, peer) -> (code points, reason) for encoding; the reasons at length are
# in data/single-byte/CROSSCHECK.md under the code page's name.
ROT = [0x1A, 0x1C, 0x7F]
ICU_ROT = "ICU rotates 0x1A/0x1C/0x7F (IBM's PC convention); Microsoft's table, Python, glibc do not"
MICRO = "0xE6: ICU U+03BC, Microsoft and the others U+00B5"
DECODE_DIFFERENCES: dict[tuple[str, str], tuple[list[int], str]] = {
    **{(f"CP{n}", "icu"): (ROT, ICU_ROT) for n in (737, 775, 850, 855, 857, 858)},
    **{(f"CP{n}", "icu"): (ROT + [0xE6], ICU_ROT + "; " + MICRO)
       for n in (437, 860, 861, 862, 863, 865)},
    ("CP720", "icu"): (ROT + [0x80, 0x81, 0x84, 0x86, 0x8D, 0x8E, 0x8F, 0x90],
                       ICU_ROT + "; unused bytes are C1 controls in Windows' table, unassigned in ICU"),
    ("CP852", "icu"): (ROT + [0xAA], ICU_ROT + "; 0xAA unassigned in ICU, U+00AC elsewhere"),
    ("CP856", "icu"): (ROT + [0xEE, 0xFA], ICU_ROT + "; 0xEE/0xFA U+203E/U+2022 (IBM) vs the "
                       "Consortium's U+00AF/U+00B7"),
    ("CP856", "glibc"): (ROT + [0xEE, 0xFA], "glibc has IBM's table, as ICU"),
    ("CP864", "icu"): (ROT + [0x25, 0x9F, 0xD7, 0xD8, 0xF1],
                       ICU_ROT + "; 0x25 is U+066A in Microsoft's table; other presentation forms"),
    ("CP869", "icu"): (ROT + [0x88, 0xEF], ICU_ROT + "; 0x88, 0xEF differ in ICU alone"),
    ("CP1125", "icu"): (ROT + [0xFA, 0xFB], ICU_ROT + "; 0xFA/0xFB differ in ICU alone"),
    ("IBM273", "python"): ([0xBC], "Python U+203E, ICU and glibc U+00AF"),
    ("IBM278", "glibc"): ([0x71, 0xE0], "glibc swaps U+00C9/U+005C; ICU (IBM's table) kept"),
    ("IBM285", "glibc"): ([0xA1], "glibc U+203E, ICU U+00AF"),
    ("IBM424", "glibc"): ([0x78, 0x8F], "glibc alone: U+21D4 at 0x78, 0x8F unassigned"),
    ("IBM424", "icu"): ([0xB3, 0xBC], "ICU alone: U+2022 and U+203E; the others U+00B7, U+00AF"),
    ("IBM870", "glibc"): ([0xB0], "glibc U+00B7, ICU U+02D9"),
    ("IBM871", "glibc"): ([0x4A, 0xC0], "glibc swaps U+00DE/U+00FE; ICU (IBM's table) kept"),
    ("IBM875", "python"): ([0xDC, 0xE1, 0xEC, 0xED, 0xFC, 0xFD],
                           "Python maps unused bytes to U+001A; unassigned as in ICU"),
    ("IBM875", "glibc"): ([0x6A, 0x74, 0xDD], "glibc alone"),
    ("IBM1026", "glibc"): ([0x9D, 0xBC], "glibc alone"),
    ("IBM1026", "icu"): ([0x9A], "ICU 72 alone: U+20BA; the others U+00AA"),
    ("MacRoman", "glibc"): ([0xC6, 0xF0], "glibc's MACINTOSH predates Apple's current table"),
    ("MacIcelandic", "glibc"): ([0xA0, 0xC6, 0xD0, 0xD1, 0xD7, 0xDB, 0xDC, 0xDD, 0xE0, 0xF0,
                                 0xF6, 0xF7], "glibc's MAC-IS predates Apple's current table"),
    ("MacCyrillic", "glibc"): ([0xFF], "glibc U+00A4 (before Mac OS 9), Apple U+20AC"),
    ("MacUkrainian", "glibc"): ([0xFF], "glibc U+00A4 (before Mac OS 9), Apple U+20AC"),
    ("TIS-620", "python"): (list(range(0x80, 0xA0)), "Python adds the C1 controls; TIS-620 "
                            "proper (glibc) has none (ISO-8859-11 has them)"),
    ("TIS-620", "icu"): (ROT + [0xA0, 0xDB, 0xDC, 0xDD, 0xDE, 0xFC, 0xFD, 0xFE, 0xFF],
                         "ICU's ibm-874 is IBM's Thai PC code page, not TIS-620 proper"),
    ("CP1006", "icu"): ([0xB2, 0xC7, 0xD5, 0xD6, 0xE3, 0xF9, 0xFA, 0xFB],
                        "ICU's IBM table differs from the Consortium's CP1006.TXT"),
    ("IBM1132", "glibc"): ([0x70], "U+20AD KIP SIGN as IBM's table (ICU) and GNU libiconv; glibc "
                                 "reads 'k' one way"),
    ("IBM1133", "glibc"): ([0xDF], "U+20AD KIP SIGN as GNU libiconv; glibc reads 'k' one way"),
    ("HP-ROMAN8", "icu"): ([0xA0, 0xA9, 0xAF, 0xB0, 0xB3, 0xF3, 0xF6],
                           "ICU's ibm-1051 is IBM's version; glibc and Python agree with HP's"),
}
ENCODE_DIFFERENCES: dict[tuple[str, str], tuple[list[int], str]] = {
    ("IBM875", "python"): ([0x001A], "U+001A is 0x3F as in ICU, not one of Python's unused bytes"),
    ("MacArabic", "python"): ([0x20, 0x21, 0x22, 0x23, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B,
                               0x2D, 0x2E, 0x2F, 0x3A, 0x3C, 0x3D, 0x3E, 0x5B, 0x5C, 0x5D, 0x5E,
                               0x5F, 0x7B, 0x7C, 0x7D],
                              "Python writes ASCII punctuation as its right-to-left duplicate; "
                              "ASCII stays ASCII here"),
    ("MacFarsi", "python"): ([0x20, 0x21, 0x22, 0x23, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B,
                              0x2D, 0x2E, 0x2F, 0x3A, 0x3C, 0x3D, 0x3E, 0x5B, 0x5C, 0x5D, 0x5E,
                              0x5F, 0x7B, 0x7C, 0x7D],
                             "as MacArabic: Apple's FARSI.TXT; ASCII stays ASCII here"),
    ("IBM1046", "glibc"): ([0xFEB1, 0xFEB5, 0xFEB9, 0xFEBD],
                           "glibc writes these isolated forms as the byte of another letter "
                           "(0xD3 ...) one way; the table's own byte is written, as it reads"),
    ("CP1006", "python"): ([0xFE8E], "U+FE8E is 0xB1 (the file's first entry, as ICU), Python 0xB2"),
}


def load_codepages() -> list[dict]:
    """tools/single-byte/codepages.py's CODEPAGES (where each table comes from, who has it)."""
    path = REPO / "tools" / "single-byte" / "codepages.py"
    spec = importlib.util.spec_from_file_location("single_byte_codepages", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CODEPAGES


def load_table(name: str) -> tuple[dict[int, tuple[int, ...]], dict[tuple[int, ...], int]]:
    """Our table: byte -> code points, and characters -> the byte the encoder writes."""
    decode, encode = {}, {}
    for line in (TABLES / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) < 2 or fields[2:3] == ["encode-only"]:
            continue
        byte = int(fields[0], 16)
        chars = tuple(int(c, 16) for c in fields[1].split())
        decode[byte] = chars
        if fields[2:3] != ["decode-only"]:
            encode[chars] = byte
    return decode, encode


# ---------------------------------------------------------------- peers

def python_peer(codec: str) -> tuple[dict[int, str], callable]:
    def encode_one(text: str) -> Optional[bytes]:
        try:
            return text.encode(codec)
        except UnicodeEncodeError:
            return None
    decoded = {}
    for byte in range(256):
        try:
            decoded[byte] = bytes([byte]).decode(codec)
        except UnicodeDecodeError:
            pass
    return decoded, lambda texts: [encode_one(t) for t in texts]


def split_nul(data: bytes, width: int, count: int) -> Optional[list[bytes]]:
    pieces, current = [], b""
    for at in range(0, len(data), width):
        unit = data[at:at + width]
        if unit == b"\0" * width:
            pieces.append(current)
            current = b""
        else:
            current += unit
    return pieces if len(pieces) == count else None


def tool_peer(tool: str, name: str) -> Optional[tuple[dict[int, str], callable]]:
    program = "iconv" if tool == "glibc" else "uconv"
    if shutil.which(program) is None:
        return None

    def call(frm: str, to: str, data: bytes) -> bytes:
        skip = ["-c"] if program == "iconv" else ["-c", "-i"]  # uconv: -i for input
        return subprocess.run([program, *skip, "-f", frm, "-t", to], input=data,
                              capture_output=True).stdout

    # 0x00 <-> U+0000 is the separator, so it is taken as given and not asked.
    source = b"".join(bytes([b, 0]) for b in range(1, 256))
    pieces = split_nul(call(name, "UTF-32BE", source), 4, 255)
    if pieces is None:
        return None
    decoded = {b: p.decode("utf-32-be") for b, p in enumerate(pieces, start=1) if p}
    decoded[0] = "\0"

    def encode(texts: list[str]) -> list[Optional[bytes]]:
        asked = [t for t in texts if t != "\0"]
        data = "".join(t + "\0" for t in asked).encode("utf-32-be")
        out = split_nul(call("UTF-32BE", name, data), 1, len(asked))
        answers = dict(zip(asked, out or [b""] * len(asked)))
        answers["\0"] = b"\0"
        return [answers[t] or None for t in texts]
    return decoded, encode


def peer(tool: str, name: str) -> Optional[tuple[dict[int, str], callable]]:
    if tool == "python":
        try:
            codecs.lookup(name)
        except LookupError:
            return None
        return python_peer(name)
    return tool_peer(tool, name)


# ---------------------------------------------------------------- cases

def text_of(chars: tuple[int, ...]) -> str:
    return "".join(map(chr, chars))


def codepage_cases(suite: Suite, cp: dict, tool: str, peer_name: str) -> None:
    name = cp["name"]
    found = peer(tool, peer_name)
    if found is None:
        suite.skip(f"{name} vs {tool} {peer_name}", f"{tool} does not have {peer_name} here")
        return
    decoded, encode = found
    ours_dec, ours_enc = load_table(name)
    dec_listed, dec_reason = DECODE_DIFFERENCES.get((name, tool), ([], ""))
    enc_listed, enc_reason = ENCODE_DIFFERENCES.get((name, tool), ([], ""))

    # Decode: the peer's characters, ours at the listed bytes.
    expected, stale = [], []
    for byte in range(256):
        theirs = decoded.get(byte, "\ufffd")
        mine = text_of(ours_dec[byte]) if byte in ours_dec else "\ufffd"
        if byte in dec_listed:
            if theirs == mine:
                stale.append(f"0x{byte:02X}")
            expected.append(mine)
        else:
            expected.append(theirs)
    suite.cases.append(converts(
        f"{name} decode, 256 bytes, as {tool} {peer_name}",
        ["-f", name, "-t", "UTF-32BE", "--errors", "replace", "-s"],
        "".join(expected).encode("utf-32-be"), stdin=bytes(range(256))))

    # Encode: every character the peer decodes to, once, in byte order.
    texts = []
    for byte in range(256):
        text = decoded.get(byte)
        if text and text not in texts and byte not in dec_listed:
            texts.append(text)
    for chars in ours_enc:  # and ours at the listed bytes
        if ours_enc[chars] in dec_listed and text_of(chars) not in texts:
            texts.append(text_of(chars))
    written = encode(texts)
    inputs, want = [], b""
    for text, theirs in zip(texts, written):
        single = len(text) == 1 and ord(text) in enc_listed
        mine = ours_enc.get(tuple(map(ord, text)))
        if single or ours_enc.get(tuple(map(ord, text))) in dec_listed:
            if single and theirs is not None and mine is not None and theirs == bytes([mine]):
                stale.append(f"U+{ord(text):04X}")
            if mine is None:
                continue
            inputs.append(text)
            want += bytes([mine])
        elif theirs is not None:
            inputs.append(text)
            want += theirs
    suite.cases.append(converts(
        f"{name} encode, {len(inputs)} characters, as {tool} {peer_name}",
        ["-f", "UTF-32BE", "-t", name, "--errors", "strict", "-s"],
        want, stdin="".join(inputs).encode("utf-32-be")))
    if dec_listed or enc_listed:
        suite.notes.append(f"{name} vs {tool}: expected differences "
                           f"{sorted(f'0x{b:02X}' for b in dec_listed)} "
                           f"{sorted(f'U+{c:04X}' for c in enc_listed)}: "
                           f"{'; '.join(r for r in (dec_reason, enc_reason) if r)}")
    if stale:
        suite.cases.append(converts(
            f"{name} vs {tool}: listed differences that no longer differ: {', '.join(stale)}",
            ["--version"], b"(remove them from DECODE_/ENCODE_DIFFERENCES)"))


def suite_single_byte(data: Path) -> Suite:
    del data  # the peers compute the expected output
    suite = Suite("single-byte")
    unchecked = []
    for cp in load_codepages():
        peers = [(tool, cp["peers"][tool]) for tool in PEERS if tool in cp["peers"]]
        if not peers:
            unchecked.append(cp["name"])
        for tool, peer_name in peers:
            codepage_cases(suite, cp, tool, peer_name)
    if unchecked:
        suite.notes.append("no peer here has " + ", ".join(unchecked)
                           + " (checked against their sources by tests/single_byte_tables.rs)")
    return suite


SUITES = [suite_single_byte]
