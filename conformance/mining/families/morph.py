"""Morph rulings (702.37: "Morph [cost]" means "You may cast this card as a 2/2 face-down
creature with no text, no name, no subtypes, and no mana cost by paying {3} rather than paying
its mana cost"; 702.37e: turning it face up, a special action, pays its morph cost; 708.3-708.4,
708.8), for every one-face creature card with a mana morph cost the reference engine builds.
Casting face down is ``costs: {alternative: morph}``; turning face up the ``turn_face_up``
action.

* ``morph-meaning`` — "Morph lets you cast a card face down by paying {3}, and lets you turn the
  face-down permanent face up ...": p1, with a pool of {3} and the morph cost, casts the card face
  down, lets it resolve and turns it face up: the permanent has the card's name. Mutant ``morph_cast_pays_mana_cost`` (the face-down spell costs the mana cost): the
  pool does not pay both (only for a card whose mana cost and morph cost {3} plus morph cost
  does not pay).
* ``morph-mana-value`` — "The face-down spell has no mana cost and has a mana value [converted
  mana cost] of 0 ...": cast face down with {3}, the spell on the stack is face down with mana
  value 0. Mutant ``face_down_spell_has_mana_value`` (only for a card whose mana value is not 0).
* ``morph-enters-face-down`` — "When the spell resolves, it enters the battlefield as a 2/2
  creature with no name, mana cost, creature types, or abilities ...": cast face down with {3}
  and resolved, the permanent is a face-down nameless colorless 2/2 with mana value 0. Mutant
  ``face_down_keeps_characteristics``.
* ``morph-no-enters-trigger`` — "... turning a permanent face up doesn't cause any
  enters-the-battlefield abilities to trigger": a face-down permanent (set up) is turned face
  up: the stack stays empty; only for a card with an enters-the-battlefield trigger, and no
  morph card the reference engine builds has one yet, so the family has no mutant and
  classifies its rulings with that reason (a mutant breaking the hook
  ``turning_face_up_triggers_enters`` goes with the first such card).
* ``morph-same-permanent`` — "A permanent that turns face up or face down changes
  characteristics but is otherwise the same permanent. Spells and abilities that were targeting
  that permanent ... aren't affected": p1 casts Giant Growth on their face-down permanent, turns
  it face up in response and lets Giant Growth resolve: the face-up creature gets +3/+3. Mutant
  ``face_up_is_new_object`` (Giant Growth's target is gone).
* ``morph-special-action`` — "Any time you have priority, you may turn the face-down creature
  face up ... Only a face-down permanent can be turned face up this way; a face-down spell
  cannot": p1 casts the card face down and, with its morph cost in the pool, tries to turn the
  spell face up: refused (``illegal_action``); the spell stays face down on the stack. Mutant
  ``face_down_spell_turned_face_up``.
"""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "morph", "face_down"]
GIANT_GROWTH = "Giant Growth"
_ENTERS = re.compile(r"\bWhen (?:CARDNAME|{name}|this creature) enters(?: the battlefield)?\b")


