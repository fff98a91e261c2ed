#!/usr/bin/env python3
"""Throughput and memory benchmark of `transcode` against cat, glibc iconv and ICU uconv.

Usage: python3 bench/run.py [--size-mb N] [--runs N] [--stream-gb X] [--small-files N]
                            [--publish] [...]

Steps (Python 3 standard library only):

1. Corpus.  English and Chinese text, --size-mb MB (10^6 bytes) of UTF-8 each by
   default 100, generated from a fixed seed into bench/out/corpus/ and re-encoded
   to UTF-16LE, GBK, GB18030, CESU-8 and UTF-7 (Python's, Set O direct; and
   glibc's, Set O in base64, made by iconv) and SCSU (made by uconv; by transcode
   where a peer is missing), plus en.dirty.utf8: the English text with about
   0.1% ill-formed bytes inserted (stray 0x80/0xFF/..., truncated and overlong
   sequences, encoded surrogates); enpc.*: English with ASCII quotes in UTF-8,
   CP437 and IBM1047 (from data/single-byte/IBM1047.txt: Python has no cp1047);
   enibm1153.*, endin66003.*: the same English less the characters IBM1153 (an
   EBCDIC euro page) and DIN_66003 (ISO 646 German) lack, in UTF-8 and that page;
   box.*: framed tables and shaded bars in UTF-8 and CP437 (box drawing, as DOS
   programs draw it); zh.hz: the Chinese text in HZ (Python's hz); ko.*: Korean
   (KS X 1001 hangul syllables, frequency-weighted, in words with spaces between
   them) in UTF-8 and ISO-2022-KR (made by iconv); tw.*: traditional Chinese
   (the hanzi of Big5 level 1 that are in CNS 11643 plane 1) in UTF-8,
   Big5-HKSCS (Python's big5hkscs) and EUC-TW (made by iconv); transcode writes
   the iconv-made files where iconv is missing.  Words come from
   bench/lexicon.txt; hanzi are GB2312 level 1 (rows B0-D7), frequency-weighted
   (the traditional ones: the lexicon's first).  The same options give the
   same bytes on every run (manifest.json records the SHA-256 of each file; an
   up-to-date corpus is reused).
2. Tools.  The release binary as shipped, built by pkg/build-release (unless
   --bin; statically linked on Linux with glibc), ICU uconv installed with
   apt-get if missing (package icu-devtools), GNU time likewise (package time).
   A peer that cannot be had is reported as missing, not fatal.
3. Checks.  Every command runs once with its output hashed and compared with
   the expected bytes, which the generator knows (the corpus in the target
   encoding; for the dirty file, Python's own replace/surrogateescape/ignore
   decoding).  This also warms the page cache: before the checks, each input of
   the pair is dropped from the page cache (posix_fadvise DONTNEED) and read
   back, so that every file is cached alike.  Two equal-sized files, mapped and
   converted in alternation, measured 1.6x apart (19 against 31 ms) when cached
   at different times, and equal once both were dropped and read back; without
   this, a ratio between two files could tilt either way.  A transcode mismatch
   makes the run fail (exit 1) after the report is written.
4. Timing.  For each pair, --runs rounds; each round runs every command once,
   in turn (cat, transcode, iconv, uconv), file argument in, stdout to
   /dev/null, timed with time.perf_counter() around subprocess.run().  The
   median wall time gives MB/s = input bytes / 10^6 / seconds.  The pairs run
   twice: with every core (transcode splits a large file of a legacy multi-
   byte charset across them) and on one core, every command pinned to CPU 0
   with taskset and transcode given -j 1 (without taskset, -j 1 alone); the
   one-core rounds also run transcode on every core, unpinned, so that the
   scaling ratio comes from the same rounds.
5. Many small files.  --small-files files of about --small-kb KB (2,000 of 2 KB
   by default), cut at line ends from the Chinese GBK file into 20 folders,
   converted to UTF-8 in place by one `transcode -r -i`, by a shell loop of
   iconv (each file to a temporary file renamed over it) and by the same under
   `xargs -P <cores>`; each run starts from a fresh copy of the tree (not
   timed), and the result is checked.
6. Memory.  --stream-gb GB (10^9 bytes) of the English corpus, repeated, piped
   from Python into each tool's stdin under /usr/bin/time -v; the peak RSS is
   its "Maximum resident set size".  transcode also gets the Chinese GBK file
   piped the same way, to UTF-8.
7. Report.  bench/out/results.json, bench/out/results.md (tables and machine),
   bench/out/chart.svg; --publish copies the last two to bench/results.md and
   bench/chart.svg.

Develop with small sizes, e.g. `python3 bench/run.py --size-mb 8 --runs 3 --stream-gb 0.2`.
"""

from __future__ import annotations

import argparse
import bisect
import datetime as dt
import hashlib
import itertools
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import release  # bench/release.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
LEXICON = BENCH / "lexicon.txt"

SEED = 4_2024
# Bump when the generator changes, so that an old corpus is not reused.
GENERATOR_VERSION = 6
DIRTY_RATE = 0.001
RSS_TARGET_MIB = 5.0

# ---------------------------------------------------------------------------------------
# Corpus
# ---------------------------------------------------------------------------------------

# Non-ASCII characters of English prose that every GBK edition and glibc agree on.
EN_ACCENTED = ["café", "résumé", "fiancé", "cliché", "entrée", "touché", "décor"]
ZH_SEPARATORS = ["，"] * 12 + ["、"] * 3 + ["；", "："]
ZH_ENDS = ["。"] * 8 + ["！", "？"]
ZH_WRAPS = [("“", "”"), ("《", "》"), ("（", "）")]
ZH_UNITS = ["年", "月", "日", "个", "人", "万", "%"]
# Traditional Chinese: corner brackets for quotations, traditional forms of the units; all
# of them in Big5 and CNS 11643 plane 1.
TW_WRAPS = [("「", "」"), ("《", "》"), ("（", "）")]
TW_UNITS = ["年", "月", "日", "個", "人", "萬", "%"]
# Frequent hangul syllables of Korean prose, most frequent first (a rough order: the
# particles and endings 이/다/의/는/에/하/고..., then common syllables of Sino-Korean words);
# the other KS X 1001 syllables follow in a fixed shuffled order.
KO_FREQUENT = (
    "이다의는에하고가을기지사로리어서자도대한정인수시나아일부전국과보주를것있들제은여구게해"
    "상성만으적문장동위면내라소화경러세그연우요신생계미원마무데중회개발방공학조진유물간비관"
    "오결실와때년히람말까민음선니본명운분야월르저산통용업주행체식영의단당거금통교차건불"
)
KO_ENDS = ["."] * 12 + ["?", "!"]

# Ill-formed UTF-8 snippets for the dirty file, with weights.
DIRTY_SNIPPETS = [
    (b"\xff", 4),  # never valid
    (b"\xfe", 1),
    (b"\x80", 3),  # stray continuation byte
    (b"\xbf", 1),
    (b"\xc3", 2),  # lead byte of a two-byte sequence, cut short
    (b"\xe4\xb8", 3),  # three-byte sequence (中) cut short
    (b"\xf0\x9f\x98", 2),  # four-byte sequence (emoji) cut short
    (b"\xc0\xaf", 1),  # overlong '/'
    (b"\xed\xa0\x80", 1),  # encoded surrogate U+D800
    (b"\xf4\x90\x80\x80", 1),  # beyond U+10FFFF
]

ENCODINGS = {  # file suffix -> Python codec
    "utf8": "utf-8",
    "utf16le": "utf-16-le",
    "gbk": "gbk",
    "gb18030": "gb18030",
    "utf7opt": "utf-7",  # Set O written directly: Python's and ICU's UTF-7
}


def cesu8(utf8: bytes) -> bytes:
    """CESU-8 of UTF-8 text: each four-byte sequence as two three-byte surrogates."""
    def pair(m: re.Match) -> bytes:
        c = ord(m.group().decode("utf-8")) - 0x10000
        units = (0xD800 | c >> 10, 0xDC00 | c & 0x3FF)
        return b"".join(bytes([0xE0 | u >> 12, 0x80 | (u >> 6) & 0x3F, 0x80 | u & 0x3F])
                        for u in units)
    return re.sub(rb"[\xf0-\xf4][\x80-\xbf]{3}", pair, utf8)


def converted(tool: list[str], data: bytes) -> bytes:
    """`data` through a converter (a peer, or transcode where the peer is missing)."""
    return subprocess.run(tool, input=data, capture_output=True, check=True).stdout


def load_lexicon() -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current = None
    for raw in LEXICON.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
            continue
        if current is None:
            raise SystemExit(f"{LEXICON}: text before the first [section]")
        current.append(line)
    return {
        "english": " ".join(sections["english"]).split(),
        "hanzi": [c for c in "".join(sections["hanzi"]) if not c.isspace()],
    }


def gb2312_level1() -> list[str]:
    """The 3755 hanzi of GB2312 level 1 (rows B0-D7), in code order."""
    out = []
    for lead in range(0xB0, 0xD8):
        for trail in range(0xA1, 0xFF):
            try:
                out.append(bytes([lead, trail]).decode("gb2312"))
            except UnicodeDecodeError:
                pass  # D7FA-D7FE are unassigned
    return out


def ksx1001_hangul() -> list[str]:
    """The 2350 hangul syllables of KS X 1001 (EUC-KR rows B0-C8), in code order."""
    out = []
    for lead in range(0xB0, 0xC9):
        for trail in range(0xA1, 0xFF):
            try:
                out.append(bytes([lead, trail]).decode("euc_kr"))
            except UnicodeDecodeError:
                pass
    return out


