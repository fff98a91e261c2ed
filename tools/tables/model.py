"""Reference model of each stateless CJK codec, built only from data/cjk/*.txt and the
algorithms the README describes (Shift_JIS transform, UHC hangul, JOHAB hangul, user-defined
areas). This is the executable form of data/cjk/README.md: crosscheck.py compares it with the
peers, and the Rust generator must produce the same mapping.

Each model is a Codec with
  dec: dict bytes -> str        every valid non-ASCII code and what it decodes to
  enc: dict str -> bytes        what the encoder writes for a character (or sequence)
  codespace(): list of bytes    every code a peer might answer for (valid or not)
"""
import os

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(ROOT, "data", "cjk")


def load(name):
    """[(code, text, flag)] from data/cjk/NAME.txt."""
    rows = []
    with open(os.path.join(DATA, name + ".txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            parts = line.rstrip("\n").split("\t")
            code, uni = parts[0], parts[1]
            flag = parts[2] if len(parts) > 2 else ""
            text = "".join(chr(int(x, 16)) for x in uni.split("+"))
            rows.append((code, text, flag))
    return rows


def gl_rows(name):
    """For 94x94 tables: [((plane, row, cell), text, flag)] with row/cell as 0x21..0x7E."""
    out = []
    for code, text, flag in load(name):
        plane = None
        if "-" in code:
            p, code = code.split("-")
            plane = int(p)
        out.append(((plane, int(code[:2], 16), int(code[2:], 16)), text, flag))
    return out


class Codec:
    def __init__(self, name):
        self.name = name
        self.dec = {}
        self.enc = {}

    def add(self, b, text, flag=""):
        if flag != "E":
            self.dec[b] = text
        if flag in ("", "E", "2004"):
            self.enc.setdefault(text, b)

    def decode(self, b):
        if len(b) == 1 and b[0] < 0x80 and b not in self.dec:
            return chr(b[0])
        return self.dec.get(b)

    def encode(self, s):
        if len(s) == 1 and ord(s) < 0x80 and s.encode("ascii") not in self.dec:
            return s.encode("ascii")
        return self.enc.get(s)


def dbcs(leads, trails):
    return [bytes([a, b]) for a in leads for b in trails]


SINGLE_HIGH = [bytes([a]) for a in range(0x80, 0x100)]


# ------------------------------------------------------------------------------ Chinese
def euc_tw():
    c = Codec("EUC-TW")
    for (p, r, k), text, flag in gl_rows("cns11643"):
        if p == 1:
            c.add(bytes([r | 0x80, k | 0x80]), text, flag)
        c.add(bytes([0x8E, 0xA0 + p, r | 0x80, k | 0x80]), text, "D" if p == 1 else flag)
    c.codespace = lambda: SINGLE_HIGH + dbcs(range(0xA1, 0xFF), range(0xA1, 0xFF)) + [
        bytes([0x8E, p, a, b]) for p in range(0xA1, 0xB1) for a in range(0xA1, 0xFF) for b in range(0xA1, 0xFF)]
    return c


def big5_space():
    return SINGLE_HIGH + dbcs(range(0x81, 0xFF), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))


def big5hkscs():
    c = Codec("Big5-HKSCS")
    for code, text, flag in load("big5hkscs"):
        c.add(bytes.fromhex(code), text, flag)
    c.codespace = big5_space
    return c


def cp950():
    c = Codec("CP950")
    for code, text, flag in load("cp950"):
        c.add(bytes.fromhex(code), text, flag)
    c.codespace = big5_space
    return c


# ------------------------------------------------------------------------------ Korean
def ksx1001():
    return {(r, k): (text, flag) for (_, r, k), text, flag in gl_rows("ksx1001")}


def euc_kr():
    c = Codec("EUC-KR")
    for (r, k), (text, flag) in ksx1001().items():
        c.add(bytes([r | 0x80, k | 0x80]), text, flag)
    c.codespace = lambda: SINGLE_HIGH + dbcs(range(0x81, 0xFF), range(0x41, 0xFF))
    return c


UHC_TRAILS = list(range(0x41, 0x5B)) + list(range(0x61, 0x7B)) + list(range(0x81, 0xFF))


def uhc_extension_codes():
    """The CP949 (Unified Hangul Code) codes outside KS X 1001's A1-FE x A1-FE, in order:
    leads 81..A0 with all 178 trails, then leads A1..C6 with trails 41..A0 (the part below A1).
    The 8822 modern hangul syllables KS X 1001 lacks fill them in Unicode order."""
    for lead in range(0x81, 0xC7):
        for t in UHC_TRAILS:
            if lead >= 0xA1 and t >= 0xA1:
                continue
            yield bytes([lead, t])


def cp949():
    c = euc_kr()
    c.name = "CP949"
    # A2E8 (U+327E, added by KS X 1001:2002) is not in Microsoft's code page 949: glibc UHC,
    # CPython cp949, ICU windows-949-2000 and encoding_rs all reject it.
    del c.dec[b"\xa2\xe8"]
    del c.enc["\u327e"]
    in_ks = {t for t, f in ksx1001().values()}
    extra = [chr(cp) for cp in range(0xAC00, 0xD7A4) if chr(cp) not in in_ks]
    for b, ch in zip(uhc_extension_codes(), extra):
        c.add(b, ch)
    c.codespace = lambda: SINGLE_HIGH + dbcs(range(0x81, 0xFF), range(0x41, 0xFF))
    return c


# JOHAB (KS X 1001:1998 annex 3). Hangul: 1 iiiii mmmmm fffff, index tables below.
# Value -> position; position 0 is the fill code.
JOHAB_INITIAL = {1: 0, **{v: v - 1 for v in range(2, 21)}}           # 19 initials
JOHAB_MEDIAL = {2: 0}
for _i, _v in enumerate([3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23, 26, 27, 28, 29]):
    JOHAB_MEDIAL[_v] = _i + 1                                          # 21 medials
JOHAB_FINAL = {1: 0}
for _i, _v in enumerate([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]):
    JOHAB_FINAL[_v] = _i + 1                                           # 27 finals

# Compatibility jamo (U+3131..U+3163) for a code with only one part filled.
_COMPAT_INITIAL = [0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145,
                   0x3146, 0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E]
_COMPAT_FINAL = [0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313A, 0x313B,
                 0x313C, 0x313D, 0x313E, 0x313F, 0x3140, 0x3141, 0x3142, 0x3144, 0x3145, 0x3146,
                 0x3147, 0x3148, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E]


def johab_hangul(code):
    """Decode a 16-bit JOHAB hangul code (bit 15 set), or None."""
    i = JOHAB_INITIAL.get((code >> 10) & 31)
    m = JOHAB_MEDIAL.get((code >> 5) & 31)
    f = JOHAB_FINAL.get(code & 31)
    if i is None or m is None or f is None:
        return None
    if i and m:
        return chr(0xAC00 + ((i - 1) * 21 + (m - 1)) * 28 + f)
    if i and not m and not f:
        return chr(_COMPAT_INITIAL[i - 1])
    if m and not i and not f:
        return chr(0x314F + m - 1)
    if f and not i and not m:
        # Only the consonants that cannot be initials (clusters such as U+3133) exist in the
        # final-only form; the others are written as initial-only codes.
        cp = _COMPAT_FINAL[f - 1]
        return None if cp in _COMPAT_INITIAL else chr(cp)
    return None  # 8441 (all three fill codes) is unassigned; U+3164 is KS X 1001 2454 -> DAD4


def johab_of_ksx1001(r, k):
    """KS X 1001 row/cell (symbol rows 21..2C, hanja rows 4A..7D) -> JOHAB bytes. Two rows
    share a lead byte: the first row takes trail positions 0..93, the second 94..187, where
    positions 0..77 are trail bytes 31..7E and 78..187 are 91..FE."""
    if 0x21 <= r <= 0x2C:
        lead, first = 0xD9 + (r - 0x21) // 2, (r - 0x21) % 2 == 0
    elif 0x4A <= r <= 0x7D:
        lead, first = 0xE0 + (r - 0x4A) // 2, (r - 0x4A) % 2 == 0
    else:
        return None
    t = (k - 0x21) + (0 if first else 94)
    return bytes([lead, 0x31 + t if t < 78 else 0x91 + (t - 78)])


def johab():
    c = Codec("JOHAB")
    for code in range(0x8441, 0xD400):
        s = johab_hangul(code)
        if s is not None:
            c.add(code.to_bytes(2, "big"), s)
    for (r, k), (text, flag) in ksx1001().items():
        if r == 0x24 and k <= 0x53:
            continue  # the 51 modern compatibility jamo are in the hangul area
        b = johab_of_ksx1001(r, k)
        if b is not None:
            c.add(b, text, flag)
    # 5C is the WON SIGN, both ways (KS X 1001:1998 annex 3; glibc 2.36, libiconv): the one
    # byte below 80 that is not ASCII, and U+005C has no code.
    c.add(b"\x5c", "\u20a9")
    c.codespace = lambda: [b"\x5c"] + SINGLE_HIGH + dbcs(range(0x84, 0xFA), list(range(0x31, 0x7F)) + list(range(0x81, 0xFF)))
    return c


# ------------------------------------------------------------------------------ Japanese
def sjis_bytes(r, k):
    """JIS row/cell (21..7E) -> Shift_JIS bytes; rows beyond 5E go to leads E0..EF."""
    s1 = (r + 1) // 2 + (0x70 if r <= 0x5E else 0xB0)
    s2 = k + (0x1F if k <= 0x5F else 0x20) if r % 2 else k + 0x7E
    return bytes([s1, s2])


def jisx0201_kana(c):
    for b in range(0xA1, 0xE0):
        c.add(bytes([b]), chr(0xFF61 + b - 0xA1))


def yen_overline(c):
    """5C and 7E decode as ASCII; the encoder also writes U+00A5 YEN SIGN as 5C and U+203E
    OVERLINE as 7E, one way (the JIS X 0201 Roman reading), as glibc, CPython and encoding_rs do."""
    c.add(b"\x5c", "\u00a5", "E")
    c.add(b"\x7e", "\u203e", "E")


def shift_jis():
    """Strict Shift_JIS: ASCII, JIS X 0201 katakana, JIS X 0208 (no user-defined area)."""
    c = Codec("Shift_JIS")
    yen_overline(c)
    jisx0201_kana(c)
    for (_, r, k), text, flag in gl_rows("jisx0208"):
        c.add(sjis_bytes(r, k), text, flag)
    c.codespace = lambda: SINGLE_HIGH + dbcs(list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD)), range(0x40, 0xFD))
    return c


