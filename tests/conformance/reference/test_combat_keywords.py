"""Bushido N (combat_keywords.py, 702.45a): the creature gets +N/+N when it blocks or becomes
blocked; "Attacking / Blocking creatures get ... until end of turn" affects the creatures in
combat as it resolves (611.2c), of both players unless "you control"."""

from __future__ import annotations

from typing import Any

from engine_play import RESOLVE, cast, engine, obj

from conformance.reference import ReferenceEngine


def _pt(e: Any, oid: str) -> tuple[int, int]:
    o = e.observe().state["objects"][oid]
    return o["power"], o["toughness"]


def _to_blocks(e: Any, attackers: dict[str, str]) -> None:
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": attackers}})
    e.act({"advance": {"to": "declare_blockers"}})


def test_bushido_triggers_when_it_becomes_blocked() -> None:
    e = engine({"battlefield": [obj("dr", "Devoted Retainer")]},
               {"battlefield": [obj("b", "Grizzly Bears")]})
    _to_blocks(e, {"dr": "p2"})
    assert _pt(e, "dr") == (1, 1)
    e.act({"declare_blockers": {"player": "p2", "blocks": {"b": "dr"}}})
    e.act(RESOLVE)
    assert _pt(e, "dr") == (2, 2)


def test_bushido_triggers_when_it_blocks_and_not_when_unblocked() -> None:
    e = engine({"battlefield": [obj("b", "Grizzly Bears"), obj("b2", "Grizzly Bears")]},
               {"battlefield": [obj("dr", "Devoted Retainer")]})
    _to_blocks(e, {"b": "p2", "b2": "p2"})
    e.act({"declare_blockers": {"player": "p2", "blocks": {"dr": "b"}}})
    e.act(RESOLVE)
    assert _pt(e, "dr") == (2, 2)
    e = engine({"battlefield": [obj("dr", "Devoted Retainer")]}, {})
    _to_blocks(e, {"dr": "p2"})
    e.act({"declare_blockers": {"player": "p2", "blocks": {}}})
    e.act(RESOLVE)
    assert _pt(e, "dr") == (1, 1)


def _in_blocks(p1: dict[str, Any], p2: dict[str, Any]) -> ReferenceEngine:
    e = ReferenceEngine()
    e.setup("unit", {"active_player": "p1", "step": "declare_blockers", "turn": 3,
                     "players": {"p1": p1, "p2": p2}})
    return e


def test_attacking_creatures_gain_first_strike() -> None:
    e = _in_blocks({"mana": "{1}{R}", "hand": [obj("hr", "Headlong Rush")],
                    "battlefield": [obj("a", "Grizzly Bears", attacking="p2"),
                                    obj("home", "Grizzly Bears")]},
                   {"battlefield": [obj("b", "Grizzly Bears", blocking="a")]})
    e.act(cast("hr"))
    e.act(RESOLVE)
    objs = e.observe().state["objects"]
    assert "first strike" in objs["a"]["keywords"]
    assert "first strike" not in objs["home"]["keywords"]
    assert "first strike" not in objs["b"]["keywords"]


def test_blocking_creatures_get_the_bonus_whoever_controls_them() -> None:
    e = _in_blocks({"battlefield": [obj("a", "Grizzly Bears", attacking="p2")]},
                   {"mana": "{1}{W}{W}", "hand": [obj("hl", "Hold the Line")],
                    "battlefield": [obj("b", "Grizzly Bears", blocking="a"),
                                    obj("idle", "Grizzly Bears")]})
    e.act({"pass_priority": {"player": "p1"}})
    e.act({"cast": {"player": "p2", "object": "hl", "targets": []}})
    e.act(RESOLVE)
    assert _pt(e, "b") == (9, 9) and _pt(e, "idle") == (2, 2) and _pt(e, "a") == (2, 2)


def test_each_exalted_instance_pumps_the_creature_attacking_alone() -> None:
    e = engine({"battlefield": [obj("sq", "Akrasan Squire"), obj("av", "Aven Squire"),
                                obj("b", "Grizzly Bears")]},
               {"battlefield": [obj("opp", "Akrasan Squire")]})
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"b": "p2"}}})
    e.act({"choose": {"choice": "trigger_order", "order": [
        {"source": "sq", "ability": "exalted"}, {"source": "av", "ability": "exalted"}]}})
    e.act(RESOLVE)
    assert _pt(e, "b") == (4, 4)  # two instances of its controller's; not the opponent's
    assert _pt(e, "sq") == (1, 1) and _pt(e, "opp") == (1, 1)


def test_exalted_does_not_trigger_for_two_attackers() -> None:
    e = engine({"battlefield": [obj("sq", "Akrasan Squire"), obj("b", "Grizzly Bears"),
                                obj("b2", "Grizzly Bears")]})
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"b": "p2", "b2": "p2"}}})
    assert e.observe().state["stack"] == []
    assert _pt(e, "b") == (2, 2)


def test_renown_triggers_once_and_only_if_not_renowned() -> None:
    e = ReferenceEngine()
    e.setup("unit", {"active_player": "p1", "step": "declare_blockers", "turn": 3,
                     "players": {"p1": {"battlefield": [
                         obj("tf", "Topan Freeblade", attacking="p2",
                             keywords=["double strike"])]}, "p2": {}}})
    e.act({"advance": {"to": "first_strike_damage"}})
    e.act(RESOLVE)
    assert e.observe().state["objects"]["tf"]["counters"] == {"+1/+1": 1}
    e.act({"advance": {"to": "end_of_combat"}})
    e.act(RESOLVE)
    obs = e.observe()
    assert obs.state["objects"]["tf"]["counters"] == {"+1/+1": 1}  # renowned: no trigger
    assert sum(ev["type"] == "triggered" and ev["ability"] == "renown"
               for ev in obs.events) == 1
    assert obs.state["players"]["p2"]["life"] == 20 - 2 - 3


def test_other_creatures_you_control_but_not_the_source() -> None:
    e = engine({"mana": "{5}{W}", "battlefield": [obj("ws", "War Screecher"),
                                                    obj("b", "Grizzly Bears")]},
               {"battlefield": [obj("b2", "Grizzly Bears")]})
    e.act({"activate": {"player": "p1", "object": "ws", "ability": 0}})
    e.act(RESOLVE)
    assert _pt(e, "b") == (3, 3) and _pt(e, "ws") == (1, 3) and _pt(e, "b2") == (2, 2)


def test_other_creatures_of_a_spell_is_refused() -> None:
    from conformance.reference.cards import refused_cards

    assert "'Other creatures you control' in a spell's text" in refused_cards()[
        "In Oketra's Name"]
