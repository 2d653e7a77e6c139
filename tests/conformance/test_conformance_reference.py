"""The harness with the real reference engine and the real suite (conformance/cases)."""

from __future__ import annotations

import functools
import re
import sys
from typing import Any

import pytest
from committed_suite import committed_cases

from conformance.case_lint import lint
from conformance.case_vocabulary import FEATURES_FILE, load_features
from conformance.cases_io import CASES_DIR
from conformance.engines.spec import mutants, python_serve_argv, survivor_reasons
from conformance.mining.families import MUTANT_OF
from conformance.mutation import MutantResult, MutationReport
from conformance.output.jsonl import load_run, write_run
from conformance.runfile import CaseResult
from conformance.runner import RunOptions, run_cases
from conformance.runs import Run
from conformance.smoke import smoke

STDIO = "cmd:" + " ".join(python_serve_argv("reference"))


@pytest.fixture(scope="module")
def suite():
    cases = list(committed_cases())
    assert cases, "no cases under conformance/cases"
    return cases


def test_the_suite_lints_clean(suite):
    errors = [str(p) for p in lint([CASES_DIR], features_file=FEATURES_FILE) if p.severity == "error"]
    assert errors == []


@pytest.mark.parametrize("spec", ["reference", STDIO], ids=["in-process", "stdio"])
def test_reference_smoke(spec):
    report = smoke(spec, vocabulary=load_features())
    assert report.ok, report.render()


@pytest.mark.parametrize("size", [pytest.param(600, id="600-cases-over-stdio"),
                                  pytest.param(0, id="every-case", marks=pytest.mark.ci)])
def test_reference_passes_every_case_it_supports_in_process_and_over_stdio(suite, tmp_path,
                                                                           size):
    """In process, every case; over stdio, the same results (in make test 600 cases spread over
    the suite, so its time does not grow with the suite: the wire is the same for each case; CI
    runs them all, and so does `rulings verify --check`)."""
    stride = max(1, len(suite) // size) if size else 1
    inproc = _inprocess_run()
    # "verified" may come from another engine (the verification table); what the reference engine
    # takes, it passes
    assert [(r.id, r.status) for r in inproc.results if r.status not in ("pass", "unsupported")] == []
    sample = suite[::stride]
    wire = run_cases(sample, STDIO, RunOptions(validate_protocol=True))
    ids = {c.id for c in sample}
    assert [(r.id, r.status, r.mismatches) for r in wire.results] == [
        (r.id, r.status, r.mismatches) for r in inproc.results if r.id in ids]
    assert wire.engine == inproc.engine
    write_run(wire, tmp_path / "wire.jsonl")
    assert load_run(tmp_path / "wire.jsonl").counts == wire.counts


@functools.cache
def _inprocess_run() -> Run:
    return run_cases(list(committed_cases()), "reference", RunOptions(validate_protocol=True))


# the whole suite over stdio in two workers (three reference processes, ~8 s CPU): in make test,
# the whole suite over stdio is the test above and two stdio workers giving one worker's
# results in case order is test_conformance_runner.py::test_workers_give_the_same_results
@pytest.mark.ci
def test_reference_over_stdio_with_two_workers(suite):
    run = run_cases(suite, STDIO, RunOptions(jobs=2))
    assert len(run.results) == len(suite)
    assert {r.status for r in run.results} <= {"pass", "unsupported"}


class _Killed(Exception):
    """Raised from ``on_result`` at a mutant's first non-passing case: the run stops there."""

    def __init__(self, case_id: str) -> None:
        super().__init__(case_id)
        self.case_id = case_id


def _stop_at_first_kill(result: CaseResult) -> None:
    if result.status != "pass":
        raise _Killed(result.id)


def _cites(rules: tuple[str, ...], rule: str) -> bool:
    """Whether a case citing ``rules`` cites ``rule`` or a rule under it (702.29 -> 702.29a)."""
    return bool(rule) and any(r == rule or r.startswith(rule) or rule.startswith(r)
                              for r in rules)


def _words(text: str) -> set[str]:
    return {w for w in re.split(r"[^a-z0-9]+", text.lower()) if len(w) > 3}


@functools.cache
def _passing_cases() -> tuple[list[Any], dict[str, set[str]], dict[str, str]]:
    """The committed cases the reference engine passes (run once per process), with the words
    and mined family of each: what orders a mutant's likely killers first."""
    passing = {r.id for r in _inprocess_run().results if r.status == "pass"}
    selected = [c for c in committed_cases() if c.id in passing]
    words = {c.id: _words(" ".join((c.id, c.title, *c.features, *c.rules))) for c in selected}
    family = {c.id: c.provenance.get("source", "").removeprefix("mined:") for c in selected}
    return selected, words, family


@pytest.mark.parametrize("name", sorted(mutants()))
def test_every_mutant_is_killed_or_explained(name):
    """What ``run_mutants`` (``rulings mutants``) decides, at a fraction of its cost: the mutant
    fails some case the reference engine passes, unless ``SURVIVOR_REASONS`` explains it.

    ``run_mutants`` runs each of the ~190 mutants over the whole suite to list every killing
    case; the verdict only needs the first one. So the mutant runs the passing cases, likely
    killers first, and stops at its first case that does not pass; a survivor runs them all.
    Likely killers: the cases of the mined families whose mutant it is, then the cases citing
    the rule it breaks (its ``RULE``), then those sharing words with its name. The order changes
    no verdict. (One test per mutant, so the workers of ``make test`` share them.)
    """
    selected, words, family = _passing_cases()
    assert selected, "the reference engine passes no case"
    engine = mutants()[name]
    first = _words(name)
    rule = str(getattr(engine, "RULE", "") or "")
    order = sorted(selected, key=lambda c: (MUTANT_OF.get(family[c.id]) != name,
                                            not _cites(c.rules, rule),
                                            -len(first & words[c.id])))
    try:
        run_cases(order, f"mutant:{name}", on_result=_stop_at_first_kill)
        killed_by: tuple[str, ...] = ()
    except _Killed as kill:
        killed_by = (kill.case_id,)
    report = MutationReport(baseline_passing=len(selected),
                            results=[MutantResult(name, killed_by, survivor_reasons().get(name))])
    assert report.unexplained == [], report.render()


def test_serve_entry_point_runs_as_a_module():
    import subprocess

    out = subprocess.run([sys.executable, "-m", "conformance.engines.serve", "reference"],
                         input='{"seq": 0, "cmd": "start", "protocol": 1}\n{"seq": 1, "cmd": "stop"}\n',
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert len(lines) == 2 and '"name":"reference"' in lines[0] and '"seq":1' in lines[1]
