"""Cards the new target templates build (oracle_targeted*, oracle_counted, prevent_shields,
target_filters) are mined by the fizzle family (issue #15): each case passes on the reference
engine and fails on ``illegal_targets_resolve``; a card's ability (Goblin Smuggler's "another
target creature with power 2 or less", Pheres-Band Brawler's "it fights up to one target") too,
and Clash of Titans ("fights another target creature") by ``illegal-target-either``."""

from __future__ import annotations

import pytest
from test_fizzle_targets_family import SINGLE, _mined

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case


@pytest.mark.parametrize("card", [
    "Sever the Bloodline",  # exile target creature and all other creatures with its name
    "Devout Decree",  # target creature or planeswalker that's black or red; scry 1
    "Fated Conflagration",  # if it's your turn, scry 2
    "Path to Exile",  # its controller may search for a basic land
    "Spitting Earth",  # damage equal to the number of Mountains you control
    "Sea God's Revenge",  # up to three target creatures your opponents control
    "Peak Eruption",  # target Mountain
])
def test_a_newly_built_spell_is_mined_and_kills_the_mutant(card: str) -> None:
    data = _mined(card, SINGLE.format(card=card))
    assert data["expect"]["state"]["zones"]["sp"] == "graveyard"


@pytest.mark.parametrize("card", ["Goblin Smuggler", "Pheres-Band Brawler", "Sneaking Guide"])
def test_a_newly_built_ability_is_mined_and_kills_the_mutant(card: str) -> None:
    _mined(card, "If the target creature is an illegal target when the ability tries to "
                 "resolve, it won't resolve.")


def test_a_fight_with_another_target_is_mined_by_the_either_family() -> None:
    text = ("If either target is an illegal target as Clash of Titans tries to resolve, neither "
            "creature will deal or be dealt damage.")
    r = mine([RulingGroup("g", "Clash of Titans", "2015-01-01", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    assert len(r.cases) == 2
    for data in r.cases.values():
        case = case_from_mapping(data)
        assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
        mutant = MUTANTS["fight_with_an_illegal_target"]()
        assert execute_case(mutant, case, timeout=10.0).status != "pass"
