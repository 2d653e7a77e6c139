"""The rebound families (conformance/mining/families/rebound.py): each mined case passes on the
reference engine and fails on its family's mutant."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine

EXILED = "If you cast a spell with rebound from your hand and it resolves, it isn't put into " \
    "your graveyard. Rather, it's exiled directly from the stack. Effects that care about cards " \
    "being put into your graveyard won't do anything."
COUNTERED = "If a spell with rebound that you cast from your hand doesn't resolve for any " \
    "reason (either because another spell or ability counters it or because all its targets " \
    "are illegal as it tries to resolve), none of its effects will happen, including rebound. " \
    "The spell will be put into its owner's graveyard and you won't get to cast it again on " \
    "your next turn."
UPKEEP = "At the beginning of your upkeep, all delayed triggered abilities created by rebound " \
    "effects trigger. You may handle them in any order. If you want to cast a card this way, " \
    "you do so as part of the resolution of its delayed triggered ability. Timing restrictions " \
    "based on the card's type (if it's a sorcery) are ignored. Other restrictions are not " \
    "(such as the one from Rule of Law)."
OPTIONAL = "Casting the card again due to rebound's delayed triggered ability is optional. If " \
    "you choose not to cast the card, or if you can't because an effect prohibits it, the card " \
    "will stay exiled. You won't get another chance to cast it on a future turn. If you do cast " \
    "the card, it's put into its owner's graveyard as normal once it resolves."
COPIES = "Rebound will have no effect on copies of spells because you don't cast them from " \
    "your hand."
OTHER = "If you cast a spell with rebound from any zone other than your hand (including your " \
    "opponent's hand), rebound will have no effect."
FREE = "As long as you cast a spell with rebound from your hand, rebound will work regardless " \
    "of whether you paid its mana cost or an alternative cost you were permitted to pay."


@pytest.mark.parametrize(("text", "family", "card"), [
    (EXILED, "rebound-exiled", "Staggershock"),
    (COUNTERED, "rebound-countered", "Ojutai's Breath"),
    (UPKEEP, "rebound-upkeep", "Trumpeting Herd"),  # a sorcery
    (OPTIONAL, "rebound-optional", "Trumpeting Herd"),
    (COPIES, "rebound-copies", "Artful Maneuver"),  # the copy keeps its target
    (OTHER, "rebound-other-zone", "Staggershock"),  # cascaded into from the library
    (FREE, "rebound-free", "Virulent Swipe"),  # cast by Sram's Expertise
])
def test_the_case_kills_the_family_mutant(text: str, family: str, card: str) -> None:
    assert_kills_its_mutant(mined_one(card, text, family, "2015-02-25"), family)


def test_the_rebound_trigger_is_answered_at_p1s_next_upkeep() -> None:
    data = mined_one("Staggershock", OPTIONAL, "rebound-optional", "2010-04-30")
    assert data["actions"][2:4] == [{"advance": {"to": "upkeep", "next_turn": True}}] * 2
    assert {"choose": {"choice": "may", "source": "reb", "ability": "rebound",
                       "accept": False}} in data["actions"]
    assert data["expect"]["state"]["turn"] == 7


@pytest.mark.parametrize(("card", "text"), [
    ("Staggershock", UPKEEP),  # an instant: timing changes nothing
    ("Trumpeting Herd", OTHER),  # mana value 4: Bloodbraid Elf does not cascade into it
    ("Sight Beyond Sight", EXILED),  # resolving it needs a choice
])
def test_no_case_when_it_could_not_be_faithful(card: str, text: str) -> None:
    r = mine([RulingGroup("g", card, "2015-02-25", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
