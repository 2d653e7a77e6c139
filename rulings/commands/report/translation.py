"""``rulings report translation``: the translation report (:mod:`reports.translation`).

The ``report`` group (:mod:`rulings.commands.report`) holds it. Exit status 0 when the output was
written, 2 when an input is unreadable or the output cannot be written.
"""

from __future__ import annotations

from pathlib import Path

import click

from reports.errors import ReportError

__all__ = ["translation_command"]


class ReportCommandError(click.ClickException):
    """A report error shown to the user; exit code 2."""

    exit_code = 2


@click.command("translation")
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
