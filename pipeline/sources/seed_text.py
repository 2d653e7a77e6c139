"""The localized rulings text format ("seed" files).

Layout: the first line is the card's printed name in the file's language; then blocks separated
by blank lines, alternating a date line and one ruling paragraph::

    Coltello alla Mano

    12/04/2024

    Una carta, una magia o un permanente è un fuorilegge se ...

Dates are read with an explicit per-source rule (:class:`DateOrder`), day first by default for
this format; a value is never guessed. Line endings may be LF, CRLF or CR.

Every block pair is one record: a ruling, or a quarantined record when the date is impossible,
the date has no ruling, the ruling has no date, the ruling repeats an earlier one of the file,
holds NUL bytes or is over :data:`MAX_RULING_CHARS` long. A file whose title line is missing,
holds NUL bytes or is over :data:`MAX_TITLE_CHARS` long is one quarantined record.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from pipeline.normalise import normalise
from pipeline.records import SourceRuling
from pipeline.sources.base import SourceResult, TooManyBadRecords, decode_bytes

__all__ = [
    "MAX_RULING_CHARS",
    "MAX_TITLE_CHARS",
    "DateOrder",
    "SeedRuling",
    "looks_like_date_line",
    "parse_seed_bytes",
    "parse_seed_text",
    "render_seed_file",
]

MAX_RULING_CHARS = 20_000
"""Longest ruling accepted (the longest real English ruling is about 1,500 characters)."""

MAX_TITLE_CHARS = 500
"""Longest title line accepted (the longest printed card name has 141 characters)."""

_DATE_LINE = re.compile(r"[ \t]*(\d{1,2})([/.\-])(\d{1,2})\2(\d{4})[ \t]*")
_NEWLINE = re.compile(r"\r\n|\r|\n")
_HTML = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>|&(?:[a-z]+|#\d+|#x[0-9a-f]+);", re.I)


class DateOrder(Enum):
    """How a source writes its numeric dates: the explicit rule used for every date it holds."""

    DAY_FIRST = "DMY"
    """``DD/MM/YYYY``: the convention of the localized (Italian, German) rulings files."""
    MONTH_FIRST = "MDY"
    """``MM/DD/YYYY``."""

    def to_date(self, first: int, second: int, year: int) -> _dt.date:
        """Build the date; raises ``ValueError`` when it does not exist (31/02/2024)."""
        if self is DateOrder.DAY_FIRST:
            return _dt.date(year, second, first)
        return _dt.date(year, first, second)

    def format(self, date: _dt.date) -> str:
        """Write ``date`` the way this rule reads it."""
        if self is DateOrder.DAY_FIRST:
            return f"{date.day:02d}/{date.month:02d}/{date.year:04d}"
        return f"{date.month:02d}/{date.day:02d}/{date.year:04d}"


@dataclass(frozen=True, slots=True)
class SeedRuling:
    """One date + ruling pair, as written to or read from a seed file."""

    date: _dt.date
    text: str


def looks_like_date_line(line: str) -> bool:
    """True when ``line`` is a numeric date line (whether or not the date exists)."""
    return _DATE_LINE.fullmatch(line) is not None


def _lines(text: str) -> list[tuple[int, int, int]]:
    """(line number, start offset, end offset excluding the terminator) of every line."""
    out: list[tuple[int, int, int]] = []
    pos = 0
    number = 1
    for m in _NEWLINE.finditer(text):
        out.append((number, pos, m.start()))
        pos = m.end()
        number += 1
    out.append((number, pos, len(text)))
    return out


def parse_seed_text(
    text: str,
    source: str,
    *,
    date_order: DateOrder = DateOrder.DAY_FIRST,
    result: SourceResult | None = None,
) -> SourceResult:
    """Parse decoded seed-format ``text`` read from ``source`` (a posix path, used in messages).

    ``text_raw`` of each ruling is the exact slice of ``text`` holding the paragraph (its internal
    line breaks included, the terminator of its last line excluded).
    """
    res = result if result is not None else SourceResult(source)
    lines = _lines(text)
    if "\r\n" in text:
        first_crlf = text.count("\n", 0, text.index("\r\n")) + 1
        res.warn(first_crlf, "crlf", "CRLF line endings (handled)")
    if not text.strip():
        res.quarantine(1, "empty_file", "empty file: no title and no rulings")
        return res
    number, start, end = lines[0]
    title_line = text[start:end]
    title = title_line.strip()
    if not title or looks_like_date_line(title_line):
        res.quarantine(
            1,
            "missing_title",
            "the first line must be the card's name, found "
            + ("a blank line" if not title else f"a date ({title})"),
            text,
        )
        return res
    if "\x00" in title:
        res.quarantine(1, "nul_bytes", "NUL byte in the title line; file skipped", text)
        return res
    if len(title) > MAX_TITLE_CHARS:
        res.quarantine(
            1,
            "oversized_title",
            f"title line of {len(title):,} characters (over {MAX_TITLE_CHARS:,}): not a card "
            "name; file skipped",
            text[:MAX_RULING_CHARS],
        )
        return res
    res.title = title
    if "/" in title or "\\" in title or ".." in title:
        res.warn(1, "unsafe_title", f"title {title!r} holds path characters")

    # Group the remaining lines into blocks of consecutive non-blank lines; a date line always
    # forms a block of its own (a missing blank line around it is reported).
    blocks: list[tuple[str, int, int, int]] = []  # (kind, first line, start, end)
    current: list[tuple[int, int, int]] = []

    def flush() -> None:
        if current:
            blocks.append(("text", current[0][0], current[0][1], current[-1][2]))
            current.clear()

    for number, start, end in lines[1:]:
        line = text[start:end]
        if not line.strip():
            flush()
        elif looks_like_date_line(line):
            if current:
                res.warn(number, "missing_blank_line", "no blank line before date")
            flush()
            blocks.append(("date", number, start, end))
        else:
            current.append((number, start, end))
    flush()

    if not blocks:
        res.quarantine(1, "no_rulings", "title only, the file holds no rulings", title)
        return res

    seen: dict[tuple[_dt.date, str], int] = {}
    position = 0
    i = 0
    while i < len(blocks):
        kind, number, start, end = blocks[i]
        raw = text[start:end]
        if kind == "text":
            res.quarantine(
                number,
                "ruling_without_date",
                "ruling paragraph with no date line before it",
                raw,
            )
            position += 1
            i += 1
            continue
        # a date block
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if nxt is None or nxt[0] != "text":
            res.quarantine(number, "date_without_ruling", f"date {raw.strip()} has no ruling", raw)
            position += 1
            i += 1
            continue
        _, t_number, t_start, t_end = nxt
        t_raw = text[t_start:t_end]
        i += 2
        pos = position
        position += 1
        m = _DATE_LINE.fullmatch(raw)
        assert m is not None
        try:
            date = date_order.to_date(int(m.group(1)), int(m.group(3)), int(m.group(4)))
        except ValueError:
            res.quarantine(
                t_number,
                "impossible_date",
                f"impossible date {raw.strip()} on line {number} (read "
                f"{date_order.name.lower().replace('_', '-')}); ruling quarantined",
                t_raw,
            )
            continue
        if "\x00" in t_raw:
            res.quarantine(t_number, "nul_bytes", "NUL byte in ruling", t_raw)
            continue
        if len(t_raw) > MAX_RULING_CHARS:
            res.quarantine(
                t_number,
                "oversized_ruling",
                f"ruling of {len(t_raw):,} characters "
                f"(over {MAX_RULING_CHARS:,}); not a ruling paragraph",
                t_raw[:MAX_RULING_CHARS],
            )
            continue
        key = (date, normalise(t_raw))
        if key in seen:
            res.quarantine(
                t_number,
                "duplicate_ruling",
                f"duplicate of the ruling at line {seen[key]} (same date and text)",
                t_raw,
                severity="warning",
            )
            continue
        seen[key] = t_number
        if _HTML.search(t_raw):
            res.warn(t_number, "html_markup", "ruling holds HTML markup (kept as is)")
        res.rulings.append(
            SourceRuling(
                source=source,
                line=t_number,
                position=pos,
                date=date,
                text_raw=t_raw,
                kind="seed",
                title=title,
            )
        )
    return res


def parse_seed_bytes(
    data: bytes,
    source: str,
    *,
    date_order: DateOrder = DateOrder.DAY_FIRST,
    max_bad_records: int | None = None,
) -> SourceResult:
    """Decode (see :func:`~pipeline.sources.base.decode_bytes`) and parse a seed file's bytes.

    Past ``max_bad_records`` quarantined records, reading stops: the rest is one record.
    """
    res = SourceResult(source, max_bad=max_bad_records)
    try:
        decoded = decode_bytes(data, res)
        if decoded is None:
            return res
        return parse_seed_text(decoded.text, source, date_order=date_order, result=res)
    except TooManyBadRecords as stop:
        res.stopped(stop)
        return res


def render_seed_file(
    title: str,
    rulings: Iterable[SeedRuling] | Sequence[tuple[_dt.date, str]],
    *,
    date_order: DateOrder = DateOrder.DAY_FIRST,
    newline: str = "\n",
) -> str:
    """Write a seed file: the inverse of :func:`parse_seed_text` (no trailing newline).

    ``parse_seed_text(render_seed_file(t, rs))`` gives back ``t`` and the dates and texts of
    ``rs`` for any title and single-paragraph texts that are not date lines.
    """
    parts = [title]
    for item in rulings:
        date, text = (item.date, item.text) if isinstance(item, SeedRuling) else item
        parts.append(date_order.format(date))
        parts.append(text)
    return (newline * 2).join(parts)
