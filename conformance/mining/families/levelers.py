"""Leveler rulings (711, 702.87), for every one-face leveler creature card the reference engine
builds (p1's leveler ``lv`` on the battlefield in p1's precombat main phase, turn 3):

* ``leveler-level-counters`` — "A creature's level is based on how many level counters it has on
  it, not how many times its level up ability has been activated or has resolved ...": level
  counters are put on it by an effect outside the case's cards (``add_counters``, as
  Clockspinning would) up to the first level symbol whose power/toughness differs from the
  printed one: it has that symbol's power/toughness; one is removed (``remove_counters``, as
  Vampire Hexmage would): it has the power/toughness of its new level. Mutant:
  ``level_by_level_up`` (the level counts the level up abilities that resolved).
* ``leveler-keeps-level-up`` — "The abilities a leveler grants to itself don't overwrite any
  other abilities it may have. In particular, they don't overwrite the creature's level up
  ability; it always has that": the leveler has the level counters of its highest level symbol;
  p1 activates level up (ability 0), paying its cost from the pool; it resolves: one more level
  counter. Mutant: ``level_band_overwrites`` (a level symbol's abilities replace the card's).
* ``leveler-pt-modifiers`` — "Effects that modify a leveler's power or toughness, such as the
  effects of Giant Growth or Glorious Anthem, will apply to it no matter when they started to
  take effect. The same is true for counters ...": the leveler has a +1/+1 counter; p1 casts
  Giant Growth on it, then level counters are put on it up to its first level symbol: that
  symbol's power/toughness +4/+4. Mutant: ``level_pt_after_modifiers`` (the symbol's
  power/toughness overrides the modifications that began before the counter).
* ``leveler-set-pt-timestamp`` — "Effects that set a leveler's power or toughness to a specific
  value, including the effects from a level symbol's ability, apply in timestamp order. The
  timestamp of each level symbol's ability is the same as the timestamp of the leveler itself
  ...": p1 casts Diminish ("Target creature has base power and toughness 1/1 until end of
  turn") on it, then level counters are put on it up to a level symbol that isn't 1/1: it stays
  1/1. Mutant: ``level_timestamp_last_counter``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "counters", "activated_ability", "level_up"]
RULES = ["711.2", "711.4", "702.87a"]
GIANT_GROWTH = "Giant Growth"
DIMINISH = "Diminish"


def leveler(name: str) -> Any:
    """The face of the one-face leveler creature card ``name`` as the reference engine builds it
    (its level symbols in ``text.levels``, level up its activated ability 0), or why not."""
    face = b.built_face(name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    if not face.text.levels or not face.text.activated:
        return NotExecutable("the card has no level symbols the reference engine reads")
    return face


def pt_at(face: Any, level: int) -> tuple[int, int]:
    """The leveler's power/toughness with ``level`` level counters and nothing else (711.2,
    711.5)."""
    band = next((x for x in face.text.levels if x.applies(level)), None)
    return (face.power, face.toughness) if band is None else (band.power, band.toughness)


def _setup(face: Any, counters: dict[str, int], mana: str | None,
           hand: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    lv: dict[str, Any] = {"id": "lv", "card": face.name}
    if counters:
        lv["counters"] = counters
    p1 = b.player(mana=mana, battlefield=[lv], hand=hand or [], library=b.islands(2))
    return b.game(p1, b.player())


def _counters(n: int) -> str:
    return f"{n} level counter{'s' if n != 1 else ''}"


def _pt(p: tuple[int, int]) -> dict[str, int]:
    return {"power": p[0], "toughness": p[1]}


def gen_level_counters(ctx: Context) -> list[Draft] | NotExecutable:
    """Level counters put and removed by other effects change the leveler's level."""
    face = leveler(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    printed = (face.power, face.toughness)
    band = next((x for x in face.text.levels if (x.power, x.toughness) != printed), None)
    if band is None:
        return NotExecutable("no level symbol changes the printed power/toughness")
    up, down = pt_at(face, band.low), pt_at(face, band.low - 1)
    actions: list[dict[str, Any]] = [
        {"add_counters": {"object": "lv", "counter": "level", "n": band.low}},
        {"check": {"state": {"objects": {"lv": {**_pt(up), "counters": {"level": band.low}}}}}},
        {"remove_counters": {"object": "lv", "counter": "level", "n": 1}}]
    left = {"counters": {"level": band.low - 1}} if band.low > 1 else {}  # none left: no key
    expect = {"state": {"objects": {"lv": {**_pt(down), **left}}}}
    title = (f"{face.name} with {_counters(band.low)} put on it by another effect is "
             f"{up[0]}/{up[1]}; with one removed, {down[0]}/{down[1]}")
    return [Draft("leveler-level-counters", title, FEATURES, [face.name, b.ISLAND],
                  _setup(face, {}, None), actions, expect, ["711.2", "711.5", "122.1"])]


def gen_keeps_level_up(ctx: Context) -> list[Draft] | NotExecutable:
    """At its highest level symbol, the leveler still has level up."""
    face = leveler(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    top = face.text.levels[-1]
    cost = face.text.activated[0].cost
    mana = b.mana_pool(cost)
    if mana is None:
        return NotExecutable(f"its level up cost ({cost}) is not one a pool is written for")
    pt = pt_at(face, top.low + 1)
    actions = [{"activate": {"player": "p1", "object": "lv", "ability": 0}}, b.RESOLVE_TOP]
    expect = {"events": [{"type": "counter_added", "object": "lv", "counter": "level", "n": 1}],
              "state": {"objects": {"lv": {"counters": {"level": top.low + 1}, **_pt(pt)}},
                        "stack": []}}
    title = (f"{face.name} with {_counters(top.low)} still has level up: activated, it "
             f"gets a level counter ({top.low + 1})")
    return [Draft("leveler-keeps-level-up", title, FEATURES + ["mana_cost"], [face.name, b.ISLAND],
                  _setup(face, {"level": top.low}, mana), actions, expect,
                  ["711.4", "702.87a", "602.2"])]


def gen_pt_modifiers(ctx: Context) -> list[Draft] | NotExecutable:
    """A +1/+1 counter and Giant Growth from before the level counters still apply."""
    face = leveler(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    band = face.text.levels[0]
    if "shroud" in band.text.keywords or "hexproof" in face.text.keywords \
            or "shroud" in face.text.keywords:
        return NotExecutable("the leveler can't be targeted by Giant Growth")
    p, t = band.power + 4, band.toughness + 4
    actions: list[dict[str, Any]] = [
        b.cast("gg", targets=["lv"]), b.RESOLVE_TOP,
        {"add_counters": {"object": "lv", "counter": "level", "n": band.low}}]
    expect = {"state": {"objects": {"lv": {"power": p, "toughness": t,
                                           "counters": {"+1/+1": 1, "level": band.low}}},
                        "zones": {"gg": "graveyard"}}}
    title = (f"{face.name} with a +1/+1 counter, pumped by Giant Growth, then given "
             f"{_counters(band.low)} is {p}/{t}: its level symbol's {band.power}/{band.toughness} "
             "+1/+1 +3/+3")
    return [Draft("leveler-pt-modifiers", title, FEATURES + ["mana_cost", "target",
                                                             "until_end_of_turn"],
                  [face.name, GIANT_GROWTH, b.ISLAND],
                  _setup(face, {"+1/+1": 1}, "{G}", [{"id": "gg", "card": GIANT_GROWTH}]),
                  actions, expect, ["711.2a", "613.4b", "613.4c"])]


def gen_set_pt_timestamp(ctx: Context) -> list[Draft] | NotExecutable:
    """Diminish (base power and toughness 1/1 until end of turn), then level counters: the
    level symbol's ability has the leveler's timestamp, earlier than Diminish's: still 1/1."""
    face = leveler(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    if {"hexproof", "shroud"} & face.text.keywords:
        return NotExecutable("the leveler can't be targeted by Diminish")
    band = next((x for x in face.text.levels if (x.power, x.toughness) != (1, 1)), None)
    if band is None:
        return NotExecutable("no level symbol gives another power/toughness than 1/1")
    actions: list[dict[str, Any]] = [
        b.cast("dim", targets=["lv"]), b.RESOLVE_TOP,
        {"add_counters": {"object": "lv", "counter": "level", "n": band.low}}]
    expect = {"state": {"objects": {"lv": {"power": 1, "toughness": 1,
                                           "counters": {"level": band.low}}},
                        "zones": {"dim": "graveyard"}}}
    title = (f"{face.name} given base power and toughness 1/1 by Diminish, then "
             f"{_counters(band.low)}, stays 1/1: its level symbol's {band.power}/{band.toughness} has the "
             "leveler's earlier timestamp")
    return [Draft("leveler-set-pt-timestamp", title, FEATURES + ["mana_cost", "target",
                                                                 "until_end_of_turn"],
                  [face.name, DIMINISH, b.ISLAND],
                  _setup(face, {}, "{U}", [{"id": "dim", "card": DIMINISH}]),
                  actions, expect, ["711.2a", "613.4b", "613.7a"])]


FAMILIES = [
    Family("leveler-level-counters", "A leveler's level is its number of level counters, "
           "however they were put or removed", ("711.2", "711.5"), tuple(FEATURES),
           gen_level_counters,
           en=phrases("A creature's level is based on how many level counters it has on it")),
    Family("leveler-keeps-level-up", "A level symbol's abilities don't overwrite the leveler's "
           "own: it always has level up", ("711.4", "702.87a"), tuple(FEATURES),
           gen_keeps_level_up,
           en=phrases("The abilities a leveler grants to itself don't overwrite any other "
                      "abilities it may have")),
    Family("leveler-pt-modifiers", "Effects and counters modifying a leveler's power and "
           "toughness apply after its level symbol, whenever they began", ("711.2a", "613.4"),
           tuple(FEATURES), gen_pt_modifiers,
           en=phrases("Effects that modify a leveler's power or toughness")),
    Family("leveler-set-pt-timestamp", "A level symbol's ability has the leveler's timestamp: "
           "a later effect setting its power and toughness wins", ("711.2a", "613.7a"),
           tuple(FEATURES), gen_set_pt_timestamp,
           en=phrases("Effects that set a leveler's power or toughness to a specific value")),
]
