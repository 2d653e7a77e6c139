"""Devotion counted as an ability resolves (rule 700.5, 608.2h): "If an activated ability or
triggered ability has an effect that depends on your devotion to a color, you count the number
of mana symbols of that color among the mana costs of permanents you control as the ability
resolves. The permanent with that ability will be counted if it's still on the battlefield at
that time."

* ``devotion-ability-resolves`` — for every one-face creature card the reference engine builds
  whose only ability is an enters-the-battlefield trigger with a devotion effect (drain, gain
  life, damage to each opponent, tokens, a pump of a target: p2's Enormous Baloth or p1's
  helper): p1 controls a vanilla creature with one
  symbol of the color, casts the card, and with its trigger on the stack returns it to their
  hand with Unsummon; as the trigger resolves, devotion is 1 (the card, gone, does not count).
  Mutant: ``devotion_counts_gone_source`` (the source still counts by last known information).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.families.devotion import (
    BIG,
    GENERIC,
    _cost,
    _devotion_effect,
    _stats,
    symbols,
)
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["devotion", "priority", "stack", "mana_cost", "target"]
RULES = ["700.5", "608.2h"]
BOUNCE, BOUNCE_COST = "Unsummon", "{U}"
"""{U} instant: "Return target creature to its owner's hand."."""


def gen_resolves(ctx: Context) -> list[Draft] | NotExecutable:
    """The devotion trigger's source, bounced in response, is not counted."""
    got = _devotion_effect(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    eff, is_trigger = got
    if not is_trigger:
        return NotExecutable("a spell's devotion effect: the ruling is about abilities")
    face = ctx.card.main
    if not symbols(face.mana_cost, eff.color):
        return NotExecutable("the card's own mana cost has no symbol of the color")
    helper = GENERIC[eff.color]
    d = symbols(_cost(helper), eff.color)
    state: dict[str, Any]
    theirs: list[dict[str, Any]] = []
    choose: list[dict[str, Any]] = []
    if eff.what == "pump_target":  # p2's 7/7 (an opponent's creature) or p1's helper
        opp = eff.kind is not None and eff.kind.endswith(":opp")
        tid = "big2" if opp else "h1"
        if opp:
            theirs.append({"id": tid, "card": BIG})
        p, t = _stats(BIG if opp else helper)
        state = {"objects": {tid: {"power": p + eff.power * d,
                                   "toughness": t + eff.toughness * d}}}
        choose = [{"choose": {"choice": "targets", "source": "dc", "targets": [tid]}}]
    elif eff.what == "drain":
        state = {"life": {"p1": 20 + d, "p2": 20 - d}}
    elif eff.what == "gain_life":
        state = {"life": {"p1": 20 + d}}
    elif eff.what == "damage_opponents":
        state = {"life": {"p2": 20 - d}}
    elif eff.what == "tokens" and eff.token is not None and (eff.token.toughness or 0) > 0:
        state = {"count": [{"card": eff.token.name, "zone": "battlefield", "count": d}]}
    else:
        return NotExecutable("its devotion effect shows nothing once its source is gone "
                             "(counters on it)")
    mana = b.mana_pool(face.mana_cost, BOUNCE_COST)
    if mana is None:
        return NotExecutable("its mana cost has a symbol the case's mana pool cannot pay")
    state["zones"] = {"dc": "hand"}
    state["stack"] = []
    p1 = b.player(mana=mana, battlefield=[{"id": "h1", "card": helper}],
                  hand=[{"id": "dc", "card": face.name}, {"id": "bounce", "card": BOUNCE}])
    actions = [b.cast("dc"), b.RESOLVE_TOP, *choose, b.cast("bounce", targets=["dc"]),
               b.RESOLVE_TOP, b.RESOLVE_TOP]
    color = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}[eff.color]
    return [Draft("devotion-ability-resolves", f"{face.name}'s enters trigger resolves after "
                  f"{BOUNCE} returned it to hand: devotion to {color} is {d} ({helper} only)",
                  list(FEATURES), sorted({face.name, helper, BOUNCE} | {o["card"] for o in theirs}),
                  b.game(p1, b.player(battlefield=theirs)),
                  actions, {"events": [{"type": "triggered", "source": "dc"},
                                       {"type": "zone_change", "object": "dc", "to": "hand"}],
                            "state": state}, list(RULES))]


FAMILIES = [
    Family("devotion-ability-resolves", "An ability's devotion is counted as it resolves, its "
           "source only if still on the battlefield", tuple(RULES), tuple(FEATURES),
           gen_resolves,
           en=phrases("you count the number of mana symbols of that color among the mana costs "
                      "of permanents you control as the ability resolves")),
]
