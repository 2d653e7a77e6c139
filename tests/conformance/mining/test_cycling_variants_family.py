"""The ``cycling-activated`` family on typecycling (702.29e) and on cycling with a "When you cycle"
trigger (702.29c): the cases pass on the reference engine and fail on ``cycling_is_cast``; a
card whose cycle trigger has targets, or with other activated abilities, yields none."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine

TEXT = ("Cycling is an activated ability. Effects that interact with activated abilities (such "
        "as Stifle) will interact with cycling.")


@pytest.mark.parametrize(("card", "searched", "may"), [
    ("Krosan Tusker", False, True),  # "When you cycle ..., you may search ...": declined
    ("Renewed Faith", False, True),  # "When you cycle ..., you may gain 2 life"
    ("Sanctum Plowbeast", True, False),  # plainscycling, its first cycling ability
])
def test_cycling_variant_case_kills_its_mutant(card: str, searched: bool, may: bool) -> None:
    data = mined_one(card, TEXT, "cycling-activated")
    actions = data["actions"]
    assert actions[0] == {"activate": {"player": "p1", "object": "cyc", "ability": 0}}
    assert any("cards" in a.get("choose", {}) for a in actions) == searched
    assert any(a.get("choose", {}).get("choice") == "may" for a in actions) == may
    assert_kills_its_mutant(data, "cycling-activated")


@pytest.mark.parametrize(("card", "reason"), [
    ("Death Pulse", "the cycle trigger has targets"),
    ("Monstrous Carabid", "not a plain mana cost"),  # hybrid: no pool is written for it
])
def test_cycling_variant_not_scripted(card: str, reason: str) -> None:
    r = mine([RulingGroup("g", card, "2021-03-19", {"en": TEXT})])
    assert [o.status for o in r.outcomes] == [NOT_EXECUTABLE]
    assert reason in r.outcomes[0].reason
