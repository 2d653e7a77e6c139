"""The engine harnesses share one stdio loop (``wire/mtg_rulings_harness.py``, issue #12) and learn the
suite's cards from ``start`` (issue #11): real harness processes, real pipes."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HARNESSES = {"python-mtg": "MTG_HARNESS", "phase": "PHASE_HARNESS"}


def _sources() -> list[Path]:
    out = [ROOT / "wire" / "mtg_rulings_harness.py"]
    for name in HARNESSES:
        out += [p for p in sorted((ROOT / "engines" / name).rglob("*.py")) if ".venv" not in p.parts]
    return out


def test_no_harness_reads_the_case_files() -> None:
    """The suite's cards come in ``start`` (``cards``); the harness code names no case tree and globs
    no YAML (the old harnesses read ``conformance/cases`` by regex and by PyYAML)."""
    sources = _sources()
    assert len(sources) >= 12
    for path in sources:
        text = path.read_text(encoding="utf-8")
        found = re.findall(r'rglob\(|"conformance" / "cases"|cases_dir|case_cards', text)
        assert not found, (path, found)


def test_the_loop_is_written_once() -> None:
    """Each harness imports the shared loop; none defines its own serve loop or re-exec."""
    for name in HARNESSES:
        text = (ROOT / "engines" / name / "harness.py").read_text(encoding="utf-8")
        assert "import mtg_rulings_harness as loop" in text
        assert not re.search(r"^def (serve|_reexec|_needs_restart|rss_mb)\b|^class (FdLines|HarnessError)\b",
                             text, re.M)


@pytest.mark.parametrize("name", sorted(HARNESSES))
def test_a_restart_keeps_requests_a_client_pipelined(name: str) -> None:
    """Requests read ahead before the harness re-executes itself are answered by the new process
    (python-mtg's own loop read a text stdin, whose read-ahead an exec dropped)."""
    run = ROOT / "engines" / name / "run-harness"
    if not (ROOT / "engines" / name / ".venv" / "bin" / "python").exists():
        pytest.skip(f"{name} engine venv absent: run `make engines` first")
    empty = {"players": {}}
    reqs = [{"cmd": "start", "protocol": 1}] + [{"cmd": "setup", "case": f"t/{i}", "setup": empty}
                                                for i in range(3)]
    reqs += [{"cmd": "observe"}, {"cmd": "stop"}]
    text = "".join(json.dumps({"seq": i, **r}) + "\n" for i, r in enumerate(reqs))
    proc = subprocess.run([str(run)], input=text, capture_output=True, text=True, timeout=300,
                          env={**os.environ, f"{HARNESSES[name]}_RESTART_EVERY": "1"},
                          start_new_session=True)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["seq"] for a in answers] == list(range(len(reqs))), proc.stderr[-2000:]
    assert all(a["ok"] for a in answers), answers
    assert answers[-2]["extra"]["restarts"] == 2 and answers[-2]["extra"]["games"] == 1
    assert proc.stderr.count(f"{name} harness: restart") == 2 and proc.returncode == 0
