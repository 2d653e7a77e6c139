"""Vehicle rulings (rules 301.7, 702.122: "Crew N" — tap any number of untapped creatures you
control with total power N or more: this Vehicle becomes an artifact creature until end of
turn; 208.3: a noncreature permanent has no power or toughness), for every one-face Vehicle card
the reference engine builds. The creatures that crew are Grizzly Bears (2/2) named in the
``activate`` action's ``costs.tap``; the case scripts which ones.

* ``vehicle-not-creature`` — "Each Vehicle is printed with a power and toughness, but it's not a
  creature. If it becomes a creature ..., it will have that power and toughness": uncrewed, the
  Vehicle is an artifact without power/toughness; crewed, an artifact creature with the printed
  ones. Mutant ``vehicle_pt_when_not_creature``.
* ``crew-summoning-sick`` — "Any untapped creature you control can be tapped to pay a crew
  cost, even one that just came under your control": summoning-sick Bears crew it. Mutant
  ``sick_creatures_cant_crew``.
* ``crew-extra-creatures`` — "You may tap more creatures than necessary to activate a crew
  ability": one Bears more than needed is tapped. Mutant ``crew_exact_creatures``.
* ``crew-already-creature`` — "You may activate a crew ability of a Vehicle even if it's already
  an artifact creature. Doing so has no effect on the Vehicle": crewed twice, its power and
  toughness stay the printed ones. Mutant ``crew_only_noncreature``.
* ``crew-not-entering`` — "When a Vehicle becomes a creature, that doesn't count as having a
  creature enter the battlefield": Ajani's Welcome ("Whenever a creature enters the battlefield
  under your control, you gain 1 life") doesn't trigger. Mutant ``crewing_is_entering``.
* ``crewed-vehicle-crews`` — "Once a Vehicle becomes a creature, it behaves exactly like any
  other artifact creature. ... it can be tapped to pay a Vehicle's crew cost": a crewed Sleek
  Schooner crews the card. Mutant ``only_creature_cards_crew``.
* ``crew-before-attack`` — "For a Vehicle to be able to attack, it must be a creature as the
  declare attackers step begins, so the latest you can activate its crew ability to attack with
  it is during the beginning of combat step": crewed in the beginning of combat step, it attacks
  and deals its combat damage. Mutant ``crew_ends_with_step``.
* ``vehicle-specified-pt`` — "If an effect causes a Vehicle to become an artifact creature with
  a specified power and toughness, that effect overwrites the Vehicle's printed power and
  toughness": Karn's Touch makes it an artifact creature with power and toughness its mana
  value; crewed then, it keeps them (crew only adds types). Mutant ``crew_sets_printed_pt``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "activated_ability", "vehicle"]
RULES = ["301.7", "702.122a"]
SCHOONER = "Sleek Schooner"
WELCOME = "Ajani's Welcome"
TOUCH = "Karn's Touch"


def vehicle_face(name: str) -> tuple[Any, int, int] | NotExecutable:
    """The card's face, the index of its crew ability among its activated abilities and its
    crew number, or why it is not scripted."""
    from conformance.reference.vehicle_text import CREW

    face = b.built_face(name)
    if isinstance(face, NotExecutable):
        return face
    if "Vehicle" not in face.subtypes or face.power is None or face.toughness is None:
        return NotExecutable("only Vehicles with a printed power and toughness are scripted")
    crews = [(i, p.n) for i, ab in enumerate(face.text.activated) for p in ab.extra_costs
             if p.kind == CREW]
    if len(crews) != 1:
        return NotExecutable("the Vehicle has no one crew ability")
    return face, crews[0][0], crews[0][1]


def _plain(face: Any, attacks: bool = False) -> NotExecutable | None:
    """Why the Vehicle's power and toughness may depend on more than its printed numbers (a
    static ability), or, with ``attacks``, what happens as it attacks and deals combat damage
    (a triggered ability other than an enters one, a restriction); None when they don't."""
    t = face.text
    if t.statics:
        return NotExecutable("the Vehicle has a static ability (its power and toughness are "
                             "not only its printed ones)")
    if attacks and (t.restrictions or any(x.event != "enters" for x in t.triggered)):
        return NotExecutable("the Vehicle has a triggered ability or restriction that acts as "
                             "it attacks or deals damage")
    return None


