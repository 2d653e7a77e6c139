"""Exert rulings (rule 701.39: to exert a permanent is to choose that it won't untap during its
controller's next untap step), for every one-face creature card the reference engine builds
with "You may exert CARDNAME as it attacks[. When you do, ...]" or "Whenever you exert a
creature, ...". The case exerts attackers with the ``exert`` list of ``declare_attackers``
(SPEC.md, "exert"); p1 attacks p2 in turn 3 and the case advances turn by turn.

* ``exert-needs-permission`` — "You can't exert a creature unless an effect allows you to do
  so": exerting an attacking Grizzly Bears beside the card is refused. Mutant
  ``exert_any_creature``.
* ``exert-vigilance-expires`` — "If an exerted creature is already untapped during your next
  untap step (... vigilance ...), exert's effect preventing it from untapping expires without
  having done anything": exerted with vigilance, it attacks again (tapped) in turn 5 and
  untaps in turn 7. Mutant ``exert_waits_for_tapped_untap``.
* ``exert-stolen-creature`` — "If you gain control of another player's creature until end of
  turn and exert it, it will untap during that player's untap step": p1 takes p2's card with
  Act of Treason and exerts it; it untaps in p2's untap step. Mutant
  ``exert_holds_for_controller``.
* ``exert-trigger-before-blockers`` — "... let you exert a creature ... as you declare it as an
  attacking creature ... Any abilities that trigger on exerting an attacking creature will
  resolve before blockers are declared": its "When you do" is on the stack in the declare
  attackers step and has resolved as blockers are declared. Mutant
  ``exert_no_reflexive_trigger``.
* ``exert-without-target`` — "If a creature has a targeted triggered ability that triggers when
  you exert it, you can exert it even if there isn't a legal target": exerted without a legal
  target, it stays tapped in p1's next untap step. Mutant ``exert_needs_target``.
* ``exert-cost-again`` — "Some cards in the Hour of Devastation set let you exert a creature as
  a cost to activate one of its abilities. You can exert it to pay that cost even if you've
  already exerted it earlier in the turn. Exerting it multiple times will keep it tapped only
  during your next untap step": activated, untapped by Burst of Energy, activated again; it
  stays tapped in p1's next untap step and untaps in the one after. Mutant ``exert_only_once``.
* ``exerted-any-creature`` — "Some cards have abilities that trigger whenever you exert any
  creature ... when you exert that creature or any other creature you control": the card
  doesn't attack, an exerted Hooded Brawler triggers it. Mutant
  ``exerted_triggers_only_itself``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "combat.declare", "exert"]
RULES = ["701.39a", "508.1"]
TREASON = "Act of Treason"
BURST = "Burst of Energy"
BRAWLER = "Hooded Brawler"


def exert_face(name: str) -> tuple[Any, Any, Any] | NotExecutable:
    """The card's face, its "You may exert" ability and its "Whenever you exert a creature"
    ability (None without one), or why it is not scripted."""
    from conformance.reference.exert_text import EXERT_SELF, EXERTED

    face = b.built_face(name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    t = face.text
    own = [x for x in t.triggered if x.event == EXERT_SELF]
    anyone = [x for x in t.triggered if x.event == EXERTED]
    if len(own) + len(anyone) != len(t.triggered) or len(anyone) > 1 \
            or t.activated or t.statics or t.restrictions:
        return NotExecutable("the card has other abilities than exert ones")
    return face, own[0] if own else None, anyone[0] if anyone else None


def _targets(trigger: Any, source: str) -> list[str] | None | NotExecutable:
    """The targets the case gives ``trigger`` of the creature ``source`` when it is exerted in
    a setup where p2 controls no creature and p1's graveyard is empty: None when the trigger
    targets nothing or has no legal target then (603.3d: no choice), ``[source]`` for "target
    creature"."""
    if trigger is None:
        return None
    slots = [s for e in trigger.effects for s in e.slots]
    if not slots:
        return None
    if len(slots) > 1:
        return NotExecutable("its exert trigger has several targets")
    kind = slots[0].kind
    if kind == "creature":
        return [source]
    if kind.endswith(":opp") or kind.startswith("gy:"):
        return None  # none in the setup: removed from the stack
    return NotExecutable(f"its exert trigger's target ({kind}) is not one the generator scripts")


