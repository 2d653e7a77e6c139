"""Foretell rulings (rule 702.143a: "Foretell [cost]" means "During your turn, you may pay {2}
and exile this card from your hand face down. Cast it on a later turn for its foretell cost";
116.2h: foretelling is a special action), for every one-face card the reference engine builds
with foretell whose foretell cost basic lands pay and whose targets the generator scripts.
The reference engine's foretell: :mod:`conformance.reference.alt_costs`.

* ``foretell-special-action`` — "Because exiling a card with foretell from your hand is a
  special action, you can do so any time you have priority during your turn, including in
  response to spells and abilities": p1 casts Lightning Bolt at p2, then, holding priority,
  foretells the card: it is exiled face down while the Bolt still waits on the stack. Mutant:
  ``foretell_needs_empty_stack``.
* ``foretell-timing`` — "Casting a foretold card from exile follows the timing rules for that
  card": p1 foretells a card that is neither an instant nor has flash on turn 3; on p2's turn 4
  p2 passes priority and p1, tapping basic lands for its foretell cost, casts it from exile:
  refused (``illegal_action``), the card stays in exile. Mutant: ``foretold_ignores_timing``.
"""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "foretell"]
_TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "nonland_permanent": ("bears2", b.BEARS),
    "creature_or_planeswalker": ("bears2", b.BEARS), "perm:Artifact|Creature": ("bears2", b.BEARS),
}
_LANDS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest",
          "C": "Wastes"}
"""The basic land tapped for each mana symbol of a foretell cost (generic: Wastes)."""


def _foretell_card(name: str, *, cast: bool = True
                   ) -> tuple[Any, str, list[tuple[str, str | None]]] | NotExecutable:
    """The card's face, foretell cost and (when the case ``cast``s it) scripted targets, or why
    the generator skips it."""
    from conformance.reference.cards import load_cards
    from conformance.reference.effect_blocks import Modal
    from conformance.reference.objects import spell_effects

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    cost = dict(face.text.alternatives).get("foretell")
    if cost is None:
        return NotExecutable("the card has no foretell cost of its own")
    if not cast:
        return face, cost, []
    if face.has_x or face.text.additional_costs or isinstance(face.text.spell, Modal):
        return NotExecutable("only cards without {X}, modes or additional costs are scripted")
    targets = b.one_target_each(spell_effects(face, ()), _TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    return face, cost, targets


def _lands(cost: str) -> list[dict[str, Any]] | None:
    """Untapped basic lands of p1's that pay ``cost`` (ids ``land1``...), or None."""
    names: list[str] = []
    for sym in re.findall(r"\{([^}]+)\}", cost):
        if sym.isdigit():
            names += [_LANDS["C"]] * int(sym)
        elif sym in _LANDS:
            names.append(_LANDS[sym])
        else:
            return None
    return [{"id": f"land{i}", "card": n} for i, n in enumerate(names, 1)]


def gen_special_action(ctx: Context) -> list[Draft] | NotExecutable:
    """Foretelling in response to p1's own Lightning Bolt."""
    got = _foretell_card(ctx.card.name, cast=False)
    if isinstance(got, NotExecutable):
        return got
    face, _cost, _targets = got
    setup = b.game(b.player(mana="{R}{C}{C}", hand=[{"id": "ft", "card": face.name},
                                                    {"id": "bolt", "card": b.BOLT}]),
                   b.player())
    return [Draft("foretell-special-action", f"{face.name} is foretold while p1's {b.BOLT} "
                  "waits on the stack: foretelling is a special action", FEATURES + ["target"],
                  sorted({face.name, b.BOLT}), setup,
                  [b.cast("bolt", targets=["p2"]), {"foretell": {"player": "p1", "object": "ft"}}],
                  {"events": [{"type": "cast", "object": "bolt"},
                              {"type": "zone_change", "object": "ft", "from": "hand",
                               "to": "exile"}],
                   "events_absent": [{"type": "resolved", "object": "bolt"}],
                   "state": {"zones": {"ft": "exile"}, "objects": {"ft": {"face_down": True}},
                             "stack": [b.BOLT], "life": {"p2": 20}}},
                  ["116.2h", "702.143a"])]


def gen_timing(ctx: Context) -> list[Draft] | NotExecutable:
    """A foretold sorcery-speed card cast from exile on p2's turn is refused."""
    got = _foretell_card(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, cost, targets = got
    if "Instant" in face.types or "flash" in face.text.keywords:
        return NotExecutable("the card is an instant (or has flash): it may be cast on the next "
                             "player's turn")
    lands = _lands(cost)
    if lands is None:
        return NotExecutable(f"its foretell cost {cost} has a symbol basic lands do not pay")
    mine, theirs = b.objects_for(targets)
    setup = b.game(b.player(mana="{C}{C}", hand=[{"id": "ft", "card": face.name}],
                            battlefield=[*lands, *mine]),
                   b.player(battlefield=theirs, library=[{"id": "draw2", "card": b.ISLAND}]))
    taps: list[dict[str, Any]] = [{"activate": {"player": "p1", "object": land["id"], "ability": 0}} for land in lands]
    cast = b.cast("ft", targets=[tid for tid, _ in targets] or None,
                  costs={"alternative": "foretell"})
    actions: list[dict[str, Any]] = [{"foretell": {"player": "p1", "object": "ft"}},
               {"advance": {"to": "precombat_main", "next_turn": True}},
               {"pass_priority": {"player": "p2"}}, *taps, cast]
    cards = sorted({face.name, b.ISLAND, *(land["card"] for land in lands)}
                   | {c for _, c in targets if c})
    return [Draft("foretell-timing", f"{face.name}, foretold on p1's turn, cannot be cast from "
                  "exile on p2's turn: a foretold card keeps its type's timing",
                  FEATURES + ["mana_ability", "turn_structure"] + (["target"] if targets else []),
                  cards, setup, actions,
                  {"error": {"kind": "illegal_action", "action": len(actions) - 1},
                   "state": {"zones": {"ft": "exile"}, "stack": []}},
                  ["702.143a", "307.1", "601.3"])]


FAMILIES = [
    Family("foretell-special-action", "Foretelling is a special action, taken any time its "
           "player has priority during their turn", ("116.2h", "702.143a"), tuple(FEATURES),
           gen_special_action,
           en=phrases("Because exiling a card with foretell from your hand is a special action, "
                      "you can do so any time you have priority during your turn, including in "
                      "response to spells and abilities")),
    Family("foretell-timing", "A foretold card cast from exile follows its type's timing",
           ("702.143a", "307.1"), tuple(FEATURES), gen_timing,
           en=phrases("Casting a foretold card from exile follows the timing rules for that "
                      "card")),
]
