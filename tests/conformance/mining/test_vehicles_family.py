"""The Vehicle families (301.7, 702.122a, 208.3): each mined case passes on the reference
engine and fails on the family's mutant; the crew ability is scripted with ``costs.tap``."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine

NOT_CREATURE = "Each Vehicle is printed with a power and toughness, but it's not a creature. If " \
    "it becomes a creature (most likely through its crew ability), it will have that power and " \
    "toughness."
SICK = "Any untapped creature you control can be tapped to pay a crew cost, even one that just " \
    "came under your control."
EXTRA = "You may tap more creatures than necessary to activate a crew ability."
ALREADY = "You may activate a crew ability of a Vehicle even if it's already an artifact " \
    "creature. Doing so has no effect on the Vehicle. It doesn't change its power and toughness."
ENTERING = "When a Vehicle becomes a creature, that doesn't count as having a creature enter " \
    "the battlefield. The permanent was already on the battlefield; it only changed its types. " \
    "Abilities that trigger whenever a creature enters the battlefield won't trigger."
LIKE_ANY = "Once a Vehicle becomes a creature, it behaves exactly like any other artifact " \
    "creature. It can't attack unless you've controlled it continuously since your turn " \
    "began, it can block if it's untapped, it can be tapped to pay a Vehicle's crew cost, and " \
    "so on."
ATTACK = "For a Vehicle to be able to attack, it must be a creature as the declare attackers " \
    "step begins, so the latest you can activate its crew ability to attack with it is during " \
    "the beginning of combat step. For a Vehicle to be able to block, it must be a creature as " \
    "the declare blockers step begins, so the latest you can activate its crew ability to " \
    "block with it is during the declare attackers step. In either case, players may take " \
    "actions after the crew ability resolves but before the Vehicle has been declared as an " \
    "attacking or blocking creature."
SPECIFIED = "If an effect causes a Vehicle to become an artifact creature with a specified " \
    "power and toughness, that effect overwrites the Vehicle's printed power and toughness."


@pytest.mark.parametrize(("text", "family", "card"), [
    (NOT_CREATURE, "vehicle-not-creature", "Smuggler's Copter"),
    (NOT_CREATURE, "vehicle-not-creature", "Cultivator's Caravan"),  # crew is ability 1
    (SICK, "crew-summoning-sick", "Consulate Dreadnought"),  # crew 6: three Bears
    (EXTRA, "crew-extra-creatures", "Sky Skiff"),
    (ALREADY, "crew-already-creature", "Irontread Crusher"),
    (ENTERING, "crew-not-entering", "Enchanted Carriage"),
    (LIKE_ANY, "crewed-vehicle-crews", "Consulate Dreadnought"),  # Schooner and a Bears
    (ATTACK, "crew-before-attack", "Thundering Chariot"),  # first strike, trample, haste
    (SPECIFIED, "vehicle-specified-pt", "Smuggler's Copter"),  # 2/2 by Karn's Touch, not 3/3
])
def test_the_case_kills_the_family_mutant(text: str, family: str, card: str) -> None:
    assert_kills_its_mutant(mined_one(card, text, family, "2016-09-20"), family)


def test_crew_taps_the_creatures_the_case_names() -> None:
    data = mined_one("Consulate Dreadnought", SICK, "crew-summoning-sick", "2016-09-20")
    (act,) = [a["activate"] for a in data["actions"] if "activate" in a]
    assert act["costs"] == {"tap": ["c1", "c2", "c3"]}  # crew 6: total power 6
    sick = [o for o in data["setup"]["players"]["p1"]["battlefield"] if o["id"] != "v"]
    assert all(o["summoning_sick"] for o in sick)


def test_the_crewed_vehicle_crews_the_card() -> None:
    data = mined_one("Irontread Crusher", LIKE_ANY, "crewed-vehicle-crews", "2016-09-20")
    crews = [a["activate"] for a in data["actions"] if "activate" in a]
    assert [(c["object"], c["costs"]["tap"]) for c in crews] == [("s", ["sc"]), ("v", ["s"])]


def test_no_pt_case_for_a_vehicle_with_a_static_ability() -> None:
    """Fell Flagship: a Pirate lord, so only its printed numbers are not scripted."""
    r = mine([RulingGroup("g", "Fell Flagship", "2018-01-19", {"en": NOT_CREATURE})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
