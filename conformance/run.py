#!/usr/bin/env python3
"""Conformance runner for `transcode`, driven by third-party test data.

Usage: python3 conformance/run.py [--bin PATH] [--data DIR] [-v]

The binary defaults to <repo>/target/release/transcode and the data to
<repo>/../shared/conformance (see SOURCES.md there; nothing is copied into the
repo).  Every case is one subprocess call; stdout bytes and the exit status are
compared.  `-s` is always passed.  A strict conversion that fails must exit 1;
where an oracle tells us the well-formed prefix, stdout must equal it (the
interface promises that output before the error is still written).

Suites live in conformance/suites/, one module per source of test data (or per
encoding family); each module says what its suites check and lists its builders
in SUITES.  A new module there is found by itself.

Output: one line per suite, details for up to 20 failures per suite, then
`conformance: N passed, N failed[, N skipped]`.  Exit 0 if nothing failed,
1 if something failed, 2 if the binary or the data are missing.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional

import suites
from model import Case, Outcome, Skip, Suite, first_difference, hex_excerpt

REPO = Path(__file__).resolve().parent.parent
DEFAULT_BIN = REPO / "target" / "release" / "transcode"
DEFAULT_DATA = REPO.parent / "shared" / "conformance"
WORKERS = 4
TIMEOUT_SECONDS = 120
MAX_FAILURES_SHOWN = 20


# ---------------------------------------------------------------- running

def run_case(binary: Path, case: Case) -> Outcome:
    try:
        proc = subprocess.run([str(binary), *case.args], input=case.stdin,
                              capture_output=True, timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return Outcome(case, None, b"", b"", [f"timed out after {TIMEOUT_SECONDS}s"])
    except OSError as exc:
        return Outcome(case, None, b"", b"", [f"could not run: {exc}"])
    return Outcome(case, proc.returncode, proc.stdout, proc.stderr,
                   judge(case, proc.returncode, proc.stdout))


def judge(case: Case, rc: int, out: bytes) -> list[str]:
    problems = []
    if rc != case.want_rc:
        problems.append(f"exit status: expected {case.want_rc}, got {rc}")
    if case.want_out is not None and out != case.want_out:
        problems.append(describe_difference(case.want_out, out))
    if case.check is not None:
        complaint = case.check(out)
        if complaint:
            problems.append(complaint)
    return problems


def describe_difference(want: bytes, got: bytes) -> str:
    offset = first_difference(want, got)
    return (f"stdout differs at byte {offset} (expected {len(want)} bytes, got {len(got)})\n"
            f"      expected {hex_excerpt(want, offset)}\n"
            f"      got      {hex_excerpt(got, offset)}")


def command_line(binary: Path, case: Case) -> str:
    text = shlex.join([display_path(binary), *case.args])
    if reads_stdin(case):
        text += f"  < stdin ({len(case.stdin)} bytes) {case.stdin[:32].hex(' ')}"
        text += "..." if len(case.stdin) > 32 else ""
    return text


def reads_stdin(case: Case) -> bool:
    """argv() puts FILE last, after the options; otherwise the input is stdin."""
    return case.args[-1].startswith("-")


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def run_all(binary: Path, suites: list[Suite]) -> dict[str, list[Outcome]]:
    jobs = [(suite.name, case) for suite in suites for case in suite.cases]
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        outcomes = list(pool.map(lambda job: run_case(binary, job[1]), jobs))
    results: dict[str, list[Outcome]] = {suite.name: [] for suite in suites}
    for (suite_name, _), outcome in zip(jobs, outcomes):
        results[suite_name].append(outcome)
    return results


# ---------------------------------------------------------------- reporting

def report_suite(binary: Path, suite: Suite, outcomes: list[Outcome], verbose: bool) -> tuple[int, int]:
    failed = [o for o in outcomes if o.problems]
    passed = len(outcomes) - len(failed)
    line = f"{suite.name}: {passed} passed, {len(failed)} failed"
    print(line + (f", {len(suite.skips)} skipped" if suite.skips else ""))
    for note in suite.notes:
        print(f"  note: {note}")
    for line in suite.summarize(outcomes) if suite.summarize else []:
        print(f"  {line}")
    report_skips(suite.skips, verbose)
    if verbose:
        for outcome in outcomes:
            if not outcome.problems:
                print(f"  pass: {outcome.case.name}")
    for outcome in failed[:MAX_FAILURES_SHOWN]:
        report_failure(binary, outcome)
    if len(failed) > MAX_FAILURES_SHOWN:
        print(f"  ... {len(failed) - MAX_FAILURES_SHOWN} more failures not shown")
    return passed, len(failed)


def report_skips(skips: list[Skip], verbose: bool) -> None:
    by_reason: dict[str, list[str]] = {}
    for skip in skips:
        by_reason.setdefault(skip.reason, []).append(skip.name)
    for reason, names in by_reason.items():
        print(f"  skipped {len(names)}: {reason}")
        for name in names if verbose else []:
            print(f"    - {name}")


def report_failure(binary: Path, outcome: Outcome) -> None:
    print(f"  FAIL {outcome.case.name}")
    print(f"    $ {command_line(binary, outcome.case)}")
    print(f"    exit status: expected {outcome.case.want_rc}, got {outcome.rc}")
    for problem in outcome.problems:
        if not problem.startswith("exit status"):
            print(f"    {problem}")
    stderr = outcome.err.decode("utf-8", "replace").strip()
    if stderr:
        print(f"    stderr: {stderr[:300]}")


# ---------------------------------------------------------------- main

def parse_args(argv_list: Optional[list[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Run transcode against third-party conformance data.")
    parser.add_argument("--bin", type=Path, default=DEFAULT_BIN, help="transcode binary")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="conformance data directory")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every case")
    parser.add_argument("--only", metavar="TEXT", help="run only the suites whose name has TEXT")
    return parser.parse_args(argv_list)


def build_suites(data: Path) -> list[Suite]:
    return [builder(data) for builder in suites.builders()]


def selected(all_suites: list[Suite], only: Optional[str]) -> list[Suite]:
    """The suites whose name contains `only` (all of them without it)."""
    return [s for s in all_suites if not only or only.lower() in s.name.lower()]


def main(argv_list: Optional[list[str]] = None) -> int:
    args = parse_args(argv_list)
    binary, data = args.bin, args.data.resolve()
    if not (binary.is_file() and binary.stat().st_mode & 0o111):
        print(f"error: transcode binary not found at {binary} "
              f"(build it with `cargo build --release`, or pass --bin PATH)", file=sys.stderr)
        return 2
    if not (data / "SOURCES.md").is_file():
        print(f"error: conformance data not found at {data} (pass --data DIR)", file=sys.stderr)
        return 2
    # Suites that must know which labels the binary has (libiconv's) ask it.
    os.environ["TRANSCODE_BIN"] = str(binary)
    try:
        suites = build_suites(data)
    except (OSError, KeyError, ValueError) as exc:
        print(f"error: could not load conformance data: {exc!r}", file=sys.stderr)
        return 2
    suites = selected(suites, args.only)
    results = run_all(binary, suites)
    totals = [report_suite(binary, suite, results[suite.name], args.verbose) for suite in suites]
    passed = sum(p for p, _ in totals)
    failed = sum(f for _, f in totals)
    skipped = sum(len(suite.skips) for suite in suites)
    print(f"conformance: {passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
