"""Align the rulings of every card and write its ``aligned`` partition, in one or two processes.

Cards are taken in batches: each batch is aligned (cheap: most cards have rulings of one language
only, see :data:`pipeline.align.aligner.FAST_PATH`), converted to one Arrow table, and its
partitions are encoded together by :func:`pipeline.store.writer.write_partitions` (one Parquet
file per card) and written. All of it is Python work or short system calls, so threads would
only take turns holding the GIL: with ``processes=2`` (Linux only, where ``fork`` is cheap and the
rest of the build's state is simply inherited) a forked child takes the second share of the cards
while this process takes the first and then runs ``meanwhile``; the child sends back its rows as
Arrow IPC. Every file is encoded by the same code from the same rows whichever process writes it,
so the bytes do not depend on the number of processes (tested).
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa

from pipeline.errors import BuildError

__all__ = ["AlignResult", "CardWork", "align_and_write", "can_fork"]

CardWork = tuple[str, str, str, list[tuple[Any, ...]]]
"""``(card_id, card name, partition slug, AlignItem fields of each ruling)``."""

BATCH = 512
"""Cards whose groups are converted to Arrow and encoded at once (one table, one run per card)."""

CHILD_SHARE = 0.6
"""Share of the rulings the forked child takes: the parent also runs ``meanwhile``."""


@dataclass(slots=True)
class AlignResult:
    """What :func:`align_and_write` wrote."""

    files: list[tuple[str, int, int]]
    """Per card, in the order of the work: ``(file relative to the dataset, groups, groups
    across languages)``."""
    table: pa.Table
    """Every ``aligned`` row plus the partition column ``card``, in the order a reader of the
    partitioned directory sees them (sorted by partition path)."""


@dataclass(slots=True)
class _Part:
    """The rows and files of a contiguous share of the work."""

    table: pa.Table
    runs: list[tuple[str, int, int]]
    """``(slug, offset in table, length)`` of each card."""
    files: list[tuple[str, int, int]]


def can_fork() -> bool:
    """Whether :func:`align_and_write` may use ``processes=2`` here (Linux with ``os.fork``)."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def align_and_write(
    root: Path,
    work: Sequence[CardWork],
    *,
    advance: Callable[[int], None] | None = None,
    meanwhile: Callable[[], None] | None = None,
    processes: int = 1,
) -> AlignResult:
    """Align each card of ``work`` and write its partition ``root/card=<slug>/part-0.parquet``.

    ``advance(n)`` reports ``n`` more cards done; ``meanwhile`` (if given) runs in this process
    once its own share is written (the build writes its other tables there). ``processes=2``
    forks a child for part of the cards (see the module docstring; ignored where
    :func:`can_fork` is false). An exception of the child is raised here, after the child ended.
    """
    from pipeline.align import Lexicon
    from pipeline.store.tables import aligned_table
    from pipeline.store.writer import whole_aligned

    lexicon = Lexicon.load()  # loaded before forking: the child inherits it
    if processes < 2 or len(work) < 2 or not can_fork():
        parts = [_align_part(root, work, lexicon, advance)]
        if meanwhile is not None:
            meanwhile()
    else:
        parts = _align_forked(root, work, lexicon, advance, meanwhile)
    files: list[tuple[str, int, int]] = []
    all_runs: list[tuple[str, int, int]] = []
    rows = 0
    for part in parts:
        files.extend(part.files)
        all_runs.extend((slug, rows + off, n) for slug, off, n in part.runs)
        rows += part.table.num_rows
    tables = [p.table for p in parts if p.table.num_rows]
    aligned = pa.concat_tables(tables).combine_chunks() if tables else aligned_table([])
    return AlignResult(files, whole_aligned(aligned, all_runs))


