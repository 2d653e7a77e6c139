"""Flashback (rule 702.34) and cycling (rule 702.29) rulings, for every card with the keyword
and a mana cost, whose spell text shows which targets to choose."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from conformance.mining import build as b
from conformance.mining.corpus import CardInfo
from conformance.mining.families.cycling_variants import gen_variant
from conformance.mining.families.flashback_targets import (
    FlashbackCosts,
    Placed,
    additional_cost,
    engine_target,
    flashback_costs,
    place,
    second_payers,
)
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases
from conformance.reference.cards import mana_value_of

_FLASHBACK = re.compile(r"^Flashback ((?:\{[0-9WUBRGC]\})+)$", re.M)
_CYCLING = re.compile(r"^Cycling ((?:\{[0-9WUBRGC]\})+)$", re.M)
_DISCARD_ABILITY = re.compile(r"^Madness\b|\bdiscards? this card\b|\bwhen you discard\b", re.M | re.I)
"""Abilities that change what discarding the card does (cycling discards it)."""


@dataclass
class FlashbackSpell:
    """What scripting a flashback card needs."""

    face_types: tuple[str, ...]
    mana_cost: str | None
    flashback: str
    targets: list[tuple[str, str | None]]
    decision: str | None = None
    """A decision resolving the spell needs that a case cannot script (None: none)."""
    draws: dict[str, int] | None = None
    """Cards each player draws as the spell resolves."""
    placed: Placed | None = None
    """The one target read from the engine's target slot (instead of ``targets``)."""
    other_costs: FlashbackCosts | None = None
    """The flashback cost's sacrifice or tap part, if any."""
    additional: FlashbackCosts | None = None
    """The spell's additional sacrifice or tap cost (every cast pays it), if any."""

    @property
    def target_ids(self) -> list[str]:
        """The ids to target."""
        return [t for t, _ in self.targets] + ([self.placed.id] if self.placed else [])

    @property
    def sorcery(self) -> bool:
        """Whether the card is cast at sorcery speed."""
        return "Instant" not in self.face_types


def flashback_spell(card: CardInfo) -> FlashbackSpell | NotExecutable:
    """How to cast ``card`` with flashback, or why it cannot be scripted."""
    if len(card.faces) != 1 or not {"Instant", "Sorcery"} & set(card.main.types):
        return NotExecutable("only one-face instant and sorcery cards are scripted")
    text = b.strip_reminders(card.main.text)
    m = _FLASHBACK.search(text)
    other = flashback_costs(text) if not m else None
    if not m and other is None:
        return NotExecutable("the flashback cost is not a mana cost")
    flashback = m[1] if m else other.mana if other else ""
    if b.mana_pool(flashback) is None or b.mana_pool(card.main.mana_cost) is None:
        return NotExecutable("a cost has hybrid, Phyrexian or snow mana")
    additional, spell = additional_cost(b.spell_lines(card.main, drop=("Flashback",)))
    if additional and other and additional.kind == other.kind:
        return NotExecutable("the additional cost and the flashback cost pay with objects of "
                             "one kind")
    targets = b.scripted_targets(spell)
    placed = engine_target(card.name, spell) if targets is None else None
    if isinstance(placed, str):  # a player, or no target
        targets, placed = [(placed, None)] if placed else [], None
    if targets is None and placed is None:
        return NotExecutable("the spell's targets, choices or costs are not scripted")
    return FlashbackSpell(card.main.types, card.main.mana_cost, flashback, targets or [],
                          b.decision_needed(spell), b.draws(spell), placed, other, additional)


def _resolvable(fb: FlashbackSpell) -> NotExecutable | None:
    """Why a case that resolves the spell cannot be written (None: it can)."""
    if fb.decision:
        return NotExecutable(f"resolving the spell needs {fb.decision}, which a case cannot "
                             "script (a strict engine must refuse it)")
    return None


