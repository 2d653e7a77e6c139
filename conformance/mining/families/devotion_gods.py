"""The devotion families' cases for the Theros gods ("As long as your devotion to green is less
than five, CARDNAME isn't a creature", :class:`~conformance.reference.abilities.
NotCreatureBelowDevotion`): no action, the god and helpers on p1's battlefield, and whether the
god is a creature shows the devotion the engine counted (the god's own mana cost counts).

* ``devotion-hybrid`` — hybrid and Phyrexian helpers bring the devotion to the number: the god
  is a creature (an engine ignoring those symbols counts the god's alone and says it is not).
* ``devotion-text-box`` — helpers with one symbol of the color in their mana cost and one in
  their text box bring it to one below: the god is not a creature.
* ``devotion-generic`` — vanilla helpers costing {1} and one symbol of the color bring it to one
  below: the god is not a creature.
"""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, NotExecutable

RULES = ["700.5", "613.1d"]


def _count(cost: str | None, colors: tuple[str, ...], *, hybrid: bool = True) -> int:
    """The symbols of ``cost`` of one of ``colors`` (once each; hybrid and Phyrexian ones too
    unless ``hybrid`` is False)."""
    n = 0
    for sym in re.findall(r"\{([^}]+)\}", cost or ""):
        parts = sym.split("/")
        if set(colors) & set(parts) and (hybrid or len(parts) == 1):
            n += 1
    return n


def _god(name: str) -> tuple[Any, Any] | None:
    """The face of ``name`` and its one "isn't a creature" static, or None (not a god)."""
    from conformance.reference.abilities import NotCreatureBelowDevotion
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None or len(card.faces) != 1:
        return None
    face = card.faces[0]
    found = [s for s in face.text.statics if isinstance(s, NotCreatureBelowDevotion)]
    return (face, found[0]) if len(found) == 1 and "Creature" in face.types else None


def god_draft(ctx: Context, slug: str, helpers: dict[str, dict[str, str]]) -> (
        list[Draft] | NotExecutable | None):
    """The case of family ``slug`` for a god (``helpers``: the family's helper cards by kind and
    color: hybrid, phyrexian, text_box, generic), or None when the card is not a god."""
    from conformance.reference.cards import load_cards

    got = _god(ctx.card.name)
    if got is None:
        return None
    face, st = got
    own = _count(face.mana_cost, st.colors)
    if own >= st.n:
        return NotExecutable("the god's own mana cost reaches the number")
    c0 = st.colors[0]

    def cost(name: str) -> str | None:
        return load_cards()[name].faces[0].mana_cost

    if slug == "devotion-hybrid":
        pair = [helpers["hybrid"][c0], helpers["phyrexian"][c0]]
        each = sum(_count(cost(h), st.colors) for h in pair)
        copies = -(-(st.n - own) // each)
        names, creature = pair * copies, True
        why = "its hybrid and Phyrexian helpers' symbols count"
    else:
        helper = helpers["text_box" if slug == "devotion-text-box" else "generic"][c0]
        each = _count(cost(helper), st.colors)
        copies = (st.n - 1 - own) // each
        if copies < 1 or own + copies * each != st.n - 1:
            return NotExecutable("no number of helpers brings the devotion to one below")
        names, creature = [helper] * copies, False
        why = ("the symbols in its helpers' text boxes do not count"
               if slug == "devotion-text-box" else "generic mana symbols do not count")
    devotion = own + sum(_count(cost(h), st.colors) for h in names)
    types = [t for t in face.types if creature or t != "Creature"]
    battlefield = [{"id": "god", "card": face.name}] + [
        {"id": f"h{i}", "card": h} for i, h in enumerate(names, 1)]
    return [Draft(slug, f"{face.name}: devotion {devotion} against {st.n}: "
                  f"{'a creature' if creature else 'not a creature'} ({why})", ["devotion"],
                  sorted({face.name, *names}), b.game(b.player(battlefield=battlefield),
                                                      b.player()),
                  [], {"state": {"objects": {"god": {"types": types}}}}, list(RULES))]
