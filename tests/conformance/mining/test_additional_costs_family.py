"""The additional-cost families (rules 601.2b, 601.2h-i, 118.8): a "sacrifice a creature" cost is
exactly one creature (none and two are refused), and the cost is paid as the spell is cast,
before anyone can respond. The reference engine passes each case and the family's mutant fails
it; a card the generator cannot script yields no case, with why."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

EXACTLY = "You must sacrifice exactly one creature to cast this spell; you cannot cast it " \
    "without sacrificing a creature, and you cannot sacrifice additional creatures."
FIRST = "Players can only respond once this spell has been cast and all its costs have been " \
    "paid. No one can try to destroy the creature you sacrificed to prevent you from casting " \
    "this spell."


def _run(text: str, card: str) -> dict[str, dict]:
    r = mine([RulingGroup("g", card, "2004-10-04", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    return r.cases


@pytest.mark.parametrize("card", ["Bone Splinters", "Altar of Bone", "Village Rites"])
def test_none_and_two_creatures_are_refused_and_the_mutant_accepts_both(card: str) -> None:
    cases = _run(EXACTLY, card)
    assert sorted(i.rsplit("-", 1)[1] for i in cases) == ["none", "two"]
    for data in cases.values():
        case = case_from_mapping(data)
        assert data["expect"]["error"] == {"kind": "illegal_action", "action": 0}
        assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
        assert execute_case(MUTANTS["sacrifice_count_unchecked"](), case,
                            timeout=10.0).status != "pass"


@pytest.mark.parametrize("card", ["Bone Splinters", "Tinker"])
def test_the_sacrificed_permanent_is_gone_once_the_spell_is_cast(card: str) -> None:
    (data,) = _run(FIRST, card).values()
    assert data["expect"]["state"]["zones"] == {"sac1": "graveyard", "card": "stack"}
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS["additional_cost_skipped"](), case, timeout=10.0).status != "pass"


def test_no_case_without_an_additional_cost() -> None:
    r = mine([RulingGroup("g", "Lightning Bolt", "2004-10-04", {"en": EXACTLY})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert "additional cost" in r.outcomes[0].reason
