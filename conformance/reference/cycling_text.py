"""The oracle text of cycling's variants (702.29) and of "you may have <someone> <do> ...":

* typecycling (702.29e): "Plainscycling {2}", "Basic landcycling {1}{G}", "Wizardcycling {3}",
  "Islandcycling {2}, swampcycling {2}" — "[Cost], Discard this card: Search your library for a
  [type] card, reveal it, put it into your hand, then shuffle." (:func:`typecycling_line`);
* "When you cycle CARDNAME, <effect>" (702.29c): a triggered ability of the card, which triggers
  when it is discarded to pay its cycling cost; it goes on the stack above the cycling ability
  and resolves first (:func:`cycle_trigger_line`);
* "You may have target creature get -1/-1 until end of turn", "You may have CARDNAME deal 1
  damage to any target", "You may counter target spell", "You may prevent the next 1 damage ...":
  an optional effect whose targets are chosen as the spell or ability is
  put on the stack (:data:`EFFECT_TEMPLATES`, registered in
  :mod:`conformance.reference.effect_text`).

Cycling a card is :meth:`conformance.reference.casting.Casting._cycle`."""

from __future__ import annotations

import re
from collections.abc import Callable

from conformance.reference.abilities import SELF, Triggered
from conformance.reference.effect_blocks import SpellText
from conformance.reference.errors import OracleTemplateError

CYCLED = "cycled"
"""The event of "When you cycle CARDNAME" (702.29c)."""

_COST = r"((?:\{(?:\d+|[WUBRGC]|[WUBRG]/[WUBRG])\})+)"
_ONE = re.compile(rf"((?:[Bb]asic )?[A-Za-z]+)cycling {_COST}")


def _parse(text: str) -> SpellText:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    return parse_effects(text)


def typecycling_line(line: str) -> tuple[tuple[str, SpellText], ...] | None:
    """The typecycling abilities of a line ("Plainscycling {2}, islandcycling {2}": two), each
    (cost, effects), or None when ``line`` is not typecycling (plain "Cycling {2}" is not)."""
    parts = line.split(", ")
    found = [_ONE.fullmatch(p) for p in parts]
    if not all(found) or any(m[1].lower() == "cy" for m in found if m):
        return None
    out = []
    for m in found:
        assert m is not None
        word = m[1].lower()
        if word not in ("basic land", "land"):
            word = word.capitalize()  # a subtype: Plains, Island, Wizard, Sliver
        out.append((m[2], _parse(f"Search your library for a {word} card, reveal it, put it "
                                 "into your hand, then shuffle.")))
    return tuple(out)


def cycle_trigger_line(line: str) -> Triggered | None:
    """The ability of "When you cycle CARDNAME, <effect>" (702.29c), or None."""
    m = re.fullmatch(rf"When you cycle {SELF}, (.*)", line)
    if m is None:
        return None
    body = re.sub(r"^it deals ", f"{SELF} deals ", m[1])
    body = re.sub(r"^you may have it ", f"you may have {SELF} ", body)
    return Triggered(CYCLED, _parse(body[:1].upper() + body[1:]), "cycle_trigger")


_VERBS = {"get": "gets", "gain": "gains", "deal": "deals", "lose": "loses"}


def _may_have(g: re.Match[str]) -> object:
    from conformance.reference.common_abilities import MayTargeted
    from conformance.reference.effect_blocks import May

    subject = g[1][:1].upper() + g[1][1:]
    inner = _parse(f"{subject} {_VERBS[g[2]]} {g[3]}.")
    if not any(e.slots for e in inner):
        return May(inner)
    if subject != SELF and not subject.startswith("Target "):
        raise OracleTemplateError(f"'you may have' of other than a target: {g[0]!r}")
    return MayTargeted(inner)


def _may_do(g: re.Match[str]) -> object:
    from conformance.reference.common_abilities import MayTargeted
    from conformance.reference.effect_blocks import May

    inner = _parse(f"{g[1].capitalize()} {g[2]}.")
    return MayTargeted(inner) if any(e.slots for e in inner) else May(inner)


def _group(g: re.Match[str]) -> object:
    from conformance.reference.effect_blocks import PumpGroup
    from conformance.reference.effect_text import _keywords
    from conformance.reference.oracle_lords import _NOT_SUBTYPES

    if g[1] in _NOT_SUBTYPES:
        raise OracleTemplateError(f"not a creature type: {g[1]!r}")
    return PumpGroup(g[1] or "", int(g[2] or 0), int(g[3] or 0), "all",
                     _keywords(g[4] or g[5]))


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"You may have ({SELF}|target [a-z ]+?) (get|gain|deal|lose) ([^.]*)\.(?! If "
                r"you do)(?! If you don't) ?"), _may_have),
    (re.compile(r"You may (counter|prevent) ([^.]*)\.(?! If you do)(?! If you don't) ?"), _may_do),
    # "Elf creatures get +2/+2 until end of turn", "All creatures gain fear until end of turn":
    # every such creature on the battlefield, whoever controls it (the set locked in, 611.2c)
    (re.compile(r"(?:All creatures|([A-Z][a-z]+) creatures) (?:get ([+-]\d+)/([+-]\d+)(?: and "
                r"gain ([a-z ,]+))?|gain ([a-z ,]+)) until end of turn\. ?"), _group),
]
"""(pattern, builder) pairs."""
