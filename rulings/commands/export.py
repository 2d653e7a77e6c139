"""``rulings export``: a dataset's tables and parallel corpus for others (:mod:`reports.exports`).

Exit status 0 when the output was written, 2 when an input is unreadable or the output cannot be
written.
"""

from __future__ import annotations

from pathlib import Path

import click

from reports.errors import ReportError

__all__ = ["export_command", "register"]


class ExportCommandError(click.ClickException):
    """An export error shown to the user; exit code 2."""

    exit_code = 2


@click.command("export")
@click.argument("dataset", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--format", "fmt", required=True,
              type=click.Choice(["parquet", "csv", "jsonl", "hf"]),
              help="Output format (hf: a Hugging Face `datasets` parquet layout).")
@click.option("-o", "--out", "out_dir", required=True,
              type=click.Path(file_okay=False, path_type=Path), help="Output directory.")
def export_command(dataset: Path, fmt: str, out_dir: Path) -> None:
    """Export a dataset's tables with a dataset card (README.md), plus the parallel corpus of
    aligned pairs (it-en, de-en, it-de) as TSV and JSONL."""
    from reports.exports import export_dataset

    try:
        result = export_dataset(dataset, out_dir, fmt)
    except ReportError as exc:
        raise ExportCommandError(str(exc)) from exc
    click.echo(f"wrote {result.out} ({fmt}): " + ", ".join(
        f"{name} {n}" for name, n in result.counts.items()))


def register(group: click.Group) -> None:
    """Add ``export`` to the ``rulings`` group."""
    group.add_command(export_command)
