"""Costs beyond a spell's mana cost (protocol 2, ``costs`` of ``cast`` and ``activate``): the
total cost of a spell (601.2b, 601.2f: an alternative cost such as flashback, kicker and
multikicker, additional costs), the additional costs of an activated ability (602.2b), and the
objects that pay part of a cost: convoke (702.51a), delve (702.66a), improvise (702.126a).

A ``costs`` mapping names the objects each cost uses; everything is checked before anything is
paid (601.2h: partial payments are not allowed), then the mana is paid by the solver of
:mod:`conformance.reference.mana` and the objects are sacrificed, discarded, exiled or tapped.
Omitted ``costs`` means what protocol 1 meant: the mana cost, or the flashback cost of a card cast
from a graveyard (and the foretell cost of a card cast from exile).

Not modelled (the cards that would need it are not built): convoke paying a hybrid or Phyrexian
symbol (702.51b, 702.51c), an {X} in a kicker or alternative cost, alternative costs other than
flashback, escape, overload (only for the "target creature [you control] gets" texts), madness,
dash, evoke and foretell (their rules: :mod:`conformance.reference.alt_costs`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from conformance.reference import mana
from conformance.reference.abilities import CostPart
from conformance.reference.cards import Face
from conformance.reference.mana import (
    COLOR_WORDS,
    COLORS,
    KINDS,
    ManaSymbolError,
    Symbol,
    cost_symbols,
)
from conformance.reference.objects import Obj, Ref, refuse
from conformance.reference.stack import PriorityAndStack

SPELL_COST_KEYS = frozenset({"kicker", "alternative", "sacrifice", "discard", "exile", "tap",
                             "convoke", "delve", "improvise"})
"""The keys of a ``cast``'s ``costs`` (``case.schema.json``)."""
ABILITY_COST_KEYS = frozenset({"sacrifice", "discard", "exile", "tap"})
"""The keys of an ``activate``'s ``costs``."""
OBJECT_KINDS = ("tap", "convoke", "improvise", "sacrifice", "discard", "exile", "delve")
"""The costs paid with objects, in the order they are paid (601.2h: any order; tapping first lets
one creature be tapped for convoke and then sacrificed)."""
ALTERNATIVES = {"flashback": "graveyard", "escape": "graveyard", "overload": "hand",
                "madness": "exile", "dash": "hand", "evoke": "hand", "foretell": "exile",
                "morph": "hand", "bestow": "hand"}
"""The alternative costs the reference engine implements (``costs.alternative``), each with the
zone it is cast from (702.34a, 702.138a, 702.96a, 702.35a, 702.109a, 702.74a, 702.143a;
morph, 702.37a: face down for {3}, :mod:`conformance.reference.morph`; bestow, 702.103a:
:mod:`conformance.reference.bestow`)."""
COSTS = frozenset({"kicker", "multikicker", "fuse", "exert", *ALTERNATIVES, *OBJECT_KINDS})
"""The costs the reference engine declares at ``start`` (``protocol.V2_COSTS``)."""
_EXCLUSIVE = (frozenset({"tap", "convoke", "improvise"}), frozenset({"exile", "delve"}))
"""Costs one object cannot pay twice (it is tapped, or exiled, once)."""


@dataclass(frozen=True, slots=True)
class SpellCost:
    """A spell's total cost as its controller chose it (601.2b, 601.2f)."""

    mana: list[Symbol]
    """Every mana symbol to pay, kicker costs included, before convoke, delve and improvise."""
    flashback: bool
    kicked: int
    alternative: str | None
    objects: list[tuple[str, Obj]]
    """(kind, object) for every object the cost uses, in :data:`OBJECT_KINDS` order."""
    life: int = 0
    """Life to pay ("Flashback—{1}{G}, Pay 3 life.", 119.4)."""


