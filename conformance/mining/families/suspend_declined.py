"""Suspend and a mandatory cost increase (rules 702.62a, 601.2f-h, 117.1d, 605.3a): "You are
never forced to activate mana abilities to pay costs, so if there is a mandatory additional mana
cost (such as from Thalia, Guardian of Thraben), you can decline to activate mana abilities to
pay for it and hence fail to cast the suspended card, leaving it in exile."

* ``suspend-declined`` — for every one-face card with "Suspend N—{cost}" the reference engine
  builds whose spell has no target: p2 controls Thalia, Guardian of Thraben ("Noncreature
  spells cost {1} more to cast.") — Sphere of Resistance ("Spells cost {1} more to cast.") for
  a creature card. The card is in p1's exile with one time counter, p2's turn; p1's pool is
  empty and p1 controls an untapped Island they do not tap. At p1's upkeep suspend's trigger
  removes the last time counter and the cast trigger resolves: the {1} is left unpaid, the card
  is not cast and stays in exile with no time counters, the Island untapped. Mutant
  ``mana_abilities_forced`` (the engine activates the player's mana abilities to pay the
  increase and casts the card).

A spell with targets (p2, or p2's Grizzly Bears) has them chosen as the cast trigger resolves,
before the total cost is determined and found unpaid (601.2c, then 601.2f-h): a ``targets``
choice naming the card.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "suspend", "counters"]
"""No ``mana_ability``: the case activates none (the Island stays untapped)."""
RULES = ["702.62a", "601.2f", "117.1d", "605.3a"]
THALIA = "Thalia, Guardian of Thraben"
"""First strike; "Noncreature spells cost {1} more to cast."."""
SPHERE = "Sphere of Resistance"
"""An artifact: "Spells cost {1} more to cast."."""


def gen_declined(ctx: Context) -> list[Draft] | NotExecutable:
    """The suspended card whose cost increase p1 declines to pay stays exiled."""
    from conformance.mining.families.suspend import _cast_choice, _prepared_cast
    from conformance.reference.cards import load_cards

    got = _prepared_cast(ctx, upkeep=True)
    if isinstance(got, NotExecutable):
        return got
    c, targets = got
    mine, theirs = b.objects_for(targets)
    taxer = SPHERE if c.creature else THALIA
    if taxer not in load_cards() or b.ISLAND not in load_cards():
        return NotExecutable(f"the reference engine does not build {taxer}")
    p1 = b.player(battlefield=[{"id": "island", "card": b.ISLAND}, *mine], library=b.islands(3))
    p1["exile"] = [{"id": "sus", "card": c.name, "counters": {"time": 1}}]
    p2 = b.player(battlefield=[{"id": "taxer", "card": taxer}, *theirs],
                  library=[{"id": f"lib{i}b", "card": b.ISLAND} for i in range(1, 4)])
    actions: list[dict[str, Any]] = [
        {"advance": {"to": "upkeep", "next_turn": True}},
        b.RESOLVE_TOP,  # suspend_upkeep: the last time counter removed
        b.RESOLVE_TOP,  # suspend_cast: its targets chosen (601.2c), the {1} is not paid
        *_cast_choice(targets)]
    expect = {"events": [{"type": "triggered", "source": "sus", "ability": "suspend_upkeep"},
                         {"type": "triggered", "source": "sus", "ability": "suspend_cast"}],
              "events_absent": [{"type": "cast"}],
              "state": {"zones": {"sus": "exile"}, "stack": [], "step": "upkeep",
                        "objects": {"sus": {"counters": {}}, "island": {"tapped": False}}}}
    kind = "spell" if c.creature else "noncreature spell"
    return [Draft("suspend-declined", f"{taxer} makes the suspended {c.name} cost {{1}} more: "
                  f"p1 declines to tap an Island for it and the {kind} stays exiled",
                  FEATURES + (["target"] if targets else []),
                  sorted({c.name, taxer, b.ISLAND} | {card for _, card in targets if card}),
                  b.game(p1, p2, active="p2", step="postcombat_main"), actions,
                  expect, list(RULES))]


FAMILIES = [
    Family("suspend-declined", "A suspended card whose cost increase is left unpaid stays "
           "exiled", tuple(RULES), tuple(FEATURES), gen_declined,
           en=phrases("You are never forced to activate mana abilities to pay costs, so if "
                      "there is a mandatory additional mana cost")),
]
