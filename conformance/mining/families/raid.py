"""Raid rulings (ability word, rule 207.2c: "Raid — When CARDNAME enters the battlefield, if you
attacked this turn, ..." is an enters-the-battlefield ability, 603.6a, with an intervening
"if", 603.4, about the whole turn), for every one-face creature card the reference engine builds
whose only ability (keywords aside) is that raid ability, with one effect the generator observes
(tokens, cards drawn, 2 damage to any target, a creature card returned from your graveyard), or
"Raid — CARDNAME enters the battlefield with a +1/+1 counter on it if you attacked this turn" (a
replacement effect, 614.1c: the card shows the counter, nothing triggers).

Both cases attack in the combat of p1's turn, then p1 taps basic lands in the postcombat main
phase for the card's mana cost and casts it; it resolves, its raid ability triggers once and
resolves (or the card enters with its counter).

* ``raid-whole-turn`` — "Raid abilities evaluate the entire turn to see if you attacked with a
  creature. That creature doesn't have to still be on the battlefield": Grizzly Bears attacks,
  Hill Giant blocks it and the Bears dies; the raid ability still triggers. Mutant:
  ``raid_needs_attacker_on_battlefield`` (only a creature that attacked and is still on the
  battlefield counts).
* ``raid-any-attack`` — "Raid abilities care only that you attacked with a creature. It doesn't
  matter how many creatures you attacked with": two Grizzly Bears attack unblocked; the raid
  ability triggers once. Mutant: ``raid_per_attacker`` (it triggers once per creature that
  attacked).
"""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
FEATURES = ["priority", "stack", "mana_cost", "combat.declare", "combat_damage",
            "activated_ability", "mana_ability", "raid"]
RULES = ["207.2c", "603.4", "603.6a", "508.1"]


RAID_COUNTER = "raid_counter"
"""The "effect" of "CARDNAME enters the battlefield with a +1/+1 counter on it if you attacked
this turn" (a replacement effect, 614.1c: no trigger)."""


