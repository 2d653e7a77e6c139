"""The translation-consistency report of Italian and German rulings against English.

Entry point :func:`translation_report` (``rulings report translation DATASET --out DIR``) writes
``index.html`` (self-contained), ``findings.csv`` and ``findings.json``. :func:`run_checks`
returns the :class:`Finding` list alone. The checks (:data:`CHECKS`) and their language-aware
rules are documented in :mod:`reports.translation.checks` and
:mod:`reports.translation.textchecks`; the glossary in :mod:`reports.translation.glossary`.
"""

from __future__ import annotations

from reports.translation.checks import run_checks
from reports.translation.errors import GlossaryError, TranslationReportError
from reports.translation.findings import CHECKS, SEVERITIES, Finding
from reports.translation.glossary import Glossary, load_glossary
from reports.translation.report import TranslationReport, translation_report

__all__ = [
    "CHECKS",
    "SEVERITIES",
    "Finding",
    "Glossary",
    "GlossaryError",
    "TranslationReport",
    "TranslationReportError",
    "load_glossary",
    "run_checks",
    "translation_report",
]
