""""Whenever you cast / a player casts a[n] <quality> spell, <effect>" (cast_quality.py,
601.2i): it triggers for spells with the quality only, and "you cast" only for its controller's
spells while "a player casts" for anyone's."""

from __future__ import annotations

from typing import Any

from engine_play import RESOLVE, cast, engine, obj


def _pt(e: Any, oid: str) -> tuple[int, int]:
    o = e.observe().state["objects"][oid]
    return o["power"], o["toughness"]


def test_a_player_casts_a_black_spell_triggers_for_the_opponents_spell() -> None:
    e = engine({"battlefield": [obj("bg", "Bog Gnarr"), obj("b", "Grizzly Bears")]},
               {"mana": "{B}", "hand": [obj("dis", "Disfigure")]})
    e.act({"pass_priority": {"player": "p1"}})
    e.act({"cast": {"player": "p2", "object": "dis", "targets": ["b"]}})
    assert [s["ability"] for s in e.observe().state["stack"] if "ability" in s] != []
    e.act(RESOLVE)
    assert _pt(e, "bg") == (4, 4)


def test_you_cast_a_multicolored_spell_and_not_a_monocolored_one() -> None:
    e = engine({"mana": "{R}{R}{W}", "hand": [obj("sh", "Shock"), obj("lh", "Lightning Helix")],
                "battlefield": [obj("gv", "Gloryscale Viashino")]})
    e.act(cast("sh", "p2"))
    assert len(e.observe().state["stack"]) == 1  # Shock is monocolored: no trigger
    e.act(RESOLVE)
    e.act(cast("lh", "p2"))
    assert len(e.observe().state["stack"]) == 2
    e.act(RESOLVE)
    assert _pt(e, "gv") == (6, 6)
    e = engine({"battlefield": [obj("gv", "Gloryscale Viashino")]},
               {"mana": "{R}{W}", "hand": [obj("lh", "Lightning Helix")]})
    e.act({"pass_priority": {"player": "p1"}})
    e.act({"cast": {"player": "p2", "object": "lh", "targets": ["p1"]}})
    assert len(e.observe().state["stack"]) == 1  # the opponent's spell: "you cast" only
