"""Mining the whole corpus (`rulings mine` without writing): target under 30 s.

Builds the dataset once into ``out/bench-dataset`` (reused while its inputs are unchanged), then
times reading its ruling groups and mining them (families, generators, reference verification).
Run via ``make bench`` (runpy, as ``__main__``); prints figures, never exits.
"""

from __future__ import annotations

import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INPUTS = [
    ROOT / "fixtures" / "seeds",
    ROOT / "fixtures" / "data" / "mtgjson-2022" / "rulings_en.jsonl.gz",
    ROOT / "fixtures" / "data" / "recent" / "at_knifepoint_otj.json",
]
TARGET_S = 30.0


def run() -> dict[str, float]:
    """Build (or reuse) the dataset, mine it; return the timings in seconds."""
    from conformance.mining.coverage import summarise
    from conformance.mining.miner import mine_dataset
    from pipeline.build import build

    out = ROOT / "out" / "bench-dataset"
    t0 = time.perf_counter()
    build(INPUTS, out)
    t_build = time.perf_counter() - t0
    result = mine_dataset(out)
    totals = summarise(result)["totals"]
    print(f"dataset build (or reuse): {t_build:.1f} s")
    for k, v in result.timings.items():
        print(f"  {k:>8}: {v:.2f} s")
    c = totals["corpus"]
    print(
        f"corpus: {c['seen']} rulings, {c['cases']} cases over {c['cards_with_cases']} cards, "
        f"{c['verified']} verified; seed: {totals['seed']['cases']} cases"
    )
    verdict = "OK" if result.timings["total"] < TARGET_S else "SLOW"
    print(
        f"mining the whole corpus: {result.timings['total']:.1f} s "
        f"(target < {TARGET_S:.0f} s) {verdict}"
    )
    return result.timings


if __name__ == "__main__":
    run()