def euc_jp():
    c = Codec("EUC-JP")
    yen_overline(c)
    for b in range(0xA1, 0xE0):
        c.add(bytes([0x8E, b]), chr(0xFF61 + b - 0xA1))
    for (_, r, k), text, flag in gl_rows("jisx0208"):
        c.add(bytes([r | 0x80, k | 0x80]), text, flag)
    for (_, r, k), text, flag in gl_rows("jisx0212"):
        c.add(bytes([0x8F, r | 0x80, k | 0x80]), text, flag)
    c.codespace = lambda: SINGLE_HIGH + dbcs(range(0xA1, 0xFF), range(0xA1, 0xFF)) + dbcs([0x8E], range(0xA1, 0xE0)) + [
        bytes([0x8F, a, b]) for a in range(0xA1, 0xFF) for b in range(0xA1, 0xFF)]
    return c


def cp932():
    c = Codec("CP932")
    over = {bytes.fromhex(code): (text, flag) for code, text, flag in load("cp932")}
    yen_overline(c)
    for b, (text, flag) in over.items():
        c.add(b, text, flag)
    jisx0201_kana(c)
    for (_, r, k), text, flag in gl_rows("jisx0208"):
        b = sjis_bytes(r, k)
        if b not in over:
            c.add(b, text, flag)
    # user-defined area: leads F0..F9, 188 trails each -> U+E000..U+E757
    i = 0
    for lead in range(0xF0, 0xFA):
        for t in list(range(0x40, 0x7F)) + list(range(0x80, 0xFD)):
            c.add(bytes([lead, t]), chr(0xE000 + i))
            i += 1
    c.codespace = lambda: SINGLE_HIGH + dbcs(list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD)), range(0x40, 0xFD))
    return c


