"""Reliability of `rulings run` against hostile engines and hostile suites (issue #10).

Every test runs real processes: the ``wild.py`` fake (one fault per mode, see its docstring)
behind ``rulings run`` started as a subprocess with a hard bound, so a hang fails the test
instead of hanging it. Time limits are short (1-2 s) and the bounds generous.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conformance_testlib import FAKES, STATUSES

from conformance.cases_io import rehash_file
from conformance.output.jsonl import load_run

PASS_CASE = STATUSES / "status" / "pass.yaml"
RULINGS = [sys.executable, "-c", "from rulings.cli import main; main()"]
HARD_BOUND = 90.0
"""Seconds a whole `rulings run` subprocess may take before the test calls it a hang."""


def wild(mode: str, *args: str) -> str:
    """The ``cmd:`` spec of ``wild.py MODE ARGS``."""
    return "cmd:" + " ".join(f"'{p}'" for p in (sys.executable, str(FAKES / "wild.py"), mode,
                                                 *args))


def suite(tmp_path: Path, *names: str, big_setup: bool = False) -> Path:
    """A suite ``cases/wild/<name>.yaml`` of Lightning Bolt cases (valid, hashes fresh)."""
    root = tmp_path / "cases"
    (root / "wild").mkdir(parents=True, exist_ok=True)
    for name in names:
        text = PASS_CASE.read_text().replace("id: status/pass", f"id: wild/{name}")
        if big_setup:  # a setup message of about 200 KB
            lib = ", ".join(f"{{id: l{i}, card: Mountain}}" for i in range(6000))
            text = text.replace('p1: {life: 20, mana: "{R}", ',
                                f'p1: {{life: 20, mana: "{{R}}", library: [{lib}], ')
            text = text.replace("cards: [Lightning Bolt]", "cards: [Lightning Bolt, Mountain]")
        f = root / "wild" / f"{name}.yaml"
        f.write_text(text)
        rehash_file(f)
    return root


def rulings(*args: object, env: dict[str, str] | None = None,
            bound: float = HARD_BOUND) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run the CLI in a subprocess; fail the test if it does not finish within ``bound``."""
    t0 = time.monotonic()
    try:
        proc = subprocess.run([*RULINGS, *map(str, args)],
                              capture_output=True, text=True, timeout=bound,
                              env={**os.environ, **(env or {})})
    except subprocess.TimeoutExpired:
        pytest.fail(f"rulings {' '.join(map(str, args))} hung (over {bound} s)")
    return proc, time.monotonic() - t0


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False


def survivors(pid_dir: Path, wait: float = 10.0) -> list[int]:
    """The pids written to ``pid_dir`` still alive after up to ``wait`` seconds."""
    pids = [int(p.stem) for p in pid_dir.glob("*.pid")]
    end = time.monotonic() + wait
    while time.monotonic() < end:
        left = [p for p in pids if alive(p)]
        if not left:
            return []
        time.sleep(0.1)
    left = [p for p in pids if alive(p)]
    for p in left:  # do not leave them behind for the next test
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass
    return left


def statuses(jsonl: Path) -> dict[str, str]:
    return {r.id: r.status for r in load_run(jsonl).results}


# --- High 3: an engine that stops reading ----------------------------------------------------------


@pytest.mark.parametrize("mode", ["deaf_at_start", "noisy_deaf_at_start"])
def test_engine_that_stops_reading_times_out_and_the_run_goes_on(tmp_path, mode):
    root = suite(tmp_path, "a-big", "b-big", big_setup=True)
    out = tmp_path / "run.jsonl"
    proc, took = rulings("run", root, "-e", wild(mode), "--timeout", "1", "--jsonl", out)
    assert proc.returncode == 1, proc.stderr
    assert statuses(out) == {"wild/a-big": "timeout", "wild/b-big": "timeout"}
    run = load_run(out)
    assert "did not read the `setup` request" in run.results[0].message
    assert run.restarts == 1  # restarted after the first timeout
    assert took < 60


def test_deaf_engine_on_one_case_only(tmp_path):
    root = suite(tmp_path, "misbehave", "ok", big_setup=True)
    out = tmp_path / "run.jsonl"
    proc, _ = rulings("run", root, "-e", wild("deaf"), "--timeout", "2", "--jsonl", out)
    assert statuses(out) == {"wild/misbehave": "timeout", "wild/ok": "pass"}, proc.stderr


