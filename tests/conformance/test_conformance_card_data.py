"""The shipped 2022 card data, read once per process and shared by the conformance consumers."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from conformance.card_data import MTGJSON_CARDS, mtgjson_rows
from conformance.case_vocabulary import known_card_names
from conformance.mining.corpus import card_index
from conformance.mining.errors import MiningError
from conformance.reference.cards import load_cards
from conformance.reference.errors import CardDataError
from pipeline.cards import read_mtgjson_cards


def test_consumers_share_one_read_and_leave_the_rows_unchanged() -> None:
    rows = mtgjson_rows(CardDataError)
    load_cards()
    card_index()
    known_card_names()
    assert mtgjson_rows(MiningError, MTGJSON_CARDS) is rows
    assert list(rows) == read_mtgjson_cards(MTGJSON_CARDS)


def test_a_bad_card_file_raises_the_callers_error(tmp_path: Path) -> None:
    bad = tmp_path / "cards.jsonl.gz"
    with gzip.open(bad, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps({"name": "X", "layout": "normal", "faces": []}) + "\n")
    with pytest.raises(
        MiningError, match=r"cards\.jsonl\.gz:1: missing or invalid field 'oracle_id'"
    ):
        mtgjson_rows(MiningError, bad)
    with pytest.raises(CardDataError, match=r"cannot read"):
        mtgjson_rows(CardDataError, tmp_path / "missing.jsonl.gz")
