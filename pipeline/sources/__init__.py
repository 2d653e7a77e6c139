"""Source readers: input files -> :class:`~pipeline.records.SourceRuling` records.

``discover`` expands files and folders; ``read_input`` reads one file with the reader its
extension names (seed text, JSON, JSON Lines, gzip of any of these).
"""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path

from pipeline.errors import InputError
from pipeline.sources.base import SourceResult, decode_bytes, looks_binary
from pipeline.sources.discover import InputFile, discover, format_of
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
    "SeedRuling",
    "SourceResult",
    "decode_bytes",
    "discover",
    "parse_bytes",
    "parse_json_text",
    "parse_jsonl_text",
    "parse_seed_text",
    "read_input",
    "render_seed_file",
]

MAX_DECOMPRESSED_BYTES = 1 << 30
"""A ``.gz`` input inflating beyond this is refused (quarantined) rather than read."""


def _gunzip(data: bytes, source: str) -> bytes | SourceResult:
    try:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        out = d.decompress(data, MAX_DECOMPRESSED_BYTES)
        if d.unconsumed_tail:
            res = SourceResult(source)
            res.quarantine(0, "too_large", f"inflates beyond {MAX_DECOMPRESSED_BYTES:,} bytes")
            return res
        return out
    except (zlib.error, gzip.BadGzipFile, EOFError) as exc:
        res = SourceResult(source)
        res.quarantine(0, "bad_gzip", f"not a valid gzip file: {exc}")
        return res


def parse_bytes(data: bytes, source: str, fmt: str) -> SourceResult:
    """Parse the bytes of one input of format ``fmt`` (``seed``, ``json``, ``jsonl``, ``gz``).

    Seed files use the day-first date rule (:attr:`DateOrder.DAY_FIRST`).
    """
    if fmt == "gz":
        inner = _gunzip(data, source)
        if isinstance(inner, SourceResult):
            return inner
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
        return parse_bytes(inner, source, inner_fmt)
    if fmt == "seed":
        return parse_seed_bytes(data, source, date_order=DateOrder.DAY_FIRST)
    if fmt in ("json", "jsonl"):
        return parse_json_bytes(data, source, lines=fmt == "jsonl")
    raise InputError(f"{source}: unknown input format {fmt!r}")


def read_input(item: InputFile) -> tuple[bytes, SourceResult]:
    """Read and parse one input file; returns its bytes (for cache keys) and the result."""
    try:
        data = item.path.read_bytes()
    except OSError as exc:
        raise InputError(f"{item.source}: cannot read: {exc.strerror or exc}") from exc
    return data, parse_bytes(data, item.source, item.format)
