#!/usr/bin/env python3
"""Write data/single-byte/aliases.tsv: every name glibc iconv, ICU and Python accept for each
code page of issue 18 and for each encoding transcode supports today, which peer accepts it,
whether today's transcode accepts it (asked of the binary), and collisions (one name meaning
different encodings in different places) with a proposed resolution.

Usage: python3 tools/single-byte/aliases.py   (after cargo build --release)
"""

import codecs
import glob
import os
import re
import subprocess
import sys

import codepages
import load
import peers

OUT = os.path.join(load.REPO, "data", "single-byte", "aliases.tsv")

# The encodings transcode has today (canonical name in `transcode --list`) and the name each
# peer gives the same encoding (or the nearest variant the peer calls by that family's names).
EXISTING = {
    "UTF-8": {"glibc": ["UTF-8"], "icu": ["UTF-8"], "python": ["utf_8"]},
    "UTF-16": {"glibc": ["UTF-16"], "icu": ["UTF-16"], "python": ["utf_16"]},
    "UTF-16LE": {"glibc": ["UTF-16LE"], "icu": ["UTF-16LE"], "python": ["utf_16_le"]},
    "UTF-16BE": {"glibc": ["UTF-16BE"], "icu": ["UTF-16BE"], "python": ["utf_16_be"]},
    "UCS-2": {"glibc": ["UCS-2"], "icu": [], "python": []},
    "UCS-2LE": {"glibc": ["UCS-2LE"], "icu": [], "python": []},
    "UCS-2BE": {"glibc": ["UCS-2BE"], "icu": [], "python": []},
    "UTF-32": {"glibc": ["UTF-32"], "icu": ["UTF-32"], "python": ["utf_32"]},
    "UTF-32LE": {"glibc": ["UTF-32LE"], "icu": ["UTF-32LE"], "python": ["utf_32_le"]},
    "UTF-32BE": {"glibc": ["UTF-32BE"], "icu": ["UTF-32BE"], "python": ["utf_32_be"]},
    "ISO-8859-1": {"glibc": ["ISO-8859-1"], "icu": ["ISO-8859-1"], "python": ["latin_1"]},
    "US-ASCII": {"glibc": ["ANSI_X3.4-1968"], "icu": ["US-ASCII"], "python": ["ascii"]},
    "GB2312": {"glibc": ["EUC-CN"], "icu": ["ibm-1383"], "python": ["gb2312"]},
    "GBK": {"glibc": ["GBK"], "icu": ["GBK", "windows-936"], "python": ["gbk"]},
    "GB18030": {"glibc": ["GB18030"], "icu": ["gb18030"], "python": ["gb18030"]},
    "Big5": {"glibc": ["BIG5", "BIG5-HKSCS"], "icu": ["windows-950", "ibm-1373", "ibm-1375"],
             "python": ["big5", "big5hkscs", "cp950"]},
    "Shift_JIS": {"glibc": ["SJIS", "WINDOWS-31J"], "icu": ["ibm-943_P15A-2003", "ibm-943_P130-1999"],
                  "python": ["shift_jis", "cp932"]},
    "EUC-KR": {"glibc": ["EUC-KR", "UHC"], "icu": ["EUC-KR", "windows-949"],
               "python": ["euc_kr", "cp949"]},
    "IBM866": {"glibc": ["IBM866"], "icu": ["ibm-866"], "python": ["cp866"]},
    "KOI8-R": {"glibc": ["KOI8-R"], "icu": ["KOI8-R"], "python": ["koi8_r"]},
    "KOI8-U": {"glibc": ["KOI8-U"], "icu": ["KOI8-U"], "python": ["koi8_u"]},
    "macintosh": {"glibc": ["MACINTOSH"], "icu": ["macos-0_2-10.2"], "python": ["mac_roman"]},
    "x-mac-cyrillic": {"glibc": ["MAC-CYRILLIC"], "icu": ["macos-7_3-10.2"],
                       "python": ["mac_cyrillic"]},
    "windows-874": {"glibc": ["WINDOWS-874"], "icu": ["windows-874"], "python": ["cp874"]},
    "EUC-JP": {"glibc": ["EUC-JP"], "icu": ["EUC-JP"], "python": ["euc_jp"]},
    "ISO-2022-JP": {"glibc": ["ISO-2022-JP"], "icu": ["ISO-2022-JP"], "python": ["iso2022_jp"]},
    "ISO-8859-8-I": {"glibc": [], "icu": [], "python": []},
}
for _n in (2, 3, 4, 5, 6, 7, 8, 10, 13, 14, 15, 16):
    EXISTING["ISO-8859-%d" % _n] = {"glibc": ["ISO-8859-%d" % _n], "icu": ["ISO-8859-%d" % _n],
                                    "python": ["iso8859_%d" % _n]}
