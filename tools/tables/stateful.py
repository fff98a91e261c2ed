#!/usr/bin/env python3
"""How each peer's encoder places designations and shifts in the stateful CJK encodings
(HZ, ISO-2022-KR, ISO-2022-CN, ISO-2022-CN-EXT, ISO-2022-JP, -JP-1, -JP-2, -JP-3, -JP-2004),
and how each peer's decoder reacts to malformed input. Writes data/cjk/STATEFUL.md.

    python3 tools/tables/stateful.py

Every output shown is the peer's own answer on this machine, nothing is typed in: bytes are
printed with ESC, SO, SI, ~ and line ends made visible. Decoder columns: 'strict' is the
error the peer reports (Python: the exception's start..end; glibc: the input offset where
iconv(3) stops and its errno; ICU: the error code), 'lenient' the text the peer produces with
its usual non-strict mode (Python errors='replace', glibc iconv -c, ICU's default
substitution callback, encoding_rs's replacement).
"""
import codecs
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402
import peers  # noqa: E402

OUT = os.path.join(model.DATA, "STATEFUL.md")

ENCODINGS = {
    "HZ": ["python:hz", "icu:HZ"],
    "ISO-2022-KR": ["python:iso2022_kr", "glibc:ISO-2022-KR", "icu:ISO-2022-KR"],
    "ISO-2022-CN": ["glibc:ISO-2022-CN", "icu:ISO-2022-CN"],
    "ISO-2022-CN-EXT": ["glibc:ISO-2022-CN-EXT", "icu:ISO-2022-CN-EXT"],
    "ISO-2022-JP": ["python:iso2022_jp", "glibc:ISO-2022-JP", "icu:ISO-2022-JP", "whatwg:iso-2022-jp"],
    "ISO-2022-JP-1": ["python:iso2022_jp_1", "icu:ISO-2022-JP-1"],
    "ISO-2022-JP-2": ["python:iso2022_jp_2", "glibc:ISO-2022-JP-2", "icu:ISO-2022-JP-2"],
    "ISO-2022-JP-3": ["python:iso2022_jp_3", "glibc:ISO-2022-JP-3"],
    "ISO-2022-JP-2004": ["python:iso2022_jp_2004"],
}


def cns_sample(plane):
    """A hanzi of the given CNS plane that is in neither GB 2312 nor CNS plane 1."""
    gb = codecs.lookup("gb2312")
    p1 = {t for (p, r, k), t, f in model.gl_rows("cns11643") if p == 1}
    ir165 = {t for c, t, f in model.load("isoir165")}
    for (p, r, k), t, f in model.gl_rows("cns11643"):
        if p == plane and len(t) == 1 and 0x4E00 <= ord(t) < 0xA000 and (plane == 1 or t not in p1) and t not in ir165 and f == "":
            try:
                gb.encode(t)
            except UnicodeError:
                return t
    return None


def jis0213_sample(plane, new2004=False):
    for (p, r, k), t, f in model.gl_rows("jisx0213"):
        if p == plane and len(t) == 1 and (f == "2004") == new2004 and (plane == 2 or r >= 0x2F):
            return t
    return None


TRAD = cns_sample(1)      # CNS plane 1, not GB 2312
P2 = cns_sample(2)
P3 = cns_sample(3)

SAMPLES = {
    "HZ": ["", "abc\n", "a中文b\n中文\n", "中文", "中\n\n文\n", "中文\r\n中文\r\n", "a~b中~\n"],
    "ISO-2022-KR": ["", "abc\n", "a한국b\n한국\n", "한국", "한\n\n국\n", "한국\r\n한국\r\n"],
    "ISO-2022-CN": ["abc\n", "a中文b\n中文\n", "中文", "中" + TRAD + "\n" + TRAD + "中\n",
                    P2 + "a" + P2 + "\n" + P2 + "\n", "中\r\n" + P2 + "\r\n", P2 + "中\n", "中" + P2 + "中\n"],
    "ISO-2022-CN-EXT": ["a中文b\n中文\n", P2 + P3 + "\n" + P3 + "\n", "中" + P3 + "中\n",
                        P2 + "亅\n亅\n", "中亅中\n", P2 + "中\n"],
    "ISO-2022-JP": ["abc\n", "a日本b\n日本\n", "日本", "日\n\n本\n", "¥‾\\~\n", "ｱｲ\n"],
    "ISO-2022-JP-1": ["a日本b\n日本\n", "丂\n", "日丂日\n"],
    "ISO-2022-JP-2": ["a日本b\n日本\n", "丂\n", "é\nΩ\n", "한국\n", "这\n", "aé日\n"],
    "ISO-2022-JP-3": ["a日本b\n日本\n", jis0213_sample(1) + "\n", jis0213_sample(2) + "\n",
                      "か\u309a\n", "日" + jis0213_sample(1) + "日\n", "ｱ\n"],
    "ISO-2022-JP-2004": ["a日本b\n日本\n", jis0213_sample(1) + "\n", jis0213_sample(1, True) + "\n",
                         jis0213_sample(2) + "\n", "か\u309a\n", "日" + jis0213_sample(1, True) + "\n"],
}

