"""A suspended card's "When the last time counter is removed from CARDNAME while it's exiled,
..." (conformance/reference/oracle_suspended.py, suspend_triggers.py; rule 702.62a: it triggers
beside suspend's cast trigger, its owner orders them, 603.3b), and the effects of those cards:
"Creatures can't be blocked this turn." (Veiling Oddity) and "Until your next turn, creatures
can't attack you." (Chronomantic Escape) (block_restrictions.py; 508.1c, 509.1b)."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import EngineReportedError
from conformance.reference.engine import ReferenceEngine

LAST = "last_time_counter_removed"


def _engine(p1: dict[str, Any], p2: dict[str, Any] | None = None, *,
            active: str = "p1") -> ReferenceEngine:
    players = {"p1": p1, "p2": p2 or {}}
    for pid, pdata in players.items():
        pdata["library"] = [{"id": f"{pid}l{i}", "card": "Island"} for i in range(4)]
    engine = ReferenceEngine()
    engine.setup("t/last", {"active_player": active, "step": "precombat_main", "turn": 3,
                            "players": players})
    return engine


def _exiled(card: str, time: int = 1) -> dict[str, Any]:
    return {"exile": [{"id": "sus", "card": card, "counters": {"time": time}}]}


def _order(engine: ReferenceEngine, bottom: str, top: str) -> None:
    assert engine._pending is not None and engine._pending[1].kind == "trigger_order"
    engine.act({"choose": {"choice": "trigger_order",
                           "order": [{"source": "sus", "ability": bottom},
                                     {"source": "sus", "ability": top}]}})


def _stack(engine: ReferenceEngine) -> list[str | None]:
    return [s.get("ability") for s in engine.observe().state["stack"]]


def test_the_last_counter_triggers_the_knight_beside_suspends_cast_trigger():
    engine = _engine(_exiled("Riftmarked Knight"))
    engine.act({"remove_counters": {"object": "sus", "counter": "time", "n": 1}})
    _order(engine, "suspend_cast", LAST)
    assert _stack(engine) == ["suspend_cast", LAST]
    engine.act({"resolve_top": {}})  # a 2/2 black Knight token with its keywords
    tokens = [o for o in engine.observe().state["objects"].values()
              if o.get("card") == "Knight Token"]
    assert len(tokens) == 1 and tokens[0]["zone"] == "battlefield"
    assert {"flanking", "protection from white", "haste"} <= set(tokens[0]["keywords"])
    assert (tokens[0]["power"], tokens[0]["toughness"], tokens[0]["colors"]) == (2, 2, ["B"])
    engine.act({"resolve_stack": {}})
    assert engine.observe().state["objects"]["sus"]["zone"] == "battlefield"


def test_a_counter_that_is_not_the_last_does_not_trigger_it():
    engine = _engine(_exiled("Riftmarked Knight", 3))
    engine.act({"remove_counters": {"object": "sus", "counter": "time", "n": 2}})
    assert _stack(engine) == [] and engine._pending is None


def test_the_last_counter_removed_by_suspends_upkeep_trigger_triggers_it_too():
    engine = _engine(_exiled("Riftmarked Knight"), active="p2")
    engine.act({"advance": {"to": "upkeep", "next_turn": True}})
    engine.act({"resolve_top": {}})  # suspend_upkeep removes the last counter
    _order(engine, LAST, "suspend_cast")
    assert _stack(engine) == [LAST, "suspend_cast"]


def test_veiling_oddity_makes_every_creature_unblockable_this_turn():
    engine = _engine({**_exiled("Veiling Oddity"),
                      "battlefield": [{"id": "bears", "card": "Grizzly Bears"}]},
                     {"battlefield": [{"id": "b2", "card": "Grizzly Bears"}]})
    engine.act({"remove_counters": {"object": "sus", "counter": "time", "n": 1}})
    _order(engine, "suspend_cast", LAST)
    engine.act({"resolve_top": {}})  # creatures can't be blocked this turn
    engine.act({"resolve_stack": {}})  # the Oddity is cast and resolves
    engine.act({"advance": {"to": "declare_attackers"}})
    engine.act({"declare_attackers": {"player": "p1", "attackers": {"bears": "p2"}}})
    engine.act({"advance": {"to": "declare_blockers"}})
    with pytest.raises(EngineReportedError, match="illegal_action"):
        engine.act({"declare_blockers": {"player": "p2", "blocks": {"b2": "bears"}}})


def test_without_veiling_oddity_the_block_is_legal():
    engine = _engine({"battlefield": [{"id": "bears", "card": "Grizzly Bears"}]},
                     {"battlefield": [{"id": "b2", "card": "Grizzly Bears"}]})
    engine.act({"advance": {"to": "declare_attackers"}})
    engine.act({"declare_attackers": {"player": "p1", "attackers": {"bears": "p2"}}})
    engine.act({"advance": {"to": "declare_blockers"}})
    engine.act({"declare_blockers": {"player": "p2", "blocks": {"b2": "bears"}}})
    assert engine.observe().state["objects"]["b2"]["blocking"] == "bears"


def test_chronomantic_escape_stops_attacks_on_its_caster_until_their_next_turn():
    engine = _engine({"hand": [{"id": "ce", "card": "Chronomantic Escape"}], "mana": "{4}{W}{W}"},
                     {"battlefield": [{"id": "b2", "card": "Grizzly Bears"}]})
    engine.act({"cast": {"player": "p1", "object": "ce"}})
    engine.act({"resolve_stack": {}})
    ce = engine.observe().state["objects"]["ce"]
    assert ce["zone"] == "exile" and ce["counters"] == {"time": 3}
    engine.act({"advance": {"to": "declare_attackers", "next_turn": True}})  # p2's turn
    with pytest.raises(EngineReportedError, match="can't attack p1"):
        engine.act({"declare_attackers": {"player": "p2", "attackers": {"b2": "p1"}}})
    engine.act({"advance": {"to": "upkeep", "next_turn": True}})  # p1's next turn: it ends
    engine.act({"resolve_stack": {}})
    engine.act({"advance": {"to": "declare_attackers", "next_turn": True}})
    engine.act({"declare_attackers": {"player": "p2", "attackers": {"b2": "p1"}}})
    assert engine.observe().state["objects"]["b2"]["attacking"] == "p1"
