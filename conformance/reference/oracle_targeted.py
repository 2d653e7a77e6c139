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
* "Target <kind> can't be blocked / can't block this turn." (for kinds beyond "creature");
* "<sentence with one 'another target <kind>'>" (Return another target creature to its owner's
  hand, Another target creature you control gets +3/+0 until end of turn, ...): the sentence
  read with "target <kind>", the target neither the source (an ability's permanent or card) nor
  a target chosen for an earlier slot (:class:`AnotherTarget`); after an effect with targets of
  the same text, only other than those targets (:func:`mark_another`). The sentence must have no
  other "target".

:data:`FIRST` goes before the base templates (which would read a shorter sentence alone).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

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
    """"Target <kind> can't be blocked this turn" (509.1b; ``block``: "can't block this turn",
    509.1a), for a kind the base template ("Target creature ...") does not name."""

    kind: str
    block: bool = False

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


_SIMPLE_PERM = {"creature": "perm:Creature", "creature_you_control": "perm:Creature:you",
                "artifact": "perm:Artifact", "enchantment": "perm:Enchantment",
                "land": "perm:Land", "permanent": "perm:any", "nonland_permanent": "perm:nonland",
                "artifact_or_enchantment": "perm:Artifact|Enchantment",
                "creature_or_planeswalker": "perm:Creature|Planeswalker"}
"""The simple target kinds of the base templates as ``perm:`` filters (which take qualities)."""


def other_kind(k: str) -> str:
    """The kind ``k`` with the quality "not the source" (:data:`OTHER`)."""
    k = _SIMPLE_PERM.get(k, k)
    if not k.startswith(("perm:", "gy:")):
        raise OracleTemplateError(f"'another target' of kind {k!r} not understood")
    return f"{k}:{OTHER}"


@dataclass(frozen=True, slots=True)
class AnotherTarget(Effect):
    """``effects`` (one target slot in all) read with "target" for "another target": the slot
    takes the quality "not the source" and differs from earlier slots' targets."""

    effects: SpellText
    after_targets: bool = False
    """Read after an effect with targets of the same spell or ability (:func:`mark_another`):
    "another" means a target other than those only, the source may be chosen."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        (slot,) = (s for e in self.effects for s in e.slots)
        if self.after_targets:
            return (replace(slot, another=True),)
        return (replace(slot, kind=other_kind(slot.kind), another=True),)


def mark_another(effects: SpellText) -> SpellText:
    """``effects`` (one spell's or ability's text) with each :class:`AnotherTarget` that follows
    an effect with targets marked ``after_targets``: "Target creature gets +2/+2 ... Another
    target creature gets -2/-2 ..." means a creature other than the first target."""
    out: list[Effect] = []
    for e in effects:
        if isinstance(e, AnotherTarget) and any(x.slots for x in out):
            e = replace(e, after_targets=True)
        out.append(e)
    return tuple(out)


def _another(g: re.Match[str]) -> AnotherTarget:
    sentence = f"{g[1]}{'target' if g[1] else 'Target'} {g[2]}"
    effects = _parse(sentence)
    if sum(len(e.slots) for e in effects) != 1:
        raise OracleTemplateError(f"'another target' in a sentence not understood: {g[0]!r}")
    made = AnotherTarget(effects)
    made.slots  # noqa: B018  (refuses a kind "another" can't qualify)
    return made


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
    rest = _parse(re.sub(r"\bto it this turn\b", f"to {SELF} this turn", g[3]))  # it: CARDNAME
    if any(e.slots for e in rest):
        raise OracleTemplateError(f"a counter on CARDNAME then a targeted effect: {g[0]!r}")
    return (PutCounters(_NUMBER[g[1]], g[2], False), *rest)


def _cant_be_blocked(g: re.Match[str]) -> CantBeBlockedTarget:
    if g[1] == "creature":
        raise OracleTemplateError("the base template reads 'Target creature can't ...'")
    return CantBeBlockedTarget(kind(g[1]), block=g[2] == "block")


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
    (re.compile(r"Target ([^.]+?) can't (be blocked|block) this turn\. ?"), _cant_be_blocked),
    (re.compile(r"((?:[A-Z](?:(?!\btarget\b)[^.])*? )?)[Aa]nother target ((?:(?!\btarget\b)"
                r"[^.])+\.(?: (?:It|That creature|Untap (?:it|that creature))\b(?:(?!\btarget\b)"
                r"[^.])*\.)+) ?"),
     _another),  # with the sentences about "it" / "that creature" that follow (threaten)
    (re.compile(r"((?:[A-Z](?:(?!\btarget\b)[^.])*? )?)[Aa]nother target ((?:(?!\btarget\b)"
                r"[^.])+\.) ?"),
     _another),
]
"""(pattern, builder) pairs, tried before the base templates."""