def _setup(fb: FlashbackSpell, card: str, zone: str, mana: str | None, *, active: str = "p1",
           step: str = "precombat_main", p2: dict[str, Any] | None = None,
           second: bool = False) -> dict[str, Any]:
    p1, theirs = b.caster(card, "fb", zone, mana, fb.targets)
    p2 = p2 or b.player()
    if theirs:
        p2.setdefault("battlefield", []).extend(theirs)
    setup = b.game(p1, p2, active=active, step=step)
    if fb.placed is not None:
        place(setup, fb.placed, second=second)
    mine = setup["players"]["p1"].setdefault("battlefield", [])
    if fb.other_costs is not None:
        mine.extend(fb.other_costs.payers)
    if fb.additional is not None:  # each cast pays it: a second set for a second cast
        mine.extend(fb.additional.payers + (second_payers(fb.additional) if second else ()))
    if not mine:
        del setup["players"]["p1"]["battlefield"]
    b.stock_libraries(setup["players"], fb.draws or {}, 2 if zone == "hand" else 1)
    return setup


def _fb_cast(fb: FlashbackSpell, targets: list[str] | None = None, *,
             second: bool = False) -> dict[str, Any]:
    """The cast of ``fb`` from the graveyard with flashback (at ``targets``, by default the
    scripted ones), paying its costs other than mana (``second``: with the second set of
    payers of its additional cost)."""
    extra: dict[str, Any] = {"from": "graveyard"}
    costs = fb.other_costs.costs() if fb.other_costs else {}
    if fb.additional:
        payers = second_payers(fb.additional) if second else fb.additional.payers
        costs[fb.additional.kind] = [p["id"] for p in payers]
    if costs:
        extra["costs"] = costs
    return b.cast("fb", targets=targets or fb.target_ids or None, **extra)


def _cards(card: str, fb: FlashbackSpell, *extra: str) -> list[str]:
    placed = [fb.placed.card] if fb.placed else []
    placed += [p["card"] for p in fb.other_costs.payers] if fb.other_costs else []
    placed += [p["card"] for p in fb.additional.payers] if fb.additional else []
    return list(dict.fromkeys([card, *(c for _, c in fb.targets if c), *placed, b.ISLAND,
                               *extra]))


FEATS = ["priority", "stack", "mana_cost", "flashback"]


def _feats(fb: FlashbackSpell, *extra: str) -> list[str]:
    placed = fb.placed
    return FEATS + (["target"] if fb.targets or placed else []) + (
        (["additional_cost"] if fb.other_costs.payers else ["life"]) if fb.other_costs else
        []) + (["additional_cost"] if fb.additional else []) + (
        ["graveyard_target"] if placed and placed.zone == "graveyard" else []) + list(extra)


def _fb(ctx: Context) -> FlashbackSpell | NotExecutable:
    return flashback_spell(ctx.card)


def gen_meaning(ctx: Context) -> list[Draft] | NotExecutable:
    fb = _fb(ctx)
    if isinstance(fb, NotExecutable):
        return fb
    if (why := _resolvable(fb)) is not None:
        return why
    setup = _setup(fb, ctx.card.name, "graveyard", b.mana_pool(fb.flashback))
    actions = [_fb_cast(fb),
               b.RESOLVE_STACK]
    state: dict[str, Any] = {"zones": {"fb": "exile"}}
    if fb.other_costs and fb.other_costs.life:  # "Flashback—{1}{G}, Pay 3 life."
        state["life"] = {"p1": 20 - fb.other_costs.life}
    expect = {"events": [{"type": "cast", "object": "fb", "copy": False},
                         {"type": "resolved", "object": "fb"},
                         {"type": "zone_change", "object": "fb", "from": "stack", "to": "exile"}],
              "state": state}
    return [Draft("flashback-meaning", f"{ctx.card.name} is cast from a graveyard for its "
                  "flashback cost and exiled as it resolves", _feats(fb),
                  _cards(ctx.card.name, fb), setup, actions, expect, ["702.34a"])]


def gen_exiled(ctx: Context) -> list[Draft] | NotExecutable:
    fb = _fb(ctx)
    if isinstance(fb, NotExecutable):
        return fb
    p2 = b.player(mana="{U}{U}{C}", hand=[{"id": "cancel", "card": b.CANCEL}])
    setup = _setup(fb, ctx.card.name, "graveyard", b.mana_pool(fb.flashback), p2=p2)
    actions = [_fb_cast(fb),
               {"pass_priority": {"player": "p1"}},
               b.cast("cancel", "p2", targets=["fb"]), b.RESOLVE_STACK]
    expect = {"events": [{"type": "countered", "object": "fb"}],
              "events_absent": [{"type": "resolved", "object": "fb"}],
              "state": {"zones": {"fb": "exile", "cancel": "graveyard"}}}
    return [Draft("flashback-exiled", f"{ctx.card.name} cast with flashback and countered is "
                  "exiled", _feats(fb, "counterspell"), _cards(ctx.card.name, fb, b.CANCEL),
                  setup, actions, expect, ["702.34a"])]


