"""Conformance throughput: cases/s for the reference engine in process and over stdio (1 worker).

Runs the real suite (conformance/cases) repeatedly through the runner's executor (setup, actions,
observe, judge) until N case executions. Targets: >= 1,000 cases/s in process, >= 200 over stdio.
Run by bench/run.py via runpy as __main__.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from conformance.cases_io import CASES_DIR, load_cases  # noqa: E402
from conformance.engines.spec import parse_spec, python_serve_argv  # noqa: E402
from conformance.runner import CaseExecutor, suite_cards  # noqa: E402

EXECUTIONS = 2000
TARGETS = {"in-process": 1000.0, "stdio": 200.0}


def measure(spec_text: str, cases: list, n: int) -> tuple[float, dict[str, int]]:
    """Cases per second over ``n`` executions (engine start excluded), and statuses seen."""
    executor = CaseExecutor(parse_spec(spec_text), timeout=30.0, cards=suite_cards(cases))
    executor.connect()
    for case in cases:  # warm-up: imports, caches
        executor.run(case)
    counts: dict[str, int] = {}
    t0 = time.perf_counter()
    for i in range(n):
        status = executor.run(cases[i % len(cases)]).status
        counts[status] = counts.get(status, 0) + 1
    elapsed = time.perf_counter() - t0
    executor.close()
    return n / elapsed, counts


def main() -> None:
    """Print the figures."""
    try:
        from conformance.reference import ReferenceEngine  # noqa: F401
    except ImportError:
        print("conformance: the reference engine is not installed; nothing to measure")
        return
    cases = load_cases([CASES_DIR])
    if not cases:
        print("conformance: no cases under conformance/cases; nothing to measure")
        return
    stdio_spec = "cmd:" + " ".join(python_serve_argv("reference"))
    for label, spec in (("in-process", "reference"), ("stdio", stdio_spec)):
        rate, counts = measure(spec, cases, EXECUTIONS)
        verdict = "ok" if rate >= TARGETS[label] else "BELOW TARGET"
        print(
            f"conformance {label:<10} {rate:8.0f} cases/s  ({EXECUTIONS} executions of "
            f"{len(cases)} cases, statuses {counts}; target {TARGETS[label]:.0f}: {verdict})",
            flush=True,
        )


if __name__ == "__main__":
    main()
