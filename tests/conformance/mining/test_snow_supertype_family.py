"""The snow-supertype family (205.4a): a snow card in a graveyard counts only its card types
for delirium (Moldgraf Scavenger); the family's mutant (snow counted as a card type) fails each
case the reference engine passes. The hook is checked on the engine too. And the snow-reduction
family (107.4h): a generic cost reduction (Heartstone) never reduces {S}."""

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
    ("Snow-Covered Forest", ["Grizzly Bears", "Lightning Bolt"]),  # a land
    ("Hailstorm Valkyrie", ["Island", "Lightning Bolt"]),  # a creature
])
def test_the_case_kills_the_family_mutant(card: str, fillers: list[str]) -> None:
    data = mined_one(card, TEXT, "snow-supertype", "2021-02-05")
    graveyard = data["setup"]["players"]["p1"]["graveyard"]
    assert [g["card"] for g in graveyard] == [card, *fillers]
    assert data["expect"]["state"]["objects"]["scav"]["power"] == 0
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


REDUCTION = "The Kaldheim set doesn't have any cards with mana costs that include {S}, but some " \
    "previous sets do. If an effect says such a spell costs {1} less to cast, that reduction " \
    "doesn't apply to any {S} costs. This is also true for activated abilities that include " \
    "{S} in their activation costs and effects that reduce those costs."


@pytest.mark.parametrize("card", ["Hailstorm Valkyrie", "Snow-Covered Island"])
def test_the_reduction_case_kills_its_mutant(card: str) -> None:
    """Heartstone's {1} less doesn't reduce Hailstorm Valkyrie's {S}{S}: two snow lands pay it."""
    data = mined_one(card, REDUCTION, "snow-reduction", "2021-02-05")
    assert {"id": "stone", "card": "Heartstone"} in data["setup"]["players"]["p1"]["battlefield"]
    assert_kills_its_mutant(data, "snow-reduction")


@pytest.mark.parametrize(("cost", "n", "snow", "want"), [
    ("{S}{S}", 1, False, "{S}{S}"), ("{S}{S}", 1, True, "{S}"), ("{2}{S}", 1, False, "{1}{S}"),
    ("{1}", 2, False, "{1}"), ("{3}{G}", 2, False, "{1}{G}"),
])
def test_reduced_leaves_snow_and_one_mana(cost: str, n: int, snow: bool, want: str) -> None:
    from conformance.reference.cost_increase_text import reduced

    assert reduced(cost, n, snow) == want
