"""phase's triggered abilities as facts: the name of an ability-word trigger, and a scripted trigger target
phase chose itself (conformance/SPEC.md, "Engine facts" and ``choose``).

The game tests run the harness in the engine's own venv (engines/phase/.venv, ``make engines``) and are
skipped with a reason without it; ``ability_name`` is standard library only and runs here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE_DIR = ROOT / "engines" / "phase"
VENV_PY = ENGINE_DIR / ".venv" / "bin" / "python"
needs_phase = pytest.mark.skipif(not VENV_PY.exists(), reason="phase engine venv absent: run `make engines` first")

HEROIC = ("Heroic \u2014 Whenever you cast a spell that targets Akroan Crusader, create a 1/1 red Soldier "
          "creature token with haste.")
CONSTELLATION = ("Enchantment Creature\nConstellation \u2014 Whenever Eidolon of Blossoms or another enchantment "
                 "enters the battlefield under your control, draw a card.")


def _ability_name() -> Any:
    sys.path.insert(0, str(ENGINE_DIR))
    try:
        from facts import ability_name
    finally:
        sys.path.pop(0)
    return ability_name


def test_an_ability_word_names_the_trigger_phase_describes_without_it() -> None:
    """phase drops the ability word (parser/oracle.rs strip_ability_word) and describes the rest with ``~``
    for the card's name: the word is read back from the oracle line whose text that is."""
    name = _ability_name()
    heroic = {"description": "Whenever you cast a spell that targets ~, create a 1/1 red Soldier creature token "
                             "with haste.", "trigger_event": {"type": "SpellCast"}}
    assert name(heroic, {}, oracle=HEROIC, card="Akroan Crusader") == "heroic"
    assert name(heroic, {}) == "cast_trigger"                    # no card text: the trigger's event
    constellation = {"description": "Whenever ~ or another enchantment enters the battlefield under your "
                                    "control, draw a card.", "source_id": 5,
                     "trigger_event": {"type": "ZoneChanged", "data": {"object_id": 9, "to": "Battlefield"}}}
    assert name(constellation, {}, oracle=CONSTELLATION, card="Eidolon of Blossoms") == "constellation"
    # a line of the card that phase did not describe is no match, and another object entering is no "enters"
    other = {**constellation, "description": "Whenever an enchantment enters, you gain 2 life."}
    assert name(other, {}, oracle=CONSTELLATION, card="Eidolon of Blossoms") == "ZoneChanged"
    own = {**constellation, "trigger_event": {"type": "ZoneChanged",
                                              "data": {"object_id": 5, "to": "Battlefield"}}}
    assert name(own, {}) == "enters"
    chapter = {"description": "I \u2014 Create a 2/2 white Knight creature token with vigilance."}
    assert name(chapter, {}, oracle="I \u2014 Create a 2/2 white Knight creature token with vigilance.",
                card="History of Benalia") == "chapter_I"


def _play(setup: dict[str, Any], actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    reqs = [{"cmd": "start", "protocol": 1}, {"cmd": "setup", "case": "t/x", "setup": setup},
            *({"cmd": "action", "action": a} for a in actions), {"cmd": "observe"}, {"cmd": "stop"}]
    proc = subprocess.run([str(ENGINE_DIR / "run-harness")], input="".join(
        json.dumps({"seq": i, **r}) + "\n" for i, r in enumerate(reqs)), capture_output=True, text=True,
        timeout=120, check=True)
    return [json.loads(line) for line in proc.stdout.splitlines()]


@needs_phase
def test_a_heroic_trigger_is_reported_as_heroic() -> None:
    setup = {"active_player": "p1", "step": "precombat_main", "turn": 3, "players": {
        "p1": {"life": 20, "mana": "{G}", "battlefield": [{"id": "h", "card": "Akroan Crusader"}],
               "hand": [{"id": "pump", "card": "Giant Growth"}], "library": [{"id": "l1", "card": "Island"}]},
        "p2": {"life": 20}}}
    out = _play(setup, [{"cast": {"player": "p1", "object": "pump", "targets": ["h"]}}, {"resolve_top": {}}])
    assert all(r["ok"] for r in out), out
    events = out[-2]["events"]
    assert [(e["source"], e["ability"]) for e in events if e["type"] == "triggered"] == [("h", "heroic")]
    assert [e["card"] for e in events if e["type"] == "token_created"] == ["Soldier Token"]


THRENODY = {"active_player": "p1", "step": "precombat_main", "turn": 3, "players": {
    "p1": {"life": 20, "mana": "{U}{C}", "hand": [{"id": "singer", "card": "Threnody Singer"}],
           "battlefield": [{"id": "mine", "card": "Grizzly Bears"}]},
    "p2": {"life": 20, "battlefield": [{"id": "big", "card": "Enormous Baloth"}]}}}
"""Threnody Singer's enters trigger targets a creature an opponent controls: p2 has one, so phase puts the
trigger on the stack with it chosen, asking nothing."""


@needs_phase
def test_a_scripted_target_phase_chose_itself_stands() -> None:
    out = _play(THRENODY, [{"cast": {"player": "p1", "object": "singer"}}, {"resolve_top": {}},
                           {"choose": {"choice": "targets", "source": "singer", "ability": "enters",
                                       "targets": ["big"]}},
                           {"resolve_top": {}}])
    assert all(r["ok"] for r in out), out
    assert out[-2]["state"]["objects"]["big"]["power"] == 6           # -X/-0, X = devotion to blue (1)


@needs_phase
def test_a_scripted_target_other_than_phases_own_choice_is_refused() -> None:
    out = _play(THRENODY, [{"cast": {"player": "p1", "object": "singer"}}, {"resolve_top": {}},
                           {"choose": {"choice": "targets", "targets": ["mine"]}}])
    refused = out[4]
    assert not refused["ok"] and refused["error"]["kind"] == "illegal_action", refused
    assert "chose the targets" in refused["error"]["message"]
    # answered once: a second answer for the same trigger waits for nothing
    again = _play(THRENODY, [{"cast": {"player": "p1", "object": "singer"}}, {"resolve_top": {}},
                             {"choose": {"choice": "targets", "targets": ["big"]}},
                             {"choose": {"choice": "targets", "targets": ["big"]}}])
    assert again[4]["ok"] and again[5]["error"]["kind"] == "unused_answer", again


def test_the_upkeep_trigger_of_a_card_with_rebound_is_named_rebound() -> None:
    """phase's rebound delayed trigger is a PhaseChanged trigger of the exiled card (702.88a): the
    keyword names it (SPEC, "Engine facts", rule 3)."""
    name = _ability_name()
    trigger = {"description": "", "trigger_event": {"type": "PhaseChanged"}}
    oracle = "Staggershock deals 2 damage to any target.\nRebound (If you cast this spell from " \
        "your hand, exile it as it resolves. ...)"
    assert name(trigger, {}, oracle=oracle, card="Staggershock") == "rebound"
    assert name(trigger, {}, oracle="Draw a card.", card="Divination") == "PhaseChanged"
