"""Run options and outputs added on request: planned engine restarts, ``unsupported`` refusals,
engine factories that launch stdio engines, expectations written from a run, the dashboard link,
run ids shared by shards, and the history."""

from __future__ import annotations

import json
import os
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from conformance_testlib import DATA, FAKES, STATUSES, fake_cmd
from toy import CountingToy

from conformance import schemas
from conformance.cases_io import load_cases
from conformance.engines import spec as spec_mod
from conformance.engines.inprocess import InProcessEngine
from conformance.engines.stdio import StdioEngine
from conformance.errors import EngineStartError, ExpectationsError
from conformance.expectations import (
    TODO_REASON,
    Expectations,
    Expected,
    expectations_from_run,
    load_expectations,
    write_expectations,
)
from conformance.output.jsonl import load_run, write_run
from conformance.output.markdown import render_markdown
from conformance.runner import RunOptions, default_run_id, process_rss_mb, run_cases

REFUSALS = DATA / "refusals" / "cases"
REPO = Path(__file__).resolve().parents[2]


def statuses(run):
    return {r.id: r.status for r in run.results}


@pytest.fixture
def refusal_cases():
    return load_cases([REFUSALS])


def recorded_starts(log: Path) -> int:
    return sum(json.loads(x)["request"]["cmd"] == "start" for x in log.read_text().splitlines())


# --- 1. engine restarts --------------------------------------------------------------------------


def test_restart_every_n_cases_sent(tmp_path, cases, status_cases):
    log = tmp_path / "log.jsonl"
    everything = [*cases, *status_cases]            # 9 cases, 1 unsupported (never sent): 8 sent
    run = run_cases(everything, fake_cmd("recorder", str(log)), RunOptions(restart_every=3))
    assert run.restarts == 2                        # after cases 3 and 6 sent; none after the 8th
    assert recorded_starts(log) == 3
    assert run.footer()["restarts"] == 2 and run.options["restart_every"] == 3
    assert statuses(run)["status/pass"] == "pass"
    log.unlink()
    plain = run_cases(everything, fake_cmd("recorder", str(log)))
    assert plain.restarts == 0 and recorded_starts(log) == 1
    assert statuses(plain) == statuses(run)


def test_restarts_after_failures_are_counted_too(status_cases):
    run = run_cases(status_cases, fake_cmd("crasher"), RunOptions(timeout=2))
    assert statuses(run)["status/misbehave"] == "crash" and run.restarts == 1


def test_a_restart_is_outside_the_case_time_limit(cases):
    # the engine takes 1.5 s to start, the case limit is 1 s: every case still passes
    run = run_cases(cases, fake_cmd("slow_start", "1.5"), RunOptions(timeout=1.0, restart_every=1))
    assert set(statuses(run).values()) == {"pass"} and run.restarts == len(cases) - 1


def test_max_rss_restarts_a_stdio_engine_over_the_bound(tmp_path, cases):
    log = tmp_path / "log.jsonl"
    low = run_cases(cases, fake_cmd("recorder", str(log)), RunOptions(max_rss_mb=1))
    assert low.restarts == len(cases) - 1 and recorded_starts(log) == len(cases)
    assert set(statuses(low).values()) == {"pass"}
    high = run_cases(cases, fake_cmd("recorder", str(log)), RunOptions(max_rss_mb=1e6))
    assert high.restarts == 0


def test_in_process_engines_restart_every_n_but_skip_the_memory_check(cases):
    CountingToy.made = 0
    run = run_cases(cases, "toy:CountingToy", RunOptions(restart_every=1))
    assert CountingToy.made == len(cases) and run.restarts == len(cases) - 1
    CountingToy.made = 0
    run = run_cases(cases, "toy:CountingToy", RunOptions(max_rss_mb=1))
    assert CountingToy.made == 1 and run.restarts == 0


def test_workers_report_their_restarts(cases, status_cases):
    everything = [*cases, *status_cases]
    run = run_cases(everything, fake_cmd("toy_stdio"), RunOptions(jobs=2, restart_every=1))
    sent = len(everything) - 1
    assert sent - 2 <= run.restarts <= sent - 1
    assert statuses(run) == statuses(run_cases(everything, fake_cmd("toy_stdio")))


def test_process_rss():
    assert process_rss_mb(os.getpid()) > 1
    assert process_rss_mb(2 ** 22 + 12345) is None


def test_restart_options_are_checked():
    for bad in ({"restart_every": 0}, {"max_rss_mb": 0}, {"max_rss_mb": -5}):
        with pytest.raises(ValueError):
            RunOptions(**bad)


