"""``rulings build``: a thin layer over :func:`pipeline.build.build`.

In Python: ``pipeline.build.build(inputs, out, detector=..., progress=...)``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

__all__ = ["build_command", "register"]

_DETECTORS = ("lingua", "langdetect")


class _UsageError(click.ClickException):
    """An output folder the build may not write; exit code 2."""

    exit_code = 2


@click.command("build")
@click.argument("inputs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--out",
    "-o",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Dataset directory to write (replaced atomically).",
)
@click.option(
    "--detector",
    type=click.Choice(_DETECTORS),
    default="lingua",
    show_default=True,
    help="Language detector.",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary; errors only.")
def build_command(inputs: tuple[Path, ...], out: Path, detector: str, quiet: bool) -> None:
    """Build the aligned rulings dataset from INPUT files and folders.

    Inputs: seed-format .txt files (first line the card's printed name, then date and ruling
    blocks), MTGJSON/Scryfall .json, .jsonl and their .gz. Writes OUT/rulings, OUT/aligned
    (one partition per card), OUT/cards and OUT/quarantine as Parquet, then prints a summary.
    Exits with status 1 when an input had errors (the dataset is still written) or the build
    failed, 2 when OUT may not be written: it holds files this tool did not write, or it
    contains an input or lies inside one (nothing is deleted then).
    """
    from pipeline.build import build
    from pipeline.errors import PipelineError
    from pipeline.store.outdir import UnsafeOutputError

    show_progress = not quiet and sys.stderr.isatty()
    try:
        summary = build(list(inputs), out, detector=detector, progress=show_progress)
    except UnsafeOutputError as exc:
        raise _UsageError(str(exc)) from exc
    except PipelineError as exc:
        raise click.ClickException(str(exc)) from exc
    if not quiet:
        click.echo(summary.format())
    elif summary.errors:
        for issue in summary.errors:
            click.echo(str(issue), err=True)
    if summary.errors:
        click.echo(
            f"error: {len(summary.errors)} input error(s); records quarantined in {out}/quarantine",
            err=True,
        )
        sys.exit(1)


def register(group: click.Group) -> None:
    """Add the pipeline commands (``build``) to the ``rulings`` group."""
    group.add_command(build_command)
