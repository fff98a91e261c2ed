"""Read single-byte code pages out of the implementations and tables that define them.

Every reader returns a `Mapping`: `decode[b]` is a tuple of code points (empty tuple for an
unassigned byte) for each byte 0x00-0xFF, and `encode` maps a code point (or a tuple of code
points, for the few Apple sequences) to the byte it is written as.

Readers:
  * `python_codec(name)`     - Python's own codecs (the interpreter running this script).
  * `Glibc().mapping(name)`  - glibc iconv, called in-process through ctypes.
  * `Icu().mapping(name)`    - ICU's converters (libicuuc), called in-process through ctypes.
  * `perl_encode(name)`      - Perl's Encode module, in a perl child process.
  * `unicode_txt(path)`      - a Unicode Consortium MAPPINGS file (0xBB<TAB>0xUUUU format).
  * `glibc_charmap(name)`    - a glibc locale charmap (/usr/share/i18n/charmaps/NAME.gz).

`ensure_tools()` installs what a fresh Debian machine lacks (ICU, glibc's charmaps, perl) and
`source_file(member)` fetches the one PyPI package that ships the Unicode Consortium's files.
"""

import ctypes
import ctypes.util
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.path.join(HERE, ".cache")

# The Unicode Consortium's mapping files (MAPPINGS/ISO8859, VENDORS/MICSFT, VENDORS/APPLE,
# VENDORS/MISC, VENDORS/NEXT) are not on a Debian machine. The PyPI package `monobit` ships
# verbatim copies of them under monobit/encoding/tables/; we read them straight out of its
# wheel (never installed, never imported). Pinned so that the tables do not move under us.
MONOBIT = "monobit==0.54.0"
MONOBIT_WHEEL = "monobit-0.54.0-py3-none-any.whl"
MONOBIT_PREFIX = "monobit/encoding/tables/"

BMP = [c for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF]


class Mapping:
    def __init__(self, decode, encode, note=""):
        self.decode = decode  # list of 256 tuples of code points
        self.encode = encode  # dict: code point or tuple -> byte
        self.note = note

    def roundtrip_encode(self):
        """The encoder the decode table implies: each decoded character to its byte."""
        out = {}
        for b, cps in enumerate(self.decode):
            if cps:
                key = cps[0] if len(cps) == 1 else tuple(cps)
                out.setdefault(key, b)
        return out


def _run(cmd, **kw):
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def _apt_install(*packages):
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        sys.exit("tools/single-byte: please install the Debian packages %s" % " ".join(packages))
    print("tools/single-byte: apt-get install %s" % " ".join(packages), file=sys.stderr)
    subprocess.run(["apt-get", "update", "-qq"], check=False)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    _run(["apt-get", "install", "-y", "-qq", *packages], env=env)


def ensure_tools():
    """Install the peers a fresh machine lacks: ICU (library and uconv), glibc's charmaps
    (package `locales`) and perl. glibc iconv and python3 are always there."""
    need = []
    if not ctypes.util.find_library("icuuc") or not shutil.which("uconv"):
        need.append("icu-devtools")
    if not os.path.isdir("/usr/share/i18n/charmaps"):
        need.append("locales")
    if not shutil.which("perl") or subprocess.run(
            ["perl", "-MEncode::Byte", "-e1"], stderr=subprocess.DEVNULL).returncode:
        need.append("perl")
    if need:
        _apt_install(*need)


def source_file(member):
    """Text of a file of the Unicode Consortium's mapping tables, read from the monobit wheel
    (downloaded once into tools/single-byte/.cache with pip)."""
    wheel = os.path.join(CACHE, MONOBIT_WHEEL)
    if not os.path.exists(wheel):
        os.makedirs(CACHE, exist_ok=True)
        _run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
              "-d", CACHE, MONOBIT])
    with zipfile.ZipFile(wheel) as z:
        return z.read(MONOBIT_PREFIX + member).decode("utf-8")


# ---------------------------------------------------------------------------------------------
# Unicode Consortium format: "0xBB<TAB>0xUUUU<TAB># name". Column 2 may be empty (undefined),
# a sequence 0xUUUU+0xUUUU, or carry Apple's direction tag <LR>/<RL> (dropped here: the tag says
# which bidi context the character needs, it is not part of the character).

