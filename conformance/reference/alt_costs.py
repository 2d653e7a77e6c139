"""Alternative costs that change what happens around the spell, not only what is paid: madness
(702.35), dash (702.109), evoke (702.74) and foretell (702.143), read from the cards' lines
"Madness {cost}", "Dash {cost}", "Evoke {cost}", "Foretell {cost}" (``FaceText.alternatives``).

* Madness: a card with madness its owner discards is exiled instead (a replacement, 702.35a),
  and its ``madness`` trigger lets the owner cast it for its madness cost as the trigger
  resolves (a ``may`` choice naming ``source`` the card and ``ability: madness``); declined, or
  left uncast, the card is put into its owner's graveyard.
* Dash: a permanent whose dash cost was paid has haste, and a ``dash`` delayed trigger returns
  it to its owner's hand at the beginning of the next end step.
* Evoke: a permanent whose evoke cost was paid has an ``evoke`` enters trigger: its controller
  sacrifices it (ordered against its other enters triggers with ``trigger_order``).
* Foretell: the ``foretell`` action (a special action, 116.2h): during their turn, with
  priority, a player pays {2} and exiles a card with foretell from their hand face down; they
  may cast it on a later turn for its foretell cost, from exile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from conformance.reference.actions import action
from conformance.reference.cards import Face
from conformance.reference.casting import Casting
from conformance.reference.effect_blocks import Effect
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Choice, Flow, Obj, PendingTrigger, Ref, refuse

if TYPE_CHECKING:
    from conformance.reference.rules import Rules

ALT_COST_HOOKS: dict[str, str] = {
    "madness_declined_to_graveyard": "702.35a: a madness card not cast goes to the graveyard",
    "madness_ignores_timing": "702.35a, 608.2g: a madness spell ignores its type's timing",
    "dash_return_follows_card": "400.7, 702.109a: dash returns only the permanent that entered",
    "dashed_must_attack": "702.109a: a dashed creature need not attack",
}
"""The hooks of :class:`AlternativeCosts` beyond those listed in
:data:`conformance.reference.rules.HOOKS` itself."""

FORETELL_COST = "{2}"
"""What foretelling a card costs (702.143a)."""


@dataclass(frozen=True, slots=True)
class MadnessCast(Effect):
    """The madness trigger (702.35a): its owner may cast the exiled card (``zcc``: the object
    exiled) for its madness cost, otherwise it goes to the graveyard."""

    zcc: int


@dataclass(frozen=True, slots=True)
class EvokeSacrifice(Effect):
    """The evoke trigger (702.74a): its controller sacrifices the permanent (``zcc``: the object
    that entered)."""

    zcc: int


@dataclass(frozen=True, slots=True)
class DashReturn(Effect):
    """The dash delayed trigger (702.109a): return the permanent (``zcc``: the object that
    entered) to its owner's hand."""

    zcc: int


