"""Improvise rulings (rule 702.126: "Improvise" lets a player tap untapped artifacts they control
while casting the spell, each paying for {1}), for every one-face card the reference engine
builds with improvise whose targets the generator scripts (see
:mod:`conformance.mining.families.convoke`, whose scenes these reuse with Ornithopters, artifact
creatures, tapped for improvise). Nothing resolves, so no decision is left to script.

* ``improvise-mana-value`` — "Improvise doesn't change a spell's mana cost or mana value"
  (702.126b): up to two Ornithopters pay generic mana and the spell on the stack keeps the mana
  value of its mana cost. Mutant: ``improvise_lowers_mana_value``.
* ``improvise-colored`` — "Improvise can't pay for {W}, {U}, {B}, {R}, {G}, or {C} mana symbols
  in a spell's total cost": p1's pool pays all but one colored symbol and an Ornithopter is
  named for improvise: refused (``illegal_action``). Mutant: ``improvise_pays_colored`` (an
  artifact tapped for improvise pays {1} or one mana of any color).
* ``improvise-mana-ability`` — "If an artifact you control has a mana ability with {T} in the
  cost, activating that ability while casting a spell with improvise will result in the
  artifact being tapped when you pay the spell's costs. You won't be able to tap it again for
  improvise": p1 taps Mind Stone for {C}, then names it for improvise: refused. Mutant:
  ``tapped_artifact_improvises``.
"""

from __future__ import annotations

from conformance.mining import build as b
from conformance.mining.families import convoke as cv
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ("priority", "stack", "mana_cost", "improvise")


def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    """The spell cast with improvise keeps the mana value of its mana cost."""
    return cv.gen_mana_value(ctx, "improvise")


def gen_mana_ability(ctx: Context) -> list[Draft] | NotExecutable:
    """An artifact tapped for mana can't also be tapped for improvise."""
    return cv.gen_mana_ability(ctx, "improvise")


def gen_colored(ctx: Context) -> list[Draft] | NotExecutable:
    """An artifact tapped for improvise can't pay a colored symbol."""
    got = cv.payer_card(ctx.card.name, "improvise")
    if isinstance(got, NotExecutable):
        return got
    face, targets, symbols = got
    color = next((s for s in symbols if not s.isdigit()), None)
    if color is None:
        return NotExecutable("its mana cost has no colored symbol")
    mine, theirs = b.objects_for(targets)
    p1 = b.player(mana=cv.pool_after(symbols, [color]),
                  battlefield=[{"id": "conv1", "card": cv.ARTIFACT}, *mine],
                  hand=[{"id": "cv", "card": face.name}])
    setup = b.game(p1, b.player(battlefield=theirs))
    tids = [t for t, _ in targets]
    return [Draft("improvise-colored", f"An Ornithopter tapped for improvise can't pay "
                  f"{{{color}}} of {face.name}'s cost: the cast is refused",
                  cv.features_for(targets, "improvise"), cv.setup_cards(setup), setup,
                  [b.cast("cv", targets=tids or None, costs={"improvise": ["conv1"]})],
                  {"error": {"kind": "illegal_action", "action": 0},
                   "state": {"zones": {"cv": "hand"}, "objects": {"conv1": {"tapped": False}},
                             "stack": []}}, ["702.126a"])]


FAMILIES = [
    Family("improvise-mana-value", "Improvise does not change a spell's mana cost or mana value",
           ("702.126b", "202.3"), FEATURES, gen_mana_value,
           en=phrases("Improvise doesn't change a spell's mana cost or mana value")),
    Family("improvise-colored", "Improvise pays only generic mana", ("702.126a",), FEATURES,
           gen_colored,
           en=phrases("Improvise can't pay for {W}, {U}, {B}, {R}, {G}, or {C} mana symbols")),
    Family("improvise-mana-ability", "An artifact tapped for its mana ability while casting "
           "can't also be tapped for improvise", ("702.126a", "605.3a"), FEATURES,
           gen_mana_ability,
           en=phrases("If an artifact you control has a mana ability with {T} in the cost, "
                      "activating that ability while casting a spell with improvise will result "
                      "in the artifact being tapped")),
]
