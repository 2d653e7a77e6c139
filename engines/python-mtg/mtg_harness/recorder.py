"""The event recorder: hooks around python-mtg's own chokepoints (``_stack_push``, ``_note_crime``,
``_bump_counter``, ``_sacrifice``, ``_adjust_life``, ``_apply_damage``, ``_apply_effects``,
``_fire_cast_triggers``, ``_create_token``) that log the protocol events of the live game, python-mtg
ids translated back to case ids."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .engine import ENGINE_LOG, Mtg
from .model import ABILITY_LABEL, COUNTER_FROM_ENGINE

if TYPE_CHECKING:
    from .game import Game

class Recorder:
    """Collects the protocol event log while a game is live, translating engine ids to case ids."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.in_trigger_window: list[str] = []
        self.damage_ctx: list[tuple[str, int]] = []
        self.effect_life: list[list[tuple[str, str, str]]] = []   # per _apply_effects call: (effect, player, source)

    def emit(self, event: dict[str, Any], *, sync: bool = True) -> None:
        """Log ``event``; with ``sync``, zone moves seen so far are logged first (they happened before it)."""
        if self.game is not None:
            if sync:
                self.game.sync_zones()
            self.game.events.append(event)

    def cid(self, engine_id: Any) -> Any:
        return self.game.case_id(engine_id) if self.game is not None else engine_id


REC = Recorder()


