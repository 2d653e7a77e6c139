"""The oracle text of costs other than mana (rules 118.8, 602.2b), for the template interpreter
(:mod:`conformance.reference.oracle`): "sacrifice a creature", "discard a card", "exile two cards
from your graveyard", "tap an untapped creature you control"."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from conformance.reference.abilities import SELF, CostPart
from conformance.reference.effect_blocks import Effect, PumpGroup, PumpTarget

_COUNTS = {"a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8}
_MANA = r"((?:\{[0-9WUBRGC]\})+)"

_COST_PART = re.compile(r"(sacrifice|discard|exile|tap) (a|an|two|three) (untapped )?"
                        r"(creature|artifact|land|card|artifact, creature, or land)s?"
                        r"( you control| from your graveyard)?", re.I)


def cost_part(phrase: str) -> CostPart | None:
    """An additional cost other than mana (rule 118.8), or None: "sacrifice a creature",
    "discard a card", "exile two cards from your graveyard", "tap an untapped creature you
    control"."""
    m = _COST_PART.fullmatch(phrase)
    if not m:
        return None
    kind, what, where = m[1].lower(), m[4], m[5]
    ok = {"sacrifice": what != "card" and not m[3] and not where,
          "discard": what == "card" and not m[3] and not where,
          "exile": what == "card" and not m[3] and where == " from your graveyard",
          "tap": what in ("creature", "artifact") and bool(m[3]) and where == " you control"}
    what = "/".join(re.findall(r"creature|artifact|land|card", what))  # one of several types
    return CostPart(kind, _COUNTS[m[2].lower()], what) if ok[kind] else None


def extra_cost_line(line: str, other_part: str) -> bool:
    """Whether ``line`` is an activated ability whose costs include one of :func:`cost_part`'s
    (602.2b), its other costs each matching the regular expression ``other_part``."""
    head, sep, _ = line.partition(": ")
    parts = head.split(", ")
    return bool(sep) and any(cost_part(p) for p in parts) and all(
        cost_part(p) or re.fullmatch(other_part, p) for p in parts)


def overloaded(effect: Effect) -> Effect:
    """``effect`` with "target" changed to "each" (702.96a, a text-changing effect): "Target
    creature you control gets ..." -> "Each creature you control gets ..."; an effect without a
    "target" it can change is returned as it is."""
    if isinstance(effect, PumpTarget) and effect.kind in ("creature_you_control", "creature"):
        scope = "you" if effect.kind == "creature_you_control" else "all"
        return PumpGroup("", effect.power, effect.toughness, scope, effect.keywords)
    return effect


@dataclass
class CastCostText:
    """What a face's lines say about the costs of casting it, read line by line: "Kicker {cost}"
    and "Multikicker {cost}" (702.33a, c), "Convoke", "Delve", "Improvise" (702.51a, 702.66a,
    702.126a), "Escape—{cost}, Exile N other cards from your graveyard" (702.138a), "Overload
    {cost}" (702.96a), "Madness {cost}", "Dash {cost}", "Evoke {cost}", "Foretell {cost}",
    "Morph {cost}", "Bestow {cost}" (702.35a, 702.109a, 702.74a, 702.143a, 702.37a,
    702.103a), "Suspend N—{cost}" (702.62a), "As an additional cost to cast this spell, ..."
    (118.8), "Strive — This spell costs {cost} more to cast for each target beyond the first"
    (207.2c, 601.2f)."""

    kicker: str | None = None
    multikicker: bool = False
    payers: set[str] = field(default_factory=set)
    escape: tuple[str, int] | None = None
    overload: str | None = None
    alternatives: dict[str, str] = field(default_factory=dict)
    suspend: tuple[int, str] | None = None
    strive: str | None = None
    additional: list[CostPart] = field(default_factory=list)

    def read(self, line: str) -> bool:
        """Take ``line`` if it is one of these (True), else leave it (False)."""
        if m := re.fullmatch(rf"(Multikicker|Kicker) {_MANA}", line):
            self.kicker, self.multikicker = m[2], m[1] == "Multikicker"
        elif line in ("Convoke", "Delve", "Improvise"):
            self.payers.add(line.lower())
        elif m := re.fullmatch(rf"Escape—{_MANA}, Exile (two|three|four|five|six|seven|eight) "
                               r"other cards from your graveyard\.", line):
            self.escape = (m[1], _COUNTS[m[2]])
        elif m := re.fullmatch(rf"Overload {_MANA}", line):
            self.overload = m[1]
        elif m := re.fullmatch(rf"(Madness|Dash|Evoke|Foretell|Morph|Bestow) {_MANA}", line):
            self.alternatives[m[1].lower()] = m[2]
        elif m := re.fullmatch(rf"Suspend (\d+)—{_MANA}", line):
            self.suspend = (int(m[1]), m[2])
        elif m := re.fullmatch(rf"Strive — {SELF} costs {_MANA} more to cast for each target "
                               r"beyond the first\.", line):
            self.strive = m[1]
        elif (m := re.fullmatch(rf"As an additional cost to cast {SELF}, (.*)\.", line)) and (
                part := cost_part(m[1])) is not None:
            self.additional.append(part)
        else:
            return False
        return True

    def fields(self) -> dict[str, Any]:
        """The :class:`~conformance.reference.abilities.FaceText` fields read."""
        return {"kicker": self.kicker, "multikicker": self.multikicker,
                "additional_costs": tuple(self.additional), "payers": frozenset(self.payers),
                "escape": self.escape, "overload": self.overload,
                "alternatives": tuple(sorted(self.alternatives.items())),
                "suspend": self.suspend, "strive": self.strive}