class AlternativeCosts(Casting):
    """Madness, dash, evoke and foretell."""

    def _reset(self) -> None:
        super()._reset()
        self.entered_for: dict[Ref, str] = {}
        """The alternative cost paid for each permanent that entered after being cast for it."""
        self.dash_returns: list[tuple[str, Ref]] = []
        """(controller, permanent) of the dash delayed triggers waiting for an end step."""
        self.foretold: dict[Ref, int] = {}
        """Each foretold card in exile and the turn it was foretold in (702.143c)."""
        self.madness_casting: Ref | None = None
        """The exiled card whose madness trigger is resolving (the one it may cast)."""
        self.casting_alternative: str | None = None
        """The alternative cost named by the cast being made (``timing_permits`` may read it)."""

    # --- hooks ----------------------------------------------------------------------------

    def madness_replaces_discard(self) -> bool:
        """Hook: a card with madness its owner discards is exiled instead of going to the
        graveyard, which makes its madness trigger trigger (702.35a)."""
        return True

    def dash_grants_haste(self) -> bool:
        """Hook: a permanent whose dash cost was paid has haste (702.109a)."""
        return True

    def dash_returns_to_hand(self) -> bool:
        """Hook: a permanent whose dash cost was paid returns to its owner's hand at the
        beginning of the next end step (702.109a)."""
        return True

    def madness_declined_to_graveyard(self) -> bool:
        """Hook: a card with madness whose owner does not cast it as its madness trigger
        resolves is put into their graveyard; there is no later chance (702.35a)."""
        return True

    def dash_return_follows_card(self) -> bool:
        """Hook: the dash delayed trigger returns only the permanent that entered: a card that
        has left the battlefield since stays where it is (400.7, 702.109a)."""
        return False

    def madness_ignores_timing(self) -> bool:
        """Hook: a card cast as its madness trigger resolves is cast then, whatever its card
        type's timing (608.2g, 702.35a)."""
        return True

    def dashed_must_attack(self) -> bool:
        """Hook: dash gives haste and returns the creature; it does not make it attack (a
        declaration without it is legal, 702.109a, 508.1d)."""
        return False

    def evoke_sacrifices(self) -> bool:
        """Hook: a permanent whose evoke cost was paid is sacrificed when it enters (702.74a)."""
        return True

    def foretold_castable(self, foretold_turn: int) -> bool:
        """Hook: a foretold card may be cast only after the turn it was foretold in has ended
        (702.143a)."""
        return self.turn > foretold_turn

    def foretell_needs_empty_stack(self) -> bool:
        """Hook: foretelling is a special action a player takes any time they have priority
        during their turn, in response to spells too (116.2h): it never needs an empty stack."""
        return False

    # --- the alternative costs --------------------------------------------------------------

    def may_cast_face_from(self, face: Face, zone: str) -> bool:
        """A card with foretell may be cast from exile (when foretold: :meth:`_spell_cost`)."""
        return super().may_cast_face_from(face, zone) or (
            zone == "exile" and "foretell" in dict(face.text.alternatives))

    def _alternative_allowed(self, obj: Obj, name: str) -> None:
        """Refuse the alternatives that depend on more than the card's zone: madness only as its
        trigger resolves, foretell only for a card foretold on an earlier turn."""
        if name == "madness" and self.madness_casting != obj.ref:
            raise refuse("illegal_action", f"{obj.id} is cast for its madness cost only as its "
                                           "madness trigger resolves (rule 702.35a)")
        if name == "foretell":
            turn = self.foretold.get(obj.ref)
            if turn is None:
                raise refuse("illegal_action", f"{obj.id} was not foretold (rule 702.143a)")
            if not self.foretold_castable(turn):
                raise refuse("illegal_action", f"{obj.id} was foretold this turn: it may be "
                                               "cast on a later turn (rule 702.143a)")

    # --- madness --------------------------------------------------------------------------

    def _discard(self, obj: Obj) -> None:
        card = obj.card
        cost = (dict(card.faces[0].text.alternatives).get("madness")
                if card is not None and len(card.faces) == 1 else None)
        if cost is None or obj.zone != "hand" or not self.madness_replaces_discard():
            super()._discard(obj)
            return
        self._move(obj, "exile")
        self._trigger(PendingTrigger(obj.owner, obj.id, obj.card_name, "madness",
                                     (MadnessCast(obj.zcc),)))

    def _cast(self, player: str, obj: Obj, a: dict[str, Any], resolving: bool) -> Flow:
        costs = a.get("costs")
        alternative = costs.get("alternative") if isinstance(costs, dict) else None
        self.casting_alternative = alternative if isinstance(alternative, str) else None
        try:
            yield from super()._cast(player, obj, a, resolving)
        finally:
            self.casting_alternative = None

    def _madness_cast(self, obj: Obj) -> Flow:
        card = obj.card
        if (not self.madness_ignores_timing() and card is not None
                and not self.timing_permits(card.faces[0], obj.owner, "hand")):
            raise refuse("illegal_action", f"{obj.id} can be cast only at sorcery speed")
        self.madness_casting = obj.ref
        try:
            yield from self._cast(obj.owner, obj, {"player": obj.owner, "object": obj.id,
                                                   "costs": {"alternative": "madness"}},
                                  resolving=True)
        finally:
            self.madness_casting = None

    # --- dash and evoke ------------------------------------------------------------------

    def _resolve_spell(self, obj: Obj) -> Flow:
        spell = obj.spell
        if spell is not None and spell.alternative in ("dash", "evoke"):
            self.entered_for[Ref(obj.id, obj.zcc + 1)] = spell.alternative
        yield from super()._resolve_spell(obj)
        if obj.zone == "battlefield" and self.entered_for.get(obj.ref) == "dash":
            if self.dash_grants_haste():
                obj.setup_keywords = (*obj.setup_keywords, "haste")  # its own static ability
            if self.dash_returns_to_hand():
                self.dash_returns.append((obj.controller, obj.ref))

    def detect_enters_triggers(self, obj: Obj) -> None:
        """The evoke trigger, "When this permanent enters the battlefield, if its evoke cost
        was paid, its controller sacrifices it" (702.74a), with its other enters triggers."""
        super().detect_enters_triggers(obj)
        if self.entered_for.get(obj.ref) == "evoke" and self.evoke_sacrifices():
            self._trigger(PendingTrigger(obj.controller, obj.id, obj.card_name, "evoke",
                                         (EvokeSacrifice(obj.zcc),)))

    def declare_attackers(self, a: dict[str, Any]) -> Flow:
        """Only with :meth:`dashed_must_attack`: a declaration leaving out a dashed creature
        able to attack is refused."""
        chosen = a.get("attackers")
        if self.dashed_must_attack() and isinstance(chosen, dict):
            for ref, name in self.entered_for.items():
                ob = self.objects.get(ref.id)
                if (name == "dash" and ob is not None and ob.ref == ref
                        and ob.zone == "battlefield" and ob.controller == a.get("player")
                        and ref.id not in chosen and self.may_attack(ob)):
                    raise refuse("illegal_action", f"{ref.id} was dashed: it must attack")
        yield from super().declare_attackers(a)

    def _enter_step(self, name: str, new_turn: bool) -> None:
        super()._enter_step(name, new_turn)
        if name == "end":  # "at the beginning of the next end step" (603.7, 702.109a)
            due, self.dash_returns = self.dash_returns, []
            for controller, ref in due:
                ob = self.objects[ref.id]
                self._trigger(PendingTrigger(controller, ob.id, ob.card_name, "dash",
                                             (DashReturn(ref.zcc or 0),)))

    # --- foretell ---------------------------------------------------------------------------

    def foretell(self, a: dict[str, Any]) -> Flow:
        """Foretell a card (116.2h, 702.143a-b): a special action of the active player with
        priority; pay {2}, exile the card from the hand face down; the player keeps priority."""
        player = a.get("player")
        obj = self._get(a.get("object"))
        self._require_priority(player)
        assert isinstance(player, str)
        if player != self.active:
            raise refuse("illegal_action", "a card is foretold only during its owner's turn "
                                           "(rule 116.2h)")
        card = obj.card
        if (card is None or obj.owner != player or obj.zone != "hand" or len(card.faces) != 1
                or "foretell" not in dict(card.faces[0].text.alternatives)):
            raise refuse("illegal_action", f"{obj.id} is not a card with foretell in "
                                           f"{player}'s hand")
        if self.stack and self.foretell_needs_empty_stack():
            raise refuse("illegal_action", "foretelling needs an empty stack")
        if not self._pay(player, FORETELL_COST, 0):
            raise refuse("illegal_action", f"cannot pay {FORETELL_COST} to foretell {obj.id}")
        self._move(obj, "exile")
        obj.face_down = True  # 406.3: exiled face down; its owner may look at it
        self.foretold[obj.ref] = self.turn
        self.priority = player
        self.passes = 0
        yield from self._put_triggers()


