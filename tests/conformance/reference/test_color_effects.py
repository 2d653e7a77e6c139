"""Effects that set a target's colors (layer 5, 613.1e): "Target creature becomes red and gains
haste until end of turn." replaces the creature's colors for as long as it lasts, and devoid (a
characteristic-defining ability, 613.3) applies before it."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.reference.cards import load_cards, refused_cards
from conformance.reference.color_mutants import DevoidAppliesAfterColorEffects
from conformance.reference.color_text import TargetBecomesColor

NEXT_TURN: dict[str, Any] = {"advance": {"to": "precombat_main", "next_turn": True}}


def _creature(actions: list[dict[str, Any]], target: str = "Grizzly Bears",
              spell: str = "Crimson Wisps", mana: str = "{R}") -> dict[str, Any]:
    e = engine({"mana": mana, "battlefield": [obj("c", target)], "hand": [obj("s", spell)],
                "library": [obj("l1", "Island"), obj("l2", "Island")]},
               {"library": [obj("l3", "Island")]})
    for a in [cast("s", "c"), RESOLVE, *actions]:
        e.act(a)
    return e.observe().state["objects"]["c"]


def test_the_creature_becomes_the_color_instead_of_its_own_until_end_of_turn() -> None:
    bears = _creature([])
    assert (bears["colors"], bears["keywords"]) == (["R"], ["haste"])
    bears = _creature([NEXT_TURN])
    assert (bears["colors"], bears["keywords"]) == (["G"], [])


def test_a_devoid_creature_becomes_just_the_new_color() -> None:
    assert _creature([], target="Benthic Infiltrator")["colors"] == ["R"]
    e = DevoidAppliesAfterColorEffects()
    e.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3, "players": {
        "p1": {"mana": "{R}", "battlefield": [obj("c", "Benthic Infiltrator")],
               "hand": [obj("s", "Crimson Wisps")], "library": [obj("l1", "Island")]},
        "p2": {}}})
    for a in [cast("s", "c"), RESOLVE]:
        e.act(a)
    assert e.observe().state["objects"]["c"]["colors"] == []


def test_that_creature_becomes_black_after_damage() -> None:
    """Singe: "Singe deals 1 damage to target creature. That creature becomes black until end
    of turn." (the second sentence acts on the first one's target)."""
    hill = _creature([], target="Hill Giant", spell="Singe")
    assert (hill["colors"], hill["damage"]) == (["B"], 1)


@pytest.mark.parametrize(("card", "effect"), [
    ("Crimson Wisps", TargetBecomesColor("perm:Creature", ("R",), True, ("haste",))),
    ("Viridescent Wisps", TargetBecomesColor("perm:Creature", ("G",), True, (), 1, 0)),
])
def test_the_sentences_are_read(card: str, effect: TargetBecomesColor) -> None:
    assert load_cards()[card].faces[0].text.spell[0] == effect


def test_a_spell_or_permanent_target_is_still_refused() -> None:
    assert "Purelace" in refused_cards()
