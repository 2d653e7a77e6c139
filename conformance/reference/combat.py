"""Combat damage (rules 506-511): the first-strike combat damage step (510.4), first strike and
double strike (702.4, 702.7), damage dealt simultaneously (510.2)."""

from __future__ import annotations

from conformance.reference.effects import Effects
from conformance.reference.objects import (
    Obj,
    Ref,
    refuse,
)


class Combat(Effects):
    """Combat damage."""

    def first_strike_step_happens(self) -> bool:
        """Hook: a first-strike combat damage step happens if an attacking or blocking
        creature has first strike or double strike (rule 510.4)."""
        return any({"first strike", "double strike"} & self.chars(ob).keywords
                   for ob in self._in_combat())

    def deals_regular_damage(self, obj: Obj) -> bool:
        """Hook: in the second combat damage step, creatures that had neither first strike nor
        double strike as the first step began, and creatures that now have double strike
        (rule 510.4, 702.7c)."""
        return obj.id not in self.fs_began or "double strike" in self.chars(obj).keywords

    def _in_combat(self) -> list[Obj]:
        return [self.objects[i] for i in self.battlefield
                if self.objects[i].attacking is not None or self.objects[i].blocking is not None]

    def tramples(self, attacker: Obj) -> bool:
        """Hook: an attacking creature with trample assigns the damage beyond lethal damage to
        its blockers to the player it attacks (702.19b-c, e)."""
        return "trample" in self.chars(attacker).keywords

    def _lethal_damage(self, creature: Obj, source: Obj) -> int:
        """Lethal damage for an assignment (702.19b, 510.1c-d): the toughness less the damage
        already marked, 1 from a source with deathtouch (702.2c), never below 0."""
        c = self.chars(creature)
        left = max(0, (c.toughness or 0) - creature.damage)
        return min(left, 1) if "deathtouch" in self.chars(source).keywords else left

    def _combat_damage(self, first: bool) -> None:
        fighters = self._in_combat()
        if first:
            self.fs_began = {ob.id for ob in fighters
                             if {"first strike", "double strike"} & self.chars(ob).keywords}
            dealers = [ob for ob in fighters if ob.id in self.fs_began]
        elif self.fs_step:
            dealers = [ob for ob in fighters if self.deals_regular_damage(ob)]
        else:
            dealers = fighters
        hits: list[tuple[str, Ref, int]] = []
        for ob in dealers:
            power = self.chars(ob).power or 0
            if power <= 0:
                continue
            if ob.attacking is not None:
                blockers = [self.objects[i] for i in self.battlefield
                            if self.objects[i].blocking == ob.id]
                if len(blockers) > 1:
                    raise refuse("unsupported", "damage assignment among several blockers")
                trample = self.tramples(ob)
                if blockers:
                    lethal = self._lethal_damage(blockers[0], ob) if trample else power
                    hits.append((ob.id, blockers[0].ref, min(power, lethal)))
                    if power > lethal:  # the rest to the player (702.19b)
                        hits.append((ob.id, Ref(ob.attacking), power - lethal))
                elif not ob.blocked or trample:  # 702.19e: blocked by no creature
                    hits.append((ob.id, Ref(ob.attacking), power))
            elif ob.blocking is not None:
                att = self.objects.get(ob.blocking)
                if att is not None and att.zone == "battlefield" and att.attacking is not None:
                    hits.append((ob.id, att.ref, power))
        for src, target, amount in hits:  # dealt simultaneously (rule 510.2)
            self._damage(src, target, amount, combat=True)
