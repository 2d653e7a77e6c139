"""Suspend rulings (rule 702.62a; the special action, 116.2f), for every one-face card the
reference engine builds with "Suspend N—{cost}" (protocol 2 ``suspend`` action). p1 suspends
the card in their main phase with a pool paying exactly the suspend cost; a spell's targets, when
it has some, are the generator's scripted ones (p2, or p2's Grizzly Bears).

* ``suspend-not-cast`` — "Exiling a card with suspend isn't casting that card. This action
  doesn't use the stack": the card is exiled with N time counters, no ``cast`` event, the stack
  empty. Mutant ``suspend_is_cast``.
* ``suspend-timing`` — "You can exile a card in your hand using suspend any time you could cast
  that card": a card without instant timing (not an instant, no flash) can't be suspended in
  p1's upkeep. Mutant ``suspend_ignores_timing``.
* ``suspend-any-reason`` — "It doesn't matter why the last time counter was removed": an effect
  outside the case's cards (``remove_counters``) removes every time counter; the cast trigger
  triggers and casts the card. Mutant ``suspend_cast_only_by_upkeep``.
* ``suspend-meaning`` — the three abilities: suspended, N-1 counters removed by an outside
  effect, then at p1's next upkeep suspend's trigger removes the last one and the card is cast
  from exile, with an empty pool. Mutant ``suspend_never_casts``.
* ``suspend-free`` — "If you cast a card 'without paying its mana cost,' such as with suspend":
  the same cycle as ``suspend-meaning``, checked on the cast with p1's pool empty. Mutant
  ``suspend_pays_mana_cost``.
* ``suspend-haste`` — "A creature cast using suspend will enter the battlefield with haste":
  the creature spell resolves and has haste. Mutant ``suspend_without_haste``.
* ``suspend-targets`` — "those targets are chosen when the spell is finally cast": the targets
  choice comes as the cast trigger resolves, naming the card. Mutant
  ``suspend_targets_at_exile``.
* ``suspend-must-cast`` — "As the second triggered ability resolves, you must cast the card if
  able. ... Timing permissions based on the card's type are ignored": a sorcery or creature is
  cast in the upkeep. Mutant ``suspend_cast_keeps_timing``.
* ``no-mana-cost`` — "A card with no mana cost can't be cast normally" (118.6): casting it from
  a hand is refused. Mutant ``no_mana_cost_cast_free``.
* ``suspend-cant-cast`` — "If you can't cast the card, perhaps because there are no legal
  targets available, it remains exiled with no time counters on it": a spell that targets only
  creatures, with no creature on the battlefield. Mutant ``suspend_unable_to_graveyard``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "suspend", "counters"]
RULES = ["702.62a"]
_TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "nonland_permanent": ("bears2", b.BEARS),
}
_CREATURE_ONLY = frozenset({"creature"})


class _Card:
    """What the generators need of a suspend card."""

    def __init__(self, face: Any, slots: list[str]) -> None:
        self.face = face
        self.name: str = face.name
        self.n: int = face.text.suspend[0]
        self.cost: str = face.text.suspend[1]
        self.slots = slots
        self.creature = "Creature" in face.types
        self.instant_speed = "Instant" in face.types or "flash" in face.text.keywords


def _card(name: str) -> _Card | NotExecutable:
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1 or card.faces[0].text.suspend is None:
        return NotExecutable("only one-face cards with suspend are scripted")
    face = card.faces[0]
    t = face.text
    if "Land" in face.types or t.additional_costs or face.has_x:
        return NotExecutable("a land, {X} or an additional cost: the cast is not scripted")
    if t.spell is not None and not isinstance(t.spell, tuple):
        return NotExecutable("it is a modal spell: the generator does not choose modes")
    slots: list[str] = []
    for eff in t.spell or ():
        for slot in eff.slots:
            if slot.min != 1 or slot.max != 1:
                return NotExecutable("a target count the generator does not script")
            slots.append(slot.kind)
    if t.enchant is not None:
        return NotExecutable("an Aura spell's target is not scripted")
    if t.suspend is None or b.mana_pool(t.suspend[1]) is None:
        return NotExecutable("its suspend cost has a symbol a pool is not written for")
    return _Card(face, slots)


def _targets(c: _Card) -> list[tuple[str, str | None]] | NotExecutable:
    out = []
    for kind in c.slots:
        if kind not in _TARGETS:
            return NotExecutable(f"its target ({kind}) is not one the generator scripts")
        out.append(_TARGETS[kind])
    return out


def _suspend(obj: str = "sus") -> dict[str, Any]:
    return {"suspend": {"player": "p1", "object": obj}}


def _setup(c: _Card, targets: list[tuple[str, str | None]], *, step: str = "precombat_main",
           creatures: bool = True) -> dict[str, Any]:
    mine, theirs = b.objects_for(targets) if creatures else ([], [])
    p1 = b.player(mana=b.mana_pool(c.cost) or None, battlefield=mine,
                  hand=[{"id": "sus", "card": c.name}], library=b.islands(3))
    library = [{"id": f"lib{i}b", "card": b.ISLAND} for i in range(1, 4)]
    return b.game(p1, b.player(battlefield=theirs, library=library), step=step)


def _suspended_setup(c: _Card, targets: list[tuple[str, str | None]], *, active: str,
                     step: str) -> dict[str, Any]:
    """The card already suspended (in p1's exile with one time counter), p1's pool empty."""
    setup = _setup(c, targets, step=step)
    setup["active_player"] = active
    p1 = setup["players"]["p1"]
    p1.pop("mana", None)
    p1.pop("hand")
    p1["exile"] = [{"id": "sus", "card": c.name, "counters": {"time": 1}}]
    return setup


def _cards(c: _Card, targets: list[tuple[str, str | None]]) -> list[str]:
    return sorted({c.name, b.ISLAND} | {card for _, card in targets if card})


def _cast_choice(targets: list[tuple[str, str | None]]) -> list[dict[str, Any]]:
    if not targets:
        return []
    return [{"choose": {"choice": "targets", "source": "sus",
                        "targets": [tid for tid, _ in targets]}}]


def _through_upkeep(c: _Card, targets: list[tuple[str, str | None]]) -> list[dict[str, Any]]:
    """Suspend; an outside effect removes N-1 counters; p1's next upkeep removes the last; the
    cast trigger resolves and casts the card."""
    actions = [_suspend()]
    if c.n > 1:
        actions.append({"remove_counters": {"object": "sus", "counter": "time", "n": c.n - 1}})
    actions += [{"advance": {"to": "upkeep", "next_turn": True}},
                {"advance": {"to": "upkeep", "next_turn": True}},
                b.RESOLVE_TOP,  # suspend_upkeep: the last counter removed
                b.RESOLVE_TOP,  # suspend_cast: the card is cast
                *_cast_choice(targets)]
    return actions


def _prepared(ctx: Context) -> tuple[_Card, list[tuple[str, str | None]]] | NotExecutable:
    c = _card(ctx.card.name)
    if isinstance(c, NotExecutable):
        return c
    targets = _targets(c)
    if isinstance(targets, NotExecutable):
        return targets
    return c, targets


def _prepared_cast(ctx: Context, *, upkeep: bool = False
                   ) -> tuple[_Card, list[tuple[str, str | None]]] | NotExecutable:
    """:func:`_prepared`, for a script that removes the card's last time counter (``upkeep``:
    and passes an upkeep while the card is suspended)."""
    from conformance.reference.oracle_suspended import UPKEEP_WHILE_SUSPENDED

    got = _prepared(ctx)
    if isinstance(got, NotExecutable):
        return got
    if upkeep and any(t.event == UPKEEP_WHILE_SUSPENDED for t in got[0].face.text.triggered):
        return NotExecutable("an ability of the suspended card triggers at each upkeep: the "
                             "generator does not script it")
    refused = last_counter_refusal(got[0].face)
    return refused if refused is not None else got


def last_counter_refusal(face: Any) -> NotExecutable | None:
    """A card with its own "When the last time counter is removed ..." trigger: it triggers
    beside suspend's cast trigger, and the scripts do not order the two."""
    from conformance.reference.oracle_suspended import LAST_TIME_COUNTER

    if any(t.event == LAST_TIME_COUNTER for t in face.text.triggered):
        return NotExecutable("its own last-time-counter trigger triggers beside suspend's cast "
                             "trigger: the generator does not script their order")
    return None


