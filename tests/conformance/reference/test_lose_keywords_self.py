"""A permanent losing its own keywords until end of turn (common_abilities.LoseKeywordsSelf)."""

from __future__ import annotations

from typing import Any

from engine_play import engine, obj


def _state(e: Any) -> dict[str, Any]:
    return e.observe().state  # type: ignore[no-any-return]


def test_it_loses_defender_until_end_of_turn() -> None:
    """Shoal Serpent's landfall: "CARDNAME loses defender until end of turn" (common_abilities
    LoseKeywordsSelf): it can attack this turn, has defender again after it."""
    e = engine({"battlefield": [obj("ss", "Shoal Serpent")], "hand": [obj("land", "Island")]})
    e.act({"play_land": {"player": "p1", "object": "land"}})
    e.act({"resolve_top": {}})
    assert _state(e)["objects"]["ss"]["keywords"] == []
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"ss": "p2"}}})
    assert _state(e)["objects"]["ss"]["attacking"] == "p2"
    e.act({"advance": {"to": "cleanup"}})
    assert _state(e)["objects"]["ss"]["keywords"] == ["defender"]