ESC, SO, SI = b"\x1b", b"\x0e", b"\x0f"
MALFORMED = {
    "HZ": [
        ("unterminated ~{ at end", b"a~{VP"),
        ("odd byte inside ~{ ~}", b"~{VPV~}b"),
        ("~ followed by x", b"a~xb"),
        ("line end inside ~{", b"~{VP\nVP~}"),
        ("~ then line end (continuation)", b"ab~\ncd"),
        ("high byte", b"a\xd6\xd0b"),
        ("~{ with an invalid pair", b"~{!!VP~}"),
    ],
    "ISO-2022-KR": [
        ("SO with no designation", SO + b"0!" + SI),
        ("designation mid-text", b"ab" + ESC + b"$)C" + SO + b"0!" + SI),
        ("line end while shifted out", ESC + b"$)C" + SO + b"0!\n0!" + SI),
        ("odd byte while shifted out", ESC + b"$)C" + SO + b"0!0" + SI + b"a"),
        ("high byte", ESC + b"$)Ca\xb0\xa1b"),
        ("unknown escape", ESC + b"$)Ca" + ESC + b"(Bb"),
        ("unassigned pair", ESC + b"$)C" + SO + b"!!" + SI),
    ],
    "ISO-2022-CN": [
        ("SO with no designation", SO + b"VP" + SI),
        ("SS2 with no designation", ESC + b"N!!"),
        ("line end while shifted out", ESC + b"$)A" + SO + b"VP\nVP" + SI),
        ("SO after a line end (designation expired)", ESC + b"$)A" + SO + b"VP" + SI + b"\n" + SO + b"VP" + SI),
        ("odd byte while shifted out", ESC + b"$)A" + SO + b"VPV" + SI + b"a"),
        ("high byte", b"a\xd6\xd0b"),
        ("unknown escape", ESC + b"$)Z" + SO + b"VP" + SI),
        ("SS3 designation in ISO-2022-CN", ESC + b"$+I" + ESC + b"O!!"),
    ],
    "ISO-2022-CN-EXT": [
        ("SS3 with no designation", ESC + b"O!!"),
        ("SS3 plane 3 then line end", ESC + b"$+I" + ESC + b"O!!\n" + ESC + b"O!!"),
        ("ISO-IR-165 via SO", ESC + b"$)E" + SO + b"!!" + SI),
    ],
    "ISO-2022-JP": [
        ("odd byte in JIS X 0208", ESC + b"$BF|K" + ESC + b"(B"),
        ("line end while in JIS X 0208", ESC + b"$BF|\nF|" + ESC + b"(B"),
        ("no return to ASCII at end", ESC + b"$BF|"),
        ("JIS X 0201 katakana ESC ( I", ESC + b"(I1" + ESC + b"(B"),
        ("JIS X 0212 ESC $ ( D", ESC + b"$(D0!" + ESC + b"(B"),
        ("unknown escape", b"a" + ESC + b"$Zb"),
        ("truncated escape at end", b"a" + ESC + b"$"),
        ("high byte", b"a\xc6\xfcb"),
        ("SO byte", b"a" + SO + b"b"),
        ("unassigned pair", ESC + b"$B\x22\x2f" + ESC + b"(B"),
        ("two escapes in a row (WHATWG: error)", ESC + b"$B" + ESC + b"(Babc"),
    ],
    "ISO-2022-JP-1": [
        ("JIS X 0212 ESC $ ( D", ESC + b"$(D0!" + ESC + b"(B"),
        ("KS C 5601 ESC $ ( C", ESC + b"$(C0!" + ESC + b"(B"),
    ],
    "ISO-2022-JP-2": [
        ("KS C 5601 ESC $ ( C", ESC + b"$(C0!" + ESC + b"(B"),
        ("GB 2312 ESC $ A", ESC + b"$AVP" + ESC + b"(B"),
        ("ISO-8859-1 G2, SS2 without designation", b"a" + ESC + b"Nib"),
        ("ISO-8859-7 G2 ESC . F, SS2", ESC + b".F" + ESC + b"NAb"),
        ("line end after ESC . A (G2 kept?)", ESC + b".A" + ESC + b"Ni\n" + ESC + b"Ni"),
    ],
    "ISO-2022-JP-3": [
        ("JIS X 0213 plane 1 ESC $ ( O", ESC + b"$(O!!" + ESC + b"(B"),
        ("JIS X 0213 plane 1 2004 ESC $ ( Q", ESC + b"$(Q.!" + ESC + b"(B"),
        ("a 2004 cell under ESC $ ( O", ESC + b"$(O.!" + ESC + b"(B"),
        ("JIS X 0213 plane 2 ESC $ ( P", ESC + b"$(P!!" + ESC + b"(B"),
    ],
    "ISO-2022-JP-2004": [
        ("JIS X 0213 plane 1 2004 ESC $ ( Q", ESC + b"$(Q.!" + ESC + b"(B"),
        ("a 2004 cell under ESC $ ( O", ESC + b"$(O.!" + ESC + b"(B"),
        ("JIS X 0208 ESC $ B", ESC + b"$BF|" + ESC + b"(B"),
    ],
}


