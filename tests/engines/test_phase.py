"""phase.rs behind the stdio protocol: offline card data, a real case, determinism, the expectations.

Runs the harness in the ENGINE's own venv (engines/phase/.venv, created by ``make engines``); skipped with
a reason when that venv is absent. The whole-suite check against conformance/expectations/phase.yaml is
``make engines-conformance`` (about 30 s); here a slice of it runs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE_DIR = ROOT / "engines" / "phase"
VENV_PY = ENGINE_DIR / ".venv" / "bin" / "python"
RULINGS = Path(sys.executable).parent / "rulings"

pytestmark = pytest.mark.skipif(not VENV_PY.exists(), reason="phase engine venv absent: run `make engines` first")


def _harness(env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen([str(ENGINE_DIR / "run-harness")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1, env={**os.environ, **(env or {})})


def _talk(proc: subprocess.Popen[str], requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    assert proc.stdin is not None and proc.stdout is not None
    out = []
    for seq, req in enumerate(requests):
        proc.stdin.write(json.dumps({"seq": seq, **req}) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        assert line, "harness died"
        out.append(json.loads(line))
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0
    return out


BOLT_CASE = {
    "active_player": "p1", "step": "precombat_main", "turn": 3,
    "players": {"p1": {"life": 20, "mana": "{R}", "hand": [{"id": "bolt", "card": "Lightning Bolt"}],
                       "library": [{"id": "l1", "card": "Island"}, {"id": "l2", "card": "Island"}]},
                "p2": {"life": 20, "battlefield": [{"id": "bears", "card": "Grizzly Bears"}]}},
}


OFFER = ["Fend Off", "Grizzly Bears", "Lightning Bolt", "Summon: G.F. Cerberus"]
"""The cards ``start`` offers (the runner offers those of the suite's cases)."""


def _bolt_run(env: dict[str, str] | None = None) -> list[dict[str, Any]]:
    return _talk(_harness(env), [
        {"cmd": "start", "protocol": 1, "cards": OFFER},
        {"cmd": "setup", "case": "t/bolt", "setup": BOLT_CASE},
        {"cmd": "action", "action": {"cast": {"player": "p1", "object": "bolt", "targets": ["p2"]}}},
        {"cmd": "action", "action": {"resolve_stack": {}}},
        {"cmd": "observe"},
        {"cmd": "stop"},
    ])


def test_start_declares_parsed_cards_only_and_names_the_gaps() -> None:
    start = _bolt_run()[0]
    eng = start["engine"]
    assert eng["name"] == "phase" and eng["version"] == "0.103.0" and eng["protocol"] == 2
    # protocol 2 (SPEC "Protocol negotiation"): protocol 1's actions and choices plus the combat
    # declarations; no costs and no protocol-2 setup field
    assert {"declare_attackers", "declare_blockers", "cast", "advance"} <= set(eng["actions"])
    assert "check" not in eng["actions"] and "costs" not in eng and "setup" not in eng
    assert set(eng["choices"]) == {"legend_rule", "mode", "new_targets", "targets", "trigger_order", "x"}
    assert "Lightning Bolt" in eng["cards"] and "Summon: G.F. Cerberus" in eng["cards"]
    # Fend Off's "Prevent all combat damage..." is an Unimplemented effect in phase's parse: not declared
    assert "Fend Off" not in eng["cards"]
    assert any("Unimplemented" in g for g in eng["extra"]["abstaining_clauses"]["Fend Off"])
    assert "lose_abilities" in eng["extra"]["not_declared"] and "lose_abilities" not in eng["features"]
    assert "first_strike" in eng["features"]           # combat is replayed; advancing into the step is refused
    # it declares among the offered cards only (plus Island, which an empty game's mana needs): no
    # case file is read
    assert sorted(eng["cards"]) == ["Grizzly Bears", "Island", "Lightning Bolt", "Summon: G.F. Cerberus"]


def test_a_setup_of_cards_the_start_did_not_offer_still_plays() -> None:
    out = _talk(_harness(), [{"cmd": "start", "protocol": 1},
                             {"cmd": "setup", "case": "t/bolt", "setup": BOLT_CASE},
                             {"cmd": "setup", "case": "t/no-card",
                              "setup": {"players": {"p1": {"hand": [{"id": "x", "card": "No Such Card"}]}}}},
                             {"cmd": "stop"}])
    assert out[0]["engine"]["cards"] == ["Island"]
    assert out[1]["ok"], out[1]
    assert out[2]["error"] == {"kind": "unsupported", "message": "no card data for ['No Such Card']"}


def test_a_bolt_at_the_face_is_played_by_phase() -> None:
    obs = _bolt_run()[4]
    assert obs["ok"], obs
    events, state = obs["events"], obs["state"]
    kinds = [e["type"] for e in events]
    assert kinds.index("cast") < kinds.index("crime_committed") < kinds.index("resolved")
    assert {"type": "crime_committed", "player": "p1", "source": "bolt"} in events
    assert state["players"]["p2"]["life"] == 17
    assert state["objects"]["bolt"]["zone"] == "graveyard"
    assert state["objects"]["bears"]["zone"] == "battlefield"
    assert state["objects"]["l1"]["zone"] == "library"


def test_results_do_not_depend_on_the_seed() -> None:
    a, b = _bolt_run({"PHASE_HARNESS_SEED": "1"})[4], _bolt_run({"PHASE_HARNESS_SEED": "99"})[4]
    assert a["events"] == b["events"] and a["state"] == b["state"]


@pytest.mark.parametrize("seed", ["1", "2", "3", "4", "5"])
def test_hand_objects_are_in_the_hand_whatever_the_deck_size(seed: str) -> None:
    """phase deals its opening hand at random from the deck the set-up builds: with 30 library cards
    a hand card stayed in the library for most seeds (Echo of Eons' flashback case could not cast)."""
    setup = json.loads(json.dumps(BOLT_CASE))
    setup["players"]["p1"]["library"] = [{"id": f"l{i}", "card": "Island"} for i in range(1, 31)]
    obs = _talk(_harness({"PHASE_HARNESS_SEED": seed}), [
        {"cmd": "start", "protocol": 1},
        {"cmd": "setup", "case": "t/bolt", "setup": setup},
        {"cmd": "action", "action": {"cast": {"player": "p1", "object": "bolt", "targets": ["p2"]}}},
        {"cmd": "observe"},
        {"cmd": "stop"},
    ])
    assert obs[2]["ok"], obs[2]
    state = obs[3]["state"]
    assert state["objects"]["bolt"]["zone"] == "stack"
    assert all(state["objects"][f"l{i}"]["zone"] == "library" for i in range(1, 31))


def test_cards_newer_than_the_data_come_from_the_recent_oracle_file() -> None:
    data = json.loads((ROOT / "fixtures" / "cards" / "recent_oracle.json").read_text(encoding="utf-8"))
    assert [c["name"] for c in data["cards"]] == ["Summon: G.F. Cerberus"]
    assert "provenance" in data["source"]


def test_card_cache_is_keyed_by_its_inputs(tmp_path: Path) -> None:
    code = (f"import sys; sys.path.insert(0, {str(ENGINE_DIR)!r}); import phase, carddb; "
            "d = carddb.build(phase, {'Lightning Bolt'}, '0.103.0'); print(d.cache_hit, d.cache_file)")
    env = {**os.environ, "PHASE_CARD_CACHE": str(tmp_path)}
    first = subprocess.run([str(VENV_PY), "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    second = subprocess.run([str(VENV_PY), "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert first.split()[0] == "False" and second.split()[0] == "True"
    assert first.split()[1] == second.split()[1] and Path(first.split()[1]).parent == tmp_path


@pytest.mark.parametrize("pattern", ["at-knifepoint/*", "refuse-cooperate/*", "history-of-benalia/*"])
def test_suite_slice_matches_the_expectations(pattern: str, tmp_path: Path) -> None:
    # the card's folder, not the whole suite filtered by --id: the same cases, ~1,000 fewer files to parse
    folder = ROOT / "conformance" / "cases" / pattern.removesuffix("/*")
    run = subprocess.run([str(RULINGS), "run", str(folder), "--engine", "phase",
                          "--id", pattern, "--expectations", str(ROOT / "conformance" / "expectations" / "phase.yaml"),
                          "--validate-protocol", "--timeout", "30", "-q"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 cases" not in run.stdout, run.stdout  # the folder holds the slice


def test_face_name_collisions_are_reported_and_the_cards_under_test_win(tmp_path: Path) -> None:
    code = (
        f"import sys, json; sys.path.insert(0, {str(ENGINE_DIR)!r}); import phase, carddb\n"
        "d = carddb.build(phase, {'Fire // Ice', 'Start // Fire'}, '0.103.0')\n"
        "db = json.loads(d.engine_json({'Fire // Ice'}))\n"
        "print(json.dumps({'collisions': d.collisions, 'fire': db['fire']['oracle_text']}))"
    )
    out = subprocess.run([str(VENV_PY), "-c", code], env={**os.environ, "PHASE_CARD_CACHE": str(tmp_path)},
                         capture_output=True, text=True, check=True).stdout
    got = json.loads(out)
    assert got["collisions"]["fire"] == ["Fire // Ice", "Start // Fire"]
    assert set(got["collisions"]) == {"fire"}                # Start // Finish is not loaded: no clash
    assert "divided as you choose" in got["fire"]          # Fire // Ice's Fire, not Start // Fire's


def test_first_strike_damage_is_labelled_from_its_sub_step() -> None:
    """phase deals both combat damage sub-steps inside CombatDamage: a double striker's first hit is
    first-strike damage, its second regular combat damage (derived, docs/engines.md)."""
    setup = {"active_player": "p1", "step": "declare_blockers", "turn": 3, "players": {
        "p1": {"life": 20, "battlefield": [{"id": "ace", "card": "Fencing Ace", "attacking": "p2"},
                                           {"id": "giant", "card": "Hill Giant", "attacking": "p2"}]},
        "p2": {"life": 20}}}
    obs = _talk(_harness(), [{"cmd": "setup", "case": "t/ds", "setup": setup},
                             {"cmd": "action", "action": {"advance": {"to": "combat_damage"}}},
                             {"cmd": "observe"}, {"cmd": "stop"}])[2]
    damage = [(e["source"], e["step"]) for e in obs["events"] if e["type"] == "damage"]
    assert damage == [("ace", "first_strike_damage"), ("ace", "combat_damage"), ("giant", "combat_damage")]
    assert obs["state"]["players"]["p2"]["life"] == 15
    assert not any(e["type"] == "step" and e["name"] == "first_strike_damage" for e in obs["events"])


def test_restarts_are_invisible_to_the_runner(tmp_path: Path) -> None:
    """The harness re-execs itself every PHASE_HARNESS_RESTART_EVERY games (memory bound): same results."""
    jsonl = tmp_path / "run.jsonl"
    run = subprocess.run([str(RULINGS), "run", str(ROOT / "conformance" / "cases" / "history-of-benalia"),
                          "--engine", "phase", "--id", "history-of-benalia/*", "--expectations",
                          str(ROOT / "conformance" / "expectations" / "phase.yaml"), "--timeout", "30", "-q",
                          "--jsonl", str(jsonl)],
                         capture_output=True, text=True, env={**os.environ, "PHASE_HARNESS_RESTART_EVERY": "2"})
    assert run.returncode == 0, run.stdout + run.stderr
    footer = json.loads(jsonl.read_text(encoding="utf-8").splitlines()[-1])
    assert footer["counts"]["pass"] >= 5 and footer["restarts"] == 0   # re-execs are not engine restarts


def test_a_restart_keeps_requests_a_client_pipelined() -> None:
    """Requests read ahead before the harness re-execs itself are answered by the new process."""
    empty = {"players": {}}
    reqs = [{"cmd": "start", "protocol": 1}] + [{"cmd": "setup", "case": f"t/{i}", "setup": empty} for i in range(3)]
    reqs += [{"cmd": "observe"}, {"cmd": "stop"}]
    text = "".join(json.dumps({"seq": i, **r}) + "\n" for i, r in enumerate(reqs))
    proc = subprocess.run([str(ENGINE_DIR / "run-harness")], input=text, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PHASE_HARNESS_RESTART_EVERY": "1"})
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["seq"] for a in answers] == list(range(len(reqs))) and all(a["ok"] for a in answers)
    assert proc.stderr.count("restart") == 2 and proc.returncode == 0


def _play(setup: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    reqs = [{"cmd": "setup", "case": "t/x", "setup": setup}, *({"cmd": "action", "action": a} for a in actions),
            {"cmd": "observe"}, {"cmd": "stop"}]
    out = _talk(_harness(), reqs)
    assert all(r["ok"] for r in out), out
    return out[-2]


def test_a_protection_keyword_with_a_parameter_does_not_break_combat_damage() -> None:
    """phase's keyword list holds a parameterised keyword as a mapping ({"Protection": ...}): the first-strike
    labelling reads keyword names, it once hashed the mapping (TypeError)."""
    setup = {"active_player": "p1", "step": "declare_blockers", "turn": 3, "players": {
        "p1": {"life": 20, "battlefield": [{"id": "giant", "card": "Hill Giant", "attacking": "p2"}]},
        "p2": {"life": 20, "battlefield": [{"id": "smith", "card": "Repentant Blacksmith", "blocking": "giant"}]}}}
    obs = _play(setup, [{"advance": {"to": "combat_damage"}}])
    damage = [(e["source"], e["target"], e["amount"]) for e in obs["events"] if e["type"] == "damage"]
    assert damage == [("smith", "giant", 1)]                 # the red Giant's damage is prevented
    assert obs["state"]["objects"]["giant"]["damage"] == 1


def test_a_dies_trigger_is_named_dies_and_the_pool_is_in_the_snapshot() -> None:
    """A ZoneChanged trigger of its own source from the battlefield to a graveyard is "dies" (rule 700.4);
    the player's mana pool (phase's Player.mana_pool) is reported as the setup writes it."""
    setup = {"active_player": "p1", "step": "precombat_main", "turn": 3, "players": {
        "p1": {"life": 20, "mana": "{R}{U}{G}", "library": [{"id": "top", "card": "Island"}],
               "hand": [{"id": "bolt", "card": "Lightning Bolt"}],
               "battlefield": [{"id": "bird", "card": "Kingfisher"}]},
        "p2": {"life": 20}}}
    obs = _play(setup, [{"cast": {"player": "p1", "object": "bolt", "targets": ["bird"]}}, {"resolve_stack": {}}])
    trig = [e for e in obs["events"] if e["type"] == "triggered"]
    assert [(e["source"], e["ability"]) for e in trig] == [("bird", "dies")]
    assert obs["state"]["objects"]["top"]["zone"] == "hand"
    assert obs["state"]["players"]["p1"]["mana"] == "{G}{U}"    # {R} paid Bolt; sorted symbols
    assert obs["state"]["players"]["p2"]["mana"] == ""


def test_the_cleanup_step_belongs_to_the_turn_that_ends() -> None:
    """phase reports Cleanup, TurnStarted, Untap in one result: the cleanup step is the old turn's."""
    setup = {"active_player": "p1", "step": "end", "turn": 3, "players": {
        "p1": {"life": 20, "library": [{"id": "a", "card": "Island"}]},
        "p2": {"life": 20, "library": [{"id": "b", "card": "Island"}]}}}
    obs = _play(setup, [{"advance": {"to": "upkeep", "next_turn": True}}])
    steps = [(e["name"], e["turn"]) for e in obs["events"] if e["type"] == "step"]
    assert ("cleanup", 3) in steps and ("untap", 4) in steps and ("cleanup", 4) not in steps


def test_a_triggered_ability_gets_its_scripted_targets_and_an_equipment_its_host() -> None:
    """`choose: targets` answers phase's TriggerTargetSelection (rule 603.3d); a setup `attached_to` is
    phase's Debug Attach, and the snapshot reports the attachment."""
    setup = {"active_player": "p1", "step": "precombat_main", "turn": 3, "players": {
        "p1": {"life": 20, "mana": "{1}{R}", "hand": [{"id": "spark", "card": "Sparkmage Apprentice"}],
               "battlefield": [{"id": "split", "card": "Bonesplitter", "attached_to": "bears"},
                               {"id": "bears", "card": "Grizzly Bears"}]},
        "p2": {"life": 20}}}
    obs = _play(setup, [{"cast": {"player": "p1", "object": "spark"}}, {"resolve_top": {}},
                        {"choose": {"choice": "targets", "targets": ["p2"]}}, {"resolve_stack": {}}])
    assert [(e["source"], e["ability"]) for e in obs["events"] if e["type"] == "triggered"] == [("spark", "enters")]
    assert obs["state"]["players"]["p2"]["life"] == 19
    objects = obs["state"]["objects"]
    assert objects["split"]["attached_to"] == "bears" and objects["bears"]["attached_to"] is None
    assert objects["bears"]["power"] == 4                     # Bonesplitter's +2/+0 applies


def test_prowess_trigger_is_named_prowess() -> None:
    """phase synthesizes a prowess trigger described "Prowess" on SpellCast (game/triggers.rs):
    it is the keyword's trigger, not a generic cast trigger."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "engines" / "phase"))
    try:
        from facts import ability_name
    finally:
        sys.path.pop(0)
    assert ability_name({"description": "Prowess", "trigger_event": {"type": "SpellCast"}}, {}) == "prowess"
    assert ability_name({"description": "Whenever you cast a spell, draw a card.",
                         "trigger_event": {"type": "SpellCast"}}, {}) == "cast_trigger"


def _combat(attacker: str, blocker: str) -> list[dict[str, Any]]:
    """p1 attacks with ``attacker``, p2 declares ``blocker`` blocking it, then combat damage."""
    setup = {"active_player": "p1", "step": "precombat_main", "turn": 3,
             "players": {"p1": {"battlefield": [{"id": "a", "card": attacker}]},
                         "p2": {"battlefield": [{"id": "b", "card": blocker}]}}}
    return _talk(_harness(), [
        {"cmd": "start", "protocol": 1, "max_protocol": 2, "cards": sorted({attacker, blocker})},
        {"cmd": "setup", "case": "t/combat", "setup": setup},
        {"cmd": "action", "action": {"advance": {"to": "declare_attackers"}}},
        {"cmd": "action", "action": {"declare_attackers": {"player": "p1", "attackers": {"a": "p2"}}}},
        {"cmd": "action", "action": {"advance": {"to": "declare_blockers"}}},
        {"cmd": "action", "action": {"declare_blockers": {"player": "p2", "blocks": {"b": "a"}}}},
        {"cmd": "action", "action": {"advance": {"to": "postcombat_main"}}},
        {"cmd": "observe"},
        {"cmd": "stop"},
    ])


def test_combat_declarations_reach_phases_decisions() -> None:
    """``declare_attackers``/``declare_blockers`` answer phase's DeclareAttackers/DeclareBlockers
    decisions: a legal block is made and combat damage follows it (two Grizzly Bears trade); an
    illegal one (Serra Angel, flying, blocking a creature with horsemanship, 702.31b) is refused:
    phase asks for no block when no creature can block."""
    out = _combat("Grizzly Bears", "Grizzly Bears")
    assert all(r["ok"] for r in out), out
    zones = {oid: o["zone"] for oid, o in out[-2]["state"]["objects"].items()}
    assert zones["a"] == zones["b"] == "graveyard"
    refused = _combat("Shu Cavalry", "Serra Angel")
    assert [r["ok"] for r in refused[:5]] == [True] * 5
    assert refused[5]["ok"] is False and refused[5]["error"]["kind"] == "illegal_action"
