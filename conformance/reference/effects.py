"""Effects of resolving spells and abilities (rule 608.2): a registry from each effect type of
:mod:`conformance.reference.abilities` to the handler that gives it meaning.

A handler gets the rules, the effect and an :class:`EffectContext` (its targets, which of them are
still legal, who controls the spell or ability, its source); it changes the game and may ask for a
decision by returning a generator that yields :class:`~conformance.reference.objects.Choice`
(copies' new targets, surveil's cards, "you may"). An effect type without a handler is an internal error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from conformance.reference import effect_blocks as o
from conformance.reference.library_rules import LibraryChoices
from conformance.reference.objects import (
    Choice,
    ContinuousEffect,
    DelayedTrigger,
    Flow,
    Obj,
    Ref,
    SpellState,
    StackAbility,
    other,
    refuse,
    snapshot_spell,
)


@dataclass(frozen=True, slots=True)
class EffectContext:
    """What one effect of a resolving spell or ability acts with."""

    targets: list[list[Ref]]
    """The effect's own target slots' targets (``oracle`` slot order)."""
    legal: list[list[bool]]
    """For each target, whether it is still legal as the effect happens (rule 608.2b)."""
    controller: str
    source: str
    """The id of the spell, or of the source of the ability."""
    spell: Obj | None
    ability: StackAbility | None

    @property
    def x(self) -> int | None:
        """The spell's value of X, if any."""
        return self.spell.spell.x if self.spell is not None and self.spell.spell else None

    def first(self) -> Ref | None:
        """The first slot's first target, when it is still legal (None: no target chosen for
        an "up to one" slot, or an illegal one)."""
        return self.targets[0][0] if self.targets[0] and self.legal[0][0] else None


Handler = Callable[["Effects", Any, EffectContext], Flow | None]
E = TypeVar("E", bound=o.Effect)
EFFECTS: dict[type[o.Effect], Handler] = {}
"""Effect type -> handler (filled by :func:`effect`)."""


def effect(kind: type[E]) -> Callable[[Callable[[Effects, E, EffectContext], Flow | None]],
                                      Callable[[Effects, E, EffectContext], Flow | None]]:
    """Register the decorated function as the handler of effects of type ``kind``."""

    def register(fn: Callable[[Effects, E, EffectContext], Flow | None]
                 ) -> Callable[[Effects, E, EffectContext], Flow | None]:
        if kind in EFFECTS:
            raise ValueError(f"two handlers for {kind.__name__}")
        EFFECTS[kind] = fn
        return fn

    return register


