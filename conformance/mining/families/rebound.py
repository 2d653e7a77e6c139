"""Rebound rulings (rule 702.88a: "If this spell was cast from your hand, instead of putting it
into your graveyard as it resolves, exile it and, at the beginning of your next upkeep, you may
cast this card from exile without paying its mana cost"), for every one-face instant or sorcery
with rebound the reference engine builds whose text shows which targets to choose and needs no
decision as it resolves.

p1 casts the card (``reb``) from their hand in their precombat main phase of turn 3, paying its
mana cost; "p1's next upkeep" is reached by advancing to the upkeep of the next turn twice
(turn 4 is p2's). The rebound trigger (``ability: rebound``, its source the card) is answered with
a ``may`` and, for a spell with targets, a ``targets`` choice naming the card.

* ``rebound-exiled`` — "If you cast a spell with rebound from your hand and it resolves, it isn't
  put into your graveyard. Rather, it's exiled directly from the stack". Mutant:
  ``rebound_ignored``.
* ``rebound-countered`` — "If a spell with rebound that you cast from your hand doesn't resolve
  for any reason ... The spell is simply put into your graveyard. You won't get to cast it again
  next turn": p2's Cancel counters it; no rebound trigger at p1's next upkeep. Mutant:
  ``rebound_without_resolving``.
* ``rebound-upkeep`` — "Timing restrictions based on the card's type (if it's a sorcery) are
  ignored": the sorcery is cast during p1's upkeep and resolves into the graveyard. Mutant:
  ``rebound_cast_follows_timing``. Instants: no case (any engine may cast them then).
* ``rebound-optional`` — "Casting the card again due to rebound's delayed triggered ability is
  optional. If you choose not to cast the card ... the card will stay exiled. You won't get
  another chance": declined, it stays exiled and nothing triggers at p1's following upkeep.
  Mutant: ``rebound_declined_retries``.
* ``rebound-copies`` — "Rebound will have no effect on copies of spells because you don't cast
  them from your hand": p1 copies it with Twincast; one rebound trigger only. Mutant:
  ``rebound_applies_to_copies``.
* ``rebound-other-zone`` — "If you cast a spell with rebound from anywhere other than your hand
  ... rebound won't have any effect": p1's Bloodbraid Elf cascades into it from the library; it
  goes to the graveyard. Mutant: ``rebound_any_zone``.
* ``rebound-free`` — "As long as you cast a spell with rebound from your hand, rebound will work
  regardless of whether you paid its mana cost": p1's Sram's Expertise lets p1 cast it from the
  hand without paying its mana cost; it is exiled. Mutant: ``rebound_needs_mana_paid``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

ID = "reb"
TWINCAST, TWINCAST_COST = "Twincast", "{U}{U}"
BLOODBRAID, BLOODBRAID_COST = "Bloodbraid Elf", "{2}{R}{G}"
SRAMS, SRAMS_COST = "Sram's Expertise", "{2}{W}{W}"
FEATS = ["priority", "stack", "mana_cost", "rebound"]
RULES = ["702.88a"]
NEXT_UPKEEP = [{"advance": {"to": "upkeep", "next_turn": True}}] * 2
"""From p1's turn to p1's next upkeep (p2's turn between)."""
TRIGGER = {"source": ID, "ability": "rebound"}


@dataclass
class ReboundSpell:
    name: str
    sorcery: bool
    mana_cost: str
    mana_value: int
    targets: list[tuple[str, str | None]]
    draws: dict[str, int]

    @property
    def target_ids(self) -> list[str]:
        return [t for t, _ in self.targets]


def rebound_spell(ctx: Context) -> ReboundSpell | NotExecutable:
    """How to cast ``ctx.card`` (a card with rebound), or why it is not scripted."""
    face = b.built_face(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    if "rebound" not in face.text.keywords or not {"Instant", "Sorcery"} & set(face.types):
        return NotExecutable("only instants and sorceries with rebound are scripted")
    if b.mana_pool(face.mana_cost) is None:
        return NotExecutable("its mana cost has hybrid, Phyrexian, snow or X mana")
    if face.text.additional_costs or face.has_x:
        return NotExecutable("the spell has an additional cost or an X")
    spell = b.spell_lines(ctx.card.main, drop=("Rebound",))
    targets = b.scripted_targets(spell)
    if targets is None:
        return NotExecutable("the spell's targets, choices or costs are not scripted")
    if (what := b.decision_needed(spell)) is not None:
        return NotExecutable(f"resolving the spell needs {what}, which a case cannot script")
    mv = len(re.findall(r"\{[WUBRGC]\}", face.mana_cost)) + sum(
        int(n) for n in re.findall(r"\{(\d+)\}", face.mana_cost))
    return ReboundSpell(face.name, "Instant" not in face.types, face.mana_cost, mv, targets,
                        b.draws(spell))


def _setup(rs: ReboundSpell, *extra_costs: str, hand: list[dict[str, Any]] | None = None,
           p2: dict[str, Any] | None = None, times: int = 3,
           library: list[dict[str, Any]] | None = None,
           in_hand: bool = True) -> dict[str, Any]:
    mine, theirs = b.objects_for(rs.targets)
    cards = ([{"id": ID, "card": rs.name}] if in_hand else []) + list(hand or [])
    p1 = b.player(mana=b.mana_pool(*((rs.mana_cost,) if in_hand else ()), *extra_costs),
                  hand=cards, battlefield=mine, library=library or b.islands(3))
    p2 = p2 or b.player()
    p2.setdefault("battlefield", []).extend(theirs)
    if not p2["battlefield"]:
        del p2["battlefield"]
    p2.setdefault("library", [{"id": f"olib{i}", "card": b.ISLAND} for i in range(1, 4)])
    setup = b.game(p1, p2)
    need = {k: v + 2 for k, v in rs.draws.items()} if library is None else {}
    b.stock_libraries(setup["players"], need, times)
    return setup


def _cards(rs: ReboundSpell, *extra: str) -> list[str]:
    return list(dict.fromkeys([rs.name, *(c for _, c in rs.targets if c), b.ISLAND, *extra]))


def _feats(rs: ReboundSpell, *extra: str) -> list[str]:
    return FEATS + (["target"] if rs.targets else []) + list(extra)


def _cast(rs: ReboundSpell) -> dict[str, Any]:
    return b.cast(ID, targets=rs.target_ids or None)


def _cast_choices(rs: ReboundSpell) -> list[dict[str, Any]]:
    """The targets of the card cast as an effect resolves (a ``targets`` choice naming it)."""
    if not rs.targets:
        return []
    return [{"choose": {"choice": "targets", "source": ID, "targets": rs.target_ids}}]


def _may(accept: bool) -> dict[str, Any]:
    return {"choose": {"choice": "may", **TRIGGER, "accept": accept}}


def gen_exiled(ctx: Context) -> list[Draft] | NotExecutable:
    rs = rebound_spell(ctx)
    if isinstance(rs, NotExecutable):
        return rs
    expect = {"events": [{"type": "resolved", "object": ID},
                         {"type": "zone_change", "object": ID, "from": "stack", "to": "exile"}],
              "events_absent": [{"type": "zone_change", "object": ID, "to": "graveyard"}],
              "state": {"zones": {ID: "exile"}, "stack": []}}
    return [Draft("rebound-exiled", f"{rs.name} cast from a hand is exiled as it resolves, not "
                  "put into the graveyard", _feats(rs), _cards(rs), _setup(rs),
                  [_cast(rs), b.RESOLVE_STACK], expect, RULES)]


def gen_countered(ctx: Context) -> list[Draft] | NotExecutable:
    rs = rebound_spell(ctx)
    if isinstance(rs, NotExecutable):
        return rs
    p2 = b.player(mana="{U}{U}{C}", hand=[{"id": "cancel", "card": b.CANCEL}])
    actions = [_cast(rs), {"pass_priority": {"player": "p1"}},
               b.cast("cancel", "p2", targets=[ID]), b.RESOLVE_STACK, *NEXT_UPKEEP]
    expect = {"events": [{"type": "countered", "object": ID},
                         {"type": "zone_change", "object": ID, "from": "stack",
                          "to": "graveyard"}],
              "events_absent": [{"type": "triggered", "ability": "rebound"}],
              "state": {"zones": {ID: "graveyard"}, "turn": 5, "step": "upkeep", "stack": []}}
    return [Draft("rebound-countered", f"{rs.name} countered goes to the graveyard and does not "
                  "rebound", _feats(rs, "counterspell", "turn_structure"), _cards(rs, b.CANCEL),
                  _setup(rs, p2=p2), actions, expect, [*RULES, "701.5a"])]


def _to_next_upkeep(rs: ReboundSpell) -> list[dict[str, Any]]:
    return [_cast(rs), b.RESOLVE_STACK, *NEXT_UPKEEP,
            {"check": {"state": {"stack": [TRIGGER], "zones": {ID: "exile"}}}}, b.RESOLVE_TOP]


def gen_upkeep(ctx: Context) -> list[Draft] | NotExecutable:
    rs = rebound_spell(ctx)
    if isinstance(rs, NotExecutable):
        return rs
    if not rs.sorcery:
        return NotExecutable("an instant may be cast during an upkeep anyway: an engine following "
                             "the card's timing would pass the case")
    actions = [*_to_next_upkeep(rs), _may(True), *_cast_choices(rs), b.RESOLVE_STACK]
    expect = {"events": [{"type": "triggered", **TRIGGER},
                         {"type": "cast", "object": ID, "player": "p1"},
                         {"type": "zone_change", "object": ID, "from": "stack",
                          "to": "graveyard"}],
              "event_counts": [{"match": {"type": "cast", "object": ID}, "count": 2}],
              "state": {"zones": {ID: "graveyard"}, "step": "upkeep", "turn": 5, "stack": []}}
    return [Draft("rebound-upkeep", f"{rs.name} (a sorcery) is cast by its rebound trigger during "
                  "its owner's upkeep", _feats(rs, "trigger.delayed", "turn_structure",
                                               "optional_effect"),
                  _cards(rs), _setup(rs), actions, expect, [*RULES, "608.2g"])]


def gen_optional(ctx: Context) -> list[Draft] | NotExecutable:
    rs = rebound_spell(ctx)
    if isinstance(rs, NotExecutable):
        return rs
    actions = [*_to_next_upkeep(rs), _may(False), *NEXT_UPKEEP]
    expect = {"event_counts": [{"match": {"type": "triggered", "ability": "rebound"},
                                "count": 1},
                               {"match": {"type": "cast", "object": ID}, "count": 1}],
              "state": {"zones": {ID: "exile"}, "step": "upkeep", "turn": 7, "stack": []}}
    return [Draft("rebound-optional", f"{rs.name} not cast by its rebound trigger stays exiled "
                  "and gets no other chance", _feats(rs, "trigger.delayed", "turn_structure",
                                                      "optional_effect"),
                  _cards(rs), _setup(rs), actions, expect, RULES)]


def gen_copies(ctx: Context) -> list[Draft] | NotExecutable:
    rs = rebound_spell(ctx)
    if isinstance(rs, NotExecutable):
        return rs
    setup = _setup(rs, TWINCAST_COST, hand=[{"id": "twin", "card": TWINCAST}], times=4)
    actions = [_cast(rs), b.cast("twin", targets=[ID]), b.RESOLVE_TOP,
               *([b.keep_targets()] if rs.targets else []), b.RESOLVE_STACK, *NEXT_UPKEEP]
    expect = {"events": [{"type": "copy_created", "of": ID},
                         {"type": "zone_change", "object": ID, "from": "stack", "to": "exile"},
                         {"type": "triggered", **TRIGGER}],
              "event_counts": [{"match": {"type": "triggered", "ability": "rebound"},
                                "count": 1}],
              "state": {"zones": {ID: "exile"}, "step": "upkeep", "turn": 5,
                        "stack": [TRIGGER]}}
    return [Draft("rebound-copies", f"A copy of {rs.name} does not rebound: one rebound trigger",
                  _feats(rs, "copy_spell", "trigger.delayed", "turn_structure"),
                  _cards(rs, TWINCAST), setup, actions, expect, [*RULES, "707.10"])]


def gen_other_zone(ctx: Context) -> list[Draft] | NotExecutable:
    rs = rebound_spell(ctx)
    if isinstance(rs, NotExecutable):
        return rs
    if rs.mana_value >= 4:
        return NotExecutable(f"its mana value ({rs.mana_value}) is not less than Bloodbraid Elf's "
                             "(4): cascade would not cast it")
    library = [{"id": ID, "card": rs.name}, *b.islands(3)]
    setup = _setup(rs, BLOODBRAID_COST, hand=[{"id": "elf", "card": BLOODBRAID}],
                   library=library, in_hand=False)
    actions = [b.cast("elf"), b.RESOLVE_TOP,
               {"choose": {"choice": "may", "source": "elf", "ability": "cascade",
                           "accept": True}},
               *_cast_choices(rs), b.RESOLVE_STACK]
    expect = {"events": [{"type": "cast", "object": ID},
                         {"type": "resolved", "object": ID},
                         {"type": "zone_change", "object": ID, "from": "stack",
                          "to": "graveyard"}],
              "events_absent": [{"type": "zone_change", "object": ID, "from": "stack",
                                 "to": "exile"}],
              "state": {"zones": {ID: "graveyard", "elf": "battlefield"}, "stack": []}}
    return [Draft("rebound-other-zone", f"{rs.name} cast from a library by cascade does not "
                  "rebound", _feats(rs, "cascade", "optional_effect"), _cards(rs, BLOODBRAID),
                  setup, actions, expect, [*RULES, "702.85a"])]


def gen_free(ctx: Context) -> list[Draft] | NotExecutable:
    rs = rebound_spell(ctx)
    if isinstance(rs, NotExecutable):
        return rs
    if rs.mana_value > 3:
        return NotExecutable(f"its mana value ({rs.mana_value}) is over 3: Sram's Expertise "
                             "would not let it be cast")
    setup = _setup(rs, SRAMS_COST, hand=[{"id": "srams", "card": SRAMS}])
    setup["players"]["p1"]["mana"] = b.mana_pool(SRAMS_COST)
    actions = [b.cast("srams"), b.RESOLVE_TOP,
               {"choose": {"choice": "may", "source": "srams", "accept": True}},
               *_cast_choices(rs), b.RESOLVE_STACK]
    expect = {"events": [{"type": "cast", "object": ID},
                         {"type": "zone_change", "object": ID, "from": "stack", "to": "exile"}],
              "state": {"zones": {ID: "exile"}, "stack": [],
                        "players": {"p1": {"mana": ""}}}}
    return [Draft("rebound-free", f"{rs.name} cast from a hand without paying its mana cost "
                  "still rebounds", _feats(rs, "optional_effect", "tokens"),
                  _cards(rs, SRAMS), setup, actions, expect, [*RULES, "118.9"])]


FAMILIES = [
    Family("rebound-exiled", "A spell with rebound cast from a hand is exiled as it resolves",
           ("702.88a",), ("rebound",), gen_exiled,
           en=phrases("If you cast a spell with rebound from your hand and it resolves, it isn't "
                      "put into your graveyard. Rather, it's exiled directly from the stack")),
    Family("rebound-countered", "A spell with rebound that doesn't resolve doesn't rebound",
           ("702.88a", "701.5a"), ("rebound", "counterspell"), gen_countered,
           en=phrases("If a spell with rebound that you cast from your hand doesn't resolve for "
                      "any reason",
                      "If a spell with rebound that you cast from your hand is countered for any "
                      "reason, that spell won't resolve and none of its effects will happen, "
                      "including rebound")),
    Family("rebound-upkeep", "The rebound cast ignores the card type's timing",
           ("702.88a", "608.2g"), ("rebound", "trigger.delayed"), gen_upkeep,
           en=phrases("At the beginning of your upkeep, all delayed triggered abilities created "
                      "by rebound effects trigger")),
    Family("rebound-optional", "The rebound cast is optional and happens once",
           ("702.88a",), ("rebound", "optional_effect"), gen_optional,
           en=phrases("Casting the card again due to rebound's delayed triggered ability is "
                      "optional. If you choose not to cast the card")),
    Family("rebound-copies", "Copies of a spell with rebound don't rebound",
           ("702.88a", "707.10"), ("rebound", "copy_spell"), gen_copies,
           en=phrases("Rebound will have no effect on copies of spells because you don't cast "
                      "them from your hand")),
    Family("rebound-other-zone", "Rebound applies only to a spell cast from a hand",
           ("702.88a",), ("rebound", "cascade"), gen_other_zone,
           en=phrases("If you cast a spell with rebound from anywhere other than your hand",
                      "If you cast a spell with rebound from any zone other than your hand")),
    Family("rebound-free", "Rebound applies whether or not the mana cost was paid",
           ("702.88a", "118.9"), ("rebound",), gen_free,
           en=phrases("As long as you cast a spell with rebound from your hand, rebound will "
                      "work regardless of whether you paid its mana cost")),
]
