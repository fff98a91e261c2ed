#!/usr/bin/env python3
"""Writes a few seed inputs for each fuzz target into corpus/<target>/seed-* (the corpus is
not versioned: this is where a machine's fuzzing starts).

The seeds are text in each source charset (with the header bytes each target reads first),
so that the fuzzers start from well-formed multi-byte text rather than from nothing. The
label lists are read from src/lib.rs, so the header bytes pick the intended labels.

    python3 seeds.py        # from the fuzz/ directory; adds files, never deletes any
"""

import codecs
import hashlib
import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent
LIB = (HERE / "src" / "lib.rs").read_text()


def labels(name):
    body = re.search(r"pub const %s: &\[&str\] = &\[(.*?)\];" % name, LIB, re.S).group(1)
    return re.findall(r'"([^"]+)"', body)


FROM = labels("FROM_LABELS")
# TO_LABELS is FROM_LABELS less its last entry, `auto`, which can only be read.
TO = FROM[:-1]

# Python codec for each label (None: no Python codec; bytes are made by hand).
CODEC = {
    "UTF-8": "utf-8",
    "UTF-16": "utf-16",  # with a BOM
    "UTF-16LE": "utf-16-le",
    "UTF-16BE": "utf-16-be",
    "UCS-2": "utf-16-be",
    "UCS-2LE": "utf-16-le",
    "UCS-2BE": "utf-16-be",
    "UTF-32": "utf-32",
    "UTF-32LE": "utf-32-le",
    "UTF-32BE": "utf-32-be",
    "GBK": "gbk",
    "GB2312": "gb2312",
    "GB18030": "gb18030",
    "Big5": "big5",
    "Shift_JIS": "shift_jis",
    "EUC-JP": "euc_jp",
    "EUC-KR": "euc_kr",
    "ISO-2022-JP": "iso2022_jp",
    "windows-1252": "cp1252",
    "ISO-8859-1": "latin-1",
    "US-ASCII": "ascii",
    "KOI8-R": "koi8_r",
    "x-user-defined": "latin-1",
    "auto": "utf-8",
}

TEXT = "abc 中文 日本語 かな 한국어 Привет café € ß 😀 \U00010348\r\nline2\rline3\n"


def encode(label):
    """TEXT in `label`, dropping what it cannot hold, plus a few raw bytes."""
    codec = CODEC[label]
    out = TEXT.encode(codec, errors="ignore")
    if label in ("UCS-2", "UCS-2LE", "UCS-2BE"):
        # UCS-2 has no surrogates: only BMP text.
        bmp = "".join(c for c in TEXT if ord(c) < 0x10000)
        out = bmp.encode(codec)
    return out


NOISE = [b"\x80", b"\xff", b"\x81\x30", b"\xed\xa0\x80", b"\x00\xd8", b"\x1b$B", b"\xa1"]


def write(target, payloads):
    d = HERE / "corpus" / target
    d.mkdir(parents=True, exist_ok=True)
    for p in payloads:
        name = "seed-" + hashlib.sha1(p).hexdigest()[:16]
        (d / name).write_bytes(p)


def main():
    decode_any, chunk, replace = [], [], []
    for i, f in enumerate(FROM):
        text = encode(f)
        noisy = text[: len(text) // 2] + NOISE[i % len(NOISE)] + text[len(text) // 2 :]
        to = i % len(TO)
        flags = (i * 11) & 0x1F
        decode_any.append(bytes([i, to, 0]) + text)
        decode_any.append(bytes([i, (to + 7) % len(TO), flags]) + noisy)
        # chunk_split: from, to, policy, flags, n (low 3 bits + 1 sizes), sizes, text.
        chunk.append(bytes([i, to, i % 4, flags, 2, 1, 3]) + noisy)
        chunk.append(bytes([i, (to + 3) % len(TO), (i + 1) % 4, 0x08, 0, 7]) + text)
        replace.append(bytes([i, i % 2, flags]) + noisy)
    escape = []
    for i, e in enumerate(["UTF-8", "GBK", "GB18030", "Big5", "Shift_JIS"]):
        text = encode(e)
        escape.append(bytes([i]) + text)
        escape.append(bytes([i]) + text[:7] + b"\xff\x80" + text[7:])
    # utf8_to_utf16: one choice byte (bit 0 big-endian, bit 1 escape), then UTF-8 with noise.
    utf8 = encode("UTF-8")
    utf16 = [bytes([c]) + utf8[:9] + NOISE[c] + utf8[9:] for c in range(4)]
    # The stateful decoders: byte 0 is the chunk size (and for UTF-7 the flavour).
    stateful = {
        "utf7_decode": [b"\x00Hi Mom -+Jjo--! +ZeVnLIqe-\n", b"\x01+AGEA-x+!y\x80+2D3-",
                        b"\x02~peter/&U,BTFw-/&ZeVnLIqe-"],
        "scsu_decode": [b"\x03\x12\x9c\xbe\xc1\xba\xb2\xb0\x0f\x4e\x2d\xe0a",
                        b"\x01\x0c\x18\x00\x0f\xd8\x3d\x00a\xf2"],
        "bocu1_decode": [b"\x02\xfb\xee\x28\xb1\xb2\xb3\n", b"\x01\xd0\x0a\xfe\xff\xff"],
    }
    for target, payloads in stateful.items():
        write(target, payloads)
    write("decode_any", decode_any)
    write("utf8_to_utf16", utf16)
    write("chunk_split", chunk)
    write("escape_round_trip", escape)
    write("replace_well_formed", replace)


if __name__ == "__main__":
    main()