def parse_unicode_txt(text, controls_implied=False, columns=(0, 1)):
    decode = [()] * 256
    seen = [False] * 256
    tags = {}
    for line in text.splitlines():
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        cols = body.split()
        if not all(re.match(r"^(<(LR|RL)>\+)?0x[0-9A-Fa-f]+", c) for c in cols):
            continue  # e.g. the DOS end-of-file byte 0x1A closing the MICSFT/PC files
        if len(cols) <= max(columns):
            # "0x81" alone: explicitly undefined.
            b = int(cols[0], 16)
            seen[b] = True
            continue
        b = int(cols[columns[0]], 16)
        u = cols[columns[1]]
        if b > 0xFF:
            continue
        m = re.match(r"^<(LR|RL)>\+", u)
        if m:
            tags[b] = m.group(1)
            u = u[m.end():]
        cps = tuple(int(x, 16) for x in u.split("+"))
        seen[b] = True
        if cps == (0xFFFD,):
            # NEXTSTEP.TXT maps its two unused bytes to U+FFFD (".notdef"): no character.
            continue
        decode[b] = cps
    if controls_implied == "ascii":
        # NEXTSTEP.TXT: "the first 128 characters (0x0 - 0x7f) are identical to ASCII and
        # Unicode, this table only maps the NextStep range from 0x80 - 0xFF."
        for b in range(0x80):
            if not seen[b]:
                decode[b] = (b,)
    elif controls_implied:
        # Apple's files say: "Control character mappings are not shown in this table ...
        # the Mac OS ... character set uses the standard control characters at 0x00-0x1F and
        # 0x7F."
        for b in list(range(0x20)) + [0x7F]:
            if not seen[b]:
                decode[b] = (b,)
    return decode, tags


def unicode_txt(member, controls_implied=False):
    decode, tags = parse_unicode_txt(source_file(member), controls_implied)
    m = Mapping(decode, None)
    m.encode = m.roundtrip_encode()
    m.tags = tags
    return m


def ibmgraph(text):
    """MAPPINGS/VENDORS/MISC/IBMGRAPH.TXT: columns Unicode (XXXX), the PC code pages' byte
    (XX), code page 864's byte. Returns {byte: code point} for the bytes 0x01-0x1F and 0x7F."""
    out = {}
    for line in text.splitlines():
        cols = line.split("#", 1)[0].split()
        if len(cols) >= 2 and re.match(r"^[0-9A-Fa-f]{4}$", cols[0]):
            b = int(cols[1], 16)
            if 0x01 <= b <= 0x1F or b == 0x7F:
                out[b] = int(cols[0], 16)
    return out


def unicode_txt_header(member):
    out = []
    for line in source_file(member).splitlines():
        if not line.startswith("#"):
            break
        out.append(line)
    return out


# ---------------------------------------------------------------------------------------------
# glibc charmaps: "<U0041>  /x41  LATIN CAPITAL LETTER A", ranges "<U0000>..<U001F> /x00".

def glibc_charmap_text(name):
    with gzip.open("/usr/share/i18n/charmaps/%s.gz" % name, "rt", encoding="latin-1") as f:
        return f.read()


def glibc_charmap(name):
    text = glibc_charmap_text(name)
    decode = [()] * 256
    encode = {}
    escape = "/"
    comment = "%"
    in_map = False
    for line in text.splitlines():
        if line.startswith("<escape_char>"):
            escape = line.split()[1]
        if line.startswith("<comment_char>"):
            comment = line.split()[1]
        if line.startswith("CHARMAP"):
            in_map = True
            continue
        if line.startswith("END CHARMAP"):
            break
        if not in_map or line.startswith(comment) or not line.strip():
            continue
        m = re.match(r"^((?:<U[0-9A-Fa-f]+>)+)(?:\.\.<U([0-9A-Fa-f]+)>)?\s+((?:%sx[0-9A-Fa-f]{2})+)"
                     % re.escape(escape), line)
        if not m:
            continue
        cps = tuple(int(x, 16) for x in re.findall(r"<U([0-9A-Fa-f]+)>", m.group(1)))
        bs = [int(x, 16) for x in re.findall(r"x([0-9A-Fa-f]{2})", m.group(3))]
        if len(bs) != 1:
            continue
        if m.group(2):
            for i, cp in enumerate(range(cps[0], int(m.group(2), 16) + 1)):
                if not decode[bs[0] + i]:
                    decode[bs[0] + i] = (cp,)
                encode.setdefault(cp, bs[0] + i)
        else:
            if not decode[bs[0]]:
                decode[bs[0]] = cps
            encode.setdefault(cps[0] if len(cps) == 1 else cps, bs[0])
    return Mapping(decode, encode)


