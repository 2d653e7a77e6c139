"""The snow-supertype family (205.4a): a snow card in a graveyard counts only its card types
for delirium (Moldgraf Scavenger); the family's mutant (snow counted as a card type) fails each
case the reference engine passes. The hook is checked on the engine too."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS

TEXT = "Snow is a supertype, not a card type. It has no rules meaning or function by itself, " \
    "but spells and abilities may refer to it."


@pytest.mark.parametrize(("card", "fillers"), [
    ("Snow-Covered Forest", ["Grizzly Bears", "Millstone"]),  # a land
    ("Hailstorm Valkyrie", ["Island", "Millstone"]),  # a creature
])
def test_the_case_kills_the_family_mutant(card: str, fillers: list[str]) -> None:
    data = mined_one(card, TEXT, "snow-supertype", "2021-02-05")
    graveyard = data["setup"]["players"]["p1"]["graveyard"]
    assert [g["card"] for g in graveyard] == [card, *fillers]
    assert data["actions"][0]["check"]["state"]["objects"]["scav"]["power"] == 0
    assert_kills_its_mutant(data, "snow-supertype")


def test_no_case_for_a_card_the_engine_does_not_build() -> None:
    r = mine([RulingGroup("g", "Berg Strider", "2021-02-05", {"en": TEXT})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


def _card_types(engine: ReferenceEngine) -> tuple[str, ...]:
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"graveyard": [
                              {"id": "f", "card": "Snow-Covered Forest"}]}, "p2": {}}})
    return engine.card_types(engine.objects["f"])


def test_snow_is_not_a_card_type_but_the_mutant_counts_it() -> None:
    assert _card_types(ReferenceEngine()) == ("Land",)
    assert _card_types(MUTANTS["snow_is_a_card_type"]()) == ("Land", "Snow")
