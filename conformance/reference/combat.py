"""Combat (rules 506-511): declaring attackers (508.1) and blockers (509.1) with the
restrictions of summoning sickness (302.6), defender, menace and the evasion abilities
(flying and reach, horsemanship, shadow, fear, intimidate, landwalk); the first-strike
combat damage step (510.4), first strike and double strike (702.4, 702.7), damage dealt
simultaneously (510.2)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from conformance.reference.designations import Designations
from conformance.reference.objects import (
    PLAYERS,
    Answer,
    Chars,
    Choice,
    Flow,
    Obj,
    Ref,
    other,
    refuse,
)

LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
            "mountainwalk": "Mountain", "forestwalk": "Forest"}
"""Landwalk keywords (702.14) -> the land type the defending player must not control."""
Hit = tuple[str, Ref, int]
"""Combat damage to deal: source id, what it is dealt to, amount."""


class Combat(Designations):
    """Declaring attackers and blockers, and combat damage."""

    def _reset(self) -> None:
        super()._reset()
        self.declared: set[tuple[int, str]] = set()
        """``(turn, "attackers" | "blockers")`` once declared in that turn's combat."""
        self.damage_orders: dict[str, list[str]] = {}
        """Attacker id -> its damage assignment order (blocker ids, 509.2), once announced."""
        self.no_combat_damage: set[tuple[Ref, int]] = set()
        """(creature, turn): "CARDNAME assigns no combat damage this turn" (510.1a)."""

    def may_attack(self, obj: Obj) -> bool:
        """Hook: an untapped creature its controller has controlled continuously since their
        most recent turn began (or with haste) and without defender may attack (302.6, 508.1a,
        702.3b)."""
        c = self.chars(obj)
        return ("Creature" in c.types and not obj.tapped and "defender" not in c.keywords
                and not self.is_summoning_sick(obj, c))

    def is_summoning_sick(self, obj: Obj, chars: Chars) -> bool:
        """Hook: a creature can't attack and its {T} abilities can't be activated unless its
        controller has controlled it continuously since their most recent turn began, or it
        has haste (302.6). A permanent that becomes a creature is no exception: what matters
        is how long it has been controlled, not how long it has been a creature
        (``obj.summoning_sick``: not controlled since that turn began)."""
        return "Creature" in chars.types and obj.summoning_sick and "haste" not in chars.keywords

    def attack_taps(self, obj: Obj) -> bool:
        """Hook: declaring a creature as an attacker taps it unless it has vigilance
        (508.1f, 702.20b)."""
        return "vigilance" not in self.chars(obj).keywords

    def _begin_declaration(self, a: dict[str, Any], what: str, player: Any) -> dict[str, Any]:
        """The checks common to both declarations; returns the declaration mapping."""
        step = f"declare_{what}"
        if self.step != step:
            raise refuse("illegal_action", f"{what} are declared in the {step} step, "
                                           f"not in {self.step}")
        if (self.turn, what) in self.declared:
            raise refuse("illegal_action", f"{what} were declared already in this combat")
        if self.stack or self.pending:
            raise refuse("illegal_action", f"{what} are declared as the step begins "
                                           "(the stack is not empty)")
        if what == "attackers" and player != self.active:
            raise refuse("illegal_action", f"the active player ({self.active}) declares "
                                           "attackers")
        if what == "blockers" and player != other(self.active):
            raise refuse("illegal_action", "the defending player declares blockers")
        chosen = a.get(what if what == "attackers" else "blocks")
        if not isinstance(chosen, dict):
            raise refuse("illegal_action", f"{what}: a mapping of object ids")
        return chosen

    def declare_attackers(self, a: dict[str, Any]) -> Flow:
        """The active player declares attackers, each attacking a player (508.1); attackers
        tap (508.1f); then the active player gets priority (508.8)."""
        player = a.get("player")
        chosen = self._begin_declaration(a, "attackers", player)
        attackers: list[tuple[Obj, str]] = []
        for oid, target in chosen.items():
            obj = self._get(oid)
            if target not in PLAYERS:
                raise refuse("unsupported", "attacking something other than a player")
            if obj.zone != "battlefield" or obj.controller != player or target == player:
                raise refuse("illegal_action", f"{oid} cannot attack {target}")
            if not self.may_attack(obj):
                raise refuse("illegal_action", f"{oid} cannot attack (tapped, not a creature, "
                                               "summoning sick or defender)")
            attackers.append((obj, target))
        for obj, target in attackers:
            obj.attacking = target
            if self.attack_taps(obj):
                obj.tapped = True
        self._detect_attack_triggers([obj for obj, _ in attackers])
        self.declared.add((self.turn, "attackers"))
        self.priority, self.passes = self.active, 0
        yield from self._put_triggers()

    def _detect_attack_triggers(self, attackers: list[Obj]) -> None:
        """Abilities that trigger as ``attackers`` are declared (508.3a), implemented by
        :class:`~conformance.reference.trigger_events.TriggerEvents`."""

    def _detect_block_triggers(self, blocks: list[tuple[Obj, Obj]]) -> None:
        """Abilities that trigger as blockers are declared (509.3a-c; ``blocks``: (blocker,
        attacker) pairs), implemented by
        :class:`~conformance.reference.trigger_events.TriggerEvents`."""

    def _may_block(self, blocker: Obj, attacker: Obj) -> bool:
        """An untapped creature may block an attacker its evasion abilities allow (509.1a-b,
        :meth:`evasion_allows_block`)."""
        bc = self.chars(blocker)
        if "Creature" not in bc.types or blocker.tapped:
            return False
        return self.evasion_allows_block(blocker, attacker)

    def evasion_allows_block(self, blocker: Obj, attacker: Obj) -> bool:
        """Hook: whether the evasion abilities of ``attacker`` and ``blocker`` allow the block:
        an attacker with several can be blocked only by a creature satisfying every one (509.1b;
        the restrictions: :meth:`_evasion_checks`)."""
        return all(self._evasion_checks(blocker, attacker).values())

    def _evasion_checks(self, blocker: Obj, attacker: Obj) -> dict[str, bool]:
        """Each blocking restriction that applies (keyed by its keyword; ``shadow blocker``: the
        blocker's own shadow) and whether the block satisfies it. Flying: only by flying or
        reach (702.9b); horsemanship: only by horsemanship, flying and reach have nothing to do
        with it (702.31b); shadow: only by shadow, and a creature with shadow blocks only shadow
        (702.28b); fear: only by artifact or black creatures (702.36b); intimidate: only by
        artifact creatures or creatures sharing a color with it (702.13b); landwalk: not while the
        defending player controls a land of that type (702.14c)."""
        bc, ac = self.chars(blocker), self.chars(attacker)
        akw, bkw = ac.keywords, bc.keywords
        artifact = "Artifact" in bc.types
        checks: dict[str, bool] = {}
        if "flying" in akw:
            checks["flying"] = bool({"flying", "reach"} & bkw)
        if "horsemanship" in akw:
            checks["horsemanship"] = "horsemanship" in bkw
        if "shadow" in akw:
            checks["shadow"] = "shadow" in bkw
        if "shadow" in bkw:
            checks["shadow blocker"] = "shadow" in akw
        if "fear" in akw:
            checks["fear"] = artifact or "B" in bc.colors
        if "intimidate" in akw:
            checks["intimidate"] = artifact or bool(set(ac.colors) & set(bc.colors))
        for keyword, land in LANDWALK.items():
            if keyword in akw:
                checks[keyword] = not any(
                    "Land" in (c := self.chars(self.objects[i])).types and land in c.subtypes
                    for i in self.battlefield if self.objects[i].controller == blocker.controller)
        return checks

    def declare_blockers(self, a: dict[str, Any]) -> Flow:
        """The defending player declares blockers, each blocking one attacker (509.1); an
        attacker with menace needs two or more (702.111b); then the active player gets priority
        (509.6)."""
        player = a.get("player")
        chosen = self._begin_declaration(a, "blockers", player)
        blocks: list[tuple[Obj, Obj]] = []
        for bid, aid in chosen.items():
            blocker, attacker = self._get(bid), self._get(aid)
            if (blocker.zone != "battlefield" or blocker.controller != player
                    or attacker.zone != "battlefield" or attacker.attacking is None):
                raise refuse("illegal_action", f"{bid} cannot block {aid}")
            if not self._may_block(blocker, attacker):
                raise refuse("illegal_action", f"{bid} cannot block {aid}")
            blocks.append((blocker, attacker))
        for _b, attacker in blocks:
            n = sum(1 for _x, at in blocks if at is attacker)
            if "menace" in self.chars(attacker).keywords and n < 2:
                raise refuse("illegal_action", f"{attacker.id} has menace: it cannot be "
                                               "blocked except by two or more creatures")
        for blocker, attacker in blocks:
            blocker.blocking = attacker.id
            attacker.blocked = True
        self._detect_block_triggers(blocks)
        self.declared.add((self.turn, "blockers"))
        yield from self._announce_damage_orders([b for b, _a in blocks])
        self.priority, self.passes = self.active, 0
        yield from self._put_triggers()

    def _announce_damage_orders(self, declared: list[Obj]) -> Flow:
        """For each attacker blocked by two or more creatures, the active player announces its
        damage assignment order (509.2): a ``damage_assignment_order`` choice (``attacker``,
        ``order``: its blockers, first = first to be assigned lethal damage)."""
        for oid in list(self.battlefield):
            attacker = self.objects[oid]
            blockers = [b.id for b in declared if b.blocking == oid]
            if attacker.attacking is None or len(blockers) < 2:
                continue
            answer = yield Choice("damage_assignment_order", {
                "player": self.active, "attacker": oid, "blockers": blockers})
            if answer.get("attacker") != oid:
                raise refuse("unused_answer", f"damage_assignment_order: the engine waits for "
                                              f"the order of {oid}'s blockers, not "
                                              f"{answer.get('attacker')!r}'s")
            order = answer.get("order")
            if not isinstance(order, list) or sorted(order) != sorted(blockers):
                raise refuse("illegal_action", f"damage_assignment_order: order {blockers}")
            self.damage_orders[oid] = list(order)

    def blockers_in_order(self, attacker: Obj) -> list[Obj]:
        """Hook: the creatures blocking ``attacker``, in its damage assignment order (509.2;
        blockers of a setup in the order the setup lists them)."""
        blocking = [self.objects[i] for i in self.battlefield
                    if self.objects[i].blocking == attacker.id]
        order = self.damage_orders.get(attacker.id, [])
        return sorted(blocking, key=lambda b: order.index(b.id) if b.id in order else len(order))

    def damage_assignment_legal(self, attacker: Obj, blockers: list[Obj],
                                assignment: dict[str, int]) -> bool:
        """Hook: a blocked creature can't assign combat damage to a blocker unless each blocker
        ahead of it in the damage assignment order is assigned lethal damage (510.1c, rules of
        2022-04-29), nor to the player it attacks unless every blocker is (trample, 702.19b)."""
        lethal_so_far = True
        for b in blockers:
            if assignment.get(b.id, 0) and not lethal_so_far:
                return False
            lethal_so_far = lethal_so_far and assignment.get(b.id, 0) >= self._lethal_damage(
                b, attacker)
        return not (assignment.get(str(attacker.attacking), 0) and not lethal_so_far)

    def _assign_among_blockers(self, attacker: Obj, blockers: list[Obj], power: int,
                               trample: bool) -> Generator[Choice, Answer, list[Hit]]:
        """A creature blocked by two or more creatures divides its combat damage as its
        controller chooses (510.1c): a ``damage_assignment`` choice (``attacker``,
        ``assignment``: blocker id (or the attacked player, with trample) -> amount)."""
        answer = yield Choice("damage_assignment", {
            "player": attacker.controller, "attacker": attacker.id, "power": power,
            "order": [b.id for b in blockers]})
        if answer.get("attacker") != attacker.id:
            raise refuse("unused_answer", f"damage_assignment: the engine waits for "
                                          f"{attacker.id}'s assignment, not "
                                          f"{answer.get('attacker')!r}'s")
        assignment = answer.get("assignment")
        allowed = {b.id for b in blockers} | ({str(attacker.attacking)} if trample else set())
        if (not isinstance(assignment, dict) or not set(assignment) <= allowed
                or any(not isinstance(n, int) or isinstance(n, bool) or n < 0
                       for n in assignment.values())
                or sum(assignment.values()) != power):
            raise refuse("illegal_action", f"damage_assignment: divide {power} damage among "
                                           f"{sorted(allowed)}")
        if not self.damage_assignment_legal(attacker, blockers, assignment):
            raise refuse("illegal_action", "damage_assignment: a blocker is assigned damage "
                                           "before each blocker ahead of it in the damage "
                                           "assignment order is assigned lethal damage "
                                           "(510.1c)")
        return [(attacker.id, b.ref, assignment[b.id]) for b in blockers
                if assignment.get(b.id)] + (
            [(attacker.id, Ref(str(attacker.attacking)), assignment[str(attacker.attacking)])]
            if assignment.get(str(attacker.attacking)) else [])

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

    def _combat_damage(self, first: bool) -> Flow:
        """Each creature in combat assigns its combat damage (510.1), then all of it is dealt
        at once (510.2); a creature blocked by two or more creatures asks how (510.1c)."""
        fighters = self._in_combat()
        if first:
            self.fs_began = {ob.id for ob in fighters
                             if {"first strike", "double strike"} & self.chars(ob).keywords}
            dealers = [ob for ob in fighters if ob.id in self.fs_began]
        elif self.fs_step:
            dealers = [ob for ob in fighters if self.deals_regular_damage(ob)]
        else:
            dealers = fighters
        hits: list[Hit] = []
        for ob in dealers:
            power = self.chars(ob).power or 0
            if power <= 0 or (ob.ref, self.turn) in self.no_combat_damage:
                continue
            if ob.attacking is not None:
                blockers = self.blockers_in_order(ob)
                trample = self.tramples(ob)
                if len(blockers) > 1:
                    hits += yield from self._assign_among_blockers(ob, blockers, power, trample)
                elif blockers:
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
