""""Target permanent becomes white until end of turn." and "Target creature gets +1/+0, becomes
black, and gains shadow until end of turn." (layer 5: the target's colors are replaced; the
latest such effect wins; it ends with the turn)."""

from __future__ import annotations

from typing import Any

from engine_play import RESOLVE, cast, engine, obj


def _bears(e: Any) -> dict[str, Any]:
    return e.observe().state["objects"]["bears"]  # type: ignore[no-any-return]


def test_traitors_clutch_makes_the_creature_black_with_shadow() -> None:
    e = engine({"mana": "{B}{C}{C}{C}{C}", "hand": [obj("tc", "Traitor's Clutch")]},
               {"battlefield": [obj("bears", "Grizzly Bears")]})
    assert _bears(e)["colors"] == ["G"]
    for a in (cast("tc", "bears"), RESOLVE):
        e.act(a)
    bears = _bears(e)
    assert (bears["colors"], bears["power"], bears["toughness"]) == (["B"], 3, 2)
    assert "shadow" in bears["keywords"]
    e.act({"advance": {"to": "precombat_main", "next_turn": True}})
    bears = _bears(e)
    assert (bears["colors"], bears["power"], bears["keywords"]) == (["G"], 2, [])


def test_the_latest_color_effect_wins() -> None:
    """Aurora Griffin makes the black Grizzly Bears white: the later effect sets the color."""
    e = engine({"mana": "{B}{C}{C}{C}{C}{W}", "hand": [obj("tc", "Traitor's Clutch")],
                "battlefield": [obj("griffin", "Aurora Griffin")]},
               {"battlefield": [obj("bears", "Grizzly Bears")]})
    for a in (cast("tc", "bears"), RESOLVE,
              {"activate": {"player": "p1", "object": "griffin", "ability": 0,
                            "targets": ["bears"]}}, RESOLVE):
        e.act(a)
    assert (_bears(e)["colors"], _bears(e)["power"]) == (["W"], 3)