def _exerting(face: Any, own: Any, anyone: Any, obj: str) -> list[dict[str, Any]] | NotExecutable:
    """The choices after ``obj`` (the card) is exerted: the targets of the one trigger it
    gets (its own "When you do" or its "Whenever you exert a creature")."""
    trig = anyone if anyone is not None else own if own is not None and own.effects else None
    targets = _targets(trig, obj)
    if isinstance(targets, NotExecutable):
        return targets
    if targets is None or trig is None:
        return []
    return [{"choose": {"choice": "targets", "source": obj, "ability": trig.name,
                        "targets": targets}}]


def _libraries(n1: int = 4, n2: int = 3) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    return b.islands(n1), [{"id": f"lib2_{i}", "card": b.ISLAND} for i in range(1, n2 + 1)]


def _attack(attackers: list[str], exert: list[str]) -> list[dict[str, Any]]:
    body: dict[str, Any] = {"player": "p1", "attackers": {a: "p2" for a in attackers}}
    if exert:
        body["exert"] = exert
    return [{"advance": {"to": "declare_attackers"}}, {"declare_attackers": body}]


NEXT_TURN: dict[str, Any] = {"advance": {"to": "precombat_main", "next_turn": True}}


def _draft(slug: str, title: str, face: Any, setup: dict[str, Any], actions: list[Any],
           expect: dict[str, Any], extra_cards: tuple[str, ...] = (),
           features: tuple[str, ...] = (), rules: tuple[str, ...] = ()) -> list[Draft]:
    cards = sorted({face.name, b.ISLAND, *extra_cards})
    return [Draft(slug, title, FEATURES + list(features), cards, setup, actions, expect,
                  RULES + list(rules))]


def gen_needs_permission(ctx: Context) -> list[Draft] | NotExecutable:
    """Exerting an attacking Grizzly Bears is refused."""
    got = exert_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, own, _anyone = got
    if own is None:
        return NotExecutable("the card doesn't let its controller exert it")
    lib1, lib2 = _libraries()
    p1 = b.player(battlefield=[{"id": "x", "card": face.name}, {"id": "bears", "card": b.BEARS}],
                  library=lib1)
    actions = _attack(["x", "bears"], ["bears"])
    expect = {"error": {"kind": "illegal_action", "action": 1},
              "state": {"objects": {"bears": {"tapped": False}}}}
    return _draft("exert-needs-permission", f"{face.name} and Grizzly Bears attack: exerting "
                  "the Bears, which nothing lets p1 exert, is refused", face,
                  b.game(p1, b.player(library=lib2)), actions, expect, (b.BEARS,))


def gen_vigilance_expires(ctx: Context) -> list[Draft] | NotExecutable:
    """Exerted with vigilance in turn 3; attacks without it in turn 5; untaps in turn 7."""
    got = exert_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, own, anyone = got
    if own is None:
        return NotExecutable("the card doesn't let its controller exert it")
    if "vigilance" in face.text.keywords:
        return NotExecutable("the card has vigilance of its own")
    after = _exerting(face, own, anyone, "x")
    if isinstance(after, NotExecutable):
        return after
    lib1, lib2 = _libraries()
    p1 = b.player(battlefield=[{"id": "x", "card": face.name}], library=lib1)
    actions = [{"set_keywords": {"object": "x", "add": ["vigilance"]}},
               *_attack(["x"], ["x"]), *after, b.RESOLVE_STACK, NEXT_TURN, NEXT_TURN,
               {"check": {"state": {"turn": 5, "objects": {"x": {"tapped": False}}}}},
               {"set_keywords": {"object": "x", "remove": ["vigilance"]}},
               *_attack(["x"], []),
               {"check": {"state": {"objects": {"x": {"tapped": True}}}}},
               NEXT_TURN, NEXT_TURN]
    expect = {"state": {"turn": 7, "active_player": "p1", "objects": {"x": {"tapped": False}}}}
    return _draft("exert-vigilance-expires", f"{face.name}, exerted with vigilance, is untapped "
                  "in p1's next untap step: the exert expires then, so after attacking "
                  "again without vigilance it untaps in the untap step after", face,
                  b.game(p1, b.player(library=lib2)), actions, expect,
                  features=("keywords", "turn_structure"), rules=("702.20b",))


