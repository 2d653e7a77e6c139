"""Convoke rulings (rule 702.51), for every one-face card the reference engine builds with
convoke whose targets the generator scripts (none, a player, any target, a creature, an
artifact). Each case
casts the card paying part of its cost by tapping creatures (protocol 2 ``costs.convoke``) and
looks at it on the stack: nothing resolves, so no decision is left to script.

* ``convoke-mana-value`` — "Convoke doesn't change a spell's mana cost or mana value" (702.51b:
  convoke applies after the total cost is determined; 202.3): Grizzly Bears pay up to two generic
  symbols (a creature of the card's color pays a colored one when the cost has no generic part)
  and the spell on the stack keeps the mana value of its mana cost. Mutant:
  ``convoke_lowers_mana_value`` (each creature tapped for convoke lowers the mana value).
* ``convoke-multicolored`` — "Tapping a multicolored creature using convoke will pay for {1} or
  one mana of your choice of any of that creature's colors": Fusion Elemental (all five colors)
  pays one colored symbol of the cost, the pool the rest. Mutant:
  ``convoke_multicolored_pays_generic`` (a multicolored creature pays only {1}).
* ``convoke-summoning-sick`` — "You can tap an untapped creature you haven't controlled
  continuously since the beginning of your most recent turn to convoke a spell" (302.6 limits
  only attacking and {T} abilities): summoning-sick creatures pay as the mana-value case's do.
  Mutant: ``convoke_needs_unsick_creatures``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

COLORED = {"W": "Elite Vanguard", "U": "Coral Eel", "B": "Dakmor Scorpion",
           "R": "Goblin Piker", "G": b.BEARS}
"""A vanilla creature of each color (it pays {1} or one mana of that color)."""
RAINBOW = "Fusion Elemental"
"""{W}{U}{B}{R}{G} vanilla 8/8: a creature of every color."""
FEATURES = ["priority", "stack", "mana_cost", "convoke"]
_TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "creature_or_planeswalker": ("bears2", b.BEARS),
    "artifact_or_enchantment": ("thopter2", "Ornithopter"), "artifact": ("thopter2", "Ornithopter"),
}
"""Target slot kind -> the target scripted (p2, p2's Grizzly Bears or Ornithopter)."""


def _convoke_card(name: str) -> tuple[Any, list[tuple[str, str | None]], list[str]] | \
        NotExecutable:
    """The card's face as the reference engine builds it, its scripted targets and the symbols
    of its mana cost; or why it is not scripted."""
    import re

    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    if "convoke" not in face.text.payers:
        return NotExecutable("the card has no convoke (the ruling is about another card)")
    if face.has_x or "Land" in face.types:
        return NotExecutable("its mana cost has {X}: the generator does not choose X")
    spell = face.text.spell
    if spell is not None and not isinstance(spell, tuple):
        return NotExecutable("it is a modal spell: the generator does not choose modes")
    targets = []
    for eff in spell or ():
        for slot in eff.slots:
            if slot.kind not in _TARGETS or slot.min != 1 or slot.max != 1:
                return NotExecutable(f"its target ({slot.kind}) is not one the generator "
                                     "scripts")
            targets.append(_TARGETS[slot.kind])
    symbols = re.findall(r"\{([^}]+)\}", face.mana_cost or "")
    if any(not (s.isdigit() or s in COLORED) for s in symbols):
        return NotExecutable(f"its mana cost {face.mana_cost} has a symbol a pool is not "
                             "written for")
    return face, targets, symbols


def _pool(symbols: list[str], paid: list[str]) -> str:
    """The pool that pays ``symbols`` once convoke paid ``paid`` (``"1"`` or a color each)."""
    generic = sum(int(s) for s in symbols if s.isdigit()) - paid.count("1")
    colored = [s for s in symbols if not s.isdigit()]
    for p in paid:
        if p != "1":
            colored.remove(p)
    return b.mana_pool("".join(f"{{{c}}}" for c in colored) + (f"{{{generic}}}" if generic
                                                                 else "")) or ""


def _scene(name: str, sick: bool) -> tuple[Any, dict[str, Any], list[dict[str, Any]],
                                           list[str], list[str]] | NotExecutable:
    """The card cast with creatures paying part of its cost: (face, setup, actions, the
    creatures' ids, the features)."""
    got = _convoke_card(name)
    if isinstance(got, NotExecutable):
        return got
    face, targets, symbols = got
    generic = sum(int(s) for s in symbols if s.isdigit())
    if generic:
        payers = [(f"conv{i}", b.BEARS, "1") for i in range(1, min(generic, 2) + 1)]
    else:
        color = symbols[0]
        payers = [("conv1", COLORED[color], color)]
    creatures = [{"id": oid, "card": card, **({"summoning_sick": True} if sick else {})}
                 for oid, card, _ in payers]
    mine, theirs = b.objects_for(targets)
    p1 = b.player(mana=_pool(symbols, [p for _, _, p in payers]),
                  battlefield=creatures + mine, hand=[{"id": "cv", "card": face.name}])
    setup = b.game(p1, b.player(battlefield=theirs))
    tids = [t for t, _ in targets]
    actions = [b.cast("cv", targets=tids or None, costs={"convoke": [p[0] for p in payers]})]
    return face, setup, actions, [p[0] for p in payers], _features(targets)


def _features(targets: list[tuple[str, str | None]]) -> list[str]:
    """The features of a case casting the card at ``targets``."""
    return FEATURES + (["target"] if targets else [])


def _cards(setup: dict[str, Any]) -> list[str]:
    """The cards of a setup."""
    return sorted({o["card"] for pl in setup["players"].values() for zone in pl.values()
                   if isinstance(zone, list) for o in zone})


def _paid(ids: list[str]) -> dict[str, Any]:
    """The state once the creatures ``ids`` and the pool paid for the spell."""
    return {"players": {"p1": {"mana": ""}}, "objects": {i: {"tapped": True} for i in ids}}


def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    """The spell cast with convoke keeps the mana value of its mana cost."""
    got = _scene(ctx.card.name, sick=False)
    if isinstance(got, NotExecutable):
        return got
    face, setup, actions, ids, features = got
    state = _paid(ids)
    state["objects"]["cv"] = {"zone": "stack", "mana_value": face.mana_value}
    return [Draft("convoke-mana-value", f"{face.name} cast with {len(ids)} creature(s) tapped "
                  f"for convoke still has mana value {face.mana_value} on the stack", features,
                  _cards(setup), setup, actions, {"events": [{"type": "cast", "object": "cv"}],
                                          "state": state}, ["702.51b", "202.3"])]


def gen_multicolored(ctx: Context) -> list[Draft] | NotExecutable:
    """A multicolored creature tapped for convoke pays one colored symbol of one of its
    colors."""
    got = _scene(ctx.card.name, sick=False)
    if isinstance(got, NotExecutable):
        return got
    face, setup, actions, _, features = got
    symbols = _convoke_card(face.name)[2]  # type: ignore[index]
    color = next((s for s in symbols if not s.isdigit()), None)
    if color is None:
        return NotExecutable("its mana cost has no colored symbol for a multicolored creature "
                             "to pay")
    p1 = setup["players"]["p1"]
    p1["battlefield"] = [o for o in p1["battlefield"] if not o["id"].startswith("conv")] + \
        [{"id": "conv1", "card": RAINBOW}]
    p1["mana"] = _pool(symbols, [color])
    actions[0]["cast"]["costs"] = {"convoke": ["conv1"]}
    return [Draft("convoke-multicolored", f"{RAINBOW} (all five colors) tapped for convoke "
                  f"pays {{{color}}} of {face.name}'s cost", features, _cards(setup), setup,
                  actions,
                  {"events": [{"type": "cast", "object": "cv"}],
                   "state": {**_paid(["conv1"]), "zones": {"cv": "stack"}}}, ["702.51a"])]


def gen_summoning_sick(ctx: Context) -> list[Draft] | NotExecutable:
    """Summoning-sick creatures can be tapped for convoke."""
    got = _scene(ctx.card.name, sick=True)
    if isinstance(got, NotExecutable):
        return got
    face, setup, actions, ids, features = got
    return [Draft("convoke-summoning-sick", f"{len(ids)} summoning-sick creature(s) tapped for "
                  f"convoke pay part of {face.name}'s cost", features, _cards(setup), setup,
                  actions, {"events": [{"type": "cast", "object": "cv"}],
                                          "state": {**_paid(ids), "zones": {"cv": "stack"}}},
                  ["702.51a", "302.6"])]


FAMILIES = [
    Family("convoke-mana-value", "Convoke does not change a spell's mana cost or mana value",
           ("702.51b", "202.3"), tuple(FEATURES), gen_mana_value,
           en=phrases("Convoke doesn't change a spell's mana cost or mana value")),
    Family("convoke-multicolored", "A multicolored creature tapped for convoke pays one mana of "
           "any of its colors", ("702.51a",), tuple(FEATURES), gen_multicolored,
           en=phrases("Tapping a multicolored creature using convoke will pay for {1} or one "
                      "mana of your choice of any of that creature's colors")),
    Family("convoke-summoning-sick", "A summoning-sick creature can be tapped for convoke",
           ("702.51a", "302.6"), tuple(FEATURES), gen_summoning_sick,
           en=phrases("You can tap an untapped creature you haven't controlled continuously "
                      "since the beginning of your most recent turn to convoke a spell",
                      "You can tap any untapped creature you control to convoke a spell, even "
                      "one you haven't controlled continuously")),
]
