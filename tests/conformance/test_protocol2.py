"""Protocol 2: negotiation at ``start`` and the ``check`` action (SPEC.md, "Protocol 2")."""

from __future__ import annotations

from pathlib import Path

import pytest
from conformance_testlib import FEATURES, fake_cmd, lint_error_on_line, planted_action
from toy import ToyEngine

from conformance.case_lint import lint
from conformance.cases_io import CASES_DIR, load_cases
from conformance.engines.protocol import V1_ACTIONS, V1_CHOICES, EngineInfo
from conformance.engines.stdio import info_from_wire, info_to_wire
from conformance.errors import EngineReportedError, EngineStartError
from conformance.reference.engine import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import RunOptions, execute_case, run_cases

MID_GAME_CHECK = """  - check:
      state:
        stack: [Lightning Bolt]
        life: {p2: LIFE}
"""


class ToyV2(ToyEngine):
    """The toy engine speaking protocol 2 and declaring ``check``."""

    name = "toy-v2"
    ACTIONS = V1_ACTIONS | {"check"}

    def info(self) -> EngineInfo:
        base = super().info()
        return EngineInfo(name=self.name, version=base.version, protocol=2,
                          features=base.features, cards=base.cards,
                          actions=self.ACTIONS, choices=V1_CHOICES)


class ToyV2WithoutCheck(ToyV2):
    """Protocol 2, but ``check`` not declared."""

    name = "toy-v2-nocheck"
    ACTIONS = V1_ACTIONS


def _suite_with_check(tmp_path: Path, life: int) -> Path:
    root, f = planted_action(tmp_path, MID_GAME_CHECK.replace("LIFE", str(life)))
    assert not [p for p in lint([root], features_file=FEATURES) if p.severity == "error"]
    return root


def _run(root: Path, spec: str):
    cases = [c for c in load_cases([root]) if c.id == "lightning-bolt/face"]
    return run_cases(cases, spec, RunOptions()).results[0]


@pytest.mark.parametrize("spec, missing", [
    ("toy:ToyEngine", "actions not supported (protocol 1): check"),
    ("test_protocol2:ToyV2WithoutCheck", "actions not supported (protocol 2): check"),
])
def test_a_case_needing_an_undeclared_action_is_unsupported_and_never_sent(tmp_path, spec,
                                                                             missing):
    result = _run(_suite_with_check(tmp_path, 20), spec)
    assert result.status == "unsupported"
    assert missing in (result.message or "")
    assert result.duration == 0.0  # never sent: no setup, no action


def test_a_protocol1_engine_supports_exactly_the_v1_actions_whatever_it_declares():
    info = info_from_wire({"name": "old", "version": "1", "protocol": 1, "features": [],
                           "cards": [], "actions": ["check", "cast"]})
    assert info.supported_actions == V1_ACTIONS
    assert info.extra == {"actions": ["check", "cast"]}  # kept, not believed


def test_protocol2_declarations_round_trip_on_the_wire():
    wire = info_to_wire(ReferenceEngine().info())
    assert wire["protocol"] == 2 and "check" in wire["actions"] and "cards" in wire["choices"]
    back = info_from_wire(wire)
    assert back.supported_actions == frozenset(wire["actions"])
    assert back.supported_choices == frozenset(wire["choices"])


def test_a_protocol2_start_without_actions_is_refused():
    with pytest.raises(EngineStartError, match="actions"):
        run_cases([], fake_cmd("v2_without_actions"), RunOptions())


def test_a_reference_engine_served_over_stdio_negotiates_protocol2():
    import sys

    spec = f"cmd:{sys.executable} -m conformance.engines.serve reference"
    cases = [c for c in load_cases([CASES_DIR / "shock"]) if "mana-empties" in c.id]
    run = run_cases(cases, spec, RunOptions())
    assert run.engine.protocol == 2
    assert [r.status for r in run.results] == ["pass"]


@pytest.mark.parametrize("life, status", [(20, "pass"), (17, "fail")])
def test_check_is_judged_at_its_point_of_the_actions(tmp_path, life, status):
    result = _run(_suite_with_check(tmp_path, life), "test_protocol2:ToyV2")
    assert result.status == status, (result.message, result.mismatches)
    if status == "fail":
        assert [m["where"] for m in result.mismatches] == ["actions[1].check.state.life.p2"]
        assert result.mismatches[0]["observed"] == 20  # before the bolt resolved


def test_the_mana_pool_case_kills_its_mutant_at_the_check():
    case, = (c for c in load_cases([CASES_DIR / "shock"]) if "mana-empties" in c.id)
    assert execute_case(ReferenceEngine(), case, 10.0).status == "pass"
    result = execute_case(MUTANTS["mana_pool_persists"](), case, 10.0)
    assert result.status == "fail"
    assert [m["where"] for m in result.mismatches] == ["actions[5].check.state.players.p1"]


