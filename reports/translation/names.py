"""English card names left in localized rulings: the finder of the ``english_card_name`` check,
built from the dataset's ``cards`` table.

The dataset carries, for each card of its rulings and each card a localized ruling may name by
its English name, the card's localized names (``name_<code>``, ``face_names_<code>``,
``names_<code>``); :class:`~pipeline.cards.EnglishNameFinder` (the pipeline's, which chose those
cards) finds the English names in a text.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from pipeline import languages
from pipeline.cards import CardNames, EnglishNameFinder

__all__ = ["finder_from_cards", "own_names"]


def _list(value: Any) -> list[Any]:
    return [] if value is None else list(value)


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def finder_from_cards(cards: pd.DataFrame, lang: str) -> EnglishNameFinder:
    """The finder of the English card and face names of the ``cards`` table that have a ``lang``
    name different from the English one."""
    language = languages.get(lang)
    rows = cards[["card_id", "name", "face_names", language.name_column,
                  language.face_names_column]].itertuples(index=False, name=None)
    return EnglishNameFinder.from_names(lang, (
        CardNames(card_id, _str(name), _list(faces), _str(local), _list(local_faces))
        for card_id, name, faces, local, local_faces in rows))


def own_names(card: dict[str, Any] | None, lang: str) -> list[str]:
    """The ``lang`` names of a ``cards`` row (card and face names), without the variants equal
    to one of its English names (printings that carry the English name)."""
    if card is None:
        return []
    english = {n.replace("’", "'") for n in (_str(card["name"]), *_list(card["face_names"])) if n}
    return [n for n in _list(card[languages.get(lang).names_column])
            if n.replace("’", "'") not in english]
