"""Oracle-text templates of targeted spells and abilities whose shape the other template modules
do not read (the rules are in :mod:`conformance.reference.targeted_effects`):

* "CARDNAME fights [up to one] target <kind>." and "You may have CARDNAME fight target <kind>."
  (701.12a: the source and the target; an enters trigger's "it fights" / "you may have it
  fight" is the source, :mod:`conformance.reference.oracle`);
* "Target <kind> fights another target <kind>." (two targets, the second another object);
* "<Exile|Destroy> target <kind> and all other <creatures|permanents> [its controller controls]
  with the same name as that <creature|permanent>." and "Target creature and all other
  creatures with the same name as that creature get +N/+N until end of turn." (the name is read
  as the spell resolves, from the target, 608.2b-h);
* "If it's your turn, <effects>." (a condition checked as the effect resolves, 608.2c);
* "Put a +1/+1 counter on CARDNAME, then <effect>." / "... and <effect>.";
* "[Another] target <kind> can't be blocked this turn." ("another": not the ability's source).

:data:`FIRST` goes before the base templates (which would read a shorter sentence alone).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect, PutCounters, SpellText, TargetSlot
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle_more import kind

OTHER = "other"
"""The ``perm:`` quality of "another target <kind>" in an ability: not the ability's source
(:meth:`conformance.reference.targets.Targets._slot_legal`)."""


@dataclass(frozen=True, slots=True)
class FightSelf(Effect):
    """"CARDNAME fights [up to one] target <kind>" (701.12a): the source and the target each
    deal damage equal to its power to the other; no damage when either is no longer a creature
    on the battlefield or the target is illegal (701.12b, 608.2b)."""

    kind: str
    up_to: bool = False

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind, 0 if self.up_to else 1),)


@dataclass(frozen=True, slots=True)
class SameNameGroup(Effect):
    """"<action> target <kind> and all other <group> [its controller controls] with the same
    name as that <noun>": ``action`` exile | destroy | pump (``power``/``toughness`` until end
    of turn); ``group`` a card type (``Creature``) or ``any`` permanent; ``same_controller``:
    only those the target's controller controls."""

    action: str
    kind: str
    group: str
    same_controller: bool = False
    power: int = 0
    toughness: int = 0

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class IfYourTurn(Effect):
    """"If it's your turn, <effects>": checked as the effect resolves (608.2c)."""

    effects: SpellText

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return tuple(s for e in self.effects for s in e.slots)


@dataclass(frozen=True, slots=True)
class CantBeBlockedTarget(Effect):
    """"[Another] target <kind> can't be blocked this turn" (509.1b), for a kind the base
    template ("Target creature ...") does not name."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


def _parse(text: str) -> SpellText:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    return parse_effects(text[:1].upper() + text[1:])


def _creature_kind(words: str) -> str:
    k = kind(words)
    if not (k == "creature" or k.startswith(("creature", "perm:Creature"))):
        raise OracleTemplateError(f"a fight with other than a creature: {words!r}")
    return k


def _fight_self(g: re.Match[str]) -> Effect:
    fight = FightSelf(_creature_kind(g[3]), up_to=bool(g[2]))
    if g[1]:  # "you may have CARDNAME fight": targets chosen now, the choice on resolution
        from conformance.reference.common_abilities import MayTargeted

        return MayTargeted((fight,))
    return fight


def _fight_another(g: re.Match[str]) -> Effect:
    from conformance.reference.chapter_abilities import Fight

    return Fight(_creature_kind(g[1]), _creature_kind(g[2]), another=True)


_NUMBER = {"a": 1, "an": 1, "two": 2, "three": 3}


def _same_name(g: re.Match[str]) -> SameNameGroup:
    noun = "permanent" if g[3] == "permanents" else "creature"
    if g[5] != noun:
        raise OracleTemplateError(f"'same name as that {g[5]}' after {g[3]}: {g[0]!r}")
    return SameNameGroup(g[1].lower(), kind(g[2]), "any" if noun == "permanent" else "Creature",
                         same_controller=bool(g[4]))


def _counters_then(g: re.Match[str]) -> tuple[Effect, ...]:
    rest = _parse(g[3])
    if any(e.slots for e in rest):
        raise OracleTemplateError(f"a counter on CARDNAME then a targeted effect: {g[0]!r}")
    return (PutCounters(_NUMBER[g[1]], g[2], False), *rest)


def _cant_be_blocked(g: re.Match[str]) -> CantBeBlockedTarget:
    if not g[1] and g[2] == "creature":
        raise OracleTemplateError("the base template reads 'Target creature can't be blocked'")
    k = kind(g[2])
    if g[1]:  # "another target <kind>": the ability's source is not a legal target
        if not k.startswith("perm:"):
            k = {"creature": "perm:Creature"}.get(k, "")
            if not k:
                raise OracleTemplateError(f"'another target' not understood: {g[2]!r}")
        k += f":{OTHER}"
    return CantBeBlockedTarget(k)


FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"(?:(You may have )|(?!You may have )){SELF} (?(1)fight|fights) (up to one )?"
                r"target ([^.]+?)\. ?"),
     _fight_self),
    (re.compile(r"Target ([^.]+?) fights another target ([^.]+?)\. ?"), _fight_another),
    (re.compile(r"(Exile|Destroy) target ([^.]+?) and all other (creatures|permanents)"
                r"( its controller controls)? with the same name as that (creature|permanent)"
                r"\. ?"),
     _same_name),
    (re.compile(r"Target creature and all other creatures with the same name as that creature "
                r"get ([+-]\d+)/([+-]\d+) until end of turn\. ?"),
     lambda g: SameNameGroup("pump", "creature", "Creature", power=int(g[1]),
                             toughness=int(g[2]))),
    (re.compile(r"If it's your turn, ([a-z][^.]*\.) ?"), lambda g: IfYourTurn(_parse(g[1]))),
    (re.compile(rf"Put (a|an|two|three) ([+-]1/[+-]1) counters? on {SELF}(?:, then| and) "
                r"([a-z][^.]*\.) ?"),
     _counters_then),
    (re.compile(r"(Another )?[Tt]arget ([^.]+?) can't be blocked this turn\. ?"),
     _cant_be_blocked),
]
"""(pattern, builder) pairs, tried before the base templates."""
