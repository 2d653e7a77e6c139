"""Adventurer card rulings (rule 716; layout ``adventure``), for every adventurer card the
reference engine builds from its two faces' oracle text (the creature and its Adventure, an
instant or sorcery). A card is cast as its Adventure with ``half`` (the Adventure's name), as
its creature without (SPEC "Adventurer cards"). Each of the corpus's ~30 adventurer cards carries
the same nine texts; five are executable here (:mod:`conformance.mining.families.adventure_more`
has the copy and legality ones):

* ``adventure-exiled`` — "If a spell is cast as an Adventure, its controller exiles it instead
  of putting it into its owner's graveyard as it resolves. For as long as it remains exiled,
  that player may cast it as a creature spell. If an Adventure spell leaves the stack in any
  way other than resolving (...countered...), that card won't be exiled": p1 casts the card as
  its Adventure, it resolves and is exiled (a ``check``), then p1 casts it from exile as the
  creature, which enters the battlefield; and, variant ``countered``, p2 counters the Adventure
  with Cancel: the card goes to p1's graveyard. Mutant ``adventure_resolves_to_graveyard``; the
  first case also kills ``adventure_not_cast_from_exile``, the second
  ``adventure_exiled_when_countered`` (716.3d).
* ``adventure-exile-other-reason`` — "If an adventurer card ends up in exile for any other
  reason than by exiling itself while resolving, it won't give you permission to cast it as a
  creature spell": the card starts in p1's exile; casting it as the creature is refused.
  Mutant ``exiled_adventurer_castable`` (716.3d).
* ``adventure-characteristics`` — "When casting a spell as an Adventure, use the alternative
  characteristics and ignore all of the card's normal characteristics ... If the spell leaves
  the stack, it immediately resumes using its normal characteristics": on the stack the spell
  has the Adventure's name, mana value, types, subtypes, colors and no power (a ``check``);
  resolved and exiled, the card has the creature's again. Mutant
  ``adventure_spell_has_normal_characteristics`` (716.3b, 716.4).
* ``adventure-normal-characteristics`` — "An adventurer card is a creature card in every zone
  except the stack, as well as while on the stack if not cast as an Adventure": the card in
  p1's hand, graveyard and exile has the creature's name, mana value, types and power, and
  cast normally it is the creature on the stack. Mutant
  ``adventurer_has_adventure_characteristics`` (716.4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["adventure"]
CRAW_WURM = "Craw Wurm"
"""A 6/4 creature: the target of "target creature with power 4 or greater"."""
ORNITHOPTER = "Ornithopter"
"""An artifact creature: the target of "target artifact"."""

_TARGETS: dict[str, tuple[str, str | None, str, str]] = {
    "creature": ("bears2", b.BEARS, "p2", "battlefield"),
    "perm:Creature": ("bears2", b.BEARS, "p2", "battlefield"),
    "perm:Creature:pow>=4": ("wurm2", CRAW_WURM, "p2", "battlefield"),
    "perm:any:you": ("bears1", b.BEARS, "p1", "battlefield"),
    "perm:nonland:opp": ("bears2", b.BEARS, "p2", "battlefield"),
    "artifact": ("thopter2", ORNITHOPTER, "p2", "battlefield"),
    "gy:Creature:you": ("grave1", b.BEARS, "p1", "graveyard"),
    "player": ("p2", None, "p2", ""),
    "spell:any:mv<=3": ("tbolt", b.BOLT, "p1", "spell"),
}
"""Target slot kind -> the target scripted for the Adventure: (id, card or None for a player,
its owner, its zone; ``spell``: a card p1 holds and casts first, Lightning Bolt at p2)."""


@dataclass
class Adventurer:
    """An adventurer card as the generators script it."""

    name: str
    creature: Any
    adventure: Any
    targets: list[tuple[str, str | None, str, str]] = field(default_factory=list)

    @property
    def target_ids(self) -> list[str]:
        """The Adventure's scripted targets."""
        return [t[0] for t in self.targets]

    @property
    def effects(self) -> tuple[Any, ...]:
        """The Adventure's spell effects."""
        return tuple(self.adventure.text.spell or ())

    def cards(self, *more: str) -> list[str]:
        """Every card of a case: the adventurer, its targets' cards and ``more``."""
        return sorted({self.name, *(t[1] for t in self.targets if t[1]), *more})

    def features(self, *more: str) -> list[str]:
        """The features of a case casting the Adventure."""
        return [*FEATURES, *(["target"] if self.targets else []), *more]

    @property
    def cost(self) -> str:
        """What p1 pays to cast the Adventure: its mana cost, and {R} for each Lightning Bolt
        cast first as its target."""
        return (self.adventure.mana_cost or "") + "{R}" * len(self.spells_first)

    @property
    def spells_first(self) -> list[str]:
        """The cards p1 casts (at p2) before the Adventure, to be its targets on the stack."""
        return [t[1] for t in self.targets if t[3] == "spell" and t[1]]

    def casting(self, obj: str = "adv") -> list[dict[str, Any]]:
        """p1 casts the spells its targets are, then ``obj`` as the Adventure at its scripted
        targets (p1 holds priority)."""
        first = [b.cast(t[0], targets=["p2"]) for t in self.targets if t[3] == "spell"]
        return [*first, b.cast(obj, half=self.adventure.name, targets=self.target_ids or None)]

    def setup(self, mana: str | None, *, p1_extra: dict[str, list[dict[str, Any]]] | None = None,
              p2_hand: list[dict[str, Any]] | None = None, p2_mana: str | None = None,
              adv_zone: str = "hand", targets: bool = True, **game: Any) -> dict[str, Any]:
        """p1 holds the card (``adv``) in ``adv_zone`` with ``mana``; the targets' objects in
        their zones (unless not ``targets``); both libraries stocked (Islands) for draws and
        mills."""
        zones: dict[str, dict[str, Any]] = {"p1": {}, "p2": {}}
        zones["p1"].setdefault(adv_zone, []).append({"id": "adv", "card": self.name})
        for zone, objs in (p1_extra or {}).items():
            zones["p1"].setdefault(zone, []).extend(objs)
        for tid, card, owner, zone in self.targets if targets else ():
            if card is not None:
                zones[owner].setdefault("hand" if zone == "spell" else zone, []).append(
                    {"id": tid, "card": card})
        p1 = b.player(mana=mana, library=b.islands(5), **zones["p1"])
        p2 = b.player(mana=p2_mana, hand=p2_hand,
                      library=[{"id": f"plib{i}", "card": b.ISLAND} for i in range(1, 6)],
                      **zones["p2"])
        return b.game(p1, p2, **game)


