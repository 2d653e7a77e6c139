"""More oracle-text templates of targeted spells (the rules are in
:mod:`conformance.reference.targeted_effects`):

* "Return up to N target <kind>s to their owners' hands." (one slot of up to N targets, each
  acted on if still legal, 608.2b; "Put a +1/+1 counter on each of up to N target <kind>s" is
  oracle_halves' ``CountersOnTargets``);
* "Any number of target creatures each <effect>. Untap those creatures." (strive);
* "Up to N target creatures can't block this turn." and "<Creatures of a group> can't block
  this turn." (509.1a; the group as the effect resolves, 611.2c);
* "<destroy / exile target X>. Its controller may search their library for a basic land card,
  put it onto the battlefield [tapped], then shuffle." (the target's controller as it last was;
  a ``may`` choice of theirs, then the search, 701.19);
* "<destroy / exile target X>. You lose life equal to that creature's toughness / that
  permanent's mana value." (the value as the target last existed, 608.2h);
* "<damage to / destroy target creature>. Destroy all Equipment attached to that creature.";
* "... Its controller gets a poison counter." / "... mills cards equal to that creature's
  power." / "If that land was nonbasic / that creature has infect / you control an artifact,
  CARDNAME deals N damage to that creature's controller." / "Tap target permanent. If it's an
  artifact, destroy it." / "Exile two target <kind>s." (exactly two);
* "CARDNAME deals N damage to each of up to N target creatures. [Those creatures can't block
  this turn.]" and "<effect on target creature>. Each other creature you control / that player
  controls gets +N/+N until end of turn." (:class:`ThenOthers`).

:data:`FIRST` goes before the base templates (which would read the first sentence alone).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect, SpellText, TargetSlot
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle_more import kind

_COUNT = {"two": 2, "three": 3, "four": 4, "five": 5}
_N = {"a": 1, "two": 2, "three": 3}


@dataclass(frozen=True, slots=True)
class UpToEach(Effect):
    """One effect on each of up to ``n`` targets of ``kind``: ``bounce`` (to its owner's hand),
    ``cant_block`` (this turn), ``damage`` / ``damage_cant_block``, ``exile`` or ``destroy``."""

    what: str
    kind: str
    n: int
    exactly: bool = False
    """"Exile two target ...": exactly ``n`` targets."""
    amount: int = 0
    """``damage`` (and ``damage_cant_block``): the damage the source deals to each."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind, self.n if self.exactly else 0, self.n),)


@dataclass(frozen=True, slots=True)
class CantBlockGroup(Effect):
    """"<Creatures of a group> can't block this turn" (509.1a): ``kind`` a ``perm:`` filter of
    :mod:`conformance.reference.target_kinds`, read as the effect resolves."""

    kind: str


@dataclass(frozen=True, slots=True)
class ThenUntapTargets(Effect):
    """``first`` (one slot of targets), then "Untap those creatures." (those still legal)."""

    first: Effect

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return self.first.slots


@dataclass(frozen=True, slots=True)
class ThenFollowUp(Effect):
    """``first`` (one effect on one target), then what follows about that target:
    ``search_basic`` (its controller may search for a basic land card, onto the battlefield,
    ``tapped`` or not), ``lose_life`` (you lose life equal to its ``stat``: toughness | power |
    mana value, as it last existed), ``destroy_equipment`` (the Equipment attached to it), or
    the ones :attr:`n` names."""

    first: Effect
    follow: str
    stat: str = ""
    tapped: bool = False
    n: int = 0
    """``poison`` (its controller gets N poison counters), ``mill`` (its controller mills N
    cards, or cards equal to its ``stat``), ``damage_controller`` (the source deals N damage to
    its controller if ``condition``: nonbasic | infect (the target was so as it last existed)
    or a ``perm:`` kind you control as the follow-up happens), ``destroy_if`` (it is
    destroyed if it has the card type ``condition``)."""
    condition: str = ""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return self.first.slots


@dataclass(frozen=True, slots=True)
class ThenOthers(Effect):
    """``first`` (one effect on one target creature), then "each other creature you control /
    that player controls gets +N/+N until end of turn": the creatures of that player (you, or
    the target's controller as it last was) other than the target, locked in (611.2c)."""

    first: Effect
    yours: bool
    power: int
    toughness: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return self.first.slots


def _singular(words: str) -> str:
    """"creatures your opponents control" -> the kind of "creature an opponent controls";
    "nonartifact creatures" -> "nonartifact creature"."""
    one, n = re.subn(r"\b(creature|artifact|enchantment|land|permanent)s\b", r"\1", words,
                     count=1)
    if not n:
        raise OracleTemplateError(f"targets not understood: {words!r}")
    return kind(one.replace(" your opponents control", " an opponent controls"))


def _group(words: str) -> str:
    """The ``perm:`` kind of a group of creatures: "Creatures without flying", "Nonartifact
    creatures", "Creatures with power 3 or less", "Creatures your opponents control" (all
    creatures: oracle_halves_more's ``CreaturesCantBlock``)."""
    if words == "Creatures":
        raise OracleTemplateError("oracle_halves_more reads 'Creatures can't block this turn'")
    one = words[:1].lower() + words[1:]
    one = re.sub(r"\bcreatures\b", "creature", one, count=1)
    one = one.replace(" your opponents control", " an opponent controls")
    k = kind(one)
    if k == "creature":
        k = "perm:Creature"
    if not k.startswith("perm:") or "Creature" not in k.split(":")[1]:
        raise OracleTemplateError(f"a group of creatures not understood: {words!r}")
    return k


def _one_target(text: str) -> Effect:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    first = parse_effects(text)
    if len(first) != 1 or len(first[0].slots) != 1 or first[0].slots[0].max != 1:
        raise OracleTemplateError(f"a follow-up of other than one target: {text!r}")
    return first[0]


def _untap_those(text: str) -> ThenUntapTargets:
    from conformance.reference.effect_text import parse_effects

    first: SpellText = parse_effects(text)
    if len(first) != 1 or len(first[0].slots) != 1:
        raise OracleTemplateError(f"'untap those creatures' after {text!r}")
    return ThenUntapTargets(first[0])


_TARGETED = (rf"((?:Destroy|Exile|{SELF} deals \d+ damage to) target [^.]+\.(?: It can't be "
             r"regenerated\.)?)")

FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"Return up to (two|three|four|five) target ([^.]+?) to their owners' hands\. ?"),
     lambda g: UpToEach("bounce", _singular(g[2]), _COUNT[g[1]])),
    (re.compile(r"Up to (two|three|four|five) target ([^.]+?) can't block this turn\. ?"),
     lambda g: UpToEach("cant_block", _singular(g[2]), _COUNT[g[1]])),
    (re.compile(r"((?:[A-Z][a-z]+ )?[Cc]reatures(?: [^.]*?)?) can't block this turn\. ?"),
     lambda g: CantBlockGroup(_group(g[1]))),
    (re.compile(r"(Any number of target creatures each [^.]+\.) Untap those creatures\. ?"),
     lambda g: _untap_those(g[1])),
    (re.compile(rf"{_TARGETED} Its controller may search their library for a basic land card, "
                r"put (?:it|that card) onto the battlefield( tapped)?, then shuffle\. ?"),
     lambda g: ThenFollowUp(_one_target(g[1]), "search_basic", tapped=bool(g[2]))),
    (re.compile(rf"{_TARGETED} You lose life equal to that (?:creature|permanent)'s (toughness|"
                r"power|mana value)\. ?"),
     lambda g: ThenFollowUp(_one_target(g[1]), "lose_life", stat=g[2])),
    (re.compile(rf"{_TARGETED} Destroy all Equipment attached to that creature\. ?"),
     lambda g: ThenFollowUp(_one_target(g[1]), "destroy_equipment")),
    (re.compile(rf"{_TARGETED} Its controller gets (a|two|three) poison counters?\. ?"),
     lambda g: ThenFollowUp(_one_target(g[1]), "poison", n=_N[g[2]])),
    (re.compile(r"((?:Up to one t|T)arget [^.]+? gets [^.]+\.) Its controller mills (a|two|three) "
                r"cards?\. ?"),
     lambda g: ThenFollowUp(_one_target(g[1]), "mill", n=_N[g[2]])),
    (re.compile(rf"{_TARGETED} Its controller mills cards equal to that creature's "
                r"(power|toughness)\. ?"),
     lambda g: ThenFollowUp(_one_target(g[1]), "mill", stat=g[2])),
    (re.compile(rf"{_TARGETED} If (that land was nonbasic|that creature has infect|you control an? "
                rf"[a-z]+), {SELF} deals (\d+) damage to (?:that land's|the land's|that "
                r"creature's) controller\. ?"),
     lambda g: ThenFollowUp(_one_target(g[1]), "damage_controller", n=int(g[3]),
                            condition=_condition(g[2]))),
    (re.compile(r"(Tap target [^.]+\.) If it's an? (artifact|creature|land|enchantment), "
                r"destroy it\. ?"),
     lambda g: ThenFollowUp(_one_target(g[1]), "destroy_if", condition=g[2].capitalize())),
    (re.compile(rf"{SELF} deals (\d+) damage to each of up to (two|three|four|five) target "
                r"([^.]+?)\.( Those creatures can't block this turn\.)? ?"),
     lambda g: UpToEach("damage_cant_block" if g[4] else "damage", _singular(g[3]),
                        _COUNT[g[2]], amount=int(g[1]))),
    (re.compile(r"((?:Target creature you control gets|Destroy target creature an opponent "
                r"controls)[^.]*\.) Each other creature (you|that player) controls? gets "
                r"([+-]\d+)/([+-]\d+) until end of turn\. ?"),
     lambda g: ThenOthers(_one_target(g[1]), g[2] == "you", int(g[3]), int(g[4]))),
    (re.compile(r"(Exile|Destroy) (two|three) target ([^.]+?)\. ?"),
     lambda g: UpToEach(g[1].lower(), _singular(g[3]), _COUNT[g[2]], exactly=True)),
]


def _condition(words: str) -> str:
    if words == "that land was nonbasic":
        return "nonbasic"
    if words == "that creature has infect":
        return "infect"
    return kind(words[len("you control "):].removeprefix("a ").removeprefix("an ")
                + " you control")

"""(pattern, builder) pairs, tried before the base templates."""
