"""Run outputs: JSON Lines round trip and validation, JUnit read by junitparser, Markdown, diff."""

from __future__ import annotations

import json

import pytest
from conformance_testlib import fake_cmd

from conformance import schemas
from conformance.diff import diff_runs
from conformance.errors import DuplicateCase, InvalidRunLine, MissingFooter, MissingHeader
from conformance.expectations import Expectations, Expected
from conformance.output.jsonl import load_run, write_run
from conformance.output.junit import render_junit, write_junit
from conformance.output.markdown import render_markdown
from conformance.runner import RunOptions, run_cases


@pytest.fixture
def run(status_cases, cases):
    exp = Expectations("toy", {"status/error": Expected("error", "toy casts burn only")})
    return run_cases([*cases, *status_cases], fake_cmd("crasher"), RunOptions(timeout=2),
                     expectations=exp)


def test_jsonl_round_trip(run, tmp_path):
    path = tmp_path / "run.jsonl"
    write_run(run, path)
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert [x["type"] for x in (lines[0], lines[1], lines[-1])] == ["header", "case", "footer"]
    for line in lines:
        assert schemas.problems("run", line) == []
    back = load_run(path)
    assert back.engine == run.engine
    assert [(r.id, r.status, r.outcome, r.mismatches) for r in back.results] == [
        (r.id, r.status, r.outcome, r.mismatches) for r in run.results]
    assert back.counts == run.counts and back.exit_code == run.exit_code == 1


@pytest.mark.parametrize("edit, exc", [
    (lambda ls: ls[:-1], MissingFooter),
    (lambda ls: ls[1:], MissingHeader),
    (lambda ls: [ls[0], ls[1], *ls[1:]], DuplicateCase),
    (lambda ls: [ls[0], "{not json", *ls[1:]], InvalidRunLine),
    (lambda ls: [ls[0], json.dumps({"type": "case", "id": "x"}), *ls[1:]], InvalidRunLine),
])
def test_invalid_run_files(run, tmp_path, edit, exc):
    path = tmp_path / "run.jsonl"
    write_run(run, path)
    path.write_text("\n".join(edit(path.read_text().splitlines())) + "\n")
    with pytest.raises(exc):
        load_run(path)


def test_junit_parses_with_junitparser(run, tmp_path):
    import junitparser  # a dev dependency (pyproject [dev]): missing is a failure, not a skip
    path = tmp_path / "junit.xml"
    write_junit(run, path)
    xml = junitparser.JUnitXml.fromfile(str(path))
    suites = list(xml)
    assert len(suites) == 1
    suite = suites[0]
    assert suite.tests == len(run.results)
    assert (suite.failures, suite.errors) == (1, 1)  # status/fail; crasher's misbehave
    assert suite.skipped == 2  # known error + unsupported
    by_name = {f"{c.classname}/{c.name}": c for c in suite}
    assert set(by_name) == {r.id for r in run.results}
    fail = by_name["status/fail"].result
    assert fail and isinstance(fail[0], junitparser.Failure)
    assert "expected: 16" in fail[0].text and "observed: 17" in fail[0].text
    crash = by_name["status/misbehave"].result[0]
    assert isinstance(crash, junitparser.Error) and crash.type == "crash"
    assert "segmentation fault" in crash.text
    assert isinstance(by_name["status/error"].result[0], junitparser.Skipped)
    assert by_name["lightning-bolt/face"].is_passed


def test_junit_is_well_formed_xml_without_junitparser(run):
    import xml.etree.ElementTree as ET

    root = ET.fromstring(render_junit(run).encode())
    assert root.tag == "testsuites" and root[0].get("tests") == str(len(run.results))


def test_markdown_summary(run):
    md = render_markdown(run)
    assert md.startswith("## Conformance: toy 0.1 — ❌ 2 unexpected")
    assert "| pass | fail | error | crash | timeout | unsupported |" in md
    assert "<code>state.life.p2</code>" in md and "<code>16</code>" in md
    assert "<code>17</code>" in md
    assert "segmentation fault" in md
    assert "toy casts burn only" in md


def test_diff_lists_changes(run, status_cases, cases, tmp_path):
    other = run_cases([*cases, *status_cases[:-1]], "toy:ToyEngine")
    d = diff_runs(run, other)
    kinds = {c.id: c.kind for c in d.changes}
    assert kinds == {"status/misbehave": "fixed", "status/unsupported": "removed"}
    text = d.render()
    assert "fixed (1):" in text and "status/misbehave: crash -> pass" in text
    assert diff_runs(run, run).empty


def test_diff_notices_an_edited_case(run):
    import copy

    other = copy.deepcopy(run)
    other.results[0].hash = "sha256:" + "0" * 64
    other.results[1].status = "fail"
    d = diff_runs(run, other)
    assert [(c.id, c.kind) for c in d.changes] == [(run.results[0].id, "edited"),
                                                    (run.results[1].id, "broken")]
