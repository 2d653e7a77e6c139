"""Control-changing effects (layer 2, rules 613.1b, 611.2), "doesn't untap during its
controller's [next] untap step" (502.3), and card types added by effects (layer 4, 613.1d):
:class:`ControlRules`, extended by :class:`conformance.reference.chapter_rules.ChapterRules`.

A control effect names the permanent it affects (as a :class:`Ref`: it ends when that object
leaves the battlefield, 400.7), the player who gains control, its timestamp and its duration:
``game`` (no duration stated: until the game ends, 611.2a), ``turn`` ("until end of turn": it
ends in the cleanup step, 514.2), ``source`` ("for as long as <source>
remains on the battlefield") or ``you_control_source`` ("for as long as you control <source>",
611.2b). The controller of an affected permanent is the one it had before the first such effect,
then each effect in timestamp order (613.7). A permanent that changes controller can't attack or
{T} until its new controller has controlled it continuously since their most recent turn began
(302.6)."""

from __future__ import annotations

from dataclasses import replace

from conformance.reference import abilities as o
from conformance.reference.casting import Casting
from conformance.reference.control_abilities import Animation, ControlEffect, NoUntap, TypeEffect
from conformance.reference.objects import Chars, Obj, Ref

CONTROL_HOOKS: dict[str, str] = {
    "control_lasts": "611.2a-b: a control effect lasts as long as its duration says",
    "sick_after_control_change": "302.6: a creature that changed controller is summoning sick",
    "untap_prevented": "502.3: 'doesn't untap during its controller's untap step' effects",
    "partial_exchange_allowed": "701.10a: an exchange that can't be completed doesn't happen",
    "type_effect_ends": "611.2a, 514.2: an effect adding types ends as its duration says",
    "control_ends_this_turn": "514.2: a control effect 'until end of turn' ends in the cleanup "
                              "step",
}
"""The hooks of :class:`ControlRules`: name -> the rule it decides."""