# Which designations each peer's ISO-2022-JP-* decoder accepts: ESC sequence, a payload that
# is valid in that set, what the set is.
JP_DESIGNATIONS = [
    (b"\x1b(B", b"a", "ASCII"),
    (b"\x1b(J", b"\\~", "JIS X 0201 Roman"),
    (b"\x1b(I", b"1", "JIS X 0201 katakana"),
    (b"\x1b$@", b"0!", "JIS C 6226-1978"),
    (b"\x1b$B", b"0!", "JIS X 0208-1983"),
    (b"\x1b&@\x1b$B", b"0!", "JIS X 0208-1990 (announcer + ESC $ B)"),
    (b"\x1b$(B", b"0!", "JIS X 0208, four-byte form"),
    (b"\x1b$A", b"0!", "GB 2312"),
    (b"\x1b$(A", b"0!", "GB 2312, four-byte form"),
    (b"\x1b$(C", b"0!", "KS C 5601"),
    (b"\x1b$(D", b"0!", "JIS X 0212"),
    (b"\x1b.A\x1bN", b"i", "ISO-8859-1 high part in G2, SS2"),
    (b"\x1b.F\x1bN", b"a", "ISO-8859-7 high part in G2, SS2"),
    (b"\x1b$(O", b"!!", "JIS X 0213:2000 plane 1"),
    (b"\x1b$(Q", b"!!", "JIS X 0213:2004 plane 1"),
    (b"\x1b$(P", b"!!", "JIS X 0213 plane 2"),
]
JP_PEERS = ["python:iso2022_jp", "python:iso2022_jp_1", "python:iso2022_jp_2", "python:iso2022_jp_3",
            "python:iso2022_jp_2004", "python:iso2022_jp_ext", "glibc:ISO-2022-JP", "glibc:ISO-2022-JP-2",
            "glibc:ISO-2022-JP-3", "icu:ISO-2022-JP", "icu:ISO-2022-JP-1", "icu:ISO-2022-JP-2",
            "whatwg:iso-2022-jp"]


def designation_matrix():
    ps = [p for p in (peers.try_make(s) for s in JP_PEERS) if p is not None]
    lines = ["## ISO-2022-JP family: which designations each decoder accepts", "",
             "Each input is the escape sequence, a payload valid in that set, then ESC ( B. "
             "A cell shows the decoded text; `error` is a strict failure; `literal` means the "
             "decoder passed the escape sequence through as characters (glibc does this for "
             "escapes it does not know).", "",
             "| designation | set | " + " | ".join(p.label for p in ps) + " |",
             "|---|---|" + "---|" * len(ps)]
    for esc, payload, what in JP_DESIGNATIONS:
        b = esc + payload + b"\x1b(B"
        cells = []
        for p in ps:
            r = p.decode(b)
            if r is None:
                cells.append("error")
            elif "\x1b" in r:
                cells.append("literal")
            else:
                cells.append(show_text(r))
        lines.append(f"| {show(esc)} | {what} | " + " | ".join(cells) + " |")
    return lines + [""]


