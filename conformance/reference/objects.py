"""Objects and zones (rules 108-111, 400): the game's data — cards, tokens and copies of spells
(:class:`Obj`), abilities on the stack, pending and delayed triggers, continuous effects,
characteristics and players — and the names of players, steps and zones.

Rule behaviour lives in the rule modules; this module only holds data and two pure helpers.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from conformance.errors import EngineReportedError
from conformance.reference import abilities as o
from conformance.reference import effect_blocks as fx
from conformance.reference.cards import CardDef, Face
from conformance.reference.mana import ManaPool

PLAYERS = ("p1", "p2")
STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat",
         "postcombat_main", "end", "cleanup")
NO_PRIORITY_STEPS = frozenset({"untap", "cleanup"})
MAIN_STEPS = frozenset({"precombat_main", "postcombat_main"})
ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack")
PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker",
                             "Battle"})
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}
CHOICES = frozenset({"trigger_order", "new_targets", "mode", "x", "legend_rule", "targets",
                     "may", "cards", "damage_assignment_order", "damage_assignment"})
"""The kinds of decisions the engine asks for (answered by ``choose`` actions)."""

Answer = dict[str, Any]
Flow = Generator["Choice", Answer, None]


def other(player: str) -> str:
    """The opponent of ``player`` (two-player games)."""
    return "p2" if player == "p1" else "p1"


def refuse(kind: str, message: str) -> EngineReportedError:
    """An engine-reported error (the game refuses an action)."""
    return EngineReportedError(kind, message)


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision the engine waits for; answered by a ``choose`` action of the same ``kind``."""

    kind: str
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Ref:
    """A chosen target: a player, or an object in the zone it had (``zcc``) when targeted."""

    id: str
    zcc: int | None = None


@dataclass
class SpellState:
    """What a spell on the stack carries beyond its card: the cast half and the choices."""

    face: Face
    targets: list[list[Ref]]
    """One list per target slot of the chosen effects (``effect_blocks.TargetSlot``)."""
    x: int | None = None
    modes: tuple[int, ...] = ()
    division: tuple[int, ...] | None = None
    cast_from: str | None = None
    flashback: bool = False
    """Cast for its flashback cost (exiled whenever it leaves the stack, rule 702.34a)."""
    kicked: int = 0
    """How many times its kicker cost was paid (rule 702.33d; a copy is kicked alike, 707.10)."""
    alternative: str | None = None
    """The alternative cost it was cast for (``costs.alternative``: flashback, escape), if any."""
    paid_with: tuple[str, ...] = ()
    """The kind of each object that paid part of its total cost (``costs.OBJECT_KINDS``:
    convoke, delve, improvise, sacrifice, ...), in payment order; empty for a copy."""
    free: bool = False
    """Cast without paying its mana cost (suspend, cascade: 107.3b, 702.62a, 702.85a)."""
    sacrificed_power: int | None = None
    """The power of the creature sacrificed to pay its cost, as it last existed on the
    battlefield (608.2h: "the sacrificed creature's power"); None when none was."""
    sacrificed_stats: tuple[int, int, int] | None = None
    """That creature's power, toughness and mana value as it last existed on the battlefield
    (:mod:`conformance.reference.oracle_sacrificed_amounts`); None when none was sacrificed."""


@dataclass(frozen=True)
class SpellSnapshot:
    """Last known information of a spell, enough to copy it."""

    obj_id: str
    card: CardDef
    face: Face
    controller: str
    targets: tuple[tuple[Ref, ...], ...]
    x: int | None
    modes: tuple[int, ...]
    division: tuple[int, ...] | None
    kicked: int = 0
    alternative: str | None = None


