"""The reference engine's madness, dash, evoke and foretell (conformance/reference/alt_costs.py):
the rules beyond the hand-written cases, what it refuses, and the cards it builds with them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from conformance.cases_io import CASES_DIR, load_cases
from conformance.engines.protocol import EngineInfo
from conformance.errors import EngineReportedError
from conformance.reference.engine import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import RunOptions, execute_case, run_cases


def _engine(p1: dict[str, Any], p2: dict[str, Any] | None = None, *, active: str = "p1",
            step: str = "precombat_main") -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("t/alt-costs", {"active_player": active, "step": step, "turn": 3,
                                 "players": {"p1": p1, "p2": p2 or {}}})
    return engine


def _zones(engine: ReferenceEngine) -> dict[str, str]:
    return {oid: ob["zone"] for oid, ob in engine.observe().state["objects"].items()}


def _pending(engine: ReferenceEngine) -> tuple[str, dict[str, Any]] | None:
    pending = engine._pending
    return None if pending is None else (pending[1].kind, pending[1].detail)


# --- madness ----------------------------------------------------------------------------------


def test_declining_madness_puts_the_card_into_the_graveyard():
    engine = _engine({"mana": "{B}{4}", "hand": [{"id": "waste", "card": "Waste Away"},
                                                 {"id": "wurm", "card": "Arrogant Wurm"}]},
                     {"battlefield": [{"id": "bears", "card": "Grizzly Bears"}]})
    engine.act({"cast": {"player": "p1", "object": "waste", "targets": ["bears"],
                         "costs": {"discard": ["wurm"]}}})
    assert _zones(engine)["wurm"] == "exile"
    engine.act({"resolve_top": {}})
    assert _pending(engine) == ("may", {"player": "p1", "source": "wurm", "ability": "madness"})
    engine.act({"choose": {"choice": "may", "source": "wurm", "ability": "madness",
                           "accept": False}})
    assert _zones(engine)["wurm"] == "graveyard"
    assert [s["card"] for s in engine.observe().state["stack"]] == ["Waste Away"]


def test_a_discard_by_an_effect_exiles_a_madness_card_too():
    """Mind Rot makes p1 discard their whole hand (two cards, no choice): the madness card is
    exiled and its trigger is p1's, the other card goes to the graveyard."""
    engine = _engine({"hand": [{"id": "wurm", "card": "Arrogant Wurm"},
                               {"id": "isl", "card": "Island"}]},
                     {"mana": "{B}{2}", "hand": [{"id": "rot", "card": "Mind Rot"}]}, active="p2")
    engine.act({"cast": {"player": "p2", "object": "rot", "targets": ["p1"]}})
    engine.act({"resolve_top": {}})
    assert _zones(engine)["wurm"] == "exile" and _zones(engine)["isl"] == "graveyard"
    stack = engine.observe().state["stack"]
    assert [(s["source"], s["ability"], s["controller"]) for s in stack] == [
        ("wurm", "madness", "p1")]


def test_a_madness_spell_with_a_target_asks_for_it_naming_the_card():
    engine = _engine({"mana": "{B}{R}{4}", "hand": [{"id": "waste", "card": "Waste Away"},
                                                    {"id": "temper", "card": "Fiery Temper"}]},
                     {"battlefield": [{"id": "bears", "card": "Grizzly Bears"}]})
    engine.act({"cast": {"player": "p1", "object": "waste", "targets": ["bears"],
                         "costs": {"discard": ["temper"]}}})
    engine.act({"resolve_top": {}})
    engine.act({"choose": {"choice": "may", "source": "temper", "ability": "madness",
                           "accept": True}})
    kind, detail = _pending(engine) or ("", {})
    assert kind == "targets" and detail["source"] == "temper"
    engine.act({"choose": {"choice": "targets", "source": "temper", "targets": ["p2"]}})
    state = engine.observe().state
    assert [s["card"] for s in state["stack"]] == ["Waste Away", "Fiery Temper"]
    assert state["players"]["p1"]["mana"] == ""  # {4}{B} and the madness cost {R}
    engine.act({"resolve_top": {}})
    assert engine.observe().state["players"]["p2"]["life"] == 17


def test_a_card_is_not_cast_for_its_madness_cost_by_a_cast_action():
    engine = _engine({"mana": "{G}{2}", "exile": [{"id": "wurm", "card": "Arrogant Wurm"}]})
    with pytest.raises(EngineReportedError, match="cannot be cast from the exile"):
        engine.act({"cast": {"player": "p1", "object": "wurm",
                             "costs": {"alternative": "madness"}}})


# --- dash and evoke -----------------------------------------------------------------------------


def test_a_creature_cast_for_its_mana_cost_neither_has_haste_nor_returns():
    engine = _engine({"mana": "{R}{R}", "hand": [{"id": "scout", "card": "Mardu Scout"}]})
    engine.act({"cast": {"player": "p1", "object": "scout"}})
    engine.act({"resolve_top": {}})
    assert engine.observe().state["objects"]["scout"]["keywords"] == []
    engine.act({"advance": {"to": "end"}})
    assert engine.observe().state["stack"] == [] and _zones(engine)["scout"] == "battlefield"


