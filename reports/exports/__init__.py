"""Exports of a dataset: parquet, CSV, JSON Lines or a Hugging Face ``datasets`` layout.

:func:`export_dataset` writes the four tables (rulings, aligned, cards, quarantine), a parallel
corpus of aligned pairs (:func:`pairs`: it–en, de–en, it–de built in) as TSV and JSONL, and a dataset card
(``README.md``: schema, counts, provenance, licence notes) — ``rulings export DATASET --format
parquet|csv|jsonl|hf --out DIR``.
"""

from __future__ import annotations

from reports.exports.errors import ExportError
from reports.exports.writer import (
    FORMATS,
    ExportResult,
    export_dataset,
    pairs,
    parallel_pairs,
)

__all__ = ["FORMATS", "ExportError", "ExportResult", "export_dataset", "pairs", "parallel_pairs"]
