"""English rulings as MTGJSON or Scryfall JSON, JSON Lines, optionally gzip-compressed.

Accepted shapes (nested in any combination, up to a small depth):

- a ruling object: ``oracle_id``, ``date`` or ``published_at`` (ISO ``YYYY-MM-DD``: the explicit
  date rule of JSON sources), ``text`` or ``comment``; ``name`` optional;
- an MTGJSON card object carrying ``rulings`` (its ``identifiers.scryfallOracleId`` or
  ``oracle_id`` and ``name`` apply to every ruling in it);
- a list of any of these; a wrapper ``{"data": ...}`` (MTGJSON files, Scryfall lists); an MTGJSON
  set object (``{"cards": [...]}``) or a mapping of set codes to sets.

JSON sources declare English (``declared_lang="en"``). Line numbers are the line of the record
in JSON Lines; in a ``.json`` file, the line where the ruling's text is written (best effort: the
line of its card, or 1, when the text cannot be located).
"""

from __future__ import annotations

import datetime as _dt
import json
from typing import Any

from pipeline.records import SourceKind, SourceRuling
from pipeline.sources.base import SourceResult, decode_bytes

__all__ = ["parse_json_bytes", "parse_json_text", "parse_jsonl_text"]

_MAX_DEPTH = 8

_raw_decode = json.JSONDecoder().raw_decode
"""Decodes one JSON value at the start of a string: ``json.loads`` minus its whitespace handling."""


