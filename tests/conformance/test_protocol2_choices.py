"""Protocol 2 choices: ``choose`` may, cards, targets by source and ability,
damage_assignment_order and damage_assignment; ``lose_abilities`` and ``trigger_order``
``{source, ability}`` items made normative (SPEC.md, "choose (protocol 2)")."""

from __future__ import annotations

import dataclasses
import sys

import pytest
from conformance_testlib import (
    assert_reference_passes_and_mutant_fails,
    lint_error_on_line,
    planted_action,
    suite_case,
)

from conformance.engines.protocol import V1_CHOICES, V2_ACTIONS, V2_CHOICES
from conformance.errors import EngineReportedError
from conformance.reference.engine import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import RunOptions, execute_case, run_cases

NEW_CASES = {
    "aven-fisher/declining-you-may-draw-draws-nothing":
        ("declined_may_happens", "may",
         ["events_absent[0]", "state.zones.island"]),
    "deadly-visit/surveil-keeps-the-rest-on-top-in-the-chosen-order":
        ("surveil_order_ignored", "cards", ["state.zones.swamp", "state.zones.island"]),
    "marker-beetles/targets-of-ordered-triggers-are-chosen-as-each-goes-on-the-stack":
        ("trigger_targets_in_trigger_order", None, []),
    "craw-wurm/damage-is-assigned-in-the-announced-damage-assignment-order":
        ("damage_order_ignored", "damage_assignment", []),
    "craw-wurm/a-blocker-is-assigned-damage-only-after-those-ahead-of-it-are-assigned-lethal":
        ("lethal_first_not_required", "damage_assignment",
         ["error", "events_absent[0]", "state.zones.bears", "state.zones.wurm"]),
    "serra-angel/abilities-gained-after-losing-all-abilities-are-kept":
        ("ability_loss_applies_last", None, ["state.objects.angel"]),
    "history-of-benalia/chapters-of-one-saga-go-on-the-stack-in-the-chosen-order":
        ("trigger_order_ignored", None,
         ["actions[2].check.events[3]", "actions[2].check.state.stack"]),
}
"""Case id -> (the mutant it kills, a protocol-2 choice it needs, the mismatches' ``where``;
empty when the mutant makes the case an engine error rather than a failure)."""


@pytest.mark.parametrize("case_id", sorted(NEW_CASES))
def test_each_new_case_passes_on_the_reference_and_kills_its_mutant(case_id):
    mutant, _choice, where = NEW_CASES[case_id]
    case = suite_case(case_id)
    assert case.provenance["source"] == "hand-written"
    assert_reference_passes_and_mutant_fails(case, mutant, where)


def test_the_mutants_live_in_their_own_module():
    from conformance.reference.choice_mutants import CHOICE_MUTANTS

    assert set(CHOICE_MUTANTS) == {m for m, _c, _w in NEW_CASES.values()} - {
        "trigger_order_ignored"} | {  # and those of test_protocol2_cards.py
        "scry_bottom_ignored", "search_must_find", "discard_not_chosen", "bottom_order_ignored"}
    assert all(MUTANTS[name] is cls for name, cls in CHOICE_MUTANTS.items())


def test_the_engine_error_mutants_fail_on_the_named_decision():
    marker = suite_case("marker-beetles/targets-of-ordered-triggers-are-chosen-as-each-goes-on-"
                   "the-stack")
    result = execute_case(MUTANTS["trigger_targets_in_trigger_order"](), marker, 10.0)
    assert "unused_answer" in (result.message or "") and "beetles_a's dies" in result.message
    wurm = suite_case("craw-wurm/damage-is-assigned-in-the-announced-damage-assignment-order")
    result = execute_case(MUTANTS["damage_order_ignored"](), wurm, 10.0)
    assert "illegal_action" in (result.message or "") and "510.1c" in result.message


