"""``rulings mine``: mine conformance cases from an aligned dataset (:mod:`conformance.mining`).

Exit codes: 0 fine; 1 ``--check`` found differences; 2 a usage or input error.
"""

from __future__ import annotations

from pathlib import Path

import click

from conformance.errors import ConformanceError


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
    from conformance.cases_io import CASES_DIR
    from conformance.mining import output
    from conformance.mining.coverage import render_summary, summarise
    from conformance.mining.miner import mine_dataset
    from conformance.verification import load_table
    from pipeline.errors import PipelineError
    from pipeline.store.outdir import check_disjoint

    root = out or CASES_DIR
    try:
        check_disjoint(root, [dataset], "dataset", may_contain=True)
    except PipelineError as exc:
        raise MineError(str(exc)) from exc
    try:
        # statuses come from the verification table (`rulings verify`), never from the miner
        result = mine_dataset(dataset, statuses=load_table(root))
        plan = output.plan(result, root)
    except ConformanceError as exc:
        raise MineError(str(exc)) from exc
    if not quiet:
        click.echo(render_summary(summarise(result), result.timings))
    for case_id in plan.skipped:
        click.echo(f"skipped (a file `rulings mine` did not write has the path): {case_id}",
                   err=True)
    if check:
        diffs = plan.differences(root)
        if diffs:
            for d in diffs:
                click.echo(d)
            click.echo(f"{len(diffs)} differences: run `rulings mine {dataset}` and commit",
                       err=True)
            raise SystemExit(1)
        click.echo("mined cases are up to date", err=True)
        return
    try:
        output.apply(plan)
    except ConformanceError as exc:
        raise MineError(str(exc)) from exc
    click.echo(f"wrote {len(plan.write)} files, deleted {len(plan.delete)}, "
               f"{plan.unchanged} unchanged under {root}", err=True)


def register(group: click.Group) -> None:
    """Add ``mine`` to the ``rulings`` command group."""
    group.add_command(mine_command)
