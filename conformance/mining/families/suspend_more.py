"""More suspend rulings (rules 702.62a-b, 701.5a), for every one-face card with "Suspend
N—{cost}" the reference engine builds. A suspend trigger is countered by p2's Stifle ("Counter
target activated or triggered ability."), paid with the {U} of p2's Island, the trigger named as
its target by ``{source, ability}`` (its ``triggered`` event's).

* ``suspend-upkeep-countered`` — "If the first triggered ability of suspend ... is countered,
  no time counter is removed. The ability will trigger again at the beginning of the card's
  owner's next upkeep": the card suspended with two time counters; its upkeep trigger is
  countered (still two), and at p1's next upkeep it triggers again and removes one. Mutant
  ``countered_suspend_trigger_removes_counter``.
* ``suspend-cast-countered`` — "If the second triggered ability is countered, the card can't be
  cast. It remains exiled with no time counters on it, and it's no longer suspended": an outside
  effect removes the last time counter, the cast trigger is countered; the card stays exiled
  with no counters, is not cast, and at p1's next upkeep suspend does not trigger. Mutant
  ``countered_cast_trigger_still_casts``.
* ``suspend-face-up`` — "Cards exiled with suspend are exiled face up": the suspended card's
  snapshot is not face down. Mutant ``suspended_face_down``.
* ``suspended-card`` — "If an effect refers to a 'suspended card,' that means a card that (1)
  has suspend, (2) is in exile, and (3) has one or more time counters on it": suspend's own
  upkeep trigger ("if this card is suspended", 702.62a) does not trigger for the card in exile
  with no time counter. Mutant ``suspended_without_time_counters``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "suspend", "counters", "turn_structure"]
STIFLE = "Stifle"


def _face(ctx: Context) -> Any:
    from conformance.reference.cards import load_cards

    card = load_cards().get(ctx.card.name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1 or card.faces[0].text.suspend is None:
        return NotExecutable("only one-face cards with suspend are scripted")
    if STIFLE not in load_cards():
        return NotExecutable("the reference engine does not build Stifle")
    return card.faces[0]


def _islands(suffix: str) -> list[dict[str, Any]]:
    return [{"id": f"lib{i}{suffix}", "card": b.ISLAND} for i in range(1, 4)]


def _exiled_setup(name: str, time: int, *, stifle: bool) -> dict[str, Any]:
    """p1's card in exile with ``time`` time counters, p2 active in their postcombat main
    phase; p2 holds Stifle and an untapped Island (its {U} pays for Stifle in p1's turn)."""
    exiled: dict[str, Any] = {"id": "sus", "card": name}
    exiled["counters"] = {"time": time} if time else {}
    p1 = b.player(library=_islands("a"))
    p1["exile"] = [exiled]
    p2 = b.player(library=_islands("b"))
    if stifle:
        p2["hand"] = [{"id": "stifle", "card": STIFLE}]
        p2["battlefield"] = [{"id": "isl2", "card": b.ISLAND}]
    return b.game(p1, p2, step="postcombat_main", active="p2")


def _stifle(ability: str) -> list[dict[str, Any]]:
    """p1 passes with the suspend trigger on the stack; p2 taps the Island for {U} and casts
    Stifle targeting it; Stifle resolves."""
    return [{"pass_priority": {"player": "p1"}},
            {"activate": {"player": "p2", "object": "isl2", "ability": 0}},
            {"cast": {"player": "p2", "object": "stifle",
                      "targets": [{"source": "sus", "ability": ability}]}},
            b.RESOLVE_TOP]


_NEXT_P1_UPKEEP = [{"advance": {"to": "upkeep", "next_turn": True}},
                   {"advance": {"to": "upkeep", "next_turn": True}}]


def gen_upkeep_countered(ctx: Context) -> list[Draft] | NotExecutable:
    """The upkeep trigger countered: no counter removed; it triggers again next upkeep."""
    face = _face(ctx)
    if isinstance(face, NotExecutable):
        return face
    from conformance.reference.oracle_suspended import SUSPENDED_EVENTS

    if any(t.event in SUSPENDED_EVENTS for t in face.text.triggered):
        return NotExecutable("an ability of the suspended card triggers on p2's Stifle: the "
                             "generator does not script it")
    actions = [{"advance": {"to": "upkeep", "next_turn": True}},
               *_stifle("suspend_upkeep"),
               {"check": {"events": [{"type": "countered", "source": "sus",
                                      "ability": "suspend_upkeep"}],
                          "state": {"objects": {"sus": {"counters": {"time": 2}}},
                                    "stack": []}}},
               *_NEXT_P1_UPKEEP,
               b.RESOLVE_TOP]  # suspend_upkeep again: one counter removed
    expect = {"events_absent": [{"type": "triggered", "ability": "suspend_cast"}],
              "state": {"zones": {"sus": "exile"}, "objects": {"sus": {"counters": {"time": 1}}},
                        "stack": [], "step": "upkeep", "active_player": "p1"}}
    return [Draft("suspend-upkeep-countered", f"Suspend's upkeep trigger of {face.name} is "
                  "countered: no time counter is removed, and it triggers again at its owner's "
                  "next upkeep", list(FEATURES), sorted({face.name, b.ISLAND, STIFLE}),
                  _exiled_setup(face.name, 2, stifle=True), actions, expect,
                  ["702.62a", "701.5a"])]


def gen_cast_countered(ctx: Context) -> list[Draft] | NotExecutable:
    """The cast trigger countered: not cast, exiled with no time counters, not suspended."""
    face = _face(ctx)
    if isinstance(face, NotExecutable):
        return face
    from conformance.mining.families.suspend import last_counter_refusal

    if (refused := last_counter_refusal(face)) is not None:
        return refused
    setup = _exiled_setup(face.name, 1, stifle=True)
    setup["active_player"] = "p1"
    setup["step"] = "precombat_main"
    actions = [{"remove_counters": {"object": "sus", "counter": "time", "n": 1}},
               *_stifle("suspend_cast"),
               {"check": {"events": [{"type": "countered", "source": "sus",
                                      "ability": "suspend_cast"}],
                          "state": {"stack": []}}},
               *_NEXT_P1_UPKEEP]
    expect = {"events_absent": [{"type": "cast", "object": "sus"},
                                {"type": "triggered", "source": "sus",
                                 "ability": "suspend_upkeep"}],
              "state": {"zones": {"sus": "exile"}, "objects": {"sus": {"counters": {}}},
                        "stack": [], "step": "upkeep", "active_player": "p1"}}
    return [Draft("suspend-cast-countered", f"Suspend's cast trigger of {face.name} is "
                  "countered: the card is not cast and stays exiled with no time counters, no "
                  "longer suspended", list(FEATURES), sorted({face.name, b.ISLAND, STIFLE}),
                  setup, actions, expect, ["702.62a", "702.62b", "701.5a"])]


def gen_face_up(ctx: Context) -> list[Draft] | NotExecutable:
    """The card is exiled face up by the suspend action."""
    face = _face(ctx)
    if isinstance(face, NotExecutable):
        return face
    n, cost = face.text.suspend
    pool = b.mana_pool(cost)
    if pool is None:
        return NotExecutable("its suspend cost has a symbol a pool is not written for")
    if "Land" in face.types:
        return NotExecutable("a land is not suspended from a hand by timing the generator "
                             "scripts")
    p1 = b.player(mana=pool or None, hand=[{"id": "sus", "card": face.name}],
                  library=b.islands(3))
    setup = b.game(p1, b.player(library=_islands("b")))  # p1's main phase: any timing
    # a state check only: the events are suspend-not-cast's (no subset case on one setup)
    expect = {"state": {"zones": {"sus": "exile"},
                        "objects": {"sus": {"face_down": None, "counters": {"time": n},
                                            "name": face.name}}}}
    return [Draft("suspend-face-up", f"{face.name} is exiled face up by suspend",
                  ["priority", "suspend", "counters", "mana_cost"], sorted({face.name, b.ISLAND}),
                  setup, [{"suspend": {"player": "p1", "object": "sus"}}], expect,
                  ["702.62a", "406.3"])]


def gen_suspended_card(ctx: Context) -> list[Draft] | NotExecutable:
    """A card with suspend in exile with no time counter is not suspended."""
    face = _face(ctx)
    if isinstance(face, NotExecutable):
        return face
    actions = list(_NEXT_P1_UPKEEP[:1])
    expect = {"events": [{"type": "step", "name": "upkeep"}],
              "events_absent": [{"type": "triggered", "source": "sus"}],
              "state": {"zones": {"sus": "exile"}, "objects": {"sus": {"counters": {}}},
                        "stack": [], "step": "upkeep", "active_player": "p1"}}
    return [Draft("suspended-card", f"{face.name} in exile with no time counter is not "
                  "suspended: suspend's upkeep trigger does not trigger",
                  ["priority", "suspend", "counters", "turn_structure"],
                  sorted({face.name, b.ISLAND}), _exiled_setup(face.name, 0, stifle=False),
                  actions, expect, ["702.62a", "702.62b"])]


FAMILIES = [
    Family("suspend-upkeep-countered", "A countered suspend upkeep trigger removes no counter",
           ("702.62a", "701.5a"), tuple(FEATURES), gen_upkeep_countered,
           en=phrases("If the first triggered ability of suspend (the one that removes time "
                      "counters) is countered, no time counter is removed")),
    Family("suspend-cast-countered", "A countered suspend cast trigger casts nothing",
           ("702.62a", "702.62b", "701.5a"), tuple(FEATURES), gen_cast_countered,
           en=phrases("If the second triggered ability is countered, the card can't be cast")),
    Family("suspend-face-up", "Cards are exiled face up by suspend", ("702.62a", "406.3"),
           ("priority", "suspend", "counters", "mana_cost"), gen_face_up,
           en=phrases("Cards exiled with suspend are exiled face up")),
    Family("suspended-card", "A suspended card has suspend, is exiled, has a time counter",
           ("702.62a", "702.62b"), ("priority", "suspend", "counters", "turn_structure"),
           gen_suspended_card,
           en=phrases("If an effect refers to a \"suspended card,\" that means a card that")),
]
