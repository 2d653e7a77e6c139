"""Cross-language alignment of the rulings of one card (stage ``align``).

Public API: :class:`AlignItem`, :class:`Lexicon`, :func:`align_card`, the status and method
vocabularies, and the stage's exceptions.
"""

from __future__ import annotations

from .aligner import AlignItem, align_card
from .errors import AlignError, InvalidAlignInput, LexiconError
from .lexicon import Lexicon
from .matching import CONTENT_THRESHOLD, CROSS_DATE_THRESHOLD, NEAR_IDENTICAL_THRESHOLD
from .model import METHODS, STATUSES, group_id_of

__all__ = [
    "CONTENT_THRESHOLD",
    "CROSS_DATE_THRESHOLD",
    "METHODS",
    "NEAR_IDENTICAL_THRESHOLD",
    "STATUSES",
    "AlignError",
    "AlignItem",
    "InvalidAlignInput",
    "Lexicon",
    "LexiconError",
    "align_card",
    "group_id_of",
]
