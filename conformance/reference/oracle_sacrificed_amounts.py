"""Spells whose numbers are the power, toughness or mana value of the creature sacrificed to cast
them (608.2h: as that creature last existed on the battlefield, ``SpellState.sacrificed_stats``):
"Target player discards a number of cards equal to the sacrificed creature's power", "Target
creature gets -X/-X until end of turn, where X is the sacrificed creature's power", "Create X
0/1 black Insect creature tokens, where X is ...", "Draw cards equal to ...", "You gain life
equal to the sacrificed creature's toughness", "Add an amount of {B} equal to the sacrificed
creature's mana value", "CARDNAME deals damage to target creature equal to ...", and "You gain
life equal to the damage dealt this way" after such damage.

Each template builds an ordinary effect (:class:`~conformance.reference.oracle_library.Discard`,
:class:`~conformance.reference.effect_blocks.PumpTarget`, ...) whose number is left to fill, in
a :class:`SacrificedAmount`; the rule fills it with the sacrificed creature's number as the spell
resolves and runs the effect (:mod:`conformance.reference.sacrificed_effects`). :func:`conformance.reference.oracle_sacrificed.
check_sacrificed_power` refuses the text unless a spell's additional cost sacrifices exactly one
creature (a triggered or activated ability counting a sacrifice is not implemented)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from conformance.reference.effect_blocks import (
    CreateToken,
    DamageTargets,
    Draw,
    Effect,
    GainLife,
    PumpGroup,
    PumpTarget,
    TargetSlot,
)
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle_library import Discard
from conformance.reference.target_kinds import parse_kind
from conformance.reference.template_abilities import AddMana

STATS = {"power": 0, "toughness": 1, "mana value": 2}
"""The words of "the sacrificed creature's <stat>" -> its index in ``sacrificed_stats``."""
_STAT = r"the sacrificed creature's (power|toughness|mana value)"


@dataclass(frozen=True, slots=True)
class SacrificedAmount(Effect):
    """``effect`` with its number fields (``fields``: (field name, sign) pairs) set to the
    ``stat`` of the creature sacrificed to cast the spell: an int field becomes sign × N, a
    tuple of amounts (N,) and a tuple of mana symbols is repeated N times."""

    effect: Effect
    stat: str
    fields: tuple[tuple[str, int], ...]

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return self.effect.slots


@dataclass(frozen=True, slots=True)
class GainLifeDealt(Effect):
    """"<damage effects>. You gain life equal to the damage dealt this way." (the damage its
    source dealt by those effects: none if it was prevented)."""

    effects: tuple[Effect, ...]

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return tuple(s for e in self.effects for s in e.slots)


def filled(eff: SacrificedAmount, n: int) -> Effect:
    """``eff.effect`` with its number fields set for a sacrificed creature's number ``n``."""
    changes: dict[str, object] = {}
    for name, sign in eff.fields:
        current = getattr(eff.effect, name)
        if isinstance(current, tuple) and all(isinstance(c, str) for c in current):
            changes[name] = current * n  # mana symbols: "an amount of {B} equal to"
        elif isinstance(current, tuple):
            changes[name] = (sign * n,) * len(current)
        else:
            changes[name] = sign * n
    return replace(eff.effect, **changes)  # type: ignore[type-var]


def _kind(words: str) -> str:
    if words == "any target":
        return "any"
    kind = parse_kind(words.removeprefix("target "))
    if kind is None or not words.startswith("target "):
        raise OracleTemplateError(f"target not understood: {words!r}")
    return kind


def _tokens(g: re.Match[str]) -> SacrificedAmount:
    from conformance.reference.effect_text import parse_effects

    made = parse_effects(f"Create two {g[1]} creature tokens{g[2]}.")
    if len(made) != 1 or not isinstance(made[0], CreateToken):
        raise OracleTemplateError(f"tokens not understood: {g[0]!r}")
    return SacrificedAmount(made[0], g[3], (("count", 1),))


def _pump(g: re.Match[str]) -> SacrificedAmount:
    sp, st = (1 if s == "+" else -1 for s in (g[2], g[3]))
    if g[1] == "Target creature":
        base: Effect = PumpTarget(0, 0, (), "creature")
    else:
        base = PumpGroup("", 0, 0, "all" if g[1] == "All creatures" else "you")
    return SacrificedAmount(base, g[4], (("power", sp), ("toughness", st)))


def _gain_dealt(g: re.Match[str]) -> GainLifeDealt:
    from conformance.reference.effect_text import parse_effects

    effects = parse_effects(g[1])
    if not any(isinstance(e, (DamageTargets, SacrificedAmount)) or type(e).__name__ ==
               "DamageBySacrificedPower" for e in effects):
        raise OracleTemplateError(f"life equal to damage without damage: {g[0]!r}")
    return GainLifeDealt(effects)


Builder = Callable[[re.Match[str]], "Effect | tuple[Effect, ...]"]

FIRST: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(r"((?:CARDNAME deals damage (?:equal to the sacrificed creature's power to (?:any "
                r"target|target [a-z ]+?)|to (?:any target|target [a-z ]+?) equal to the "
                r"sacrificed creature's (?:power|toughness|mana value)))\.) You gain life equal "
                r"to the damage dealt this way\. ?"),
     _gain_dealt),
]
"""Tried before the base templates (the damage sentence alone is one of :data:`TEMPLATES`)."""

TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(rf"Target (player|opponent) discards a number of cards equal to {_STAT}\. ?"),
     lambda g: SacrificedAmount(Discard(0, f"target_{g[1]}"), g[2], (("n", 1),))),
    (re.compile(rf"(Target creature|All creatures|Creatures you control) gets? ([+-])X/([+-])X "
                rf"until end of turn, where X is {_STAT}\. ?"),
     _pump),
    (re.compile(r"Create X (\d+/\d+ [a-z ]+?[A-Z][A-Za-z ]*?) creature tokens((?: with [a-z ,]+)?)"
                rf", where X is {_STAT}\. ?"),
     _tokens),
    (re.compile(rf"(?:You d|D)raw cards equal to {_STAT}(?:, then you gain life equal to its "
                r"(power|toughness|mana value))?\. ?"),
     lambda g: (SacrificedAmount(Draw(0), g[1], (("n", 1),)),
                *((SacrificedAmount(GainLife(0), g[2], (("n", 1),)),) if g[2] else ()))),
    (re.compile(rf"You gain life equal to {_STAT}\. ?"),
     lambda g: SacrificedAmount(GainLife(0), g[1], (("n", 1),))),
    (re.compile(rf"Add an amount of \{{([WUBRGC])\}} equal to {_STAT}\. ?"),
     lambda g: SacrificedAmount(AddMana((g[1],)), g[2], (("mana", 1),))),
    (re.compile(rf"CARDNAME deals damage to (any target|target [a-z ]+?) equal to {_STAT}\. ?"),
     lambda g: SacrificedAmount(DamageTargets((0,), (TargetSlot(_kind(g[1])),)), g[2],
                                (("amounts", 1),))),
]
"""(pattern, builder) pairs, after the base templates."""
