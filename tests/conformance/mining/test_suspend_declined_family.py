"""The suspend-declined family: a suspended card whose cost increase (Thalia, Sphere of
Resistance) its owner declines to pay stays exiled; each mined case passes on the reference
engine and fails on the family's mutant (mana abilities activated for the player)."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import mine

DECLINE = "You are never forced to activate mana abilities to pay costs, so if there is a " \
    "mandatory additional mana cost (such as from Thalia, Guardian of Thraben), you can decline " \
    "to activate mana abilities to pay for it and hence fail to cast the suspended card, " \
    "leaving it in exile."


@pytest.mark.parametrize(("card", "taxer"), [
    ("Search for Tomorrow", "Thalia, Guardian of Thraben"),  # a sorcery
    ("Lotus Bloom", "Thalia, Guardian of Thraben"),  # no mana cost
    ("Errant Ephemeron", "Sphere of Resistance"),  # a creature
])
def test_the_case_kills_the_family_mutant(card: str, taxer: str) -> None:
    data = mined_one(card, DECLINE, "suspend-declined")
    assert taxer in data["cards"]
    assert data["expect"]["state"]["zones"] == {"sus": "exile"}
    assert_kills_its_mutant(data, "suspend-declined")


def test_a_spell_with_targets_has_them_chosen_before_the_cost_is_left_unpaid() -> None:
    """Ancestral Vision: "Target player draws three cards" (601.2c before 601.2h)."""
    data = mined_one("Ancestral Vision", DECLINE, "suspend-declined")
    assert data["actions"][-1] == {"choose": {"choice": "targets", "source": "sus",
                                              "targets": ["p2"]}}
    assert_kills_its_mutant(data, "suspend-declined")


def test_no_case_for_a_card_with_an_upkeep_trigger_while_suspended() -> None:
    r = mine([RulingGroup("g", "Curse of the Cabal", "2021-06-18", {"en": DECLINE})])
    assert not r.cases and "triggers at each upkeep" in r.outcomes[0].reason
