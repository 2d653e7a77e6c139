"""Regenerate docs/cli.md from the commands' --help: ``python docs/gen_cli.py`` (``--check`` to verify)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from rulings.cli import cli  # noqa: E402

INTRO = """# `rulings` command reference

Generated from `--help` by `python docs/gen_cli.py` (a test checks it is in sync).
`rulings` is a thin layer over the library: each command parses its options, calls one library
function named like it and renders the result (progress and events come back through callbacks;
the libraries draw nothing): `pipeline.build.build`, `conformance.case_lint.lint`, `conformance.cases_io.rehash`,
`conformance.runner.run_suite`, `conformance.diff.diff_runs`, `conformance.engines.spec.list_engines`,
`conformance.smoke.smoke`, `conformance.cards.cards`, `conformance.engines.serve.main`,
`conformance.mutation.run_mutants`, `conformance.mining.mine_cases`,
`conformance.verification.verify_suite`, `reports.conformance.report.conformance_report`,
`reports.conformance.load.merge_shards`, `reports.translation.translation_report`,
`reports.exports.export_dataset` (`tests/test_cli_thin.py` checks it). The case format and engine
contract are in `conformance/SPEC.md`.

Exit status: 0 fine; 1 a finding (input errors in a build, lint errors, a result that differs from
its expectation, changes with `diff --exit-code`, `mine --check` or `verify --check`, an unexplained surviving mutant,
a failed smoke check); 2 a usage or startup error.
"""


def _group() -> click.Group:
    return cli


def _help(cmd: click.Command, ctx: click.Context) -> str:
    """``cmd``'s help in ``ctx``. click caches a command's help option the first time it is asked
    for, with the option names of that context: a command invoked on its own (as tests do) would
    then show ``--help`` without ``-h``. The page is made from a fresh one."""
    cached = getattr(cmd, "_help_option", None)
    if cached is not None:
        cmd._help_option = None
    try:
        return cmd.get_help(ctx)
    finally:
        if cached is not None:
            cmd._help_option = cached


def render() -> str:
    """The whole docs/cli.md text."""
    group = _group()
    out = [INTRO]
    for name in sorted(group.commands):
        cmd = group.commands[name]
        subs = ([(f"{name} {s}", cmd.commands[s]) for s in sorted(cmd.commands)]
                if isinstance(cmd, click.Group) else [(name, cmd)])
        for full, sub in subs:
            # the group's settings (-h as well as --help) as `rulings` itself applies them, whatever
            # context click cached its help option from first
            parent = click.Context(group, info_name="rulings", **group.context_settings)
            if full != name:
                parent = click.Context(cmd, info_name=name, parent=parent)
            ctx = click.Context(sub, info_name=full.split()[-1], parent=parent,
                                terminal_width=80, max_content_width=80)
            out.append(f"## `rulings {full}`\n\n```\n{_help(sub, ctx)}\n```\n")
    return "\n".join(out)


if __name__ == "__main__":
    target = HERE / "cli.md"
    text = render()
    if "--check" in sys.argv:
        if target.read_text(encoding="utf-8") != text:
            print("docs/cli.md is out of date: run python docs/gen_cli.py")
            raise SystemExit(1)
    else:
        target.write_text(text, encoding="utf-8")
