"""Static cost increases (rule 601.2f; 202.3), for every card the reference engine builds with
one "[<Quality>] spells [you cast | your opponents cast] cost {N} more to cast." line (Thalia,
Guardian of Thraben; Sphere of Resistance; Lodestone Golem; Vryn Wingmare; God-Pharaoh's
Statue). The spell cast is Lightning Bolt at p2 (Grizzly Bears for "Creature spells"); the pool
pays exactly its mana cost and the increase.

* ``cost-increase-own`` — "<CARDNAME's> ability affects each spell that's not a creature spell,
  including your own" (and "It affects all players, including you"): p1 controls the card and
  casts the spell; the increase is paid (p1's pool emptied, the spell on the stack). Mutant
  ``cost_increase_spares_its_controller``.
* ``cost-increase-mana-value`` — "The mana value of the spell remains unchanged, no matter what
  the total cost to cast it was" (and "it doesn't change that spell's mana cost or mana value"):
  the card's controller is p2 (p1 for "spells you cast"); the spell on the stack has the mana
  value of its mana cost. Mutant ``cost_increase_raises_mana_value``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "target"]
_SPELLS = {"Creature": (b.BEARS, "{1}{G}", None)}
_BOLT = ("Lightning Bolt", "{R}", "p2")
_BOLT_QUALITIES = ("", "noncreature", "nonartifact", "nonenchantment", "Instant", "R")


def _plan(name: str) -> tuple[Any, Any, tuple[str, str, str | None]] | NotExecutable:
    """(the face, its cost increase, (the spell cast, its mana cost, its target))."""
    from conformance.reference.cost_increase_text import SpellsCostMore

    face = b.built_face(name)
    if isinstance(face, NotExecutable):
        return face
    found = [s for s in face.text.statics if isinstance(s, SpellsCostMore)]
    if len(found) != 1:
        return NotExecutable("the card has no one 'spells cost {N} more to cast' ability")
    inc = found[0]
    if inc.quality in _SPELLS:
        return face, inc, _SPELLS[inc.quality]
    if inc.quality in _BOLT_QUALITIES:
        return face, inc, _BOLT
    return NotExecutable(f"no spell is scripted for its quality ({inc.quality})")


def _draft(slug: str, title: str, face: Any, inc: Any, spell: tuple[str, str, str | None],
           taxer_owner: str, expect_obj: dict[str, Any], rules: list[str]) -> Draft:
    name, cost, target = spell
    pool = b.mana_pool(cost + inc.cost)
    taxer = [{"id": "taxer", "card": face.name}]
    p1 = b.player(mana=pool, hand=[{"id": "sp", "card": name}],
                  battlefield=taxer if taxer_owner == "p1" else None, library=b.islands(3))
    p2 = b.player(battlefield=taxer if taxer_owner == "p2" else None)
    expect = {"events": [{"type": "cast", "object": "sp"}],
              "state": {"stack": [name], "players": {"p1": {"mana": ""}},
                        "objects": {"sp": expect_obj}}}
    return Draft(slug, title, FEATURES if target else FEATURES[:-1],
                 sorted({face.name, name}), b.game(p1, p2),
                 [b.cast("sp", targets=[target] if target else None)], expect, rules)


def gen_own(ctx: Context) -> list[Draft] | NotExecutable:
    """The increase applies to its controller's own spells."""
    got = _plan(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, inc, spell = got
    if inc.whose == "opponents":
        return NotExecutable("the increase applies only to the opponents' spells")
    return [_draft("cost-increase-own", f"{face.name}'s {inc.cost} cost increase applies to its "
                   f"controller's own {spell[0]}: p1 pays {spell[1]}{inc.cost}", face, inc,
                   spell, "p1", {"zone": "stack"}, ["601.2f"])]


def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    """The total cost does not change the spell's mana value."""
    from conformance.reference.cards import load_cards

    got = _plan(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, inc, spell = got
    owner = "p1" if inc.whose == "you" else "p2"
    mv = load_cards()[spell[0]].faces[0].mana_value
    return [_draft("cost-increase-mana-value", f"{spell[0]} cast for {spell[1]}{inc.cost} under "
                   f"{face.name}'s cost increase keeps mana value {mv} on the stack", face, inc,
                   spell, owner, {"zone": "stack", "mana_value": mv}, ["601.2f", "202.3"])]


FAMILIES = [
    Family("cost-increase-own", "A cost increase applies to its controller's own spells",
           ("601.2f",), tuple(FEATURES), gen_own,
           en=phrases("affects each spell that's not a creature spell, including your own",
                      "affects each spell that's not an artifact spell, including your own",
                      "It affects all players, including you")),
    Family("cost-increase-mana-value", "A cost increase does not change the spell's mana value",
           ("601.2f", "202.3"), tuple(FEATURES), gen_mana_value,
           en=phrases("The mana value of the spell remains unchanged, no matter what the total "
                      "cost to cast it was", "but it doesn't change that spell's mana cost or "
                      "mana value")),
]