class Effects(LibraryChoices):
    """Running the effects of a resolving spell or ability, and damage (rule 120)."""

    def _run_effects(self, effects: o.SpellText, targets: list[list[Ref]], controller: str,
                     source: str, spell: Obj | None, ability: StackAbility | None) -> Flow:
        pos = 0
        exclude = spell.id if spell is not None else None  # a spell can't target itself
        for eff in effects:
            n = len(eff.slots)
            mine = targets[pos:pos + n]
            slots = eff.slots
            pos += n
            legal = [[self._slot_legal(r, s, controller, exclude, source) for r in refs]
                     for s, refs in zip(slots, mine, strict=True)]
            handler = EFFECTS.get(type(eff))
            if handler is None:
                raise refuse("internal", f"effect {type(eff).__name__} has no rule")
            flow = handler(self, eff, EffectContext(mine, legal, controller, source, spell,
                                                    ability))
            if flow is not None:
                yield from flow

    def _damage(self, source: str, target: Ref, amount: int, combat: bool = False) -> None:
        """``source`` deals ``amount`` damage to ``target`` (rule 120.3): prevented by
        protection (702.16e); as poison counters to a player and -1/-1 counters to a creature
        from a source with infect (702.90b-c), as -1/-1 counters from one with wither
        (702.80a); then deathtouch and lifelink."""
        preventable = self.damage_unpreventable != self.turn  # 614.16
        if amount <= 0 or (combat and preventable and self.combat_damage_prevented == self.turn):
            return
        src = self.objects.get(source)
        if combat and preventable and self.combat_damage_shielded and any(
                ob is not None and (self.turn, ob.id, ob.zcc) in self.combat_damage_shielded
                for ob in (src, self.objects.get(target.id) if target.zcc is not None else None)):
            return  # 615: "dealt to and dealt by that creature"
        keywords = self.chars(src).keywords if src is not None else frozenset()
        if target.zcc is not None and preventable and self.damage_prevented_by_protection(
                target, source):
            return
        self._emit("damage", source=source, target=target.id, amount=amount, step=self.step,
                   combat=combat)
        if target.zcc is None:
            if self.infects(keywords):
                self.players[target.id].poison += amount
            else:
                self.players[target.id].life -= amount
                self._emit("life_change", player=target.id, amount=-amount)
        elif self._damage_removes_counters(self.objects[target.id], amount):
            pass  # a planeswalker or battle that is not a creature (120.3c, 120.3h)
        elif self.damage_as_counters(keywords):
            self._add_counters(self.objects[target.id], "-1/-1", amount)
        else:
            self.objects[target.id].damage += amount
        if "deathtouch" in keywords and target.zcc is not None:  # any damage, counters too
            self.objects[target.id].deathtouched = True  # 704.5h
        if src is not None and self.lifelink_applies(keywords):
            self.players[src.controller].life += amount
            self._emit("life_change", player=src.controller, amount=amount)

    def _damage_removes_counters(self, obj: Obj, amount: int) -> bool:
        """Damage dealt to a planeswalker removes that many loyalty counters from it (120.3c),
        to a battle that many defense counters (120.3h); whether ``obj`` is only such a
        permanent (a creature among them is also dealt damage the creature way, 120.3e)."""
        types = set(self.chars(obj).types)
        for kind, counter in (("Planeswalker", "loyalty"), ("Battle", "defense")):
            if kind in types:
                self._remove_counters(obj, counter, amount)
        return bool({"Planeswalker", "Battle"} & types) and "Creature" not in types

    def times_kicked(self, spell: SpellState) -> int:
        """Hook: how many times a spell was kicked, as its effects see it (702.33d: every
        kicker cost paid counts; 702.33c: a multikicker cost paid N times counts N)."""
        return spell.kicked

    def kicked_effect_replaces(self) -> bool:
        """Hook: a kicked spell's "if it was kicked, <effect> instead" happens in place of the
        unkicked effect, not in addition to it (702.33d, 608.2c)."""
        return True

    def optional_effect_happens(self, accepted: bool) -> bool:
        """Hook: an optional effect ("you may ...") happens only if its controller chose it
        (608.2d)."""
        return accepted

    def surveil_rest_order(self, rest: list[str], order: list[str]) -> list[str]:
        """Hook: the surveilled cards not put into the graveyard go back on top of the library
        in the order their owner chose (701.42a); ``rest`` is their order before, ``order``
        the chosen one (top first)."""
        return order

    def damage_prevented_by_protection(self, target: Ref, source: str) -> bool:
        """Hook: damage that would be dealt to a permanent with protection from a color by a
        source of that color is prevented (702.16e)."""
        return self._protected_from(self.chars(self.objects[target.id]), source)

    def devotion_symbol_counts(self, symbol: str) -> bool:
        """Hook: a hybrid, monocolored hybrid or Phyrexian mana symbol counts toward devotion
        to each of its colors (rule 700.5, the devotion rulings)."""
        return True

    def devotion_text_symbols(self, obj: Obj, color: str) -> int:
        """Hook: what mana symbols in ``obj``'s text box add to devotion to ``color``: nothing,
        only mana costs count (rule 700.5)."""
        return 0

    def devotion_of_gone_source(self, source: str, color: str) -> int:
        """Hook: what the source of a resolving ability adds to devotion to ``color`` once it
        has left the battlefield: nothing, devotion counts the permanents on the battlefield as
        the ability resolves (700.5, the devotion rulings: "The permanent with that ability
        will be counted if it's still on the battlefield at that time")."""
        return 0

    def damage_as_counters(self, keywords: frozenset[str]) -> bool:
        """Hook: damage from a source with infect or wither is dealt to a creature as -1/-1
        counters, which stay when the turn ends (702.90c, 702.80a)."""
        return bool({"infect", "wither"} & keywords)

    def infects(self, keywords: frozenset[str]) -> bool:
        """Hook: damage from a source with infect is dealt to players as poison counters
        (702.90b)."""
        return "infect" in keywords

    def lifelink_applies(self, keywords: frozenset[str]) -> bool:
        """Hook: damage dealt by a source with lifelink also causes its controller to gain that
        much life (702.15b)."""
        return "lifelink" in keywords


@effect(o.DamageTargets)
def _damage_targets(r: Effects, eff: o.DamageTargets, ctx: EffectContext) -> None:
    for amount, refs, ok in zip(eff.amounts, ctx.targets, ctx.legal, strict=True):
        if ok[0]:
            r._damage(ctx.source, refs[0], (ctx.x or 0) if amount is None else amount)


