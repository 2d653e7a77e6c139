"""Library search rulings (rule 701.19b: "If a player is instructed to search a zone for cards
with a stated quality, such as a card with a certain card type or color, that player isn't
required to find some or all of those cards even if they're present in that zone"), for every
card the reference engine builds whose one search, for cards with a stated quality and not "up
to" N, the generator reaches without another decision: an instant or sorcery (its additional
cost of sacrificing a creature or an artifact paid, its targets scripted) or a creature whose
only ability is an enters search, or "you may search" (cast, then its trigger resolves; the
``may`` choice accepted).

* ``search-may-fail`` — "Because the "search" requires you to find a card with certain
  characteristics, you don't have to find the card if you don't want to": p1's library holds one
  card the search could find; p1 answers the search's ``cards`` choice with none, and the card
  stays in the library. Mutant: ``search_must_find`` (a search for cards with a stated quality
  must find one when the library holds one).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_BY_TYPE = {("Creature",): b.BEARS, ("Artifact",): "Ornithopter", ("Land",): "Forest"}
"""A library card a search for a card of these types finds."""
_BY_SUBTYPE = {"Goblin": "Goblin Piker"}
"""A library card a search for a card of this (non-land) subtype finds."""
_SACRIFICE = {"creature": b.BEARS, "artifact": "Ornithopter"}
_TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "land": ("land2", "Forest"),
}
FEATURES = ["priority", "stack", "mana_cost", "search_library"]
RULES = ["701.19b"]


def _findable(flt: Any) -> str | None:
    """A card the search ``flt`` finds (a basic land for land types), or None."""
    if flt.subtypes:
        if len(flt.subtypes) == 1 and flt.subtypes[0] in BASICS and set(flt.types) <= {"Land"}:
            return str(flt.subtypes[0])
        return _BY_SUBTYPE.get(flt.subtypes[0]) if len(flt.subtypes) == 1 and not flt.types \
            else None
    return _BY_TYPE.get(tuple(flt.types))


def _scene(name: str) -> tuple[Any, dict[str, Any], dict[str, Any], list[dict[str, Any]],
                               list[str], str] | NotExecutable:
    """(the search, p1's setup, p2's, the actions up to the search choice, features, the card
    the library holds for it), or why the card is not scripted."""
    from conformance.reference import effect_blocks as o
    from conformance.reference import oracle_library as lib
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    t = face.text
    spell = t.spell if isinstance(t.spell, tuple) else ()
    if t.spell is not None and not spell:
        return NotExecutable("it is a modal spell: the generator does not choose modes")
    pool = b.mana_pool(face.mana_cost)
    if not pool or face.has_x:
        return NotExecutable(f"its mana cost {face.mana_cost} is not one a pool is written for")
    if spell:
        effects = list(spell)
        if t.triggered or t.activated or t.statics:
            return NotExecutable("the card has abilities besides its spell")
    else:
        if "Creature" not in face.types or t.activated or t.statics or len(t.triggered) != 1 \
                or t.triggered[0].event != "enters":
            return NotExecutable("its search is not one the generator reaches (a spell's, or a "
                                 "creature's lone enters ability)")
        effects = list(t.triggered[0].effects)
    may = len(effects) == 1 and isinstance(effects[0], o.May)
    if may and isinstance(effects[0], o.May):  # "you may search ...": accepted, nothing found
        effects = list(effects[0].effects)
    searches = [e for e in effects if isinstance(e, lib.SearchLibrary)]
    if len(searches) != 1 or len(effects) > 2:
        return NotExecutable("its search is not the one search among at most two effects")
    search = searches[0]
    if search.whose != "you":
        return NotExecutable("the search is of an opponent's library")
    if search.up_to or not search.filter.has_quality:
        return NotExecutable("the search is for \"up to\" N cards or for any card: finding "
                             "none is not the point of the ruling there")
    found = _findable(search.filter)
    if found is None:
        return NotExecutable("no card the generator puts in the library matches the search")
    others = [e for e in effects if e is not search]
    if any(type(e).__module__ == lib.__name__ for e in others):
        return NotExecutable("another effect of the spell needs a decision")
    targets = b.one_target_each(others, _TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    costs: dict[str, Any] = {}
    sacrificed = []
    for part in t.additional_costs:
        if part.kind != "sacrifice" or part.what not in _SACRIFICE or part.n != 1:
            return NotExecutable(f"its additional cost ({part.kind} {part.what}) is not one "
                                 "the generator pays")
        sacrificed.append({"id": "sac1", "card": _SACRIFICE[part.what]})
        costs["sacrifice"] = ["sac1"]
    mine, theirs = b.objects_for(targets)
    p1 = {"mana": pool, "hand": [{"id": "card", "card": face.name}],
          "battlefield": sacrificed + mine}
    tids = [tid for tid, _ in targets]
    cast = b.cast("card", targets=tids or None)
    if costs:
        cast["cast"]["costs"] = costs
    actions = [cast, b.RESOLVE_TOP]
    features = list(FEATURES) + (["target"] if targets else []) + \
        (["additional_cost"] if costs else [])
    if not spell:
        actions.append(b.RESOLVE_TOP)  # the creature resolves, then its enters trigger
    if may:
        actions.append({"choose": {"choice": "may", "accept": True}})
        features.append("optional_effect")
    return search, p1, {"battlefield": theirs}, actions, features, found


def gen_may_fail(ctx: Context) -> list[Draft] | NotExecutable:
    """A search for a card with a stated quality finds none though the library holds one."""
    got = _scene(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    search, p1, p2, actions, features, found = got
    p1["library"] = [{"id": "find", "card": found}]
    setup = b.game(b.player(**p1), b.player(**p2))
    actions = [*actions, {"choose": {"choice": "cards", "cards": []}}]
    cards = sorted({o["card"] for pl in setup["players"].values() for z in pl.values()
                    if isinstance(z, list) for o in z})
    return [Draft("search-may-fail", f"{ctx.card.name}'s search finds nothing though the "
                  f"library holds a {found} it could find", sorted(features), cards, setup,
                  actions, {"state": {"zones": {"find": "library"}, "stack": []}}, RULES)]


FAMILIES = [
    Family("search-may-fail", "A search for cards with a stated quality may find nothing",
           tuple(RULES), tuple(FEATURES), gen_may_fail,
           en=phrases("Because the \"search\" requires you to find a card with certain "
                      "characteristics, you don't have to find the card if you don't want to")),
]
