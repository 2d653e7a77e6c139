"""``rulings report conformance`` and ``rulings report merge``: the conformance dashboard.

A thin layer over :mod:`reports.conformance`; the ``report`` group
(:mod:`rulings.commands.report`) holds both. Exit status 0 when the report was written, 2 when an
input is unreadable or inconsistent (a run cut short, a shard missing, ...).
"""

from __future__ import annotations

from pathlib import Path

import click

from reports.errors import ReportError


class ReportCommandError(click.ClickException):
    """A report error shown to the user; exit code 2."""

    exit_code = 2


@click.command("conformance")
@click.argument("runs", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("-o", "--out", "out_dir", required=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Directory for index.html (and, by default, history.parquet).")
@click.option("--cases", "cases_dirs", multiple=True,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Case files for titles, cards and rulings (default: the suite's own).")
@click.option("--history", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Parquet history to append the runs to and draw trends from "
                   "(default: OUT/history.parquet).")
@click.option("--no-history", is_flag=True,
              help="Neither read nor write a history (trends and diff use the given runs).")
@click.option("--title", default="Conformance report", show_default=True,
              help="Page title.")
@click.option("--summary", "summary_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Append a Markdown link block here (e.g. $GITHUB_STEP_SUMMARY).")
@click.option("--url", "dashboard_url", default=None,
              help="Where the dashboard will be published, for --summary "
                   "(default: the local index.html).")
@click.option("--screenshot", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also render the page in headless Chromium and save a PNG here.")
def conformance_command(runs: tuple[Path, ...], out_dir: Path, cases_dirs: tuple[Path, ...],
                        history: Path | None, no_history: bool, title: str,
                        summary_file: Path | None, dashboard_url: str | None,
                        screenshot: Path | None) -> None:
    """Write an HTML dashboard of conformance runs (JSON Lines from `rulings run --jsonl`).

    Shard files of one run (`--shard i/n`) are merged. Shows each engine's pass rate per
    feature and per card, features × engines, every failing case with its rulings and expected
    vs observed, trends from the history file, and the diff of each engine's two latest runs.
    """
    from reports.conformance.load import DEFAULT_CASES_DIR
    from reports.conformance.report import conformance_report

    if no_history and history is not None:
        raise click.BadParameter("--history and --no-history exclude each other",
                                 param_hint="--history")
    try:
        result = conformance_report(
            list(runs), out_dir, cases_dirs or (DEFAULT_CASES_DIR,), history=history,
            use_history=not no_history, title=title, screenshot=screenshot,
            summary_file=summary_file, dashboard_url=dashboard_url,
            on_page_error=lambda err: click.echo(f"warning: the page logged: {err}", err=True))
    except ReportError as exc:
        raise ReportCommandError(str(exc)) from exc
    merged = sum(r.shards > 1 for r in result.runs)
    click.echo(f"wrote {result.index} ({len(result.runs)} runs"
               + (f", {merged} merged from shards" if merged else "") + ")")
    if result.history is not None:
        click.echo(f"history {result.history}: {len(result.recorded)} run(s) added")
    if screenshot is not None:
        click.echo(f"screenshot {screenshot}")


@click.command("merge")
@click.argument("shards", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("-o", "--out", "out_file", required=True,
              type=click.Path(dir_okay=False, path_type=Path), help="The merged run file.")
def merge_command(shards: tuple[Path, ...], out_file: Path) -> None:
    """Merge the JSON Lines files of `rulings run --shard i/n` (all n shards) into one run file.

    The merged file reads like an unsharded run: its suite_version covers every case.
    """
    from reports.conformance.load import merge_run_files

    try:
        run = merge_run_files(shards, out_file)
    except ReportError as exc:
        raise ReportCommandError(str(exc)) from exc
    click.echo(f"wrote {out_file}: {run.engine_name} {run.engine_version}, {len(run.cases)} "
               f"cases from {run.shards} shard(s), suite {run.suite_version}")
