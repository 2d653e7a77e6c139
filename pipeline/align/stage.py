"""The align stage of a build: align the rulings of every card and write its ``aligned``
partition, in this process and, for big inputs, in an :class:`~pipeline.align.worker.AlignWorker`.

Cards are taken in batches: each batch is aligned (cheap: most cards have rulings of one language
only, see :data:`pipeline.align.aligner.FAST_PATH`), converted to one Arrow table, and its
partitions are encoded together by :func:`pipeline.store.writer.write_partitions` (one Parquet
file per card) and written. All of it is Python work or short system calls, so threads would
only take turns holding the GIL: with a worker, a child interpreter takes the second share of
the cards while this process takes the first and then runs ``meanwhile``; the worker sends back
its rows as Arrow IPC. Every file is encoded by the same code from the same rows whichever
process writes it, so the bytes do not depend on the number of processes (tested).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pyarrow as pa

from pipeline.align.aligner import AlignItem, align_card
from pipeline.align.lexicon import Lexicon
from pipeline.records import Ruling

if TYPE_CHECKING:
    from pipeline.align.worker import AlignWorker

__all__ = [
    "BATCH",
    "CHILD_SHARE",
    "AlignPart",
    "AlignResult",
    "CardWork",
    "FileStats",
    "align_and_write",
    "align_part",
    "card_work",
]

BATCH = 512
"""Cards whose groups are converted to Arrow and encoded at once (one table, one run per card)."""

CHILD_SHARE = 0.55
"""Share of the rulings the worker takes: this process also runs ``meanwhile``."""


@dataclass(frozen=True, slots=True)
class CardWork:
    """The rulings of one card, as the align stage takes them."""

    card_id: str
    card_name: str
    """The name written in ``aligned.card_name``."""
    slug: str
    """The card's partition: ``aligned/card=<slug>/``."""
    items: Sequence[AlignItem]


@dataclass(frozen=True, slots=True)
class FileStats:
    """One partition file written by the align stage."""

    path: str
    """The file, relative to the dataset (``aligned/card=<slug>/part-0.parquet``)."""
    groups: int
    """Aligned groups (rows) in the file."""
    multilingual: int
    """Groups holding rulings of more than one file language."""


@dataclass(frozen=True, slots=True)
class AlignPart:
    """The rows and files of a contiguous share of the work."""

    table: pa.Table
    runs: list[tuple[str, int, int]]
    """``(slug, offset in table, length)`` of each card."""
    files: list[FileStats]


@dataclass(frozen=True, slots=True)
class AlignResult:
    """What :func:`align_and_write` wrote."""

    files: list[FileStats]
    """Per card, in the order of the work."""
    table: pa.Table
    """Every ``aligned`` row plus the partition column ``card``, in the order a reader of the
    partitioned directory sees them (sorted by partition path)."""


def card_work(
    rulings: Iterable[Ruling],
    display_name: Callable[[str], str],
    slugs_for: Callable[[Iterable[tuple[str, str]]], dict[str, str]],
) -> list[CardWork]:
    """The align stage's work: the rulings of each card (rulings of files whose language is
    ``und`` are left out), cards sorted by slug, then card id.

    ``display_name(card_id)`` names a card; ``slugs_for`` gives the partition slug of each
    ``(card_id, name)`` (:func:`pipeline.store.slugs_for`).
    """
    per_card: dict[str, list[AlignItem]] = {}
    for r in rulings:
        if r.file_lang != "und":
            src = r.src
            per_card.setdefault(r.card.card_id, []).append(  # type: ignore[union-attr]
                AlignItem(
                    r.ruling_id, r.lang, r.file_lang, src.date, r.text_norm, src.text_raw,
                    src.position,
                )
            )  # fmt: skip
    names = {cid: display_name(cid) for cid in per_card}
    slugs = slugs_for(names.items())
    return [
        CardWork(cid, names[cid], slugs[cid], per_card[cid])
        for cid in sorted(per_card, key=lambda c: (slugs[c], c))
    ]


