""""Prevent the next N damage that would be dealt to <target | you | CARDNAME> this turn"
(prevent_next.py, 615.7): a shield that prevents that much damage in all, across sources, to
that creature or player only, and is used up."""

from __future__ import annotations

from typing import Any

from engine_play import RESOLVE, cast, engine, obj


def _state(e: Any) -> dict[str, Any]:
    return e.observe().state


def test_shield_on_target_creature_is_used_up_across_sources() -> None:
    e = engine({"mana": "{W}{R}{R}", "hand": [obj("sb", "Shieldmate's Blessing"),
                                               obj("s1", "Shock"), obj("s2", "Shock")],
                "battlefield": [obj("bears", "Grizzly Bears"), obj("other", "Grizzly Bears")]})
    e.act(cast("sb", "bears"))  # prevent the next 3
    e.act(RESOLVE)
    e.act(cast("s1", "bears"))
    e.act(RESOLVE)
    assert _state(e)["objects"]["bears"]["damage"] == 0
    e.act(cast("s2", "bears"))
    e.act(RESOLVE)
    bears = _state(e)["objects"]["bears"]
    assert bears["zone"] == "battlefield" and bears["damage"] == 1  # 1 left of the shield


def test_shield_protects_only_its_target() -> None:
    e = engine({"mana": "{W}{R}", "hand": [obj("sb", "Shieldmate's Blessing"),
                                            obj("s1", "Shock")],
                "battlefield": [obj("bears", "Grizzly Bears")]})
    e.act(cast("sb", "p1"))
    e.act(RESOLVE)
    e.act(cast("s1", "bears"))
    e.act(RESOLVE)
    assert _state(e)["objects"]["bears"]["zone"] == "graveyard"
    assert _state(e)["players"]["p1"]["life"] == 20


def test_shield_on_you_and_on_itself() -> None:
    e = engine({"mana": "{2}{1}{R}{R}", "hand": [obj("s1", "Shock"), obj("s2", "Shock")],
                "battlefield": [obj("shield", "Shield of the Ages"),
                                obj("elder", "Revered Elder")]})
    e.act({"activate": {"player": "p1", "object": "shield", "ability": 0}})
    e.act(RESOLVE)
    e.act({"activate": {"player": "p1", "object": "elder", "ability": 0}})
    e.act(RESOLVE)
    e.act(cast("s1", "p1"))
    e.act(RESOLVE)
    e.act(cast("s2", "elder"))
    e.act(RESOLVE)
    state = _state(e)
    assert state["players"]["p1"]["life"] == 19
    assert state["objects"]["elder"]["damage"] == 1
