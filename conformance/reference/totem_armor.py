"""Totem armor (702.89a, renamed umbra armor in 2023), a part of
:class:`~conformance.reference.rules.Rules`: "If enchanted permanent would be destroyed, instead
remove all damage marked on it and destroy this Aura." A replacement effect (614.1a), applied
however the permanent would be destroyed (a "destroy" effect, lethal damage or deathtouch
damage, 704.5g-h), mandatory, and not regeneration (701.15: the permanent is not tapped nor
removed from combat, and "can't be regenerated" does not stop it). It does nothing when the
permanent is put into a graveyard otherwise (sacrificed, 701.17a; 0 toughness, 704.5f; the
legend rule, 704.5j), nor to an indestructible permanent, which would not be destroyed
(702.12b). When one effect destroys the Aura and the permanent at once, the permanent survives
(both replacements of the one event destroy the Aura).

:data:`TOTEM_ARMOR_HOOKS` are the hooks this module adds to
:data:`conformance.reference.rules.HOOKS`.
"""

from __future__ import annotations

from collections.abc import Iterable

from conformance.reference.objects import Flow, Obj
from conformance.reference.trigger_events import TriggerEvents

TOTEM_ARMOR = frozenset({"totem armor", "umbra armor"})
"""The keyword's names (702.89a)."""

DESTRUCTION = frozenset({"effect", "damage", "deathtouch"})
"""The reasons a permanent is destroyed (701.7, 704.5g-h): an effect, lethal damage, damage
from a source with deathtouch."""

TOTEM_ARMOR_HOOKS: dict[str, str] = {
    "totem_armor_replaces": "702.89a: totem armor replaces only the enchanted permanent's "
                            "destruction, not its sacrifice",
    "totem_armor_removes_damage": "702.89a: totem armor removes all damage marked on the "
                                  "permanent it saves",
    "totem_armor_before_indestructible": "702.89a, 702.12b: an indestructible permanent is not "
                                         "destroyed, so totem armor does nothing",
    "totem_armor_taps": "702.89a, 701.15a: totem armor is not regeneration: no tapping, no "
                        "removal from combat",
    "aura_host_controller": "702.89a (Umbra Mystic's rulings): 'Auras attached to permanents "
                            "you control' looks at who controls the permanent, not the Aura",
    "destroy_together": "701.7, 702.89a: permanents one effect destroys are destroyed at once "
                        "(a totem armor Aura destroyed with its permanent saves it)",
}
"""The hooks of :class:`TotemArmor`."""


class TotemArmor(TriggerEvents):
    """Totem armor (702.89a): the Aura is destroyed instead of the enchanted permanent."""

    def _reset(self) -> None:
        super()._reset()
        self._doomed_together: set[str] = set()
        """Ids of the permanents the effect being performed destroys at once (701.7)."""
        self._deathtouched_now: set[tuple[str, int]] = set()
        """(id, zone-change count) of the creatures the state-based actions being performed
        found dealt damage by a source with deathtouch (704.5h)."""

    def totem_armor_aura(self, obj: Obj) -> Obj | None:
        """The Aura with totem armor attached to ``obj`` (the first by timestamp), if any."""
        for oid in self.battlefield:
            aura = self.objects[oid]
            ref = aura.attached_to
            if ref is not None and ref.id == obj.id and ref.zcc == obj.zcc \
                    and TOTEM_ARMOR & self.chars(aura).keywords:
                return aura
        return None

    def totem_armor_replaces(self, events: frozenset[str]) -> bool:
        """Hook: whether totem armor replaces the enchanted permanent's leaving for ``events``,
        the reasons it would leave at once: ``effect`` (an effect destroys it, 701.7),
        ``damage`` (lethal damage, 704.5g), ``deathtouch`` (704.5h), ``sacrifice`` (701.17a):
        any destruction, whatever the reasons, not a sacrifice (702.89a)."""
        return bool(events) and events <= DESTRUCTION

    def totem_armor_removes_damage(self) -> bool:
        """Hook: the permanent totem armor saves has all its damage removed (702.89a)."""
        return True

    def totem_armor_before_indestructible(self) -> bool:
        """Hook: whether totem armor applies to an indestructible permanent: no, it would not
        be destroyed (702.12b)."""
        return False

    def totem_armor_taps(self) -> bool:
        """Hook: whether the saved permanent is tapped and removed from combat as regeneration
        would do (701.15a): no, totem armor is not regeneration."""
        return False

    def _state_based_actions(self) -> Flow:
        self._deathtouched_now = {(ob.id, ob.zcc) for oid in self.battlefield
                                  if (ob := self.objects[oid]).deathtouched and ob.damage > 0}
        try:
            yield from super()._state_based_actions()
        finally:
            self._deathtouched_now = set()

    def _reasons(self, obj: Obj) -> frozenset[str]:
        """Why ``obj`` is being destroyed: lethal damage and/or deathtouch found by the
        state-based actions being performed, else an effect."""
        c = self.chars(obj)
        found = {"deathtouch"} if (obj.id, obj.zcc) in self._deathtouched_now else set()
        if c.toughness is not None and "Creature" in c.types and obj.damage >= c.toughness > 0:
            found.add("damage")
        return frozenset(found or {"effect"})

    def _totem_armor_saves(self, obj: Obj, events: frozenset[str]) -> bool:
        """Apply totem armor to ``obj`` leaving for ``events`` if it replaces that; whether it
        did."""
        if obj.zone != "battlefield" or not self.totem_armor_replaces(events):
            return False
        if "indestructible" in self.chars(obj).keywords \
                and not self.totem_armor_before_indestructible():
            return False
        aura = self.totem_armor_aura(obj)
        if aura is None:
            return False
        if self.totem_armor_removes_damage():
            obj.damage = 0
            obj.deathtouched = False
        if self.totem_armor_taps():
            obj.tapped = True
            obj.attacking = obj.blocking = None
            obj.blocked = False
        if aura.id not in self._doomed_together:
            self._destroy(aura)
        return True

    def _destroy(self, obj: Obj) -> None:
        """Destroy ``obj``, unless totem armor replaces it (702.89a)."""
        try:
            if self._totem_armor_saves(obj, self._reasons(obj)):
                return
        finally:
            self._deathtouched_now.discard((obj.id, obj.zcc))
        super()._destroy(obj)

    def _sacrifice(self, obj: Obj) -> None:
        if self._totem_armor_saves(obj, frozenset({"sacrifice"})):
            return
        super()._sacrifice(obj)

    def pay_with_object(self, player: str, kind: str, obj: Obj) -> None:
        """Hook: pay one cost with ``obj``; a sacrifice is not destruction, totem armor does
        not replace it (unless :meth:`totem_armor_replaces` says otherwise)."""
        if kind == "sacrifice" and self._totem_armor_saves(obj, frozenset({"sacrifice"})):
            return
        super().pay_with_object(player, kind, obj)

    def destroy_together(self, objs: Iterable[Obj]) -> None:
        """Hook: destroy ``objs`` at once (701.7: "destroy all ..."): the replacement effects of
        each destruction apply to the one event, so an Aura with totem armor destroyed with its
        permanent still saves it (and is destroyed once)."""
        doomed = list(objs)
        self._doomed_together = {ob.id for ob in doomed}
        try:
            saved = [ob for ob in doomed if ob.zone == "battlefield"
                     and self._totem_armor_saves(ob, frozenset({"effect"}))]
        finally:
            self._doomed_together = set()
        for ob in doomed:
            if ob.zone == "battlefield" and ob not in saved:
                super()._destroy(ob)
