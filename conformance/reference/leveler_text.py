"""The text of a leveler card (711, 702.87): "Level up [cost]" and its level symbols.

* "Level up [cost]" means "[Cost]: Put a level counter on this permanent. Activate only as a
  sorcery" (702.87a): an activated ability, the first of the card (:class:`LevelUp`);
* "LEVEL N1-N2" / "LEVEL N3+", then a power/toughness box and the abilities of that striation
  (711.2): a static ability, "As long as this creature has at least N1 [and no more than N2]
  level counters on it, it has base power and toughness [P/T] and has [abilities]"
  (:class:`LevelBand`, in :attr:`~conformance.reference.abilities.FaceText.levels`).

The printed power/toughness (the uppermost box, 711.5-6) is the card's own. The rules are in
:mod:`conformance.reference.levelers`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from conformance.reference.abilities import Activated, FaceText
from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.errors import OracleTemplateError

LEVEL_LINE = re.compile(r"^LEVEL (\d+)(?:-(\d+)|\+)$", re.M)
"""A level symbol's line (711.2)."""
_LEVEL_UP = re.compile(r"Level up ((?:\{(?:\d+|[WUBRGC]|[WUBRG]/[WUBRG])\})+)(?: \([^()]*\))?")


@dataclass(frozen=True, slots=True)
class LevelUp(Effect):
    """Level up's effect: a level counter on its source (702.87a)."""


@dataclass(frozen=True, slots=True)
class SetBasePowerToughness(Effect):
    """"Target creature has base power and toughness N/M until end of turn" (Diminish): an
    effect of layer 7b (613.4b), applied in timestamp order with the other effects setting
    power and toughness, a level symbol's included (the levelers' rulings)."""

    power: int
    toughness: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], object]] = [
    (re.compile(r"Target creature has base power and toughness (\d+)/(\d+) until end of turn\. ?"),
     lambda m: SetBasePowerToughness(int(m[1]), int(m[2]))),
]
"""(pattern, builder) pairs of :mod:`conformance.reference.effect_text`."""


@dataclass(frozen=True)
class LevelBand:
    """A level symbol's static ability (711.2a-b): from ``low`` to ``high`` level counters
    (``high`` None: ``low`` or more), base power and toughness ``power``/``toughness`` and the
    abilities ``text``."""

    low: int
    high: int | None
    power: int
    toughness: int
    text: FaceText

    def applies(self, level: int) -> bool:
        """Whether a creature with ``level`` level counters has this band's characteristics."""
        return level >= self.low and (self.high is None or level <= self.high)


def is_leveler_text(text: str | None) -> bool:
    """Whether an oracle text has level symbols (a leveler card's)."""
    return bool(text and LEVEL_LINE.search(text))


def parse_leveler(text: str, parse: Callable[[str], FaceText]) -> FaceText:
    """A leveler card's abilities: ``parse`` (the face interpreter) reads the lines before the
    first level symbol but "Level up", and each striation's abilities."""
    lines = text.split("\n")
    first = next(i for i, ln in enumerate(lines) if LEVEL_LINE.fullmatch(ln))
    head, level_up = [], None
    for ln in lines[:first]:
        m = _LEVEL_UP.fullmatch(ln.strip())
        if m and level_up is None:
            level_up = m[1]
        else:
            head.append(ln)
    if level_up is None:
        raise OracleTemplateError("level symbols without 'Level up'")
    bands: list[LevelBand] = []
    i = first
    while i < len(lines):
        m = LEVEL_LINE.fullmatch(lines[i])
        pt = re.fullmatch(r"(\d+)/(\d+)", lines[i + 1]) if m and i + 1 < len(lines) else None
        if m is None or pt is None:
            raise OracleTemplateError(f"a level symbol not understood: {lines[i]!r}")
        j = i + 2
        while j < len(lines) and not LEVEL_LINE.fullmatch(lines[j]):
            j += 1
        bands.append(LevelBand(int(m[1]), int(m[2]) if m[2] else None, int(pt[1]), int(pt[2]),
                               parse("\n".join(lines[i + 2:j]))))
        i = j
    base = parse("\n".join(head))
    ability = Activated(effects=(LevelUp(),), tap=False, sorcery_speed=True, cost=level_up)
    return replace(base, activated=(ability, *base.activated), levels=tuple(bands))


def with_band(printed: FaceText, band: FaceText) -> FaceText:
    """The abilities of a leveler with a band's: the band's are added to its own, which it
    keeps (711.4: level up at all times)."""
    return replace(printed, keywords=printed.keywords | band.keywords,
                   restrictions=printed.restrictions + band.restrictions,
                   triggered=printed.triggered + band.triggered,
                   activated=printed.activated + band.activated,
                   statics=printed.statics + band.statics)
