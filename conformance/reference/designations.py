"""Player counters, game designations and face-down permanents — what a protocol-2 setup can
state (SPEC.md, "setup"):

* energy and experience counters, counters a player has (rules 107.14, 122.1): they stay until
  an effect or a cost removes them; "you get {E}{E}" gives two, "Pay {E}{E}" removes two, and
  a player cannot pay more than they have;
* day and night (rule 726; as the untap step begins, 502.2): day becomes night when the previous
  turn's active player cast no spells that turn, night becomes day when they cast two or more;
* the monarch (rule 724): at the beginning of the monarch's end step, they draw a card; a
  creature that deals combat damage to the monarch makes its controller the monarch;
* the initiative (rule 725): at the beginning of the upkeep of the player who has it, and
  whenever a player takes it, that player ventures into Undercity (dungeons are not modelled:
  resolving that ability is refused as ``unsupported``); creatures that deal combat damage to
  the player who has it make their controller take it;
* face-down permanents (rule 708.2a): a 2/2 creature with no text, no name, no subtypes and no
  mana cost.

The inherent triggered abilities of the monarch and the initiative have no source (724.2,
725.2): their events and stack entries name the designation (``source: monarch``).
"""

from __future__ import annotations

from typing import Any

from conformance.reference import abilities as o
from conformance.reference import effect_blocks as fx
from conformance.reference.designation_effects import (
    DAY_AS_ENTERS,
    DAY_NIGHT_CHANGES,
    BecomeMonarch,
    GetEnergy,
    TakeInitiative,
    VentureIntoUndercity,
)
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import PLAYERS, Chars, Obj, PendingTrigger, other, refuse

MONARCH = "monarch"
INITIATIVE = "initiative"
PLAYER_COUNTERS = ("energy", "experience")
"""The kinds of counters a player may have that a setup states besides poison."""


