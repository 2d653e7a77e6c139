"""State-based actions (rule 704): losing the game, lethal damage and 0 toughness, Saga sacrifice,
the legend rule, Auras attached illegally, counter annihilation, tokens and copies leaving
their zones; performed simultaneously and repeated until none applies."""

from __future__ import annotations

from collections.abc import Iterable

from conformance.reference.objects import (
    Chars,
    Choice,
    Flow,
    Obj,
    Player,
    StackAbility,
    refuse,
)
from conformance.reference.targets import Targets


class StateBasedActions(Targets):
    """State-based actions."""

    def final_chapter(self, obj: Obj) -> int:
        """Hook: a saga's final chapter number among the chapter abilities it has (715.2d)."""
        text = self.abilities(obj)
        return max((n for ch in (text.chapters if text else ()) for n in ch.chapters), default=0)

    def saga_sacrifice_due(self, obj: Obj) -> bool:
        """Hook: rule 714.4 as of 2025: a Saga with one or more chapter abilities whose lore
        counters reach its final chapter, and no chapter ability of it waiting or on the stack."""
        final = self.final_chapter(obj)
        if final == 0 or obj.counters.get("lore", 0) < final:
            return False
        waiting = any(t.source == obj.id and t.chapter for t in self.pending)
        on_stack = any(isinstance(s, StackAbility) and s.source == obj.id and s.chapter
                       for s in self.stack)
        return not (waiting or on_stack)

    def loses_to_poison(self, pl: Player) -> bool:
        """Hook: a player with ten or more poison counters loses (rule 704.5c)."""
        return pl.poison >= 10

    def annihilated(self, obj: Obj) -> int:
        """Hook: how many +1/+1 and -1/-1 counters a permanent with both loses: N of each, N
        the smaller count (rule 704.5q)."""
        return min(obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0))

    def legend_groups(self) -> list[tuple[str, list[Obj]]]:
        """Hook: the legend rule (704.5j): for each player, each set of two or more legendary
        permanents they control with the same name, as (player, permanents)."""
        groups: dict[tuple[str, str], list[Obj]] = {}
        for oid in self.battlefield:
            obj = self.objects[oid]
            c = self.chars(obj)
            if "Legendary" in c.supertypes:
                groups.setdefault((obj.controller, c.name), []).append(obj)
        return [(pid, objs) for (pid, _), objs in groups.items() if len(objs) >= 2]

    def aura_attachment_legal(self, aura: Obj, chars: Chars) -> bool:
        """Hook: an Aura is legally attached when it is attached to an object on the
        battlefield (the same object, rule 400.7) that its enchant ability allows (704.5m)."""
        ref = aura.attached_to
        if ref is None or ref.zcc is None:
            return False
        host = self.objects.get(ref.id)
        if host is None or host.zcc != ref.zcc or host.zone != "battlefield":
            return False
        kind = chars.text.enchant if chars.text is not None else None
        if self._protected_from(self.chars(host), aura.id):  # 702.16c
            return False
        if kind == "creature_you_control":  # "Enchant creature you control" (303.4, 702.5a)
            return "Creature" in self.chars(host).types and host.controller == aura.controller
        return kind is None or kind.capitalize() in self.chars(host).types

    def equipment_attachment_legal(self, equipment: Obj) -> bool:
        """Hook: an Equipment is legally attached to a creature on the battlefield (the same
        object) it is not protected from; otherwise it becomes unattached (704.5n, 702.16d)."""
        ref = equipment.attached_to
        host = self.objects.get(ref.id) if ref is not None else None
        if ref is None or host is None or host.zcc != ref.zcc or host.zone != "battlefield":
            return False
        c = self.chars(host)
        return "Creature" in c.types and not self._protected_from(c, equipment.id)

    def destroyed_by_deathtouch(self, obj: Obj) -> bool:
        """Hook: a creature dealt damage by a source with deathtouch since state-based actions
        were last checked is destroyed (704.5h)."""
        return obj.deathtouched and obj.damage > 0

    def ceases_to_exist(self, obj: Obj) -> bool:
        """Hook: a token that is in a zone other than the battlefield (704.5d, 111.7) and a copy
        of a spell that is in a zone other than the stack (704.5e, 707.10a) cease to exist."""
        return ((obj.token is not None and obj.zone != "battlefield")
                or (obj.is_copy and obj.zone != "stack"))

    def left_token_may_return(self, obj: Obj) -> bool:
        """Hook: whether an object that left the battlefield may be returned to it by the
        effect that moved it ("exile ..., then return it"): a card may; a token can't move to
        another zone or come back onto the battlefield (111.8)."""
        return obj.token is None

    def planeswalker_loyalty_gone(self, obj: Obj, chars: Chars) -> bool:
        """Hook: a planeswalker with 0 loyalty goes to its owner's graveyard (704.5i); a battle
        with 0 defense too (704.5v)."""
        return (("Planeswalker" in chars.types and obj.counters.get("loyalty", 0) <= 0)
                or ("Battle" in chars.types and obj.counters.get("defense", 0) <= 0))

    def regenerates(self, obj: Obj) -> bool:
        """Hook: a permanent with a regeneration shield is regenerated instead of destroyed
        (701.15a)."""
        return obj.regeneration > 0

    def _destroy(self, obj: Obj) -> None:
        """Destroy ``obj`` (701.7): into its owner's graveyard, unless it is indestructible
        (702.12b) or regenerates (701.15a: tapped, all damage removed, out of combat)."""
        if "indestructible" in self.chars(obj).keywords:
            return
        if self.regenerates(obj):
            obj.regeneration -= 1
            obj.tapped = True
            obj.damage = 0
            obj.attacking = obj.blocking = None
            obj.blocked = False
            return
        self._move(obj, "graveyard")

    def destroy_together(self, objs: Iterable[Obj]) -> None:
        """Destroy ``objs`` at once (701.7, "destroy all ..."; a hook of
        :mod:`conformance.reference.totem_armor`)."""
        for ob in list(objs):
            if ob.zone == "battlefield":
                self._destroy(ob)

    def _state_based_actions(self) -> Flow:
        """Rule 704, repeated until none applies; all that apply at once are performed
        simultaneously (704.3), after the legend rule's choices are made."""
        while True:
            for pl in self.players.values():
                if not pl.lost and (pl.life <= 0 or pl.drew_from_empty
                                    or self.loses_to_poison(pl)):
                    pl.lost = True
            dies: list[Obj] = []
            destroyed: list[Obj] = []
            sacrifice: list[Obj] = []
            annihilate: list[tuple[Obj, int, int]] = []
            auras: list[Obj] = []
            detach: list[Obj] = []
            for oid in self.battlefield:
                obj = self.objects[oid]
                c = self.chars(obj)
                n = self.annihilated(obj)
                if n:
                    annihilate.append((obj, n, obj.zcc))
                if "Creature" in c.types and c.toughness is not None:
                    lethal = obj.damage >= c.toughness or self.destroyed_by_deathtouch(obj)
                    if c.toughness <= 0:
                        dies.append(obj)  # 704.5f: not destruction, no regeneration
                        continue
                    if lethal and "indestructible" not in c.keywords:
                        destroyed.append(obj)  # 704.5g-h: destroyed
                        continue
                if self.planeswalker_loyalty_gone(obj, c):
                    dies.append(obj)  # 704.5i, 704.5v: not destruction
                    continue
                if "Saga" in c.subtypes and self.saga_sacrifice_due(obj):
                    sacrifice.append(obj)
                if "Aura" in c.subtypes:
                    if not self.aura_attachment_legal(obj, c):
                        auras.append(obj)
                elif obj.attached_to is not None and (
                        "Creature" in c.types or "Equipment" not in c.subtypes
                        or not self.equipment_attachment_legal(obj)):
                    detach.append(obj)  # rules 704.5n, 704.5p
            for oid in self.battlefield:
                self.objects[oid].deathtouched = False  # checked now (704.5h)
            gone = [ob for ob in self.objects.values() if self.ceases_to_exist(ob)]
            legends: list[Obj] = []
            for pid, objs in self.legend_groups():
                ids = [ob.id for ob in objs]
                answer = yield Choice("legend_rule", {"player": pid, "objects": ids})
                keep = answer.get("keep")
                if keep not in ids:
                    raise refuse("illegal_action", f"legend rule: keep one of {ids}")
                legends.extend(ob for ob in objs if ob.id != keep)
            if not (dies or destroyed or sacrifice or gone or annihilate or legends or auras
                    or detach):
                return
            for obj in detach:
                obj.attached_to = None
            for obj in dies:
                self._move(obj, "graveyard")
            for obj in destroyed:
                self._destroy(obj)
            for obj in sacrifice:
                self._emit("sacrificed", object=obj.id, card=obj.card_name)
                self._move(obj, "graveyard")
            for obj in legends + auras:
                if obj.zone == "battlefield":
                    self._move(obj, "graveyard")
            for obj, n, zcc in annihilate:  # simultaneous: what left keeps its counters (LKI)
                if obj.zone != "battlefield" or obj.zcc != zcc:
                    continue
                for counter in ("+1/+1", "-1/-1"):
                    obj.counters[counter] -= n
                    if not obj.counters[counter]:
                        del obj.counters[counter]
                    self._emit("counter_removed", object=obj.id, counter=counter, n=n)
            self._statics_cache = None
            for obj in gone:
                if obj.zone != "stack":
                    self._remove_from_zone(obj)
                del self.objects[obj.id]
