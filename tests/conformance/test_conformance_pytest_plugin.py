"""The pytest plugin, in a separate pytest process (as a user runs it)."""

from __future__ import annotations

import os
import subprocess
import sys

from conformance_testlib import CASES, FAKES, STATUSES


def pytest_run(*args: str, cwd=None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(FAKES), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", *args],
                          capture_output=True, text=True, env=env, cwd=cwd, timeout=120)


def test_each_case_is_an_item_judged_like_rulings_run():
    res = pytest_run("--rulings-engine", "toy:ToyEngine", str(CASES), str(STATUSES))
    out = res.stdout
    assert res.returncode == 1, out
    assert "2 failed, 6 passed, 1 skipped" in out
    assert "FAILED" in out and "status/fail.yaml::status/fail" in out
    assert "expected: 16" in out and "observed: 17" in out
    assert "PASSED" in out and "lightning-bolt/face.yaml::lightning-bolt/face" in out
    assert "unsupported: features not declared: counterspell" in out


def test_expectations_become_xfail(tmp_path):
    exp = tmp_path / "toy.yaml"
    exp.write_text("engine: toy\nfailures:\n  status/error: {kind: error, reason: burn only}\n"
                   "  status/fail: {kind: fail, reason: known}\n"
                   "  status/pass: {kind: fail, reason: fixed since}\n")
    res = pytest_run("--rulings-engine", "toy:ToyEngine", "--rulings-expectations", str(exp),
                     str(STATUSES))
    assert "1 failed, 2 passed, 1 skipped, 2 xfailed" in res.stdout, res.stdout
    assert "remove it from the expectations file" in res.stdout


def test_a_crashing_engine_fails_one_item_and_the_session_goes_on():
    spec = f"cmd:{sys.executable} {FAKES / 'crasher.py'}"
    res = pytest_run("--rulings-engine", spec, str(STATUSES))
    assert "3 failed, 2 passed, 1 skipped" in res.stdout, res.stdout
    assert "segmentation fault" in res.stdout


def test_inert_without_the_option(tmp_path):
    # without --rulings-engine, YAML files are not collected and an ordinary test still runs
    (tmp_path / "test_x.py").write_text("def test_ok():\n    assert True\n")
    res = pytest_run(str(tmp_path), str(STATUSES), cwd=tmp_path)
    assert "1 passed" in res.stdout and "yaml" not in res.stdout.lower(), res.stdout
    assert res.returncode == 0
    res = pytest_run("--help", cwd=tmp_path)
    assert "--rulings-engine" in res.stdout