class Designations(Effects):
    """Energy and experience counters, day and night, the monarch, the initiative and
    face-down permanents."""

    def _reset(self) -> None:
        super()._reset()
        self.day_night: str | None = None
        self.monarch: str | None = None
        self.initiative: str | None = None
        self.spells_this_turn: dict[str, int] = {p: 0 for p in PLAYERS}
        """Spells each player cast this turn (since the setup: earlier ones are unknown)."""
        self._initiative_hits: set[tuple[int, str, str]] = set()

    # --- hooks ------------------------------------------------------------------------------

    def player_counters_empty(self, kind: str) -> bool:
        """Hook: counters a player has (energy, experience) do not empty as steps, phases and
        turns end, unlike mana (107.14, 122.1; 500.4 is about mana only)."""
        return False

    def day_night_after_turn(self, now: str, spells: int) -> str:
        """Hook (502.2, 726.3a): what day or night becomes as a turn begins, given how many
        spells the previous turn's active player cast during it."""
        if now == "day" and spells == 0:
            return "night"
        if now == "night" and spells >= 2:
            return "day"
        return now

    def monarch_draw_triggers(self, player: str) -> bool:
        """Hook (724.2): "At the beginning of the monarch's end step, that player draws a card"
        triggers at the beginning of ``player``'s end step when ``player`` is the monarch."""
        return self.monarch == player

    def becomes_monarch_by_combat_damage(self, controller: str, damaged: str) -> bool:
        """Hook (724.2): a creature ``controller`` controls dealing combat damage to ``damaged``
        makes ``controller`` the monarch when ``damaged`` is the monarch."""
        return self.monarch == damaged and controller != damaged

    def takes_initiative_by_combat_damage(self, controller: str, damaged: str) -> bool:
        """Hook (725.2): creatures ``controller`` controls dealing combat damage to ``damaged``
        make ``controller`` take the initiative when ``damaged`` has it."""
        return self.initiative == damaged and controller != damaged

    def face_down_characteristics(self, obj: Obj) -> Chars | None:
        """Hook (708.2a): a face-down permanent is a 2/2 creature with no text, no name, no
        subtypes and no mana cost (None: the face-up card's characteristics)."""
        return Chars("", 0, (), ("Creature",), (), (), 2, 2, frozenset(), o.FaceText())

    def can_pay_energy(self, player: str, n: int) -> bool:
        """Hook (107.14): a player pays {E} by removing energy counters from themselves and
        can't pay more than they have."""
        return self.players[player].energy >= n

    def energy_counters(self, n: int) -> int:
        """Hook (107.14): each {E} symbol is one energy counter, gotten or paid."""
        return n

    # --- the rules ----------------------------------------------------------------------------

    def _base(self, obj: Obj) -> Chars:
        if obj.face_down and obj.zone in ("battlefield", "stack"):  # 708.2a, 708.4
            chars = self.face_down_characteristics(obj)
            if chars is not None:
                return chars
        return super()._base(obj)

    def _pay_energy(self, player: str, n: int) -> None:
        """Pay ``n`` {E} (a cost, 107.14); refused when the player has too few."""
        n = self.energy_counters(n)
        have = self.players[player].energy
        if not self.can_pay_energy(player, n):
            raise refuse("illegal_action", f"{player} has {have} energy counters and cannot "
                                           f"pay {n} (rule 107.14)")
        self.players[player].energy = max(0, have - n)

    def _after_event(self, event: dict[str, Any]) -> None:
        super()._after_event(event)
        kind = event["type"]
        if kind == "cast" and not event.get("copy") and event.get("player") in PLAYERS:
            self.spells_this_turn[event["player"]] += 1
        elif kind == "step":
            self._designations_at_step(event["name"])
        elif kind == "damage" and event.get("combat") and event.get("target") in PLAYERS:
            self._combat_damage_to_player(event["source"], event["target"])
        elif kind == "zone_change" and event.get("to") == "battlefield":
            obj = self.objects.get(event.get("object", ""))
            text = self.abilities(obj) if obj is not None else None
            if (text is not None and self.day_night is None
                    and any(t.event == DAY_AS_ENTERS for t in text.triggered)):
                self.day_night = "day"

    def _designations_at_step(self, name: str) -> None:
        if name == "untap":
            if self.day_night is not None:  # 502.2: the previous turn's active player's spells
                before = self.day_night
                self.day_night = self.day_night_after_turn(
                    before, self.spells_this_turn[other(self.active)])
                if self.day_night != before:
                    self._day_night_changed()
            self.spells_this_turn = {p: 0 for p in PLAYERS}
            for pl in self.players.values():
                for kind in PLAYER_COUNTERS:
                    if self.player_counters_empty(kind):
                        setattr(pl, kind, 0)
        elif name == "upkeep" and self.initiative == self.active:
            self._trigger(PendingTrigger(self.active, INITIATIVE, INITIATIVE, "undercity",
                                         (VentureIntoUndercity(),)))
        elif name == "end" and self.monarch_draw_triggers(self.active):
            self._trigger(PendingTrigger(self.active, MONARCH, MONARCH, "monarch_draw",
                                         (fx.Draw(1),)))

    def _day_night_changed(self) -> None:
        for oid in list(self.battlefield):
            src = self.objects[oid]
            text = self.abilities(src)
            for t in text.triggered if text is not None else ():
                if t.event == DAY_NIGHT_CHANGES:
                    self._trigger(PendingTrigger(src.controller, src.id, src.card_name, t.name,
                                                 t.effects))

    def _combat_damage_to_player(self, source: str, damaged: str) -> None:
        src = self.objects.get(source)
        if src is None:
            return
        ctrl = src.controller
        if self.becomes_monarch_by_combat_damage(ctrl, damaged):  # 724.2: the monarch controls it
            self._trigger(PendingTrigger(damaged, MONARCH, MONARCH, "monarch_combat_damage",
                                         (BecomeMonarch(ctrl),)))
        hit = (self.turn, self.step, ctrl)  # "one or more creatures": one trigger per player
        if hit not in self._initiative_hits and self.takes_initiative_by_combat_damage(ctrl,
                                                                                       damaged):
            self._initiative_hits.add(hit)
            self._trigger(PendingTrigger(damaged, INITIATIVE, INITIATIVE,
                                         "initiative_combat_damage", (TakeInitiative(ctrl),)))


@effect(GetEnergy)
def _get_energy(r: Effects, eff: GetEnergy, ctx: EffectContext) -> None:
    assert isinstance(r, Designations)
    r.players[ctx.controller].energy += r.energy_counters(eff.n)


@effect(BecomeMonarch)
def _become_monarch(r: Effects, eff: BecomeMonarch, ctx: EffectContext) -> None:
    assert isinstance(r, Designations)
    r.monarch = eff.player or ctx.controller  # 724.3: the current monarch ceases to be


@effect(TakeInitiative)
def _take_initiative(r: Effects, eff: TakeInitiative, ctx: EffectContext) -> None:
    assert isinstance(r, Designations)
    r.initiative = eff.player
    r._trigger(PendingTrigger(eff.player, INITIATIVE, INITIATIVE, "undercity",
                              (VentureIntoUndercity(),)))


@effect(VentureIntoUndercity)
def _venture(r: Effects, eff: VentureIntoUndercity, ctx: EffectContext) -> None:
    raise refuse("unsupported", "venturing into Undercity (dungeons, rule 309) is not modelled")
