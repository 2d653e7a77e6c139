"""Protocol 2 setup fields (SPEC.md, "setup"): player counters (energy, experience), day and
night, the monarch, the initiative, face-down permanents, and ``attached_to`` where the schema
allows it — schema and lint, the setup needs of negotiation, the reference engine, its mutants."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conformance_testlib import lint_error_on_line, planted_suite
from test_protocol2 import ToyV2

from conformance import schemas
from conformance.cases_io import CASES_DIR, load_cases, setup_needs
from conformance.engines.protocol import V2_SETUP
from conformance.engines.stdio import info_from_wire, info_to_wire
from conformance.errors import EngineReportedError
from conformance.reference.engine import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import RunOptions, execute_case, run_cases

FACE = "lightning-bolt/face"


P1 = '    p1: {life: 20, mana: "{R}", hand: [{id: bolt, card: Lightning Bolt}]}\n'
P2 = "    p2: {life: 20}\n"
TURN = "  turn: 1\n"


@pytest.mark.parametrize("old, new, message, line_text", [
    (P2, "    p2: {life: 20, energy: -1}\n", "setup/players/p2/energy", "energy: -1"),
    (P1, P1.replace("life: 20", "life: 20, experience: many"), "setup/players/p1/experience",
     "experience: many"),
    (TURN, TURN + "  day_night: dusk\n", "setup/day_night", "day_night: dusk"),
    (TURN, TURN + "  monarch: p3\n", "setup/monarch", "monarch: p3"),
    (TURN, TURN + "  initiative: both\n", "setup/initiative", "initiative: both"),
    (P1, P1.replace("card: Lightning Bolt", "card: Lightning Bolt, face_down: true"),
     "setup object 'bolt': face_down in the hand", "face_down: true"),
    (P1, P1.replace("card: Lightning Bolt", "card: Lightning Bolt, attached_to: p2"),
     "setup object 'bolt': attached_to is in the hand", "attached_to: p2"),
    (P2, "    p2: {life: 20, battlefield: [{id: aura, card: Lightning Bolt, "
         "attached_to: ghost}]}\n", "attached_to refers to unknown object 'ghost'",
     "attached_to: ghost"),
    (P2, "    p2: {life: 20, battlefield: [{id: aura, card: Lightning Bolt, "
         "attached_to: aura}]}\n", "attached_to is attached to itself", "attached_to: aura"),
], ids=["energy", "experience", "day-night", "monarch", "initiative", "face-down-in-hand",
        "attached-in-hand", "attached-to-unknown", "attached-to-itself"])
def test_lint_places_a_misused_setup_field_on_its_line(tmp_path, old, new, message, line_text):
    root, f = planted_suite(tmp_path, old, new)
    lint_error_on_line(root, f, message, line_text)


def test_setup_needs_are_derived_from_the_fields_present():
    assert setup_needs({"players": {"p1": {"poison": 3}, "p2": {}}}) == frozenset()
    assert setup_needs({"day_night": "night", "monarch": "p2", "initiative": "p1",
                        "players": {"p1": {"energy": 0},
                                    "p2": {"experience": 1,
                                           "battlefield": [{"id": "x", "card": "C",
                                                            "face_down": True}],
                                           "exile": [{"id": "y", "card": "C",
                                                      "face_down": False}]}}}) == V2_SETUP


def _energy_case(tmp_path: Path):
    root, _ = planted_suite(tmp_path, P2, "    p2: {life: 20, energy: 2}\n")
    case, = (c for c in load_cases([root]) if c.id == FACE)
    return case


@pytest.mark.parametrize("spec, missing", [
    ("toy:ToyEngine", "setup not supported (protocol 1): energy"),
    ("test_protocol2:ToyV2", "setup not supported (protocol 2): energy"),
])
def test_a_case_needing_an_undeclared_setup_field_is_unsupported_and_never_sent(tmp_path, spec,
                                                                                missing):
    result = run_cases([_energy_case(tmp_path)], spec, RunOptions()).results[0]
    assert result.status == "unsupported"
    assert missing in (result.message or "")
    assert result.duration == 0.0


class ToyV2WithEnergy(ToyV2):
    """Protocol 2 declaring the ``energy`` setup field (it ignores it: the Bolt case passes)."""

    name = "toy-v2-energy"

    def info(self):
        from dataclasses import replace

        return replace(super().info(), setup=frozenset({"energy"}))


def test_a_declared_setup_field_is_sent(tmp_path):
    result = run_cases([_energy_case(tmp_path)], "test_protocol2_setup:ToyV2WithEnergy",
                       RunOptions()).results[0]
    assert result.status == "pass", (result.message, result.mismatches)


def test_setup_declarations_round_trip_on_the_wire_and_validate():
    wire = info_to_wire(ReferenceEngine().info())
    assert wire["setup"] == sorted(V2_SETUP)
    assert info_from_wire(wire).supported_setup == V2_SETUP
    assert not schemas.problems("io/start.response", {"seq": 0, "ok": True, "engine": wire})
    old = info_from_wire({"name": "old", "version": "1", "protocol": 1, "features": [],
                          "cards": [], "setup": ["energy"]})
    assert old.supported_setup == frozenset() and old.extra == {"setup": ["energy"]}


def test_the_stdio_server_serves_setup_cases_and_their_observations_validate():
    """Served over stdio with protocol validation (every answer checked against its schema),
    the reference passes the monarch and the face-down cases: a face-down permanent has no
    name, ``name: null`` is a valid observation."""
    cases = [*load_cases([CASES_DIR / "palace-sentinels"]),
             *load_cases([CASES_DIR / "craw-wurm" /
                          "a-face-down-permanent-is-a-nameless-2-2-creature.yaml"])]
    spec = f"cmd:{sys.executable} -m conformance.engines.serve reference"
    run = run_cases(cases, spec, RunOptions(validate_protocol=True))
    assert [r.status for r in run.results] == ["pass", "pass"], [r.message for r in run.results]
    engine = ReferenceEngine()
    for case, check in zip(cases, ("monarch", "face_down"), strict=True):
        engine.setup(case.id, case.setup)
        obs = engine.observe()
        answer = {"seq": 3, "ok": True, "events": obs.events, "state": obs.state}
        assert not schemas.problems("io/observe.response", answer)
        if check == "monarch":
            assert obs.state["monarch"] == "p2" and obs.state["players"]["p1"]["energy"] == 0
        else:
            assert obs.state["objects"]["wurm"]["name"] is None


SETUP_CASES = [
    ("sage-of-shailas-claim/energy-and-experience-counters-stay-from-turn-to-turn",
     "energy_lost_at_end_of_turn", ["state.players.p1"]),
    ("sage-of-shailas-claim/energy-and-experience-counters-stay-from-turn-to-turn",
     "experience_lost_at_end_of_turn", ["state.players.p1"]),
    ("spontaneous-artist/energy-cannot-be-paid-without-energy-counters", "energy_overpaid",
     ["error", "state.stack"]),
    ("firmament-sage/day-becomes-night-after-a-turn-without-spells", "day_never_becomes_night",
     ["actions[1].check.state.stack", "actions[1].check.state.day_night", "events[1]",
      "state.zones.p1_card", "state.day_night"]),
    ("palace-sentinels/the-monarch-draws-a-card-at-the-beginning-of-their-end-step",
     "monarch_draws_nothing", ["actions[4].check.state.stack", "events[2]",
                               "state.zones.p1_card"]),
    ("grizzly-bears/combat-damage-to-the-monarch-makes-its-controller-the-monarch",
     "monarch_kept_despite_combat_damage",
     ["actions[3].check.state.stack", "actions[5].check.state.monarch", "events[1]",
      "state.zones.p1_card", "state.monarch"]),
    ("grizzly-bears/combat-damage-to-the-player-with-the-initiative-takes-it",
     "initiative_kept_despite_combat_damage",
     ["actions[3].check.state.stack", "events[1]", "state.stack", "state.initiative"]),
    ("craw-wurm/a-face-down-permanent-is-a-nameless-2-2-creature",
     "face_down_keeps_characteristics",
     ["actions[0].check.state.objects.wurm", "state.zones.wurm", "state.objects.wurm"]),
    ("unholy-strength/aura-on-an-opponent-s-creature-still-applies",
     "attachment_only_to_own_permanents",
     ["actions[0].check.state.objects.bears", "state.zones.bears", "state.zones.unholy",
      "state.objects.bears"]),
]


@pytest.mark.parametrize("case_id, mutant, where", SETUP_CASES,
                         ids=[m for _, m, _ in SETUP_CASES])
def test_setup_cases_pass_on_the_reference_and_kill_their_mutants(case_id, mutant, where):
    case, = (c for c in load_cases([CASES_DIR / case_id.split("/")[0]]) if c.id == case_id)
    assert execute_case(ReferenceEngine(), case, 10.0).status == "pass"
    result = execute_case(MUTANTS[mutant](), case, 10.0)
    assert result.status == "fail"
    assert [m["where"] for m in result.mismatches] == where
    if case.setup_needs:  # never sent to a protocol-1 engine
        message = run_cases([case], "toy:ToyEngine").results[0].message or ""
        assert "setup not supported (protocol 1): " in message


@pytest.mark.parametrize("item, zone", [
    ({"id": "aura", "card": "Unholy Strength", "attached_to": "p2"}, "hand"),
    ({"id": "aura", "card": "Unholy Strength", "face_down": True}, "graveyard"),
])
def test_the_reference_refuses_a_setup_field_off_the_battlefield(item, zone):
    engine = ReferenceEngine()
    with pytest.raises(EngineReportedError) as err:
        engine.setup("t/x", {"active_player": "p1", "step": "precombat_main",
                             "players": {"p1": {zone: [item]}, "p2": {}}})
    assert err.value.kind == "illegal_action"


def test_night_becomes_day_after_two_spells_and_energy_pays_from_the_player():
    engine = ReferenceEngine()
    engine.setup("t/x", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                         "day_night": "night",
                         "players": {"p1": {"mana": "{R}{R}", "energy": 1,
                                            "hand": [{"id": "a", "card": "Shock"},
                                                     {"id": "b", "card": "Shock"}]},
                                     "p2": {"library": [{"id": "c", "card": "Forest"}]}}})
    for oid in ("a", "b"):
        engine.act({"cast": {"player": "p1", "object": oid, "targets": ["p2"]}})
        engine.act({"resolve_stack": {}})
    engine.act({"advance": {"to": "upkeep", "next_turn": True}})
    state = engine.observe().state
    assert state["day_night"] == "day" and state["players"]["p2"]["life"] == 16
    assert state["players"]["p1"]["energy"] == 1

