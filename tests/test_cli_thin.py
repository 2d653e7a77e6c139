"""The ``rulings`` command line stays a thin layer over the libraries.

Each command parses its options, calls the one library function that does its work (named like
the command) and renders what it returns; the orchestration lives in the libraries, which never
draw anything themselves (they report progress through callbacks the CLI renders). These checks
read the code, so they cost milliseconds: a new command must be listed in :data:`LIBRARY_CALL`,
and a command that grows its own orchestration fails :func:`test_command_bodies_stay_short`.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from rulings.cli import cli

ROOT = Path(__file__).resolve().parent.parent

LIBRARY_CALL = {
    "build": "pipeline.build.build",
    "cases lint": "conformance.case_lint.lint",
    "cases rehash": "conformance.cases_io.rehash",
    "diff": "conformance.diff.diff_runs",
    "engines cards": "conformance.cards.cards",
    "engines list": "conformance.engines.spec.list_engines",
    "engines serve": "conformance.engines.serve.main",
    "engines smoke": "conformance.smoke.smoke",
    "export": "reports.exports.export_dataset",
    "mine": "conformance.mining.mine_cases",
    "mutants": "conformance.mutation.run_mutants",
    "report conformance": "reports.conformance.report.conformance_report",
    "report merge": "reports.conformance.load.merge_shards",
    "report translation": "reports.translation.translation_report",
    "run": "conformance.runner.run_suite",
    "verify": "conformance.verification.verify_suite",
}
"""Each command and the library function it calls (``docs/cli.md`` lists them too)."""

MAX_BODY_LINES = 25
"""Lines of a command's body (its docstring left out): options in, one call, output out."""

LIBRARIES = ("pipeline", "conformance", "reports")


def _commands(group: click.Group, prefix: str = "") -> Iterator[tuple[str, click.Command]]:
    for name in sorted(group.commands):
        cmd = group.commands[name]
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, f"{prefix}{name} ")
        else:
            yield f"{prefix}{name}", cmd


COMMANDS = dict(_commands(cli))


def _definition(cmd: click.Command) -> tuple[ast.Module, ast.FunctionDef]:
    """A command's module and the ``def`` of its callback, parsed from the source."""
    assert cmd.callback is not None
    fn = inspect.unwrap(cmd.callback)
    tree = ast.parse(Path(inspect.getfile(fn)).read_text(encoding="utf-8"))
    found = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == fn.__name__]
    assert len(found) == 1, fn.__name__
    return tree, found[0]


def _imported(*scopes: ast.AST) -> dict[str, str]:
    """Local name -> qualified name of what ``scopes`` import (``from m import f as g``: g -> m.f)."""
    names: dict[str, str] = {}
    for scope in scopes:
        for node in ast.walk(scope):
            if isinstance(node, ast.ImportFrom) and node.module:
                names.update({a.asname or a.name: f"{node.module}.{a.name}" for a in node.names})
            elif isinstance(node, ast.Import):
                names.update({a.asname or a.name: a.name for a in node.names})
    return names


def _called(fn: ast.FunctionDef, names: dict[str, str]) -> set[str]:
    """Qualified names of the imported functions ``fn`` calls (``f(...)`` and ``mod.f(...)``)."""
    out = set()
    for node in ast.walk(fn):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id in names:
            out.add(names[f.id])
        elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) \
                and f.value.id in names:
            out.add(f"{names[f.value.id]}.{f.attr}")
    return out


def _body_lines(fn: ast.FunctionDef) -> int:
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring (it is the command's --help)
    assert body and body[-1].end_lineno is not None
    return body[-1].end_lineno - body[0].lineno + 1


def test_every_command_is_listed_with_its_library_function() -> None:
    assert sorted(COMMANDS) == sorted(LIBRARY_CALL)


@pytest.mark.parametrize("name", sorted(LIBRARY_CALL))
def test_command_calls_its_library_function(name: str) -> None:
    module_name, _, func = LIBRARY_CALL[name].rpartition(".")
    target = getattr(importlib.import_module(module_name), func)
    assert callable(target) and inspect.getdoc(target), f"{LIBRARY_CALL[name]} is documented"
    tree, fn = _definition(COMMANDS[name])
    called = _called(fn, _imported(tree))
    assert LIBRARY_CALL[name] in called, f"`rulings {name}` calls {LIBRARY_CALL[name]}"


@pytest.mark.parametrize("name", sorted(LIBRARY_CALL))
def test_command_bodies_stay_short(name: str) -> None:
    lines = _body_lines(_definition(COMMANDS[name])[1])
    assert lines <= MAX_BODY_LINES, (
        f"`rulings {name}` has {lines} lines of body: move the orchestration into "
        f"{LIBRARY_CALL[name]} (the command parses options, calls it, renders the result)")


def test_the_libraries_never_draw() -> None:
    """No library module imports click (progress bars and messages are the CLI's)."""
    offenders = []
    for package in LIBRARIES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [node.module or ""]
                else:
                    continue
                if any(n == "click" or n.startswith("click.") for n in names):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_click_progress_draws_each_stage_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    from rulings.progress import click_progress

    callback = click_progress()
    for stage, total in (("read", 3), ("align", 2)):
        for done in range(total + 1):
            callback(stage, done, total)
    err = capsys.readouterr().err
    assert "read" in err and "align" in err
    assert capsys.readouterr().out == ""
