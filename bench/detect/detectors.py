"""The detectors compared by the benchmark, and the tools they need.

transcode           `transcode --detect --json FILE`, one process per file
uchardet            `uchardet FILE` (Debian package uchardet), one process per file
chardet             chardet.detect(bytes) in-process, PyPI chardet (pinned), in a venv
charset-normalizer  charset_normalizer.from_bytes(bytes).best() in-process, PyPI (pinned)

Answers: transcode and uchardet are given the files in batches of 200 per process
(each file is detected on its own; one process per file gives the same answers,
only slower); the Python detectors run in one worker process each.

Times: in-process, time.perf_counter_ns() around the detection call alone, bytes
already in memory, for every input (pyworker.py).  One process per file, all four
as command-line tools (`transcode --detect --json FILE`, `uchardet FILE`,
`chardetect FILE`, `normalizer --minimal FILE`), time.perf_counter() around
subprocess.run() (start, read, detect, print, exit), the tools interleaved file
by file, on a fixed sample of small whole files.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import release  # bench/, which bench/detect.py runs from

HERE = Path(__file__).resolve().parent
PIP_PINS = ["chardet==7.7.0", "charset-normalizer==3.4.7"]
PEERS = ["transcode", "uchardet", "chardet", "charset-normalizer"]


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def ensure_venv(root: Path, install: bool) -> Path | None:
    """A venv under root with the pinned Python detectors; returns its python."""
    py = root / "venv" / "bin" / "python"
    if not py.exists():
        if not install:
            return None
        log("  creating venv " + str(root / "venv"))
        subprocess.run([sys.executable, "-m", "venv", str(root / "venv")], check=True)
    have = subprocess.run([str(py), "-m", "pip", "freeze"], capture_output=True, text=True).stdout
    missing = [p for p in PIP_PINS if p.lower() not in have.lower().replace("_", "-")]
    if missing:
        if not install:
            return None
        log("  pip install " + " ".join(missing))
        subprocess.run([str(py), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *missing],
                       check=True)
    return py


def ensure_uchardet(install: bool) -> str | None:
    path = shutil.which("uchardet")
    if path is None and install:
        log("  apt-get install -y uchardet")
        subprocess.run(["apt-get", "install", "-y", "-q", "uchardet"], stdout=subprocess.DEVNULL, check=False)
        path = shutil.which("uchardet")
    return path


def ensure_transcode(bin_: Path | None, repo: Path) -> Path | None:
    """`bin_`, or the release binary built by pkg/build-release."""
    if bin_ is None:
        log("  pkg/build-release")
        bin_ = release.build(repo, nice=10)
    return bin_ if bin_ is not None and bin_.exists() else None


def versions(tools: dict) -> dict:
    v = {}
    if tools.get("transcode"):
        out = subprocess.run([str(tools["transcode"]), "--version"], capture_output=True, text=True).stdout
        v["transcode"] = f"{out.strip()} ({release.WORDS[release.linking(tools['transcode'])]})"
    if tools.get("uchardet"):
        out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "uchardet"], capture_output=True,
                             text=True).stdout
        v["uchardet"] = "uchardet " + (out.strip() or subprocess.run(
            [tools["uchardet"], "--version"], capture_output=True, text=True).stdout.split("Version")[-1].strip())
    if tools.get("python"):
        out = subprocess.run([str(tools["python"]), "-c",
                              "import chardet, charset_normalizer; print(chardet.__version__, "
                              "charset_normalizer.__version__)"], capture_output=True, text=True).stdout.split()
        if len(out) == 2:
            v["chardet"] = "chardet " + out[0]
            v["charset-normalizer"] = "charset-normalizer " + out[1]
    return v


def transcode_repertoire(bin_: Path) -> set[str]:
    """Canonical names of every encoding `transcode --list` names (decodable ones)."""
    import labels
    out = subprocess.run([str(bin_), "--list"], capture_output=True, text=True).stdout
    rep = set()
    for line in out.splitlines():
        name, _, aliases = line.partition(":")
        if not name.strip() or "(" in name or name.strip() == "auto":
            continue
        for label in [name, *aliases.split()]:
            c = labels.canonical(label)
            if c and not c.startswith("?"):
                rep.add(c)
    return rep


def _run_each(argv_for, paths: list[str], parse) -> list[dict]:
    out = []
    for p in paths:
        argv = argv_for(p)
        t0 = time.perf_counter()
        r = subprocess.run(argv, capture_output=True)
        t1 = time.perf_counter()
        ans, err = parse(r)
        out.append({"answer": ans, "ns": int((t1 - t0) * 1e9), "error": err})
    return out


def _parse_transcode(r):
    line = r.stdout.decode("utf-8", "replace").splitlines()[:1]
    if r.returncode != 0 or not line:
        return None, f"exit {r.returncode}: {r.stderr.decode('utf-8', 'replace').strip()[:200]}"
    try:
        return json.loads(line[0]).get("encoding"), None
    except ValueError as e:
        return None, f"bad JSON: {e}"


def _parse_uchardet(r):
    if r.returncode != 0:
        return None, f"exit {r.returncode}"
    return r.stdout.decode("utf-8", "replace").strip(), None


def _batches(paths: list[str], n: int = 200):
    for i in range(0, len(paths), n):
        yield paths[i:i + n]


def _run_batched(argv: list[str], paths: list[str], parse_line) -> list[dict]:
    """One process per batch of files: the answers, without times."""
    got: dict[str, str | None] = {}
    errors: dict[str, str] = {}
    for batch in _batches(paths):
        r = subprocess.run([*argv, *batch], capture_output=True)
        for line in r.stdout.decode("utf-8", "replace").splitlines():
            parsed = parse_line(line, batch)
            if parsed:
                got[parsed[0]] = parsed[1]
        if r.returncode != 0:
            for p in batch:
                if p not in got:
                    errors[p] = f"exit {r.returncode}: {r.stderr.decode('utf-8', 'replace').strip()[:200]}"
    return [{"answer": got.get(p), "ns": None, "error": errors.get(p) or (None if p in got else "no output")}
            for p in paths]


def _line_transcode(line: str, batch):
    try:
        o = json.loads(line)
    except ValueError:
        return None
    return o.get("file"), o.get("encoding")


def _line_uchardet(line: str, batch):
    if len(batch) == 1:
        return batch[0], line.strip()
    path, sep, enc = line.rpartition(": ")
    return (path, enc.strip()) if sep else None


def run(name: str, tools: dict, paths: list[str]) -> list[dict]:
    """Every answer of one detector; in-process detectors also give their time per file."""
    if name == "transcode":
        return _run_batched([str(tools["transcode"]), "--detect", "--json"], paths, _line_transcode)
    if name == "uchardet":
        return _run_batched([tools["uchardet"]], paths, _line_uchardet)
    r = subprocess.run([str(tools["python"]), str(HERE / "pyworker.py"), name], input=json.dumps(paths),
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{name} worker failed: {r.stderr[-2000:]}")
    return json.loads(r.stdout)


def process_times(tools: dict, dets: list[str], paths: list[str]) -> dict[str, list[dict]]:
    """One process per file, the detectors interleaved file by file (so that both meet the
    same machine load): answers and times."""
    bindir = Path(tools["python"]).parent if tools.get("python") else None
    argv = {
        "transcode": lambda p: [str(tools["transcode"]), "--detect", "--json", p],
        "uchardet": lambda p: [tools["uchardet"], p],
        "chardet": lambda p: [str(bindir / "chardetect"), p],
        "charset-normalizer": lambda p: [str(bindir / "normalizer"), "--minimal", p],
    }
    parse = {"transcode": _parse_transcode, "uchardet": _parse_uchardet}
    out: dict[str, list[dict]] = {d: [] for d in dets}
    for p in paths:
        for d in dets:
            out[d] += _run_each(argv[d], [p], parse.get(d, lambda r: (None, None)))
    return out


MODE = {
    "transcode": "command line, `--detect --json`, 200 files per process",
    "uchardet": "command line, 200 files per process",
    "chardet": "Python API `chardet.detect(bytes)`",
    "charset-normalizer": "Python API `from_bytes(bytes).best()`",
}


