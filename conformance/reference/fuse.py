"""Fuse (rule 702.102): a split card with fuse cast from its owner's hand may be cast with both
halves at once, as one spell, a *fused split spell*.

* 702.102a: the choice is made before the card is put onto the stack, only from a hand;
* 702.102b, 709.4d: the fused spell has the combined characteristics of its two halves (both
  names' card, both types, the colors and mana value of the combined mana cost);
* 702.102c: its total cost includes the mana cost of each half;
* 702.102d: as it resolves, its controller follows the instructions of the left half, then
  those of the right half.

The engine models a fused spell as one :class:`~conformance.reference.cards.Face` built from
both halves (:func:`fused_face`): casting, targets (the left half's first, then the right
half's), resolution and copies (a copy of a fused split spell is a fused split spell, 707.10)
then need nothing else. A card with fuse whose halves cannot be fused here (a half with a
modal text or with abilities other than its spell text) is not built
(:func:`check_fusable`): the engine never guesses.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from conformance.reference.abilities import FaceText
from conformance.reference.effect_blocks import Modal
from conformance.reference.errors import OracleTemplateError

if TYPE_CHECKING:
    from conformance.reference.cards import CardDef, Face

FUSE_LINE = re.compile(r"^Fuse(?: \([^()]*\))?$")
"""The keyword line of fuse, printed on both halves (with its reminder text)."""


def strip_fuse(text: str | None) -> tuple[str | None, bool]:
    """A half's oracle text without its "Fuse" line, and whether it had one."""
    if not text:
        return text, False
    lines = text.split("\n")
    kept = [ln for ln in lines if not FUSE_LINE.match(ln.strip())]
    return "\n".join(kept), len(kept) != len(lines)


def check_fusable(name: str, faces: tuple[Face, ...]) -> None:
    """Raise :class:`OracleTemplateError` unless ``faces`` can be cast fused: two halves, each
    an instant or sorcery whose text is nothing but a non-modal spell text."""
    if len(faces) != 2:
        raise OracleTemplateError(f"{name}: fuse on a card of {len(faces)} halves")
    for face in faces:
        if isinstance(face.text.spell, Modal) or face.text.spell is None:
            raise OracleTemplateError(f"{name}: fuse with a half without a plain spell text")
        if replace(face.text, spell=None) != FaceText():
            raise OracleTemplateError(f"{name}: fuse with a half that has other abilities")
        if any(slot.min != 1 or slot.max != 1 for e in face.text.spell  # type: ignore[union-attr]
               for slot in e.slots):
            raise OracleTemplateError(f"{name}: fuse with a half whose targets vary in number")
        if not {"Instant", "Sorcery"} & set(face.types):
            raise OracleTemplateError(f"{name}: fuse with a half that is not an instant or "
                                      "sorcery")


_FUSED: dict[tuple[int, int], tuple[CardDef, Face]] = {}
"""Fused faces built, by (card, first half) identity: one object per card and order, kept
alive (characteristics are cached by face identity)."""


def fused_face(card: CardDef, halves: tuple[Face, Face] | None = None) -> Face:
    """The one face of ``card`` cast fused: the card's name, both mana costs (702.102c), both
    halves' types (702.102b), the effects of ``halves`` in that order (702.102d: the left
    half's, then the right half's)."""
    first, then = halves or (card.faces[0], card.faces[1])
    key = (id(card), id(first))
    got = _FUSED.get(key)
    if got is None or got[0] is not card:
        got = _FUSED[key] = (card, _build_fused(card, first, then))
    return got[1]


def _build_fused(card: CardDef, first: Face, then: Face) -> Face:
    from conformance.reference.cards import Face

    left, right = card.faces
    spell = tuple(first.text.spell or ()) + tuple(then.text.spell or ())  # type: ignore[arg-type]
    types = tuple(dict.fromkeys(left.types + right.types))
    subtypes = tuple(dict.fromkeys(left.subtypes + right.subtypes))
    return Face(name=card.name, mana_cost=(left.mana_cost or "") + (right.mana_cost or ""),
                types=types, subtypes=subtypes, supertypes=(), power=None, toughness=None,
                text=FaceText(spell=spell))


class FusedSpells:
    """The rules of fuse (702.102) the casting rules ask (mixed into
    :class:`~conformance.reference.casting.Casting`)."""

    def may_fuse_from(self, zone: str) -> bool:
        """Hook: fuse applies only while the card is in a player's hand (702.102a)."""
        return zone == "hand"

    def fused_halves(self, card: CardDef) -> tuple[Face, Face]:
        """Hook: a fused split spell follows the instructions of its left half, then those of
        its right half (702.102d)."""
        left, right = card.faces
        return left, right

    def fused_spell_face(self, card: CardDef) -> Face:
        """Hook: a fused split spell has both halves' characteristics and both mana costs
        (702.102b-c), its halves' instructions in :meth:`fused_halves` order."""
        return fused_face(card, self.fused_halves(card))

    def fused_targets(self, card: CardDef, targets: list[object]) -> list[object]:
        """The targets of a ``cast`` of ``card`` fused (given left half's first, SPEC) in the
        order of the fused spell's instructions (:meth:`fused_halves`)."""
        left = card.faces[0]
        spell = left.text.spell
        n = sum(len(e.slots) for e in spell) if isinstance(spell, tuple) else 0
        if self.fused_halves(card)[0] is left:
            return targets
        return targets[n:] + targets[:n]


def half_fields(card: CardDef | None, face: Face) -> dict[str, object]:
    """What the events and snapshots of a spell of ``card`` cast as ``face`` say of its half:
    ``half`` (None for a card that is not split and for a fused split spell) and, for a fused
    split spell, ``fused: true``."""
    if card is not None and card.is_mdfc:
        return {"half": face.name}  # the face cast of a modal double-faced card
    if card is not None and card.is_adventure:  # cast as an Adventure (716.3), or not
        return {"half": face.name if face is not card.faces[0] else None}
    if card is None or not card.is_split:
        return {"half": None}
    if face.name == card.name:
        return {"half": None, "fused": True}
    return {"half": face.name}
