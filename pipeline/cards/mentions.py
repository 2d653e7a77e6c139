"""English card names inside localized texts: which card a ruling names by its English name.

:class:`EnglishNameFinder` indexes English card names and face names that have a localized name
in one language (``Chandra's Pyrohelix`` → ``Piroelica di Chandra``) and finds them in a text,
longest first: ``Destined // Lead`` is one match, not ``Destined`` and ``Lead``. Matching is
case-sensitive and on word boundaries (an English possessive ``’s`` may follow), apostrophes
``'`` and ``’`` are interchangeable.

The build (:meth:`pipeline.cards.stage.CardsResult.card_rows`) indexes every card of the names
table and adds to the dataset's ``cards`` table each card whose English name a localized ruling
may name (:meth:`EnglishNameFinder.named_card_ids`), with its localized names
(:func:`localized_card_names`); the translation report builds its finder from those rows
(:meth:`EnglishNameFinder.from_names`) and finds what a finder of the whole table would.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .model import CardEntry

__all__ = ["NameHit", "EnglishNameFinder", "CardNames", "localized_card_names"]

_WORD_CHAR = re.compile(r"[^\W_]", re.UNICODE)
_FIRST_WORD = re.compile(r"[^\s.,;:!?()«»“”„\"]+")
"""The first word of a text position without the punctuation that may end it ("Lead." / "Lead,")."""


@dataclass(frozen=True, slots=True)
class NameHit:
    """An English card name found in a text."""

    english: str
    """The English name as indexed (card name or face name)."""
    localized: str
    """The localized name the card data gives for it (the suggestion)."""
    card_id: str
    start: int
    end: int
    text: str
    """The characters of the text at ``start:end``."""


@dataclass(frozen=True, slots=True)
class CardNames:
    """A card's English names and their localized names in one language."""

    card_id: str
    name: str | None
    """English card name (``Front // Back`` for multi-face cards)."""
    face_names: Sequence[str]
    """English face names (empty for single-face cards)."""
    localized_name: str | None
    """The localized card name (the latest non-English one seen), ``None`` when unknown."""
    localized_face_names: Sequence[str | None]
    """The localized name of each English face name, ``None`` where unknown."""


def localized_card_names(card: CardEntry, lang: str) -> tuple[str | None, list[str | None]]:
    """The ``lang`` card name of ``card`` (its first face with ``lang`` data) and the ``lang``
    name of each of its English face names (``None`` where the face has none)."""
    blocks = [f.localized(lang) for f in card.faces]
    first = next((b for b in blocks if b is not None), None)
    faces = [b.face_name if b is not None else None
             for f, b in zip(card.faces, blocks, strict=True) if f.face_name is not None]
    return (first.name if first is not None else None), faces


def _norm(s: str) -> str:
    return s.replace("’", "'")


class EnglishNameFinder:
    """Finds English card names that have a localized name in ``lang``.

    Build it with :meth:`from_names`, or from explicit ``(english, localized, card_id)`` entries
    (tests). The first entry of an English name wins (:meth:`from_names` sorts the cards by id,
    so the result is deterministic).
    """

    def __init__(self, lang: str, entries: Iterable[tuple[str, str, str]]) -> None:
        self.lang = lang
        self._names: dict[str, tuple[str, str, str]] = {}
        for english, localized, card_id in entries:
            key = _norm(english)
            if len(key) < 3 or key in self._names:
                continue
            self._names[key] = (english, localized, card_id)
        self._by_first: dict[str, list[str]] = {}
        for key in self._names:
            self._by_first.setdefault(key.split(" ", 1)[0], []).append(key)
        for keys in self._by_first.values():
            keys.sort(key=lambda k: (-len(k), k))

    @classmethod
    def from_names(cls, lang: str, cards: Iterable[CardNames]) -> EnglishNameFinder:
        """Index the English card and face names of ``cards`` that have a ``lang`` name
        different from the English one."""
        entries: list[tuple[str, str, str]] = []
        for card in sorted(cards, key=lambda c: c.card_id):
            if (card.name is not None and card.localized_name is not None
                    and _norm(card.localized_name) != _norm(card.name)):
                entries.append((card.name, card.localized_name, card.card_id))
            for face, local in zip(card.face_names, card.localized_face_names, strict=True):
                if face and local and _norm(local) != _norm(face):
                    entries.append((face, local, card.card_id))
        return cls(lang, entries)

    def __len__(self) -> int:
        return len(self._names)

    def _starts(self, norm: str) -> Iterable[tuple[int, list[str], str, str]]:
        """Each word start ``i`` of ``norm`` with the names that may start there (those indexed
        under its first word, else under that word without its trailing punctuation), that word
        and that word without its punctuation."""
        n = len(norm)
        for i in range(n):
            if not _WORD_CHAR.match(norm[i]) or (i > 0 and _WORD_CHAR.match(norm[i - 1])):
                continue
            j = i
            while j < n and norm[j] not in " ":
                j += 1
            first = norm[i:j]
            m = _FIRST_WORD.match(first)
            stripped = m.group() if m else ""
            candidates = self._by_first.get(first, [])
            yield i, candidates or self._by_first.get(stripped, []), first, stripped

    @staticmethod
    def _fits(norm: str, i: int, key: str) -> bool:
        """Whether ``key`` is at ``i`` in ``norm`` as a whole name (a possessive may follow)."""
        end = i + len(key)
        n = len(norm)
        if not (norm.startswith(key, i) and (end >= n or not _WORD_CHAR.match(norm[end])
                                             or norm.startswith("'s", end))):
            return False
        return not (norm.startswith("'s", end) and end + 2 < n and _WORD_CHAR.match(norm[end + 2]))

    def find(self, text: str, *, skip: Iterable[tuple[int, int]] = ()) -> list[NameHit]:
        """English names in ``text``, longest match first, not overlapping, in text order.

        Matches overlapping a range of ``skip`` (e.g. the card's own localized name) are left out.
        """
        norm = _norm(text)
        skipped = list(skip)
        hits: list[NameHit] = []
        resume = 0
        for i, candidates, _, _ in self._starts(norm):
            if i < resume:
                continue
            for key in candidates:
                end = i + len(key)
                if self._fits(norm, i, key) and not any(a < end and i < b for a, b in skipped):
                    english, localized, card_id = self._names[key]
                    hits.append(NameHit(english, localized, card_id, i, end, text[i:end]))
                    resume = end
                    break
        return hits

    def named_card_ids(self, text: str) -> set[str]:
        """The cards of every name :meth:`find` may report in ``text``, whatever it skips.

        A finder built from only these cards (and any others of this finder) finds in ``text``
        what this finder finds: every name that fits at a word start is kept, and where names are
        indexed under the word itself but none fits while others are indexed under the word
        without its trailing punctuation, the first of the former too (so that a smaller finder
        does not look the word up without its punctuation instead).
        """
        norm = _norm(text)
        out: set[str] = set()
        for i, candidates, word, stripped in self._starts(norm):
            fitting = [key for key in candidates if self._fits(norm, i, key)]
            out.update(self._names[key][2] for key in fitting)
            if (not fitting and word in self._by_first and stripped != word
                    and stripped in self._by_first):
                out.add(self._names[candidates[0]][2])
        return out
