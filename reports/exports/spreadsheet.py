"""Spreadsheet-safe CSV cells (CSV or "formula" injection, OWASP).

A spreadsheet that opens a CSV file evaluates a cell starting with ``=``, ``+``, ``-`` or ``@``
as a formula (and a leading tab or carriage return can hide one). Ruling texts start with
``+1/+1`` or ``-1/-1`` often enough, and a crafted input could carry ``=HYPERLINK(...)``. As OWASP
recommends, such a text cell is written with a single quote ``'`` in front, which spreadsheets
show as text; a program reading the CSV removes that one quote when the next character is one of
:data:`FORMULA_START` (:func:`restore`). Numbers are not text cells and are written as they are.
Only the CSV files meant for spreadsheets are neutralised: Parquet, JSON Lines and the parallel
corpus TSV keep the texts byte for byte.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CARD_NOTE", "FORMULA_START", "REPORT_NOTE", "neutralise", "restore"]

FORMULA_START: tuple[str, ...] = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet read a cell as a formula (OWASP's list)."""

CARD_NOTE = (
    "Text cells of the CSV files that begin with `=`, `+`, `-`, `@`, a tab or a carriage return "
    "are written with a single quote `'` in front (OWASP's defence against CSV formula "
    "injection), so a spreadsheet shows them as text; when reading the CSV with a program, drop "
    "that one leading `'` where the next character is one of those. Numbers are written as "
    "they are; Parquet, JSON Lines and the parallel TSV files keep the texts unchanged."
)
"""What the dataset card of a CSV export says about it."""

REPORT_NOTE = (
    "In findings.csv, text cells that begin with =, +, -, @, a tab or a carriage return carry a "
    "leading ' so that a spreadsheet shows them as text (CSV formula injection); findings.json "
    "keeps every text unchanged."
)
"""What the translation report says about its CSV file."""


def neutralise(value: Any) -> Any:
    """``value`` with a ``'`` in front when it is a text starting with :data:`FORMULA_START`;
    any other value is returned unchanged."""
    if isinstance(value, str) and value[:1] in FORMULA_START:
        return "'" + value
    return value


def restore(value: str) -> str:
    """Undo :func:`neutralise` on a text cell read back from the CSV."""
    if value[:1] == "'" and value[1:2] in FORMULA_START and value[1:2]:
        return value[1:]
    return value
