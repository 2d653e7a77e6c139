"""Sliver rulings: a static ability granting the creatures of a type (the Slivers) a bonus, for
every creature card the reference engine builds whose only static ability is such a "lord"
line over its own creature type — "All Sliver creatures get +1/+1", "Sliver creatures you
control have flying", "All Slivers have shroud" (:class:`~conformance.reference.abilities.
SubtypeLord`). Another Sliver in the cases is Metallic Sliver (a vanilla 1/1 Sliver).

* ``sliver-cumulative`` — "Abilities that Slivers grant, as well as power/toughness boosts, are
  cumulative": two copies of the card and Metallic Sliver on the battlefield; each of the three
  gets the boost twice (613.4c: each static ability applies). A card granting only keywords
  emits no case (a second instance of a keyword adds nothing, as the ruling itself says).
  Mutant: ``sliver_boosts_not_cumulative`` (a second copy of a lord adds nothing).
* ``sliver-own-type`` — "If the creature type of a Sliver changes so it's no longer a Sliver,
  it will no longer be affected by its own ability. Its ability will continue to affect other
  Sliver creatures": the card loses its creature type (the ``set_subtypes`` action, layer 4);
  it has its printed power, toughness and keywords, while Metallic Sliver still gets the bonus
  (611.3a: the ability affects whatever has the type at each moment). Mutant:
  ``sliver_affects_itself_always`` (a lord always affects itself).

A Sliver granting a quoted activated ability ("All Sliver creatures have \"{2}: CARDNAME gets
+1/+1 until end of turn.\"", :attr:`~conformance.reference.abilities.SubtypeLord.granted`) has
cases of its own when the ability's costs are mana, {T} or sacrificing the permanent and its
targets are scripted: with two copies of the card, Metallic Sliver has two instances of the
ability and activates the second (113.2c: each lord grants one); and once the card is no longer
a Sliver, Metallic Sliver still activates the ability while the card, which no longer has it,
cannot (``illegal_action``).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

OTHER = "Metallic Sliver"
"""A vanilla 1/1 artifact creature Sliver: another Sliver for the cases."""
OTHER_PT = (1, 1)
FEATURES = ["anthem"]


def _lord(name: str) -> tuple[Any, Any] | NotExecutable:
    """The reference engine's face of ``name`` and its one lord ability over its own creature
    type, or why the card is not scripted."""
    from conformance.reference.abilities import SubtypeLord
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1 or "Creature" not in card.faces[0].types:
        return NotExecutable("only one-face creature cards are scripted")
    face = card.faces[0]
    t = face.text
    lords = [s for s in t.statics if isinstance(s, SubtypeLord)]
    if len(lords) != 1 or len(t.statics) != 1:
        return NotExecutable("its text has not exactly one ability granting the creatures of "
                             "a type a bonus (and no other static ability)")
    lord = lords[0]
    if not lord.subtype or lord.subtype not in face.subtypes or lord.other:
        return NotExecutable("its ability does not affect the card itself as one of its own "
                             "creature type")
    if t.triggered or t.activated:
        return NotExecutable("the card has triggered or activated abilities")
    if face.power is None or face.toughness is None or OTHER not in load_cards():
        return NotExecutable("no power/toughness, or the reference engine lacks "
                             f"{OTHER}")
    return face, lord


def _boosted(power: int, toughness: int, lord: Any, times: int) -> dict[str, int]:
    return {"power": power + times * lord.power, "toughness": toughness + times * lord.toughness}


_TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "permanent": ("bears2", b.BEARS),
    "perm:any": ("bears2", b.BEARS),
}


def _granted(lord: Any) -> tuple[Any, list[tuple[str, str | None]]] | NotExecutable:
    """The one activated ability a lord grants and its scripted targets, or why not."""
    g = lord.granted
    if g.triggered or len(g.activated) != 1:
        return NotExecutable("it grants other than one activated ability")
    ab = g.activated[0]
    if ab.produces is not None or ab.extra_costs or ab.energy or ab.once_each_turn \
            or b.mana_pool(ab.cost) is None:
        return NotExecutable("the ability it grants is a mana ability or costs other than "
                             "mana, {T} and sacrificing the permanent")
    targets = b.one_target_each(ab.effects, _TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    return ab, targets


def _activate(oid: str, idx: int, targets: list[tuple[str, str | None]]) -> dict[str, Any]:
    body: dict[str, Any] = {"player": "p1", "object": oid, "ability": idx}
    if targets:
        body["targets"] = [tid for tid, _ in targets]
    return {"activate": body}


def _granted_state(ab: Any, oid: str) -> dict[str, Any]:
    """What resolving the granted ability ``ab`` of Metallic Sliver (``oid``) shows."""
    from conformance.mining.families.landfall import observe
    from conformance.reference.cards import load_cards

    if ab.sacrifice_self:
        return {"zones": {oid: "graveyard"}}
    shows = observe(load_cards()[OTHER].faces[0], ab.effects[0], oid) \
        if len(ab.effects) == 1 and not ab.effects[0].slots else None
    return shows or {"objects": {oid: {"zone": "battlefield"}}}


def _granted_cumulative(face: Any, lord: Any) -> list[Draft] | NotExecutable:
    got = _granted(lord)
    if isinstance(got, NotExecutable):
        return got
    ab, targets = got
    mine, theirs = b.objects_for(targets)
    p1 = b.player(mana=b.mana_pool(ab.cost), battlefield=[
        {"id": "sliver1", "card": face.name}, {"id": "sliver2", "card": face.name},
        {"id": "metallic", "card": OTHER}, *mine], library=b.islands(2))
    features = FEATURES + ["activated_ability"] + (["target"] if targets else [])
    return [Draft("sliver-cumulative", f"Two {face.name}s: {OTHER} has two instances of the "
                  "ability they grant and activates the second", features,
                  sorted({face.name, OTHER, b.ISLAND} | {c for _, c in targets if c}),
                  b.game(p1, b.player(battlefield=theirs)),
                  [_activate("metallic", 1, targets), b.RESOLVE_TOP],
                  {"events": [{"type": "put_on_stack", "source": "metallic",
                               "ability": "activated_1"}],
                   "state": {**_granted_state(ab, "metallic"), "stack": []}},
                  ["113.2c", "611.3a"])]


def _granted_own_type(face: Any, lord: Any) -> list[Draft] | NotExecutable:
    got = _granted(lord)
    if isinstance(got, NotExecutable):
        return got
    ab, targets = got
    if face.text.activated:
        return NotExecutable("the card has activated abilities of its own")
    # the card's own attempt names other objects: Metallic Sliver's may have removed its own
    again: list[tuple[str, str | None]] = [(tid[:-1] + "3", card) if card else (tid, card)
                                           for tid, card in targets]
    mine, theirs = b.objects_for(targets + again)
    p1 = b.player(mana=b.mana_pool(ab.cost, ab.cost), battlefield=[
        {"id": "sliver", "card": face.name}, {"id": "metallic", "card": OTHER}, *mine],
        library=b.islands(2))
    state = _granted_state(ab, "metallic")
    state["objects"] = {**state.get("objects", {}),
                        "sliver": {"subtypes": [s for s in face.subtypes if s != lord.subtype],
                                   "zone": "battlefield"}}
    features = FEATURES + ["type_change", "activated_ability"] + (["target"] if targets else [])
    return [Draft("sliver-own-type", f"{face.name} is no longer a {lord.subtype}: {OTHER} still "
                  "has the ability it grants, the card no longer does", features,
                  sorted({face.name, OTHER, b.ISLAND} | {c for _, c in targets if c}),
                  b.game(p1, b.player(battlefield=theirs)),
                  [{"set_subtypes": {"object": "sliver", "remove": [lord.subtype]}},
                   _activate("metallic", 0, targets), b.RESOLVE_TOP,
                   _activate("sliver", 0, again)],
                  {"error": {"kind": "illegal_action", "action": 3}, "state": state},
                  ["611.3a", "613.1d"])]


def gen_cumulative(ctx: Context) -> list[Draft] | NotExecutable:
    """Two copies of the card: each Sliver gets both bonuses."""
    found = _lord(ctx.card.name)
    if isinstance(found, NotExecutable):
        return found
    face, lord = found
    if lord.granted is not None:
        return _granted_cumulative(face, lord)
    if not (lord.power or lord.toughness):
        return NotExecutable("the card grants keywords only: a second instance of a keyword "
                             "adds nothing a case can observe (the ruling's own exception)")
    p1 = b.player(battlefield=[{"id": "sliver1", "card": face.name},
                               {"id": "sliver2", "card": face.name},
                               {"id": "metallic", "card": OTHER}])
    objects = {"sliver1": _boosted(face.power, face.toughness, lord, 2),
               "sliver2": _boosted(face.power, face.toughness, lord, 2),
               "metallic": _boosted(*OTHER_PT, lord, 2)}
    bonus = f"{lord.power:+d}/{lord.toughness:+d}"
    return [Draft("sliver-cumulative", f"Two {face.name}s: each Sliver gets {bonus} twice",
                  FEATURES, sorted({face.name, OTHER}), b.game(p1, b.player()), [],
                  {"state": {"objects": objects}}, ["613.4c", "611.3a"])]


def gen_own_type(ctx: Context) -> list[Draft] | NotExecutable:
    """The card stops being of its type: its own ability no longer affects it, but still
    affects another creature of the type."""
    found = _lord(ctx.card.name)
    if isinstance(found, NotExecutable):
        return found
    face, lord = found
    if lord.granted is not None:
        return _granted_own_type(face, lord)
    printed = sorted(face.text.keywords)
    if not (lord.power or lord.toughness) and set(lord.keywords) <= set(printed):
        return NotExecutable("the card has printed every keyword it grants and grants no "
                             "boost: losing its own bonus would change nothing observable")
    p1 = b.player(battlefield=[{"id": "sliver", "card": face.name},
                               {"id": "metallic", "card": OTHER}])
    itself = {"subtypes": [s for s in face.subtypes if s != lord.subtype],
              "power": face.power, "toughness": face.toughness, "keywords": printed}
    other = {"subtypes": [lord.subtype], **_boosted(*OTHER_PT, lord, 1),
             "keywords": sorted(lord.keywords)}
    return [Draft("sliver-own-type", f"{face.name} is no longer a {lord.subtype}: its own "
                  f"ability no longer affects it, but still affects {OTHER}",
                  FEATURES + ["type_change"], sorted({face.name, OTHER}),
                  b.game(p1, b.player()),
                  [{"set_subtypes": {"object": "sliver", "remove": [lord.subtype]}}],
                  {"state": {"objects": {"sliver": itself, "metallic": other}}},
                  ["611.3a", "613.1d"])]


FAMILIES = [
    Family("sliver-cumulative", "Bonuses that Slivers grant are cumulative",
           ("613.4c", "611.3a"), tuple(FEATURES), gen_cumulative,
           en=phrases("Abilities that Slivers grant, as well as power/toughness boosts, are "
                      "cumulative")),
    Family("sliver-own-type", "A Sliver that is no longer a Sliver is not affected by its own "
           "ability, which still affects other Slivers", ("611.3a", "613.1d"),
           (*FEATURES, "type_change"), gen_own_type,
           en=phrases("so it's no longer a Sliver, it will no longer be affected by its own "
                      "ability")),
]
