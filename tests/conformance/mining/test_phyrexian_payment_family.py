"""The Phyrexian payment families (rules 107.4f, 119.4, 601.2h): a player at 1 life can't pay
2 life for a Phyrexian symbol, and each Phyrexian symbol is paid with its colored mana or with
2 life. The reference engine passes each case and the family's mutant fails it."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

LOW = "If you're at 1 life or less, you can't pay 2 life."
EACH = "As you cast a spell or activate an activated ability with one or more Phyrexian mana " \
    "symbols in its cost, you choose how to pay for each Phyrexian mana symbol at that time."


@pytest.mark.parametrize(("text", "card", "mutant", "life"), [
    (LOW, "Gut Shot", "phyrexian_life_unchecked", 1),
    (LOW, "Dismember", "phyrexian_life_unchecked", 1),
    (EACH, "Gut Shot", "phyrexian_paid_with_mana_only", 18),  # {R/P} paid with life
    # {B} pays one, life the other: p1 starts at 3, so paying both with life is not an option
    # (119.4) and the case scripts no choice (107.4f)
    (EACH, "Dismember", "phyrexian_paid_with_mana_only", 1),
])
def test_the_family_mutant_fails_the_case_the_reference_passes(text: str, card: str,
                                                               mutant: str, life: int) -> None:
    r = mine([RulingGroup("g", card, "2011-06-01", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    assert data["expect"]["state"]["life"] == {"p1": life}
    if card == "Dismember" and text == EACH:
        assert data["setup"]["players"]["p1"]["life"] == 3
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


def test_no_case_for_a_cost_with_x() -> None:
    r = mine([RulingGroup("g", "Corrosive Gale", "2011-06-01", {"en": LOW})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
