"""Every stdio server answers the same bad input identically (issue #11, part 1): the project's
``conformance.engines.serve``, the python-mtg and phase harnesses (in their own venvs, through
the ``wire/`` distribution) and the Node example. Real processes, real pipes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conformance import schemas

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 1000
"""``MTG_WIRE_MAX_REQUEST_BYTES`` for the run: an oversized line is cheap to send."""

BAD_LINES: list[tuple[str, str, str]] = [
    # (line, expected kind, expected message)
    ("this is not json", "bad_request", "request is not JSON"),
    ("[1, 2]", "bad_request", "a request is a JSON object"),
    ('{"cmd": "start", "protocol": 1}', "bad_request", "request without a valid seq"),
    ('{"seq": -1, "cmd": "observe"}', "bad_request", "request without a valid seq"),
    ('{"seq": true, "cmd": "observe"}', "bad_request", "request without a valid seq"),
    ('{"seq": "7", "cmd": "observe"}', "bad_request", "request without a valid seq"),
    ('{"seq": 1, "cmd": "bogus"}', "bad_request", 'unknown command "bogus"'),
    ('{"seq": 2}', "bad_request", "unknown command null"),
    ('{"seq": 3, "cmd": "start", "protocol": 99}', "protocol", "this engine speaks protocol 1"),
    ('{"seq": 4, "cmd": "start", "protocol": NaN}', "bad_request", "request is not JSON"),
    ('{"seq": Infinity, "cmd": "stop"}', "bad_request", "request is not JSON"),
    ('{"seq": 5, "cmd": "action", "action": {"pass": {"player": "p1"}}}', "illegal_action",
     "action before setup"),
    ('{"seq": 6, "cmd": "observe"}', "illegal_action", "observe before setup"),
    ('{"seq": 7, "cmd": "action"}', "bad_request", "action needs an 'action' object"),
    ('{"seq": 8, "cmd": "setup", "case": "x/y"}', "bad_request", "setup needs a 'setup' object"),
    ('{"seq": 9, "cmd": "setup", "setup": {}}', "bad_request", "setup needs a 'case' id"),
    (json.dumps({"seq": 10, "cmd": "observe", "pad": "x" * LIMIT}), "bad_request",
     f"request longer than {LIMIT} bytes"),
    ('{"seq": 13, "cmd": "start", "protocol": 1, "cards": "Lightning Bolt"}', "bad_request",
     "start needs 'cards' to be a list of card names"),
    ('{"seq": 14, "cmd": "start", "protocol": 1, "cards": [1]}', "bad_request",
     "start needs 'cards' to be a list of card names"),
]


def _servers() -> list[tuple[str, list[str]]]:
    out = [("serve", [sys.executable, "-m", "conformance.engines.serve", "reference"])]
    for name in ("python-mtg", "phase"):
        if (ROOT / "engines" / name / ".venv" / "bin" / "python").exists():
            out.append((name, [str(ROOT / "engines" / name / "run-harness")]))
    if shutil.which("node"):
        out.append(("node", ["node", str(ROOT / "examples" / "node-engine" / "engine.js")]))
    return out


def _answers(cmd: list[str]) -> list[dict]:
    lines = [b for b, _, _ in BAD_LINES]
    lines += ['{"seq": 11, "cmd": "start", "protocol": 1}', '{"seq": 12, "cmd": "stop"}']
    env = {**os.environ, "MTG_WIRE_MAX_REQUEST_BYTES": str(LIMIT)}
    proc = subprocess.run(cmd, input="".join(x + "\n" for x in lines), capture_output=True,
                          text=True, timeout=120, cwd=ROOT, env=env, start_new_session=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return [json.loads(x) for x in proc.stdout.splitlines()]


@pytest.fixture(scope="module")
def answers() -> dict[str, list[dict]]:
    return {name: _answers(cmd) for name, cmd in _servers()}


def test_every_server_refuses_bad_input_alike_and_valid_by_the_error_schema(answers) -> None:
    expected = [{"seq": json.loads(line)["seq"] if kind != "bad_request" or "unknown" in msg
                 or "needs" in msg else 0,
                 "ok": False, "error": {"kind": kind, "message": msg}}
                for line, kind, msg in BAD_LINES]
    for name, got in answers.items():
        assert len(got) == len(BAD_LINES) + 2, name
        for answer in got[:len(BAD_LINES)]:
            assert schemas.problems("io/error.response", answer) == [], (name, answer)
        assert got[:len(BAD_LINES)] == expected, name
        assert got[-2]["ok"] is True and got[-2]["seq"] == 11 and got[-1] == {"seq": 12, "ok": True}


def test_the_engine_harnesses_are_in_the_comparison(answers) -> None:
    """The node example and the serve module always run; the Python harnesses whenever their
    venvs exist (``make engines``), which CI's engine job guarantees."""
    assert {"serve"} <= set(answers)
    if os.environ.get("CI") or (ROOT / "engines" / "python-mtg" / ".venv").exists():
        assert "python-mtg" in answers
