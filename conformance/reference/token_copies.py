"""A token in a setup whose ``card`` names a real card (``token: true``): a token that is a copy of
that card (707.2, 111.1: its copiable values are the card's printed ones), built as a
:class:`~conformance.reference.effect_blocks.TokenDef` from the card's one face."""

from __future__ import annotations

from conformance.reference.cards import CardDef
from conformance.reference.effect_blocks import TokenDef
from conformance.reference.objects import refuse


def token_copy(card: CardDef) -> TokenDef:
    """The token copy of ``card``: a one-face creature card whose abilities are keywords,
    triggered and activated abilities (a token definition carries no other); else refused
    (``unsupported``)."""
    face = card.faces[0]
    t = face.text
    if len(card.faces) != 1 or "Creature" not in face.types or face.power is None \
            or face.toughness is None or t.statics or t.restrictions or t.enters_with \
            or t.enchant is not None or t.spell:
        raise refuse("unsupported", f"a token copy of {card.name!r} is not implemented")
    return TokenDef(face.name, face.power, face.toughness, face.colors, face.subtypes,
                    t.keywords, t.activated, face.types, t.triggered)
