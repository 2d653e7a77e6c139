"""Target kinds written as filters (rule 115.1): the words after "target" in oracle text that
the simple kinds of :mod:`conformance.reference.targets` do not name, as a small grammar read
by :func:`kind_legal`.

- ``perm:<Types>[:<quality>...]``: a permanent with one of the ``|``-separated card types
  (``nonland``: any nonland permanent), and every quality: ``opp`` (an opponent controls it:
  "an opponent controls" / "you don't control"), ``you`` (you control it), ``own`` (you own
  it), ``counter=<kind>`` (with such a counter on it), ``pow<source`` (power less than
  the source's), ``flying``,
  ``attacking``, ``attacking_or_blocking``, ``nonbasic``, ``nonblack``,
  ``noncolor=<W|U|R|G>`` (nonwhite, nonblue, nonred, nongreen), ``multicolored``;
- ``spell:<Types>[:you][:mv<=N]``: a spell on the stack with one of the types (``any``: any
  spell; ``noncreature``);
- ``gy:<Types>[:you][:mv<=N]``: a card in a graveyard (``you``: your graveyard) with one of the
  types (``any``: any card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from conformance.reference.target_filters import parse_filter, quality_ok

if TYPE_CHECKING:
    from conformance.reference.objects import Chars, Obj

TYPE_WORDS = {"creature": "Creature", "planeswalker": "Planeswalker", "artifact": "Artifact",
              "enchantment": "Enchantment", "land": "Land", "instant": "Instant",
              "sorcery": "Sorcery"}
"""Card type words of oracle text -> card types."""


class _Rules(Protocol):
    battlefield: list[str]
    objects: dict[str, Obj]

    def is_graveyard_card(self, obj: Obj) -> bool: ...  # noqa: D102

    def chars(self, obj: Obj) -> Chars: ...  # noqa: D102


def _types_ok(types_field: str, chars: Chars) -> bool:
    if types_field == "any":
        return True
    if types_field == "nonland":
        return "Land" not in chars.types
    if types_field == "noncreature":
        return "Creature" not in chars.types
    return bool(set(types_field.split("|")) & set(chars.types))


def _greatest_power(rules: _Rules, obj: Obj, chars: Chars, among_its_controllers: bool) -> bool:
    """Whether no creature (its controller controls, with ``among_its_controllers``) has
    greater power (ties all qualify)."""
    powers = [rules.chars(rules.objects[oid]).power or 0 for oid in rules.battlefield
              if (not among_its_controllers or rules.objects[oid].controller == obj.controller)
              and "Creature" in rules.chars(rules.objects[oid]).types]
    return (chars.power or 0) >= max(powers, default=0)


def _less_power_than(rules: _Rules, chars: Chars, source: str | None) -> bool:
    """"with power less than CARDNAME's power": the source's power now (or as it last was)."""
    src = rules.objects.get(source) if source is not None else None
    theirs = rules.chars(src).power if src is not None else None
    return theirs is not None and (chars.power or 0) < theirs


def _quality_ok(q: str, obj: Obj, chars: Chars, controller: str) -> bool:
    if (more := quality_ok(q, obj, chars)) is not None:  # conformance.reference.target_filters
        return more
    if q == "opp":
        return obj.controller != controller
    if q == "you":
        return obj.controller == controller if obj.zone != "graveyard" else obj.owner == controller
    if q == "own":  # "target permanent you own"
        return obj.owner == controller
    if q.startswith("counter="):  # "target creature that has a -1/-1 counter on it"
        return obj.counters.get(q[8:], 0) > 0
    if q == "flying":
        return "flying" in chars.keywords
    if q == "attacking":
        return obj.attacking is not None
    if q == "attacking_or_blocking":
        return obj.attacking is not None or obj.blocking is not None
    if q == "nonbasic":
        return "Basic" not in chars.supertypes
    if q == "nonblack":
        return "B" not in chars.colors
    if q.startswith("noncolor="):  # "nonwhite", "nongreen", ... (105.2: not of that color)
        return q[9:] not in chars.colors
    if q == "multicolored":
        return len(chars.colors) > 1
    if q.startswith("mv<="):
        return chars.mana_value <= int(q[4:])
    raise ValueError(f"unknown target quality {q!r}")


def is_filter_kind(kind: str) -> bool:
    """Whether ``kind`` is written in this module's grammar."""
    return kind.split(":", 1)[0] in ("perm", "spell", "gy")


