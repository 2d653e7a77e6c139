"""The run-file format has one owner, :mod:`conformance.runfile` (issue #11, part 1): the runner,
``rulings diff``/``verify`` and the reports read and write run files through it alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conformance_testlib import fake_cmd

from conformance import runfile
from conformance.errors import RunFileError
from conformance.output.jsonl import load_run, run_to_file, write_run
from conformance.runner import RunOptions, run_cases
from reports.conformance import load as report_load


@pytest.fixture
def run(cases):
    return run_cases(cases, fake_cmd("crasher"), RunOptions(timeout=2))


def _rewrite(path: Path, edit) -> None:
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    edit(lines)
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")


def test_one_model_and_one_status_list_for_every_user() -> None:
    import conformance.runner as runner
    import conformance.verification as verification

    assert runner.STATUSES is runfile.STATUSES is report_load.STATUSES
    assert runner.CaseResult is runfile.CaseResult is report_load.CaseLine
    assert verification.FAILING is runfile.FAILING is report_load.FAILING


def test_the_format_module_and_the_reports_import_no_runner_and_no_engine() -> None:
    code = ("import sys, conformance.runfile, reports.conformance.report; "
            "print(sorted(m for m in sys.modules if m.startswith('conformance.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    loaded = set(eval(out))
    assert "conformance.runfile" in loaded
    assert not {m for m in loaded if m == "conformance.runner" or m.startswith(
        ("conformance.engines", "conformance.reference", "conformance.output"))}


def test_the_runner_reader_is_as_strict_as_the_reports(run, tmp_path: Path) -> None:
    """``load_run`` (diff, expectations) once accepted a footer whose counts lied and a header
    whose suite_version did not match its cases; the one reader refuses both, for every user."""
    good = tmp_path / "run.jsonl"
    write_run(run, good)
    lied = tmp_path / "lied.jsonl"
    lied.write_text(good.read_text(encoding="utf-8"), encoding="utf-8")

    def lie(ls):
        ls[-1]["counts"]["pass"] += 5
    _rewrite(lied, lie)
    missing = tmp_path / "missing.jsonl"
    missing.write_text(good.read_text(encoding="utf-8"), encoding="utf-8")

    def drop_a_case(ls):
        gone = ls.pop(1)
        ls[-1]["counts"][gone["status"]] -= 1
    _rewrite(missing, drop_a_case)
    for path, message in ((lied, "the footer counts"), (missing, "cases are missing")):
        for read in (load_run, report_load.read_run_file, runfile.read_run_file):
            with pytest.raises(RunFileError if read is not report_load.read_run_file
                               else report_load.RunFileError) as err:
                read(path)
            assert message in str(err.value) and str(path) in str(err.value)


def test_history_conversion_needs_no_file_and_equals_reading_the_file(run, tmp_path) -> None:
    path = tmp_path / "run.jsonl"
    write_run(run, path)
    [from_file] = report_load.load_runs([path])
    [in_memory] = report_load.group_runs([run_to_file(run)])
    assert in_memory.run_id == from_file.run_id
    assert in_memory.to_jsonl() == from_file.to_jsonl() == path.read_text(encoding="utf-8")


def test_writers_agree_byte_for_byte(run, tmp_path: Path) -> None:
    """The runner's file and the reports' re-written file of it are the same bytes."""
    path, again = tmp_path / "run.jsonl", tmp_path / "again.jsonl"
    write_run(run, path)
    [loaded] = report_load.load_runs([path])
    report_load.write_run_jsonl(loaded, again)
    assert again.read_bytes() == path.read_bytes()
