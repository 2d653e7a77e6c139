"""Record -> Arrow table conversions, with the explicit schemas of :mod:`pipeline.store.schema`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any

import pyarrow as pa

from pipeline import languages
from pipeline.records import AlignedGroup, Quarantined, Ruling
from pipeline.store.schema import QUARANTINE_SCHEMA, schemas

__all__ = ["aligned_table", "cards_table", "quarantine_table", "rulings_table"]


def _table(schema: pa.Schema, rows: Sequence[tuple[Any, ...]]) -> pa.Table:
    """A table of ``schema`` from row tuples holding the fields in schema order.

    The rows are transposed in C (``zip``) and each column is converted with its field's type:
    one Python pass over the records (building ``rows``) instead of one per column.
    """
    columns = list(zip(*rows, strict=True)) if rows else [()] * len(schema)
    arrays = [pa.array(col, type=f.type) for col, f in zip(columns, schema, strict=True)]
    return pa.Table.from_arrays(arrays, schema=schema)


def rulings_table(rulings: Sequence[Ruling]) -> pa.Table:
    """The ``rulings`` table, rows in the given order (every ruling must have ``card``)."""
    try:
        rows = [
            (
                r.ruling_id,
                (card := r.card).card_id,  # type: ignore[union-attr]
                card.english_name,  # type: ignore[union-attr]
                r.file_lang,
                r.lang,
                round(float(r.lang_confidence), 6),
                r.english_spans,
                (src := r.src).date,
                src.position,
                src.text_raw,
                r.text_norm,
                src.source,
                src.line,
            )
            for r in rulings
        ]
    except Exception:  # a missing card is the error to report, as when it was checked first
        if any(r.card is None for r in rulings):
            raise ValueError("every ruling needs a card resolution before it is stored") from None
        raise
    return _table(schemas()["rulings"], rows)


def aligned_table(groups: Sequence[AlignedGroup]) -> pa.Table:
    """The ``aligned`` rows of some groups, in the given order."""
    codes = languages.codes()
    rows: list[tuple[object, ...]]
    if codes == _BUILT_IN:  # the common case, spelt out: one tuple per group, no inner loop
        rows = [
            (
                g.group_id,
                g.card_id,
                g.card_name,
                g.date,
                (texts := g.texts).get("en"),
                texts.get("it"),
                texts.get("de"),
                (ids := g.ruling_ids).get("en"),
                ids.get("it"),
                ids.get("de"),
                float(g.score),
                g.method,
                g.status,
            )
            for g in groups
        ]
    else:  # the text_* then ruling_id_* fields, in registry (schema) order
        rows = [
            (
                g.group_id,
                g.card_id,
                g.card_name,
                g.date,
                *(g.texts.get(c) for c in codes),
                *(g.ruling_ids.get(c) for c in codes),
                float(g.score),
                g.method,
                g.status,
            )
            for g in groups
        ]
    return _table(schemas()["aligned"], rows)


_BUILT_IN = ("en", "it", "de")


def cards_table(rows: Sequence[Mapping[str, Any]]) -> pa.Table:
    """The ``cards`` table from row dicts keyed by the schema's field names."""
    schema = schemas()["cards"]
    try:
        values = list(map(itemgetter(*schema.names), rows))
    except KeyError:  # a field missing from a row is null (as with ``Table.from_pylist``)
        values = [tuple(r.get(n) for n in schema.names) for r in rows]
    return _table(schema, values)


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
