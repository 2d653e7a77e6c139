"""The convoke-total-cost family (601.2f, 702.51a): convoke applies after the total cost
(a cost increase, kicker) is calculated, so creatures tapped for convoke pay those parts too;
the family's mutant (convoke pays only the mana cost) fails each case."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine

TEXT = "When calculating a spell’s total cost, include any alternative costs, additional " \
    "costs, or anything else that increases or reduces the cost to cast the spell. Convoke " \
    "applies after the total cost is calculated."


def test_kavu_primarch_convoked_kicker_passes_and_kills_the_mutant() -> None:
    data = mined_one("Kavu Primarch", TEXT, "convoke-total-cost")
    assert data["setup"]["players"]["p1"]["mana"] == "{G}{C}{C}{C}"  # the mana cost {3}{G}
    assert data["actions"][0]["cast"]["costs"] == {
        "kicker": 1, "convoke": ["conv1", "conv2", "conv3", "conv4"]}
    assert data["expect"]["state"]["objects"]["cv"] == {"counters": {"+1/+1": 4}}
    assert_kills_its_mutant(data, "convoke-total-cost")


@pytest.mark.parametrize(("card", "payers"), [("Stoke the Flames", 4),  # {2}{R}{R} + {2}
                                              ("Gather Courage", 2),  # {G} + {2}
                                              ("Triplicate Spirits", 6)])  # {4}{W}{W} + {2}
def test_a_spell_under_a_cost_increase_is_convoked(card: str, payers: int) -> None:
    data = mined_one(card, TEXT, "convoke-total-cost")
    assert data["actions"][0] == {"add_counters": {"object": "ecd", "counter": "lore", "n": 1}}
    assert len(data["actions"][2]["cast"]["costs"]["convoke"]) == payers
    assert_kills_its_mutant(data, "convoke-total-cost")


@pytest.mark.parametrize(("card", "payers"), [("Siege Wurm", 6),  # {5}{G}{G} + {1}
                                              ("Conclave Tribunal", 4)])  # {3}{W} + {1}
def test_any_other_spell_under_sphere_of_resistance_is_convoked(card: str, payers: int) -> None:
    """A creature or an enchantment: Sphere of Resistance's "Spells cost {1} more to cast"."""
    data = mined_one(card, TEXT, "convoke-total-cost")
    assert data["setup"]["players"]["p2"]["battlefield"][0]["card"] == "Sphere of Resistance"
    assert len(data["actions"][0]["cast"]["costs"]["convoke"]) == payers
    assert_kills_its_mutant(data, "convoke-total-cost")


def test_no_case_for_a_modal_convoke_spell() -> None:
    r = mine([RulingGroup("g", "Sprouting Renewal", "2019-01-25", {"en": TEXT})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
