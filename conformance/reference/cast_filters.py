"""Cast triggers with a spell filter and a caster (601.2i, 603.2): "Whenever you cast a creature
spell, <effects>", "Whenever you cast an artifact spell", "... a historic spell" (700.6:
artifacts, legendaries and Sagas), "... a multicolored spell", "... an Aura, Equipment, or
Vehicle spell", "... a Spirit or Arcane spell", "... a green creature spell", "Whenever you cast
a spell that's white, blue, black, or red", "Whenever an opponent casts a noncreature spell",
"Whenever a player casts a blue spell", ...

The forms other modules read keep their reading ("Whenever you cast a spell / a noncreature
spell / an instant or sorcery spell / a colorless spell / a kicked spell"). The filter is kept
in the trigger's event (``cast_spell:<who>:<alternatives>``: ``who`` is you | opponent |
player; the alternatives are ``|``-separated, each a ``+``-joined conjunction of words), read
again by :func:`spell_trigger_matches` when a spell becomes cast
(:class:`~conformance.reference.trigger_events.TriggerEvents`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from conformance.reference.abilities import Triggered
from conformance.reference.effect_blocks import SpellText
from conformance.reference.mana import COLOR_WORDS

if TYPE_CHECKING:
    from conformance.reference.objects import Chars

PREFIX = "cast_spell:"
_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment",
          "instant": "Instant", "sorcery": "Sorcery", "planeswalker": "Planeswalker"}
_WHO = {"you cast": "you", "an opponent casts": "opponent", "a player casts": "player"}
_READ_ELSEWHERE = frozenset({"", "noncreature", "instant or sorcery", "colorless", "kicked",
                             "instant, sorcery, or Wizard"})
"""Filters of "Whenever you cast a(n) <filter> spell" that other templates read."""
_LINE = re.compile(r"Whenever (you cast|an opponent casts|a player casts) (?:an? (?:(.+?) )?"
                   r"spell|a spell that's ((?:\w+, )+or \w+|\w+ or \w+|\w+)), (.*)")


def _word_ok(word: str) -> bool:
    """Whether ``word`` is a filter word :func:`_matches` reads."""
    bare = word.removeprefix("non")
    return (word in ("multicolored", "colorless", "legendary", "historic")
            or bare in COLOR_WORDS or bare in _TYPES
            or (word == bare and bool(re.fullmatch(r"[A-Z][a-z]+", word))))


def parse_filter(words: str) -> str | None:
    """The encoded alternatives of a spell filter ("Aura, Equipment, or Vehicle" ->
    ``Aura|Equipment|Vehicle``, "green creature" -> ``green+creature``), or None when a word
    is not understood."""
    alternatives = [a for a in re.split(r",? or |, ", words) if a]
    out = []
    for alt in alternatives:
        parts = alt.split()
        if not parts or not all(_word_ok(w) for w in parts):
            return None
        out.append("+".join(parts))
    return "|".join(out)


def _matches(word: str, chars: Chars) -> bool:
    if word.startswith("non") and word[3:] in COLOR_WORDS:
        return COLOR_WORDS[word[3:]] not in chars.colors
    if word.startswith("non") and word[3:] in _TYPES:
        return _TYPES[word[3:]] not in chars.types
    if word in COLOR_WORDS:
        return COLOR_WORDS[word] in chars.colors
    if word in _TYPES:
        return _TYPES[word] in chars.types
    if word == "multicolored":
        return len(chars.colors) > 1
    if word == "colorless":
        return not chars.colors
    if word == "legendary":
        return "Legendary" in chars.supertypes
    if word == "historic":  # 700.6
        return ("Artifact" in chars.types or "Legendary" in chars.supertypes
                or "Saga" in chars.subtypes)
    return word in chars.subtypes


def spell_trigger_matches(event: str, controller_cast: bool, chars: Chars) -> bool:
    """Whether a cast trigger of ``event`` (of this module) triggers for a spell with
    ``chars`` cast by its controller (``controller_cast``) or by an opponent."""
    if not event.startswith(PREFIX):
        return False
    who, _, spec = event[len(PREFIX):].partition(":")
    if (who == "you") != controller_cast and who != "player":
        return False
    if not spec:
        return True
    return any(all(_matches(w, chars) for w in alt.split("+")) for alt in spec.split("|"))


def cast_filter_line(line: str, parse_effects: Callable[[str], SpellText]) -> Triggered | None:
    """The cast trigger ``line`` is, or None when it is not one of this module's forms (an
    :class:`~conformance.reference.errors.OracleTemplateError` when its effects are not
    understood)."""
    m = _LINE.fullmatch(line)
    if m is None:
        return None
    who = _WHO[m[1]]
    words = m[2] or m[3] or ""
    if who == "you" and words in _READ_ELSEWHERE:
        return None
    spec = parse_filter(words) if words else ""
    if spec is None:
        return None
    body = m[4]
    return Triggered(f"{PREFIX}{who}:{spec}", parse_effects(body[:1].upper() + body[1:]),
                     "cast_trigger")