def gen_not_cast(ctx: Context) -> list[Draft] | NotExecutable:
    """Suspending is not casting and does not use the stack."""
    got = _prepared(ctx)
    if isinstance(got, NotExecutable):
        return got
    c, targets = got
    expect = {"events": [{"type": "zone_change", "object": "sus", "from": "hand", "to": "exile"},
                         {"type": "counter_added", "object": "sus", "counter": "time",
                          "n": c.n}],
              "events_absent": [{"type": "cast"}],
              "state": {"zones": {"sus": "exile"},
                        "objects": {"sus": {"counters": {"time": c.n}}}, "stack": []}}
    return [Draft("suspend-not-cast", f"Suspending {c.name} exiles it with {c.n} time "
                  "counters: no spell is cast and nothing goes on the stack", list(FEATURES),
                  _cards(c, targets), _setup(c, targets), [_suspend()], expect,
                  ["116.2f", "702.62a"])]


def gen_timing(ctx: Context) -> list[Draft] | NotExecutable:
    """A card without instant timing can't be suspended in its owner's upkeep."""
    got = _prepared(ctx)
    if isinstance(got, NotExecutable):
        return got
    c, targets = got
    if c.instant_speed:
        return NotExecutable("an instant or a card with flash may be suspended any time its "
                             "owner has priority: no refusal to script")
    expect = {"error": {"kind": "illegal_action", "action": 0},
              "state": {"zones": {"sus": "hand"}}}
    return [Draft("suspend-timing", f"{c.name} can't be suspended in its owner's upkeep: it "
                  "could not be cast then", list(FEATURES), _cards(c, targets),
                  _setup(c, targets, step="upkeep"), [_suspend()], expect,
                  ["116.2f", "702.62a", "307.1"])]


