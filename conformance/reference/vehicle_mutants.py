"""Mutants of the rules of Vehicles and crew (:mod:`conformance.reference.vehicles`: 301.7,
702.122, 208.3) and of exert (:mod:`conformance.reference.exert`: 701.39), each breaking one
hook; the families of :mod:`conformance.mining.families.vehicles` and
:mod:`conformance.mining.families.exert` kill them (registered in
:data:`conformance.reference.mutants.MUTANTS`)."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.exert import Exerted
from conformance.reference.objects import Chars, Obj


class VehiclePtWhenNotCreature(ReferenceEngine):
    """A Vehicle that is not a creature has its printed power and toughness (breaks 208.3)."""

    MUTANT = "vehicle_pt_when_not_creature"
    RULE = "208.3"

    def noncreature_has_pt(self, obj: Obj, chars: Chars) -> bool:
        return True


class SickCreaturesCantCrew(ReferenceEngine):
    """A creature its controller has not controlled since their turn began can't crew (as if
    crewing were a {T} cost; breaks 702.122a with 302.6)."""

    MUTANT = "sick_creatures_cant_crew"
    RULE = "702.122a"

    def may_crew_with(self, player: str, ob: Obj) -> bool:
        return super().may_crew_with(player, ob) and not ob.summoning_sick


class CrewExactCreatures(ReferenceEngine):
    """A crew cost may not be paid with more creatures than needed: each creature tapped must
    be needed to reach the crew number (breaks 702.122a: "total power N or more")."""

    MUTANT = "crew_exact_creatures"
    RULE = "702.122a"

    def crew_total_paid(self, n: int, powers: list[int]) -> bool:
        return sum(powers) >= n and (not powers or sum(powers) - min(powers) < n)


class CrewOnlyNoncreature(ReferenceEngine):
    """A Vehicle that is already a creature can't be crewed (breaks the crew rulings:
    702.122a has no such restriction)."""

    MUTANT = "crew_only_noncreature"
    RULE = "702.122a"

    def may_activate_crew(self, vehicle: Obj) -> bool:
        return "Creature" not in self.chars(vehicle).types


class CrewingIsEntering(ReferenceEngine):
    """A Vehicle that becomes a creature is treated as a creature entering the battlefield:
    "whenever a creature enters" abilities trigger (breaks 603.6a: only a permanent moving onto
    the battlefield enters it)."""

    MUTANT = "crewing_is_entering"
    RULE = "603.6a"

    def crewing_enters(self) -> bool:
        return True


class OnlyCreatureCardsCrew(ReferenceEngine):
    """Only a permanent that is a creature card (printed type) may crew: a crewed Vehicle can't
    (breaks 702.122a: any untapped creature you control)."""

    MUTANT = "only_creature_cards_crew"
    RULE = "702.122a"

    def may_crew_with(self, player: str, ob: Obj) -> bool:
        return super().may_crew_with(player, ob) and "Creature" in self._base(ob).types


class CrewEndsWithStep(ReferenceEngine):
    """A crewed Vehicle stops being a creature as the step it was crewed in ends (breaks
    702.122a: "until end of turn", 514.2)."""

    MUTANT = "crew_ends_with_step"
    RULE = "702.122a"

    def crewed_until_end_of_turn(self) -> bool:
        return False


class CrewSetsPrintedPt(ReferenceEngine):
    """Crewing a Vehicle sets its base power and toughness to the printed ones, undoing an
    effect that set others (breaks 702.122a, 613.4b: crew only adds types)."""

    MUTANT = "crew_sets_printed_pt"
    RULE = "613.4b"

    def crew_sets_base_pt(self) -> bool:
        return True


class ExertAnyCreature(ReferenceEngine):
    """Any attacking creature may be exerted (breaks 701.39: only one an effect lets you
    exert)."""

    MUTANT = "exert_any_creature"
    RULE = "701.39a"

    def may_exert(self, obj: Obj) -> bool:
        return True


class ExertWaitsForTappedUntap(ReferenceEngine):
    """An exert lasts until it has kept its creature tapped during an untap step of the player
    who exerted it (breaks 701.39a: "your next untap step", even when it was untapped then)."""

    MUTANT = "exert_waits_for_tapped_untap"
    RULE = "701.39a"

    def exert_ends(self, ex: Exerted, held: bool, active: str) -> bool:
        return ex.player == active and held


class ExertHoldsForController(ReferenceEngine):
    """An exerted creature doesn't untap during its controller's next untap step, whoever
    exerted it (breaks 701.39a: the untap step of the player who exerted it)."""

    MUTANT = "exert_holds_for_controller"
    RULE = "701.39a"

    def exert_holds(self, ex: Exerted, obj: Obj, active: str) -> bool:
        return obj.controller == active

    def exert_ends(self, ex: Exerted, held: bool, active: str) -> bool:
        return held


class ExertNoReflexiveTrigger(ReferenceEngine):
    """Exerting a creature does not trigger its "When you do, ..." (breaks 603.12, 701.39)."""

    MUTANT = "exert_no_reflexive_trigger"
    RULE = "603.12"

    def exert_reflexive_triggers(self, obj: Obj) -> bool:
        return False


class ExertNeedsTarget(ReferenceEngine):
    """A creature may be exerted only when its exert trigger has a legal target (breaks
    603.3d: the trigger is removed from the stack, the creature is still exerted)."""

    MUTANT = "exert_needs_target"
    RULE = "603.3d"

    def exert_needs_target(self, obj: Obj) -> bool:
        return True


class ExertedTriggersOnlyItself(ReferenceEngine):
    """"Whenever you exert a creature" triggers only when its source itself is exerted (breaks
    the exert rulings: any creature you exert)."""

    MUTANT = "exerted_triggers_only_itself"
    RULE = "701.39a"

    def exerted_triggers_for(self, source: Obj, exerted: Obj) -> bool:
        return source is exerted


class ExertOnlyOnce(ReferenceEngine):
    """A creature already exerted can't be exerted again to pay a cost (breaks the exert
    rulings: it may be, and still stays tapped during one untap step only)."""

    MUTANT = "exert_only_once"
    RULE = "701.39a"

    def may_exert_again(self, obj: Obj) -> bool:
        return False


VEHICLE_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (
        VehiclePtWhenNotCreature, SickCreaturesCantCrew, CrewExactCreatures, CrewOnlyNoncreature,
        CrewingIsEntering, OnlyCreatureCardsCrew, CrewEndsWithStep, CrewSetsPrintedPt,
        ExertAnyCreature,
        ExertWaitsForTappedUntap, ExertHoldsForController, ExertNoReflexiveTrigger,
        ExertNeedsTarget, ExertedTriggersOnlyItself, ExertOnlyOnce) if cls.MUTANT is not None
}
"""Mutant name -> engine class, for the Vehicle and exert families."""
