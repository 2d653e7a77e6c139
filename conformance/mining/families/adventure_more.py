"""More adventurer card rulings (rule 716; see :mod:`conformance.mining.families.adventure`):

* ``adventure-cast-legality`` — "If you cast an adventurer card as an Adventure, use only its
  alternative characteristics to determine whether it's legal to cast that spell": during p2's
  turn p1 casts the card as its instant Adventure although its creature (without flash) could
  be cast only at sorcery speed; the Adventure resolves and is exiled. Mutant
  ``adventure_legality_from_creature`` (716.3a). Only for an instant Adventure whose creature
  lacks flash (otherwise both halves have one timing and an engine reading either passes).
* ``adventure-copy`` — "If an effect copies an Adventure spell, that copy is exiled as it
  resolves. It ceases to exist as a state-based action; it's not possible to cast the copy as a
  creature": p1 copies their Adventure spell with Twincast; the copy resolves and ceases to
  exist (one object only goes from the stack to exile: the card, as its Adventure resolves).
  Mutant ``adventure_copy_exiled_as_card`` (707.10a, 716.3c-d). Only for an Adventure whose
  copy leaves its target legal for the original (a destroyed or returned target would make the
  original not resolve, 608.2b).

* ``adventure-exile-timing`` — "You must still follow any timing restrictions and permissions
  for the creature spell you cast from exile. Normally, you'll be able to cast it only during
  your main phase while the stack is empty": the Adventure resolves and is exiled; p1 casts
  Lightning Bolt and, with it on the stack, tries to cast the creature from exile: refused.
  Mutant ``exile_cast_ignores_timing`` (716.3d, 307.1). Only for a creature without flash.

The other recurring texts are classified with their reason: casting as an Adventure is not an
alternative cost (the free casts of the pool, cascade and "cast ... from your hand without
paying its mana cost", have no choice of the Adventure in the case format), naming a card, objects becoming copies of a permanent, and
effects that refer to a card that "has an Adventure" (the reference engine builds none of those
cards).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.families.adventure import FEATURES, adventurer, pool
from conformance.mining.families.knifepoint import classified
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

TWINCAST = "Twincast"
"""Copy target instant or sorcery spell. You may choose new targets for the copy. ({U}{U})"""
_COPY_SAFE = frozenset({"PumpTarget", "UntapAndPump", "PutCounters", "TapUpTo", "Mill",
                        "CreateToken", "Draw", "LoseLifeYou"})
"""Targeted Adventure effects whose copy leaves the original's target legal."""


def _resolve() -> dict[str, Any]:
    return {"resolve_top": {}}


def gen_legality(ctx: Context) -> list[Draft] | NotExecutable:
    """An instant Adventure is cast in the opponent's turn though its creature has no flash."""
    adv = adventurer(ctx)
    if isinstance(adv, NotExecutable):
        return adv
    c, a = adv.creature, adv.adventure
    if "Instant" not in a.types:
        return NotExecutable("its Adventure is a sorcery: cast at sorcery speed like its "
                             "creature, an engine reading either half passes")
    if "flash" in c.text.keywords:
        return NotExecutable("its creature has flash: cast at instant speed like its Adventure, "
                             "an engine reading either half passes")
    setup = adv.setup(pool(adv.cost), active="p2")
    setup["priority"] = "p1"
    actions = [*adv.casting(),
               {"check": {"state": {"objects": {"adv": {"zone": "stack", "name": a.name}}}}},
               _resolve()]
    expect = {"events": [{"type": "cast", "object": "adv", "half": a.name},
                         {"type": "resolved", "object": "adv"}],
              "state": {"zones": {"adv": "exile"}, "stack": []}}
    return [Draft("adventure-cast-legality", f"{a.name}, an instant, is cast in the opponent's "
                  f"turn although {c.name} has no flash", adv.features(), adv.cards(), setup,
                  actions, expect, ["716.3a", "304.1", "307.1"])]


