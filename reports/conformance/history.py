"""The history of conformance runs: one Parquet row per run, appended by each report.

``rulings report conformance`` appends every run it reads (default ``OUT/history.parquet``; CI
keeps the file between nightly runs). Appending is idempotent: a run already recorded (same
:attr:`~reports.conformance.load.ConformanceRun.run_id`) is not added twice. Each row holds the
run's counts and pass rate (for the trend chart) and every case's status and hash (for the diff
of an engine's two latest runs).

The file is rewritten atomically (temporary file, then rename) under an exclusive lock on
``FILE.lock``, so two reports appending at once do not lose a row.
"""

from __future__ import annotations

import fcntl
import json
import os
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING

import pyarrow as pa
import pyarrow.parquet as pq

from reports.conformance.errors import HistoryError
from reports.conformance.load import ConformanceRun

if TYPE_CHECKING:
    from conformance.runner import Run

HISTORY_FORMAT = 1
"""Stored in the Parquet metadata; a file of another format is refused."""

_META_KEY = b"mtg-rulings.conformance-history"


@dataclass(frozen=True)
class HistoryRow:
    """One recorded run."""

    run_id: str
    engine: str
    engine_version: str
    spec: str
    suite_version: str
    started: str
    finished: str
    shards: int
    cases: int
    passed: int
    failed: int
    errors: int
    crashes: int
    timeouts: int
    unsupported: int
    unexpected: int
    duration: float
    pass_rate: float | None
    """Passed / cases taken (unsupported excluded); None when none was taken."""
    results: str
    """JSON ``{case id: [status, hash]}``."""

    def statuses(self) -> dict[str, tuple[str, str | None]]:
        """``{case id: (status, hash)}`` decoded from :attr:`results`."""
        data = json.loads(self.results)
        return {cid: (v[0], v[1]) for cid, v in data.items()}

    @classmethod
    def of_run(cls, run: ConformanceRun) -> HistoryRow:
        """The row recording ``run``."""
        counts = run.counts
        results = {c.id: [c.status, c.hash] for c in run.cases}
        return cls(
            run_id=run.run_id, engine=run.engine_name, engine_version=run.engine_version,
            spec=run.spec, suite_version=run.suite_version, started=run.started,
            finished=run.finished, shards=run.shards, cases=len(run.cases),
            passed=counts["pass"], failed=counts["fail"], errors=counts["error"],
            crashes=counts["crash"], timeouts=counts["timeout"],
            unsupported=counts["unsupported"], unexpected=len(run.unexpected),
            duration=round(run.duration, 6), pass_rate=run.pass_rate,
            results=json.dumps(results, sort_keys=True, ensure_ascii=False,
                               separators=(",", ":")))


_TYPES: Mapping[str, pa.DataType] = {
    "run_id": pa.string(), "engine": pa.string(), "engine_version": pa.string(),
    "spec": pa.string(), "suite_version": pa.string(), "started": pa.string(),
    "finished": pa.string(), "shards": pa.int32(), "cases": pa.int32(), "passed": pa.int32(),
    "failed": pa.int32(), "errors": pa.int32(), "crashes": pa.int32(), "timeouts": pa.int32(),
    "unsupported": pa.int32(), "unexpected": pa.int32(), "duration": pa.float64(),
    "pass_rate": pa.float64(), "results": pa.string(),
}
SCHEMA: pa.Schema = pa.schema([pa.field(f.name, _TYPES[f.name], nullable=f.name == "pass_rate")
                               for f in fields(HistoryRow)],
                              metadata={_META_KEY: str(HISTORY_FORMAT).encode()})
"""The Parquet schema of a history file."""


def _sort_key(row: HistoryRow) -> tuple[str, str, str]:
    return (row.started, row.engine, row.run_id)


def read_history(path: str | Path) -> list[HistoryRow]:
    """Every recorded run, oldest first (by start time, engine, run id). A missing file is
    an empty history. Raises :class:`HistoryError` for a file that is not a history."""
    p = Path(path)
    if not p.exists():
        return []
    try:
        table = pq.read_table(p)
    except (OSError, pa.ArrowException) as exc:
        raise HistoryError(f"{p}: cannot read the history: {exc}") from exc
    meta = table.schema.metadata or {}
    if meta.get(_META_KEY) != str(HISTORY_FORMAT).encode():
        raise HistoryError(f"{p}: not a conformance history (format {HISTORY_FORMAT}) file")
    missing = [n for n in SCHEMA.names if n not in table.column_names]
    if missing:
        raise HistoryError(f"{p}: history columns missing: {', '.join(missing)}")
    rows = [HistoryRow(**{n: rec[n] for n in SCHEMA.names}) for rec in table.to_pylist()]
    return sorted(rows, key=_sort_key)


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    lock = path.with_name(path.name + ".lock")
    try:
        fh = open(lock, "a+")  # noqa: SIM115
    except OSError as exc:
        raise HistoryError(f"{lock}: cannot lock the history: {exc}") from exc
    try:
        fcntl.flock(fh, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fh, fcntl.LOCK_UN)
        fh.close()


def _write(path: Path, rows: Sequence[HistoryRow]) -> None:
    table = pa.Table.from_pylist([asdict(r) for r in rows], schema=SCHEMA)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        pq.write_table(table, tmp)
        os.chmod(tmp, 0o644)  # mkstemp makes it 0600; a history is shared like any output
        os.replace(tmp, path)
    except (OSError, pa.ArrowException) as exc:
        Path(tmp).unlink(missing_ok=True)
        raise HistoryError(f"{path}: cannot write the history: {exc}") from exc


def append_runs(path: str | Path, runs: Sequence[ConformanceRun]) -> list[HistoryRow]:
    """Record ``runs`` in the history file ``path`` (created with its directory if needed).

    Runs already recorded are skipped. Returns the rows actually added.
    """
    p = Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HistoryError(f"{p.parent}: cannot create: {exc}") from exc
    with _locked(p):
        rows = read_history(p)
        known = {r.run_id for r in rows}
        added = []
        for run in runs:
            row = HistoryRow.of_run(run)
            if row.run_id not in known:
                known.add(row.run_id)
                added.append(row)
        if added or not p.exists():
            _write(p, sorted([*rows, *added], key=_sort_key))
    return added


def record_run(path: str | Path, run: Run, jsonl: str | Path | None = None) -> list[HistoryRow]:
    """Record a finished run of the runner in the history file ``path`` (``rulings run
    --history``); returns the row added (none when the run was recorded already).

    ``jsonl`` is the run's JSON Lines file when one was written: the row is then read from it,
    as ``rulings report conformance`` would read it; otherwise from ``run`` itself.
    """
    from conformance.output.jsonl import run_to_file
    from reports.conformance.load import group_runs, load_runs

    runs = load_runs([jsonl]) if jsonl is not None else group_runs([run_to_file(run)])
    return append_runs(path, runs)
