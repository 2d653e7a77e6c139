"""The improvise families (rules 702.126a-b, 202.3, 605.3a): a spell cast with improvise keeps
the mana value of its mana cost, improvise pays no colored symbol, and an artifact tapped for
its mana ability can't also be tapped for improvise. The reference engine passes each case and
the family's mutant fails it; a card the generator cannot script yields no case, with why."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

MANA_VALUE = "Improvise doesn't change a spell's mana cost or mana value."
COLORED = "Improvise can't pay for {W}, {U}, {B}, {R}, {G}, or {C} mana symbols in a spell's " \
    "total cost."
MANA_ABILITY = "If an artifact you control has a mana ability with {T} in the cost, activating " \
    "that ability while casting a spell with improvise will result in the artifact being " \
    "tapped when you pay the spell's costs. You won't be able to tap it again for improvise."


@pytest.mark.parametrize(("text", "card", "mutant"), [
    (MANA_VALUE, "Barricade Breaker", "improvise_lowers_mana_value"),
    (COLORED, "Bastion Inventor", "improvise_pays_colored"),
    (MANA_ABILITY, "Barricade Breaker", "tapped_artifact_improvises"),
])
def test_the_family_mutant_fails_the_case_the_reference_passes(text: str, card: str,
                                                               mutant: str) -> None:
    r = mine([RulingGroup("g", card, "2017-02-09", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


def test_no_colored_case_for_a_generic_cost() -> None:
    r = mine([RulingGroup("g", "Barricade Breaker", "2017-02-09", {"en": COLORED})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert "no colored symbol" in r.outcomes[0].reason
