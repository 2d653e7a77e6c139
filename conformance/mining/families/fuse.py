"""Fuse rulings (rule 702.102): a split card with fuse cast from a hand as one fused split
spell pays both mana costs and has both halves' characteristics on the stack. The cases cast
the card fused (protocol 2: ``cast`` with ``fuse: true``) and observe the spell on the stack,
before it resolves (nothing to decide there)."""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.families.split import _colors, _mv, half_targets, pool
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases


def _fused_cast(ctx: Context) -> tuple[dict[str, Any], dict[str, Any], list[str]] | NotExecutable:
    """(setup, cast action, cards) casting the card fused (object ``fused``) with a pool of
    exactly both mana costs, each half's targets scripted (left half's first)."""
    card = ctx.card
    if not card.is_split or len(card.faces) != 2:
        return NotExecutable("not a two-half split card")
    if not all(re.search(r"^Fuse\b", f.text, re.M) for f in card.faces):
        return NotExecutable("the card has no fuse")
    mana = pool(*(f.mana_cost for f in card.faces))
    if mana is None:
        return NotExecutable("a half's mana cost has symbols no mana pool pays (snow)")
    targets: list[tuple[str, str | None]] = []
    for face in card.faces:
        got = half_targets(b.spell_lines(face, drop=("Fuse",)))
        if got is None:
            return NotExecutable(f"{face.name}'s targets, choices or costs are not scripted")
        targets += got
    objects = list(dict.fromkeys(targets))  # both halves may target one object
    p1, theirs = b.caster(card.name, "fused", "hand", mana, objects)
    p1.pop("library", None)  # nothing is drawn: the spell does not resolve
    act = b.cast("fused", targets=[t for t, _ in targets] or None, fuse=True)
    cards = list(dict.fromkeys([card.name, *(c for _, c in objects if c)]))
    p2 = b.player(battlefield=[o for o in theirs if not o["id"].startswith("gy")],
                  graveyard=[o for o in theirs if o["id"].startswith("gy")])
    return b.game(p1, p2), act, cards


_FEATURES = ["priority", "stack", "mana_cost", "split_card", "fuse"]


def _features(act: dict[str, Any]) -> list[str]:
    n = len(act["cast"].get("targets") or [])
    return _FEATURES + (["target"] if n else []) + (["target.multiple"] if n > 1 else [])


def gen_costs(ctx: Context) -> list[Draft] | NotExecutable:
    got = _fused_cast(ctx)
    if isinstance(got, NotExecutable):
        return got
    setup, act, cards = got
    mv = sum(_mv(f.mana_cost) for f in ctx.card.faces)
    expect = {"events": [{"type": "cast", "object": "fused", "fused": True}],
              "state": {"players": {"p1": {"mana": ""}},
                        "objects": {"fused": {"zone": "stack", "mana_value": mv}}}}
    return [Draft("fuse-costs", f"{ctx.card.name} cast fused costs both halves' mana costs; "
                  f"on the stack its mana value is {mv}", _features(act), cards, setup, [act],
                  expect, ["702.102c", "702.102b"])]


def gen_colors(ctx: Context) -> list[Draft] | NotExecutable:
    got = _fused_cast(ctx)
    if isinstance(got, NotExecutable):
        return got
    left, right = ctx.card.faces
    if _colors(left.mana_cost) == _colors(right.mana_cost):
        return NotExecutable("both halves have the same colors: casting it fused changes none")
    setup, act, cards = got
    colors = _colors(left.mana_cost, right.mana_cost)
    expect = {"state": {"objects": {"fused": {"zone": "stack", "colors": colors}}}}
    return [Draft("fuse-colors", f"{ctx.card.name} cast fused is a spell of both halves' "
                  f"colors ({', '.join(colors)})", _features(act), cards, setup, [act], expect,
                  ["702.102b", "709.4d"])]


FAMILIES = [
    Family("fuse-costs", "A fused split spell costs both halves' mana costs; its mana value is "
           "their total", ("702.102c",), ("fuse",), gen_costs,
           en=phrases("To cast a fused split spell, pay both of its mana costs")),
    Family("fuse-colors", "A fused split spell has the colors of both halves",
           ("702.102b",), ("fuse",), gen_colors,
           en=phrases("If such a card is cast as a fused split spell, the resulting spell is "
                      "multicolored")),
]
