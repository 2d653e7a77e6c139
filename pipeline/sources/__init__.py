"""Source readers: input files -> :class:`~pipeline.records.SourceRuling` records.

``discover`` expands files and folders; ``load_input`` reads one file's bytes within the
:class:`InputLimits`, and ``parse_bytes`` reads them with the reader the extension names (seed
text, JSON, JSON Lines, gzip of any of these); ``read_input`` does both.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import InputError
from pipeline.sources.base import SourceResult, decode_bytes, looks_binary
from pipeline.sources.discover import InputFile, discover, format_of
from pipeline.sources.files import (
    DEFAULT_MAX_INPUT_BYTES,
    InputLimits,
    UnreadableInput,
    gunzip,
    read_regular_file,
)
from pipeline.sources.mtgjson import parse_json_bytes, parse_json_text, parse_jsonl_text
from pipeline.sources.seed_text import (
    DateOrder,
    SeedRuling,
    parse_seed_bytes,
    parse_seed_text,
    render_seed_file,
)

__all__ = [
    "MAX_DECOMPRESSED_BYTES",
    "DateOrder",
    "InputFile",
    "InputLimits",
    "LoadedInput",
    "SeedRuling",
    "SourceResult",
    "decode_bytes",
    "discover",
    "load_input",
    "parse_bytes",
    "parse_json_text",
    "parse_jsonl_text",
    "parse_seed_text",
    "read_input",
    "render_seed_file",
]

MAX_DECOMPRESSED_BYTES = DEFAULT_MAX_INPUT_BYTES
"""The default bound of a ``.gz`` input once inflated (see :class:`InputLimits`)."""

_DEFAULT_LIMITS = InputLimits()


@dataclass(frozen=True, slots=True)
class LoadedInput:
    """The bytes of one input as read, or the quarantined record of an input that cannot be."""

    item: InputFile
    data: bytes
    failed: SourceResult | None = None

    @property
    def key(self) -> tuple[str, bytes]:
        """What identifies this input in a build key (name and bytes, or why it is unread)."""
        if self.failed is None:
            return self.item.source, self.data
        (q,) = self.failed.quarantined
        return f"{self.item.source}\0{q.reason}\0{q.detail}", b""

    def parse(self, limits: InputLimits = _DEFAULT_LIMITS) -> SourceResult:
        """The records of this input (see :func:`parse_bytes`)."""
        if self.failed is not None:
            return self.failed
        return parse_bytes(self.data, self.item.source, self.item.format, limits)


def _unread(source: str, reason: str, detail: str) -> SourceResult:
    res = SourceResult(source)
    res.quarantine(0, reason, detail)
    return res


def load_input(item: InputFile, limits: InputLimits = _DEFAULT_LIMITS) -> LoadedInput:
    """Read the bytes of ``item`` within ``limits``; an input that cannot be read (see
    :attr:`InputFile.problem`, :class:`~pipeline.sources.files.UnreadableInput`) comes back as
    one quarantined record, an error naming the path."""
    if item.problem is not None:
        return LoadedInput(
            item, b"", _unread(item.source, item.problem.reason, item.problem.detail)
        )
    try:
        data = read_regular_file(item.path, limits.max_input_bytes)
    except UnreadableInput as exc:
        return LoadedInput(item, b"", _unread(item.source, exc.reason, str(exc)))
    return LoadedInput(item, data)


def _parse_gz(data: bytes, source: str, limits: InputLimits) -> SourceResult:
    try:
        inflated = gunzip(data, limits)
    except UnreadableInput as exc:
        return _unread(source, exc.reason, str(exc))
    inner = inflated.data
    stem = Path(source[:-3]) if source.lower().endswith(".gz") else Path(source)
    inner_fmt = format_of(stem)
    if inner_fmt is None or inner_fmt == "gz":
        head = inner.lstrip()[:1]
        if looks_binary(inner):
            inner_fmt = "seed"  # the seed reader quarantines binary data with its reason
        elif head in (b"{", b"["):
            inner_fmt = "jsonl" if inner.count(b"\n{") > 0 and head == b"{" else "json"
        else:
            inner_fmt = "seed"
    res = parse_bytes(inner, source, inner_fmt, limits)
    if inflated.problem is not None:
        reason, detail = inflated.problem
        read = res.records_in
        res.max_bad = None  # this record is always added
        res.quarantine(
            inner.count(b"\n") + 1,
            reason,
            f"{detail}; {read:,} records read before it, the rest of the file is lost",
        )
    return res


def parse_bytes(
    data: bytes, source: str, fmt: str, limits: InputLimits = _DEFAULT_LIMITS
) -> SourceResult:
    """Parse the bytes of one input of format ``fmt`` (``seed``, ``json``, ``jsonl``, ``gz``).

    Seed files use the day-first date rule (:attr:`DateOrder.DAY_FIRST`). A ``.gz`` input is
    inflated within ``limits`` (every member; a truncated or corrupt stream keeps the records
    before the fault and adds a quarantined record naming it and how many records were read).
    Reading a file stops after ``limits.max_bad_records`` quarantined records (the rest is one
    more quarantined record).
    """
    if fmt == "gz":
        return _parse_gz(data, source, limits)
    if fmt == "seed":
        return parse_seed_bytes(
            data, source, date_order=DateOrder.DAY_FIRST, max_bad_records=limits.max_bad_records
        )
    if fmt in ("json", "jsonl"):
        return parse_json_bytes(
            data, source, lines=fmt == "jsonl", max_bad_records=limits.max_bad_records
        )
    raise InputError(f"{source}: unknown input format {fmt!r}")


def read_input(
    item: InputFile, limits: InputLimits = _DEFAULT_LIMITS
) -> tuple[bytes, SourceResult]:
    """Read and parse one input file; returns its bytes (for cache keys) and the result."""
    loaded = load_input(item, limits)
    return loaded.data, loaded.parse(limits)
