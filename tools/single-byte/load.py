"""Build each code page's table from its source, and read the same code page from its peers.

Shared by extract.py (writes data/single-byte/*.txt) and crosscheck.py (writes CROSSCHECK.md).
"""

import os
import re
import subprocess

import codepages
import peers

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

UNICODE_LICENCE = ("Unicode Consortium mapping file; its header grants the right to use it freely "
                   "in products supporting the Unicode Standard as long as the notice stays "
                   "attached (Unicode terms of use)")
APPLE_LICENCE = ("Apple's mapping file, distributed by the Unicode Consortium; its header "
                 "disclaims warranty and points to the Unicode terms of use")
GLIBC_LICENCE = "glibc locale data (localedata/charmaps), LGPL-2.1-or-later like the rest of glibc"
PYTHON_LICENCE = "Python Software Foundation License 2.0 (CPython Lib/encodings)"
ICU_LICENCE = "Unicode License v3 (ICU and its data)"
LIBICONV_LICENCE = "GNU libiconv, LGPL-2.1-or-later"


class Tools:
    """The peers, opened once."""

    def __init__(self):
        peers.ensure_tools()
        self.glibc = peers.Glibc()
        self.icu = peers.Icu()
        self.versions = {
            "python": "Python %s" % peers.python_version(),
            "glibc": "glibc %s iconv" % self.glibc.version(),
            "icu": "ICU %s (Debian libicu72 %s)" % (self.icu.version(),
                                                   peers.dpkg_version("libicu72")),
            "icu-fallback": "ICU %s, fromUnicode fallbacks (|1)" % self.icu.version(),
            "perl": "Perl %s" % peers.perl_version(),
            "unicode": "Unicode Consortium file (%s)" % peers.MONOBIT,
            "transcode": "transcode today (encoding_rs)",
            "libiconv": "GNU libiconv 1.18 tests/ tables",
            "glibc-charmap": "glibc %s charmap (Debian locales %s)" % (
                self.glibc.version(), peers.dpkg_version("locales")),
        }
        self._transcode = find_transcode()

    # -- sources ---------------------------------------------------------------------------------

    def source(self, cp):
        """(table, provenance dict)."""
        kind = cp["source"][0]
        if kind == "unicode":
            member, controls = cp["source"][1], cp["source"][2]
            m = peers.unicode_txt(member, controls)
            prov = unicode_provenance(member)
        elif kind == "graphic":
            base, glyphs = cp["source"][1], cp["source"][2]
            m = peers.unicode_txt(base)
            g = peers.ibmgraph(peers.source_file(glyphs))
            for b in list(range(0x01, 0x20)) + [0x7F]:
                m.decode[b] = (g[b],)
            m.tags = {}
            prov = unicode_provenance(base)
            gp = unicode_provenance(glyphs)
            prov["source"] += "; bytes 0x01-0x1F and 0x7F from " + gp["source"]
            prov["source-says"] += gp["source-says"]
        elif kind == "python":
            m = peers.python_codec(cp["source"][1])
            prov = python_provenance(cp["source"][1])
        elif kind == "icu":
            name = self.icu.canonical(cp["source"][1])
            m = self.icu.mapping(name)
            prov = {
                "source": "ICU %s converter %s (IBM CDRA table as ICU ships it), read through "
                          "libicuuc (Debian package libicu72 %s)" % (
                              self.icu.version(), name, peers.dpkg_version("libicu72")),
                "source-says": ["ICU's mapping tables named ibm-* are IBM's Character Data "
                                "Representation Architecture (CDRA) tables converted to .ucm"],
                "licence": ICU_LICENCE,
            }
        elif kind == "glibc-charmap":
            name = cp["source"][1]
            m = peers.glibc_charmap(name)
            says = [l.lstrip("%").strip() for l in peers.glibc_charmap_header(name)
                    if l.startswith("%") and l.strip("% ")]
            prov = {
                "source": "glibc %s charmap %s (/usr/share/i18n/charmaps/%s.gz, Debian package "
                          "locales %s)" % (self.glibc.version(), name, name,
                                            peers.dpkg_version("locales")),
                "source-says": says[:6],
                "licence": GLIBC_LICENCE,
            }
        elif kind == "glibc":
            name = cp["source"][1]
            m = self.glibc.mapping(name)
            prov = {
                "source": "glibc %s iconv, converter %s (gconv module %s), read through "
                          "libc's iconv() (Debian package libc6 %s)" % (
                              self.glibc.version(), name, peers.gconv_module(name),
                              peers.dpkg_version("libc6")),
                "source-says": peers.glibc_charmap_says(name),
                "licence": GLIBC_LICENCE,
            }
        elif kind == "libiconv":
            _, header, array, first, above = cp["source"]
            m = peers.libiconv_header(header, array, first, above)
            prov = {
                "source": "GNU libiconv lib/%s (%s[], bytes from 0x%02X), as the npm package "
                          "%s vendors it (deps/libiconv/lib/%s)" % (
                              header, array, first, peers.NODE_ICONV, header),
                "source-says": peers.libiconv_header_says(header),
                "licence": LIBICONV_LICENCE,
            }
        else:
            raise ValueError(kind)
        return m, prov

    # -- peers ----------------------------------------------------------------------------------

    def peer(self, kind, name, extra=()):
        """The peer's Mapping, or None when it does not have the code page."""
        try:
            if kind == "python":
                return peers.python_codec(name)
            if kind == "glibc":
                if not self.glibc.has(name):
                    return None
                return self.glibc.mapping(name, extra)
            if kind in ("icu", "icu-fallback"):
                canon = self.icu.canonical(name)
                if canon is None:
                    return None
                m = self.icu.mapping(canon)
                m.canonical = canon
                if kind == "icu-fallback":
                    # The |1 fallbacks as if they were the table: for CP437-graphic.
                    # Where several characters fall back to one byte, take the one outside
                    # the halfwidth forms (U+FFE8-U+FFEE duplicate arrows and shapes).
                    dec = list(m.decode)
                    for cp_, b in sorted(m.fallbacks.items(), key=lambda x: -x[0]):
                        if b < 0x20 or b == 0x7F:
                            dec[b] = (cp_,)
                    m = peers.Mapping(dec, {})
                    m.encode = m.roundtrip_encode()
                return m
            if kind == "glibc-charmap":
                if not os.path.exists("/usr/share/i18n/charmaps/%s.gz" % name):
                    return None
                return peers.glibc_charmap(name)
            if kind == "perl":
                return peers.perl_encode(name)
            if kind == "unicode":
                return peers.unicode_txt(name)
            if kind.startswith("table:"):
                if name.startswith("vietstd/"):
                    return vietstd_table(name)
                return peers.unicode_txt(name)
            if kind == "transcode":
                return self.transcode_mapping(name, extra)
        except KeyError:
            return None
        raise ValueError(kind)

    def transcode_mapping(self, label, extra):
        if not self._transcode:
            return None
        exe = self._transcode
        decode = []
        for b in range(256):
            r = subprocess.run([exe, "-f", label, "-t", "UTF-32LE"], input=bytes([b]),
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            if r.returncode:
                decode.append(())
            else:
                decode.append(tuple(int.from_bytes(r.stdout[i:i + 4], "little")
                                    for i in range(0, len(r.stdout), 4)))
        encode = {}
        for c in sorted(set(extra) | {x[0] for x in decode if len(x) == 1}):
            r = subprocess.run([exe, "-f", "UTF-32LE", "-t", label], input=c.to_bytes(4, "little"),
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            if r.returncode == 0 and len(r.stdout) == 1:
                encode[c] = r.stdout[0]
        return peers.Mapping(decode, encode)


def find_transcode():
    exe = os.environ.get("TRANSCODE") or os.path.join(REPO, "target", "release", "transcode")
    return exe if os.path.exists(exe) else None


def vietstd_table(member):
    """The Viet-Std group's VISCII 1.1 list: decimal byte, mnemonic, hex code point, name.
    It lists only the 134 bytes that differ from ASCII; the rest are ASCII."""
    decode = [(b,) if b < 0x80 else () for b in range(256)]
    for line in peers.source_file(member).splitlines():
        cols = line.split("\t")
        if len(cols) >= 3 and cols[0].strip().isdigit():
            decode[int(cols[0])] = (int(cols[2], 16),)
    m = peers.Mapping(decode, None)
    m.encode = m.roundtrip_encode()
    return m


def unicode_provenance(member):
    header = peers.unicode_txt_header(member)
    says = []
    keys = ("Name:", "Unicode version:", "Table version:", "Date:", "Authors:", "File name:",
            "Contents:", "Copyright:")
    for line in header:
        s = line.lstrip("#").strip()
        if any(s.startswith(k) for k in keys):
            says.append(re.sub(r"\s+", " ", s))
    # Apple: the newest entry of the change log.
    for i, line in enumerate(header):
        if re.match(r"#\s+(c0\d|b\d)", line):
            says.append("latest change: " + re.sub(r"\s+", " ", line.lstrip("#").strip()))
            break
    folder = member.split("/")[0]
    upstream = {
        "microsoft": "MAPPINGS/VENDORS/MICSFT/" + member.split("/", 1)[1],
        "apple": "MAPPINGS/VENDORS/APPLE/" + member.split("/", 1)[1],
        "iso-8859": "MAPPINGS/ISO8859/" + member.split("/", 1)[1],
        "misc": ("MAPPINGS/VENDORS/NEXT/NEXTSTEP.TXT" if member.endswith("NEXTSTEP.TXT")
                 else "MAPPINGS/VENDORS/MISC/" + member.split("/", 1)[1]),
    }.get(folder, member)
    return {
        "source": "Unicode Consortium %s, verbatim copy in the PyPI wheel %s (%s%s)" % (
            upstream, peers.MONOBIT, peers.MONOBIT_PREFIX, member),
        "source-says": says,
        "licence": APPLE_LICENCE if folder == "apple" else UNICODE_LICENCE,
    }


def python_provenance(codec):
    import codecs
    import importlib
    info = codecs.lookup(codec)
    mod = importlib.import_module("encodings." + info.name.replace("-", "_"))
    doc = (mod.__doc__ or "").strip().splitlines()
    says = [re.sub(r"\s+", " ", l.strip()) for l in doc if l.strip()][:3]
    with open(mod.__file__, encoding="utf-8") as f:
        head = f.read(2000)
    says += [l.lstrip("# ").strip() for l in head.splitlines()
             if l.startswith("# http")][:2]
    return {
        "source": "Python %s, module encodings/%s.py" % (peers.python_version(),
                                                         os.path.basename(mod.__file__)[:-3]),
        "source-says": says,
        "licence": PYTHON_LICENCE,
    }
