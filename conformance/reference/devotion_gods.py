"""The Theros gods' "As long as your devotion to white [and blue] is less than five [seven],
CARDNAME isn't a creature." (:class:`~conformance.reference.abilities.NotCreatureBelowDevotion`):
read by :func:`devotion_static_line`; on the battlefield the permanent loses the creature type
(layer 4) while its controller's devotion to those colors (700.5: each mana symbol of the mana
costs of the permanents they control that is of one of those colors, counted once) is below the
number. The god itself counts: it is a permanent its controller controls."""

from __future__ import annotations

import re
from typing import Any

from conformance.reference.abilities import SELF, FaceText, NotCreatureBelowDevotion
from conformance.reference.mana import COLOR_WORDS

_NUMBERS = {"three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_LINE = re.compile(r"As long as your devotion to (white|blue|black|red|green)(?: and (white|blue|"
                   r"black|red|green))? is less than (three|four|five|six|seven), "
                   rf"{SELF} isn't a creature\.")


def devotion_static_line(line: str) -> NotCreatureBelowDevotion | None:
    """The static ability of ``line``, or None when it is not this form."""
    m = _LINE.fullmatch(line)
    if m is None:
        return None
    colors = tuple(COLOR_WORDS[w] for w in (m[1], m[2]) if w)
    return NotCreatureBelowDevotion(colors, _NUMBERS[m[3]])


def devotion_to(r: Any, player: str, colors: tuple[str, ...]) -> int:
    """``player``'s devotion to ``colors`` (700.5): each mana symbol of their permanents' mana
    costs of one of those colors, once (a hybrid or Phyrexian symbol as the hook
    ``devotion_symbol_counts`` says), plus what the hook ``devotion_text_symbols`` adds."""
    total = 0
    for oid in r.battlefield:
        ob = r.objects[oid]
        if ob.controller != player:
            continue
        cost = ob.card.faces[0].mana_cost if ob.card is not None and len(ob.card.faces) == 1 \
            else None
        for sym in re.findall(r"\{([^}]+)\}", cost or ""):
            parts = sym.split("/")
            if set(colors) & set(parts) and (len(parts) == 1 or r.devotion_symbol_counts(sym)):
                total += 1
        total += sum(r.devotion_text_symbols(ob, c) for c in colors)
    return total


def below_devotion(r: Any, obj: Any, text: FaceText | None) -> bool:
    """Whether a permanent with the printed ``text`` is not a creature now: one of its statics
    says so and its controller's devotion is below the number. While the devotion is counted,
    nested looks at characteristics skip this check (a hook reading them must not loop)."""
    if text is None or obj.zone != "battlefield" or getattr(r, "_counting_devotion", False):
        return False
    statics = [s for s in text.statics if isinstance(s, NotCreatureBelowDevotion)]
    if not statics:
        return False
    r._counting_devotion = True
    try:
        return any(devotion_to(r, obj.controller, s.colors) < s.n for s in statics)
    finally:
        r._counting_devotion = False
