"""The ``illegal-target-either`` family (608.2b, 701.12b): a fight or bite with one of its two
targets illegal resolves and deals no damage; its cases kill ``fight_with_an_illegal_target``
and pass on the reference engine, and the mutant is wired in the family registry."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.families import BY_ID
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

TEXT = "If either creature is an illegal target as {card} tries to resolve, the creature you " \
    "control won't deal damage."


@pytest.mark.parametrize("card", ["Rabid Bite", "Epic Confrontation", "Prey Upon"])
def test_one_illegal_target_no_damage_and_the_mutant_dies(card: str) -> None:
    r = mine([RulingGroup("g", card, "2019-01-01", {"en": TEXT.format(card=card)})])
    assert [(o.family, o.status) for o in r.outcomes] == [("illegal-target-either", MINED)], \
        r.outcomes[0].reason
    assert len(r.cases) == 2  # the second target illegal, then the first
    mutant = MUTANTS["fight_with_an_illegal_target"]()
    for data in r.cases.values():
        case = case_from_mapping(data)
        assert {"type": "resolved", "object": "sp"} in data["expect"]["events"]
        assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
        assert execute_case(mutant, case, timeout=10.0).status == "fail"


def test_an_exchange_is_not_a_fight() -> None:
    r = mine([RulingGroup("g", "Switcheroo", "2019-01-01", {
        "en": "If either target is an illegal target as Switcheroo tries to resolve, the "
              "exchange won't happen."})])
    assert [(o.family, o.status) for o in r.outcomes] == [("illegal-target-either",
                                                           NOT_EXECUTABLE)]


def test_the_family_names_its_mutant() -> None:
    assert BY_ID["illegal-target-either"].mutant == "fight_with_an_illegal_target"
    assert MUTANTS["fight_with_an_illegal_target"].RULE == "701.12b"
