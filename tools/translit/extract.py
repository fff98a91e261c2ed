#!/usr/bin/env python3
"""Write data/translit/glibc-C.txt: the transliterations of glibc's C.UTF-8 locale, from
glibc's locale sources, as localedef compiles them.

The C locale's LC_CTYPE has two translit_start sections: one includes translit_neutral
(which includes translit_circle, _cjk_compat, _compat, _font, _fraction, _narrow, _small and
_wide), the other translit_combining. localedef (locale/programs/ld-ctype.c) flattens the
includes depth first into one list (translit_flatten: each included locale's own entries
after those of the locales it includes, the including locale's own last), keeps each file's
entries in reverse order of appearance (read_translit_entry prepends), and where a character
appears twice the later entry of that list replaces the earlier (allocate_arrays). So the
first entry of a file wins within it, and across files translit_combining wins over
translit_neutral, which wins over the files it includes, the last included first. Each
character keeps the alternatives of its winning entry, in the order glibc tries them.

Usage: python3 tools/translit/extract.py [--check] [--locales DIR]
  --check    write nothing; exit 1 if the file would change.
  --locales  glibc's locale sources (default /usr/share/i18n/locales, Debian's `locales`).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(REPO, "data", "translit", "glibc-C.txt")
DEFAULT_LOCALES = "/usr/share/i18n/locales"
TOP = "C"

UCS = re.compile(r"<U([0-9A-Fa-f]{4,8})>")


class Locale:
    """One locale source's translit sections: its includes and its own entries."""

    def __init__(self, name: str):
        self.name = name
        self.includes: list[str] = []
        self.entries: list[tuple[int, list[list[int]]]] = []
        self.default_missing: list[int] | None = None


def strip_comment(line: str) -> str:
    """The line without a % comment (% does not occur inside these files' strings)."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "%" and not quoted:
            return line[:i]
    return line


def parse_alternatives(text: str) -> list[list[int]]:
    """`<U0041>;"<U0041><U0045>";""` -> [[0x41], [0x41, 0x45], []]."""
    alternatives = []
    for part in text.split(";"):
        part = part.strip()
        body = part[1:-1] if len(part) >= 2 and part[0] == part[-1] == '"' else part
        if UCS.sub("", body).strip():
            raise ValueError(f"unexpected text in a transliteration: {part!r}")
        alternatives.append([int(h, 16) for h in UCS.findall(body)])
    return alternatives


def read_locale(directory: str, name: str) -> Locale:
    locale = Locale(name)
    inside = False
    with open(os.path.join(directory, name), encoding="utf-8") as f:
        for raw in f:
            line = strip_comment(raw).strip()
            if line == "translit_start":
                inside = True
            elif line == "translit_end":
                inside = False
            elif not inside or not line:
                continue
            elif line.startswith("include"):
                locale.includes.append(re.match(r'include\s+"([^"]+)"', line).group(1))
            elif line.startswith("default_missing"):
                locale.default_missing = [int(h, 16) for h in UCS.findall(line)]
            else:
                key, _, rest = line.partition(" ")
                keys = [int(h, 16) for h in UCS.findall(key)]
                if len(keys) != 1 or UCS.sub("", key):
                    raise ValueError(f"{name}: unexpected line {raw!r}")
                locale.entries.append((keys[0], parse_alternatives(rest)))
    return locale


def flatten(directory: str, top: str) -> tuple[dict[int, tuple[str, list[list[int]]]], Locale]:
    """The table localedef builds for `top`: character -> (file, alternatives)."""
    loaded: dict[str, Locale] = {}
    visited: set[str] = set()
    order: list[Locale] = []

    def load(name: str) -> Locale:
        if name not in loaded:
            loaded[name] = read_locale(directory, name)
        return loaded[name]

    def walk(locale: Locale) -> None:
        # translit_flatten: each include's own includes, then the include itself.
        for name in locale.includes:
            if name in visited:
                continue
            visited.add(name)
            other = load(name)
            walk(other)
            order.append(other)

    root = load(top)
    walk(root)
    order.append(root)
    table: dict[int, tuple[str, list[list[int]]]] = {}
    for locale in order:
        # Within a file the first entry wins (the list holds it last).
        for key, alternatives in reversed(locale.entries):
            table[key] = (locale.name, alternatives)
    return table, root


def glibc_version() -> str:
    try:
        out = subprocess.run(["getconf", "GNU_LIBC_VERSION"], capture_output=True, text=True)
        return out.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def render(table: dict[int, tuple[str, list[list[int]]]], files: list[str], version: str,
           missing: list[int] | None) -> str:
    lines = [
        "# transcode //TRANSLIT data: generated by tools/translit/extract.py; do not edit",
        f"# source: {version} locale sources (Debian's `locales` package, /usr/share/i18n/locales):",
        "#   the C locale (C.UTF-8) LC_CTYPE translit sections, as localedef flattens them:",
        f"#   {', '.join(files)}",
        "# precedence: translit_combining, then translit_neutral, then the files it includes",
        "#   (the last included first); within a file, the first entry",
        "# default_missing: " + " ".join("%04X" % c for c in missing or []),
        "# licence: the Free Software Foundation claims no copyright in glibc's locale data",
        "# format: code point, file, then each alternative in the order glibc tries them",
        "#   (code points separated by spaces; \"\" for nothing), separated by tabs",
    ]
    for key in sorted(table):
        name, alternatives = table[key]
        alts = ["\"\"" if not alt else " ".join("%04X" % c for c in alt)
                for alt in alternatives]
        lines.append("\t".join(["%04X" % key, name, *alts]))
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    directory = DEFAULT_LOCALES
    if "--locales" in argv:
        directory = argv[argv.index("--locales") + 1]
    if not os.path.isfile(os.path.join(directory, TOP)):
        print(f"error: no glibc locale sources in {directory} (apt-get install locales)",
              file=sys.stderr)
        return 2
    table, root = flatten(directory, TOP)
    files = []
    for name, _ in table.values():
        if name not in files:
            files.append(name)
    text = render(table, sorted(files), glibc_version(), root.default_missing)
    old = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else None
    if old == text:
        return 0
    if check:
        print(f"{os.path.relpath(OUT, REPO)} would change", file=sys.stderr)
        return 1
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {os.path.relpath(OUT, REPO)}: {len(table)} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
