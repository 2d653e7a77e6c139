"""The template of static abilities that grant a group of permanents of a subtype (or every
creature) +N/+M and/or keywords — the "lords" and anthems: "All Sliver creatures get +1/+1",
"Sliver creatures you control have flying", "All Slivers have shroud", "Other Elf creatures you
control get +1/+1", "Creatures you control get +1/+1" (:class:`SubtypeLord`; its rules are in
:mod:`conformance.reference.continuous_effects`)."""

from __future__ import annotations

import re

from conformance.reference.abilities import SELF, FaceText, SubtypeLord
from conformance.reference.effect_text import _keywords
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle_eldrazi_more import colorless_lord_line

_NOT_SUBTYPES = frozenset({"Creature", "Artifact", "Enchantment", "Land", "Planeswalker",
                           "Permanent", "Token", "Nontoken", "Legendary", "Snow", "Attacking",
                           "Blocking", "Tapped", "Untapped", "White", "Blue", "Black", "Red",
                           "Green", "Colorless", "Multicolored", "Other", "Commander",
                           "Nonland", "Noncreature", "Modified", "Monocolored", "Nonartifact",
                           "Nonlegendary", "Equipped", "Enchanted", "Unblocked", "Blocked",
                           "All", "Each"})
"""Capitalised words before "creatures" that are not a creature type."""
_IRREGULAR = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Werewolves": "Werewolf"}
"""Creature types whose plural is not the type with an "s"."""

_BOOST = r"get (?P<p>[+-]\d+)/(?P<t>[+-]\d+)(?: and have (?P<also>[a-z ,]+))?"
_HAVE = r"have (?:(?P<kw>[a-z ,]+)\.|\"(?P<quoted>[^\"]+)\"\.?)"
_LINE = re.compile(
    r"(?P<all>All )?(?P<other>Other )?(?:(?P<type>[A-Z][a-z]+) creatures|(?P<any>[Cc]reatures)"
    rf"|(?P<plural>[A-Z][a-z]+))(?P<yours> you control)? (?:{_BOOST}\.|{_HAVE})")


def _subtype(plural: str) -> str | None:
    """The creature type of a plural ("Slivers" -> "Sliver"), or None."""
    if plural in _IRREGULAR:
        return _IRREGULAR[plural]
    return plural[:-1] if plural.endswith("s") and plural[:-1] not in _NOT_SUBTYPES else None


_COUNTER_LINE = re.compile(
    r"(?:Each (?P<other>other )?creature you control with an? (?P<c1>[+-]1/[+-]1) counter on it "
    r"has|(?P<other2>Other )?[Cc]reatures you control with (?P<c2>[+-]1/[+-]1) counters on them "
    r"have) (?P<kw>[a-z ,]+)\.")
"""The keyword lords of the permanents with a counter: "Each creature you control with a +1/+1
counter on it has trample", "Creatures you control with +1/+1 counters on them have flying"."""


def counter_lord_line(line: str) -> SubtypeLord | None:
    """The static ability of a keyword lord of the creatures one controls with a counter on
    them, or None when ``line`` is not one (an unknown keyword raises
    :class:`~conformance.reference.errors.OracleTemplateError`)."""
    m = _COUNTER_LINE.fullmatch(line)
    if m is None:
        return None
    return SubtypeLord("", 0, 0, _keywords(m["kw"]), yours=True, creatures_only=True,
                       other=bool(m["other"] or m["other2"]), with_counter=m["c1"] or m["c2"])


def lord_line(line: str) -> SubtypeLord | None:
    """The static ability of a lord or anthem line, or None when ``line`` is not one. Exactly one
    of "All ..." (every such permanent on the battlefield) and "... you control" is said; an
    "Other" lord is one "you control" (its controller's others). A keyword the engine does not
    know (or a quoted ability) raises :class:`~conformance.reference.errors.OracleTemplateError`."""
    if line.startswith(("Each ", "Creatures you control with", "Other creatures you control with")):
        return counter_lord_line(line)
    if (colorless := colorless_lord_line(line)) is not None:
        return colorless
    m = _LINE.fullmatch(line)
    if m is None or bool(m["all"]) == bool(m["yours"]) or (m["other"] and m["all"]):
        return None
    if m["type"] is not None:
        if m["type"] in _NOT_SUBTYPES:
            return None
        subtype, creatures = m["type"], True
    elif m["plural"] is not None:
        found = _subtype(m["plural"])
        if found is None:
            return None
        subtype, creatures = found, False
    else:
        subtype, creatures = "", True
    if m["p"] is not None:  # get +N/+M [and have K]
        power, toughness, keywords = int(m["p"]), int(m["t"]), _keywords(m["also"])
    elif m["quoted"] is not None:
        return SubtypeLord(subtype, 0, 0, (), yours=bool(m["yours"]), creatures_only=creatures,
                           other=bool(m["other"]), granted=granted_abilities(m["quoted"]))
    else:
        power, toughness, keywords = 0, 0, _keywords(m["kw"])
    return SubtypeLord(subtype, power, toughness, keywords, yours=bool(m["yours"]),
                       creatures_only=creatures, other=bool(m["other"]))


def granted_abilities(quoted: str) -> FaceText:
    """The abilities of a lord's quoted text ("{2}: Regenerate this permanent.", "When this
    permanent enters the battlefield, draw a card."): activated and triggered abilities only,
    "this permanent" and CARDNAME meaning the permanent that has them; anything else raises
    :class:`~conformance.reference.errors.OracleTemplateError`."""
    from conformance.reference.oracle import parse_face

    text = re.sub(r"\b[Tt]his permanent\b", SELF, quoted)
    face = parse_face(text, ())
    if face.statics or face.spell or face.keywords or face.restrictions \
            or not (face.activated or face.triggered) or face != FaceText(
                activated=face.activated, triggered=face.triggered):
        raise OracleTemplateError(f"granted ability not implemented: {quoted!r}")
    return face