def gen_copy(ctx: Context) -> list[Draft] | NotExecutable:
    """A copy of an Adventure spell ceases to exist as it resolves; the card is exiled."""
    adv = adventurer(ctx)
    if isinstance(adv, NotExecutable):
        return adv
    kinds = {type(e).__name__ for e in adv.effects if e.slots}  # untargeted: always safe
    if not kinds <= _COPY_SAFE:
        return NotExecutable("its copy would make the original's target illegal (destroyed or "
                             "moved): the original would not resolve and be exiled (608.2b)")
    a = adv.adventure
    setup = adv.setup(pool(adv.cost, "{U}{U}"),
                      p1_extra={"hand": [{"id": "twin", "card": TWINCAST}]})
    actions = [*adv.casting(), b.cast("twin", targets=["adv"]), _resolve()]
    if adv.targets:
        actions.append(b.keep_targets())
    actions += [_resolve(), _resolve()]
    expect = {"events": [{"type": "copy_created", "of": "adv"},
                         {"type": "resolved", "copy": True},
                         {"type": "resolved", "object": "adv", "copy": False},
                         {"type": "zone_change", "object": "adv", "from": "stack",
                          "to": "exile"}],
              "event_counts": [{"match": {"type": "zone_change", "from": "stack", "to": "exile"},
                                "count": 1}],
              "state": {"zones": {"adv": "exile", "twin": "graveyard"}, "stack": [],
                        "count": [{"zone": "exile", "card": adv.name, "count": 1}]}}
    return [Draft("adventure-copy", f"A copy of {a.name} ceases to exist as it resolves; only the "
                  "card is exiled", adv.features("copy_spell", *(["copy.new_targets"] if adv.targets else [])), adv.cards(TWINCAST), setup, actions,
                  expect, ["707.10a", "716.3c", "716.3d"])]


def gen_exile_timing(ctx: Context) -> list[Draft] | NotExecutable:
    """The creature cast from exile follows its timing: not while a spell is on the stack."""
    adv = adventurer(ctx)
    if isinstance(adv, NotExecutable):
        return adv
    c = adv.creature
    if "flash" in c.text.keywords:
        return NotExecutable("its creature has flash: cast from exile at any time it is legal, "
                             "an engine ignoring timing passes")
    setup = adv.setup(pool(adv.cost, "{R}", c.mana_cost),
                      p1_extra={"hand": [{"id": "bolt", "card": b.BOLT}]})
    actions = [*adv.casting(), _resolve(),
               {"check": {"state": {"zones": {"adv": "exile"}, "stack": []}}},
               b.cast("bolt", targets=["p2"]), b.cast("adv")]
    expect = {"error": {"kind": "illegal_action", "action": len(actions) - 1},
              "state": {"zones": {"adv": "exile", "bolt": "stack"}}}
    return [Draft("adventure-exile-timing", f"{c.name} cast from exile follows a creature's "
                  "timing: not while a spell is on the stack", adv.features(),
                  adv.cards(b.BOLT), setup, actions, expect, ["716.3d", "307.1", "601.3"])]


FAMILIES = [
    Family("adventure-cast-legality", "Only an Adventure's characteristics decide whether "
           "casting it is legal", ("716.3a",), (*FEATURES, "target"), gen_legality,
           en=phrases("If you cast an adventurer card as an Adventure, use only its alternative "
                      "characteristics to determine whether it's legal to cast that spell")),
    Family("adventure-copy", "A copy of an Adventure spell ceases to exist as it resolves",
           ("707.10a", "716.3c"), (*FEATURES, "copy_spell"), gen_copy,
           en=phrases("If an effect copies an Adventure spell, that copy is exiled as it "
                      "resolves")),
    Family("adventure-exile-timing", "The creature cast from exile follows its timing",
           ("716.3d", "307.1"), (*FEATURES, "target"), gen_exile_timing,
           en=phrases("You must still follow any timing restrictions and permissions for the "
                      "creature spell you cast from exile")),
    Family("adventure-not-alternative-cost", "Casting as an Adventure is not an alternative "
           "cost", ("716.3",), tuple(FEATURES),
           classified("not executable: the scripted casts without paying a mana cost "
                      "(cascade, 'cast ... from your hand without paying its mana cost') cast a "
                      "card as it is: the case format has no choice to cast an adventurer card "
                      "as its Adventure there, and no card of the pool gives an alternative cost "
                      "to a spell cast from a hand"),
           en=phrases("Casting a card as an Adventure isn't casting it for an alternative "
                      "cost")),
    Family("adventure-card-name", "The Adventure's name may be chosen", ("716.5",),
           tuple(FEATURES),
           classified("not executable: no card in the scripted pool names a card"),
           en=phrases("If an effect instructs you to choose a card name, you may choose the "
                      "alternative Adventure name")),
    Family("adventure-copy-object", "A copy of a permanent that has an Adventure",
           ("716.2b",), tuple(FEATURES),
           classified("not executable: no card in the scripted pool makes an object a copy of "
                      "a permanent"),
           en=phrases("If an object becomes a copy of an object that has an Adventure")),
    Family("adventure-has-an-adventure", "What 'has an Adventure' refers to", ("716.2a",),
           tuple(FEATURES),
           classified("not executable: the reference engine builds no card that refers to a "
                      "card, spell or permanent that has an Adventure"),
           en=phrases("An effect may refer to a card, spell, or permanent that \"has an "
                      "Adventure.\"",
                      "If an effect refers to a creature card, creature spell, or creature that "
                      "has an Adventure, it won't find")),
]
