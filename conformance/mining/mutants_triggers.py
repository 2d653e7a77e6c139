"""Family mutants of ability-word triggers (see :mod:`conformance.mining.mutants`): magecraft
and copies of spells (207.2c, 707.10). :data:`TRIGGER_FAMILY_MUTANTS` is added to the reference
mutants, so ``rulings mutants`` and ``mutant:NAME`` engine specs run them too."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine


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


TRIGGER_FAMILY_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (MagecraftIgnoresCopies, MagecraftOncePerCopiedSpell)
    if cls.MUTANT is not None
}
"""Mutant name -> engine class, for the families of this module's mutants."""
