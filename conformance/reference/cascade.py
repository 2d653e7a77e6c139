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
from conformance.reference.suspend import Suspend


@dataclass(frozen=True, slots=True)
class CascadeExile(Effect):
    """Cascade's trigger (702.85a), for a spell whose mana value was ``mana_value`` as it was
    cast."""

    mana_value: int


class Cascade(Suspend):
    """Cascade: the trigger, and the spell it casts without paying its mana cost."""

    def _reset(self) -> None:
        super()._reset()
        self.cascade_casting: Ref | None = None
        """The exiled card a cascade trigger is casting right now."""

    def _casting_free(self, obj: Obj) -> bool:
        return self.cascade_casting == obj.ref or super()._casting_free(obj)

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
        if self.cascade_casting == obj.ref:  # without paying its mana cost (702.85a, 118.9)
            try:
                symbols = cost_symbols(None, x)
            except ManaSymbolError as exc:  # pragma: no cover - no symbols to read
                raise refuse("unsupported", str(exc)) from exc
            objects = self._cost_objects(player, {}, face.text.additional_costs, obj)
            return SpellCost(symbols, False, 0, None, objects)
        return super()._spell_cost(player, obj, face, costs, x)

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
        if hit is not None and hit.card is not None:
            if hit.card.is_split or hit.card.faces[0].text.additional_costs:
                raise refuse("unsupported", f"casting {hit.card.name} by cascade (a split card "
                                            "or additional costs)")
            answer: dict[str, Any] = yield Choice("may", {"player": player, "source": source,
                                                         "ability": "cascade"})
            for key, value in (("source", source), ("ability", "cascade")):
                if key in answer and answer[key] != value:
                    raise refuse("unused_answer", f"may: the engine waits for the answer of "
                                                  f"{source}'s cascade")
            accept = answer.get("accept")
            if not isinstance(accept, bool):
                raise refuse("illegal_action", "may: answer accept: true or false")
            if self.optional_effect_happens(accept):
                self.cascade_casting = hit.ref
                try:
                    yield from self._cast(player, hit, {"player": player, "object": hit.id},
                                          resolving=True)
                finally:
                    self.cascade_casting = None
        for ob in exiled:
            if ob.zone == "exile":
                self._move(ob, "library", top=False)


@effect(CascadeExile)
def _cascade_effect(r: Effects, eff: CascadeExile, ctx: EffectContext) -> Flow:
    assert isinstance(r, Cascade)
    yield from r._cascade(ctx.controller, ctx.source, eff.mana_value)
