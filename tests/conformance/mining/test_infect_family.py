"""The infect families (rules 702.90b-c, 702.15b, 704.5c): infect damage with lifelink gains
life, ten poison counters lose the game, and infect's -1/-1 counters outlast the turn. Each case
the reference engine passes is failed by the family's mutant."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

LIFELINK = "Damage from a source with infect is damage in all respects. If the source with " \
    "infect also has lifelink, damage dealt by that source also causes its controller to gain " \
    "that much life."
POISON = "A player who has ten or more poison counters loses the game. This is a state-based " \
    "action."
COUNTERS = "The -1/-1 counters remain on the creature indefinitely. They're not removed if the " \
    "creature regenerates or the turn ends."


@pytest.mark.parametrize(("text", "mutant"), [
    (LIFELINK, "infect_damage_no_lifelink"), (POISON, "poison_ignored"),
    (COUNTERS, "infect_damage_marked"),
])
@pytest.mark.parametrize("card", ["Plague Stinger", "Blackcleave Goblin"])
def test_the_family_mutant_fails_the_case_the_reference_passes(text: str, mutant: str,
                                                               card: str) -> None:
    r = mine([RulingGroup("g", card, "2011-01-01", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


def test_no_case_for_a_card_without_infect() -> None:
    """The poison ruling is also attached to cards that give poison counters otherwise."""
    r = mine([RulingGroup("g", "Grizzly Bears", "2011-01-01", {"en": POISON})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
