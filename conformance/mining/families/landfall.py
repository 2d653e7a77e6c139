"""Landfall rulings (ability word, rule 207.2c; a triggered ability, 603.6a): "A landfall
ability triggers whenever a land enters the battlefield under your control for any reason. It
triggers whenever you play a land, as well as whenever a spell or ability puts a land onto the
battlefield under your control."

* ``landfall-any-reason`` — for every card the reference engine builds with exactly one
  landfall ability whose effect is observable without a decision (a pump of itself, +1/+1
  counters on it, life gained, damage to each opponent, tokens, a pump of your creatures) and no
  other non-keyword ability: p1 controls it and casts Restore ("Put target land card from a
  graveyard onto the battlefield under your control") at a Forest in their graveyard; the
  Forest entering by a spell, not by being played, triggers landfall, whose effect shows.
  Mutant: ``landfall_only_when_played`` (landfall triggers only for a land played from hand).
* ``landfall-order`` — "When a land enters the battlefield under your control, each landfall
  ability of the permanents you control will trigger. You can put them on the stack in any
  order": p1 controls the card and another landfall creature (Steppe Lynx, or Plated Geopede
  for Steppe Lynx itself) and plays a Forest (protocol 2 ``play_land``); both trigger and p1
  orders them against the order they triggered in (the card's ability on top). Mutant:
  ``trigger_order_ignored`` (the chosen order is ignored).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "target", "graveyard_target", "landfall"]
RULES = ["207.2c", "603.6a"]
PUTTER = "Restore"
"""{1}{G} sorcery: "Put target land card from a graveyard onto the battlefield under your
control." (a land entering the battlefield without being played)."""
LAND = "Forest"


