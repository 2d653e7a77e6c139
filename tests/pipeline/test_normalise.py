"""Tests of :func:`pipeline.normalise.normalise`."""

from __future__ import annotations

import gzip
import json
import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st
from pipeline_helpers import RULINGS_EN, SEEDS

from pipeline.normalise import normalise
from pipeline.sources import read_input
from pipeline.sources.discover import discover


def test_typographic_and_ascii_apostrophes_compare_equal() -> None:
    assert normalise("can\u2019t") == normalise("can't") == "can't"
    assert normalise("l\u2019abilit\u00e0") == "l'abilità"


def test_every_double_quote_form_becomes_one() -> None:
    forms = ["\u201cx\u201d", "\u00abx\u00bb", "\u201ex\u201c", '"x"']
    assert {normalise(f) for f in forms} == {'"x"'}


def test_nfc_and_whitespace() -> None:
    decomposed = "e\u0301"  # e + combining acute
    assert normalise(f"  caf{decomposed}\t\u00a0 au\r\n lait ") == "caf\u00e9 au lait"
    assert unicodedata.is_normalized("NFC", normalise("A\u030a"))


def test_zero_width_characters_are_dropped() -> None:
    assert normalise("a\u200bb\ufeff") == "ab"


def test_english_ruling_left_in_collaborare_matches_the_english_source() -> None:
    """The Italian Collaborare file writes ' where the English source writes ’."""
    (collab,) = [f for f in discover([SEEDS]) if f.source.endswith("004_1ed536f22a0f9eba.txt")]
    _, res = read_input(collab)
    left = next(
        r.text_raw for r in res.rulings if r.text_raw.startswith("If the spell that's copied")
    )
    with gzip.open(RULINGS_EN, "rt", encoding="utf-8") as fh:
        english = [json.loads(line)["text"] for line in fh]
    source = [t for t in english if t.startswith("If the spell that\u2019s copied has an X")]
    assert source, "the English source has the ruling with a typographic apostrophe"
    assert left != source[0]
    assert normalise(left) in {normalise(t) for t in source}


@given(st.text())
def test_normalise_is_idempotent(text: str) -> None:
    once = normalise(text)
    assert normalise(once) == once


@given(st.text())
def test_normalised_text_has_no_edge_or_double_whitespace(text: str) -> None:
    out = normalise(text)
    assert out == out.strip()
    assert "  " not in out
    assert "\u2019" not in out and "\u201c" not in out
    assert unicodedata.is_normalized("NFC", out)


_REFERENCE_TABLE = str.maketrans(
    {
        **dict.fromkeys("\u2019\u2018\u02bc\u00b4\u0060\u201a\u201b\u2032", "'"),
        **dict.fromkeys("\u201c\u201d\u201e\u201f\u00ab\u00bb\u2039\u203a\u2033\u301d\u301e", '"'),
        **dict.fromkeys("\u200b\u200c\u200d\u2060\ufeff\u00ad", None),
    }
)
_REFERENCE_WS = re.compile(r"\s+")


def _reference_normalise(text: str) -> str:
    """The rules of :mod:`pipeline.normalise`, written as plainly as possible."""
    out = unicodedata.normalize("NFC", text).translate(_REFERENCE_TABLE)
    return _REFERENCE_WS.sub(" ", unicodedata.normalize("NFC", out)).strip()


_tricky_text = st.text(
    alphabet=st.one_of(
        st.sampled_from(
            "'\"` \t\r\n\x0b\x0c\x1c\x85\u00a0\u2002\u2028\u3000e\u0301\u0327A\u030a\u00e9"
            "\u2019\u2018\u02bc\u00b4\u201a\u201b\u2032\u201c\u201d\u201e\u201f\u00ab\u00bb"
            "\u2039\u203a\u2033\u301d\u301e\u200b\u200c\u200d\u2060\ufeff\u00ad\u1100\u1161"
        ),
        st.characters(),
    )
)


@given(_tricky_text)
def test_normalise_follows_its_rules_literally(text: str) -> None:
    assert normalise(text) == _reference_normalise(text)


def test_normalise_follows_its_rules_on_the_english_corpus() -> None:
    with gzip.open(RULINGS_EN, "rt", encoding="utf-8") as fh:
        texts = {t for line in fh if isinstance(t := json.loads(line).get("text"), str)}
    assert [normalise(t) for t in texts] == [_reference_normalise(t) for t in texts]