def test_a_creature_with_evoke_cast_for_its_mana_cost_is_not_sacrificed():
    engine = _engine({"mana": "{U}{4}", "hand": [{"id": "drifter", "card": "Mulldrifter"}],
                      "library": [{"id": f"l{i}", "card": "Island"} for i in range(3)]})
    engine.act({"cast": {"player": "p1", "object": "drifter"}})
    engine.act({"resolve_top": {}})  # one enters trigger: no trigger_order to choose
    stack = engine.observe().state["stack"]
    assert [(s["source"], s["ability"]) for s in stack] == [("drifter", "enters")]
    engine.act({"resolve_top": {}})
    assert _zones(engine)["drifter"] == "battlefield"
    assert not any(e["type"] == "sacrificed" for e in engine.observe().events)


def test_dash_and_evoke_are_cast_from_a_hand_only():
    engine = _engine({"mana": "{R}{1}", "graveyard": [{"id": "scout", "card": "Mardu Scout"}]})
    with pytest.raises(EngineReportedError, match="cannot be cast from the graveyard"):
        engine.act({"cast": {"player": "p1", "object": "scout", "costs": {"alternative": "dash"}}})


# --- foretell -----------------------------------------------------------------------------------


@pytest.mark.parametrize("p1, active, match", [
    ({"mana": "{2}", "hand": [{"id": "bolt", "card": "Lightning Bolt"}]}, "p1",
     "not a card with foretell"),
    ({"mana": "{1}", "hand": [{"id": "bolt", "card": "Demon Bolt"}]}, "p1", "cannot pay"),
    ({"mana": "{2}", "hand": [{"id": "bolt", "card": "Demon Bolt"}]}, "p2", "priority"),
    ({"mana": "{2}", "graveyard": [{"id": "bolt", "card": "Demon Bolt"}]}, "p1",
     "not a card with foretell"),
])
def test_foretelling_is_refused_when_the_rules_do_not_allow_it(p1, active, match):
    engine = _engine(p1, active=active)
    before = engine.observe()
    with pytest.raises(EngineReportedError, match=match) as info:
        engine.act({"foretell": {"player": "p1", "object": "bolt"}})
    assert info.value.kind == "illegal_action"
    assert engine.observe() == before


def test_foretelling_in_another_players_turn_is_refused_even_with_priority():
    engine = _engine({"mana": "{2}", "hand": [{"id": "bolt", "card": "Demon Bolt"}]},
                     active="p2")
    engine.act({"pass_priority": {"player": "p2"}})
    with pytest.raises(EngineReportedError, match="during its owner's turn"):
        engine.act({"foretell": {"player": "p1", "object": "bolt"}})


def test_a_card_exiled_face_down_otherwise_is_not_foretold():
    engine = _engine({"mana": "{R}", "exile": [{"id": "bolt", "card": "Demon Bolt",
                                                "face_down": True}]},
                     {"battlefield": [{"id": "bears", "card": "Grizzly Bears"}]})
    with pytest.raises(EngineReportedError, match="was not foretold"):
        engine.act({"cast": {"player": "p1", "object": "bolt", "targets": ["bears"]}})


def test_foretelling_keeps_priority_and_the_card_face_down():
    engine = _engine({"mana": "{2}", "hand": [{"id": "bolt", "card": "Demon Bolt"}]})
    engine.act({"foretell": {"player": "p1", "object": "bolt"}})
    state = engine.observe().state
    assert state["priority"] == "p1" and state["stack"] == []
    assert state["objects"]["bolt"]["zone"] == "exile" and state["objects"]["bolt"]["face_down"]


# --- the mutants not killed in test_protocol2_costs, and the cards built ------------------------


def test_the_dash_case_kills_the_mutant_without_haste():
    case, = load_cases([CASES_DIR / "mardu-scout" /
                        "dashed-it-has-haste-and-returns-to-hand-at-the-next-end-step.yaml"])
    assert execute_case(ReferenceEngine(), case, 10.0).status == "pass"
    assert execute_case(MUTANTS["dash_without_haste"](), case, 10.0).status in ("fail", "error")


def test_cards_with_madness_dash_evoke_foretell_are_built_from_their_lines():
    from conformance.reference.cards import load_cards, refused_cards

    cards, refused = load_cards(), refused_cards()
    assert cards["Arrogant Wurm"].faces[0].text.alternatives == (("madness", "{2}{G}"),)
    assert cards["Mardu Scout"].faces[0].text.alternatives == (("dash", "{1}{R}"),)
    assert cards["Mulldrifter"].faces[0].text.alternatives == (("evoke", "{2}{U}"),)
    assert cards["Demon Bolt"].faces[0].text.alternatives == (("foretell", "{R}"),)
    assert "Welcome to the Fold" in refused  # Madness {X}{U}{U}: an X in an alternative cost


class ReferenceWithoutForetell(ReferenceEngine):
    """The reference engine declaring every action but ``foretell``."""

    def info(self) -> EngineInfo:
        base = super().info()
        return replace(base, actions=base.actions - {"foretell"})


def test_a_case_that_foretells_is_never_sent_to_an_engine_without_the_action():
    case, = load_cases([CASES_DIR / "demon-bolt" /
                        "foretold-on-one-turn-cast-on-a-later-turn-for-its-foretell-cost.yaml"])
    assert "foretell" in case.needs.actions and case.needs.costs == {"foretell"}
    run = run_cases([case], "test_alt_costs:ReferenceWithoutForetell", RunOptions())
    result, = run.results
    assert result.status == "unsupported" and result.duration == 0.0
    assert "actions not supported (protocol 2): foretell" in (result.message or "")
