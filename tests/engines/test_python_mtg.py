"""python-mtg behind the stdio protocol: capabilities, a real case, garbage handling.

Runs the harness in the ENGINE's own venv (engines/python-mtg/.venv, created by ``make engines``);
skipped with a reason when that venv is absent.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

ENGINE_DIR = Path(__file__).resolve().parents[2] / "engines" / "python-mtg"
VENV_PY = ENGINE_DIR / ".venv" / "bin" / "python"

pytestmark = pytest.mark.skipif(
    not VENV_PY.exists(), reason="python-mtg engine venv absent: run `make engines` first"
)


class Harness:
    """A live harness process spoken to line by line."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [str(ENGINE_DIR / "run-harness")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, bufsize=1,
        )
        self.seq = 0

    def raw(self, line: str) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        out = self.proc.stdout.readline()
        assert out, f"harness died: {self.proc.stderr.read() if self.proc.stderr else ''}"
        return json.loads(out)

    def send(self, cmd: str, **body: Any) -> dict[str, Any]:
        self.seq += 1
        resp = self.raw(json.dumps({"seq": self.seq, "cmd": cmd, **body}))
        assert resp["seq"] == self.seq
        return resp

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.send("stop")
            finally:
                self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def harness() -> Any:
    h = Harness()
    yield h
    h.close()


BOLT_SETUP = {
    "active_player": "p1", "step": "precombat_main", "turn": 1,
    "players": {
        "p1": {"life": 20, "mana": "{R}", "hand": [{"id": "bolt", "card": "Lightning Bolt"}]},
        "p2": {"life": 20},
    },
}


def test_start_reports_capabilities(harness: Harness) -> None:
    resp = harness.send("start", protocol=1)
    assert resp["ok"] is True
    eng = resp["engine"]
    assert eng["name"] == "python-mtg"
    assert eng["version"] == "0.1.1"
    assert eng["protocol"] == 1
    assert isinstance(eng["features"], list) and eng["cards"] == []     # no cards offered
    assert "rss_mb" in eng["extra"]


def test_start_declares_among_the_offered_cards_only() -> None:
    """The runner offers the suite's cards in ``start``; the harness reads no case file."""
    h = Harness()
    try:
        offer = ["Lightning Bolt", "No Such Card", "Grizzly Bears"]
        eng = h.send("start", protocol=1, cards=offer)["engine"]
    finally:
        h.close()
    assert eng["cards"] == ["Grizzly Bears", "Lightning Bolt"]
    assert eng["extra"]["not_in_corpus"] == ["No Such Card"]


def test_bolt_to_the_face_is_a_crime(harness: Harness) -> None:
    assert harness.send("setup", case="test/bolt-face", setup=BOLT_SETUP)["ok"]
    assert harness.send("action", action={"cast": {"player": "p1", "object": "bolt", "targets": ["p2"]}})["ok"]
    mid = harness.send("observe")
    assert mid["state"]["stack"] == [
        {"object": "bolt", "card": "Lightning Bolt", "controller": "p1", "copy": False}]
    assert mid["state"]["objects"]["bolt"]["zone"] == "stack"
    assert harness.send("action", action={"resolve_stack": {}})["ok"]
    obs = harness.send("observe")
    assert obs["ok"] is True
    state, events = obs["state"], obs["events"]
    assert state["players"]["p1"]["life"] == 20
    assert state["players"]["p2"]["life"] == 17
    assert state["objects"]["bolt"]["zone"] == "graveyard"
    assert state["stack"] == []
    types = [e["type"] for e in events]
    assert types.index("cast") < types.index("crime_committed")
    assert {"type": "crime_committed", "player": "p1", "source": "bolt"} in events
    assert any(e["type"] == "damage" and e["target"] == "p2" and e["amount"] == 3 for e in events)
    assert obs["extra"]["rss_mb"] > 0


def test_setup_starts_a_fresh_event_log(harness: Harness) -> None:
    assert harness.send("setup", case="test/fresh", setup=BOLT_SETUP)["ok"]
    obs = harness.send("observe")
    assert obs["events"] == []
    assert obs["state"]["players"]["p2"]["life"] == 20
    assert obs["state"]["objects"]["bolt"]["zone"] == "hand"


def test_unknown_card_is_unsupported(harness: Harness) -> None:
    setup = {"players": {"p1": {"hand": [{"id": "x", "card": "No Such Card Ever"}]}, "p2": {}}}
    resp = harness.send("setup", case="test/unknown-card", setup=setup)
    assert resp["ok"] is False
    assert resp["error"]["kind"] == "unsupported"
    assert "corpus" in resp["error"]["message"]


def test_inexpressible_action_is_unsupported_not_a_pass(harness: Harness) -> None:
    assert harness.send("setup", case="test/kw", setup=BOLT_SETUP)["ok"]
    resp = harness.send("action", action={"set_keywords": {"object": "bolt", "add": ["flying"]}})
    assert resp["ok"] is False and resp["error"]["kind"] == "unsupported"


def test_garbage_is_answered_not_fatal(harness: Harness) -> None:
    resp = harness.send("frobnicate")
    assert resp["ok"] is False and resp["error"]["kind"]
    bad = harness.raw("this is not json")
    assert bad["ok"] is False and bad["error"]["kind"] == "bad_request"
    resp = harness.send("action", action={"cast": {"player": "p1", "object": "nope"}})
    assert resp["ok"] is False
    assert harness.send("start", protocol=1)["ok"] is True       # still serving


def test_adapter_command_is_absolute_and_launches() -> None:
    from mtg_rulings_adapters import pymtg

    cmd = pymtg.command()
    assert all(Path(part).is_absolute() for part in cmd)
    out = subprocess.run(cmd, input='{"seq": 9, "cmd": "stop"}\n', capture_output=True, text=True,
                         timeout=120, check=True).stdout
    assert json.loads(out) == {"seq": 9, "ok": True}


def test_a_countered_spell_and_the_floating_pool_are_reported(harness: Harness) -> None:
    """python-mtg counters through driver._run_spell_effects (its `countered` look-back relation): the harness
    logs `countered` before the spell leaves the stack; the snapshot holds the floating pool (floating_mana)."""
    setup = {"active_player": "p1", "step": "precombat_main", "turn": 3, "players": {
        "p1": {"life": 20, "mana": "{G}{G}{U}{U}{U}", "hand": [{"id": "bears", "card": "Grizzly Bears"},
                                                            {"id": "cs", "card": "Counterspell"}]},
        "p2": {"life": 20}}}
    assert harness.send("setup", case="test/counter", setup=setup)["ok"]
    assert harness.send("action", action={"cast": {"player": "p1", "object": "bears"}})["ok"]
    assert harness.send("action", action={"cast": {"player": "p1", "object": "cs", "targets": ["bears"]}})["ok"]
    assert harness.send("action", action={"resolve_stack": {}})["ok"]
    obs = harness.send("observe")
    events = obs["events"]
    countered = [i for i, e in enumerate(events) if e["type"] == "countered"]
    assert [events[i] for i in countered] == [{"type": "countered", "object": "bears", "by": "cs"}]
    moved = [i for i, e in enumerate(events) if e["type"] == "zone_change" and e["object"] == "bears"
             and e["from"] == "stack"]
    assert moved and countered[0] < moved[0]
    assert obs["state"]["objects"]["bears"]["zone"] == "graveyard"
    assert obs["state"]["players"]["p1"]["mana"] == "{G}"       # {1}{G} and {U}{U} paid from five
    assert obs["state"]["players"]["p2"]["mana"] == ""