# --- 2. `unsupported` refusals -------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["toy:ToyEngine", fake_cmd("toy_stdio")], ids=["in-process", "stdio"])
def test_an_unsupported_refusal_is_unsupported_unless_an_error_is_expected(refusal_cases, spec):
    run = run_cases(refusal_cases, spec)
    assert statuses(run) == {"refusal/advance": "unsupported", "refusal/advance-expected": "pass",
                             "refusal/advance-wrong-expected": "fail"}
    r = next(r for r in run.results if r.id == "refusal/advance")
    assert r.message == "action 'advance'"                  # the engine's own message
    assert r.error == {"kind": "unsupported", "message": "action 'advance'", "action": 2}
    assert r.outcome == "skipped" and run.exit_code == 1    # the wrong-expected case fails
    assert run.restarts == 0                                # a refusal is no reason to restart
    strict = run_cases(refusal_cases, spec, RunOptions(strict_unsupported=True),
                       expectations=Expectations("toy", {
                           "refusal/advance-wrong-expected": Expected("fail", "x")}))
    assert [r.id for r in strict.unexpected] == ["refusal/advance"]


def test_other_refusals_stay_errors(status_cases):
    run = run_cases(status_cases, "toy:ToyEngine")
    assert statuses(run)["status/error"] == "error"


# --- 3. factories that launch stdio engines ------------------------------------------------------


@pytest.fixture(scope="module")
def hanger_statuses():
    """What the hanger engine run as a plain command gives (run once per module: it waits out a
    1 s case deadline)."""
    return statuses(run_cases(load_cases([STATUSES]), fake_cmd("hanger"), RunOptions(timeout=1.0)))


@pytest.mark.parametrize("target", ["factories:hanger_engine", "factories:hanger_engine_fixed",
                                    "factories:hanger_command", "factories:hanger_command_string"])
def test_a_factory_returning_a_stdio_engine_or_command_is_not_wrapped(status_cases, target,
                                                                   hanger_statuses):
    engine = spec_mod.connect(target, timeout=1.0)
    try:
        assert isinstance(engine, StdioEngine) and engine.timeout == 1.0
    finally:
        engine.close()
    run = run_cases(status_cases, target, RunOptions(timeout=1.0))
    assert statuses(run) == hanger_statuses
    hung = next(r for r in run.results if r.id == "status/misbehave")
    # the 1 s case deadline ended it, not the factory's own 10 s (or 60 s) limit
    assert hung.status == "timeout" and hung.duration < 10.0
    assert run.restarts == 1


def test_an_entry_point_factory_behaves_like_its_cmd_spec(monkeypatch, status_cases,
                                                         hanger_statuses):
    fake = EntryPoint("fakehang", "factories:hanger_engine", spec_mod.ENTRY_POINT_GROUP)
    monkeypatch.setattr(spec_mod, "entry_points", lambda group: [fake] if group == fake.group else [])
    assert "fakehang" in spec_mod.installed_engines()
    run = run_cases(status_cases, "fakehang", RunOptions(timeout=1.0))
    assert statuses(run) == hanger_statuses
    assert run.spec == "fakehang" and run.restarts == 1


def test_factory_command_in_workers(status_cases, hanger_statuses):
    run = run_cases(status_cases, "factories:hanger_command", RunOptions(timeout=1.0, jobs=2))
    assert statuses(run) == hanger_statuses


def test_other_factories_stay_in_process(cases):
    assert isinstance(spec_mod.connect("factories:toy_engine"), InProcessEngine)
    assert isinstance(spec_mod.connect("toy:ToyEngine"), InProcessEngine)
    assert set(statuses(run_cases(cases, "factories:toy_engine")).values()) == {"pass"}
    with pytest.raises(EngineStartError, match="no rules database"):
        spec_mod.connect("factories:broken")


def test_pymtg_is_its_cmd_spec(monkeypatch, tmp_path, status_cases):
    """The real ``pymtg`` entry point, on a stand-in engine folder (a hanging harness)."""
    from mtg_rulings_adapters import pymtg

    monkeypatch.setenv(pymtg.ENGINE_DIR_ENV, str(tmp_path))
    (tmp_path / "harness.py").write_text(
        "import runpy, sys\n"
        f"sys.path.insert(0, {str(FAKES)!r})\n"
        f"runpy.run_path({str(FAKES / 'hanger.py')!r}, run_name='__main__')\n")
    with pytest.raises(EngineStartError, match="make engines"):
        spec_mod.connect("pymtg")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").symlink_to(sys.executable)
    by_entry_point = run_cases(status_cases, "pymtg", RunOptions(timeout=1.0))
    cmd = "cmd:" + " ".join(f"'{a}'" for a in pymtg.command())
    by_cmd = run_cases(status_cases, cmd, RunOptions(timeout=1.0))
    assert statuses(by_entry_point) == statuses(by_cmd)
    assert statuses(by_cmd)["status/misbehave"] == "timeout"


