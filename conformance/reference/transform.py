"""Transforming double-faced cards (rules 712, 701.28) and daybound and nightbound (702.145), a
part of :class:`~conformance.reference.rules.Rules`:

* a transforming double-faced card is cast and put onto the battlefield front face up (712.7,
  712.10) unless it is put there "transformed" (712.10a); off the battlefield it has only its
  front face's characteristics (712.4a); a permanent back face up has only its back face's
  characteristics, but its front face's mana value (712.4c-d). The card data has no color
  indicators: a back face, which has no mana cost, takes its front face's colors (true of the
  pool's cards this engine builds but a few; no case asserts a back face's color);
* to transform a permanent is to turn it over (701.28a): it stays the same object, with its
  counters, damage, tapped status and attachments; a permanent that isn't a transforming
  double-faced card, a face-down one, or one whose other face is an instant or sorcery does not
  transform (701.28c-d, 712.11a);
* the werewolves' "At the beginning of each upkeep, if no spells were cast last turn /
  if a player cast two or more spells last turn, transform CARDNAME" look at the whole previous
  turn (603.4), whoever cast the spells and whether or not the werewolf was on the battlefield;
* daybound and nightbound (702.145): at night a daybound permanent enters transformed; as it
  becomes night, daybound permanents front face up transform, as it becomes day, nightbound
  ones back face up do; neither transforms any other way; a permanent with daybound makes it
  day when it is neither day nor night, one with nightbound makes it night when no permanent
  has daybound (702.145d, 702.145g).

The templates are :mod:`conformance.reference.transform_text`'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.reference.cards import CardDef
from conformance.reference.continuous_effects import _face_chars as face_chars
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import PLAYERS, Chars, Obj, PendingTrigger, other
from conformance.reference.transform_text import (
    DAY_NIGHT_KEYWORDS,
    NO_SPELLS_LAST_TURN,
    WEREWOLF_EVENTS,
    ExileReturnTransformed,
    OwnersGainControl,
    TransformSelf,
)
from conformance.reference.trigger_events import TriggerEvents

TRANSFORM_HOOKS: dict[str, str] = {
    "transformed_mana_value": "712.4d: a permanent back face up has its front face's mana value",
    "transform_keeps_object": "701.28a, 712.4: a transforming permanent is turned over, the "
                              "same object",
    "werewolf_condition": "603.4: 'if no spells were cast last turn', 'if a player cast two or "
                          "more spells last turn'",
    "spells_seen_by": "603.4 (rulings): a werewolf's condition looks at the whole previous "
                      "turn, even before it was on the battlefield",
    "bound_transforms": "702.145b, 702.145e: as it becomes night / day, daybound / nightbound "
                        "permanents transform",
    "daybound_enters_transformed": "702.145b: at night a daybound permanent enters transformed",
    "bound_blocks_transform": "702.145b, 702.145e: daybound and nightbound permanents transform "
                              "only by those abilities",
    "characteristics_face": "712.4c-d: a transforming permanent has only its face up's "
                            "characteristics",
    "first_day_night_changes": "726.1a (rulings): becoming day or night for the first time is "
                               "not day becoming night or night becoming day",
    "face_kept_off_battlefield": "712.4a: off the battlefield a transforming double-faced card "
                                 "has only its front face's characteristics",
}
"""The hooks of :class:`Transforming`."""


def other_face_transformable(card: CardDef, up: int) -> bool:
    """Whether a permanent of ``card`` with face ``up`` up can transform: a transforming
    double-faced card whose other face is not an instant or sorcery (701.28c-d)."""
    return card.is_tdfc and not {"Instant", "Sorcery"} & set(card.faces[1 - up].types)


class Transforming(TriggerEvents):
    """Transforming double-faced permanents, the werewolves' upkeep triggers, daybound and
    nightbound."""

    def _reset(self) -> None:
        super()._reset()
        self.cast_log: list[tuple[int, str, frozenset[tuple[str, int]]]] = []
        """(turn, player, the permanents on the battlefield then as (id, zone-change count))
        of each spell cast since the setup."""

    # --- hooks ------------------------------------------------------------------------------

    def transformed_mana_value(self, card: CardDef) -> int:
        """Hook (712.4d): the mana value of a permanent of ``card`` back face up: its front
        face's (the back face has no mana cost)."""
        return card.faces[0].mana_value

    def transform_keeps_object(self) -> bool:
        """Hook (701.28a, 712.4): a permanent that transforms is turned over and stays the same
        object (False: it leaves and re-enters the battlefield, a new object)."""
        return True

    def werewolf_condition(self, event: str, spells: dict[str, int]) -> bool:
        """Hook (603.4): a werewolf's upkeep condition, given the spells each player cast last
        turn: no spells at all, or one player casting two or more."""
        if event == NO_SPELLS_LAST_TURN:
            return not any(spells.values())
        return any(n >= 2 for n in spells.values())

    def spells_seen_by(self, obj: Obj, turn: int) -> dict[str, int]:
        """Hook (603.4 rulings): the spells each player cast during ``turn`` that ``obj``'s
        condition counts: all of them, cast before or after it entered the battlefield."""
        out = {p: 0 for p in PLAYERS}
        for t, player, _there in self.cast_log:
            if t == turn:
                out[player] += 1
        return out

    def bound_transforms(self, obj: Obj, now: str) -> bool:
        """Hook (702.145b, 702.145e): whether ``obj`` transforms as it becomes ``now`` (day or
        night): a daybound permanent front face up as it becomes night, a nightbound one back
        face up as it becomes day."""
        keywords = self.chars(obj).keywords
        if now == "night":
            return obj.up_face == 0 and "daybound" in keywords
        return obj.up_face == 1 and "nightbound" in keywords

    def daybound_enters_transformed(self, card: CardDef) -> bool:
        """Hook (702.145b): whether a permanent of ``card`` enters the battlefield transformed:
        at night, when its front face has daybound."""
        return self.day_night == "night" and "daybound" in card.faces[0].text.keywords

    def bound_blocks_transform(self, obj: Obj) -> bool:
        """Hook (702.145b, 702.145e): a permanent with daybound or nightbound can't be
        transformed except by those abilities."""
        return bool(DAY_NIGHT_KEYWORDS & self.chars(obj).keywords)

    def characteristics_face(self, obj: Obj) -> int:
        """Hook (712.4c-d): the face whose characteristics a transforming double-faced
        permanent has: the face up."""
        return obj.up_face

    def first_day_night_changes(self) -> bool:
        """Hook (726.1a, rulings): whether the game becoming day or night for the first time
        (it was neither) triggers "whenever day becomes night or night becomes day": no."""
        return False

    def face_kept_off_battlefield(self) -> bool:
        """Hook (712.4a): whether a transforming double-faced permanent that leaves the
        battlefield keeps the face it had up: no, in every other zone it has only its front
        face's characteristics."""
        return False

    # --- the rules ----------------------------------------------------------------------------

    def _move(self, obj: Obj, to: str, *, controller: str | None = None, top: bool = True,
              face: int | None = None) -> None:
        up = obj.up_face
        super()._move(obj, to, controller=controller, top=top, face=face)
        if to not in ("battlefield", "stack") and self.face_kept_off_battlefield():
            obj.up_face = up

    def _base(self, obj: Obj) -> Chars:
        card = obj.card
        if card is not None and card.is_tdfc and obj.up_face and obj.zone not in (
                "battlefield", "stack"):  # only a mutant keeps a face up there
            return face_chars(card.faces[obj.up_face])
        if (card is not None and card.is_tdfc and obj.zone == "battlefield"
                and not obj.face_down and obj.token is None
                and self.characteristics_face(obj) != obj.up_face):
            shown = self.characteristics_face(obj)
            up, obj.up_face = obj.up_face, shown
            try:
                return self._base(obj)
            finally:
                obj.up_face = up
        c = super()._base(obj)
        if (card is not None and card.is_tdfc and obj.zone == "battlefield" and obj.up_face
                and not obj.face_down and obj.token is None):
            c = replace(c, mana_value=self.transformed_mana_value(card),
                        colors=c.colors or card.faces[0].colors)
        return c

    def enters_face(self, obj: Obj) -> int:
        """Hook (712.10, 702.145b): the face up of a double-faced card put onto the battlefield
        (front face up; a transforming card with daybound, at night, back face up)."""
        face = super().enters_face(obj)
        card = obj.card
        if face == 0 and card is not None and card.is_tdfc \
                and self.daybound_enters_transformed(card):
            return 1
        return face

    def _transform(self, obj: Obj, *, bound: bool = False) -> bool:
        """Transform ``obj`` (701.28a) if it can; ``bound``: by its daybound or nightbound
        ability. Whether it did."""
        card = obj.card
        if (card is None or obj.zone != "battlefield" or obj.face_down or obj.token is not None
                or not other_face_transformable(card, obj.up_face)):
            return False
        if not bound and self.bound_blocks_transform(obj):
            return False
        if not self.transform_keeps_object():
            controller = obj.controller
            self._move(obj, "exile")
            self._move(obj, "battlefield", controller=controller, face=1 - obj.up_face)
            return True
        obj.up_face = 1 - obj.up_face
        self._statics_cache = None
        return True

    def _day_night_changed(self) -> None:
        now = self.day_night or ""
        for oid in list(self.battlefield):
            obj = self.objects[oid]
            if self.bound_transforms(obj, now):
                self._transform(obj, bound=True)
        super()._day_night_changed()

    def _after_event(self, event: dict[str, Any]) -> None:
        before = self.day_night
        super()._after_event(event)
        kind = event["type"]
        if kind == "cast" and not event.get("copy") and event.get("player") in PLAYERS:
            self.cast_log.append((self.turn, event["player"], frozenset(
                (oid, self.objects[oid].zcc) for oid in self.battlefield)))
        elif kind == "zone_change" and event.get("to") == "battlefield" \
                and self.day_night is None:
            self._neither_day_nor_night()
        if before is None and self.day_night is not None and self.first_day_night_changes():
            self._day_night_changed()

    def _neither_day_nor_night(self) -> None:
        """702.145d, 702.145g: with neither day nor night, a permanent with daybound makes it
        day; one with nightbound, when no permanent has daybound, night."""
        kinds = {k for oid in self.battlefield for k in self.chars(self.objects[oid]).keywords
                 if k in DAY_NIGHT_KEYWORDS}
        if "daybound" in kinds:
            self.day_night = "day"
        elif "nightbound" in kinds:
            self.day_night = "night"

    def _enter_step(self, name: str, new_turn: bool) -> None:
        super()._enter_step(name, new_turn)
        if name != "upkeep":
            return
        for player in (self.active, other(self.active)):  # APNAP (603.3b)
            for src, t in self._triggered_abilities(player):
                if t.event in WEREWOLF_EVENTS and self.werewolf_condition(
                        t.event, self.spells_seen_by(src, self.turn - 1)):
                    self._trigger(PendingTrigger(src.controller, src.id, src.card_name, t.name,
                                                 t.effects))


