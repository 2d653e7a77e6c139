"""Infect rulings (rule 702.90), for every creature card the reference engine builds with
infect, positive power and no ability but keywords. The card attacks p2 in the setup (the
declare blockers step, combat scripted in the setup) and the case advances through combat.

* ``infect-lifelink`` — "Damage from a source with infect is damage in all respects. If the
  source with infect also has lifelink, damage dealt by that source also causes its controller
  to gain that much life": the attacker also has lifelink (a setup keyword); p2 gets poison
  counters and p1 gains that much life. Mutant: ``infect_damage_no_lifelink``.
* ``infect-poison-loses`` — "A player who has ten or more poison counters loses the game. This
  is a state-based action": p2 starts with as many poison counters as lack to ten; after combat
  damage p2 has lost. Mutant: ``poison_ignored``.
* ``infect-counters-stay`` — "The -1/-1 counters remain on the creature indefinitely. They're
  not removed if the creature regenerates or the turn ends": Enormous Baloth (7/7) blocks the
  attacker and still has the -1/-1 counters in the next turn's upkeep. Mutant:
  ``infect_damage_marked`` (infect damage marked like other damage, gone in the cleanup step).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["keywords", "combat_damage", "turn_structure"]
BLOCKER = "Enormous Baloth"


def _infect(name: str) -> Any:
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1 or "Creature" not in card.faces[0].types:
        return NotExecutable("only one-face creature cards are scripted")
    face = card.faces[0]
    t = face.text
    if "infect" not in t.keywords:
        return NotExecutable("the card has no infect")
    if t.triggered or t.activated or t.statics or t.restrictions:
        return NotExecutable("the card has other abilities than keywords")
    if not face.power or face.power >= 7:
        return NotExecutable("its power is 0 (or kills the blocker the case uses)")
    return face


def _attacker(face: Any, **kw: Any) -> dict[str, Any]:
    return {"id": "inf", "card": face.name, "attacking": "p2", **kw}


def gen_lifelink(ctx: Context) -> list[Draft] | NotExecutable:
    """Infect damage with lifelink: poison counters and life gained."""
    face = _infect(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    if "lifelink" in face.text.keywords:
        return NotExecutable("the card has lifelink already")
    p = face.power * (2 if "double strike" in face.text.keywords else 1)
    setup = b.game(b.player(battlefield=[_attacker(face, keywords=["lifelink"])]), b.player(),
                   step="declare_blockers")
    expect = {"state": {"players": {"p2": {"poison": p, "life": 20}}, "life": {"p1": 20 + p}}}
    return [Draft("infect-lifelink", f"{face.name} with lifelink deals infect damage: p2 gets "
                  f"{p} poison counters and p1 gains {p} life", FEATURES + ["life"],
                  [face.name], setup, [{"advance": {"to": "end_of_combat"}}], expect,
                  ["702.90b", "702.15b"])]


def gen_poison(ctx: Context) -> list[Draft] | NotExecutable:
    """Ten poison counters: the player loses as a state-based action."""
    face = _infect(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    p = face.power * (2 if "double strike" in face.text.keywords else 1)
    p2 = b.player()
    p2["poison"] = 10 - p
    setup = b.game(b.player(battlefield=[_attacker(face)]), p2, step="declare_blockers")
    expect = {"state": {"players": {"p2": {"poison": 10, "lost": True}}}}
    return [Draft("infect-poison-loses", f"{face.name}'s infect damage gives p2 a tenth poison "
                  "counter: p2 loses (a state-based action)",
                  FEATURES + ["state_based_actions"], [face.name], setup,
                  [{"advance": {"to": "end_of_combat"}}], expect, ["702.90b", "704.5c"])]


def gen_counters_stay(ctx: Context) -> list[Draft] | NotExecutable:
    """-1/-1 counters from infect stay after the turn ends."""
    face = _infect(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    if {"first strike", "double strike"} & face.text.keywords:
        return NotExecutable("first or double strike: the blocker's damage timing differs")
    if {"menace", "shadow", "horsemanship", "fear", "intimidate", "skulk"} & face.text.keywords:
        return NotExecutable("evasion: the blocker the case uses could not block it")
    p = face.power
    blocker: dict[str, Any] = {"id": "big", "card": BLOCKER, "blocking": "inf"}
    if "flying" in face.text.keywords:
        blocker["keywords"] = ["reach"]  # else it could not block a flyer (702.9b, 702.17b)
    setup = b.game(b.player(battlefield=[_attacker(face)]), b.player(battlefield=[blocker]),
                   step="declare_blockers")
    expect = {"state": {"step": "upkeep", "turn": 4,
                        "objects": {"big": {"power": 7 - p, "toughness": 7 - p}}}}
    return [Draft("infect-counters-stay", f"The -1/-1 counters {face.name}'s infect damage put "
                  f"on {BLOCKER} are still there in the next turn", FEATURES + ["counters"],
                  sorted({face.name, BLOCKER}), setup,
                  [{"advance": {"to": "upkeep", "next_turn": True}}], expect, ["702.90c"])]


FAMILIES = [
    Family("infect-lifelink", "Infect damage is damage: with lifelink its controller gains life",
           ("702.90b", "702.15b"), tuple(FEATURES), gen_lifelink,
           en=phrases("If the source with infect also has lifelink, damage dealt by that source "
                      "also causes its controller to gain that much life")),
    Family("infect-poison-loses", "Ten poison counters: the player loses (state-based action)",
           ("702.90b", "704.5c"), tuple(FEATURES), gen_poison,
           en=phrases("A player who has ten or more poison counters loses the game. This is a "
                      "state-based action")),
    Family("infect-counters-stay", "Infect's -1/-1 counters stay when the turn ends",
           ("702.90c",), tuple(FEATURES), gen_counters_stay,
           en=phrases("The -1/-1 counters remain on the creature indefinitely")),
]
