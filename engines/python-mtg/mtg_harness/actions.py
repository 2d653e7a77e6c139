"""The actions of a game (``cast``, ``resolve_top``, ``resolve_stack``, ``pass_priority``, ``choose``,
``add_counters``, ``remove_counters``, ``advance``), mixed into :class:`~mtg_harness.game.Game`:
``Game.act`` calls ``do_<verb>``."""

from __future__ import annotations

import contextlib
import io
import sys
from typing import Any

from mtg_rulings_harness import HarnessError, unsupported

from .engine import ENGINE_LOG
from .model import COUNTER_TO_ENGINE, STEPS
from .recorder import REC


class Actions:
    """``do_<verb>`` of every action the harness maps (the state lives in :class:`~mtg_harness.game.Game`)."""

    m: Any
    state: dict[str, Any]
    case: str
    events: list[dict[str, Any]]
    choices: dict[str, dict[str, Any]]
    wanted_targets: dict[str, list[str]]
    resolving: set[str]
    passes: int
    pending_answers: list[dict[str, Any]]

    def _castable(self, player: str) -> set[str]:
        probe = self.m.driver.clone_state(self.state)
        probe["has_priority"] = {(player,)}
        return {s for (p, s) in self.m.driver.run(probe, ["can_cast"])["can_cast"] if p == player}

    def do_cast(self, a: dict[str, Any]) -> None:
        d, st = self.m.driver, self.state
        player, spell = a.get("player", "p1"), self.engine_id(a["object"])
        if a.get("half") or a.get("division"):
            raise unsupported("split-card halves / damage division are not exposed by python-mtg's cast")
        if spell not in self._castable(player):
            raise HarnessError("illegal_action", f"python-mtg does not let {player} cast {a['object']} now "
                                                 "(engine can_cast)")
        forced: dict[str, Any] = {}
        targets = list(a.get("targets") or [])
        if len(targets) > 1:
            raise unsupported("multiple targets: python-mtg picks one target per effect at resolution")
        if targets:
            self.wanted_targets[spell] = targets
            if targets[0] not in ("p1", "p2"):
                forced["target"] = self.engine_id(targets[0])
        if a.get("x") is not None:
            forced["x_value"] = int(a["x"])
        if a.get("modes") is not None:
            modes = sorted(m for (s, m) in st.get("spell_mode", set()) if s == spell)
            try:
                forced["modes"] = frozenset(modes[int(i)] for i in a["modes"])
            except IndexError:
                raise unsupported(f"mode indexes {a['modes']} (python-mtg offers {modes})") from None
        self.choices[spell] = forced
        # == driver._cast_spell, minus its trailing _resolve_stack (so the stack is observable) ==
        st["_forced"] = dict(forced)
        try:
            escaping = (player, spell) in st.get("may_play", set()) \
                and (spell,) in d.run(st, ["has_escape"])["has_escape"]
            d._spend_mana(st, player, spell)
            d._fire_tap_triggers(st)
            d._leave_cast_zone(st, player, spell)
            if escaping:
                d._pay_escape_cost(st, player, spell)
            d._offer_teamwork(st, player, spell)
            d._stack_push(st, spell, player)
            d._choose_mode(st, spell)
            prior = d._note_cast(st, spell)
            REC.emit({"type": "cast", "player": player, "object": a["object"], "card": self.card_name(spell),
                      "half": None, "copy": False})
            d._fire_cast_triggers(st, player, spell)
            d._storm(st, spell, player, prior)
        finally:
            st["_forced"] = {}

    def _resolve_one(self) -> None:
        d, st = self.m.driver, self.state
        top = max(st["on_stack"], key=lambda r: r[1])[0]
        forced = dict(self.choices.get(top, {}))
        if "__copy" in top:
            base = top.split("__copy")[0]
            if self.pending_answers and self.pending_answers[0].get("choice") == "new_targets":
                ans = self.pending_answers.pop(0)
                tg = ans.get("targets")
                forced = dict(self.choices.get(base, {}))
                if tg:
                    if len(tg) > 1:
                        raise unsupported("multiple new targets for a copy")
                    self.wanted_targets[top] = list(tg)
                    forced.pop("target", None)
                    if tg[0] not in ("p1", "p2"):
                        forced["target"] = self.engine_id(tg[0])
                else:
                    self.wanted_targets[top] = self.wanted_targets.get(base, [])
            else:
                forced = dict(self.choices.get(base, {}))
                self.wanted_targets[top] = self.wanted_targets.get(base, [])
        st["_forced"] = forced
        self.resolving.add(top)
        n_before = len(self.events)
        buf = io.StringIO()
        try:
            with contextlib.redirect_stdout(buf):
                d._resolve_top(st)
                d._fire_lifegain_triggers(st)
                d._fire_counter_placed_triggers(st)
                d._fire_you_do_costs(st)
        finally:
            st["_forced"] = {}
            self.resolving.discard(top)
            ENGINE_LOG.write(buf.getvalue())
        fizzled = "fizzles" in buf.getvalue()
        self.events.append({"type": "countered" if fizzled else "resolved", "object": self.case_id(top),
                            **({"reason": "fizzled"} if fizzled else {})})
        self._check_targets(top, self.events[n_before:])

    def _check_targets(self, spell: str, new_events: list[dict[str, Any]]) -> None:
        """Note on stderr when python-mtg's damage went elsewhere than the scripted targets.

        python-mtg picks 'any target' damage recipients itself (driver._apply_damage never consults the
        chosen target), so this happens; the events report what it did and the judge fails the case.
        """
        wanted = self.wanted_targets.get(spell)
        if not wanted:
            return
        hit = [e["target"] for e in new_events if e.get("type") == "damage" and e.get("source") == self.case_id(spell)]
        if hit and set(hit) != set(wanted):
            sys.stderr.write(f"python-mtg harness: {self.case}: python-mtg dealt {self.case_id(spell)}'s damage to "
                             f"{hit}, scripted targets {wanted} (driver._apply_damage ignores the target)\n")

    def do_resolve_top(self, _a: dict[str, Any]) -> None:
        if not self.state.get("on_stack"):
            raise HarnessError("illegal_action", "the stack is empty")
        self._resolve_one()
        self._after_resolution()

    def do_resolve_stack(self, _a: dict[str, Any]) -> None:
        guard = 0
        while self.state.get("on_stack"):
            guard += 1
            if guard > 200:
                raise HarnessError("internal", "stack did not empty after 200 resolutions")
            self._resolve_one()
        self._after_resolution()

    def _after_resolution(self) -> None:
        if not self.state.get("on_stack"):
            self.state["has_priority"] = set()
        if self.pending_answers:
            ans = self.pending_answers.pop(0)
            raise HarnessError("unused_answer", f"choose {ans.get('choice')!r} answered nothing pending")

    def do_pass_priority(self, _a: dict[str, Any]) -> None:
        self.passes += 1
        if self.passes >= 2:
            self.passes = 0
            if self.state.get("on_stack"):
                self._resolve_one()
                self._after_resolution()
            else:
                raise unsupported("passing on an empty stack (advance the step with `advance`)")

    def do_choose(self, a: dict[str, Any]) -> None:
        kind = a.get("choice")
        if kind == "new_targets":
            if not any("__copy" in o for (o, _p) in self.state.get("on_stack", set())):
                raise HarnessError("unused_answer", "no copy on the stack is waiting for new targets")
            self.pending_answers.append(dict(a))
            return
        raise unsupported(f"choice {kind!r}: python-mtg puts triggered abilities into effect immediately "
                          "(no trigger ordering) and chooses modes/X at cast")

    def _counters(self, a: dict[str, Any], sign: int) -> None:
        obj, kind, n = self.engine_id(a["object"]), a.get("counter", "+1/+1"), int(a.get("n", 1))
        ek = COUNTER_TO_ENGINE.get(kind, kind)
        if sign < 0:
            cur = next((c for (o, k, c) in self.state.get("counter", set()) if o == obj and k == ek), 0)
            n = min(n, int(cur))
        self.m.driver._bump_counter(self.state, obj, ek, sign * n)
        self.m.driver._fire_counter_placed_triggers(self.state)

    def do_add_counters(self, a: dict[str, Any]) -> None:
        self._counters(a, +1)

    def do_remove_counters(self, a: dict[str, Any]) -> None:
        self._counters(a, -1)

    def do_advance(self, a: dict[str, Any]) -> None:
        st = self.state
        if st.get("on_stack"):
            raise HarnessError("illegal_action", "advance with a non-empty stack")
        to = a.get("to")
        if to not in STEPS or to == "first_strike_damage":
            raise unsupported(f"advance to {to!r}")
        if self.step() in ("declare_attackers", "declare_blockers", "combat_damage") or \
                STEPS.index(to) > STEPS.index("beginning_of_combat") >= STEPS.index(self.step()):
            raise unsupported("advancing through combat: python-mtg's combat declarations are greedy "
                              "(driver.declare_attackers/declare_blockers) and not scripted by the harness")
        turn0 = st.get("_turn", 1)
        st["_forced"] = {"attackers": frozenset(), "blocks": frozenset()}
        try:
            for _ in range(40):
                self.m.env._advance_one(st)
                if st.get("_loser"):
                    break
                # python-mtg applies a step's turn-based actions (the draw) in the call that LEAVES that
                # step (env._advance_one: _apply_outputs, then current_step = advance_to), so zone moves
                # seen now happened in the previous step and are logged before the new step's event.
                self.sync_zones()
                self.events.append({"type": "step", "name": self.step(), "turn": st.get("_turn", 1)})
                new_turn = st.get("_turn", 1) != turn0
                if self.step() == to and (new_turn or not a.get("next_turn")):
                    return
        finally:
            st["_forced"] = {}
        raise HarnessError("internal", f"did not reach step {to!r}")