def bears(prefix: str, n: int, **extra: Any) -> list[dict[str, Any]]:
    """``n`` Grizzly Bears, ids ``<prefix>1``..."""
    return [{"id": f"{prefix}{i}", "card": b.BEARS, **extra} for i in range(1, n + 1)]


def crew(idx: int, ids: list[str], vehicle: str = "v") -> dict[str, Any]:
    """Activating the crew ability ``idx`` of ``vehicle``, tapping ``ids``."""
    return {"activate": {"player": "p1", "object": vehicle, "ability": idx,
                         "costs": {"tap": ids}}}


def _needed(n: int) -> int:
    """How many 2-power Bears pay "Crew N"."""
    return max(1, (n + 1) // 2)


def crewed(face: Any) -> dict[str, Any]:
    """The snapshot of the crewed Vehicle: an artifact creature with its printed numbers."""
    return {"types": ["Artifact", "Creature"], "power": face.power,
            "toughness": face.toughness}


RULES_OF = {"vehicle-not-creature": ["301.7", "208.3", "702.122a"],
            "crew-summoning-sick": ["702.122a", "302.6"],
            "crew-not-entering": ["702.122a", "603.6a"],
            "crew-before-attack": ["702.122a", "508.1a", "514.2"],
            "vehicle-specified-pt": ["301.7", "613.4b", "702.122a"]}
"""The rules a family's cases cite, when other than :data:`RULES`."""


def _draft(slug: str, title: str, face: Any, setup: dict[str, Any], actions: list[Any],
           expect: dict[str, Any], extra_cards: tuple[str, ...] = (),
           features: tuple[str, ...] = ()) -> list[Draft]:
    cards = sorted({face.name, b.BEARS, *extra_cards})
    return [Draft(slug, title, FEATURES + list(features), cards, setup, actions, expect,
                  RULES_OF.get(slug, list(RULES)))]


def gen_not_creature(ctx: Context) -> list[Draft] | NotExecutable:
    """Uncrewed: an artifact without power/toughness; crewed: the printed ones."""
    got = vehicle_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, idx, n = got
    if (why := _plain(face)) is not None:
        return why
    crew_ids = [c["id"] for c in bears("c", _needed(n))]
    p1 = b.player(battlefield=[{"id": "v", "card": face.name}, *bears("c", _needed(n))])
    actions = [{"check": {"state": {"objects": {"v": {"types": ["Artifact"], "power": None,
                                                      "toughness": None}}}}},
               crew(idx, crew_ids), b.RESOLVE_TOP]
    expect = {"state": {"objects": {"v": crewed(face)}, "stack": []}}
    return _draft("vehicle-not-creature", f"Uncrewed, {face.name} is not a creature and has no "
                  "power or toughness; crewed, it is an artifact creature with its printed "
                  f"{face.power}/{face.toughness}", face, b.game(p1, b.player()), actions,
                  expect, features=("until_end_of_turn",))


def gen_summoning_sick(ctx: Context) -> list[Draft] | NotExecutable:
    """Creatures that came under p1's control this turn crew the Vehicle."""
    got = vehicle_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, idx, n = got
    crewers = bears("c", _needed(n), summoning_sick=True)
    p1 = b.player(battlefield=[{"id": "v", "card": face.name}, *crewers])
    actions = [crew(idx, [c["id"] for c in crewers]), b.RESOLVE_TOP]
    expect = {"state": {"objects": {"v": {"types": ["Artifact", "Creature"]},
                                    **{c["id"]: {"tapped": True} for c in crewers}},
                        "stack": []}}
    return _draft("crew-summoning-sick", f"Grizzly Bears that entered this turn (summoning sick) "
                  f"crew {face.name}: crewing is not a {{T}} cost", face,
                  b.game(p1, b.player()), actions, expect)


def gen_extra_creatures(ctx: Context) -> list[Draft] | NotExecutable:
    """One creature more than needed is tapped to crew."""
    got = vehicle_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, idx, n = got
    crewers = bears("c", _needed(n) + 1)
    p1 = b.player(battlefield=[{"id": "v", "card": face.name}, *crewers])
    actions = [crew(idx, [c["id"] for c in crewers]), b.RESOLVE_TOP]
    expect = {"state": {"objects": {"v": {"types": ["Artifact", "Creature"]},
                                    **{c["id"]: {"tapped": True} for c in crewers}},
                        "stack": []}}
    return _draft("crew-extra-creatures", f"{len(crewers)} Grizzly Bears (total power "
                  f"{2 * len(crewers)}) crew {face.name} (crew {n}): tapping more creatures "
                  "than needed is allowed", face, b.game(p1, b.player()), actions, expect)


def gen_already_creature(ctx: Context) -> list[Draft] | NotExecutable:
    """Crewed twice; the second crew changes nothing."""
    got = vehicle_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, idx, n = got
    if (why := _plain(face)) is not None:
        return why
    k = _needed(n)
    first, second = bears("c", k), bears("d", k)
    p1 = b.player(battlefield=[{"id": "v", "card": face.name}, *first, *second])
    actions = [crew(idx, [c["id"] for c in first]), b.RESOLVE_TOP,
               crew(idx, [c["id"] for c in second]), b.RESOLVE_TOP]
    expect = {"state": {"objects": {"v": crewed(face),
                                    **{c["id"]: {"tapped": True} for c in first + second}},
                        "stack": []}}
    return _draft("crew-already-creature", f"{face.name}, already crewed, is crewed again: "
                  f"it stays an artifact creature with its printed {face.power}/"
                  f"{face.toughness}", face, b.game(p1, b.player()), actions, expect,
                  features=("until_end_of_turn",))


def gen_not_entering(ctx: Context) -> list[Draft] | NotExecutable:
    """Crewing it doesn't trigger "whenever a creature enters the battlefield"."""
    got = vehicle_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, idx, n = got
    crewers = bears("c", _needed(n))
    p1 = b.player(battlefield=[{"id": "v", "card": face.name}, {"id": "w", "card": WELCOME},
                               *crewers])
    actions = [crew(idx, [c["id"] for c in crewers]), b.RESOLVE_TOP]
    expect = {"events_absent": [{"type": "triggered", "source": "w"}],
              "state": {"objects": {"v": {"types": ["Artifact", "Creature"]}}, "stack": [],
                        "life": {"p1": 20}}}
    return _draft("crew-not-entering", f"Crewing {face.name} doesn't make a creature enter the "
                  f"battlefield: {WELCOME} doesn't trigger", face, b.game(p1, b.player()),
                  actions, expect, (WELCOME,), ("life",))


def gen_crewed_crews(ctx: Context) -> list[Draft] | NotExecutable:
    """A crewed Sleek Schooner (4/3) crews the card, with Bears for the rest."""
    got = vehicle_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, idx, n = got
    if face.name == SCHOONER:
        return NotExecutable("the crewing Vehicle is a Sleek Schooner already")
    extra = _needed(max(0, n - 4)) if n > 4 else 0
    helpers = bears("c", extra)
    p1 = b.player(battlefield=[{"id": "v", "card": face.name}, {"id": "s", "card": SCHOONER},
                               {"id": "sc", "card": b.BEARS}, *helpers])
    actions = [crew(0, ["sc"], "s"), b.RESOLVE_TOP,
               crew(idx, ["s", *(c["id"] for c in helpers)]), b.RESOLVE_TOP]
    expect = {"state": {"objects": {"v": {"types": ["Artifact", "Creature"]},
                                    "s": {"tapped": True, "types": ["Artifact", "Creature"]}},
                        "stack": []}}
    return _draft("crewed-vehicle-crews", f"A crewed {SCHOONER} (an artifact creature) is "
                  f"tapped to crew {face.name}", face, b.game(p1, b.player()), actions,
                  expect, (SCHOONER,))


def gen_before_attack(ctx: Context) -> list[Draft] | NotExecutable:
    """Crewed in the beginning of combat step, it attacks and deals combat damage."""
    got = vehicle_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, idx, n = got
    if (why := _plain(face, attacks=True)) is not None:
        return why
    if face.text.keywords & {"defender", "double strike", "infect", "wither"} or face.power < 1:
        return NotExecutable("its keywords change whether or how it deals combat damage")
    crewers = bears("c", _needed(n))
    p1 = b.player(battlefield=[{"id": "v", "card": face.name}, *crewers])
    actions = [crew(idx, [c["id"] for c in crewers]), b.RESOLVE_TOP,
               {"advance": {"to": "declare_attackers"}},
               {"declare_attackers": {"player": "p1", "attackers": {"v": "p2"}}},
               {"advance": {"to": "combat_damage"}}]
    expect = {"events": [{"type": "damage", "source": "v", "target": "p2",
                          "amount": face.power, "combat": True}],
              "state": {"life": {"p2": 20 - face.power},
                        "objects": {"v": {"types": ["Artifact", "Creature"],
                                          "attacking": "p2"}}}}
    return _draft("crew-before-attack", f"{face.name}, crewed in the beginning of combat step, "
                  "is still a creature as attackers are declared: it attacks and deals its "
                  "combat damage", face, b.game(p1, b.player(), step="beginning_of_combat"),
                  actions, expect, features=("combat.declare", "combat_damage",
                                             "until_end_of_turn"))


def gen_specified_pt(ctx: Context) -> list[Draft] | NotExecutable:
    """Karn's Touch sets its power and toughness to its mana value; crewing keeps them."""
    got = vehicle_face(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, idx, n = got
    if (why := _plain(face)) is not None:
        return why
    mv = face.mana_value
    if (mv, mv) == (face.power, face.toughness):
        return NotExecutable("its mana value equals its printed power and toughness")
    crewers = bears("c", _needed(n))
    p1 = b.player(mana="{U}{U}", hand=[{"id": "touch", "card": TOUCH}],
                  battlefield=[{"id": "v", "card": face.name}, *crewers])
    set_pt = {"types": ["Artifact", "Creature"], "power": mv, "toughness": mv}
    actions = [b.cast("touch", targets=["v"]), b.RESOLVE_TOP,
               {"check": {"state": {"objects": {"v": set_pt}}}},
               crew(idx, [c["id"] for c in crewers]), b.RESOLVE_TOP]
    expect = {"state": {"objects": {"v": set_pt}, "stack": []}}
    return _draft("vehicle-specified-pt", f"{TOUCH} makes {face.name} an artifact creature with "
                  f"power and toughness {mv} (its mana value) instead of its printed "
                  f"{face.power}/{face.toughness}; crewing it then keeps {mv}/{mv}", face,
                  b.game(p1, b.player()), actions, expect, (TOUCH,),
                  ("mana_cost", "target", "until_end_of_turn"))


FAMILIES = [
    Family("vehicle-not-creature", "A Vehicle is not a creature until crewed; then it has its "
           "printed power and toughness", tuple(RULES_OF["vehicle-not-creature"]), tuple(FEATURES),
           gen_not_creature,
           en=phrases("Each Vehicle is printed with a power and toughness, but it's not a "
                      "creature")),
    Family("crew-summoning-sick", "Any untapped creature you control may crew, even one that "
           "just came under your control", tuple(RULES_OF["crew-summoning-sick"]), tuple(FEATURES),
           gen_summoning_sick,
           en=phrases("Any untapped creature you control can be tapped to pay a crew cost")),
    Family("crew-extra-creatures", "More creatures than needed may be tapped to crew",
           tuple(RULES), tuple(FEATURES), gen_extra_creatures,
           en=phrases("You may tap more creatures than necessary to activate a crew ability")),
    Family("crew-already-creature", "A Vehicle that is already an artifact creature may be "
           "crewed, without effect", tuple(RULES), tuple(FEATURES), gen_already_creature,
           en=phrases("You may activate a crew ability of a Vehicle even if it's already an "
                      "artifact creature")),
    Family("crew-not-entering", "A Vehicle becoming a creature doesn't enter the battlefield",
           tuple(RULES_OF["crew-not-entering"]), tuple(FEATURES), gen_not_entering,
           en=phrases("When a Vehicle becomes a creature, that doesn't count as having a "
                      "creature enter the battlefield")),
    Family("crewed-vehicle-crews", "A crewed Vehicle is an artifact creature: it may crew "
           "another Vehicle", tuple(RULES), tuple(FEATURES), gen_crewed_crews,
           en=phrases("Once a Vehicle becomes a creature, it behaves exactly like any other "
                      "artifact creature")),
    Family("crew-before-attack", "A Vehicle crewed in the beginning of combat step may attack",
           tuple(RULES_OF["crew-before-attack"]), tuple(FEATURES), gen_before_attack,
           en=phrases("For a Vehicle to be able to attack, it must be a creature as the "
                      "declare attackers step begins")),
    Family("vehicle-specified-pt", "An effect giving a Vehicle a power and toughness overwrites "
           "its printed ones", tuple(RULES_OF["vehicle-specified-pt"]), tuple(FEATURES),
           gen_specified_pt,
           en=phrases("If an effect causes a Vehicle to become an artifact creature with a "
                      "specified power and toughness")),
]
