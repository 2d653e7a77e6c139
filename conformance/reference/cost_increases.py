"""Cost increases from static abilities (rule 601.2f) and the mana a player is never forced to
produce (rules 117.1d, 605.3a, 601.2g).

* The static ability "[<Quality>] spells [you cast | your opponents cast] cost {N} more to
  cast." (Thalia, Guardian of Thraben: "Noncreature spells cost {1} more to cast."; Sphere of
  Resistance: "Spells cost {1} more to cast."): while its source is on the battlefield, the
  total cost of each spell it applies to — cast from anywhere, without paying its mana cost
  included — has that mana added (601.2f). ``quality`` is a card type, a color, or "non"
  followed by a card type.
* A card a resolving ability casts (suspend's cast trigger, 702.62a: "play it without paying
  its mana cost if able") whose total cost the player's mana pool can't pay: a player may
  activate mana abilities then (117.1d, 605.3a), but is never forced to, and the protocol's
  player activates none while an ability resolves: the cost is not paid, the card is not cast
  and stays exiled (the suspend rulings: "You are never forced to activate mana abilities to
  pay costs, so if there is a mandatory additional mana cost (such as from Thalia, Guardian of
  Thraben), you can decline ... and hence fail to cast the suspended card, leaving it in
  exile"). Hook: :meth:`CostIncreases.declines_mana_abilities`.

Also "Activated abilities of creatures [you control] cost {N} less to activate. This effect
can't reduce the mana in that cost to less than one mana." (Heartstone): it reduces the generic
mana of the cost only, never an {S} (107.4h). Hook:
:meth:`CostIncreases.generic_reduction_reduces_snow`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.reference.abilities import Activated
from conformance.reference.cards import Face
from conformance.reference.cascade import Cascade
from conformance.reference.cost_increase_text import (
    AbilitiesCostLess,
    SpellsCostMore,
    applies,
    reduced,
)
from conformance.reference.costs import SpellCost
from conformance.reference.mana import Symbol, cost_symbols
from conformance.reference.objects import Flow, Obj


class CostIncreases(Cascade):
    """Static cost increases, and a resolving ability's cast its player leaves unpaid."""

    def declines_mana_abilities(self, player: str, symbols: list[Symbol]) -> bool:
        """Hook: a player whose pool can't pay the total cost ``symbols`` of a card a resolving
        ability casts (suspend) is never forced to activate mana abilities to pay it (117.1d,
        605.3a, 601.2g): True, the cost is left unpaid and the card is not cast."""
        return True

    def cost_increase_applies(self, inc: SpellsCostMore, face: Face, source_controller: str,
                              caster: str) -> bool:
        """Hook: whether the static cost increase ``inc`` of a permanent ``source_controller``
        controls increases the total cost of ``face`` cast by ``caster`` (601.2f): each spell of
        the kind it names, its controller's own included unless it says "your opponents"."""
        return applies(inc, face, source_controller, caster)

    def generic_reduction_reduces_snow(self) -> bool:
        """Hook: an effect reducing the generic mana of a cost does not reduce its {S}
        symbols (107.4h: {S} is not generic mana)."""
        return False

    def _ability_cost(self, obj: Obj, ab: Activated) -> str | None:
        """The cost of a creature's activated ability less the reductions of "Activated
        abilities of creatures [you control] cost {N} less to activate" (602.2b, 601.2f)."""
        cost = super()._ability_cost(obj, ab)
        if cost is None or "Creature" not in self.chars(obj).types:
            return cost
        for src, st in self._statics():
            if isinstance(st, AbilitiesCostLess) and (not st.yours
                                                      or src.controller == obj.controller):
                cost = reduced(cost, st.n, self.generic_reduction_reduces_snow())
        return cost

    def _spell_cost(self, player: str, obj: Obj, face: Face, costs: Any, x: int) -> SpellCost:
        """The total cost with the battlefield's static cost increases added (601.2f)."""
        cost = super()._spell_cost(player, obj, face, costs, x)
        for src, st in self._statics():
            if isinstance(st, SpellsCostMore) and self.cost_increase_applies(
                    st, face, src.controller, player):
                cost = replace(cost, mana=cost.mana + cost_symbols(st.cost, 0))
        return cost

    def _plan_total(self, player: str, symbols: list[Symbol],
                    objects: list[tuple[str, Obj]], what: str,
                    payable: int | None = None) -> list[Symbol]:
        """As suspend's trigger casts a card (its targets chosen, 601.2c), a total cost the
        pool can't pay is left unpaid when the player declines to activate mana abilities."""
        if (self.suspend_casting is not None and not objects
                and self._remaining_mana(player, symbols, []) is None
                and self.declines_mana_abilities(player, symbols)):
            raise _Unpaid(what)
        return super()._plan_total(player, symbols, objects, what, payable)

    def _suspend_cast(self, ob: Obj) -> Flow:
        """Suspend's cast, not made when the total cost (a cost increase) is more than the
        pool pays and the player declines to activate mana abilities: the card stays exiled
        (the suspend rulings; nothing was paid, 601.2h)."""
        try:
            yield from super()._suspend_cast(ob)
        except _Unpaid:
            self.suspend_unable(ob)


class _Unpaid(Exception):
    """The total cost of a card suspend's trigger casts is left unpaid."""
