"""Additional-cost rulings (rules 601.2b, 601.2h, 118.8: an additional cost "sacrifice a
creature" is paid exactly, as the spell is cast), for every instant or sorcery the reference
engine builds whose one additional cost is sacrificing one creature or artifact or exiling one
card from its controller's graveyard (protocol 2 ``costs``), whose targets the generator scripts.
Nothing resolves: the cases look at the cast, so no decision is left to script.

* ``sacrifice-exactly-one`` — "You must sacrifice exactly one creature to cast this spell; you
  cannot cast it without sacrificing a creature, and you cannot sacrifice additional creatures":
  p1 controls two creatures; casting the card naming none for the sacrifice is refused
  (``illegal_action``), and so is naming both (two cases); the card stays in hand and the
  creatures on the battlefield. Mutant: ``sacrifice_count_unchecked`` (any number of
  permanents, none included, pays a sacrifice cost).
* ``costs-paid-before-responses`` — "Players can only respond once this spell has been cast and
  all its costs have been paid. No one can try to destroy the creature you sacrificed to prevent
  you from casting this spell": casting the card sacrifices (or exiles) the object before the
  spell becomes cast (601.2h before 601.2i), so it is gone while the spell waits on the stack.
  Mutant: ``additional_cost_skipped`` (the sacrificed permanent stays on the battlefield).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

_PAYERS = {"creature": b.BEARS, "artifact": "Ornithopter", "card": b.BEARS}
"""What pays a cost of each kind of object (a card in the graveyard for ``exile``)."""
_TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "creature_or_planeswalker": ("bears2", b.BEARS),
    "perm:Creature:nonblack": ("bears2", b.BEARS),
}
FEATURES = ["priority", "stack", "mana_cost", "additional_cost"]


def _scene(name: str) -> tuple[Any, Any, dict[str, Any], dict[str, Any], dict[str, Any],
                               list[str]] | NotExecutable:
    """(the face, its cost part, p1's setup without the payers, p2's, the cast action, the
    features), or why the card is not scripted."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    t = face.text
    if not {"Instant", "Sorcery"} & set(face.types):
        return NotExecutable("only instants and sorceries are scripted")
    if t.kicker or face.has_x or t.flashback or t.escape or t.overload:
        return NotExecutable("the card has a kicker, {X} or an alternative cost the generator "
                             "does not choose")
    parts = t.additional_costs
    if len(parts) != 1 or parts[0].n != 1 or parts[0].what not in _PAYERS \
            or parts[0].kind not in ("sacrifice", "exile") \
            or (parts[0].kind == "exile") != (parts[0].what == "card"):
        return NotExecutable("its additional cost is not one sacrifice of a creature or an "
                             "artifact, or one card exiled from a graveyard")
    spell = t.spell if isinstance(t.spell, tuple) else None
    if spell is None:
        return NotExecutable("it is a modal spell: the generator does not choose modes")
    targets = b.one_target_each(spell, _TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    pool = b.mana_pool(face.mana_cost)
    if pool is None:
        return NotExecutable(f"its mana cost {face.mana_cost} has a symbol a pool is not "
                             "written for")
    mine, theirs = b.objects_for(targets)
    p1 = {"mana": pool, "hand": [{"id": "card", "card": face.name}], "battlefield": mine}
    tids = [tid for tid, _ in targets]
    features = FEATURES + (["target"] if targets else [])
    return face, parts[0], p1, {"battlefield": theirs}, b.cast("card", targets=tids or None), \
        features


def _cards(setup: dict[str, Any]) -> list[str]:
    return sorted({o["card"] for pl in setup["players"].values() for z in pl.values()
                   if isinstance(z, list) for o in z})


def _with_costs(cast: dict[str, Any], kind: str, ids: list[str]) -> dict[str, Any]:
    return {"cast": {**cast["cast"], "costs": {kind: ids}}}


def gen_exactly_one(ctx: Context) -> list[Draft] | NotExecutable:
    """Casting the card without the sacrifice, or with two, is refused."""
    got = _scene(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, part, p1, p2, cast, features = got
    if part.kind != "sacrifice" or part.what != "creature":
        return NotExecutable("its additional cost is not sacrificing a creature")
    payers = [{"id": "sac1", "card": b.BEARS}, {"id": "sac2", "card": b.BEARS}]
    setup = b.game(b.player(**{**p1, "battlefield": payers + p1["battlefield"]}),
                   b.player(**p2))
    unchanged = {"zones": {"card": "hand", "sac1": "battlefield", "sac2": "battlefield"},
                 "stack": []}
    expect = {"error": {"kind": "illegal_action", "action": 0}, "state": unchanged}
    out = []
    for slug, ids, what in (("none", [], "sacrificing no creature"),
                            ("two", ["sac1", "sac2"], "sacrificing two creatures")):
        out.append(Draft(f"sacrifice-exactly-one-{slug}", f"Casting {face.name} {what} is "
                         "refused: its additional cost is exactly one creature", features,
                         _cards(setup), setup,
                         [_with_costs(cast, "sacrifice", ids) if ids else cast], expect,
                         ["601.2b", "601.2h", "118.8"]))
    return out


def gen_paid_first(ctx: Context) -> list[Draft] | NotExecutable:
    """The sacrificed (or exiled) object is gone as soon as the spell is cast."""
    got = _scene(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, part, p1, p2, cast, features = got
    payer = {"id": "sac1", "card": _PAYERS[part.what]}
    if part.kind == "exile":
        p1 = {**p1, "graveyard": [payer]}
        gone, event = "exile", {"type": "zone_change", "object": "sac1", "to": "exile"}
    else:
        p1 = {**p1, "battlefield": [payer, *p1["battlefield"]]}
        gone, event = "graveyard", {"type": "sacrificed", "object": "sac1"}
    setup = b.game(b.player(**p1), b.player(**p2))
    return [Draft("costs-paid-before-responses", f"Casting {face.name} {part.kind}s "
                  f"{payer['card']} before the spell is cast: it is gone while {face.name} "
                  "waits on the stack", features, _cards(setup), setup,
                  [_with_costs(cast, part.kind, ["sac1"])],
                  {"events": [event, {"type": "cast", "object": "card"}],
                   "state": {"zones": {"sac1": gone, "card": "stack"},
                             "players": {"p1": {"mana": ""}}}}, ["601.2h", "601.2i"])]


FAMILIES = [
    Family("sacrifice-exactly-one", "An additional cost of sacrificing a creature is exactly one "
           "creature", ("601.2b", "601.2h", "118.8"), tuple(FEATURES), gen_exactly_one,
           en=phrases("You must sacrifice exactly one creature to cast this spell")),
    Family("costs-paid-before-responses", "Additional costs are paid as the spell is cast, "
           "before any player can respond", ("601.2h", "601.2i"), tuple(FEATURES),
           gen_paid_first,
           en=phrases("Players can only respond once this spell has been cast and all its costs "
                      "have been paid")),
]