class _Locator:
    """Finds the line where each ruling text is written, scanning the document forward once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.cursor = 0
        self.line = 1

    def locate(self, value: str) -> int:
        for needle in (
            json.dumps(value, ensure_ascii=False)[1:-1],
            json.dumps(value, ensure_ascii=True)[1:-1],
        ):
            at = self.text.find(needle, self.cursor) if needle else -1
            if at >= 0:
                self.line += self.text.count("\n", self.cursor, at)
                self.cursor = at
                return self.line
        return self.line


class _Walker:
    """Walks decoded JSON values of one source; appends its rulings and quarantines to ``res``."""

    def __init__(self, res: SourceResult, locator: _Locator | None) -> None:
        self.res = res
        self.source = res.source
        self.rulings = res.rulings
        self.locator = locator
        self.positions: dict[str, int] = {}
        """Rulings met so far per card (oracle id, else ``name:`` and the name)."""
        self.dates: dict[str, _dt.date] = {}
        """Date strings already read (a corpus repeats a few hundred dates)."""

    def walk(self, obj: Any, line: int, depth: int = 0, card: dict[str, Any] | None = None) -> int:
        """Walk ``obj``; return how many ruling-shaped objects were met."""
        if depth > _MAX_DEPTH:
            return 0
        if isinstance(obj, list):
            return sum(self.walk(item, line, depth + 1, card) for item in obj)
        if not isinstance(obj, dict):
            return 0
        if isinstance(obj.get("rulings"), list):
            ids = obj.get("identifiers")
            oracle = (ids.get("scryfallOracleId") if isinstance(ids, dict) else None) or obj.get(
                "oracle_id"
            )
            ctx = {"oracle_id": oracle, "name": obj.get("name")}
            found = 0
            for item in obj["rulings"]:
                if isinstance(item, dict):
                    self.ruling(item, line, ctx)
                    found += 1
            return found
        if ("text" in obj or "comment" in obj) and ("date" in obj or "published_at" in obj):
            self.ruling(obj, line, card or {})
            return 1
        if "data" in obj:
            return self.walk(obj["data"], line, depth + 1, card)
        if isinstance(obj.get("cards"), list):
            return self.walk(obj["cards"], line, depth + 1, card)
        if depth <= 2 and "name" not in obj:  # a mapping of set codes to sets
            return sum(self.walk(v, line, depth + 1, card) for v in obj.values())
        return 0

    def ruling(self, obj: dict[str, Any], line: int, card: dict[str, Any]) -> None:
        """Read one ruling object (``card``: the fields of its card, or empty)."""
        # Called once per ruling of a corpus: ``obj[k] if k in obj else ...`` and the date cache
        # spare calls. A ruling failing a check is quarantined with the first failed check.
        text = obj["text"] if "text" in obj else obj.get("comment")
        if not isinstance(text, str) or not text or text.isspace():
            where = self.locator.line if self.locator is not None else line
            self.res.quarantine(
                where,
                "missing_text",
                "ruling with an empty or missing text",
                json.dumps(obj, ensure_ascii=False)[:500],
                severity="warning",
            )
            return
        where = self.locator.locate(text) if self.locator is not None else line
        raw_date = obj["date"] if "date" in obj else obj.get("published_at")
        date = self.dates.get(raw_date) if isinstance(raw_date, str) else None
        if date is None:
            try:
                if not isinstance(raw_date, str):
                    raise ValueError(raw_date)
                date = self.dates[raw_date] = _dt.date.fromisoformat(raw_date.strip()[:10])
            except ValueError:
                self.res.quarantine(
                    where,
                    "impossible_date",
                    f"date {raw_date!r} is not an ISO date (YYYY-MM-DD)",
                    text,
                )
                return
        if "\x00" in text:
            self.res.quarantine(where, "nul_bytes", "NUL byte in ruling", text)
            return
        oracle = obj.get("oracle_id") or card.get("oracle_id")
        oracle = oracle if isinstance(oracle, str) and oracle else None
        name = obj.get("name") or card.get("name")
        name = name if isinstance(name, str) and name else None
        if oracle is None and name is None:
            self.res.quarantine(
                where, "missing_card", "ruling with neither oracle_id nor name", text
            )
            return
        kind: SourceKind = "scryfall" if ("published_at" in obj or "comment" in obj) else "mtgjson"
        key = oracle if oracle is not None else f"name:{name}"
        position = self.positions.get(key, 0)
        self.positions[key] = position + 1
        self.rulings.append(
            SourceRuling(
                source=self.source,
                line=where,
                position=position,
                date=date,
                text_raw=text,
                kind=kind,
                oracle_id=oracle,
                card_name=name,
                declared_lang="en",
            )
        )


def parse_json_text(text: str, source: str, *, result: SourceResult | None = None) -> SourceResult:
    """Parse one JSON document (any accepted shape)."""
    res = result if result is not None else SourceResult(source)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        res.quarantine(exc.lineno, "invalid_json", f"invalid JSON: {exc.msg}", text[:500])
        return res
    if _Walker(res, _Locator(text)).walk(doc, 1) == 0:
        res.quarantine(1, "no_rulings", "JSON holds no rulings", text[:500])
    return res


def parse_jsonl_text(text: str, source: str, *, result: SourceResult | None = None) -> SourceResult:
    """Parse JSON Lines: one JSON value (any accepted shape) a line; blank lines are skipped."""
    res = result if result is not None else SourceResult(source)
    walker = _Walker(res, None)
    for number, line in enumerate(text.split("\n"), start=1):
        # Fast path: a value that fills the whole line decodes as ``json.loads(line)`` would,
        # without its wrappers. Anything else (blank, padded, invalid) takes ``json.loads``,
        # for its verdict and its exact error message.
        try:
            doc, end = _raw_decode(line)
        except (ValueError, RecursionError):
            end = -1
        if end != len(line):
            if not line.strip():
                continue
            try:
                doc = json.loads(line)
            except json.JSONDecodeError as exc:
                res.quarantine(number, "invalid_json", f"invalid JSON: {exc.msg}", line[:500])
                continue
        if type(doc) is dict and "rulings" not in doc and "text" in doc and "date" in doc:
            walker.ruling(doc, number, {})  # the usual line: one MTGJSON ruling (a shortcut)
        elif walker.walk(doc, number) == 0:
            res.quarantine(number, "not_a_ruling", "JSON value holds no ruling", line[:500])
    if not res.records_in:
        res.quarantine(1, "empty_file", "empty file: no rulings")
    return res


def parse_json_bytes(data: bytes, source: str, *, lines: bool) -> SourceResult:
    """Decode and parse JSON (``lines=False``) or JSON Lines (``lines=True``) bytes."""
    res = SourceResult(source)
    decoded = decode_bytes(data, res)
    if decoded is None:
        return res
    if "\x00" in decoded.text and not lines:
        res.quarantine(1, "nul_bytes", "NUL byte in JSON; file skipped")
        return res
    if lines:
        return parse_jsonl_text(decoded.text, source, result=res)
    return parse_json_text(decoded.text, source, result=res)
