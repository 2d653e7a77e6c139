"""Zones and zone changes (rules 400-406): the game state, the event log, moving objects
(a moved object is a new object, rule 400.7), leaving the stack, drawing."""

from __future__ import annotations

import itertools
from typing import Any

from conformance.reference import abilities as o
from conformance.reference.objects import (
    PLAYERS,
    Choice,
    ContinuousEffect,
    DelayedTrigger,
    Flow,
    Obj,
    PendingTrigger,
    Player,
    Ref,
    StackAbility,
    refuse,
)


class Zones:
    """The game state and zone changes; the base of :class:`~conformance.reference.rules.Rules`."""

    def _reset(self) -> None:
        """A fresh, empty game: the state every rule module reads."""
        self.case_id = ""
        self.players = {p: Player() for p in PLAYERS}
        self.objects: dict[str, Obj] = {}
        self.zones: dict[tuple[str, str], list[str]] = {
            (p, z): [] for p in PLAYERS for z in ("library", "hand", "graveyard", "exile")}
        self.battlefield: list[str] = []
        self.stack: list[Obj | StackAbility] = []
        self.events: list[dict[str, Any]] = []
        self.pending: list[PendingTrigger] = []
        self.delayed: list[DelayedTrigger] = []
        self.effects: list[ContinuousEffect] = []
        self.requirements: list[tuple[Ref, int]] = []
        self.active = "p1"
        self.priority = "p1"
        self.passes = 0
        self.step = "precombat_main"
        self.turn = 1
        self.fs_step = False
        self.fs_began: set[str] = set()
        self._clock = itertools.count(1)
        self._ids = itertools.count(1)
        self._pending: tuple[Flow, Choice] | None = None
        self._statics_cache: list[tuple[Obj, o.Static]] | None = None
        self.combat_damage_prevented: int | None = None
        """The turn in which all combat damage is prevented (615), if any."""
        self.damage_unpreventable: int | None = None
        """The turn in which damage can't be prevented (614.16: prevention effects don't
        apply), if any."""
        self.damage_shields: list[list[Any]] = []
        """[turn, target Ref, damage left]: "prevent the next N damage that would be dealt to
        <target> this turn" (615.7; the templates: :mod:`conformance.reference.prevent_next`)."""
        self.redirects: list[tuple[str, int, Ref]] = []
        """(controller, turn, creature): "until your next turn, all damage that would be dealt
        to creatures you control is dealt to that creature instead" (614.1a)."""
        self.end_step_returns: list[tuple[str, str, str, int, str, int]] = []
        """(controller, source, source name, turn, card, zcc): "return that card to the
        battlefield ... at the beginning of the next end step" (603.7)."""
        self.damage_doubled: list[tuple[str, int]] = []
        """(controller, turn): "If a source you control would deal damage this turn, it deals
        double that damage instead" (614.1a)."""
        self.combat_damage_shielded: set[tuple[int, str, int]] = set()
        """(turn, object id, zone-change count) of each creature all combat damage dealt to and
        dealt by is prevented that turn (615: :mod:`conformance.reference.prevent_to_and_by`)."""

    def _new_id(self, prefix: str) -> str:
        while True:
            oid = f"{prefix}{next(self._ids)}"
            if oid not in self.objects:
                return oid

    def _emit(self, etype: str, **fields: Any) -> None:
        event = {"type": etype, **fields}
        self.events.append(event)
        self._after_event(event)

    def _get(self, oid: Any) -> Obj:
        obj = self.objects.get(oid) if isinstance(oid, str) else None
        if obj is None:
            raise refuse("unknown_object", f"no object {oid!r}")
        return obj

    def _remove_from_zone(self, obj: Obj) -> None:
        if obj.zone == "battlefield":
            self.battlefield.remove(obj.id)
        elif obj.zone == "stack":
            self.stack.remove(obj)
        else:
            self.zones[(obj.owner, obj.zone)].remove(obj.id)

    def _move(self, obj: Obj, to: str, *, controller: str | None = None, top: bool = True,
              face: int | None = None) -> None:
        """Move ``obj`` to a zone; it becomes a new object (rule 400.7). A modal double-faced
        card enters the battlefield with ``face`` up (the face its player chose to cast or play)
        or, put there by an effect, with the face :meth:`enters_face` says."""
        frm = obj.zone
        if frm == "battlefield" and to == "graveyard" and obj.exiled_if_dies == self.turn:
            to = "exile"  # "... would die this turn, exile it instead" (614.1a)
        obj.exiled_if_dies = 0
        looked_back = self._dies_triggers(obj, to) if frm == "battlefield" else []
        self._statics_cache = None
        self._remove_from_zone(obj)
        obj.zcc += 1
        obj.tapped = False
        obj.counters = {}
        obj.damage = 0
        obj.attacking = obj.blocking = None
        obj.blocked = False
        obj.setup_keywords = ()
        obj.once_turns = {}
        obj.attached_to = None
        obj.face_down = self._moves_face_down(obj, frm, to)  # else face up: a new object (400.7)
        obj.deathtouched = False
        obj.regeneration = 0
        if frm == "stack":
            obj.spell = None
        obj.zone = to
        obj.controller = controller or obj.owner
        obj.up_face = 0
        if to == "battlefield" and obj.card is not None and obj.card.double_faced:
            obj.up_face = self.enters_face(obj) if face is None else face
        if to == "battlefield":
            obj.timestamp = next(self._clock)
            obj.summoning_sick = True
            obj.tapped = self.enters_tapped(obj)
            self.battlefield.append(obj.id)
        elif to == "stack":
            self.stack.append(obj)
        elif to == "library" and top:
            self.zones[(obj.owner, to)].insert(0, obj.id)
        else:
            self.zones[(obj.owner, to)].append(obj.id)
        self._emit("zone_change", object=obj.id, card=obj.card_name, **{"from": frm, "to": to})
        if to == "battlefield":
            self.detect_enters_triggers(obj)
        for t in looked_back:
            self._trigger(t)

    def _leave_stack(self, obj: Obj, to: str) -> None:
        """A spell leaves the stack: a copy ceases to exist (rule 707.10a); an aftermath half
        cast from a graveyard is exiled instead (rule 702.127a)."""
        if obj.is_copy:
            self.stack.remove(obj)
            obj.zone = "ceased"
            del self.objects[obj.id]
            return
        self._move(obj, self.stack_exit_zone(obj, to))

    def stack_exit_zone(self, obj: Obj, to: str) -> str:
        """Hook: where a spell that leaves the stack goes."""
        spell = obj.spell
        if spell is not None and spell.face.text.aftermath and spell.cast_from == "graveyard":
            return "exile"
        if spell is not None and spell.flashback:
            return "exile"
        return to

    def _draw(self, player: str, n: int = 1) -> None:
        for _ in range(n):
            lib = self.zones[(player, "library")]
            if not lib:
                self.players[player].drew_from_empty = True
                continue
            self._move(self.objects[lib[0]], "hand")

    def _moves_face_down(self, obj: Obj, frm: str, to: str) -> bool:
        """Whether ``obj`` is face down in the zone it moves to (cast face down and the
        permanent that spell becomes, 708.4: :mod:`conformance.reference.morph`)."""
        return False

    def _discard(self, obj: Obj) -> None:
        """``obj``'s owner discards it (701.8a): from their hand into their graveyard, unless a
        replacement applies (madness, 702.35a, in :mod:`conformance.reference.alt_costs`)."""
        self._move(obj, "graveyard")

    def detect_enters_triggers(self, obj: Obj) -> None:
        """Hook (rule 603.6a): look for abilities that trigger as ``obj`` enters the battlefield
        (implemented by :class:`~conformance.reference.triggers.TriggeredAbilities`)."""

    def _dies_triggers(self, obj: Obj, to: str) -> list[PendingTrigger]:
        """Leaves-the-battlefield abilities ("When CARDNAME dies, ...") of ``obj`` as it is
        about to leave the battlefield for ``to``, looking back in time (rule 603.10a);
        implemented by :class:`~conformance.reference.triggers.TriggeredAbilities`."""
        return []

    def _trigger(self, t: PendingTrigger) -> None:
        """A triggered ability triggers: it waits to be put on the stack (rule 603.3)."""
        self.pending.append(t)

    def enters_face(self, obj: Obj) -> int:
        """Hook: the face up of a modal double-faced card an effect puts onto the battlefield
        (the ruling of rule 712: "it enters with its front face up"), 0: the front face."""
        return 0

    def enters_tapped(self, obj: Obj) -> bool:
        """Hook: whether a permanent enters the battlefield tapped ("CARDNAME enters the
        battlefield tapped", a replacement effect, rule 614.1c), from its printed text."""
        card = obj.card
        if card is None or card.is_split:
            return False
        text = card.faces[obj.up_face].text
        if text.enters_tapped_unless is not None:
            fewer_or_more, n = text.enters_tapped_unless
            lands = 0
            for oid in self.battlefield:
                other_card = self.objects[oid].card
                if (oid != obj.id and self.objects[oid].controller == obj.controller
                        and other_card is not None
                        and "Land" in other_card.faces[self.objects[oid].up_face].types):
                    lands += 1
            return lands > n if fewer_or_more == "fewer" else lands < n
        return text.enters_tapped

    def _after_event(self, event: dict[str, Any]) -> None:
        """Called after each event is logged (triggered abilities look at ``cast`` and
        ``crime_committed`` events, :class:`~conformance.reference.triggers.TriggeredAbilities`)."""
