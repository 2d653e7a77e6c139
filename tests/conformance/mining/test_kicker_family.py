"""The kicker-once family (rules 702.33a, 702.33d): a kicker cost is paid at most once. Casting a
kicker card kicked twice is refused by the reference engine and accepted by the family's mutant;
a card without a kicker yields no case."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

ONCE = "You can't pay a kicker cost more than once."


@pytest.mark.parametrize("card", ["Into the Roil", "Vastwood Surge"])  # a target, none
def test_kicking_twice_is_refused_and_the_mutant_accepts_it(card: str) -> None:
    r = mine([RulingGroup("g", card, "2009-10-01", {"en": ONCE})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    assert data["actions"][0]["cast"]["costs"] == {"kicker": 2}
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS["kicker_paid_twice"](), case, timeout=10.0).status != "pass"


def test_no_case_without_a_kicker() -> None:
    r = mine([RulingGroup("g", "Lightning Bolt", "2009-10-01", {"en": ONCE})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