def jisx0213_planes(year=2004):
    """{(plane, row, cell): (text, flag)}: plane 1 = jisx0208 overlaid with jisx0213 plane-1 rows."""
    out = {}
    for (_, r, k), text, flag in gl_rows("jisx0208"):
        out[(1, r, k)] = (text, flag)
    for (p, r, k), text, flag in gl_rows("jisx0213"):
        if flag == "2004" and year < 2004:
            continue
        out[(p, r, k)] = (text, "" if flag == "2004" else flag)
    return out


def euc_jis_2004(year=2004):
    c = Codec("EUC-JIS-2004" if year == 2004 else "EUC-JISX0213")
    for b in range(0xA1, 0xE0):
        c.add(bytes([0x8E, b]), chr(0xFF61 + b - 0xA1))
    for (p, r, k), (text, flag) in sorted(jisx0213_planes(year).items()):
        b = bytes([r | 0x80, k | 0x80])
        c.add(b if p == 1 else b"\x8f" + b, text, flag)
    c.codespace = euc_jp().codespace
    return c


# Shift_JIS-2004 plane 2 (JIS X 0213 annex 1): each lead byte F0..FC carries two plane-2
# rows, the first with the odd-row trail bytes (40..9E), the second with the even-row ones
# (9F..FC). Rows 1,8 / 3,4 / 5,12 / 13,14 / 15,78 share F0..F4; rows 79..94 pair up on F5..FC.
SJIS2004_PLANE2 = {1: (0xF0, True), 8: (0xF0, False), 3: (0xF1, True), 4: (0xF1, False),
                   5: (0xF2, True), 12: (0xF2, False), 13: (0xF3, True), 14: (0xF3, False),
                   15: (0xF4, True), 78: (0xF4, False)}
