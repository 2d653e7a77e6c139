"""phase's prompts while a spell is cast (protocol 1: the cast pays its mana cost only, SPEC.md "costs"),
a fused cast phase cannot make, and an empty trigger-target answer for a trigger phase put on the stack with
no target. The harness answers a prompt only with what the case scripted or the rules force.

Runs the harness in the engine's own venv (engines/phase/.venv, ``make engines``); skipped with a reason
without it.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE_DIR = ROOT / "engines" / "phase"
VENV_PY = ENGINE_DIR / ".venv" / "bin" / "python"
pytestmark = pytest.mark.skipif(not VENV_PY.exists(), reason="phase engine venv absent: run `make engines` first")


def _play(setup: dict[str, Any], actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    reqs = [{"cmd": "start", "protocol": 1}, {"cmd": "setup", "case": "t/x", "setup": setup},
            *({"cmd": "action", "action": a} for a in actions), {"cmd": "observe"}, {"cmd": "stop"}]
    proc = subprocess.run([str(ENGINE_DIR / "run-harness")], input="".join(
        json.dumps({"seq": i, **r}) + "\n" for i, r in enumerate(reqs)), capture_output=True, text=True,
        timeout=120, check=True)
    return [json.loads(line) for line in proc.stdout.splitlines()]


def _game(p1: dict[str, Any], p2: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"active_player": "p1", "step": "precombat_main", "turn": 3,
            "players": {"p1": {"life": 20, **p1}, "p2": {"life": 20, **(p2 or {})}}}


BEARS = [{"id": "sac1", "card": "Grizzly Bears"}, {"id": "sac2", "card": "Grizzly Bears"}]


def test_an_additional_cost_the_cast_does_not_pay_is_refused_and_nothing_is_sacrificed() -> None:
    # Altar of Bone: "As an additional cost to cast this spell, sacrifice a creature." phase asks which
    # (PayCost); the protocol-1 cast pays none, so the cast is illegal (601.2h), not paid by the harness
    out = _play(_game({"mana": "{W}{G}", "hand": [{"id": "altar", "card": "Altar of Bone"}], "battlefield": BEARS}),
                [{"cast": {"player": "p1", "object": "altar"}}])
    refused = out[2]
    assert not refused["ok"] and refused["error"]["kind"] == "illegal_action", refused
    assert "additional cost" in refused["error"]["message"]
    state = out[3]["state"]
    assert state["stack"] == []
    assert {k: state["objects"][k]["zone"] for k in ("altar", "sac1", "sac2")} == {
        "altar": "hand", "sac1": "battlefield", "sac2": "battlefield"}
    assert not [e for e in out[3]["events"] if e["type"] == "sacrificed"]


def test_a_phyrexian_symbol_only_life_can_pay_is_paid_with_life() -> None:
    # Gut Shot ({R/P}) with an empty pool: phase's PhyrexianPayment offers life only, the one way (107.4f)
    out = _play(_game({"hand": [{"id": "gut", "card": "Gut Shot"}]}),
                [{"cast": {"player": "p1", "object": "gut", "targets": ["p2"]}}])
    assert all(r["ok"] for r in out), out
    assert out[3]["state"]["players"]["p1"]["life"] == 18
    assert out[3]["state"]["objects"]["gut"]["zone"] == "stack"


def test_two_ways_to_pay_phyrexian_symbols_are_a_choice_the_harness_does_not_make() -> None:
    # Dismember ({1}{B/P}{B/P}) from {B}{C} at 20 life: {B} for one symbol and life for the other, or
    # life for both; the cast scripts neither, so the harness declines (unsupported) and cancels the cast
    setup = _game({"mana": "{B}{C}", "hand": [{"id": "phy", "card": "Dismember"}]},
                  {"battlefield": [{"id": "bears2", "card": "Grizzly Bears"}]})
    out = _play(setup, [{"cast": {"player": "p1", "object": "phy", "targets": ["bears2"]}}])
    refused = out[2]
    assert not refused["ok"] and refused["error"]["kind"] == "unsupported", refused
    assert "Phyrexian" in refused["error"]["message"]
    assert out[3]["state"]["objects"]["phy"]["zone"] == "hand" and out[3]["state"]["players"]["p1"]["life"] == 20
    # at 3 life only one symbol can be paid with life (119.4): one way, and phase pays it
    setup["players"]["p1"]["life"] = 3
    out = _play(setup, [{"cast": {"player": "p1", "object": "phy", "targets": ["bears2"]}}])
    assert all(r["ok"] for r in out), out
    assert out[3]["state"]["players"]["p1"]["life"] == 1 and out[3]["state"]["players"]["p1"]["mana"] == ""


def test_a_fused_cast_is_declined_not_cast_as_its_first_half() -> None:
    out = _play(_game({"mana": "{B}{R}{C}{C}{C}{C}", "hand": [{"id": "tt", "card": "Toil // Trouble"}]}),
                [{"cast": {"player": "p1", "object": "tt", "targets": ["p2", "p2"], "fuse": True}}])
    refused = out[2]
    assert not refused["ok"] and refused["error"]["kind"] == "unsupported", refused
    assert "fuse" in refused["error"]["message"]
    assert out[3]["state"]["stack"] == []


def test_an_empty_target_answer_stands_for_a_trigger_phase_put_on_the_stack_without_one() -> None:
    # Arni Slays the Troll's chapter II targets "up to one target creature you control": p1 has none, so
    # phase puts it on the stack with no target, and the case's answer `targets: []` is that choice
    saga = _game({"battlefield": [{"id": "saga", "card": "Arni Slays the Troll", "counters": {"lore": 1}}]})
    out = _play(saga, [{"add_counters": {"object": "saga", "counter": "lore", "n": 1}},
                       {"choose": {"choice": "targets", "source": "saga", "ability": "chapter_II", "targets": []}}])
    assert all(r["ok"] for r in out), out
    # a second answer for the same trigger waits for nothing
    again = _play(saga, [{"add_counters": {"object": "saga", "counter": "lore", "n": 1}},
                         {"choose": {"choice": "targets", "source": "saga", "ability": "chapter_II", "targets": []}},
                         {"choose": {"choice": "targets", "source": "saga", "ability": "chapter_II", "targets": []}}])
    assert again[3]["ok"] and again[4]["error"]["kind"] == "unused_answer", again


def test_the_snapshot_lists_colors_in_wubrg_order_and_reports_summoning_sickness() -> None:
    # Ready // Willing's halves are {1}{G}{W} and {1}{W}{B}: as a card in a hand it is W, B, G (105.1 order,
    # the order cases write); a creature that came under p1's control this turn is summoning sick (302.6)
    setup = _game({"hand": [{"id": "rw", "card": "Ready // Willing"}],
                   "battlefield": [{"id": "new", "card": "Grizzly Bears", "summoning_sick": True},
                                   {"id": "old", "card": "Grizzly Bears"}]})
    out = _play(setup, [])
    objects = out[2]["state"]["objects"]
    assert objects["new"]["summoning_sick"] is True and objects["old"]["summoning_sick"] is False
    assert "summoning_sick" not in objects["rw"]
    colors = objects["rw"]["colors"]
    assert colors == [c for c in "WUBRG" if c in colors] and len(colors) >= 2, colors
