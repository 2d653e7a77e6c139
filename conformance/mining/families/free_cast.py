"""Rulings on spells cast without paying their mana cost (rules 107.3b, 202.3, 608.2g), for every
one-face card the reference engine builds that casts a spell that way: cascade (702.85a), "you
may cast a spell ... from your hand without paying its mana cost" and suspend (702.62a).

* ``x-free-cast`` — "If the card has {X} in its mana cost, you must choose 0 as the value of X
  when casting it without paying its mana cost" (and its wordings "If a spell / an exiled card /
  ... has {X}"): for a card with cascade, p1 casts it (its pool paying exactly its mana cost)
  with Blaze ({X}{R}: "Blaze deals X damage to any target", mana value 1) on top of the library;
  the cascade trigger resolves, exiles Blaze, p1 accepts to cast it (a ``may`` choice) at p2 (a
  ``targets`` choice). No ``x`` is scripted: X is 0, the only legal choice, so no choice is
  asked; Blaze on the stack has mana value 1 (its X counted as 0, 202.3e) and, resolved, deals
  no damage (p2 stays at 20 life). Mutant ``free_cast_chooses_x`` (X chosen as for a paid cast:
  the engine asks an ``x`` choice the case does not answer). For a card whose spell or one
  activated ability ends with "You may cast a spell [with mana value N or less] from your hand
  without paying its mana cost" (the Expertise cycle, Omnispell Adept, Electrodominance — cast
  with X = 1 for its "mana value X or less"), Blaze is in p1's hand instead: as the spell or
  ability resolves p1 accepts (a ``may`` choice naming it) and casts Blaze at p2, with the same
  observations. A card with suspend casts only itself, and no such card has {X} in its mana
  cost: not executable.
* ``free-cast-mana-value`` — "The mana value of a spell cast without paying its mana cost is
  determined by its mana cost, even though that cost wasn't paid": a suspended card (one time
  counter left, p1's pool empty) has its last counter removed by an outside effect and its
  suspend trigger casts it; the spell on the stack has its card's mana value. Mutant
  ``free_cast_mana_value_zero`` (mana value 0 for a spell whose mana cost was not paid). A card
  with no mana cost (mana value 0) can't tell them apart: not executable.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.families import suspend
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

X_SPELL = b.BLAZE
"""The X spell a cascade exiles: "Blaze deals X damage to any target." ({X}{R}, mana value 1)."""
X_SPELL_MANA_VALUE = 1
FEATURES = ["priority", "stack", "mana_cost", "cascade", "trigger.cast", "optional_effect",
            "x_spell", "target"]
_TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "nonland_permanent": ("bears2", b.BEARS),
}


def _cascade_card(name: str) -> tuple[Any, list[tuple[str, str | None]]] | NotExecutable:
    """The face of a one-face card with cascade the generator casts, and its spell's scripted
    targets."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    t = face.text
    if "cascade" not in t.keywords:
        if t.suspend is not None and not face.has_x:
            return NotExecutable("its suspend casts only the card itself without paying its "
                                 "mana cost, and the card has no {X} in its mana cost")
        return NotExecutable("the card casts no spell without paying its mana cost the "
                             "reference engine models (cascade, suspend of an X spell, \"you may "
                             "cast a spell ... from your hand without paying its mana cost\")")
    if "Land" in face.types or face.has_x or t.additional_costs or t.enchant is not None:
        return NotExecutable("a land, an X spell, an Aura or an additional cost: its own cast "
                             "is not scripted")
    if t.spell is not None and not isinstance(t.spell, tuple):
        return NotExecutable("it is a modal spell: the generator does not choose modes")
    if face.mana_value <= X_SPELL_MANA_VALUE:
        return NotExecutable(f"its mana value is not greater than {X_SPELL}'s: its cascade "
                             "would not stop on it")
    if b.mana_pool(face.mana_cost) is None:
        return NotExecutable("its mana cost has a symbol a pool is not written for")
    targets = b.one_target_each(t.spell or (), _TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    return face, targets


def _hand_free(face: Any) -> tuple[Any, int | None] | NotExecutable | None:
    """The effect "You may cast ... from your hand without paying its mana cost" the card's
    spell (ability None) or its one activated ability (its index) ends with, or None when the
    card has none."""
    from conformance.reference.suspend_text import CastFromHandFree

    t = face.text
    found: list[tuple[Any, int | None]] = []
    if isinstance(t.spell, tuple) and t.spell and isinstance(t.spell[-1], CastFromHandFree):
        found.append((t.spell[-1], None))
    for i, ab in enumerate(t.activated):
        if ab.effects and isinstance(ab.effects[-1], CastFromHandFree):
            found.append((ab.effects[-1], i))
    if not found:
        return None
    if len(found) > 1 or t.triggered:
        return NotExecutable("the card has several abilities that cast spells or triggered "
                             "abilities the generator does not script")
    eff, idx = found[0]
    if eff.types and not {"Sorcery"} & set(eff.types):
        return NotExecutable(f"it casts only {'/'.join(eff.types)} spells: {X_SPELL} is a "
                             "sorcery")
    if eff.max_mana_value is not None and eff.max_mana_value < X_SPELL_MANA_VALUE:
        return NotExecutable(f"its mana value limit is below {X_SPELL}'s")
    if idx is not None:
        ab = t.activated[idx]
        if any(e.slots for e in ab.effects):
            return NotExecutable("the ability has targets the generator does not script")
        if ab.extra_costs or ab.energy or ab.sorcery_speed or b.mana_pool(ab.cost) is None:
            return NotExecutable("the ability has costs the generator does not script")
    elif b.mana_pool(face.mana_cost, x=X_SPELL_MANA_VALUE) is None or t.additional_costs \
            or (face.has_x and not eff.x_bound):
        return NotExecutable("its cast is not scripted ({X} not bounding the free spell, an "
                             "additional cost or a mana symbol a pool is not written for)")
    return eff, idx


def gen_hand(ctx: Context, face: Any, idx: int | None) -> list[Draft] | NotExecutable:
    """A spell or ability that lets p1 cast Blaze from their hand without paying its mana cost:
    X is 0. A spell whose X bounds the free spell's mana value ("with mana value X or less") is
    cast with X = Blaze's mana value."""
    from conformance.reference.effect_blocks import DamageTargets

    source = "exp"
    targets: list[tuple[str, str | None]] = []
    if idx is None:
        found = b.one_target_each(face.text.spell, _TARGETS)
        if isinstance(found, NotExecutable):
            return found
        targets = found
    mine, theirs = b.objects_for(targets)
    if idx is not None:
        mine = [{"id": source, "card": face.name}]
    hand = [{"id": source, "card": face.name}] if idx is None else []
    x = X_SPELL_MANA_VALUE if face.has_x and idx is None else None
    cost = face.text.activated[idx].cost if idx is not None else face.mana_cost
    p1 = b.player(mana=b.mana_pool(cost, x=x or 0), battlefield=mine,
                  hand=[*hand, {"id": "xspell", "card": X_SPELL}], library=b.islands(3))
    setup = b.game(p1, b.player(battlefield=theirs))
    extra: dict[str, Any] = {"x": x} if x is not None else {}
    first = (b.cast(source, targets=[tid for tid, _ in targets] or None, **extra)
             if idx is None else {"activate": {"player": "p1", "object": source, "ability": idx}})
    damage = 0  # what the spell's own damage does to p2 (its targets: p2 or p2's Bears)
    for e in face.text.spell or () if idx is None else ():
        if isinstance(e, DamageTargets) and len(e.amounts) == 1 and targets[0][0] == "p2":
            damage += e.amounts[0] if e.amounts[0] is not None else (x or 0)
        elif e.slots:
            return NotExecutable("a target effect the generator does not script")
    what = "it resolves" if idx is None else "its ability resolves"
    actions = [
        first,
        b.RESOLVE_TOP,  # p1 may cast a spell from their hand without paying its mana cost
        {"choose": {"choice": "may", "source": source, "accept": True}},
        {"choose": {"choice": "targets", "source": "xspell", "targets": ["p2"]}},
        {"check": {"state": {"stack": [X_SPELL], "zones": {"xspell": "stack"},
                             "objects": {"xspell": {"mana_value": X_SPELL_MANA_VALUE}}}}},
        b.RESOLVE_TOP,  # X_SPELL resolves with X = 0
    ]
    expect = {"events": [{"type": "cast", "object": "xspell"},
                         {"type": "zone_change", "object": "xspell", "from": "stack",
                          "to": "graveyard"}],
              "events_absent": [{"type": "damage", "source": "xspell"}],
              "state": {"life": {"p2": 20 - damage},
                        "zones": {"xspell": "graveyard"}, "stack": []}}
    features = ["priority", "stack", "mana_cost", "optional_effect", "x_spell", "target"]
    if idx is not None:
        features.append("activated_ability")
    return [Draft("x-free-cast", f"As {face.name} {what}, p1 casts {X_SPELL} from their hand "
                  "without paying its mana cost: X is 0 (no X is chosen), its mana value on "
                  "the stack is 1 and it deals no damage", features,
                  sorted({face.name, X_SPELL, b.ISLAND} | {c for _, c in targets if c}),
                  setup, actions, expect,
                  ["107.3b", "608.2g", "202.3e"])]


def gen_x(ctx: Context) -> list[Draft] | NotExecutable:
    """Cascade into an X spell, or cast one from a hand, without paying its mana cost: X is 0."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(ctx.card.name)
    if card is not None and len(card.faces) == 1:
        hand = _hand_free(card.faces[0])
        if isinstance(hand, NotExecutable):
            return hand
        if hand is not None:
            return gen_hand(ctx, card.faces[0], hand[1])
    got = _cascade_card(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, targets = got
    mine, theirs = b.objects_for(targets)
    library = [{"id": "xspell", "card": X_SPELL}, *b.islands(2)]
    p1 = b.player(mana=b.mana_pool(face.mana_cost), battlefield=mine,
                  hand=[{"id": "cas", "card": face.name}], library=library)
    setup = b.game(p1, b.player(battlefield=theirs))
    actions = [
        b.cast("cas", targets=[tid for tid, _ in targets] or None),
        b.RESOLVE_TOP,  # the cascade trigger: X_SPELL exiled, p1 may cast it
        {"choose": {"choice": "may", "source": "cas", "ability": "cascade", "accept": True}},
        {"choose": {"choice": "targets", "source": "xspell", "targets": ["p2"]}},
        {"check": {"state": {"stack": [face.name, X_SPELL], "zones": {"xspell": "stack"},
                             "objects": {"xspell": {"mana_value": X_SPELL_MANA_VALUE}}}}},
        b.RESOLVE_TOP,  # X_SPELL resolves with X = 0
    ]
    expect = {"events": [{"type": "triggered", "source": "cas", "ability": "cascade"},
                         {"type": "zone_change", "object": "xspell", "from": "library",
                          "to": "exile"},
                         {"type": "cast", "object": "xspell"},
                         {"type": "zone_change", "object": "xspell", "from": "stack",
                          "to": "graveyard"}],
              "events_absent": [{"type": "damage", "source": "xspell"}],
              "state": {"life": {"p2": 20}, "zones": {"xspell": "graveyard"},
                        "stack": [face.name]}}
    cards = sorted({face.name, X_SPELL, b.ISLAND} | {c for _, c in targets if c})
    return [Draft("x-free-cast", f"{face.name}'s cascade casts {X_SPELL} without paying its "
                  "mana cost: X is 0 (no X is chosen), its mana value on the stack is 1 and it "
                  "deals no damage", list(FEATURES), cards, setup, actions, expect,
                  ["107.3b", "702.85a", "202.3e"])]


def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    """A suspended card cast by its trigger has its mana cost's mana value on the stack."""
    got = suspend._prepared_cast(ctx)
    if isinstance(got, NotExecutable):
        if isinstance(_cascade_card(ctx.card.name), NotExecutable):
            return got
        return NotExecutable("a card with cascade: the ruling is scripted for suspend only")
    c, targets = got
    if c.face.mana_value == 0:
        return NotExecutable("its mana value is 0: a case can't tell it from a mana value the "
                             "unpaid cost would give")
    actions = [{"remove_counters": {"object": "sus", "counter": "time", "n": 1}},
               b.RESOLVE_TOP, *suspend._cast_choice(targets)]
    # no events: that the trigger casts it is suspend-free's case on this same script (its
    # events would make one case's assertions a subset of the other's); this one checks the
    # mana value of the spell it put on the stack
    expect = {"state": {"stack": [c.name],
                        "objects": {"sus": {"zone": "stack", "mana_value": c.face.mana_value}}}}
    return [Draft("free-cast-mana-value", f"{c.name} cast by its suspend trigger without paying "
                  f"its mana cost ({c.face.mana_cost}) has mana value {c.face.mana_value} on the "
                  "stack", suspend.FEATURES + (["target"] if targets else []),
                  suspend._cards(c, targets),
                  suspend._suspended_setup(c, targets, active="p1", step="precombat_main"),
                  actions, expect, ["202.3", "702.62a"])]


FAMILIES = [
    Family("x-free-cast", "X is 0 for a spell cast without paying its mana cost", ("107.3b",),
           ("x_spell", "cascade"), gen_x,
           en=phrases("you must choose 0 as the value of X when casting it without paying its "
                      "mana cost")),
    Family("free-cast-mana-value", "A spell cast without paying its mana cost keeps its mana "
           "cost's mana value", ("202.3",), tuple(suspend.FEATURES), gen_mana_value,
           en=phrases("The mana value of a spell cast without paying its mana cost is "
                      "determined by its mana cost")),
]