def big5_level1() -> list[str]:
    """The 5401 hanzi of Big5 level 1 (A440-C67E), in code order."""
    out = []
    for lead in range(0xA4, 0xC7):
        for trail in [*range(0x40, 0x7F), *range(0xA1, 0xFF)]:
            if lead == 0xC6 and trail > 0x7E:
                break
            try:
                out.append(bytes([lead, trail]).decode("big5"))
            except UnicodeDecodeError:
                pass
    return out


def cns_plane1(euc_tw: list[str], chars: list[str]) -> list[str]:
    """Those of `chars` that the EUC-TW writer `euc_tw` (a command) writes in two bytes,
    that is, from CNS 11643 plane 1."""
    out = converted(euc_tw, "".join(c + "\n" for c in chars).encode("utf-8")).split(b"\n")
    return [c for c, b in zip(chars, out) if len(b) == 2 and b[0] >= 0xA1]


def zipf_cum_weights(n: int, offset: float, exponent: float = 1.0) -> list[float]:
    """Cumulative Zipf-Mandelbrot weights 1/(rank + offset)^exponent."""
    return list(
        itertools.accumulate(1.0 / (rank + offset) ** exponent for rank in range(1, n + 1))
    )


def wrap(words: list[str], width: int) -> list[str]:
    lines, current, length = [], [], 0
    for w in words:
        if current and length + 1 + len(w) > width:
            lines.append(" ".join(current))
            current, length = [], 0
        length += len(w) + (1 if current else 0)
        current.append(w)
    if current:
        lines.append(" ".join(current))
    return lines


def english_pool(rng: random.Random, words: list[str], n_lines: int) -> list[str]:
    """Lines of English prose, wrapped at about 80 characters, paragraphs separated by
    blank lines."""
    cum = zipf_cum_weights(len(words), 2.7)
    lines: list[str] = []
    while len(lines) < n_lines:
        para: list[str] = []
        for _ in range(rng.randint(2, 8)):
            n = rng.randint(4, 22)
            ws = rng.choices(words, cum_weights=cum, k=n)
            for i in range(n):
                r = rng.random()
                if r < 0.01:
                    ws[i] = str(rng.randint(1, 2024))
                elif r < 0.012:
                    ws[i] = rng.choice(EN_ACCENTED)
                elif r < 0.09 and i < n - 1:
                    ws[i] += ","
            ws[0] = ws[0][:1].upper() + ws[0][1:]
            r = rng.random()
            if r < 0.03:
                ws[0] = "“" + ws[0]
                ws[-1] += rng.choice([".", "?", "!"]) + "”"
            elif r < 0.04:
                ws[-1] += "…"
            else:
                ws[-1] += rng.choices([".", "?", "!", ";"], weights=[85, 8, 4, 3])[0]
            para.extend(ws)
        lines.extend(wrap(para, rng.randint(72, 80)))
        lines.append("")
    return lines[:n_lines]


def chinese_pool(rng: random.Random, hanzi: list[str], n_lines: int,
                 wraps=ZH_WRAPS, units=ZH_UNITS) -> list[str]:
    """Lines (paragraphs) of Chinese prose: frequency-weighted level-1 hanzi in clauses,
    fullwidth punctuation, some ASCII digits."""
    # The most frequent hanzi about 4.5%, the top 1000 about 89%, the top 2500 about 97% of
    # the text, as in counts of modern Chinese.
    cum = zipf_cum_weights(len(hanzi), 5.0, 1.2)
    lines = []
    for _ in range(n_lines):
        target = rng.randint(12, 70)
        parts: list[str] = []
        length = 0
        while length < target:
            clause = "".join(rng.choices(hanzi, cum_weights=cum, k=rng.randint(2, 14)))
            r = rng.random()
            if r < 0.06:
                left, right = rng.choice(wraps)
                clause = left + clause + right
            elif r < 0.11:
                at = rng.randint(0, len(clause))
                number = str(rng.randint(1, 2024)) + rng.choice(units)
                clause = clause[:at] + number + clause[at:]
            length += len(clause) + 1
            end = length >= target or rng.random() < 0.3
            parts.append(clause + (rng.choice(ZH_ENDS) if end else rng.choice(ZH_SEPARATORS)))
        lines.append("".join(parts))
    return lines


def korean_pool(rng: random.Random, syllables: list[str], n_lines: int) -> list[str]:
    """Lines of Korean prose: words of one to five frequency-weighted KS X 1001 syllables
    with spaces between them, ASCII punctuation and some digits, wrapped at about 40
    characters, paragraphs separated by blank lines."""
    cum = zipf_cum_weights(len(syllables), 5.0, 1.1)
    lines: list[str] = []
    while len(lines) < n_lines:
        para: list[str] = []
        for _ in range(rng.randint(1, 6)):
            n = rng.randint(3, 12)
            ws = ["".join(rng.choices(syllables, cum_weights=cum,
                                      k=rng.choices((1, 2, 3, 4, 5), (12, 40, 30, 13, 5))[0]))
                  for _ in range(n)]
            for i in range(n - 1):
                r = rng.random()
                if r < 0.02:
                    ws[i] = str(rng.randint(1, 2024)) + ws[i]
                elif r < 0.10:
                    ws[i] += ","
            ws[-1] += rng.choice(KO_ENDS)
            para.extend(ws)
        lines.extend(wrap(para, rng.randint(36, 44)))
        lines.append("")
    return lines[:n_lines]


def assemble(rng: random.Random, pool: list[str], size: int,
             encodings: dict | None = None) -> dict[str, bytes]:
    """Random lines of `pool` up to about `size` bytes of UTF-8, in every encoding (file
    suffix -> Python codec name, or a function from str to bytes)."""
    encodings = encodings or ENCODINGS
    encoded = {k: [(line + "\n").encode(c) if isinstance(c, str) else c(line + "\n")
                   for line in pool] for k, c in encodings.items()}
    lengths = [len(b) for b in encoded["utf8"]]
    average = sum(lengths) / len(lengths)
    picks: list[int] = []
    total = 0
    while total < size:
        batch = rng.choices(range(len(pool)), k=int((size - total) / average) + 16)
        ends = list(itertools.accumulate(lengths[i] for i in batch))
        take = bisect.bisect_left(ends, size - total) + 1
        picks.extend(batch[:take])
        total += ends[min(take, len(ends)) - 1]
    return {k: b"".join(map(enc.__getitem__, picks)) for k, enc in encoded.items()}


# For the single-byte code pages: the English text with its typographic quotes and ellipsis
# spelled in ASCII (CP437 and EBCDIC have none of them), and a box-drawing-heavy text.
PLAIN = {"“": '"', "”": '"', "…": "..."}
BOX_LIGHT = ("┌", "┐", "└", "┘", "─", "│", "├", "┤", "┬", "┴", "┼")
BOX_DOUBLE = ("╔", "╗", "╚", "╝", "═", "║", "╠", "╣", "╦", "╩", "╬")
SHADES = "░▒▓█▄▀■"


def plain(line: str) -> str:
    for fancy, ascii_ in PLAIN.items():
        line = line.replace(fancy, ascii_)
    return line


# Accented letters ISO 6937 writes with a prefix (é is C2 65), put in for some vowels and
# consonants of the English text: about one letter in twelve.
ACCENTED = {"a": "àáâäå", "e": "éèêë", "i": "íîï", "o": "óôöø", "u": "úùûü", "c": "ç",
            "n": "ñ", "s": "š", "z": "ž"}


def accented(rng: random.Random, line: str) -> str:
    return "".join(rng.choice(ACCENTED[ch]) if ch in ACCENTED and rng.random() < 0.15 else ch
                   for ch in line)


def ibm1047_encoder():
    """UTF-8 text -> IBM1047 bytes, from data/single-byte/IBM1047.txt (Python has no
    cp1047). The text is Latin-1, and IBM1047 holds all of Latin-1, one byte each."""
    table = bytearray(256)
    for line in (ROOT / "data" / "single-byte" / "IBM1047.txt").read_text().splitlines():
        fields = line.split("\t")
        if not line.startswith("#") and len(fields) >= 2 and int(fields[1], 16) < 256:
            table[int(fields[1], 16)] = int(fields[0], 16)
    return lambda text: text.encode("latin-1").translate(bytes(table))


def table_encoder(name: str):
    """(keep, encode) for the code page data/single-byte/NAME.txt: `keep` replaces each
    character the page lacks with a space, `encode` writes the text kept in the page's bytes
    (the new pages of issue 34, which Python lacks)."""
    table = {}
    for line in (ROOT / "data" / "single-byte" / f"{name}.txt").read_text().splitlines():
        fields = line.split("\t")
        if line.startswith("#") or len(fields) < 2 or fields[2:3] == ["decode-only"]:
            continue
        table[chr(int(fields[1], 16))] = int(fields[0], 16)
    keep = lambda line: "".join(c if c in table else " " for c in line)  # noqa: E731
    return keep, lambda text: bytes(table[c] for c in text)


# The pages of issue 34 timed against iconv: an EBCDIC page and an ISO 646 national variant,
# each on the English text less the characters it lacks (a space for each).
NEW_PAGES = {"ibm1153": "IBM1153", "din66003": "DIN_66003"}


