"""Snow is a supertype (rules 205.4a, 205.4g, 205.2a): "Snow is a supertype, not a card type. It
has no rules meaning or function by itself, but spells and abilities may refer to it."

* ``snow-supertype`` — for every one-face snow card the reference engine builds: it is in p1's
  graveyard with other cards making three card types in all (the card's own, then Island,
  Grizzly Bears, Lightning Bolt, Millstone, Divination as needed); p1 and p2 each control
  Moldgraf Scavenger (0/4, "Delirium — CARDNAME gets +3/+0 as long as there are four or more
  card types among cards in your graveyard"), p2's graveyard holds four card types (Island,
  Grizzly Bears, Lightning Bolt, Divination). p1's Scavenger is 0/4 (snow is not a fourth card
  type), p2's 3/4 (delirium counted). Mutant ``snow_is_a_card_type``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["snow"]
RULES = ["205.4a", "205.2a"]
COUNTER = "Moldgraf Scavenger"
"""0/4; "Delirium — CARDNAME gets +3/+0 as long as there are four or more card types among cards
in your graveyard."."""
FILLERS = (("Land", b.ISLAND), ("Creature", b.BEARS), ("Instant", "Lightning Bolt"),
           ("Artifact", "Millstone"), ("Sorcery", "Divination"))
"""A card of one card type each, put in a graveyard to make its card types."""
FOUR = (b.ISLAND, b.BEARS, "Lightning Bolt", "Divination")
"""p2's graveyard: four card types, delirium for p2's Scavenger."""


def gen_supertype(ctx: Context) -> list[Draft] | NotExecutable:
    """Snow is not counted among the card types in a graveyard."""
    from conformance.reference.cards import load_cards

    cards = load_cards()
    card = cards.get(ctx.card.name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1 or "Snow" not in card.faces[0].supertypes:
        return NotExecutable("only one-face snow cards are scripted")
    types = set(card.faces[0].types)
    if len(types) > 3:
        return NotExecutable("the card has more than three card types")
    graveyard: list[dict[str, Any]] = [{"id": "snowy", "card": card.name}]
    for kind, filler in FILLERS:
        if len(types) >= 3:
            break
        if kind not in types:
            graveyard.append({"id": f"gy{len(graveyard)}", "card": filler})
            types.add(kind)
    needed = [COUNTER, *FOUR, *(g["card"] for g in graveyard[1:])]
    if any(n not in cards for n in needed):
        return NotExecutable("the reference engine lacks a card the case uses")
    p1 = b.player(battlefield=[{"id": "scav", "card": COUNTER}], graveyard=graveyard)
    p2 = b.player(battlefield=[{"id": "scav2", "card": COUNTER}],
                  graveyard=[{"id": f"gy{i}b", "card": n} for i, n in enumerate(FOUR, 1)])
    expect = {"state": {"objects": {"scav": {"power": 0, "toughness": 4},
                                    "scav2": {"power": 3, "toughness": 4}}}}
    listed = ", ".join(sorted(types))
    return [Draft("snow-supertype", f"The snow {card.name} in p1's graveyard counts only as "
                  f"{'/'.join(sorted(card.faces[0].types))}: three card types ({listed}), no "
                  f"delirium for p1's {COUNTER}; p2's four card types give p2's delirium",
                  list(FEATURES), sorted(set(needed) | {card.name}), b.game(p1, p2), [],
                  expect, list(RULES))]


FAMILIES = [
    Family("snow-supertype", "Snow is a supertype, not a card type", tuple(RULES),
           tuple(FEATURES), gen_supertype,
           en=phrases("Snow is a supertype, not a card type")),
]
