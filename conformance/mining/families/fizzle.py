""""The target became illegal, so the spell or ability doesn't resolve" rulings (rule 608.2b).

* ``illegal-target-fizzle`` — "If the target creature is an illegal target by the time CARDNAME
  tries to resolve, the spell doesn't resolve ..." and its wordings (several hundred texts, one
  per card: "You won't draw a card", "You don't gain 2 life", ...), for one-face instants,
  sorceries and Auras with a mana cost a pool can pay:

  - one creature target the text reader scripts: p1 casts the card at a Grizzly Bears, p2
    answers with Lightning Bolt at it, the Bears dies, and the card doesn't resolve (none of its
    effects happen: no card is drawn) and goes to its owner's graveyard (an Aura spell never
    enters the battlefield);
  - otherwise every target slot as the reference engine reads it (:mod:`.fizzle_targets`):
    permanents of any kind it reads gain shroud in response and stay untouched, a target spell
    is countered by p2's Cancel; several targets are all made illegal (a ruling about one of
    several is refused: the spell resolves for the others). A decision the spell would need
    (scry, a search) is never reached;
  - a ruling about an ability of a permanent card ("when CARDNAME's last ability tries to
    resolve"; the scry ruling "spells and abilities with one or more targets"): its activated or
    enters ability, all targets gaining shroud, doesn't resolve (:mod:`.fizzle_abilities`);
  - the Aura ruling of a constellation card ("It doesn't enter the battlefield, so constellation
    abilities don't trigger"): p1's Holy Strength at a Bears Bolted in response; the card's
    constellation ability doesn't trigger.

  Mutant: ``illegal_targets_resolve`` (a spell or ability whose targets are all illegal resolves
  anyway, its effects on other things happening).
"""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.corpus import CardInfo, FaceInfo
from conformance.mining.families import fizzle_targets as ft
from conformance.mining.families.fizzle_abilities import gen_ability
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "target"]
RULES = ["608.2b"]


_ABILITY = re.compile(r"(?<!spell or )(?<!spell or an )\bability (?:tries to resolve|doesn't "
                      r"resolve|won't resolve)")
"""A ruling about an ability of the card (not a spell's: "the spell or ability")."""


def gen_fizzle(ctx: Context) -> list[Draft] | NotExecutable:
    """The card, its only target killed in response, doesn't resolve."""
    card = ctx.card
    if _ABILITY.search(ctx.text):  # "when CARDNAME's last ability tries to resolve"
        return gen_ability(card.name, ctx.text)
    face = b.castable_face(card) or _aura_face(card)
    if face is None and re.search(r"\bconstellation\b", ctx.text, re.I):
        return _gen_constellation(card.name)
    if face is None:  # a permanent: the ruling is about one of its abilities
        return gen_ability(card.name, ctx.text)
    mana = b.mana_pool(face.mana_cost)
    if mana is None or not face.mana_cost:
        return NotExecutable("its mana cost is not one a pool can be written for (hybrid, "
                             "Phyrexian, snow or none)")
    spell = b.spell_lines(face)
    if re.search(r"\b(?:split second|cascade|storm|replicate|bestow)\b", spell, re.I):
        return NotExecutable("split second, cascade, storm, replicate or bestow changes what "
                             "the response, the cast or the resolution does")
    if re.search(r"as an additional cost to cast this spell", spell, re.I):
        return NotExecutable("the spell's X, modes, additional costs or casting restriction "
                             "are not scripted")
    aura = face is not b.castable_face(card)
    targets = _aura_targets(spell) if aura else b.scripted_targets(spell)
    if targets is None and not aura and b.decision_needed(spell) is None:
        targets = _reference_targets(card.name)  # the target as the reference engine reads it
    if not aura and (targets is None or len(targets) != 1 or targets[0][1] is None):
        return _gen_planned(card.name, face.mana_cost, spell, ctx.text)
    if targets is None:
        return NotExecutable("the spell's targets, choices or costs are not scripted")
    victim = targets[0][1] if len(targets) == 1 else None
    if victim is None:
        return NotExecutable("the spell has no single creature target to make illegal")
    tid = targets[0][0]
    p1, theirs = b.caster(card.name, "sp", "hand", mana, targets)
    p2 = b.player(mana="{R}", hand=[{"id": "bolt", "card": b.BOLT}], battlefield=theirs)
    setup = b.game(p1, p2)
    b.stock_libraries(setup["players"], b.draws(spell))
    actions = [b.cast("sp", targets=[tid]), {"pass_priority": {"player": "p1"}},
               b.cast("bolt", "p2", targets=[tid]), b.RESOLVE_STACK]
    zones: dict[str, Any] = {"sp": "graveyard", tid: "graveyard", "bolt": "graveyard"}
    zones.update({o["id"]: "library" for p in setup["players"].values()
                  for o in p.get("library", [])})
    absent: list[dict[str, Any]] = [{"type": "resolved", "object": "sp"}]
    if aura:  # it doesn't enter the battlefield, not even for a moment
        absent.append({"type": "zone_change", "object": "sp", "to": "battlefield"})
    expect = {"events": [{"type": "cast", "object": "sp"}, {"type": "cast", "object": "bolt"},
                         {"type": "resolved", "object": "bolt"}],
              "events_absent": absent,
              "state": {"zones": zones, "life": {"p1": 20, "p2": 20}}}
    return [Draft("illegal-target-fizzle", f"{card.name} doesn't resolve when its target "
                  "creature dies in response", FEATURES,
                  [card.name, victim, b.BOLT, b.ISLAND],
                  setup, actions, expect, RULES)]


