"""The Theros gods' type-changing static ability: "As long as your devotion to <color> [and
<color>] is less than N, CARDNAME isn't a creature." (rules 700.5, 613.1d, 611.3a).

* :func:`god_line` reads the line into a :class:`NotCreatureBelowDevotion` static;
* :func:`apply_devotion_statics` is called by
  :meth:`conformance.reference.continuous_effects.ContinuousEffects.chars`: while the
  permanent's controller's devotion is below N, the permanent loses the card type creature
  (layer 4) and so has no power or toughness (208.3). Devotion to two colors counts each mana
  symbol that is either color once (700.5a); it is checked continuously (611.3a).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conformance.reference.objects import Chars, Obj
    from conformance.reference.zones import Zones

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_LINE = re.compile(r"As long as your devotion to (white|blue|black|red|green)(?: and "
                   r"(white|blue|black|red|green))? is less than (two|three|four|five|six|seven), "
                   r"CARDNAME isn't a creature\.")


@dataclass(frozen=True, slots=True)
class NotCreatureBelowDevotion:
    """"As long as your devotion to <colors> is less than ``n``, CARDNAME isn't a creature"."""

    colors: str
    n: int


def god_line(line: str) -> NotCreatureBelowDevotion | None:
    """The static ability ``line`` is, or None."""
    m = _LINE.fullmatch(line)
    if not m:
        return None
    colors = _COLORS[m[1]] + (_COLORS[m[2]] if m[2] else "")
    return NotCreatureBelowDevotion(colors, _NUMBERS[m[3]])


def devotion_to(rules: Zones, player: str, colors: str) -> int:
    """``player``'s devotion to ``colors`` (700.5, 700.5a): the mana symbols of the mana costs of
    the permanents they control that are one of the colors (a hybrid or Phyrexian symbol when
    one of its colors is, as the hook ``devotion_symbol_counts`` says)."""
    counts = getattr(rules, "devotion_symbol_counts", lambda sym: True)
    total = 0
    for oid in rules.battlefield:
        ob = rules.objects[oid]
        if ob.controller != player or ob.card is None or len(ob.card.faces) != 1:
            continue
        for sym in re.findall(r"\{([^}]+)\}", ob.card.faces[0].mana_cost or ""):
            parts = sym.split("/")
            if set(parts) & set(colors) and (len(parts) == 1 or counts(sym)):
                total += 1
    return total


def apply_devotion_statics(rules: Zones, obj: Obj, chars: Chars) -> Chars:
    """``chars`` with the card type creature removed while the permanent's own god ability's
    condition holds (a permanent on the battlefield with the ability in its text)."""
    if obj.zone != "battlefield" or chars.text is None or "Creature" not in chars.types:
        return chars
    for st in chars.text.statics:
        if isinstance(st, NotCreatureBelowDevotion) and \
                devotion_to(rules, obj.controller, st.colors) < st.n:
            return replace(chars, types=tuple(t for t in chars.types if t != "Creature"),
                           power=None, toughness=None)
    return chars
