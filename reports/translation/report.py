"""``rulings report translation``: read a dataset, run the checks, write HTML, CSV and JSON.

The three files are written into ``OUT`` one by one, atomically, with ``OUT/.rulings-output.json``
listing them: a file of the same name that this tool did not write is never overwritten, and
nothing else in ``OUT`` is touched (:func:`pipeline.store.outdir.write_into`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline import languages, read_dataset
from pipeline.cards import NamesTable
from pipeline.errors import PipelineError
from pipeline.store import outdir
from reports.translation.checks import run_checks
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


_EARLIER_CSV_HEADER = (
    "finding_id,check,severity,card_id,card_name,lang,ruling_id,message,evidence,suggestion,"
    "source,line,date,group_id,text,spans,ref_lang,ref_spans,text_en,text_it,text_de")
"""The CSV header of the versions without a marker (English, Italian and German only)."""
_PAGE_START = ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
               '<meta http-equiv="Content-Security-Policy" content="default-src &#x27;none&#x27;;')
"""How the report page begins, in this version and in those without a marker (whose policy did
not pin the script yet)."""
_EARLIER = {
    HTML_NAME: _PAGE_START.encode("utf-8"),
    CSV_NAME: (_EARLIER_CSV_HEADER + "\n").encode("utf-8"),
    JSON_NAME: b'{\n  "meta": {\n    "dataset": ',
}


def _earlier_report(path: Path) -> bool:
    """Whether ``path`` is a file of a translation report of a version without a marker (or
    whose marker was lost)."""
    start = _EARLIER[path.name]
    with open(path, "rb") as fh:
        return fh.read(len(start)) == start and (
            path.name != HTML_NAME or b"<title>Translation consistency report</title>" in
            fh.read(1000))


def translation_report(
    dataset: Path | str,
    out: Path | str,
    *,
    table: NamesTable | None = None,
    glossary_overrides: Path | str | None = DEFAULT_OVERRIDES,
) -> TranslationReport:
    """Check the dataset at ``dataset`` and write ``index.html``, ``findings.csv`` and
    ``findings.json`` into ``out`` (created if needed). Same input, same bytes.

    Raises :class:`TranslationReportError` when the dataset cannot be read, ``out`` cannot be
    written, ``out`` holds a file of one of those names that this tool did not write, or ``out``
    is the dataset folder or lies inside it; :class:`~reports.translation.errors.GlossaryError` for a
    bad override file.

    Card names (the ``english_card_name`` check) come from the dataset's ``cards`` table; the
    cards' printed texts and the glossary's type lines from ``table`` (default:
    :meth:`NamesTable.load`, the card data the dataset was built with).
    """
    out = Path(out)
    try:
        ds = read_dataset(dataset)
        outdir.check_disjoint(out, [dataset], "dataset", may_contain=True)
        outdir.prepare_into(out, outdir.TRANSLATION_REPORT, [HTML_NAME, CSV_NAME, JSON_NAME],
                            _earlier_report)
    except PipelineError as exc:
        raise TranslationReportError(str(exc)) from exc
    table = table if table is not None else NamesTable.load()
    glossary = load_glossary(table, glossary_overrides)
    findings = run_checks(ds, table, glossary)
    r = ds.rulings
    localized = r[r.file_lang.isin(languages.localized())]
    meta = {
        "dataset": Path(dataset).name,
        "dataset_format": ds.manifest.get("format"),
        "inputs": [i.get("source") for i in ds.manifest.get("inputs", [])],
        "cards": int(localized.card_id.nunique()),
        "localized_rulings": len(localized),
        "glossary_terms": len(glossary),
    }
    files = {HTML_NAME: render_html(findings, meta), CSV_NAME: render_csv(findings),
             JSON_NAME: render_json(findings, meta)}
    try:
        outdir.write_into(out, outdir.TRANSLATION_REPORT,
                          {name: text.encode("utf-8") for name, text in files.items()},
                          legacy=_earlier_report)
    except PipelineError as exc:
        raise TranslationReportError(f"{out}: cannot write the report: {exc}") from exc
    return TranslationReport(out=out, findings=findings, summary=summary(findings))
