"""Measure the harness: cases/s and RSS growth per game over N setups (run with the engine venv python).

    engines/python-mtg/.venv/bin/python engines/python-mtg/bench_harness.py [N]
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SETUPS = [
    {"active_player": "p1", "step": "precombat_main", "turn": 1,
     "players": {"p1": {"life": 20, "mana": "{R}", "hand": [{"id": "bolt", "card": "Lightning Bolt"}]},
                 "p2": {"life": 20, "battlefield": [{"id": "bear", "card": "Grizzly Bears"}]}}},
    {"active_player": "p1", "step": "precombat_main", "turn": 3,
     "players": {"p1": {"life": 20, "mana": "{R}{R}{R}",
                        "hand": [{"id": "bolt", "card": "Lightning Bolt"}, {"id": "rev", "card": "Reverberate"}],
                        "battlefield": [{"id": "dd", "card": "Deepmuck Desperado"}]},
                 "p2": {"life": 20, "library": [{"id": f"l{i}", "card": "Island"} for i in range(4)]}}},
]
ACTIONS = [
    [{"cast": {"player": "p1", "object": "bolt", "targets": ["bear"]}}, {"resolve_stack": {}}],
    [{"cast": {"player": "p1", "object": "bolt", "targets": ["p2"]}},
     {"cast": {"player": "p1", "object": "rev", "targets": ["bolt"]}}, {"resolve_stack": {}}],
]


def main(n: int) -> None:
    proc = subprocess.Popen([sys.executable, str(HERE / "harness.py")], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)
    seq = 0

    def send(cmd: str, **body: object) -> dict:
        nonlocal seq
        seq += 1
        proc.stdin.write(json.dumps({"seq": seq, "cmd": cmd, **body}) + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    send("start", protocol=1)
    rss = []
    t0 = time.time()
    for i in range(n):
        k = i % len(SETUPS)
        send("setup", case=f"bench/{i}", setup=SETUPS[k])
        for a in ACTIONS[k]:
            send("action", action=a)
        rss.append(send("observe")["extra"]["rss_mb"])
    dt = time.time() - t0
    send("stop")
    proc.wait()
    print(json.dumps({"cases": n, "seconds": round(dt, 2), "cases_per_s": round(n / dt, 2),
                      "rss_first_mb": rss[0], "rss_last_mb": rss[-1],
                      "growth_per_case_mb": round((rss[-1] - rss[0]) / max(1, n - 1), 2)}))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
