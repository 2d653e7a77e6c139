"""The fizzle family reads the target of a card the reference engine builds when the text
reader cannot (issue #15): a land, an enchantment, a flyer are made illegal by Lightning Bolt
killing a creature that fits the target words (Dryad Arbor, Fang of Shigeki, Wind Drake)."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.families.fizzle import _reference_targets
from conformance.mining.miner import MINED, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case


@pytest.mark.parametrize(("card", "victim"), [
    ("Maw of the Mire", "Dryad Arbor"),  # "Destroy target land. You gain 4 life."
    ("Cursebreak", "Fang of Shigeki"),  # "Destroy target enchantment. You gain 2 life."
    ("Aerial Predation", "Wind Drake"),  # "Destroy target creature with flying. ..."
])
def test_the_built_cards_target_is_scripted_and_the_case_kills_the_mutant(card: str,
                                                                         victim: str) -> None:
    assert _reference_targets(card) == [("tgt2", victim)]
    text = f"If the target is an illegal target by the time {card} tries to resolve, the " \
        "spell doesn't resolve. You won't gain life."
    r = mine([RulingGroup("g", card, "2012-01-01", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS["illegal_targets_resolve"](), case, timeout=10.0).status != "pass"


def test_no_reference_target_for_an_x_spell_or_two_targets() -> None:
    assert _reference_targets("Fireball") is None  # X, divided among any number
    assert _reference_targets("Boom // Bust") is None  # split
    assert _reference_targets("Lightning Bolt") == [("tgt2", "Grizzly Bears")]  # any target
