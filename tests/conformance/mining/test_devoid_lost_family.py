"""The devoid-lost family (rules 702.114a, 613.1e-f): a permanent that loses devoid is still
colorless, since devoid's color change applies in layer 5, before abilities are removed in layer
6. The reference engine passes each case and the family's mutant fails it."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

LOST = "If a card loses devoid, it will still be colorless. This is because effects that change " \
    "an object's color (like the one created by devoid) are considered before the object loses " \
    "devoid."


@pytest.mark.parametrize("card", ["Benthic Infiltrator", "Brood Monitor"])
def test_the_mutant_fails_the_case_the_reference_passes(card: str) -> None:
    r = mine([RulingGroup("g", card, "2015-08-25", {"en": LOST})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    assert data["actions"] == [{"set_keywords": {"object": "dv", "remove": ["devoid"]}}]
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS["devoid_lost_restores_colors"](), case,
                        timeout=10.0).status != "pass"


def test_no_case_for_an_instant() -> None:
    r = mine([RulingGroup("g", "Touch of the Void", "2015-08-25", {"en": LOST})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


NEW_COLOR = ("Other cards and abilities can give a card with devoid color. If that happens, it’s "
             "just the new color, not that color and colorless.")


@pytest.mark.parametrize("card", ["Benthic Infiltrator", "Brood Monitor"])
def test_devoid_new_color_case_passes_on_the_reference_and_kills_its_mutant(card: str) -> None:
    data = mined_one(card, NEW_COLOR, "devoid-new-color", "2015-08-25")
    assert data["expect"]["state"]["objects"]["dv"] == {"colors": ["R"]}
    assert_kills_its_mutant(data, "devoid-new-color")


def test_no_new_color_case_for_a_noncreature() -> None:
    r = mine([RulingGroup("g", "Touch of the Void", "2015-08-25", {"en": NEW_COLOR})])
    assert not r.cases and "only a creature card" in r.outcomes[0].reason
