"""Phyrexian mana rulings (rules 107.4f, 202.3), for every one-face card whose mana cost has a
Phyrexian mana symbol.

* ``phyrexian-mana-value`` — "To calculate the mana value of a card with Phyrexian mana symbols
  in its cost, count each Phyrexian mana symbol as 1": the card in its owner's hand has the
  mana value of its cost with each Phyrexian symbol counted as 1. Mutant:
  ``phyrexian_symbols_count_zero`` (a Phyrexian symbol adds nothing to the mana value, as if
  its optional life payment were all it cost).
* ``phyrexian-color`` — "A card with Phyrexian mana symbols in its mana cost is each color that
  appears in that mana cost, regardless of how that cost may have been paid": the card in its
  owner's hand has the colors of its Phyrexian symbols. Mutant: ``phyrexian_symbols_colorless``
  (a Phyrexian symbol gives no color, as if paid with life). The case does not cast the card:
  the "regardless of how the cost was paid" half of the ruling is not checked.
* ``phyrexian-low-life`` — "If you're at 1 life or less, you can't pay 2 life" (119.4: a player
  can pay life only if their life total is at least the payment): for a one-face instant,
  sorcery or creature the reference engine builds whose targets the generator scripts, p1 at 1
  life with a pool that pays all but the Phyrexian symbols casts the card: refused
  (``illegal_action``), nothing changes. Mutant: ``phyrexian_life_unchecked`` (2 life is paid
  whatever the life total).
* ``phyrexian-each-symbol`` — "As you cast a spell or activate an activated ability with one or
  more Phyrexian mana symbols in its cost, you choose how to pay for each Phyrexian mana symbol":
  p1 casts the card with a pool that pays one Phyrexian symbol with mana when the cost has two
  or more (p1's life, 2 per other symbol plus 1, pays those and no more, so there is one way to
  pay), none otherwise (at 20 life); each other Phyrexian symbol costs 2 life. Mutant:
  ``phyrexian_paid_with_mana_only`` (a Phyrexian symbol can't be paid with life).
"""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["phyrexian_mana"]
RULES = ["107.4f", "202.3"]


def _mana_value(cost: str) -> int:
    return sum(int(s) if s.isdigit() else (0 if s == "X" else 1)
               for s in re.findall(r"\{([^}]+)\}", cost))


def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    """The card in hand has the mana value of its cost, each Phyrexian symbol counting 1."""
    card = ctx.card
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    cost = card.main.mana_cost or ""
    n = cost.count("/P}")
    if not n:
        return NotExecutable("its mana cost has no Phyrexian mana symbol (the ruling is about "
                             "another object's cost)")
    mv = _mana_value(cost)
    return [Draft("phyrexian-mana-value", f"{card.name} ({cost}) has mana value {mv}: each of "
                  f"its {n} Phyrexian mana symbol(s) counts as 1", FEATURES, [card.name],
                  b.game(b.player(hand=[{"id": "phy", "card": card.name}]), b.player()), [],
                  {"state": {"objects": {"phy": {"zone": "hand", "mana_value": mv}}}}, RULES)]


def gen_color(ctx: Context) -> list[Draft] | NotExecutable:
    """The card in hand has the colors of its Phyrexian symbols."""
    card = ctx.card
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    cost = card.main.mana_cost or ""
    phyrexian = set(re.findall(r"\{([WUBRG])(?:/[WUBRG])?/P\}", cost)) | set(
        re.findall(r"\{[WUBRG]/([WUBRG])/P\}", cost))
    plain = set(re.findall(r"[WUBRG]", re.sub(r"\{[^}]*/P\}", "", cost)))
    if not phyrexian - plain:
        return NotExecutable("no color of its mana cost comes only from Phyrexian symbols: a "
                             "case could not tell")
    colors = [c for c in "WUBRG" if c in phyrexian | plain]
    return [Draft("phyrexian-color", f"{card.name} ({cost}) is {''.join(colors)}: its "
                  "Phyrexian mana symbols give it their colors", FEATURES, [card.name],
                  b.game(b.player(hand=[{"id": "phy", "card": card.name}]), b.player()), [],
                  {"state": {"objects": {"phy": {"zone": "hand", "colors": colors}}}},
                  ["105.2", "107.4f"])]


_TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "creature_or_planeswalker": ("bears2", b.BEARS),
}


