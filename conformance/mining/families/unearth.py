"""Unearth rulings (rule 702.84a: "[Cost]: Return this card from your graveyard to the
battlefield. It gains haste. Exile it at the beginning of the next end step. If it would leave
the battlefield, exile it instead of putting it anywhere else. Activate only as a sorcery."), for
every one-face creature card with "Unearth {cost}" (mana) the reference engine builds.

The card (``esc``) starts in p1's graveyard during p1's precombat main phase, with the unearth
cost in p1's mana pool; p1 activates its unearth ability (its index among the card's activated
abilities). Mana spent in the end step comes from basic lands p1 taps then (mana empties between
steps, 500.4).

* ``unearth-not-cast`` — "Activating a creature card's unearth ability isn't the same as casting
  the creature card. The unearth ability is put on the stack, but the creature card is not":
  the ability is on the stack, the card is still in the graveyard and no spell was cast; p2's
  Remove Soul ("Counter target creature spell") can't target it. Mutant: ``unearth_is_cast``.
* ``unearth-removed`` — "If you activate a card's unearth ability but that card is removed from
  your graveyard before the ability resolves, that unearth ability will resolve and do nothing":
  p2 exiles the card with Coffin Purge in response. Mutant: ``unearth_returns_from_anywhere``.
* ``unearth-replacement`` — "If a creature returned to the battlefield with unearth would leave
  the battlefield for any reason, it's exiled instead": p1 destroys it with Murder; it is exiled.
  Mutant: ``unearth_no_replacement``.
* ``unearth-loses-abilities`` — "If that creature loses all its abilities, it will still be exiled
  at the beginning of the end step, and if it would leave the battlefield, it is still exiled
  instead": it loses all its abilities; at the end step the unearth trigger is on the stack, and
  p1's Murder in response exiles it. Mutant: ``unearth_exile_lost_with_abilities``.
* ``unearth-stifle`` — "At the beginning of the end step, a creature returned to the battlefield
  with unearth is exiled. This is a delayed triggered ability, and it can be countered ... If
  the ability is countered, the creature will stay on the battlefield ... However, the
  replacement effect will still exile the creature when it eventually leaves the battlefield":
  p1's Stifle counters the trigger, the creature stays; p1's Murder then exiles it. Mutant:
  ``unearth_exile_without_trigger``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from conformance.mining import build as b
from conformance.mining.families.raid import lands_for
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

ID = "esc"
MURDER, MURDER_COST = "Murder", "{1}{B}{B}"
STIFLE, STIFLE_COST = "Stifle", "{U}"
REMOVE_SOUL = "Remove Soul"
COFFIN_PURGE = "Coffin Purge"
FEATS = ["priority", "stack", "mana_cost", "activated_ability", "unearth"]
RULES = ["702.84a"]


@dataclass
class UnearthCard:
    name: str
    ability: int
    """The index of its unearth ability among its activated abilities."""
    cost: str
    discards: bool
    """An enters ability makes players discard (p1 keeps no card in hand past it)."""
    end_step: bool
    """It has another ability that triggers at the beginning of the end step."""

    def activate(self) -> dict[str, Any]:
        return {"activate": {"player": "p1", "object": ID, "ability": self.ability}}


def unearth_card(name: str) -> UnearthCard | NotExecutable:
    """How to script the unearth of creature card ``name``, or why not."""
    from conformance.reference.unearth_text import is_unearth

    face = b.built_face(name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    t = face.text
    found = [i for i, ab in enumerate(t.activated) if is_unearth(ab)]
    if len(found) != 1:
        return NotExecutable("the card has no unearth ability with a mana cost")
    cost = t.activated[found[0]].cost
    if b.mana_pool(cost) is None:
        return NotExecutable("its unearth cost has hybrid, Phyrexian or snow mana")
    if any(s for trig in t.triggered for e in trig.effects for s in e.slots):
        return NotExecutable("a triggered ability of the card has targets to choose")
    effects = [type(e).__name__ for trig in t.triggered for e in trig.effects]
    return UnearthCard(name, found[0], cost, "Discard" in effects,
                       any("end_step" in trig.event for trig in t.triggered))


def _setup(uc: UnearthCard, mana: str | None, *, hand: list[dict[str, Any]] | None = None,
           lands: list[dict[str, Any]] | None = None,
           p2: dict[str, Any] | None = None) -> dict[str, Any]:
    p1 = b.player(mana=mana, hand=hand, battlefield=lands, graveyard=[{"id": ID, "card": uc.name}],
                  library=b.islands(3))
    return b.game(p1, p2 or b.player())


def _cards(uc: UnearthCard, *extra: str) -> list[str]:
    return list(dict.fromkeys([uc.name, b.ISLAND, *extra]))


def _ctx(ctx: Context) -> UnearthCard | NotExecutable:
    return unearth_card(ctx.card.name)


def gen_not_cast(ctx: Context) -> list[Draft] | NotExecutable:
    uc = _ctx(ctx)
    if isinstance(uc, NotExecutable):
        return uc
    p2 = b.player(mana="{U}{C}", hand=[{"id": "soul", "card": REMOVE_SOUL}])
    setup = _setup(uc, b.mana_pool(uc.cost), p2=p2)
    actions = [uc.activate(), {"pass_priority": {"player": "p1"}},
               b.cast("soul", "p2", targets=[ID])]
    expect = {"error": {"kind": "illegal_action", "action": 2},
              "events": [{"type": "put_on_stack", "source": ID}],
              "events_absent": [{"type": "cast", "object": ID}],
              "state": {"zones": {ID: "graveyard", "soul": "hand"}, "stack": [{"source": ID}]}}
    return [Draft("unearth-not-cast", f"Activating {uc.name}'s unearth ability puts an ability "
                  "on the stack, not the card: it is no creature spell to counter",
                  [*FEATS, "counterspell"], _cards(uc, REMOVE_SOUL), setup, actions, expect,
                  [*RULES, "602.2a"])]


def gen_removed(ctx: Context) -> list[Draft] | NotExecutable:
    uc = _ctx(ctx)
    if isinstance(uc, NotExecutable):
        return uc
    p2 = b.player(mana="{B}", hand=[{"id": "purge", "card": COFFIN_PURGE}])
    setup = _setup(uc, b.mana_pool(uc.cost), p2=p2)
    actions = [uc.activate(), {"pass_priority": {"player": "p1"}},
               b.cast("purge", "p2", targets=[ID]), b.RESOLVE_STACK]
    expect = {"events": [{"type": "zone_change", "object": ID, "from": "graveyard", "to": "exile"},
                         {"type": "resolved", "source": ID}],
              "events_absent": [{"type": "zone_change", "object": ID, "to": "battlefield"}],
              "state": {"zones": {ID: "exile"}, "stack": []}}
    return [Draft("unearth-removed", f"{uc.name}'s unearth ability does nothing when the card "
                  "left the graveyard before it resolved", [*FEATS, "graveyard_target"],
                  _cards(uc, COFFIN_PURGE), setup, actions, expect, [*RULES, "400.7"])]


def gen_replacement(ctx: Context) -> list[Draft] | NotExecutable:
    uc = _ctx(ctx)
    if isinstance(uc, NotExecutable):
        return uc
    if uc.discards:
        return NotExecutable("its enters ability makes p1 discard the card the case casts next")
    setup = _setup(uc, b.mana_pool(uc.cost, MURDER_COST),
                   hand=[{"id": "murder", "card": MURDER}])
    actions = [uc.activate(), b.RESOLVE_STACK, b.cast("murder", targets=[ID]), b.RESOLVE_STACK]
    expect = {"events": [{"type": "zone_change", "object": ID, "from": "graveyard",
                          "to": "battlefield"},
                         {"type": "zone_change", "object": ID, "from": "battlefield",
                          "to": "exile"}],
              "events_absent": [{"type": "zone_change", "object": ID, "to": "graveyard"}],
              "state": {"zones": {ID: "exile", "murder": "graveyard"}}}
    return [Draft("unearth-replacement", f"{uc.name} returned with unearth and destroyed is "
                  "exiled instead", [*FEATS, "destroy"], _cards(uc, MURDER), setup, actions,
                  expect, [*RULES, "614.1a"])]


def _end_step_lands(*costs: str) -> list[dict[str, Any]] | NotExecutable:
    return lands_for("".join(costs))


def _tap(lands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"activate": {"player": "p1", "object": land["id"], "ability": 0}} for land in lands]


TRIGGER = {"source": ID, "ability": "unearth"}


def gen_loses_abilities(ctx: Context) -> list[Draft] | NotExecutable:
    uc = _ctx(ctx)
    if isinstance(uc, NotExecutable):
        return uc
    if uc.discards:
        return NotExecutable("its enters ability makes p1 discard the card the case casts next")
    lands = _end_step_lands(MURDER_COST)
    assert not isinstance(lands, NotExecutable)
    setup = _setup(uc, b.mana_pool(uc.cost), hand=[{"id": "murder", "card": MURDER}], lands=lands)
    actions = [uc.activate(), b.RESOLVE_STACK, {"lose_abilities": {"object": ID}},
               {"advance": {"to": "end"}},
               {"check": {"state": {"stack": [TRIGGER]}}},
               *_tap(lands), b.cast("murder", targets=[ID]), b.RESOLVE_STACK]
    expect = {"events": [{"type": "triggered", **TRIGGER},
                         {"type": "zone_change", "object": ID, "from": "battlefield",
                          "to": "exile"}],
              "events_absent": [{"type": "zone_change", "object": ID, "to": "graveyard"}],
              "state": {"zones": {ID: "exile"}, "stack": []}}
    return [Draft("unearth-loses-abilities", f"{uc.name} returned with unearth is still exiled "
                  "at the end step and instead of dying after it loses all its abilities",
                  [*FEATS, "lose_abilities", "trigger.delayed", "destroy", "turn_structure",
                   "mana_ability"], _cards(uc, MURDER, "Swamp"), setup, actions, expect,
                  [*RULES, "603.7", "614.1a"])]


def gen_stifle(ctx: Context) -> list[Draft] | NotExecutable:
    uc = _ctx(ctx)
    if isinstance(uc, NotExecutable):
        return uc
    if uc.discards:
        return NotExecutable("its enters ability makes p1 discard the cards the case casts next")
    if uc.end_step:
        return NotExecutable("another ability of the card triggers at the end step: their order "
                             "is not one a case names")
    lands = _end_step_lands(STIFLE_COST, MURDER_COST)
    assert not isinstance(lands, NotExecutable)
    setup = _setup(uc, b.mana_pool(uc.cost), lands=lands,
                   hand=[{"id": "stifle", "card": STIFLE}, {"id": "murder", "card": MURDER}])
    actions = [uc.activate(), b.RESOLVE_STACK, {"advance": {"to": "end"}},
               {"check": {"state": {"stack": [TRIGGER]}}},
               *_tap(lands), {"cast": {"player": "p1", "object": "stifle", "targets": [dict(TRIGGER)]}}, b.RESOLVE_TOP,
               {"check": {"state": {"zones": {ID: "battlefield"}, "stack": []}}},
               b.cast("murder", targets=[ID]), b.RESOLVE_STACK]
    expect = {"events": [{"type": "countered", **TRIGGER},
                         {"type": "zone_change", "object": ID, "from": "battlefield",
                          "to": "exile"}],
              "events_absent": [{"type": "zone_change", "object": ID, "to": "graveyard"}],
              "state": {"zones": {ID: "exile"}}}
    return [Draft("unearth-stifle", f"{uc.name}'s unearth exile is a delayed trigger: countered, "
                  "the creature stays, and is still exiled when it later dies",
                  [*FEATS, "trigger.delayed", "counterspell", "destroy", "turn_structure",
                   "mana_ability"], _cards(uc, STIFLE, MURDER, "Swamp"), setup, actions,
                  expect, [*RULES, "603.7", "701.5a"])]


FAMILIES = [
    Family("unearth-not-cast", "Activating unearth is not casting the card", ("702.84a",),
           ("unearth",), gen_not_cast,
           en=phrases("Activating a creature card's unearth ability isn't the same as casting the "
                      "creature card. The unearth ability is put on the stack, but the creature "
                      "card is not")),
    Family("unearth-removed", "Unearth does nothing if the card left the graveyard",
           ("702.84a", "400.7"), ("unearth",), gen_removed,
           en=phrases("If you activate a card's unearth ability but that card is removed from "
                      "your graveyard before the ability resolves, that unearth ability will "
                      "resolve and do nothing")),
    Family("unearth-replacement", "An unearthed creature that would leave the battlefield is "
           "exiled instead", ("702.84a",), ("unearth",), gen_replacement,
           en=phrases("If a creature returned to the battlefield with unearth would leave the "
                      "battlefield for any reason, it's exiled instead")),
    Family("unearth-loses-abilities", "Unearth's exile effects are not abilities of the creature",
           ("702.84a",), ("unearth", "lose_abilities"), gen_loses_abilities,
           en=phrases("Unearth grants haste to the creature that's returned to the battlefield. "
                      "However, neither of the \"exile\" abilities is granted to that creature")),
    Family("unearth-stifle", "Unearth's end step exile is a delayed triggered ability",
           ("702.84a", "603.7"), ("unearth", "trigger.delayed"), gen_stifle,
           en=phrases("At the beginning of the end step, a creature returned to the battlefield "
                      "with unearth is exiled. This is a delayed triggered ability, and it can be "
                      "countered")),
]
