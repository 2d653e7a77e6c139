"""The shipped 2022 card data (``fixtures/data/mtgjson-2022/cards.jsonl.gz``) for the conformance
code: the reference engine's card pool, the miner's card index and the case linter's card names.

The file is read and validated by the pipeline's reader
(:func:`pipeline.cards.read_mtgjson_cards`) once per process and the rows are shared by every
consumer, so they are read-only: a consumer that needs to change a row copies it first.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.cards import RawCard

__all__ = ["MTGJSON_CARDS", "mtgjson_rows"]

MTGJSON_CARDS = (
    Path(__file__).resolve().parents[1] / "fixtures" / "data" / "mtgjson-2022" / "cards.jsonl.gz"
)


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