def align_and_write(
    root: Path,
    work: Sequence[CardWork],
    *,
    advance: Callable[[int], None] | None = None,
    meanwhile: Callable[[], None] | None = None,
    worker: AlignWorker | None = None,
) -> AlignResult:
    """Align each card of ``work`` and write its partition ``root/card=<slug>/part-0.parquet``.

    ``advance(n)`` reports ``n`` more cards done; ``meanwhile`` (if given) runs in this process
    once its own share is written (the build writes its other tables there). With a ``worker``
    (and two cards or more), the worker takes the last :data:`CHILD_SHARE` of the rulings. An
    exception of the worker is raised here, after it ended; when this process fails first, the
    worker is killed before the exception propagates.
    """
    from pipeline.store.tables import aligned_table
    from pipeline.store.writer import whole_aligned

    lexicon = Lexicon.load()
    if worker is None or len(work) < 2:
        parts = [align_part(root, work, lexicon, advance)]
        if meanwhile is not None:
            meanwhile()
    else:
        mid = _split(work)
        try:
            worker.submit(root, work[mid:], BATCH)
            first = align_part(root, work[:mid], lexicon, advance)
            if meanwhile is not None:
                meanwhile()
            parts = [first, worker.result()]
        except BaseException:
            worker.close(kill=True)  # before the caller removes the files it may be writing
            raise
        if advance is not None:
            advance(len(work) - mid)
    files: list[FileStats] = []
    all_runs: list[tuple[str, int, int]] = []
    rows = 0
    for part in parts:
        files.extend(part.files)
        all_runs.extend((slug, rows + off, n) for slug, off, n in part.runs)
        rows += part.table.num_rows
    tables = [p.table for p in parts if p.table.num_rows]
    aligned = pa.concat_tables(tables).combine_chunks() if tables else aligned_table([])
    return AlignResult(files, whole_aligned(aligned, all_runs))


def align_part(
    root: Path,
    work: Sequence[CardWork],
    lexicon: Lexicon,
    advance: Callable[[int], None] | None = None,
    batch_size: int | None = None,
) -> AlignPart:
    """Align and write the cards of ``work`` (in batches of :data:`BATCH` cards)."""
    from pipeline.store.tables import aligned_table
    from pipeline.store.writer import write_partitions

    size = batch_size or BATCH
    files: list[FileStats] = []
    tables: list[pa.Table] = []
    all_runs: list[tuple[str, int, int]] = []
    rows = 0
    for start in range(0, len(work), size):
        batch = work[start : start + size]
        per_card = [align_card(w.card_id, w.card_name, w.items, lexicon) for w in batch]
        table = aligned_table([g for groups in per_card for g in groups])
        runs: list[tuple[str, int, int]] = []
        offset = 0
        for w, groups in zip(batch, per_card, strict=True):
            runs.append((w.slug, offset, len(groups)))
            all_runs.append((w.slug, rows + offset, len(groups)))
            offset += len(groups)
        written = write_partitions(root, table, runs)
        for rel, groups in zip(written, per_card, strict=True):
            multi = sum(1 for g in groups if sum(v is not None for v in g.ruling_ids.values()) > 1)
            files.append(FileStats(rel, len(groups), multi))
        tables.append(table)
        rows += table.num_rows
        if advance is not None:
            advance(len(batch))
    merged = pa.concat_tables(tables) if tables else aligned_table([])
    return AlignPart(merged, all_runs, files)


def _split(work: Sequence[CardWork]) -> int:
    """The index where the worker's share (the last :data:`CHILD_SHARE` of the rulings) begins."""
    total = sum(len(w.items) for w in work)
    keep = total * (1 - CHILD_SHARE)
    seen = 0
    for i, w in enumerate(work):
        if seen >= keep:
            return max(1, i)
        seen += len(w.items)
    return len(work) - 1


def to_wire(work: Sequence[CardWork]) -> list[tuple[object, ...]]:
    """``work`` as marshal-able tuples (dates as ordinals): what a worker is sent."""
    return [
        (
            w.card_id,
            w.card_name,
            w.slug,
            [
                (
                    it.ruling_id, it.lang, it.file_lang, it.date.toordinal(), it.text_norm,
                    it.text_raw, it.position,
                )
                for it in w.items
            ],
        )
        for w in work
    ]  # fmt: skip


def from_wire(data: Sequence[tuple[object, ...]]) -> list[CardWork]:
    """The inverse of :func:`to_wire`."""
    fromordinal = _dt.date.fromordinal
    return [
        CardWork(
            cid,  # type: ignore[arg-type]
            name,  # type: ignore[arg-type]
            slug,  # type: ignore[arg-type]
            [
                AlignItem(rid, lang, fl, fromordinal(d), norm, raw, pos)
                for rid, lang, fl, d, norm, raw, pos in items  # type: ignore[attr-defined]
            ],
        )
        for cid, name, slug, items in data
    ]