for _row in range(79, 95):
    SJIS2004_PLANE2[_row] = (0xF5 + (_row - 79) // 2, (_row - 79) % 2 == 0)


def sjis_2004_bytes(p, r, k):
    if p == 1:
        return sjis_bytes(r, k)
    lead, first = SJIS2004_PLANE2.get(r - 0x20, (None, None))
    if lead is None:
        return None
    return bytes([lead, k + (0x1F if k <= 0x5F else 0x20) if first else k + 0x7E])


def shift_jis_2004(year=2004):
    c = Codec("Shift_JIS-2004" if year == 2004 else "Shift_JISX0213")
    # 5C and 7E are ASCII here too (glibc and CPython read them as the JIS X 0201 yen sign and
    # overline); U+00A5 and U+203E are written as them one way, as in Shift_JIS.
    yen_overline(c)
    jisx0201_kana(c)
    for (p, r, k), (text, flag) in sorted(jisx0213_planes(year).items()):
        b = sjis_2004_bytes(p, r, k)
        if b is not None:
            c.add(b, text, flag)
    c.codespace = lambda: SINGLE_HIGH + dbcs(list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD)), range(0x40, 0xFD))
    return c


def _whatwg_based(name, label, table, codes):
    """A WHATWG encoding (encoding_rs, through tools/tables/whatwg-dump) with the rows of
    data/cjk/TABLE replacing the base rows for the same codes and characters."""
    import peers
    w = peers.Whatwg(label)
    c = Codec(name)
    over = {bytes.fromhex(code): text for code, text, flag in load(table)}
    base = w.decode_many(codes)
    for b, t in zip(codes, base):
        if t is not None and b not in over:
            c.dec[b] = t
    chars = sorted(set(t for t in base if t) | set(over.values()))
    for ch, e in zip(chars, w.encode_many(chars)):
        if e is not None and e not in over:
            c.enc[ch] = e
    for b, t in over.items():
        c.dec[b] = t
        c.enc[t] = b
    c.codespace = lambda: codes
    return c


def gbk_codes():
    return SINGLE_HIGH + dbcs(range(0x81, 0xFF), list(range(0x40, 0x7F)) + list(range(0x80, 0xFF)))


def gb18030_four(n):
    b4 = n % 10; n //= 10; b3 = n % 126; n //= 126; b2 = n % 10; n //= 10
    return bytes([0x81 + n, 0x30 + b2, 0x81 + b3, 0x30 + b4])


def cp936():
    c = _whatwg_based("CP936", "gbk", "cp936", gbk_codes())
    # CP936 is double-byte only: the encoder has no four-byte form
    c.enc = {k: v for k, v in c.enc.items() if len(v) <= 2}
    return c


