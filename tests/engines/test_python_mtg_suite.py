"""python-mtg against the whole suite: its results must match its committed expectations file.

The engine lives in its own venv (``make engines``); without it these tests are skipped. A change in
the suite (a new or edited case) or in the harness that changes python-mtg's results fails here until
``conformance/expectations/python-mtg.yaml`` is regenerated (docs/adapters.md, "Expectations workflow").
"""

from __future__ import annotations

import pytest
from committed_suite import committed_cases
from conftest import (
    PROBE_EXPECTATIONS,
    PROBES,
    PYMTG_DIR,
    PYMTG_SPEC,
    PYMTG_VENV_PY,
    SUITE,
    SUITE_EXPECTATIONS,
)

from conformance import case_vocabulary, cases_io
from conformance.expectations import load_expectations
from conformance.runner import Run, RunOptions, run_cases

pytestmark = pytest.mark.skipif(
    not PYMTG_VENV_PY.exists(), reason="python-mtg engine venv absent: run `make engines` first")


def _explain(run: Run) -> str:
    lines = []
    for r in run.unexpected:
        lines.append(f"{r.id}: {r.status} (expected {r.expected}): {r.message}")
        lines += [f"    {m['where']}: expected {m.get('expected')!r}, observed {m.get('observed')!r}"
                  for m in r.mismatches[:3]]
    return "\n".join(lines)


def _run(cases_dir, expectations, spec: str = PYMTG_SPEC) -> Run:
    return run_cases(cases_io.load_cases([cases_dir]), spec, RunOptions(timeout=30.0),
                     load_expectations(expectations))


@pytest.mark.ci  # the whole suite on python-mtg: also what CI's `make engines-conformance` runs
def test_suite_matches_the_expectations_file() -> None:
    run = _run(SUITE, SUITE_EXPECTATIONS)
    assert run.engine.name == "python-mtg" and run.engine.version == "0.1.1"
    assert run.exit_code == 0, "python-mtg's results changed; regenerate its expectations:\n" + _explain(run)


def test_probes_match_their_expectations_file() -> None:
    run = _run(PROBES, PROBE_EXPECTATIONS)
    assert run.exit_code == 0, _explain(run)
    assert run.counts["pass"] >= 1                       # the adapter does produce passes


def test_every_known_failure_has_a_diagnosis_in_the_engine_code() -> None:
    for path in (SUITE_EXPECTATIONS, PROBE_EXPECTATIONS):
        exp = load_expectations(path)
        for cid, e in exp.failures.items():
            assert e.reason and "mtg/" in e.reason, f"{cid}: the reason must point at python-mtg's code"
            assert not e.reason.startswith("UNDIAGNOSED"), cid


def test_declared_features_are_the_vocabulary_with_reasons_for_the_rest() -> None:
    from conformance.engines.spec import parse_spec
    from conformance.runner import suite_cards

    offered = suite_cards(list(committed_cases()))  # the suite under SUITE, parsed once
    engine = parse_spec(PYMTG_SPEC).connect(timeout=30.0, cards=offered)
    try:
        info = engine.info()
    finally:
        engine.close()
    vocab = set(case_vocabulary.load_features(case_vocabulary.FEATURES_FILE))
    assert info.features <= vocab
    extra = info.extra.get("extra", {})          # the harness nests its extras under `extra`
    not_declared = extra["not_declared"]
    assert set(not_declared) == vocab - info.features
    assert all(reason for reason in not_declared.values())
    # cards python-mtg's own bridge drops a clause of are never claimed; every offered card is
    # declared, abstained from or missing from python-mtg's corpus
    assert extra["abstaining_clauses"] and not set(extra["abstaining_clauses"]) & info.cards
    assert info.cards | set(extra["abstaining_clauses"]) | set(extra["not_in_corpus"]) == set(offered)


@pytest.mark.parametrize("bound", ["MTG_HARNESS_RESTART_EVERY=2", "MTG_HARNESS_MAX_RSS_MB=1"])
def test_restarting_changes_no_result(bound: str) -> None:
    # the harness re-execs itself before a setup (every 2 games / above 1 MB: before every game but
    # its first); the runner sees one engine and the same results
    spec = f"cmd:env {bound} '{PYMTG_DIR / 'run-harness'}'"
    run = _run(PROBES, PROBE_EXPECTATIONS, spec)
    assert run.exit_code == 0, _explain(run)


def test_adapter_factory_serves_the_same_engine() -> None:
    from mtg_rulings_adapters import pymtg

    cmd = pymtg.command()
    assert cmd[0].endswith(".venv/bin/python") and cmd[1].endswith("harness.py")
    run = _run(PROBES, PROBE_EXPECTATIONS, "mtg_rulings_adapters.pymtg:engine")
    assert run.engine.name == "python-mtg"
    assert run.exit_code == 0, _explain(run)


def test_pymtg_entry_point_resolves() -> None:
    from conformance.engines.spec import installed_engines, parse_spec

    if "pymtg" not in installed_engines():
        pytest.skip("the `pymtg` entry point is not registered (pyproject.toml "
                    "[project.entry-points.\"mtg_rulings.engines\"] pending)")
    engine = parse_spec("pymtg").connect()
    try:
        assert engine.info().name == "python-mtg"
    finally:
        engine.close()
