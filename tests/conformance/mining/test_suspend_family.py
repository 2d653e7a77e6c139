"""The suspend families (rules 116.2f, 702.62a): each ruling text yields cases the reference
engine passes and the family's mutant fails; a card the generator cannot script yields none,
with its reason."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine

NOT_CAST = ("Exiling a card with suspend isn’t casting that card. This action doesn’t use the "
            "stack and can’t be responded to.")
ANY_REASON = ("When the last time counter is removed, the second triggered ability of suspend "
              "(the one that lets you cast the card) triggers. It doesn’t matter why the last "
              "time counter was removed or what effect removed it.")
TARGETS = ("If the spell requires any targets, those targets are chosen when the spell is "
           "finally cast, not when it’s exiled.")
CANT = ("If you can’t cast the card, perhaps because there are no legal targets available, it "
        "remains exiled with no time counters on it, and it’s no longer suspended.")
MUST = ("As the second triggered ability resolves, you must cast the card if able. You must do "
        "so even if it requires targets and the only legal targets are ones that you really "
        "don’t want to target. Timing permissions based on the card’s type are ignored.")
FREE = ("If you cast a card “without paying its mana cost,” such as with suspend, you can’t "
        "choose to cast it for any alternative costs. You can, however, pay additional costs. If "
        "the card has any mandatory additional costs, you must pay those if you want to cast "
        "the card.")
NO_COST = ("A card with no mana cost can’t be cast normally; you’ll need a way to cast it for an "
           "alternative cost or without paying its mana cost, such as by suspending it.")
HASTE = ("A creature cast using suspend will enter the battlefield with haste. It will have "
         "haste until another player gains control of it.")


@pytest.mark.parametrize(("card", "text", "family"), [
    ("Rift Bolt", NOT_CAST, "suspend-not-cast"),
    ("Errant Ephemeron", ANY_REASON, "suspend-any-reason"),
    ("Rift Bolt", TARGETS, "suspend-targets"),
    ("Shivan Meteor", CANT, "suspend-cant-cast"),
    ("Errant Ephemeron", HASTE, "suspend-haste"),
    ("Errant Ephemeron", MUST, "suspend-must-cast"),
    ("Rift Bolt", FREE, "suspend-free"),
    ("Ancestral Vision", NO_COST, "no-mana-cost"),
])
def test_the_case_passes_on_the_reference_and_kills_the_mutant(card, text, family):
    assert_kills_its_mutant(mined_one(card, text, family, "2021-03-19"), family)


@pytest.mark.parametrize(("card", "text", "reason"), [
    ("Lightning Bolt", NOT_CAST, "only one-face cards with suspend"),
    ("Errant Ephemeron", TARGETS, "the spell has no targets"),
    ("Rift Bolt", CANT, "targeting creatures alone"),
    ("Rift Bolt", HASTE, "not a creature"),
    ("Ancestral Vision", FREE, "nothing to pay"),
    ("Rift Bolt", NO_COST, "has a mana cost"),
])
def test_no_case_when_the_generator_cannot_kill_the_mutant(card, text, reason):
    r = mine([RulingGroup("g", card, "2021-03-19", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert reason in r.outcomes[0].reason
