"""The effect building blocks: target slots, one frozen dataclass per kind of effect a spell or
ability has (:class:`Effect`), the tokens they create, a spell's text (:data:`SpellText`) and its
modes (:class:`Modal`).

Plain frozen data, built from oracle text by :mod:`conformance.reference.effect_text`; the rules
that give them meaning live in :mod:`conformance.reference.effects`. The abilities that carry them
are in :mod:`conformance.reference.abilities`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conformance.reference.abilities import Activated, Triggered

# --- targets ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TargetSlot:
    """One instance of the word "target" (or a divided "among one or two targets")."""

    kind: str
    """any | creature | creature_you_control | creature_or_planeswalker | player | opponent |
    artifact_or_enchantment | artifact | enchantment | land | spell | instant_or_sorcery_spell |
    graveyard_card"""
    min: int = 1
    max: int = 1
    another: bool = False
    """"another target": differs from every target chosen for earlier slots."""


# --- effects ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Effect:
    """Base of every effect; ``slots`` are the targets the effect itself introduces."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class DamageTargets(Effect):
    """"deals N damage to any target[ and M damage to another target]" (``None`` amount = X)."""

    amounts: tuple[int | None, ...]
    kinds: tuple[TargetSlot, ...]

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return self.kinds


@dataclass(frozen=True, slots=True)
class DividedDamage(Effect):
    """"deals N damage divided as you choose among one or two targets"."""

    total: int
    max_targets: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("any", 1, self.max_targets),)


@dataclass(frozen=True, slots=True)
class DamageEach(Effect):
    """"deals N damage to each creature / player / opponent"."""

    amount: int
    group: str


@dataclass(frozen=True, slots=True)
class DamageSpellControllerByManaValue(Effect):
    """"deals damage to target spell's controller equal to that spell's mana value"."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("spell"),)


@dataclass(frozen=True, slots=True)
class CounterSpell(Effect):
    """"Counter target spell" (``kind``: "target noncreature spell", ...)."""

    kind: str = "spell"

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class CopyTargetSpell(Effect):
    """"Copy target instant or sorcery spell. You may choose new targets for the copy"."""

    may_choose_new_targets: bool = True
    kind: str = "instant_or_sorcery_spell"
    """"target instant or sorcery spell [you control] [with mana value N or less]"."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class CopyTriggeringSpell(Effect):
    """"copy it [twice]. You may choose new targets for the cop(y|ies)" (a delayed trigger's
    effect: "it" is the spell whose casting triggered the ability)."""

    times: int
    may_choose_new_targets: bool = True


@dataclass(frozen=True, slots=True)
class ExileTargetCardFromGraveyard(Effect):
    """"Exile target card from a graveyard"."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("graveyard_card"),)


@dataclass(frozen=True, slots=True)
class Draw(Effect):
    """"Draw a card" / "Draw N cards"."""

    n: int


@dataclass(frozen=True, slots=True)
class May(Effect):
    """"You may <effect>." (an optional effect without targets: its controller chooses as it
    resolves whether it happens, rule 608.2d; ``choose: may``)."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class GainLife(Effect):
    """"You gain N life"."""

    n: int


@dataclass(frozen=True, slots=True)
class DestroyTarget(Effect):
    """"Destroy target artifact or enchantment" / "Destroy target creature"."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class PumpTarget(Effect):
    """"Target creature [you control] gets +N/+M [and gains K] until end of turn"."""

    power: int
    toughness: int
    keywords: tuple[str, ...]
    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class PumpGroup(Effect):
    """"<Subtype>s you control get +N/+M until end of turn", "Creatures you control / your
    opponents control / All creatures get ±N/±M until end of turn" (set locked in, rule
    611.2c). ``subtype`` empty: every creature; ``scope``: you | opponents | all."""

    subtype: str
    power: int
    toughness: int
    scope: str = "you"
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PutCounters(Effect):
    """"Put N <counter> counter(s) on target creature / on CARDNAME"."""

    n: int
    counter: str
    target: bool
    kind: str = "creature"
    up_to: bool = False
    """"on up to one target creature": the target may be left unchosen."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind, 0 if self.up_to else 1),) if self.target else ()


@dataclass(frozen=True, slots=True)
class PreventAllCombatDamage(Effect):
    """"Prevent all combat damage that would be dealt this turn" (a prevention effect, 615)."""


@dataclass(frozen=True, slots=True)
class AttachSelf(Effect):
    """Equip's effect: "Attach this permanent to target creature you control" (702.6a)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature_you_control"),)


@dataclass(frozen=True, slots=True)
class Regenerate(Effect):
    """"Regenerate CARDNAME": the next time it would be destroyed this turn, instead tap it,
    remove all damage from it and remove it from combat (rule 701.15)."""


@dataclass(frozen=True, slots=True)
class PumpSelf(Effect):
    """"CARDNAME gets ±N/±M [and gains K] until end of turn" / "CARDNAME gains K until end of
    turn" (the source of the ability)."""

    power: int
    toughness: int
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ReturnToHand(Effect):
    """"Return target <kind> to its owner's hand" (rule 400.7: a new object)."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class ExileTarget(Effect):
    """"Exile target <kind>" (a permanent)."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class TapTarget(Effect):
    """"Tap target <kind>" / "Untap target <kind>"."""

    kind: str
    untap: bool = False

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class LoseLife(Effect):
    """"Target player loses N life" / "Each opponent loses N life"."""

    n: int
    who: str
    """player (a target) | opponents"""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.who),) if self.who in ("player", "opponent") else ()


@dataclass(frozen=True, slots=True)
class MustBeBlockedByAll(Effect):
    """"All creatures able to block target creature this turn do so" (a blocking requirement;
    blocks come from a case's setup, so it is recorded, not enforced)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


@dataclass(frozen=True, slots=True)
class TokenDef:
    """A token a card's text defines (``power``/``toughness`` None: not a creature)."""

    name: str
    power: int | None
    toughness: int | None
    colors: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: frozenset[str] = frozenset()
    activated: tuple[Activated, ...] = ()
    types: tuple[str, ...] = ("Creature",)
    """Card types (``("Artifact", "Creature")`` for an artifact creature token)."""
    triggered: tuple[Triggered, ...] = ()
    """Quoted triggered abilities ("... with flying and "At the beginning of your upkeep, ..."")."""


@dataclass(frozen=True, slots=True)
class CreateToken(Effect):
    """"Create a/two N/M <color> <Subtype> creature token(s) [with ...]"."""

    count: int
    token: TokenDef


@dataclass(frozen=True, slots=True)
class Surveil(Effect):
    """"Surveil N"."""

    n: int


@dataclass(frozen=True, slots=True)
class CreateDelayedCopyTrigger(Effect):
    """"When you next cast an instant or sorcery spell this turn, copy it [twice]. ..."; with
    ``whole_turn``: "Until end of turn, whenever you cast an instant or sorcery spell, copy it"
    (it triggers for each such spell that turn, rule 603.7c)."""

    times: int
    may_choose_new_targets: bool = True
    whole_turn: bool = False


@dataclass(frozen=True, slots=True)
class EnchantTarget(Effect):
    """An Aura spell's target, from its enchant keyword (rule 303.4a); the Aura is attached to
    it as it resolves (rule 303.4f)."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


SpellText = tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class IfKicked(Effect):
    """"If this spell was kicked, <effects>" (rule 702.33d): the effects, without targets of
    their own, happen only if the spell was kicked."""

    effects: SpellText


@dataclass(frozen=True, slots=True)
class Modal:
    """"Choose one —" followed by bulleted modes."""

    choose: int
    modes: tuple[SpellText, ...]
