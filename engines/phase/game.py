"""One conformance case played on phase.rs: position set-up, scripted actions, observation. Stdlib + phase.

* ``setup``: a game whose decks are the case's objects (phase draws them into the hands), both players
  keep, then with ``debug_mode`` on (``Game.state()`` -> ``Engine.load_game()``) phase's Debug actions
  place every object (``MoveToZone``), set the step (``SetPhase``), life (``SetLife``), the mana pool
  (``AddMana``), tapped (``SetTapped``), counters (``ModifyCounters``), summoning sickness
  (``SetSummoningSickness``) and keywords (``GrantKeyword``). The turn number is the state's
  ``turn_number``. Attackers and blockers have no Debug action: they are declared for real
  (:meth:`PhaseGame._replay_combat`).
* actions: phase's own legal actions (``Game.actions()``), each answering its prompt (``waiting_for``)
  with what the case scripted. A prompt the case did not answer stays pending: the next action that is not
  a ``choose`` is refused with ``unanswered_choice``.
"""

from __future__ import annotations

import json
from typing import Any

from facts import COUNTER_IN, PHASE_OF_STEP, STEP_OF_PHASE, Facts, player_name
from positions import (
    KEYWORD,
    MAX_PASSES,
    SEED,
    HarnessError,
    ObjectView,
    PositionMixin,
    seat,
    unsupported,
)
from snapshot import SnapshotMixin

DECLARATIONS = {"DeclareAttackers": "declare_attackers", "DeclareBlockers": "declare_blockers"}
"""phase's combat decisions -> the step an ``advance`` stops at to let the case declare them."""
STEP_ORDER = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
              "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
"""The steps of a turn in order (phase skips the combat steps with no decision to make, 508.8)."""

__all__ = ["SEED", "HarnessError", "PhaseGame"]


