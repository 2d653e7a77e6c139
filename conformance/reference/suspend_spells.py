"""The rules of the effects of suspend's spells read by :mod:`conformance.reference.suspend_text`
that are not about suspend itself:

* Living End's "Each player exiles all creature cards from their graveyard, then sacrifices all
  creatures they control, then puts all cards they exiled this way onto the battlefield." (each
  step for every player, in APNAP order, before the next step; the cards come back under their
  owners' control, 110.2);
* Hypergenesis's "Starting with you, each player may put an artifact, creature, enchantment, or
  land card from their hand onto the battlefield. Repeat this process until no one puts a card
  onto the battlefield.": a ``cards`` choice (``purpose: put_onto_battlefield``, none or one
  card) of each player in turn, from the spell's controller, round after round until a whole
  round puts none; the permanents enter one by one (the Hypergenesis rulings);
* Dichotomancy's "For each tapped nonland permanent target opponent controls, search that
  player's library for a card with the same name as that permanent. Put those cards onto the
  battlefield under your control, then that player shuffles.": a search (``purpose: search``,
  may find none, 701.19b) for each such permanent, in battlefield order; the cards found enter
  together under the spell's controller's control. An Aura found is refused as unsupported
  (it would enter attached to a permanent already there: the Dichotomancy rulings);
* Restore Balance's "Each player chooses a number of lands they control equal to the number of
  lands controlled by the player who controls the fewest, then sacrifices the rest. Players
  sacrifice creatures and discard cards the same way.": for lands, then creatures, then cards in
  hand, each player in APNAP order chooses the ones they keep (a ``cards`` choice, ``purpose:
  keep``, asked only of a player with more than that number), then the rest are sacrificed (or
  discarded) together (the Restore Balance rulings);
* Curse of the Cabal's "Target player sacrifices half the permanents they control, rounded
  down.": that player chooses them (a ``cards`` choice, ``purpose: sacrifice``, 701.17a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Choice, Flow, Obj, other, refuse
from conformance.reference.suspend_text import (
    CreatureCardsReturnForCreatures,
    KeepAsManyAsTheFewest,
    PutPermanentCardsInTurns,
    SacrificeHalfPermanents,
    SearchSameNamesAsTapped,
)

if TYPE_CHECKING:
    from conformance.reference.casting import Casting

_PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land"})


def _casting(r: Effects) -> Casting:
    from conformance.reference.casting import Casting

    assert isinstance(r, Casting)
    return r


def _chosen(answer: dict[str, object], offered: list[str], what: str, least: int,
            most: int) -> list[str]:
    from conformance.reference.effects_library import _chosen as chosen
    from conformance.reference.effects_library import _no_order

    _no_order(answer, what)
    return chosen(answer, offered, what, least, most)


@effect(CreatureCardsReturnForCreatures)
def _creature_cards_return(r: Effects, eff: CreatureCardsReturnForCreatures,
                           ctx: EffectContext) -> None:
    rules = _casting(r)
    players = (r.active, other(r.active))
    exiled: list[tuple[Obj, int]] = []
    for p in players:
        for cid in list(r.zones[(p, "graveyard")]):
            ob = r.objects[cid]
            if "Creature" in r.chars(ob).types:
                r._move(ob, "exile")
                exiled.append((ob, ob.zcc))
    for p in players:
        for oid in list(r.battlefield):
            ob = r.objects[oid]
            if ob.controller == p and "Creature" in r.chars(ob).types:
                rules._sacrifice(ob)  # 701.17a
    for ob, zcc in exiled:
        if ob.zone == "exile" and ob.zcc == zcc:  # "the cards they exiled this way"
            r._move(ob, "battlefield")


@effect(PutPermanentCardsInTurns)
def _put_in_turns(r: Effects, eff: PutPermanentCardsInTurns, ctx: EffectContext) -> Flow:
    players = (ctx.controller, other(ctx.controller))  # "starting with you"
    while True:
        put = False
        for p in players:
            offered = [c for c in r.zones[(p, "hand")]
                       if _PERMANENT_TYPES & set(r.chars(r.objects[c]).types)]
            if not offered:
                continue
            answer = yield Choice("cards", {"player": p, "purpose": "put_onto_battlefield",
                                            "from": "hand", "cards": offered, "n": 1})
            for cid in _chosen(answer, offered, "put onto the battlefield", 0, 1):
                r._move(r.objects[cid], "battlefield")
                put = True
        if not put:  # a whole round in which no one put a card (the Hypergenesis rulings)
            return


@effect(SearchSameNamesAsTapped)
def _search_same_names(r: Effects, eff: SearchSameNamesAsTapped, ctx: EffectContext) -> Flow:
    opponent = ctx.first()
    if opponent is None:
        return
    tapped = [r.objects[oid] for oid in r.battlefield
              if (ob := r.objects[oid]).controller == opponent.id and ob.tapped
              and "Land" not in r.chars(ob).types]
    lib = r.zones[(opponent.id, "library")]
    found: list[str] = []
    for perm in tapped:
        name = r.chars(perm).name
        offered = [c for c in lib if c not in found and r.chars(r.objects[c]).name == name]
        if not offered:
            continue
        answer = yield Choice("cards", {"player": ctx.controller, "purpose": "search",
                                        "from": "library", "cards": offered, "n": 1})
        found += _chosen(answer, offered, "search (701.19b)", 0, 1)
    for cid in found:
        if "Aura" in r.chars(r.objects[cid]).subtypes:
            raise refuse("unsupported", "an Aura put onto the battlefield by Dichotomancy")
    for cid in found:
        r._move(r.objects[cid], "battlefield", controller=ctx.controller)


@effect(KeepAsManyAsTheFewest)
def _keep_as_many(r: Effects, eff: KeepAsManyAsTheFewest, ctx: EffectContext) -> Flow:
    rules = _casting(r)
    players = (r.active, other(r.active))  # APNAP (the Restore Balance rulings)
    for what in ("Land", "Creature", "hand"):
        owned = {p: ([c for c in r.zones[(p, "hand")]] if what == "hand" else
                     [oid for oid in r.battlefield if r.objects[oid].controller == p
                      and what in r.chars(r.objects[oid]).types]) for p in players}
        n = min(len(ids) for ids in owned.values())
        kept: dict[str, list[str]] = {}
        for p in players:
            if len(owned[p]) <= n:
                kept[p] = owned[p]
                continue
            answer = yield Choice("cards", {"player": p, "purpose": "keep",
                                            "from": "hand" if what == "hand" else "battlefield",
                                            "cards": owned[p], "n": n})
            kept[p] = _chosen(answer, owned[p], "keep", n, n)
        for p in players:  # the rest together, once all have chosen
            for oid in owned[p]:
                if oid in kept[p]:
                    continue
                if what == "hand":
                    r._discard(r.objects[oid])
                else:
                    rules._sacrifice(r.objects[oid])


@effect(SacrificeHalfPermanents)
def _sacrifice_half(r: Effects, eff: SacrificeHalfPermanents, ctx: EffectContext) -> Flow:
    player = ctx.first()
    if player is None:
        return
    mine = [oid for oid in r.battlefield if r.objects[oid].controller == player.id]
    n = len(mine) // 2  # rounded down
    if not n:
        return
    answer = yield Choice("cards", {"player": player.id, "purpose": "sacrifice",
                                    "from": "battlefield", "cards": mine, "n": n})
    for oid in _chosen(answer, mine, "sacrifice (701.17a)", n, n):
        _casting(r)._sacrifice(r.objects[oid])