def gen_never_cast(ctx: Context) -> list[Draft] | NotExecutable:
    """Every flashback-meaning case already starts with the card in a graveyard, never cast:
    a case of its own would repeat that setup with a subset of its checks."""
    return NotExecutable("its point is exercised by the card's flashback-meaning case (the card "
                         "starts in the graveyard, never cast): a case of its own would repeat "
                         "that setup with fewer checks")


def gen_timing(ctx: Context) -> list[Draft] | NotExecutable:
    fb = _fb(ctx)
    if isinstance(fb, NotExecutable):
        return fb
    if fb.sorcery:
        setup = _setup(fb, ctx.card.name, "graveyard", b.mana_pool(fb.flashback), active="p2",
                       step="upkeep")
        setup["priority"] = "p1"
        actions = [_fb_cast(fb)]
        expect = {"error": {"kind": "illegal_action", "action": 0},
                  "state": {"zones": {"fb": "graveyard"}}}
        title = f"{ctx.card.name} (a sorcery) can't be cast with flashback on an opponent's turn"
    else:
        if (why := _resolvable(fb)) is not None:
            return why
        setup = _setup(fb, ctx.card.name, "graveyard", b.mana_pool(fb.flashback), active="p2",
                       step="upkeep")
        setup["priority"] = "p1"
        actions = [_fb_cast(fb),
                   b.RESOLVE_STACK]
        expect = {"events": [{"type": "cast", "object": "fb"}],
                  "state": {"zones": {"fb": "exile"}}}
        title = f"{ctx.card.name} (an instant) can be cast with flashback on an opponent's turn"
    return [Draft("flashback-timing", title, _feats(fb, "turn_structure"),
                  _cards(ctx.card.name, fb), setup, actions, expect, ["702.34a", "307.1"])]


def gen_priority(ctx: Context) -> list[Draft] | NotExecutable:
    fb = _fb(ctx)
    if isinstance(fb, NotExecutable):
        return fb
    if (why := _resolvable(fb)) is not None:
        return why
    setup = _setup(fb, ctx.card.name, "hand", b.mana_pool(fb.mana_cost, fb.flashback),
                   second=True)
    tg = fb.target_ids or None
    extra: tuple[str, ...] = ()
    second: list[str] | None
    if fb.placed is not None:  # the first cast may remove its target: another one like it
        second = [fb.placed.id + "b"]
    elif fb.targets and fb.targets[0][1] == b.BEARS:
        # the first cast may remove the target, and with it every creature of the same name
        # (Sever the Bloodline): the second target is another creature with another name
        tid = fb.targets[0][0]
        second_id = "giant3" if tid.endswith("2") else "giant4"
        setup["players"]["p2" if tid.endswith("2") else "p1"].setdefault(
            "battlefield", []).append({"id": second_id, "card": b.GIANT})
        second = [second_id]
        extra = (b.GIANT,)
    else:
        second = tg
    first = b.cast("fb", targets=tg)
    if fb.additional:
        first["cast"]["costs"] = fb.additional.costs()
    actions = [first, b.RESOLVE_TOP, _fb_cast(fb, second, second=True), b.RESOLVE_STACK]
    expect = {"event_counts": [{"match": {"type": "cast", "object": "fb"}, "count": 2}],
              "state": {"zones": {"fb": "exile"}}}
    return [Draft("flashback-priority", f"{ctx.card.name} can be cast with flashback at once "
                  "after it resolves during its owner's turn", _feats(fb),
                  _cards(ctx.card.name, fb, *extra), setup, actions, expect,
                  ["702.34a", "117.3b"])]


def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    fb = _fb(ctx)
    if isinstance(fb, NotExecutable):
        return fb
    mv, paid = mana_value_of(fb.mana_cost, 0), mana_value_of(fb.flashback, 0)
    if mv == paid:
        return NotExecutable(f"its mana cost and flashback cost have the same mana value ({mv}): "
                             "an engine taking the mana value from the cost paid would pass")
    setup = _setup(fb, ctx.card.name, "graveyard", b.mana_pool(fb.flashback))
    actions = [_fb_cast(fb)]
    expect = {"state": {"objects": {"fb": {"zone": "stack", "mana_value": mv}}}}
    return [Draft("flashback-mana-value", f"{ctx.card.name} cast with flashback has the mana "
                  f"value of its mana cost ({mv})", _feats(fb), _cards(ctx.card.name, fb),
                  setup, actions, expect, ["202.3", "601.2f"])]