# --- Medium 6: process groups, crashes with a child holding stdout, signals ------------------------


def test_crash_while_a_child_holds_stdout_is_a_crash_and_the_child_dies(tmp_path):
    root = suite(tmp_path, "misbehave", "ok")
    out, pids = tmp_path / "run.jsonl", tmp_path / "pids"
    pids.mkdir()
    proc, _ = rulings("run", root, "-e", wild("fork_then_crash"), "--timeout", "30",
                      "--jsonl", out, env={"WILD_PIDS": str(pids)})
    run = load_run(out)
    by_id = {r.id: r for r in run.results}
    assert by_id["wild/misbehave"].status == "crash", proc.stdout
    assert "exit code 3" in by_id["wild/misbehave"].message
    # ended by the crash, not by the 30 s time limit (which would make it a timeout)
    assert by_id["wild/misbehave"].duration < 30
    assert by_id["wild/ok"].status == "pass"
    assert len(list(pids.glob("*.pid"))) >= 3  # two engines and the child
    assert survivors(pids) == []


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_processes_an_engine_starts_do_not_outlive_the_run(tmp_path, jobs):
    root = suite(tmp_path, "a", "b", "c", "d")
    pids = tmp_path / "pids"
    pids.mkdir()
    proc, _ = rulings("run", root, "-e", wild("daemon_at_start"), "-j", jobs,
                      env={"WILD_PIDS": str(pids)})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert len(list(pids.glob("*.pid"))) >= 2
    assert survivors(pids) == []


def test_workers_stop_engines_that_ignore_end_of_input(tmp_path):
    root = suite(tmp_path, "a", "b", "c", "d")
    pids = tmp_path / "pids"
    pids.mkdir()
    proc, _ = rulings("run", root, "-e", wild("ignore_eof"), "-j", "2",
                      env={"WILD_PIDS": str(pids)})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert survivors(pids, wait=15) == []


@pytest.mark.parametrize("sig, jobs", [(signal.SIGTERM, "1"), (signal.SIGINT, "1"),
                                       (signal.SIGHUP, "1"), (signal.SIGTERM, "2")])
