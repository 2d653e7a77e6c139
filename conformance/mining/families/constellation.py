"""Constellation rulings (ability word, rule 207.2c; a triggered ability, 603.6a), for every
card the reference engine builds with exactly one constellation ability ("Whenever CARDNAME or
another enchantment enters the battlefield under your control" / "Whenever an enchantment
enters ...") and no other non-keyword ability.

* ``constellation-any-enchantment`` — "A constellation ability triggers whenever an enchantment
  enters the battlefield under your control for any reason. Enchantments with other card types,
  such as enchantment creatures, will also cause constellation abilities to trigger": p1
  controls the card and casts Fang of Shigeki, an enchantment creature; its entering triggers
  the ability, whose effect shows (effects a case observes: :func:`landfall.observe`). Mutant:
  ``constellation_pure_enchantments_only`` (only an enchantment with no other card type
  triggers constellation).
* ``constellation-order`` — "When an enchantment enters the battlefield under your control,
  each constellation ability of permanents you control will trigger. You can put these
  abilities on the stack in any order": with Nexus Wardens (or Setessan Skirmisher for Nexus
  Wardens itself) beside it, both trigger and p1 puts the card's ability on top, against the
  order they triggered in. Mutant: ``trigger_order_ignored``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.families.landfall import observe
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

ENCHANTMENT_CREATURE = "Fang of Shigeki"
"""{G} Enchantment Creature — Snake 1/1, deathtouch."""
HELPER = ("Nexus Wardens", "Setessan Skirmisher")
RULES = ["207.2c", "603.6a"]
FEATURES = ["priority", "stack", "mana_cost", "constellation"]


def _constellation(name: str) -> tuple[Any, Any] | NotExecutable:
    """The card's face and its constellation ability's one effect."""
    got: tuple[Any, Any] | NotExecutable = b.one_trigger_creature(name, "constellation")
    return got


def gen_any_enchantment(ctx: Context) -> list[Draft] | NotExecutable:
    """An enchantment creature entering triggers constellation."""
    got = _constellation(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, eff = got
    state = observe(face, eff, "cn")
    if state is None:
        return NotExecutable("its constellation effect is not one the generator observes "
                             "(targets, choices or an effect it does not script)")
    p1 = b.player(mana="{G}", battlefield=[{"id": "cn", "card": face.name}],
                  hand=[{"id": "ench", "card": ENCHANTMENT_CREATURE}], library=b.islands(2))
    return [Draft("constellation-any-enchantment", f"{face.name}'s constellation triggers when "
                  f"{ENCHANTMENT_CREATURE}, an enchantment creature, enters",
                  FEATURES, sorted({face.name, ENCHANTMENT_CREATURE, b.ISLAND}),
                  b.game(p1, b.player()), [b.cast("ench"), b.RESOLVE_TOP, b.RESOLVE_TOP],
                  {"events": [{"type": "triggered", "source": "cn", "ability": "constellation"}],
                   "state": state}, list(RULES))]


def gen_order(ctx: Context) -> list[Draft] | NotExecutable:
    """Two constellation abilities go on the stack in the order their controller chooses."""
    got = _constellation(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, eff = got
    if eff.slots:
        return NotExecutable("its constellation ability targets: putting it on the stack needs "
                             "target choices the generator does not script")
    helper = HELPER[1] if face.name == HELPER[0] else HELPER[0]
    p1 = b.player(mana="{G}", battlefield=[{"id": "cn", "card": face.name},
                                           {"id": "other", "card": helper}],
                  hand=[{"id": "ench", "card": ENCHANTMENT_CREATURE}])
    actions = [b.cast("ench"), b.RESOLVE_TOP,
               {"choose": {"choice": "trigger_order", "order": ["other", "cn"]}}]
    expect = {"events": [{"type": "put_on_stack", "source": "other", "ability": "constellation"},
                         {"type": "put_on_stack", "source": "cn", "ability": "constellation"}],
              "state": {"stack": [{"card": helper}, {"card": face.name}]}}
    return [Draft("constellation-order", f"{face.name}'s and {helper}'s constellation abilities "
                  f"go on the stack in the chosen order ({face.name}'s on top)",
                  FEATURES + ["trigger.order"], sorted({face.name, helper, ENCHANTMENT_CREATURE}),
                  b.game(p1, b.player()), actions, expect, ["207.2c", "603.3b"])]


FAMILIES = [
    Family("constellation-any-enchantment", "Constellation triggers for any enchantment "
           "entering, enchantment creatures too", tuple(RULES), tuple(FEATURES),
           gen_any_enchantment,
           en=phrases("A constellation ability triggers whenever an enchantment enters the "
                      "battlefield under your control for any reason")),
    Family("constellation-order", "Constellation abilities triggering together go on the stack "
           "in the order their controller chooses", ("207.2c", "603.3b"),
           tuple(FEATURES + ["trigger.order"]), gen_order,
           en=phrases("each constellation ability of permanents you control will trigger. You "
                      "can put these abilities on the stack in any order")),
]