def _landfall(name: str) -> tuple[Any, Any] | NotExecutable:
    """The card's face and its landfall ability's one effect."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    t = face.text
    if "Creature" not in face.types and not {"Artifact", "Enchantment"} & set(face.types):
        return NotExecutable("the card is not a permanent a case can put onto the battlefield")
    if t.statics or t.restrictions or t.spell or len(t.triggered) != 1 \
            or t.triggered[0].event != "landfall":  # activated abilities: never activated here
        return NotExecutable("the card has other abilities than one landfall ability (and "
                             "activated abilities)")
    if len(t.triggered[0].effects) != 1:
        return NotExecutable("its landfall ability has more than one effect")
    return face, t.triggered[0].effects[0]


def observe(face: Any, eff: Any, oid: str) -> dict[str, Any] | None:
    """What resolving ``eff``, one effect of a triggered ability of ``face`` (object ``oid`` of
    p1's), shows in the state (a ``state`` expectation), or None when it needs a target or a
    decision or shows nothing the generator knows."""
    from conformance.reference import effect_blocks as o

    if eff.slots:
        return None
    if isinstance(eff, o.PumpSelf) or (isinstance(eff, o.PumpGroup) and eff.scope == "you"
                                       and not eff.subtype):
        out: dict[str, Any] = {"power": face.power + eff.power,
                               "toughness": face.toughness + eff.toughness}
        if eff.keywords:
            out["keywords"] = sorted(set(face.text.keywords) | set(eff.keywords))
        return {"objects": {oid: out}}
    if isinstance(eff, o.PutCounters) and not eff.target and eff.counter == "+1/+1":
        return {"objects": {oid: {"power": face.power + eff.n,
                                  "toughness": face.toughness + eff.n}}}
    from conformance.reference.common_abilities import LoseKeywordsSelf

    if isinstance(eff, LoseKeywordsSelf) and set(eff.keywords) & set(face.text.keywords):
        return {"objects": {oid: {"keywords": sorted(set(face.text.keywords)
                                                     - set(eff.keywords))}}}
    if isinstance(eff, o.PutCounters) and not eff.target:  # "put a quest counter on CARDNAME"
        return {"objects": {oid: {"counters": {eff.counter: eff.n}}}}
    if isinstance(eff, o.GainLife):
        return {"life": {"p1": 20 + eff.n}}
    if isinstance(eff, o.DamageEach) and eff.group == "opponent":
        return {"life": {"p2": 20 - eff.amount}}
    if isinstance(eff, o.LoseLife) and eff.who == "opponents":
        return {"life": {"p2": 20 - eff.n}}
    if isinstance(eff, o.CreateToken):
        return {"count": [{"card": eff.token.name, "zone": "battlefield", "count": eff.count}]}
    if isinstance(eff, o.Draw):
        return {"count": [{"zone": "hand", "owner": "p1", "count": eff.n}]}
    return None


def gen_any_reason(ctx: Context) -> list[Draft] | NotExecutable:
    """A land put onto the battlefield by a spell triggers landfall."""
    got = _landfall(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, eff = got
    from conformance.reference.effect_blocks import May

    may = isinstance(eff, May) and len(eff.effects) == 1  # "you may ...": accepted
    state = observe(face, eff.effects[0] if may else eff, "lf")
    if state is None:
        return NotExecutable("its landfall effect is not one the generator observes (targets, "
                             "choices or an effect it does not script)")
    state["zones"] = {"land": "battlefield"}
    p1 = b.player(mana="{G}{C}", battlefield=[{"id": "lf", "card": face.name}],
                  graveyard=[{"id": "land", "card": LAND}],
                  hand=[{"id": "put", "card": PUTTER}], library=b.islands(2))
    actions = [b.cast("put", targets=["land"]), b.RESOLVE_TOP, b.RESOLVE_TOP]
    if may:
        actions.append({"choose": {"choice": "may", "accept": True}})
    events = [{"type": "zone_change", "object": "land", "to": "battlefield"},
              {"type": "triggered", "source": "lf"}]
    return [Draft("landfall-any-reason", f"{face.name}'s landfall triggers when {PUTTER} puts a "
                  f"{LAND} onto the battlefield (no land played)",
                  list(FEATURES) + (["optional_effect"] if may else []),
                  sorted({face.name, PUTTER, LAND, b.ISLAND}), b.game(p1, b.player()), actions,
                  {"events": events, "state": state}, list(RULES))]


HELPER = ("Steppe Lynx", "Plated Geopede")
"""Landfall creatures (a pump of themselves) that trigger together with the card's ability."""


def gen_order(ctx: Context) -> list[Draft] | NotExecutable:
    """Two landfall abilities triggering for one played land go on the stack in the order
    their controller chooses."""
    got = _landfall(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, eff = got
    if eff.slots:
        return NotExecutable("its landfall ability targets: putting it on the stack needs "
                             "target choices the generator does not script")
    helper = HELPER[1] if face.name == HELPER[0] else HELPER[0]
    p1 = b.player(battlefield=[{"id": "lf", "card": face.name}, {"id": "other", "card": helper}],
                  hand=[{"id": "land", "card": LAND}])
    actions: list[dict[str, Any]] = [{"play_land": {"player": "p1", "object": "land"}},
                                     {"choose": {"choice": "trigger_order",
                                                 "order": ["other", "lf"]}}]
    expect = {"events": [{"type": "put_on_stack", "source": "other", "ability": "landfall"},
                         {"type": "put_on_stack", "source": "lf", "ability": "landfall"}],
              "state": {"stack": [{"card": helper}, {"card": face.name}]}}
    return [Draft("landfall-order", f"{face.name}'s and {helper}'s landfall abilities trigger "
                  f"for one played {LAND} and go on the stack in the chosen order "
                  f"({face.name}'s on top)", ["priority", "stack", "play_land", "landfall",
                                               "trigger.order"],
                  sorted({face.name, helper, LAND}), b.game(p1, b.player()), actions, expect,
                  ["207.2c", "603.3b"])]


FAMILIES = [
    Family("landfall-any-reason", "Landfall triggers for a land entering for any reason",
           tuple(RULES), tuple(FEATURES), gen_any_reason,
           en=phrases("landfall ability triggers whenever a land enters the battlefield under "
                      "your control for any reason")),
    Family("landfall-order", "Landfall abilities triggering together go on the stack in the "
           "order their controller chooses", ("207.2c", "603.3b"),
           ("priority", "stack", "play_land", "landfall", "trigger.order"), gen_order,
           en=phrases("each landfall ability of the permanents you control will trigger. You "
                      "can put them on the stack in any order")),
]
