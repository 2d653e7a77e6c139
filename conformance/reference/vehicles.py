"""Vehicles (rule 301.7) and crew (702.122), and the power and toughness of noncreature
permanents (208.3): :class:`Vehicles`, a part of :class:`~conformance.reference.rules.Rules`.

* A Vehicle is an artifact with a printed power and toughness (301.7a); it is not a creature
  unless an effect makes it one, and a noncreature permanent has no power or toughness, even
  when it is a card with them printed (208.3). Becoming a creature does not make it enter the
  battlefield (it only changed its types).
* "Crew N" (702.122a): "Tap any number of untapped creatures you control with total power N or
  more: This Vehicle becomes an artifact creature until end of turn." The creatures tapped are
  the ``costs.tap`` of the ``activate`` action. Tapping them is not a {T} cost, so a creature
  that came under its controller's control this turn may crew (302.6 does not apply); any
  untapped creature may, a crewed Vehicle included, and more creatures than needed may be
  tapped. Crewing a Vehicle that is already an artifact creature is legal and changes nothing.
  The effect only adds the card type creature (layer 4): the Vehicle has its printed power and
  toughness (301.7c).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.reference.abilities import CostPart
from conformance.reference.control_abilities import Animation, TypeEffect
from conformance.reference.control_rules import ControlRules
from conformance.reference.objects import Chars, Flow, Obj, refuse
from conformance.reference.vehicle_text import CREW

VEHICLE_HOOKS: dict[str, str] = {
    "noncreature_has_pt": "208.3: a noncreature permanent has no power or toughness",
    "may_crew_with": "702.122a, 302.6: any untapped creature you control may be tapped to "
                     "crew, summoning sick or not",
    "crew_total_paid": "702.122a: creatures with total power N or more, more than needed "
                       "allowed",
    "may_activate_crew": "702.122a (rulings): a Vehicle that is already a creature may be "
                         "crewed",
    "crewed_until_end_of_turn": "702.122a: a crewed Vehicle is a creature until end of turn",
    "crewing_enters": "603.6a (rulings): a Vehicle becoming a creature doesn't enter the "
                      "battlefield",
    "crew_sets_base_pt": "702.122a, 613.4b (rulings): crew only adds types; an effect that set "
                         "a Vehicle's power and toughness still applies",
}
"""The hooks of :class:`Vehicles`."""


class Vehicles(ControlRules):
    """Crew abilities and the characteristics of Vehicles."""

    def _reset(self) -> None:
        super()._reset()
        self.crew_effects: list[TypeEffect] = []
        """The effects of crew abilities that resolved (also in ``type_effects``)."""

    # --- 208.3 -----------------------------------------------------------------------------

    def noncreature_has_pt(self, obj: Obj, chars: Chars) -> bool:
        """Hook: whether a noncreature permanent has the power and toughness printed on its
        card: never (208.3: a Vehicle that is not a creature has none)."""
        return False

    def chars(self, obj: Obj) -> Chars:
        c = super().chars(obj)
        if (obj.zone == "battlefield" and c.power is not None and "Creature" not in c.types
                and not self.noncreature_has_pt(obj, c)):
            return replace(c, power=None, toughness=None)
        return c

    # --- crew ------------------------------------------------------------------------------

    def may_crew_with(self, player: str, ob: Obj) -> bool:
        """Hook: whether ``ob`` may be tapped to pay a crew cost of ``player``'s: an untapped
        creature ``player`` controls, whatever it is (a crewed Vehicle too) and however long
        it has been controlled (302.6 is only about {T} costs)."""
        return (ob.zone == "battlefield" and ob.controller == player and not ob.tapped
                and "Creature" in self.chars(ob).types)

    def crew_total_paid(self, n: int, powers: list[int]) -> bool:
        """Hook: whether creatures of ``powers`` pay "Crew N": their total power is N or more,
        however many of them are more than needed."""
        return sum(powers) >= n

    def may_activate_crew(self, vehicle: Obj) -> bool:
        """Hook: whether a crew ability may be activated: always, a Vehicle that is already an
        artifact creature included (the ability then changes nothing)."""
        return True

    def crewed_until_end_of_turn(self) -> bool:
        """Hook: a crew ability's effect lasts until end of turn (514.2), not only until the end
        of the step in which it resolved."""
        return True

    def crewing_enters(self) -> bool:
        """Hook: whether a Vehicle that becomes a creature counts as a creature entering the
        battlefield: no, it was on the battlefield already and only changed its types, so
        "whenever a creature enters" abilities don't trigger."""
        return False

    def crew_sets_base_pt(self) -> bool:
        """Hook: whether a crew ability sets the Vehicle's base power and toughness to its
        printed ones (layer 7b): no, it only adds types (layer 4), so an effect that gave the
        Vehicle another power and toughness still applies."""
        return False

    def crew_animates(self, vehicle: Obj) -> None:
        """The effect of a crew ability: ``vehicle`` becomes an artifact creature until end of
        turn (layer 4; its power and toughness are its printed ones, 301.7c, unless an effect
        set others)."""
        eff = TypeEffect(next(self._clock), vehicle.ref, ("Artifact", "Creature"), True)
        self.type_effects.append(eff)
        self.crew_effects.append(eff)
        printed = self._base(vehicle)
        if self.crew_sets_base_pt() and printed.power is not None \
                and printed.toughness is not None:
            self.animations.append(Animation(next(self._clock), frozenset({vehicle.ref}),
                                             ("Artifact", "Creature"),
                                             (printed.power, printed.toughness), True))
        if self.crewing_enters():
            self.detect_enters_triggers(vehicle)

    def activate(self, a: dict[str, Any]) -> Flow:
        obj = self._get(a.get("object")) if isinstance(a.get("object"), str) else None
        if obj is not None and obj.zone == "battlefield":
            text = self.abilities(obj)
            idx = a.get("ability", 0)
            abilities = text.activated if text is not None else ()
            if isinstance(idx, int) and 0 <= idx < len(abilities) and any(
                    p.kind == CREW for p in abilities[idx].extra_costs) \
                    and not self.may_activate_crew(obj):
                raise refuse("illegal_action", f"{obj.id} cannot be crewed now")
        yield from super().activate(a)

    def _cost_objects(self, player: str, costs: dict[str, Any], required: tuple[CostPart, ...],
                      paying_for: Obj | None) -> list[tuple[str, Obj]]:
        crew = [p for p in required if p.kind == CREW]
        if not crew:
            return super()._cost_objects(player, costs, required, paying_for)
        rest = tuple(p for p in required if p.kind != CREW)
        ids = costs.get("tap") or []
        out = super()._cost_objects(player, {k: v for k, v in costs.items() if k != "tap"},
                                    rest, paying_for)
        if not isinstance(ids, list) or len(set(map(str, ids))) != len(ids):
            raise refuse("illegal_action", "costs.tap is a list of distinct ids")
        crewers = [self._get(oid) for oid in ids]
        for ob in crewers:
            if not self.may_crew_with(player, ob):
                raise refuse("illegal_action", f"{ob.id} cannot be tapped to crew (an untapped "
                                               "creature you control, 702.122a)")
        powers = [self.chars(ob).power or 0 for ob in crewers]
        if not self.crew_total_paid(crew[0].n, powers):
            raise refuse("illegal_action", f"crew {crew[0].n}: the creatures of costs.tap have "
                                           f"total power {sum(powers)} (rule 702.122a)")
        return out + [("tap", ob) for ob in crewers]

    def _enter_step(self, name: str, new_turn: bool) -> None:
        if self.crew_effects and not self.crewed_until_end_of_turn():
            self.type_effects = [e for e in self.type_effects if e not in self.crew_effects]
            self.crew_effects = []
        super()._enter_step(name, new_turn)
        if name == "cleanup":
            self.crew_effects = [e for e in self.crew_effects if e in self.type_effects]