# --- 4. expectations written from a run ----------------------------------------------------------


def test_expectations_from_a_run_keep_matching_reasons(status_cases, refusal_cases):
    everything = [*status_cases, *refusal_cases]
    previous = Expectations("toy", {
        "status/error": Expected("error", "toy casts burn only", "https://example.org/1"),
        "status/fail": Expected("error", "was an error once"),      # kind changed: new reason
        "status/pass": Expected("fail", "fixed since"),              # passes now: dropped
        "gone/case": Expected("crash", "not in this run"),           # kept as it is
    })
    run = run_cases(everything, "toy:ToyEngine", expectations=previous)
    draft = expectations_from_run(run, previous)
    f = draft.expectations.failures
    assert f == {"status/error": Expected("error", "toy casts burn only", "https://example.org/1"),
                 "status/fail": Expected("fail", TODO_REASON),
                 "refusal/advance-wrong-expected": Expected("fail", TODO_REASON),
                 "gone/case": Expected("crash", "not in this run")}
    assert draft.needs_diagnosis == ["refusal/advance-wrong-expected", "status/fail"]
    assert draft.kept == ["status/error"] and draft.dropped == ["status/pass"]
    assert draft.not_run == ["gone/case"]
    strict = expectations_from_run(run, previous, include_unsupported=True).expectations.failures
    assert strict["status/unsupported"] == Expected("unsupported", TODO_REASON)
    assert strict["refusal/advance"] == Expected("unsupported", TODO_REASON)
    with pytest.raises(ExpectationsError):
        expectations_from_run(run, Expectations("forge"))


def test_written_expectations_make_the_next_run_pass(tmp_path, status_cases, refusal_cases):
    from test_conformance_cli import invoke

    out = tmp_path / "toy.yaml"
    res = invoke("run", DATA / "statuses" / "cases", REFUSALS, "-e", "toy:ToyEngine",
                 "--write-expectations", out)
    assert res.exit_code == 1
    assert "3 need a diagnosis" in res.output and f"{TODO_REASON}: status/fail (fail)" in res.output
    exp = load_expectations(out)
    assert sorted(exp.failures) == ["refusal/advance-wrong-expected", "status/error", "status/fail"]
    assert out.read_text().startswith("# Expectations of toy 0.1")
    failures = dict(exp.failures)
    failures["status/error"] = Expected("error", "burn only")
    write_expectations(Expectations("toy", failures), out)
    again = tmp_path / "again.yaml"
    res = invoke("run", DATA / "statuses" / "cases", REFUSALS, "-e", "toy:ToyEngine",
                 "--expectations", out, "--write-expectations", again)
    assert res.exit_code == 0, res.output
    assert "2 need a diagnosis" in res.output
    assert load_expectations(again).failures["status/error"].reason == "burn only"


def test_write_expectations_script_is_a_wrapper(monkeypatch, tmp_path, status_cases):
    import importlib.util

    path = REPO / "engines" / "write_expectations.py"
    spec = importlib.util.spec_from_file_location("write_expectations_under_test", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, mod)       # dataclasses look their module up
    spec.loader.exec_module(mod)
    run_file = tmp_path / "run.jsonl"
    write_run(run_cases(status_cases, "toy:ToyEngine"), run_file)
    diag = tmp_path / "diagnoses.yaml"
    diag.write_text("engine: toy\ndiagnoses:\n"
                    "  - {id: burn-only, diagnosis: toy casts burn only, cases: [status/error]}\n")
    out = tmp_path / "exp.yaml"
    assert mod.main([str(run_file), str(diag), "-o", str(out)]) == 1     # status/fail undiagnosed
    assert not out.exists()
    assert mod.main([str(run_file), str(diag), "-o", str(out), "--allow-undiagnosed"]) == 0
    f = load_expectations(out).failures
    assert f["status/error"] == Expected("error", "toy casts burn only")
    assert f["status/fail"].reason.startswith("UNDIAGNOSED: ") and "status/unsupported" not in f


# --- 5. dashboard link ---------------------------------------------------------------------------


