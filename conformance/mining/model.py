"""The miner's vocabulary: families, what a family makes of a ruling, and case drafts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from conformance.mining.corpus import CardInfo, RulingGroup
from conformance.mining.text import key
from pipeline import languages


@dataclass
class Draft:
    """A case a family generated, before ids, provenance and verification are added."""

    slug: str
    """The case's name under its card's folder (``<family>`` or ``<family>-<variant>``)."""
    title: str
    features: list[str]
    cards: list[str]
    setup: dict[str, Any]
    actions: list[dict[str, Any]]
    expect: dict[str, Any]
    rules: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class NotExecutable:
    """A recognised ruling that yields no case for this card, and why."""

    reason: str


@dataclass(frozen=True)
class Context:
    """What a generator sees: the ruling group and its card."""

    group: RulingGroup
    card: CardInfo
    lang: str
    text: str
    """The normalised text the family recognised (``CARDNAME`` for the card's own name)."""


Generator = Callable[[Context], "list[Draft] | NotExecutable"]


@dataclass(frozen=True)
class Family:
    """A recurring ruling: how to recognise it and how to turn it into cases.

    ``en``/``it``/``de`` hold matching keys (:func:`conformance.mining.text.key` of phrases):
    a ruling belongs to the family when the key of its text contains one of them. A field is
    named by its language's code (:meth:`phrases_in`); a registered language the families give
    no phrases for is recognised by the English ones.
    """

    id: str
    title: str
    rules: tuple[str, ...]
    features: tuple[str, ...]
    generate: Generator
    en: tuple[str, ...] = ()
    it: tuple[str, ...] = ()
    de: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    """When set, the family only applies to these cards (a seed card's own rulings)."""
    mutant: str | None = None
    """The reference-engine mutant that breaks exactly the rules point the family tests (a name
    of ``conformance.reference.mutants.MUTANTS``); None only for a family that classifies its
    rulings and generates no case. The miner keeps a card's cases of the family only when one
    of them kills it."""

    def recognises(self, lang: str, text: str, card: str, text_key: str | None = None) -> bool:
        """Whether a ruling in ``lang`` with normalised ``text`` of ``card`` is this family's
        (English phrases are also tried on Italian/German texts: fallbacks are English).
        ``text_key``: ``key(text)`` when the caller has it already."""
        if self.cards and card not in self.cards:
            return False
        k = key(text) if text_key is None else text_key
        return any(p in k for p in self.phrases_in(lang))

    def phrases_in(self, lang: str) -> tuple[str, ...]:
        """The keys tried on a text in ``lang``: the English ones (localized texts may be English
        fallbacks), then the family's own for ``lang`` when it gives some."""
        if lang == languages.ENGLISH or lang not in languages.localized():
            return self.en
        own = getattr(self, lang, ())
        return self.en + own if isinstance(own, tuple) else self.en


def phrases(*texts: str) -> tuple[str, ...]:
    """Matching keys of phrases written as plain text."""
    return tuple(key(t) for t in texts)
