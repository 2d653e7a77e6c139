"""Write a dataset directory: four Parquet tables, a manifest and a cache, atomically.

Layout of ``OUT/``::

    _build.json                          manifest: build key, summary, file list, and ``written``:
                                         size and SHA-256 of every file (no timestamps)
    rulings/part-0.parquet               one row per ruling per source, sorted by card, source, line
    aligned/card=<slug>/part-0.parquet   one file per card (hive partitioning)
    aligned.parquet                      the same rows in one file, plus the column ``card``
    cards/part-0.parquet                 one row per card, sorted by card_id
    quarantine/part-0.parquet            sorted by source, line, reason
    .cache/...                           reusable work (ignored by Parquet readers: hidden)

``rulings`` is a single file rather than one per card: with ~13,000 cards of a few rulings each,
per-card files would be tiny and slow to read; readers filter on ``card_id`` instead.
``aligned/`` must be partitioned by card (users open one card's file), but ~13,000 small files
cost seconds to read back whole, so ``aligned.parquet`` holds the same rows in one file (sorted
like a reader of ``aligned/`` sees them) for :func:`~pipeline.store.reader.read_table`. It lies
outside ``aligned/``: ``aligned/**/*.parquet`` globs and ``pyarrow.dataset`` over ``aligned/``
see each row once.

Same tables in, same bytes out: fixed row order, explicit schemas, zstd, no timestamps. Use
:class:`DatasetWriter` (a context manager) to write piece by piece, or :func:`write_dataset` for
whole tables.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.errors import DatasetError
from pipeline.store import outdir
from pipeline.store.atomic import MARKER, atomic_directory
from pipeline.store.parquet_files import PartitionEncoder
from pipeline.store.schema import (
    ALIGNED_WHOLE_FILE,
    ALIGNED_WHOLE_SCHEMA,
    PARTITION_FIELD,
    SCHEMAS,
)

__all__ = [
    "CACHE_DIR",
    "COMPRESSION",
    "PARTITION_OPTIONS",
    "DatasetWriter",
    "open_dataset_writer",
    "partition_dir",
    "partition_runs",
    "write_dataset",
    "write_partition",
    "write_partitions",
    "whole_aligned",
    "write_table",
]

COMPRESSION = "zstd"
CACHE_DIR = ".cache"
ROW_GROUP_SIZE = 16_384

PARTITION_OPTIONS: dict[str, Any] = {
    "compression": COMPRESSION,
    "write_statistics": False,
    "use_dictionary": False,
}
"""The options of the small per-card files, as ``pq.write_table`` arguments: statistics and
dictionaries cost more than they save. :func:`write_partitions` writes files equal to what
``pq.write_table(table, path, **PARTITION_OPTIONS)`` writes (tested), faster."""


def write_table(table: pa.Table, path: Path) -> dict[str, Any]:
    """Write one Parquet file with the project's fixed options (zstd, no timestamps); returns
    its marker record (:func:`pipeline.store.outdir.file_record`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression=COMPRESSION, row_group_size=ROW_GROUP_SIZE)
    data = sink.getvalue()
    with open(path, "wb") as fh:
        fh.write(data)
    return outdir.file_record(memoryview(data))


def partition_dir(slug: str) -> str:
    """The directory name of the partition of card slug ``slug``: ``card=<slug>``."""
    if not slug or "/" in slug or "\x00" in slug or slug in (".", ".."):
        raise DatasetError(f"unsafe partition slug {slug!r}")
    return f"{PARTITION_FIELD}={slug}"


_RECORD_ROOTS: set[str] = set()
"""``aligned`` folders whose partition files' records go to side files (see
:func:`write_partitions`); set before the align stage forks, so its child inherits it."""
_SIDE_PREFIX = ".written-"


def _record_partitions(root: Path, written: Sequence[str], files: Sequence[Any]) -> None:
    """Append the size and SHA-256 of partition files just written under ``root`` to this
    process's side file ``root/.written-<pid>.tsv`` (the forked align child has no other way
    back)."""
    lines = "".join(f"{rel}\t{len(data)}\t{hashlib.sha256(data).hexdigest()}\n"
                    for rel, data in zip(written, files, strict=True))
    with open(os.path.join(root, f"{_SIDE_PREFIX}{os.getpid()}.tsv"), "a", encoding="utf-8") as fh:
        fh.write(lines)


def _collect_records(root: Path) -> dict[str, dict[str, Any]]:
    """Read and delete the side files of :func:`_record_partitions` under ``root``."""
    records: dict[str, dict[str, Any]] = {}
    if not root.is_dir():
        return records
    for side in sorted(root.glob(f"{_SIDE_PREFIX}*.tsv")):
        for line in side.read_text(encoding="utf-8").splitlines():
            rel, size, digest = line.split("\t")
            records[rel] = {"bytes": int(size), "sha256": digest}
        side.unlink()
    return records


