"""Uniform access to the peer converters used as oracles for the CJK tables.

Each peer exposes decode(bytes) -> str | None and encode(str) -> bytes | None, where
None means the peer reports an error for that input (strict mode, no replacement).

  python  the CPython codecs of the running interpreter
  glibc   glibc's iconv(3), called through ctypes (no subprocess per code)
  icu     ICU's ucnv_* C API, called through ctypes (libicuuc.so.NN; optional)
  whatwg  encoding_rs, through the small Rust program in tools/tables/whatwg-dump
          (built on first use with cargo; optional)

Nothing here is a table: every answer comes from the peer itself.
"""
import codecs
import ctypes
import ctypes.util
import glob
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))


# --------------------------------------------------------------------------- python
class Python:
    name = "python"

    def __init__(self, codec):
        codecs.lookup(codec)
        self.codec = codec
        self.label = f"python:{codec}"

    def decode(self, b):
        try:
            return b.decode(self.codec)
        except (UnicodeDecodeError, UnicodeError):
            return None

    def encode(self, s):
        try:
            return s.encode(self.codec)
        except (UnicodeEncodeError, UnicodeError):
            return None


# --------------------------------------------------------------------------- glibc
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.iconv_open.restype = ctypes.c_void_p
_libc.iconv_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
_libc.iconv.restype = ctypes.c_size_t
_libc.iconv.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p),
                        ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_char_p),
                        ctypes.POINTER(ctypes.c_size_t)]
_libc.iconv_close.argtypes = [ctypes.c_void_p]
_ICONV_ERR = ctypes.c_size_t(-1).value


def glibc_version():
    f = _libc.gnu_get_libc_version
    f.restype = ctypes.c_char_p
    return f().decode()


class _Iconv:
    def __init__(self, to, frm):
        h = _libc.iconv_open(to.encode(), frm.encode())
        if h is None or h == ctypes.c_void_p(-1).value:
            raise LookupError(f"iconv_open({to!r}, {frm!r}) failed")
        self.h = h
        self.buf = ctypes.create_string_buffer(1 << 16)

    def run(self, data):
        """Convert data in one call plus a flush; None on any error (EILSEQ or EINVAL)."""
        _libc.iconv(self.h, None, None, None, None)  # reset shift state
        inbuf = ctypes.create_string_buffer(data, len(data))
        inp = ctypes.c_char_p(ctypes.addressof(inbuf))
        inleft = ctypes.c_size_t(len(data))
        out = []
        while True:
            outp = ctypes.c_char_p(ctypes.addressof(self.buf))
            outleft = ctypes.c_size_t(len(self.buf))
            r = _libc.iconv(self.h, ctypes.byref(inp), ctypes.byref(inleft),
                            ctypes.byref(outp), ctypes.byref(outleft))
            out.append(self.buf.raw[:len(self.buf) - outleft.value])
            if r == _ICONV_ERR:
                e = ctypes.get_errno()
                if e == 7:  # E2BIG: go round again
                    continue
                return None
            break
        # flush: return to the initial state (stateful encoders emit their final shift here)
        outp = ctypes.c_char_p(ctypes.addressof(self.buf))
        outleft = ctypes.c_size_t(len(self.buf))
        r = _libc.iconv(self.h, None, None, ctypes.byref(outp), ctypes.byref(outleft))
        out.append(self.buf.raw[:len(self.buf) - outleft.value])
        if r == _ICONV_ERR:
            return None
        return b"".join(out)

    def run_prefix(self, data):
        """Convert as far as possible: (output, bytes consumed, errno or 0)."""
        _libc.iconv(self.h, None, None, None, None)
        inbuf = ctypes.create_string_buffer(data, len(data))
        inp = ctypes.c_char_p(ctypes.addressof(inbuf))
        inleft = ctypes.c_size_t(len(data))
        outp = ctypes.c_char_p(ctypes.addressof(self.buf))
        outleft = ctypes.c_size_t(len(self.buf))
        r = _libc.iconv(self.h, ctypes.byref(inp), ctypes.byref(inleft),
                        ctypes.byref(outp), ctypes.byref(outleft))
        err = ctypes.get_errno() if r == _ICONV_ERR else 0
        return self.buf.raw[:len(self.buf) - outleft.value], len(data) - inleft.value, err