def pool(*costs: str | None) -> str | None:
    """:func:`conformance.mining.build.mana_pool` with each hybrid symbol paid by its first
    color."""
    return b.mana_pool(*(re.sub(r"\{([WUBRG])/[WUBRG]\}", r"{\1}", c or "") for c in costs))


def adventurer(ctx: Context, *, cast: bool = True) -> Adventurer | NotExecutable:
    """The reference engine's adventurer card with its Adventure's targets scripted, or why it
    is not scripted (without ``cast``, for a case that never casts the Adventure: its targets
    need not be scripted)."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(ctx.card.name)
    if card is None:
        return NotExecutable("the reference engine does not build the card (both halves)")
    if not card.is_adventure or len(card.faces) != 2:
        return NotExecutable("the card is not an adventurer card")
    creature, adventure = card.faces
    spell = adventure.text.spell
    if adventure.has_x or not isinstance(spell, tuple) or adventure.text.additional_costs \
            or adventure.text.kicker:
        return NotExecutable("the Adventure has X, modes or costs beyond its mana cost")
    if pool(adventure.mana_cost, creature.mana_cost) is None:
        return NotExecutable("no mana pool is written for its mana costs")
    targets = []
    for eff in spell if cast else ():
        for slot in eff.slots:
            if slot.kind not in _TARGETS or slot.max < 1 or slot.min > 1:
                return NotExecutable(f"its Adventure's target ({slot.kind}) is not one the "
                                     "generator scripts")
            targets.append(_TARGETS[slot.kind])
    return Adventurer(ctx.card.name, creature, adventure, targets)


def _resolve() -> dict[str, Any]:
    return {"resolve_top": {}}


def _creature_state(adv: Adventurer, zone: str) -> dict[str, Any]:
    c = adv.creature
    return {"zone": zone, "name": c.name, "mana_value": c.mana_value, "types": list(c.types),
            "power": c.power}


def gen_exiled(ctx: Context) -> list[Draft] | NotExecutable:
    """Resolved, the Adventure is exiled and then cast as the creature from exile; countered,
    it goes to the graveyard."""
    adv = adventurer(ctx)
    if isinstance(adv, NotExecutable):
        return adv
    c, a = adv.creature, adv.adventure
    actions = [*adv.casting(), _resolve(),
               {"check": {"state": {"zones": {"adv": "exile"}, "stack": []}}},
               b.cast("adv"), _resolve()]
    expect = {"events": [{"type": "resolved", "object": "adv"},
                         {"type": "zone_change", "object": "adv", "from": "stack",
                          "to": "exile"},
                         {"type": "cast", "object": "adv", "half": None},
                         {"type": "zone_change", "object": "adv", "from": "stack",
                          "to": "battlefield"}],
              "state": {"objects": {"adv": _creature_state(adv, "battlefield")}, "stack": []}}
    first = Draft("adventure-exiled", f"{a.name} resolves and is exiled; then {c.name} is cast "
                  "from exile", adv.features(), adv.cards(),
                  adv.setup(pool(adv.cost, c.mana_cost)), actions, expect,
                  ["716.3d", "608.2n"])
    counter = [*adv.casting(), {"pass_priority": {"player": "p1"}},
               b.cast("cancel", "p2", targets=["adv"]), _resolve()]
    countered = Draft("adventure-exiled-countered", f"{a.name} countered by {b.CANCEL} goes to "
                      "its owner's graveyard, not into exile", adv.features("counterspell"),
                      adv.cards(b.CANCEL),
                      adv.setup(pool(adv.cost), p2_hand=[{"id": "cancel", "card": b.CANCEL}],
                                p2_mana="{U}{U}{C}"),
                      counter, {"events": [{"type": "countered", "object": "adv"}],
                                "events_absent": [{"type": "resolved", "object": "adv"}],
                                "state": {"zones": {"adv": "graveyard", "cancel": "graveyard"},
                                          "stack": adv.spells_first}},
                      ["716.3d", "701.5a"])
    return [first, countered]


def gen_other_exile(ctx: Context) -> list[Draft] | NotExecutable:
    """A card in exile that its Adventure did not exile may not be cast from there."""
    adv = adventurer(ctx, cast=False)
    if isinstance(adv, NotExecutable):
        return adv
    c = adv.creature
    setup = adv.setup(pool(c.mana_cost), adv_zone="exile", targets=False)
    expect = {"error": {"kind": "illegal_action", "action": 0},
              "state": {"zones": {"adv": "exile"}, "stack": []}}
    return [Draft("adventure-exile-other-reason", f"{c.name} put into exile otherwise than by "
                  "its Adventure resolving can't be cast from there", FEATURES, [adv.name], setup,
                  [b.cast("adv")], expect, ["716.3d"])]


def gen_characteristics(ctx: Context) -> list[Draft] | NotExecutable:
    """On the stack as an Adventure the spell has only the Adventure's characteristics; in
    exile, its normal ones again."""
    adv = adventurer(ctx)
    if isinstance(adv, NotExecutable):
        return adv
    a = adv.adventure
    on_stack = {"zone": "stack", "name": a.name, "mana_value": a.mana_value,
                "types": list(a.types), "subtypes": list(a.subtypes), "colors": list(a.colors),
                "power": None, "toughness": None}
    actions = [*adv.casting(), {"check": {"state": {"objects": {"adv": on_stack}}}},
               _resolve()]
    expect = {"state": {"objects": {"adv": _creature_state(adv, "exile")}, "stack": []}}
    return [Draft("adventure-characteristics", f"{a.name} on the stack has only the Adventure's "
                  f"characteristics, in exile {adv.creature.name}'s again",
                  adv.features("mana_cost"), adv.cards(), adv.setup(pool(adv.cost)), actions,
                  expect, ["716.3b", "716.4"])]


def gen_normal(ctx: Context) -> list[Draft] | NotExecutable:
    """In a hand, a graveyard and exile the card is its creature; cast normally, it is the
    creature on the stack."""
    adv = adventurer(ctx, cast=False)
    if isinstance(adv, NotExecutable):
        return adv
    c = adv.creature
    setup = adv.setup(pool(c.mana_cost), targets=False,
                      p1_extra={"graveyard": [{"id": "grave", "card": adv.name}],
                                "exile": [{"id": "exiled", "card": adv.name}]})
    check = {"state": {"objects": {"adv": _creature_state(adv, "hand")}}}
    actions = [{"check": check}, b.cast("adv")]
    expect = {"events": [{"type": "cast", "object": "adv", "half": None}],
              "state": {"objects": {"adv": _creature_state(adv, "stack"),
                                    "grave": _creature_state(adv, "graveyard"),
                                    "exiled": _creature_state(adv, "exile")}}}
    return [Draft("adventure-normal-characteristics", f"{c.name} is a creature card in a hand, "
                  "a graveyard and exile, and a creature spell cast normally",
                  [*FEATURES, "mana_cost"], [adv.name], setup, actions, expect, ["716.4"])]


FAMILIES = [
    Family("adventure-exiled", "An Adventure spell that resolves is exiled, and its card may "
           "then be cast from exile; countered, it is not exiled", ("716.3d",),
           (*FEATURES, "target", "counterspell"), gen_exiled,
           en=phrases("If a spell is cast as an Adventure, its controller exiles it instead of "
                      "putting it into its owner's graveyard as it resolves")),
    Family("adventure-exile-other-reason", "An adventurer card exiled any other way gives no "
           "permission to cast it", ("716.3d",), tuple(FEATURES), gen_other_exile,
           en=phrases("If an adventurer card ends up in exile for any other reason than by "
                      "exiling itself while resolving")),
    Family("adventure-characteristics", "An Adventure spell has only its alternative "
           "characteristics on the stack", ("716.3b", "716.4"), (*FEATURES, "mana_cost"),
           gen_characteristics,
           en=phrases("When casting a spell as an Adventure, use the alternative characteristics "
                      "and ignore all of the card's normal characteristics")),
    Family("adventure-normal-characteristics", "An adventurer card has only its normal "
           "characteristics off the stack and when cast normally", ("716.4",),
           (*FEATURES, "mana_cost"), gen_normal,
           en=phrases("An adventurer card is a creature card in every zone except the stack")),
]