def glibc_charmap_says(name):
    """What the header of glibc's charmap NAME says (its % comment lines), if it has one."""
    if not os.path.exists("/usr/share/i18n/charmaps/%s.gz" % name):
        return []
    return [l.lstrip("%").strip() for l in glibc_charmap_header(name)
            if l.startswith("%") and l.strip("% ")][:6]


def gconv_module(name):
    """The gconv module (shared object) that converts glibc's charset NAME."""
    for path in [GCONV + "/gconv-modules"] + sorted(
            os.path.join(GCONV, "gconv-modules.d", f)
            for f in os.listdir(os.path.join(GCONV, "gconv-modules.d"))):
        for line in open(path, encoding="latin-1"):
            f = line.split()
            if len(f) >= 4 and f[0] == "module" and name + "//" in f[1:3]:
                return f[3] + ".so"
    return "?"


GCONV = "/usr/lib/x86_64-linux-gnu/gconv"


# ---------------------------------------------------------------------------------------------
# GNU libiconv's tables, for the code pages only libiconv has. Debian does not package GNU
# libiconv; the npm package `iconv` vendors its C sources (deps/libiconv/lib/*.h), and we read
# the decoding arrays straight out of the package's tarball (never installed, never run).

NODE_ICONV = "iconv@3.0.1"
NODE_ICONV_TGZ = "iconv-3.0.1.tgz"


def libiconv_source(header):
    import tarfile
    tgz = os.path.join(CACHE, NODE_ICONV_TGZ)
    if not os.path.exists(tgz):
        os.makedirs(CACHE, exist_ok=True)
        _run(["npm", "pack", "--silent", NODE_ICONV], cwd=CACHE)
    with tarfile.open(tgz) as t:
        return t.extractfile("package/deps/libiconv/lib/" + header).read().decode("latin-1")


def libiconv_header_says(header):
    text = libiconv_source(header)
    m = re.search(r"/\*\s*\n?\s*\*?\s*(\S[^*]*?)\s*\*/", text.split("#ifndef", 1)[-1])
    first = re.search(r"/\*\s*([^*]*?)\s*\*/\s*\n\s*#", text.split("If not, see", 1)[-1])
    says = []
    for chunk in (first, m):
        if chunk and chunk.group(1).strip() and chunk.group(1).strip() not in says:
            says.append(re.sub(r"\s+", " ", chunk.group(1).strip()))
    return says[:1]


def libiconv_header(header, array, first, above):
    """libiconv's decoding table: bytes below `first` are themselves, `array` gives the bytes
    from `first` on (0xFFFD: none), and the bytes past the array are themselves ("ascii") or
    nothing ("none")."""
    text = libiconv_source(header)
    m = re.search(r"%s\[\d*\]\s*=\s*\{(.*?)\};" % re.escape(array), text, re.S)
    body = re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)
    values = [int(x, 16) for x in re.findall(r"0x[0-9a-fA-F]+", body)]
    decode = [()] * 256
    for b in range(256):
        if b < first:
            decode[b] = (b,)
        elif b < first + len(values):
            v = values[b - first]
            decode[b] = () if v == 0xFFFD else (v,)
        elif above == "ascii":
            decode[b] = (b,)
    mapping = Mapping(decode, None)
    mapping.encode = mapping.roundtrip_encode()
    return mapping


def glibc_charmap_header(name):
    out = []
    for line in glibc_charmap_text(name).splitlines():
        if line.startswith("CHARMAP"):
            break
        out.append(line)
    return out


# ---------------------------------------------------------------------------------------------
# Python codecs.

def python_codec(name):
    import codecs
    codecs.lookup(name)
    decode = []
    for b in range(256):
        try:
            decode.append(tuple(ord(c) for c in bytes([b]).decode(name)))
        except UnicodeDecodeError:
            decode.append(())
    encode = {}
    for cp in BMP:
        try:
            out = chr(cp).encode(name)
        except UnicodeEncodeError:
            continue
        if len(out) == 1:
            encode[cp] = out[0]
    return Mapping(decode, encode)


def python_version():
    return "%d.%d.%d" % sys.version_info[:3]


# ---------------------------------------------------------------------------------------------
# glibc iconv through ctypes: one iconv() call per byte and per code point, state reset and
# flushed each time (glibc's TCVN5712-1 decoder holds a base letter back until it knows whether
# a combining mark follows).

