"""English rulings as MTGJSON or Scryfall JSON, JSON Lines, optionally gzip-compressed.

Accepted shapes (nested in any combination, up to a small depth):

- a ruling object: ``oracle_id``, ``date`` or ``published_at`` (ISO ``YYYY-MM-DD``: the explicit
  date rule of JSON sources), ``text`` or ``comment``; ``name`` optional;
- an MTGJSON card object carrying ``rulings`` (its ``identifiers.scryfallOracleId`` or
  ``oracle_id`` and ``name`` apply to every ruling in it);
- a list of any of these; a wrapper ``{"data": ...}`` (MTGJSON files, Scryfall lists); an MTGJSON
  set object (``{"cards": [...]}``) or a mapping of set codes to sets.

JSON sources declare English (``declared_lang="en"``). Line numbers are the line of the record
in JSON Lines; in a ``.json`` file, the line where the ruling's text is written, and for a record
without a usable text the line where the record (or the value, or its list) begins.

Nothing read is dropped uncounted: items of a ``rulings`` list that are not objects, values in
lists that are not rulings, objects that look like a ruling but lack a part, and values nested
deeper than :data:`MAX_DEPTH` levels are quarantined records; a document too deeply nested for
the JSON decoder, or holding a lone UTF-16 surrogate (``"\\ud800"``), is quarantined, never a
traceback.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
from typing import Any

from pipeline.records import SourceKind, SourceRuling
from pipeline.sources.base import SourceResult, TooManyBadRecords, decode_bytes
from pipeline.sources.json_locate import Locator, Positions, pairs_hook
from pipeline.sources.seed_text import MAX_RULING_CHARS

__all__ = [
    "MAX_DEPTH",
    "MAX_NAME_CHARS",
    "parse_json_bytes",
    "parse_json_text",
    "parse_jsonl_text",
]

MAX_DEPTH = 8
"""Containers nested deeper than this (lists, ``data``/``cards`` wrappers) are not walked: each
such value is one quarantined ``too_deep`` record."""

_ISO_DATE = re.compile(r"[ \t]*[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T ][0-9:.+\-Z ]*)?[ \t]*")
"""The explicit date rule of JSON sources: ``YYYY-MM-DD``, optionally followed by a time."""

_CARD_KEYS = ("identifiers", "type", "layout")
"""Keys of MTGJSON card objects: such an object is a card (its ``text`` is not a ruling)."""

_KNOWN_KEYS = ("name", "identifiers", "oracle_id", "object", "code", "cards", "data", "rulings")
"""Keys of card and set objects (MTGJSON, Scryfall): a list item with one is not junk."""

MAX_NAME_CHARS = 500
"""Longest card name accepted (the longest printed English name has 141 characters)."""

_DUPLICATE_KEY = "object repeats a key (JSON would keep only its last value); not read"


def _known(value: Any) -> bool:
    """A list item that is no record when it holds no ruling: a card, a set (by their keys)."""
    return isinstance(value, dict) and any(k in value for k in _KNOWN_KEYS)


def _dump(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)[:500]
    except (ValueError, RecursionError):
        return repr(value)[:500]


def _has_lone_surrogate(*values: str | None) -> bool:
    """True when a value holds a lone surrogate (JSON's ``\\ud800``; no UTF-8 can hold it)."""
    for value in values:
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return True
    return False


class _Walker:
    """Walks decoded JSON values of one source; appends its rulings and quarantines to ``res``."""

    def __init__(
        self,
        res: SourceResult,
        locator: Locator | None,
        *,
        positions: Positions | None = None,
        duplicates: set[int] | None = None,
    ) -> None:
        self.res = res
        self.source = res.source
        self.rulings = res.rulings
        self.locator = locator
        self.positions = positions
        self.duplicates = duplicates if duplicates is not None else set()
        """Ids of the decoded objects that repeat a key (see :func:`~pipeline.sources.json_locate.pairs_hook`)."""
        self.unlocated = False
        """A record was quarantined without an exact line (see :class:`Positions`)."""
        self.positions_of: dict[str, int] = {}
        """Rulings met so far per card (oracle id, else ``name:`` and the name)."""
        self.dates: dict[str, _dt.date] = {}
        """Date strings already read (a corpus repeats a few hundred dates)."""

    def line_of(self, value: Any, line: int) -> int:
        """The line where ``value`` begins, else ``line`` (noted: a rewalk may find it)."""
        if self.positions is not None:
            return self.positions.line(value, line)
        if self.locator is not None:
            self.unlocated = True
            return self.locator.line
        return line

    def reject(self, value: Any, line: int, reason: str, detail: str) -> int:
        """Quarantine ``value`` (met at ``line``) as one record; returns 1 (records met)."""
        self.res.quarantine(self.line_of(value, line), reason, detail, _dump(value))
        return 1

    def walk(self, obj: Any, line: int, depth: int = 0) -> int:
        """Walk ``obj``; return how many records (rulings and quarantined values) were met.

        An object that is neither a ruling nor holds any (a card without rulings, metadata) is
        no record; a scalar in a list, or an object that is not a card or set, is one
        (quarantined).
        """
        if self.positions is not None:
            line = self.positions.line(obj, line)
        if depth > MAX_DEPTH:
            if isinstance(obj, list | dict) and obj:
                return self.reject(
                    obj, line, "too_deep", f"value nested over {MAX_DEPTH} levels deep; not read"
                )
            return 0
        if isinstance(obj, list):
            found = 0
            for item in obj:
                got = self.walk(item, line, depth + 1)
                if not got and not isinstance(item, list) and not _known(item):
                    got = self.reject(
                        item,
                        line,
                        "not_a_ruling",
                        f"{type(item).__name__} in a list of rulings, not a ruling, card or set",
                    )
                found += got
            return found
        if not isinstance(obj, dict):
            return 0
        if self.duplicates and id(obj) in self.duplicates:
            return self.reject(obj, line, "duplicate_key", _DUPLICATE_KEY)
        rulings = obj.get("rulings")
        if isinstance(rulings, list):
            ids = obj.get("identifiers")
            oracle = (ids.get("scryfallOracleId") if isinstance(ids, dict) else None) or obj.get(
                "oracle_id"
            )
            ctx = {"oracle_id": oracle, "name": obj.get("name")}
            for item in rulings:
                if isinstance(item, dict):
                    self.ruling(item, line, ctx)
                else:
                    self.reject(
                        item,
                        self.positions.line(rulings, line) if self.positions else line,
                        "not_a_ruling",
                        f"{type(item).__name__} in a rulings list, not a ruling object",
                    )
            return len(rulings)
        if rulings is not None:
            return self.reject(
                obj, line, "not_a_ruling", f"rulings is a {type(rulings).__name__}, not a list"
            )
        has_text = "text" in obj or "comment" in obj
        has_date = "date" in obj or "published_at" in obj
        if (has_text and has_date) or (
            (has_text or has_date) and not any(k in obj for k in _CARD_KEYS)
        ):
            self.ruling(obj, line, {})
            return 1
        if "data" in obj:
            return self.walk(obj["data"], line, depth + 1)
        if isinstance(obj.get("cards"), list):
            return self.walk(obj["cards"], line, depth + 1)
        if depth <= 2 and "name" not in obj:  # a mapping of set codes to sets
            return sum(self.walk(v, line, depth + 1) for v in obj.values())
        return 0

    def ruling(self, obj: dict[str, Any], line: int, card: dict[str, Any]) -> None:
        """Read one ruling object (``card``: the fields of its card, or empty)."""
        # Called once per ruling of a corpus: ``obj[k] if k in obj else ...`` and the date cache
        # spare calls. A ruling failing a check is quarantined with the first failed check.
        if self.duplicates and id(obj) in self.duplicates:
            self.reject(obj, line, "duplicate_key", _DUPLICATE_KEY)
            return
        text = obj["text"] if "text" in obj else obj.get("comment")
        if not isinstance(text, str) or not text or text.isspace():
            if text is None or isinstance(text, str):
                self.res.quarantine(
                    self.line_of(obj, line),
                    "missing_text",
                    "ruling with an empty or missing text",
                    _dump(obj),
                    severity="warning",
                )
            else:
                self.reject(
                    obj,
                    line,
                    "bad_text_type",
                    f"ruling text is a {type(text).__name__}, not a string",
                )
            return
        where = self.locator.locate(text) if self.locator is not None else line
        raw_date = obj["date"] if "date" in obj else obj.get("published_at")
        date = self.dates.get(raw_date) if isinstance(raw_date, str) else None
        if date is None:
            try:
                if not isinstance(raw_date, str) or not _ISO_DATE.fullmatch(raw_date):
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
        if len(text) > MAX_RULING_CHARS:
            self.res.quarantine(
                where,
                "oversized_ruling",
                f"ruling of {len(text):,} characters (over {MAX_RULING_CHARS:,}); not a ruling",
                text[:MAX_RULING_CHARS],
            )
            return
        oracle = obj.get("oracle_id") or card.get("oracle_id")
        oracle = oracle if isinstance(oracle, str) and oracle else None
        name = obj.get("name") or card.get("name")
        name = name if isinstance(name, str) and name else None
        if not (
            text.isascii()
            and (name is None or name.isascii())
            and (oracle is None or oracle.isascii())
        ) and _has_lone_surrogate(text, name, oracle):
            self.res.quarantine(
                where,
                "lone_surrogate",
                "lone UTF-16 surrogate escape (like \\ud800) in a string: not text",
                text,
            )
            return
        if name is not None and len(name) > MAX_NAME_CHARS:
            self.res.quarantine(
                where,
                "oversized_name",
                f"card name of {len(name):,} characters (over {MAX_NAME_CHARS:,}); not a name",
                text,
            )
            return
        if oracle is None and name is None:
            self.res.quarantine(
                where, "missing_card", "ruling with neither oracle_id nor name", text
            )
            return
        kind: SourceKind = "scryfall" if ("published_at" in obj or "comment" in obj) else "mtgjson"
        key = oracle if oracle is not None else f"name:{name}"
        position = self.positions_of.get(key, 0)
        self.positions_of[key] = position + 1
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


def _too_deep(res: SourceResult, line: int, text: str) -> None:
    res.quarantine(
        line, "too_deep", "JSON nested too deeply to read (over the decoder's limit)", text[:500]
    )


def parse_json_text(text: str, source: str, *, result: SourceResult | None = None) -> SourceResult:
    """Parse one JSON document (any accepted shape)."""
    res = result if result is not None else SourceResult(source)
    duplicates: set[int] = set()
    try:
        doc = json.loads(text, object_pairs_hook=pairs_hook(duplicates))
    except json.JSONDecodeError as exc:
        res.quarantine(exc.lineno, "invalid_json", f"invalid JSON: {exc.msg}", text[:500])
        return res
    except ValueError as exc:  # e.g. an integer of over 4,300 digits
        res.quarantine(1, "invalid_json", f"invalid JSON: {exc}", text[:500])
        return res
    except RecursionError:
        _too_deep(res, 1, text)
        return res
    marks = (len(res.rulings), len(res.quarantined), len(res.issues))
    walker = _Walker(res, Locator(text), duplicates=duplicates)
    walker.walk(doc, 1)
    if walker.unlocated:  # walk again, knowing where every object begins
        duplicates = set()
        try:
            positions = Positions(text, duplicates)
        except RecursionError:
            positions = None  # deeper than the pure-Python decoder goes: keep the best effort
        if positions is not None:
            del res.rulings[marks[0] :], res.quarantined[marks[1] :], res.issues[marks[2] :]
            walker = _Walker(
                res,
                Locator(text),
                positions=positions,
                duplicates=duplicates,
            )
            walker.walk(positions.doc, 1)
    if len(res.rulings) == marks[0] and len(res.quarantined) == marks[1]:
        res.quarantine(1, "no_rulings", "JSON holds no rulings", text[:500])
    return res


def parse_jsonl_text(text: str, source: str, *, result: SourceResult | None = None) -> SourceResult:
    """Parse JSON Lines: one JSON value (any accepted shape) a line; blank lines are skipped.

    Lines end with LF or CRLF; a file with CR alone and no LF is split on CR.
    """
    res = result if result is not None else SourceResult(source)
    duplicates: set[int] = set()
    walker = _Walker(res, None, duplicates=duplicates)
    hook = pairs_hook(duplicates)
    raw_decode = json.JSONDecoder(object_pairs_hook=hook).raw_decode
    lines = text.split("\r") if "\n" not in text and "\r" in text else text.split("\n")
    for number, line in enumerate(lines, start=1):
        if not line:
            continue
        if duplicates:
            duplicates.clear()  # ids of the previous line's objects may be reused
        # Fast path: a value that fills the whole line decodes as ``json.loads(line)`` would,
        # without its wrappers. Anything else (blank, padded, invalid) takes ``json.loads``,
        # for its verdict and its exact error message.
        try:
            doc, end = raw_decode(line)
        except (ValueError, RecursionError):
            end = -1
        if end != len(line):
            if not line.strip():
                continue
            try:
                doc = json.loads(line, object_pairs_hook=hook)
            except json.JSONDecodeError as exc:
                res.quarantine(number, "invalid_json", f"invalid JSON: {exc.msg}", line[:500])
                continue
            except ValueError as exc:  # e.g. an integer of over 4,300 digits
                res.quarantine(number, "invalid_json", f"invalid JSON: {exc}", line[:500])
                continue
            except RecursionError:
                _too_deep(res, number, line)
                continue
        if type(doc) is dict and "rulings" not in doc and "text" in doc and "date" in doc:
            walker.ruling(doc, number, {})  # the usual line: one MTGJSON ruling (a shortcut)
        elif walker.walk(doc, number) == 0:
            res.quarantine(number, "not_a_ruling", "JSON value holds no ruling", line[:500])
    if not res.records_in:
        res.quarantine(1, "empty_file", "empty file: no rulings")
    return res


def parse_json_bytes(
    data: bytes, source: str, *, lines: bool, max_bad_records: int | None = None
) -> SourceResult:
    """Decode and parse JSON (``lines=False``) or JSON Lines (``lines=True``) bytes.

    Past ``max_bad_records`` quarantined records, reading stops: the rest is one record.
    """
    res = SourceResult(source, max_bad=max_bad_records)
    try:
        decoded = decode_bytes(data, res)
        if decoded is None:
            return res
        if "\x00" in decoded.text and not lines:
            res.quarantine(1, "nul_bytes", "NUL byte in JSON; file skipped")
            return res
        if lines:
            return parse_jsonl_text(decoded.text, source, result=res)
        return parse_json_text(decoded.text, source, result=res)
    except TooManyBadRecords as stop:
        res.stopped(stop)
        return res