@pytest.mark.parametrize("planted, message, line_text", [
    ("      error: {kind: unanswered_choice}\n", "'error' is not allowed here", "error:"),
    ("      state: {zones: {bolts: graveyard}}\n", "actions[1].check.state.zones refers to "
     "unknown object 'bolts'", "bolts:"),
    ("      state: {zone: {bolt: graveyard}}\n", "Additional properties", "zone:"),
], ids=["error-in-check", "unknown-object", "unknown-key"])
def test_lint_places_a_misused_check_on_its_line(tmp_path, planted, message, line_text):
    root, f = planted_action(tmp_path, "  - check:\n" + planted)
    lint_error_on_line(root, f, message, line_text)


# --- play_land -------------------------------------------------------------------------------

@pytest.mark.parametrize("action, message, line_text", [
    ("  - play_land: {player: p1}\n", "'object' is a required property", "play_land"),
    ("  - play_land: {player: p1, object: mountain}\n", "action 1 refers to unknown object "
     "'mountain'", "play_land"),
    ("  - play_land: {player: p3, object: bolt}\n", "actions/1/play_land/player", "play_land"),
], ids=["no-object", "unknown-object", "unknown-player"])
def test_lint_places_a_misused_play_land_on_its_line(tmp_path, action, message, line_text):
    root, f = planted_action(tmp_path, action)
    lint_error_on_line(root, f, message, line_text)


def test_the_land_play_case_is_unsupported_on_protocol1_and_kills_its_mutant():
    case, = load_cases([CASES_DIR / "mountain"])
    assert "play_land" in (run_cases([case], "toy:ToyEngine").results[0].message or "")
    assert execute_case(ReferenceEngine(), case, 10.0).status == "pass"
    result = execute_case(MUTANTS["two_lands_per_turn"](), case, 10.0)
    assert result.status == "fail"
    assert [m["where"] for m in result.mismatches] == ["error", "state.zones.forest"]


# --- declare_attackers / declare_blockers ----------------------------------------------------

@pytest.mark.parametrize("action, message", [
    ("  - declare_attackers: {player: p1, attackers: {bears: p2}}\n",
     "action 1 refers to unknown object 'bears'"),
    ("  - declare_attackers: {player: p1, attackers: {bolt: P2}}\n",
     "actions/1/declare_attackers/attackers/bolt"),
    ("  - declare_blockers: {player: p2}\n", "'blocks' is a required property"),
    ("  - declare_blockers: {player: p2, blocks: {bolt: giant}}\n",
     "action 1 refers to unknown object 'giant'"),
], ids=["unknown-attacker", "bad-attack-target", "no-blocks", "unknown-blocked"])
def test_lint_places_a_misused_declaration_on_its_line(tmp_path, action, message):
    root, f = planted_action(tmp_path, action)
    lint_error_on_line(root, f, message, "declare_")


@pytest.mark.parametrize("case_id, mutant, where", [
    ("grizzly-bears/attack-block-and-deal-combat-damage", "attacker_stays_untapped",
     ["actions[2].check.state.objects.bears", "actions[2].check.state.objects.giant"]),
    ("grizzly-bears/summoning-sick-creature-cannot-attack", "summoning_sick_attacks",
     ["error", "state.objects.bears"]),
])
def test_combat_cases_pass_on_the_reference_and_kill_their_mutants(case_id, mutant, where):
    case, = (c for c in load_cases([CASES_DIR / "grizzly-bears"]) if c.id == case_id)
    assert execute_case(ReferenceEngine(), case, 10.0).status == "pass"
    result = execute_case(MUTANTS[mutant](), case, 10.0)
    assert result.status == "fail"
    assert [m["where"] for m in result.mismatches] == where
    assert "declare_attackers" in (run_cases([case], "toy:ToyEngine").results[0].message or "")


def test_declarations_are_refused_when_the_rules_forbid_them():
    engine = ReferenceEngine()
    engine.setup("t/x", {"active_player": "p1", "step": "declare_attackers", "turn": 3,
                         "players": {"p1": {"battlefield": [{"id": "angel", "card": "Serra Angel"},
                                                            {"id": "wall", "card": "Grizzly Bears"}]},
                                     "p2": {"battlefield": [{"id": "b", "card": "Grizzly Bears"}]}}})
    engine.act({"declare_attackers": {"player": "p1", "attackers": {"angel": "p2"}}})
    with pytest.raises(EngineReportedError, match="already"):
        engine.act({"declare_attackers": {"player": "p1", "attackers": {"wall": "p2"}}})
    engine.act({"advance": {"to": "declare_blockers"}})
    with pytest.raises(EngineReportedError, match="cannot block"):  # flying (702.9b)
        engine.act({"declare_blockers": {"player": "p2", "blocks": {"b": "angel"}}})
    with pytest.raises(EngineReportedError, match="defending player"):
        engine.act({"declare_blockers": {"player": "p1", "blocks": {}}})