def box_pool(rng: random.Random, words: list[str], n_lines: int) -> list[str]:
    """Framed tables and shaded bars, as DOS programs draw them, with words in the cells."""
    lines: list[str] = []
    while len(lines) < n_lines:
        tl, tr, bl, br, h, v, lt, rt, tt, bt, x = rng.choice((BOX_LIGHT, BOX_DOUBLE))
        widths = [rng.randint(6, 16) for _ in range(rng.randint(2, 5))]
        rule = lambda a, m, b: a + m.join(h * w for w in widths) + b  # noqa: E731
        lines.append(rule(tl, tt, tr))
        for row in range(rng.randint(2, 12)):
            cells = [" ".join(rng.choices(words, k=3))[:w].ljust(w) for w in widths]
            lines.append(v + v.join(cells) + v)
            if row % 3 == 2:
                lines.append(rule(lt, x, rt))
        lines.append(rule(bl, bt, br))
        bar = rng.randint(4, 60)
        lines.append(rng.choice(SHADES) * bar + SHADES[0] * (60 - bar) + f" {bar * 5 // 3}%")
    return lines[:n_lines]


def make_dirty(rng: random.Random, clean: bytes) -> bytes:
    """`clean` with ill-formed snippets inserted before ASCII bytes, about DIRTY_RATE of
    the result being ill-formed bytes."""
    snippets = [s for s, _ in DIRTY_SNIPPETS]
    weights = [w for _, w in DIRTY_SNIPPETS]
    mean = sum(len(s) * w for s, w in DIRTY_SNIPPETS) / sum(weights)
    count = max(1, round(len(clean) * DIRTY_RATE / mean))
    positions = sorted(rng.randrange(len(clean)) for _ in range(count))
    chosen = rng.choices(snippets, weights=weights, k=count)
    pieces, last = [], 0
    for at, snippet in zip(positions, chosen):
        while at < len(clean) and clean[at] >= 0x80:
            at += 1  # never inside a multi-byte character
        pieces.append(clean[last:at])
        pieces.append(snippet)
        last = at
    pieces.append(clean[last:])
    return b"".join(pieces)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def producers(tools: dict) -> dict[str, list[str]]:
    """Who writes the corpus files Python has no codec for: glibc's UTF-7 (Set O in base64,
    what transcode's UTF-7 writes), ICU's SCSU, glibc's EUC-TW and glibc's ISO-2022-KR
    (`ESC $ ) C` at the very start, as transcode and ICU write it, where Python's
    iso2022_kr writes it before the first SO); transcode where the peer is missing."""
    return {
        "utf7": ([tools["iconv"], "-f", "UTF-8", "-t", "UTF-7"] if tools["iconv"]
                 else [tools["transcode"], "-s", "-f", "UTF-8", "-t", "UTF-7"]),
        "scsu": ([tools["uconv"], "-f", "UTF-8", "-t", "SCSU"] if tools["uconv"]
                 else [tools["transcode"], "-s", "-f", "UTF-8", "-t", "SCSU"]),
        "euctw": ([tools["iconv"], "-f", "UTF-8", "-t", "EUC-TW"] if tools["iconv"]
                  else [tools["transcode"], "-s", "-f", "UTF-8", "-t", "EUC-TW"]),
        "iso2022kr": ([tools["iconv"], "-f", "UTF-8", "-t", "ISO-2022-KR"] if tools["iconv"]
                      else [tools["transcode"], "-s", "-f", "UTF-8", "-t", "ISO-2022-KR"]),
        # Issue 34: a double-byte EBCDIC page and a charset of accent prefixes.
        "ibm935": ([tools["iconv"], "-f", "UTF-8", "-t", "IBM935"] if tools["iconv"]
                   else [tools["transcode"], "-s", "-f", "UTF-8", "-t", "IBM935"]),
        "iso6937": ([tools["iconv"], "-f", "UTF-8", "-t", "ISO_6937"] if tools["iconv"]
                    else [tools["transcode"], "-s", "-f", "UTF-8", "-t", "ISO_6937"]),
    }


def generate_corpus(corpus: Path, size_mb: float, force: bool, tools: dict) -> dict:
    """Writes the corpus unless an up-to-date one is there; returns the manifest."""
    manifest_path = corpus / "manifest.json"
    key = {"generator": GENERATOR_VERSION, "seed": SEED, "size_mb": size_mb}
    made_by = producers(tools)
    key["made_by"] = {k: Path(v[0]).name for k, v in made_by.items()}
    key["lexicon_sha256"] = sha256(LEXICON.read_bytes())
    if manifest_path.exists() and not force:
        old = json.loads(manifest_path.read_text())
        if old.get("key") == key and all(
            (corpus / name).is_file() and (corpus / name).stat().st_size == f["bytes"]
            for name, f in old["files"].items()
        ):
            log(f"corpus: reusing {corpus} ({size_mb:g} MB)")
            return old
    started = time.perf_counter()
    corpus.mkdir(parents=True, exist_ok=True)
    if manifest_path.exists():
        manifest_path.unlink()
    size = int(size_mb * 1_000_000)
    lexicon = load_lexicon()
    level1 = gb2312_level1()
    head = [c for c in dict.fromkeys(lexicon["hanzi"]) if c in set(level1)]
    tail = sorted(set(level1) - set(head))
    random.Random(SEED + 1).shuffle(tail)
    hanzi = head + tail

    files: dict[str, bytes] = {}
    rng = random.Random(SEED)
    en = assemble(rng, english_pool(rng, lexicon["english"], 30_000), size)
    rng = random.Random(SEED + 2)
    # The Chinese text is all GB2312, so HZ (RFC 1843) can carry it too.
    zh = assemble(rng, chinese_pool(rng, hanzi, 30_000), size, dict(ENCODINGS, hz="hz"))
    for k in ENCODINGS:
        files[f"en.{k}"] = en[k]
        files[f"zh.{k}"] = zh[k]
    files["zh.hz"] = zh["hz"]
    # Korean: KS X 1001 hangul. ISO-2022-KR has its `ESC $ ) C` once at the start, so the
    # whole text is encoded at once, not line by line.
    syllables = ksx1001_hangul()
    head = [c for c in dict.fromkeys(KO_FREQUENT) if c in set(syllables)]
    tail = sorted(set(syllables) - set(head))
    random.Random(SEED + 7).shuffle(tail)
    rng = random.Random(SEED + 6)
    ko = assemble(rng, korean_pool(rng, head + tail, 30_000), size, {"utf8": "utf-8"})
    files["ko.utf8"] = ko["utf8"]
    files["ko.iso2022kr"] = converted(made_by["iso2022kr"], ko["utf8"])
    # Traditional Chinese: the hanzi of Big5 level 1 that are in CNS 11643 plane 1 (all but
    # one), the lexicon's frequent ones first, the others in a fixed shuffled order.
    common = cns_plane1(made_by["euctw"], big5_level1())
    head = [c for c in dict.fromkeys(lexicon["hanzi"]) if c in set(common)]
    tail = sorted(set(common) - set(head))
    random.Random(SEED + 9).shuffle(tail)
    rng = random.Random(SEED + 8)
    tw = assemble(rng, chinese_pool(rng, head + tail, 30_000, TW_WRAPS, TW_UNITS), size,
                  {"utf8": "utf-8", "big5hkscs": "big5hkscs"})
    files["tw.utf8"] = tw["utf8"]
    files["tw.big5hkscs"] = tw["big5hkscs"]
    files["tw.euctw"] = converted(made_by["euctw"], tw["utf8"])
    rng = random.Random(SEED + 4)
    words = lexicon["english"]
    pc = {"utf8": "utf-8", "cp437": "cp437", "ibm1047": ibm1047_encoder()}
    pool = [plain(line) for line in english_pool(rng, words, 30_000)]
    for k, data in assemble(rng, pool, size, pc).items():
        files[f"enpc.{k}"] = data
    for short, page in NEW_PAGES.items():
        keep, encode = table_encoder(page)
        rng = random.Random(SEED + 4)
        kept = [keep(line) for line in english_pool(rng, words, 30_000)]
        for k, data in assemble(rng, [plain(line) for line in kept], size,
                                {"utf8": "utf-8", short: encode}).items():
            files[f"en{short}.{k}"] = data
    rng = random.Random(SEED + 5)
    for k, data in assemble(rng, box_pool(rng, words, 30_000), size,
                            {"utf8": "utf-8", "cp437": "cp437"}).items():
        files[f"box.{k}"] = data
    for lang, text in (("en", en["utf8"]), ("zh", zh["utf8"])):
        files[f"{lang}.cesu8"] = cesu8(text)
        files[f"{lang}.utf7"] = converted(made_by["utf7"], text)
        files[f"{lang}.scsu"] = converted(made_by["scsu"], text)
    dirty = make_dirty(random.Random(SEED + 3), en["utf8"])
    files["en.dirty.utf8"] = dirty
    # Chinese in a double-byte EBCDIC page (each line SO ... SI); English with accented
    # letters (written with accent prefixes in ISO 6937).
    files["zh.ibm935"] = converted(made_by["ibm935"], zh["utf8"])
    rng = random.Random(SEED + 10)
    pool = [accented(rng, plain(line)) for line in english_pool(rng, words, 30_000)]
    files["eu.utf8"] = assemble(rng, pool, size, {"utf8": "utf-8"})["utf8"]
    files["eu.iso6937"] = converted(made_by["iso6937"], files["eu.utf8"])

    # What the error policies must produce from the dirty file (UTF-16LE), from Python.
    expected = {
        "en.dirty.replace.utf8": dirty.decode("utf-8", "replace").encode("utf-8"),
        "en.dirty.ignore.utf8": dirty.decode("utf-8", "ignore").encode("utf-8"),
        "en.dirty.replace.utf16le": dirty.decode("utf-8", "replace").encode("utf-16-le"),
        "en.dirty.escape.utf16le": dirty.decode("utf-8", "surrogateescape").encode(
            "utf-16-le", "surrogatepass"
        ),
        "en.dirty.ignore.utf16le": dirty.decode("utf-8", "ignore").encode("utf-16-le"),
    }
    manifest = {
        "key": key,
        "files": {},
        "expected": {name: {"sha256": sha256(b)} for name, b in expected.items()},
        "dirty_ill_formed_bytes": len(dirty) - len(en["utf8"]),
    }
    for name, data in sorted(files.items()):
        (corpus / name).write_bytes(data)
        manifest["files"][name] = {"bytes": len(data), "sha256": sha256(data)}
    manifest_path.write_text(json.dumps(manifest, indent=2) + "\n")
    log(f"corpus: generated {corpus} in {time.perf_counter() - started:.1f} s")
    for name, f in manifest["files"].items():
        log(f"  {name:16} {f['bytes']:>12,} bytes  sha256 {f['sha256'][:16]}")
    return manifest


