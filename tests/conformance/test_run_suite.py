"""``conformance.runner.run_suite``, the library form of ``rulings run``: what it reports to its
callback, in which order, and the files it writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from conformance_testlib import STATUSES

from conformance.engines.spec import list_engines
from conformance.errors import ConformanceError
from conformance.expectations import Expectations, Expected, load_expectations, write_expectations
from conformance.output.jsonl import load_run
from conformance.runner import (
    CaseDone,
    RunDone,
    RunEvent,
    RunFiles,
    RunOptions,
    SuiteWarning,
    run_suite,
)


def test_events_come_in_order_and_every_file_is_written(tmp_path: Path) -> None:
    previous = tmp_path / "toy.yaml"
    write_expectations(Expectations("toy", {"gone/case": Expected("crash", "renamed since")}),
                       previous)
    out = tmp_path / "new" / "dir"
    files = RunFiles(jsonl=out / "run.jsonl", junit=out / "junit.xml", markdown=out / "sum.md",
                     expectations=out / "draft.yaml")
    events: list[RunEvent] = []
    done = run_suite([STATUSES], "toy:ToyEngine", RunOptions(timeout=2.0), expectations=previous,
                     files=files, on_event=events.append)

    first, *middle, last = events
    assert isinstance(first, SuiteWarning)
    assert "1 case ids not in the suite: gone/case" in first.message
    assert all(isinstance(e, CaseDone) for e in middle)
    assert sorted(e.result.id for e in middle if isinstance(e, CaseDone)) == \
        sorted(r.id for r in done.run.results)
    assert isinstance(last, RunDone) and last.run is done.run

    ran = {r.id: r.status for r in done.run.results}
    assert ran["status/pass"] == "pass" and ran["status/fail"] == "fail"
    assert {r.id: r.status for r in load_run(out / "run.jsonl").results} == ran
    assert "<testsuite" in (out / "junit.xml").read_text(encoding="utf-8")
    assert (out / "sum.md").read_text(encoding="utf-8").strip()
    assert done.draft is not None
    assert load_expectations(out / "draft.yaml").failures == done.draft.expectations.failures
    assert done.draft.not_run == ["gone/case"]


def test_a_run_that_cannot_start_reports_nothing_and_raises(tmp_path: Path) -> None:
    events: list[RunEvent] = []
    jsonl = tmp_path / "run.jsonl"
    with pytest.raises(ConformanceError):
        run_suite([STATUSES], f"cmd:{tmp_path / 'no-such-engine'}", RunOptions(timeout=2.0),
                  files=RunFiles(jsonl=jsonl), on_event=events.append)
    assert events == []
    assert jsonl.read_text(encoding="utf-8") == ""  # closed, no header: the run never began


def test_list_engines_names_the_reference_first_and_the_cmd_form_last() -> None:
    engines = list_engines()
    assert engines[0].spec == "reference" and engines[0].origin.startswith("built in")
    assert engines[-1].spec == "cmd:<command line>"
    assert any(e.spec.startswith("mutant:") for e in engines)
