"""Evasion rulings (blocking restrictions, 509.1b), for every one-face creature card the reference
engine builds with the keyword and no triggered or static ability that could act in combat:

* ``horsemanship-not-flying`` — "Despite the similarities between horsemanship and flying,
  horsemanship doesn't interact with flying or reach" (702.31b: a creature with horsemanship
  can't be blocked by creatures without horsemanship). Two cases: p2's Serra Angel (flying)
  cannot block the card attacking, and the card (without flying or reach) cannot block p1's
  Serra Angel attacking. Mutant: ``horsemanship_is_flying``.
* ``shadow-all-evasion`` — "If an attacking creature has multiple evasion abilities, such as
  shadow and flying, a creature can block it only if that creature satisfies all of the
  appropriate evasion abilities" (509.1b, 702.28b, 702.9b): the card attacks with flying (its
  own, or from Jump) and p2's Soltari Foot Soldier (shadow, no flying) cannot block it. Mutant:
  ``evasion_any_satisfied``.
* ``shadow-redundant`` — "Multiple instances of shadow on the same creature are redundant"
  (702.28c): a second instance changes nothing a case can observe (classified, no case).

Each case declares the block and expects the declaration refused as ``illegal_action``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

ANGEL = "Serra Angel"
JUMP = "Jump"
SHADOW_BLOCKER = "Soltari Foot Soldier"
FEATURES = ["combat.declare"]


def _evasive(ctx: Context, keyword: str) -> Any:
    """The card's built face, a creature with ``keyword`` and no triggered or static ability or
    attack restriction that could act in the combat scripted, or why not."""
    face = b.built_face(ctx.card.name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    t = face.text
    if keyword not in t.keywords:
        return NotExecutable(f"the reference engine does not read {keyword} on the card")
    if t.triggered or t.statics or t.restrictions:
        return NotExecutable("the card has triggered or static abilities that could act in "
                             "the combat scripted")
    return face


def _blocked(ctx: Context, slug: str, title: str, attacker: dict[str, Any],
             blocker: dict[str, Any], rules: list[str], *, before: list[dict[str, Any]],
             p1_extra: dict[str, Any], cards: list[str]) -> Draft:
    """A case where p1 attacks with ``attacker`` and p2's ``blocker`` tries to block it."""
    p1 = b.player(battlefield=[attacker], **p1_extra)
    p2 = b.player(battlefield=[blocker])
    actions = [*before,
               {"advance": {"to": "declare_attackers"}},
               {"declare_attackers": {"player": "p1", "attackers": {attacker["id"]: "p2"}}},
               {"advance": {"to": "declare_blockers"}},
               {"declare_blockers": {"player": "p2", "blocks": {blocker["id"]: attacker["id"]}}}]
    expect = {"error": {"kind": "illegal_action", "action": len(actions) - 1}}
    features = FEATURES + (["target", "stack", "until_end_of_turn"] if before else [])
    return Draft(slug, title, features, sorted(set(cards)), b.game(p1, p2), actions, expect,
                 rules)


def gen_horsemanship(ctx: Context) -> list[Draft] | NotExecutable:
    """Serra Angel can't block the card; the card can't block Serra Angel."""
    face = _evasive(ctx, "horsemanship")
    if isinstance(face, NotExecutable):
        return face
    if {"flying", "reach"} & face.text.keywords:
        return NotExecutable("the card has flying or reach as well")
    rules = ["702.31b", "702.9b", "509.1b"]
    return [
        _blocked(ctx, "horsemanship-not-flying", f"A creature with flying (Serra Angel) can't "
                 f"block {face.name}, which has horsemanship", {"id": "h", "card": face.name},
                 {"id": "angel", "card": ANGEL}, rules, before=[], p1_extra={},
                 cards=[face.name, ANGEL]),
        _blocked(ctx, "horsemanship-cant-block-flying", f"{face.name}, with horsemanship, "
                 "can't block a creature with flying (Serra Angel)",
                 {"id": "angel", "card": ANGEL}, {"id": "h", "card": face.name}, rules,
                 before=[], p1_extra={}, cards=[face.name, ANGEL]),
    ]


def gen_shadow_all(ctx: Context) -> list[Draft] | NotExecutable:
    """The card, with shadow and flying, can't be blocked by a creature with shadow only."""
    face = _evasive(ctx, "shadow")
    if isinstance(face, NotExecutable):
        return face
    kw = face.text.keywords
    if "reach" in kw:
        return NotExecutable("the card has reach")
    before: list[dict[str, Any]] = []
    extra: dict[str, Any] = {}
    cards = [face.name, SHADOW_BLOCKER]
    how = "its own flying"
    if "flying" not in kw:  # Jump gives it flying until end of turn
        before = [b.cast("jump", targets=["s"]), b.RESOLVE_TOP]
        extra = {"mana": "{U}", "hand": [{"id": "jump", "card": JUMP}]}
        cards.append(JUMP)
        how = "flying from Jump"
    return [_blocked(ctx, "shadow-all-evasion", f"{face.name}, with shadow and {how}, can't be "
                     f"blocked by {SHADOW_BLOCKER}, which has shadow but not flying",
                     {"id": "s", "card": face.name}, {"id": "blk", "card": SHADOW_BLOCKER},
                     ["509.1b", "702.28b", "702.9b"], before=before, p1_extra=extra,
                     cards=cards)]


def gen_shadow_redundant(ctx: Context) -> NotExecutable:
    """Classified: a second instance of shadow changes nothing a case can observe."""
    return NotExecutable("redundant instances of a keyword (702.28c): a second instance of "
                         "shadow changes nothing a case can observe")


FAMILIES = [
    Family("horsemanship-not-flying", "Horsemanship has nothing to do with flying or reach",
           ("702.31b",), tuple(FEATURES), gen_horsemanship,
           en=phrases("horsemanship doesn't interact with flying or reach")),
    Family("shadow-all-evasion", "A blocker must satisfy every evasion ability of the attacker",
           ("509.1b", "702.28b"), tuple(FEATURES), gen_shadow_all,
           en=phrases("If an attacking creature has multiple evasion abilities, such as shadow "
                      "and flying")),
    Family("shadow-redundant", "Multiple instances of shadow are redundant", ("702.28c",),
           tuple(FEATURES), gen_shadow_redundant,
           en=phrases("Multiple instances of shadow on the same creature are redundant")),
]
