"""Align the rulings of every card and write its ``aligned`` partition, with writer threads.

Writing ~13,000 small Parquet files is the bulk of this stage: per file, pyarrow encodes and
compresses 13 column chunks and the file system creates a directory and a file. Both happen in
C++ or in system calls that release the GIL, so :func:`align_and_write` aligns cards in the
calling thread (cheap: most cards have rulings of one language only, see
:data:`pipeline.align.aligner.FAST_PATH`) and hands each batch of cards to a small pool of writer
threads. No helper process is started: no start-up, no pickling, no second copy of the data.

Every file is written by the same function with the same options whichever thread writes it, so
the bytes do not depend on the number of threads (tested).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa

__all__ = ["AlignResult", "CardWork", "align_and_write"]

CardWork = tuple[str, str, str, list[tuple[Any, ...]]]
"""``(card_id, card name, partition slug, AlignItem fields of each ruling)``."""

BATCH = 256
"""Cards whose groups are converted to Arrow at once (one table, sliced per card) and handed to a
writer thread as one task."""


@dataclass(slots=True)
class AlignResult:
    """What :func:`align_and_write` wrote."""

    files: list[tuple[str, int, int]]
    """Per card, in the order of the work: ``(file relative to the dataset, groups, groups
    across languages)``."""
    table: pa.Table
    """Every ``aligned`` row plus the partition column ``card``, in the order a reader of the
    partitioned directory sees them (sorted by partition path)."""


def _write_batch(root: Path, table: pa.Table, runs: Sequence[tuple[str, int, int]]) -> list[str]:
    from pipeline.store.writer import write_partition

    return [write_partition(table.slice(off, n), root, slug) for slug, off, n in runs]


def align_and_write(
    root: Path,
    work: Sequence[CardWork],
    *,
    threads: int = 1,
    advance: Callable[[int], None] | None = None,
    meanwhile: Callable[[], None] | None = None,
) -> AlignResult:
    """Align each card of ``work`` and write its partition ``root/card=<slug>/part-0.parquet``.

    With ``threads > 1`` the files are written by that many threads while this one aligns the
    next batch; ``meanwhile`` (if given) runs in this thread once every batch is handed over (the
    build writes its other tables there). ``advance(n)`` reports ``n`` more cards aligned.
    """
    from pipeline.align import AlignItem, Lexicon, align_card
    from pipeline.store.tables import aligned_table
    from pipeline.store.writer import whole_aligned

    lexicon = Lexicon.load()
    pool = ThreadPoolExecutor(threads, thread_name_prefix="rulings-write") if threads > 1 else None
    pending: list[Future[list[str]]] = []
    written: list[list[str]] = []
    tables: list[pa.Table] = []
    all_runs: list[tuple[str, int, int]] = []
    rows = 0
    counts: list[tuple[int, int]] = []
    try:
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
                multi = sum(
                    1 for g in groups if sum(v is not None for v in g.ruling_ids.values()) > 1
                )
                counts.append((len(groups), multi))
            tables.append(table)
            rows += table.num_rows
            if pool is None:
                written.append(_write_batch(root, table, runs))
            else:
                pending.append(pool.submit(_write_batch, root, table, runs))
            if advance is not None:
                advance(len(batch))
        if meanwhile is not None:
            meanwhile()
        whole = whole_aligned(pa.concat_tables(tables) if tables else aligned_table([]), all_runs)
        for fut in pending:
            written.append(fut.result())
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    files = [rel for batch_files in written for rel in batch_files]
    stats = [(rel, n, m) for rel, (n, m) in zip(files, counts, strict=True)]
    return AlignResult(stats, whole)
