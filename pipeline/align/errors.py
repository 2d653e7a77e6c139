"""Exceptions raised by the alignment stage."""

from __future__ import annotations


class AlignError(Exception):
    """Base class of every error raised by :mod:`pipeline.align`."""


class InvalidAlignInput(AlignError):
    """The items given to :func:`pipeline.align.align_card` are inconsistent (bad language code,
    duplicate ruling id, ...)."""


class LexiconError(AlignError):
    """The bilingual lexicon could not be learned (card data missing or unreadable)."""
