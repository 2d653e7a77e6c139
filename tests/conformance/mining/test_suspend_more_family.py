"""The countered-trigger, face-up and "suspended card" suspend families (rules 702.62a-b,
701.5a): each ruling text yields a case the reference engine passes and the family's mutant
fails (Stifle counters a suspend trigger named by ``{source, ability}``)."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine
from conformance.reference.cards import load_cards

UPKEEP = ("If the first triggered ability of suspend (the one that removes time counters) is "
          "countered, no time counter is removed. The ability will trigger again at the "
          "beginning of the card’s owner’s next upkeep.")
CAST = ("If the second triggered ability is countered, the card can’t be cast. It remains "
        "exiled with no time counters on it, and it’s no longer suspended.")
FACE_UP = "Cards exiled with suspend are exiled face up."
SUSPENDED = ("If an effect refers to a “suspended card,” that means a card that (1) has "
             "suspend, (2) is in exile, and (3) has one or more time counters on it.")


@pytest.mark.parametrize(("card", "text", "family"), [
    ("Rift Bolt", UPKEEP, "suspend-upkeep-countered"),
    ("Errant Ephemeron", CAST, "suspend-cast-countered"),
    ("Rift Bolt", FACE_UP, "suspend-face-up"),
    ("Ancestral Vision", FACE_UP, "suspend-face-up"),
    ("Errant Ephemeron", SUSPENDED, "suspended-card"),
])
def test_the_case_passes_on_the_reference_and_kills_the_mutant(card, text, family):
    assert_kills_its_mutant(mined_one(card, text, family, "2021-03-19"), family)


def test_stifle_is_built_from_its_oracle_text():
    (face,) = load_cards()["Stifle"].faces
    (eff,) = face.text.spell
    assert [s.kind for s in eff.slots] == ["ability"]


@pytest.mark.parametrize("text", [UPKEEP, CAST, FACE_UP, SUSPENDED])
def test_no_case_for_a_card_without_suspend(text):
    r = mine([RulingGroup("g", "Lightning Bolt", "2021-03-19", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert "only one-face cards with suspend" in r.outcomes[0].reason