def test_protocol2_declares_the_new_kinds_and_a_protocol1_engine_gets_unsupported():
    assert {"may", "cards", "damage_assignment_order", "damage_assignment"} <= V2_CHOICES
    assert not {"may", "cards", "damage_assignment_order"} & V1_CHOICES
    assert "lose_abilities" in V2_ACTIONS
    assert ReferenceEngine().info().choices == V2_CHOICES
    cases = [suite_case(cid) for cid in sorted(NEW_CASES)]
    results = {r.id: r for r in run_cases(cases, "toy:ToyEngine", RunOptions()).results}
    for cid, (_m, choice, _w) in NEW_CASES.items():
        if choice is not None:
            assert results[cid].status == "unsupported"
            assert f"choices not supported (protocol 1): {choice}" in (
                results[cid].message or "")
    angel = results["serra-angel/abilities-gained-after-losing-all-abilities-are-kept"]
    assert "actions not supported (protocol 1): check, lose_abilities" in (angel.message or "")


def test_the_stdio_server_passes_the_new_choices():
    spec = f"cmd:{sys.executable} -m conformance.engines.serve reference"
    cases = [suite_case(cid) for cid in sorted(NEW_CASES)]
    run = run_cases(cases, spec, RunOptions())
    assert run.engine.protocol == 2
    assert {r.id: r.status for r in run.results} == dict.fromkeys(NEW_CASES, "pass")


# --- strict scripting ------------------------------------------------------------------------

def _fisher_game() -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("t/may", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                           "players": {"p1": {"mana": "{R}", "library": [{"id": "i", "card": "Island"}],
                                              "hand": [{"id": "bolt", "card": "Lightning Bolt"}],
                                              "battlefield": [{"id": "f", "card": "Aven Fisher"}]},
                                       "p2": {}}})
    engine.act({"cast": {"player": "p1", "object": "bolt", "targets": ["f"]}})
    engine.act({"resolve_stack": {}})
    return engine


def test_an_unanswered_may_is_refused_and_an_accepted_one_draws():
    engine = _fisher_game()
    with pytest.raises(EngineReportedError, match="unanswered_choice.*'may'"):
        engine.observe()
    with pytest.raises(EngineReportedError, match="unused_answer"):
        engine.act({"choose": {"choice": "cards", "cards": []}})
    engine = _fisher_game()
    with pytest.raises(EngineReportedError, match="unused_answer.*f's dies"):
        engine.act({"choose": {"choice": "may", "source": "f", "ability": "enters",
                               "accept": True}})
    engine = _fisher_game()
    engine.act({"choose": {"choice": "may", "accept": True}})
    assert engine.observe().state["objects"]["i"]["zone"] == "hand"
    with pytest.raises(EngineReportedError, match="unused_answer"):
        engine.act({"choose": {"choice": "may", "accept": True}})


def test_a_damage_assignment_for_another_attacker_is_an_unused_answer():
    engine = ReferenceEngine()
    engine.setup("t/dmg", {"active_player": "p1", "step": "declare_blockers", "turn": 3,
                           "players": {"p1": {"battlefield": [
                               {"id": "w", "card": "Craw Wurm", "attacking": "p2"}]},
                               "p2": {"battlefield": [
                                   {"id": "b", "card": "Grizzly Bears", "blocking": "w"},
                                   {"id": "g", "card": "Hill Giant", "blocking": "w"}]}}})
    engine.act({"advance": {"to": "combat_damage"}})
    with pytest.raises(EngineReportedError, match="unused_answer.*w's assignment"):
        engine.act({"choose": {"choice": "damage_assignment", "attacker": "b",
                               "assignment": {"g": 6}}})


def test_setup_blockers_keep_the_listed_order_and_trample_reaches_the_player_last():
    engine = ReferenceEngine()
    engine.setup("t/trample", {"active_player": "p1", "step": "declare_blockers", "turn": 3,
                               "players": {"p1": {"battlefield": [
                                   {"id": "w", "card": "Craw Wurm", "attacking": "p2",
                                    "keywords": ["trample"]}]},
                                   "p2": {"battlefield": [
                                       {"id": "b", "card": "Grizzly Bears", "blocking": "w"},
                                       {"id": "g", "card": "Hill Giant", "blocking": "w"}]}}})
    engine.act({"advance": {"to": "combat_damage"}})
    engine.act({"choose": {"choice": "damage_assignment", "attacker": "w",
                           "assignment": {"b": 2, "g": 3, "p2": 1}}})
    state = engine.observe().state
    assert state["players"]["p2"]["life"] == 19
    assert state["objects"]["b"]["zone"] == state["objects"]["g"]["zone"] == "graveyard"


