"""A permanent's static ability that grants itself +N/+M and/or keywords while a condition holds
(611.3a: a static ability's effect applies whenever its condition is true, and it is checked
continuously): "CARDNAME has first strike as long as it's attacking", "As long as it's your
turn, CARDNAME has first strike", "Metalcraft — CARDNAME has double strike as long as you control
three or more artifacts", "Threshold — As long as seven or more cards are in your graveyard,
CARDNAME gets +1/+1 and has flying", delirium, hellbent, "as long as you control a Swamp".

:func:`self_while_line` reads the line (:mod:`conformance.reference.oracle`); :func:`holds`
says whether the condition holds now, and
:meth:`conformance.reference.continuous_effects.ContinuousEffects.chars` applies the bonus (layers
6 and 7c, with the permanent's own timestamp). The conditions read what layer 4 and earlier
decide (types, subtypes, colors of the permanents counted), never power or abilities, so they
are never circular (613.8 is not needed)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from conformance.reference.abilities import SELF, SelfWhile
from conformance.reference.changeling import with_changeling
from conformance.reference.mana import COLOR_WORDS

if TYPE_CHECKING:
    from conformance.reference.continuous_effects import ContinuousEffects
    from conformance.reference.objects import Obj

_COUNT = {"a": 1, "an": 1, "another": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
          "six": 6, "seven": 7, "eight": 8}
_TYPES = {"artifacts": "Artifact", "creatures": "Creature", "lands": "Land",
          "enchantments": "Enchantment", "artifact": "Artifact", "creature": "Creature",
          "land": "Land", "enchantment": "Enchantment", "planeswalker": "Planeswalker"}


def condition(text: str) -> tuple[str, ...] | None:
    """The condition of "as long as <text>", or None when the engine does not know it."""
    fixed = {"it's attacking": ("attacking",), "it's your turn": ("your_turn",),
             "it's untapped": ("untapped",), "it's tapped": ("tapped",),
             "it's enchanted": ("enchanted",), "you have no cards in hand": ("hand_empty",),
             "it has a +1/+1 counter on it": ("counter", "+1/+1"),
             "it has a -1/-1 counter on it": ("counter", "-1/-1"),
             "seven or more cards are in your graveyard": ("graveyard", "7"),
             "there are four or more card types among cards in your graveyard": ("delirium",),
             "it's monstrous": ("monstrous",), "it's renowned": ("renowned",)}  # 701.31b, 702.112b
    text = re.sub(rf"^{SELF} is ", "it's ", text)  # "As long as CARDNAME is equipped, it ..."
    if text in fixed:
        return fixed[text]
    if text == "it's equipped":
        return ("equipped",)
    m = re.fullmatch(r"you have (one|two|three|four|five|six|seven|eight) or (more|fewer) cards "
                     r"in hand", text)
    if m:
        return ("hand_count", m[2], str(_COUNT[m[1]]))
    m = re.fullmatch(r"you have (\d+) or more life", text)
    if m:
        return ("life", m[1])
    m = re.fullmatch(r"(any player|you) controls? (an|a|another) (multicolored|(?:white|blue|black|"
                     r"red|green)(?: or (?:white|blue|black|red|green))?) (creature|permanent)",
                     text)
    if m:
        colors = "M" if m[3] == "multicolored" else "".join(
            COLOR_WORDS[c] for c in m[3].split(" or "))
        return ("color", colors, m[4], "other" if m[2] == "another" else "",
                "any" if m[1] == "any player" else "")
    m = re.fullmatch(r"you control (two|three|four|five|six|seven|eight) or more "
                     r"(artifacts|creatures|lands|enchantments)", text)
    if m:
        return ("count_type", _TYPES[m[2]], str(_COUNT[m[1]]), "")
    m = re.fullmatch(r"you control (an|a|another) (artifact|creature|enchantment|land|"
                     r"planeswalker)", text)
    if m:
        return ("count_type", _TYPES[m[2]], "1", "other" if m[1] == "another" else "")
    m = re.fullmatch(r"you control (an|a|another) ([A-Z][a-z]+)", text)
    if m:
        return ("subtype", m[2], "other" if m[1] == "another" else "")
    return None


_GRANT = r"(?:gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+)(?:,? and has (?P<kw>[a-z ,]+))?|has (?P<kw2>[a-z ,]+))"
_AFTER = re.compile(rf"(?:[A-Z][a-z]+ — )?{SELF} {_GRANT} as long as (?P<cond>[^,]+)\.")
_BEFORE = re.compile(rf"(?:[A-Z][a-z]+ — )?As long as (?P<cond>[^,]+), (?:{SELF}|(?P<it>it)) "
                     rf"{_GRANT}\.")


def self_while_line(line: str) -> SelfWhile | None:
    """The ability of a "CARDNAME ... as long as <condition>" line, or None when ``line`` is
    not one, or its condition is unknown (an unknown keyword raises
    :class:`~conformance.reference.errors.OracleTemplateError`)."""
    from conformance.reference.effect_text import _keywords

    m = _AFTER.fullmatch(line) or _BEFORE.fullmatch(line)
    if m is None:
        return None
    if m.groupdict().get("it") and not m["cond"].startswith(f"{SELF} is "):
        return None  # "it" is CARDNAME only after "As long as CARDNAME is ..."
    cond = condition(m["cond"])
    if cond is None:
        return None
    return SelfWhile(int(m["p"] or 0), int(m["t"] or 0), _keywords(m["kw"] or m["kw2"]), cond)


def holds(r: ContinuousEffects, src: Obj, cond: tuple[str, ...]) -> bool:
    """Whether ``cond`` holds now for the permanent ``src``."""
    kind = cond[0]
    mine = [r.objects[i] for i in r.battlefield if r.objects[i].controller == src.controller]
    if kind == "attacking":
        return src.attacking is not None
    if kind == "your_turn":
        return r.active == src.controller
    if kind in ("untapped", "tapped"):
        return src.tapped == (kind == "tapped")
    if kind in ("enchanted", "equipped"):
        sub = "Aura" if kind == "enchanted" else "Equipment"
        return any(ob.attached_to == src.ref and sub in r._base(ob).subtypes
                   for ob in (r.objects[i] for i in r.battlefield))
    if kind == "hand_count":
        n = len(r.zones[(src.controller, "hand")])
        return n >= int(cond[2]) if cond[1] == "more" else n <= int(cond[2])
    if kind == "life":
        return r.players[src.controller].life >= int(cond[1])
    if kind == "counter":
        return src.counters.get(cond[1], 0) > 0
    if kind in ("monstrous", "renowned"):  # designations (monstrosity.py, renown.py)
        return src.ref in getattr(r, kind)
    if kind == "hand_empty":
        return not r.zones[(src.controller, "hand")]
    if kind == "graveyard":
        return len(r.zones[(src.controller, "graveyard")]) >= int(cond[1])
    if kind == "delirium":
        kinds = {t for i in r.zones[(src.controller, "graveyard")]
                 for t in r.card_types(r.objects[i])}
        return len(kinds) >= 4
    if kind == "color":  # (color, W | WU | M for multicolored, creature | permanent, other, any)
        pool = [r.objects[i] for i in r.battlefield] if cond[4] == "any" else mine
        return any(ob is not src or cond[3] != "other" for ob in pool
                   if _colored(r._base(ob).colors, cond[1])
                   and (cond[2] == "permanent" or "Creature" in r._base(ob).types))
    others = [ob for ob in mine if ob is not src] if cond[-1] == "other" else mine
    if kind == "count_type":
        return sum(cond[1] in r._base(ob).types for ob in others) >= int(cond[2])
    if kind == "subtype":
        return any(cond[1] in r._subtypes(ob, with_changeling(r._base(ob))) for ob in others)
    raise AssertionError(f"unknown condition {cond!r}")


def _colored(colors: tuple[str, ...], wanted: str) -> bool:
    """Whether ``colors`` has one of ``wanted`` (``M``: two or more colors, 105.1)."""
    return len(colors) >= 2 if wanted == "M" else bool(set(colors) & set(wanted))
