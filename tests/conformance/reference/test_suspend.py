"""The reference engine's suspend (conformance/reference/suspend.py, rules 116.2f, 702.62):
the special action, its refusals, the two triggers, the cast without paying the mana cost, and
rule 118.6 (a card with no mana cost is not cast by paying it)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from conformance.cases_io import load_cases
from conformance.engines.protocol import EngineInfo
from conformance.errors import EngineReportedError
from conformance.reference.cards import cards_saying, load_cards
from conformance.reference.engine import ReferenceEngine
from conformance.runner import RunOptions, run_cases

LIBRARY = [{"id": f"l{i}", "card": "Island"} for i in range(3)]
LIBRARY2 = [{"id": f"m{i}", "card": "Island"} for i in range(3)]


def _engine(p1: dict[str, Any], p2: dict[str, Any] | None = None, *, active: str = "p1",
            step: str = "precombat_main") -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("t/suspend", {"active_player": active, "step": step, "turn": 3,
                               "players": {"p1": {"library": LIBRARY, **p1},
                                           "p2": {"library": LIBRARY2, **(p2 or {})}}})
    return engine


def _obj(engine: ReferenceEngine, oid: str) -> dict[str, Any]:
    return engine.observe().state["objects"][oid]


def _events(engine: ReferenceEngine, etype: str) -> list[dict[str, Any]]:
    return [e for e in engine.observe().events if e["type"] == etype]


def test_suspend_lines_are_read_and_the_cards_built():
    cards = load_cards()
    assert cards["Rift Bolt"].faces[0].text.suspend == (1, "{R}")
    assert cards["Ancestral Vision"].faces[0].text.suspend == (4, "{U}")
    named = [n for n in cards_saying("Suspend") if n in cards]  # not all ~7,000 cards
    assert sum(1 for n in named if len(cards[n].faces) == 1
               and cards[n].faces[0].text.suspend is not None) >= 20


def test_suspending_exiles_face_up_with_counters_keeps_priority_and_casts_nothing():
    engine = _engine({"mana": "{R}", "hand": [{"id": "rb", "card": "Rift Bolt"}]})
    engine.act({"suspend": {"player": "p1", "object": "rb"}})
    rb = _obj(engine, "rb")
    assert rb["zone"] == "exile" and rb["counters"] == {"time": 1}
    assert "face_down" not in rb  # exiled face up
    assert not _events(engine, "cast") and engine.observe().state["stack"] == []
    assert engine.priority == "p1"


@pytest.mark.parametrize(("p1", "active", "step", "match"), [
    ({"mana": "{R}", "hand": [{"id": "rb", "card": "Lightning Bolt"}]}, "p1", "precombat_main",
     "not a card with suspend"),
    ({"mana": "{R}", "graveyard": [{"id": "rb", "card": "Rift Bolt"}]}, "p1", "precombat_main",
     "not a card with suspend"),
    ({"hand": [{"id": "rb", "card": "Rift Bolt"}]}, "p1", "precombat_main", "cannot pay"),
    ({"mana": "{R}", "hand": [{"id": "rb", "card": "Rift Bolt"}]}, "p1", "upkeep",
     "could begin to cast it"),
])
def test_suspending_is_refused_when_the_rules_do_not_allow_it(p1, active, step, match):
    engine = _engine(p1, active=active, step=step)
    with pytest.raises(EngineReportedError, match=match) as err:
        engine.act({"suspend": {"player": "p1", "object": "rb"}})
    assert err.value.kind == "illegal_action"


def test_a_card_with_flash_is_suspended_in_the_upkeep():
    """Suspend follows the card's timing (702.62a): Errant Ephemeron (a creature, sorcery
    timing) is refused in the upkeep; with flash (an outside effect) it is suspended."""
    ephemeron = {"id": "ee", "card": "Errant Ephemeron"}
    face = load_cards()["Errant Ephemeron"].faces[0]
    engine = _engine({"mana": "{1}{U}", "hand": [ephemeron]}, step="upkeep")
    assert not engine.suspend_permitted(face, "p1")
    flash = replace(face, text=replace(face.text, keywords=face.text.keywords | {"flash"}))
    assert engine.suspend_permitted(flash, "p1")


def test_the_upkeep_trigger_is_its_owners_only_and_the_last_counter_casts_it():
    engine = _engine({"mana": "{R}", "hand": [{"id": "rb", "card": "Rift Bolt"}]},
                     {"battlefield": [{"id": "bears", "card": "Grizzly Bears"}]})
    engine.act({"suspend": {"player": "p1", "object": "rb"}})
    engine.act({"advance": {"to": "upkeep", "next_turn": True}})  # p2's upkeep: nothing
    assert engine.observe().state["stack"] == []
    engine.act({"advance": {"to": "upkeep", "next_turn": True}})  # p1's upkeep
    assert [s["ability"] for s in engine.observe().state["stack"]] == ["suspend_upkeep"]
    engine.act({"resolve_top": {}})
    assert [s["ability"] for s in engine.observe().state["stack"]] == ["suspend_cast"]
    engine.act({"resolve_top": {}})
    engine.act({"choose": {"choice": "targets", "source": "rb", "targets": ["bears"]}})
    assert _obj(engine, "rb")["zone"] == "stack" and _obj(engine, "rb")["targets"] == ["bears"]
    engine.act({"resolve_top": {}})
    assert _obj(engine, "bears")["zone"] == "graveyard"


def test_with_no_legal_target_the_card_stays_exiled_without_counters():
    engine = _engine({"mana": "{1}{R}{R}",
                      "hand": [{"id": "sm", "card": "Shivan Meteor"}]})
    engine.act({"suspend": {"player": "p1", "object": "sm"}})
    engine.act({"remove_counters": {"object": "sm", "counter": "time", "n": 2}})
    engine.act({"resolve_top": {}})
    sm = _obj(engine, "sm")
    assert sm["zone"] == "exile" and sm["counters"] == {}
    assert not _events(engine, "cast") and engine._pending is None


def test_a_creature_cast_by_suspend_has_haste():
    engine = _engine({"mana": "{1}{U}", "hand": [{"id": "ee", "card": "Errant Ephemeron"}]})
    engine.act({"suspend": {"player": "p1", "object": "ee"}})
    engine.act({"remove_counters": {"object": "ee", "counter": "time", "n": 4}})
    engine.act({"resolve_stack": {}})
    assert _obj(engine, "ee")["zone"] == "battlefield"
    assert "haste" in _obj(engine, "ee")["keywords"]


def test_a_card_with_no_mana_cost_is_not_cast_from_a_hand():
    """Rule 118.6 (regression: Ancestral Vision was cast for nothing before)."""
    engine = _engine({"hand": [{"id": "av", "card": "Ancestral Vision"}]})
    with pytest.raises(EngineReportedError, match="no mana cost") as err:
        engine.act({"cast": {"player": "p1", "object": "av", "targets": ["p1"]}})
    assert err.value.kind == "illegal_action"


class ReferenceWithoutSuspend(ReferenceEngine):
    """The reference engine declaring every action but ``suspend``."""

    def info(self) -> EngineInfo:
        base = super().info()
        return replace(base, actions=base.actions - {"suspend"})


def test_a_case_that_suspends_is_never_sent_to_an_engine_without_the_action():
    from conformance.cases_io import CASES_DIR

    case, = load_cases([CASES_DIR / "rift-bolt" / "mined-suspend-not-cast.yaml"])
    assert "suspend" in case.needs.actions
    run = run_cases([case], "test_suspend:ReferenceWithoutSuspend", RunOptions())
    result, = run.results
    assert result.status == "unsupported" and result.duration == 0.0
    assert "actions not supported (protocol 2): suspend" in (result.message or "")


def test_a_spell_that_suspends_itself_is_exiled_with_time_counters_as_it_resolves():
    """Arc Blade: "Exile CARDNAME with three time counters on it." after its damage; suspended,
    its owner's upkeep trigger then removes a counter."""
    engine = _engine({"mana": "{3}{R}{R}", "hand": [{"id": "ab", "card": "Arc Blade"}]})
    engine.act({"cast": {"player": "p1", "object": "ab", "targets": ["p2"]}})
    engine.act({"resolve_top": {}})
    ab = _obj(engine, "ab")
    assert ab["zone"] == "exile" and ab["counters"] == {"time": 3}
    assert engine.observe().state["players"]["p2"]["life"] == 18
    engine.act({"advance": {"to": "upkeep", "next_turn": True}})
    engine.act({"advance": {"to": "upkeep", "next_turn": True}})
    assert [s["ability"] for s in engine.observe().state["stack"]] == ["suspend_upkeep"]


def test_a_self_suspending_spell_that_does_not_resolve_goes_to_the_graveyard():
    """Arc Blade's ruling: with its target illegal it doesn't resolve, and is not exiled."""
    engine = _engine({"mana": "{3}{R}{R}{R}", "hand": [{"id": "ab", "card": "Arc Blade"},
                                                       {"id": "bolt", "card": "Lightning Bolt"}]},
                     {"battlefield": [{"id": "bears", "card": "Grizzly Bears"}]})
    engine.act({"cast": {"player": "p1", "object": "ab", "targets": ["bears"]}})
    engine.act({"cast": {"player": "p1", "object": "bolt", "targets": ["bears"]}})
    engine.act({"resolve_stack": {}})
    assert _obj(engine, "ab")["zone"] == "graveyard" and _obj(engine, "ab")["counters"] == {}
