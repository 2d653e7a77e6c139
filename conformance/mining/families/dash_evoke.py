"""Dash (rule 702.109a: "Dash [cost]" means "You may cast this card by paying [cost] rather than
its mana cost", "If this spell's dash cost was paid, return the permanent this spell becomes to
its owner's hand at the beginning of the next end step" and "As long as this permanent's dash
cost was paid, it has haste") and evoke (rule 702.74a: "You may cast this spell by paying [cost]
rather than paying its mana cost" and "When this permanent enters the battlefield, if its evoke
cost was paid, its controller sacrifices it") rulings, for every one-face creature card the
reference engine builds with the keyword (:mod:`conformance.reference.alt_costs`). p1's mana
pool pays the alternative cost; the card's id is ``d``.

* ``dash-timing`` / ``evoke-timing`` — "You can cast a creature spell for its dash cost only
  when you otherwise could cast that creature spell" / "Evoke doesn't change the timing of when
  you can cast the creature that has it": with p1's Lightning Bolt on the stack, casting the
  card (no flash) for its alternative cost is refused. Mutants: ``dash_ignores_timing``,
  ``evoke_ignores_timing``.
* ``dash-left-battlefield`` — "that card will be returned to its owner's hand only if it's
  still on the battlefield when its triggered ability resolves. If it dies ... it will stay
  where it is": p1 dashes the card, then destroys it with Murder; at the end step it stays in
  the graveyard. Mutant: ``dash_returns_from_any_zone``.
* ``dash-no-attack`` — "You don't have to attack with the creature with dash": p1 dashes the
  card and declares no attackers (accepted); it returns to p1's hand at the end step. Mutant:
  ``dashed_creature_must_attack``.
* ``evoke-mana-value`` — "When you cast a spell by paying its evoke cost, its mana cost doesn't
  change" / "The mana value of the spell is determined by only its mana cost": on the stack the
  evoked spell has its mana cost's mana value. Mutant: ``evoke_mana_value_from_cost``.
* ``evoke-trigger-order`` — "you may put the sacrifice trigger and the regular
  enters-the-battlefield trigger on the stack in either order" / "you can have the creature's
  own triggered ability resolve before the evoke triggered ability": p1 evokes the card and
  puts its enters trigger on the stack last; that trigger resolves while the creature is still
  on the battlefield, then the evoke trigger sacrifices it. Mutant: ``evoke_sacrifice_first``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

MURDER = "Murder"
TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "nonland_permanent": ("bears2", b.BEARS),
    "creature_or_planeswalker": ("bears2", b.BEARS), "perm:Artifact|Creature": ("bears2", b.BEARS),
    "permanent": ("bears2", b.BEARS), "artifact": ("orni2", "Ornithopter"),
    "enchantment": ("anthem2", "Glorious Anthem"), "land": ("land2", b.ISLAND),
    "perm:Creature:nonartifact:nonblack": ("bears2", b.BEARS),
}
"""The scripted target of each target kind of an enters trigger (p2 or p2's Grizzly Bears)."""


def alt_creature(name: str, keyword: str) -> tuple[Any, str] | NotExecutable:
    """The card's face and its ``keyword`` cost, or why the generator skips it."""
    face = b.built_face(name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    cost = dict(face.text.alternatives).get(keyword)
    if cost is None:
        return NotExecutable(f"the card has no {keyword} cost of its own")
    if b.mana_pool(cost) is None or "{X}" in cost:
        return NotExecutable(f"its {keyword} cost {cost} has a symbol a mana pool does not pay")
    if face.text.additional_costs:
        return NotExecutable("the card has an additional cost")
    return face, cost


def _no_enters(face: Any) -> NotExecutable | None:
    if any(t.event == "enters" for t in face.text.triggered):
        return NotExecutable("the creature has an enters trigger the case would script")
    return None


def _feats(keyword: str, *extra: str) -> list[str]:
    return ["priority", "stack", "mana_cost", keyword, *extra]


def _timing(ctx: Context, keyword: str) -> list[Draft] | NotExecutable:
    got = alt_creature(ctx.card.name, keyword)
    if isinstance(got, NotExecutable):
        return got
    face, cost = got
    if "flash" in face.text.keywords:
        return NotExecutable("the creature has flash: it may be cast while a spell waits")
    setup = b.game(b.player(mana=b.mana_pool(cost, "{R}"),
                            hand=[{"id": "bolt", "card": b.BOLT}, {"id": "d", "card": face.name}]),
                   b.player())
    actions = [b.cast("bolt", targets=["p2"]),
               b.cast("d", costs={"alternative": keyword})]
    expect = {"error": {"kind": "illegal_action", "action": 1},
              "state": {"zones": {"d": "hand"}, "stack": [b.BOLT], "life": {"p2": 20}}}
    return [Draft(f"{keyword}-timing", f"{face.name} cannot be cast for its {keyword} cost while "
                  f"p1's {b.BOLT} waits on the stack: {keyword} keeps the creature's timing",
                  _feats(keyword, "target"), sorted({face.name, b.BOLT}), setup, actions,
                  expect, [("702.109a" if keyword == "dash" else "702.74a"), "307.1", "601.3"])]


def gen_dash_timing(ctx: Context) -> list[Draft] | NotExecutable:
    """Dash keeps the creature's timing."""
    return _timing(ctx, "dash")


def gen_evoke_timing(ctx: Context) -> list[Draft] | NotExecutable:
    """Evoke keeps the creature's timing."""
    return _timing(ctx, "evoke")


def _dashed(ctx: Context, extra_mana: str = "") -> tuple[Any, dict[str, Any], list[
        dict[str, Any]]] | NotExecutable:
    """The face, p1's setup and the actions that dash the card and resolve it."""
    got = alt_creature(ctx.card.name, "dash")
    if isinstance(got, NotExecutable):
        return got
    face, cost = got
    if (why := _no_enters(face)) is not None:
        return why
    p1 = b.player(mana=b.mana_pool(cost, extra_mana), hand=[{"id": "d", "card": face.name}])
    return face, p1, [b.cast("d", costs={"alternative": "dash"}), b.RESOLVE_TOP]


def gen_dash_left(ctx: Context) -> list[Draft] | NotExecutable:
    """The dashed creature, destroyed, stays in the graveyard at the end step."""
    got = _dashed(ctx, "{1}{B}{B}")
    if isinstance(got, NotExecutable):
        return got
    face, p1, actions = got
    if "indestructible" in face.text.keywords:
        return NotExecutable("the creature is indestructible")
    p1["hand"].append({"id": "murder", "card": MURDER})
    actions += [b.cast("murder", targets=["d"]), b.RESOLVE_TOP,
                {"check": {"state": {"zones": {"d": "graveyard"}}}},
                {"advance": {"to": "end"}}, b.RESOLVE_STACK]
    expect = {"state": {"zones": {"d": "graveyard"}, "stack": [], "step": "end"},
              "events_absent": [{"type": "zone_change", "object": "d", "to": "hand"}]}
    return [Draft("dash-left-battlefield", f"{face.name}, cast for its dash cost and destroyed "
                  "before the end step, stays in its owner's graveyard", _feats(
                      "dash", "target", "destroy", "turn_structure", "trigger.delayed"),
                  sorted({face.name, MURDER}), b.game(p1, b.player()), actions, expect,
                  ["702.109a", "400.7", "603.7"])]


def gen_dash_no_attack(ctx: Context) -> list[Draft] | NotExecutable:
    """The dashed creature need not attack; it still returns at the end step."""
    got = _dashed(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, p1, actions = got
    if any(r for r in face.text.restrictions):
        return NotExecutable("the creature has a restriction or requirement of its own")
    actions += [{"advance": {"to": "declare_attackers"}},
                {"declare_attackers": {"player": "p1", "attackers": {}}},
                {"advance": {"to": "end"}}, b.RESOLVE_STACK]
    expect = {"state": {"zones": {"d": "hand"}, "life": {"p2": 20}, "stack": [],
                        "step": "end"}}
    return [Draft("dash-no-attack", f"{face.name}, cast for its dash cost, need not attack; it "
                  "returns to its owner's hand at the end step", _feats(
                      "dash", "combat.declare", "turn_structure", "trigger.delayed"),
                  [face.name], b.game(p1, b.player()), actions, expect,
                  ["702.109a", "508.1d"])]


def gen_evoke_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    """On the stack, the evoked spell has its mana cost's mana value."""
    from conformance.reference.cards import mana_value_of

    got = alt_creature(ctx.card.name, "evoke")
    if isinstance(got, NotExecutable):
        return got
    face, cost = got
    mv, paid = mana_value_of(face.mana_cost, 0), mana_value_of(cost, 0)
    if mv == paid:
        return NotExecutable(f"its mana cost and evoke cost have the same mana value ({mv}): "
                             "an engine taking the mana value from the cost paid would pass")
    setup = b.game(b.player(mana=b.mana_pool(cost), hand=[{"id": "d", "card": face.name}]),
                   b.player())
    actions = [b.cast("d", costs={"alternative": "evoke"})]
    expect = {"state": {"objects": {"d": {"zone": "stack", "mana_value": mv}},
                        "players": {"p1": {"mana": ""}}}}
    return [Draft("evoke-mana-value", f"{face.name} cast for its evoke cost {cost} has the mana "
                  f"value of its mana cost ({mv})", _feats("evoke"), [face.name], setup,
                  actions, expect, ["702.74a", "202.3", "118.9c"])]


def gen_evoke_order(ctx: Context) -> list[Draft] | NotExecutable:
    """The enters trigger put on the stack last resolves while the creature is still there."""
    got = alt_creature(ctx.card.name, "evoke")
    if isinstance(got, NotExecutable):
        return got
    face, cost = got
    t = face.text
    enters = [tr for tr in t.triggered if tr.event == "enters"]
    if len(enters) != 1 or len(t.triggered) != 1:
        return NotExecutable("the creature has not exactly one enters trigger (and no other "
                             "triggered ability)")
    decision = b.decision_needed(b.spell_lines(ctx.card.main, drop=("Evoke",)))
    if decision:
        return NotExecutable(f"resolving its enters trigger needs {decision}, which a case "
                             "cannot script")
    targets = b.one_target_each(enters[0].effects, TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    mine, theirs = b.objects_for(targets)
    setup = b.game(b.player(mana=b.mana_pool(cost), hand=[{"id": "d", "card": face.name}],
                            battlefield=mine, library=b.islands(3)),
                   b.player(battlefield=theirs))
    actions: list[dict[str, Any]] = [
        b.cast("d", costs={"alternative": "evoke"}), b.RESOLVE_TOP,
        {"choose": {"choice": "trigger_order", "order": [
            {"source": "d", "ability": "evoke"}, {"source": "d", "ability": "enters"}]}}]
    if targets:
        actions.append({"choose": {"choice": "targets", "source": "d", "ability": "enters",
                                   "targets": [tid for tid, _ in targets]}})
    actions += [{"check": {"state": {"stack": [{"source": "d", "ability": "evoke"},
                                               {"source": "d", "ability": "enters"}]}}},
                b.RESOLVE_TOP,
                {"check": {"state": {"zones": {"d": "battlefield"},
                                     "stack": [{"source": "d", "ability": "evoke"}]}}},
                b.RESOLVE_TOP]
    expect = {"events": [{"type": "resolved", "source": "d", "ability": "enters"},
                         {"type": "sacrificed", "object": "d"}],
              "state": {"zones": {"d": "graveyard"}, "stack": []}}
    cards = sorted({face.name, b.ISLAND} | {c for _, c in targets if c})
    return [Draft("evoke-trigger-order", f"{face.name} cast for its evoke cost: its enters "
                  "trigger, put on the stack last, resolves before the evoke trigger sacrifices "
                  "it", _feats("evoke", "trigger.order", *(["target"] if targets else [])),
                  cards, setup, actions, expect, ["702.74a", "603.3b"])]


FAMILIES = [
    Family("dash-timing", "A creature is cast for its dash cost only when it could be cast",
           ("702.109a", "307.1"), tuple(_feats("dash")), gen_dash_timing,
           en=phrases("You can cast a creature spell for its dash cost only when you otherwise "
                      "could cast that creature spell")),
    Family("dash-left-battlefield", "The dash return does nothing once the creature has left "
           "the battlefield", ("702.109a", "400.7"), tuple(_feats("dash")), gen_dash_left,
           en=phrases("that card will be returned to its owner's hand only if it's still on "
                      "the battlefield when its triggered ability resolves")),
    Family("dash-no-attack", "A dashed creature need not attack", ("702.109a", "508.1d"),
           tuple(_feats("dash")), gen_dash_no_attack,
           en=phrases("You don't have to attack with the creature with dash unless another "
                      "ability says you do")),
    Family("evoke-timing", "Evoke does not change when the creature may be cast",
           ("702.74a", "307.1"), tuple(_feats("evoke")), gen_evoke_timing,
           en=phrases("Evoke doesn't change the timing of when you can cast the creature that "
                      "has it")),
    Family("evoke-mana-value", "A spell cast for its evoke cost keeps its mana value",
           ("202.3", "118.9c"), tuple(_feats("evoke")), gen_evoke_mana_value,
           en=phrases("When you cast a spell by paying its evoke cost, its mana cost doesn't "
                      "change",
                      "start with the mana cost or alternative cost you're paying (such as an "
                      "evoke cost)")),
    Family("evoke-trigger-order", "The evoke trigger and the other enters triggers go on the "
           "stack in the order their controller chooses", ("702.74a", "603.3b"),
           tuple(_feats("evoke")), gen_evoke_order,
           en=phrases("you may put the sacrifice trigger and the regular enters-the-battlefield "
                      "trigger on the stack in either order",
                      "you can have the creature's own triggered ability resolve before the "
                      "evoke triggered ability")),
]