_ENCODER: PartitionEncoder | None = None
_ENCODER_LOCK = threading.Lock()


def _partition_encoder() -> PartitionEncoder:
    """The process-wide encoder of ``aligned`` partition files (built on first use)."""
    global _ENCODER
    with _ENCODER_LOCK:
        if _ENCODER is None:
            _ENCODER = PartitionEncoder(SCHEMAS["aligned"])
        return _ENCODER


def write_partitions(
    root: Path, table: pa.Table, runs: Sequence[tuple[str, int, int]]
) -> list[str]:
    """Write the ``aligned`` rows of several cards: for each run ``(slug, offset, length)`` of
    ``table``'s rows, the file ``root/card=<slug>/part-0.parquet``. Returns the paths relative
    to the dataset (``aligned/card=<slug>/part-0.parquet``), in the order of ``runs``.

    The files are encoded by :class:`~pipeline.store.parquet_files.PartitionEncoder` (zstd, no
    statistics, no dictionary: :data:`PARTITION_OPTIONS`), all runs at once.
    """
    dirs = [partition_dir(slug) for slug, _, _ in runs]
    files = _partition_encoder().encode(conform(table, "aligned"), [(off, n) for _, off, n in runs])
    written = []
    for name, data in zip(dirs, files, strict=True):
        where = os.path.join(root, name)
        os.mkdir(where)
        fd = os.open(os.path.join(where, "part-0.parquet"), _CREATE_FLAGS, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)
        written.append(f"aligned/{name}/part-0.parquet")
    if os.fspath(root) in _RECORD_ROOTS:
        _record_partitions(root, written, files)
    return written


_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)


def partition_runs(slugs: Sequence[str]) -> list[tuple[str, int, int]]:
    """``(slug, offset, length)`` of each run of equal consecutive ``slugs`` (one per row): the
    ``runs`` argument of :func:`write_partitions` for a table whose rows carry those slugs."""
    runs: list[tuple[str, int, int]] = []
    for i, slug in enumerate(slugs):
        if runs and runs[-1][0] == slug:
            runs[-1] = (slug, runs[-1][1], runs[-1][2] + 1)
        else:
            runs.append((slug, i, 1))
    return runs


def write_partition(table: pa.Table, root: Path, slug: str) -> str:
    """Write the ``aligned`` rows of one card under ``root/card=<slug>/``; returns the path
    relative to the dataset (``aligned/card=<slug>/part-0.parquet``)."""
    return write_partitions(root, table, [(slug, 0, table.num_rows)])[0]


def whole_aligned(aligned: pa.Table, runs: Sequence[tuple[str, int, int]]) -> pa.Table:
    """The table of ``aligned.parquet``: the partitions' rows (``runs``: ``(slug, offset,
    length)`` of each partition in ``aligned``) in partition path order, with column ``card``.

    The rows are gathered with one ``take`` (a table of one chunk: a concatenation of ~13,000
    slices would be written chunk by chunk, ~15x slower)."""
    ordered = sorted(runs, key=lambda r: r[0] + "/")  # the order of the partition paths
    indices = [i for _, off, n in ordered for i in range(off, off + n)]
    rows = conform(aligned, "aligned").take(pa.array(indices, type=pa.int64()))
    slugs = pa.array([slug for slug, _, n in ordered for _ in range(n)], type=pa.string())
    return rows.append_column(ALIGNED_WHOLE_SCHEMA.field(PARTITION_FIELD), slugs)


def conform(table: pa.Table, name: str) -> pa.Table:
    """Check ``table`` against the schema of table ``name`` and attach its metadata."""
    schema = SCHEMAS[name]
    if table.schema is schema or table.schema.equals(schema, check_metadata=True):
        return table
    if not table.schema.equals(schema, check_metadata=False):
        raise DatasetError(
            f"{name}: table does not match its schema:\n{table.schema}\nvs\n{schema}"
        )
    return table.cast(schema)