class ControlRules(Casting):
    """Control-changing effects, untap restrictions and added card types."""

    def _reset(self) -> None:
        super()._reset()
        self.control_effects: list[ControlEffect] = []
        self.base_controller: dict[Ref, str] = {}
        """Each permanent under a control effect -> its controller without control effects."""
        self.no_untap: list[NoUntap] = []
        self.type_effects: list[TypeEffect] = []
        self.animations: list[Animation] = []

    # --- layer 2 ---------------------------------------------------------------------------

    def control_lasts(self, eff: ControlEffect, source_present: bool) -> bool:
        """Hook: whether a control effect still applies: one without a stated duration lasts
        until the game ends (611.2a); "for as long as ..." only while that holds (611.2b;
        ``source_present``: the source is on the battlefield, under your control if so said)."""
        return eff.duration in ("game", "turn") or source_present

    def control_ends_this_turn(self, eff: ControlEffect) -> bool:
        """Hook: whether a control effect ends in this cleanup step: one that lasts "until end
        of turn" does (514.2), the others never do here."""
        return eff.duration == "turn"

    def sick_after_control_change(self) -> bool:
        """Hook: a creature whose controller changes can't attack or {T} until its new
        controller has controlled it continuously since their most recent turn began (302.6)."""
        return True

    def partial_exchange_allowed(self) -> bool:
        """Hook: when an exchange of control can't be completed entirely (a target became
        illegal), no part of it happens (701.10a)."""
        return False

    def gain_control(self, target: Ref, player: str, duration: str = "game",
                     source: Ref | None = None) -> None:
        """A control-changing effect begins (613.1b)."""
        obj = self.objects.get(target.id)
        if obj is None or obj.zcc != target.zcc or obj.zone != "battlefield":
            return
        self.base_controller.setdefault(target, obj.controller)
        self.control_effects.append(ControlEffect(next(self._clock), target, player, duration,
                                                  source))
        self._apply_control()

    def _source_present(self, eff: ControlEffect) -> bool:
        src = self.objects.get(eff.source.id) if eff.source is not None else None
        if src is None or eff.source is None or src.zcc != eff.source.zcc:
            return False
        if src.zone != "battlefield":
            return False
        return eff.duration != "you_control_source" or src.controller == eff.player

    def _apply_control(self) -> None:
        """Each affected permanent's controller from its base and the effects that last."""
        self.control_effects = [
            e for e in self.control_effects
            if (ob := self.objects.get(e.target.id)) is not None and ob.zcc == e.target.zcc
            and ob.zone == "battlefield" and self.control_lasts(e, self._source_present(e))]
        alive = {e.target for e in self.control_effects}
        for ref, base in list(self.base_controller.items()):
            ob = self.objects.get(ref.id)
            if ob is None or ob.zcc != ref.zcc or ob.zone != "battlefield":
                del self.base_controller[ref]
                continue
            new = base
            for e in sorted(self.control_effects, key=lambda e: e.timestamp):
                if e.target == ref:
                    new = e.player
            if new != ob.controller:
                ob.controller = new
                self._statics_cache = None
                if self.sick_after_control_change():
                    ob.summoning_sick = True
            if ref not in alive:
                del self.base_controller[ref]

    def _move(self, obj: Obj, to: str, *, controller: str | None = None, top: bool = True,
              face: int | None = None) -> None:
        super()._move(obj, to, controller=controller, top=top, face=face)
        if self.control_effects or self.base_controller:
            self._apply_control()  # an effect whose source or permanent left may end

    # --- untap step ------------------------------------------------------------------------

    def untap_prevented(self, obj: Obj) -> bool:
        """Hook: whether a "doesn't untap during its controller's untap step" effect keeps
        ``obj`` tapped during its controller's untap step (502.3)."""
        for e in self.no_untap:
            if e.target != obj.ref:
                continue
            if e.next:
                return True
            src = self.objects.get(e.source.id) if e.source is not None else None
            if (src is not None and e.source is not None and src.zcc == e.source.zcc
                    and src.zone == "battlefield" and src.controller == e.player):
                return True
        return False

    def _enter_step(self, name: str, new_turn: bool) -> None:
        held: list[Obj] = []
        if name == "untap" and self.no_untap:
            active = self.active if not new_turn else self._next_active()
            held = [self.objects[oid] for oid in self.battlefield
                    if self.objects[oid].controller == active and self.objects[oid].tapped
                    and self.untap_prevented(self.objects[oid])]
        super()._enter_step(name, new_turn)
        for ob in held:
            ob.tapped = True
        if name == "cleanup" and self.type_effects:  # "until end of turn" ends (514.2)
            self.type_effects = [e for e in self.type_effects if not self.type_effect_ends(e)]
        if name == "cleanup":
            self.animations = [a for a in self.animations if not a.until_end_of_turn]
            ended = [e for e in self.control_effects if self.control_ends_this_turn(e)]
            if ended:
                self.control_effects = [e for e in self.control_effects if e not in ended]
                self._apply_control()
        if name == "untap":  # "its controller's next untap step" has come
            self.no_untap = [e for e in self.no_untap if not (
                e.next and (it := self.objects.get(e.target.id)) is not None
                and it.controller == self.active)]

    def type_effect_ends(self, eff: TypeEffect) -> bool:
        """Hook: whether an effect adding card types ends in this cleanup step: only if it
        lasts "until end of turn" (514.2); without a stated duration, never (611.2a)."""
        return eff.until_end_of_turn

    def _next_active(self) -> str:
        return "p2" if self.active == "p1" else "p1"

    # --- layer 4 ---------------------------------------------------------------------------

    def chars(self, obj: Obj) -> Chars:
        """Characteristics with the card types added by effects (layer 4)."""
        c = super().chars(obj)
        if self.animations or (obj.zone == "battlefield" and "Land" in c.types):
            c = self._animated(obj, c)
        if not self.type_effects:
            return c
        added = [t for e in sorted(self.type_effects, key=lambda e: e.timestamp)
                 if e.target == obj.ref for t in e.add if t not in c.types]
        return replace(c, types=c.types + tuple(dict.fromkeys(added))) if added else c

    def _animated(self, obj: Obj, c: Chars) -> Chars:
        """``c`` with the latest animation of ``obj`` applied: its types (layer 4), its base
        power and toughness (7b), then counters and other modifications (7c-d) as before."""
        mine = [a for a in self.animations if obj.ref in a.targets]
        mine += [Animation(src.timestamp, frozenset({obj.ref}), ("Creature",),
                           (st.power, st.toughness), False, st.subtypes, st.colors)
                 for src, st in self._statics() if isinstance(st, o.LandsAreCreatures)
                 and "Land" in c.types and (not st.subtype or st.subtype in c.subtypes)
                 and (not st.yours or obj.controller == src.controller)]  # lands_animated
        if not mine:
            return c
        last = max(mine, key=lambda a: a.timestamp)
        types = c.types + tuple(t for t in dict.fromkeys(last.types) if t not in c.types)
        subtypes = c.subtypes + tuple(t for t in last.subtypes if t not in c.subtypes)
        colors = c.colors if last.colors is None else last.colors
        keywords = c.keywords | frozenset(last.keywords)
        printed = self._base(obj)
        if c.power is not None and c.toughness is not None and printed.power is not None \
                and printed.toughness is not None:  # already a creature: keep its modifiers
            dp, dt = c.power - printed.power, c.toughness - printed.toughness
        else:
            plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
            dp = plus + sum(e.power for e in self.effects if obj.ref in e.affected)
            dt = plus + sum(e.toughness for e in self.effects if obj.ref in e.affected)
        return replace(c, types=types, subtypes=subtypes, colors=colors, keywords=keywords,
                       power=last.base[0] + dp, toughness=last.base[1] + dt)
