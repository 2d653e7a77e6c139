"""The reference engine's card index: cached on disk per input, cards built on first lookup."""

from __future__ import annotations

import marshal
from pathlib import Path

import pytest

from conformance.reference import cards
from conformance.reference.card_index import CardIndex, CardLibrary, index_key, load_index


def _index() -> CardIndex:
    return CardIndex(("B", "A"), {"A": {"name": "A"}}, {"C": "no template"}, {"T": "A"})


def test_library_builds_each_card_once_on_lookup() -> None:
    built: list[str] = []

    def build(name: str) -> str:
        built.append(name)
        return name.lower()

    lib = CardLibrary(("B", "A"), build, {"B": "pre"})
    assert list(lib) == ["B", "A"] and len(lib) == 2 and "A" in lib and "Z" not in lib
    assert built == []
    assert lib["A"] == "a" and lib["A"] == "a" and lib["B"] == "pre"
    assert built == ["A"]
    assert lib.get("Z") is None
    with pytest.raises(KeyError):
        lib["Z"]


def test_index_is_derived_once_then_read_back(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    monkeypatch.setenv("MTG_RULINGS_CACHE", str(tmp_path / "cache"))
    data = tmp_path / "data.txt"
    data.write_text("cards")
    calls: list[int] = []

    def derive() -> CardIndex:
        calls.append(1)
        return _index()

    assert load_index([data], tmp_path, derive) == _index()
    assert load_index([data], tmp_path, derive) == _index()
    assert len(calls) == 1
    (file,) = (tmp_path / "cache").iterdir()
    file.write_bytes(file.read_bytes()[:10])  # torn
    assert load_index([data], tmp_path, derive) == _index()
    assert len(calls) == 2
    data.write_text("other cards")  # a changed input is never answered from the old index
    load_index([data], tmp_path, derive)
    assert len(calls) == 3
    assert len(list((tmp_path / "cache").iterdir())) == 2


def test_a_foreign_state_is_not_an_index(tmp_path: Path) -> None:
    assert CardIndex.from_state(marshal.loads(marshal.dumps((99, [], {}, {}, {})))) is None
    assert CardIndex.from_state(_index().to_state()) == _index()


def test_disabled_cache_derives_every_time(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    monkeypatch.setenv("MTG_RULINGS_CACHE", "")
    calls: list[int] = []

    def derive() -> CardIndex:
        calls.append(1)
        return _index()

    load_index([], tmp_path, derive)
    load_index([], tmp_path, derive)
    assert len(calls) == 2


def test_key_covers_the_interpreter_source() -> None:
    inputs = cards._index_inputs()
    names = {p.name for p in inputs}
    assert {"oracle.py", "effect_text.py", "cards.py", "card_data.py", "cards.jsonl.gz",
            "power_toughness.json", "reference_cards.yaml"} <= names
    assert len(index_key(inputs, cards.ROOT)) == 64


def test_indexed_cards_build_as_the_interpreter_builds_them() -> None:
    library = cards.load_cards()
    index = cards._index()
    assert not set(library) & set(cards.refused_cards())
    names = list(library)[::40]
    for name in names:
        card = library[name]
        assert card.name == name
        if name in index.rows and name not in cards._listed_entries():
            assert card == cards.interpret(index.rows[name])
    tokens = cards.token_defs()
    assert all(tokens[t].name == t for t in tokens)
