"""The building blocks of abilities: targets, effects, triggered, activated and static
abilities, and everything one face's text box says (:class:`FaceText`).

Plain frozen data, built from oracle text by :mod:`conformance.reference.oracle`; the rules that
give them meaning live in the rule modules (effects in :mod:`conformance.reference.effects`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SELF = "CARDNAME"
"""What a card's own name (or "this spell" / "this creature") is replaced by before matching."""

KEYWORDS = frozenset({"first strike", "double strike", "indestructible", "vigilance", "flash", "haste",
                      "flying", "reach", "defender"})
"""Keyword abilities the engine knows. Vigilance, flash and haste are carried as characteristics
(the engine declares no attacks and never checks casting timing against flash on its card pool);
flying, reach and defender only restrict declaring attackers and blockers, which cases script in
their setup (the engine declares none), so they too are carried as characteristics."""

OUTLAW_TYPES = frozenset({"Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"})
"""Creature types that make a permanent an outlaw (At Knifepoint's rulings, 2024-04-12)."""


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
    """"Counter target spell"."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("spell"),)


@dataclass(frozen=True, slots=True)
class CopyTargetSpell(Effect):
    """"Copy target instant or sorcery spell. You may choose new targets for the copy"."""

    may_choose_new_targets: bool = True

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("instant_or_sorcery_spell"),)


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
    """"<Subtype>s you control get +N/+M until end of turn" (set locked in, rule 611.2c)."""

    subtype: str
    power: int
    toughness: int


@dataclass(frozen=True, slots=True)
class MustBeBlockedByAll(Effect):
    """"All creatures able to block target creature this turn do so" (a blocking requirement;
    blocks come from a case's setup, so it is recorded, not enforced)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


@dataclass(frozen=True, slots=True)
class TokenDef:
    """A creature token a card's text defines."""

    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: frozenset[str] = frozenset()
    activated: tuple[Activated, ...] = ()


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
    """"When you next cast an instant or sorcery spell this turn, copy it [twice]. ..."."""

    times: int
    may_choose_new_targets: bool = True


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
class Modal:
    """"Choose one —" followed by bulleted modes."""

    choose: int
    modes: tuple[SpellText, ...]


# --- abilities -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Triggered:
    """A triggered ability. ``event``: cast_instant_or_sorcery | crime | chapter | enters
    (``When CARDNAME enters [the battlefield], ...``, rule 603.6a)."""

    event: str
    effects: SpellText
    name: str
    chapters: tuple[int, ...] = ()
    once_each_turn: bool = False


@dataclass(frozen=True, slots=True)
class Activated:
    """An activated ability with a {T} and/or mana cost; ``mana`` set for a mana ability."""

    effects: SpellText
    tap: bool = True
    sorcery_speed: bool = False
    produces: str | None = None


@dataclass(frozen=True, slots=True)
class OutlawsHaveKeyword:
    """"During your turn, outlaws you control have <keyword>"."""

    keyword: str


@dataclass(frozen=True, slots=True)
class CreaturesLoseAllAbilities:
    """"All creatures lose all abilities and have base power and toughness N/M"."""

    power: int
    toughness: int


@dataclass(frozen=True, slots=True)
class EnchantedCreatureGets:
    """An Aura's "Enchanted creature gets +N/+M [and has K]" / "Enchanted creature has K"
    (layers 7c and 6, with the Aura's timestamp)."""

    power: int
    toughness: int
    keywords: tuple[str, ...]


Static = OutlawsHaveKeyword | CreaturesLoseAllAbilities | EnchantedCreatureGets


@dataclass(frozen=True)
class FaceText:
    """Everything the text box of one face says."""

    keywords: frozenset[str] = frozenset()
    aftermath: bool = False
    flashback: str | None = None
    """The mana cost of "Flashback {cost}" (rule 702.34), or None."""
    cycling: str | None = None
    """The mana cost of "Cycling {cost}" (rule 702.29), or None."""
    enchant: str | None = None
    """What an Aura may enchant ("Enchant creature": ``creature``, rule 702.5), or None."""
    spell: SpellText | Modal | None = None
    triggered: tuple[Triggered, ...] = ()
    activated: tuple[Activated, ...] = ()
    statics: tuple[Static, ...] = ()
    tokens: tuple[TokenDef, ...] = field(default=())

    @property
    def chapters(self) -> tuple[Triggered, ...]:
        """The chapter abilities, in printed order."""
        return tuple(t for t in self.triggered if t.event == "chapter")