@effect(TransformSelf)
def _transform_self(r: Effects, eff: TransformSelf, ctx: EffectContext) -> None:
    assert isinstance(r, Transforming)
    obj = r.objects.get(ctx.source)
    if obj is not None and obj.zone == "battlefield":
        r._transform(obj)


@effect(ExileReturnTransformed)
def _exile_return_transformed(r: Effects, eff: ExileReturnTransformed,
                              ctx: EffectContext) -> None:
    """Exile the source Saga, then return it back face up under the controller's control
    (712.10a: a card that isn't a transforming double-faced card stays in exile)."""
    assert isinstance(r, Transforming)
    obj = r.objects.get(ctx.source)
    if obj is None or obj.zone != "battlefield" or obj.token is not None:
        return
    r._move(obj, "exile")
    card = obj.card
    if card is not None and other_face_transformable(card, 0):
        r._move(obj, "battlefield", controller=ctx.controller, face=1)


@effect(OwnersGainControl)
def _owners_gain_control(r: Effects, eff: OwnersGainControl, ctx: EffectContext) -> None:
    """Each permanent another player controls comes under its owner's control (layer 2)."""
    from conformance.reference.control_rules import ControlRules

    assert isinstance(r, ControlRules)
    for oid in list(r.battlefield):
        obj = r.objects[oid]
        if obj.controller != obj.owner:
            r.gain_control(obj.ref, obj.owner, "game")
