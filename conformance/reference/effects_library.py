"""The rules of the effects of :mod:`conformance.reference.oracle_library` (registered in
:data:`conformance.reference.effects.EFFECTS` when that module is imported): each asks its
player for a ``cards`` choice (SPEC.md, "choose (protocol 2)") and checks the answer; an answer
naming cards not offered, the same card twice, or the wrong number of cards is refused as
``illegal_action`` and changes nothing."""

from __future__ import annotations

from typing import Any

from conformance.reference import oracle_library as lib_fx
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Choice, Flow, Obj, other, refuse


def _chosen(answer: dict[str, Any], offered: list[str], what: str, least: int,
            most: int) -> list[str]:
    """The ``cards`` of ``answer``: distinct cards among ``offered``, ``least`` to ``most``."""
    chosen = answer.get("cards")
    if (not isinstance(chosen, list) or len(set(chosen)) != len(chosen)
            or any(c not in offered for c in chosen)):
        raise refuse("illegal_action", f"{what}: choose cards among {offered}")
    if not least <= len(chosen) <= most:
        count = str(least) if least == most else f"{least} to {most}"
        raise refuse("illegal_action", f"{what}: choose {count} of {offered}, not {chosen}")
    return chosen


def _order(answer: dict[str, Any], cards: list[str], what: str,
           first: str = "top first") -> list[str]:
    """The ``order`` of ``answer``: all of ``cards`` (optional when fewer than two)."""
    order = answer.get("order", cards if len(cards) < 2 else None)
    if not isinstance(order, list) or len(order) != len(cards) or set(order) != set(cards):
        raise refuse("illegal_action", f"{what}: give the order of {cards} ({first})")
    return order


def _no_order(answer: dict[str, Any], what: str) -> None:
    if "order" in answer:
        raise refuse("illegal_action", f"{what}: no cards to order")


@effect(lib_fx.Scry)
def _scry(r: Effects, eff: lib_fx.Scry, ctx: EffectContext) -> Flow:
    """Scry N (701.18a): ``cards`` go on the bottom in the order listed (the last listed is the
    bottom card), the rest back on top in ``order`` (top first)."""
    lib = r.zones[(ctx.controller, "library")]
    looked = lib[:eff.n]
    if not looked:  # scry 0, or an empty library: no scry event (701.18b)
        return
    answer = yield Choice("cards", {"player": ctx.controller, "purpose": "scry",
                                    "from": "library", "cards": list(looked)})
    bottom = _chosen(answer, looked, "scry", 0, len(looked))
    rest = [c for c in looked if c not in bottom]
    order = _order(answer, rest, "scry")
    top, under = r.scry_placement(order, list(bottom))
    del lib[:len(looked)]
    lib[:0] = top
    lib.extend(under)


def _matches(r: Effects, ob: Obj, f: lib_fx.CardFilter) -> bool:
    c = r.chars(ob)
    return (set(f.types) <= set(c.types) and set(f.subtypes) <= set(c.subtypes)
            and (not f.basic or "Basic" in c.supertypes))


@effect(lib_fx.SearchLibrary)
def _search(r: Effects, eff: lib_fx.SearchLibrary, ctx: EffectContext) -> Flow:
    """Search the library (701.19): ``cards`` are the cards found. A search for cards with a
    stated quality, or for "up to" N, may find fewer, none included (701.19b); then the library
    is shuffled (its order afterwards is not observable by a case: the reference keeps it)."""
    player = owner = ctx.controller
    if eff.whose == "target_opponent":  # "target opponent's library ... under your control"
        ref = ctx.first()
        if ref is None:
            return
        owner = ref.id
    lib = r.zones[(owner, "library")]
    offered = [c for c in lib if _matches(r, r.objects[c], eff.filter)]
    if not offered:
        return
    answer = yield Choice("cards", {"player": player, "purpose": "search", "from": "library",
                                    "cards": offered, "n": eff.n})
    _no_order(answer, "search")
    may_fail = eff.up_to or r.search_may_fail(eff.filter.has_quality)
    least = 0 if may_fail else min(eff.n, len(offered))
    found = _chosen(answer, offered, "search (701.19b)", least, eff.n)
    for cid in found:
        ob = r.objects[cid]
        if eff.to == "hand":
            r._move(ob, "hand")
        else:
            r._move(ob, "battlefield", controller=player)
            if eff.tapped:
                ob.tapped = True


def _discarding_players(r: Effects, eff: lib_fx.Discard, ctx: EffectContext) -> list[str]:
    if eff.who == "you":
        return [ctx.controller]
    if eff.who == "each_player":
        return [r.active, other(r.active)]  # choices in APNAP order (101.4)
    if eff.who == "each_opponent":
        return [other(ctx.controller)]
    ref = ctx.first()
    return [ref.id] if ref is not None else []


@effect(lib_fx.Discard)
def _discard(r: Effects, eff: lib_fx.Discard, ctx: EffectContext) -> Flow:
    """A player discards N cards (701.8): they choose which (701.8b), a ``cards`` choice, unless
    their hand has N cards or fewer (then all of it, without a choice). Each player discarding
    chooses in APNAP order (101.4); the cards are discarded at the same time."""
    discards: list[str] = []
    for player in _discarding_players(r, eff, ctx):
        hand = list(r.zones[(player, "hand")])
        if len(hand) <= eff.n:
            discards += hand
            continue
        answer = yield Choice("cards", {"player": player, "purpose": "discard", "from": "hand",
                                        "cards": hand, "n": eff.n})
        _no_order(answer, "discard")
        chosen = _chosen(answer, hand, f"discard ({player})", eff.n, eff.n)
        discards += r.discarded_cards(hand, chosen)
    for cid in discards:
        r._discard(r.objects[cid])


@effect(lib_fx.LookPutOneInHand)
def _look_put_one(r: Effects, eff: lib_fx.LookPutOneInHand, ctx: EffectContext) -> Flow:
    """Look at the top N cards, put one of them into the hand (``cards``) and the rest on the
    bottom in ``order`` (highest first; 401.4) or into the graveyard."""
    player = ctx.controller
    lib = r.zones[(player, "library")]
    looked = lib[:eff.n]
    if not looked:
        return
    answer = yield Choice("cards", {"player": player, "purpose": "put_into_hand",
                                    "from": "library", "cards": list(looked)})
    taken = _chosen(answer, looked, "put one into your hand", 1, 1)
    rest = [c for c in looked if c not in taken]
    if eff.rest == "bottom":
        order = r.bottom_order(rest, _order(answer, rest, "the rest on the bottom",
                                                   "highest first"))
    else:
        _no_order(answer, "the rest into your graveyard")
    r._move(r.objects[taken[0]], "hand")
    if eff.rest == "bottom":
        del lib[:len(rest)]
        lib.extend(order)
    else:
        for cid in rest:
            r._move(r.objects[cid], "graveyard")
