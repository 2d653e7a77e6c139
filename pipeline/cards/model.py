"""Typed, immutable card entries of the names table."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pipeline import languages

from .loaders import MTGJSON_METHOD, RawCard

__all__ = ["LocalizedFace", "CardFace", "CardEntry", "entry_from_raw"]


@dataclass(frozen=True, slots=True)
class LocalizedFace:
    """The data of one face in one localized language, as printed."""

    name: str
    """The localized card name (the latest non-English one seen), e.g. ``Rifiutare // Collaborare``."""
    face_name: str | None
    """The localized face name of a multi-face card, e.g. ``Collaborare``; ``None`` otherwise."""
    names: tuple[str, ...]
    """Every card-name variant the printings carry (may include the English name: a data quirk)."""
    face_names: tuple[str, ...]
    """Every face-name variant the printings carry."""
    type: str | None
    """Printed localized type line, when known."""
    text: str | None
    """Printed localized rules text, when known."""
    set: str | None
    """Set code of the printing the type and text come from, when known."""
    source: str
    """Where the block comes from: ``mtgjson-2022``, ``recent:<file>`` or ``supplement:forge``."""


@dataclass(frozen=True, slots=True)
class CardFace:
    """One face of a card (the only face of a normal card)."""

    face_name: str | None
    """English face name; ``None`` for single-face cards."""
    type: str | None
    mana_cost: str | None
    text: str | None
    """English oracle text; ``None`` when unknown (cards known only from the Forge supplement)."""
    blocks: Mapping[str, LocalizedFace]
    """Localized language (of the registry, :mod:`pipeline.languages`) -> the face's data in it,
    for the languages the card data has."""

    def localized(self, lang: str) -> LocalizedFace | None:
        """Return the ``lang`` block (``None`` when the face has none in that language)."""
        return self.blocks.get(lang)


@dataclass(frozen=True, slots=True)
class CardEntry:
    """A card of the names table with its English and localized names and texts."""

    card_id: str
    """The oracle id, or :func:`~pipeline.cards.stable_card_id` of the English name if unknown."""
    oracle_id: str | None
    name: str
    """English card name; multi-face cards as ``Front // Back``."""
    layout: str
    """MTGJSON layout (``normal``, ``aftermath``, ``split``, ``transform``…); ``unknown`` if unknown."""
    faces: tuple[CardFace, ...]
    method: str
    """How the card entered the table: ``mtgjson-2022``, ``recent:<file>``, ``supplement:forge``."""
    reason: str = ""
    """Why, when the identity is not a plain 2022 MTGJSON oracle id."""

    @property
    def face_names(self) -> tuple[str, ...]:
        """English face names (empty for single-face cards)."""
        return tuple(f.face_name for f in self.faces if f.face_name is not None)

    def localized_names(self, lang: str) -> tuple[str, ...]:
        """All localized card-name variants in ``lang`` across faces, first-seen order."""
        return _unique(n for f in self.faces if (b := f.localized(lang)) for n in b.names)

    def localized_face_names(self, lang: str) -> tuple[str, ...]:
        """All localized face-name variants in ``lang`` across faces, face order."""
        return _unique(n for f in self.faces if (b := f.localized(lang)) for n in b.face_names)


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def _block(block: dict[str, Any] | None) -> LocalizedFace | None:
    if block is None:
        return None
    return LocalizedFace(
        name=block["name"],
        face_name=block.get("face_name"),
        names=tuple(block["names"]),
        face_names=tuple(block["face_names"]),
        type=block.get("type") or None,
        text=block.get("text") or None,
        set=block.get("set"),
        source=block.get("source", MTGJSON_METHOD),
    )


def entry_from_raw(raw: RawCard) -> CardEntry:
    """The typed entry of a raw card of the names table."""
    return CardEntry(
        card_id=raw["card_id"],
        oracle_id=raw["oracle_id"],
        name=raw["name"],
        layout=raw["layout"],
        faces=tuple(
            CardFace(
                face_name=f["face_name"],
                type=f["type"],
                mana_cost=f["mana_cost"],
                text=f["text"],
                blocks={lg: b for lg in languages.localized() if (b := _block(f.get(lg)))},
            )
            for f in raw["faces"]
        ),
        method=raw["method"],
        reason=raw["reason"],
    )