# ---------------------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------------------


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def apt_install(package: str) -> bool:
    if not shutil.which("apt-get"):
        return False
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    cmd = ["apt-get", "install", "-y", "-q", package]
    if os.geteuid() != 0:
        if not shutil.which("sudo"):
            return False
        cmd = ["sudo", "-n"] + cmd
    log(f"installing {package}: {' '.join(cmd)}")
    if subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL).returncode == 0:
        return True
    log("install failed; running apt-get update and trying again")
    subprocess.run(cmd[:-4] + ["update", "-q"], env=env, stdout=subprocess.DEVNULL)
    return subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL).returncode == 0


def ensure(program: str, package: str, allow_install: bool) -> str | None:
    found = shutil.which(program)
    if found is None and allow_install:
        apt_install(package)
        found = shutil.which(program)
    if found is None:
        log(f"warning: {program} is missing (package {package}); reported as missing")
    return found


def build_transcode() -> Path:
    """The release binary (pkg/build-release: statically linked on glibc)."""
    log("pkg/build-release")
    path = release.build(ROOT)
    if path is None:
        raise SystemExit("pkg/build-release failed")
    return path


def output_of(argv: list[str]) -> str:
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        return (r.stdout or r.stderr).strip()
    except (OSError, subprocess.TimeoutExpired):
        return ""


def machine_info(tools: dict[str, str | None], transcode: Path) -> dict:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    commit = output_of(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"])
    dirty = output_of(["git", "-C", str(ROOT), "status", "--porcelain", "--", "src", "Cargo.toml"])
    versions = {
        "transcode": output_of([str(transcode), "--version"]),
        "rustc": output_of(["rustc", "--version"]),
        "iconv": output_of([tools["iconv"], "--version"]).splitlines()[0] if tools["iconv"] else None,
        "uconv": output_of([tools["uconv"], "--version"]) if tools["uconv"] else None,
        "cat": output_of(["cat", "--version"]).splitlines()[0],
        "python": platform.python_version(),
    }
    return {
        "nproc": output_of(["nproc"]) or str(os.cpu_count()),
        "cpu": cpu,
        "memory": mem,
        "kernel": f"{platform.system()} {platform.release()}",
        "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"),
        "commit": commit + (" (with uncommitted changes)" if dirty else ""),
        "taskset": tools.get("taskset") is not None,
        "versions": versions,
        "linking": release.linking(transcode),
    }


# ---------------------------------------------------------------------------------------
# Pairs and commands
# ---------------------------------------------------------------------------------------

PEERS = ["cat", "transcode", "iconv", "uconv"]


def pair(pid, label, src, frm, to, expect, target, **extra):
    return dict(id=pid, label=label, input=src, frm=frm, to=to, expect=expect,
                target=target, **extra)


PAIRS = [
    pair("utf8-utf8-en", "UTF-8 → UTF-8 (validate), English", "en.utf8", "UTF-8", "UTF-8",
         "en.utf8", ("cat", 0.90)),
    pair("utf8-utf8-zh", "UTF-8 → UTF-8 (validate), Chinese", "zh.utf8", "UTF-8", "UTF-8",
         "zh.utf8", ("cat", 0.60)),
    pair("utf8-utf16le-en", "UTF-8 → UTF-16LE, English", "en.utf8", "UTF-8", "UTF-16LE",
         "en.utf16le", ("cat", 0.55)),
    pair("utf8-utf16le-zh", "UTF-8 → UTF-16LE, Chinese", "zh.utf8", "UTF-8", "UTF-16LE",
         "zh.utf16le", ("iconv", 2.3)),
    pair("utf16le-utf8-en", "UTF-16LE → UTF-8, English", "en.utf16le", "UTF-16LE", "UTF-8",
         "en.utf8", ("cat", 0.70)),
    pair("utf16le-utf8-zh", "UTF-16LE → UTF-8, Chinese", "zh.utf16le", "UTF-16LE", "UTF-8",
         "zh.utf8", ("iconv", 1.8)),
    pair("gbk-utf8-zh", "GBK → UTF-8, Chinese", "zh.gbk", "GBK", "UTF-8", "zh.utf8",
         ("iconv", 1.5)),
    pair("utf8-gbk-zh", "UTF-8 → GBK, Chinese", "zh.utf8", "UTF-8", "GBK", "zh.gbk",
         ("iconv", 1.0)),
    pair("gb18030-utf8-zh", "GB18030 → UTF-8, Chinese", "zh.gb18030", "GB18030", "UTF-8",
         "zh.utf8", ("iconv", 1.5)),
    pair("utf8-gb18030-zh", "UTF-8 → GB18030, Chinese", "zh.utf8", "UTF-8", "GB18030",
         "zh.gb18030", ("iconv", 1.0)),
    # Single-byte code pages (issue 18): English with ASCII quotes, and box drawing.
    pair("cp437-utf8-en", "CP437 → UTF-8, English", "enpc.cp437", "CP437", "UTF-8",
         "enpc.utf8", ("iconv", 3.0)),
    pair("utf8-cp437-en", "UTF-8 → CP437, English", "enpc.utf8", "UTF-8", "CP437",
         "enpc.cp437", ("iconv", 3.0)),
    pair("cp437-utf8-box", "CP437 → UTF-8, box drawing", "box.cp437", "CP437", "UTF-8",
         "box.utf8", ("iconv", 3.0)),
    pair("utf8-cp437-box", "UTF-8 → CP437, box drawing", "box.utf8", "UTF-8", "CP437",
         "box.cp437", ("iconv", 3.0)),
    pair("ibm1047-utf8-en", "IBM1047 → UTF-8, English", "enpc.ibm1047", "IBM1047", "UTF-8",
         "enpc.utf8", ("iconv", 3.0)),
    pair("utf8-ibm1047-en", "UTF-8 → IBM1047, English", "enpc.utf8", "UTF-8", "IBM1047",
         "enpc.ibm1047", ("iconv", 3.0)),
    # Pages of issue 34: an EBCDIC page and an ISO 646 national variant, both ways.
    *[p for key, page in NEW_PAGES.items() for p in (
        pair(f"{key}-utf8-en", f"{page} → UTF-8, English", f"en{key}.{key}", page, "UTF-8",
             f"en{key}.utf8", ("iconv", 3.0)),
        pair(f"utf8-{key}-en", f"UTF-8 → {page}, English", f"en{key}.utf8", "UTF-8", page,
             f"en{key}.{key}", ("iconv", 3.0)))],
    # The Unicode transformation formats: at least as fast as the faster of the peers that
    # have the format (iconv has UTF-7 but not CESU-8 or SCSU; uconv has all three). The
    # corpora have no supplementary characters, so their CESU-8 is their UTF-8 byte for byte:
    # the CESU-8 rows time the validation of three-byte text, not surrogate pairs.
    *[pair(f"utf8-utf7-{lang}", f"UTF-8 → UTF-7, {name}", f"{lang}.utf8", "UTF-8", "UTF-7",
           f"{lang}.utf7", ("fastest-peer", 1.0), uconv_expect=f"{lang}.utf7opt",
           uconv_note="ICU writes Set O directly, as transcode's UTF-7-OPTIONAL does")
      for lang, name in (("en", "English"), ("zh", "Chinese"))],
    *[pair(f"utf7-utf8-{lang}", f"UTF-7 → UTF-8, {name}", f"{lang}.utf7", "UTF-7", "UTF-8",
           f"{lang}.utf8", ("fastest-peer", 1.0))
      for lang, name in (("en", "English"), ("zh", "Chinese"))],
    *[pair(f"cesu8-utf8-{lang}", f"CESU-8 → UTF-8, {name}", f"{lang}.cesu8", "CESU-8",
           "UTF-8", f"{lang}.utf8", ("fastest-peer", 1.0),
           iconv_args=None, iconv_note="glibc iconv has no CESU-8")
      for lang, name in (("en", "English"), ("zh", "Chinese"))],
    *[pair(f"utf8-cesu8-{lang}", f"UTF-8 → CESU-8, {name}", f"{lang}.utf8", "UTF-8",
           "CESU-8", f"{lang}.cesu8", ("fastest-peer", 1.0),
           iconv_args=None, iconv_note="glibc iconv has no CESU-8")
      for lang, name in (("en", "English"), ("zh", "Chinese"))],
    *[pair(f"scsu-utf8-{lang}", f"SCSU → UTF-8, {name}", f"{lang}.scsu", "SCSU", "UTF-8",
           f"{lang}.utf8", ("fastest-peer", 1.0),
           iconv_args=None, iconv_note="glibc iconv has no SCSU")
      for lang, name in (("en", "English"), ("zh", "Chinese"))],
    # The Chinese corpus is all GB2312 (level-1 hanzi, GB2312 punctuation), so its GBK file
    # is its GB2312 file too.
    pair("gb2312-utf8-zh", "GB2312 → UTF-8, Chinese", "zh.gbk", "GB2312", "UTF-8", "zh.utf8",
         ("iconv", 1.5)),
    pair("utf8-gb2312-zh", "UTF-8 → GB2312, Chinese", "zh.utf8", "UTF-8", "GB2312", "zh.gbk",
         ("iconv", 1.0)),
    # The CJK charsets of issue 17, both ways: at least 1.5x glibc iconv; glibc has no HZ, so
    # that one is held to 1.5x the faster peer that has it (uconv). Korean (ko.*) is KS X 1001
    # hangul, traditional Chinese (tw.*) hanzi of Big5 level 1 and CNS 11643 plane 1.
    *[pair(f"{frm_id}-{to_id}-{lang}", f"{frm} → {to}, {name}", f"{lang}.{src}", frm, to,
           f"{lang}.{dst}", target, **extra)
      for (cs_id, cs, suffix, lang, name, target, extra) in (
          ("hz", "HZ", "hz", "zh", "Chinese", ("fastest-peer", 1.5),
           dict(iconv_args=None, iconv_note="glibc iconv has no HZ")),
          ("iso2022kr", "ISO-2022-KR", "iso2022kr", "ko", "Korean", ("iconv", 1.5), {}),
          ("euctw", "EUC-TW", "euctw", "tw", "traditional Chinese", ("iconv", 1.5), {}),
          ("big5hkscs", "Big5-HKSCS", "big5hkscs", "tw", "traditional Chinese",
           ("iconv", 1.5), {}),
          # Issue 34: a double-byte EBCDIC page and ISO 6937, at least 1.5x iconv.
          ("ibm935", "IBM935", "ibm935", "zh", "Chinese", ("iconv", 1.5), {}),
          ("iso6937", "ISO_6937", "iso6937", "eu", "accented English", ("iconv", 1.5), {}))
      for (frm_id, frm, src, to_id, to, dst) in (
          (cs_id, cs, suffix, "utf8", "UTF-8", "utf8"),
          ("utf8", "UTF-8", "utf8", cs_id, cs, suffix))],
    # Error policies on the dirty file, against cat and against strict on the clean file
    # (same text, same target: "strict-clean", timed in the same rounds).
    pair("dirty-replace-utf8-en", "UTF-8 → UTF-8, dirty English, --errors replace",
         "en.dirty.utf8", "UTF-8", "UTF-8", "en.dirty.replace.utf8", ("cat", 0.60),
         clean=("en.utf8", "en.utf8"),
         transcode_args=["--errors", "replace"],
         iconv_args=["-c"], iconv_expect="en.dirty.ignore.utf8",
         iconv_note="iconv -c drops ill-formed bytes instead of replacing them, and to UTF-8 "
         "lets sequences above U+10FFFF (F4 90 80 80) through, so its output is not UTF-8",
         uconv_args=["--callback", "substitute"]),
    pair("dirty-escape-utf8-en", "UTF-8 → UTF-8, dirty English, --errors escape",
         "en.dirty.utf8", "UTF-8", "UTF-8", "en.dirty.utf8", ("cat", 0.60),
         clean=("en.utf8", "en.utf8"),
         transcode_args=["--errors", "escape"],
         iconv_args=None, iconv_note="glibc iconv has no lossless escape",
         uconv_args=None, uconv_note="uconv's escape callbacks write text (%XFF, \\xFF), "
         "not the bytes back"),
    pair("dirty-replace-en", "UTF-8 → UTF-16LE, dirty English, --errors replace",
         "en.dirty.utf8", "UTF-8", "UTF-16LE", "en.dirty.replace.utf16le",
         ("strict-clean", 0.85), clean=("en.utf8", "en.utf16le"),
         transcode_args=["--errors", "replace"],
         iconv_args=["-c"], iconv_expect="en.dirty.ignore.utf16le",
         iconv_note="iconv -c drops ill-formed bytes instead of replacing them",
         uconv_args=["--callback", "substitute"]),
    pair("dirty-escape-en", "UTF-8 → UTF-16LE, dirty English, --errors escape",
         "en.dirty.utf8", "UTF-8", "UTF-16LE", "en.dirty.escape.utf16le",
         ("strict-clean", 0.85), clean=("en.utf8", "en.utf16le"),
         transcode_args=["--errors", "escape"],
         iconv_args=None, iconv_note="glibc iconv has no lossless escape",
         uconv_args=None, uconv_note="uconv's escape callbacks write text (%XFF, \\xFF), "
         "not U+DC80..U+DCFF"),
    # Normalization of text that is already NFC (the corpus is): it must come out as it went
    # in, at a good fraction of cat's speed.
    pair("nfc-en", "UTF-8 → UTF-8 --normalize nfc, English (already NFC)", "en.utf8", "UTF-8",
         "UTF-8", "en.utf8", ("cat", 0.50), transcode_args=["--normalize", "nfc"],
         iconv_args=None, iconv_note="glibc iconv does not normalize",
         uconv_args=["-x", "Any-NFC"]),
    pair("nfc-zh", "UTF-8 → UTF-8 --normalize nfc, Chinese (already NFC)", "zh.utf8", "UTF-8",
         "UTF-8", "zh.utf8", ("cat", 0.50), transcode_args=["--normalize", "nfc"],
         iconv_args=None, iconv_note="glibc iconv does not normalize",
         uconv_args=["-x", "Any-NFC"]),
]

