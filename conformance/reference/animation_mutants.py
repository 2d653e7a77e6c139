"""Mutants of summoning sickness for permanents that become creatures (302.6; the animations:
:mod:`conformance.reference.animation_text`): "A noncreature permanent that turns into a
creature can attack, and its {T} abilities can be activated, only if its controller has
continuously controlled that permanent since the beginning of their most recent turn" — the
cases mined from that ruling (:mod:`conformance.mining.families.animated`) kill each."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Chars, Obj


class AnimatedIgnoresSummoningSickness(ReferenceEngine):
    """Summoning sickness binds only permanents printed as creatures: a land or artifact that
    became a creature the turn it came under its controller's control may attack and {T}."""

    MUTANT = "animated_ignores_summoning_sickness"
    RULE = "302.6"

    def is_summoning_sick(self, obj: Obj, chars: Chars) -> bool:
        if "Creature" not in self._base(obj).types:
            return False
        return super().is_summoning_sick(obj, chars)


class AnimatedPermanentSick(ReferenceEngine):
    """A permanent that became a creature is summoning sick, however long its controller has
    controlled it (as if "sickness" began when it became a creature)."""

    MUTANT = "animated_permanent_sick"
    RULE = "302.6"

    def is_summoning_sick(self, obj: Obj, chars: Chars) -> bool:
        if "Creature" in chars.types and "Creature" not in self._base(obj).types:
            return "haste" not in chars.keywords
        return super().is_summoning_sick(obj, chars)


ANIMATION_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (AnimatedIgnoresSummoningSickness, AnimatedPermanentSick)
}
"""Mutant name -> engine class."""
