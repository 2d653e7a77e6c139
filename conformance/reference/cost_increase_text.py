"""The static ability "[<Quality>] spells [you cast | your opponents cast] cost {N} more to
cast." (rule 601.2f; Thalia, Guardian of Thraben; Sphere of Resistance): :class:`SpellsCostMore`,
read by :func:`cost_increase_line`; its rules are in :mod:`conformance.reference.cost_increases`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conformance.reference.cards import Face

_TYPES = ("Artifact", "Creature", "Enchantment", "Instant", "Sorcery", "Planeswalker")
_COLORS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
_LINE = re.compile(
    r"(?:(?P<q>(?:Non(?:artifact|creature|enchantment))|Artifact|Creature|Enchantment|Instant"
    r"|Sorcery|White|Blue|Black|Red|Green) spells|Spells)(?P<who> you cast| your opponents cast)?"
    r" cost (?P<cost>(?:\{(?:\d+|[WUBRG])\})+) more to cast\.")


@dataclass(frozen=True, slots=True)
class SpellsCostMore:
    """"[<Quality>] spells [you cast | your opponents cast] cost {N} more to cast." (601.2f):
    ``quality`` "" (every spell), a card type ("Creature"), "non" + a card type
    ("noncreature") or a color letter ("B"); ``whose`` "all", "you" or "opponents"."""

    cost: str
    quality: str = ""
    whose: str = "all"


def cost_increase_line(line: str) -> SpellsCostMore | None:
    """The static ability of a cost-increase line, or None when ``line`` is not one."""
    m = _LINE.fullmatch(line)
    if m is None:
        return None
    q = m["q"] or ""
    quality = _COLORS.get(q) or (q if q in _TYPES else q.lower())
    whose = {None: "all", " you cast": "you", " your opponents cast": "opponents"}[m["who"]]
    return SpellsCostMore(m["cost"], quality, whose)


def applies(inc: SpellsCostMore, face: Face, source_controller: str, caster: str) -> bool:
    """Whether ``inc`` (of a permanent ``source_controller`` controls) increases the cost of
    ``face`` cast by ``caster``."""
    if inc.whose == "you" and caster != source_controller:
        return False
    if inc.whose == "opponents" and caster == source_controller:
        return False
    q = inc.quality
    if not q:
        return True
    if q in _COLORS.values():
        return q in face.colors
    if q.startswith("non"):
        return q[3:].capitalize() not in face.types
    return q in face.types


@dataclass(frozen=True, slots=True)
class AbilitiesCostLess:
    """"Activated abilities of creatures [you control] cost {N} less to activate. This effect
    can't reduce the mana in that cost to less than one mana." (Heartstone; 601.2f, 602.2b): a
    reduction of the generic mana only ({S} is not generic, 107.4h)."""

    n: int
    yours: bool = False


_LESS = re.compile(r"Activated abilities of creatures( you control)? cost \{(\d+)\} less to "
                   r"activate\. This effect can't reduce the mana in that cost to less than one "
                   r"mana\.")


def ability_reduction_line(line: str) -> AbilitiesCostLess | None:
    """The static ability of an activated-ability cost reduction line, or None."""
    m = _LESS.fullmatch(line)
    return AbilitiesCostLess(int(m[2]), bool(m[1])) if m else None


def reduced(cost: str | None, n: int, snow_is_generic: bool = False) -> str | None:
    """``cost`` less ``n`` generic mana, leaving at least one mana (``snow_is_generic``: {S}
    symbols reduced too, as if generic)."""
    syms = re.findall(r"\{([^}]+)\}", cost or "")
    total = sum(int(s) if s.isdigit() else 1 for s in syms)
    cut = min(n, max(total - 1, 0))
    out: list[str] = []
    for s in syms:
        if cut and s.isdigit():
            take = min(cut, int(s))
            cut -= take
            s = str(int(s) - take)
            if s == "0":
                continue
        elif cut and s == "S" and snow_is_generic:
            cut -= 1
            continue
        out.append(f"{{{s}}}")
    return "".join(out) or None