class Costs(PriorityAndStack):
    """Total costs and their payment with objects."""

    # --- hooks --------------------------------------------------------------------------------

    def alternative_cost(self, face: Face, name: str) -> str | None:
        """Hook: the mana of the alternative cost ``name`` of ``face`` (702.34a, 702.138a,
        702.35a, 702.109a, 702.74a, 702.143a: that cost is paid rather than the mana cost), or
        None when the face has none."""
        if name == "escape":
            return face.text.escape[0] if face.text.escape else None
        if name == "overload":
            return face.text.overload
        if name == "flashback":
            return face.text.flashback
        return dict(face.text.alternatives).get(name)  # madness, dash, evoke, foretell

    def _alternative_allowed(self, obj: Obj, name: str) -> None:
        """Refuse the alternative cost ``name`` for ``obj`` when more than its zone forbids it
        (madness, foretell: :mod:`conformance.reference.alt_costs`)."""

    def convoke_kinds(self, obj: Obj) -> frozenset[str]:
        """Hook: what a creature tapped for convoke pays (702.51a): {1} (``"generic"``) or one
        mana of one of its colors."""
        return frozenset({"generic", *self.chars(obj).colors})

    def delve_value(self) -> int:
        """Hook: the generic mana one card exiled for delve pays (702.66a: {1})."""
        return 1

    def improvise_kinds(self, obj: Obj) -> frozenset[str]:
        """Hook: what an artifact tapped for improvise pays (702.126a): {1} (``"generic"``),
        never colored mana."""
        return frozenset({"generic"})

    def delve_payments(self, obj: Obj) -> list[int | str]:
        """Hook: what one card exiled for delve may pay (702.66a): {1} of the generic mana
        (:meth:`delve_value`), never colored mana, and never nothing (a card is exiled for delve
        only to pay)."""
        return [self.delve_value()]

    def may_tap_to_pay(self, player: str, kind: str, obj: Obj) -> bool:
        """Hook: whether ``obj`` (a permanent ``player`` controls, of the right type) may be
        tapped for a tap cost, convoke or improvise (118.3: a tapped permanent can't be tapped
        again; 702.51a, 702.126a: any untapped creature or artifact, summoning sick or not, since
        convoke and improvise are not {T} abilities, 302.6)."""
        return not obj.tapped

    def cost_count_paid(self, kind: str, want: int, named: int) -> bool:
        """Hook: whether naming ``named`` objects pays a cost that asks to sacrifice, discard,
        exile or tap ``want`` of them (``kind``; 118.8: an additional cost is paid exactly)."""
        return named == want

    def kicker_in_total_cost(self, face: Face) -> bool:
        """Hook: a kicker cost paid is added to the spell's total cost (601.2f: the mana cost
        plus cost increases such as kicker)."""
        return True

    def kicker_limit(self, face: Face) -> int | None:
        """Hook: how many times ``face``'s kicker cost may be paid (702.33d: once; multikicker
        any number of times, ``None``)."""
        return None if face.text.multikicker else 1

    def pay_with_object(self, player: str, kind: str, obj: Obj) -> None:
        """Hook: pay one cost with ``obj`` (``kind`` of :data:`OBJECT_KINDS`): sacrifice it
        (701.17a), discard it (701.8a), exile it, or tap it (for a tap cost, convoke or
        improvise)."""
        if kind == "sacrifice":
            self._emit("sacrificed", object=obj.id, card=obj.card_name)
            self._move(obj, "graveyard")
        elif kind == "discard":
            self._discard(obj)
        elif kind in ("exile", "delve"):
            self._move(obj, "exile")
        else:
            obj.tapped = True

    # --- total cost ---------------------------------------------------------------------------

    def _cast_normally_from_exile(self, obj: Obj) -> bool:
        """Whether ``obj`` is cast from exile for its mana cost by a permission (an adventurer
        card its Adventure exiled, 716.3d: :mod:`conformance.reference.adventurers`)."""
        return False

    def _spell_cost(self, player: str, obj: Obj, face: Face, costs: Any, x: int) -> SpellCost:
        """The total cost of casting ``obj`` as ``face`` with ``costs`` (601.2b, 601.2f), every
        part checked; refuses with ``illegal_action`` what the card or the rules do not allow."""
        costs = self._costs_mapping(costs, SPELL_COST_KEYS)
        text = face.text
        alternative = costs.get("alternative")
        if alternative is None and obj.zone == "graveyard" and not text.aftermath:
            # the one permission to cast it from a graveyard (protocol 1 names none)
            alternative = "flashback" if text.flashback is not None else "escape"
        if (alternative is None and obj.zone == "exile"
                and not self._cast_normally_from_exile(obj)):
            alternative = "foretell"  # the one way to cast a card from exile (702.143a)
        required = text.additional_costs
        if alternative is None:
            base = face.mana_cost
        else:
            if alternative not in ALTERNATIVES:
                raise refuse("illegal_action", f"{face.name} has no {alternative} cost here")
            base = self.alternative_cost(face, alternative)
            if base is None:
                raise refuse("illegal_action", f"{face.name} has no {alternative} cost")
            if obj.zone != ALTERNATIVES[alternative] or text.aftermath:
                raise refuse("illegal_action", f"{face.name} cannot be cast for its "
                                               f"{alternative} cost from the {obj.zone} "
                                               "(rule 601.2b: it is cast from that zone "
                                               "only)")
            self._alternative_allowed(obj, alternative)
            if alternative == "escape" and text.escape:  # "Exile N other cards ..."
                required = (*required, CostPart("exile", text.escape[1], "card"))
            if alternative == "flashback":  # "Flashback—Sacrifice three creatures."
                required = (*required, *text.flashback_costs)
        kicked = costs.get("kicker", 0)
        if not isinstance(kicked, int) or kicked < 0:
            raise refuse("illegal_action", "costs.kicker is a whole number")
        if kicked and text.kicker is None:
            raise refuse("illegal_action", f"{face.name} has no kicker (rule 702.33a)")
        limit = self.kicker_limit(face)
        if limit is not None and kicked > limit:
            raise refuse("illegal_action", f"{face.name} can be kicked only once (rule 702.33d)")
        try:
            symbols = cost_symbols(base, x)
            for _ in range(kicked if self.kicker_in_total_cost(face) else 0):
                symbols += cost_symbols(text.kicker, 0)
        except ManaSymbolError as exc:
            raise refuse("unsupported", str(exc)) from exc
        for kind in ("convoke", "delve", "improvise"):
            if costs.get(kind) and kind not in text.payers:
                raise refuse("illegal_action", f"{face.name} has no {kind}")
        objects = self._cost_objects(player, costs, required, obj)
        life = sum(p.n for p in required if p.kind == "life")
        if life > self.players[player].life:  # 119.4: only with a life total that high
            raise refuse("illegal_action", f"{player} cannot pay {life} life")
        return SpellCost(symbols, alternative == "flashback", kicked, alternative, objects, life)

    def pay_life(self, player: str, life: int) -> None:
        """Pay ``life`` as a cost (119.4: the life total goes down)."""
        if life:
            self.players[player].life -= life
            self._emit("life_change", player=player, amount=-life)

    def striven(self, total: SpellCost, face: Face, targets: list[list[Ref]]) -> SpellCost:
        """Strive: the total cost increased by the strive cost for each target beyond the first
        (207.2c, 601.2f)."""
        extra = sum(len(refs) for refs in targets) - 1
        if face.text.strive is None or extra <= 0:
            return total
        return replace(total, mana=total.mana + cost_symbols(face.text.strive, 0) * extra)

    @staticmethod
    def _costs_mapping(costs: Any, keys: frozenset[str]) -> dict[str, Any]:
        if costs is None:
            return {}
        if not isinstance(costs, dict) or set(costs) - keys:
            raise refuse("illegal_action", f"costs takes only {', '.join(sorted(keys))}")
        return costs

    def _cost_objects(self, player: str, costs: dict[str, Any], required: tuple[CostPart, ...],
                      paying_for: Obj | None) -> list[tuple[str, Obj]]:
        """The objects of ``costs``, checked against the ``required`` additional costs (each
        paid exactly, 118.8) and the rules of each kind."""
        out: list[tuple[str, Obj]] = []
        for kind in OBJECT_KINDS:
            ids = costs.get(kind) or []
            if not isinstance(ids, list) or len(set(map(str, ids))) != len(ids):
                raise refuse("illegal_action", f"costs.{kind} is a list of distinct ids")
            parts = [p for p in required if p.kind == kind]
            if kind in ("sacrifice", "discard", "exile", "tap"):
                want = sum(p.n for p in parts)
                if not self.cost_count_paid(kind, want, len(ids)):
                    raise refuse("illegal_action", f"the cost asks to {kind} {want}, "
                                                   f"costs.{kind} names {len(ids)} (rule 118.8)")
            for oid in ids:
                ob = self._get(oid)
                if ob is paying_for:
                    raise refuse("illegal_action", f"{oid} cannot pay for itself")
                what = parts[0].what if parts else None
                if not self._may_pay_with(player, kind, ob, what):
                    raise refuse("illegal_action", f"{oid} cannot pay costs.{kind}")
                out.append((kind, ob))
        for group in _EXCLUSIVE:
            used = [ob.id for kind, ob in out if kind in group]
            if len(used) != len(set(used)):
                raise refuse("illegal_action", "one object pays two costs of "
                                               + "/".join(sorted(group)))
        return out

    def _may_pay_with(self, player: str, kind: str, ob: Obj, what: str | None) -> bool:
        c = self.chars(ob)
        if kind in ("discard",):
            return ob.zone == "hand" and ob.owner == player
        if kind in ("exile", "delve"):
            return ob.zone == "graveyard" and ob.owner == player
        if ob.zone != "battlefield" or ob.controller != player:
            return False
        if what in ("permanent", "nonland permanent"):  # "sacrifice a nonland permanent"
            return kind == "sacrifice" and (what == "permanent" or "Land" not in c.types)
        *color, wanted = (what or "").split() or [""]
        wanted = {"convoke": "Creature", "improvise": "Artifact"}.get(kind) or wanted.title()
        if wanted and not set(wanted.split("/")) & (set(c.types) | set(c.subtypes)):
            return False  # a type, one of several ("an artifact, creature, or land"), or a land
            # type ("sacrifice a Mountain")
        if color and COLOR_WORDS[color[0]] not in c.colors:  # "three untapped white creatures"
            return False
        return kind == "sacrifice" or self.may_tap_to_pay(player, kind, ob)

    # --- payment ------------------------------------------------------------------------------

    def _remaining_mana(self, player: str, symbols: list[Symbol],
                        objects: list[tuple[str, Obj]],
                        pool_only: list[Symbol] | None = None) -> list[Symbol] | None:
        """The mana left to pay once convoke, delve and improvise objects each paid one part of
        ``symbols`` (the first assignment, in a fixed order, that the pool can pay), or None;
        ``pool_only``: more symbols only the pool pays."""
        payers = [(kind, ob) for kind, ob in objects if kind in ("convoke", "delve", "improvise")]
        others_paid = list(pool_only or [])
        if not payers:
            symbols = symbols + others_paid
            return symbols if self._payable(player, symbols) else None
        generic = sum(s.ways[0][-1] for s in symbols if self._generic(s))
        colored = [s for s in symbols if self._colored(s) is not None]
        others = [s for s in symbols if not self._generic(s) and self._colored(s) is None]
        options = [self._payer_options(kind, ob) for kind, ob in payers]

        def search(i: int, left_generic: int, used: frozenset[int]) -> list[Symbol] | None:
            if i == len(options):
                rest = [s for j, s in enumerate(colored) if j not in used] + others + others_paid
                if left_generic:
                    rest.append(Symbol((tuple([0] * len(KINDS)) + (left_generic,),)))
                return rest if self._payable(player, rest) else None
            for opt in options[i]:
                if isinstance(opt, int):  # generic mana this object pays
                    if opt <= left_generic:
                        found = search(i + 1, left_generic - opt, used)
                        if found is not None:
                            return found
                    continue
                for j, s in enumerate(colored):
                    if j not in used and self._colored(s) == opt:
                        found = search(i + 1, left_generic, used | {j})
                        if found is not None:
                            return found
                        break
            return None

        return search(0, generic, frozenset())

    def _payer_options(self, kind: str, ob: Obj) -> list[int | str]:
        """What one convoke, delve or improvise object may pay: colors first, then generic."""
        if kind == "delve":
            return self.delve_payments(ob)
        kinds = self.convoke_kinds(ob) if kind == "convoke" else self.improvise_kinds(ob)
        return [k for k in COLORS if k in kinds] + ([1] if "generic" in kinds else [])

    @staticmethod
    def _generic(s: Symbol) -> bool:
        return len(s.ways) == 1 and not s.phyrexian and not any(s.ways[0][:-1])

    @staticmethod
    def _colored(s: Symbol) -> str | None:
        if len(s.ways) != 1 or s.phyrexian or s.ways[0][-1]:
            return None
        kinds = [k for k, n in zip(KINDS, s.ways[0], strict=False) if n]
        return kinds[0] if kinds in ([k] for k in COLORS) else None

    def _payable(self, player: str, symbols: list[Symbol]) -> bool:
        pl = self.players[player]
        return self.payment_plan(pl.pool, symbols, pl.life) is not None

    def payment_plan(self, pool: mana.ManaPool, symbols: list[Symbol],
                     life: int) -> tuple[list[Symbol], int] | None:
        """Hook: the mana solver (601.2h: the player chooses which mana pays which symbol, so
        any payable order of costs is paid)."""
        return mana.plan_payment(pool, symbols, life)

    def _pay_symbols(self, player: str, symbols: list[Symbol]) -> bool:
        """Pay ``symbols`` from ``player``'s pool (and life, for Phyrexian symbols): False,
        paying nothing, when they cannot be paid (rules 601.2g-h)."""
        pl = self.players[player]
        plan = self.payment_plan(pl.pool, symbols, pl.life)
        if plan is None:
            return False
        paid, life = plan
        pl.pool.paid.extend(paid)
        if life:
            pl.life -= life
            self._emit("life_change", player=player, amount=-life)
        return True

    def payers_pay_from(self, face: Face, total: list[Symbol], x: int) -> int:
        """Hook: how many of the total cost's symbols (the first ones; the mana cost's come
        first, then kicker and cost increases) the objects paying part of a spell's cost
        (convoke, delve, improvise) may pay: all, since they apply after the total cost is
        determined (601.2f-h, 702.51a; the convoke rulings: "Convoke applies after the total
        cost is calculated")."""
        return len(total)

    def _plan_total(self, player: str, symbols: list[Symbol],
                    objects: list[tuple[str, Obj]], what: str,
                    payable: int | None = None) -> list[Symbol]:
        """The mana to pay once the objects of a total cost paid their parts (of the first
        ``payable`` symbols: all by default); refuses, paying nothing, when the whole cannot be
        paid (601.2h: no partial payments)."""
        n = len(symbols) if payable is None else payable
        rest = self._remaining_mana(player, symbols[:n], objects, symbols[n:])
        if rest is None:
            raise refuse("illegal_action", f"cannot pay {what} from "
                                           f"{self.players[player].pool.render() or 'nothing'}"
                                           + (" and the objects named in costs" if objects
                                              else ""))
        return rest

    def _pay_planned(self, player: str, rest: list[Symbol],
                     objects: list[tuple[str, Obj]]) -> None:
        """Pay what :meth:`_plan_total` planned: the mana, then each object's part."""
        if not self._pay_symbols(player, rest):
            raise refuse("internal", "a planned payment could not be paid")
        for kind, ob in objects:
            self.pay_with_object(player, kind, ob)
