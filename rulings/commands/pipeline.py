"""``rulings build``: a thin layer over :func:`pipeline.build.build`.

In Python: ``pipeline.build.build(inputs, out, detector=..., progress=..., limits=...)``; the
progress bars are drawn here (:func:`rulings.progress.click_progress`), never by the pipeline.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from pipeline.sources.files import InputLimits
    from pipeline.summary import BuildSummary

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
@click.option(
    "--max-input-bytes",
    type=click.IntRange(min=1),
    default=None,
    help="Largest input file read, in bytes as read or once decompressed (.gz).  "
    "[default: 1073741824 (1 GiB)]",
)
@click.option(
    "--max-gzip-ratio",
    type=click.IntRange(min=1),
    default=None,
    help="A .gz input may inflate to at most this many times its size (beyond its first MiB).  "
    "[default: 100]",
)
@click.option(
    "--max-bad-records",
    type=click.IntRange(min=1),
    default=None,
    help="Stop reading a file after this many of its records are quarantined (the rest is one "
    "more quarantined record).  [default: 10000]",
)
@click.option(
    "--follow-symlinks",
    is_flag=True,
    help="Read symbolic links in input folders that point outside the inputs (never by default).",
)
def build_command(
    inputs: tuple[Path, ...],
    out: Path,
    detector: str,
    quiet: bool,
    max_input_bytes: int | None,
    max_gzip_ratio: int | None,
    max_bad_records: int | None,
    follow_symlinks: bool,
) -> None:
    """Build the aligned rulings dataset from INPUT files and folders.

    Inputs: seed-format .txt files (first line the card's printed name, then date and ruling
    blocks), MTGJSON/Scryfall .json, .jsonl and their .gz. Writes OUT/rulings, OUT/aligned
    (one partition per card), OUT/cards and OUT/quarantine as Parquet, then prints a summary.
    Exits with status 1 when an input had errors (the dataset is still written), when no ruling
    at all came out of the inputs, or the build failed; 2 when OUT may not be written: it holds
    files this tool did not write, or it contains an input or lies inside one (nothing is deleted
    then). Symbolic links inside input folders are read only when they point inside the inputs
    (see --follow-symlinks); folders that cannot be listed, FIFOs, devices and files over the
    limits are quarantined, never read.
    """
    from pipeline.build import build
    from pipeline.errors import PipelineError
    from pipeline.store.outdir import UnsafeOutputError
    from rulings.progress import click_progress

    progress = click_progress() if not quiet and sys.stderr.isatty() else None
    limits = _limits(max_input_bytes, max_gzip_ratio, max_bad_records, follow_symlinks)
    try:
        summary = build(list(inputs), out, detector=detector, progress=progress, limits=limits)
    except UnsafeOutputError as exc:
        raise _UsageError(str(exc)) from exc
    except PipelineError as exc:
        raise click.ClickException(str(exc)) from exc
    _show(summary, out, quiet)
    if summary.errors or summary.records_out == 0:
        sys.exit(1)


def _limits(max_input_bytes: int | None, max_gzip_ratio: int | None,
            max_bad_records: int | None, follow_symlinks: bool) -> InputLimits:
    """The input limits of the options (the library's defaults where not given)."""
    from pipeline.sources.files import (
        DEFAULT_MAX_BAD_RECORDS,
        DEFAULT_MAX_GZIP_RATIO,
        DEFAULT_MAX_INPUT_BYTES,
        InputLimits,
    )

    return InputLimits(
        max_input_bytes=max_input_bytes or DEFAULT_MAX_INPUT_BYTES,
        max_gzip_ratio=max_gzip_ratio or DEFAULT_MAX_GZIP_RATIO,
        follow_symlinks=follow_symlinks,
        max_bad_records=max_bad_records or DEFAULT_MAX_BAD_RECORDS,
    )


def _show(summary: BuildSummary, out: Path, quiet: bool) -> None:
    """The summary (only the input errors with ``--quiet``), then what made the build fail."""
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
    if summary.records_out == 0:
        click.echo(
            f"error: no ruling could be read from the inputs ({summary.records_in:,} records in, "
            f"all quarantined in {out}/quarantine)",
            err=True,
        )


def register(group: click.Group) -> None:
    """Add the pipeline commands (``build``) to the ``rulings`` group."""
    group.add_command(build_command)
