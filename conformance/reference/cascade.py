"""Cascade (rule 702.85), read from a card's keyword line "Cascade" (``FaceText.keywords``).

"Cascade" means "When you cast this spell, exile cards from the top of your library until you
exile a nonland card whose mana value is less than this spell's mana value. You may cast that
card without paying its mana cost if the resulting spell's mana value is less than this spell's
mana value. Then put all cards exiled this way that weren't cast on the bottom of your library in
a random order." (702.85a):

* the ``cascade`` trigger triggers as a spell with cascade becomes cast (601.2i; its ``triggered``
  event names the spell as ``source``) and goes on the stack above it, so it resolves first;
* as it resolves, cards are exiled from the top of its controller's library one at a time (a
  ``zone_change`` event each) until a nonland card with lesser mana value is exiled; its
  controller may cast that card (a ``may`` choice naming the spell with cascade as ``source`` and
  ``ability: cascade``), without paying its mana cost: X is 0 (107.3b), its targets are a
  ``targets`` choice naming the card as ``source``, as for suspend;
* the cards exiled and not cast go to the bottom of the library, in the order they were exiled
  (the rule's random order: a case never depends on it).

"You may cast a spell [of a type] [with mana value N or less] from your hand without paying its
mana cost." (:class:`~conformance.reference.suspend_text.CastFromHandFree`: the Expertise cycle,
Omnispell Adept) works alike as the spell or ability resolves: when a card of its controller's
hand fits, a ``may`` choice naming the spell (or the ability's source) as ``source``, then, when
several cards fit, a ``cards`` choice of one from the hand; the card is cast (608.2g: whatever
its type's timing) without paying its mana cost, X = 0, its targets a ``targets`` choice.

The mana value the exiled card is compared with is the spell's as it became cast (its mana cost,
X included, 202.3e), kept by the trigger: the comparison holds even if the spell left the stack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from conformance.reference.cards import Face
from conformance.reference.costs import SpellCost
from conformance.reference.effect_blocks import Effect
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.mana import ManaSymbolError, cost_symbols
from conformance.reference.objects import Choice, Flow, Obj, PendingTrigger, Ref, refuse
from conformance.reference.suspend_text import CastFromHandFree
from conformance.reference.suspend_triggers import SuspendTriggers


@dataclass(frozen=True, slots=True)
class CascadeExile(Effect):
    """Cascade's trigger (702.85a), for a spell whose mana value was ``mana_value`` as it was
    cast."""

    mana_value: int


class Cascade(SuspendTriggers):
    """Cascade: the trigger, and the spell it casts without paying its mana cost; and "you may
    cast a spell ... from your hand without paying its mana cost" (:class:`CastFromHandFree`)."""

    def _reset(self) -> None:
        super()._reset()
        self.accepted = False
        """The answer of the last ``may`` choice of :meth:`_may`."""
        self.free_casting: Ref | None = None
        """The card a cascade trigger or a "you may cast ... without paying its mana cost"
        effect is casting right now."""

    def _casting_free(self, obj: Obj) -> bool:
        return self.free_casting == obj.ref or super()._casting_free(obj)

    def _detect_cast_triggers(self, event: dict[str, Any]) -> None:
        """With the other cast triggers: a spell with cascade triggers its own cascade ability
        as it becomes cast (702.85a; a copy is not cast, 707.10)."""
        super()._detect_cast_triggers(event)
        spell = self.objects.get(event["object"])
        if spell is None or spell.zone != "stack" or event.get("copy"):
            return
        chars = self.chars(spell)
        if "cascade" in chars.keywords:
            self._trigger(PendingTrigger(event["player"], spell.id, spell.card_name, "cascade",
                                         (CascadeExile(chars.mana_value),)))

    def _spell_cost(self, player: str, obj: Obj, face: Face, costs: Any, x: int) -> SpellCost:
        if self.free_casting == obj.ref:  # without paying its mana cost (702.85a, 118.9)
            try:
                symbols = cost_symbols(None, x)
            except ManaSymbolError as exc:  # pragma: no cover - no symbols to read
                raise refuse("unsupported", str(exc)) from exc
            objects = self._cost_objects(player, {}, face.text.additional_costs, obj)
            return SpellCost(symbols, False, 0, None, objects)
        return super()._spell_cost(player, obj, face, costs, x)

    def _may(self, player: str, source: str, ability: str | None) -> Flow:
        """A ``may`` choice (608.2d) of ``player`` for the effect of ``source`` (``ability``:
        its trigger's name, None for a spell); sets :attr:`accepted`."""
        answer: dict[str, Any] = yield Choice("may", {"player": player, "source": source,
                                                     "ability": ability})
        for key, value in (("source", source), ("ability", ability)):
            if key in answer and answer[key] != value:
                raise refuse("unused_answer", f"may: the engine waits for the answer of "
                                              f"{source}'s {ability or 'spell'}")
        accept = answer.get("accept")
        if not isinstance(accept, bool):
            raise refuse("illegal_action", "may: answer accept: true or false")
        self.accepted = self.optional_effect_happens(accept)

    def _cast_free(self, player: str, ob: Obj) -> Flow:
        """Cast ``ob`` without paying its mana cost as an effect resolves (608.2g: whatever its
        type's timing): X is 0 (107.3b), its targets a ``targets`` choice naming it."""
        if ob.card is None or ob.card.is_split or ob.card.faces[0].text.additional_costs:
            raise refuse("unsupported", f"casting {ob.card_name} without paying its mana cost "
                                        "(a split card or additional costs)")
        self.free_casting = ob.ref
        try:
            yield from self._cast(player, ob, {"player": player, "object": ob.id},
                                  resolving=True)
        finally:
            self.free_casting = None

    def _cast_from_hand_free(self, eff: CastFromHandFree, player: str, source: str,
                             ability: str | None, x: int | None) -> Flow:
        """"You may cast a spell [of a type] [with mana value N or less] from your hand without
        paying its mana cost": a ``may`` choice when a card of the player's hand fits, then the
        card (a ``cards`` choice, from the hand, when several fit), cast."""
        bound = (x or 0) if eff.x_bound else eff.max_mana_value
        fits = []
        for cid in self.zones[(player, "hand")]:
            c = self.chars(self.objects[cid])
            if "Land" in c.types or (eff.types and not set(eff.types) & set(c.types)):
                continue
            if bound is None or c.mana_value <= bound:
                fits.append(cid)
        if not fits:
            return
        yield from self._may(player, source, ability)
        if not self.accepted:
            return
        chosen = fits[0]
        if len(fits) > 1:
            answer = yield Choice("cards", {"player": player, "purpose": "cast", "from": "hand",
                                            "cards": list(fits), "n": 1})
            got = answer.get("cards")
            if not isinstance(got, list) or len(got) != 1 or got[0] not in fits \
                    or "order" in answer:
                raise refuse("illegal_action", f"cast: {player} chooses 1 of {fits}")
            chosen = got[0]
        yield from self._cast_free(player, self.objects[chosen])

    def _cascade(self, player: str, source: str, mana_value: int) -> Flow:
        """Exile until a nonland card with lesser mana value; its controller may cast it without
        paying its mana cost; the rest go to the bottom of the library (702.85a)."""
        exiled: list[Obj] = []
        hit: Obj | None = None
        library = self.zones[(player, "library")]
        while library:
            ob = self.objects[library[0]]
            self._move(ob, "exile")
            exiled.append(ob)
            chars = self.chars(ob)
            if "Land" not in chars.types and chars.mana_value < mana_value:
                hit = ob
                break
        if hit is not None:
            yield from self._may(player, source, "cascade")
            if self.accepted:
                yield from self._cast_free(player, hit)
        for ob in exiled:
            if ob.zone == "exile":
                self._move(ob, "library", top=False)


@effect(CascadeExile)
def _cascade_effect(r: Effects, eff: CascadeExile, ctx: EffectContext) -> Flow:
    assert isinstance(r, Cascade)
    yield from r._cascade(ctx.controller, ctx.source, eff.mana_value)


@effect(CastFromHandFree)
def _cast_from_hand_effect(r: Effects, eff: CastFromHandFree, ctx: EffectContext) -> Flow:
    assert isinstance(r, Cascade)
    yield from r._cast_from_hand_free(eff, ctx.controller, ctx.source,
                                      ctx.ability.name if ctx.ability else None, ctx.x)
