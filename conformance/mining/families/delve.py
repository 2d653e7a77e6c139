"""Delve rulings (rule 702.66: "For each generic mana in this spell's total cost, you may exile a
card from your graveyard rather than pay that mana"), for every one-face card the reference
engine builds with delve whose targets the generator scripts (the scenes of
:mod:`conformance.mining.families.convoke`, with Grizzly Bears cards in p1's graveyard exiled
for delve). Nothing resolves, so no decision is left to script.

* ``delve-mana-value`` — "Delve doesn't change a spell's mana cost or mana value" (702.66b):
  up to two cards exiled for delve pay generic mana and the spell on the stack keeps the mana
  value of its mana cost. Mutant: ``delve_lowers_mana_value``.
* ``delve-colored`` — "You can't exile cards to pay for the colored mana requirements of a
  spell with delve": p1's pool pays all but one colored symbol and a graveyard card is named
  for delve: refused (``illegal_action``), the card stays in the graveyard. Mutant:
  ``delve_pays_colored`` (a card exiled for delve pays {1} or one mana of any color).
* ``delve-excess`` — "You can't exile more cards than the generic mana requirement of a spell
  with delve": p1's pool pays the colored symbols, and one card more than the generic part is
  named for delve: refused. Mutant: ``delve_exiles_extra`` (cards beyond the generic part are
  exiled for nothing).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.families import convoke as cv
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ("priority", "stack", "mana_cost", "delve")


def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    """The spell cast with delve keeps the mana value of its mana cost."""
    return cv.gen_mana_value(ctx, "delve")


def _refused(ctx: Context, slug: str, title: str, rule: str, colored: bool
             ) -> list[Draft] | NotExecutable:
    got = cv.payer_card(ctx.card.name, "delve")
    if isinstance(got, NotExecutable):
        return got
    face, targets, symbols = got
    generic = sum(int(s) for s in symbols if s.isdigit())
    color = next((s for s in symbols if not s.isdigit()), None)
    if colored and color is None:
        return NotExecutable("its mana cost has no colored symbol")
    n = 1 if colored else generic + 1
    paid = [color] if colored and color else ["1"] * generic
    exiled = [{"id": f"conv{i}", "card": b.BEARS} for i in range(1, n + 1)]
    mine, theirs = b.objects_for(targets)
    p1 = b.player(mana=cv.pool_after(symbols, paid), graveyard=exiled, battlefield=mine,
                  hand=[{"id": "cv", "card": face.name}])
    setup = b.game(p1, b.player(battlefield=theirs))
    tids = [t for t, _ in targets]
    state: dict[str, Any] = {"zones": {"cv": "hand", **{e["id"]: "graveyard" for e in exiled}},
                             "stack": []}
    return [Draft(slug, title.format(card=face.name, color=color, n=n, generic=generic),
                  cv.features_for(targets, "delve"), cv.setup_cards(setup), setup,
                  [b.cast("cv", targets=tids or None,
                          costs={"delve": [e["id"] for e in exiled]})],
                  {"error": {"kind": "illegal_action", "action": 0}, "state": state}, [rule])]


def gen_colored(ctx: Context) -> list[Draft] | NotExecutable:
    """A card exiled for delve can't pay a colored symbol."""
    return _refused(ctx, "delve-colored", "A card exiled for delve can't pay {{{color}}} of "
                    "{card}'s cost: the cast is refused", "702.66a", True)


def gen_excess(ctx: Context) -> list[Draft] | NotExecutable:
    """No more cards can be exiled for delve than the generic part of the cost."""
    return _refused(ctx, "delve-excess", "{n} cards can't be exiled for delve to cast {card} "
                    "(its generic part is {generic}): the cast is refused", "702.66a", False)


FAMILIES = [
    Family("delve-mana-value", "Delve does not change a spell's mana cost or mana value",
           ("702.66b", "202.3"), FEATURES, gen_mana_value,
           en=phrases("Delve doesn't change a spell's mana cost or mana value")),
    Family("delve-colored", "Delve pays only generic mana", ("702.66a",), FEATURES,
           gen_colored,
           en=phrases("You can't exile cards to pay for the colored mana requirements of a "
                      "spell with delve",
                      "You can exile cards to pay only for generic mana")),
    Family("delve-excess", "No more cards are exiled for delve than the generic mana to pay",
           ("702.66a",), FEATURES, gen_excess,
           en=phrases("You can't exile more cards than the generic mana requirement of a spell "
                      "with delve")),
]
