"""The Node.js example engine (examples/node-engine/engine.js): smoke-checked and run on the suite.

It declares one card (Lightning Bolt) and five features, so nearly every case is ``unsupported``;
the ones it takes must pass. Skipped when ``node`` is not installed.
"""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner
from conftest import NODE_ENGINE, PROBES, ROOT, SUITE

from conformance import cases_io
from conformance.runner import RunOptions, run_cases

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (the example needs Node.js >= 18)")
SPEC = f"cmd:node '{NODE_ENGINE}'"


def test_smoke_command_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulings.cli import cli

    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["engines", "smoke", "cmd:node examples/node-engine/engine.js"])
    assert result.exit_code == 0, result.output
    assert "node-bolt 0.1.0" in result.output and "smoke: ok" in result.output


def test_suite_run_passes_what_it_declares() -> None:
    cases = cases_io.load_cases([SUITE, PROBES])
    run = run_cases(cases, SPEC, RunOptions(timeout=10.0, validate_protocol=True))
    counts = run.counts
    assert counts["fail"] == counts["error"] == counts["crash"] == counts["timeout"] == 0, [
        (r.id, r.status, r.message) for r in run.results if r.status not in ("pass", "unsupported")]
    assert counts["pass"] >= 1
    assert counts["unsupported"] >= len(cases) - counts["pass"]
    assert {r.id for r in run.results if r.status == "pass"} >= {"pymtg-probes/bolt-to-the-face"}
    assert run.exit_code == 0


def test_cli_run_against_the_suite(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulings.cli import cli

    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["run", "conformance/cases", "tests/engines/data/cases",
                                      "--engine", "cmd:node examples/node-engine/engine.js", "-q"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("node-bolt 0.1.0:")
