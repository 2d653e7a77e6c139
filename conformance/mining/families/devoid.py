"""Devoid rulings (rule 702.114a): an object with devoid is colorless, in every zone, for every
card whose oracle text has the keyword and whose mana cost has colored symbols (without them a
case could not tell devoid from the mana cost).

* ``devoid-colorless`` — "A card with devoid is just colorless. It's not colorless and the
  colors of mana in its mana cost": the card where it is normally seen (on the battlefield for
  a permanent card, in hand for an instant or sorcery) has no color. Mutant:
  ``devoid_keeps_cost_colors`` (devoid ignored, the card has its mana cost's colors).
* ``devoid-all-zones`` — "Devoid works in all zones, not just on the battlefield": copies of the
  card in its owner's library, graveyard and exile are colorless too. Mutant:
  ``devoid_only_on_battlefield`` (devoid applies on the battlefield and stack only).
* ``devoid-lost`` — "If a card loses devoid, it will still be colorless. This is because effects
  that change an object's color (like the one created by devoid) are considered before the
  object loses devoid" (613.1e, layer 5, before 613.1f, layer 6): a permanent card on the
  battlefield loses devoid (``set_keywords``) and is still colorless. Mutant:
  ``devoid_lost_restores_colors`` (an object that lost devoid has its mana cost's colors).
* ``devoid-new-color`` — "Other cards and abilities can give a card with devoid color. If that
  happens, it's just the new color, not that color and colorless": p1 casts Crimson Wisps
  ("Target creature becomes red and gains haste until end of turn. Draw a card.") on their
  creature with devoid, which becomes red (devoid, a characteristic-defining ability, applies
  first in layer 5, 613.3; the later effect sets the color). Mutant:
  ``devoid_applies_after_color_effects`` (devoid keeps it colorless).
"""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.corpus import CardInfo
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

_DEVOID = re.compile(r"^Devoid\b", re.M)
_PERMANENT = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
FEATURES = ["devoid"]
RULES = ["702.114a", "604.3"]


def _colors(cost: str | None) -> list[str]:
    syms = set(re.findall(r"[WUBRG]", cost or ""))
    return [c for c in "WUBRG" if c in syms]


def devoid_card(card: CardInfo) -> NotExecutable | None:
    """Why ``card`` cannot show devoid (None: it can)."""
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    if not _DEVOID.search(b.strip_reminders(card.main.text or "")):
        return NotExecutable("the card's oracle text has no devoid keyword line")
    if not _colors(card.main.mana_cost):
        return NotExecutable("its mana cost has no colored mana symbol: without devoid it would "
                             "be colorless too, so no case can tell")
    return None


def _expect(ids: list[str]) -> dict[str, Any]:
    return {"state": {"objects": {i: {"colors": []} for i in ids}}}


def gen_colorless(ctx: Context) -> list[Draft] | NotExecutable:
    """The card, where it is normally seen, has no color."""
    card = ctx.card
    if (why := devoid_card(card)) is not None:
        return why
    colors = "".join(_colors(card.main.mana_cost))
    if set(_PERMANENT) & set(card.main.types):
        p1 = b.player(battlefield=[{"id": "dv", "card": card.name}])
        where = "on the battlefield"
    else:
        p1 = b.player(hand=[{"id": "dv", "card": card.name}])
        where = "in hand"
    return [Draft("devoid-colorless", f"{card.name} (mana cost {card.main.mana_cost}) is "
                  f"colorless {where}, not colorless and {colors}", FEATURES, [card.name],
                  b.game(p1, b.player()), [], _expect(["dv"]), RULES)]


def gen_all_zones(ctx: Context) -> list[Draft] | NotExecutable:
    """Copies of the card in library, graveyard and exile have no color."""
    card = ctx.card
    if (why := devoid_card(card)) is not None:
        return why
    p1 = b.player(library=[{"id": "dv_lib", "card": card.name}],
                  graveyard=[{"id": "dv_gy", "card": card.name}],
                  exile=[{"id": "dv_ex", "card": card.name}])
    return [Draft("devoid-all-zones", f"{card.name} is colorless in its owner's library, "
                  "graveyard and exile, not only on the battlefield", FEATURES,
                  [card.name], b.game(p1, b.player()), [],
                  _expect(["dv_lib", "dv_gy", "dv_ex"]), RULES)]


def gen_lost(ctx: Context) -> list[Draft] | NotExecutable:
    """A permanent that loses devoid stays colorless."""
    card = ctx.card
    if (why := devoid_card(card)) is not None:
        return why
    if not set(_PERMANENT) & set(card.main.types):
        return NotExecutable("an instant or sorcery card has no permanent that could lose "
                             "devoid")
    p1 = b.player(battlefield=[{"id": "dv", "card": card.name}])
    return [Draft("devoid-lost", f"{card.name} (mana cost {card.main.mana_cost}) loses devoid "
                  "on the battlefield and is still colorless", FEATURES + ["keywords"],
                  [card.name], b.game(p1, b.player()),
                  [{"set_keywords": {"object": "dv", "remove": ["devoid"]}}], _expect(["dv"]),
                  ["702.114a", "613.1e", "613.1f"])]


WISPS = "Crimson Wisps"


def gen_new_color(ctx: Context) -> list[Draft] | NotExecutable:
    """A creature with devoid that an effect makes red is red."""
    card = ctx.card
    if (why := devoid_card(card)) is not None:
        return why
    if "Creature" not in card.main.types:
        return NotExecutable("only a creature card can be the target of Crimson Wisps")
    p1 = b.player(mana="{R}", battlefield=[{"id": "dv", "card": card.name}],
                  hand=[{"id": "wisps", "card": WISPS}],
                  library=[{"id": f"lib{i}", "card": b.ISLAND} for i in (1, 2, 3)])
    p2 = b.player(library=[{"id": f"lib{i}", "card": b.ISLAND} for i in (4, 5, 6)])
    actions = [b.cast("wisps", targets=["dv"]), b.RESOLVE_TOP]
    expect = {"state": {"zones": {"lib1": "hand"}, "objects": {"dv": {"colors": ["R"]}}}}
    return [Draft("devoid-new-color", f"{card.name} (devoid) made red by Crimson Wisps is red, "
                  "not red and colorless", [*FEATURES, "priority", "stack", "target",
                                            "until_end_of_turn"],
                  sorted({card.name, WISPS, b.ISLAND}), b.game(p1, p2), actions, expect,
                  ["702.114a", "604.3", "613.1e", "613.3"])]


FAMILIES = [
    Family("devoid-colorless", "Devoid: the card is just colorless, not colorless and its mana "
           "cost's colors", tuple(RULES), tuple(FEATURES), gen_colorless,
           en=phrases("A card with devoid is just colorless. It's not colorless and the colors "
                      "of mana in its mana cost")),
    Family("devoid-all-zones", "Devoid works in every zone, not just on the battlefield",
           tuple(RULES), tuple(FEATURES), gen_all_zones,
           en=phrases("Devoid works in all zones, not just on the battlefield")),
    Family("devoid-lost", "A card that loses devoid is still colorless",
           ("702.114a", "613.1e", "613.1f"), (*FEATURES, "keywords"), gen_lost,
           en=phrases("If a card loses devoid, it will still be colorless")),
    Family("devoid-new-color", "A card with devoid given a color is just that color",
           ("702.114a", "613.3"), tuple(FEATURES), gen_new_color,
           en=phrases("Other cards and abilities can give a card with devoid color")),
]