def install_hooks(m: Mtg) -> None:
    """Wrap python-mtg's chokepoints (module globals, so internal calls see the wrappers too)."""
    d = m.driver

    def wrap(name: str, make: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        orig = getattr(d, name)
        setattr(d, name, make(orig))

    def stack_push(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, obj: str, controller: str) -> None:
            orig(state, obj, controller)
            if "__copy" in obj:
                REC.emit({"type": "copy_created", "object": REC.cid(obj),
                          "of": REC.cid(obj.split("__copy")[0]), "controller": controller})
            REC.emit({"type": "put_on_stack", "object": REC.cid(obj), "controller": controller})
        return f

    def note_crime(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, ctrl: str, victim_owner: str | None, source: str) -> None:
            if victim_owner is not None and victim_owner != ctrl \
                    and (ctrl, source) not in state.get("_crime_noted", set()):
                REC.emit({"type": "crime_committed", "player": ctrl, "source": REC.cid(source)})
                REC.in_trigger_window.append("crime")
                try:
                    orig(state, ctrl, victim_owner, source)
                finally:
                    REC.in_trigger_window.pop()
                return
            orig(state, ctrl, victim_owner, source)
        return f

    def bump_counter(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, obj: str, kind: str, n: int, placed_event: bool = True) -> None:
            before = next((c for (o, k, c) in state.get("counter", set()) if o == obj and k == kind), 0)
            orig(state, obj, kind, n, placed_event)
            after = next((c for (o, k, c) in state.get("counter", set()) if o == obj and k == kind), 0)
            delta = int(after) - int(before)
            if delta:
                REC.emit({"type": "counter_added" if delta > 0 else "counter_removed", "object": REC.cid(obj),
                          "counter": COUNTER_FROM_ENGINE.get(kind, kind), "n": abs(delta)})
        return f

    def sacrifice(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, obj: str) -> None:
            if (obj,) not in state.get("_sacrificing", set()):
                REC.emit({"type": "sacrificed", "object": REC.cid(obj)})
            orig(state, obj)
        return f

    def adjust_life(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, p: str, delta: int) -> int:
            before = next(v for (q, v) in state["life"] if q == p)
            effect = REC.effect_life[-1].pop(0) if REC.effect_life and REC.effect_life[-1] else None
            if delta < 0 and REC.damage_ctx:
                label, n = REC.damage_ctx[-1]
                REC.emit({"type": "damage", "source": REC.cid(label), "target": p, "amount": -delta,
                          "step": REC.game.step() if REC.game else None, "combat": False})
            elif delta < 0 and effect is not None and effect[0] == "deal_damage" and effect[1] == p:
                REC.emit({"type": "damage", "source": REC.cid(effect[2]), "target": p, "amount": -delta,
                          "step": REC.game.step() if REC.game else None, "combat": False})
            after = orig(state, p, delta)
            if after != before:
                REC.emit({"type": "life_change", "player": p, "amount": after - before})
            return after
        return f

    dmg_re = re.compile(r"deals (?:lethal damage|damage|(\d+)) to (\S+?)(?: |$)")

    def apply_damage(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, label: str, n: int, kind: str, ctrl: str) -> None:
            ab = ABILITY_LABEL.fullmatch(label)
            if ab and REC.game is not None and ab.group(1) in REC.game.to_case:
                # a triggered ability's damage (driver._apply_creature_effects' pending_damage): python-mtg
                # applies it at once, without a stack object, so this is where it "triggered"
                window = REC.in_trigger_window[-1] if REC.in_trigger_window else None
                REC.emit({"type": "triggered", "source": REC.cid(ab.group(1)), "ability": window or ab.group(2),
                          "engine_ability": label})
            buf = io.StringIO()
            REC.damage_ctx.append((label, int(n)))
            try:
                with contextlib.redirect_stdout(buf):
                    orig(state, label, n, kind, ctrl)
            finally:
                REC.damage_ctx.pop()
                ENGINE_LOG.write(buf.getvalue())
            players = {p for (p,) in state.get("is_player", set())}
            for line in buf.getvalue().splitlines():
                mm = dmg_re.search(line)
                if mm and mm.group(2) not in players and "redirected" not in line:
                    # not synced first: a creature this damage killed left the battlefield after the damage
                    REC.emit({"type": "damage", "source": REC.cid(label), "target": REC.cid(mm.group(2)),
                              "amount": int(mm.group(1) or n),
                              "step": REC.game.step() if REC.game else None, "combat": False}, sync=False)
            if REC.game is not None:
                REC.game.sync_zones()
        return f

    def apply_effects(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, pending: set, pending_dyn: set | None = None) -> None:
            g = REC.game
            for (victim,) in sorted(state.get("countered", set())) if g is not None else ():
                # driver._run_spell_effects sets countered(victim) for exactly this call, before it removes
                # the countered spell from the stack (rule 701.5a)
                by = sorted(g.resolving)
                REC.emit({"type": "countered", "object": REC.cid(victim), "by": REC.cid(by[0]) if len(by) == 1 else None})
            if g is not None:
                rows = [(r[0], r[-2]) for r in sorted(pending)] + [(r[0], r[-2]) for r in sorted(pending_dyn or ())]
                for (a, src) in rows:
                    if a in g.resolving or a in state.get("_ability_effect", {}):
                        continue                       # a spell's / activated ability's own effect, not a trigger
                    window = REC.in_trigger_window[-1] if REC.in_trigger_window else None
                    REC.emit({"type": "triggered", "source": REC.cid(src), "ability": window or a,
                              "engine_ability": a})
            # _apply_effects changes life once per (row, player) for its lose_life / deal_damage rows, in
            # sorted(pending) order: queue them so adjust_life can tell damage from life loss.
            queue: list[tuple[str, str, str]] = []
            for (_a, eff, _amt, tgt, src, ctrl) in sorted(pending):
                if eff in ("lose_life", "deal_damage"):
                    players = m.driver._others(state, ctrl) if tgt == "each_opponent" else [ctrl]
                    queue.extend((eff, p, src) for p in players)
            REC.effect_life.append(queue)
            try:
                orig(state, pending, pending_dyn)
            finally:
                REC.effect_life.pop()
        return f

    def fire_cast_triggers(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, caster: str, spell: str) -> None:
            REC.in_trigger_window.append("cast_trigger")
            try:
                orig(state, caster, spell)
            finally:
                REC.in_trigger_window.pop()
        return f

    def create_token(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, spec: str, controller: str, n: int) -> None:
            before = {c for (c,) in state.get("is_token", set())}
            orig(state, spec, controller, n)
            for tid in sorted({c for (c,) in state.get("is_token", set())} - before):
                REC.emit({"type": "token_created", "object": tid, "card": spec, "controller": controller})
        return f

    wrap("_stack_push", stack_push)
    wrap("_note_crime", note_crime)
    wrap("_bump_counter", bump_counter)
    wrap("_sacrifice", sacrifice)
    wrap("_adjust_life", adjust_life)
    wrap("_apply_damage", apply_damage)
    wrap("_apply_effects", apply_effects)
    wrap("_fire_cast_triggers", fire_cast_triggers)
    wrap("_create_token", create_token)

