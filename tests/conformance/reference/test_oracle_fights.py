"""The template "<effect on target creature>. [Then] it / that creature fights (deals damage equal
to its power to) [up to one] target creature ..." (oracle_fights): the first effect happens, then
the fight or the bite; with the second target illegal the first effect still happens and no
damage is dealt (701.12b, 608.2b)."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.reference import ReferenceEngine
from conformance.reference.cards import load_cards
from conformance.reference.oracle_fights import ThenFights


def game(p1: dict[str, Any], p2: dict[str, Any]) -> dict[str, Any]:
    return {"active_player": "p1", "step": "precombat_main", "turn": 3,
            "players": {"p1": p1, "p2": p2}}


@pytest.mark.parametrize(("card", "bite"), [("Epic Confrontation", False),
                                            ("Hunter's Edge", True),
                                            ("Struggle for Skemfar", False)])
def test_the_cards_are_built_with_the_template(card: str, bite: bool) -> None:
    (eff,) = load_cards()[card].faces[0].text.spell
    assert isinstance(eff, ThenFights) and eff.bite is bite


def _cast(second_shroud: bool) -> dict[str, Any]:
    """Epic Confrontation ({1}{G}: +1/+2, then it fights) from p1's Bears at p2's Hill Giant."""
    engine = ReferenceEngine()
    engine.setup("unit", game(
        {"mana": "{1}{G}", "hand": [{"id": "sp", "card": "Epic Confrontation"}],
         "battlefield": [{"id": "bears", "card": "Grizzly Bears"}]},
        {"battlefield": [{"id": "giant", "card": "Hill Giant"}]}))
    engine.act({"cast": {"player": "p1", "object": "sp", "targets": ["bears", "giant"]}})
    if second_shroud:
        engine.act({"set_keywords": {"object": "giant", "add": ["shroud"]}})
    engine.act({"resolve_stack": {}})
    return engine.observe().state["objects"]


def test_the_pumped_creature_fights() -> None:
    objects = _cast(False)
    assert objects["giant"]["zone"] == "graveyard"  # 3 damage from a 3/4 Bears
    assert objects["bears"]["zone"] == "battlefield"
    assert (objects["bears"]["power"], objects["bears"]["damage"]) == (3, 3)


def test_with_the_second_target_illegal_it_is_pumped_and_does_not_fight() -> None:
    objects = _cast(True)
    assert objects["giant"]["damage"] == 0 and objects["bears"]["damage"] == 0
    assert objects["bears"]["power"] == 3
