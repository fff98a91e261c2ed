"""Runs one Python detector in-process over a list of files (inside the benchmark's venv).

Usage: python pyworker.py chardet|charset-normalizer < paths.json > answers.json

Each file is read into memory first; the time is that of the detection call alone
(time.perf_counter_ns around it).  Two warm-up calls on the first file come before
the timed ones, so that lazy model loading is not charged to the first file.
"""

import json
import sys
import time


def main() -> None:
    which = sys.argv[1]
    paths = json.load(sys.stdin)
    if which == "chardet":
        import chardet

        def detect(data):
            return chardet.detect(data).get("encoding")
    elif which == "charset-normalizer":
        import charset_normalizer

        def detect(data):
            best = charset_normalizer.from_bytes(data).best()
            return best.encoding if best is not None else None
    else:
        raise SystemExit(f"unknown detector {which}")
    if paths:
        with open(paths[0], "rb") as f:
            first = f.read()
        detect(first)
        detect(first)
    out = []
    for p in paths:
        with open(p, "rb") as f:
            data = f.read()
        t0 = time.perf_counter_ns()
        try:
            enc, err = detect(data), None
        except Exception as e:  # a detector crash is an answer too
            enc, err = None, f"{type(e).__name__}: {e}"
        t1 = time.perf_counter_ns()
        out.append({"answer": enc, "ns": t1 - t0, "error": err})
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
