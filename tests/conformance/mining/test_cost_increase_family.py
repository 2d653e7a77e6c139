"""The cost-increase families (601.2f, 202.3): a static cost increase applies to its
controller's own spells, and does not change a spell's mana value; each mined case passes on
the reference engine and fails on the family's mutant."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine

OWN = "CARDNAME's ability affects each spell that's not a creature spell, including your own."
ALL = "It affects all players, including you."
ARTIFACT = "The ability affects each spell that's not an artifact spell, including your own."
MANA_VALUE = "To determine the total cost of a spell, start with the mana cost or alternative " \
    "cost you're paying, add any cost increases, then apply any cost reductions. The mana " \
    "value of the spell remains unchanged, no matter what the total cost to cast it was."


@pytest.mark.parametrize(("card", "text", "family", "pool"), [
    ("Thalia, Guardian of Thraben", OWN, "cost-increase-own", "{R}{C}"),
    ("Sphere of Resistance", ALL, "cost-increase-own", "{R}{C}"),
    ("Lodestone Golem", ARTIFACT, "cost-increase-own", "{R}{C}"),
    ("Thalia, Guardian of Thraben", MANA_VALUE, "cost-increase-mana-value", "{R}{C}"),
    ("God-Pharaoh's Statue", MANA_VALUE, "cost-increase-mana-value", "{R}{C}{C}"),
])
def test_the_case_kills_the_family_mutant(card: str, text: str, family: str, pool: str) -> None:
    data = mined_one(card, text, family, "2016-04-08")
    assert data["setup"]["players"]["p1"]["mana"] == pool
    assert_kills_its_mutant(data, family)


def test_the_own_case_puts_the_card_on_the_caster_s_side() -> None:
    data = mined_one("Thalia, Guardian of Thraben", OWN, "cost-increase-own")
    assert data["setup"]["players"]["p1"]["battlefield"] == [
        {"id": "taxer", "card": "Thalia, Guardian of Thraben"}]


def test_no_own_case_for_an_increase_on_the_opponents_spells_only() -> None:
    r = mine([RulingGroup("g", "God-Pharaoh's Statue", "2017-07-14", {"en": ALL})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