class Glibc:
    name = "glibc"

    def __init__(self, charset):
        self.charset = charset
        self.label = f"glibc:{charset}"
        self._dec = _Iconv("UTF-32LE", charset)
        self._enc = _Iconv(charset, "UTF-32LE")

    def decode(self, b):
        r = self._dec.run(b)
        return None if r is None else r.decode("utf-32-le")

    def encode(self, s):
        return self._enc.run(s.encode("utf-32-le"))

    def decode_prefix(self, b):
        out, used, err = self._dec.run_prefix(b)
        return out.decode("utf-32-le"), used, err


# --------------------------------------------------------------------------- ICU
def _find_icu():
    for d in ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
              "/usr/local/lib"):
        for p in sorted(glob.glob(os.path.join(d, "libicuuc.so.*"))):
            m = re.search(r"libicuuc\.so\.(\d+)$", p)
            if m:
                return p, m.group(1)
    return None, None


_icu = None
_icu_ver = None


def icu_available():
    global _icu, _icu_ver
    if _icu is None:
        path, ver = _find_icu()
        if not path:
            return False
        _icu = ctypes.CDLL(path)
        _icu_ver = ver
    return True


def icu_version():
    icu_available()
    arr = (ctypes.c_uint8 * 4)()
    _icu_fn("u_getVersion")(arr)
    return ".".join(str(x) for x in arr[:3])


def _icu_fn(n):
    return getattr(_icu, f"{n}_{_icu_ver}")


