"""``rulings report translation`` and ``rulings export``; owns the ``report`` click group.

``report_group`` is the one ``report`` group of the CLI: other report modules (the conformance
dashboard) attach their subcommands to it (see ``reports/common/README.md``). Exit status 0 when
the output was written, 2 when an input is unreadable or the output cannot be written.
"""

from __future__ import annotations

from pathlib import Path

import click

from reports.errors import ReportError

__all__ = ["export_command", "register", "report_group", "translation_command"]


class ReportCommandError(click.ClickException):
    """A report or export error shown to the user; exit code 2."""

    exit_code = 2


@click.group("report")
def report_group() -> None:
    """Write reports (self-contained HTML, plus CSV/JSON of the findings)."""


@report_group.command("translation")
@click.argument("dataset", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("-o", "--out", "out_dir", required=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Directory for index.html, findings.csv and findings.json.")
@click.option("--glossary", "glossary", type=click.Path(exists=True, dir_okay=False,
                                                         path_type=Path), default=None,
              help="Glossary override file (default: fixtures/glossary/overrides.yaml).")
def translation_command(dataset: Path, out_dir: Path, glossary: Path | None) -> None:
    """Check Italian and German rulings against English; write the translation report.

    Checks: untranslated rulings and clauses, missing/extra rulings, dates, numbers, symbols,
    quotes and parentheses, card names left in English, terminology, typography.
    """
    from reports.translation import translation_report
    from reports.translation.glossary import DEFAULT_OVERRIDES

    try:
        result = translation_report(dataset, out_dir,
                                    glossary_overrides=glossary or DEFAULT_OVERRIDES)
    except ReportError as exc:
        raise ReportCommandError(str(exc)) from exc
    sev = result.summary["by_severity"]
    click.echo(f"wrote {result.html} ({len(result.findings)} findings: "
               + ", ".join(f"{n} {s}" for s, n in sev.items()) + ")")
    click.echo(f"wrote {result.csv}")
    click.echo(f"wrote {result.json}")


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
        raise ReportCommandError(str(exc)) from exc
    click.echo(f"wrote {result.out} ({fmt}): " + ", ".join(
        f"{name} {n}" for name, n in result.counts.items()))


def register(group: click.Group) -> None:
    """Add the ``report`` group (or reuse one already there) with ``translation``, and
    ``export``."""
    found = group.commands.get("report")
    target = found if isinstance(found, click.Group) else report_group
    if target is not found:
        group.add_command(report_group)
    target.add_command(translation_command)
    group.add_command(export_command)
