"""Compare a table with one peer: every byte decoded, every character encoded."""


def fmt(cps):
    if cps is None:
        return "-"
    if isinstance(cps, int):
        cps = (cps,)
    if not cps:
        return "unassigned"
    return " ".join("U+%04X" % c for c in cps)


def fmt_byte(b):
    return "-" if b is None else "0x%02X" % b


class PeerDiff:
    def __init__(self, table, peer):
        self.decode = []        # (byte, table's, peer's)
        self.encode = []        # (char, table's byte, peer's byte, kind)
        for b in range(256):
            if tuple(table.decode[b]) != tuple(peer.decode[b]):
                self.decode.append((b, tuple(table.decode[b]), tuple(peer.decode[b])))
        explained = set()
        for b, t, p in self.decode:
            for cps in (t, p):
                if cps:
                    explained.add(cps[0] if len(cps) == 1 else tuple(cps))
        keys = set(table.encode) | set(peer.encode)
        for c in sorted(keys, key=lambda k: k if isinstance(k, tuple) else (k,)):
            tb, pb = table.encode.get(c), peer.encode.get(c)
            if tb == pb:
                continue
            if pb is not None and tuple(peer.decode[pb]) != ((c,) if isinstance(c, int) else c):
                kind = "peer encodes one-way"
            elif c in explained:
                continue
            elif pb is None:
                kind = "peer does not encode it"
            else:
                kind = "different byte"
            self.encode.append((c, tb, pb, kind))

    @property
    def agrees(self):
        return not self.decode and not self.encode
