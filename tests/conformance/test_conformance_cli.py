"""The CLI commands, through click's CliRunner on a group of our own (the API does the work)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from conformance_testlib import CASES, FEATURES, STATUSES, fake_cmd

from conformance.output.jsonl import load_run
from rulings.commands.conformance import register

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


@click.group()
def cli() -> None:
    """Test group."""


register(cli)


def invoke(*args: str):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_lint_and_rehash(tmp_path):
    ok = invoke("cases", "lint", CASES, "--features", FEATURES)
    assert ok.exit_code == 0 and "3 case files, 0 errors" in ok.output
    root = tmp_path / "cases"
    shutil.copytree(CASES, root)
    f = root / "shock" / "two-passes.yaml"
    f.write_text(f.read_text().replace("damage: 2", "damage: 1"))
    bad = invoke("cases", "lint", root, "--features", FEATURES)
    assert bad.exit_code == 1 and "hash is stale" in bad.output
    fixed = invoke("cases", "rehash", root)
    assert fixed.exit_code == 0 and "1 files changed" in fixed.output
    assert invoke("cases", "lint", root, "--features", FEATURES).exit_code == 0


def test_run_writes_all_outputs_and_exits_on_unexpected_results(tmp_path):
    out = {k: tmp_path / f"run.{k}" for k in ("jsonl", "xml", "md")}
    res = invoke("run", CASES, STATUSES, "-e", fake_cmd("hanger"), "--timeout", "1",
                 "--jsonl", out["jsonl"], "--junit", out["xml"], "--markdown", out["md"])
    assert res.exit_code == 1
    assert "FAIL status/fail" in res.output and "TIMEOUT status/misbehave" in res.output
    assert "expected 16, observed 17" in res.output
    assert re.search(r"9 cases: 5 pass, 1 fail, 1 error, 1 timeout, 1 unsupported; 3 unexpected",
                     res.output)
    run = load_run(out["jsonl"])
    assert len(run.results) == 9 and run.exit_code == 1
    assert "<testsuites" in out["xml"].read_text()
    assert "## Conformance" in out["md"].read_text()


def test_run_with_expectations_exits_zero(tmp_path):
    exp = tmp_path / "toy.yaml"
    exp.write_text("engine: toy\nfailures:\n"
                   "  status/error: {kind: error, reason: toy casts burn only}\n"
                   "  status/fail: {kind: fail, link: 'https://example.org/1'}\n")
    res = invoke("run", STATUSES, "-e", "toy:ToyEngine", "--expectations", exp)
    assert res.exit_code == 0, res.output
    exp.write_text("engine: forge\nfailures: {}\n")
    res = invoke("run", STATUSES, "-e", "toy:ToyEngine", "--expectations", exp)
    assert res.exit_code == 2 and "not 'toy'" in res.output


def test_run_filters_shards_and_workers():
    res = invoke("run", CASES, "-e", "toy:ToyEngine", "--card", "Shock", "-j", "2")
    assert res.exit_code == 0 and "1 cases: 1 pass" in res.output
    res = invoke("run", CASES, STATUSES, "-e", "toy:ToyEngine", "--id", "lightning-bolt/*")
    assert "2 cases: 2 pass" in res.output
    assert invoke("run", CASES, "-e", "toy:ToyEngine", "--shard", "3/2").exit_code == 2


def test_run_startup_errors_exit_2():
    assert invoke("run", CASES, "-e", "nope:Nope").exit_code == 2
    res = invoke("run", CASES, "-e", fake_cmd("mute"))
    assert res.exit_code == 2 and "cannot load my rules database" in res.output


def test_diff(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    invoke("run", STATUSES, "-e", "toy:ToyEngine", "--jsonl", a)
    invoke("run", STATUSES, "-e", fake_cmd("crasher"), "--jsonl", b)
    res = invoke("diff", a, b)
    assert res.exit_code == 0 and "status/misbehave: pass -> crash" in res.output
    assert invoke("diff", a, b, "--exit-code").exit_code == 1
    assert invoke("diff", a, a, "--exit-code").exit_code == 0
    b.write_text(b.read_text().splitlines()[0] + "\n")
    assert invoke("diff", a, b).exit_code == 2


def test_smoke():
    ok = invoke("engines", "smoke", fake_cmd("toy_stdio"), "--features", FEATURES)
    assert ok.exit_code == 0 and "smoke: ok" in ok.output
    assert "[ok] refuses an action on a nonexistent object: unknown_object" in ok.output
    bad = invoke("engines", "smoke", fake_cmd("old_protocol"))
    assert bad.exit_code == 1 and "[FAIL] start" in bad.output


def test_smoke_catches_an_engine_that_keeps_its_game(tmp_path):
    res = invoke("engines", "smoke", "toy:StickyToy", "--features", FEATURES)
    assert res.exit_code == 1
    assert "[FAIL] a second setup starts a fresh game" in res.output


def test_engines_list():
    res = invoke("engines", "list")
    assert res.exit_code == 0 and "reference" in res.output and "cmd:" in res.output


def test_mutants_library(cases):
    from conformance.mutation import run_mutants

    report = run_mutants(cases, reference="toy:ToyEngine",
                         specs={"weak_bolt": "toy:WeakBolt", "no_death": "toy:NoDeath",
                                "missing": "toy:Missing"},
                         reasons={"nothing": "x"})
    by = {r.name: r for r in report.results}
    assert "lightning-bolt/face" in by["weak_bolt"].killed_by
    assert by["no_death"].killed_by == ("lightning-bolt/kills-bears",)
    assert by["missing"].error and not by["missing"].survived
    assert report.unexplained == []
    only_face = [c for c in cases if c.id == "lightning-bolt/face"]
    report = run_mutants(only_face, reference="toy:ToyEngine",
                         specs={"no_death": "toy:NoDeath"}, reasons={})
    assert [r.name for r in report.unexplained] == ["no_death"]
    assert "SURVIVED  no_death (no reason given)" in report.render()
    report = run_mutants(only_face, reference="toy:ToyEngine",
                         specs={"no_death": "toy:NoDeath"}, reasons={"no_death": "no creatures"})
    assert report.unexplained == [] and "allowed: no creatures" in report.render()


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_has_help_and_docs(name):
    cmd = cli.commands[name]
    subs = list(cmd.commands.values()) if isinstance(cmd, click.Group) else [cmd]
    text = DOCS.read_text()
    for sub in subs:
        assert sub.help, f"{sub.name} has no help"
        full = f"rulings {name}" + (f" {sub.name}" if sub is not cmd else "")
        assert f"## `{full}`" in text, f"{full} is not documented in docs/cli.md"


def test_cli_docs_are_generated_from_help():
    import runpy

    from rulings.commands.pipeline import build_command

    # a command invoked on its own first (as other tests do) caches a help option without -h:
    # the page must not depend on that
    CliRunner().invoke(build_command, ["--help"])
    gen = runpy.run_path(str(DOCS.parent / "gen_cli.py"))
    assert DOCS.read_text() == gen["render"](), "run: python docs/gen_cli.py"
