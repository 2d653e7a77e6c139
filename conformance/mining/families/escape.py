"""Escape rulings (rule 702.138), for every card with escape the reference engine builds whose
escape cost is mana plus "Exile N other cards from your graveyard": an instant or sorcery whose
text shows which targets to choose, an Aura with "Enchant creature", or a creature card.

The escape cost's other cards are Islands (``grave1`` ... ``graveN``) the case names in its
``costs.exile`` (SPEC "costs"); the Aura enchants p1's Grizzly Bears (``bears1``) or Hill Giant
(``giant1``); the creature, or the Aura's creature, is destroyed by p1's Murder.

* ``escape-timing`` — "Escape's permission doesn't change when you may cast the spell from your
  graveyard": a sorcery, Aura or creature card can't be cast with escape during an opponent's
  upkeep (307.1, 302.1). Mutant: ``escape_ignores_timing``. Instants: no case (an engine
  ignoring timing passes it).
* ``escape-priority`` — "If a card with escape is put into your graveyard during your turn,
  you'll be able to cast it right away": after the spell that put it there resolves, its owner,
  the active player, receives priority (117.3b) and casts it with escape at once. Mutant:
  ``no_priority_after_resolution``.
* ``escape-mana-value`` — "The mana value of the spell remains unchanged, no matter what the
  total cost to cast it was": cast with escape, it has the mana value of its mana cost (202.3).
  Mutant: ``escape_mana_value_from_cost``.
* ``escape-stack`` — "Once you begin casting a spell with escape, it immediately moves to the
  stack": it is no longer in the graveyard as its cost is paid, so it can't be one of the cards
  its escape cost exiles (601.2a): with one other card too few, naming the card itself is
  refused. Mutant: ``escaping_card_pays_itself``.
* ``escape-resolves`` — "After an escaped spell resolves, it returns to its owner's graveyard if
  it's not a permanent spell. If it is a permanent spell, it enters the battlefield and will
  return to its owner's graveyard if it dies later": the instant or sorcery goes to the
  graveyard; the permanent enters (a creature with the counters it escapes with, 702.138c),
  then is destroyed and goes to the graveyard. Mutant: ``escaped_card_exiled``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases
from conformance.reference.cards import mana_value_of

MURDER = "Murder"
ID = "esc"


@dataclass
class EscapeCard:
    """What scripting a card with escape needs."""

    name: str
    kind: str
    """spell (instant or sorcery) | aura | creature."""
    instant: bool
    mana_cost: str
    escape: str
    n: int
    """How many other cards the escape cost exiles."""
    targets: list[tuple[str, str | None]]
    decision: str | None = None
    draws: dict[str, int] | None = None
    counters: int = 0
    """The +1/+1 counters a creature escapes with (702.138c)."""
    toughness: int = 0

    @property
    def target_ids(self) -> list[str]:
        return [t for t, _ in self.targets]

    def exiled(self) -> list[str]:
        return [f"grave{i}" for i in range(1, self.n + 1)]

    def escape_cast(self, targets: list[str] | None = None) -> dict[str, Any]:
        """The cast of the card from the graveyard for its escape cost."""
        return b.cast(ID, targets=targets if targets is not None else self.target_ids or None,
                      costs={"alternative": "escape", "exile": self.exiled()})


def escape_card(ctx: Context) -> EscapeCard | NotExecutable:
    """How to cast ``ctx.card`` with escape, or why it cannot be scripted."""
    face = b.built_face(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    t = face.text
    if t.escape is None:
        return NotExecutable("the card's escape cost is not mana and other cards exiled")
    cost, n = t.escape
    if b.mana_pool(cost) is None or b.mana_pool(face.mana_cost) is None:
        return NotExecutable("a cost has hybrid, Phyrexian or snow mana")
    types = set(face.types)
    common = dict(name=face.name, instant="Instant" in types or "flash" in t.keywords,
                  mana_cost=face.mana_cost, escape=cost, n=n)
    if types & {"Instant", "Sorcery"}:
        spell = b.spell_lines(ctx.card.main, drop=("Escape",))
        targets = b.scripted_targets(spell)
        if targets is None:
            return NotExecutable("the spell's targets, choices or costs are not scripted")
        return EscapeCard(kind="spell", targets=targets, decision=b.decision_needed(spell),
                          draws=b.draws(spell), **common)
    if "Aura" in face.subtypes and t.enchant == "creature" and types == {"Enchantment"} \
            and not (t.triggered or t.activated):
        return EscapeCard(kind="aura", targets=[("bears1", b.BEARS)], **common)
    if types == {"Creature"} and not (t.triggered or t.activated or t.statics or t.spell):
        counters = [n for c, n in t.enters_with if c == "+1/+1" and str(n).startswith("escape:")]
        if len(counters) != len(t.enters_with):
            return NotExecutable("the creature enters with counters other than its escape ones")
        return EscapeCard(kind="creature", targets=[], toughness=face.toughness or 0,
                          counters=sum(int(str(c).split(":")[1]) for c in counters), **common)
    return NotExecutable("only instants and sorceries, Auras with enchant creature and creature "
                         "cards without other abilities than keywords are scripted")


def _graveyard(ec: EscapeCard, *, with_card: bool = True) -> list[dict[str, Any]]:
    card = [{"id": ID, "card": ec.name}] if with_card else []
    return card + [{"id": g, "card": b.ISLAND} for g in ec.exiled()]


def _setup(ec: EscapeCard, mana: str | None, *, active: str = "p1", step: str = "precombat_main",
           hand: list[dict[str, Any]] | None = None, times: int = 1,
           battlefield: list[dict[str, Any]] | None = None,
           in_graveyard: bool = True) -> dict[str, Any]:
    mine, theirs = b.objects_for(ec.targets)
    p1 = b.player(mana=mana, battlefield=[*mine, *(battlefield or [])], hand=hand,
                  graveyard=_graveyard(ec, with_card=in_graveyard), library=b.islands(3))
    p2 = b.player(battlefield=theirs)
    setup = b.game(p1, p2, active=active, step=step)
    b.stock_libraries(setup["players"], ec.draws or {}, times)
    return setup


def _cards(ec: EscapeCard, *extra: str) -> list[str]:
    return list(dict.fromkeys([ec.name, *(c for _, c in ec.targets if c), b.ISLAND, *extra]))


def _feats(ec: EscapeCard, *extra: str) -> list[str]:
    return ["priority", "stack", "mana_cost", "escape", "additional_cost"] + (
        ["target"] if ec.targets else []) + (["counters"] if ec.counters else []) + list(extra)


RULES = ["702.138a"]


def _resolvable(ec: EscapeCard) -> NotExecutable | None:
    if ec.decision:
        return NotExecutable(f"resolving the spell needs {ec.decision}, which a case cannot "
                             "script")
    return None


def gen_timing(ctx: Context) -> list[Draft] | NotExecutable:
    ec = escape_card(ctx)
    if isinstance(ec, NotExecutable):
        return ec
    if ec.instant:
        return NotExecutable("an instant may be cast any time its owner has priority: an engine "
                             "ignoring the card's timing would pass the case")
    setup = _setup(ec, b.mana_pool(ec.escape), active="p2", step="upkeep")
    setup["priority"] = "p1"
    expect = {"error": {"kind": "illegal_action", "action": 0},
              "state": {"zones": {ID: "graveyard", **{g: "graveyard" for g in ec.exiled()}}}}
    what = {"spell": "a sorcery", "aura": "an Aura", "creature": "a creature card"}[ec.kind]
    return [Draft("escape-timing", f"{ec.name} ({what}) can't be cast with escape during an "
                  "opponent's upkeep", _feats(ec, "turn_structure"), _cards(ec), setup,
                  [ec.escape_cast()], expect, [*RULES, "307.1"])]


def gen_priority(ctx: Context) -> list[Draft] | NotExecutable:
    ec = escape_card(ctx)
    if isinstance(ec, NotExecutable):
        return ec
    if ec.kind == "spell":
        if (why := _resolvable(ec)) is not None:
            return why
        setup = _setup(ec, b.mana_pool(ec.mana_cost, ec.escape), times=2,
                       hand=[{"id": ID, "card": ec.name}], in_graveyard=False)
        first = b.cast(ID, targets=ec.target_ids or None)
        actions = [first, b.RESOLVE_TOP, ec.escape_cast(), b.RESOLVE_STACK]
        state: dict[str, Any] = {ID: "graveyard"}
        extra: tuple[str, ...] = ()
        how = "after it resolves"
    else:
        victim = ID if ec.kind == "creature" else "bears1"
        perm: dict[str, Any] = {"id": ID, "card": ec.name}
        if ec.kind == "aura":
            perm["attached_to"] = "bears1"
        targets = ["giant1"] if ec.kind == "aura" else None
        setup = _setup(ec, b.mana_pool("{1}{B}{B}", ec.escape), in_graveyard=False,
                       hand=[{"id": "murder", "card": MURDER}],
                       battlefield=[perm] + ([{"id": "giant1", "card": b.GIANT}]
                                             if ec.kind == "aura" else []))
        actions = [b.cast("murder", targets=[victim]), b.RESOLVE_TOP,
                   ec.escape_cast(targets), b.RESOLVE_STACK]
        state = {ID: "battlefield", victim: "graveyard"} if ec.kind == "aura" else \
            {ID: "battlefield"}
        extra = (MURDER, b.GIANT) if ec.kind == "aura" else (MURDER,)
        how = "after it dies" if ec.kind == "creature" else "after its creature dies"
    state.update({g: "exile" for g in ec.exiled()})
    expect: dict[str, Any] = {"events": [{"type": "zone_change", "object": ID, "to": "graveyard"},
                                         {"type": "cast", "object": ID, "player": "p1"}],
                              "state": {"zones": state, "stack": []}}
    if ec.kind == "aura":
        expect["state"]["objects"] = {ID: {"attached_to": "giant1"}}
    feats = _feats(ec, *(("destroy",) if ec.kind != "spell" else ()))
    return [Draft("escape-priority", f"{ec.name} can be cast with escape at once {how} during "
                  "its owner's turn", feats, _cards(ec, *extra), setup, actions, expect,
                  [*RULES, "117.3b"])]



def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    ec = escape_card(ctx)
    if isinstance(ec, NotExecutable):
        return ec
    mv, paid = mana_value_of(ec.mana_cost, 0), mana_value_of(ec.escape, 0)
    if mv == paid:
        return NotExecutable(f"its mana cost and escape cost have the same mana value ({mv}): an "
                             "engine taking the mana value from the cost paid would pass")
    setup = _setup(ec, b.mana_pool(ec.escape))
    expect = {"state": {"objects": {ID: {"zone": "stack", "mana_value": mv}}}}
    return [Draft("escape-mana-value", f"{ec.name} cast with escape has the mana value of its "
                  f"mana cost ({mv})", _feats(ec), _cards(ec), setup, [ec.escape_cast()], expect,
                  ["202.3", "118.9c", *RULES])]


def gen_resolves(ctx: Context) -> list[Draft] | NotExecutable:
    ec = escape_card(ctx)
    if isinstance(ec, NotExecutable):
        return ec
    if ec.kind == "spell":
        if (why := _resolvable(ec)) is not None:
            return why
        setup = _setup(ec, b.mana_pool(ec.escape))
        actions = [ec.escape_cast(), b.RESOLVE_STACK]
        expect: dict[str, Any] = {
            "events": [{"type": "resolved", "object": ID},
                       {"type": "zone_change", "object": ID, "from": "stack", "to": "graveyard"}],
            "state": {"zones": {ID: "graveyard", **{g: "exile" for g in ec.exiled()}}}}
        return [Draft("escape-resolves", f"{ec.name} cast with escape goes to its owner's "
                      "graveyard as it resolves", _feats(ec), _cards(ec), setup, actions,
                      expect, RULES)]
    victim = ID if ec.kind == "creature" else "bears1"
    setup = _setup(ec, b.mana_pool("{1}{B}{B}", ec.escape),
                   hand=[{"id": "murder", "card": MURDER}])
    on_field: dict[str, Any] = {"zone": "battlefield"}
    if ec.counters:
        on_field["counters"] = {"+1/+1": ec.counters}
    if ec.kind == "aura":
        on_field["attached_to"] = "bears1"
    actions = [ec.escape_cast(), b.RESOLVE_STACK, {"check": {"state": {"objects": {ID: on_field}}}},
               b.cast("murder", targets=[victim]), b.RESOLVE_STACK]
    expect = {"events": [{"type": "zone_change", "object": ID, "from": "battlefield",
                          "to": "graveyard"}],
              "state": {"zones": {ID: "graveyard", victim: "graveyard"}}}
    what = "dies" if ec.kind == "creature" else "is put into its owner's graveyard when its " \
        "creature dies"
    return [Draft("escape-resolves", f"{ec.name} cast with escape enters the battlefield and "
                  f"{what}", _feats(ec, "destroy", "state_based_actions"),
                  _cards(ec, MURDER), setup, actions, expect, RULES)]


def gen_stack(ctx: Context) -> list[Draft] | NotExecutable:
    ec = escape_card(ctx)
    if isinstance(ec, NotExecutable):
        return ec
    others = ec.exiled()[:-1]  # one card short: the card itself would make up the number
    setup = _setup(ec, b.mana_pool(ec.escape))
    setup["players"]["p1"]["graveyard"] = [g for g in setup["players"]["p1"]["graveyard"]
                                           if g["id"] != ec.exiled()[-1]]
    cast = ec.escape_cast()
    cast["cast"]["costs"]["exile"] = [ID, *others]
    expect = {"error": {"kind": "illegal_action", "action": 0},
              "events_absent": [{"type": "cast", "object": ID}],
              "state": {"zones": {ID: "graveyard", **{g: "graveyard" for g in others}},
                        "stack": []}}
    return [Draft("escape-stack", f"{ec.name} moves to the stack as it is cast with escape: it "
                  "can't be one of the cards its escape cost exiles", _feats(ec), _cards(ec),
                  setup, [cast], expect, [*RULES, "601.2a"])]


FAMILIES = [
    Family("escape-timing", "Escape doesn't change when a card may be cast", ("702.138a", "307.1"),
           ("escape", "turn_structure"), gen_timing,
           en=phrases("Escape's permission doesn't change when you may cast the spell from your "
                      "graveyard")),
    Family("escape-priority", "A card with escape put into your graveyard during your turn can "
           "be cast before anyone else acts", ("702.138a", "117.3b"), ("escape",), gen_priority,
           en=phrases("If a card with escape is put into your graveyard during your turn, you'll "
                      "be able to cast it right away if it's legal to do so, before an opponent "
                      "can take any actions")),
    Family("escape-mana-value", "A spell cast with escape keeps the mana value of its mana cost",
           ("202.3", "118.9c"), ("escape",), gen_mana_value,
           en=phrases("start with the mana cost or alternative cost you're paying (such as an "
                      "escape cost), add any cost increases, then apply any cost reductions")),
    Family("escape-stack", "A card cast with escape is on the stack before its cost is paid",
           ("702.138a", "601.2a"), ("escape",), gen_stack,
           en=phrases("Once you begin casting a spell with escape, it immediately moves to the "
                      "stack")),
    Family("escape-resolves", "An escaped spell goes to the graveyard; an escaped permanent goes "
           "there when it dies", ("702.138a",), ("escape",), gen_resolves,
           en=phrases("After an escaped spell resolves, it returns to its owner's graveyard if "
                      "it's not a permanent spell. If it is a permanent spell, it enters the "
                      "battlefield and will return to its owner's graveyard if it dies later")),
]
