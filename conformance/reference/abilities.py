"""The building blocks of abilities: targets, effects, triggered, activated and static
abilities, and everything one face's text box says (:class:`FaceText`).

Plain frozen data, built from oracle text by :mod:`conformance.reference.oracle`; the rules that
give them meaning live in the rule modules (effects in :mod:`conformance.reference.effects`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SELF = "CARDNAME"
"""What a card's own name (or "this spell" / "this creature") is replaced by before matching."""

EVASION = frozenset({"flying", "reach", "defender", "menace", "fear", "intimidate", "shadow",
                     "horsemanship", "swampwalk", "forestwalk", "islandwalk", "mountainwalk",
                     "plainswalk"})
"""Keywords that only restrict declaring attackers and blockers (rules 702.9, 702.17, 702.3,
702.111, 702.36, 702.13, 702.28, 702.31, 702.14): cases script attacks and blocks in their
setup (the engine declares none), so these are carried as characteristics."""

PROTECTIONS = {f"protection from {word}": color for word, color in (
    ("white", "W"), ("blue", "U"), ("black", "B"), ("red", "R"), ("green", "G"))}
"""Protection from a color (702.16): keyword -> color."""

KEYWORDS = frozenset({"first strike", "double strike", "indestructible", "vigilance", "flash",
                      "haste", "trample", "deathtouch", "lifelink", "hexproof", "shroud",
                      "infect", "wither", "devoid"} | EVASION | PROTECTIONS.keys())
"""Keyword abilities the engine knows. Vigilance and haste are carried as characteristics (the
engine declares no attacks; haste matters for {T} abilities); trample (702.19), deathtouch
(702.2), lifelink (702.15), hexproof (702.11), shroud (702.18), first and double strike,
indestructible, flash, infect (702.90), wither (702.80), devoid (702.114: colorless) and
protection from a color (702.16: damage, targets and Auras; blocks are scripted) have their
rules; the :data:`EVASION` keywords are carried."""

RESTRICTIONS = frozenset({
    "CARDNAME can't block.", "CARDNAME can't attack.", "CARDNAME can't be blocked.",
    "CARDNAME can block only creatures with flying.", "CARDNAME attacks each combat if able.",
    "CARDNAME blocks each combat if able.", "CARDNAME can't attack or block alone.",
    "CARDNAME can't attack alone.", "CARDNAME can't block alone.",
    "CARDNAME can block an additional creature each combat.",
    "CARDNAME can't be blocked except by two or more creatures.",
    "CARDNAME can't be blocked by more than one creature.",
    "CARDNAME can attack as though it didn't have defender.",
    "CARDNAME can't be blocked by creatures with power 2 or greater.",
    "CARDNAME can block creatures with shadow as though they didn't have shadow.",
})
"""Static abilities that only restrict or require declaring attackers and blockers (rules 508.1,
509.1): like the :data:`EVASION` keywords, carried (cases script combat in their setup)."""

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
class CostPart:
    """A cost other than mana (118.8, 602.2b): ``kind`` (sacrifice | discard | exile | tap) ``n``
    objects of ``what`` (creature | artifact | land | card)."""

    kind: str
    n: int
    what: str


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
    """An activated ability with a {T} and/or mana cost; ``produces`` set for a mana ability."""

    effects: SpellText
    tap: bool = True
    sorcery_speed: bool = False
    produces: tuple[str, ...] | None = None
    """A mana ability's mana (rule 605.1a): one string per mana, the kinds it may be
    (``("G",)``, ``("RG",)`` for "{R} or {G}", ``("G", "G")`` for "{G}{G}")."""
    cost: str | None = None
    """The mana cost to activate it (rule 602.2b), or None."""
    once_each_turn: bool = False
    """"Activate only once each turn" (rule 602.5b)."""
    sacrifice_self: bool = False
    """"Sacrifice CARDNAME" is part of the cost (rule 602.2b, 701.17)."""
    extra_costs: tuple[CostPart, ...] = ()
    """Other costs than mana, {T} and "Sacrifice CARDNAME" (rule 602.2b)."""
    energy: int = 0
    """"Pay {E}{E}" is part of the cost: that many energy counters (rule 107.14)."""


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
    """An Aura's "Enchanted creature gets +N/+M [and has K]" / "Enchanted creature has K", or
    an Equipment's "Equipped creature ..." (layers 7c and 6, with the Aura's or Equipment's
    timestamp): the creature it is attached to."""

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
    kicker: str | None = None
    """The cost of "Kicker {cost}" or "Multikicker {cost}" (rule 702.33), or None."""
    multikicker: bool = False
    additional_costs: tuple[CostPart, ...] = ()
    """"As an additional cost to cast this spell, ..." (rule 118.8)."""
    payers: frozenset[str] = frozenset()
    """Which of convoke (702.51), delve (702.66), improvise (702.126) the spell has."""
    escape: tuple[str, int] | None = None
    """"Escape—{cost}, Exile N other cards from your graveyard" (702.138a): (cost, N)."""
    overload: str | None = None
    """The cost of "Overload {cost}" (702.96a), or None."""
    alternatives: tuple[tuple[str, str], ...] = ()
    """Other alternative costs by keyword and cost: "Madness {cost}" (702.35a), "Dash {cost}"
    (702.109a), "Evoke {cost}" (702.74a), "Foretell {cost}" (702.143a)."""
    enchant: str | None = None
    """What an Aura may enchant ("Enchant creature": ``creature``, rule 702.5), or None."""
    enters_with: tuple[tuple[str, int | str | None], ...] = ()
    """"CARDNAME enters the battlefield with N (or X) <counter> counters on it [for each time it
    was kicked]" (614.1c, 702.33c): (counter, N), N None for X, "kicked" for each kick."""
    cant_be_countered: bool = False
    """"This spell can't be countered" (rule 101.2)."""
    enters_tapped: bool = False
    """"CARDNAME enters the battlefield tapped" (a replacement effect, rule 614.1c)."""
    enters_tapped_unless: tuple[str, int] | None = None
    """"... tapped unless you control two or fewer / two or more other lands": (fewer | more,
    N)."""

    restrictions: tuple[str, ...] = ()
    """Attack and block restrictions (:data:`RESTRICTIONS`), carried."""
    spell: SpellText | Modal | None = None
    triggered: tuple[Triggered, ...] = ()
    activated: tuple[Activated, ...] = ()
    statics: tuple[Static, ...] = ()
    tokens: tuple[TokenDef, ...] = field(default=())

    @property
    def chapters(self) -> tuple[Triggered, ...]:
        """The chapter abilities, in printed order."""
        return tuple(t for t in self.triggered if t.event == "chapter")
