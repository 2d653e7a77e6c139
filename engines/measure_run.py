#!/usr/bin/env python3
"""Run a command and report the peak resident memory of its whole process tree (Linux, /proc).

    python engines/measure_run.py -- .venv/bin/rulings run conformance/cases --engine pymtg

Samples every process descended from the command every ``--interval`` seconds and prints one JSON line
to stderr: ``peak_total_mb`` (the largest sum over the tree at one sample: the number a memory limit
such as "a whole-suite run stays under 1.5 GB" is about), ``peak_by_process_mb`` (each command line's own
peak) and ``seconds``. Exits with the command's status. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        kids.setdefault(ppid, []).append(int(d.name))
    return kids


def tree_rss_mb(root: int) -> dict[int, tuple[str, float]]:
    """``pid -> (command line, RSS in MiB)`` for ``root`` and all its descendants."""
    kids, out, todo = _children(), {}, [root]
    while todo:
        pid = todo.pop()
        todo.extend(kids.get(pid, []))
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                out[pid] = (cmd[:120], int(line.split()[1]) / 1024.0)
    return out


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the command's exit status."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--interval", type=float, default=0.05, help="seconds between samples")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command to run")
    args = ap.parse_args(argv)
    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not cmd:
        ap.error("no command given")
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd)
    peak_total = 0.0
    peak_by: dict[str, float] = {}
    while proc.poll() is None:
        sample = tree_rss_mb(proc.pid)
        peak_total = max(peak_total, sum(mb for _cmd, mb in sample.values()))
        for c, mb in sample.values():
            peak_by[c] = max(peak_by.get(c, 0.0), mb)
        time.sleep(args.interval)
    print(json.dumps({"peak_total_mb": round(peak_total, 1),
                      "peak_by_process_mb": {c: round(v, 1) for c, v in sorted(peak_by.items())},
                      "seconds": round(time.monotonic() - t0, 2), "exit_code": proc.returncode}),
          file=sys.stderr)
    return proc.returncode


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
