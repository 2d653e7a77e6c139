"""Mutants of persist and undying (702.79a, 702.93a: :mod:`conformance.reference.persist`) and of
totem armor (702.89a: :mod:`conformance.reference.totem_armor`), each breaking the one rules point
of a family of :mod:`conformance.mining.families.persist` or
:mod:`conformance.mining.families.totem_armor`."""

from __future__ import annotations

from collections.abc import Iterable

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Chars, Obj, other


class PersistChecksGraveyardCard(ReferenceEngine):
    """Persist and undying look at the card in the graveyard (which has no counters) instead of
    the permanent as it last existed on the battlefield (breaks 603.10a, 702.79a, 702.93a)."""

    MUTANT = "persist_checks_graveyard_card"
    RULE = "702.79a"

    def persist_counters_seen(self, obj: Obj) -> dict[str, int]:
        return {}


class PersistedKeepsCounters(ReferenceEngine):
    """The permanent persist or undying returns keeps the counters the old one had, as if it
    were the same object (breaks 400.7, 702.79a)."""

    MUTANT = "persisted_keeps_counters"
    RULE = "400.7"

    def returned_counters(self, counter: str, before: dict[str, int]) -> dict[str, int]:
        return {**before, counter: before.get(counter, 0) + 1}


class PersistReturnsFromExile(ReferenceEngine):
    """Persist and undying return the card from its owner's graveyard or exile, even after it
    left the graveyard (breaks 400.7d, 702.79a)."""

    MUTANT = "persist_returns_from_exile"
    RULE = "400.7d"

    def persisted_card_found(self, obj: Obj, zcc: int) -> bool:
        return obj.zone in ("graveyard", "exile")


class GraveyardTokenReturns(ReferenceEngine):
    """A token put into a graveyard stays there like a card, and persist or undying returns it
    (breaks 704.5d, 111.7-8: it ceases to exist and can't come back)."""

    MUTANT = "graveyard_token_returns"
    RULE = "111.8"

    def left_token_may_return(self, obj: Obj) -> bool:
        return True

    def ceases_to_exist(self, obj: Obj) -> bool:
        if obj.token is not None and obj.zone == "graveyard":
            return False
        return super().ceases_to_exist(obj)


class NonactiveTriggersFirst(ReferenceEngine):
    """The nonactive player puts their waiting triggers on the stack first, so the active
    player's resolve first (breaks 603.3b, APNAP order)."""

    MUTANT = "nonactive_triggers_first"
    RULE = "603.3b"

    def apnap_order(self) -> tuple[str, str]:
        return other(self.active), self.active


class TotemArmorOnlyForDamage(ReferenceEngine):
    """Totem armor replaces only destruction by lethal damage, not an effect that says
    "destroy" (breaks 702.89a)."""

    MUTANT = "totem_armor_only_for_damage"
    RULE = "702.89a"

    def totem_armor_replaces(self, events: frozenset[str]) -> bool:
        return bool(events) and events <= {"damage", "deathtouch"}


class TotemArmorMissesDeathtouch(ReferenceEngine):
    """Totem armor replaces lethal damage's destruction but not the one deathtouch causes at
    the same time, which still destroys the permanent (breaks 702.89a, 704.5h)."""

    MUTANT = "totem_armor_misses_deathtouch"
    RULE = "702.89a"

    def totem_armor_replaces(self, events: frozenset[str]) -> bool:
        return bool(events) and events <= {"effect", "damage"}


class TotemArmorReplacesSacrifice(ReferenceEngine):
    """Totem armor also saves the enchanted permanent from being sacrificed (breaks 702.89a,
    701.17a: a sacrifice is not destruction)."""

    MUTANT = "totem_armor_replaces_sacrifice"
    RULE = "702.89a"

    def totem_armor_replaces(self, events: frozenset[str]) -> bool:
        return bool(events)


class TotemArmorKeepsDamage(ReferenceEngine):
    """Totem armor destroys the Aura but leaves the damage marked on the permanent (breaks
    702.89a: lethal damage then destroys it at the next check)."""

    MUTANT = "totem_armor_keeps_damage"
    RULE = "702.89a"

    def totem_armor_removes_damage(self) -> bool:
        return False


class TotemArmorBeatsIndestructible(ReferenceEngine):
    """Totem armor applies to an indestructible permanent, destroying its Aura (breaks 702.12b,
    702.89a: an indestructible permanent would not be destroyed)."""

    MUTANT = "totem_armor_beats_indestructible"
    RULE = "702.12b"

    def totem_armor_before_indestructible(self) -> bool:
        return True


class TotemArmorRegenerates(ReferenceEngine):
    """Totem armor works as regeneration: the saved permanent is tapped and removed from combat
    (breaks 702.89a, 701.15a)."""

    MUTANT = "totem_armor_regenerates"
    RULE = "702.89a"

    def totem_armor_taps(self) -> bool:
        return True


class AurasYouControlHave(ReferenceEngine):
    """"Auras attached to permanents you control have ..." affects only the Auras you control
    that are attached to your permanents, not another player's Aura on your permanent (breaks
    Umbra Mystic's ruling of 702.89a)."""

    MUTANT = "auras_you_control_have"
    RULE = "702.89a"

    def aura_host_controller(self, obj: Obj, c: Chars) -> str | None:
        host = super().aura_host_controller(obj, c)
        return host if host == obj.controller else None


class DestroyAllAurasFirst(ReferenceEngine):
    """"Destroy all ..." destroys permanents one at a time, Auras first, so an Aura with totem
    armor is gone before its permanent is destroyed (breaks 701.7: they are destroyed at
    once)."""

    MUTANT = "destroy_all_auras_first"
    RULE = "701.7"

    def destroy_together(self, objs: Iterable[Obj]) -> None:
        doomed = sorted(objs, key=lambda ob: "Aura" not in self.chars(ob).subtypes)
        for ob in doomed:
            if ob.zone == "battlefield":
                self._destroy(ob)


PERSIST_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (
        PersistChecksGraveyardCard, PersistedKeepsCounters, PersistReturnsFromExile,
        GraveyardTokenReturns, NonactiveTriggersFirst,
        TotemArmorOnlyForDamage, TotemArmorMissesDeathtouch, TotemArmorReplacesSacrifice,
        TotemArmorKeepsDamage, TotemArmorBeatsIndestructible, TotemArmorRegenerates,
        AurasYouControlHave, DestroyAllAurasFirst)}
"""Mutant name -> engine class."""
