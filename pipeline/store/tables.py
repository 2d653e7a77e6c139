"""Record -> Arrow table conversions, with the explicit schemas of :mod:`pipeline.store.schema`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pyarrow as pa

from pipeline.records import AlignedGroup, Quarantined, Ruling
from pipeline.store.schema import ALIGNED_SCHEMA, CARDS_SCHEMA, QUARANTINE_SCHEMA, RULINGS_SCHEMA

__all__ = ["aligned_table", "cards_table", "quarantine_table", "rulings_table"]

LANGS = ("en", "it", "de")


def rulings_table(rulings: Sequence[Ruling]) -> pa.Table:
    """The ``rulings`` table, rows in the given order (every ruling must have ``card``)."""
    cards = [r.card for r in rulings]
    if any(c is None for c in cards):
        raise ValueError("every ruling needs a card resolution before it is stored")
    return pa.table(
        {
            "ruling_id": [r.ruling_id for r in rulings],
            "card_id": [c.card_id for c in cards],  # type: ignore[union-attr]
            "card_name": [c.english_name for c in cards],  # type: ignore[union-attr]
            "file_lang": [r.file_lang for r in rulings],
            "lang": [r.lang for r in rulings],
            "lang_confidence": [round(float(r.lang_confidence), 6) for r in rulings],
            "english_spans": [list(r.english_spans) for r in rulings],
            "date": [r.src.date for r in rulings],
            "position": [r.src.position for r in rulings],
            "text_raw": [r.src.text_raw for r in rulings],
            "text_norm": [r.text_norm for r in rulings],
            "source": [r.src.source for r in rulings],
            "line": [r.src.line for r in rulings],
        },
        schema=RULINGS_SCHEMA,
    )


def aligned_table(groups: Sequence[AlignedGroup]) -> pa.Table:
    """The ``aligned`` rows of some groups, in the given order."""
    return pa.table(
        {
            "group_id": [g.group_id for g in groups],
            "card_id": [g.card_id for g in groups],
            "card_name": [g.card_name for g in groups],
            "date": [g.date for g in groups],
            **{f"text_{lg}": [g.texts.get(lg) for g in groups] for lg in LANGS},
            **{f"ruling_id_{lg}": [g.ruling_ids.get(lg) for g in groups] for lg in LANGS},
            "score": [float(g.score) for g in groups],
            "method": [g.method for g in groups],
            "status": [g.status for g in groups],
        },
        schema=ALIGNED_SCHEMA,
    )


def cards_table(rows: Sequence[Mapping[str, Any]]) -> pa.Table:
    """The ``cards`` table from row dicts keyed by the schema's field names."""
    return pa.Table.from_pylist([dict(r) for r in rows], schema=CARDS_SCHEMA)


def quarantine_table(records: Sequence[Quarantined]) -> pa.Table:
    """The ``quarantine`` table, rows in the given order."""
    return pa.table(
        {
            "source": [q.source for q in records],
            "line": [q.line for q in records],
            "reason": [q.reason for q in records],
            "detail": [q.detail for q in records],
            "text_raw": [q.text_raw for q in records],
        },
        schema=QUARANTINE_SCHEMA,
    )