def gen_any_reason(ctx: Context) -> list[Draft] | NotExecutable:
    """The last counter removed by an outside effect casts the card."""
    got = _prepared_cast(ctx)
    if isinstance(got, NotExecutable):
        return got
    c, targets = got
    actions = [_suspend(), {"remove_counters": {"object": "sus", "counter": "time", "n": c.n}},
               b.RESOLVE_TOP, *_cast_choice(targets)]
    expect = {"events": [{"type": "counter_removed", "object": "sus", "counter": "time"},
                         {"type": "triggered", "source": "sus", "ability": "suspend_cast"},
                         {"type": "cast", "object": "sus"}],
              "state": {"stack": [c.name]}}
    return [Draft("suspend-any-reason", f"Every time counter removed from the suspended "
                  f"{c.name} by an outside effect: its suspend trigger casts it",
                  FEATURES + (["target"] if targets else []), _cards(c, targets),
                  _setup(c, targets), actions, expect, list(RULES))]


def _cycle(ctx: Context, slug: str, title: str, rules: list[str],
           extra: dict[str, Any] | None = None) -> list[Draft] | NotExecutable:
    got = _prepared_cast(ctx, upkeep=True)
    if isinstance(got, NotExecutable):
        return got
    c, targets = got
    expect: dict[str, Any] = {
        "events": [{"type": "triggered", "source": "sus", "ability": "suspend_upkeep"},
                   {"type": "counter_removed", "object": "sus", "counter": "time"},
                   {"type": "triggered", "source": "sus", "ability": "suspend_cast"},
                   {"type": "cast", "object": "sus"}],
        "state": {"stack": [c.name], "step": "upkeep", "active_player": "p1"}}
    if extra:
        expect.update(extra)
    return [Draft(slug, title.format(name=c.name), FEATURES + ["turn_structure"]
                  + (["target"] if targets else []), _cards(c, targets), _setup(c, targets),
                  _through_upkeep(c, targets), expect, rules)]


def gen_meaning(ctx: Context) -> list[Draft] | NotExecutable:
    """The three abilities: exiled, a counter removed at the upkeep, cast on the last one."""
    return _cycle(ctx, "suspend-meaning", "{name} suspended: at its owner's upkeep its last "
                  "time counter is removed and it is cast from exile", list(RULES))


def gen_free(ctx: Context) -> list[Draft] | NotExecutable:
    """Cast by its suspend trigger with an empty pool: without paying its mana cost."""
    got = _prepared_cast(ctx)
    if isinstance(got, NotExecutable):
        return got
    c, targets = got
    if not c.face.mana_cost or c.face.mana_cost == "{0}":
        return NotExecutable("its mana cost is nothing to pay: a case can't tell it unpaid")
    actions = [{"remove_counters": {"object": "sus", "counter": "time", "n": 1}},
               b.RESOLVE_TOP, *_cast_choice(targets)]
    expect = {"events": [{"type": "triggered", "source": "sus", "ability": "suspend_cast"},
                         {"type": "cast", "object": "sus"}],
              "state": {"stack": [c.name], "zones": {"sus": "stack"}}}
    return [Draft("suspend-free", f"The suspended {c.name} is cast by its suspend trigger "
                  "without paying its mana cost (p1's pool is empty)",
                  FEATURES + (["target"] if targets else []), _cards(c, targets),
                  _suspended_setup(c, targets, active="p1", step="precombat_main"), actions,
                  expect, ["702.62a", "702.62d"])]


