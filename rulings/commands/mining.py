"""``rulings mine``: mine conformance cases from an aligned dataset (:mod:`conformance.mining`).

Exit codes: 0 fine; 1 ``--check`` found differences; 2 a usage or input error.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from conformance.errors import ConformanceError

if TYPE_CHECKING:
    from conformance.mining import MineOutcome


class MineError(click.ClickException):
    """A library error shown to the user; exit code 2."""

    exit_code = 2


@click.command("mine")
@click.argument("dataset", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Cases root to write (default: conformance/cases).")
@click.option("--check", is_flag=True,
              help="Write nothing; exit 1 and list the differences if mining again would "
                   "change the committed cases or coverage files.")
@click.option("--quiet", "-q", is_flag=True, help="Do not print the summary.")
def mine_command(dataset: Path, out: Path | None, check: bool, quiet: bool) -> None:
    """Mine cases from DATASET (the --out of `rulings build`): every seed ruling group ends as
    cases or a classification; corpus families generate a case per card that shows how."""
    from conformance.mining import mine_cases

    try:
        done = mine_cases(dataset, out, check=check, on_mined=_MinedConsole(quiet))
    except ConformanceError as exc:
        raise MineError(str(exc)) from exc
    if done.differences is None:
        click.echo(f"wrote {len(done.plan.write)} files, deleted {len(done.plan.delete)}, "
                   f"{done.plan.unchanged} unchanged under {done.root}", err=True)
    elif done.differences:
        for d in done.differences:
            click.echo(d)
        click.echo(f"{len(done.differences)} differences: run `rulings mine {dataset}` and "
                   "commit", err=True)
        raise SystemExit(1)
    else:
        click.echo("mined cases are up to date", err=True)


class _MinedConsole:
    """Shows what was mined: the coverage summary (not with ``--quiet``), then on stderr the
    mined cases not written because a file `rulings mine` did not write has the path."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet

    def __call__(self, mined: MineOutcome) -> None:
        from conformance.mining.coverage import render_summary, summarise

        if not self.quiet:
            click.echo(render_summary(summarise(mined.result), mined.result.timings))
        for case_id in mined.plan.skipped:
            click.echo(f"skipped (a file `rulings mine` did not write has the path): "
                       f"{case_id}", err=True)


def register(group: click.Group) -> None:
    """Add ``mine`` to the ``rulings`` command group."""
    group.add_command(mine_command)
