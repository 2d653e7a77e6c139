#!/usr/bin/env python3
"""Cases per second and memory of the phase harness in process (no stdio): every case of the suite.

    engines/phase/.venv/bin/python engines/phase/bench_harness.py [ROUNDS]

Runs setup + actions + observe of each case the harness takes (refusals count too: they are answers),
``ROUNDS`` times (default 1), and prints one JSON line: executed cases, seconds, cases/s, and the RSS
after each round (flat memory: the rounds end at about the same RSS).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import harness  # noqa: E402
from game import HarnessError  # noqa: E402


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    srv = harness.Server()
    srv.load()
    cases = []
    for f in sorted(harness.DEFAULT_CASES.rglob("*.yaml")):
        d = harness._load_yaml(f)
        if isinstance(d, dict) and "setup" in d:
            if set(d.get("cards") or []) <= srv.declared:
                cases.append(d)
    executed, busy, rss = 0, 0.0, []
    for _ in range(rounds):
        for c in cases:
            t0 = time.perf_counter()
            try:
                srv.handle({"cmd": "setup", "setup": c["setup"]})
                for a in c["actions"]:
                    srv.handle({"cmd": "action", "action": a})
            except HarnessError:
                pass
            if srv.game is not None:
                srv.handle({"cmd": "observe"})
            busy += time.perf_counter() - t0
            executed += 1
        rss.append(harness.rss_mb())
    print(json.dumps({"cases": executed, "seconds": round(busy, 2), "cases_per_s": round(executed / busy, 1),
                      "rss_mb_after_each_round": rss}))


if __name__ == "__main__":
    main()
