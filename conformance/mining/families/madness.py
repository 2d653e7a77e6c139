"""Madness rulings (rule 702.35a: "Madness [cost]" means "If a player would discard this card,
that player discards it, but exiles it instead of putting it into their graveyard" and "When
this card is exiled this way, its owner may cast it by paying [cost] rather than paying its mana
cost. If that player doesn't, they put this card into their graveyard"), for every one-face card
the reference engine builds with madness (:mod:`conformance.reference.alt_costs`).

Every case discards the card with Mind Rot ("Target player discards two cards") cast at p1,
whose hand then holds the card (id ``m``) and two Islands: p1 discards the card and the Island
``isl`` (a ``cards`` choice). p1's mana pool pays the madness cost.

* ``madness-discard-resolving`` — "If you discard a card with madness while resolving a spell
  or ability, it moves immediately to exile ... Its madness trigger will be placed onto the
  stack once that spell or ability has completely resolved": p2's Mind Rot resolves; the card is
  exiled (never in the graveyard), the Island put into the graveyard, and the madness trigger
  goes on the stack after Mind Rot's resolution. Mutant: ``madness_card_to_graveyard``.
* ``madness-declined`` — "If you choose not to cast a card with madness when the madness
  triggered ability resolves, it's put into your graveyard": p1 Mind Rots themself, declines
  the madness cast; the card moves from exile to the graveyard. Mutant:
  ``madness_declined_stays_exiled``.
* ``madness-timing`` — "Casting a spell with madness ignores the timing rules based on the
  card's card type": on p2's turn p2's Mind Rot makes p1 discard a card that is neither an
  instant nor has flash; p1 casts it for its madness cost as its trigger resolves, and it
  resolves. Mutant: ``madness_keeps_timing``.
* ``madness-spell`` — "A spell cast for its madness cost is put onto the stack like any other
  spell. It can be countered ... As it resolves, it's put onto the battlefield if it's a
  permanent card or into its owner's graveyard if it's an instant or sorcery card": p1 casts
  the card for its madness cost; it is on the stack; an instant or sorcery resolves into the
  graveyard; a permanent spell is countered by p2's Cancel into the graveyard. Mutant:
  ``madness_spell_exiled`` (a spell cast from exile goes back to exile).
* ``madness-cost-discard`` — "If you discard a card with madness to pay the cost of a spell or
  activated ability, that card's madness trigger (and the spell that card becomes, if you choose
  to cast it) will resolve before the spell or ability the discard paid for": p1 discards the
  card to pay for Waste Away (at p2's Hill Giant); the madness trigger goes on the stack above
  Waste Away, and the spell cast for its madness cost resolves first. Mutant:
  ``madness_trigger_under_paid_spell``.
* ``madness-any-discard`` — "Madness works independently of why you're discarding the card.
  You could discard it to pay a cost ...": p1 discards the card to pay the cost of Rummaging
  Goblin's "{T}, Discard a card: Draw a card."; it is exiled, and p1 casts it for its madness
  cost above the Goblin's ability (which has not resolved: p1's library is untouched). Mutant:
  ``madness_only_for_effect_discards``.
* ``madness-mana-value`` — "Casting a spell for its madness cost doesn't change its mana cost or
  its mana value" (and "The mana value of the spell is determined by only its mana cost, no
  matter what the total cost to cast that spell was"): on the stack, the spell cast for its
  madness cost has the mana value of its mana cost. Mutant: ``madness_mana_value_from_cost``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "discard", "optional_effect", "madness"]
MIND_ROT = "Mind Rot"
TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "nonland_permanent": ("bears2", b.BEARS),
    "creature_or_planeswalker": ("bears2", b.BEARS), "perm:Artifact|Creature": ("bears2", b.BEARS),
    "perm:Creature": ("bears2", b.BEARS),
}
"""The scripted target of each target kind (p2 or p2's Grizzly Bears)."""

PERMANENT_TYPES = {"Artifact", "Creature", "Enchantment", "Planeswalker", "Battle", "Land"}


def madness_card(name: str, *, cast: bool) -> tuple[Any, str, list[tuple[str, str | None]]] \
        | NotExecutable:
    """The card's face, madness cost and (when the case casts it) the scripted targets of its
    spell, or why the generator skips it."""
    from conformance.reference.effect_blocks import Modal
    from conformance.reference.objects import spell_effects

    face = b.built_face(name)
    if isinstance(face, NotExecutable):
        return face
    cost = dict(face.text.alternatives).get("madness")
    if cost is None:
        return NotExecutable("the card has no madness cost of its own")
    if not cast:
        return face, cost, []
    if b.mana_pool(cost) is None or "{X}" in cost:
        return NotExecutable(f"its madness cost {cost} has a symbol a mana pool does not pay "
                             "(or X)")
    if face.has_x or face.text.additional_costs or isinstance(face.text.spell, Modal):
        return NotExecutable("only cards without {X}, modes or additional costs are scripted")
    targets = b.one_target_each(spell_effects(face, ()), TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    return face, cost, targets


def _resolves(ctx: Context, face: Any) -> NotExecutable | None:
    """Why the card's spell cannot be resolved by a case (None: it can)."""
    if PERMANENT_TYPES & set(face.types):
        if any(t.event == "enters" for t in face.text.triggered):
            return NotExecutable("the permanent has an enters trigger the case would script")
        return None
    decision = b.decision_needed(b.spell_lines(ctx.card.main, drop=("Madness",)))
    if decision:
        return NotExecutable(f"resolving the spell needs {decision}, which a case cannot "
                             "script")
    return None


def _setup(face: Any, cost: str, targets: list[tuple[str, str | None]], *, active: str,
           p2_hand: list[dict[str, Any]] | None = None, p2_mana: str = "") -> dict[str, Any]:
    """Mind Rot in the active player's hand and pool; p1's hand: the card and an Island; p1's
    pool pays the madness cost."""
    mine, theirs = b.objects_for(targets)
    rot = [{"id": "rot", "card": MIND_ROT}]
    p1_mana = b.mana_pool(cost, *(["{2}{B}"] if active == "p1" else []))
    p1 = b.player(mana=p1_mana, battlefield=mine,
                  hand=[{"id": "m", "card": face.name}, {"id": "isl", "card": b.ISLAND},
                        {"id": "isl2", "card": b.ISLAND}, *(rot if active == "p1" else [])])
    p2 = b.player(mana=b.mana_pool("{2}{B}", p2_mana) if active == "p2" else p2_mana or None,
                  battlefield=theirs,
                  hand=[*(rot if active == "p2" else []), *(p2_hand or [])])
    return b.game(p1, p2, active=active, turn=4 if active == "p2" else 3)


def _discard(active: str) -> list[dict[str, Any]]:
    """Mind Rot cast at p1 by the active player and resolved: p1 discards the card and an
    Island (keeping the other Island)."""
    return [b.cast("rot", active, targets=["p1"]), b.RESOLVE_TOP,
            {"choose": {"choice": "cards", "cards": ["m", "isl"]}}]


def _may(accept: bool, targets: list[tuple[str, str | None]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [
        b.RESOLVE_TOP,
        {"choose": {"choice": "may", "source": "m", "ability": "madness", "accept": accept}}]
    if accept and targets:
        out.append({"choose": {"choice": "targets", "source": "m",
                               "targets": [t for t, _ in targets]}})
    return out


def _cards(face: Any, targets: list[tuple[str, str | None]], *extra: str) -> list[str]:
    return sorted({face.name, MIND_ROT, b.ISLAND, *extra} | {c for _, c in targets if c})


def gen_discard_resolving(ctx: Context) -> list[Draft] | NotExecutable:
    """p2's Mind Rot: the card is exiled at once; its trigger waits for Mind Rot to finish."""
    got = madness_card(ctx.card.name, cast=False)
    if isinstance(got, NotExecutable):
        return got
    face, cost, _ = got
    setup = _setup(face, cost, [], active="p2")
    actions = _discard("p2")
    expect = {"events": [{"type": "zone_change", "object": "m", "from": "hand", "to": "exile"},
                         {"type": "triggered", "source": "m", "ability": "madness"},
                         {"type": "resolved", "object": "rot"},
                         {"type": "put_on_stack", "source": "m", "ability": "madness"}],
              "events_absent": [{"type": "zone_change", "object": "m", "to": "graveyard"}],
              "state": {"zones": {"m": "exile", "isl": "graveyard", "isl2": "hand",
                                  "rot": "graveyard"},
                        "stack": [{"source": "m", "ability": "madness"}]}}
    return [Draft("madness-discard-resolving", f"{face.name}, discarded as p2's {MIND_ROT} "
                  "resolves, is exiled at once; its madness trigger goes on the stack after "
                  f"{MIND_ROT} has resolved", FEATURES + ["target"],
                  _cards(face, []), setup, actions, expect, ["702.35a", "608.2", "603.3"])]


def gen_declined(ctx: Context) -> list[Draft] | NotExecutable:
    """p1 declines the madness cast: the card goes from exile to the graveyard."""
    got = madness_card(ctx.card.name, cast=False)
    if isinstance(got, NotExecutable):
        return got
    face, cost, _ = got
    setup = _setup(face, cost, [], active="p1")
    actions = [*_discard("p1"), *_may(False, [])]
    expect = {"events": [{"type": "zone_change", "object": "m", "from": "hand", "to": "exile"},
                         {"type": "zone_change", "object": "m", "from": "exile",
                          "to": "graveyard"}],
              "events_absent": [{"type": "cast", "object": "m"}],
              "state": {"zones": {"m": "graveyard"}, "stack": []}}
    return [Draft("madness-declined", f"{face.name}'s madness cast declined: the card is put "
                  "into its owner's graveyard", FEATURES + ["target"],
                  _cards(face, []), setup, actions, expect, ["702.35a"])]


def _cast_plan(ctx: Context) -> tuple[Any, str, list[tuple[str, str | None]]] | NotExecutable:
    got = madness_card(ctx.card.name, cast=True)
    if isinstance(got, NotExecutable):
        return got
    return _resolves(ctx, got[0]) or got


def gen_timing(ctx: Context) -> list[Draft] | NotExecutable:
    """p1 casts a sorcery-speed card for its madness cost on p2's turn."""
    got = _cast_plan(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, cost, targets = got
    if "Instant" in face.types or "flash" in face.text.keywords:
        return NotExecutable("the card is an instant (or has flash): its type's timing allows "
                             "it on p2's turn anyway")
    permanent = bool(PERMANENT_TYPES & set(face.types))
    setup = _setup(face, cost, targets, active="p2")
    actions = [*_discard("p2"), *_may(True, targets),
               {"check": {"state": {"stack": [face.name], "zones": {"m": "stack"}}}},
               b.RESOLVE_TOP]
    expect = {"events": [{"type": "cast", "player": "p1", "object": "m"},
                         {"type": "resolved", "object": "m"}],
              "state": {"zones": {"m": "battlefield" if permanent else "graveyard"},
                        "active_player": "p2"}}
    return [Draft("madness-timing", f"{face.name} is cast for its madness cost on p2's turn, "
                  "whatever its type's timing", FEATURES
                  + (["target"] if targets else []) + ["turn_structure"],
                  _cards(face, targets), setup, actions, expect, ["702.35a", "608.2g", "307.1"])]


def gen_spell(ctx: Context) -> list[Draft] | NotExecutable:
    """The madness spell is on the stack: an instant or sorcery resolves into the graveyard; a
    permanent spell is countered by Cancel into the graveyard."""
    got = _cast_plan(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, cost, targets = got
    permanent = bool(PERMANENT_TYPES & set(face.types))
    cancel = [{"id": "cancel", "card": b.CANCEL}] if permanent else None
    setup = _setup(face, cost, targets, active="p1", p2_hand=cancel,
                   p2_mana="{U}{U}{1}" if permanent else "")
    actions = [*_discard("p1"), *_may(True, targets),
               {"check": {"state": {"stack": [face.name], "zones": {"m": "stack"}}}}]
    if permanent:
        actions += [{"pass_priority": {"player": "p1"}},
                    b.cast("cancel", "p2", targets=["m"]), b.RESOLVE_TOP]
        events = [{"type": "cast", "player": "p1", "object": "m"},
                  {"type": "countered", "object": "m"}]
        what = f"is countered by p2's {b.CANCEL} into its owner's graveyard"
    else:
        actions.append(b.RESOLVE_TOP)
        events = [{"type": "cast", "player": "p1", "object": "m"},
                  {"type": "resolved", "object": "m"}]
        what = "resolves into its owner's graveyard"
    expect = {"events": events, "state": {"zones": {"m": "graveyard"}, "stack": []}}
    return [Draft("madness-spell", f"{face.name} cast for its madness cost goes on the stack "
                  f"like any other spell and {what}", FEATURES
                  + (["target"] if targets or permanent else [])
                  + (["counterspell"] if permanent else []),
                  _cards(face, targets, *([b.CANCEL] if permanent else [])), setup, actions,
                  expect, ["702.35a", "601.2a", "608.2n"] + (["701.5a"] if permanent else []))]


def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    """On the stack, the madness spell has the mana value of its mana cost."""
    from conformance.reference.cards import mana_value_of

    got = madness_card(ctx.card.name, cast=True)
    if isinstance(got, NotExecutable):
        return got
    face, cost, targets = got
    mv, paid = mana_value_of(face.mana_cost, 0), mana_value_of(cost, 0)
    if mv == paid:
        return NotExecutable(f"its mana cost and madness cost have the same mana value ({mv}): "
                             "an engine taking the mana value from the cost paid would pass")
    setup = _setup(face, cost, targets, active="p1")
    actions = [*_discard("p1"), *_may(True, targets)]
    expect = {"state": {"objects": {"m": {"zone": "stack", "mana_value": mv}},
                        "players": {"p1": {"mana": ""}}}}
    return [Draft("madness-mana-value", f"{face.name} cast for its madness cost {cost} has the "
                  f"mana value of its mana cost ({mv})", FEATURES
                  + (["target"] if targets else []), _cards(face, targets), setup, actions,
                  expect, ["702.35a", "202.3", "118.9c"])]


WASTE_AWAY = "Waste Away"
""""As an additional cost to cast this spell, discard a card. Target creature gets -5/-5 until
end of turn." ({4}{B})"""


def gen_cost_discard(ctx: Context) -> list[Draft] | NotExecutable:
    """The card discarded to pay for p1's Waste Away: its madness trigger, then the spell it
    becomes, resolve before Waste Away."""
    got = _cast_plan(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, cost, targets = got
    mine, theirs = b.objects_for(targets)
    p1 = b.player(mana=b.mana_pool(cost, "{4}{B}"), battlefield=mine,
                  hand=[{"id": "w", "card": WASTE_AWAY}, {"id": "m", "card": face.name}])
    p2 = b.player(battlefield=[{"id": "giant2", "card": b.GIANT}, *theirs])
    madness = {"source": "m", "ability": "madness"}
    actions = [b.cast("w", targets=["giant2"], costs={"discard": ["m"]}),
               {"check": {"state": {"zones": {"m": "exile"}, "stack": [WASTE_AWAY, madness]}}},
               *_may(True, targets),
               {"check": {"state": {"stack": [WASTE_AWAY, face.name]}}},
               b.RESOLVE_TOP]
    expect = {"events": [{"type": "cast", "object": "w"},
                         {"type": "put_on_stack", "source": "m", "ability": "madness"},
                         {"type": "cast", "object": "m"}, {"type": "resolved", "object": "m"}],
              "events_absent": [{"type": "resolved", "object": "w"}],
              "state": {"stack": [WASTE_AWAY]}}
    return [Draft("madness-cost-discard", f"{face.name}, discarded to pay for p1's {WASTE_AWAY}: "
                  f"its madness trigger and the spell it becomes resolve before {WASTE_AWAY}",
                  FEATURES + ["target", "additional_cost"],
                  _cards(face, targets, WASTE_AWAY, b.GIANT), b.game(p1, p2), actions, expect,
                  ["702.35a", "601.2i", "603.3", "405.2"])]


RUMMAGING_GOBLIN = "Rummaging Goblin"
""""{T}, Discard a card: Draw a card." """


def gen_any_discard(ctx: Context) -> list[Draft] | NotExecutable:
    """The card discarded to pay the cost of Rummaging Goblin's ability is exiled, and p1 casts
    it for its madness cost."""
    got = _cast_plan(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, cost, targets = got
    mine, theirs = b.objects_for(targets)
    p1 = b.player(mana=b.mana_pool(cost), library=b.islands(2),
                  battlefield=[{"id": "rg", "card": RUMMAGING_GOBLIN}, *mine],
                  hand=[{"id": "m", "card": face.name}])
    p2 = b.player(battlefield=theirs)
    permanent = bool(PERMANENT_TYPES & set(face.types))
    actions: list[dict[str, Any]] = [{"activate": {"player": "p1", "object": "rg", "ability": 0,
                             "costs": {"discard": ["m"]}}},
               {"check": {"state": {"zones": {"m": "exile"}}}},
               *_may(True, targets), b.RESOLVE_TOP]
    expect = {"events": [{"type": "zone_change", "object": "m", "from": "hand", "to": "exile"},
                         {"type": "triggered", "source": "m", "ability": "madness"},
                         {"type": "cast", "player": "p1", "object": "m"},
                         {"type": "resolved", "object": "m"}],
              "state": {"zones": {"m": "battlefield" if permanent else "graveyard",
                                  "lib1": "library"}}}
    return [Draft("madness-any-discard", f"{face.name}, discarded to pay the cost of "
                  f"{RUMMAGING_GOBLIN}'s ability, is exiled and cast for its madness cost",
                  FEATURES + ["activated_ability", "additional_cost"]
                  + (["target"] if targets else []),
                  _cards(face, targets, RUMMAGING_GOBLIN), b.game(p1, p2), actions, expect,
                  ["702.35a", "602.2b", "701.8a"])]


FAMILIES = [
    Family("madness-discard-resolving", "A card with madness discarded during a resolution is "
           "exiled at once; its trigger waits for the resolution to end", ("702.35a", "608.2"),
           tuple(FEATURES), gen_discard_resolving,
           en=phrases("If you discard a card with madness while resolving a spell or ability, "
                      "it moves immediately to exile",
                      "If you discard a card with madness while a spell or ability is "
                      "resolving, it moves immediately to exile")),
    Family("madness-declined", "A madness card not cast as its trigger resolves goes to the "
           "graveyard", ("702.35a",), tuple(FEATURES), gen_declined,
           en=phrases("If you choose not to cast a card with madness when the madness "
                      "triggered ability resolves, it's put into your graveyard")),
    Family("madness-timing", "A card is cast for its madness cost whatever its type's timing",
           ("702.35a", "608.2g"), tuple(FEATURES), gen_timing,
           en=phrases("Casting a spell with madness ignores the timing rules based on the "
                      "card's card type")),
    Family("madness-spell", "A spell cast for its madness cost is a spell like any other",
           ("702.35a", "608.2n"), tuple(FEATURES), gen_spell,
           en=phrases("A spell cast for its madness cost is put onto the stack like any other "
                      "spell")),
    Family("madness-cost-discard", "A madness card discarded to pay a cost: its trigger and "
           "spell resolve before what the cost paid for", ("702.35a", "603.3"),
           tuple(FEATURES), gen_cost_discard,
           en=phrases("If you discard a card with madness to pay the cost of a spell or "
                      "activated ability")),
    Family("madness-any-discard", "Madness works whatever the reason for the discard (a "
           "cost too)", ("702.35a",), tuple(FEATURES), gen_any_discard,
           en=phrases("Madness works independently of why you're discarding the card")),
    Family("madness-mana-value", "A spell cast for its madness cost keeps its mana value",
           ("202.3", "118.9c"), tuple(FEATURES), gen_mana_value,
           en=phrases("Casting a spell for its madness cost doesn't change its mana cost or its "
                      "mana value",
                      "start with the mana cost or alternative cost (such as a madness cost) "
                      "you're paying")),
]
