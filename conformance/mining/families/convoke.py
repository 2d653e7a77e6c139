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
* ``convoke-mana-ability`` — "If a creature you control has a mana ability with {T} in the cost,
  activating that ability while casting a spell with convoke will result in the creature being
  tapped when you pay the spell's costs. You won't be able to tap it again for convoke": p1
  taps Llanowar Elves for {G}, then casts the card naming the Elves for convoke with a pool that
  would pay the rest: refused (``illegal_action``). Mutant: ``tapped_creature_convokes``.
  Also mined from the later wording "... will result in the creature being tapped before you
  pay the spell's costs. ... Similarly, if you sacrifice a creature to activate a mana ability
  ...": the case shows its first sentences (the sacrifice is not scripted).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

COLORED = {"W": "Elite Vanguard", "U": "Coral Eel", "B": "Dakmor Scorpion",
           "R": "Goblin Piker", "G": b.BEARS}
"""A vanilla creature of each color (it pays {1} or one mana of that color)."""
RULE = {"convoke": "702.51b", "improvise": "702.126b", "delve": "702.66b"}
"""The rule saying the payer kind is not an alternative cost and does not change the mana cost."""
ARTIFACT = "Ornithopter"
"""{0} artifact creature 0/2 with flying (it pays {1} for improvise)."""
RAINBOW = "Fusion Elemental"
"""{W}{U}{B}{R}{G} vanilla 8/8: a creature of every color."""
FEATURES = ["priority", "stack", "mana_cost", "convoke"]
_TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "creature_or_planeswalker": ("bears2", b.BEARS),
    "artifact_or_enchantment": ("thopter2", "Ornithopter"), "artifact": ("thopter2", "Ornithopter"),
    "perm:nonland": ("bears2", b.BEARS),
}
"""Target slot kind -> the target scripted (p2, p2's Grizzly Bears or Ornithopter)."""