@dataclass(eq=False)
class Obj:
    """A card, token or copy of a spell. Keeps its case id across zone changes; ``zcc`` counts
    zone changes so that a target that left its zone is no longer the same object (rule 400.7)."""

    id: str
    owner: str
    controller: str
    zone: str
    card: CardDef | None = None
    token: fx.TokenDef | None = None
    zcc: int = 0
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    attacking: str | None = None
    blocking: str | None = None
    blocked: bool = False
    summoning_sick: bool = False
    timestamp: int = 0
    is_copy: bool = False
    spell: SpellState | None = None
    setup_keywords: tuple[str, ...] = ()
    once_turns: dict[str, int] = field(default_factory=dict)
    regeneration: int = 0
    """Regeneration shields (rule 701.15), until the cleanup step."""
    deathtouched: bool = False
    """Dealt damage by a source with deathtouch since state-based actions were last checked
    (rule 704.5h)."""
    attached_to: Ref | None = None
    """The object or player this permanent is attached to (rule 301.5, 303.4)."""
    face_down: bool = False
    """A face-down permanent (rule 708.2): ``card`` is its face-up card."""
    exiled_if_dies: int = 0
    """The turn in which this permanent, were it to die, is exiled instead ("If a creature dealt
    damage this way would die this turn, exile it instead", 614.1a); 0 for none."""
    up_face: int = 0
    """The index of the face up of a modal double-faced permanent (rule 712.8: 0, the front
    face, in every other zone and for every other card)."""

    @property
    def ref(self) -> Ref:
        """A reference to this object as it is now."""
        return Ref(self.id, self.zcc)

    @property
    def card_name(self) -> str:
        """The card (or token) name the object was set up or created with."""
        if self.token is not None:
            return self.token.name
        assert self.card is not None
        return self.card.name


@dataclass(eq=False)
class StackAbility:
    """A triggered or activated ability on the stack."""

    id: str
    source: str
    source_name: str
    controller: str
    name: str
    effects: fx.SpellText
    targets: list[list[Ref]] = field(default_factory=list)
    chapter: bool = False
    spell: SpellSnapshot | None = None


@dataclass
class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack."""

    controller: str
    source: str
    source_name: str
    name: str
    effects: fx.SpellText
    chapter: bool = False
    spell: SpellSnapshot | None = None


@dataclass
class DelayedTrigger:
    """"When you next cast an instant or sorcery spell this turn, ..." (created on resolution)."""

    controller: str
    source: str
    source_name: str
    turn: int
    effect: fx.CreateDelayedCopyTrigger
    used: bool = False


@dataclass
class ContinuousEffect:
    """A continuous effect from a resolved spell or ability, or from a case action."""

    timestamp: int
    affected: frozenset[Ref]
    power: int = 0
    toughness: int = 0
    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()
    lose_all: bool = False
    until_end_of_turn: bool = True
    subtypes_add: tuple[str, ...] = ()
    """Subtypes the objects gain (layer 4, 613.1d; the ``set_subtypes`` action)."""
    subtypes_remove: tuple[str, ...] = ()
    """Subtypes the objects lose (layer 4, 613.1d)."""
    triggered: tuple[o.Triggered, ...] = ()
    """Triggered abilities the objects gain (layer 6, 613.1f: a quoted ability, 113.1a)."""
    activated: tuple[o.Activated, ...] = ()
    """Activated abilities the objects gain (layer 6, likewise)."""
    switch: bool = False
    """Their power and toughness are switched (layer 7d, 613.4d)."""
    colors: tuple[str, ...] | None = None
    """The colors the objects become (layer 5, 613.1e; None: no color change)."""
    base_pt: tuple[int, int] | None = None
    """The base power and toughness the objects have (layer 7b, 613.4b; None: none set)."""


@dataclass(frozen=True)
class Chars:
    """An object's characteristics after continuous effects."""

    name: str
    mana_value: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    keywords: frozenset[str]
    text: o.FaceText | None
    """The abilities the object has (``None``: it has lost all abilities)."""


@dataclass
class Player:
    """A player's life, mana pool and loss flags."""

    life: int = 20
    poison: int = 0
    energy: int = 0
    """Energy counters (rule 107.14): counters a player has, not mana."""
    experience: int = 0
    """Experience counters (rule 122.1)."""
    pool: ManaPool = field(default_factory=ManaPool)
    lost: bool = False
    drew_from_empty: bool = False


def snapshot_spell(obj: Obj) -> SpellSnapshot:
    """Last known information of a spell on the stack, enough to copy it (rule 707.10)."""
    spell = obj.spell
    assert spell is not None and obj.card is not None
    return SpellSnapshot(obj.id, obj.card, spell.face, obj.controller,
                         tuple(tuple(r) for r in spell.targets), spell.x, spell.modes,
                         spell.division, spell.kicked, spell.alternative)


def spell_effects(face: Face, modes: tuple[int, ...]) -> fx.SpellText:
    """The effects a spell of ``face`` has with the chosen ``modes``; an Aura spell's only
    "effect" is its target (rule 303.4a)."""
    if face.text.enchant is not None:  # an Aura spell targets what it will enchant
        return (fx.EnchantTarget(face.text.enchant),)
    spell = face.text.spell
    if isinstance(spell, fx.Modal):
        return tuple(e for m in modes for e in spell.modes[m])
    return spell or ()
