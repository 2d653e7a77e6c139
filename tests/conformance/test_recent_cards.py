"""Cards newer than the 2022 data have one reader, :func:`conformance.card_data.recent_cards`,
over data files (issue #11, part 1): it agrees with what the PROVENANCE.md prose readers of the
reference engine and the miner still extract, so they can switch to it without a change."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.card_data import recent_cards
from conformance.reference.errors import CardDataError


def test_every_recent_card_is_read_from_the_data_files() -> None:
    by_name = {c.name: c for c in recent_cards(CardDataError)}
    assert {"At Knifepoint", "Summon: G.F. Cerberus"} <= set(by_name)
    cerberus = by_name["Summon: G.F. Cerberus"]
    assert (cerberus.mana_cost, cerberus.power, cerberus.toughness) == ("{2}{R}{R}", "3", "3")
    assert cerberus.source.endswith("recent_oracle.json:cards[0]")
    assert by_name["At Knifepoint"].oracle_id  # from the set file's identifiers


def test_the_reference_engine_gets_the_same_card_from_the_data_file() -> None:
    from conformance.reference import cards as ref

    provenance = [e for e in ref.card_list() if e.get("source") == "provenance-md"]
    assert provenance, "no card read from PROVENANCE.md: this test has nothing left to guard"
    by_name = {c.name: c for c in recent_cards(CardDataError)}
    for entry in provenance:
        old = ref._from_provenance_md(entry)
        rc = by_name[entry["name"]]
        face = ref._face(rc.name, rc.type_line, rc.mana_cost, rc.text, int(rc.power or 0),
                         int(rc.toughness or 0), (rc.name,))
        assert face == old.faces[0]
        assert ("saga" if face.is_saga else rc.layout) == old.layout  # the engine's layout rule


def test_the_miner_gets_the_same_seed_text_from_the_data_file() -> None:
    from conformance.mining.corpus import _seed_text

    for rc in recent_cards(CardDataError):
        assert " ".join(_seed_text(rc.name).split()) == " ".join(rc.text.split())


@pytest.mark.parametrize("content, message", [
    ("{oops", "cannot read"),
    ('{"cards": {}}', "needs a 'cards' list"),
    ('{"cards": [{"name": "X", "type": "Instant"}]}', r"cards\[0\]: needs 'text'"),
])
def test_a_broken_data_file_is_an_error_naming_it(tmp_path: Path, content, message) -> None:
    bad = tmp_path / "recent_oracle.json"
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(CardDataError, match=message) as err:
        recent_cards(CardDataError, tmp_path / "none", bad)
    assert str(bad) in str(err.value)

