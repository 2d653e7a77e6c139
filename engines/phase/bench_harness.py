#!/usr/bin/env python3
"""Cases per second and memory of the phase harness in process (no stdio): every case of the suite.

    engines/phase/.venv/bin/python engines/phase/bench_harness.py [ROUNDS]

Runs setup + actions + observe of each case the harness takes (refusals count too: they are answers),
``ROUNDS`` times (default 1), and prints one JSON line: executed cases, seconds, cases/s, and the RSS
after each round (flat memory: the rounds end at about the same RSS). The suite comes from the project's
case loader, run by the project's interpreter (``.venv``: ``make setup``).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import harness  # noqa: E402
from game import HarnessError  # noqa: E402

ROOT = HERE.parent.parent
SUITE = ("import json; from conformance.cases_io import CASES_DIR, load_cases; "
         "print(json.dumps([{'id': c.id, 'cards': sorted(c.cards), 'setup': c.setup, 'actions': c.actions} "
         "for c in load_cases([CASES_DIR])]))")
"""Run by the project's interpreter: the suite as its one case loader reads it (this venv reads no case file)."""


def suite() -> list[dict]:
    out = subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "-c", SUITE], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    everything = suite()
    srv = harness.Server()
    srv.start({"cards": sorted({n for c in everything for n in c["cards"]})})
    cases = [c for c in everything if set(c["cards"]) <= srv.declared]
    executed, busy, rss = 0, 0.0, []
    for _ in range(rounds):
        for c in cases:
            t0 = time.perf_counter()
            try:
                srv.setup(c["id"], c["setup"])
                for a in c["actions"]:
                    srv.act(a)
            except HarnessError:
                pass
            if srv.game is not None:
                srv.observe()
            busy += time.perf_counter() - t0
            executed += 1
        rss.append(harness.loop.rss_mb())
    print(json.dumps({"cases": executed, "seconds": round(busy, 2), "cases_per_s": round(executed / busy, 1),
                      "rss_mb_after_each_round": rss}))


if __name__ == "__main__":
    main()
