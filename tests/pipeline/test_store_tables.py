"""Tests of :mod:`pipeline.store.tables`: the record -> Arrow conversions equal pyarrow's own
conversions of the same values (``pa.table`` of column lists, ``Table.from_pylist``)."""

from __future__ import annotations

import datetime as dt

import pyarrow as pa
import pytest

from pipeline.records import AlignedGroup, CardResolution, Ruling, SourceRuling
from pipeline.store import (
    ALIGNED_SCHEMA,
    SCHEMAS,
    aligned_table,
    cards_table,
    rulings_table,
)

LANGS = ("en", "it", "de")


def _ruling(k: int, card: CardResolution | None) -> Ruling:
    src = SourceRuling(
        source=f"seeds/{k}.txt",
        line=k + 1,
        position=k,
        date=dt.date(2020, 1, k + 1),
        text_raw=f"Testo {k} \u2019",
        kind="seed",
    )
    return Ruling(
        src=src,
        text_norm=f"Testo {k} '",
        file_lang="it",
        lang="en" if k % 2 else "it",
        lang_confidence=0.1234567891 * k,
        english_spans=["the spell"] * (k % 3),
        card=card,
        ruling_id=f"r{k}",
    )


def _card(name: str | None) -> CardResolution:
    return CardResolution("resolved", f"id-{name}", None, name, None, "oracle_id")


def _group(k: int) -> AlignedGroup:
    ids = {"en": f"e{k}", "it": f"i{k}" if k % 2 else None, "de": None}
    texts = {lg: (f"{lg} text {k}" if ids[lg] else None) for lg in LANGS}
    return AlignedGroup(
        group_id=f"g{k}",
        card_id=f"c{k // 3}",
        card_name=f"Card {k // 3}",
        date=dt.date(2021, 2, k + 1) if k % 4 else None,
        ruling_ids=ids,
        texts=texts,
        score=0.5 if k % 2 else 0.0,
        method="content:lexicon+anchors" if k % 2 else "none",
        status="complete" if k % 2 else "missing_it",
    )


def test_rulings_table_equals_the_column_lists_conversion() -> None:
    rulings = [_ruling(k, _card("Opt" if k % 2 else None)) for k in range(5)]
    expected = pa.table(
        {
            "ruling_id": [r.ruling_id for r in rulings],
            "card_id": [r.card.card_id for r in rulings if r.card],
            "card_name": [r.card.english_name for r in rulings if r.card],
            "file_lang": [r.file_lang for r in rulings],
            "lang": [r.lang for r in rulings],
            "lang_confidence": [round(r.lang_confidence, 6) for r in rulings],
            "english_spans": [list(r.english_spans) for r in rulings],
            "date": [r.src.date for r in rulings],
            "position": [r.src.position for r in rulings],
            "text_raw": [r.src.text_raw for r in rulings],
            "text_norm": [r.text_norm for r in rulings],
            "source": [r.src.source for r in rulings],
            "line": [r.src.line for r in rulings],
        },
        schema=SCHEMAS["rulings"],
    )
    assert rulings_table(rulings).equals(expected, check_metadata=True)
    assert rulings_table([]).equals(SCHEMAS["rulings"].empty_table(), check_metadata=True)
    with pytest.raises(ValueError, match="card resolution"):
        rulings_table([*rulings, _ruling(9, None)])


def test_aligned_table_equals_the_column_lists_conversion() -> None:
    groups = [_group(k) for k in range(7)]
    expected = pa.table(
        {
            "group_id": [g.group_id for g in groups],
            "card_id": [g.card_id for g in groups],
            "card_name": [g.card_name for g in groups],
            "date": [g.date for g in groups],
            **{f"text_{lg}": [g.texts.get(lg) for g in groups] for lg in LANGS},
            **{f"ruling_id_{lg}": [g.ruling_ids.get(lg) for g in groups] for lg in LANGS},
            "score": [g.score for g in groups],
            "method": [g.method for g in groups],
            "status": [g.status for g in groups],
        },
        schema=ALIGNED_SCHEMA,
    )
    assert aligned_table(groups).equals(expected, check_metadata=True)
    assert aligned_table([]).equals(ALIGNED_SCHEMA.empty_table(), check_metadata=True)


def test_cards_table_equals_from_pylist() -> None:
    rows = [
        {
            "card_id": f"c{k}",
            "oracle_id": f"o{k}" if k % 2 else None,
            "name": f"Card {k}",
            "face_names": [f"Face {k}"] * (k % 2),
            "names_it": [f"Carta {k}"],
            "names_de": [],
            "titles": [f"Titolo {k}", f"Titel {k}"],
            "status": "resolved",
            "method": "oracle_id",
            "reason": "",
            "candidates": [],
            "unused": k,
        }
        for k in range(4)
    ]
    schema = SCHEMAS["cards"]
    assert cards_table(rows).equals(pa.Table.from_pylist(rows, schema=schema), True)
    assert cards_table([]).equals(schema.empty_table(), check_metadata=True)
    # a field missing from a row is null, as with from_pylist
    partial = [*rows[:2], {k: v for k, v in rows[2].items() if k != "name"}]
    assert cards_table(partial).equals(pa.Table.from_pylist(partial, schema=schema), True)
    assert cards_table(partial).column("name").null_count == 1
