"""The shipped card data for the conformance code and the engine harnesses: the 2022 data
(``fixtures/data/mtgjson-2022/cards.jsonl.gz``: the reference engine's card pool, the miner's card
index, the case linter's card names, phase's card database), the cards newer than it
(:func:`recent_cards`: the MTGJSON-shaped ``fixtures/data/recent/*.json`` and
``fixtures/cards/recent_oracle.json``; prose such as ``fixtures/data/PROVENANCE.md`` is
documentation, never data) and the printed power/toughness of creature faces
(:func:`power_toughness`).

In the project, the 2022 file is read and validated by the pipeline's reader
(:func:`pipeline.cards.read_mtgjson_cards`) once per process and the rows are shared by every
consumer, so they are read-only: a consumer that needs to change a row copies it first.

The module imports the standard library only (the pipeline lazily, in :func:`mtgjson_rows`):
engine harnesses running in virtual environments of their own import it as ``mtg_rulings_cards``
(the ``wire/`` distribution links to this file) and read the rows of the cards they need with
:func:`mtgjson_rows_named`.
"""

from __future__ import annotations

import gc
import gzip
import json
import zlib
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.cards import RawCard

__all__ = ["MTGJSON_CARDS", "POWER_TOUGHNESS", "RECENT_DIR", "RECENT_ORACLE", "RecentCard",
           "mtgjson_rows", "mtgjson_rows_named", "power_toughness", "recent_cards"]

_FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MTGJSON_CARDS = _FIXTURES / "data" / "mtgjson-2022" / "cards.jsonl.gz"
RECENT_DIR = _FIXTURES / "data" / "recent"
"""One MTGJSON set-file card per ``*.json`` (newer than the 2022 data)."""
RECENT_ORACLE = _FIXTURES / "cards" / "recent_oracle.json"
"""``{"source": ..., "cards": [MTGJSON AtomicCard-shaped rows]}``: oracle data of newer cards."""
POWER_TOUGHNESS = _FIXTURES / "cards" / "power_toughness.json"
"""``{"power_toughness": {face name: [power, toughness]}}`` (integers): printed creature sizes."""


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


def mtgjson_rows_named(names: Collection[str], error: Callable[[str], Exception],
                       path: Path = MTGJSON_CARDS) -> dict[str, tuple[dict[str, Any], int]]:
    """The rows of ``path`` whose ``name`` is in ``names``, with their line numbers, by name (a
    name not in the file is left out). Standard library only, for harnesses in their own virtual
    environments: a line whose name is not wanted is skipped before it is decoded.

    A missing or unreadable file, a line that is not JSON or a wanted row without ``name``,
    ``layout`` and a ``faces`` list of objects raises ``error(message)`` naming file and line.
    """
    found: dict[str, tuple[dict[str, Any], int]] = {}
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                head = line.partition('"name": "')[2]      # cheap pre-filter before json.loads
                if head and head.partition('"')[0] not in names and "\\" not in head[:200]:
                    continue
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except ValueError as exc:
                    raise error(f"{path}:{lineno}: invalid JSON ({exc})") from exc
                if not isinstance(row, dict) or row.get("name") not in names:
                    continue
                faces = row.get("faces")
                if not isinstance(row.get("layout"), str) or not isinstance(faces, list) \
                        or not faces or not all(isinstance(f, dict) for f in faces):
                    raise error(f"{path}:{lineno}: a card needs 'layout' and a 'faces' list")
                found[row["name"]] = (row, lineno)
    except (OSError, EOFError, UnicodeDecodeError, zlib.error) as exc:
        raise error(f"{path}: cannot read ({exc})") from exc
    return found


def power_toughness(error: Callable[[str], Exception],
                    path: Path = POWER_TOUGHNESS) -> dict[str, tuple[int, int]]:
    """Printed power/toughness by creature face name. Standard library only.

    A missing, unreadable or malformed file raises ``error(message)`` naming the file (and face).
    """
    data = _json(path, error)
    table = data.get("power_toughness") if isinstance(data, dict) else None
    if not isinstance(table, dict):
        raise error(f"{path}: needs a 'power_toughness' object")
    out: dict[str, tuple[int, int]] = {}
    for name, value in table.items():
        if not (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise error(f"{path}: {name!r}: power/toughness must be two integers")
        out[name] = (value[0], value[1])
    return out


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
