"""Lands that are creatures, for a group: the static "All Forests are 1/1 creatures that are
still lands." / "Forests you control are 1/1 green Elf creatures that are still lands." / "All
lands are 2/2 creatures that are still lands." (:class:`LandsAreCreatures`, applied with the
animations of :mod:`conformance.reference.control_rules`, with its source's timestamp, to
whatever is such a land at each moment, 611.3a), and the one-shot "All lands [you control]
become 2/2 creatures until end of turn. They're still lands." (:class:`AnimateLands`: the lands
then, locked in, 611.2c). Both keep the lands' types (205.1b)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from conformance.reference.abilities import LandsAreCreatures
from conformance.reference.effect_blocks import Effect
from conformance.reference.mana import COLOR_WORDS

_LANDS = r"(?:(?P<all>All )?(?P<which>lands|Plains|Islands|Swamps|Mountains|Forests))"
_REST = (r"(?P<p>\d+)/(?P<t>\d+) (?P<colors>(?:(?:white|blue|black|red|green) )*)"
         r"(?P<subtypes>(?:[A-Z][a-z]+ )*)creatures")
_STATIC = re.compile(rf"{_LANDS}(?P<yours> you control)? are {_REST} that are still lands\.")
_ONE_SHOT = re.compile(rf"{_LANDS}(?P<yours> you control)? become {_REST} until end of turn\. "
                       r"They're still lands\. ?")


@dataclass(frozen=True, slots=True)
class AnimateLands(Effect):
    """"All lands [you control] become N/M creatures until end of turn. They're still lands."."""

    group: LandsAreCreatures


def _group(m: re.Match[str]) -> LandsAreCreatures | None:
    if bool(m["all"]) == bool(m["yours"]):
        return None  # exactly one of "All ..." and "... you control"
    which = m["which"]
    colors = tuple(COLOR_WORDS[w] for w in m["colors"].split())
    return LandsAreCreatures("" if which == "lands" else which.removesuffix("s"),
                             bool(m["yours"]), int(m["p"]), int(m["t"]), colors or None,
                             tuple(m["subtypes"].split()))


def lands_static_line(line: str) -> LandsAreCreatures | None:
    """The static ability of ``line``, or None when it is not this form."""
    m = _STATIC.fullmatch(line)
    return _group(m) if m else None


def _one_shot(m: re.Match[str]) -> AnimateLands:
    from conformance.reference.errors import OracleTemplateError

    group = _group(m)
    if group is None:
        raise OracleTemplateError(f"lands not understood: {m[0]!r}")
    return AnimateLands(group)


TEMPLATES = [(_ONE_SHOT, _one_shot)]
"""(pattern, builder) pairs."""
