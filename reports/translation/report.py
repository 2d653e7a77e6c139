"""``rulings report translation``: read a dataset, run the checks, write HTML, CSV and JSON."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.cards import NamesTable
from pipeline.errors import PipelineError
from pipeline.store.reader import read_dataset
from reports.translation.checks import LOCALIZED, run_checks
from reports.translation.errors import TranslationReportError
from reports.translation.findings import Finding
from reports.translation.glossary import DEFAULT_OVERRIDES, load_glossary
from reports.translation.render import render_csv, render_html, render_json, summary

__all__ = ["HTML_NAME", "CSV_NAME", "JSON_NAME", "TranslationReport", "translation_report"]

HTML_NAME = "index.html"
CSV_NAME = "findings.csv"
JSON_NAME = "findings.json"


@dataclass
class TranslationReport:
    """What :func:`translation_report` wrote."""

    out: Path
    findings: list[Finding]
    summary: dict[str, Any] = field(default_factory=dict)

    @property
    def html(self) -> Path:
        """The HTML report."""
        return self.out / HTML_NAME

    @property
    def csv(self) -> Path:
        """Every finding as CSV."""
        return self.out / CSV_NAME

    @property
    def json(self) -> Path:
        """Every finding as JSON (with the summary)."""
        return self.out / JSON_NAME


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8", newline="")
    os.replace(tmp, path)


def translation_report(
    dataset: Path | str,
    out: Path | str,
    *,
    table: NamesTable | None = None,
    glossary_overrides: Path | str | None = DEFAULT_OVERRIDES,
) -> TranslationReport:
    """Check the dataset at ``dataset`` and write ``index.html``, ``findings.csv`` and
    ``findings.json`` into ``out`` (created if needed). Same input, same bytes.

    Raises :class:`TranslationReportError` when the dataset cannot be read or ``out`` cannot
    be written, :class:`~reports.translation.errors.GlossaryError` for a bad override file.
    """
    try:
        ds = read_dataset(dataset)
    except PipelineError as exc:
        raise TranslationReportError(str(exc)) from exc
    table = table if table is not None else NamesTable.load()
    glossary = load_glossary(table, glossary_overrides)
    findings = run_checks(ds, table, glossary)
    r = ds.rulings
    localized = r[r.file_lang.isin(LOCALIZED)]
    meta = {
        "dataset": Path(dataset).name,
        "dataset_format": ds.manifest.get("format"),
        "inputs": [i.get("source") for i in ds.manifest.get("inputs", [])],
        "cards": int(localized.card_id.nunique()),
        "localized_rulings": len(localized),
        "glossary_terms": len(glossary),
    }
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        _write(out / HTML_NAME, render_html(findings, meta))
        _write(out / CSV_NAME, render_csv(findings))
        _write(out / JSON_NAME, render_json(findings, meta))
    except OSError as exc:
        raise TranslationReportError(f"{out}: cannot write the report: {exc}") from exc
    return TranslationReport(out=out, findings=findings, summary=summary(findings))
