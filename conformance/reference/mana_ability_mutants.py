"""Mutants of the mana abilities a player activates (rules 117.1d, 605.3a, 601.2g; the hook:
:meth:`~conformance.reference.cost_increases.CostIncreases.declines_mana_abilities`): "You are
never forced to activate mana abilities to pay costs" — the cases mined from the suspend ruling
(:mod:`conformance.mining.families.suspend_declined`) kill it."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.mana import Symbol


class ManaAbilitiesForced(ReferenceEngine):
    """A cost a resolving ability's cast leaves unpaid is paid by activating the player's
    untapped permanents' {T} mana abilities for them, as if the player had to (breaks 117.1d,
    605.3a: activating mana abilities is the player's choice)."""

    MUTANT = "mana_abilities_forced"
    RULE = "117.1d"

    def declines_mana_abilities(self, player: str, symbols: list[Symbol]) -> bool:
        for oid in list(self.battlefield):
            if self._remaining_mana(player, symbols, []) is not None:
                break
            ob = self.objects[oid]
            text = self.abilities(ob)
            if ob.controller != player or ob.tapped or text is None:
                continue
            for ab in text.activated:
                if ab.produces is not None and ab.tap and ab.cost is None \
                        and not ab.sacrifice_self and not self.is_summoning_sick(ob,
                                                                                  self.chars(ob)):
                    ob.tapped = True
                    snow = self.produces_snow_mana(ob)
                    for unit in ab.produces:
                        self.players[player].pool.add(unit, snow=snow)
                    break
        return self._remaining_mana(player, symbols, []) is None


MANA_ABILITY_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (ManaAbilitiesForced,)
}
"""Mutant name -> engine class."""
