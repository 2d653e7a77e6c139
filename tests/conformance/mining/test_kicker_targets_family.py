"""The kicker-permanent-targets family (702.33d, 603.3d): a permanent spell may be kicked even
when its "if it was kicked" enters ability will have no legal target; the family's mutant
(kicking needs those targets) refuses the cast each case makes."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine

TEXT = "Some instant or sorcery spells require alternative or additional targets if they’re " \
    "kicked. You ignore these targeting requirements if those spells aren’t kicked, and you " \
    "can’t kick those spells unless you can choose the appropriate targets. On the other hand, " \
    "you can kick a permanent spell even if you won’t be able to choose targets for an " \
    "enters-the-battlefield ability of that permanent once the spell resolves."
FAMILY = "kicker-permanent-targets"


@pytest.mark.parametrize("card", ["Nullpriest of Oblivion", "Tazeem Roilmage"])
def test_the_case_passes_on_the_reference_and_kills_the_mutant(card: str) -> None:
    data = mined_one(card, TEXT, FAMILY)
    assert data["actions"][0]["cast"]["costs"] == {"kicker": 1}
    assert_kills_its_mutant(data, FAMILY)


@pytest.mark.parametrize("card", ["Taunting Arbormage",  # "target creature": itself is one
                                  "Kitesail Cleric",  # "up to two": no target is legal
                                  "Into the Roil"])  # an instant
def test_no_case_when_a_target_always_exists_or_for_a_spell(card: str) -> None:
    r = mine([RulingGroup("g", card, "2020-09-25", {"en": TEXT})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


def test_kicked_with_a_legal_target_the_ability_returns_the_card() -> None:
    """The reference: kicked with a creature card in the graveyard, Nullpriest's ability goes
    on the stack and returns it."""
    e = ReferenceEngine()
    e.setup("u", {"active_player": "p1", "step": "precombat_main", "turn": 3, "players": {
        "p1": {"mana": "{4}{B}{B}", "hand": [{"id": "np", "card": "Nullpriest of Oblivion"}],
               "graveyard": [{"id": "gb", "card": "Grizzly Bears"}]}, "p2": {}}})
    e.act({"cast": {"player": "p1", "object": "np", "costs": {"kicker": 1}}})
    e.act({"resolve_top": {}})
    e.act({"choose": {"choice": "targets", "source": "np", "targets": ["gb"]}})
    e.act({"resolve_top": {}})
    assert e.observe().state["objects"]["gb"]["zone"] == "battlefield"
