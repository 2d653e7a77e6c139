"""Snow mana (rule 107.4h): "The {S} symbol is a generic mana symbol. It represents a cost that
can be paid by one mana that was produced by a snow source. That mana can be any color or
colorless." Two kinds of cards carry the ruling:

* a creature the reference engine builds with an activated ability whose cost has {S} and whose
  effect pumps it ("{S}{S}: CARDNAME gets +2/+2 until end of turn", Hailstorm Valkyrie): its
  {S} symbols are paid with Snow-Covered Forests' mana;
* a snow land with a mana ability (Snow-Covered Forest, Alpine Meadow): two of them pay the
  {S}{S} of Hailstorm Valkyrie's ability.

Two cases each (p1's turn 3, precombat main; the lands are tapped for mana with ``activate``,
any generic part of the cost is colorless mana in the setup's pool, which no snow source
produced):

* ``snow-mana`` — snow sources' mana pays every {S}: the ability resolves (the creature's power
  and toughness show it);
* ``snow-mana-nonsnow`` — one {S} is left to a Forest's mana (a nonsnow source): the activation
  is refused (``illegal_action``).

Mutants: ``nonsnow_mana_pays_snow`` (the family's: any mana pays {S}; killed by the second case)
and ``snow_source_mana_not_snow`` (snow sources' mana is not told apart; killed by the first).
"""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

SNOW_LAND = "Snow-Covered Forest"
NONSNOW_LAND = "Forest"
SUPPORT = "Hailstorm Valkyrie"
"""A snow creature with "{S}{S}: CARDNAME gets +2/+2 until end of turn.": what a snow land's
mana pays in the cases of a land."""
FEATURES = ["snow", "mana_ability", "activated_ability"]
RULES = ["107.4h", "205.4g"]


def _snow_ability(face: Any) -> tuple[int, Any] | None:
    """The index and the ability of ``face``'s first activated ability whose cost has {S} and
    whose one effect pumps the creature itself, with no other cost than mana."""
    from conformance.reference.effect_blocks import PumpSelf

    for i, ab in enumerate(face.text.activated):
        if ("{S}" in (ab.cost or "") and not ab.tap and not ab.extra_costs
                and not ab.sacrifice_self and not ab.energy and ab.produces is None
                and len(ab.effects) == 1 and isinstance(ab.effects[0], PumpSelf)):
            return i, ab
    return None


def _plan(name: str) -> tuple[str, str, int, Any, list[str]] | NotExecutable:
    """(the creature whose ability is paid, the land tapped for {S}, the ability's index, the
    ability, the lands tapped) for the card ``name``; or why not scripted."""
    from conformance.reference.cards import load_cards

    cards = load_cards()
    card = cards.get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    if "Creature" in face.types:
        found = _snow_ability(face)
        if found is None or face.power is None:
            return NotExecutable("no activated ability with {S} in its cost that pumps the "
                                 "creature alone")
        land, creature = SNOW_LAND, face
    elif "Land" in face.types and "Snow" in face.supertypes:
        if not any(ab.produces for ab in face.text.activated) or SUPPORT not in cards:
            return NotExecutable("the snow land has no mana ability, or the reference engine "
                                 f"lacks {SUPPORT}")
        creature = cards[SUPPORT].faces[0]
        found = _snow_ability(creature)
        if found is None:  # pragma: no cover - the support card's text is fixed
            return NotExecutable(f"{SUPPORT} has no {{S}} ability")
        land = name
    else:
        return NotExecutable("neither a creature with an {S} cost nor a snow land")
    if SNOW_LAND not in cards or NONSNOW_LAND not in cards:
        return NotExecutable("the reference engine lacks the lands the cases tap")
    idx, ab = found
    snows = ab.cost.count("{S}")
    if b.mana_pool(re.sub(r"\{S\}", "", ab.cost)) is None:
        return NotExecutable("the rest of the cost is not one a mana pool pays")
    return creature.name, land, idx, ab, [land] * snows


def _case(creature: Any, lands: list[str], idx: int, ab: Any) -> tuple[dict[str, Any],
                                                                          list[dict[str, Any]]]:
    rest = b.mana_pool(re.sub(r"\{S\}", "", ab.cost))
    bf = [{"id": "snowy", "card": creature.name}] + [
        {"id": f"land{i}", "card": c} for i, c in enumerate(lands, 1)]
    setup = b.game(b.player(mana=rest or None, battlefield=bf), b.player())
    actions = [{"activate": {"player": "p1", "object": f"land{i}", "ability": 0}}
               for i in range(1, len(lands) + 1)]
    actions.append({"activate": {"player": "p1", "object": "snowy", "ability": idx}})
    return setup, actions


