"""Devotion rulings (rule 700.5), for every card the reference engine builds whose devotion
effect has a shape the generator scripts (a spell, or an "enters the battlefield" trigger, and
no other ability than keywords): drain, gain life, damage to each opponent, tokens, +1/+1
counters on itself, a pump of a target or of your creatures, draw and lose life.

The case puts helper permanents onto p1's battlefield, casts the card with exactly its mana
cost and resolves it (and its trigger); the number the effect used shows in life totals, token
counts, power or cards drawn.

* ``devotion-hybrid`` — "Hybrid mana symbols, monocolored hybrid mana symbols, and Phyrexian
  mana symbols do count toward your devotion to their color(s)": the helpers are a creature
  whose cost is three hybrid symbols of the color and one with a Phyrexian symbol of it.
  Mutant: ``devotion_ignores_hybrid`` (only plain colored symbols count).
* ``devotion-text-box`` — "Mana symbols in the text boxes of permanents you control don't count
  toward your devotion to any color": the helper has one symbol of the color in its mana cost
  and one in its activated ability's text. Mutant: ``devotion_counts_text_symbols`` (the mana
  symbols of activated abilities' costs and of the mana they add count too).
* ``devotion-generic`` — "Colorless and generic mana symbols ({C}, {0}, {1}, {2}, {X}, and so
  on) in mana costs of permanents you control don't count toward your devotion" (and "Numeric
  mana symbols ... don't count"): the helper is a vanilla creature of the color costing {1} and
  one symbol of the color. Mutant: ``devotion_counts_generic`` (the generic mana of a
  permanent's mana cost counts too).
"""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.families.devotion_gods import god_draft
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["devotion", "priority", "stack", "mana_cost"]
_FEATURES_OF = {"drain": ["life"], "gain_life": ["life"], "damage_opponents": ["life"],
                "tokens": ["tokens"], "counters_self": ["counters"],
                "pump_target": ["target", "until_end_of_turn"],
                "pump_yours": ["until_end_of_turn"], "draw_lose": ["draw", "life"]}
RULES = ["700.5"]

HYBRID = {"W": "Hearthfire Hobgoblin", "U": "Plumeveil", "B": "Ashenmoor Gouger",
          "R": "Ashenmoor Gouger", "G": "Boggart Ram-Gang"}
"""A creature whose mana cost is three hybrid symbols of the color (and no other symbol)."""
PHYREXIAN = {"W": "Porcelain Legionnaire", "U": "Spined Thopter", "B": "Vault Skirge",
             "R": "Slash Panther", "G": "Thundering Tanadon"}
"""A creature with Phyrexian symbols of the color and no other colored symbol."""
TEXT_BOX = {"W": "Akroan Mastiff", "U": "Azimaet Drake", "B": "Breathstealer",
            "R": "Anaba Shaman", "G": "Llanowar Elves"}
"""A creature with one symbol of the color in its mana cost and one in its ability's text."""
GENERIC = {"W": "Glory Seeker", "U": "Coral Eel", "B": "Dakmor Scorpion", "R": "Goblin Piker",
           "G": b.BEARS}
"""A vanilla creature costing {1} and one symbol of the color."""
_HELPERS = {"hybrid": HYBRID, "phyrexian": PHYREXIAN, "text_box": TEXT_BOX, "generic": GENERIC}
BIG = "Enormous Baloth"
"""p2's 7/7 creature a -X/-X effect shrinks (and does not kill)."""


def symbols(cost: str | None, color: str, *, hybrid: bool = True) -> int:
    """The mana symbols of ``cost`` that count toward devotion to ``color`` (hybrid and
    Phyrexian ones too unless ``hybrid`` is False)."""
    n = 0
    for sym in re.findall(r"\{([^}]+)\}", cost or ""):
        parts = sym.split("/")
        if color in parts and (hybrid or len(parts) == 1):
            n += 1
    return n


def _devotion_effect(name: str) -> tuple[Any, bool] | NotExecutable:
    """The card's devotion effect and whether it is an enters trigger (False: a spell)."""
    from conformance.reference.abilities_more import Devotion
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    t = card.faces[0].text
    if t.activated or t.statics or t.restrictions or len(t.triggered) > 1:
        return NotExecutable("the card has other abilities than its devotion effect")
    effects = t.triggered[0].effects if t.triggered else (t.spell if isinstance(t.spell, tuple)
                                                          else ())
    if t.triggered and t.triggered[0].event != "enters":
        return NotExecutable("its devotion ability is not an enters-the-battlefield trigger")
    if t.triggered and t.spell:
        return NotExecutable("the card has other abilities than its devotion effect")
    if len(effects) != 1 or not isinstance(effects[0], Devotion):
        return NotExecutable("the card has no devotion effect the generator scripts")
    return effects[0], bool(t.triggered)


def _stats(name: str) -> tuple[int, int]:
    from conformance.reference.cards import load_cards

    f = load_cards()[name].faces[0]
    return f.power or 0, f.toughness or 0


