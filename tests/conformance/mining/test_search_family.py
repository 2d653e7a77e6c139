"""The search-may-fail family (rule 701.19b): a search for cards with a stated quality may find
none of them though the library holds one. The search's ``cards`` choice is answered with none;
the reference engine passes each case and the family's mutant (``search_must_find``) fails it; a
search for any card or for "up to" N yields no case, with why."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

FAIL = "Because the \"search\" requires you to find a card with certain characteristics, you " \
    "don't have to find the card if you don't want to."


@pytest.mark.parametrize("card", [
    "Altar of Bone",  # sacrifice a creature as an additional cost
    "Frenzied Tilling",  # a target land, then the search
    "Wood Elves",  # an enters trigger
    "Goblin Matron",  # "you may search": the may choice accepted
    "Cateran Brute",  # an activated ability: a Mercenary permanent with mana value 2 or less
    "Bad River",  # {T}, sacrifice it: "an Island or Swamp card"
    "Merchant Scroll",  # "a blue instant card"
    "Worldly Tutor",  # "then shuffle and put that card on top"
])
def test_the_mutant_fails_the_case_the_reference_passes(card: str) -> None:
    r = mine([RulingGroup("g", card, "2004-10-04", {"en": FAIL})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    assert data["actions"][-1] == {"choose": {"choice": "cards", "cards": []}}
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS["search_must_find"](), case, timeout=10.0).status != "pass"


@pytest.mark.parametrize(("card", "why"), [
    ("Harrow", "up to"),
    ("Diabolic Intent", "any card"),  # "search your library for a card"
    ("Lightning Bolt", "one search"),  # no search: the ruling is about another card
])
def test_no_case_when_finding_none_is_not_the_point(card: str, why: str) -> None:
    r = mine([RulingGroup("g", card, "2004-10-04", {"en": FAIL})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert why in r.outcomes[0].reason
