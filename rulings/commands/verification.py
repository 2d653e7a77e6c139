"""``rulings verify``: the verification table of the suite (:mod:`conformance.verification`).

Exit codes: 0 fine; 1 ``--check`` found the table or a case status stale, or a suspect case is
not diagnosed; 2 a usage or startup error (an engine not installed without ``--allow-missing``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from conformance.errors import ConformanceError

if TYPE_CHECKING:
    from conformance.verification import Verified


class VerifyError(click.ClickException):
    """A library error shown to the user; exit code 2."""

    exit_code = 2


@click.command("verify")
@click.option("--cases", "cases_dir", type=click.Path(exists=True, file_okay=False,
                                                      path_type=Path), default=None,
              help="Cases root (default: conformance/cases); the table is written there.")
@click.option("--from-runs", "from_runs", type=click.Path(exists=True, dir_okay=False,
                                                          path_type=Path), multiple=True,
              help="A finished run file (`rulings run --jsonl`) to read an engine's results "
                   "from instead of running it; repeatable. Engines without one are run.")
@click.option("--allow-missing", is_flag=True,
              help="Build the table without the engines that are not installed (listed in it "
                   "as missing) instead of failing.")
@click.option("--check", is_flag=True,
              help="Write nothing; exit 1 and list what is stale if the table or a case's "
                   "status would change.")
@click.option("--timeout", type=float, default=30.0, show_default=True,
              help="Seconds per case for the engines that are run.")
def verify_command(cases_dir: Path | None, from_runs: tuple[Path, ...], allow_missing: bool,
                   check: bool, timeout: float) -> None:
    """Run the suite on every engine CI runs (reference, python-mtg, phase) and write
    verification.json / verification.md: per case, each engine's result and the case's status
    (verified: an engine passes it; suspect: two or more engines that support it all fail it;
    unverified otherwise). Case files' `status:` lines follow the table."""
    from conformance.cases_io import CASES_DIR
    from conformance.verification import verify_suite

    try:
        done = verify_suite(cases_dir or CASES_DIR, from_runs=from_runs,
                            allow_missing=allow_missing, timeout=timeout, check=check,
                            on_table=_show_table)
    except ConformanceError as exc:
        raise VerifyError(str(exc)) from exc
    if done.differences is not None:
        for d in done.differences:
            click.echo(d)
        if done.differences:
            click.echo(f"{len(done.differences)} differences: run `rulings verify` and commit",
                       err=True)
        if done.differences or done.undiagnosed:
            raise SystemExit(1)
        click.echo("the verification table is up to date", err=True)
        return
    click.echo(f"wrote {done.written} files under {done.root}", err=True)
    if done.undiagnosed:
        raise SystemExit(1)


def _show_table(done: Verified) -> None:
    """The table's counts (stderr), then each undiagnosed suspect."""
    table = done.table
    counts = table.counts()
    by = ", ".join(f"{e.name} {sum(e.name in r['verified_by'] for r in table.cases.values())}"
                   for e in table.engines)
    click.echo(f"{len(table.cases)} cases: {counts['verified']} verified, "
               f"{counts['unverified']} unverified, {counts['suspect']} suspect; passes: {by}"
               + (f"; missing engines: {', '.join(table.missing)}" if table.missing else ""),
               err=True)
    for cid in done.undiagnosed:
        click.echo(f"undiagnosed suspect: {cid} (fix the case or list the engines' bugs in "
                   "conformance/suspects.yaml)")


def register(group: click.Group) -> None:
    """Add ``verify`` to the ``rulings`` command group."""
    group.add_command(verify_command)