def raid_creature(name: str) -> tuple[Any, Any] | NotExecutable:
    """The card's face and its raid ability's one effect (:data:`RAID_COUNTER` for its
    counter), or why it is not scripted."""
    from conformance.reference.common_triggers import RAID_ENTERS

    face = b.built_face(name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    t = face.text
    if t.activated or t.statics or t.restrictions:
        return NotExecutable("the card has other abilities than its raid ability")
    if not t.triggered and t.enters_with == (("+1/+1", "raid:1"),):
        return face, RAID_COUNTER
    if t.enters_with or len(t.triggered) != 1 or t.triggered[0].event != RAID_ENTERS \
            or len(t.triggered[0].effects) != 1:
        return NotExecutable("the card has other abilities than one raid ability with one "
                             "effect")
    return face, t.triggered[0].effects[0]


def lands_for(cost: str | None) -> list[dict[str, Any]] | NotExecutable:
    """Basic lands (ids ``land1``...) tapping for exactly ``cost`` (generic mana by Islands)."""
    symbols = re.findall(r"\{([^}]*)\}", cost or "")
    names: list[str] = []
    for s in symbols:
        if s.isdigit():
            names += [BASICS["U"]] * int(s)
        elif s in BASICS:
            names.append(BASICS[s])
        else:
            return NotExecutable(f"its mana cost has a symbol ({{{s}}}) basic lands do not pay")
    return [{"id": f"land{i}", "card": n} for i, n in enumerate(names, 1)]


def _plan(eff: Any, dead: str) -> tuple[list[str] | None, dict[str, Any], int] | NotExecutable:
    """The targets of the raid ability (None: none), what its effect shows (a state
    expectation; p2's life lowered by damage is returned apart) and the damage it deals p2.
    ``dead``: a Grizzly Bears card in p1's graveyard by then."""
    from conformance.reference import effect_blocks as o
    from conformance.reference.abilities_more import ReturnFromGraveyard

    if eff == RAID_COUNTER:  # the card itself (id "r") enters with the counter
        return None, {"counters": {"+1/+1": 1}}, 0
    if isinstance(eff, o.CreateToken):
        return None, {"count": [{"card": eff.token.name, "zone": "battlefield",
                                 "count": eff.count}]}, 0
    if isinstance(eff, o.Draw):
        return None, {"count": [{"zone": "hand", "owner": "p1", "count": eff.n}]}, 0
    if isinstance(eff, o.DamageTargets) and len(eff.amounts) == 1 \
            and eff.amounts[0] is not None and [k.kind for k in eff.kinds] == ["any"]:
        return ["p2"], {}, eff.amounts[0]
    if isinstance(eff, ReturnFromGraveyard) and eff.to == "battlefield" \
            and re.fullmatch(r"gy:Creature:you(?::mv<=[2-9])?", eff.kind):
        return [dead], {"zones": {dead: "battlefield"}}, 0
    return NotExecutable(f"its raid effect ({type(eff).__name__}) is not one the generator "
                         "observes (a choice, a decision or an effect it does not script)")


def _case(ctx: Context, slug: str, attackers: int) -> list[Draft] | NotExecutable:
    got = raid_creature(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, eff = got
    lands = lands_for(face.mana_cost)
    if isinstance(lands, NotExecutable):
        return lands
    blocked = attackers == 1  # the whole-turn case: the one attacker dies blocked
    dead = "atk1" if blocked else "gy1"
    plan = _plan(eff, dead)
    if isinstance(plan, NotExecutable):
        return plan
    targets, shown, damage = plan
    atk = [{"id": f"atk{i}", "card": b.BEARS} for i in range(1, attackers + 1)]
    p1 = b.player(battlefield=[*atk, *lands], hand=[{"id": "r", "card": face.name}],
                  library=b.islands(2),
                  graveyard=[] if blocked else [{"id": "gy1", "card": b.BEARS}])
    p2 = b.player(battlefield=[{"id": "blk", "card": b.GIANT}] if blocked else [])
    actions: list[dict[str, Any]] = [
        {"advance": {"to": "declare_attackers"}},
        {"declare_attackers": {"player": "p1", "attackers": {a["id"]: "p2" for a in atk}}}]
    if blocked:
        actions += [{"advance": {"to": "declare_blockers"}},
                    {"declare_blockers": {"player": "p2", "blocks": {"blk": "atk1"}}}]
    actions += [{"advance": {"to": "postcombat_main"}},
                *({"activate": {"player": "p1", "object": land["id"], "ability": 0}}
                  for land in lands),
                b.cast("r"), b.RESOLVE_TOP]
    if targets:
        actions.append({"choose": {"choice": "targets", "targets": targets}})
    actions.append(b.RESOLVE_STACK)  # the raid ability, if it triggered
    combat = 0 if blocked else 2 * attackers
    state: dict[str, Any] = {**shown, "stack": [],
                             "life": {"p2": 20 - combat - damage},
                             "zones": {"r": "battlefield", **shown.get("zones", {})}}
    if blocked and dead not in state["zones"]:
        state["zones"][dead] = "graveyard"
    counters = state.pop("counters", None)
    if counters is not None:  # a replacement effect: the card enters with it, no trigger
        state["objects"] = {"r": {"counters": counters, "power": face.power + 1,
                                  "toughness": face.toughness + 1}}
        expect: dict[str, Any] = {"events_absent": [{"type": "triggered", "source": "r"}],
                                  "state": state}
    else:
        expect = {"events": [{"type": "triggered", "source": "r", "ability": "raid"}],
                  "event_counts": [{"match": {"type": "triggered", "source": "r"},
                                    "count": 1}],
                  "state": state}
    what = "enters with its +1/+1 counter" if counters is not None else "triggers"
    title = (f"{face.name}'s raid ability applies ({what}): p1 attacked this turn with a "
             "creature that has died since" if blocked else
             f"{face.name}'s raid ability applies once ({what}) after p1 attacked with two "
             "creatures")
    features = FEATURES + (["target"] if targets else []) + (["tokens"] if "count" in shown
                                                             and "card" in shown["count"][0]
                                                             else []) + (
        ["counters"] if counters is not None else [])
    cards = sorted({face.name, b.BEARS, b.ISLAND, *(x["card"] for x in lands)}
                   | ({b.GIANT} if blocked else set()))
    return [Draft(slug, title, features, cards, b.game(p1, p2), actions, expect, list(RULES))]


def gen_whole_turn(ctx: Context) -> list[Draft] | NotExecutable:
    """The raid ability triggers though the creature that attacked has died since."""
    return _case(ctx, "raid-whole-turn", 1)


def gen_any_attack(ctx: Context) -> list[Draft] | NotExecutable:
    """The raid ability triggers once after an attack with two creatures."""
    return _case(ctx, "raid-any-attack", 2)


FAMILIES = [
    Family("raid-whole-turn", "Raid looks at the whole turn: the creature that attacked need "
           "not still be on the battlefield", tuple(RULES), tuple(FEATURES),
           gen_whole_turn,
           en=phrases("Raid abilities evaluate the entire turn to see if you attacked with a "
                      "creature")),
    Family("raid-any-attack", "Raid cares only that you attacked with a creature, not how many",
           tuple(RULES), tuple(FEATURES), gen_any_attack,
           en=phrases("Raid abilities care only that you attacked with a creature")),
]