@action("foretell")
def _foretell_action(rules: Rules, a: dict[str, Any]) -> Flow:
    """Foretell a card (116.2h; protocol 2)."""
    return rules.foretell(a)


def _live(r: Effects, oid: str, zcc: int, zone: str) -> Obj | None:
    ob = r.objects.get(oid)
    return ob if ob is not None and ob.zcc == zcc and ob.zone == zone else None


@effect(MadnessCast)
def _madness(r: Effects, eff: MadnessCast, ctx: EffectContext) -> Flow:
    """Its owner may cast the card (608.2d: a ``may`` choice), else it goes to the graveyard."""
    ob = _live(r, ctx.source, eff.zcc, "exile")
    if ob is None:
        return
    answer = yield Choice("may", {"player": ctx.controller, "source": ob.id,
                                  "ability": "madness"})
    for key, value in (("source", ob.id), ("ability", "madness")):
        if key in answer and answer[key] != value:
            raise refuse("unused_answer", f"may: the engine waits for the answer of {ob.id}'s "
                                          f"madness, not of {answer.get('source', ob.id)}'s "
                                          f"{answer.get('ability', 'madness')}")
    accept = answer.get("accept")
    if not isinstance(accept, bool):
        raise refuse("illegal_action", "may: answer accept: true or false")
    assert isinstance(r, AlternativeCosts)
    if r.optional_effect_happens(accept):
        yield from r._madness_cast(ob)
    elif r.madness_declined_to_graveyard():
        r._move(ob, "graveyard")


@effect(EvokeSacrifice)
def _evoke(r: Effects, eff: EvokeSacrifice, ctx: EffectContext) -> None:
    ob = _live(r, ctx.source, eff.zcc, "battlefield")
    if ob is not None:
        r._emit("sacrificed", object=ob.id, card=ob.card_name)
        r._move(ob, "graveyard")


@effect(DashReturn)
def _dash(r: Effects, eff: DashReturn, ctx: EffectContext) -> None:
    ob = _live(r, ctx.source, eff.zcc, "battlefield")
    assert isinstance(r, AlternativeCosts)
    if ob is None and r.dash_return_follows_card():
        ob = r.objects.get(ctx.source)
        ob = ob if ob is not None and ob.zone in ("graveyard", "exile") else None
    if ob is not None:
        r._move(ob, "hand")
