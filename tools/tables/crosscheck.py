#!/usr/bin/env python3
"""Compare the reference model of each CJK codec (model.py, built from data/cjk/*.txt) with
every peer that has the encoding: CPython codecs, glibc iconv, ICU, encoding_rs (WHATWG).

    python3 tools/tables/crosscheck.py                 # every encoding
    python3 tools/tables/crosscheck.py CP950 JOHAB     # some
    python3 tools/tables/crosscheck.py --quick         # skip the full encoder scan

Decode: every code of the encoding's code space (model.codespace(): every single high byte
and every lead/trail pair, every EUC-TW / EUC-JP three- and four-byte form), each on its own
from the initial state, strict (a peer's error is '-'). Where a peer decodes a pair as its
two bytes separately (a C1 lead byte then ASCII or another single byte), the pair is counted
as agreeing: the single-byte rows already show that difference.
Encode: every character or sequence that the model or any peer decodes to, and (unless
--quick) every Unicode scalar value from U+0080 to U+10FFFF, each on its own.

Writes data/cjk/crosscheck/ENCODING.tsv (only the disagreements; runs of consecutive codes
that disagree the same way are folded into one 'first..last' line) and
data/cjk/crosscheck/summary.md (counts). Needs: python3, glibc iconv; ICU (apt-get install
libicu-dev) and cargo (for encoding_rs) are used when present.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402
import peers  # noqa: E402

OUT = os.path.join(model.DATA, "crosscheck")

PEERS = {
    "EUC-TW": ["glibc:EUC-TW", "icu:EUC-TW"],
    "Big5-HKSCS": ["glibc:BIG5-HKSCS", "python:big5hkscs", "icu:Big5-HKSCS", "whatwg:big5"],
    "CP950": ["python:cp950", "glibc:CP950", "icu:windows-950-2000", "whatwg:big5", "python:big5"],
    "EUC-KR": ["glibc:EUC-KR", "python:euc_kr", "icu:EUC-KR", "whatwg:euc-kr"],
    "CP949": ["glibc:UHC", "python:cp949", "icu:windows-949-2000", "whatwg:euc-kr"],
    "JOHAB": ["glibc:JOHAB", "python:johab"],
    "Shift_JIS": ["glibc:SJIS", "python:shift_jis", "icu:ibm-943_P130-1999", "whatwg:shift_jis"],
    "EUC-JP": ["glibc:EUC-JP", "python:euc_jp", "icu:ibm-954_P101-2007", "whatwg:euc-jp"],
    "CP932": ["glibc:CP932", "python:cp932", "icu:windows-31j", "whatwg:shift_jis"],
    "EUC-JIS-2004": ["glibc:EUC-JISX0213", "python:euc_jis_2004", "python:euc_jisx0213"],
    "Shift_JIS-2004": ["glibc:SHIFT_JISX0213", "python:shift_jis_2004", "python:shift_jisx0213"],
    "CP936": ["icu:windows-936-2000", "glibc:GBK", "python:cp936", "whatwg:gbk"],
    "GB18030-2005": ["icu:gb18030", "python:gb18030", "glibc:GB18030", "whatwg:gb18030"],
}


def hx(s):
    if s is None:
        return "-"
    return "+".join("%04X" % ord(c) for c in s)


def hb(b):
    if b is None:
        return "-"
    return b.hex().upper() if b else "(empty)"  # a peer that drops the character silently


def all_scalars():
    for cp in range(0x80, 0x110000):
        if not 0xD800 <= cp < 0xE000:
            yield chr(cp)


SPECIAL = ("=", "-", "(empty)")


def _step(a, b):
    if a == b and a in SPECIAL:
        return True
    try:
        return "+" not in a and "+" not in b and int(b, 16) == int(a, 16) + 1
    except ValueError:
        return False


def _kind(v):
    return v if v in SPECIAL else "x"


def _fold_steps(rows):
    """Fold consecutive keys whose columns each stay '=' / '-' / '(empty)' or step by one."""
    out = []
    for key, label, vals in rows:
        c = out[-1] if out else None
        if c and key == c["next"] and all(_step(x, y) for x, y in zip(c["last"], vals)):
            c.update(n=c["n"] + 1, last=vals, next=key + 1, label2=label)
        else:
            out.append({"first": vals, "last": vals, "n": 1, "label": label, "label2": label,
                        "next": key + 1, "varies": [False] * len(vals)})
    return out


def fold(rows, ncols, long_run=16):
    """rows: [(key_int, key_str, [ours, p1, p2..])], values are strings ('-' = error).
    Consecutive keys that disagree the same way (same '=' / '-' / value pattern per column)
    are folded: into 'first..last' where every column steps by one code, and, for runs of at
    least long_run codes, also where some column's values do not step ('varies'; the values
    are then those of a table in data/cjk or of the peer itself)."""
    groups = []
    for r in rows:
        sig = [_kind(v) for v in r[2]]
        g = groups[-1] if groups else None
        if g and r[0] == g["next"] and sig == g["sig"]:
            g["rows"].append(r)
            g["next"] = r[0] + 1
        else:
            groups.append({"sig": sig, "rows": [r], "next": r[0] + 1})
    runs = []
    for g in groups:
        steps = _fold_steps(g["rows"])
        if len(g["rows"]) >= long_run and len(steps) > 1:
            first, last = g["rows"][0], g["rows"][-1]
            cols = []
            for j in range(len(first[2])):
                col = [r[2][j] for r in g["rows"]]
                if all(_step(x, y) for x, y in zip(col, col[1:])):
                    cols.append(col[0] if col[0] in SPECIAL else f"{col[0]}..{col[-1]}")
                else:
                    cols.append("varies")
            runs.append([f"{first[1]}..{last[1]} ({len(g['rows'])})"] + cols)
        else:
            for c in steps:
                if c["n"] == 1:
                    runs.append([c["label"]] + c["first"])
                else:
                    runs.append([f"{c['label']}..{c['label2']} ({c['n']})"]
                                + [a if a in SPECIAL else f"{a}..{b}" for a, b in zip(c["first"], c["last"])])
    return runs


def mark(ours, theirs):
    return "=" if theirs == ours else theirs


def run(name, quick):
    m = model.MODELS[name]()
    ps = []
    for spec in PEERS[name]:
        p = peers.try_make(spec)
        if p is None:
            print(f"  {spec}: not available, skipped", file=sys.stderr)
            continue
        ps.append(p)
    labels = [p.label + (f" ({p.canonical})" if getattr(p, "canonical", None) and p.canonical != p.label.split(":")[1] else "")
              for p in ps]
    stats = {p.label: {"dec_same": 0, "dec_ours_only": 0, "dec_peer_only": 0, "dec_differ": 0,
                       "enc_same": 0, "enc_ours_only": 0, "enc_peer_only": 0, "enc_differ": 0}
             for p in ps}

    # ---- decode
    codes = m.codespace()
    res = [peers.decode_many(p, codes) for p in ps]
    # A peer that decodes a lead byte on its own (glibc and ICU map the C1 bytes 80..9F of the
    # EUC encodings to U+0080..U+009F) decodes each pair starting with it as that byte plus
    # the trail. Those pairs add nothing to the single-byte row: count them as agreeing.
    single = [dict(zip([c for c in codes if len(c) == 1], peers.decode_many(p, [c for c in codes if len(c) == 1])))
              for p in ps]
    for j, p in enumerate(ps):
        r = res[j]
        for i, c in enumerate(codes):
            if len(c) > 1 and r[i] is not None and m.decode(c) is None:
                head = single[j].get(c[:1])
                if head is not None and r[i] == head + c[1:].decode("latin-1") and all(x < 0x80 for x in c[1:]):
                    r[i] = None
                elif head is not None and len(c) == 2 and single[j].get(c[1:]) is not None and r[i] == head + single[j][c[1:]]:
                    r[i] = None
    drows = []
    texts = set(m.enc)
    for i, c in enumerate(codes):
        ours = m.decode(c)
        theirs = [r[i] for r in res]
        for p, t in zip(ps, theirs):
            st = stats[p.label]
            if t is not None:
                texts.add(t)
            if t == ours:
                if ours is not None:
                    st["dec_same"] += 1
            elif t is None:
                st["dec_ours_only"] += 1
            elif ours is None:
                st["dec_peer_only"] += 1
            else:
                st["dec_differ"] += 1
        if any(t != ours for t in theirs):
            drows.append((int.from_bytes(c, "big") + (len(c) << 40), c.hex().upper(),
                          [hx(ours)] + [mark(hx(ours), hx(t)) for t in theirs]))

    # ---- encode
    cand = set(texts)
    if not quick:
        cand.update(all_scalars())
    cand.discard("")
    cand = sorted(cand, key=lambda s: [ord(x) for x in s])
    cand = [s for s in cand if not (len(s) == 1 and ord(s) < 0x80)]
    eres = [peers.encode_many(p, cand) for p in ps]
    erows = []
    for i, s in enumerate(cand):
        ours = m.encode(s)
        theirs = [r[i] for r in eres]
        for p, t in zip(ps, theirs):
            st = stats[p.label]
            if t == ours:
                if ours is not None:
                    st["enc_same"] += 1
            elif t is None:
                st["enc_ours_only"] += 1
            elif ours is None:
                st["enc_peer_only"] += 1
            else:
                st["enc_differ"] += 1
        if any(t != ours for t in theirs):
            key = ord(s) if len(s) == 1 else -10 * (i + 2)  # sequences are never folded
            erows.append((key, hx(s), [hb(ours)] + [mark(hb(ours), hb(t)) for t in theirs]))

    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name + ".tsv"), "w") as f:
        f.write(f"# {name}: reference model (data/cjk, tools/tables/model.py) vs peers; only disagreements.\n")
        f.write("# '=' the peer agrees with ours, '-' error (no mapping), '(empty)' the peer writes nothing and reports no error;\n# 'a..b (n)' folds n consecutive codes; 'varies' (runs of 16 or more only): the column disagrees throughout but\n# its values do not step by one (see the peer or the table in data/cjk for each value).\n")
        f.write("# generated by: python3 tools/tables/crosscheck.py " + name + "\n")
        f.write("\t".join(["dir", "input", "ours"] + labels) + "\n")
        for line in fold(drows, len(ps)):
            f.write("\t".join(["decode"] + line) + "\n")
        for line in fold(erows, len(ps)):
            f.write("\t".join(["encode"] + line) + "\n")
    return m, ps, labels, stats, len(codes), len(cand)


def main(argv):
    quick = "--quick" in argv
    names = [a for a in argv if not a.startswith("--")] or list(PEERS)
    summary = []
    for n in names:
        t0 = time.time()
        print(f"{n} ...", file=sys.stderr)
        m, ps, labels, stats, ncodes, ntexts = run(n, quick)
        summary.append((n, m, ps, labels, stats, ncodes, ntexts))
        print(f"{n}: {time.time() - t0:.0f} s", file=sys.stderr)
    path = os.path.join(OUT, "summary.md" if not quick else "summary-quick.md")
    old = {}
    if os.path.exists(path) and len(names) < len(PEERS):
        # keep the sections of encodings not re-run
        cur = None
        for line in open(path):
            if line.startswith("## "):
                cur = line[3:].strip()
                old[cur] = []
            if cur:
                old[cur].append(line)
    sections = {}
    for n, m, ps, labels, stats, ncodes, ntexts in summary:
        lines = [f"## {n}\n", "\n",
                 f"Model: {len(m.dec)} valid non-ASCII codes, {len(m.enc)} encodable characters or sequences. "
                 f"Decoded {ncodes} codes; encoded {ntexts} characters/sequences.\n", "\n",
                 "| peer | decode: same | we decode, peer rejects | peer decodes, we reject | both decode, differ | encode: same | we encode, peer rejects | peer encodes, we reject | both encode, differ |\n",
                 "|---|---|---|---|---|---|---|---|---|\n"]
        for p, lab in zip(ps, labels):
            s = stats[p.label]
            lines.append(f"| {lab} | {s['dec_same']} | {s['dec_ours_only']} | {s['dec_peer_only']} | {s['dec_differ']} | "
                         f"{s['enc_same']} | {s['enc_ours_only']} | {s['enc_peer_only']} | {s['enc_differ']} |\n")
        lines.append("\n")
        sections[n] = lines
    with open(path, "w") as f:
        f.write("# Cross-check counts (generated by tools/tables/crosscheck.py; details in ENCODING.tsv)\n\n")
        f.write(f"Peers: glibc {peers.glibc_version()}, Python {sys.version.split()[0]}"
                + (f", ICU {peers.icu_version()}" if peers.icu_available() else "")
                + ", encoding_rs 0.8 (WHATWG).\n\n")
        for n in PEERS:
            if n in sections:
                f.writelines(sections[n])
            elif n in old:
                f.writelines(old[n])
    print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