for _n in range(1250, 1259):
    EXISTING["windows-%d" % _n] = {"glibc": ["WINDOWS-%d" % _n], "icu": ["windows-%d" % _n],
                                   "python": ["cp%d" % _n]}
# glibc modules whose tables are those of a charset here (checked byte by byte against
# glibc's converter), and charsets added since issue 18 that glibc has: their glibc names too.
GLIBC_MORE = {
    "ISO-8859-13": ["IBM921"], "windows-1251": ["IBM5347"], "windows-1256": ["IBM9448"],
    "IBM838": ["IBM9030"], "EUC-TW": ["EUC-TW"], "JOHAB": ["JOHAB"],
}
# Names of glibc's built-in converters that gconv-modules does not list: its UCS-4 (read
# here as UTF-32, as `UCS-4` already is) and WCHAR_T (UCS-4 in the machine's byte order,
# little-endian on the x86-64 and ARM64 Linux systems this tool is built for).
GLIBC_BUILTIN = {
    "UTF-32": ["ISO-10646", "ISO-10646/UCS4", "10646-1:1993", "10646-1:1993/UCS4",
               "OSF00010104", "OSF00010105", "OSF00010106"],
    "UTF-32LE": ["WCHAR_T"],
}
# Code pages of codepages.py that transcode already has under another name.
SAME = {"MacRoman": "macintosh", "MacCyrillic": "x-mac-cyrillic",
        "MacUkrainian": "x-mac-cyrillic"}
# Python's UTF-8 with a BOM: the same encoding, written with a BOM and read with one removed.
PYTHON_EXTRA = {"utf_8_sig": "UTF-8"}


def key(name):
    """transcode's fallback matching: case-insensitive, '-', '_', '.', ':' and spaces ignored."""
    return re.sub(r"[-_.: ]", "", name.lower())


def glibc_groups(g):
    """{glibc canonical module name: set(all names)} from gconv-modules, plus glibc's built-in
    names grouped by what they do."""
    target = {}
    modules = set()
    files = glob.glob("/usr/lib/*/gconv/gconv-modules") + \
        glob.glob("/usr/lib/*/gconv/gconv-modules.d/*.conf")
    for path in files:
        for line in open(path, encoding="latin-1"):
            f = line.split()
            if len(f) >= 3 and f[0] == "alias":
                # iconv -l prints names in capitals (OSF0004000a is OSF0004000A there).
                target[f[1].rstrip("/").upper()] = f[2].rstrip("/")
            if len(f) >= 3 and f[0] == "module":
                modules.update(x.rstrip("/") for x in f[1:3])
    names = g.names()
    groups = {}
    chars = "A\n\u00e9\u00a4\u20ac\u0430\u05d0\u0e01\u4e2d\u3042\uac00\uff21\U0001F600"
    seqs = [b"\x00A", b"A\x00", b"\xfe\xff\x00A", b"\xff\xfeA\x00", b"\x00\x00\x00A",
            b"A\x00\x00\x00", b"\xa1\xa1", b"\x81\x40", b"\xe4\xb8\xad"]

    def fingerprint(n):
        """What the name does: each probe character encoded alone, each byte and a few byte
        sequences decoded alone. Two built-in names that agree on all of it are one encoding."""
        try:
            enc = g._open(n, "UTF-32LE")
            dec = g._open("UTF-32LE", n)
        except KeyError:
            return None
        out = tuple(g._convert(enc, c.encode("utf-32-le")) for c in chars)
        out += tuple(g._convert(dec, bytes([b])) for b in range(256))
        out += tuple(g._convert(dec, x) for x in seqs)
        g.libc.iconv_close(enc)
        g.libc.iconv_close(dec)
        return out

    for n in names:
        t = target.get(n.upper(), n)
        groups.setdefault(t, set()).add(n)
    # Built-in names (UTF-8, UCS-4 ...) are not in gconv-modules: group them by behaviour.
    singles = [t for t, ns in groups.items()
               if ns == {t} and t not in target.values() and t not in modules]
    fp = {}
    for t in singles:
        fp.setdefault(fingerprint(t), []).append(t)
    for f, ts in fp.items():
        if f is None or len(ts) < 2:
            continue
        head = ts[0]
        for t in ts[1:]:
            groups[head] |= groups.pop(t)
    return groups