class Icu:
    name = "icu"

    def __init__(self, converter):
        if not icu_available():
            raise LookupError("ICU not installed")
        self.converter = converter
        self.label = f"icu:{converter}"
        err = ctypes.c_int(0)
        op = _icu_fn("ucnv_open")
        op.restype = ctypes.c_void_p
        op.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]
        self.cnv = op(converter.encode(), ctypes.byref(err))
        if err.value > 0 or not self.cnv:
            raise LookupError(f"ucnv_open({converter}) error {err.value}")
        self.canonical = None
        gn = _icu_fn("ucnv_getName")
        gn.restype = ctypes.c_char_p
        gn.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
        self.canonical = gn(self.cnv, ctypes.byref(err)).decode()
        # stop on the first error, both directions
        stop_to = ctypes.cast(_icu_fn("UCNV_TO_U_CALLBACK_STOP"), ctypes.c_void_p)
        stop_from = ctypes.cast(_icu_fn("UCNV_FROM_U_CALLBACK_STOP"), ctypes.c_void_p)
        s1 = _icu_fn("ucnv_setToUCallBack")
        s1.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                       ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
        s1(self.cnv, stop_to, None, None, None, ctypes.byref(err))
        s2 = _icu_fn("ucnv_setFromUCallBack")
        s2.argtypes = s1.argtypes
        s2(self.cnv, stop_from, None, None, None, ctypes.byref(err))
        self._to = _icu_fn("ucnv_toUChars")
        self._to.restype = ctypes.c_int32
        self._to.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int32, ctypes.c_char_p,
                             ctypes.c_int32, ctypes.POINTER(ctypes.c_int)]
        self._from = _icu_fn("ucnv_fromUChars")
        self._from.restype = ctypes.c_int32
        self._from.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int32, ctypes.c_void_p,
                               ctypes.c_int32, ctypes.POINTER(ctypes.c_int)]
        self._reset = _icu_fn("ucnv_reset")
        self._reset.argtypes = [ctypes.c_void_p]
        # a second converter with ICU's default callbacks (substitution), for decode_replace
        self.cnv_sub = op(converter.encode(), ctypes.byref(err))
        self.ubuf = (ctypes.c_uint16 * 65536)()
        self.bbuf = ctypes.create_string_buffer(1 << 17)

    def decode(self, b):
        self._reset(self.cnv)
        err = ctypes.c_int(0)
        n = self._to(self.cnv, self.ubuf, 65536, b, len(b), ctypes.byref(err))
        if err.value > 0:
            return None
        raw = bytes(ctypes.cast(self.ubuf, ctypes.POINTER(ctypes.c_char * (2 * n))).contents)
        return raw.decode("utf-16-le", "surrogatepass")

    def decode_replace(self, b):
        """With ICU's default substitution callback."""
        self._reset(self.cnv_sub)
        err = ctypes.c_int(0)
        n = self._to(self.cnv_sub, self.ubuf, 65536, b, len(b), ctypes.byref(err))
        if err.value > 0:
            return None
        raw = bytes(ctypes.cast(self.ubuf, ctypes.POINTER(ctypes.c_char * (2 * n))).contents)
        return raw.decode("utf-16-le", "surrogatepass")

    def encode(self, s):
        self._reset(self.cnv)
        err = ctypes.c_int(0)
        u = s.encode("utf-16-le")
        ub = ctypes.create_string_buffer(u, len(u))
        n = self._from(self.cnv, self.bbuf, len(self.bbuf), ub, len(u) // 2, ctypes.byref(err))
        if err.value > 0:
            return None
        return self.bbuf.raw[:n]


# --------------------------------------------------------------------------- WHATWG
_WHATWG_BIN = os.path.join(HERE, "whatwg-dump", "target", "release", "whatwg-dump")


def whatwg_available():
    if os.path.exists(_WHATWG_BIN):
        return True
    try:
        subprocess.run(["cargo", "build", "--release", "--quiet",
                        "--manifest-path", os.path.join(HERE, "whatwg-dump", "Cargo.toml")],
                       check=True)
    except (OSError, subprocess.CalledProcessError):
        return False
    return os.path.exists(_WHATWG_BIN)


class Whatwg:
    """encoding_rs, in batches: decode_many / encode_many avoid one process per code."""
    name = "whatwg"

    def __init__(self, label):
        if not whatwg_available():
            raise LookupError("whatwg-dump not built")
        self.enc = label
        self.label = f"whatwg:{label}"

    def _batch(self, mode, items):
        inp = "\n".join(items) + "\n"
        r = subprocess.run([_WHATWG_BIN, mode, self.enc], input=inp.encode(), capture_output=True,
                           check=True)
        return r.stdout.decode().split("\n")[:len(items)]

    def decode_many(self, seqs):
        out = self._batch("decode", [s.hex() for s in seqs])
        return [None if o == "ERR" else "".join(chr(int(x, 16)) for x in o.split()) for o in out]

    def encode_many(self, strs):
        out = self._batch("encode", [" ".join("%X" % ord(c) for c in s) for s in strs])
        return [None if o == "ERR" else bytes.fromhex(o) for o in out]

    def decode(self, b):
        return self.decode_many([b])[0]

    def encode(self, s):
        return self.encode_many([s])[0]


def decode_many(peer, seqs):
    if hasattr(peer, "decode_many"):
        return peer.decode_many(seqs)
    return [peer.decode(s) for s in seqs]


def encode_many(peer, strs):
    if hasattr(peer, "encode_many"):
        return peer.encode_many(strs)
    return [peer.encode(s) for s in strs]


def make(spec):
    """'python:cp950', 'glibc:BIG5', 'icu:windows-950-2000', 'whatwg:Big5'."""
    kind, _, name = spec.partition(":")
    return {"python": Python, "glibc": Glibc, "icu": Icu, "whatwg": Whatwg}[kind](name)


def try_make(spec):
    try:
        return make(spec)
    except LookupError:
        return None