def _draft(ctx: Context, slug: str, helpers: list[str], extra: int, why: str
           ) -> list[Draft] | NotExecutable:
    """The case: ``helpers`` on p1's battlefield add ``extra`` to the card's own devotion."""
    card = ctx.card
    got = _devotion_effect(card.name)
    if isinstance(got, NotExecutable):
        return got
    eff, is_trigger = got
    cost = card.main.mana_cost
    mana = b.mana_pool(cost)
    if mana is None:
        return NotExecutable("its mana cost has a symbol the case's mana pool cannot pay")
    d = symbols(cost, eff.color) * is_trigger + extra  # a spell is not a permanent
    if d == 0:
        return NotExecutable("the devotion would be 0")
    mine = [{"id": f"h{i}", "card": n} for i, n in enumerate(helpers, 1)]
    theirs: list[dict[str, Any]] = []
    cast_kw: dict[str, Any] = {}
    target: list[str] = []
    expect: dict[str, Any] = {}
    if eff.what == "drain":
        expect = {"life": {"p1": 20 + d, "p2": 20 - d}}
    elif eff.what == "gain_life":
        expect = {"life": {"p1": 20 + d}}
    elif eff.what == "damage_opponents":
        expect = {"life": {"p2": 20 - d}}
    elif eff.what == "tokens":
        expect = {"count": [{"card": eff.token.name, "zone": "battlefield", "count": d}]}
    elif eff.what == "counters_self":
        p, t = _stats(card.name)
        expect = {"objects": {"dc": {"power": p + d, "toughness": t + d}}}
    elif eff.what in ("pump_target", "pump_yours"):
        opp = eff.kind is not None and eff.kind.endswith(":opp")
        tid = "big2" if opp else "mine1"
        name = BIG if opp else (b.BEARS if eff.color != "G" else b.GIANT)
        (theirs if opp else mine).append({"id": tid, "card": name})
        if not opp:  # p1's creature is a permanent p1 controls: its cost counts too
            d += symbols(_cost(name), eff.color)
        p, t = _stats(name)
        if eff.what == "pump_target":
            target = [tid]
            p, t = p + eff.power * d, t + eff.toughness * d
        else:
            p, t = p + d, t + d
        expect = {"objects": {tid: {"zone": "graveyard"} if t <= 0 else
                              {"power": p, "toughness": t}}}
    elif eff.what == "draw_lose":
        expect = {"life": {"p1": 20 - d},
                  "count": [{"owner": "p1", "zone": "hand", "count": d}]}
    else:
        return NotExecutable("the card has no devotion effect the generator scripts")
    library = b.islands(d + 1) if eff.what == "draw_lose" else []
    p1 = b.player(mana=mana, battlefield=mine, hand=[{"id": "dc", "card": card.name}],
                  library=library)
    actions: list[dict[str, Any]]
    if is_trigger:
        actions = [b.cast("dc", **cast_kw), b.RESOLVE_TOP]
        if target:
            actions.append({"choose": {"choice": "targets", "targets": target}})
        actions.append(b.RESOLVE_TOP)
    else:
        actions = [b.cast("dc", targets=target or None, **cast_kw), b.RESOLVE_TOP]
    cards = sorted({card.name, *helpers} | {o["card"] for o in mine + theirs + library})
    color = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}[eff.color]
    features = FEATURES + _FEATURES_OF[eff.what]
    return [Draft(slug, f"{card.name}: devotion to {color} is {d} ({why})", features,
                  cards, b.game(p1, b.player(battlefield=theirs)), actions,
                  {"state": expect}, list(RULES))]


def gen_hybrid(ctx: Context) -> list[Draft] | NotExecutable:
    """A hybrid and a Phyrexian creature count toward devotion to their color."""
    if (god := god_draft(ctx, "devotion-hybrid", _HELPERS)) is not None:  # a Theros god
        return god
    got = _devotion_effect(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    c = got[0].color
    extra = symbols(_cost(HYBRID[c]), c) + symbols(_cost(PHYREXIAN[c]), c)
    return _draft(ctx, "devotion-hybrid", [HYBRID[c], PHYREXIAN[c]], extra,
                  f"{HYBRID[c]}'s hybrid and {PHYREXIAN[c]}'s Phyrexian symbols count")


def gen_text_box(ctx: Context) -> list[Draft] | NotExecutable:
    """A mana symbol in a permanent's text box does not count toward devotion."""
    if (god := god_draft(ctx, "devotion-text-box", _HELPERS)) is not None:  # a Theros god
        return god
    got = _devotion_effect(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    c = got[0].color
    return _draft(ctx, "devotion-text-box", [TEXT_BOX[c]], symbols(_cost(TEXT_BOX[c]), c),
                  f"the {{{c}}} in {TEXT_BOX[c]}'s text box does not count")


def gen_generic(ctx: Context) -> list[Draft] | NotExecutable:
    """The generic mana in a permanent's mana cost does not count toward devotion."""
    if (god := god_draft(ctx, "devotion-generic", _HELPERS)) is not None:  # a Theros god
        return god
    got = _devotion_effect(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    c = got[0].color
    return _draft(ctx, "devotion-generic", [GENERIC[c]], symbols(_cost(GENERIC[c]), c),
                  f"the {{1}} in {GENERIC[c]}'s mana cost does not count")


def _cost(name: str) -> str | None:
    from conformance.reference.cards import load_cards

    return load_cards()[name].faces[0].mana_cost


FAMILIES = [
    Family("devotion-hybrid", "Hybrid and Phyrexian mana symbols count toward devotion",
           tuple(RULES), tuple(FEATURES), gen_hybrid,
           en=phrases("Hybrid mana symbols, monocolored hybrid mana symbols, and Phyrexian mana "
                      "symbols do count toward your devotion")),
    Family("devotion-text-box", "Mana symbols in text boxes don't count toward devotion",
           tuple(RULES), tuple(FEATURES), gen_text_box,
           en=phrases("Mana symbols in the text boxes of permanents you control don't count "
                      "toward your devotion")),
    Family("devotion-generic", "Generic and colorless mana symbols don't count toward devotion",
           tuple(RULES), tuple(FEATURES), gen_generic,
           en=phrases("Colorless and generic mana symbols ({C}, {0}, {1}, {2}, {X}, and so on) "
                      "in mana costs of permanents you control don't count toward your devotion",
                      "Numeric mana symbols ({0}, {1}, and so on) in mana costs of permanents you "
                      "control don't count toward your devotion")),
]
