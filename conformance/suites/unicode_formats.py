"""Conformance suites for the Unicode transformation formats, against the peers that have them.

unicode-formats-peers: a fixed pseudo-random text (ASCII with every character UTF-7 treats
specially, NUL and controls, Latin, Cyrillic, CJK, kana, Hangul, private use, U+FEFF inside,
supplementary characters) converted by the peers, which must agree with transcode:
  UTF-7           glibc `iconv -t UTF-7` writes what transcode writes (Set O in base64);
  UTF-7-OPTIONAL  Python's `utf_7` and ICU's `uconv -t UTF-7` (Set O direct);
  UTF-7-IMAP      glibc `iconv -t UTF-7-IMAP` and ICU `uconv -t IMAP-mailbox-name`;
  CESU-8, BOCU-1  ICU, byte for byte;
  SCSU            ICU reads transcode's output as the text, transcode reads ICU's;
  MUTF-8, UTF-1   encoders written here from the JVM specification's byte layouts and
                  ISO 10646 Annex G's formula (no peer has them);
  WTF-8           Python's `utf-8` with `surrogatepass` on pseudo-random UTF-16 units, lone
                  surrogates included, under --errors escape both ways.
Each peer's output also decodes back to the text. A peer that is not installed is skipped.

unicode-formats-glibc: glibc's iconvdata UTF-7 test file and its UTF-8 twin, both ways.

unicode-formats-verdicts: short ill-formed inputs (and a few well-formed ones) from each
format's rules. Where the peers that have the format agree, transcode must agree: all
reject it, then transcode exits 1 under strict; all accept it with the same output, then
transcode writes that output. Where they disagree the case is skipped and named (the
README's table of deviations says what transcode does).

unicode-formats-random: the same judgement on seeded random short inputs (mostly
ill-formed) drawn from each format's special bytes, for UTF-7, UTF-7-IMAP, CESU-8 and BOCU-1.

unicode-formats-escape: the peers' canonical UTF-7 with bytes above 0x7F at line starts,
through UTF-16LE and back under --errors escape, byte for byte.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path
from typing import Optional

from model import Case, Suite, converts, fails, utf8

SEED = 2152


def sample_text() -> str:
    """About 6,000 characters, the same on every run."""
    rng = random.Random(SEED)
    special = list("+&-~\\!\"#$%*;<=>@[]^_`{|}'(),./:? \t\n\r") + ["\0", "\x01", "\x7f"]
    scripts = [
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
        "àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿßÀÉÖ",
        "абвгдежзийклмнопрстуфхцчшщъыьэюяАБВГД",
        "的一是不了人我在有他这为之大来以个中上们到说国和地也子时道出而要于就下得可你年生",
        "、。「」『』，：；！？（）〈〉",
        "あいうえおかきくけこさしすせそアイウエオカキクケコ",
        "가나다라마바사아자차카타파하한국어",
        "\ue000\uf2ff\ufffd\ufeff\u0080\u00a0\u2028",
        "😀😃🙂🚀𐐀𐐁𠀀𠀁\U0010ffff\U00010000",
    ]
    out = ["x"]  # never a leading U+FEFF, which would be a BOM
    while sum(map(len, out)) < 6000:
        pool = rng.choice(scripts)
        for _ in range(rng.randint(1, 12)):
            out.append(rng.choice(pool))
        out.append(rng.choice(special))
    return "".join(out)


def peer(argv: list[str], data: bytes) -> Optional[bytes]:
    """The peer's output, or None when it is missing or fails."""
    if shutil.which(argv[0]) is None:
        return None
    proc = subprocess.run(argv, input=data, capture_output=True)
    return proc.stdout if proc.returncode == 0 else None


def verdict(argv: list[str], data: bytes) -> Optional[tuple[bool, bytes]]:
    """(accepted, output) of a peer, or None when it is missing."""
    if shutil.which(argv[0]) is None:
        return None
    proc = subprocess.run(argv, input=data, capture_output=True)
    # uconv reports an error at the end of the input on stderr but exits 0.
    failed = proc.returncode != 0 or b"failed" in proc.stderr
    return not failed, proc.stdout


def mutf8(text: str) -> bytes:
    """Java's Modified UTF-8, from the byte layouts of the JVM specification 4.4.7."""
    out = bytearray()
    units = text.encode("utf-16-be")
    for i in range(0, len(units), 2):
        u = int.from_bytes(units[i:i + 2], "big")
        if u == 0:
            out += b"\xc0\x80"
        elif u < 0x80:
            out.append(u)
        elif u < 0x800:
            out += bytes([0xC0 | u >> 6, 0x80 | u & 0x3F])
        else:
            out += bytes([0xE0 | u >> 12, 0x80 | (u >> 6) & 0x3F, 0x80 | u & 0x3F])
    return bytes(out)


