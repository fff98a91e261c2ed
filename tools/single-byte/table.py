"""The table a code page ends up with: its source, with the choices of decisions.py applied.

A table is 256 decode entries (a tuple of code points, empty for unassigned), the encoder they
imply (each decoded character or sequence to the lowest byte that decodes to it; the other bytes
that decode to it are "decode-only"), and encode-only extras (normally none).
"""

import decisions


class Table:
    def __init__(self, name, decode, extras=None, prefer=None):
        """`prefer`: the source's own encoder, consulted where several bytes decode to one
        character (the byte it writes wins; without it, the lowest byte wins)."""
        self.name = name
        self.decode = list(decode)
        self.encode = {}
        self.decode_only = set()
        owners = {}
        for b, cps in enumerate(self.decode):
            if cps:
                owners.setdefault(cps[0] if len(cps) == 1 else tuple(cps), []).append(b)
        for key, bs in owners.items():
            chosen = bs[0]
            if prefer and prefer.get(key) in bs:
                chosen = prefer[key]
            self.encode[key] = chosen
            self.decode_only.update(b for b in bs if b != chosen)
        self.extras = dict(extras or {})  # code point -> byte, encode-only
        for cp, b in self.extras.items():
            self.encode.setdefault(cp, b)


def build(cp, source_mapping):
    """Apply the per-code-page decisions (byte overrides) to the source's decode table."""
    decode = list(source_mapping.decode)
    for b, (cps, _why) in decisions.OVERRIDES.get(cp["name"], {}).items():
        decode[b] = tuple(cps)
    extras = {c: b for c, (b, _why) in decisions.EXTRAS.get(cp["name"], {}).items()}
    prefer = source_mapping.encode if cp["source"][0] in ("icu", "python", "glibc") else None
    return Table(cp["name"], decode, extras, prefer)