def show(b):
    if b is None:
        return "(error)"
    out = []
    names = {0x1B: "ESC", 0x0E: "SO", 0x0F: "SI", 0x0A: "\\n", 0x0D: "\\r"}
    i = 0
    while i < len(b):
        x = b[i]
        if x in names:
            out.append("‹" + names[x] + "›")
        elif 0x20 <= x < 0x7F:
            out.append(chr(x) if chr(x) not in "`|" else "\\x%02X" % x)
        else:
            out.append("\\x%02X" % x)
        i += 1
    return "`" + "".join(out) + "`"


def show_text(s):
    if s is None:
        return "(error)"
    r = []
    for c in s:
        if c == "\n":
            r.append("\\n")
        elif c == "\r":
            r.append("\\r")
        elif c == "\ufffd":
            r.append("�")
        elif ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0:
            r.append("\\x%02X" % ord(c))
        elif c == "|":
            r.append("\\|")
        else:
            r.append(c)
    return "`" + "".join(r) + "`" if r else "(empty)"


def strict_error(p, b):
    if p.name == "python":
        try:
            return "ok: " + show_text(b.decode(p.codec))
        except UnicodeDecodeError as e:
            return f"error at {e.start}..{e.end} ({e.reason})"
    if p.name == "glibc":
        out, used, err = p.decode_prefix(b)
        if err == 0:
            full = p.decode(b)
            return "ok: " + show_text(full) if full is not None else f"error at end (flush), after {used}"
        return f"error at {used} ({ {84: 'EILSEQ', 22: 'EINVAL (incomplete)'}.get(err, err) })"
    if p.name == "icu":
        r = p.decode(b)
        return "ok: " + show_text(r) if r is not None else "error"
    if p.name == "whatwg":
        r = p.decode(b)
        return "ok: " + show_text(r) if r is not None else "error"


def lenient(p, b):
    if p.name == "python":
        return show_text(b.decode(p.codec, "replace"))
    if p.name == "glibc":
        r = subprocess.run(["iconv", "-c", "-f", p.charset, "-t", "UTF-8"], input=b, capture_output=True)
        return show_text(r.stdout.decode("utf-8", "replace")) + ("" if r.returncode == 0 else f" (exit {r.returncode})")
    if p.name == "icu":
        return show_text(p.decode_replace(b))
    if p.name == "whatwg":
        r = subprocess.run([peers._WHATWG_BIN, "decode-replace", p.enc], input=(b.hex() + "\n").encode(),
                           capture_output=True, check=True)
        return show_text("".join(chr(int(x, 16)) for x in r.stdout.decode().split()))


def main():
    lines = ["# Stateful encodings: what each peer's encoder writes, and how its decoder fails",
             "",
             "Generated by `python3 tools/tables/stateful.py` (do not edit). "
             f"Peers: glibc {peers.glibc_version()} iconv, Python {sys.version.split()[0]}"
             + (f", ICU {peers.icu_version()}" if peers.icu_available() else "")
             + ", encoding_rs 0.8 (WHATWG, ISO-2022-JP only). "
             "Bytes: ‹ESC› ‹SO› ‹SI› are 1B 0E 0F, `\\n` is 0A, `\\xHH` any other non-printable byte. "
             "`(error)`: the encoder refused the text (strict). **✗** marks an output that the same peer "
             "does not decode back to the input.",
             ""]
    for enc, specs in ENCODINGS.items():
        ps = [p for p in (peers.try_make(s) for s in specs) if p is not None]
        lines += [f"## {enc}", "", "### Encoder", "",
                  "| text | " + " | ".join(p.label for p in ps) + " |",
                  "|---|" + "---|" * len(ps)]
        for s in SAMPLES[enc]:
            cells = []
            for p in ps:
                e = p.encode(s)
                cell = show(e)
                if e is not None and p.decode(e) != s:
                    cell += " **✗ the same peer decodes this to " + show_text(p.decode(e)) + "**"
                cells.append(cell)
            lines.append("| " + show_text(s) + " | " + " | ".join(cells) + " |")
        lines += ["", "### Decoder on malformed input", "",
                  "| case | input | " + " | ".join(f"{p.label} strict | {p.label} lenient" for p in ps) + " |",
                  "|---|---|" + "---|---|" * len(ps)]
        for desc, b in MALFORMED[enc]:
            cells = []
            for p in ps:
                cells.append(strict_error(p, b))
                cells.append(lenient(p, b))
            lines.append(f"| {desc} | {show(b)} | " + " | ".join(cells) + " |")
        lines.append("")
    lines += designation_matrix()
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