def _gen_planned(name: str, cost: str, spell: str, ruling: str
                 ) -> list[Draft] | NotExecutable:
    """The spell's targets as the reference engine reads its every slot (any number of slots,
    permanents of any kind it reads, or a spell), all made illegal (:mod:`.fizzle_targets`).
    A decision its effects need (scry, a search) is never reached: the spell doesn't resolve."""
    from conformance.reference.cards import load_cards

    built = load_cards().get(name)
    if built is None:
        return NotExecutable("the reference engine does not build the card (its mutant cannot "
                             "be checked)")
    face = built.faces[0]
    text = face.text
    if face.has_x or not isinstance(text.spell, tuple) or text.additional_costs \
            or re.search(r"cast this spell only", spell, re.I):
        return NotExecutable("the spell's X, modes, additional costs or casting restriction "
                             "are not scripted")
    plan = ft.slot_plan([s for e in text.spell for s in e.slots])
    if isinstance(plan, NotExecutable):
        return plan
    if len(plan.targets) > 1 and re.search(r"\b(?:either|one of the|one target)\b", ruling, re.I):
        return NotExecutable("the ruling is about one of several targets becoming illegal (the "
                             "spell resolves for the others, 608.2b), not all of them")
    mana = b.mana_pool(cost, plan.spell[1] if plan.spell else None)
    hand = [{"id": "sp", "card": name}]
    actions: list[dict[str, Any]] = [b.cast("sp", targets=plan.targets)]
    zones: dict[str, Any] = {"sp": "graveyard"}
    events: list[dict[str, Any]] = [{"type": "cast", "object": "sp"}]
    absent: list[dict[str, Any]] = [{"type": "resolved", "object": "sp"}]
    p2: dict[str, Any] = b.player(battlefield=plan.theirs)
    features = [*FEATURES]
    if plan.spell is not None:  # p1's own spell first, then the card at it, countered by p2
        hand.insert(0, {"id": "vsp", "card": plan.spell[0]})
        actions.insert(0, b.cast("vsp"))
        p2 = b.player(mana="{1}{U}{U}", hand=[{"id": "cancel", "card": ft.CANCEL}])
        zones.update({"vsp": "graveyard", "cancel": "graveyard"})
        events += [{"type": "cast", "object": "cancel"}, {"type": "countered", "object": "vsp"}]
        absent.append({"type": "resolved", "object": "vsp"})
        features.append("counterspell")
    else:
        features.append("keywords")
    if len(plan.targets) > 1:
        features.append("target.multiple")
    p1 = b.player(mana=mana, hand=hand, battlefield=plan.mine, library=b.islands(3))
    setup = b.game(p1, p2)
    b.stock_libraries(setup["players"], b.draws(spell))
    actions += [*plan.illegal(), b.RESOLVE_STACK]
    objects = {}
    for o in plan.mine + plan.theirs:  # untouched: where, whose and as they were
        zones[o["id"]] = "battlefield"
        objects[o["id"]] = {"controller": "p1" if o in plan.mine else "p2",
                            "tapped": bool(o.get("tapped")), "damage": 0, **_pt(o["card"])}
    zones.update({o["id"]: "library" for p in setup["players"].values()
                  for o in p.get("library", [])})
    state: dict[str, Any] = {"zones": zones, "life": {"p1": 20, "p2": 20}}
    if objects:
        state["objects"] = objects
    what = "its target spell is countered" if plan.spell else \
        "its targets gain shroud" if len(plan.targets) > 1 else "its target gains shroud"
    return [Draft("illegal-target-fizzle", f"{name} doesn't resolve when {what} in response",
                  features, list(dict.fromkeys([name, *plan.cards, b.ISLAND])), setup, actions,
                  {"events": events, "events_absent": absent, "state": state}, RULES)]


