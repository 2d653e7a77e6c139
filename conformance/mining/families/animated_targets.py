"""The ``animated-summoning-sick`` cases of the cards that turn a target land into a creature
("Target land becomes a 3/3 creature until end of turn. It's still a land.",
:class:`~conformance.reference.animation_text.AnimateTarget`): an instant or sorcery, or a
permanent's one activated ability whose costs are mana, {T} and sacrificing it. p1's land (a
basic Forest, a Snow-Covered Forest for "target snow land", the basic of a "target Forest") is
animated (or is a creature by a static ability of the card: "All Forests are 1/1 creatures that
are still lands.", or by its spell: "All lands become 2/2 creatures until end of turn. They're
still lands.", :mod:`conformance.reference.lands_animated`), then:

* it came under p1's control this turn (``summoning_sick: true``): it can't attack, and its {T}
  mana ability can't be activated (two cases);
* p1 has controlled it since the turn began: it attacks.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Draft, NotExecutable

_LANDS = {"land": "Forest", "perm:Land:snow": "Snow-Covered Forest",
          **{f"perm:Land:sub={t}": t for t in ("Plains", "Island", "Swamp", "Mountain",
                                               "Forest")}}


def _animator(face: Any) -> tuple[Any, list[dict[str, Any]], dict[str, Any]] | NotExecutable:
    """(the animation, p1's source objects and hand, the action animating the land ``perm``
    with the pool), or why the card is not scripted."""
    from conformance.reference.abilities import LandsAreCreatures
    from conformance.reference.animation_text import AnimateTarget
    from conformance.reference.lands_animated import AnimateLands

    t = face.text
    spell = t.spell if isinstance(t.spell, tuple) else ()
    groups = [s for s in t.statics if isinstance(s, LandsAreCreatures)]
    if groups and not spell and not t.activated and not t.triggered:
        if len(groups) != 1:
            return NotExecutable("the card makes more than one group of lands creatures")
        return groups[0], [{"id": "src", "card": face.name}], {"hand": [], "mana": "",
                                                              "action": None}
    one_shot = [e for e in spell if isinstance(e, AnimateLands)]
    if one_shot and len(spell) == 1 and not (t.additional_costs or t.kicker or face.has_x):
        pool = b.mana_pool(face.mana_cost)
        if pool is None:
            return NotExecutable("its mana cost is not one a pool is written for")
        return one_shot[0].group, [], {"hand": [{"id": "anim", "card": face.name}], "mana": pool,
                                       "action": b.cast("anim")}
    if spell:
        anims = [e for e in spell if isinstance(e, AnimateTarget)]
        if len(anims) != 1 or any(e.slots for e in spell if e is not anims[0]) \
                or t.additional_costs or t.kicker or face.has_x:
            return NotExecutable("its spell has other targets or costs than the land it "
                                 "animates")
        pool = b.mana_pool(face.mana_cost)
        if pool is None:
            return NotExecutable("its mana cost is not one a pool is written for")
        return anims[0], [], {"hand": [{"id": "anim", "card": face.name}], "mana": pool,
                              "action": b.cast("anim", targets=["perm"])}
    found = [(i, ab) for i, ab in enumerate(t.activated)
             if any(isinstance(e, AnimateTarget) for e in ab.effects)]
    if len(found) != 1 or len(found[0][1].effects) != 1:
        return NotExecutable("the card has not exactly one ability animating a target land "
                             "(with no other effect)")
    idx, ab = found[0]
    pool = b.mana_pool(ab.cost)
    if ab.extra_costs or ab.energy or pool is None:
        return NotExecutable("its animating ability costs other than mana, {T} and "
                             "sacrificing the permanent")
    return ab.effects[0], [{"id": "src", "card": face.name}], {
        "hand": [], "mana": pool,
        "action": {"activate": {"player": "p1", "object": "src", "ability": idx,
                                "targets": ["perm"]}}}


def target_cases(face: Any, features: list[str], rules: list[str],
                 attack: list[dict[str, Any]]) -> list[Draft] | NotExecutable:
    """The three cases of a card animating a target land (``attack``: the actions going to
    the declare attackers step and declaring the land an attacker)."""
    got = _animator(face)
    if isinstance(got, NotExecutable):
        return got
    anim, sources, how = got
    if hasattr(anim, "kind"):  # a target land
        land = _LANDS.get(anim.kind)
        if land is None:
            return NotExecutable(f"no land the generator sets up fits its target ({anim.kind})")
        a = anim.animation
        if {"haste", "defender"} & set(a.keywords):
            return NotExecutable("as a creature it has haste or defender: summoning sickness "
                                 "does not decide whether it attacks")
        types = ["Land"] + [t for t in a.types if t != "Land"]
        vigilance = "vigilance" in a.keywords
    else:  # a group of lands: one of the group
        land, types, vigilance = anim.subtype or "Forest", ["Land", "Creature"], False
    name = face.name

    def setup(sick: bool) -> dict[str, Any]:
        lnd: dict[str, Any] = {"id": "perm", "card": land}
        if sick:
            lnd["summoning_sick"] = True
        return b.game(b.player(mana=how["mana"], battlefield=[lnd, *sources],
                               hand=how["hand"], library=b.islands(2)), b.player())

    animate = [how["action"], b.RESOLVE_TOP] if how["action"] else []
    n = len(animate)
    cards = sorted({name, land, b.ISLAND})
    feats = features + (["target"] if hasattr(anim, "kind") else [])
    return [
        Draft("animated-summoning-sick", f"{name} turns p1's {land}, which came under p1's "
              "control this turn, into a creature: it can't attack", feats, cards, setup(True),
              animate + attack, {"error": {"kind": "illegal_action", "action": n + 1},
                                 "state": {"objects": {"perm": {"types": types,
                                                                "attacking": None}}}}, rules),
        Draft("animated-summoning-sick-tap", f"{name} turns p1's {land}, which came under "
              "p1's control this turn, into a creature: its {T} mana ability can't be "
              "activated", feats + ["mana_ability"], cards, setup(True),
              animate + [{"activate": {"player": "p1", "object": "perm", "ability": 0}}],
              {"error": {"kind": "illegal_action", "action": n},
               "state": {"objects": {"perm": {"types": types, "tapped": False}}}}, ["302.6"]),
        Draft("animated-summoning-sick-controlled", f"{name} turns p1's {land}, controlled "
              "since the turn began, into a creature: it can attack", feats, cards,
              setup(False), animate + attack,
              {"state": {"objects": {"perm": {"types": types, "attacking": "p2",
                                              "tapped": not vigilance}}}}, rules),
    ]
