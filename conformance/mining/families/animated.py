"""Permanents that turn into creatures and summoning sickness (rule 302.6): "A noncreature
permanent that turns into a creature can attack, and its {T} abilities can be activated, only if
its controller has continuously controlled that permanent since the beginning of their most
recent turn. It doesn't matter how long the permanent has been a creature." For every
noncreature permanent card the reference engine builds with one activated ability that turns
it into a creature ("CARDNAME becomes a 2/1 blue Faerie creature with flying until end of turn.
It's still a land.": manlands, animated artifacts and enchantments;
:class:`~conformance.reference.animation_text.AnimateSelf`), paid from the mana pool.

One family, ``animated-summoning-sick``, three cases per card (p1's turn 3, precombat main):

* ``animated-summoning-sick`` — the permanent came under p1's control this turn (the setup's
  ``summoning_sick: true``); p1 animates it, goes to the declare attackers step and declares it
  as an attacker: refused (``illegal_action``).
* ``animated-summoning-sick-tap`` (a card with a "{T}: Add ..." ability): animated the turn it
  came under p1's control, its {T} mana ability can't be activated (refused).
* ``animated-summoning-sick-controlled`` — the same permanent, controlled since the turn began
  (not summoning sick), becomes a creature this turn and attacks.

Mutants: ``animated_ignores_summoning_sickness`` (summoning sickness binds only permanents
printed as creatures; the family's mutant, killed by the first two cases) and
``animated_permanent_sick`` (a permanent that became a creature is sick however long it was
controlled; killed by the third).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["animation", "activated_ability", "combat.declare", "turn_structure"]
RULES = ["302.6", "508.1a"]


def _animator(name: str) -> tuple[Any, int, Any, str] | NotExecutable:
    """The reference engine's face of ``name``, the index of its one ability that animates it,
    that ability's animation and the mana pool paying its cost; or why not scripted."""
    from conformance.reference.animation_text import AnimateSelf
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    if "Creature" in face.types or not {"Artifact", "Enchantment", "Land"} & set(face.types):
        return NotExecutable("not a noncreature permanent card")
    t = face.text
    found = [(i, ab) for i, ab in enumerate(t.activated)
             if any(isinstance(e, AnimateSelf) for e in ab.effects)]
    if len(found) != 1:
        return NotExecutable("the card has not exactly one activated ability turning it into "
                             "a creature")
    idx, ab = found[0]
    anim = ab.effects[0] if len(ab.effects) == 1 else None
    if not isinstance(anim, AnimateSelf) or ab.tap or ab.extra_costs or ab.sacrifice_self or ab.energy:
        return NotExecutable("its animating ability has other effects or costs than mana")
    if t.triggered or t.restrictions:
        return NotExecutable("the card has triggered abilities or attack restrictions")
    if {"haste", "defender"} & (set(anim.keywords) | set(t.keywords)):
        return NotExecutable("as a creature it has haste or defender: summoning sickness does "
                             "not decide whether it attacks")
    pool = b.mana_pool(ab.cost)
    if pool is None or not ab.cost:
        return NotExecutable("its animating ability's cost is not one a mana pool pays")
    return face, idx, anim, pool


def _setup(face: Any, pool: str, sick: bool) -> dict[str, Any]:
    perm: dict[str, Any] = {"id": "perm", "card": face.name}
    if sick:
        perm["summoning_sick"] = True
    p1 = b.player(mana=pool, battlefield=[perm])
    return b.game(p1, b.player())


def _animate(idx: int) -> list[dict[str, Any]]:
    return [{"activate": {"player": "p1", "object": "perm", "ability": idx}}, b.RESOLVE_TOP]


_ATTACK: list[dict[str, Any]] = [{"advance": {"to": "declare_attackers"}},
           {"declare_attackers": {"player": "p1", "attackers": {"perm": "p2"}}}]


def _types(face: Any, anim: Any) -> list[str]:
    return list(face.types) + [t for t in anim.types if t not in face.types]


def _target_cases(name: str) -> list[Draft] | NotExecutable | None:
    """The cases of a card animating a target land (:mod:`.animated_targets`), or None when
    the card animates none."""
    from conformance.mining.families.animated_targets import target_cases
    from conformance.reference.abilities import LandsAreCreatures
    from conformance.reference.animation_text import AnimateTarget
    from conformance.reference.cards import load_cards
    from conformance.reference.lands_animated import AnimateLands

    card = load_cards().get(name)
    if card is None or len(card.faces) != 1:
        return None
    t = card.faces[0].text
    effects = [*(t.spell if isinstance(t.spell, tuple) else ()),
               *(e for ab in t.activated for e in ab.effects)]
    if not any(isinstance(e, (AnimateTarget, AnimateLands)) for e in effects) and not any(
            isinstance(s, LandsAreCreatures) for s in t.statics):
        return None
    return target_cases(card.faces[0], FEATURES, RULES, _ATTACK)


def gen_animated(ctx: Context) -> list[Draft] | NotExecutable:
    """Animated the turn it came under p1's control: it can't attack, nor {T}; animated a turn
    later, it can attack."""
    found = _animator(ctx.card.name)
    if isinstance(found, NotExecutable):
        return _target_cases(ctx.card.name) or found
    face, idx, anim, pool = found
    name = face.name
    types = _types(face, anim)
    out = [Draft("animated-summoning-sick", f"{name} came under p1's control this turn and "
                 "becomes a creature: it can't attack", FEATURES, [name],
                 _setup(face, pool, True), _animate(idx) + _ATTACK,
                 {"error": {"kind": "illegal_action", "action": 3},
                  "state": {"objects": {"perm": {"types": types, "attacking": None}}}},
                 RULES)]
    taps = [i for i, ab in enumerate(face.text.activated)
            if ab.tap and ab.produces is not None and not ab.cost and not ab.extra_costs
            and not ab.sacrifice_self and not ab.energy]
    if taps:
        out.append(Draft("animated-summoning-sick-tap", f"{name} came under p1's control this "
                         "turn and becomes a creature: its {T} mana ability can't be activated",
                         FEATURES + ["mana_ability"], [name], _setup(face, pool, True),
                         _animate(idx) + [{"activate": {"player": "p1", "object": "perm",
                                                        "ability": taps[0]}}],
                         {"error": {"kind": "illegal_action", "action": 2},
                          "state": {"objects": {"perm": {"types": types, "tapped": False}}}},
                         ["302.6"]))
    vigilance = "vigilance" in set(anim.keywords) | set(face.text.keywords)
    out.append(Draft("animated-summoning-sick-controlled", f"{name}, controlled since the turn "
                     "began, becomes a creature this turn: it can attack", FEATURES, [name],
                     _setup(face, pool, False), _animate(idx) + _ATTACK,
                     {"state": {"objects": {"perm": {"types": types, "attacking": "p2",
                                                     "tapped": not vigilance}}}},
                     RULES))
    return out


FAMILIES = [
    Family("animated-summoning-sick", "A permanent that turns into a creature can attack and "
           "{T} only if controlled since its controller's turn began",
           tuple(RULES), tuple(FEATURES), gen_animated,
           en=phrases("A noncreature permanent that turns into a creature can attack, and its "
                      "{T} abilities can be activated, only if its controller has continuously "
                      "controlled that permanent since the beginning of their most recent turn")),
]
