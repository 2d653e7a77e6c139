"""The reference engine's card index: which cards it builds, why it refuses the others, and which
card makes each token — kept on disk so that a new process builds only the cards it uses.

Interpreting the oracle text of the 23,700 cards of the shipped data costs a process about two
seconds of CPU; the test suite, ``rulings mutants`` and every stdio engine server start many
processes that touch a few dozen cards each. The first process interprets every card (as it must
to know which build) and writes the index to the per-user cache
(:func:`pipeline.user_cache.cache_dir`): the built cards' names in load order, the 2022 data
row of each interpreted card, the refusals and the token makers. Later processes read it
(a few milliseconds) and interpret a card the first time it is looked up in the
:class:`CardLibrary`. The key is the SHA-256 of every input the cards are made of: the card
data files and the source of the modules that interpret them (:func:`index_key`), so a changed
template or data file is never answered from an old index.
"""

from __future__ import annotations

import marshal
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pipeline.user_cache import cache_dir, file_digest, write_atomic

__all__ = ["INDEX_FORMAT", "CardIndex", "CardLibrary", "index_key", "load_index"]

INDEX_FORMAT = 1
"""Bumped when the layout of the cached index changes (part of the key)."""

_PREFIX = "reference-cards-"

V = TypeVar("V")


@dataclass(frozen=True)
class CardIndex:
    """What a process needs to know about the reference engine's cards before building any."""

    names: tuple[str, ...]
    """Every card the engine builds, in load order (the hand-picked list first)."""
    rows: dict[str, dict[str, Any]]
    """The 2022 data row of every card built from that data, by card name."""
    refused: dict[str, str]
    """Every card of the 2022 data the engine does not build, with the reason, by name."""
    tokens: dict[str, str]
    """Token name → the card whose ability creates it (the last in load order)."""

    def to_state(self) -> tuple[Any, ...]:
        """The index as plain containers (for :mod:`marshal`)."""
        return (INDEX_FORMAT, list(self.names), self.rows, self.refused, self.tokens)

    @classmethod
    def from_state(cls, state: object) -> CardIndex | None:
        """The index read back from :meth:`to_state`, or None if ``state`` is not one."""
        if not (isinstance(state, tuple) and len(state) == 5 and state[0] == INDEX_FORMAT):
            return None
        _, names, rows, refused, tokens = state
        if not (isinstance(names, list) and all(isinstance(n, str) for n in names)
                and isinstance(rows, dict) and isinstance(refused, dict)
                and isinstance(tokens, dict)):
            return None
        return cls(tuple(names), rows, refused, tokens)


class CardLibrary(Mapping[str, V]):
    """A read-only mapping name → card whose values are built on first lookup (by ``build``)
    and kept; iteration follows ``names``."""

    def __init__(self, names: tuple[str, ...], build: Callable[[str], V],
                 built: Mapping[str, V] | None = None) -> None:
        self._order = names
        self._names = frozenset(names)
        self._build = build
        self._built: dict[str, V] = dict(built or {})

    def __getitem__(self, name: str) -> V:
        value = self._built.get(name)
        if value is None:
            if name not in self._names:
                raise KeyError(name)
            value = self._built[name] = self._build(name)
        return value

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._order)


def index_key(inputs: list[Path], root: Path) -> str:
    """The cache key of the index derived from ``inputs`` (data files and source modules)."""
    return file_digest(f"reference-cards/{INDEX_FORMAT}/{sys.version_info[:2]}", inputs, root)


def load_index(inputs: list[Path], root: Path,
               derive: Callable[[], CardIndex]) -> CardIndex:
    """The index of ``inputs``: from the per-user cache when it holds it, else ``derive()``d
    and cached. A missing, torn or foreign cache file is derived again, never an error."""
    directory = cache_dir()
    if directory is None:
        return derive()
    path = directory / f"{_PREFIX}{index_key(inputs, root)[:32]}.marshal"
    try:
        index = CardIndex.from_state(marshal.loads(path.read_bytes()))
        if index is not None:
            return index
    except (OSError, EOFError, ValueError, TypeError):
        pass
    index = derive()
    write_atomic(path, marshal.dumps(index.to_state()), prune=(f"{_PREFIX}*.marshal",))
    return index