# The legacy Chinese pairs again on one core: every command pinned to CPU 0 (taskset), and
# transcode told -j 1. "twin" names the row with every core, for the scaling table.
ONE_CORE_TARGETS = {
    "gbk-utf8-zh": 3.0, "utf8-gbk-zh": 3.0, "gb18030-utf8-zh": 2.5, "utf8-gb18030-zh": 2.5,
    "gb2312-utf8-zh": 2.5, "utf8-gb2312-zh": 2.5,
}
PAIRS += [
    dict(p, id=p["id"] + "-1core", label=p["label"] + ", one core",
         target=("iconv", ONE_CORE_TARGETS[p["id"]]), one_core=True, twin=p["id"])
    for p in list(PAIRS) if p["id"] in ONE_CORE_TARGETS
]
# With every core, a large file should convert at least this many times as fast as on one.
SCALING_TARGET = 1.7


def commands_for(p: dict, tools: dict, corpus: Path) -> dict[str, dict]:
    """name -> {argv, expect, ok_codes, note} (argv None: not applicable or missing)."""
    src = str(corpus / p["input"])
    one_core = p.get("one_core", False)
    pin = [tools["taskset"], "-c", "0"] if one_core and tools.get("taskset") else []
    jobs = ["-j", "1"] if one_core else []
    cmds: dict[str, dict] = {}
    cmds["cat"] = dict(argv=[*pin, tools["cat"], src], expect=p["input"], ok=(0,))
    cmds["transcode"] = dict(
        argv=[*pin, tools["transcode"], "-s", *jobs, "-f", p["frm"], "-t", p["to"],
              *p.get("transcode_args", []), src],
        expect=p["expect"], ok=(0,))
    if one_core:
        # The same conversion on every core, timed in the same rounds, for the scaling
        # table: on a shared machine the speed of a core moves by tens of per cent over
        # minutes, so rows timed minutes apart do not make a ratio.
        cmds["transcode-every-core"] = dict(
            argv=[tools["transcode"], "-s", "-f", p["frm"], "-t", p["to"],
                  *p.get("transcode_args", []), src],
            expect=p["expect"], ok=(0,))
    for peer in ("iconv", "uconv"):
        args = p.get(f"{peer}_args", [])
        note = p.get(f"{peer}_note")
        if args is None:
            cmds[peer] = dict(argv=None, status="n/a", note=note)
        elif tools[peer] is None:
            cmds[peer] = dict(argv=None, status="missing", note=f"{peer} is not installed")
        else:
            # iconv -c exits 1 on older glibc when it dropped something.
            ok = (0, 1) if args == ["-c"] else (0,)
            cmds[peer] = dict(argv=[*pin, tools[peer], *args, "-f", p["frm"], "-t", p["to"], src],
                              expect=p.get(f"{peer}_expect", p["expect"]), ok=ok, note=note)
    if "clean" in p:
        clean, expect = p["clean"]
        cmds["strict-clean"] = dict(
            argv=[*pin, tools["transcode"], "-s", *jobs, "-f", p["frm"], "-t", p["to"],
                  str(corpus / clean)],
            expect=expect, ok=(0,), input=clean)
    return cmds


def hash_output(argv: list[str]) -> tuple[str, int, int, str]:
    """Runs argv, returning (sha256 of stdout, bytes, exit code, stderr head)."""
    h = hashlib.sha256()
    n = 0
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=err)
        assert proc.stdout is not None
        while chunk := proc.stdout.read(1 << 20):
            h.update(chunk)
            n += len(chunk)
        code = proc.wait()
        err.seek(0)
        message = err.read(2000).decode("utf-8", "replace").strip()
    return h.hexdigest(), n, code, message


def expected_sha(manifest: dict, name: str) -> str:
    if name in manifest["files"]:
        return manifest["files"][name]["sha256"]
    return manifest["expected"][name]["sha256"]


def time_once(argv: list[str], devnull) -> tuple[float, int]:
    started = time.perf_counter()
    r = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=devnull,
                       stderr=subprocess.DEVNULL)
    return time.perf_counter() - started, r.returncode


