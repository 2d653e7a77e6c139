"""Pipeline benchmark: full-corpus build (cold and warm) against a naive row-by-row baseline.

Run by ``bench/run.py`` (``make bench``) or directly. Each measurement runs in a fresh
subprocess; peak memory is that subprocess's ``ru_maxrss``, and its largest child's (the
language detector process or the align worker process, ``RUSAGE_CHILDREN``) is printed beside it. The cold build runs with empty per-user caches
(``$MTG_RULINGS_CACHE`` and ``$MTG_RULINGS_CACHE_DIR``), as on a fresh machine. CPU seconds (user +
system, all threads, the align worker included) are printed beside wall time: the machine may be
shared, and the load average is printed before and after.

The naive baseline is what one would write first: pandas reads the JSON Lines, then each row is
normalised and sent to langdetect (seeded, so deterministic) one at a time, and the result is
written with ``DataFrame.to_parquet`` per card (a ``groupby`` loop): one file per card, as the
pipeline's ``aligned/`` partitions. Row-by-row langdetect is slow, so the detection step is timed
on an evenly spaced sample and extrapolated to every row; reading and writing are measured whole.
The output says so.

The cold build runs first, before anything else of ``make bench`` writes or deletes datasets: on
ext4 without a journal (this machine), creating inodes is slow for a few minutes after many were
deleted (the allocator skips recently deleted ones), which a fresh machine does not see.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
INPUTS = [
    REPO / "fixtures" / "data" / "mtgjson-2022" / "rulings_en.jsonl.gz",
    REPO / "fixtures" / "data" / "recent" / "at_knifepoint_otj.json",
    REPO / "fixtures" / "seeds",
]
BASELINE_SAMPLE = 1500

_BUILD = textwrap.dedent(
    """
    import json, resource, sys, time
    t0 = time.perf_counter()
    from pipeline.build import build
    t1 = time.perf_counter()
    s = build(json.loads(sys.argv[1]), sys.argv[2])
    t2 = time.perf_counter()
    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    ru = resource.getrusage(resource.RUSAGE_SELF)
    rc = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"import_s": t1 - t0, "build_s": t2 - t1, "rss_kb": me, "helpers_rss_kb": kids,
                      "cpu_s": ru.ru_utime + ru.ru_stime + rc.ru_utime + rc.ru_stime,
                      "records_out": s.records_out, "records_in": s.records_in,
                      "quarantined": s.quarantined, "reused": s.reused,
                      "timings": s.timings}))
    """
)

_BASELINE = textwrap.dedent(
    """
    import json, os, re, resource, sys, time, unicodedata
    t0 = time.perf_counter()
    import pandas as pd
    from langdetect import DetectorFactory, detect_langs
    DetectorFactory.seed = 0
    src, out, sample = sys.argv[1], sys.argv[2], int(sys.argv[3])
    df = pd.read_json(src, lines=True, compression="gzip")
    ws = re.compile(r"\\s+")
    df["text_norm"] = [ws.sub(" ", unicodedata.normalize("NFC", t)).strip() for t in df["text"]]
    t_read = time.perf_counter() - t0
    step = max(1, len(df) // sample)
    rows = df.iloc[::step]
    t1 = time.perf_counter()
    langs = []
    for text in rows["text_norm"]:
        try:
            best = detect_langs(text)[0]
            langs.append((best.lang, best.prob))
        except Exception:
            langs.append(("und", 0.0))
    t_detect_sample = time.perf_counter() - t1
    per_row = t_detect_sample / len(rows)
    t2 = time.perf_counter()
    df["lang"] = "en"
    for oracle_id, group in df.groupby("oracle_id", sort=True):  # one file per card
        where = os.path.join(out, f"oracle_id={oracle_id}")
        os.makedirs(where)
        group.to_parquet(os.path.join(where, "part-0.parquet"), compression="zstd", index=False)
    t_write = time.perf_counter() - t2
    print(json.dumps({"rows": len(df), "sampled": len(rows), "read_s": t_read,
                      "detect_per_row_s": per_row, "write_s": t_write,
                      "rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
    """
)


_READ = textwrap.dedent(
    """
    import json, resource, sys, time
    t0 = time.perf_counter()
    from pipeline.store import read_dataset
    t1 = time.perf_counter()
    d = read_dataset(sys.argv[1])
    t2 = time.perf_counter()
    print(json.dumps({"import_s": t1 - t0, "read_s": t2 - t1, "rows": len(d.rulings),
                      "aligned": len(d.aligned),
                      "rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
    """
)


def _run(code: str, *args: str, env: dict[str, str] | None = None) -> tuple[float, dict]:
    import os
    import time

    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **(env or {})},
    )
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise RuntimeError(f"benchmark subprocess failed:\n{proc.stderr}")
    return wall, json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    """Measure and print the figures."""
    import os

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="rulings-bench-") as tmp:
        out = Path(tmp) / "dataset"
        inputs = json.dumps([str(p) for p in INPUTS])
        empty_cache = {  # the align lexicon's and the names table's per-user caches
            "MTG_RULINGS_CACHE": str(Path(tmp) / "empty-user-cache"),
            "MTG_RULINGS_CACHE_DIR": str(Path(tmp) / "empty-user-cache"),
        }
        cold_wall, cold = _run(_BUILD, inputs, str(out), env=empty_cache)
        warm_wall, warm = _run(_BUILD, inputs, str(out))
        read_wall, read = _run(_READ, str(out))
        base_wall, base = _run(
            _BASELINE, str(INPUTS[0]), str(Path(tmp) / "naive.parquet"), str(BASELINE_SAMPLE)
        )

    n = cold["records_out"]
    base_total = base["read_s"] + base["detect_per_row_s"] * base["rows"] + base["write_s"]
    base_rate = base["rows"] / base_total
    rate = n / cold_wall
    print(f"inputs            {', '.join(p.relative_to(REPO).as_posix() for p in INPUTS)}")
    print(
        f"records           {cold['records_in']:,} in = {n:,} out + {cold['quarantined']:,} quarantined"
    )
    print(
        f"pipeline (cold)   {cold_wall:6.2f} s wall (process; build() itself {cold['build_s']:.2f} s, "
        f"imports {cold['import_s']:.2f} s)  {rate:,.0f} rulings/s"
    )
    print(
        f"  cpu             {cold['cpu_s']:.2f} s user+system (all threads, align worker included)"
    )
    print(
        f"  peak memory     {cold['rss_kb'] / 1024:,.0f} MB (the build process; its largest child, "
        f"the language detector or the align worker process: "
        f"{cold['helpers_rss_kb'] / 1024:,.0f} MB; together at most "
        f"{(cold['rss_kb'] + cold['helpers_rss_kb']) / 1024:,.0f} MB)"
    )
    stages = ", ".join(f"{k} {v:.2f}" for k, v in cold["timings"].items())
    print(f"  stages (s)      {stages}")
    print(
        f"pipeline (warm)   {warm_wall:6.2f} s wall (process; build() itself {warm['build_s']:.2f} s; "
        f"reused={warm['reused']})  peak {warm['rss_kb'] / 1024:,.0f} MB"
    )
    print(
        f"naive baseline    {base_total:6.2f} s estimated for {base['rows']:,} rows "
        f"({base_rate:,.0f} rulings/s): pandas read {base['read_s']:.2f} s + langdetect row by row "
        f"{base['detect_per_row_s'] * 1000:.2f} ms/row, measured on {base['sampled']:,} sampled rows "
        f"and extrapolated to all rows + to_parquet, one file per card, {base['write_s']:.2f} s; "
        f"peak {base['rss_kb'] / 1024:,.0f} MB (subprocess wall {base_wall:.2f} s)"
    )
    print(
        f"read_dataset()    {read['read_s']:6.2f} s ({read['rows']:,} rulings, {read['aligned']:,} "
        f"aligned rows; imports {read['import_s']:.2f} s, process {read_wall:.2f} s wall, "
        f"peak {read['rss_kb'] / 1024:,.0f} MB)"
    )
    print(
        f"speed-up          {base_total / cold_wall:,.1f}x (baseline estimate / pipeline cold wall)"
    )
    load_after = os.getloadavg()
    print(
        f"machine           {os.cpu_count()} CPUs; load average {load_before[0]:.2f} before, "
        f"{load_after[0]:.2f} after (1 min)"
    )
    print(
        "note: cold = fresh OUT, fresh process and empty per-user caches ($MTG_RULINGS_CACHE, "
        "$MTG_RULINGS_CACHE_DIR)."
    )


if __name__ == "__main__":
    main()
