"""The oracle text of exert (rule 701.39), for the template interpreter
(:mod:`conformance.reference.oracle`):

* "You may exert CARDNAME as it attacks." and "You may exert CARDNAME as it attacks. When you
  do, <effects>." (the Amonkhet form): a :class:`Triggered` of event :data:`EXERT_SELF` named
  ``exert``; it says the creature may be exerted as it is declared as an attacker (508.1) and
  holds the reflexive ability (603.12) that triggers when it is (no effects: nothing triggers);
* "Whenever you exert a creature, <effects>.": a :class:`Triggered` of event :data:`EXERTED`
  named ``exerted``;
* "<costs>, Exert CARDNAME: <effects>" (the Hour of Devastation form): an :class:`Activated`
  whose costs include a :class:`CostPart` of kind :data:`EXERT_COST` (exerting the creature
  is part of the cost, 602.2b).

Their rules are :class:`conformance.reference.exert.Exert`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from conformance.reference.abilities import SELF, Activated, CostPart, Triggered
from conformance.reference.effect_blocks import SpellText

EXERT_SELF = "exert_self"
"""The ``Triggered.event`` of "You may exert CARDNAME as it attacks[. When you do, ...]"."""
EXERTED = "you_exert"
"""The ``Triggered.event`` of "Whenever you exert a creature, ..."."""
EXERT_COST = "exert"
"""The :class:`CostPart` kind of "Exert CARDNAME" in an activated ability's costs."""


def exert_line(line: str, parse: Callable[[str], SpellText]) -> Triggered | Activated | None:
    """The ability of an exert line, or None when ``line`` is not one (``parse`` reads the
    effects)."""
    m = re.fullmatch(rf"(.+), Exert {SELF}: (.*)", line)
    if m:
        from conformance.reference.effect_text import _activated

        body = re.sub(r"^It ", f"{SELF} ", m[2])
        ab = _activated(f"{m[1]}: {body}")
        return replace(ab, extra_costs=(*ab.extra_costs, CostPart(EXERT_COST, 1, "self")))
    m = re.fullmatch(rf"You may exert {SELF} as it attacks\.(?: When you do, (.*))?", line)
    if m:
        body = re.sub(r"^it ", f"{SELF} ", m[1] or "")
        return Triggered(EXERT_SELF, parse(body[0].upper() + body[1:]) if body else (), "exert")
    m = re.fullmatch(r"Whenever you exert a creature, (.*)", line)
    if m:
        return Triggered(EXERTED, parse(m[1][0].upper() + m[1][1:]), "exerted")
    return None