def _align_part(
    root: Path,
    work: Sequence[CardWork],
    lexicon: Any,
    advance: Callable[[int], None] | None,
) -> _Part:
    from pipeline.align import AlignItem, align_card
    from pipeline.store.tables import aligned_table
    from pipeline.store.writer import write_partitions

    files: list[tuple[str, int, int]] = []
    tables: list[pa.Table] = []
    all_runs: list[tuple[str, int, int]] = []
    rows = 0
    for start in range(0, len(work), BATCH):
        batch = work[start : start + BATCH]
        per_card = [
            align_card(cid, name, [AlignItem(*f) for f in fields], lexicon)
            for cid, name, _slug, fields in batch
        ]
        table = aligned_table([g for groups in per_card for g in groups])
        runs: list[tuple[str, int, int]] = []
        offset = 0
        for (_cid, _name, slug, _fields), groups in zip(batch, per_card, strict=True):
            runs.append((slug, offset, len(groups)))
            all_runs.append((slug, rows + offset, len(groups)))
            offset += len(groups)
        written = write_partitions(root, table, runs)
        for rel, groups in zip(written, per_card, strict=True):
            multi = sum(1 for g in groups if sum(v is not None for v in g.ruling_ids.values()) > 1)
            files.append((rel, len(groups), multi))
        tables.append(table)
        rows += table.num_rows
        if advance is not None:
            advance(len(batch))
    merged = pa.concat_tables(tables) if tables else aligned_table([])
    return _Part(merged, all_runs, files)


def _split(work: Sequence[CardWork]) -> int:
    """The index where the child's share (the last :data:`CHILD_SHARE` of the rulings) begins."""
    total = sum(len(w[3]) for w in work)
    keep = total * (1 - CHILD_SHARE)
    seen = 0
    for i, w in enumerate(work):
        if seen >= keep:
            return max(1, i)
        seen += len(w[3])
    return len(work) - 1


def _align_forked(
    root: Path,
    work: Sequence[CardWork],
    lexicon: Any,
    advance: Callable[[int], None] | None,
    meanwhile: Callable[[], None] | None,
) -> list[_Part]:
    mid = _split(work)
    sys.stdout.flush()
    sys.stderr.flush()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_fd)
        status = 0
        try:
            part = _align_part(root, work[mid:], lexicon, None)
            message: tuple[str, Any] = ("ok", _to_wire(part))
        except BaseException as exc:  # noqa: BLE001 - sent to the parent, raised there
            status = 1
            message = ("error", _picklable(exc))
        try:
            with os.fdopen(write_fd, "wb") as pipe:
                pickle.dump(message, pipe, protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException:  # noqa: BLE001 - the parent sees the exit status
            status = 2
        os._exit(status)

    os.close(write_fd)
    reaped = False
    try:
        first = _align_part(root, work[:mid], lexicon, advance)
        if meanwhile is not None:
            meanwhile()
        with os.fdopen(read_fd, "rb") as pipe:
            read_fd = -1
            answer: tuple[str, Any]
            try:
                answer = pickle.load(pipe)
            except EOFError:
                answer = ("lost", None)
        _, status = os.waitpid(pid, 0)
        reaped = True
    finally:
        if read_fd != -1:
            os.close(read_fd)
        if not reaped:  # this process failed first: stop the child before the caller cleans up
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
    kind, body = answer
    if kind == "error" and isinstance(body, BaseException):
        raise body
    if kind != "ok" or status != 0 or body is None:
        raise BuildError(f"align: the worker process ended abnormally (wait status {status})")
    if advance is not None:
        advance(len(work) - mid)
    return [first, _from_wire(body)]


def _to_wire(part: _Part) -> tuple[bytes, list[tuple[str, int, int]], list[tuple[str, int, int]]]:
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, part.table.schema) as writer:
        writer.write_table(part.table)
    return sink.getvalue().to_pybytes(), part.runs, part.files


def _from_wire(
    body: tuple[bytes, list[tuple[str, int, int]], list[tuple[str, int, int]]],
) -> _Part:
    data, runs, files = body
    table = pa.ipc.open_stream(pa.BufferReader(data)).read_all()
    return _Part(table, runs, files)


def _picklable(exc: BaseException) -> BaseException:
    """``exc`` if it survives pickling, else a :class:`BuildError` describing it."""
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:  # noqa: BLE001
        return BuildError(f"align worker: {type(exc).__name__}: {exc}")
    return exc
