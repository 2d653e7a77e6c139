"""The ``illegal-target-fizzle`` family for abilities (608.2b applies to activated and triggered
abilities as to spells): a permanent card the reference engine builds with an activated ability
or an enters-the-battlefield ability whose every target slot :mod:`.fizzle_targets` scripts.

* activated: the permanent is on p1's battlefield; p1 activates the ability at the scripted
  targets (paying its mana cost and {T});
* triggered ("When CARDNAME enters"): p1 casts the card; as it resolves the ability triggers and
  p1 chooses its targets as it is put on the stack (603.3d).

Then every target gains shroud and the stack resolves: the ability doesn't resolve (no
`resolved` event of its source), nothing happens to the targets or the players.
"""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.families import fizzle_targets as ft
from conformance.mining.model import Draft, NotExecutable

FEATURES = ["priority", "stack", "target", "keywords"]
RULES = ["608.2b"]
_ORDINAL = {"first": 0, "second": 1, "third": 2}


def gen_ability(name: str, ruling: str) -> list[Draft] | NotExecutable:
    """The card's targeted ability (the one the ruling names, or its only one) whose targets
    all gain shroud in response doesn't resolve."""
    from conformance.reference.cards import load_cards

    built = load_cards().get(name)
    if built is None:
        return NotExecutable("the reference engine does not build the card (its mutant cannot "
                             "be checked)")
    if len(built.faces) != 1:
        return NotExecutable("only one-face permanent cards' abilities are scripted")
    face = built.faces[0]
    if not {"Creature", "Artifact", "Enchantment", "Land"} & set(face.types) \
            or face.text.enchant is not None:
        return NotExecutable("only the abilities of permanents cast without a target (not an "
                             "instant's, a sorcery's or an Aura's) are scripted")
    text = face.text
    candidates: list[tuple[str, int, Any]] = [
        ("activated", i, ab) for i, ab in enumerate(text.activated) if ab.produces is None]
    candidates += [("enters", i, t) for i, t in enumerate(text.triggered) if t.event == "enters"]
    targeted = [c for c in candidates if any(e.slots for e in c[2].effects)]
    m = re.search(r"CARDNAME's (first|second|third|last) ability", ruling)
    if m:  # "CARDNAME's second ability": counted among all its abilities, in printed order
        every = sorted(candidates, key=lambda c: (c[0] != "enters", c[1]))
        index = len(every) - 1 if m[1] == "last" else _ORDINAL[m[1]]
        pick = every[index] if 0 <= index < len(every) else None
        targeted = [pick] if pick is not None and pick in targeted else []
    if len(targeted) != 1:
        return NotExecutable("the card has no single activated or enters ability with targets "
                             "(or the ruling's ability is not one the generator scripts)")
    kind, idx, ab = targeted[0]
    if kind == "activated" and (ab.extra_costs or ab.sacrifice_self or ab.energy):
        return NotExecutable("the ability's costs beyond mana and {T} are not scripted")
    plan = ft.slot_plan([s for e in ab.effects for s in e.slots])
    if isinstance(plan, NotExecutable):
        return plan
    if plan.spell is not None:
        return NotExecutable("an ability's spell target is not scripted")
    mana = b.mana_pool(ab.cost if kind == "activated" else face.mana_cost)
    if mana is None:
        return NotExecutable("its cost is not one a pool can be written for")
    src = {"id": "src", "card": name}
    if kind == "activated":
        p1 = b.player(mana=mana, battlefield=[src, *plan.mine], library=b.islands(3))
        actions: list[dict[str, Any]] = [{"activate": {"player": "p1", "object": "src",
                                                       "ability": idx,
                                                       "targets": plan.targets}}]
        features = [*FEATURES, "activated_ability"]
    else:
        if not face.mana_cost:
            return NotExecutable("the card has no mana cost to cast it with")
        p1 = b.player(mana=mana, hand=[src], battlefield=plan.mine, library=b.islands(3))
        actions = [b.cast("src"), b.RESOLVE_TOP,
                   {"choose": {"choice": "targets", "targets": plan.targets}}]
        features = [*FEATURES, "mana_cost"]
    setup = b.game(p1, b.player(battlefield=plan.theirs))
    b.stock_libraries(setup["players"], _draws(ab.effects))
    actions += [*plan.illegal(), b.RESOLVE_STACK]
    zones: dict[str, Any] = {"src": "battlefield"}
    objects: dict[str, Any] = {}
    for o in plan.mine + plan.theirs:
        zones[o["id"]] = "battlefield"
        objects[o["id"]] = {"controller": "p1" if o in plan.mine else "p2",
                            "tapped": bool(o.get("tapped")), "damage": 0}
    zones.update({o["id"]: "library" for p in setup["players"].values()
                  for o in p.get("library", [])})
    if len(plan.targets) > 1:
        features.append("target.multiple")
    expect = {"events": [{"type": "put_on_stack", "source": "src"}],
              "events_absent": [{"type": "resolved", "source": "src"}],
              "state": {"zones": zones, "objects": objects, "life": {"p1": 20, "p2": 20}}}
    what = "activated" if kind == "activated" else "enters"
    return [Draft(f"illegal-target-fizzle-{what}-ability",
                  f"{name}'s {what} ability doesn't resolve when its targets gain shroud",
                  features, list(dict.fromkeys([name, *plan.cards, b.ISLAND])), setup, actions,
                  expect, RULES)]


def _draws(effects: Any) -> dict[str, int]:
    """Cards an ability's effects would draw (its libraries must hold them, in case an engine
    resolves it anyway)."""
    n = sum(getattr(e, "n", 0) for e in effects if type(e).__name__ == "Draw")
    return {"p1": n, "p2": 0}