def gb18030_2005():
    """The GB18030-2022 of encoding_rs with the 2005 rows; code space: one and two bytes and
    the BMP four-byte area (81308130..8431A439)."""
    return _whatwg_based("GB18030-2005", "gb18030", "gb18030-2005",
                         gbk_codes() + [gb18030_four(n) for n in range(39420)])


MODELS = {
    "EUC-TW": euc_tw,
    "Big5-HKSCS": big5hkscs,
    "CP950": cp950,
    "EUC-KR": euc_kr,
    "CP949": cp949,
    "JOHAB": johab,
    "Shift_JIS": shift_jis,
    "EUC-JP": euc_jp,
    "CP932": cp932,
    "EUC-JIS-2004": euc_jis_2004,
    "Shift_JIS-2004": shift_jis_2004,
    "CP936": cp936,
    "GB18030-2005": gb18030_2005,
}


# ------------------------------------------------------------------------------ stateful
# Minimal reference decoders, strict (None on the first error), to check that the tables
# decode the CPython test files through each stateful wrapper. GB 2312 comes from CPython's
# gb2312 codec (the project's own strict GB2312 agrees with it and with glibc EUC-CN).
def _gb2312(r, k):
    try:
        return bytes([r | 0x80, k | 0x80]).decode("gb2312")
    except UnicodeError:
        return None


def hz_decode(b):
    out, i, gb = [], 0, False
    while i < len(b):
        x = b[i]
        if x == 0x7E:
            n = b[i + 1] if i + 1 < len(b) else None
            if not gb and n == 0x7E:
                out.append("~")
            elif not gb and n == 0x0A:
                pass
            elif not gb and n == 0x7B:
                gb = True
            elif gb and n == 0x7D:
                gb = False
            else:
                return None
            i += 2
        elif x >= 0x80:
            return None
        elif gb:
            if x in (0x0A, 0x0D) or i + 1 >= len(b):
                return None
            s = _gb2312(x, b[i + 1])
            if s is None:
                return None
            out.append(s)
            i += 2
        else:
            out.append(chr(x))
            i += 1
    return "".join(out)


def iso2022_kr_decode(b):
    ks = ksx1001()
    out, i, so, designated = [], 0, False, False
    while i < len(b):
        x = b[i]
        if b[i:i + 4] == b"\x1b$)C":
            designated = True
            i += 4
        elif x == 0x0E:
            if not designated:
                return None
            so = True
            i += 1
        elif x == 0x0F:
            so = False
            i += 1
        elif x >= 0x80 or x == 0x1B:
            return None
        elif so and x > 0x20:
            if i + 1 >= len(b) or (x, b[i + 1]) not in ks:
                return None
            out.append(ks[(x, b[i + 1])][0])
            i += 2
        else:
            if x == 0x0A:
                so = False  # a line end ends the shift (RFC 1557 wants SI before it)
            out.append(chr(x))
            i += 1
    return "".join(out)


def iso2022_jp_decode(b):
    """ISO-2022-JP (RFC 1468) with JIS X 0212 (ESC $ ( D) as in -JP-1."""
    j0208 = {(r, k): t for (_, r, k), t, f in gl_rows("jisx0208")}
    j0212 = {(r, k): t for (_, r, k), t, f in gl_rows("jisx0212")}
    sets = {b"\x1b(B": "ascii", b"\x1b(J": "roman", b"\x1b$@": "0208", b"\x1b$B": "0208",
            b"\x1b$(D": "0212"}
    out, i, cur = [], 0, "ascii"
    while i < len(b):
        for esc, name in sets.items():
            if b.startswith(esc, i):
                cur = name
                i += len(esc)
                break
        else:
            x = b[i]
            if x >= 0x80 or x in (0x0E, 0x0F, 0x1B):
                return None
            if cur in ("0208", "0212") and x > 0x20:
                t = (j0208 if cur == "0208" else j0212).get((x, b[i + 1] if i + 1 < len(b) else -1))
                if t is None:
                    return None
                out.append(t)
                i += 2
                continue
            if cur == "roman" and x in (0x5C, 0x7E):
                out.append("\u00a5" if x == 0x5C else "\u203e")
            else:
                out.append(chr(x))
            i += 1
    return "".join(out)


STATEFUL_DECODERS = {"HZ": hz_decode, "ISO-2022-KR": iso2022_kr_decode, "ISO-2022-JP": iso2022_jp_decode}