def kind_legal(rules: _Rules, kind: str, obj: Obj, chars: Chars, controller: str,
               source: str | None = None) -> bool:
    """Whether ``obj`` (with ``chars``) fits the filter ``kind`` for a spell or ability
    ``controller`` controls (``<kind>+<kind>``: either, "target spell or nonland permanent")."""
    if "+" in kind:
        return any(kind_legal(rules, k, obj, chars, controller, source)
                   for k in kind.split("+"))
    zone, types_field, *qualities = kind.split(":")
    if zone == "perm" and obj.zone != "battlefield":
        return False
    if zone == "spell" and obj.zone != "stack":
        return False
    if zone == "gy" and not rules.is_graveyard_card(obj):
        return False
    return _types_ok(types_field, chars) and all(
        _greatest_power(rules, obj, chars, bool({"you", "opp"} & set(qualities)))
        if q == "greatest_power"
        else _less_power_than(rules, chars, source) if q == "pow<source"
        else _quality_ok(q, obj, chars, controller) for q in qualities)


def parse_kind(words: str) -> str | None:
    """The kind of ``target <words>`` as oracle text writes it (``creature you don't
    control``, ``artifact, creature, or enchantment``, ``instant card from your graveyard``),
    or None when the words are not understood."""
    import re

    w = words.strip()
    if (more := parse_filter(w)) is not None:  # conformance.reference.target_filters
        return more
    m = re.fullmatch(r"(instant or sorcery|noncreature|creature|instant|sorcery) spell"
                     r"( you control)?(?: with mana value (\d+) or less)?", w)
    if m:
        types = {"instant or sorcery": "Instant|Sorcery", "noncreature": "noncreature",
                 "creature": "Creature", "instant": "Instant", "sorcery": "Sorcery"}[m[1]]
        return ":".join(["spell", types] + (["you"] if m[2] else [])
                        + ([f"mv<={m[3]}"] if m[3] else []))
    m = re.fullmatch(r"((?:creature|land|instant|sorcery|artifact|enchantment)"
                     r"(?: or (?:creature|land|instant|sorcery|artifact|enchantment))?) card"
                     r"(?: with mana value (\d+) or less)? from your graveyard", w)
    if m:
        types = "|".join(TYPE_WORDS[t] for t in m[1].split(" or "))
        return ":".join(["gy", types, "you"] + ([f"mv<={m[2]}"] if m[2] else []))
    quals: list[str] = []
    suffixes = ((" with the greatest power", "greatest_power"), (" an opponent controls", "opp"),
                (" you don't control", "opp"), (" you control", "you"),
                (" with flying", "flying"))
    found = True
    while found:  # "creature you control with the greatest power": both, from the end
        found = False
        for suffix, q in suffixes:
            if w.endswith(suffix) and q not in quals:
                quals.insert(0, q)
                w = w[:-len(suffix)]
                found = True
                break
    if w.startswith("nonartifact, nonblack "):  # Shriekmaw: both qualities
        quals[:0] = ["nonartifact", "nonblack"]
        w = w[len("nonartifact, nonblack "):]
    for prefix, q in (("attacking or blocking ", "attacking_or_blocking"),
                      ("attacking ", "attacking"), ("nonbasic ", "nonbasic"),
                      ("tapped ", "tapped"), ("untapped ", "untapped"),
                      ("nonblack ", "nonblack"), ("multicolored ", "multicolored"),
                      ("nonwhite ", "noncolor=W"), ("nonblue ", "noncolor=U"),
                      ("nonred ", "noncolor=R"), ("nongreen ", "noncolor=G")):
        if w.startswith(prefix):
            quals.insert(0, q)
            w = w[len(prefix):]
            break
    if m := re.match(r"non-([A-Z][a-z]+) ", w):  # "non-Gorgon creature": not of that subtype
        quals.insert(0, f"nonsub={m[1]}")
        w = w[m.end():]
    if w in ("nonland permanent", "permanent"):
        types = "nonland" if w.startswith("nonland") else "any"
    else:
        parts = [p for p in re.split(r", or |, | or ", w) if p]
        if not parts or any(p not in TYPE_WORDS for p in parts):
            return None
        types = "|".join(TYPE_WORDS[p] for p in parts)
    return ":".join(["perm", types, *quals])