class DatasetWriter:
    """Writes the parts of one dataset into a temporary directory (see :func:`open_dataset_writer`)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.files: list[str] = []
        self.records: dict[str, dict[str, Any]] = {}
        """Marker record (size, SHA-256) of each file written, by relative path."""

    @property
    def aligned_root(self) -> Path:
        """Directory holding the ``card=<slug>`` partitions (created on first use)."""
        path = self.root / "aligned"
        path.mkdir(exist_ok=True)
        _RECORD_ROOTS.add(os.fspath(path))
        return path

    def write(self, name: str, table: pa.Table) -> None:
        """Write table ``name`` (``rulings``, ``cards`` or ``quarantine``) as one file."""
        if name not in SCHEMAS or name == "aligned":
            raise DatasetError(f"cannot write {name!r} as a single table")
        rel = f"{name}/part-0.parquet"
        self.records[rel] = write_table(conform(table, name), self.root / rel)
        self.files.append(rel)

    def write_partition(self, slug: str, table: pa.Table) -> None:
        """Write the ``aligned`` rows of one card."""
        self.files.append(write_partition(table, self.aligned_root, slug))

    def write_whole_aligned(self, table: pa.Table) -> None:
        """Write ``aligned.parquet``: every ``aligned`` row with its ``card`` slug, in one file
        (the rows of the partitions, in partition path order; see the module docstring)."""
        if table.schema.equals(ALIGNED_WHOLE_SCHEMA, check_metadata=True):
            conformed = table
        elif table.schema.equals(ALIGNED_WHOLE_SCHEMA, check_metadata=False):
            conformed = table.cast(ALIGNED_WHOLE_SCHEMA)
        else:
            raise DatasetError(f"{ALIGNED_WHOLE_FILE}: table does not match its schema")
        self.records[ALIGNED_WHOLE_FILE] = write_table(conformed, self.root / ALIGNED_WHOLE_FILE)
        self.files.append(ALIGNED_WHOLE_FILE)

    def add_files(self, rel_paths: Sequence[str], *, check: bool = True) -> None:
        """Record files written into :attr:`root` by someone else (e.g. the forked align worker);
        ``check=False`` skips checking that each exists (the caller wrote them itself)."""
        if check:
            for rel in rel_paths:
                if not (self.root / rel).is_file():
                    raise DatasetError(f"{rel}: reported written but missing")
        self.files.extend(rel_paths)

    def write_cache(self, name: str, table: pa.Table) -> None:
        """Store a reusable table as ``.cache/<name>`` (not part of the dataset proper)."""
        if "/" in name or name.startswith(".") or not name:
            raise DatasetError(f"bad cache file name {name!r}")
        self.records[f"{CACHE_DIR}/{name}"] = write_table(table, self.root / CACHE_DIR / name)

    def finish(self, manifest: Mapping[str, Any]) -> None:
        """Write the manifest (``_build.json``) listing every data file, sorted, and under
        ``written`` the size and SHA-256 of every file written (cache included): the marker that
        proves which files of the folder this tool wrote (:mod:`pipeline.store.outdir`)."""
        aligned = self.root / "aligned"
        _RECORD_ROOTS.discard(os.fspath(aligned))
        self.records.update(_collect_records(aligned))
        for rel in self.files:
            if rel not in self.records:  # written by someone else (add_files)
                self.records[rel] = outdir.record_file(self.root / rel)
        body = dict(manifest)
        body["files"] = sorted(self.files)
        body["written"] = {rel: self.records[rel] for rel in sorted(self.records)}
        (self.root / MARKER).write_bytes(outdir.marker_json(body))


@contextmanager
def open_dataset_writer(out: Path, *, prechecked: bool = False) -> Iterator[DatasetWriter]:
    """Write a dataset that replaces ``out`` atomically when the block ends without error.

    The block must call :meth:`DatasetWriter.finish`; otherwise :class:`DatasetError` is raised
    and ``out`` is left as it was. ``prechecked``: see
    :func:`~pipeline.store.atomic.atomic_directory`.
    """
    with atomic_directory(Path(out), prechecked=prechecked) as tmp:
        writer = DatasetWriter(tmp)
        try:
            yield writer
        finally:
            _RECORD_ROOTS.discard(os.fspath(tmp / "aligned"))
        if not (tmp / MARKER).is_file():
            raise DatasetError("dataset not finished (no manifest written)")


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
    """Write whole tables as a dataset at ``out`` atomically; returns the data files written.

    ``aligned_slugs[i]`` is the card slug (partition) of ``aligned`` row ``i``; rows of one slug
    must be contiguous.
    """
    if len(aligned_slugs) != aligned.num_rows:
        raise DatasetError("aligned_slugs must give one slug per aligned row")
    runs = partition_runs(aligned_slugs)
    if len({r[0] for r in runs}) != len(runs):
        raise DatasetError("aligned rows of one card must be contiguous")
    with open_dataset_writer(out) as w:
        w.write("rulings", rulings)
        w.write("cards", cards)
        w.write("quarantine", quarantine)
        w.aligned_root  # noqa: B018  (an empty aligned/ when there are no groups)
        w.add_files(write_partitions(w.aligned_root, aligned, runs), check=False)
        w.write_whole_aligned(whole_aligned(aligned, runs))
        for name, table in sorted((cache_files or {}).items()):
            w.write_cache(name, table)
        w.finish(manifest)
        return list(w.files)
