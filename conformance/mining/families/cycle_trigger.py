"""The rulings on "When you cycle CARDNAME, ..." (rule 702.29c: a triggered ability that triggers
as its owner cycles the card, going on the stack above the cycling ability), for every
one-face card the reference engine builds with a plain mana cycling cost and such an ability
("When you cycle CARDNAME or it dies" too) whose targets (if any) the generator scripts.

* ``cycle-trigger-separate`` — "The cycling ability and the triggered ability are separate. If
  the triggered ability doesn't resolve (due to being countered with Stifle, for example, or if
  all its targets have become illegal), the cycling ability will still resolve and you'll draw
  a card": p1 cycles the card (its trigger targets p1's Grizzly Bears if it targets); p2 taps
  an Island and counters the trigger with Stifle; the cycling ability still resolves and p1
  draws the top card of their library. Mutant: ``cycling_countered_with_its_trigger`` (the
  cycling ability leaves the stack with its countered trigger).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

STIFLE = "Stifle"
"""{U} instant: "Counter target activated or triggered ability.\""""
FEATURES = ["priority", "stack", "mana_cost", "cycling", "activated_ability", "mana_ability",
            "trigger.cycle"]
RULES = ["702.29a", "702.29c", "603.2", "701.5a", "113.7a"]
TARGETS: dict[str, tuple[str, str | None]] = {"creature": ("bears1", b.BEARS), "any": ("p2", None),
                                              "graveyard_card": ("gyc", None)}
"""The trigger's target slot kinds the generator scripts: p1's creature, p2 for any target, a
Grizzly Bears card in p2's graveyard."""


def cycle_trigger_card(name: str) -> tuple[Any, Any] | NotExecutable:
    """The card's face and its "When you cycle CARDNAME" ability, or why it is not scripted."""
    from conformance.reference.cards import load_cards
    from conformance.reference.common_triggers import CYCLED, CYCLED_OR_DIES

    cards = load_cards()
    card = cards.get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if STIFLE not in cards:
        return NotExecutable("the reference engine does not build Stifle")
    if len(card.faces) != 1 or not card.faces[0].text.cycling:
        return NotExecutable("only one-face cards with a mana cycling cost are scripted")
    face = card.faces[0]
    t = face.text
    cycled = [a for a in t.triggered if a.event in (CYCLED, CYCLED_OR_DIES)]
    if len(cycled) != 1 or len(t.triggered) != 1 or t.activated:
        return NotExecutable("the card has other triggered or activated abilities than one "
                             "'When you cycle' ability")
    return face, cycled[0]


def gen_separate(ctx: Context) -> list[Draft] | NotExecutable:
    """The cycle trigger countered by Stifle: the cycling ability still draws a card."""
    got = cycle_trigger_card(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, trigger = got
    targets = b.one_target_each(trigger.effects, TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    pool = b.mana_pool(face.text.cycling)
    if not pool:
        return NotExecutable("its cycling cost has a symbol a pool is not written for")
    mine, _ = b.objects_for(targets)
    p1 = b.player(mana=pool, battlefield=mine, hand=[{"id": "c", "card": face.name}],
                  library=b.islands(2))
    p2 = b.player(battlefield=[{"id": "isl2", "card": b.ISLAND}],
                  hand=[{"id": "stifle", "card": STIFLE}],
                  graveyard=[{"id": "gyc", "card": b.BEARS}] if ("gyc", None) in targets
                  else [])
    actions: list[dict[str, Any]] = [{"activate": {"player": "p1", "object": "c", "ability": 0}}]
    if targets:
        actions.append({"choose": {"choice": "targets", "source": "c",
                                   "targets": [tid for tid, _ in targets]}})
    actions += [{"pass_priority": {"player": "p1"}},
                {"activate": {"player": "p2", "object": "isl2", "ability": 0}},
                {"cast": {"player": "p2", "object": "stifle",
                          "targets": [{"source": "c", "ability": trigger.name}]}},
                b.RESOLVE_TOP, b.RESOLVE_STACK]  # Stifle, then what is left
    expect = {"events": [{"type": "countered", "source": "c", "ability": trigger.name},
                         {"type": "resolved", "source": "c", "ability": "cycling"}],
              "state": {"stack": [], "zones": {"c": "graveyard", "lib1": "hand",
                                               "stifle": "graveyard"}}}
    features = FEATURES + (["target"] if targets else [])
    return [Draft("cycle-trigger-separate", f"{face.name}'s cycle trigger is countered by "
                  f"{STIFLE}; its cycling ability still resolves and draws a card", features,
                  sorted({face.name, STIFLE, b.ISLAND, *(c for _, c in targets if c),
                          *([b.BEARS] if ("gyc", None) in targets else [])}),
                  b.game(p1, p2), actions, expect, list(RULES))]


FAMILIES = [
    Family("cycle-trigger-separate", "A countered cycle trigger does not stop the cycling "
           "ability", tuple(RULES), tuple(FEATURES), gen_separate,
           en=phrases("The cycling ability and the triggered ability are separate")),
]
