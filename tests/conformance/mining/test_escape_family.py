"""The escape families (conformance/mining/families/escape.py): each mined case passes on the
reference engine and fails on its family's mutant, for a sorcery, an instant, an Aura and a
creature that escapes with counters."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine

TIMING = "Escape's permission doesn't change when you may cast the spell from your graveyard."
PRIORITY = "If a card with escape is put into your graveyard during your turn, you'll be able " \
    "to cast it right away if it's legal to do so, before an opponent can take any actions."
MANA_VALUE = "To determine the total cost of a spell, start with the mana cost or alternative " \
    "cost you're paying (such as an escape cost), add any cost increases, then apply any cost " \
    "reductions. The mana value of the spell remains unchanged, no matter what the total cost " \
    "to cast it was and no matter whether an alternative cost was paid."
RESOLVES = "After an escaped spell resolves, it returns to its owner's graveyard if it's not a " \
    "permanent spell. If it is a permanent spell, it enters the battlefield and will return to " \
    "its owner's graveyard if it dies later. Perhaps it will escape again-good underworld " \
    "security is so hard to come by these days."

STACK = "Once you begin casting a spell with escape, it immediately moves to the stack. Players " \
    "can't take any other actions until you're done casting the spell."


@pytest.mark.parametrize(("text", "family", "card"), [
    (STACK, "escape-stack", "Sleep of the Dead"),
    (STACK, "escape-stack", "Underworld Rage-Hound"),
    (TIMING, "escape-timing", "Sleep of the Dead"),  # a sorcery with a target
    (TIMING, "escape-timing", "Underworld Charger"),  # a creature
    (PRIORITY, "escape-priority", "Glimpse of Freedom"),  # an instant that draws
    (PRIORITY, "escape-priority", "Mogis's Favor"),  # an Aura, its creature destroyed
    (PRIORITY, "escape-priority", "Voracious Typhon"),  # a creature destroyed
    (MANA_VALUE, "escape-mana-value", "Sweet Oblivion"),
    (RESOLVES, "escape-resolves", "Fruit of Tizerus"),
    (RESOLVES, "escape-resolves", "Escape Velocity"),
    (RESOLVES, "escape-resolves", "Loathsome Chimera"),
])
def test_the_case_kills_the_family_mutant(text: str, family: str, card: str) -> None:
    assert_kills_its_mutant(mined_one(card, text, family, "2020-01-24"), family)


def test_the_stack_case_names_the_card_among_the_cards_exiled() -> None:
    data = mined_one("Sweet Oblivion", STACK, "escape-stack", "2020-01-24")
    assert data["actions"] == [{"cast": {"player": "p1", "object": "esc", "targets": ["p2"],
                                         "costs": {"alternative": "escape",
                                                   "exile": ["esc", "grave1", "grave2",
                                                             "grave3"]}}}]
    assert [g["id"] for g in data["setup"]["players"]["p1"]["graveyard"]] == [
        "esc", "grave1", "grave2", "grave3"]


def test_an_escaped_creature_is_checked_with_its_counters_before_it_dies() -> None:
    data = mined_one("Voracious Typhon", RESOLVES, "escape-resolves", "2020-01-24")
    (check,) = [a["check"] for a in data["actions"] if "check" in a]
    assert check["state"]["objects"]["esc"] == {"zone": "battlefield", "counters": {"+1/+1": 3}}
    assert data["actions"][0]["cast"]["costs"] == {"alternative": "escape",
                                                   "exile": ["grave1", "grave2", "grave3",
                                                             "grave4"]}


@pytest.mark.parametrize(("card", "text"), [
    ("Glimpse of Freedom", TIMING),  # an instant: timing changes nothing
    ("Sentinel's Eyes", MANA_VALUE),  # {W} and escape {W}: same mana value
])
def test_no_case_when_a_mutant_could_not_fail_it(card: str, text: str) -> None:
    r = mine([RulingGroup("g", card, "2020-01-24", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