@effect(o.DividedDamage)
def _divided_damage(r: Effects, eff: o.DividedDamage, ctx: EffectContext) -> None:
    spell = ctx.spell
    division = spell.spell.division if spell and spell.spell else None
    for ref, ok, amount in zip(ctx.targets[0], ctx.legal[0], division or (), strict=True):
        if ok:
            r._damage(ctx.source, ref, amount)


@effect(o.DamageEach)
def _damage_each(r: Effects, eff: o.DamageEach, ctx: EffectContext) -> None:
    if eff.group in ("creature", "creature_and_player"):
        for oid in list(r.battlefield):
            ob = r.objects[oid]
            if "Creature" in r.chars(ob).types:
                r._damage(ctx.source, ob.ref, eff.amount)
    if eff.group == "you":
        r._damage(ctx.source, Ref(ctx.controller), eff.amount)
    elif eff.group != "creature":
        for p in (r.active, other(r.active)):
            if eff.group != "opponent" or p != ctx.controller:
                r._damage(ctx.source, Ref(p), eff.amount)


@effect(o.PutCounters)
def _put_counters(r: Effects, eff: o.PutCounters, ctx: EffectContext) -> None:
    if eff.target:
        ref = ctx.first()
        objs = [r.objects[ref.id]] if ref is not None else []
    else:
        src = r.objects.get(ctx.source)
        objs = [src] if src is not None and src.zone == "battlefield" else []
    for ob in objs:
        r._add_counters(ob, eff.counter, eff.n)