def gen_stolen(ctx: Context) -> list[Draft] | NotExecutable:
    """p1 exerts p2's card taken with Act of Treason; it untaps in p2's untap step."""
    got = exert_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, own, anyone = got
    if own is None:
        return NotExecutable("the card doesn't let its controller exert it")
    after = _exerting(face, own, anyone, "x")
    if isinstance(after, NotExecutable):
        return after
    lib1, lib2 = _libraries()
    p1 = b.player(mana="{R}{R}{R}", hand=[{"id": "aot", "card": TREASON}], library=lib1)
    p2 = b.player(battlefield=[{"id": "x", "card": face.name}], library=lib2)
    actions = [b.cast("aot", targets=["x"]), b.RESOLVE_TOP, *_attack(["x"], ["x"]), *after,
               b.RESOLVE_STACK,
               {"check": {"state": {"objects": {"x": {"controller": "p1", "tapped": True}}}}},
               NEXT_TURN]
    expect = {"state": {"turn": 4, "active_player": "p2",
                        "objects": {"x": {"controller": "p2", "tapped": False}}}}
    return _draft("exert-stolen-creature", f"p1 gains control of p2's {face.name} until end of "
                  "turn and exerts it: it untaps during p2's untap step", face, b.game(p1, p2),
                  actions, expect, (TREASON,), ("mana_cost", "target", "turn_structure"),
                  ("611.2a", "502.3"))


def _shown(eff: Any, face: Any) -> tuple[dict[str, Any], list[dict[str, Any]]] | NotExecutable:
    """What the resolved effect shows (a state expectation) and the p1 graveyard it needs."""
    from conformance.reference import effect_blocks as o
    from conformance.reference.abilities_more import ReturnFromGraveyard

    if isinstance(eff, o.PumpSelf):
        return {"objects": {"x": {"power": face.power + eff.power,
                                  "toughness": face.toughness + eff.toughness,
                                  "keywords": sorted(face.text.keywords | set(eff.keywords))}}}, []
    if isinstance(eff, o.PumpGroup) and eff.scope == "you" and not eff.subtype \
            and not getattr(eff, "keywords", ()):
        return {"objects": {"x": {"power": face.power + eff.power,
                                  "toughness": face.toughness + eff.toughness}}}, []
    if isinstance(eff, o.Draw):
        return {"count": [{"zone": "hand", "owner": "p1", "count": eff.n}]}, []
    if isinstance(eff, ReturnFromGraveyard) and eff.to == "battlefield" \
            and eff.kind.startswith("gy:Creature:you"):
        return {"zones": {"gy1": "battlefield"}}, [{"id": "gy1", "card": b.BEARS}]
    return NotExecutable(f"its exert effect ({type(eff).__name__}) is not one the generator "
                         "observes")


def gen_before_blockers(ctx: Context) -> list[Draft] | NotExecutable:
    """The "When you do" is on the stack in the declare attackers step, resolved by blockers."""
    got = exert_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, own, anyone = got
    if own is None or not own.effects or anyone is not None or len(own.effects) != 1:
        return NotExecutable("the card has no one-effect 'When you do' exert ability")
    shown = _shown(own.effects[0], face)
    if isinstance(shown, NotExecutable):
        return shown
    state, graveyard = shown
    slots = [s for e in own.effects for s in e.slots]
    lib1, lib2 = _libraries()
    p1 = b.player(battlefield=[{"id": "x", "card": face.name}], library=lib1,
                  graveyard=graveyard)
    choose = [{"choose": {"choice": "targets", "source": "x", "ability": own.name,
                          "targets": ["gy1"]}}] if slots else []
    actions = [*_attack(["x"], ["x"]), *choose,
               {"check": {"state": {"step": "declare_attackers",
                                    "stack": [{"card": face.name, "ability": own.name}]}}},
               b.RESOLVE_STACK, {"advance": {"to": "declare_blockers"}}]
    expect = {"events": [{"type": "triggered", "source": "x", "ability": own.name},
                         {"type": "resolved"},
                         {"type": "step", "name": "declare_blockers"}],
              "state": {**state, "step": "declare_blockers", "stack": [],
                        "objects": {**state.get("objects", {}),
                                    "x": {**state.get("objects", {}).get("x", {}),
                                          "tapped": True, "attacking": "p2"}}}}
    return _draft("exert-trigger-before-blockers", f"{face.name} is exerted as it is declared "
                  "as an attacker: its 'When you do' ability triggers then and resolves "
                  "before blockers are declared", face, b.game(p1, b.player(library=lib2)),
                  actions, expect, (b.BEARS,) if graveyard else (),
                  ("target",) if slots else (), ("603.12", "508.2"))


