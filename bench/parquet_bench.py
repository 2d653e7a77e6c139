"""Per-card ``aligned`` files: pyarrow's ``write_table`` per file against the partition encoder.

Run by ``bench/run.py`` (``make bench``) or directly. Encodes the ``aligned`` rows of the shipped
corpus (built once into ``out/bench-dataset``, reused while its inputs are unchanged), one file per
card, in memory (no file system: that part is the same for both), and prints CPU time per file.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

INPUTS = [
    ROOT / "fixtures" / "seeds",
    ROOT / "fixtures" / "data" / "mtgjson-2022" / "rulings_en.jsonl.gz",
    ROOT / "fixtures" / "data" / "recent" / "at_knifepoint_otj.json",
]


def main() -> None:
    """Measure and print the figures."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from pipeline.build import build
    from pipeline.store.parquet_files import PartitionEncoder
    from pipeline.store.schema import ALIGNED_SCHEMA
    from pipeline.store.writer import PARTITION_OPTIONS, partition_runs

    out = ROOT / "out" / "bench-dataset"
    build(INPUTS, out)
    whole = pq.ParquetFile(out / "aligned.parquet").read()
    runs = [(off, n) for _, off, n in partition_runs(whole.column("card").to_pylist())]
    table = whole.drop_columns(["card"]).cast(ALIGNED_SCHEMA)

    t0 = time.process_time()
    for off, n in runs:
        pq.write_table(table.slice(off, n), pa.BufferOutputStream(), **PARTITION_OPTIONS)
    naive = time.process_time() - t0

    t0 = time.process_time()
    encoder = PartitionEncoder(ALIGNED_SCHEMA)
    files = encoder.encode(table, runs)
    fast = time.process_time() - t0

    same = all(
        pq.ParquetFile(pa.BufferReader(files[k])).read().equals(table.slice(*runs[k]))
        for k in range(0, len(runs), max(1, len(runs) // 200))
    )
    n = len(runs)
    print(f"aligned partitions: {n:,} files, {table.num_rows:,} rows (CPU time, in memory)")
    print(f"  pq.write_table per file   {naive:6.2f} s  {naive / n * 1e6:6.0f} us/file")
    print(
        f"  PartitionEncoder          {fast:6.2f} s  {fast / n * 1e6:6.0f} us/file "
        f"(encoder set-up included)  {naive / fast:.1f}x; sampled files read back equal: {same}"
    )


if __name__ == "__main__":
    main()