@effect(o.DamageSpellControllerByManaValue)
def _damage_by_mana_value(r: Effects, eff: o.DamageSpellControllerByManaValue,
                          ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        target = r.objects[ref.id]
        r._damage(ctx.source, Ref(target.controller), r.chars(target).mana_value)


@effect(o.CounterSpell)
def _counter_spell(r: Effects, eff: o.CounterSpell, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        target = r.objects[ref.id]
        if target.spell is not None and target.spell.face.text.cant_be_countered:
            return  # "can't be countered" (101.2)
        r._emit("countered", object=target.id, card=target.card_name, by=ctx.source)
        r._leave_stack(target, "graveyard")


@effect(o.CopyTargetSpell)
def _copy_target_spell(r: Effects, eff: o.CopyTargetSpell, ctx: EffectContext) -> Flow | None:
    ref = ctx.first()
    if ref is None:
        return None
    return r._copy_spell(snapshot_spell(r.objects[ref.id]), ctx.controller, ctx.source,
                         eff.may_choose_new_targets)


@effect(o.CopyTriggeringSpell)
def _copy_triggering_spell(r: Effects, eff: o.CopyTriggeringSpell, ctx: EffectContext) -> Flow:
    ability = ctx.ability
    if ability is None or ability.spell is None:
        raise refuse("unsupported", "'copy that spell' outside a spell's cast trigger")
    copier = ability.spell.controller if eff.by_caster else ctx.controller
    for _ in range(eff.times):
        yield from r._copy_spell(ability.spell, copier, ability.id,
                                 eff.may_choose_new_targets)


@effect(o.ExileTargetCardFromGraveyard)
def _exile_from_graveyard(r: Effects, eff: o.ExileTargetCardFromGraveyard,
                          ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r._move(r.objects[ref.id], "exile")


@effect(o.IfKicked)
def _if_kicked(r: Effects, eff: o.IfKicked, ctx: EffectContext) -> Flow | None:
    state = ctx.spell.spell if ctx.spell is not None else None
    if state is None or r.times_kicked(state) < 1:
        return None
    return r._run_effects(eff.effects, [], ctx.controller, ctx.source, ctx.spell, ctx.ability)


@effect(o.Draw)
def _draw(r: Effects, eff: o.Draw, ctx: EffectContext) -> None:
    r._draw(ctx.controller, eff.n)


@effect(o.GainLife)
def _gain_life(r: Effects, eff: o.GainLife, ctx: EffectContext) -> None:
    r.players[ctx.controller].life += eff.n
    r._emit("life_change", player=ctx.controller, amount=eff.n)


@effect(o.DestroyTarget)
def _destroy(r: Effects, eff: o.DestroyTarget, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r._destroy(r.objects[ref.id])


@effect(o.PumpTarget)
def _pump_target(r: Effects, eff: o.PumpTarget, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}), eff.power,
                                          eff.toughness, add=eff.keywords))


@effect(o.PumpGroup)
def _pump_group(r: Effects, eff: o.PumpGroup, ctx: EffectContext) -> None:
    def mine(ob: Obj) -> bool:
        if eff.scope == "all":
            return True
        return (ob.controller == ctx.controller) == (eff.scope == "you")

    affected = frozenset(
        r.objects[oid].ref for oid in r.battlefield
        if mine(r.objects[oid])
        and "Creature" in (c := r.chars(r.objects[oid])).types
        and (not eff.subtype or eff.subtype in c.subtypes))  # locked in (rule 611.2c)
    r.effects.append(ContinuousEffect(next(r._clock), affected, eff.power, eff.toughness,
                                      add=eff.keywords))


@effect(o.PumpSelf)
def _pump_self(r: Effects, eff: o.PumpSelf, ctx: EffectContext) -> None:
    src = r.objects.get(ctx.source)
    if src is not None and src.zone == "battlefield":
        r.effects.append(ContinuousEffect(next(r._clock), frozenset({src.ref}), eff.power,
                                          eff.toughness, add=eff.keywords))


@effect(o.PreventAllCombatDamage)
def _prevent_combat_damage(r: Effects, eff: o.PreventAllCombatDamage, ctx: EffectContext) -> None:
    r.combat_damage_prevented = r.turn


@effect(o.AttachSelf)
def _attach_self(r: Effects, eff: o.AttachSelf, ctx: EffectContext) -> None:
    src = r.objects.get(ctx.source)
    ref = ctx.first()
    if src is not None and src.zone == "battlefield" and ref is not None:
        src.attached_to = ref  # 702.6a, 701.3a
        r._statics_cache = None


@effect(o.Regenerate)
def _regenerate(r: Effects, eff: o.Regenerate, ctx: EffectContext) -> None:
    src = r.objects.get(ctx.source)
    if src is not None and src.zone == "battlefield":
        src.regeneration += 1


@effect(o.ReturnToHand)
def _return_to_hand(r: Effects, eff: o.ReturnToHand, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r._move(r.objects[ref.id], "hand")


@effect(o.ExileTarget)
def _exile_target(r: Effects, eff: o.ExileTarget, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r._move(r.objects[ref.id], "exile")


@effect(o.TapTarget)
def _tap_target(r: Effects, eff: o.TapTarget, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r.objects[ref.id].tapped = not eff.untap


@effect(o.LoseLife)
def _lose_life(r: Effects, eff: o.LoseLife, ctx: EffectContext) -> None:
    if eff.who == "opponents":
        players = [p for p in (r.active, other(r.active)) if p != ctx.controller]
    else:
        ref = ctx.first()
        players = [ref.id] if ref is not None else []
    for p in players:
        r.players[p].life -= eff.n
        r._emit("life_change", player=p, amount=-eff.n)


@effect(o.MustBeBlockedByAll)
def _must_be_blocked(r: Effects, eff: o.MustBeBlockedByAll, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r.requirements.append((ref, r.turn))


@effect(o.CreateToken)
def _create_token(r: Effects, eff: o.CreateToken, ctx: EffectContext) -> None:
    for _ in range(eff.count):
        tok = Obj(id=r._new_id("token"), owner=ctx.controller, controller=ctx.controller,
                  zone="battlefield", token=eff.token, timestamp=next(r._clock),
                  summoning_sick=True)
        r.objects[tok.id] = tok
        r.battlefield.append(tok.id)
        r._statics_cache = None
        r._emit("token_created", object=tok.id, card=eff.token.name, controller=ctx.controller)
        r.detect_enters_triggers(tok)  # a token entering triggers as a card does (603.6a)


@effect(o.Surveil)
def _surveil(r: Effects, eff: o.Surveil, ctx: EffectContext) -> Flow:
    """Surveil N (701.42a): look at the top N cards, put any number into the graveyard and the
    rest back on top in any order: a ``cards`` choice (``cards``: those put into the graveyard,
    ``order``: the rest, top first)."""
    lib = r.zones[(ctx.controller, "library")]
    looked = lib[:eff.n]
    if not looked:
        return
    answer = yield Choice("cards", {"player": ctx.controller, "purpose": "surveil",
                                    "from": "library", "cards": list(looked)})
    chosen = answer.get("cards")
    if (not isinstance(chosen, list) or len(set(chosen)) != len(chosen)
            or any(c not in looked for c in chosen)):
        raise refuse("illegal_action", f"surveil: choose cards among {looked}")
    rest = [c for c in looked if c not in chosen]
    order = answer.get("order", rest if len(rest) < 2 else None)
    if not isinstance(order, list) or sorted(order) != sorted(rest):
        raise refuse("illegal_action", f"surveil: give the order of {rest} (top first)")
    for cid in chosen:
        r._move(r.objects[cid], "graveyard")
    del lib[:len(rest)]
    lib[:0] = r.surveil_rest_order(rest, order)


@effect(o.May)
def _may(r: Effects, eff: o.May, ctx: EffectContext) -> Flow:
    """"You may ...": its controller chooses as it resolves (608.2d): a ``may`` choice."""
    ability = ctx.ability.name if ctx.ability else None
    answer = yield Choice("may", {"player": ctx.controller, "source": ctx.source,
                                  "ability": ability})
    for key, value in (("source", ctx.source), ("ability", ability)):
        if key in answer and answer[key] != value:
            raise refuse("unused_answer", f"may: the engine waits for the answer of "
                                          f"{ctx.source}'s {ability or 'spell'}, not of "
                                          f"{answer.get('source', ctx.source)}'s "
                                          f"{answer.get('ability', ability)}")
    accept = answer.get("accept")
    if not isinstance(accept, bool):
        raise refuse("illegal_action", "may: answer accept: true or false")
    if r.optional_effect_happens(accept):
        yield from r._run_effects(eff.effects, [], ctx.controller, ctx.source, ctx.spell,
                                  ctx.ability)


@effect(o.EnchantTarget)
def _enchant_target(r: Effects, eff: o.EnchantTarget, ctx: EffectContext) -> None:
    """The Aura is attached as it enters the battlefield (``PriorityAndStack._resolve_spell``)."""


@effect(o.CreateDelayedCopyTrigger)
def _delayed_copy(r: Effects, eff: o.CreateDelayedCopyTrigger, ctx: EffectContext) -> None:
    src = r.objects.get(ctx.source)
    name = src.card_name if src is not None else ctx.source
    r.delayed.append(DelayedTrigger(ctx.controller, ctx.source, name, r.turn, eff))


from conformance.reference import (  # noqa: E402  (they register their handlers)
    adventure_effects,  # noqa: F401  ("Destroy all non-<type> creatures": oracle_adventures)
    chapter_effects,  # noqa: F401  (fight, conditions, counts: chapter_abilities)
    color_effects,  # noqa: F401  (a target becomes a color: color_text)
    combat_group_effects,  # noqa: F401  ("Attacking creatures get ...": combat_keywords)
    common_effects,  # noqa: F401  (flicker, "loses <keyword>", tokens for each card)
    control_effects,  # noqa: F401  (control, untap, added types: control_abilities)
    defending_effects,  # noqa: F401  ("defending player ...": defending_player)
    effects_copies,  # noqa: F401  (copies with a color, copied twice from a graveyard)
    effects_fights,  # noqa: F401  (an effect on a creature, then it fights: oracle_fights)
    effects_halves,  # noqa: F401  (split/aftermath halves and chapters: oracle_halves)
    effects_library,  # noqa: F401  (scry, search, discard, look at the top cards)
    effects_more,  # noqa: F401
    effects_same_name,  # noqa: F401  (a target and all others with its name)
    effects_split,  # noqa: F401  (fights, counted amounts: split and aftermath halves)
    effects_strive,  # noqa: F401  (each of any number of targets: oracle_strive)
    effects_wheels,  # noqa: F401  (wheels, life per creature, tap all creatures)
    eldrazi_more_effects,  # noqa: F401  (opponents exile, colorless gain)
    exile_until_effects,  # noqa: F401  (exile until CARDNAME leaves the battlefield)
    flanking_effects,  # noqa: F401  (flanking's -1/-1 on the blocker)
    kicked_effects,  # noqa: F401  (kicked effects "instead")
    prevent_effects,  # noqa: F401  ("dealt to and dealt by that creature": prevent_to_and_by)
    prevent_next_effects,  # noqa: F401  ("prevent the next N damage" shields: prevent_next)
    sacrificed_effects,  # noqa: F401  (numbers of the creature sacrificed to cast a spell)
    targeted_effects,  # noqa: F401  (fights of the source, same-name groups: oracle_targeted)
    template_effects,  # noqa: F401  (scry, ingest, processors)
    threaten_effects,  # noqa: F401  (control until end of turn, tap up to N)
    umbra_effects,  # noqa: F401  ("Untap enchanted creature.": umbra_text)
    unless_pay_effects,  # noqa: F401  ("Sacrifice CARDNAME unless you pay {N}": unless_pay)
    vehicle_effects,  # noqa: F401  (crew: a Vehicle becomes an artifact creature, vehicles)
)
