"""The ``english_card_name`` check reads card names from the dataset's ``cards`` table.

The build adds to ``cards`` the cards a localized ruling may cite by their English name (status
``named``) and every card's localized card and face names; the report's finder, built from those
rows alone, finds in every localized ruling what a finder of the whole names table finds.
"""

from __future__ import annotations

import pytest
from test_translation_seeds import build_seed_dataset

from pipeline import Dataset, languages, read_dataset
from pipeline.cards import CardNames, EnglishNameFinder, NamesTable, localized_card_names
from reports.translation.names import finder_from_cards, own_names

CROOK = "Crook of Condemnation"


@pytest.fixture(scope="module")
def ds(tmp_path_factory: pytest.TempPathFactory) -> Dataset:
    return read_dataset(build_seed_dataset(tmp_path_factory.mktemp("names")))


def _entry_names(lang: str) -> list[CardNames]:
    table = NamesTable.load()
    cards = []
    for cid in table.card_ids():
        card = table.card(cid)
        name, faces = localized_card_names(card, lang)
        cards.append(CardNames(cid, card.name, card.face_names, name, faces))
    return cards


def _whole_table_finder(lang: str) -> EnglishNameFinder:
    return EnglishNameFinder.from_names(lang, _entry_names(lang))


@pytest.mark.parametrize("lang", ["it", "de"])
def test_the_table_reads_card_names_as_its_entries_give_them(lang: str) -> None:
    """The build's fast reading of every card's names (no entries built) equals the entries'."""
    assert [(c.card_id, c.name, list(c.face_names), c.localized_name, list(c.localized_face_names))
            for c in NamesTable.load().card_names(lang)] == [
        (c.card_id, c.name, list(c.face_names), c.localized_name, list(c.localized_face_names))
        for c in _entry_names(lang)]


def test_cards_carry_localized_card_and_face_names(ds: Dataset) -> None:
    rows = {r["name"]: r for r in ds.cards.to_dict("records")}
    cooperate = rows["Refuse // Cooperate"]
    assert list(cooperate["face_names"]) == ["Refuse", "Cooperate"]
    assert list(cooperate["face_names_it"]) == ["Rifiutare", "Collaborare"]
    assert cooperate["name_it"] == "Rifiutare // Collaborare"
    assert cooperate["status"] == "resolved"


def test_a_card_only_named_in_a_ruling_has_a_named_row(ds: Dataset) -> None:
    rows = {r["name"]: r for r in ds.cards.to_dict("records")}
    crook = rows[CROOK]  # cited in 004's Italian ruling of Refuse // Cooperate, no rulings itself
    assert (crook["status"], crook["method"], list(crook["titles"])) == ("named", "named:it", [])
    assert crook["name_it"] == "Pastorale della Condanna"
    assert set(ds.rulings.card_id) < set(ds.cards.card_id)
    assert crook["card_id"] not in set(ds.rulings.card_id)


def test_the_dataset_finder_finds_what_the_whole_table_finds(ds: Dataset) -> None:
    localized = ds.rulings[ds.rulings.file_lang.isin(languages.localized())]
    rows = {r["card_id"]: r for r in ds.cards.to_dict("records")}
    found = 0
    for lang in languages.localized():
        whole, small = _whole_table_finder(lang), finder_from_cards(ds.cards, lang)
        assert len(small) < len(whole) / 100  # the dataset carries a few cards, not the table
        for r in localized[localized.file_lang == lang].itertuples(index=False):
            own = own_names(rows.get(r.card_id), lang)
            skip = [(i, i + len(n)) for n in own for i in _starts(r.text_raw, n)]
            expected = whole.find(r.text_raw, skip=skip)
            assert small.find(r.text_raw, skip=skip) == expected, r.text_raw
            found += len(expected)
    assert found == 13  # the seed rulings' English card names (test_translation_seeds)


def _starts(text: str, name: str) -> list[int]:
    out, start = [], text.find(name)
    while start >= 0:
        out.append(start)
        start = text.find(name, start + 1)
    return out


def test_a_word_indexed_with_its_punctuation_is_not_looked_up_without_it() -> None:
    """A name starting with "Ach!" is indexed under "Ach!": where it does not fit, the whole
    finder finds nothing there, and a finder of fewer cards must not look "Ach" up instead."""
    entries = {"a": ("Ach! Hans, Run!", "Ach! Hans, corri!"), "b": ("Ach", "Ah")}
    whole = EnglishNameFinder("it", [(en, loc, cid) for cid, (en, loc) in entries.items()])
    text = "Vedi Ach! Boom."
    assert whole.find(text) == []
    named = whole.named_card_ids(text)
    assert named == {"a"}
    # "b" is in the smaller finder anyway, as a card of the rulings would be
    kept = [CardNames(cid, en, (), loc, ()) for cid, (en, loc) in entries.items()
            if cid in named | {"b"}]
    assert EnglishNameFinder.from_names("it", kept).find(text) == []
    without = [CardNames("b", "Ach", (), "Ah", ())]
    assert [h.english for h in EnglishNameFinder.from_names("it", without).find(text)] == ["Ach"]


def test_a_row_the_dataset_lacks_has_no_own_names() -> None:
    assert own_names(None, "it") == []
