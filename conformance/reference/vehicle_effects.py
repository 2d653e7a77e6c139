"""The rules of :class:`~conformance.reference.vehicle_text.Crewed` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported): the Vehicle that is
the source of the crew ability becomes an artifact creature until end of turn (702.122a), a
layer-4 effect kept by :class:`conformance.reference.vehicles.Vehicles`."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from conformance.reference.control_abilities import Animation
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.vehicle_text import ArtifactBecomesCreatureByValue, Crewed

if TYPE_CHECKING:
    from conformance.reference.vehicles import Vehicles


@effect(Crewed)
def _crewed(r: Effects, eff: Crewed, ctx: EffectContext) -> None:
    src = r.objects.get(ctx.source)
    if src is None or src.zone != "battlefield":
        return
    cast("Vehicles", r).crew_animates(src)


@effect(ArtifactBecomesCreatureByValue)
def _by_value(r: Effects, eff: ArtifactBecomesCreatureByValue, ctx: EffectContext) -> None:
    """The target artifact, if still legal, becomes an artifact creature with base power and
    toughness its mana value until end of turn (layers 4, 7b)."""
    ref = ctx.first()
    if ref is None:
        return
    mv = r.chars(r.objects[ref.id]).mana_value
    cast("Vehicles", r).animations.append(Animation(next(r._clock), frozenset({ref}),
                                                    ("Artifact", "Creature"), (mv, mv), True))
