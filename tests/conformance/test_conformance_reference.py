"""The harness with the real reference engine and the real suite (conformance/cases)."""

from __future__ import annotations

import sys

import pytest
from committed_suite import committed_cases

from conformance.case_lint import lint
from conformance.case_vocabulary import FEATURES_FILE, load_features
from conformance.cases_io import CASES_DIR
from conformance.engines.spec import python_serve_argv
from conformance.mutation import run_mutants
from conformance.output.jsonl import load_run, write_run
from conformance.runner import RunOptions, run_cases
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


def test_reference_passes_every_case_it_supports_in_process_and_over_stdio(suite, tmp_path):
    inproc = run_cases(suite, "reference", RunOptions(validate_protocol=True))
    wire = run_cases(suite, STDIO, RunOptions(validate_protocol=True))
    # "verified" may come from another engine (the verification table); what the reference engine
    # takes, it passes
    assert [(r.id, r.status) for r in inproc.results if r.status not in ("pass", "unsupported")] == []
    assert [(r.id, r.status, r.mismatches) for r in wire.results] == [
        (r.id, r.status, r.mismatches) for r in inproc.results]
    assert wire.engine == inproc.engine
    write_run(wire, tmp_path / "wire.jsonl")
    assert load_run(tmp_path / "wire.jsonl").counts == wire.counts


def test_reference_over_stdio_with_two_workers(suite):
    run = run_cases(suite, STDIO, RunOptions(jobs=2))
    assert len(run.results) == len(suite)
    assert {r.status for r in run.results} <= {"pass", "unsupported"}


def test_every_mutant_is_killed_or_explained(suite):
    report = run_mutants(suite)
    assert report.results, "no mutants"
    assert report.unexplained == [], report.render()


def test_serve_entry_point_runs_as_a_module():
    import subprocess

    out = subprocess.run([sys.executable, "-m", "conformance.engines.serve", "reference"],
                         input='{"seq": 0, "cmd": "start", "protocol": 1}\n{"seq": 1, "cmd": "stop"}\n',
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert len(lines) == 2 and '"name":"reference"' in lines[0] and '"seq":1' in lines[1]