def transcode_labels(exe):
    out = subprocess.run([exe, "--list"], stdout=subprocess.PIPE, text=True, check=True).stdout
    labels = {}
    for line in out.splitlines():
        line = re.sub(r"\s*\(.*\)$", "", line)
        name, _, rest = line.partition(":")
        name = name.strip()
        for l in [name] + rest.split():
            labels[l.lower()] = name
    return labels


def transcode_accepts(exe, name):
    r = subprocess.run([exe, "-f", name, "-t", "UTF-8"], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return r.returncode == 0


def transcode_resolves(labels, name):
    if name.lower() in labels:
        return labels[name.lower()]
    k = key(name)
    for l, enc in labels.items():
        if key(l) == k:
            return enc
    return None


def main():
    tools = load.Tools()
    exe = load.find_transcode()
    if not exe:
        sys.exit("build transcode first: cargo build --release")
    labels = transcode_labels(exe)
    groups = glibc_groups(tools.glibc)
    member = {}
    for t, ns in groups.items():
        for n in ns:
            member[n.upper()] = t
    icu = tools.icu.converters()
    py_aliases = __import__("encodings.aliases").aliases.aliases

    # encoding -> {"glibc": [...], "icu": [...], "python": [...]} of peer names
    targets = {}
    for cp in codepages.CODEPAGES:
        if cp["name"] in SAME:
            continue
        p = cp["peers"]
        glibc_name = cp["source"][1] if cp["source"][0] == "glibc" else p.get("glibc")
        targets[cp["name"]] = {
            "glibc": [glibc_name] if glibc_name else [],
            "icu": [p["icu"]] if "icu" in p and cp["name"] not in ("TIS-620",) else [],
            "python": [p["python"]] if "python" in p and cp["name"] not in (
                "MacCentralEurope",) else [],
        }
    targets["MacCentralEurope"]["python"] = ["mac_latin2"]
    for name, t in EXISTING.items():
        targets[name] = t
    targets["CP437-graphic"] = {"glibc": [], "icu": [], "python": []}
    for enc, more in GLIBC_MORE.items():
        targets.setdefault(enc, {"glibc": [], "icu": [], "python": []})["glibc"] += more

    rows = {}  # (encoding, alias) -> {source: peer encoding name}

    def add(enc, alias, source, peer_name):
        rows.setdefault((enc, alias), {})[source] = peer_name

    for ours, existing in SAME.items():
        add(existing, ours, "ours", ours)
    for enc, t in targets.items():
        add(enc, enc, "ours", enc)
        for gname in t["glibc"]:
            grp = member.get(gname.upper())
            if grp is None:
                continue
            for n in sorted(groups[grp]):
                add(enc, n, "glibc", grp)
        for iname in t["icu"]:
            canon = tools.icu.canonical(iname)
            if canon is None:
                continue
            for a in [canon] + icu.get(canon, []):
                add(enc, a, "icu", canon)
        for pname in t["python"]:
            mod = codecs.lookup(pname).name.replace("-", "_")
            modname = pname if pname in ("utf_8", "latin_1", "ascii") else mod
            norm = codecs.lookup(pname).name
            names = {pname, mod, norm}
            names |= {a for a, m in py_aliases.items() if m == pname or m == mod}
            for n in sorted(names):
                add(enc, n, "python", norm)
    for enc, names in GLIBC_BUILTIN.items():
        for n in names:
            add(enc, n, "glibc", "built-in")
    add_libiconv(rows, targets)
    for pname, enc in PYTHON_EXTRA.items():
        norm = codecs.lookup(pname).name
        for n in sorted({pname, norm, pname.replace("_", "-")} |
                        {a for a, m in py_aliases.items() if m == pname}):
            add(enc, n, "python", norm)

    # Collisions: one spelling (after transcode's matching) tied to two encodings.
    meanings = {}
    for (enc, alias), src in rows.items():
        meanings.setdefault(key(alias), {}).setdefault(enc, set()).update(src)

    lines = ["\t".join(["encoding", "alias", "sources", "peer_encoding", "transcode_today",
                        "collision"])]
    lacking = []
    order = list(targets) + [e for e, _ in rows if e not in targets]
    for (enc, alias) in sorted(rows, key=lambda r: (order.index(r[0]), key(r[1]), r[1])):
        src = rows[(enc, alias)]
        sources = ",".join(s for s in ("ours", "glibc", "icu", "python", "libiconv") if s in src)
        peer_enc = "; ".join("%s=%s" % (s, src[s]) for s in ("glibc", "icu", "python", "libiconv")
                             if s in src)
        ok = transcode_accepts(exe, alias)
        today = transcode_resolves(labels, alias) if ok else None
        if ok:
            status = "yes" if today in (enc, None) else "yes, as %s" % today
        else:
            status = "no"
            lacking.append((enc, alias))
        m = meanings[key(alias)]
        collision = ""
        if len(m) > 1:
            collision = "means " + "; ".join(
                "%s in %s" % (e, ",".join(sorted(ss - {"ours"})) or "our naming")
                for e, ss in sorted(m.items()))
        if ok and today not in (enc, None):
            collision = (collision + "; " if collision else "") + "transcode today: %s" % today
        if collision:
            collision += "; proposed: %s" % propose(m, today)
        lines.append("\t".join([enc, alias, sources, peer_enc, status, collision]))
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote %s: %d rows, %d names today's transcode does not accept" % (
        OUT, len(lines) - 1, len(lacking)))