def test_a_signal_kills_every_engine_and_exits_128_plus_n(tmp_path, sig, jobs):
    root = suite(tmp_path, "misbehave", "misbehave-too", "x-ok", "y-ok")
    pids = tmp_path / "pids"
    pids.mkdir()
    proc = subprocess.Popen(
        [*RULINGS, "run", str(root), "-e", wild("deaf"), "-j", jobs,
         "--timeout", "600"],
        env={**os.environ, "WILD_PIDS": str(pids)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    try:
        want = 1 if jobs == "1" else 3  # the first engine (then one per worker)
        end = time.monotonic() + 60  # a bound on the wait, not a timing assumption
        # an engine has taken a misbehaving case (and gone deaf) once its .deaf file exists
        while (len(list(pids.glob("*.pid"))) < want or not list(pids.glob("*.deaf"))) \
                and time.monotonic() < end:
            time.sleep(0.05)
        assert list(pids.glob("*.deaf")), "no engine took a misbehaving case within 60 s"
        proc.send_signal(sig)
        try:
            proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail("rulings run did not exit after the signal")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 128 + sig
    assert survivors(pids) == []


# --- Medium 7 and Low: outputs fed engine text -------------------------------------------------


def test_control_characters_from_an_engine_keep_junit_valid(tmp_path):
    import junitparser  # a dev dependency (pyproject [dev]): missing is a failure, not a skip
    root = suite(tmp_path, "misbehave", "ok")
    xml, md = tmp_path / "run.xml", tmp_path / "run.md"
    proc, _ = rulings("run", root, "-e", wild("control_chars"), "--junit", xml, "--markdown", md)
    assert proc.returncode == 1, proc.stderr
    tree = ET.parse(xml)  # raises on an invalid document
    error = tree.getroot().find(".//error")
    assert error is not None
    assert "bad\\x00 \\x1b[31mred\\x07 \\x0c\\x08 ]]> <x>&" in error.get("message", "")
    assert "\\x1b[31mred" in (error.text or "")
    suite_ = next(iter(junitparser.JUnitXml.fromfile(str(xml))))
    assert suite_.errors == 1 and suite_.tests == 2
    assert "\x00" not in md.read_text() and "\x1b" not in md.read_text()
    assert "\x1b" not in proc.stdout and "\r" not in proc.stdout  # nothing reaches the terminal
    assert "wild\\x1b[2J\\x0d" in proc.stdout and "\\x1b[31mred" in proc.stdout


def test_engine_text_cannot_hide_the_markdown_summary(tmp_path):
    from conformance.engines.protocol import EngineInfo
    from conformance.output.markdown import render_markdown
    from conformance.runner import CaseResult, Run

    engine = EngineInfo("evil <!-- name", "1 --> <script>", 1, frozenset(), frozenset())
    bad = CaseResult(id="wild/a", status="error", message="refused: <!-- hide everything",
                     stderr="```\n<!--\n", outcome="unexpected",
                     mismatches=[{"where": "state.life.p2", "message": "<!-- |",
                                  "expected": "<!--", "observed": "`<!--`"}])
    run = Run(spec="cmd:x", engine=engine, suite_version="1+x", options={}, started="now",
              results=[bad, CaseResult(id="wild/b", status="pass")])
    text = render_markdown(run)
    fence = next(line for line in text.splitlines() if line.startswith("````"))
    assert text.count(fence) == 2  # stderr is fenced by more backticks than it holds
    before, block, after = text.split(fence)
    assert "<!--" in block  # literal inside the code block
    assert "<!--" not in before + after and "<script>" not in before + after
    assert "&lt;!-- hide everything" in text
    assert "wild/b" not in text or True


# --- Low: large answers ---------------------------------------------------------------------------


def test_a_100_mb_answer_is_read_in_time(tmp_path):
    root = suite(tmp_path, "misbehave")
    out = tmp_path / "run.jsonl"
    proc, took = rulings("run", root, "-e", wild("big", "100"), "--timeout", "15",
                         "--jsonl", out)
    assert statuses(out) == {"wild/misbehave": "pass"}, proc.stdout + proc.stderr
    assert took < 60


def test_an_answer_over_the_limit_is_an_error_and_the_engine_restarts(tmp_path):
    root = suite(tmp_path, "misbehave", "ok")
    out = tmp_path / "run.jsonl"
    proc, _ = rulings("run", root, "-e", wild("big", "3"), "--max-answer-mb", "1",
                      "--timeout", "20", "--jsonl", out)
    run = load_run(out)
    by_id = {r.id: r for r in run.results}
    assert by_id["wild/misbehave"].status == "error", proc.stdout
    assert "--max-answer-mb" in by_id["wild/misbehave"].message
    assert by_id["wild/ok"].status == "pass" and run.restarts == 1


def test_a_million_events_do_not_make_a_giant_run_file(tmp_path):
    root = suite(tmp_path, "misbehave")
    text = (root / "wild" / "misbehave.yaml").read_text()
    (root / "wild" / "misbehave.yaml").write_text(
        text.replace("    - {type: cast, object: bolt, card: Lightning Bolt}\n",
                     "    - {type: cast, object: nothing}\n"))
    rehash_file(root / "wild" / "misbehave.yaml")
    out, xml = tmp_path / "run.jsonl", tmp_path / "run.xml"
    proc, _ = rulings("run", root, "-e", wild("many_events", "200000"), "--timeout", "30",
                      "--jsonl", out, "--junit", xml)
    assert statuses(out) == {"wild/misbehave": "fail"}, proc.stdout + proc.stderr
    assert out.stat().st_size < 100_000 and xml.stat().st_size < 100_000
    observed = load_run(out).results[0].mismatches[0]["observed"]
    assert observed["chars"] > 1_000_000 and len(observed["truncated"]) <= 4000


# --- more attacks on the wire ---------------------------------------------------------------------


@pytest.mark.parametrize("mode, text", [
    ("nan", "NaN is not JSON"),
    ("surrogate", "lone surrogate"),
    ("deep", "nested too deeply"),
    ("bad_utf8", "not JSON"),
    ("float_seq", "invalid response"),
    ("unsolicited", "invalid response"),
    ("close_stdout", "closed its output"),
    ("odd_state", "observe answer does not fit the protocol"),
])
def test_broken_answers_are_crashes_and_the_run_goes_on(tmp_path, mode, text):
    root = suite(tmp_path, "misbehave", "ok")
    out = tmp_path / "run.jsonl"
    proc, _ = rulings("run", root, "-e", wild(mode), "--timeout", "10", "--jsonl", out)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    run = load_run(out)  # the run file stays valid strict JSON
    by_id = {r.id: r for r in run.results}
    assert by_id["wild/misbehave"].status == "crash"
    assert text in by_id["wild/misbehave"].message
    assert by_id["wild/ok"].status == "pass"
    for line in out.read_text().splitlines():  # strict JSON: no NaN/Infinity constants
        json.loads(line, parse_constant=lambda c: pytest.fail(f"{c} in the run file"))


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf"])
def test_timeout_must_be_positive_and_finite(tmp_path, value):
    proc, _ = rulings("run", suite(tmp_path, "ok"), "-e", wild(""), "--timeout", value)
    assert proc.returncode == 2 and "--timeout" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_crashing_engine_with_workers(tmp_path):
    root = suite(tmp_path, "misbehave", "misbehave-2", "a", "b")
    out = tmp_path / "run.jsonl"
    proc, _ = rulings("run", root, "-e", wild("fork_then_crash"), "-j", "2", "--timeout", "30",
                      "--jsonl", out)
    assert statuses(out) == {"wild/misbehave": "crash", "wild/misbehave-2": "crash",
                             "wild/a": "pass", "wild/b": "pass"}, proc.stderr


def test_cmd_spec_metacharacters_are_not_a_shell(tmp_path):
    marker = tmp_path / "pwned"
    proc, _ = rulings("run", suite(tmp_path, "ok"), "-e",
                      f"cmd:{sys.executable} {FAKES / 'wild.py'} x; touch {marker}")
    assert proc.returncode == 0, proc.stderr
    assert not marker.exists()


# --- High 2: duplicate ids, stale hashes ----------------------------------------------------------


def test_two_cases_with_one_id_are_refused_naming_both_files(tmp_path):
    good = suite(tmp_path / "one", "misbehave")
    bad = suite(tmp_path / "two", "misbehave")
    f = bad / "wild" / "misbehave.yaml"
    f.write_text(f.read_text().replace("life: {p1: 20, p2: 17}", "life: {p1: 20, p2: 16}"))
    rehash_file(f)  # a failing case with the same id as a passing one
    xml = tmp_path / "run.xml"
    proc, _ = rulings("run", good, bad, "-e", wild(""), "--junit", xml)
    assert proc.returncode == 2, proc.stdout
    assert "wild/misbehave" in proc.stderr
    assert str(good / "wild" / "misbehave.yaml") in proc.stderr
    assert str(f) in proc.stderr
    assert not xml.exists()
    lint, _ = rulings("cases", "lint", good, bad, "--no-cards")
    assert lint.returncode == 1 and "also used by" in lint.stdout


def test_the_same_file_named_twice_is_one_case(tmp_path):
    root = suite(tmp_path, "ok")
    f = root / "wild" / "ok.yaml"
    proc, _ = rulings("run", root, f, tmp_path / "cases" / ".." / "cases" / "wild" / "ok.yaml",
                      "-e", wild(""))
    assert proc.returncode == 0 and "1 cases: 1 pass" in proc.stdout, proc.stderr


def test_a_stale_hash_is_refused_by_run_as_lint_reports_it(tmp_path):
    root = suite(tmp_path, "ok")
    f = root / "wild" / "ok.yaml"
    f.write_text(f.read_text().replace("life: {p1: 20, p2: 17}", "life: {p1: 20, p2: 16}"))
    proc, _ = rulings("run", root, "-e", wild(""))
    assert proc.returncode == 2 and "hash is stale" in proc.stderr and str(f) in proc.stderr
    lint, _ = rulings("cases", "lint", root, "--no-cards")
    assert lint.returncode == 1 and "hash is stale" in lint.stdout


def test_the_library_refuses_duplicate_ids_too(tmp_path):
    from conformance.cases_io import load_case
    from conformance.errors import SuiteError
    from conformance.runner import run_cases

    f = suite(tmp_path, "ok") / "wild" / "ok.yaml"
    with pytest.raises(SuiteError, match="used by two files"):
        run_cases([load_case(f), load_case(f)], "toy:ToyEngine")


# --- Medium 2 and Low: case files -----------------------------------------------------------------

LAUGHS = "\n".join(["a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]",
                    *[f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]"
                      for i in range(8)], "id: x"])


def test_billion_laughs_is_refused_at_once(tmp_path):
    root = suite(tmp_path, "ok")
    f = root / "wild" / "laughs.yaml"
    f.write_text(LAUGHS)
    assert len(LAUGHS) < 2000
    for args in (("cases", "lint", root, "--no-cards"), ("run", root, "-e", wild(""))):
        proc, took = rulings(*args, bound=60)
        assert proc.returncode in (1, 2) and took < 30
        assert f"{f}:1:" in proc.stdout + proc.stderr and "anchor &a is not allowed" in (
            proc.stdout + proc.stderr)


def test_duplicate_keys_are_lint_errors_with_the_line(tmp_path):
    root = suite(tmp_path, "ok")
    f = root / "wild" / "ok.yaml"
    f.write_text(f.read_text() + "expect:\n  state: {life: {p2: 0}}\n")
    lint, _ = rulings("cases", "lint", root, "--no-cards")
    assert lint.returncode == 1
    first = next(i for i, line in enumerate(f.read_text().splitlines(), 1)
                 if line.startswith("expect:"))
    last = len(f.read_text().splitlines()) - 1
    assert f"{f}:{last}: error: duplicate key 'expect' (first at line {first})" in lint.stdout
    run, _ = rulings("run", root, "-e", wild(""))
    assert run.returncode == 2 and "duplicate key 'expect'" in run.stderr


def test_case_file_size_is_capped(tmp_path):
    root = suite(tmp_path, "ok", big_setup=True)
    proc, _ = rulings("run", root, "-e", wild(""), "--max-case-bytes", "100000")
    assert proc.returncode == 2 and "over the limit of 100000" in proc.stderr
    assert "--max-case-bytes" in proc.stderr


@pytest.mark.parametrize("kind", ["fifo", "directory", "dev_zero"])
def test_a_case_path_that_is_not_a_file_is_an_error_not_a_hang(tmp_path, kind):
    root = suite(tmp_path, "ok")
    odd = root / "wild" / "odd.yaml"
    if kind == "fifo":
        os.mkfifo(odd)
    elif kind == "dev_zero":
        odd.symlink_to("/dev/zero")  # endless bytes: read before, it filled memory
    else:
        odd.mkdir()
    proc, took = rulings("cases", "lint", root, "--no-cards", bound=60)
    assert proc.returncode == 1 and f"{odd}: error: cannot read:" in proc.stdout
    assert took < 30


def test_a_byte_order_mark_is_accepted(tmp_path):
    root = suite(tmp_path, "ok")
    f = root / "wild" / "ok.yaml"
    f.write_bytes(b"\xef\xbb\xbf" + f.read_bytes())
    proc, _ = rulings("run", root, "-e", wild(""))
    assert proc.returncode == 0, proc.stderr


def test_an_id_with_dot_dot_is_refused(tmp_path):
    root = suite(tmp_path, "ok")
    f = root / "wild" / "ok.yaml"
    f.write_text(f.read_text().replace("id: wild/ok", "id: wild/../../etc"))
    proc, _ = rulings("run", root, "-e", wild(""))
    assert proc.returncode == 2 and "id" in proc.stderr


def test_both_loaders_read_the_suite_alike():
    from conformance.case_yaml import parse_yaml, read_text
    from conformance.cases_io import CASES_DIR, find_case_files

    for f in find_case_files([CASES_DIR])[::7]:
        text = read_text(f)
        assert parse_yaml(text, str(f)) == parse_yaml(text, str(f), pure_python=True)


def test_copying_a_suite_keeps_it_loadable(tmp_path):
    shutil.copytree(STATUSES, tmp_path / "cases")
    proc, _ = rulings("cases", "lint", tmp_path / "cases", "--no-cards", "--features",
                      STATUSES.parent.parent / "features.yaml")
    assert proc.returncode == 0, proc.stdout


def test_expectations_naming_unknown_ids_are_reported(tmp_path):
    root = suite(tmp_path, "ok")
    exp = tmp_path / "exp.yaml"
    exp.write_text("engine: toy\nfailures:\n  wild/renamed-long-ago: {kind: fail, reason: x}\n")
    proc, _ = rulings("run", root, "-e", wild(""), "--expectations", exp)
    assert proc.returncode == 0, proc.stderr
    assert "1 case ids not in the suite: wild/renamed-long-ago" in proc.stderr


@pytest.mark.parametrize("value", ["!!binary aGVsbG8=", "!!set {a, b}", "!!timestamp 2024-01-01",
                                   "!!python/object/apply:os.system [echo]"])
def test_tags_without_a_json_value_are_errors_with_the_line(tmp_path, value):
    root = suite(tmp_path, "ok")
    f = root / "wild" / "ok.yaml"
    f.write_text(f.read_text().replace("{id: bolt, card: Lightning Bolt}",
                                       f"{{id: bolt, card: {value}}}"))  # hashed, sent
    line = next(i for i, t in enumerate(f.read_text().splitlines(), 1) if value in t)
    for args in (("cases", "rehash", root), ("cases", "lint", root, "--no-cards"),
                 ("run", root, "-e", wild(""))):
        proc, _ = rulings(*args)
        assert proc.returncode in (1, 2) and "Traceback" not in proc.stderr, proc.stderr
        assert f"{f}:{line}:" in proc.stdout + proc.stderr


def test_an_engine_that_cannot_be_restarted_is_given_up_after_three_starts(tmp_path):
    root = suite(tmp_path, "a-misbehave", "b", "c", "d", "e", "f", "g")
    out, pids = tmp_path / "run.jsonl", tmp_path / "pids"
    pids.mkdir()
    proc, _ = rulings("run", root, "-e", wild("no_restart"), "--jsonl", out,
                      env={"WILD_PIDS": str(pids)})
    assert proc.returncode == 1, proc.stderr
    results = load_run(out).results
    assert [r.status for r in results] == ["crash"] * 7
    assert len(list(pids.glob("*.pid"))) == 1 + 3  # the first engine, then three tries
    assert "not restarted: the last 3 starts failed" in results[-1].message


def test_two_outputs_on_one_file_are_refused(tmp_path):
    proc, _ = rulings("run", suite(tmp_path, "ok"), "-e", wild(""), "--jsonl", tmp_path / "o",
                      "--junit", tmp_path / "." / "o")
    assert proc.returncode == 2 and "--jsonl and --junit name the same file" in proc.stderr


@pytest.mark.parametrize("flag, value", [("--max-answer-mb", "inf"), ("--max-rss-mb", "nan")])
def test_a_non_finite_limit_is_a_usage_error(tmp_path, flag, value):
    proc, _ = rulings("run", suite(tmp_path, "ok"), "-e", wild(""), flag, value)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_in_process_engine_that_loops_forever_times_out(tmp_path, jobs):
    root = suite(tmp_path, "misbehave", "ok")
    out = tmp_path / "run.jsonl"
    proc, took = rulings("run", root, "-e", "toy:LoopToy", "-j", jobs, "--timeout", "1",
                         "--jsonl", out, env={"PYTHONPATH": str(FAKES)}, bound=60)
    assert statuses(out) == {"wild/misbehave": "timeout", "wild/ok": "pass"}, proc.stderr
    bad = next(r for r in load_run(out).results if r.id == "wild/misbehave")
    assert "interrupted" in (bad.message or "")
    assert took < 45


def test_a_flood_of_blank_lines_is_skipped_quickly(tmp_path):
    root = suite(tmp_path, "misbehave")
    out = tmp_path / "run.jsonl"
    proc, _ = rulings("run", root, "-e", wild("blank_lines"), "--timeout", "5", "--jsonl", out)
    assert statuses(out) == {"wild/misbehave": "pass"}, proc.stdout + proc.stderr
