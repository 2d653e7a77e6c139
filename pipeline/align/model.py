"""The aligner's input item and output vocabulary: the language slots, the link methods, the
group statuses and the group id (see :mod:`pipeline.align.aligner`)."""

from __future__ import annotations

import datetime as _dt
import hashlib
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from pipeline import languages

__all__ = [
    "METHODS", "METHOD_CONTENT", "METHOD_CONTENT_CROSS_DATE", "METHOD_IDENTICAL",
    "METHOD_NEAR_IDENTICAL", "METHOD_NONE", "STATUSES", "AlignItem", "content_lang",
    "group_id_of", "slots", "statuses",
]


def slots() -> tuple[str, ...]:
    """Languages of the source files, and the keys of ``AlignedGroup.texts`` / ``ruling_ids``:
    the registered languages, English first (``en``, ``it``, ``de`` built in)."""
    return languages.codes()


METHOD_IDENTICAL = "identical"
METHOD_NEAR_IDENTICAL = "near_identical"
METHOD_CONTENT = "content:lexicon+anchors"
METHOD_CONTENT_CROSS_DATE = "content:lexicon+anchors:cross_date"
METHOD_NONE = "none"
METHODS: frozenset[str] = frozenset(
    {
        METHOD_IDENTICAL,
        METHOD_NEAR_IDENTICAL,
        METHOD_CONTENT,
        METHOD_CONTENT_CROSS_DATE,
        METHOD_NONE,
    }
)
"""Link methods. A group's ``method`` is its distinct link methods joined by ``,`` in link order
(en-it, en-de, it-de); ``none`` for a single-member group."""


def statuses() -> frozenset[str]:
    """The closed status vocabulary of the registered languages.

    With *expected* = ``en`` plus every file language present in the card's inputs:

    * ``complete`` — every expected language is in the group, none as an English fallback;
    * ``english_fallback_<langs>`` — the group holds an English source ruling and the localized
      file's ruling for it is in English, for each of ``<langs>`` (localized languages joined by
      ``_`` in registry order; takes precedence over ``missing_*``);
    * ``unaligned_<lang>`` — a single ruling with no counterpart although the card has rulings in
      another language (the aligner found none of them similar enough);
    * ``missing_<lang>`` — otherwise, the one expected language absent from the group (e.g. all
      the rulings of a card that has only an Italian file are ``missing_en``).
    """
    codes = languages.codes()
    loc = languages.localized()
    fallbacks = {
        "english_fallback_" + "_".join(c for c, bit in zip(loc, mask, strict=True) if bit)
        for mask in itertools.product((False, True), repeat=len(loc))
        if any(mask)
    }
    return frozenset(
        {"complete", *(f"missing_{c}" for c in codes), *(f"unaligned_{c}" for c in codes)}
        | fallbacks
    )


STATUSES: frozenset[str] = statuses()
"""The status vocabulary of the built-in languages (see :func:`statuses`)."""


@dataclass(frozen=True, slots=True)
class AlignItem:
    """One ruling of a card, as input to :func:`align_card`."""

    ruling_id: str
    lang: str
    """Detected language of this ruling: ``it``, ``de`` or ``en`` (``und`` is read as
    ``file_lang``)."""
    file_lang: str
    """Language of the file the ruling comes from: ``en`` (English source), ``it`` or ``de``."""
    date: _dt.date
    text_norm: str
    text_raw: str
    position: int
    """0-based position of the ruling within its file/card (used for ordering only)."""


def group_id_of(ruling_ids: Sequence[str]) -> str:
    """Stable id of a group: SHA-256 of its sorted member ruling ids, 16 hex digits."""
    h = hashlib.sha256("\x1f".join(sorted(ruling_ids)).encode("utf-8")).hexdigest()
    return h[:16]


def content_lang(it: AlignItem) -> str:
    """The language an item's text is compared in: its file's, unless detected otherwise."""
    if it.file_lang == "en":
        return "en"
    return it.file_lang if it.lang == "und" else it.lang
