"""`make bench`: runs every ``bench/*_bench.py`` script in turn and prints their figures."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    sys.path.insert(0, str(HERE.parent))
    scripts = sorted(HERE.glob("*_bench.py"))
    for script in scripts:
        print(f"\n=== {script.stem} ===", flush=True)
        runpy.run_path(str(script), run_name="__main__")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
