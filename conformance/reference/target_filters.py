"""More target filters for :mod:`conformance.reference.target_kinds` (rule 115.1): creatures
and permanents described by state, color, another type or a number — "tapped creature",
"black creature", "colorless creature", "nonartifact creature", "noncreature permanent",
"creature with defender", "creature [an opponent controls] with power 4 or greater",
"creature with toughness 3 or less", "creature with mana value 3 or greater"; and cards in
graveyards: "[<type>] card from your / a / an opponent's graveyard" (``gy:`` kinds).

:func:`parse_filter` writes them in the ``perm:`` grammar of ``target_kinds`` with the qualities
below; :func:`quality_ok` reads those qualities (None for a quality it does not own).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from conformance.reference.mana import COLOR_WORDS

if TYPE_CHECKING:
    from conformance.reference.objects import Chars, Obj

_CARD = re.compile(r"(?:(creature|land|artifact|enchantment|instant|sorcery|permanent) )?card "
                   r"from (your|a|an opponent's) graveyard")
_CARD_TYPES = {"creature": "Creature", "land": "Land", "artifact": "Artifact",
               "enchantment": "Enchantment", "instant": "Instant", "sorcery": "Sorcery",
               "permanent": "Artifact|Creature|Enchantment|Land|Planeswalker"}
_NUMBERS = {"power": "pow", "toughness": "tou", "mana value": "mv"}
_FILTER = re.compile(
    r"(?:(tapped|untapped|white|blue|black|red|green|colorless|nonartifact) )?"
    r"(creature|noncreature permanent)"
    r"( an opponent controls| you don't control| you control)?"
    r"(?: with (?:(power|toughness|mana value) (\d+) or (greater|less)|(defender)))?")


PLAYER_OR_PLANESWALKER = ("player_or_planeswalker",)
"""Simple target kinds (:mod:`conformance.reference.targets`): "target player or planeswalker"
(any player or planeswalker; "target opponent or planeswalker" is not read: which planeswalkers
it allows is left undecided)."""


def parse_filter(words: str) -> str | None:
    """The ``perm:`` kind of ``target <words>`` for the filters of this module (or one of
    :data:`PLAYER_OR_PLANESWALKER`), or None."""
    if words == "player or planeswalker":
        return words.replace(" ", "_")
    if (described := _described(words)) is not None:
        return described
    m = _CARD.fullmatch(words)
    if m:  # a card in a graveyard: "creature card from a graveyard", "card from your graveyard"
        types = _CARD_TYPES[m[1]] if m[1] else "any"
        whose = {"your": ["you"], "a": [], "an opponent's": ["opp"]}[m[2]]
        return ":".join(["gy", types, *whose])
    m = _FILTER.fullmatch(words)
    if not m or not (m[1] or m[4] or m[7] or m[2] != "creature"):
        return None  # a plain "creature [you control]" is target_kinds' own
    quals: list[str] = []
    if m[1]:
        quals.append(f"color={COLOR_WORDS[m[1]]}" if m[1] in COLOR_WORDS else m[1])
    if m[3]:
        quals.append("you" if m[3] == " you control" else "opp")
    if m[4]:
        quals.append(f"{_NUMBERS[m[4]]}{'>=' if m[6] == 'greater' else '<='}{m[5]}")
    if m[7]:
        quals.append("defender")
    types = "Creature" if m[2] == "creature" else "noncreature"
    return ":".join(["perm", types, *quals])


_PAIR = r"(white|blue|black|red|green) or (white|blue|black|red|green)"
_NON = re.compile(r"non(artifact|enchantment|planeswalker) permanent")
_SUBTYPE = re.compile(r"([A-Z][a-z]+)(?: (you control|an opponent controls|you don't control))?")
_WHOSE = {"you control": ["you"], "an opponent controls": ["opp"], "you don't control": ["opp"]}


def _described(words: str) -> str | None:
    """"<kind> that's <color> or <color>", "<color> or <color> <kind>", "<kind> that's
    attacking or blocking", "<kind> without flying" (the qualities added to the ``perm:`` kind
    of the rest), "non<type> permanent" and "<Subtype> [you control]"."""
    from conformance.reference.target_kinds import TYPE_WORDS, parse_kind  # (no cycle)

    if m := _NON.fullmatch(words):
        return f"perm:any:non={TYPE_WORDS[m[1]]}"
    if m := _SUBTYPE.fullmatch(words):  # "target Mountain", "target Elf you control"
        return ":".join(["perm:any", f"sub={m[1]}", *_WHOSE.get(m[2] or "", [])])
    quals: list[str] = []
    rest = words
    if rest.endswith(" without flying"):  # "creature without flying"
        rest = rest[:-len(" without flying")]
        quals.append("nonflying")
    if rest.endswith(" that's attacking or blocking"):
        rest = rest[:-len(" that's attacking or blocking")]
        quals.append("attacking_or_blocking")
    if m := re.fullmatch(rf"(.+) that's {_PAIR}|{_PAIR} (.+)", rest):
        pair = (m[2], m[3]) if m[1] else (m[4], m[5])
        rest = m[1] or m[6]
        quals.insert(0, "colors=" + "".join(COLOR_WORDS[c] for c in pair))
    if not quals or rest == words:
        return None
    base = parse_kind(rest)
    if base is None:
        return None
    base = {"creature": "perm:Creature", "creature_or_planeswalker":
            "perm:Creature|Planeswalker"}.get(base, base)
    return ":".join([base, *quals]) if base.startswith("perm:") else None


def quality_ok(q: str, obj: Obj, chars: Chars) -> bool | None:
    """Whether ``obj`` has the quality ``q`` of this module (None: not one of its qualities)."""
    if q.startswith("colors="):  # "that's black or red": one of the colors at least
        return bool(set(q[7:]) & set(chars.colors))
    if q == "nonflying":
        return "flying" not in chars.keywords
    if q.startswith("sub="):  # "target Mountain": a permanent with that subtype
        return q[4:] in chars.subtypes
    if q.startswith("nonsub="):  # "non-Gorgon creature" (target_kinds)
        return q[7:] not in chars.subtypes
    if q.startswith("non="):  # "nonenchantment permanent"
        return q[4:] not in chars.types
    if q == "other":  # "another target": not the source (checked by Targets._slot_legal)
        return True
    if q in ("tapped", "untapped"):
        return obj.tapped == (q == "tapped")
    if q == "snow":  # "snow permanent card" (oracle_chapters)
        return "Snow" in chars.supertypes
    if q == "share_type":  # "... that share a card type": across targets (chapter_rules)
        return True
    if q.startswith("color="):
        return q[6:] in chars.colors
    if q == "colorless":
        return not chars.colors
    if q.startswith("sub="):  # "target Forest" (animation_text)
        return q[4:] in chars.subtypes
    if q == "nonartifact":
        return "Artifact" not in chars.types
    if q == "defender":
        return "defender" in chars.keywords
    m = re.fullmatch(r"(pow|tou|mv)(>=|<=)(\d+)", q)
    if m is None or (m[1], m[2]) == ("mv", "<="):
        return None  # "mv<=N" is target_kinds' own
    value = {"pow": chars.power, "tou": chars.toughness, "mv": chars.mana_value}[m[1]]
    if value is None:
        return False
    return value >= int(m[3]) if m[2] == ">=" else value <= int(m[3])
