"""The bestow families (rule 702.103): each ruling text yields a case the reference engine
passes and the family's mutant fails; a card the generator cannot script yields none, with its
reason."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine
from conformance.reference.cards import cards_saying, load_cards

UNCAST = ("If a permanent with bestow enters the battlefield by any method other than being "
          "cast, it will be an enchantment creature. You can’t choose to pay the bestow cost "
          "and have it become an Aura.")
UNTAPPED = ("Auras attached to a creature don’t become tapped when the creature becomes "
            "tapped. Except in some rare cases, an Aura with bestow remains untapped when it "
            "becomes unattached and becomes a creature.")

TARGET_ILLEGAL = ("Unlike other Aura spells, an Aura spell with bestow isn’t countered if its "
                  "target is illegal as it begins to resolve. Rather, the effect making it an "
                  "Aura spell ends, it loses enchant creature, it returns to being an enchantment "
                  "creature spell, and it resolves and enters the battlefield as an enchantment "
                  "creature.")
UNATTACHED = ("Unlike other Auras, an Aura with bestow isn’t put into its owner’s graveyard if "
              "the enchanted creature leaves the battlefield or becomes an illegal creature for "
              "the Aura to enchant. Rather, the effect making it an Aura ends, it loses enchant "
              "creature, and it remains on the battlefield as an enchantment creature.")


@pytest.mark.parametrize(("card", "text", "family"), [
    ("Nyxborn Rollicker", UNCAST, "bestow-enters-uncast"),
    ("Nyxborn Rollicker", TARGET_ILLEGAL, "bestow-target-illegal"),
    ("Celestial Archon", UNATTACHED, "bestow-unattached"),
    ("Nimbus Naiad", UNTAPPED, "bestow-untapped"),
    ("Celestial Archon", UNTAPPED, "bestow-untapped"),
])
def test_the_case_passes_on_the_reference_and_kills_the_mutant(card, text, family):
    assert_kills_its_mutant(mined_one(card, text, family, "2014-04-26"), family)


@pytest.mark.parametrize(("card", "text", "reason"), [
    ("Observant Alseid", UNTAPPED, "vigilance"),
    ("Grizzly Bears", UNCAST, "only one-face cards with bestow"),
])
def test_no_case_when_the_generator_cannot_kill_the_mutant(card, text, reason):
    r = mine([RulingGroup("g", card, "2014-04-26", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert reason in r.outcomes[0].reason


def test_bestow_lines_are_read_and_the_cards_built():
    face = load_cards()["Nyxborn Rollicker"].faces[0]
    assert dict(face.text.alternatives) == {"bestow": "{1}{R}"}
    cards = load_cards()
    # Only the cards whose oracle text says "Bestow" (building all ~7,000 takes seconds).
    named = [n for n in cards_saying("Bestow") if n in cards]
    assert sum(1 for n in named if len(cards[n].faces) == 1
               and "bestow" in dict(cards[n].faces[0].text.alternatives)) >= 15
