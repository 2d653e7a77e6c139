"""The flicker-token family (111.8): a token exiled by "exile ..., then return it to the
battlefield" ceases to exist and does not return; the family's mutant (the token returns like
a card) fails each case the reference engine passes."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine

TEXT = "If a token is exiled this way, it will cease to exist and won't return to the " \
    "battlefield."


@pytest.mark.parametrize("card", ["Cloudshift", "Momentary Blink", "Justiciar's Portal",
                                  "Conjurer's Closet", "Banishing Light", "Seal Away",
                                  "Banisher Priest"])
def test_the_case_passes_on_the_reference_and_kills_the_mutant(card: str) -> None:
    data = mined_one(card, TEXT, "flicker-token")
    assert data["expect"]["state"]["count"] == [{"card": "Soldier Token", "count": 0}]
    assert_kills_its_mutant(data, "flicker-token")


def test_the_end_step_ability_targets_the_token_and_is_accepted() -> None:
    data = mined_one("Conjurer's Closet", TEXT, "flicker-token")
    assert data["setup"]["step"] == "postcombat_main"
    assert {"choose": {"choice": "targets", "source": "src", "targets": ["tok"]}} \
        in data["actions"]


def test_until_it_leaves_the_token_is_exiled_and_the_source_bounced() -> None:
    data = mined_one("Seal Away", TEXT, "flicker-token")  # "exile target tapped creature ..."
    assert data["setup"]["players"]["p2"]["battlefield"] == [
        {"id": "tok", "card": "Soldier Token", "token": True, "tapped": True}]
    assert data["actions"][-2] == {"cast": {"player": "p1", "object": "boom",
                                            "targets": ["src"]}}
    assert data["expect"]["state"]["zones"] == {"src": "hand"}


def test_no_case_for_a_card_the_reference_does_not_build() -> None:
    """Portable Hole: "nonland permanent an opponent controls with mana value 2 or less"."""
    r = mine([RulingGroup("g", "Portable Hole", "2021-07-23", {"en": TEXT})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