# --- lint ------------------------------------------------------------------------------------

@pytest.mark.parametrize("action, message", [
    ("  - choose: {choice: may}\n", "'accept' is a required property"),
    ("  - choose: {choice: may, accept: yes please}\n", "is not of type 'boolean'"),
    ("  - choose: {choice: may, accept: true, source: fisher}\n",
     "action 1 refers to unknown object 'fisher'"),
    ("  - choose: {choice: may, accept: true, order: [bolt]}\n", "'order' is not one of"),
    ("  - choose: {choice: cards}\n", "'cards' is a required property"),
    ("  - choose: {choice: cards, cards: [island]}\n",
     "action 1 refers to unknown object 'island'"),
    ("  - choose: {choice: cards, cards: [bolt], order: [{source: bolt, ability: x}]}\n",
     "actions/1/choose/order/0"),
    ("  - choose: {choice: surveil, graveyard: [bolt]}\n", "'surveil' is not one of"),
    ("  - choose: {choice: targets, source: beetles, targets: [p2]}\n",
     "action 1 refers to unknown object 'beetles'"),
    ("  - choose: {choice: targets, ability: '', targets: [p2]}\n", "should be non-empty"),
    ("  - choose: {choice: trigger_order, order: [{source: bolt}]}\n",
     "actions/1/choose/order/0"),
    ("  - choose: {choice: trigger_order, order: [{source: saga, ability: chapter_I}]}\n",
     "action 1 refers to unknown object 'saga'"),
    ("  - choose: {choice: damage_assignment_order, order: [bolt]}\n",
     "'attacker' is a required property"),
    ("  - choose: {choice: damage_assignment_order, attacker: wurm, order: [bolt]}\n",
     "action 1 refers to unknown object 'wurm'"),
    ("  - choose: {choice: damage_assignment, attacker: bolt}\n",
     "'assignment' is a required property"),
    ("  - choose: {choice: damage_assignment, attacker: bolt, assignment: {bears: 2}}\n",
     "action 1 refers to unknown object 'bears'"),
    ("  - choose: {choice: damage_assignment, attacker: bolt, assignment: {p2: -1}}\n",
     "actions/1/choose/assignment/p2"),
    ("  - choose: {choice: new_targets, source: twin, targets: null}\n",
     "action 1 refers to unknown object 'twin'"),
    ("  - choose: {choice: new_targets, ability: copy, targets: null}\n",
     "'ability' is not one of"),
    ("  - lose_abilities: {}\n", "'object' is a required property"),
    ("  - lose_abilities: {object: angel}\n", "action 1 refers to unknown object 'angel'"),
], ids=["may-no-accept", "may-not-bool", "may-unknown-source", "may-foreign-field",
        "cards-none", "cards-unknown", "cards-order-mapping", "surveil-kind-gone",
        "targets-unknown-source", "targets-empty-ability", "trigger-order-no-ability",
        "trigger-order-unknown-source", "order-no-attacker", "order-unknown-attacker",
        "assignment-missing", "assignment-unknown", "assignment-negative",
        "new-targets-unknown-source", "new-targets-foreign-field",
        "lose-abilities-no-object", "lose-abilities-unknown"])
def test_lint_places_a_misused_choice_on_its_line(tmp_path, action, message):
    root, f = planted_action(tmp_path, action)
    lint_error_on_line(root, f, message, action.split(":")[0].strip(" -"))


@pytest.mark.parametrize("source, status", [("bolt", "pass"), ("coop", "error")])
def test_new_targets_may_name_the_copied_spell(source, status):
    """*(protocol 2)* ``new_targets`` may name the spell copied (its ``copy_created`` ``of``);
    naming another answers nothing pending."""
    case = suite_case("refuse-cooperate/a-copy-is-not-cast")
    actions = [{"choose": {**a["choose"], "source": source}} if "choose" in a else a
               for a in case.actions]
    result = execute_case(ReferenceEngine(), dataclasses.replace(case, actions=actions), 10.0)
    assert result.status == status, result.message
    if status == "error":
        assert "unused_answer" in (result.message or "") and "copy of bolt" in result.message