def _cast_scene(name: str) -> tuple[Any, list[str], dict[str, Any], dict[str, Any],
                                    dict[str, Any]] | NotExecutable:
    """(the face, its Phyrexian symbols' colors, p1's and p2's setups without mana, the cast),
    or why the card is not cast by the generator."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    cost = face.mana_cost or ""
    phyrexian = re.findall(r"\{([WUBRG])/P\}", cost)
    if not phyrexian or cost.count("/P}") != len(phyrexian):
        return NotExecutable("its mana cost has no Phyrexian symbol of one color (the ruling is "
                             "about another cost)")
    if face.has_x or "Land" in face.types:
        return NotExecutable("its mana cost has {X}: the generator does not choose X")
    spell = face.text.spell if isinstance(face.text.spell, tuple) else None
    if face.text.spell is not None and spell is None:
        return NotExecutable("it is a modal spell: the generator does not choose modes")
    if face.text.additional_costs or face.text.kicker:
        return NotExecutable("it has an additional cost or a kicker the generator does not pay")
    targets = b.one_target_each(spell or (), _TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    mine, theirs = b.objects_for(targets)
    tids = [tid for tid, _ in targets]
    return face, phyrexian, {"hand": [{"id": "phy", "card": face.name}], "battlefield": mine}, \
        {"battlefield": theirs}, b.cast("phy", targets=tids or None)


def _pool(cost: str, extra: str = "") -> str:
    return b.mana_pool(re.sub(r"\{[^}]*/P\}", "", cost), extra) or ""


def _cards(setup: dict[str, Any]) -> list[str]:
    return sorted({o["card"] for pl in setup["players"].values() for z in pl.values()
                   if isinstance(z, list) for o in z})


def gen_low_life(ctx: Context) -> list[Draft] | NotExecutable:
    """At 1 life, a Phyrexian symbol the pool cannot pay cannot be paid with 2 life."""
    got = _cast_scene(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, _, p1, p2, cast = got
    pool = _pool(face.mana_cost)
    setup = b.game(b.player(1, mana=pool, **p1), b.player(**p2))
    return [Draft("phyrexian-low-life", f"At 1 life, p1 cannot pay 2 life for a Phyrexian symbol "
                  f"of {face.name} ({face.mana_cost}): the cast is refused",
                  FEATURES + ["mana_cost", "life"], _cards(setup), setup, [cast],
                  {"error": {"kind": "illegal_action", "action": 0},
                   "state": {"life": {"p1": 1}, "zones": {"phy": "hand"}, "stack": []}},
                  ["119.4", "107.4f"])]


def gen_each_symbol(ctx: Context) -> list[Draft] | NotExecutable:
    """Each Phyrexian symbol is paid with its mana or with 2 life."""
    got = _cast_scene(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, phyrexian, p1, p2, cast = got
    with_mana = phyrexian[:1] if len(phyrexian) > 1 else []
    pool = _pool(face.mana_cost, "".join(f"{{{c}}}" for c in with_mana))
    by_life = len(phyrexian) - len(with_mana)
    # with one symbol payable by mana, p1's life pays the others and no more (2 life each, 119.4),
    # so the case scripts no choice (107.4f): the one way is mana for one, life for the rest
    start = 2 * by_life + 1 if with_mana else 20
    life = start - 2 * by_life
    setup = b.game(b.player(start, mana=pool, **p1), b.player(**p2))
    how = (f"one with {{{with_mana[0]}}} and {len(phyrexian) - 1} with 2 life each" if with_mana
           else "with 2 life")
    return [Draft("phyrexian-each-symbol", f"p1 pays the Phyrexian symbols of {face.name} "
                  f"({face.mana_cost}) {how}", FEATURES + ["mana_cost", "life"], _cards(setup),
                  setup, [cast], {"events": [{"type": "cast", "object": "phy"}],
                                  "state": {"life": {"p1": life}, "zones": {"phy": "stack"},
                                            "players": {"p1": {"mana": ""}}}},
                  ["107.4f", "601.2h"])]


FAMILIES = [
    Family("phyrexian-mana-value", "A Phyrexian mana symbol counts 1 toward mana value",
           tuple(RULES), tuple(FEATURES), gen_mana_value,
           en=phrases("To calculate the mana value of a card with Phyrexian mana symbols in its "
                      "cost, count each Phyrexian mana symbol as 1")),
    Family("phyrexian-color", "A Phyrexian mana symbol gives a card its color",
           ("105.2", "107.4f"), tuple(FEATURES), gen_color,
           en=phrases("A card with Phyrexian mana symbols in its mana cost is each color that "
                      "appears in that mana cost, regardless of how that cost may have been "
                      "paid")),
    Family("phyrexian-low-life", "A player at 1 life can't pay 2 life for a Phyrexian symbol",
           ("119.4", "107.4f"), tuple(FEATURES), gen_low_life,
           en=phrases("If you're at 1 life or less, you can't pay 2 life")),
    Family("phyrexian-each-symbol", "Each Phyrexian symbol is paid with its colored mana or 2 "
           "life", ("107.4f", "601.2h"), tuple(FEATURES), gen_each_symbol,
           en=phrases("you choose how to pay for each Phyrexian mana symbol")),
]
