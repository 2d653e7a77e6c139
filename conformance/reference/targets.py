"""Targets (rules 115, 601.2c, 608.2b) and crimes (rule 700.13): which objects and players a
target slot allows, choosing and checking targets, and the crime a spell or ability that
targets an opponent or what they control or own commits."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from conformance.reference import abilities as o
from conformance.reference import effect_blocks as fx
from conformance.reference.continuous_effects import ContinuousEffects
from conformance.reference.objects import (
    PLAYERS,
    Chars,
    Obj,
    Ref,
    refuse,
)
from conformance.reference.target_filters import PLAYER_OR_PLANESWALKER
from conformance.reference.target_kinds import is_filter_kind, kind_legal


class Targets(ContinuousEffects):
    """Targets and crimes."""

    crime_timing = "cast"
    """Hook: when a crime is committed: ``cast`` (as the spell becomes cast, the ruling) or
    ``resolution``."""

    def _slot_legal(self, ref: Ref, slot: fx.TargetSlot, controller: str,
                    exclude: str | None = None, source: str | None = None) -> bool:
        """Whether ``ref`` is a legal target for ``slot`` of a spell or ability ``controller``
        controls whose source is ``source`` (default: ``exclude``, the spell itself, which
        can't target itself)."""
        if ref.zcc is None:
            return (slot.kind in ("any", "player", "opponent", *PLAYER_OR_PLANESWALKER)
                    and ref.id in PLAYERS and not self.players[ref.id].lost
                    and (slot.kind != "opponent" or ref.id != controller))
        obj = self.objects.get(ref.id)
        if obj is None or obj.zcc != ref.zcc or obj.id == exclude:
            return False
        if slot.kind.endswith(":other") and obj.id == source:  # "another target": not its source
            return False
        c = self.chars(obj)
        if slot.kind in ("player", "opponent"):
            return False
        if obj.zone == "battlefield" and (not self.targetable_by(obj, c, controller)
                                          or self._protected_from(c, source or exclude)):
            return False
        if slot.kind in PLAYER_OR_PLANESWALKER:  # "target player or planeswalker"
            return obj.zone == "battlefield" and "Planeswalker" in c.types
        if slot.kind == "creature_or_planeswalker":
            return obj.zone == "battlefield" and bool({"Creature", "Planeswalker"} & set(c.types))
        if slot.kind == "attacking_or_blocking_creature":
            return (obj.zone == "battlefield" and "Creature" in c.types
                    and (obj.attacking is not None or obj.blocking is not None))
        if slot.kind == "any":  # 115.4: a creature, a planeswalker or a battle, or a player
            return obj.zone == "battlefield" and bool(self.any_target_types() & set(c.types))
        if slot.kind in ("creature", "creature_you_control"):
            ok = obj.zone == "battlefield" and "Creature" in c.types
            return ok and (slot.kind != "creature_you_control" or obj.controller == controller)
        if slot.kind in ("artifact", "enchantment", "land"):
            return obj.zone == "battlefield" and slot.kind.capitalize() in c.types
        if slot.kind in ("permanent", "nonland_permanent"):
            return obj.zone == "battlefield" and (slot.kind == "permanent"
                                                  or "Land" not in c.types)
        if slot.kind == "artifact_or_enchantment":
            return obj.zone == "battlefield" and bool({"Artifact", "Enchantment"} & set(c.types))
        if slot.kind == "spell":
            return obj.zone == "stack"
        if slot.kind == "instant_or_sorcery_spell":
            return obj.zone == "stack" and bool({"Instant", "Sorcery"} & set(c.types))
        if slot.kind == "graveyard_card":
            return self.is_graveyard_card(obj)
        if is_filter_kind(slot.kind):  # "target creature you don't control", ...
            return kind_legal(self, slot.kind, obj, c, controller, source or exclude)
        raise refuse("internal", f"target kind {slot.kind}")

    def legal_target(self, target: str, kind: str, controller: str) -> bool:
        """Whether the object or player ``target`` (an id) is now a legal target for a slot of
        ``kind`` (``creature``, ``perm:Creature:tapped``, ...) of a spell or ability
        ``controller`` controls (rule 115; miners ask it which object fits a slot)."""
        if target not in PLAYERS and target not in self.objects:
            return False
        return self._slot_legal(self._ref_of(target), fx.TargetSlot(kind), controller)

    def any_target_types(self) -> frozenset[str]:
        """Hook: the permanents "any target" allows: creatures, planeswalkers and battles
        (115.4; players are the slot's other half)."""
        return frozenset({"Creature", "Planeswalker", "Battle"})

    def is_graveyard_card(self, obj: Obj) -> bool:
        """Hook: "target card in a graveyard" means a card in a graveyard now; a card being
        cast from a graveyard has moved to the stack, a new object (400.7, 601.2a)."""
        return obj.zone == "graveyard"

    def targetable_by(self, obj: Obj, chars: Chars, controller: str) -> bool:
        """Hook: a permanent with shroud can't be the target of spells or abilities (702.18a);
        one with hexproof can't be the target of those its opponents control (702.11b)."""
        if "shroud" in chars.keywords:
            return False
        return "hexproof" not in chars.keywords or obj.controller == controller

    def _protected_from(self, chars: Chars, source: str | None) -> bool:
        """Protection from a color (702.16): whether a permanent with ``chars`` is protected
        from the object ``source`` (its color)."""
        if source is None or not chars.keywords & o.PROTECTIONS.keys():
            return False
        src = self.objects.get(source)
        if src is None:
            return False
        colors = set(self.chars(src).colors)
        return any(o.PROTECTIONS[k] in colors for k in chars.keywords & o.PROTECTIONS.keys())

    def _ref_of(self, tid: Any) -> Ref:
        if tid in PLAYERS:
            return Ref(tid)
        return self._get(tid).ref

    def _choose_targets(self, slots: tuple[fx.TargetSlot, ...], ids: list[Any], controller: str,
                        exclude: str | None, source: str | None = None) -> list[list[Ref]]:
        """Split ``ids`` over ``slots`` and check that each target is legal (rule 601.2c)."""
        lo = sum(s.min for s in slots)
        hi = sum(s.max for s in slots)
        if not lo <= len(ids) <= hi:
            raise refuse("illegal_action", f"needs {lo}..{hi} targets, got {len(ids)}")
        extra = len(ids) - lo
        out: list[list[Ref]] = []
        pos = 0
        for s in slots:
            n = s.min + min(extra, s.max - s.min)
            extra -= n - s.min
            out.append([self._ref_of(t) for t in ids[pos:pos + n]])
            pos += n
        self._check_targets(slots, out, controller, exclude, None, source)
        return out

    def _check_targets(self, slots: tuple[fx.TargetSlot, ...], chosen: list[list[Ref]],
                       controller: str, exclude: str | None,
                       unchanged: list[list[Ref]] | None, source: str | None = None) -> None:
        seen: list[Ref] = []
        for si, (slot, refs) in enumerate(zip(slots, chosen, strict=True)):
            if len(set(refs)) != len(refs):
                raise refuse("illegal_action", "the same target twice for one word 'target'")
            for ti, ref in enumerate(refs):
                if unchanged is not None and unchanged[si][ti] == ref:
                    continue  # rule 707.10c: unchanged targets may stay even if illegal
                if not self._slot_legal(ref, slot, controller, exclude, source):
                    raise refuse("illegal_action", f"{ref.id} is not a legal target "
                                                   f"({slot.kind})")
                if slot.another and ref in seen:
                    raise refuse("illegal_action", f"{ref.id}: 'another target' repeats one")
            seen.extend(refs)

    def _targets_exist(self, slots: tuple[fx.TargetSlot, ...], controller: str,
                       source: str | None = None) -> bool:
        """Whether every slot needing a target has at least one legal candidate."""
        refs = [Ref(p) for p in PLAYERS] + [ob.ref for ob in self.objects.values()]
        return all(s.min == 0 or any(self._slot_legal(r, s, controller, None, source)
                                     for r in refs)
                   for s in slots)

    def opponent_related(self, ref: Ref, controller: str) -> bool:
        """Whether a target makes the spell or ability a crime (At Knifepoint's rulings)."""
        if ref.zcc is None:
            return ref.id != controller
        obj = self.objects.get(ref.id)
        if obj is None:
            return False
        if obj.zone in ("battlefield", "stack"):
            return obj.controller != controller
        if obj.zone == "graveyard":
            return obj.owner != controller
        return False

    def crime_count(self, controller: str, refs: Iterable[Ref]) -> int:
        """Hook: crimes committed by one spell or ability: one, however many targets."""
        return 1 if any(self.opponent_related(r, controller) for r in refs) else 0

    def commit_crimes(self, controller: str, targets: list[list[Ref]], source: str) -> None:
        """``controller`` commits the crimes (``crime_count``) of a spell or ability with these
        targets (rule 700.13)."""
        flat = [r for refs in targets for r in refs]
        for _ in range(self.crime_count(controller, flat)):
            self._emit("crime_committed", player=controller, source=source)
