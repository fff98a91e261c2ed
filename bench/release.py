"""The transcode binary the benchmarks time by default: the release build of
pkg/build-release (statically linked on Linux with glibc), and how a binary is linked.
Python 3 standard library only; used by bench/run.py and bench/detect.py."""

from __future__ import annotations

import subprocess
from pathlib import Path


def build(repo: Path, nice: int = 0) -> Path | None:
    """Builds the release binary with pkg/build-release; its path, or None if the build failed."""
    argv = ["bash", str(repo / "pkg" / "build-release"), "--quiet"]
    if nice:
        argv = ["nice", "-n", str(nice)] + argv
    r = subprocess.run(argv, cwd=repo, stdout=subprocess.PIPE, text=True)
    lines = r.stdout.strip().splitlines()
    if r.returncode != 0 or not lines:
        return None
    path = Path(lines[-1])
    return path if path.is_absolute() else repo / path


# What each answer of `linking` is called in a report.
WORDS = {"static": "statically linked", "dynamic": "dynamically linked", "unknown": "linking unknown"}


def linking(binary: Path) -> str:
    """"static" or "dynamic" (whether the ELF binary asks for a program interpreter), or
    "unknown" when readelf cannot say."""
    try:
        headers = subprocess.run(["readelf", "-l", str(binary)], capture_output=True, text=True).stdout
    except OSError:
        return "unknown"
    if not headers:
        return "unknown"
    return "dynamic" if "program interpreter" in headers else "static"