def _morph_card(ctx: Context) -> tuple[Any, str] | NotExecutable:
    """The reference engine's card and its morph cost, or why the card is not scripted."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(ctx.card.name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    cost = dict(face.text.alternatives).get("morph")
    if cost is None:
        return NotExecutable("the card has no morph ability with a mana cost the reference "
                             "engine reads")
    if "Creature" not in face.types:
        return NotExecutable("only creature cards are scripted (a noncreature card cast face "
                             "down is played, not cast, by the reference engine)")
    if b.mana_pool(cost) is None:
        return NotExecutable("its morph cost has a symbol a pool is not written for")
    return card, cost


def _face_up_trigger(card: Any) -> NotExecutable | None:
    """Why a case that turns the card face up and expects an empty stack can't be scripted: a
    "when CARDNAME is turned face up" ability triggers then (708.8) and waits on the stack."""
    if any(t.event == "turned_face_up" for t in card.faces[0].text.triggered):
        return NotExecutable("it has a \"when CARDNAME is turned face up\" ability: turned face "
                             "up, its trigger would wait on the stack (or for targets)")
    return None


def _sent(face_name: str, cost: str) -> str:
    return f"{face_name} (morph {cost})"


def gen_meaning(ctx: Context) -> list[Draft] | NotExecutable:
    """Cast face down for {3}, resolved, turned face up for the morph cost."""
    got = _morph_card(ctx)
    if isinstance(got, NotExecutable):
        return got
    card, cost = got
    if (why := _face_up_trigger(card)) is not None:
        return why
    face = card.faces[0]
    pool = b.mana_pool("{3}", cost)
    if b.mana_pool(face.mana_cost) is not None and _pays(pool, face.mana_cost, cost):
        return NotExecutable("{3} plus its morph cost also pays its mana cost and its morph "
                             "cost: an engine charging the mana cost would pass")
    setup = b.game(b.player(mana=pool, hand=[{"id": "morph", "card": face.name}]), b.player())
    actions = [b.cast("morph", costs={"alternative": "morph"}), b.RESOLVE_TOP,
               {"turn_face_up": {"player": "p1", "object": "morph"}}]
    expect = {"state": {"objects": {"morph": {"zone": "battlefield", "name": face.name}},
                        "stack": []}}
    return [Draft("morph-meaning", f"{_sent(face.name, cost)} is cast face down for {{3}} and "
                  "turned face up for its morph cost", FEATURES, [face.name], setup, actions,
                  expect, ["702.37a", "702.37e"])]


def _pays(pool: str | None, mana_cost: str | None, morph: str) -> bool:
    """Whether ``pool`` pays ``mana_cost`` then ``morph`` (generic by any mana)."""
    if pool is None or mana_cost is None:
        return False
    have = re.findall(r"\{([^}]+)\}", pool)
    generic = 0
    for sym in re.findall(r"\{([^}]+)\}", mana_cost + morph):
        if sym.isdigit():
            generic += int(sym)
        elif sym in have:
            have.remove(sym)
        else:
            return False
    return len(have) >= generic


def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    """The face-down spell on the stack has mana value 0."""
    got = _morph_card(ctx)
    if isinstance(got, NotExecutable):
        return got
    face = got[0].faces[0]
    if face.mana_value == 0:
        return NotExecutable("its mana value is 0 already")
    setup = b.game(b.player(mana="{C}{C}{C}", hand=[{"id": "morph", "card": face.name}]),
                   b.player())
    expect = {"state": {"objects": {"morph": {"zone": "stack", "face_down": True,
                                              "mana_value": 0}}}}
    return [Draft("morph-mana-value", f"{face.name} cast face down is a spell with mana value "
                  f"0, not {face.mana_value}", FEATURES, [face.name], setup,
                  [b.cast("morph", costs={"alternative": "morph"})], expect,
                  ["702.37c", "202.3"])]


def gen_enters(ctx: Context) -> list[Draft] | NotExecutable:
    """The resolved face-down spell is a nameless colorless 2/2 with mana value 0."""
    got = _morph_card(ctx)
    if isinstance(got, NotExecutable):
        return got
    face = got[0].faces[0]
    setup = b.game(b.player(mana="{C}{C}{C}", hand=[{"id": "morph", "card": face.name}]),
                   b.player())
    expect = {"state": {"objects": {"morph": {
        "zone": "battlefield", "face_down": True, "name": None, "power": 2, "toughness": 2,
        "colors": [], "subtypes": [], "mana_value": 0}}, "stack": []}}
    return [Draft("morph-enters-face-down", f"{face.name} cast face down enters as a nameless "
                  "colorless 2/2 creature with mana value 0", FEATURES, [face.name], setup,
                  [b.cast("morph", costs={"alternative": "morph"}), b.RESOLVE_TOP], expect,
                  ["702.37a", "708.2a", "708.4"])]


def gen_no_enters(ctx: Context) -> list[Draft] | NotExecutable:
    """Turning the permanent face up triggers none of its enters abilities."""
    got = _morph_card(ctx)
    if isinstance(got, NotExecutable):
        return got
    card, cost = got
    if (why := _face_up_trigger(card)) is not None:
        return why
    face = card.faces[0]
    pattern = re.compile(_ENTERS.pattern.replace("{name}", re.escape(face.name)))
    if not pattern.search(ctx.card.faces[0].text):
        return NotExecutable("it has no enters-the-battlefield trigger: no engine could "
                             "trigger one")
    setup = b.game(b.player(mana=b.mana_pool(cost), battlefield=[
        {"id": "morph", "card": face.name, "face_down": True}]), b.player())
    expect = {"state": {"objects": {"morph": {"zone": "battlefield", "name": face.name}},
                        "stack": []}}
    return [Draft("morph-no-enters-trigger", f"Turning a face-down {face.name} face up "
                  "triggers none of its enters-the-battlefield abilities", FEATURES,
                  [face.name], setup, [{"turn_face_up": {"player": "p1", "object": "morph"}}],
                  expect, ["708.8", "702.37e"])]


def gen_same(ctx: Context) -> list[Draft] | NotExecutable:
    """Giant Growth targeting the face-down permanent still finds it once turned face up."""
    got = _morph_card(ctx)
    if isinstance(got, NotExecutable):
        return got
    card, cost = got
    if (why := _face_up_trigger(card)) is not None:
        return why
    face = card.faces[0]
    if face.power is None or face.toughness is None or not (
            isinstance(face.power, int) and isinstance(face.toughness, int)):
        return NotExecutable("its power or toughness is not a number")
    setup = b.game(b.player(mana=b.mana_pool("{G}", cost), battlefield=[
        {"id": "morph", "card": face.name, "face_down": True}],
        hand=[{"id": "growth", "card": GIANT_GROWTH}]), b.player())
    actions = [b.cast("growth", targets=["morph"]),
               {"turn_face_up": {"player": "p1", "object": "morph"}}, b.RESOLVE_TOP]
    expect = {"state": {"objects": {"morph": {"zone": "battlefield", "name": face.name,
                                              "power": face.power + 3,
                                              "toughness": face.toughness + 3}},
                        "zones": {"growth": "graveyard"}, "stack": []}}
    return [Draft("morph-same-permanent", f"Giant Growth cast on a face-down {face.name} "
                  "still gives it +3/+3 after it is turned face up in response", FEATURES +
                  ["target", "until_end_of_turn"], sorted([face.name, GIANT_GROWTH]), setup,
                  actions, expect, ["708.8", "702.37e"])]


def gen_special_action(ctx: Context) -> list[Draft] | NotExecutable:
    """A face-down spell is not turned face up."""
    got = _morph_card(ctx)
    if isinstance(got, NotExecutable):
        return got
    card, cost = got
    face = card.faces[0]
    setup = b.game(b.player(mana=b.mana_pool("{3}", cost),
                            hand=[{"id": "morph", "card": face.name}]), b.player())
    actions = [b.cast("morph", costs={"alternative": "morph"}),
               {"turn_face_up": {"player": "p1", "object": "morph"}}]
    expect = {"error": {"kind": "illegal_action", "action": 1},
              "state": {"objects": {"morph": {"zone": "stack", "face_down": True,
                                              "name": None}}}}
    return [Draft("morph-special-action", f"{face.name} cast face down cannot be turned face "
                  "up while it is a spell", FEATURES, [face.name], setup, actions, expect,
                  ["702.37e", "708.7"])]


FAMILIES = [
    Family("morph-meaning", "Morph casts a card face down for {3}; its morph cost turns it "
           "face up", ("702.37a", "702.37e"), tuple(FEATURES), gen_meaning,
           en=phrases("Morph lets you cast a card face down by paying {3}")),
    Family("morph-mana-value", "A face-down spell has no mana cost and mana value 0",
           ("702.37c", "202.3"), tuple(FEATURES), gen_mana_value,
           en=phrases("The face-down spell has no mana cost and has a")),
    Family("morph-enters-face-down", "A face-down spell enters as a nameless 2/2 creature",
           ("702.37a", "708.2a", "708.4"), tuple(FEATURES), gen_enters,
           en=phrases("When the spell resolves, it enters the battlefield as a 2/2 creature "
                      "with no name, mana cost, creature types, or abilities")),
    Family("morph-no-enters-trigger", "Turning a permanent face up does not trigger its "
           "enters abilities", ("708.8",), tuple(FEATURES), gen_no_enters,
           en=phrases("turning a permanent face up doesn't cause any enters-the-battlefield "
                      "abilities to trigger")),
    Family("morph-same-permanent", "A permanent turned face up is the same permanent",
           ("708.8",), tuple(FEATURES), gen_same,
           en=phrases("A permanent that turns face up or face down changes characteristics "
                      "but is otherwise the same permanent")),
    Family("morph-special-action", "Only a face-down permanent, not a face-down spell, is "
           "turned face up", ("702.37e", "708.7"), tuple(FEATURES), gen_special_action,
           en=phrases("Only a face-down permanent can be turned face up this way; a face-down "
                      "spell cannot")),
]
