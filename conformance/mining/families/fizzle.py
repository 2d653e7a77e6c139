""""The target became illegal, so the spell doesn't resolve" rulings (rule 608.2b), for every
one-face instant or sorcery card whose spell text has exactly one scripted creature target, and
every one-face Aura card (without bestow) enchanting a creature, with a mana cost a pool can pay.

* ``illegal-target-fizzle`` — "If the target creature is an illegal target by the time CARDNAME
  tries to resolve, the spell doesn't resolve ..." and its wordings (several hundred texts, one
  per card: "You won't draw a card", "You don't gain 2 life", ...): p1 casts the card at a
  Grizzly Bears, p2 answers with Lightning Bolt at that Bears, the Bears dies, and the card
  doesn't resolve (none of its effects happen: no card is drawn) and goes to its owner's
  graveyard (an Aura spell never enters the battlefield: "An Aura spell that has an illegal
  target when it tries to resolve doesn't resolve ..."). Mutant: ``illegal_targets_resolve`` (a spell whose only target is illegal resolves
  anyway, its effects on other things happening).
"""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.corpus import CardInfo, FaceInfo
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "target"]
RULES = ["608.2b"]


def gen_fizzle(ctx: Context) -> list[Draft] | NotExecutable:
    """The card, its only target killed in response, doesn't resolve."""
    card = ctx.card
    face = b.castable_face(card) or _aura_face(card)
    if face is None:
        return NotExecutable("only one-face instant, sorcery and Aura cards are scripted (the "
                             "ruling is about an ability or another permanent spell)")
    mana = b.mana_pool(face.mana_cost)
    if mana is None or not face.mana_cost:
        return NotExecutable("its mana cost is not one a pool can be written for (hybrid, "
                             "Phyrexian, snow or none)")
    spell = b.spell_lines(face)
    if re.search(r"\b(?:split second|cascade|storm|replicate|bestow)\b", spell, re.I):
        return NotExecutable("split second, cascade, storm, replicate or bestow changes what "
                             "the response, the cast or the resolution does")
    aura = face is not b.castable_face(card)
    targets = _aura_targets(spell) if aura else b.scripted_targets(spell)
    if targets is None and not aura and b.decision_needed(spell) is None:
        targets = _reference_targets(card.name)  # the target as the reference engine reads it
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
    Family("illegal-target-fizzle", "A spell whose only target became illegal doesn't resolve",
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
                      "becomes an illegal target before a Cartouche spell resolves")),
]
