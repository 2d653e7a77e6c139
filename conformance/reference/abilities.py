"""The abilities of a face: the words of oracle text the engine knows (keywords, restrictions),
triggered, activated and static abilities, costs other than mana, and everything one face's text
box says (:class:`FaceText`). Their effects are in :mod:`conformance.reference.effect_blocks`.

Plain frozen data, built from oracle text by :mod:`conformance.reference.oracle`; the rules that
give them meaning live in the rule modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from conformance.reference.cost_increase_text import AbilitiesCostLess, SpellsCostMore
from conformance.reference.effect_blocks import Modal, SpellText, TokenDef

if TYPE_CHECKING:
    from conformance.reference.leveler_text import LevelBand

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
                      "infect", "wither", "devoid", "cascade", "flanking", "persist", "undying",
                      "totem armor", "umbra armor"} | EVASION | PROTECTIONS.keys())
"""Keyword abilities the engine knows. Vigilance and haste are carried as characteristics (the
engine declares no attacks; haste matters for {T} abilities); trample (702.19), deathtouch
(702.2), lifelink (702.15), hexproof (702.11), shroud (702.18), first and double strike,
indestructible, flash, infect (702.90), wither (702.80), devoid (702.114: colorless), cascade
(702.85: :mod:`conformance.reference.cascade`), flanking (702.25:
:mod:`conformance.reference.flanking`) and
persist and undying (702.79, 702.93: :mod:`conformance.reference.persist`), totem armor
(702.89, renamed umbra armor: :mod:`conformance.reference.totem_armor`) and
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


@dataclass(frozen=True, slots=True)
class CostPart:
    """A cost other than mana (118.8, 602.2b): ``kind`` (sacrifice | discard | exile | tap) ``n``
    objects of ``what`` (creature | artifact | land | card)."""

    kind: str
    n: int
    what: str


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
    while_suspended: bool = False
    """"Activate only if CARDNAME is suspended": activated from exile, its card suspended
    (702.62b; :mod:`conformance.reference.suspend_triggers`)."""
    remove_counters: tuple[str, int] | None = None
    """"Remove N <kind> counters from CARDNAME" is part of the cost: (kind, N)."""


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
    granted: FaceText | None = None
    """The quoted abilities it has ('... and has "Whenever CARDNAME attacks, ..."', layer 6)."""


@dataclass(frozen=True, slots=True)
class SubtypeLord:
    """A static ability granting a group of permanents of a subtype +N/+M (layer 7c) and/or
    keywords (layer 6), with its source's timestamp: "All Sliver creatures get +1/+1", "Sliver
    creatures you control have flying", "All Slivers have shroud", "Other Elf creatures you
    control get +1/+1". The group is whatever has the subtype at each moment (611.3a)."""

    subtype: str
    power: int
    toughness: int
    keywords: tuple[str, ...]
    yours: bool
    """Only the permanents the source's controller controls ("... you control")."""
    creatures_only: bool
    """Only creatures ("Sliver creatures"); False for "All Slivers"."""
    other: bool = False
    """"Other ...": not the source itself."""
    with_counter: str = ""
    """"... with a +1/+1 counter on it": only the permanents with such a counter (the group
    changes as counters are put and removed, 611.3a); "" for no such condition."""
    colorless: bool = False
    """Only colorless permanents ("Other colorless creatures you control get +1/+0"; devoid
    ones included, 702.114a)."""
    granted: FaceText | None = None
    """The quoted abilities it grants (layer 6): "All Slivers have \"{2}: Regenerate this
    permanent.\"" (``this permanent``, ``CARDNAME``: the permanent that has the ability)."""


@dataclass(frozen=True, slots=True)
class SelfWhile:
    """"CARDNAME [gets +N/+M and] has <keywords> as long as <condition>" (611.3a):
    ``condition`` as :func:`conformance.reference.self_while.condition` reads it (kind,
    arguments...)."""

    power: int
    toughness: int
    keywords: tuple[str, ...]
    condition: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NotCreatureBelowDevotion:
    """"As long as your devotion to <colors> is less than N, CARDNAME isn't a creature" (the
    Theros gods; 700.5, layer 4: :mod:`conformance.reference.devotion_gods`)."""

    colors: tuple[str, ...]
    n: int


@dataclass(frozen=True, slots=True)
class LandsAreCreatures:
    """"All Forests are 1/1 creatures that are still lands", "Forests you control are 1/1 green
    Elf creatures that are still lands" (:mod:`conformance.reference.lands_animated`):
    ``subtype`` "" for every land; ``colors`` None: their own."""

    subtype: str
    yours: bool
    power: int
    toughness: int
    colors: tuple[str, ...] | None
    subtypes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AurasAttachedHave:
    """"Auras attached to permanents you control have <keyword>." (Umbra Mystic; layer 6): each
    Aura attached to a permanent its controller controls, whoever controls the Aura."""

    keyword: str


Static = (OutlawsHaveKeyword | CreaturesLoseAllAbilities | EnchantedCreatureGets | SubtypeLord
          | SelfWhile | NotCreatureBelowDevotion | LandsAreCreatures | AurasAttachedHave
          | SpellsCostMore | AbilitiesCostLess)


@dataclass(frozen=True)
class FaceText:
    """Everything the text box of one face says."""

    keywords: frozenset[str] = frozenset()
    aftermath: bool = False
    flashback: str | None = None
    """The mana cost of "Flashback {cost}" (rule 702.34), or None."""
    flashback_costs: tuple[CostPart, ...] = ()
    """The other costs of "Flashback—[{cost}, ]<costs>." (sacrifice, tap: 702.34a, 118.8)."""
    cycling: str | None = None
    """The mana cost of "Cycling {cost}" (rule 702.29), or None."""
    typecycling: tuple[tuple[str, SpellText], ...] = ()
    """Typecycling abilities (702.29e: "Plainscycling {2}"), each (cost, effects): in a hand,
    activated as ability 1, 2, ... after a plain cycling ability (0), else from 0."""
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
    suspend: tuple[int, str] | None = None
    """"Suspend N—{cost}" (702.62a): (N, cost), or None."""
    strive: str | None = None
    """"Strive — This spell costs {cost} more to cast for each target beyond the first"
    (207.2c, 601.2f): that cost, or None."""
    enchant: str | None = None
    """What an Aura may enchant ("Enchant creature": ``creature``, rule 702.5), or None."""
    enters_with: tuple[tuple[str, int | str | None], ...] = ()
    """"CARDNAME enters the battlefield with N (or X) <counter> counters on it [for each time it
    was kicked]" (614.1c, 702.33c): (counter, N), N None for X, "kicked" for each kick."""
    kicked_counters: tuple[tuple[str, int], ...] = ()
    """"If CARDNAME was kicked, it enters the battlefield with N <counter> counters on it"
    (614.1c, 702.33d): (counter, N), for a permanent that was a kicked spell only."""
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
    levels: tuple[LevelBand, ...] = ()
    """A leveler's level symbols (711.2; :mod:`conformance.reference.leveler_text`)."""

    @property
    def chapters(self) -> tuple[Triggered, ...]:
        """The chapter abilities, in printed order."""
        return tuple(t for t in self.triggered if t.event == "chapter")