class PhaseGame(PositionMixin, SnapshotMixin):
    """A live phase game for one case."""

    def __init__(self, phase: Any, engine: Any, setup: dict[str, Any], seed: int = SEED,
                 layouts: dict[str, str] | None = None, texts: dict[str, str] | None = None) -> None:
        """``engine``: a ``phase.Engine`` whose card database holds the case's cards; ``layouts``: card name
        -> its MTGJSON layout (split, aftermath, ...); ``texts``: card or face name -> its oracle text (a
        triggered ability's ability word is read from it)."""
        self.phase = phase
        self.layouts = layouts or {}
        self.engine = engine
        self.facts = Facts(texts)
        self.pending_choice: str | None = None
        self.declaring: str | None = None              # a combat decision an advance stopped at
        self.set_up_in = str(setup.get("step", "precombat_main"))  # until the first advance
        self.resume: Any = None
        self.targets_answered: set[int] = set()         # triggers whose targets a `choose: targets` gave
        self._setup(setup, seed)

    # -- set-up --
    def state(self) -> dict[str, Any]:
        return self.g.state()["state"]

    def step(self) -> str:
        return STEP_OF_PHASE.get(self.g.phase, self.g.phase)

    def oid(self, case_id: Any) -> int:
        for oid, cid in self.facts.case_of.items():
            if cid == case_id:
                return oid
        if isinstance(case_id, str) and case_id.startswith("obj") and case_id[3:].isdigit():
            return int(case_id[3:])
        raise HarnessError("unknown_object", f"no object {case_id!r}")

    def target_ref(self, t: Any) -> dict[str, int]:
        if t in ("p1", "p2"):
            return {"Player": seat(t)}
        return {"Object": self.oid(t)}

    def apply(self, actor: int, action: Any) -> Any:
        """Apply one phase action and log its facts."""
        try:
            result = self.g.apply(actor, action)
        except ValueError as exc:
            raise HarnessError("illegal_action", f"phase refused {json.dumps(action)[:200]}: {exc}") from exc
        stack = list(self.g.stack() or [])
        st: dict[str, Any] = {"objects": ObjectView(self.g), "stack": stack}
        self.facts.translate(result.events, st, self.step(), int(self.g.turn))
        self.facts.stack_diff(stack, st)
        return result

    def stack(self) -> list[dict[str, Any]]:
        return list(self.g.stack() or [])

    def obj(self, oid: int) -> dict[str, Any]:
        return ObjectView(self.g).get(str(oid)) or {}

    def waiting(self) -> dict[str, Any]:
        return self.g.waiting_for() or {}

    def legal(self) -> list[dict[str, Any]]:
        return [a.to_dict() for a in self.g.actions()]

    def actor(self) -> int:
        wf = self.waiting()
        d = wf.get("data") or {}
        if "player" in d:
            return int(d["player"])
        return int(self.g.priority_player())

    # -- actions --
    def act(self, action: dict[str, Any]) -> None:
        if len(action) != 1:
            raise HarnessError("illegal_action", "an action has exactly one key")
        (verb, args), = action.items()
        args = args or {}
        if verb != "choose" and self.pending_choice:
            raise HarnessError("unanswered_choice", f"phase waits for {self.pending_choice}; no choose answered it")
        handler = getattr(self, f"_act_{verb}", None)
        if handler is None:
            raise unsupported(f"action {verb}")
        handler(args)

    def _act_cast(self, a: dict[str, Any]) -> None:
        player = seat(a.get("player", "p1"))
        oid = self.oid(a.get("object"))
        card = self.facts.card_of.get(oid, "")
        half = a.get("half")
        faces = card.split(" // ")
        if a.get("fuse"):
            raise unsupported(f"casting {card} fused (`fuse`, protocol 2): phase offers one CastSpell, its first "
                              "face (Game.actions()), and no fused split spell")
        if half and half not in faces:
            raise HarnessError("illegal_action", f"{card} has no half {half!r}")
        if half and half != faces[0] and self.layouts.get(card) != "split":
            raise unsupported(f"casting {half!r}: phase offers no way to cast the second half of a "
                              f"{self.layouts.get(card)} card (its object is the first face; layout "
                              "'aftermath' maps to no LayoutKind in database/card_db.rs map_layout_str)")
        if self.actor() != player:
            raise HarnessError("illegal_action", f"{player_name(player)} does not hold priority")
        cast = {"type": "CastSpell", "data": {"object_id": oid, "card_id": int(self.obj(oid).get("card_id", oid)),
                                              "targets": [], "payment_mode": {"type": "Auto"}}}
        self._apply_choice(player, cast, f"casting {a.get('object')} ({card}) in {self.step()}")
        try:
            self._answer_cast_prompts(player, oid, card, a)
        except HarnessError:
            try:
                self.g.apply(player, {"type": "CancelCast"})    # leave the game as before the refused cast
            except ValueError:
                pass
            raise
        self._after_action()

    def _answer_cast_prompts(self, player: int, oid: int, card: str, a: dict[str, Any]) -> None:
        half = a.get("half")
        faces = card.split(" // ")
        targets = list(a.get("targets") or [])
        modes = list(a.get("modes") or [])
        x = a.get("x")
        for _ in range(20):
            wf = self.waiting()
            t = wf.get("type")
            if t in ("TargetSelection", "MultiTargetSelection"):
                if not targets:                                 # no more targets (phase: "done")
                    self._apply_choice(player, {"type": "ChooseTarget", "data": {"target": None}},
                                       f"casting {a.get('object')} without a further target")
                    continue
                want = self.target_ref(targets.pop(0))
                self._apply_choice(player, {"type": "ChooseTarget", "data": {"target": want}}, f"target {want}")
            elif t == "ChooseXValue":
                if x is None:
                    raise HarnessError("unanswered_choice", "phase asks for X; the cast has no x")
                self._apply_choice(player, {"type": "ChooseX", "data": {"value": int(x)}}, f"X={x}")
            elif t == "DistributeAmong":
                division = a.get("division")
                chosen = (wf.get("data") or {}).get("targets") or []
                if not division:
                    raise HarnessError("unanswered_choice", "phase asks how to divide; the cast has no division")
                if len(division) != len(chosen):
                    raise HarnessError("illegal_action", f"division {division} for {len(chosen)} targets")
                self.apply(player, {"type": "DistributeAmong",
                                    "data": {"distribution": [[tgt, int(n)] for tgt, n in zip(chosen, division, strict=True)]}})
            elif t == "ModalFaceChoice":
                if not half:
                    raise HarnessError("unanswered_choice", f"phase asks which half of {card} to cast; the "
                                                            "cast names none")
                back = half != faces[0]
                self._apply_choice(player, {"type": "ChooseModalFace", "data": {"back_face": back}},
                                   f"casting {half}")
            elif t in ("ModeChoice", "AbilityModeChoice"):
                if not modes:
                    raise HarnessError("unanswered_choice", "phase asks for modes; the cast has none")
                self._choose_modes(player, modes)
                modes = []
            elif t == "PayCost" and int((wf.get("data") or {}).get("min_count") or 0) > 0:
                # protocol 1 has no `costs`: a cast pays its mana cost only (SPEC.md "costs"), so an
                # additional cost phase asks for is one the cast does not pay (601.2b, 601.2h)
                kind = ((wf.get("data") or {}).get("kind") or {}).get("type")
                raise HarnessError("illegal_action", f"{card} asks for an additional cost ({kind}); the cast "
                                                     "pays none (protocol 1: its mana cost only)")
            elif t == "PhyrexianPayment":
                self._pay_phyrexian(player, card)
            else:
                break
        if targets:
            # phase picks a target itself when only one is legal (no prompt): accept it if it is the case's
            chosen = self._spell_targets(oid)
            if chosen[-len(targets):] != [self.target_ref(t) for t in targets]:
                raise HarnessError("illegal_action", f"phase chose the targets {chosen} itself; the case wants "
                                                     f"{a.get('targets')}")

    def _pay_phyrexian(self, player: int, card: str) -> None:
        """Answer phase's PhyrexianPayment when the rules leave one way to pay (107.4f): the legal
        SubmitPhyrexianChoices that differ only in which of two same-color symbols gets the mana are one
        way. Two ways is a choice the case cannot script (protocol 1 has no answer for it): `unsupported`."""
        shards = (self.waiting().get("data") or {}).get("shards") or []
        ways: dict[tuple[tuple[str, str], ...], dict[str, Any]] = {}
        for c in self.legal():
            if c["type"] == "SubmitPhyrexianChoices":
                picks = [str(ch.get("type")) for ch in (c.get("data") or {}).get("choices") or []]
                colors = [str(sh.get("color")) for sh in shards]
                ways.setdefault(tuple(sorted(zip(colors, picks, strict=False))), c)
        if len(ways) != 1:
            raise unsupported(f"paying the Phyrexian symbols of {card}: phase offers {len(ways)} ways "
                              f"({sorted(ways)}) and the cast scripts none (107.4f: the player chooses)")
        self._apply_choice(player, next(iter(ways.values())), f"paying the Phyrexian symbols of {card}")

    def _spell_targets(self, oid: int) -> list[Any]:
        for e in self.stack():
            if int(e["id"]) == oid:
                ab = ((e.get("kind") or {}).get("data") or {}).get("ability") or {}
                out = list(ab.get("targets") or [])
                sub = ab.get("sub_ability")
                while isinstance(sub, dict):
                    out += list(sub.get("targets") or [])
                    sub = sub.get("sub_ability")
                return out
        return []

    def _apply_choice(self, player: int, action: dict[str, Any], what: str) -> None:
        """Apply ``action`` (phase checks it against its prompt); a refusal is ``illegal_action``."""
        try:
            self.apply(player, action)
        except HarnessError as exc:
            raise HarnessError("illegal_action", f"phase does not allow {what} now "
                                                 f"({self.waiting().get('type')}): {exc.message}") from exc

    def _choose_modes(self, player: int, modes: list[int]) -> None:
        legal = self.legal()
        for c in legal:
            d = c.get("data") or {}
            idx = d.get("indices") or d.get("modes") or d.get("mode_indices")
            if c["type"] in ("SelectModes", "ChooseModes") and idx is not None and list(idx) == modes:
                self.apply(player, c)
                return
        raise unsupported(f"modes {modes}: no matching phase action among {[c['type'] for c in legal][:5]}")

    def _after_action(self) -> None:
        """Note a prompt phase now waits on that only a scripted ``choose`` may answer."""
        t = self.waiting().get("type")
        if t in ("Priority", None, "GameOver"):
            self.pending_choice = None
        else:
            self.pending_choice = t

    def _act_activate(self, a: dict[str, Any]) -> None:
        player = seat(a.get("player", "p1"))
        oid = self.oid(a.get("object"))
        if self.actor() != player:
            raise HarnessError("illegal_action", f"{player_name(player)} does not hold priority")
        acts = [x for x in self.legal() if x["type"] == "ActivateAbility" and int(x["data"]["source_id"]) == oid]
        idx = int(a.get("ability", 0))
        # phase numbers a permanent's activated abilities as SPEC does, its mana abilities included
        # (``ability_index``), but offers only those it can activate now, and no mana ability
        # (TapLandForMana): the one of that number
        # (on the battlefield; a card's abilities in a hand, cycling, are numbered by what phase offers)
        on_battlefield = self.obj(oid).get("zone") == "Battlefield"
        exact = [x for x in acts if x["data"].get("ability_index") == idx]
        if on_battlefield and exact:
            self.apply(player, exact[0])
        elif idx < len(acts) and not (on_battlefield and any("ability_index" in x["data"] for x in acts)):
            self.apply(player, acts[idx])
        else:
            raise HarnessError("illegal_action", f"phase offers no activated ability {idx} of {a.get('object')} "
                               f"(it offers {sorted(x['data'].get('ability_index') for x in acts)})")
        targets = list(a.get("targets") or [])
        while self.waiting().get("type") in ("TargetSelection", "MultiTargetSelection") and targets:
            want = self.target_ref(targets.pop(0))
            self._apply_choice(player, {"type": "ChooseTarget", "data": {"target": want}}, f"target {want}")
        self._after_action()

    def _act_pass_priority(self, a: dict[str, Any]) -> None:
        player = seat(a.get("player", "p1"))
        if self.waiting().get("type") != "Priority" or self.actor() != player:
            raise HarnessError("illegal_action", f"{player_name(player)} does not hold priority")
        self.apply(player, {"type": "PassPriority"})
        self._after_action()

    def _resolve(self, until_empty: bool) -> None:
        stack = self.stack()
        if not stack:
            raise HarnessError("illegal_action", "the stack is empty")
        top = stack[-1]["id"]
        for _ in range(MAX_PASSES):
            wf = self.waiting()
            if wf.get("type") != "Priority":
                self.pending_choice = wf.get("type")
                self.resume = (lambda: self._resolve_continue(until_empty, top))
                return
            self.apply(self.actor(), {"type": "PassPriority"})
            stack = self.stack()
            if not stack or (not until_empty and all(e["id"] != top for e in stack)):
                self._after_action()
                return
        raise HarnessError("internal", "the stack did not resolve")

    def _resolve_continue(self, until_empty: bool, top: int) -> None:
        stack = self.stack()
        if not stack or (not until_empty and all(e["id"] != top for e in stack)):
            return
        self._resolve(until_empty)

    def _act_resolve_top(self, a: dict[str, Any]) -> None:
        self._resolve(False)

    def _act_resolve_stack(self, a: dict[str, Any]) -> None:
        if not self.stack():                            # SPEC: resolve until the stack is empty
            self._after_action()
            return
        self._resolve(True)

    def _act_add_counters(self, a: dict[str, Any]) -> None:
        """An effect outside the case's cards adds counters: phase's Debug ``Proliferate`` is the one Debug
        action that adds counters through its event pipeline (``CounterAdded``, so chapter abilities
        trigger); its ``ProliferateChoice`` is answered with this object only, once per counter. Debug
        ``ModifyCounters`` emits no event, so no trigger could see it."""
        oid = self.oid(a.get("object"))
        counter = str(a.get("counter"))
        kind = COUNTER_IN.get(counter, counter)
        n = int(a.get("n", 1))
        obj = self.obj(oid)
        if obj.get("zone") != "Battlefield":
            raise unsupported("add_counters on an object off the battlefield: phase's Proliferate cannot reach it")
        if not int((obj.get("counters") or {}).get(kind, 0)):
            raise unsupported(f"add_counters: {a.get('object')} has no {counter} counter, and phase's Debug "
                              "Proliferate (the only Debug action adding counters through CounterAdded, so that "
                              "triggers see them) adds only kinds already there; ModifyCounters emits no event")
        start = len(self.facts.events)
        for _ in range(n):
            self.debug_logged("Proliferate", player_id=int(obj.get("controller", 0)))
            if self.waiting().get("type") != "ProliferateChoice":
                raise HarnessError("internal", f"phase's Proliferate asked {self.waiting().get('type')}")
            self._apply_choice(int(obj.get("controller", 0)),
                               {"type": "SelectTargets", "data": {"targets": [{"Object": oid}]}},
                               f"proliferating {a.get('object')}")
        # one scripted addition of n counters: one counter_added event of n (phase logged n of one each)
        added = [e for e in self.facts.events[start:] if e["type"] == "counter_added" and e["object"] == a.get("object")]
        if len(added) > 1:
            first = added[0]
            first["n"] = sum(e["n"] for e in added)
            self.facts.events[start:] = [e for e in self.facts.events[start:] if e is first or e not in added]
        self._after_action()

    def debug_logged(self, kind: str, **data: Any) -> Any:
        """A Debug action whose events are facts of the case (not of the set-up)."""
        action = {"type": "Debug", "data": {"type": kind, "data": data}}
        return self.apply(0, action)

    def _act_remove_counters(self, a: dict[str, Any]) -> None:
        oid = self.oid(a.get("object"))
        counter = str(a.get("counter"))
        n = int(a.get("n", 1))
        if self.obj(oid).get("zone") == "Exile":
            raise unsupported("remove_counters on an exiled card: phase's Debug ModifyCounters emits no "
                              "CounterRemoved event, so what triggers on it (suspend's last time counter, "
                              "database/synthesis.rs synthesize_suspend) could not trigger")
        before = int(self.obj(oid).get("counters", {}).get(COUNTER_IN.get(counter, counter), 0))
        self.debug("ModifyCounters", object_id=oid, counter_type=COUNTER_IN.get(counter, counter), delta=-n)
        after = int(self.obj(oid).get("counters", {}).get(COUNTER_IN.get(counter, counter), 0))
        if before != after:                               # observed: phase's Debug action emits no event
            self.facts.events.append({"type": "counter_removed", "object": self.facts.cid(oid),
                                      "counter": counter, "n": before - after})

    def _act_set_keywords(self, a: dict[str, Any]) -> None:
        oid = self.oid(a.get("object"))
        for kw in a.get("add") or []:
            if kw.lower() not in KEYWORD:
                raise unsupported(f"keyword {kw!r}")
            self.debug("GrantKeyword", object_id=oid, keyword=KEYWORD[kw.lower()])
        for kw in a.get("remove") or []:
            if kw.lower() not in KEYWORD:
                raise unsupported(f"keyword {kw!r}")
            self.debug("RemoveKeyword", object_id=oid, keyword=KEYWORD[kw.lower()])

    def _act_advance(self, a: dict[str, Any]) -> None:
        to = a.get("to")
        if to not in PHASE_OF_STEP:
            raise unsupported(f"advance to {to!r}: phase has no such step with priority (first-strike damage "
                              "is dealt inside CombatDamage, game/combat_damage.rs)")
        if self.stack():
            raise HarnessError("illegal_action", "advance needs an empty stack")
        turn0 = int(self.g.turn)
        self.declaring = None
        self.set_up_in = ""
        for _ in range(MAX_PASSES):
            wf = self.waiting()
            t = wf.get("type")
            if t in DECLARATIONS and to == DECLARATIONS[t]:
                self.declaring = t                      # the case declares (declare_attackers/_blockers)
                return
            if t == "DeclareAttackers":
                self.apply(self.actor(), {"type": "DeclareAttackers", "data": {"attacks": []}})
                continue
            if t == "DeclareBlockers":
                self.apply(self.actor(), {"type": "DeclareBlockers", "data": {"assignments": []}})
                continue
            if t != "Priority":
                self.pending_choice = t
                return
            if self.stack():
                self._after_action()
                return                                      # a trigger on the way: priority with it on the stack
            self.apply(self.actor(), {"type": "PassPriority"})
            new_turn = int(self.g.turn) != turn0
            if (to in DECLARATIONS.values() and not new_turn and self.step() in STEP_ORDER
                    and STEP_ORDER.index(self.step()) > STEP_ORDER.index(to)):
                self._after_action()                    # phase skipped the step: nothing to declare
                return
            if self.step() == to and (new_turn or not a.get("next_turn")) and self.waiting().get("type") == "Priority":
                self._after_action()
                return
        raise HarnessError("internal", f"did not reach {to!r}")

    def _act_declare_attackers(self, a: dict[str, Any]) -> None:
        """The active player's attack (protocol 2, rule 508.1): phase's DeclareAttackers decision,
        reached by ``advance: {to: declare_attackers}``. When phase asks none (no creature can
        attack), only an empty declaration is legal."""
        attackers = a.get("attackers") or {}
        attacks = [[self.oid(att), {"type": "Player", "data": seat(target)}]
                   if target in ("p1", "p2") else [self.oid(att), {"type": "Object", "data": self.oid(target)}]
                   for att, target in attackers.items()]
        self._declare("DeclareAttackers", a, {"attacks": attacks, "bands": []}, bool(attacks))

    def _act_declare_blockers(self, a: dict[str, Any]) -> None:
        """The defending player's blocks (protocol 2, rule 509.1): phase's DeclareBlockers decision,
        reached by ``advance: {to: declare_blockers}``. When phase asks none (no creature can block
        an attacker), only an empty declaration is legal."""
        blocks = [[self.oid(blk), self.oid(att)] for blk, att in (a.get("blocks") or {}).items()]
        self._declare("DeclareBlockers", a, {"assignments": blocks}, bool(blocks))

    def _declare(self, kind: str, a: dict[str, Any], data: dict[str, Any], any_: bool) -> None:
        waiting = self.waiting()
        if waiting.get("type") != kind or self.declaring != kind:
            if self.set_up_in == DECLARATIONS[kind]:
                raise unsupported(f"a {kind} declaration in the step the case is set up in: phase starts "
                                  "that step with priority, its declaration already past")
            if any_:
                raise HarnessError("illegal_action", f"phase asks for no {kind} decision now "
                                   f"(waiting for {waiting.get('type')} in {self.step()}): none is legal")
            return
        actor = int((waiting.get("data") or {}).get("player", self.actor()))
        if seat(a.get("player", "p1")) != actor:
            raise HarnessError("illegal_action", f"{a.get('player')} does not make phase's {kind} decision")
        self.declaring = None
        self.apply(actor, {"type": kind, "data": data})
        self._after_action()

    def _act_choose(self, a: dict[str, Any]) -> None:
        choice = a.get("choice")
        wf = self.waiting()
        t = wf.get("type")
        if not self.pending_choice:
            if choice == "targets" and self._targets_phase_chose(a):
                return
            raise HarnessError("unused_answer", f"choose {choice}: phase waits for no choice")
        player = self.actor()
        on_stack = {int(e["id"]) for e in self.stack()}
        if choice == "trigger_order" and t == "OrderTriggers":
            triggers = (wf.get("data") or {}).get("triggers") or []
            order = []
            for item in a.get("order") or []:
                src = item.get("source") if isinstance(item, dict) else item
                sid = self.oid(src)
                idx = [i for i, tr in enumerate(triggers) if int(tr.get("source_id", -1)) == sid and i not in order]
                if not idx:
                    raise HarnessError("illegal_action", f"no waiting trigger of {src}")
                order.append(idx[0])
            if sorted(order) != list(range(len(triggers))):
                raise HarnessError("illegal_action", f"order names {len(order)} of {len(triggers)} triggers")
            self.apply(player, {"type": "OrderTriggers", "data": {"order": order}})
        elif choice == "new_targets" and t == "CopyRetarget":
            new = a.get("targets")
            if new is None:
                self._apply_choice(player, {"type": "KeepAllCopyTargets"}, "keeping the copy's targets")
            else:
                for tid in new:
                    want = self.target_ref(tid)
                    self._apply_choice(player, {"type": "ChooseTarget", "data": {"target": want}},
                                       f"new target {want}")
        elif choice == "targets" and t == "TriggerTargetSelection":
            # a triggered ability's targets as it is put on the stack (rule 603.3d): one ChooseTarget per
            # target, phase checks each against the slot's legal targets
            for tid in a.get("targets") or []:
                if self.waiting().get("type") != "TriggerTargetSelection":
                    raise HarnessError("illegal_action", f"phase wants no further target ({tid!r})")
                want = self.target_ref(tid)
                self._apply_choice(player, {"type": "ChooseTarget", "data": {"target": want}},
                                   f"trigger target {want}")
            self.targets_answered.update(int(e["id"]) for e in self.stack() if int(e["id"]) not in on_stack)
        else:
            raise unsupported(f"choose {choice} while phase waits for {t}")
        self.pending_choice = None
        self._after_action()
        if self.resume is not None and not self.pending_choice:
            resume, self.resume = self.resume, None
            resume()

    def _targets_phase_chose(self, a: dict[str, Any]) -> bool:
        """A `choose: targets` for a trigger phase put on the stack with its one legal target chosen itself
        (no TriggerTargetSelection prompt; rule 603.3d: the choice is still the controller's, forced): the
        answer stands if it names exactly that target. The newest such trigger not yet answered, of the
        answer's `source` / `ability` when it names them, is the one answered; another target is refused."""
        want = [self.target_ref(t) for t in a.get("targets") or []]
        for e in reversed(self.stack()):
            sid = int(e["id"])
            seen = self.facts.stack_seen.get(sid) or {}
            if ((e.get("kind") or {}).get("type") != "TriggeredAbility" or sid in self.targets_answered
                    or a.get("source", seen.get("source")) != seen.get("source")
                    or a.get("ability", seen.get("ability")) != seen.get("ability")):
                continue
            chosen = self._spell_targets(sid)
            if not chosen and want:
                continue
            if chosen != want:
                raise HarnessError("illegal_action", f"phase chose the targets {chosen} of {seen.get('source')}'s "
                                                     f"{seen.get('ability')} itself; the case wants {a.get('targets')}")
            self.targets_answered.add(sid)
            return True
        return False

    # -- observe --