AURA = "Holy Strength"
"""Enchant creature, {W}: the Aura spell whose target dies in response."""


def _gen_constellation(name: str) -> list[Draft] | NotExecutable:
    """"An Aura spell that has an illegal target when it tries to resolve doesn't resolve ...
    It doesn't enter the battlefield, so constellation abilities don't trigger": the card with
    constellation on p1's battlefield, p1's Holy Strength at p2's Bears, Bolted in response."""
    from conformance.reference.cards import load_cards

    built = load_cards().get(name)
    if built is None:
        return NotExecutable("the reference engine does not build the card (its mutant cannot "
                             "be checked)")
    face = built.faces[0]
    if len(built.faces) != 1 or not {"Creature", "Enchantment", "Artifact", "Land"} \
            & set(face.types) or not any(t.event == "constellation" for t in face.text.triggered):
        return NotExecutable("the card is not a permanent with a constellation ability")
    p1 = b.player(mana="{W}", hand=[{"id": "aura", "card": AURA}],
                  battlefield=[{"id": "con", "card": name}], library=b.islands(3))
    p2 = b.player(mana="{R}", hand=[{"id": "bolt", "card": b.BOLT}],
                  battlefield=[{"id": "bears2", "card": b.BEARS}])
    actions = [b.cast("aura", targets=["bears2"]), {"pass_priority": {"player": "p1"}},
               b.cast("bolt", "p2", targets=["bears2"]), b.RESOLVE_STACK]
    expect = {"events": [{"type": "cast", "object": "aura"}, {"type": "resolved", "object": "bolt"}],
              "events_absent": [{"type": "resolved", "object": "aura"},
                                {"type": "zone_change", "object": "aura", "to": "battlefield"},
                                {"type": "triggered", "source": "con"}],
              "state": {"zones": {"aura": "graveyard", "bears2": "graveyard", "con": "battlefield",
                                  "bolt": "graveyard"}, "life": {"p1": 20, "p2": 20}}}
    return [Draft("illegal-target-fizzle-constellation", f"An Aura spell whose target died "
                  f"doesn't enter the battlefield: {name}'s constellation doesn't trigger",
                  [*FEATURES, "constellation"], [name, AURA, b.BEARS, b.BOLT, b.ISLAND],
                  b.game(p1, p2), actions, expect, RULES)]


def _pt(card: str) -> dict[str, int]:
    """The printed power and toughness of a creature card (none for another card)."""
    from conformance.reference.cards import load_cards

    face = load_cards()[card].faces[0]
    if face.power is None or face.toughness is None:
        return {}
    return {"power": face.power, "toughness": face.toughness}


_SIMPLE_KINDS = {"any": "perm:Creature", "creature": "perm:Creature",
                 "creature_or_planeswalker": "perm:Creature",
                 "creature_you_control": "perm:Creature:you", "artifact": "perm:Artifact",
                 "enchantment": "perm:Enchantment", "land": "perm:Land",
                 "artifact_or_enchantment": "perm:Artifact|Enchantment",
                 "permanent": "perm:any", "nonland_permanent": "perm:nonland"}