def recache(path: Path) -> None:
    """Drops `path` from the page cache and reads it back, so that its cached pages are
    as fresh as any other input's (see step 3 of the module docs)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        if hasattr(os, "posix_fadvise"):
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        while os.read(fd, 1 << 20):
            pass
    finally:
        os.close(fd)


def run_pair(p: dict, tools: dict, corpus: Path, manifest: dict, runs: int) -> dict:
    cmds = commands_for(p, tools, corpus)
    input_bytes = manifest["files"][p["input"]]["bytes"]
    log(f"\n{p['label']}  ({p['input']}, {input_bytes / 1e6:.1f} MB)")
    for name in {p["input"], *(c["input"] for c in cmds.values() if "input" in c)}:
        recache(corpus / name)
    # Check every output once (this also warms the page cache).
    for name, c in cmds.items():
        if c["argv"] is None:
            log(f"  {name:12} {c['status']}: {c.get('note') or ''}")
            continue
        digest, size, code, message = hash_output(c["argv"])
        want = expected_sha(manifest, c["expect"])
        c["output_bytes"] = size
        c["exit_code"] = code
        c["output_ok"] = digest == want and code in c["ok"]
        c["status"] = "ok" if c["output_ok"] else "output differs"
        if not c["output_ok"]:
            c["detail"] = (f"exit {code}, {size} bytes, sha256 {digest[:16]} "
                           f"(expected {c['expect']} sha256 {want[:16]})"
                           + (f": {message[:300]}" if message else ""))
            log(f"  {name:12} OUTPUT DIFFERS: {c['detail']}")
        else:
            log(f"  {name:12} output ok ({size:,} bytes)")
    timed = [n for n, c in cmds.items() if c["argv"] is not None]
    times: dict[str, list[float]] = {n: [] for n in timed}
    with open(os.devnull, "wb") as devnull:
        for _ in range(runs):
            for name in timed:
                seconds, code = time_once(cmds[name]["argv"], devnull)
                if code not in cmds[name]["ok"]:
                    cmds[name]["timing_exit_code"] = code
                times[name].append(seconds)
    for name in timed:
        c = cmds[name]
        c["times_s"] = [round(t, 6) for t in times[name]]
        c["median_s"] = statistics.median(times[name])
        nbytes = manifest["files"][c.get("input", p["input"])]["bytes"]
        c["mbps"] = nbytes / 1e6 / c["median_s"]
    summary = "  ".join(f"{n} {cmds[n]['mbps']:.0f}" for n in timed)
    log(f"  MB/s: {summary}")

    def mbps(name: str) -> float | None:
        c = cmds.get(name)
        return c.get("mbps") if c else None

    t = mbps("transcode")
    ratios = {}
    for ref in ("cat", "iconv", "uconv", "strict-clean"):
        r = mbps(ref)
        if t and r:
            ratios[ref] = t / r
    peers = [mbps(n) for n in ("iconv", "uconv") if mbps(n)]
    if t and peers:
        ratios["fastest-peer"] = t / max(peers)
    ref, need = p["target"]
    have = ratios.get(ref)
    met = None if have is None else have >= need
    transcode_ok = cmds["transcode"].get("output_ok", False)
    if not transcode_ok:
        met = False
    same_as_iconv = None
    ic = cmds.get("iconv", {})
    if ic.get("argv") and ic.get("expect") == cmds["transcode"]["expect"]:
        same_as_iconv = bool(ic.get("output_ok")) and transcode_ok
    return dict(id=p["id"], label=p["label"], input=p["input"], input_bytes=input_bytes,
                one_core=p.get("one_core", False), twin=p.get("twin"),
                commands={n: {k: v for k, v in c.items()} for n, c in cmds.items()},
                ratios=ratios, target={"versus": ref, "ratio": need, "actual": have, "met": met},
                transcode_output_ok=transcode_ok, transcode_equals_iconv=same_as_iconv)


# ---------------------------------------------------------------------------------------
# Many small files
# ---------------------------------------------------------------------------------------

SMALL_DIRS = 20


def make_small_tree(corpus: Path, root: Path, count: int, kb: float) -> tuple[bytes, bytes]:
    """Writes `count` files of about `kb` KB of Chinese GBK, cut at line ends, into
    SMALL_DIRS folders under `root`; returns all their bytes and their UTF-8, in path order."""
    data = (corpus / "zh.gbk").read_bytes()
    size = max(16, int(kb * 1000))
    if root.exists():
        shutil.rmtree(root)
    pieces, pos = [], 0
    for i in range(count):
        if pos + size >= len(data):
            pos = 0
        cut = data.rfind(b"\n", pos, pos + size) + 1
        cut = cut if cut > pos else pos + size
        pieces.append(data[pos:cut])
        pos = cut
    for i, piece in enumerate(pieces):
        folder = root / f"d{i % SMALL_DIRS:02}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"f{i:05}.txt").write_bytes(piece)
    files = sorted(root.rglob("*.txt"))
    gbk = b"".join(f.read_bytes() for f in files)
    return gbk, gbk.decode("gbk").encode("utf-8")


def tree_digest(root: Path) -> str:
    h = hashlib.sha256()
    for f in sorted(p for p in root.rglob("*") if p.is_file()):
        h.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def run_small_files(tools: dict, corpus: Path, where: Path, count: int, kb: float,
                    runs: int) -> dict:
    """Times converting a tree of small GBK files to UTF-8 in place (see step 5)."""
    pristine, work = where / "pristine", where / "work"
    gbk, _ = make_small_tree(corpus, pristine, count, kb)
    # The expected tree: the same files, each converted on its own.
    expected_root = where / "expected"
    if expected_root.exists():
        shutil.rmtree(expected_root)
    shutil.copytree(pristine, expected_root)
    for f in expected_root.rglob("*.txt"):
        f.write_bytes(f.read_bytes().decode("gbk").encode("utf-8"))
    want = tree_digest(expected_root)
    cores = output_of(["nproc"]) or str(os.cpu_count() or 1)
    one = 'iconv -f GBK -t UTF-8 "$f" > "$f.tmp" && mv "$f.tmp" "$f" || exit 1'
    cmds = {
        "transcode": [tools["transcode"], "-s", "-f", "GBK", "-t", "UTF-8", "-r", "-i",
                      str(work)],
    }
    if tools["iconv"]:
        cmds["iconv loop"] = ["sh", "-c", f'for f in "$1"/*/*; do {one}; done', "sh",
                              str(work)]
        cmds[f"iconv, xargs -P {cores}"] = [
            "sh", "-c", 'find "$1" -type f -print0 | xargs -0 -P "$2" -n 50 sh -c '
            f"'for f; do {one}; done' sh", "sh", str(work), cores]
    log(f"\nmany small files: {count} files, {len(gbk) / 1e6:.2f} MB of GBK, in place to UTF-8")
    result = {"files": count, "bytes": len(gbk), "commands": {}}

    def fresh() -> None:
        if work.exists():
            shutil.rmtree(work)
        shutil.copytree(pristine, work)

    for name, argv in cmds.items():
        fresh()
        code = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode
        ok = code == 0 and tree_digest(work) == want
        result["commands"][name] = {"argv": argv, "exit_code": code, "output_ok": ok,
                                    "times_s": []}
        log(f"  {name:22} {'output ok' if ok else 'OUTPUT DIFFERS (exit %d)' % code}")
    with open(os.devnull, "wb") as devnull:
        for _ in range(runs):
            for name, argv in cmds.items():
                fresh()
                seconds, _ = time_once(argv, devnull)
                result["commands"][name]["times_s"].append(round(seconds, 6))
    for name, c in result["commands"].items():
        c["median_s"] = statistics.median(c["times_s"])
        c["mbps"] = len(gbk) / 1e6 / c["median_s"]
        c["files_per_s"] = count / c["median_s"]
    summary = "  ".join(f"{n} {c['median_s'] * 1000:.0f} ms" for n, c in result["commands"].items())
    log(f"  median: {summary}")
    shutil.rmtree(where, ignore_errors=True)
    return result


# ---------------------------------------------------------------------------------------
# Peak RSS on a stream
# ---------------------------------------------------------------------------------------


def stream_rss(name: str, argv: list[str], data: bytes, total: int, gnu_time: str | None,
               what: str) -> dict:
    """Pipes `total` bytes (repeats of `data`, cut at a line end) into argv's stdin and
    measures its peak RSS."""
    wrapped = [gnu_time, "-v", *argv] if gnu_time else argv
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = subprocess.Popen(wrapped, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                stderr=err)
        assert proc.stdin is not None
        sent = 0
        view = memoryview(data)
        try:
            while sent < total:
                left = total - sent
                if left >= len(view):
                    chunk = view
                else:
                    cut = data.rfind(b"\n", 0, left) + 1
                    if cut <= 0:
                        break
                    chunk = view[:cut]
                proc.stdin.write(chunk)
                sent += len(chunk)
                if len(chunk) < len(view):
                    break
            proc.stdin.close()
        except BrokenPipeError:
            pass
        if gnu_time:
            code = proc.wait()
            ru_kib = None
        else:
            _, status, usage = os.wait4(proc.pid, 0)
            code = os.waitstatus_to_exitcode(status)
            proc.returncode = code
            ru_kib = usage.ru_maxrss
        seconds = time.perf_counter() - started
        err.seek(0)
        report = err.read().decode("utf-8", "replace")
    kib = ru_kib
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report)
    if m:
        kib = int(m.group(1))
    m = re.search(r"Exit status: (\d+)", report)
    if m:
        code = int(m.group(1))
    result = dict(command=name, input=what, argv=argv, bytes=sent, exit_code=code,
                  max_rss_kib=kib, seconds=seconds, mbps=sent / 1e6 / seconds,
                  method="/usr/bin/time -v" if gnu_time else "wait4 ru_maxrss")
    if name.startswith("transcode") and kib is not None:
        result["target_mib"] = RSS_TARGET_MIB
        result["met"] = kib / 1024 <= RSS_TARGET_MIB and code == 0
    log(f"  {name:10} peak RSS {kib / 1024 if kib else float('nan'):7.2f} MiB, exit {code}, "
        f"{result['mbps']:.0f} MB/s")
    return result


def run_streams(tools: dict, corpus: Path, gb: float, gnu_time: str | None) -> list[dict]:
    total = int(gb * 1e9)
    en = (corpus / "en.utf8").read_bytes()
    zh = (corpus / "zh.gbk").read_bytes()
    log(f"\npeak RSS: {total / 1e9:g} GB through stdin: English UTF-8 → UTF-16LE, "
        "Chinese GBK → UTF-8")
    en_utf16 = ["-f", "UTF-8", "-t", "UTF-16LE"]
    plans = [
        ("transcode", en, "English UTF-8 → UTF-16LE", [tools["transcode"], "-s", *en_utf16]),
        ("iconv", en, "English UTF-8 → UTF-16LE",
         [tools["iconv"], *en_utf16] if tools["iconv"] else None),
        ("uconv", en, "English UTF-8 → UTF-16LE",
         [tools["uconv"], *en_utf16] if tools["uconv"] else None),
        ("cat", en, "English UTF-8", [tools["cat"]]),
        ("transcode", zh, "Chinese GBK → UTF-8",
         [tools["transcode"], "-s", "-f", "GBK", "-t", "UTF-8"]),
    ]
    out = []
    for name, data, what, argv in plans:
        if argv is None:
            out.append(dict(command=name, input=what, argv=None, status="missing"))
            continue
        out.append(stream_rss(name, argv, data, total, gnu_time, what))
    return out


# ---------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------


def fmt_mbps(c: dict | None) -> str:
    if not c:
        return "–"
    if c.get("argv") is None:
        return c.get("status", "n/a")
    text = f"{c['mbps']:,.0f}" if c["mbps"] >= 100 else f"{c['mbps']:.1f}"
    if not c.get("output_ok"):
        text += " (output differs)"
    return text


def fmt_ratio(x: float | None) -> str:
    return "–" if x is None else f"{x:.2f}×"


def target_text(r: dict) -> str:
    t = r["target"]
    ref = {"cat": "cat", "iconv": "iconv", "strict-clean": "strict on clean",
           "fastest-peer": "the faster peer"}[t["versus"]]
    text = f"≥ {t['ratio']:.2f}× {ref}"
    sc = r["commands"].get("strict-clean", {})
    if sc.get("mbps") and t["versus"] == "strict-clean":
        text += f" ({sc['mbps']:,.0f} MB/s): {fmt_ratio(t['actual'])}"
    if t["versus"] == "fastest-peer":
        text += f": {fmt_ratio(t['actual'])}"
    elif sc.get("mbps"):
        text += (f"; {fmt_ratio(r['ratios'].get('strict-clean'))} strict on clean "
                 f"({sc['mbps']:,.0f} MB/s)")
    return text


def met_text(met: bool | None) -> str:
    return {True: "yes", False: "**no**", None: "–"}[met]


def pair_table(rows: list[dict]) -> list[str]:
    lines = [
        "| pair | cat MB/s | transcode MB/s | iconv MB/s | uconv MB/s | transcode/cat "
        "| transcode/iconv | target | met |",
        "|---|--:|--:|--:|--:|--:|--:|---|---|",
    ]
    for r in rows:
        c = r["commands"]
        lines.append(
            f"| {r['label']} | {fmt_mbps(c.get('cat'))} | {fmt_mbps(c.get('transcode'))} "
            f"| {fmt_mbps(c.get('iconv'))} | {fmt_mbps(c.get('uconv'))} "
            f"| {fmt_ratio(r['ratios'].get('cat'))} | {fmt_ratio(r['ratios'].get('iconv'))} "
            f"| {target_text(r)} | {met_text(r['target']['met'])} |"
        )
    return lines


def scaling_table(pairs: list[dict]) -> list[str]:
    """Each one-core row against transcode on every core, timed in the same rounds."""
    by_id = {r["id"]: r for r in pairs}
    rows = []
    for r in pairs:
        twin = by_id.get(r.get("twin") or "")
        one = r["commands"]["transcode"].get("mbps")
        every = r["commands"].get("transcode-every-core", {}).get("mbps")
        if one and every:
            ratio = every / one
            label = twin["label"] if twin else r["label"].removesuffix(", one core")
            rows.append(f"| {label} | {one:,.0f} | {every:,.0f} | {ratio:.2f}× "
                        f"| ≥ {SCALING_TARGET:.2f}× | {met_text(ratio >= SCALING_TARGET)} |")
    if not rows:
        return []
    return ["", "transcode with every core against itself on one core (pinned to CPU 0, `-j 1`), "
            "the two timed in the same rounds as the one-core row above:", "",
            "| pair | one core MB/s | every core MB/s | ratio | target | met |",
            "|---|--:|--:|--:|---|---|"] + rows


def small_files_table(small: dict) -> list[str]:
    cmds = small["commands"]
    t = cmds.get("transcode", {}).get("median_s")
    lines = ["", "## Many small files", "",
             f"{small['files']:,} files of Chinese GBK ({small['bytes'] / 1e6:.2f} MB in all, "
             "about 2 KB each, in 20 folders) converted to UTF-8 in place; each run starts "
             "from a fresh copy of the tree, and every command's result was checked. "
             "`transcode -r -i` syncs each file to disk before renaming it over the original; "
             "the iconv commands write a temporary file and rename it, without a sync.", "",
             "| command | median time | files/s | MB/s | time / transcode's |",
             "|---|--:|--:|--:|--:|"]
    for name, c in cmds.items():
        argv = c["argv"]
        shown = " ".join(Path(a).name if i == 0 else a for i, a in enumerate(argv[:-1]))
        shown = shown + " DIR" if name == "transcode" else name
        ok = "" if c.get("output_ok") else " (output differs)"
        ratio = f"{c['median_s'] / t:.2f}×" if t else "–"
        lines.append(f"| `{shown}`{ok} | {c['median_s'] * 1000:,.0f} ms "
                     f"| {c['files_per_s']:,.0f} | {c['mbps']:.2f} | {ratio} |")
    return lines


def markdown(results: dict) -> str:
    m = results["machine"]
    s = results["settings"]
    lines = [
        "# transcode benchmark",
        "",
        f"Generated by `python3 bench/run.py` ({s['command']}). "
        f"MB = 10^6 bytes of input; each figure is the median wall time of {s['runs']} runs, "
        "the commands alternating within each round; input from the file argument "
        "(page cache warm, each input dropped from it and read back before its pair), "
        "output to /dev/null.",
        "",
    ]
    every = [r for r in results["pairs"] if not r.get("one_core")]
    one = [r for r in results["pairs"] if r.get("one_core")]
    if every:
        lines += ["## Every core", "",
                  "transcode splits a large file of a legacy multi-byte charset across the "
                  "cores (here "
                  f"{m['nproc']}); the others use one.", ""] + pair_table(every)
    if one:
        pinned = results["machine"].get("taskset")
        lines += ["", "## One core", "",
                  ("Every command pinned to CPU 0 (`taskset -c 0`), transcode also given "
                   "`-j 1`." if pinned else "transcode given `-j 1`; taskset was missing, so "
                   "the others ran unpinned (they use one core anyway)."), ""] + pair_table(one)
        lines += scaling_table(results["pairs"])
    if results.get("small_files"):
        lines += small_files_table(results["small_files"])
    if results["rss"]:
        gb = s["stream_gb"]
        lines += [
            "",
            "## Memory",
            "",
            f"Peak resident memory, {gb:g} GB (10^9 bytes) piped through standard input "
            "(`/usr/bin/time -v`, \"Maximum resident set size\"):",
            "",
            "| input | command | peak RSS | MB/s | target | met |",
            "|---|---|--:|--:|---|---|",
        ]
        for x in results["rss"]:
            if x.get("argv") is None:
                lines.append(f"| {x.get('input', '')} | {x['command']} | missing | – | | |")
                continue
            rss = f"{x['max_rss_kib'] / 1024:.2f} MiB" if x["max_rss_kib"] else "?"
            target = f"≤ {RSS_TARGET_MIB:g} MiB" if "target_mib" in x else ""
            met = met_text(x.get("met")) if "met" in x else ""
            argv = " ".join(Path(a).name if i == 0 else a for i, a in enumerate(x["argv"]))
            lines.append(f"| {x.get('input', '')} | `{argv}` | {rss} | {x['mbps']:,.0f} "
                         f"| {target} | {met} |")
    notes = []
    for r in results["pairs"]:
        for name, c in r["commands"].items():
            if c.get("note") and c.get("argv") is not None:
                notes.append(f"{r['label']}, {name}: {c['note']}.")
            if c.get("argv") is not None and not c.get("output_ok"):
                notes.append(f"{r['label']}, {name}: output differs from the expected bytes: "
                             f"{c.get('detail')}.")
    lines += [
        "",
        "Every command's output was checked once against the expected bytes (the corpus in "
        "the target encoding; for the dirty file, Python's `replace`, `surrogateescape` and "
        "`ignore` decodings) before timing; transcode's output equals iconv's wherever both "
        "are checked against the same bytes"
        + (" (all pairs)." if all(r["transcode_equals_iconv"] in (True, None)
                                  for r in results["pairs"]) else "; see the notes."),
        "`strict on clean`: transcode with the same labels without `--errors`, on the clean "
        "English file, timed in the same rounds as the dirty-file runs. "
        "The dirty file is the English text with "
        f"{results['corpus']['dirty_ill_formed_bytes']:,} ill-formed bytes inserted "
        f"({results['corpus']['dirty_ill_formed_bytes'] / results['corpus']['files']['en.dirty.utf8']['bytes']:.2%}).",
        f"Starting a process costs about {results['spawn_ms']:.1f} ms here (`true`, median), "
        "included in every figure.",
    ]
    if notes:
        lines += ["", "Notes:", ""] + [f"- {n}" for n in notes]
    lines += [
        "",
        "Corpus: " + ", ".join(
            f"{name} {f['bytes'] / 1e6:.1f} MB" for name, f in results["corpus"]["files"].items()
        ) + f" (seed {results['corpus']['key']['seed']}, generator v"
        f"{results['corpus']['key']['generator']}).",
        "",
        "Machine:",
        "",
        f"- CPU: {m['cpu']} ({m['nproc']} CPUs available), memory {m['memory']}",
        f"- kernel: {m['kernel']}",
        f"- date: {m['date']}; load average before/after: {results['load_before']} / "
        f"{results['load_after']}",
        f"- transcode {m['commit']}: {m['versions']['transcode']}, {m['versions']['rustc']}, "
        f"{release.WORDS[m.get('linking', 'unknown')]}",
        f"- peers: {m['versions']['iconv'] or 'iconv missing'}; "
        f"{m['versions']['uconv'] or 'uconv missing'}; {m['versions']['cat']}",
        "",
        "![throughput chart](chart.svg)",
        "",
    ]
    return "\n".join(lines)


def svg_escape(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def chart(results: dict) -> str:
    """Horizontal grouped bars, MB/s on a log scale, one group per pair."""
    import math

    colors = {"cat": "#9e9e9e", "transcode": "#1f77b4", "iconv": "#2ca02c",
              "uconv": "#9467bd"}
    rows = []
    for r in results["pairs"]:
        bars = []
        for name in PEERS:
            c = r["commands"].get(name)
            if c and c.get("argv") is not None and c.get("mbps"):
                bars.append((name, c["mbps"]))
            else:
                bars.append((name, None))
        rows.append((r["label"], bars))
    values = [v for _, bars in rows for _, v in bars if v]
    steps = [k * 10**e for e in range(-1, 7) for k in (1, 2, 5)]
    lo = max([s for s in steps if s <= min(values) / 1.3] or [steps[0]])
    hi = min([s for s in steps if s >= max(values) * 1.15] or [steps[-1]])
    s = results["settings"]
    subtitle = (f"{s['size_mb']:g} MB per corpus, median of {s['runs']}, "
                f"{results['machine']['date'][:10]}")
    left, plot_w, right = 330, 560, 70
    bar_h, gap = 11, 12
    top = 62
    group_h = len(PEERS) * bar_h + gap
    height = top + len(rows) * group_h + 40
    width = left + plot_w + right

    def x(v: float) -> float:
        return left + plot_w * (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="18" font-size="14" font-weight="bold">transcode throughput '
        f'(MB/s, log scale; higher is better)</text>',
        f'<text x="{width - 8}" y="39" text-anchor="end" fill="#555">'
        f'{svg_escape(subtitle)}</text>',
    ]
    lx = left
    for name in PEERS:
        out.append(f'<rect x="{lx}" y="30" width="12" height="10" fill="{colors[name]}"/>')
        out.append(f'<text x="{lx + 16}" y="39">{name}</text>')
        lx += 90
    for v in steps:
        if lo <= v <= hi:
            gx = x(v)
            major = str(v).lstrip("0.").startswith("1")
            out.append(f'<line x1="{gx:.1f}" y1="{top - 6}" x2="{gx:.1f}" '
                       f'y2="{height - 30}" stroke="{"#bbb" if major else "#e5e5e5"}"/>')
            label = f"{v:,.0f}" if v >= 1 else f"{v:g}"
            out.append(f'<text x="{gx:.1f}" y="{height - 16}" text-anchor="middle" '
                       f'fill="#555">{label}</text>')
    y = top
    for label, bars in rows:
        out.append(f'<text x="{left - 8}" y="{y + len(PEERS) * bar_h / 2 + 4:.1f}" '
                   f'text-anchor="end">{svg_escape(label)}</text>')
        for i, (name, v) in enumerate(bars):
            by = y + i * bar_h
            if v is None:
                out.append(f'<text x="{left + 4}" y="{by + bar_h - 2}" fill="#999" '
                           f'font-size="9">{name}: n/a</text>')
                continue
            w = max(1.0, x(v) - left)
            out.append(f'<rect x="{left}" y="{by}" width="{w:.1f}" height="{bar_h - 1}" '
                       f'fill="{colors[name]}"><title>{name}: {v:,.0f} MB/s</title></rect>')
            out.append(f'<text x="{left + w + 3:.1f}" y="{by + bar_h - 2}" '
                       f'font-size="9">{v:,.0f}</text>')
        y += group_h
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------------------


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size-mb", type=float, default=100,
                    help="MB (10^6 bytes) of UTF-8 text per language (default 100)")
    ap.add_argument("--runs", type=int, default=7, help="timed rounds per pair (default 7)")
    ap.add_argument("--stream-gb", type=float, default=1.0,
                    help="GB (10^9 bytes) piped through stdin for peak RSS (default 1; 0 skips)")
    ap.add_argument("--small-files", type=int, default=2000,
                    help="files in the many-small-files run (default 2000; 0 skips it)")
    ap.add_argument("--small-kb", type=float, default=2.0,
                    help="KB (10^3 bytes) per small file, about (default 2)")
    ap.add_argument("--publish", action="store_true",
                    help="copy results.md and chart.svg to bench/ (for committing)")
    ap.add_argument("--out", type=Path, default=BENCH / "out",
                    help="output directory (default bench/out)")
    ap.add_argument("--bin", type=Path, help="use this transcode binary; skip cargo build")
    ap.add_argument("--pairs", help="comma-separated pair ids to run (default: all): "
                    + ", ".join(p["id"] for p in PAIRS))
    ap.add_argument("--no-install", action="store_true",
                    help="do not apt-get install missing peers")
    ap.add_argument("--regenerate", action="store_true", help="rewrite the corpus")
    args = ap.parse_args()
    if args.runs < 1 or args.size_mb <= 0 or args.stream_gb < 0 or args.small_files < 0:
        ap.error("--runs must be ≥ 1, --size-mb > 0, --stream-gb ≥ 0, --small-files ≥ 0")
    pairs = PAIRS
    if args.pairs:
        wanted = set(args.pairs.split(","))
        unknown = wanted - {p["id"] for p in PAIRS}
        if unknown:
            ap.error(f"unknown pair ids: {', '.join(sorted(unknown))}")
        pairs = [p for p in PAIRS if p["id"] in wanted]

    out = args.out.resolve()
    corpus = out / "corpus"
    transcode = args.bin.resolve() if args.bin else build_transcode()
    if not transcode.is_file():
        raise SystemExit(f"{transcode}: no such binary")
    tools: dict[str, str | None] = {
        "transcode": str(transcode),
        "cat": shutil.which("cat"),
        "iconv": ensure("iconv", "libc-bin", not args.no_install),
        "uconv": ensure("uconv", "icu-devtools", not args.no_install),
        "taskset": shutil.which("taskset"),
    }
    if tools["taskset"] is None:
        log("warning: taskset is missing (util-linux): the one-core rows run transcode with "
            "-j 1 and the peers unpinned")
    gnu_time = None
    if args.stream_gb > 0:
        gnu_time = (str(Path("/usr/bin/time")) if Path("/usr/bin/time").exists()
                    else ensure("time", "time", not args.no_install))
        if gnu_time is None:
            log("warning: GNU time is missing; peak RSS is read from wait4() instead")
    manifest = generate_corpus(corpus, args.size_mb, args.regenerate, tools)

    load_before = load_average()
    with open(os.devnull, "wb") as devnull:
        spawn = statistics.median(time_once(["true"], devnull)[0] for _ in range(20))
    results = {
        "settings": {
            "command": "python3 bench/run.py " + " ".join(sys.argv[1:]),
            "size_mb": args.size_mb, "runs": args.runs, "stream_gb": args.stream_gb,
            "small_files": args.small_files, "small_kb": args.small_kb,
        },
        "machine": machine_info(tools, transcode),
        "corpus": manifest,
        "spawn_ms": spawn * 1000,
        "load_before": load_before,
        "pairs": [run_pair(p, tools, corpus, manifest, args.runs) for p in pairs],
        "small_files": (run_small_files(tools, corpus, out / "small", args.small_files,
                                        args.small_kb, args.runs)
                        if args.small_files else None),
        "rss": run_streams(tools, corpus, args.stream_gb, gnu_time) if args.stream_gb else [],
    }
    results["load_after"] = load_average()
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    md = markdown(results)
    (out / "results.md").write_text(md)
    (out / "chart.svg").write_text(chart(results))
    log(f"\nwrote {out / 'results.json'}, {out / 'results.md'}, {out / 'chart.svg'}\n")
    print(md)
    if args.publish:
        shutil.copyfile(out / "results.md", BENCH / "results.md")
        shutil.copyfile(out / "chart.svg", BENCH / "chart.svg")
        log(f"published {BENCH / 'results.md'} and {BENCH / 'chart.svg'}")
    broken = [r["label"] for r in results["pairs"] if not r["transcode_output_ok"]]
    small = results["small_files"]
    if small and not small["commands"]["transcode"].get("output_ok"):
        broken.append("many small files")
    if broken:
        log("error: transcode's output is wrong for: " + "; ".join(broken))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