def gen_without_target(ctx: Context) -> list[Draft] | NotExecutable:
    """Exerted though its exert trigger has no legal target; tapped in p1's next untap step."""
    got = exert_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, own, anyone = got
    if own is None:
        return NotExecutable("the card doesn't let its controller exert it")
    trig = anyone if anyone is not None else own
    slots = [s for e in trig.effects for s in e.slots]
    if not slots or _targets(trig, "x") is not None:
        return NotExecutable("its exert trigger has no target, or a legal one (the attacking "
                             "creature itself)")
    lib1, lib2 = _libraries()
    p1 = b.player(battlefield=[{"id": "x", "card": face.name}], library=lib1)
    actions = [*_attack(["x"], ["x"]),
               {"check": {"state": {"stack": []}}}, NEXT_TURN, NEXT_TURN]
    expect = {"state": {"turn": 5, "active_player": "p1", "objects": {"x": {"tapped": True}}}}
    return _draft("exert-without-target", f"{face.name} is exerted though its exert trigger "
                  "has no legal target: it doesn't untap during p1's next untap step", face,
                  b.game(p1, b.player(library=lib2)), actions, expect,
                  features=("target", "turn_structure"), rules=("603.3d",))


def _any_shown(eff: tuple[Any, ...], face: Any) -> tuple[dict[str, Any], list[str] | None, bool] \
        | NotExecutable:
    """What "Whenever you exert a creature" shows once resolved, its targets (p2's Grizzly
    Bears ``blk``) and whether p2 needs that creature."""
    from conformance.reference import effect_blocks as o
    from conformance.reference.effect_blocks import DamageEach, GainLife, TapTarget

    if [type(e) for e in eff] == [DamageEach, GainLife] and eff[0].group == "opponent":
        return {"life": {"p2": 20 - eff[0].amount, "p1": 20 + eff[1].n}}, None, False
    if len(eff) == 1 and isinstance(eff[0], o.PumpGroup) and eff[0].scope == "you" \
            and not eff[0].subtype:
        return {"objects": {"x": {"power": face.power + eff[0].power},
                            "hb": {"power": 3 + 2 + eff[0].power}}}, None, False
    if len(eff) == 1 and isinstance(eff[0], TapTarget) and not eff[0].untap \
            and eff[0].kind == "perm:Creature:opp":
        return {"objects": {"blk": {"tapped": True}}}, ["blk"], True
    return NotExecutable("its 'Whenever you exert a creature' effect is not one the generator "
                         "observes")


def gen_any_creature(ctx: Context) -> list[Draft] | NotExecutable:
    """The card stays home; exerting an attacking Hooded Brawler triggers it."""
    got = exert_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, _own, anyone = got
    if anyone is None:
        return NotExecutable("the card has no 'Whenever you exert a creature' ability")
    shown = _any_shown(anyone.effects, face)
    if isinstance(shown, NotExecutable):
        return shown
    state, targets, blocker = shown
    lib1, lib2 = _libraries()
    p1 = b.player(battlefield=[{"id": "x", "card": face.name}, {"id": "hb", "card": BRAWLER}],
                  library=lib1)
    p2 = b.player(battlefield=[{"id": "blk", "card": b.BEARS}] if blocker else [],
                  library=lib2)
    actions = [*_attack(["hb"], ["hb"]),
               {"choose": {"choice": "trigger_order", "order": ["hb", "x"]}}]
    if targets:
        actions.append({"choose": {"choice": "targets", "source": "x", "ability": anyone.name,
                                   "targets": targets}})
    actions.append(b.RESOLVE_STACK)
    expect = {"events": [{"type": "triggered", "source": "x", "ability": anyone.name}],
              "state": {**state, "stack": []}}
    return _draft("exerted-any-creature", f"{face.name}'s 'Whenever you exert a creature' "
                  f"triggers when p1 exerts another creature ({BRAWLER})", face,
                  b.game(p1, p2), actions, expect,
                  (BRAWLER,) + ((b.BEARS,) if blocker else ()),
                  ("trigger.order",) + (("target",) if targets else ()))


