"""More oracle-text templates of targeted spells (the rules are in
:mod:`conformance.reference.targeted_effects`):

* "Return up to N target <kind>s to their owners' hands." and "Put a +1/+1 counter on each of up
  to N target <kind>s." (one slot of up to N targets, each acted on if still legal, 608.2b);
* "Any number of target creatures each <effect>. Untap those creatures." (strive);
* "Up to N target creatures can't block this turn." and "<Creatures of a group> can't block
  this turn." (509.1a; the group as the effect resolves, 611.2c);
* "<destroy / exile target X>. Its controller may search their library for a basic land card,
  put it onto the battlefield [tapped], then shuffle." (the target's controller as it last was;
  a ``may`` choice of theirs, then the search, 701.19);
* "<destroy / exile target X>. You lose life equal to that creature's toughness / that
  permanent's mana value." (the value as the target last existed, 608.2h);
* "<damage to / destroy target creature>. Destroy all Equipment attached to that creature."

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
_PLURAL = {"creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment",
           "lands": "land", "permanents": "permanent", "nonland permanents": "nonland permanent"}


@dataclass(frozen=True, slots=True)
class UpToEach(Effect):
    """One effect on each of up to ``n`` targets of ``kind``: ``bounce`` (to its owner's hand),
    ``counter`` (a +1/+1 counter) or ``cant_block`` (this turn)."""

    what: str
    kind: str
    n: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind, 0, self.n),)


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
    mana value, as it last existed) or ``destroy_equipment`` (the Equipment attached to it)."""

    first: Effect
    follow: str
    stat: str = ""
    tapped: bool = False

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return self.first.slots


def _singular(words: str) -> str:
    """"creatures your opponents control" -> "creature an opponent controls"."""
    for plural, one in sorted(_PLURAL.items(), key=lambda p: -len(p[0])):
        if words.startswith(plural):
            rest = words[len(plural):].replace(" your opponents control", " an opponent controls")
            return kind(one + rest)
    raise OracleTemplateError(f"targets not understood: {words!r}")


def _group(words: str) -> str:
    """The ``perm:`` kind of a group of creatures: "Creatures without flying", "Nonartifact
    creatures", "Creatures with power 3 or less", "Creatures your opponents control"."""
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
    (re.compile(r"Put a \+1/\+1 counter on each of up to (two|three|four|five) target "
                r"([^.]+?)\. ?"),
     lambda g: UpToEach("counter", _singular(g[2]), _COUNT[g[1]])),
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
]
"""(pattern, builder) pairs, tried before the base templates."""
