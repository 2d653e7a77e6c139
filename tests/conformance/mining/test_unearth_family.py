"""The unearth families (conformance/mining/families/unearth.py): each mined case passes on the
reference engine and fails on its family's mutant."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine

NOT_CAST = "Activating a creature card's unearth ability isn't the same as casting the creature " \
    "card. The unearth ability is put on the stack, but the creature card is not. Spells and " \
    "abilities that interact with activated abilities (such as Stifle) will interact with " \
    "unearth, but spells and abilities that interact with spells (such as Remove Soul) will not."
REMOVED = "If you activate a card's unearth ability but that card is removed from your " \
    "graveyard before the ability resolves, that unearth ability will resolve and do nothing."
REPLACEMENT = "If a creature returned to the battlefield with unearth would leave the " \
    "battlefield for any reason, it's exiled instead - unless the spell or ability that's " \
    "causing the creature to leave the battlefield is actually trying to exile it! In that " \
    "case, it succeeds at exiling it."
LOSES = "Unearth grants haste to the creature that's returned to the battlefield. However, " \
    "neither of the \"exile\" abilities is granted to that creature. If that creature loses all " \
    "its abilities, it will still be exiled at the beginning of the end step, and if it would " \
    "leave the battlefield, it is still exiled instead."
STIFLE = "At the beginning of the end step, a creature returned to the battlefield with unearth " \
    "is exiled. This is a delayed triggered ability, and it can be countered by effects such as " \
    "Stifle or Voidslime that counter triggered abilities. If the ability is countered, the " \
    "creature will stay on the battlefield and the delayed trigger won't trigger again. " \
    "However, the replacement effect will still exile the creature when it eventually leaves " \
    "the battlefield."


@pytest.mark.parametrize(("text", "family", "card"), [
    (NOT_CAST, "unearth-not-cast", "Dregscape Zombie"),
    (REMOVED, "unearth-removed", "Vithian Stinger"),  # unearth is its second ability
    (REPLACEMENT, "unearth-replacement", "Grixis Slavedriver"),  # a leaves trigger too
    (LOSES, "unearth-loses-abilities", "Hellspark Elemental"),  # its own end step trigger lost
    (STIFLE, "unearth-stifle", "First-Sphere Gargantua"),  # an enters trigger too
])
def test_the_case_kills_the_family_mutant(text: str, family: str, card: str) -> None:
    assert_kills_its_mutant(mined_one(card, text, family, "2008-10-01"), family)


def test_the_unearth_ability_is_activated_by_its_index() -> None:
    data = mined_one("Undead Leotau", REMOVED, "unearth-removed", "2008-10-01")
    assert data["actions"][0] == {"activate": {"player": "p1", "object": "esc", "ability": 1}}


def test_the_stifle_case_pays_with_lands_tapped_in_the_end_step() -> None:
    data = mined_one("Kathari Screecher", STIFLE, "unearth-stifle", "2008-10-01")
    kinds = [next(iter(a)) for a in data["actions"]]
    assert kinds.index("advance") < kinds.index("activate", 1) < kinds.index("cast")


@pytest.mark.parametrize(("card", "text"), [
    ("Rotting Rats", REPLACEMENT),  # its enters ability discards the Murder
    ("Hell's Thunder", STIFLE),  # two triggers at the end step
])
def test_no_case_when_the_card_gets_in_the_way(card: str, text: str) -> None:
    r = mine([RulingGroup("g", card, "2008-10-01", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