def payer_card(name: str, kind: str = "convoke") -> tuple[
        Any, list[tuple[str, str | None]], list[str]] | NotExecutable:
    """The card's face as the reference engine builds it, its scripted targets and the symbols
    of its mana cost; or why it is not scripted (``kind``: convoke or improvise, 702.126)."""
    import re

    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    if kind not in face.text.payers:
        return NotExecutable(f"the card has no {kind} (the ruling is about another card)")
    if face.has_x or "Land" in face.types:
        return NotExecutable("its mana cost has {X}: the generator does not choose X")
    spell = face.text.spell
    if spell is not None and not isinstance(spell, tuple):
        return NotExecutable("it is a modal spell: the generator does not choose modes")
    targets = b.one_target_each(spell or (), _TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    symbols = re.findall(r"\{([^}]+)\}", face.mana_cost or "")
    if any(not (s.isdigit() or s in COLORED) for s in symbols):
        return NotExecutable(f"its mana cost {face.mana_cost} has a symbol a pool is not "
                             "written for")
    return face, targets, symbols


def pool_after(symbols: list[str], paid: list[str]) -> str:
    """The pool that pays ``symbols`` once convoke paid ``paid`` (``"1"`` or a color each)."""
    generic = sum(int(s) for s in symbols if s.isdigit()) - paid.count("1")
    colored = [s for s in symbols if not s.isdigit()]
    for p in paid:
        if p != "1":
            colored.remove(p)
    return b.mana_pool("".join(f"{{{c}}}" for c in colored) + (f"{{{generic}}}" if generic
                                                                 else "")) or ""


def _scene(name: str, sick: bool, kind: str = "convoke") -> tuple[
        Any, dict[str, Any], list[dict[str, Any]], list[str], list[str]] | NotExecutable:
    """The card cast with creatures (artifacts for improvise, graveyard cards for delve) paying
    part of its cost: (face, setup, actions, the payers' ids, the features)."""
    got = payer_card(name, kind)
    if isinstance(got, NotExecutable):
        return got
    face, targets, symbols = got
    generic = sum(int(s) for s in symbols if s.isdigit())
    payer = ARTIFACT if kind == "improvise" else b.BEARS
    if generic:
        payers = [(f"conv{i}", payer, "1") for i in range(1, min(generic, 2) + 1)]
    elif kind != "convoke":
        return NotExecutable(f"its mana cost has no generic part for {kind} to pay")
    else:
        color = symbols[0]
        payers = [("conv1", COLORED[color], color)]
    creatures = [{"id": oid, "card": card, **({"summoning_sick": True} if sick else {})}
                 for oid, card, _ in payers]
    mine, theirs = b.objects_for(targets)
    where = {"graveyard": creatures, "battlefield": mine} if kind == "delve" else \
        {"battlefield": creatures + mine}
    p1 = b.player(mana=pool_after(symbols, [p for _, _, p in payers]), **where,
                  hand=[{"id": "cv", "card": face.name}])
    setup = b.game(p1, b.player(battlefield=theirs))
    tids = [t for t, _ in targets]
    actions = [b.cast("cv", targets=tids or None, costs={kind: [p[0] for p in payers]})]
    return face, setup, actions, [p[0] for p in payers], features_for(targets, kind)


def features_for(targets: list[tuple[str, str | None]], kind: str = "convoke") -> list[str]:
    """The features of a case casting the card at ``targets``."""
    return FEATURES[:-1] + [kind] + (["target"] if targets else [])


def setup_cards(setup: dict[str, Any]) -> list[str]:
    """The cards of a setup."""
    return sorted({o["card"] for pl in setup["players"].values() for zone in pl.values()
                   if isinstance(zone, list) for o in zone})


def _paid(ids: list[str], kind: str = "convoke") -> dict[str, Any]:
    """The state once the payers ``ids`` (tapped; exiled for delve) and the pool paid for the
    spell."""
    done = {"zone": "exile"} if kind == "delve" else {"tapped": True}
    return {"players": {"p1": {"mana": ""}}, "objects": {i: dict(done) for i in ids}}


def gen_mana_value(ctx: Context, kind: str = "convoke") -> list[Draft] | NotExecutable:
    """The spell cast with convoke (or improvise) keeps the mana value of its mana cost."""
    got = _scene(ctx.card.name, False, kind)
    if isinstance(got, NotExecutable):
        return got
    face, setup, actions, ids, features = got
    state = _paid(ids, kind)
    state["objects"]["cv"] = {"zone": "stack", "mana_value": face.mana_value}
    what = {"convoke": "creature(s) tapped", "improvise": "artifact(s) tapped",
            "delve": "card(s) exiled"}[kind]
    return [Draft(f"{kind}-mana-value", f"{face.name} cast with {len(ids)} {what} for {kind} "
                  f"still has mana value {face.mana_value} on the stack", features,
                  setup_cards(setup), setup, actions,
                  {"events": [{"type": "cast", "object": "cv"}], "state": state},
                  [RULE[kind], "202.3"])]


MANA_CREATURE = {"convoke": ("Llanowar Elves", "{G}"), "improvise": ("Mind Stone", "{C}")}
"""A creature (an artifact) with "{T}: Add <mana>" (its ability 0), and the mana it adds."""


def gen_mana_ability(ctx: Context, kind: str = "convoke") -> list[Draft] | NotExecutable:
    """A creature (an artifact) tapped for its mana ability can't also be tapped for convoke
    (improvise): the cast naming it is refused."""
    got = payer_card(ctx.card.name, kind)
    if isinstance(got, NotExecutable):
        return got
    face, targets, symbols = got
    generic = sum(int(s) for s in symbols if s.isdigit())
    if generic < 2:
        return NotExecutable("its mana cost has less than {2}: the tapped permanent's mana and "
                             "its tapping for " + kind + " would not both pay generic mana")
    card, _ = MANA_CREATURE[kind]
    mine, theirs = b.objects_for(targets)
    symbols = [str(generic - 2) if s.isdigit() else s for s in symbols]
    p1 = b.player(mana=pool_after(symbols, []), battlefield=[{"id": "tapper", "card": card}, *mine],
                  hand=[{"id": "cv", "card": face.name}])
    setup = b.game(p1, b.player(battlefield=theirs))
    tids = [t for t, _ in targets]
    actions = [{"activate": {"player": "p1", "object": "tapper", "ability": 0}},
               b.cast("cv", targets=tids or None, costs={kind: ["tapper"]})]
    return [Draft(f"{kind}-mana-ability", f"{card} tapped for mana while p1 casts {face.name} "
                  f"can't also be tapped for {kind}: the cast is refused",
                  features_for(targets, kind) + ["mana_ability"], setup_cards(setup), setup,
                  actions,
                  {"error": {"kind": "illegal_action", "action": 1},
                   "state": {"zones": {"cv": "hand"}, "objects": {"tapper": {"tapped": True}},
                             "stack": []}},
                  ["702.51a" if kind == "convoke" else "702.126a", "605.3a"])]


def gen_multicolored(ctx: Context) -> list[Draft] | NotExecutable:
    """A multicolored creature tapped for convoke pays one colored symbol of one of its
    colors."""
    got = _scene(ctx.card.name, sick=False)
    if isinstance(got, NotExecutable):
        return got
    face, setup, actions, _, features = got
    symbols = payer_card(face.name)[2]  # type: ignore[index]
    color = next((s for s in symbols if not s.isdigit()), None)
    if color is None:
        return NotExecutable("its mana cost has no colored symbol for a multicolored creature "
                             "to pay")
    p1 = setup["players"]["p1"]
    p1["battlefield"] = [o for o in p1["battlefield"] if not o["id"].startswith("conv")] + \
        [{"id": "conv1", "card": RAINBOW}]
    p1["mana"] = pool_after(symbols, [color])
    actions[0]["cast"]["costs"] = {"convoke": ["conv1"]}
    return [Draft("convoke-multicolored", f"{RAINBOW} (all five colors) tapped for convoke "
                  f"pays {{{color}}} of {face.name}'s cost", features, setup_cards(setup), setup,
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
                  f"convoke pay part of {face.name}'s cost", features, setup_cards(setup), setup,
                  actions, {"events": [{"type": "cast", "object": "cv"}],
                                          "state": {**_paid(ids), "zones": {"cv": "stack"}}},
                  ["702.51a", "302.6"])]


def gen_convoke_mana_ability(ctx: Context) -> list[Draft] | NotExecutable:
    """Convoke: a creature tapped for mana can't also convoke."""
    return gen_mana_ability(ctx, "convoke")


FAMILIES = [
    Family("convoke-mana-value", "Convoke does not change a spell's mana cost or mana value",
           ("702.51b", "202.3"), tuple(FEATURES), gen_mana_value,
           en=phrases("Convoke doesn't change a spell's mana cost or mana value")),
    Family("convoke-mana-ability", "A creature tapped for its mana ability while casting can't "
           "also be tapped for convoke", ("702.51a", "605.3a"), tuple(FEATURES),
           gen_convoke_mana_ability,
           en=phrases("If a creature you control has a mana ability with {T} in the cost, "
                      "activating that ability while casting a spell with convoke will result in "
                      "the creature being tapped when you pay the spell's costs",
                      "If a creature you control has a mana ability with {T} in the cost, "
                      "activating that ability while casting a spell with convoke will result in "
                      "the creature being tapped before you pay the spell's costs")),
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
