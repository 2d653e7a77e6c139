"""The leveler, monstrosity and renown families (levelers.py, monstrosity.py, renown.py): each
mined case passes on the reference engine and fails on its family's mutant, on real cards of
each shape; the cards without the needed shape get no case."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine

LEVEL = ("A creature's level is based on how many level counters it has on it, not how many "
         "times its level up ability has been activated or has resolved. If a leveler gets level "
         "counters due to some other effect (such as Clockspinning) or loses level counters for "
         "some reason (such as Vampire Hexmage), its level is changed accordingly.")
KEEPS = ("The abilities a leveler grants to itself don't overwrite any other abilities it may "
         "have. In particular, they don't overwrite the creature's level up ability; it always "
         "has that.")
MODIFY = ("Effects that modify a leveler's power or toughness, such as the effects of Giant "
          "Growth or Glorious Anthem, will apply to it no matter when they started to take "
          "effect. The same is true for counters that change the creature's power or toughness "
          "(such as +1/+1 counters) and effects that switch its power and toughness.")
SETS = ("Effects that set a leveler's power or toughness to a specific value, including the "
        "effects from a level symbol's ability, apply in timestamp order. The timestamp of each "
        "level symbol's ability is the same as the timestamp of the leveler itself, regardless "
        "of when the most recent level counter was put on it.")
ONCE = ("Once a creature becomes monstrous, it can't become monstrous again. If the creature is "
        "already monstrous when the monstrosity ability resolves, nothing happens.")
LEFT = ("An ability that triggers when a creature becomes monstrous won't trigger if that "
        "creature isn't on the battlefield when its monstrosity ability resolves.")
PLAYER = ("Renown won't trigger when a creature deals combat damage to a planeswalker or another "
          "creature. It also won't trigger when a creature deals noncombat damage to a player.")
GONE = ("If a renown ability triggers, but the creature leaves the battlefield before that "
        "ability resolves, the creature doesn't become renowned. Any ability that triggers "
        "\"whenever a creature becomes renowned\" won't trigger.")


@pytest.mark.parametrize(("text", "family", "card"), [
    (LEVEL, "leveler-level-counters", "Student of Warfare"),  # first symbol at level 2
    (LEVEL, "leveler-level-counters", "Joraga Treespeaker"),  # back to level 0
    (KEEPS, "leveler-keeps-level-up", "Caravan Escort"),  # symbols with keywords only
    (KEEPS, "leveler-keeps-level-up", "Kargan Dragonlord"),  # a symbol's activated ability
    (MODIFY, "leveler-pt-modifiers", "Kabira Vindicator"),
    (SETS, "leveler-set-pt-timestamp", "Hada Spy Patrol"),
    (ONCE, "monstrosity-once", "Nessian Asp"),
    (ONCE, "monstrosity-once", "Arbor Colossus"),  # its trigger has no legal target
    (LEFT, "monstrous-trigger-left", "Ember Swallower"),
    (LEFT, "monstrous-trigger-left", "Keepsake Gorgon"),  # a target "non-Gorgon creature"
    (PLAYER, "renown-player-only", "Stalwart Aven"),  # flying: Giant Spider blocks
    (PLAYER, "renown-player-only", "Akroan Sergeant"),  # first strike
    (GONE, "renown-left-battlefield", "Valeron Wardens"),
    (GONE, "renown-left-battlefield", "Akroan Sergeant"),  # renown triggers in first strike
])
def test_the_case_kills_the_family_mutant(text: str, family: str, card: str) -> None:
    assert_kills_its_mutant(mined_one(card, text, family, "2015-06-22"), family)


def test_the_level_counters_case_checks_both_levels() -> None:
    data = mined_one("Student of Warfare", LEVEL, "leveler-level-counters")
    check = next(a["check"] for a in data["actions"] if "check" in a)
    assert check["state"]["objects"]["lv"] == {"power": 3, "toughness": 3,
                                               "counters": {"level": 2}}
    assert data["expect"]["state"]["objects"]["lv"] == {"power": 1, "toughness": 1,
                                                        "counters": {"level": 1}}


def test_the_monstrosity_case_activates_twice_before_resolving() -> None:
    data = mined_one("Nessian Asp", ONCE, "monstrosity-once")
    assert [next(iter(a)) for a in data["actions"]] == ["activate", "activate", "resolve_stack"]
    assert data["expect"]["state"]["objects"]["m"] == {"counters": {"+1/+1": 4}, "power": 8,
                                                       "toughness": 9}


@pytest.mark.parametrize(("text", "card"), [
    (LEFT, "Nessian Asp"),  # no "when it becomes monstrous" ability
    (LEVEL, "Kazandu Tuskcaller"),  # its level symbols keep the printed 1/1
    (ONCE, "Chillerpillar"),  # {S} in its cost
])
def test_no_case_without_the_needed_shape(text: str, card: str) -> None:
    r = mine([RulingGroup("g", card, "2015-06-22", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
