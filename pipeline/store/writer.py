"""Write a dataset directory: four Parquet tables, a manifest and a cache, atomically.

Layout of ``OUT/``::

    _build.json                          manifest: build key, summary, file list (no timestamps)
    rulings/part-0.parquet               one row per ruling per source, sorted by card, source, line
    aligned/card=<slug>/part-0.parquet   one file per card (hive partitioning)
    cards/part-0.parquet                 one row per card, sorted by card_id
    quarantine/part-0.parquet            sorted by source, line, reason
    .cache/...                           reusable work (ignored by Parquet readers: hidden)

``rulings`` is a single file rather than one per card: with ~13,000 cards of a few rulings each,
per-card files would be tiny and slow to read; readers filter on ``card_id`` instead.

Same tables in, same bytes out: fixed row order, explicit schemas, zstd, no timestamps.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.ipc  # noqa: F401  (pa.ipc)
import pyarrow.parquet as pq

from pipeline.errors import DatasetError
from pipeline.store.atomic import MARKER, atomic_directory
from pipeline.store.schema import (
    ALIGNED_SCHEMA,
    CARDS_SCHEMA,
    PARTITION_FIELD,
    QUARANTINE_SCHEMA,
    RULINGS_SCHEMA,
)

__all__ = ["CACHE_DIR", "COMPRESSION", "write_dataset", "write_table"]

COMPRESSION = "zstd"
CACHE_DIR = ".cache"
ROW_GROUP_SIZE = 16_384


def write_table(table: pa.Table, path: Path) -> None:
    """Write one Parquet file with the project's fixed options (zstd, no timestamps)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(
        table,
        path,
        compression=COMPRESSION,
        row_group_size=ROW_GROUP_SIZE,
        write_statistics=True,
        use_dictionary=True,
    )


PARTITION_OPTIONS: dict[str, Any] = {
    "compression": COMPRESSION,
    "write_statistics": False,
    "use_dictionary": False,
}
"""Options of the small per-card files: statistics and dictionaries cost more than they save."""

PARALLEL_MIN_PARTITIONS = 2000
"""Below this many partitions, writing them in one process is faster than starting helpers."""

_CHILD = """
import json, sys
import pyarrow.ipc as ipc, pyarrow.parquet as pq
src, root, opts, jobs = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), sys.argv[4]
with ipc.open_file(src) as reader:
    table = reader.read_all()
with open(jobs, encoding="utf-8") as fh:
    for line in fh:
        slug, offset, length = line.split()
        pq.write_table(table.slice(int(offset), int(length)), f"{root}/{slug}/part-0.parquet", **opts)
"""


def _write_partitions(table: pa.Table, runs: Sequence[tuple[str, int, int]], root: Path) -> None:
    """Write ``table.slice(offset, length)`` to ``root/<slug>/part-0.parquet`` for each run.

    With many partitions and several CPUs, helper processes write a share of them (a Parquet
    write of a tiny file is dominated by per-file work that holds the GIL); the bytes are the
    same whichever process writes a file.
    """
    root.mkdir(exist_ok=True)
    for slug, _, _ in runs:
        os.mkdir(root / slug)
    workers = min(os.cpu_count() or 1, 4)
    helpers: list[tuple[subprocess.Popen[bytes], list[tuple[str, int, int]]]] = []
    job_files: list[Path] = []
    mine = list(runs)
    ipc_path = root.parent / ".aligned.arrow"
    if workers > 1 and len(runs) >= PARALLEL_MIN_PARTITIONS:
        with pa.OSFile(str(ipc_path), "wb") as sink, pa.ipc.new_file(sink, table.schema) as w:
            w.write_table(table)
        shares = [list(runs[i::workers]) for i in range(workers)]
        mine = shares[0]
        for n, share in enumerate(shares[1:], start=1):
            jobs = root.parent / f".aligned.jobs-{n}"
            job_files.append(jobs)
            jobs.write_text("".join(f"{s} {o} {k}\n" for s, o, k in share), encoding="utf-8")
            proc = subprocess.Popen(
                [sys.executable, "-c", _CHILD, str(ipc_path), str(root), json.dumps(PARTITION_OPTIONS), str(jobs)],
                stdin=subprocess.DEVNULL,
            )
            helpers.append((proc, share))
    try:
        for slug, offset, length in mine:
            pq.write_table(table.slice(offset, length), root / slug / "part-0.parquet", **PARTITION_OPTIONS)
        for proc, _ in helpers:
            if proc.wait() != 0:
                raise DatasetError(f"a partition writer process failed (exit {proc.returncode})")
    finally:
        for proc, _ in helpers:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        ipc_path.unlink(missing_ok=True)
        for jobs in job_files:
            jobs.unlink(missing_ok=True)


def _check(table: pa.Table, schema: pa.Schema, name: str) -> pa.Table:
    if not table.schema.equals(schema, check_metadata=False):
        raise DatasetError(f"{name}: table does not match its schema:\n{table.schema}\nvs\n{schema}")
    return table.replace_schema_metadata(schema.metadata).cast(schema)


def write_dataset(
    out: Path,
    *,
    rulings: pa.Table,
    aligned: pa.Table,
    aligned_slugs: Sequence[str],
    cards: pa.Table,
    quarantine: pa.Table,
    manifest: Mapping[str, Any],
    cache_files: Mapping[str, pa.Table] | None = None,
) -> list[str]:
    """Write the dataset to ``out`` atomically; returns the relative paths of the data files.

    ``aligned_slugs[i]`` is the partition (card slug) of ``aligned`` row ``i``; rows of one slug
    must be contiguous (the caller sorts them). ``cache_files`` maps a file name under
    ``OUT/.cache/`` to a table to store there.
    """
    rulings = _check(rulings, RULINGS_SCHEMA, "rulings")
    aligned = _check(aligned, ALIGNED_SCHEMA, "aligned")
    cards = _check(cards, CARDS_SCHEMA, "cards")
    quarantine = _check(quarantine, QUARANTINE_SCHEMA, "quarantine")
    if len(aligned_slugs) != aligned.num_rows:
        raise DatasetError("aligned_slugs must give one slug per aligned row")

    # contiguous runs of one slug -> (slug, offset, length)
    runs: list[tuple[str, int, int]] = []
    for i, slug_ in enumerate(aligned_slugs):
        slug = f"{PARTITION_FIELD}={slug_}"
        if runs and runs[-1][0] == slug:
            runs[-1] = (slug, runs[-1][1], runs[-1][2] + 1)
        else:
            runs.append((slug, i, 1))
    if len({r[0] for r in runs}) != len(runs):
        raise DatasetError("aligned rows of one card must be contiguous")

    files = ["rulings/part-0.parquet", "cards/part-0.parquet", "quarantine/part-0.parquet"]
    files += [f"aligned/{slug}/part-0.parquet" for slug, _, _ in runs]

    with atomic_directory(out) as tmp:
        write_table(rulings, tmp / files[0])
        write_table(cards, tmp / files[1])
        write_table(quarantine, tmp / files[2])
        _write_partitions(aligned, runs, tmp / "aligned")
        if cache_files:
            (tmp / CACHE_DIR).mkdir()
            for name, table in sorted(cache_files.items()):
                if "/" in name or name.startswith("."):
                    raise DatasetError(f"bad cache file name {name!r}")
                write_table(table, tmp / CACHE_DIR / name)
        body = dict(manifest)
        body["files"] = files
        (tmp / MARKER).write_text(
            json.dumps(body, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    return files