def gen_snow(ctx: Context) -> list[Draft] | NotExecutable:
    """{S} paid with snow sources' mana; not with a nonsnow source's."""
    from conformance.reference.cards import load_cards

    plan = _plan(ctx.card.name)
    if isinstance(plan, NotExecutable):
        return plan
    creature_name, land, idx, ab, lands = plan
    creature = load_cards()[creature_name].faces[0]
    pump = ab.effects[0]
    cards = sorted({ctx.card.name, creature_name, land})
    setup, actions = _case(creature, lands, idx, ab)
    paid = Draft("snow-mana", f"{land}'s mana (a snow source) pays the {ab.cost} of "
                 f"{creature_name}'s ability", FEATURES, cards, setup,
                 actions + [b.RESOLVE_TOP],
                 {"state": {"objects": {"snowy": {
                     "power": creature.power + pump.power,
                     "toughness": creature.toughness + pump.toughness}}}}, RULES)
    mixed = lands[:-1] + [NONSNOW_LAND]
    setup, actions = _case(creature, mixed, idx, ab)
    refused = Draft("snow-mana-nonsnow", f"A {NONSNOW_LAND}'s mana (not a snow source) can't "
                    f"pay an {{S}} of {creature_name}'s {ab.cost}", FEATURES,
                    sorted({*cards, NONSNOW_LAND}), setup, actions,
                    {"error": {"kind": "illegal_action", "action": len(actions) - 1},
                     "state": {"objects": {"snowy": {"power": creature.power,
                                                     "toughness": creature.toughness}}}},
                    RULES)
    return [paid, refused]


REDUCER = "Heartstone"
"""An artifact: "Activated abilities of creatures cost {1} less to activate. This effect can't
reduce the mana in that cost to less than one mana."."""


def gen_reduction(ctx: Context) -> list[Draft] | NotExecutable:
    """Heartstone reduces only the generic part of the {S} ability's cost: the snow lands'
    mana pays every {S}, none left in the pool."""
    from conformance.reference.cards import load_cards
    from conformance.reference.cost_increase_text import reduced

    plan = _plan(ctx.card.name)
    if isinstance(plan, NotExecutable):
        return plan
    if REDUCER not in load_cards():
        return NotExecutable(f"the reference engine does not build {REDUCER}")
    creature_name, land, idx, ab, lands = plan
    creature = load_cards()[creature_name].faces[0]
    pump = ab.effects[0]
    rest = re.sub(r"\{S\}", "", reduced(ab.cost, 1) or "")  # what the pool pays
    pool = b.mana_pool(rest) if rest else None
    if rest and pool is None:
        return NotExecutable("the rest of the cost is not one a pool is written for")
    setup, actions = _case(creature, lands, idx, ab)
    p1 = setup["players"]["p1"]
    p1["battlefield"].append({"id": "stone", "card": REDUCER})
    p1.pop("mana", None)
    if pool:
        p1["mana"] = pool
    cards = sorted({ctx.card.name, creature_name, land, REDUCER})
    return [Draft("snow-reduction", f"{REDUCER} reduces {creature_name}'s {ab.cost} by generic "
                  f"mana only: {len(lands)} {land} pay its {{S}} symbols, no mana left",
                  FEATURES, cards, setup, actions + [b.RESOLVE_TOP],
                  {"state": {"players": {"p1": {"mana": ""}}, "objects": {"snowy": {
                      "power": creature.power + pump.power,
                      "toughness": creature.toughness + pump.toughness}}}},
                  ["107.4h", "601.2f"])]


FAMILIES = [
    Family("snow-mana", "{S} is paid only with mana a snow source produced",
           tuple(RULES), tuple(FEATURES), gen_snow,
           en=phrases("It represents a cost that can be paid by one mana that was produced by a "
                      "snow source")),
    Family("snow-reduction", "A generic cost reduction doesn't reduce {S}",
           ("107.4h", "601.2f"), tuple(FEATURES), gen_reduction,
           en=phrases("If an effect says such a spell costs {1} less to cast, that reduction "
                      "doesn't apply to any {S} costs")),
]
