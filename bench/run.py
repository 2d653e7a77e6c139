"""`make bench`: runs every ``bench/*_bench.py`` script in turn and prints their figures."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    sys.path.insert(0, str(HERE.parent))
    # The cold full build first: later scripts build and replace datasets, and on ext4 without a
    # journal inode creation stays slow for minutes after many deletions (see pipeline_bench).
    scripts = sorted(HERE.glob("*_bench.py"), key=lambda p: (p.name != "pipeline_bench.py", p.name))
    for script in scripts:
        print(f"\n=== {script.stem} ===", flush=True)
        runpy.run_path(str(script), run_name="__main__")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