class Glibc:
    EILSEQ = 84

    def __init__(self):
        self.libc = ctypes.CDLL("libc.so.6", use_errno=True)
        self.libc.iconv_open.restype = ctypes.c_void_p
        self.libc.iconv_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        self.libc.iconv.restype = ctypes.c_size_t
        self.libc.iconv.argtypes = [ctypes.c_void_p] + [ctypes.c_void_p] * 4
        self.libc.iconv_close.argtypes = [ctypes.c_void_p]
        self.libc.gnu_get_libc_version.restype = ctypes.c_char_p

    def version(self):
        return self.libc.gnu_get_libc_version().decode()

    def has(self, name):
        cd = self.libc.iconv_open(b"UTF-32LE", name.encode())
        if cd in (None, ctypes.c_void_p(-1).value, 2**64 - 1):
            return False
        self.libc.iconv_close(cd)
        return True

    def _open(self, to, frm):
        cd = self.libc.iconv_open(to.encode(), frm.encode())
        if cd in (None, 2**64 - 1):
            raise KeyError("glibc iconv has no %s -> %s" % (frm, to))
        return cd

    def _convert(self, cd, data):
        inbuf = ctypes.create_string_buffer(data, len(data))
        inptr = ctypes.c_void_p(ctypes.addressof(inbuf))
        inleft = ctypes.c_size_t(len(data))
        out = ctypes.create_string_buffer(64)
        outptr = ctypes.c_void_p(ctypes.addressof(out))
        outleft = ctypes.c_size_t(64)
        self.libc.iconv(cd, None, None, None, None)
        r = self.libc.iconv(cd, ctypes.byref(inptr), ctypes.byref(inleft),
                            ctypes.byref(outptr), ctypes.byref(outleft))
        if r == 2**64 - 1 or inleft.value:
            return None
        r2 = self.libc.iconv(cd, None, None, ctypes.byref(outptr), ctypes.byref(outleft))
        if r2 == 2**64 - 1:
            return None
        return out.raw[:64 - outleft.value]

    def mapping(self, name, extra=()):
        dec = self._open("UTF-32LE", name)
        decode = []
        for b in range(256):
            out = self._convert(dec, bytes([b]))
            if out is None:
                decode.append(())
            else:
                decode.append(tuple(int.from_bytes(out[i:i + 4], "little")
                                    for i in range(0, len(out), 4)))
        self.libc.iconv_close(dec)
        enc = self._open(name, "UTF-32LE")
        encode = {}
        multi = {}
        for cp in sorted(set(BMP) | set(extra)):
            out = self._convert(enc, cp.to_bytes(4, "little"))
            if out is None:
                continue
            if len(out) == 1:
                encode[cp] = out[0]
            elif out:
                multi[cp] = out
        self.libc.iconv_close(enc)
        m = Mapping(decode, encode)
        m.multi = multi  # characters glibc writes as more than one byte (TCVN decompositions)
        return m

    def names(self):
        out = subprocess.run(["iconv", "-l"], stdout=subprocess.PIPE, check=True,
                             text=True).stdout
        return [n.strip().rstrip("/") for n in re.split(r"[,\n]", out) if n.strip()]


# ---------------------------------------------------------------------------------------------
# ICU through ctypes (libicuuc, the library uconv uses). toUnicode always applies ICU's
# reverse fallbacks (|3); fromUnicode applies the |1 fallbacks only when asked, so `mapping`
# reads the round-trip encoder and lists the |1 fallbacks apart.

