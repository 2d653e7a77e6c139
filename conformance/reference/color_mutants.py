"""Mutants of layer 5 (colors, rule 613.1e; :mod:`conformance.reference.color_effects`), each
breaking one point of the color rulings; the mined devoid families kill them."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine


class DevoidAppliesAfterColorEffects(ReferenceEngine):
    """Devoid applies after the effects that set an object's color (613.3 broken: a
    characteristic-defining ability applies first in its layer), so a devoid creature made red
    stays colorless."""

    MUTANT = "devoid_applies_after_color_effects"
    RULE = "613.3"

    def layer5_colors(self, printed: tuple[str, ...], devoid: bool,
                      set_by: list[tuple[str, ...]]) -> tuple[str, ...]:
        colors = super().layer5_colors(printed, devoid, set_by)
        return () if devoid else colors


COLOR_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (DevoidAppliesAfterColorEffects,)
}
"""Mutant name -> engine class, for the color families."""