def gen_cost_again(ctx: Context) -> list[Draft] | NotExecutable:
    """Its "{T}, Exert CARDNAME: ..." activated twice in a turn (untapped between)."""
    from conformance.reference import effect_blocks as o
    from conformance.reference.exert_text import EXERT_COST

    face = b.built_face(ctx.card.name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    found = [(i, ab) for i, ab in enumerate(face.text.activated)
             if any(p.kind == EXERT_COST for p in ab.extra_costs)]
    if len(found) != 1:
        return NotExecutable("the card has no one ability with an exert cost")
    idx, ab = found[0]
    if ab.produces is not None or ab.cost is not None or len(ab.extra_costs) != 1 \
            or not ab.tap or len(ab.effects) != 1:
        return NotExecutable("its exert ability has other costs than {T} or is a mana ability")
    eff = ab.effects[0]
    shown: dict[str, Any]
    if isinstance(eff, o.CreateToken):
        targets: list[str] = []
        shown = {"count": [{"card": eff.token.name, "zone": "battlefield", "controller": "p1",
                            "count": 2 * eff.count}]}
    elif isinstance(eff, o.DamageTargets) and len(eff.amounts) == 1 \
            and eff.amounts[0] == 1 and [k.kind for k in eff.kinds] == ["creature"]:
        targets = ["gt"]
        shown = {"objects": {"gt": {"damage": 2}}}
    else:
        return NotExecutable("its exert ability's effect is not one the generator observes")
    lib1, lib2 = _libraries()
    p1 = b.player(mana="{W}", hand=[{"id": "bur", "card": BURST}],
                  battlefield=[{"id": "x", "card": face.name}], library=lib1)
    p2 = b.player(battlefield=[{"id": "gt", "card": b.GIANT}] if targets else [], library=lib2)
    act: dict[str, Any] = {"player": "p1", "object": "x", "ability": idx}
    if targets:
        act["targets"] = targets
    actions = [{"activate": act}, b.RESOLVE_TOP, b.cast("bur", targets=["x"]), b.RESOLVE_TOP,
               {"activate": act}, b.RESOLVE_TOP,
               {"check": {"state": {**shown, "objects": {**shown.get("objects", {}),
                                                          "x": {"tapped": True}}}}},
               NEXT_TURN, NEXT_TURN,
               {"check": {"state": {"turn": 5, "objects": {"x": {"tapped": True}}}}},
               NEXT_TURN, NEXT_TURN]
    expect = {"state": {"turn": 7, "active_player": "p1", "objects": {"x": {"tapped": False}}}}
    return _draft("exert-cost-again", f"{face.name} is exerted to pay its ability's cost twice "
                  f"in a turn (untapped by {BURST} between): it stays tapped during p1's next "
                  "untap step only", face, b.game(p1, p2), actions, expect,
                  (BURST,) + ((b.GIANT,) if targets else ()),
                  ("activated_ability", "mana_cost", "target", "turn_structure"),
                  ("602.2b",))


FAMILIES = [
    Family("exert-needs-permission", "Only a creature an effect lets you exert may be exerted",
           tuple(RULES), tuple(FEATURES), gen_needs_permission,
           en=phrases("You can't exert a creature unless an effect allows you to do so")),
    Family("exert-vigilance-expires", "Exert expires with the next untap step, even if the "
           "creature was untapped then", tuple(RULES), tuple(FEATURES), gen_vigilance_expires,
           en=phrases("If an exerted creature is already untapped during your next untap "
                      "step")),
    Family("exert-stolen-creature", "A creature exerted by a player who took it untaps during "
           "its owner's untap step", tuple(RULES), tuple(FEATURES), gen_stolen,
           en=phrases("If you gain control of another player's creature until end of turn and "
                      "exert it")),
    Family("exert-trigger-before-blockers", "Exert happens as the creature is declared as an "
           "attacker; its triggers resolve before blockers", tuple(RULES), tuple(FEATURES),
           gen_before_blockers,
           en=phrases("Any abilities that trigger on exerting an attacking creature will "
                      "resolve before blockers are declared")),
    Family("exert-without-target", "A creature may be exerted though its exert trigger has no "
           "legal target", tuple(RULES), tuple(FEATURES), gen_without_target,
           en=phrases("you can exert it even if there isn't a legal target for that triggered "
                      "ability")),
    Family("exert-cost-again", "A creature exerted this turn may be exerted again to pay a cost; "
           "it stays tapped during one untap step", tuple(RULES), tuple(FEATURES),
           gen_cost_again,
           en=phrases("You can exert it to pay that cost even if you've already exerted it "
                      "earlier in the turn")),
    Family("exerted-any-creature", "'Whenever you exert a creature' triggers for any creature "
           "you exert", tuple(RULES), tuple(FEATURES), gen_any_creature,
           en=phrases("Some cards have abilities that trigger whenever you exert any creature")),
]
