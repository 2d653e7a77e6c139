"""Oracle-text templates of damage counted as the effect resolves (608.2h), the rules in
:mod:`conformance.reference.targeted_effects`:

* "CARDNAME deals damage to <any target | target X> equal to the number of <count>." [You gain
  life equal to the damage dealt this way.]
* "CARDNAME deals X damage to <any target | target X> [and you gain X life], where X is the
  number of <count>."
* "You may have CARDNAME deal damage to target X equal to the number of <count>." (an enters
  trigger's "you may have it deal ..." is the source, :mod:`conformance.reference.oracle`).

A count (:class:`Count`) is of permanents ("Mountains you control", "creatures you control",
"attacking creatures", "Clerics on the battlefield", "artifacts you control"), of cards in your
hand, or of cards of a type or subtype in your graveyard ("instant and sorcery cards in your
graveyard", "Arcane cards in your graveyard"); "lands you control" is left to the base templates
(:class:`conformance.reference.abilities_split.DamageByLands`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle_more import kind

_IRREGULAR = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Equipment": "Equipment",
              "Zubera": "Zubera"}
_CARD_TYPES = {"creature": "Creature", "artifact": "Artifact", "land": "Land",
               "enchantment": "Enchantment", "instant": "Instant", "sorcery": "Sorcery"}


@dataclass(frozen=True, slots=True)
class Count:
    """What is counted: ``permanents`` of the ``perm:`` kind ``kind`` (relative to the spell's
    controller), ``hand`` (cards in your hand) or ``graveyard`` (cards in your graveyard with one
    of the card types or subtypes ``kind`` names, ``|``-separated; empty: any)."""

    where: str
    kind: str = ""


@dataclass(frozen=True, slots=True)
class CountedDamage(Effect):
    """The source deals damage equal to ``count`` (as the effect resolves) to the target of
    kind ``kind``; ``gain``: you gain that much life too ("and you gain X life", "You gain life
    equal to the damage dealt this way": the damage dealt, 0 if it was prevented)."""

    kind: str
    count: Count
    gain: str = ""
    """"" | "x" (you gain X life) | "dealt" (life equal to the damage dealt)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


def _singular(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") else word


def count_of(words: str) -> Count:
    """The :class:`Count` of "the number of <words>"."""
    if words == "cards in your hand":
        return Count("hand")
    m = re.fullmatch(r"((?:[A-Za-z]+(?: and | or )?)*?)\s*cards in your graveyard", words)
    if m:
        names = [w for w in re.split(r" and | or ", m[1]) if w]
        kinds = [_CARD_TYPES.get(w, w) for w in names]
        if any(not (k in _CARD_TYPES.values() or k[:1].isupper()) for k in kinds):
            raise OracleTemplateError(f"cards counted not understood: {words!r}")
        return Count("graveyard", "|".join(kinds))
    if words == "lands you control":
        raise OracleTemplateError("the base templates count lands you control")
    if words == "attacking creatures":  # whoever controls them
        return Count("permanents", "perm:Creature:attacking")
    m = re.fullmatch(r"(attacking )?([A-Za-z]+)( you control| on the battlefield)", words)
    if not m:
        raise OracleTemplateError(f"count not understood: {words!r}")
    one = f"{m[1] or ''}{_singular(m[2])}"
    k = kind(one + (" you control" if m[3] == " you control" else ""))
    k = {"creature": "perm:Creature"}.get(k, k)
    if not k.startswith("perm:"):
        raise OracleTemplateError(f"count not understood: {words!r}")
    return Count("permanents", k)


def _target(words: str) -> str:
    return "any" if words == "any target" else kind(words[len("target "):])


def _counted(g: re.Match[str]) -> Effect:
    made = CountedDamage(_target(g[2]), count_of(g[3]), "dealt" if g[4] else "")
    if g[1]:
        from conformance.reference.common_abilities import MayTargeted

        return MayTargeted((made,))
    return made


_TARGET = r"(any target|target [^.]+?)"
FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"(?:(You may have )|(?!You may have )){SELF} (?(1)deal|deals) damage to "
                rf"{_TARGET} equal to the number of ([^.]+?)\.( You gain life equal to the "
                r"damage dealt this way\.)? ?"),
     _counted),
    (re.compile(rf"{SELF} deals X damage to {_TARGET}( and you gain X life)?, where X is the "
                r"number of ([^.]+?)\. ?"),
     lambda g: CountedDamage(_target(g[1]), count_of(g[3]), "x" if g[2] else "")),
]
"""(pattern, builder) pairs, tried before the base templates."""