def gen_cycling(ctx: Context) -> list[Draft] | NotExecutable:
    card = ctx.card
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    text = b.strip_reminders(card.main.text)
    m = _CYCLING.search(text)
    rest = _CYCLING.sub("", text)
    if _DISCARD_ABILITY.search(rest):
        return NotExecutable("the card has an ability that works when it is discarded (madness: "
                             "discarded into exile, rule 702.35a): cycling it does not simply put it "
                             "into the graveyard")
    if not m or b.mana_pool(m[1]) is None or re.search(r"\bcycl", rest, re.I):
        return gen_variant(ctx)  # typecycling, "When you cycle CARDNAME, ..."
    if ":" in rest:
        return NotExecutable("the card has other activated or cycling-related abilities: the "
                             "ability index is ambiguous")
    setup = b.game(b.player(mana=b.mana_pool(m[1]), hand=[{"id": "cyc", "card": card.name}],
                            library=b.islands(1)), b.player())
    actions = [{"activate": {"player": "p1", "object": "cyc", "ability": 0}}, b.RESOLVE_STACK]
    expect = {"events": [{"type": "zone_change", "object": "cyc", "from": "hand",
                          "to": "graveyard"},
                         {"type": "put_on_stack", "source": "cyc"},
                         {"type": "zone_change", "object": "lib1", "from": "library",
                          "to": "hand"}],
              "events_absent": [{"type": "cast"}],
              "state": {"zones": {"cyc": "graveyard", "lib1": "hand"}}}
    return [Draft("cycling-activated", f"Cycling {card.name} is an activated ability: it uses "
                  "the stack and is not a spell", ["priority", "stack", "mana_cost", "cycling",
                                                   "activated_ability", "draw"],
                  [card.name, b.ISLAND], setup, actions, expect, ["702.29a", "602.1"])]


FAMILIES = [
    Family("flashback-meaning", "Flashback: cast from a graveyard for the flashback cost, "
           "exiled when it leaves the stack", ("702.34a",), ("flashback",), gen_meaning,
           en=phrases("\"Flashback [cost]\" means \"You may cast this card from your graveyard "
                      "by paying [cost] rather than paying its mana cost\"")),
    Family("flashback-exiled", "A spell cast using flashback is always exiled afterward",
           ("702.34a",), ("flashback", "counterspell"), gen_exiled,
           en=phrases("A spell cast using flashback will always be exiled afterward")),
    Family("flashback-never-cast", "Flashback works for a card put into a graveyard without "
           "having been cast", ("702.34a",), ("flashback",), gen_never_cast,
           en=phrases("You can cast a spell using flashback even if it was somehow put into your "
                      "graveyard without having been cast")),
    Family("flashback-timing", "Flashback follows the card's timing rules", ("702.34a",),
           ("flashback", "turn_structure"), gen_timing,
           en=phrases("You must still follow any timing restrictions and permissions, including "
                      "those based on the card's type. For instance, you can cast a sorcery "
                      "using flashback")),
    Family("flashback-priority", "A flashback card put into a graveyard during your turn can be "
           "cast before anyone else acts", ("702.34a", "117.3b"), ("flashback",), gen_priority,
           en=phrases("If a card with flashback is put into your graveyard during your turn, you "
                      "can cast it if it's legal to do so before any other player")),
    Family("flashback-mana-value", "A spell cast for an alternative cost keeps the mana value of "
           "its mana cost", ("202.3", "601.2f"), ("flashback",), gen_mana_value,
           en=phrases("start with the mana cost or alternative cost (such as a flashback cost) "
                      "you're paying, add any cost increases, then apply any cost reductions. "
                      "The mana value of the spell is determined only by its mana cost")),
    Family("cycling-activated", "Cycling is an activated ability, not a spell",
           ("702.29a", "602.1"), ("cycling", "activated_ability"), gen_cycling,
           en=phrases("Cycling is an activated ability. Effects that interact with activated "
                      "abilities")),
]