def test_markdown_links_the_dashboard(cases):
    run = run_cases(cases, "toy:ToyEngine")
    md = render_markdown(run, dashboard_url="https://ci.example/report/")
    lines = md.splitlines()
    assert lines[0].startswith("## Conformance: toy 0.1")
    assert lines[2] == "[Conformance dashboard](https://ci.example/report/)"
    assert "dashboard" not in render_markdown(run)


def test_cli_dashboard_url(tmp_path):
    from conformance_testlib import CASES
    from test_conformance_cli import invoke

    md = tmp_path / "summary.md"
    res = invoke("run", CASES, "-e", "toy:ToyEngine", "--markdown", md,
                 "--dashboard-url", "https://ci.example/r/")
    assert res.exit_code == 0
    assert "[Conformance dashboard](https://ci.example/r/)" in md.read_text()


# --- 6. run ids ----------------------------------------------------------------------------------


def test_shards_share_a_run_id(cases, status_cases):
    everything = [*cases, *status_cases]
    ids = {run_cases(everything, "toy:ToyEngine", RunOptions(shard=(i, 3), jobs=i)).run_id
           for i in (1, 2, 3)}
    assert len(ids) == 1
    whole = run_cases(everything, "toy:ToyEngine")
    other_count = run_cases(everything, "toy:ToyEngine", RunOptions(shard=(1, 2)))
    other_opts = run_cases(everything, "toy:ToyEngine", RunOptions(shard=(1, 3), timeout=3))
    assert len(ids | {whole.run_id, other_count.run_id, other_opts.run_id}) == 4
    assert whole.run_id == run_cases(everything, "toy:ToyEngine").run_id   # deterministic
    fewer = run_cases(cases, "toy:ToyEngine")
    assert fewer.run_id != whole.run_id
    assert whole.run_id == default_run_id(whole.suite_version, whole.engine, RunOptions())
    named = run_cases(cases, "toy:ToyEngine", RunOptions(run_id="nightly-42"))
    assert named.run_id == "nightly-42" and named.header()["run_id"] == "nightly-42"


def test_run_id_and_restarts_are_in_the_run_file(tmp_path, cases):
    run = run_cases(cases, "toy:ToyEngine", RunOptions(run_id="ci-7", restart_every=1))
    path = tmp_path / "run.jsonl"
    write_run(run, path)
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert lines[0]["run_id"] == "ci-7" and lines[-1]["restarts"] == 2
    assert all(schemas.problems("run", x) == [] for x in lines)
    assert schemas.problems("run", {**lines[0], "run_id": ""})
    assert schemas.problems("run", {**lines[-1], "restarts": -1})
    back = load_run(path)
    assert (back.run_id, back.restarts) == ("ci-7", 2)


def test_the_dashboard_groups_shards_by_run_id(tmp_path, cases, status_cases):
    from reports.conformance.load import load_runs

    everything = [*cases, *status_cases]
    files = []
    for night in ("n1", "n2"):
        for i in (1, 2):
            f = tmp_path / f"{night}-{i}.jsonl"
            write_run(run_cases(everything, "toy:ToyEngine",
                                RunOptions(shard=(i, 2), run_id=night)), f)
            files.append(f)
    runs = load_runs(files)
    assert len(runs) == 2 and all(r.shards == 2 for r in runs)
    assert sorted(len(r.cases) for r in runs) == [len(everything)] * 2


# --- 7. history ----------------------------------------------------------------------------------


def test_run_appends_to_the_history(tmp_path):
    from conformance_testlib import CASES
    from test_conformance_cli import invoke

    from reports.conformance.history import read_history

    hist = tmp_path / "out" / "history.parquet"
    res = invoke("run", CASES, "-e", "toy:ToyEngine", "--history", hist)
    assert res.exit_code == 0 and "recorded run" in res.output
    rows = read_history(hist)
    assert [(r.engine, r.cases, r.passed) for r in rows] == [("toy", 3, 3)]
    jsonl = tmp_path / "run.jsonl"
    res = invoke("run", CASES, "-e", "toy:ToyEngine", "--jsonl", jsonl, "--history", hist)
    assert res.exit_code == 0
    res = invoke("run", CASES, "-e", "toy:ToyEngine", "--history", hist, "--shard", "1/2")
    assert res.exit_code == 2 and "--history" in res.output


def test_runner_does_not_import_reports():
    import subprocess

    code = ("import sys, conformance.runner, conformance.output.jsonl, conformance.expectations; "
            "sys.exit(any(m == 'reports' or m.startswith('reports.') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO).returncode == 0
