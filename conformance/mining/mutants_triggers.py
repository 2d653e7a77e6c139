"""Family mutants of ability-word triggers (see :mod:`conformance.mining.mutants`): magecraft
and copies of spells (207.2c, 707.10), raid and the attacks of the turn (207.2c, 603.4), a
cycle trigger and its cycling ability (702.29c, 113.7a). :data:`TRIGGER_FAMILY_MUTANTS` is added to the reference
mutants, so ``rulings mutants`` and ``mutant:NAME`` engine specs run them too."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import StackAbility


class MagecraftIgnoresCopies(ReferenceEngine):
    """Magecraft triggers only when its controller casts an instant or sorcery spell, never
    when an effect copies one (as if it read "whenever you cast")."""

    MUTANT = "magecraft_ignores_copies"
    RULE = "707.10"

    def copy_triggers_magecraft(self, original: str) -> bool:
        return False


class MagecraftOncePerCopiedSpell(ReferenceEngine):
    """Magecraft triggers for the first copy of a spell only: an effect creating several copies
    of it triggers magecraft once, not once for each copy."""

    MUTANT = "magecraft_once_per_copied_spell"
    RULE = "707.10"

    def copy_triggers_magecraft(self, original: str) -> bool:
        copies = [e for e in self.events if e["type"] == "copy_created" and e["of"] == original]
        return len(copies) <= 1  # this copy's event is the last one


class RaidNeedsAttackerOnBattlefield(ReferenceEngine):
    """Raid counts only a creature that attacked this turn and is still on the battlefield (the
    same object: not one that died and came back)."""

    MUTANT = "raid_needs_attacker_on_battlefield"
    RULE = "603.4"

    def raid_times(self, player: str) -> int:
        return int(any(turn == self.turn and who == player and obj.zone == "battlefield"
                       and obj.zcc == zcc for turn, who, obj, zcc in self.attacked_with))


class RaidPerAttacker(ReferenceEngine):
    """A raid ability applies once for each creature its controller attacked with this turn
    (it triggers that many times; its counters are put that many times)."""

    MUTANT = "raid_per_attacker"
    RULE = "603.4"

    def raid_times(self, player: str) -> int:
        return sum(1 for turn, who, _obj, _zcc in self.attacked_with
                   if turn == self.turn and who == player)


class CyclingCounteredWithItsTrigger(ReferenceEngine):
    """Countering a "When you cycle CARDNAME" trigger counters the cycling ability of that card
    too, as if the two were one ability."""

    MUTANT = "cycling_countered_with_its_trigger"
    RULE = "113.7a"

    def ability_countered(self, ab: StackAbility) -> None:
        if ab.name != "cycle_trigger":
            return
        for item in [i for i in self.stack if isinstance(i, StackAbility)
                     and i.source == ab.source and i.name == "cycling"]:
            self.stack.remove(item)
            self._emit("countered", object=item.id, source=item.source, ability=item.name)


TRIGGER_FAMILY_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (MagecraftIgnoresCopies, MagecraftOncePerCopiedSpell,
                                RaidNeedsAttackerOnBattlefield, RaidPerAttacker,
                                CyclingCounteredWithItsTrigger)
    if cls.MUTANT is not None
}
"""Mutant name -> engine class, for the families of this module's mutants."""
