#!/usr/bin/env python3
"""Which charsets and names of glibc iconv and GNU libiconv transcode accepts.

Compares the label table (asked of the binary: `transcode -f NAME -t UTF-8 </dev/null`) with
  * glibc's converter modules: every charset a `module` line of gconv-modules (and
    gconv-modules.d/*.conf) names, with the names its `alias` lines give it;
  * `iconv -l`: every name glibc's iconv program lists;
  * GNU libiconv: the name groups of its encodings*.def (../shared/conformance/libiconv/
    aliases.tsv) and the charsets its `make check` tests (the CHARSET.TXT and
    CHARSET-snippet files there, and those its Makefile names that are not there).

Prints the counts and every charset without a name, and every name refused.

Usage: python3 tools/iconv_coverage.py [--bin PATH] [--data DIR] [--names] [--json]
  --names  also list each name refused (else only charsets without any name, and counts)
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
GCONV = glob.glob("/usr/lib/*/gconv")

# The charsets GNU libiconv 1.18's `make check` tests (tests/Makefile.in, check-stateless and
# check-stateful, without the AIX/OSF/DOS/z/OS "extra" guard: it runs them all on a default
# build with --enable-extra-encodings). Written out because its Makefile is code, which the
# shared data does not carry.
LIBICONV_TESTED = """
ASCII UTF-8 UCS-2BE UCS-2LE UCS-4BE UCS-4LE UTF-16 UTF-16BE UTF-16LE UTF-32 UTF-32BE UTF-32LE
UTF-7 ISO-8859-1 ISO-8859-2 ISO-8859-3 ISO-8859-4 ISO-8859-5 ISO-8859-6 ISO-8859-7 ISO-8859-8
ISO-8859-9 ISO-8859-10 ISO-8859-11 ISO-8859-13 ISO-8859-14 ISO-8859-15 ISO-8859-16 KOI8-R
KOI8-U KOI8-RU CP1250 CP1251 CP1252 CP1253 CP1254 CP1255 CP1256 CP1257 CP1258 CP850 CP862
CP866 CP1131 MacRoman MacCentralEurope MacIceland MacCroatian MacRomania MacCyrillic
MacUkraine MacGreek MacTurkish MacHebrew MacArabic MacThai HP-ROMAN8 NEXTSTEP ARMSCII-8
Georgian-Academy Georgian-PS KOI8-T PT154 RK1048 MuleLao-1 CP1133 TIS-620 CP874 VISCII TCVN
ISO646-JP JIS_X0201 ISO646-CN ISO-IR-165 EUC-JP SHIFT_JIS CP932 ISO-2022-JP ISO-2022-JP-2
ISO-2022-JP-1 ISO-2022-JP-MS EUC-CN GBK CP936 GB18030:2005 GB18030:2022 ISO-2022-CN
ISO-2022-CN-EXT HZ EUC-TW BIG5 CP950 BIG5-HKSCS:1999 BIG5-HKSCS:2001 BIG5-HKSCS:2004
BIG5-HKSCS:2008 EUC-KR CP949 JOHAB ISO-2022-KR CP856 CP922 CP1046 CP1124 CP1129 CP1161 CP1162
CP1163 DEC-KANJI DEC-HANYU CP437 CP737 CP775 CP852 CP853 CP855 CP857 CP858 CP860 CP861 CP863
CP864 CP865 CP869 CP1125 IBM-037 IBM-273 IBM-277 IBM-278 IBM-280 IBM-282 IBM-284 IBM-285
IBM-297 IBM-423 IBM-424 IBM-425 IBM-500 IBM-838 IBM-870 IBM-871 IBM-875 IBM-880 IBM-905
IBM-924 IBM-1025 IBM-1026 IBM-1047 IBM-1097 IBM-1112 IBM-1122 IBM-1123 IBM-1130 IBM-1132
IBM-1137 IBM-1140 IBM-1141 IBM-1142 IBM-1143 IBM-1144 IBM-1145 IBM-1146 IBM-1147 IBM-1148
IBM-1149 IBM-1153 IBM-1154 IBM-1155 IBM-1156 IBM-1157 IBM-1158 IBM-1160 IBM-1164 IBM-1165
IBM-1166 IBM-4971 IBM-12712 IBM-16804 EUC-JISX0213 SHIFT_JISX0213 ISO-2022-JP-3 BIG5-2003
TDS565 ATARIST RISCOS-LATIN1
""".split()


def glibc_modules():
    """{module charset: [its names]}: the module name first, then its aliases."""
    alias, modules = {}, set()
    for d in GCONV:
        files = [os.path.join(d, "gconv-modules")] + sorted(
            glob.glob(os.path.join(d, "gconv-modules.d", "*.conf")))
        for path in files:
            if not os.path.exists(path):
                continue
            for line in open(path, encoding="latin-1"):
                f = line.split()
                if len(f) >= 3 and f[0] == "alias":
                    alias[f[1].rstrip("/")] = f[2].rstrip("/")
                elif len(f) >= 3 and f[0] == "module":
                    modules.update(x.rstrip("/") for x in f[1:3] if x != "INTERNAL")
    groups = {m: [m] for m in sorted(modules)}
    for a, t in sorted(alias.items()):
        if t in groups:
            groups[t].append(a)
    return groups


def iconv_names():
    out = subprocess.run(["iconv", "-l"], stdout=subprocess.PIPE, text=True, check=True).stdout
    return [n.strip().rstrip("/") for n in re.split(r"[,\s]+", out) if n.strip().rstrip("/")]


def libiconv_groups(data):
    path = os.path.join(data, "libiconv", "aliases.tsv")
    groups = {}
    with open(path, encoding="utf-8") as f:
        for line in f.read().splitlines()[1:]:
            first, others = line.split("\t")[:2]
            groups[first] = [first] + others.split()
    return groups


def accepts(binary, names):
    """{name: True when transcode converts from it}."""
    def one(name):
        r = subprocess.run([binary, "-f", name, "-t", "UTF-8"], stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return name, r.returncode == 0
    with ThreadPoolExecutor(max_workers=4) as pool:
        return dict(pool.map(one, sorted(set(names))))


def tested_names(data, groups):
    """libiconv's tested charsets, each with its libiconv names (the group whose first name or
    alias it is; else the name alone) and whether its test data is in `data`."""
    by_name = {}
    for first, names in groups.items():
        for n in names:
            by_name.setdefault(n.upper(), names)
    out = []
    for name in LIBICONV_TESTED:
        file_name = name.replace(":", "-")
        has = name == "UTF-8" or any(os.path.exists(os.path.join(data, "libiconv", file_name + suffix))
                  for suffix in (".TXT", "-snippet", "-BMP.TXT"))
        out.append((name, by_name.get(name.upper(), [name]), has))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(REPO, "target", "release", "transcode"))
    ap.add_argument("--data", default=os.path.join(REPO, "..", "shared", "conformance"))
    ap.add_argument("--names", action="store_true", help="list every name refused")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    args = ap.parse_args(argv)
    if not os.access(args.bin, os.X_OK):
        sys.exit("no transcode binary at %s (cargo build --release)" % args.bin)
    modules = glibc_modules()
    listed = iconv_names()
    libiconv = libiconv_groups(args.data)
    tested = tested_names(args.data, libiconv)
    every = set(listed) | {n for ns in modules.values() for n in ns} | \
        {n for ns in libiconv.values() for n in ns} | {n for _, ns, _ in tested for n in ns}
    ok = accepts(args.bin, every)

    modules_named = {m: [n for n in ns if ok[n]] for m, ns in modules.items()}
    module_names_refused = sorted({n for ns in modules.values() for n in ns if not ok[n]})
    listed_refused = [n for n in listed if not ok[n]]
    libiconv_named = {f: [n for n in ns if ok[n]] for f, ns in libiconv.items()}
    tested_named = [(t, [n for n in ns if ok[n]], has) for t, ns, has in tested]
    result = {
        "glibc_modules": len(modules),
        "glibc_modules_named": sum(1 for v in modules_named.values() if v),
        "glibc_modules_unnamed": sorted(m for m, v in modules_named.items() if not v),
        "glibc_module_names": sum(len(v) for v in modules.values()),
        "glibc_module_names_refused": module_names_refused,
        "iconv_l_names": len(listed),
        "iconv_l_accepted": len(listed) - len(listed_refused),
        "iconv_l_refused": listed_refused,
        "libiconv_charsets": len(libiconv),
        "libiconv_charsets_named": sum(1 for v in libiconv_named.values() if v),
        "libiconv_charsets_unnamed": sorted(f for f, v in libiconv_named.items() if not v),
        "libiconv_names": sum(len(v) for v in libiconv.values()),
        "libiconv_names_refused": sorted(n for ns in libiconv.values() for n in ns if not ok[n]),
        "libiconv_tested": len(tested),
        "libiconv_tested_named": sum(1 for _, v, _ in tested_named if v),
        "libiconv_tested_unnamed": [t for t, v, _ in tested_named if not v],
        "libiconv_tested_without_data": [t for t, _, has in tested_named if not has],
    }
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print("glibc converter modules: %d charsets, %d with a name transcode accepts" % (
        result["glibc_modules"], result["glibc_modules_named"]))
    print("  without a name: %s" % (" ".join(result["glibc_modules_unnamed"]) or "none"))
    print("  names of the modules (module and alias lines): %d, refused %d" % (
        result["glibc_module_names"], len(module_names_refused)))
    print("iconv -l: %d names, %d accepted" % (result["iconv_l_names"], result["iconv_l_accepted"]))
    print("GNU libiconv: %d charsets (encodings*.def), %d with a name accepted; %d names, %d "
          "refused" % (result["libiconv_charsets"], result["libiconv_charsets_named"],
                       result["libiconv_names"], len(result["libiconv_names_refused"])))
    print("  without a name: %s" % (" ".join(result["libiconv_charsets_unnamed"]) or "none"))
    print("GNU libiconv's make check: %d charsets, %d with a name accepted" % (
        result["libiconv_tested"], result["libiconv_tested_named"]))
    print("  without a name: %s" % (" ".join(result["libiconv_tested_unnamed"]) or "none"))
    print("  test data not in %s: %s" % (os.path.join(args.data, "libiconv"),
                                          " ".join(result["libiconv_tested_without_data"])))
    if args.names:
        print("iconv -l names refused: %s" % " ".join(listed_refused))
        print("libiconv names refused: %s" % " ".join(result["libiconv_names_refused"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