def gen_haste(ctx: Context) -> list[Draft] | NotExecutable:
    """A creature cast by its suspend trigger has haste."""
    got = _prepared_cast(ctx, upkeep=True)
    if isinstance(got, NotExecutable):
        return got
    c, targets = got
    if not c.creature:
        return NotExecutable("the card is not a creature")
    from conformance.reference.oracle_suspended import SUSPENDED_EVENTS

    if any(t.event not in SUSPENDED_EVENTS for t in c.face.text.triggered):
        return NotExecutable("the creature has triggered abilities whose choices the "
                             "generator does not script")
    keywords = sorted(set(c.face.text.keywords) | {"haste"})
    actions = [*_through_upkeep(c, targets), b.RESOLVE_TOP]
    expect = {"events": [{"type": "cast", "object": "sus"},
                         {"type": "zone_change", "object": "sus", "to": "battlefield"}],
              "state": {"zones": {"sus": "battlefield"},
                        "objects": {"sus": {"keywords": keywords}}}}
    return [Draft("suspend-haste", f"{c.name} cast by its suspend trigger enters with haste",
                  FEATURES + ["turn_structure", "keywords"], _cards(c, targets),
                  _setup(c, targets), actions, expect, list(RULES))]


def gen_targets(ctx: Context) -> list[Draft] | NotExecutable:
    """The targets are chosen as the suspended card is cast."""
    got = _prepared_cast(ctx)
    if isinstance(got, NotExecutable):
        return got
    c, targets = got
    if not targets:
        return NotExecutable("the spell has no targets")
    actions = [_suspend(), {"remove_counters": {"object": "sus", "counter": "time", "n": c.n}},
               b.RESOLVE_TOP, *_cast_choice(targets)]
    expect = {"events": [{"type": "zone_change", "object": "sus", "from": "hand", "to": "exile"},
                         {"type": "triggered", "source": "sus", "ability": "suspend_cast"},
                         {"type": "cast", "object": "sus"}],
              "state": {"stack": [c.name],
                        "objects": {"sus": {"targets": [tid for tid, _ in targets]}}}}
    return [Draft("suspend-targets", f"{c.name}'s targets are chosen as its suspend trigger "
                  "casts it, not as it is exiled", FEATURES + ["target"], _cards(c, targets),
                  _setup(c, targets), actions, expect, ["702.62a", "601.2c"])]


def gen_cant_cast(ctx: Context) -> list[Draft] | NotExecutable:
    """With no legal target the card can't be cast and stays exiled."""
    got = _prepared_cast(ctx)
    if isinstance(got, NotExecutable):
        return got
    c, targets = got
    if not c.slots or not set(c.slots) <= _CREATURE_ONLY:
        return NotExecutable("only a spell targeting creatures alone can lack legal targets "
                             "here")
    actions = [_suspend(), {"remove_counters": {"object": "sus", "counter": "time", "n": c.n}},
               b.RESOLVE_TOP]
    expect = {"events": [{"type": "triggered", "source": "sus", "ability": "suspend_cast"}],
              "events_absent": [{"type": "cast"}],
              "state": {"zones": {"sus": "exile"}, "objects": {"sus": {"counters": {}}},
                        "stack": []}}
    return [Draft("suspend-cant-cast", f"With no creature to target, {c.name}'s suspend "
                  "trigger can't cast it: it stays exiled with no time counters",
                  FEATURES + ["target"], _cards(c, []), _setup(c, targets, creatures=False),
                  actions, expect, list(RULES))]