_VICTIMS: tuple[tuple[str, set[str], set[str]], ...] = (
    (b.BEARS, {"Creature", "any", "nonland"}, set()),
    ("Wind Drake", {"Creature", "any", "nonland"}, {"flying"}),
    ("Ornithopter", {"Artifact", "Creature", "any", "nonland"}, {"flying"}),
    ("Fang of Shigeki", {"Enchantment", "Creature", "any", "nonland"}, set()),
    ("Dryad Arbor", {"Land", "Creature", "any"}, {"nonbasic"}),
)
"""Creatures Lightning Bolt kills, and the target words each fits (types, qualities beyond
"opp", "you", "nonblack"): a 2/2 Bear, a 2/2 flyer, a 0/2 artifact creature, a 1/1 enchantment
creature, a 1/1 land creature."""


def _reference_targets(name: str) -> list[tuple[str, str | None]] | None:
    """The one target of a card whose spell text the reference engine builds (every line
    understood) with exactly one target slot that one of :data:`_VICTIMS` fits, as the scripted
    target; None otherwise (``scripted_targets`` reads text; this reads the built card)."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None or len(card.faces) != 1 or card.faces[0].has_x:
        return None
    spell = card.faces[0].text.spell
    if not isinstance(spell, tuple):
        return None
    slots = [s for e in spell for s in e.slots]
    if len(slots) != 1 or (slots[0].min, slots[0].max) != (1, 1):
        return None
    kind = _SIMPLE_KINDS.get(slots[0].kind, slots[0].kind)
    zone, types, *qualities = kind.split(":") if ":" in kind else ("", "")
    quals = set(qualities) - {"opp", "you", "nonblack"}
    if zone != "perm" or {"you", "opp"} <= set(qualities):
        return None
    for victim, fits, has in _VICTIMS:
        if set(types.split("|")) & fits and quals <= has:
            return [("tgt1" if "you" in qualities else "tgt2", victim)]
    return None


def _aura_face(card: CardInfo) -> FaceInfo | None:
    """The face of a one-face Aura card cast from a hand."""
    if len(card.faces) != 1 or "Aura" not in card.main.subtypes:
        return None
    return card.main


def _aura_targets(text: str) -> list[tuple[str, str | None]] | None:
    """The target of an Aura spell enchanting a creature ("Enchant creature", "Enchant
    creature you control"), or None for any other enchant ability."""
    m = re.match(r"Enchant (creature(?: you control| an opponent controls)?)(?: |$)", text)
    if not m or re.match(r"Enchant creature (?:card|or|with|without|token)\b", text):
        return None
    return [("bears1", b.BEARS) if m[1].endswith("you control") else ("bears2", b.BEARS)]


FAMILIES = [
    Family("illegal-target-fizzle", "A spell or ability whose targets all became illegal "
           "doesn't resolve",
           tuple(RULES), tuple(FEATURES), gen_fizzle,
           en=phrases("is an illegal target by the time CARDNAME tries to resolve",
                      "is an illegal target by the time CARDNAME resolves",
                      "is an illegal target when CARDNAME tries to resolve",
                      "becomes an illegal target before CARDNAME resolves",
                      "is an illegal target as CARDNAME tries to resolve",
                      "is an illegal target when CARDNAME resolves",
                      "If all of the spell's targets are illegal when the spell tries to "
                      "resolve, it won't resolve",
                      "If all of the spell or ability's targets are illegal when it tries to "
                      "resolve, it won't resolve",
                      "If all of those targets become illegal, the spell doesn't resolve",
                      "if all of those targets become illegal targets, the spell won't resolve",
                      "If that creature leaves the battlefield or otherwise becomes an illegal "
                      "target, the entire spell doesn't resolve",
                      "An Aura spell that has an illegal target when it tries to resolve "
                      "doesn't resolve",
                      "An Aura spell without bestow that has an illegal target when it tries to "
                      "resolve won't resolve",
                      "would enchant is an illegal target by the time the Aura spell resolves",
                      "would enchant is an illegal target by the time CARDNAME",
                      "If the target of an Aura spell is an illegal target as that spell tries "
                      "to resolve, it won't resolve",
                      "becomes an illegal target before a Cartouche spell resolves",
                      "ability tries to resolve, the ability doesn't resolve",
                      "is an illegal target when the ability tries to resolve, it won't resolve")),
]
