"""Animating a target land (animation_text.AnimateTarget): "Target land becomes a 3/3 creature
until end of turn. It's still a land." — the land keeps its types and gains Creature (and the
colors, subtypes, keywords given), until end of turn or for good; the target must fit."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.errors import EngineReportedError


def _obj(e: Any, oid: str) -> dict[str, Any]:
    return e.observe().state["objects"][oid]  # type: ignore[no-any-return]


def test_until_end_of_turn_a_land_is_also_a_creature() -> None:
    e = engine({"mana": "{2}{G}", "hand": [obj("viv", "Vivify")],
                "battlefield": [obj("f", "Forest")], "library": [obj("l1", "Island")]})
    e.act(cast("viv", "f"))
    e.act(RESOLVE)
    f = _obj(e, "f")
    assert (f["types"], f["power"], f["toughness"]) == (["Land", "Creature"], 3, 3)
    assert _obj(e, "l1")["zone"] == "hand"  # "Draw a card."
    e.act({"advance": {"to": "cleanup"}})
    assert _obj(e, "f")["types"] == ["Land"]


def test_for_good_with_color_subtypes_and_a_fitting_target() -> None:
    """Woodwraith Corrupter: "Target Forest becomes a 4/4 black and green Elemental Horror
    creature. It's still a land." — an Island is no legal target; the Forest stays animated
    after the turn ends."""
    e = engine({"mana": "{1}{B}{G}", "battlefield": [obj("wc", "Woodwraith Corrupter"),
                                                     obj("f", "Forest"), obj("i", "Island")]})
    with pytest.raises(EngineReportedError):
        e.act({"activate": {"player": "p1", "object": "wc", "ability": 0, "targets": ["i"]}})
    e.act({"activate": {"player": "p1", "object": "wc", "ability": 0, "targets": ["f"]}})
    e.act(RESOLVE)
    e.act({"advance": {"to": "cleanup"}})
    f = _obj(e, "f")
    assert (f["types"], f["subtypes"], f["colors"], f["power"]) == (
        ["Land", "Creature"], ["Forest", "Elemental", "Horror"], ["B", "G"], 4)


def test_a_static_makes_every_land_of_the_group_a_creature() -> None:
    """Kormus Bell: "All Swamps are 1/1 black creatures that are still lands" — p2's Swamp too,
    a Swamp played later too (611.3a), not a Forest."""
    e = engine({"battlefield": [obj("bell", "Kormus Bell"), obj("s1", "Swamp"),
                                obj("f", "Forest")], "hand": [obj("s2", "Swamp")]},
               {"battlefield": [obj("s3", "Swamp")]})
    e.act({"play_land": {"player": "p1", "object": "s2"}})
    for oid in ("s1", "s2", "s3"):
        s = _obj(e, oid)
        assert (s["types"], s["colors"], s["power"]) == (["Land", "Creature"], ["B"], 1)
    assert _obj(e, "f")["types"] == ["Land"]


def test_lands_become_creatures_locked_in_until_end_of_turn() -> None:
    """Natural Affinity: the lands on the battlefield as it resolves (611.2c), not one played
    afterwards; until end of turn."""
    e = engine({"mana": "{2}{G}", "hand": [obj("na", "Natural Affinity"), obj("f2", "Forest")],
                "battlefield": [obj("f1", "Forest")]}, {"battlefield": [obj("i", "Island")]})
    e.act(cast("na"))
    e.act(RESOLVE)
    e.act({"play_land": {"player": "p1", "object": "f2"}})
    assert [_obj(e, x)["types"] for x in ("f1", "i", "f2")] == [
        ["Land", "Creature"], ["Land", "Creature"], ["Land"]]
    e.act({"advance": {"to": "cleanup"}})
    assert _obj(e, "f1")["types"] == ["Land"]
