"""The shipped card data for the conformance code: the 2022 data
(``fixtures/data/mtgjson-2022/cards.jsonl.gz``: the reference engine's card pool, the miner's card
index and the case linter's card names) and the cards newer than it (:func:`recent_cards`: the
MTGJSON-shaped ``fixtures/data/recent/*.json`` and ``fixtures/cards/recent_oracle.json``; prose
such as ``fixtures/data/PROVENANCE.md`` is documentation, never data).

The file is read and validated by the pipeline's reader
(:func:`pipeline.cards.read_mtgjson_cards`) once per process and the rows are shared by every
consumer, so they are read-only: a consumer that needs to change a row copies it first.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.cards import RawCard

__all__ = ["MTGJSON_CARDS", "RECENT_DIR", "RECENT_ORACLE", "RecentCard", "mtgjson_rows", "recent_cards"]

_FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MTGJSON_CARDS = _FIXTURES / "data" / "mtgjson-2022" / "cards.jsonl.gz"
RECENT_DIR = _FIXTURES / "data" / "recent"
"""One MTGJSON set-file card per ``*.json`` (newer than the 2022 data)."""
RECENT_ORACLE = _FIXTURES / "cards" / "recent_oracle.json"
"""``{"source": ..., "cards": [MTGJSON AtomicCard-shaped rows]}``: oracle data of newer cards."""


@dataclass(frozen=True)
class RecentCard:
    """One card newer than the 2022 data, as the data files give it (MTGJSON field meanings)."""

    name: str
    layout: str
    mana_cost: str | None
    type_line: str
    text: str
    """Oracle text, lines as MTGJSON prints them."""
    power: str | None
    toughness: str | None
    oracle_id: str | None
    source: str
    """Where it was read: ``path`` or ``path:cards[i]``."""


def mtgjson_rows(
    error: Callable[[str], Exception], path: Path = MTGJSON_CARDS
) -> tuple[RawCard, ...]:
    """Every card row of ``path`` in file order (shared and read-only: see the module docstring).

    A missing, unreadable or malformed file raises ``error(message)``, the message naming the
    file and line (the caller's own error class at its boundary).
    """
    from pipeline.cards import CardDataError

    try:
        return _read(path)
    except CardDataError as exc:
        raise error(str(exc)) from exc


@cache
def _read(path: Path) -> tuple[RawCard, ...]:
    from pipeline.cards import read_mtgjson_cards

    # The rows (~24k cards, ~200k small containers, no cycles) live as long as the process: the
    # collector's passes over them while they are built, and its young passes that would carry
    # them to the oldest generation afterwards, only cost time. Build them with the collector
    # off, then move what is alive to the oldest generation at once (freeze + unfreeze; skipped
    # if someone else froze objects, so as not to thaw them).
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        rows = tuple(read_mtgjson_cards(path))
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        return rows
    finally:
        if was_enabled:
            gc.enable()


def recent_cards(error: Callable[[str], Exception],
                 recent_dir: Path = RECENT_DIR, oracle_file: Path = RECENT_ORACLE
                 ) -> tuple[RecentCard, ...]:
    """Every card newer than the 2022 data: ``recent_dir/*.json`` (by file name), then the cards
    of ``oracle_file``; a name given twice keeps the later. Standard library only.

    A missing, unreadable or malformed file, or a card without ``name``, ``type`` or ``text``,
    raises ``error(message)`` naming the file (and card).
    """
    rows: list[tuple[dict, str]] = []
    for path in sorted(recent_dir.glob("*.json")):
        data = _json(path, error)
        if not isinstance(data, dict):
            raise error(f"{path}: not a JSON object")
        rows.append((data, str(path)))
    data = _json(oracle_file, error)
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, list):
        raise error(f"{oracle_file}: needs a 'cards' list")
    rows += [(d, f"{oracle_file}:cards[{i}]") for i, d in enumerate(cards)]
    out: dict[str, RecentCard] = {}
    for d, where in rows:
        if not isinstance(d, dict):
            raise error(f"{where}: not a JSON object")
        for key in ("name", "type", "text"):
            if not isinstance(d.get(key), str):
                raise error(f"{where}: needs {key!r} (a string)")
        oid = d.get("oracle_id") or (d.get("identifiers") or {}).get("scryfallOracleId")
        power, tough = d.get("power"), d.get("toughness")
        out[d["name"]] = RecentCard(
            name=d["name"], layout=str(d.get("layout") or "normal"), mana_cost=d.get("manaCost"),
            type_line=d["type"], text=d["text"], power=None if power is None else str(power),
            toughness=None if tough is None else str(tough), oracle_id=oid, source=where)
    return tuple(out.values())


def _json(path: Path, error: Callable[[str], Exception]) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise error(f"{path}: cannot read: {exc}") from exc
