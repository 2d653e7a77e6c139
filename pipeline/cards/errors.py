"""Exceptions raised by :mod:`pipeline.cards`.

Every error the package raises derives from :class:`CardsError`, itself a
:class:`~pipeline.errors.PipelineError`. A title or name that matches no
card is *not* an error: :meth:`~pipeline.cards.NamesTable.resolve_title` returns an
``unresolved`` :class:`~pipeline.records.CardResolution` for it.
"""

from __future__ import annotations

from pipeline.errors import PipelineError


class CardsError(PipelineError):
    """Base class of the errors of :mod:`pipeline.cards`, a :class:`~pipeline.errors.PipelineError`."""


class CardDataError(CardsError):
    """An input file of the names table is missing or malformed (the message names file and line)."""


class UnknownCardError(CardsError, KeyError):
    """A card id asked for is not in the names table."""

    def __str__(self) -> str:  # KeyError would repr() the message
        return str(self.args[0]) if self.args else "unknown card"


class CardQueryError(CardsError, ValueError):
    """A query the names table cannot answer as asked (e.g. neither oracle id nor name)."""


class UnsupportedLanguageError(CardQueryError):
    """A language code the names table does not handle (it knows ``it``, ``de``, ``en``)."""