# GNU libiconv's names (../shared/conformance/libiconv/aliases.tsv, its encodings*.def written
# out). A libiconv charset joins ours when one of its names is already a name of ours for it.
# Left out: libiconv's raw 94x94 sets (JIS_X0208, KSC_5601 ...: two bytes without the EUC
# high bits), whose names WHATWG or glibc give to the EUC encodings.
LIBICONV_TSV = os.path.join(load.REPO, "..", "shared", "conformance", "libiconv", "aliases.tsv")
LIBICONV_SKIP = {"JIS_X0208", "JIS_X0212", "GB_2312-80", "KSC_5601", "ISO-IR-165"}


# libiconv's names that are no name of ours or the peers' for the same charset.
LIBICONV_SAME = {"MacRomania": "MacRomanian", "MacUkraine": "x-mac-cyrillic",
                 "GB18030:2022": "GB18030", "BIG5-HKSCS": "Big5-HKSCS"}


def add_libiconv(rows, targets):
    """Adds libiconv's names of every charset of `targets` to `rows` (source "libiconv")."""
    names = {}
    for (enc, alias) in rows:
        names.setdefault(key(alias), set()).add(enc)
    for enc in targets:
        names.setdefault(key(enc), set()).add(enc)
    with open(LIBICONV_TSV, encoding="utf-8") as f:
        lines = f.read().splitlines()[1:]
    for line in lines:
        first, others = line.split("\t")[:2]
        if first in LIBICONV_SKIP:
            continue
        group = [first] + others.split()
        found = set()
        for n in group:
            found |= names.get(key(n), set())
        if first in LIBICONV_SAME:
            found = {LIBICONV_SAME[first]}
        own = [e for e in found if key(e) == key(first)]
        if len(found) > 1 and len(own) == 1:
            found = set(own)  # the charset whose own name libiconv's first name is
        if len(found) != 1:
            if found:
                print("libiconv %s matches %s: left out" % (first, sorted(found)))
            continue
        enc = found.pop()
        for n in group:
            rows.setdefault((enc, n), {})["libiconv"] = first


def propose(m, today):
    """A resolution in the spirit of README's rule: a label means what the charset's own
    standard, glibc and Python say, not a browser's substitute (as latin1 and ascii already)."""
    def score(e):
        ss = m[e]
        return (("glibc" in ss) + ("python" in ss), "icu" in ss, "ours" in ss)
    best = max(m, key=score)
    if len(m) == 1:
        return "%s, as %s say (transcode's WHATWG reading %s is not that charset)" % (
            best, "/".join(sorted(m[best] - {"ours"})) or "the name", today)
    return "%s (%s; the others: %s)" % (best, "/".join(sorted(m[best] - {"ours"})),
                                        ", ".join(e for e in sorted(m) if e != best))


if __name__ == "__main__":
    main()