def gen_must_cast(ctx: Context) -> list[Draft] | NotExecutable:
    """Cast by its trigger in the upkeep, whatever its type's timing."""
    got = _prepared_cast(ctx, upkeep=True)
    if isinstance(got, NotExecutable):
        return got
    if got[0].instant_speed:
        return NotExecutable("an instant or a card with flash may be cast in the upkeep anyway: "
                             "no timing to ignore")
    c, targets = got
    actions = [{"advance": {"to": "upkeep", "next_turn": True}},
               b.RESOLVE_TOP,  # suspend_upkeep: the last counter removed
               b.RESOLVE_TOP,  # suspend_cast: the card is cast in the upkeep
               *_cast_choice(targets)]
    expect = {"events": [{"type": "triggered", "source": "sus", "ability": "suspend_cast"},
                         {"type": "cast", "object": "sus"}],
              "state": {"stack": [c.name], "step": "upkeep", "active_player": "p1"}}
    return [Draft("suspend-must-cast", f"The suspended {c.name} is cast by its suspend "
                  "trigger in its owner's upkeep: its type's timing is ignored",
                  FEATURES + ["turn_structure"] + (["target"] if targets else []),
                  _cards(c, targets),
                  _suspended_setup(c, targets, active="p2", step="postcombat_main"), actions,
                  expect, ["702.62a", "608.2g"])]


def gen_no_mana_cost(ctx: Context) -> list[Draft] | NotExecutable:
    """A card with no mana cost is not cast from a hand."""
    got = _prepared(ctx)
    if isinstance(got, NotExecutable):
        return got
    c, targets = got
    if c.face.mana_cost is not None:
        return NotExecutable("the card has a mana cost")
    setup = _setup(c, targets)
    setup["players"]["p1"]["mana"] = "{C}{C}{C}{C}{C}"
    cast = b.cast("sus", targets=[tid for tid, _ in targets] or None)
    expect = {"error": {"kind": "illegal_action", "action": 0},
              "state": {"zones": {"sus": "hand"}, "stack": []}}
    return [Draft("no-mana-cost", f"{c.name} has no mana cost: casting it from a hand is "
                  "refused (an unpayable cost)", ["priority", "stack", "mana_cost"]
                  + (["target"] if targets else []), _cards(c, targets), setup, [cast], expect,
                  ["118.6", "202.1b"])]


FAMILIES = [
    Family("suspend-not-cast", "Suspending a card is not casting it", ("116.2f", "702.62a"),
           tuple(FEATURES), gen_not_cast,
           en=phrases("Exiling a card with suspend isn't casting that card")),
    Family("suspend-timing", "A card is suspended only when it could be cast",
           ("116.2f", "702.62a"), tuple(FEATURES), gen_timing,
           en=phrases("You can exile a card in your hand using suspend any time you could cast "
                      "that card")),
    Family("suspend-any-reason", "The last time counter removed for any reason casts the card",
           tuple(RULES), tuple(FEATURES), gen_any_reason,
           en=phrases("It doesn't matter why the last time counter was removed")),
    Family("suspend-free", "A suspended card is cast without paying its mana cost",
           ("702.62a", "702.62d"), tuple(FEATURES), gen_free,
           en=phrases("If you cast a card \"without paying its mana cost,\" such as with "
                      "suspend")),
    Family("suspend-haste", "A creature cast with suspend has haste", tuple(RULES),
           tuple(FEATURES), gen_haste,
           en=phrases("A creature cast using suspend will enter the battlefield with haste")),
    Family("suspend-meaning", "Suspend's three abilities", tuple(RULES), tuple(FEATURES),
           gen_meaning,
           en=phrases("Suspend is a keyword that represents three abilities")),
    Family("suspend-targets", "A suspended spell's targets are chosen as it is cast",
           ("702.62a", "601.2c"), tuple(FEATURES), gen_targets,
           en=phrases("those targets are chosen when the spell is finally cast, not when it's "
                      "exiled")),
    Family("suspend-must-cast", "The suspend trigger casts the card whatever its type's timing",
           ("702.62a", "608.2g"), tuple(FEATURES), gen_must_cast,
           en=phrases("As the second triggered ability resolves, you must cast the card if "
                      "able")),
    Family("no-mana-cost", "A card with no mana cost can't be cast by paying it",
           ("118.6", "202.1b"), ("priority", "stack", "mana_cost"), gen_no_mana_cost,
           en=phrases("A card with no mana cost can't be cast normally")),
    Family("suspend-cant-cast", "A suspended card that can't be cast stays exiled",
           tuple(RULES), tuple(FEATURES), gen_cant_cast,
           en=phrases("If you can't cast the card, perhaps because there are no legal targets "
                      "available, it remains exiled")),
]
