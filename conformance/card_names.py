"""The names of the cards the project ships data for, as ``rulings cases lint`` checks them.

The names are those of the 2022 card data (``cards.jsonl.gz``, read and validated by
:func:`conformance.card_data.mtgjson_rows`: about 0.5 s of CPU) and of the newer cards in
``fixtures/data/recent/*.json``. They are cached on disk in the per-user cache
(:func:`pipeline.user_cache.cache_dir`), under a key that is the SHA-256 of every
input file's name and bytes and of :data:`INDEX_VERSION`: a changed input is read again, never
answered from the cache. A cache that cannot be written (a read-only home) or that does not read
back as written (torn, foreign) is ignored and rebuilt; the repository is never written to.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from conformance.card_data import MTGJSON_CARDS, RECENT_DIR, mtgjson_rows
from pipeline.user_cache import cache_dir, write_atomic

INDEX_VERSION = 1
"""Bumped when what the names are made of changes (the key includes it)."""


def _inputs(cards: Path, recent: Path) -> list[Path]:
    found = [cards] if cards.exists() else []
    if recent.is_dir():
        found += sorted(recent.glob("*.json"))
    return found


def _digest(inputs: list[Path]) -> str:
    h = hashlib.sha256(f"card-names {INDEX_VERSION}\n".encode())
    for f in inputs:
        data = f.read_bytes()
        h.update(f"{f.name} {len(data)}\n".encode())
        h.update(data)
    return h.hexdigest()


def _read(cards: Path, recent: Path) -> frozenset[str]:
    """The names, read from the data files (no cache)."""
    names: set[str] = set()
    if cards.exists():
        # The reference engine's own error: its card pool (read next by the linter when a name
        # is not here) comes from the same rows, read once per process.
        from conformance.reference.errors import CardDataError

        names.update(row["name"] for row in mtgjson_rows(CardDataError, cards))
    if recent.is_dir():
        for f in sorted(recent.glob("*.json")):
            data = json.loads(f.read_text(encoding="utf-8"))
            if isinstance(data, dict) and isinstance(data.get("name"), str):
                names.add(data["name"])
    return frozenset(names)


def shipped_card_names(cards: Path = MTGJSON_CARDS, recent: Path = RECENT_DIR,
                       cache: Path | None = None) -> frozenset[str]:
    """The names of the cards of ``cards`` and of ``recent/*.json``, from the disk cache in
    ``cache`` (default :func:`cache_dir`) when it holds them for these exact bytes.

    Raises what :func:`conformance.card_data.mtgjson_rows` raises for a malformed card file
    (always read, never cached, until it is valid).
    """
    inputs = _inputs(cards, recent)
    digest = _digest(inputs)
    directory = cache or cache_dir()
    if directory is None:
        return _read(cards, recent)
    path = directory / f"card-names-{digest[:32]}.json"
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(doc, dict) and doc.get("key") == digest and isinstance(doc.get("names"), list) \
                and all(isinstance(n, str) for n in doc["names"]):
            return frozenset(doc["names"])
    except (OSError, ValueError):
        pass  # no cache yet, or a torn or foreign file: rebuilt below
    names = _read(cards, recent)
    _write(path, {"key": digest, "inputs": [str(f) for f in inputs], "names": sorted(names)})
    return names


def _write(path: Path, doc: dict[str, object]) -> None:
    """Write ``doc`` to ``path`` atomically; a cache that cannot be written is skipped."""
    write_atomic(path, json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode())
