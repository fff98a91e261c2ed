"""Read a glibc locale charmap (localedata/charmaps/NAME[.gz], the POSIX charmap format).

Returns a list of (bytes, str, flag) in file order, where flag is '' for a normal line,
'IRREVERSIBLE' for lines glibc marks '%IRREVERSIBLE%' (bytes -> Unicode only), and 'SEQUENCE'
for the commented-out lines '%<Uxxxx><Uyyyy> /x..' that map one code to several code points.
Ranges <Uxxxx>..<Uyyyy> /xAA/xBB (byte sequences counting up with the code points) are
expanded. Only the CHARMAP section is read.
"""
import gzip
import os
import re

CHARMAP_DIRS = ["/usr/share/i18n/charmaps"]

_LINE = re.compile(r"^(%IRREVERSIBLE%|%)?((?:<U[0-9A-Fa-f]+>)+)(?:\.\.(<U[0-9A-Fa-f]+>))?\s+((?:/x[0-9a-fA-F]{2})+)")
_CP = re.compile(r"<U([0-9A-Fa-f]+)>")


def path_of(name):
    for d in CHARMAP_DIRS:
        for p in (os.path.join(d, name + ".gz"), os.path.join(d, name)):
            if os.path.exists(p):
                return p
    raise FileNotFoundError(f"glibc charmap {name} not found (apt-get install locales)")


def read_text(name):
    p = path_of(name)
    op = gzip.open if p.endswith(".gz") else open
    with op(p, "rt", encoding="latin-1") as f:
        return f.read()


def parse(name):
    out = []
    inside = False
    for line in read_text(name).splitlines():
        if line.startswith("CHARMAP"):
            inside = True
            continue
        if line.startswith("END CHARMAP"):
            break
        if not inside:
            continue
        m = _LINE.match(line)
        if not m:
            continue
        irrev, cps, end, bs = m.groups()
        cps = [int(x, 16) for x in _CP.findall(cps)]
        b = bytes(int(x, 16) for x in bs.split("/x")[1:])
        if irrev == "%":
            # A commented-out line: glibc writes the mappings to a sequence of code points
            # (base + combining mark) this way, since a locale charmap cannot hold them; its
            # iconv modules implement them. Any other commented mapping is not taken.
            if len(cps) < 2:
                continue
            flag = "SEQUENCE"
        else:
            flag = "IRREVERSIBLE" if irrev else ""
        if end:
            last = int(end[2:-1], 16)
            n = last - cps[0]
            v = int.from_bytes(b, "big")
            for i in range(n + 1):
                out.append(((v + i).to_bytes(len(b), "big"), chr(cps[0] + i), flag))
        else:
            out.append((b, "".join(chr(c) for c in cps), flag))
    return out


def header_comments(name, limit=40):
    """The leading '%' comment lines of the charmap (for provenance notes)."""
    lines = []
    for line in read_text(name).splitlines()[:limit]:
        if line.startswith("%"):
            lines.append(line[1:].strip())
    return lines
