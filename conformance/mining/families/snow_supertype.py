"""Snow is a supertype (rules 205.4a, 205.4g, 205.2a): "Snow is a supertype, not a card type. It
has no rules meaning or function by itself, but spells and abilities may refer to it."

* ``snow-supertype`` — for every one-face snow card the reference engine builds: it is in p1's
  graveyard with other cards making three card types in all (the card's own, then Island,
  Grizzly Bears, Millstone, Divination as needed); p1 controls Moldgraf Scavenger (0/4,
  "Delirium — CARDNAME gets +3/+0 as long as there are four or more card types among cards in
  your graveyard"). A ``check``: the Scavenger is 0/4 (snow is not a fourth card type). Then p1
  casts Lightning Bolt at p2 (Lava Axe when the card is an instant) and it resolves into the
  graveyard, a fourth card type: the Scavenger is 3/4. Mutant ``snow_is_a_card_type``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["snow", "priority", "stack", "mana_cost", "target"]
RULES = ["205.4a", "205.2a"]
COUNTER = "Moldgraf Scavenger"
"""0/4; "Delirium — CARDNAME gets +3/+0 as long as there are four or more card types among cards
in your graveyard."."""
FILLERS = (("Land", b.ISLAND), ("Creature", b.BEARS), ("Artifact", "Millstone"),
           ("Sorcery", "Divination"))
"""A card of one card type each, put in the graveyard to make three card types."""
BURN = {"Instant": ("Lightning Bolt", "{R}", 3), "Sorcery": ("Lava Axe", "{4}{R}", 5)}
"""The spell that resolves into the graveyard as its fourth card type: (name, mana, damage)."""


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
    burn_type = "Instant" if "Instant" not in types else "Sorcery"
    burn, mana, damage = BURN[burn_type]
    graveyard: list[dict[str, Any]] = [{"id": "snowy", "card": card.name}]
    for kind, filler in FILLERS:
        if len(types) >= 3:
            break
        if kind not in types and kind != burn_type:
            graveyard.append({"id": f"gy{len(graveyard)}", "card": filler})
            types.add(kind)
    needed = [COUNTER, burn, *(g["card"] for g in graveyard[1:])]
    if len(types) != 3 or any(n not in cards for n in needed):
        return NotExecutable("the reference engine lacks a card the case uses")
    p1 = b.player(mana=mana, battlefield=[{"id": "scav", "card": COUNTER}],
                  hand=[{"id": "burn", "card": burn}], graveyard=graveyard,
                  library=b.islands(3))
    setup = b.game(p1, b.player())
    actions = [{"check": {"state": {"objects": {"scav": {"power": 0, "toughness": 4}}}}},
               b.cast("burn", targets=["p2"]), b.RESOLVE_TOP]
    expect = {"state": {"zones": {"burn": "graveyard", "snowy": "graveyard"},
                        "life": {"p2": 20 - damage},
                        "objects": {"scav": {"power": 3, "toughness": 4}}}}
    listed = ", ".join(sorted(types))
    return [Draft("snow-supertype", f"The snow {card.name} in p1's graveyard counts only as "
                  f"{'/'.join(sorted(card.faces[0].types))}: three card types ({listed}), no "
                  f"delirium for {COUNTER} until {burn} adds a fourth", list(FEATURES),
                  sorted(set(needed) | {card.name}), setup, actions, expect, list(RULES))]


FAMILIES = [
    Family("snow-supertype", "Snow is a supertype, not a card type", tuple(RULES),
           tuple(FEATURES), gen_supertype,
           en=phrases("Snow is a supertype, not a card type")),
]
