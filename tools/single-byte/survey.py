"""Print every disagreement between each code page's source and its peers (for a person
deciding what goes into decisions.py). Usage: survey.py [NAME...]"""

import sys

import codepages
import load
import table as tablemod
from compare import PeerDiff, fmt, fmt_byte


def main(names):
    tools = load.Tools()
    for cp in codepages.CODEPAGES:
        if names and cp["name"] not in names:
            continue
        src, _ = tools.source(cp)
        t = tablemod.build(cp, src)
        print("=== %s  (source %s)  decode-only %s" % (
            cp["name"], cp["source"][:2], [hex(b) for b in sorted(t.decode_only)]))
        extra = [c[0] for c in t.decode if len(c) == 1]
        for kind, name in cp["peers"].items():
            p = tools.peer(kind, name, extra)
            if p is None:
                print("  %s %s: absent" % (kind, name))
                continue
            d = PeerDiff(t, p)
            if d.agrees:
                print("  %s %s: agrees" % (kind, name))
            else:
                print("  %s %s: %d decode, %d encode differences" % (
                    kind, name, len(d.decode), len(d.encode)))
                for b, a, c in d.decode[:40]:
                    print("     byte 0x%02X: table %s, peer %s" % (b, fmt(a), fmt(c)))
                for c, tb, pb, k in d.encode[:40]:
                    print("     char %s: table %s, peer %s (%s)" % (fmt(c), fmt_byte(tb),
                                                                 fmt_byte(pb), k))
            for attr in ("fallbacks", "default_fallbacks", "multi"):
                v = getattr(p, attr, None)
                if v:
                    items = list(v.items())
                    print("     %s %s: %d e.g. %s" % (kind, attr, len(v), ", ".join(
                        "%s->%s" % (fmt(c), b.hex() if isinstance(b, bytes) else fmt_byte(b))
                        for c, b in items[:8])))
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