def utf1(text: str) -> bytes:
    """UTF-1, from the formula of ISO/IEC 10646-1:1993 Annex G."""
    def t(z: int) -> int:
        return z + 0x21 if z < 0x5E else z + 0x42

    out = bytearray()
    for ch in text:
        x = ord(ch)
        if x < 0xA0:
            out.append(x)
        elif x < 0x100:
            out += bytes([0xA0, x])
        elif x < 0x4016:
            y = x - 0x100
            out += bytes([0xA1 + y // 190, t(y % 190)])
        elif x < 0x38E2E:
            y = x - 0x4016
            out += bytes([0xF6 + y // 190 ** 2, t(y // 190 % 190), t(y % 190)])
        else:
            y = x - 0x38E2E
            out += bytes([0xFC + y // 190 ** 4] + [t(y // 190 ** k % 190) for k in (3, 2, 1, 0)])
    return bytes(out)


def both_ways(suite: Suite, name: str, label: str, text: bytes, data: Optional[bytes],
              what: str) -> None:
    """transcode must write `data` from `text` and read `text` from `data`."""
    if data is None:
        suite.skip(name, f"{what} is not installed or failed")
        return
    suite.cases.append(converts(f"{name}: encode", ["-f", "UTF-8", "-t", label, "-s"],
                                data, text))
    suite.cases.append(converts(f"{name}: decode", ["-f", label, "-t", "UTF-8", "-s"],
                                text, data))


def suite_peers(data: Path) -> Suite:
    suite = Suite("unicode-formats-peers")
    text = utf8(sample_text())
    python7 = sample_text().encode("utf-7")
    uconv7 = peer(["uconv", "-f", "UTF-8", "-t", "UTF-7"], text)
    both_ways(suite, "UTF-7 = glibc", "UTF-7",
              text, peer(["iconv", "-f", "UTF-8", "-t", "UTF-7"], text), "iconv")
    both_ways(suite, "UTF-7-OPTIONAL = Python utf_7", "UTF-7-OPTIONAL", text, python7, "python")
    both_ways(suite, "UTF-7-OPTIONAL = ICU UTF-7", "UTF-7-OPTIONAL", text, uconv7, "uconv")
    both_ways(suite, "UTF-7-IMAP = glibc", "UTF-7-IMAP", text,
              peer(["iconv", "-f", "UTF-8", "-t", "UTF-7-IMAP"], text), "iconv")
    both_ways(suite, "UTF-7-IMAP = ICU", "UTF-7-IMAP", text,
              peer(["uconv", "-f", "UTF-8", "-t", "IMAP-mailbox-name"], text), "uconv")
    both_ways(suite, "CESU-8 = ICU", "CESU-8", text,
              peer(["uconv", "-f", "UTF-8", "-t", "CESU-8"], text), "uconv")
    both_ways(suite, "BOCU-1 = ICU", "BOCU-1", text,
              peer(["uconv", "-f", "UTF-8", "-t", "BOCU-1"], text), "uconv")
    both_ways(suite, "MUTF-8 = JVM 4.4.7 layouts", "MUTF-8", text, mutf8(sample_text()), "")
    both_ways(suite, "UTF-1 = Annex G formula", "UTF-1", text, utf1(sample_text()), "")
    scsu_icu = peer(["uconv", "-f", "UTF-8", "-t", "SCSU"], text)
    if scsu_icu is None:
        suite.skip("SCSU", "uconv is not installed")
    else:
        suite.cases.append(converts("SCSU: ICU's SCSU decodes to the text",
                                    ["-f", "SCSU", "-t", "UTF-8", "-s"], text, scsu_icu))
        suite.cases.append(Case("SCSU: ICU reads transcode's SCSU as the text",
                                ["-f", "UTF-8", "-t", "SCSU", "-s"], text, 0, None,
                                check=icu_reads_back(text)))
    wtf8_cases(suite)
    return suite


def icu_reads_back(text: bytes):
    def check(out: bytes) -> Optional[str]:
        back = peer(["uconv", "-f", "SCSU", "-t", "UTF-8"], out)
        if back != text:
            return "uconv -f SCSU does not give the text back"
        return None
    return check


def wtf8_cases(suite: Suite) -> None:
    rng = random.Random(SEED + 1)
    units = [rng.choice([rng.randrange(0xD800, 0xE000), rng.randrange(0x80),
                         rng.randrange(0x10000)]) for _ in range(4000)]
    utf16 = b"".join(u.to_bytes(2, "little") for u in units)
    wtf8 = utf16.decode("utf-16-le", "surrogatepass").encode("utf-8", "surrogatepass")
    suite.cases.append(converts("WTF-8 = Python surrogatepass: UTF-16LE -> WTF-8",
                                ["-f", "UTF-16LE", "-t", "WTF-8", "--errors", "escape", "-s"],
                                wtf8, utf16))
    suite.cases.append(converts("WTF-8 = Python surrogatepass: WTF-8 -> UTF-16LE",
                                ["-f", "WTF-8", "-t", "UTF-16LE", "--errors", "escape", "-s"],
                                utf16, wtf8))


def suite_glibc_testdata(data: Path) -> Suite:
    suite = Suite("unicode-formats-glibc")
    folder = data / "glibc" / "iconvdata-testdata"
    utf7, text = (folder / "UTF-7").read_bytes(), (folder / "UTF-7..UTF8").read_bytes()
    suite.cases.append(converts("glibc UTF-7 -> UTF-8", ["-f", "UTF-7", "-t", "UTF-8", "-s"],
                                text, utf7))
    suite.cases.append(converts("glibc UTF-8 -> UTF-7", ["-f", "UTF-8", "-t", "UTF-7", "-s"],
                                utf7, text))
    return suite


# Inputs for the verdicts: (label, transcode's label, peers' argv lists, input).
GLIBC_UTF7 = ["iconv", "-f", "UTF-7", "-t", "UTF-8"]
ICU_UTF7 = ["uconv", "--callback", "stop", "-f", "UTF-7", "-t", "UTF-8"]
GLIBC_IMAP = ["iconv", "-f", "UTF-7-IMAP", "-t", "UTF-8"]
ICU_IMAP = ["uconv", "--callback", "stop", "-f", "IMAP-mailbox-name", "-t", "UTF-8"]


def icu(label: str) -> list[str]:
    return ["uconv", "--callback", "stop", "-f", label, "-t", "UTF-8"]


VERDICTS = [
    ("UTF-7", [GLIBC_UTF7, ICU_UTF7], [
        b"a+-b", b"+ZeVnLIqe-", b"+AGE", b"+2D3eAA-x", b"Hi Mom -+Jjo--!",
        b"a\x80b", b"a~b", b"a\\b", b"a\x00b", b"a\x07b", b"+AG-x", b"+AGF-x", b"+2D0-x",
        b"+3gA-x", b"+2D3-+3gA-", b"+AGE\x80b", b"+AGHYAA-x", b"+AGE+AGI-", b"+AGEA-x",
        b"+!x", b"a+", b"+",
    ]),
    ("UTF-7-IMAP", [GLIBC_IMAP, ICU_IMAP], [
        b"&-", b"&Ti0-&U0k-", b"&ZeVnLIqe-", b"&U,BTFw-", b"&AG-x", b"&Ti0A-x", b"&2D0-x",
        b"a\x80", b"&Ti0\x80-", b"&Ti/-", b"&AGE-", b"&Ti0!", b"&!", b"a\tb",
    ]),
    ("CESU-8", [icu("CESU-8")], [
        b"\xed\xa0\xbd\xed\xb8\x80", b"\xf0\x9f\x98\x80", b"\xed\xa0\xbdx", b"\xed\xb8\x80x",
        b"\xc0\x80", b"\xe0\x80\x80", b"\xed\xa0", b"a\x00b", b"\xed\xa0\xbd\xed\xb8",
    ]),
    ("SCSU", [icu("SCSU")], [
        b"\x0c", b"\x0f\xf2", b"\x18\x00", b"\x18\xa8", b"\x0e\x4e", b"\x0f\x4e",
        b"\x12\x9c\xbe\xc1", b"\x0b\x80\x08\x81", b"\x0e\xfe\xff", b"\x01\x41\x02\x81",
    ]),
    ("BOCU-1", [icu("BOCU-1")], [
        b"\xfb\xee\x28", b"\xd0\x0a", b"\xfe\xff\xff\xff", b"\xd0", b"\xb1\xb2\xb3",
        b"\xff\xb1", b"\x21\x21\x21\x21",
    ]),
]


def suite_verdicts(data: Path) -> Suite:
    suite = Suite("unicode-formats-verdicts")
    for label, peers, inputs in VERDICTS:
        for raw in inputs:
            judge(suite, label, peers, raw)
    return suite


def judge(suite: Suite, label: str, peers: list[list[str]], raw: bytes) -> None:
    """A case for `raw` where the peers agree on it; a named skip where they do not."""
    name = f"{label} {raw.hex(' ')}"
    found = [verdict(p, raw) for p in peers]
    if any(v is None for v in found):
        suite.skip(name, "a peer is not installed")
        return
    accepted = {ok for ok, _ in found}
    outputs = {out for ok, out in found if ok}
    if accepted == {False}:
        suite.cases.append(fails(f"{name}: peers reject it",
                                 ["-f", label, "-t", "UTF-8"], None, raw))
    elif accepted == {True} and len(outputs) == 1:
        suite.cases.append(converts(f"{name}: peers accept it",
                                    ["-f", label, "-t", "UTF-8", "-s"], outputs.pop(), raw))
    else:
        how = ", ".join(f"{p[0]} {'accepts' if ok else 'rejects'}"
                        for p, (ok, _) in zip(peers, found))
        suite.skip(name, f"peers disagree ({how})")


# Random inputs for the differential verdicts: (label, peers, the bytes they are drawn
# from, a tail). UTF-7's inputs end with "-." so that no base64 run is open at the end of
# the input, where glibc does not check the bits left over ("A+A" passes, "A+A-" does not).
# SCSU is not drawn: uconv silently drops the bytes after a window definition with a
# reserved offset ("1B D8 41" gives nothing, exit 0), so its verdicts say nothing.
RANDOM_VERDICTS = [
    ("UTF-7", [GLIBC_UTF7, ICU_UTF7],
     b"+-AZaz09/=~\\! \x00\x80\xffABCDEFGH2D3eZeVnLIqe", b"-."),
    ("UTF-7-IMAP", [GLIBC_IMAP, ICU_IMAP],
     b"&-,AZaz09/+=~! \x80ABCDEFGH2D3eZeVnLIqeU,BTFw", b""),
    ("CESU-8", [icu("CESU-8")], bytes([0x41, 0x00, 0xC0, 0x80, 0xED, 0xA0, 0xBD, 0xB8, 0xF0,
                                       0x9F, 0x98, 0xE4, 0xB8, 0xAD, 0xC3, 0xA9]), b""),
    ("BOCU-1", [icu("BOCU-1")], bytes([0x20, 0x41, 0x61, 0xD0, 0xFB, 0xFE, 0xFF, 0x21, 0x22,
                                       0x0A, 0x50, 0x90, 0xB1, 0x80, 0x10, 0x01]), b""),
]
RANDOM_COUNT = 120


def suite_random_verdicts(data: Path) -> Suite:
    """Seeded random short inputs, mostly ill-formed, judged as in the verdicts suite."""
    suite = Suite("unicode-formats-random")
    rng = random.Random(SEED + 1)
    for label, peers, alphabet, tail in RANDOM_VERDICTS:
        for _ in range(RANDOM_COUNT):
            raw = bytes(rng.choice(alphabet) for _ in range(rng.randint(1, 10))) + tail
            judge(suite, label, peers, raw)
    return suite


def suite_escape(data: Path) -> Suite:
    suite = Suite("unicode-formats-escape")
    text = utf8(sample_text())
    for label, argv in (("UTF-7", ["iconv", "-f", "UTF-8", "-t", "UTF-7"]),
                        ("UTF-7-IMAP", ["iconv", "-f", "UTF-8", "-t", "UTF-7-IMAP"])):
        canonical = peer(argv, text)
        if canonical is None:
            suite.skip(label, "iconv failed")
            continue
        lines = canonical.split(b"\n")
        dirty = b"\n".join(b"\x80" + line if i % 3 == 1 else line for i, line in enumerate(lines))
        units = escaped_utf16le(label, dirty)
        suite.cases.append(converts(f"{label} with 8-bit bytes -> UTF-16LE",
                                    ["-f", label, "-t", "UTF-16LE", "--errors", "escape", "-s"],
                                    units, dirty))
        suite.cases.append(converts(f"{label} with 8-bit bytes <- UTF-16LE",
                                    ["-f", "UTF-16LE", "-t", label, "--errors", "escape", "-s"],
                                    dirty, units))
    return suite


def escaped_utf16le(label: str, dirty: bytes) -> bytes:
    """What escape makes of `dirty`: its lines decoded by Python (UTF-7) or glibc (IMAP),
    each byte above 0x7F as U+DC00+byte."""
    out = []
    for i, line in enumerate(dirty.split(b"\n")):
        prefix = ""
        if line.startswith(b"\x80"):
            prefix, line = "\udc80", line[1:]
        if label == "UTF-7":
            decoded = line.decode("utf-7")
        else:
            decoded = (peer(["iconv", "-f", "UTF-7-IMAP", "-t", "UTF-8"], line) or b"").decode()
        out.append(prefix + decoded)
    return "\n".join(out).encode("utf-16-le", "surrogatepass")


SUITES = [suite_peers, suite_glibc_testdata, suite_verdicts, suite_random_verdicts,
          suite_escape]
