"""Oracle-text templates of damage counted as the effect resolves (608.2h), the rules in
:mod:`conformance.reference.targeted_effects`:

* "CARDNAME deals damage to <any target | target X> equal to the number of <count>." [You gain
  life equal to the damage dealt this way.]
* "CARDNAME deals X damage to <any target | target X> [and you gain X life], where X is the
  number of <count>."
* "You may have CARDNAME deal damage to target X equal to the number of <count>." (an enters
  trigger's "you may have it deal ..." is the source, :mod:`conformance.reference.oracle`);
* "Target X / CARDNAME gets +X/+X until end of turn, where X is the number of <count>.";
* "If you control a <Subtype>, <effects>." (checked as it resolves, 608.2c: the
  :class:`~conformance.reference.chapter_abilities.IfYouControl` of "if you control a creature").

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
from functools import cache

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


@dataclass(frozen=True, slots=True)
class CountedPump(Effect):
    """"Target <kind> / CARDNAME gets +X/+X until end of turn, where X is the number of
    <count>" (``kind`` empty: the source); ``power``/``toughness`` are the signs of X; X is
    counted once, as the effect resolves (608.2h)."""

    kind: str
    count: Count
    power: int = 1
    toughness: int = 1

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),) if self.kind else ()


_SIGN = {"+X": 1, "-X": -1, "+0": 0, "-0": 0}


def _if_you_control(g: re.Match[str]) -> Effect:
    from conformance.reference.chapter_abilities import IfYouControl
    from conformance.reference.effect_text import parse_effects

    return IfYouControl(kind(g[1]), parse_effects(g[2][:1].upper() + g[2][1:]))


def _singular(word: str) -> str:
    """The singular of a plural type word: the candidate ("Zombies" -> Zombie or Zomby,
    "Allies" -> Ally or Allie, "Merfolk" -> Merfolk) that is a subtype of the card data, or the
    card type word."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    candidates = [word[:-1], word[:-3] + "y", word] if word.endswith("ies") else \
        [word[:-1], word] if word.endswith("s") else [word]
    known = _subtypes()
    return next((c for c in candidates if c in known or c.lower() in _CARD_TYPES),
                candidates[0])


@cache
def _subtypes() -> frozenset[str]:
    """Every subtype of the card data (the type lines of ``cards.jsonl.gz``)."""
    from conformance.reference.cards import _mtgjson_rows

    return frozenset(sub for row in _mtgjson_rows() for face in row["faces"]
                     for sub in face["type"].partition("—")[2].split())


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
    (re.compile(rf"(Target [^.]+?|{SELF}) gets ([+-]X)/([+-][0X]) until end of turn, where X is "
                r"the number of ([^.]+?)\. ?"),
     lambda g: CountedPump("" if g[1] == SELF else kind(g[1][len("Target "):]),
                           count_of(g[4]), _SIGN[g[2]], _SIGN[g[3]])),
    (re.compile(r"If you control an? ([A-Z][a-z]+), ([a-z][^.]*\.) ?"), _if_you_control),
]
"""(pattern, builder) pairs, tried before the base templates."""