class Icu:
    U_ZERO_ERROR = 0

    def __init__(self):
        path = ctypes.util.find_library("icuuc")
        if not path:
            raise RuntimeError("ICU (libicuuc) not found: run ensure_tools()")
        self.lib = ctypes.CDLL(path)
        self.suffix = self._suffix(path)
        f = self._f
        f("ucnv_open", ctypes.c_void_p, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)])
        f("ucnv_close", None, [ctypes.c_void_p])
        f("ucnv_reset", None, [ctypes.c_void_p])
        f("ucnv_getName", ctypes.c_char_p, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)])
        f("ucnv_setFallback", None, [ctypes.c_void_p, ctypes.c_byte])
        f("ucnv_toUChars", ctypes.c_int32, [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int32,
                                            ctypes.c_char_p, ctypes.c_int32,
                                            ctypes.POINTER(ctypes.c_int)])
        f("ucnv_fromUChars", ctypes.c_int32, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int32,
                                              ctypes.c_void_p, ctypes.c_int32,
                                              ctypes.POINTER(ctypes.c_int)])
        f("ucnv_setToUCallBack", None, [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                        ctypes.c_void_p, ctypes.c_void_p,
                                        ctypes.POINTER(ctypes.c_int)])
        f("ucnv_setFromUCallBack", None, [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                          ctypes.c_void_p, ctypes.c_void_p,
                                          ctypes.POINTER(ctypes.c_int)])
        f("ucnv_getUnicodeSet", None, [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                       ctypes.POINTER(ctypes.c_int)])
        f("ucnv_countAvailable", ctypes.c_int32, [])
        f("ucnv_getAvailableName", ctypes.c_char_p, [ctypes.c_int32])
        f("ucnv_countAliases", ctypes.c_uint16, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)])
        f("ucnv_getAlias", ctypes.c_char_p, [ctypes.c_char_p, ctypes.c_uint16,
                                             ctypes.POINTER(ctypes.c_int)])
        f("uset_open", ctypes.c_void_p, [ctypes.c_int32, ctypes.c_int32])
        f("uset_close", None, [ctypes.c_void_p])
        f("uset_getItemCount", ctypes.c_int32, [ctypes.c_void_p])
        f("uset_getItem", ctypes.c_int32, [ctypes.c_void_p, ctypes.c_int32,
                                           ctypes.POINTER(ctypes.c_int32),
                                           ctypes.POINTER(ctypes.c_int32), ctypes.c_void_p,
                                           ctypes.c_int32, ctypes.POINTER(ctypes.c_int)])
        f("u_getVersion", None, [ctypes.c_void_p])
        self.stop_to = ctypes.cast(getattr(self.lib, "UCNV_TO_U_CALLBACK_STOP" + self.suffix),
                                   ctypes.c_void_p)
        self.stop_from = ctypes.cast(
            getattr(self.lib, "UCNV_FROM_U_CALLBACK_STOP" + self.suffix), ctypes.c_void_p)

    @staticmethod
    def _suffix(path):
        m = re.search(r"\.so\.(\d+)", path)
        if m:
            return "_" + m.group(1)
        return ""

    def _f(self, name, restype, argtypes):
        fn = getattr(self.lib, name + self.suffix)
        fn.restype = restype
        fn.argtypes = argtypes
        setattr(self, name, fn)

    def version(self):
        v = (ctypes.c_uint8 * 4)()
        self.u_getVersion(v)
        return "%d.%d" % (v[0], v[1])

    def open(self, name):
        err = ctypes.c_int(0)
        cnv = self.ucnv_open(name.encode(), ctypes.byref(err))
        if err.value > 0 or not cnv:
            raise KeyError("ICU has no converter %s" % name)
        return cnv

    def canonical(self, name):
        try:
            cnv = self.open(name)
        except KeyError:
            return None
        err = ctypes.c_int(0)
        n = self.ucnv_getName(cnv, ctypes.byref(err)).decode()
        self.ucnv_close(cnv)
        return n

    def _set(self, cnv, which):
        uset = self.uset_open(1, 0)
        err = ctypes.c_int(0)
        self.ucnv_getUnicodeSet(cnv, uset, which, ctypes.byref(err))
        out = set()
        strings = []
        buf = (ctypes.c_uint16 * 16)()
        for i in range(self.uset_getItemCount(uset)):
            start, end = ctypes.c_int32(), ctypes.c_int32()
            err = ctypes.c_int(0)
            n = self.uset_getItem(uset, i, ctypes.byref(start), ctypes.byref(end), buf, 16,
                                  ctypes.byref(err))
            if n == 0:
                out.update(range(start.value, end.value + 1))
            else:
                strings.append(tuple(ord(c) for c in bytes(buf)[:2 * n].decode("utf-16le")))
        self.uset_close(uset)
        return out, strings

    def _from(self, cnv, cps):
        s = "".join(chr(c) for c in cps).encode("utf-16le")
        src = ctypes.create_string_buffer(s, len(s))
        dst = ctypes.create_string_buffer(16)
        err = ctypes.c_int(0)
        self.ucnv_reset(cnv)
        n = self.ucnv_fromUChars(cnv, dst, 16, src, len(s) // 2, ctypes.byref(err))
        if err.value > 0:
            return None
        return dst.raw[:n]

    def mapping(self, name):
        cnv = self.open(name)
        err = ctypes.c_int(0)
        self.ucnv_setToUCallBack(cnv, self.stop_to, None, None, None, ctypes.byref(err))
        self.ucnv_setFromUCallBack(cnv, self.stop_from, None, None, None, ctypes.byref(err))
        decode = []
        buf = (ctypes.c_uint16 * 16)()
        for b in range(256):
            err = ctypes.c_int(0)
            self.ucnv_reset(cnv)
            n = self.ucnv_toUChars(cnv, buf, 16, bytes([b]), 1, ctypes.byref(err))
            if err.value > 0 or n <= 0:
                decode.append(())
            else:
                decode.append(tuple(ord(c) for c in bytes(buf)[:2 * n].decode("utf-16le")))
        roundtrip, rt_strings = self._set(cnv, 0)
        both, both_strings = self._set(cnv, 1)
        self.ucnv_setFallback(cnv, 0)
        encode = {}
        for cp in sorted(roundtrip):
            out = self._from(cnv, [cp])
            if out is not None and len(out) == 1:
                encode[cp] = out[0]
        for seq in rt_strings:
            out = self._from(cnv, seq)
            if out is not None and len(out) == 1:
                encode[seq] = out[0]
        # Characters that encode without fallbacks but are not in the round-trip set: ICU
        # always applies |1 fallbacks for private-use code points.
        plain_fallbacks = {}
        for cp in sorted(both - roundtrip):
            out = self._from(cnv, [cp])
            if out is not None and len(out) == 1:
                plain_fallbacks[cp] = out[0]
        self.ucnv_setFallback(cnv, 1)
        fallbacks = {}
        for cp in sorted(both - roundtrip):
            out = self._from(cnv, [cp])
            if out is not None and len(out) == 1:
                fallbacks[cp] = out[0]
        self.ucnv_close(cnv)
        m = Mapping(decode, encode)
        m.fallbacks = fallbacks            # |1: used only with ucnv_setFallback(TRUE)
        m.default_fallbacks = plain_fallbacks  # |1 that ICU applies even without it
        return m

    def converters(self):
        """{converter name: [aliases]} for every converter ICU has."""
        out = {}
        for i in range(self.ucnv_countAvailable()):
            name = self.ucnv_getAvailableName(i).decode()
            err = ctypes.c_int(0)
            n = self.ucnv_countAliases(name.encode(), ctypes.byref(err))
            aliases = []
            for j in range(n):
                err = ctypes.c_int(0)
                a = self.ucnv_getAlias(name.encode(), j, ctypes.byref(err))
                if a:
                    aliases.append(a.decode())
            out[name] = aliases
        return out


# ---------------------------------------------------------------------------------------------
# Perl's Encode (Encode::Byte), in a child process.

_PERL = r'''
use strict; use Encode;
binmode STDOUT;
my $name = shift;
my $enc = find_encoding($name) or die "no $name\n";
my @dec;
for my $b (0..255) {
    my $s = eval { $enc->decode(chr($b), Encode::FB_CROAK) };
    push @dec, (defined $s && length $s) ? join(",", map { ord } split //, $s) : "";
}
print join(" ", map { $_ eq "" ? "-" : $_ } @dec), "\n";
for my $cp (0..0xFFFF) {
    next if $cp >= 0xD800 && $cp <= 0xDFFF;
    my $o = eval { $enc->encode(chr($cp), Encode::FB_CROAK) };
    print "$cp ", ord($o), "\n" if defined $o && length($o) == 1;
}
'''


def perl_encode(name):
    out = subprocess.run(["perl", "-e", _PERL, name], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    if out.returncode:
        raise KeyError("perl Encode has no %s" % name)
    lines = out.stdout.splitlines()
    decode = [() if x == "-" else tuple(int(c) for c in x.split(","))
              for x in lines[0].split(" ")]
    encode = {}
    for line in lines[1:]:
        cp, b = line.split()
        encode[int(cp)] = int(b)
    return Mapping(decode, encode)


def perl_version():
    out = subprocess.run(["perl", "-MEncode", "-e", 'print "$^V Encode $Encode::VERSION"'],
                         stdout=subprocess.PIPE, text=True)
    return out.stdout.strip()


def dpkg_version(package):
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return out.stdout.strip() or "?"


def cache_json(name, fn):
    """Memoise an expensive peer read for the length of one run of the scripts."""
    path = os.path.join(CACHE, name + ".json")
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    value = fn()
    os.makedirs(CACHE, exist_ok=True)
    with open(path, "w") as f:
        json.dump(value, f)
    return value
