"""Energy rulings (rule 107.14), for every card whose oracle text gets or pays energy in a way
the reference engine builds: "When CARDNAME enters the battlefield, you get {E}{E}" (also "you
gain N life and get", "draw a card and you get"), an instant or sorcery's "You get {E}{E}", and
activated abilities whose cost includes "Pay {E}{E}".

* ``energy-not-mana`` — "Energy counters aren't mana. They don't go away as steps, phases, and
  turns end": p1 gets the card's energy, then the game goes on to the next turn; p1 still has
  it. Mutant: ``energy_lost_at_end_of_turn``.
* ``energy-get-pay`` — "If an effect says you get one or more {E}, you get that many energy
  counters. To pay one or more {E}, you lose that many energy counters": getting two or more
  gives that many; paying two or more removes that many. Mutant: ``energy_counted_once`` (one
  counter per effect or cost, however many symbols), so a card with single symbols only gets no
  case.
* ``energy-overpay`` — "You can't pay more energy counters than you have": with one counter too
  few, activating the ability is refused (``illegal_action``) and nothing changes. Mutant:
  ``energy_overpaid``.
* The other recurring energy rulings are classified: "Energy counters are a kind of counter that
  a player may have. They're not associated with specific permanents" (a definition every case
  observes, ``players.p1.energy``; no card of the pool moves counters between players and
  permanents), "Keep careful track of how many energy counters each player has" (table
  bookkeeping), "{E} is the energy symbol. It represents one energy counter" (the symbol's
  meaning, tested by ``energy-get-pay``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from conformance.mining import build as b
from conformance.mining.corpus import CardInfo
from conformance.mining.families.knifepoint import classified
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

SELF = "CARDNAME"
RULES = ["107.14"]
_E = r"((?:\{E\})+)"
_ETB = re.compile(rf"When {SELF} enters the battlefield, (?:you (?:gain \d+ life and )?get|"
                  rf"draw (?:a|two|three) cards? and you get) {_E}\.")
_SPELL_GET = re.compile(rf"(?:^|\. )You get {_E}\.$")
_ACTIVATED = re.compile(rf"^(?:\{{[^}}]+\}}|Sacrifice {SELF}|Pay (?:\{{E\}})+)"
                        rf"(?:, (?:\{{[^}}]+\}}|Sacrifice {SELF}|Pay (?:\{{E\}})+))*: |^Equip ")
_PAY = re.compile(rf"^((?:\{{(?!T\}})[^}}]+\}})*)(?:, )?(\{{T\}})?(?:, )?Pay {_E}: (.+)$")


@dataclass(frozen=True)
class Get:
    """How p1 gets the card's energy: ``n`` counters by casting it (``via``: ``enters`` for a
    permanent's enters trigger, ``spell`` for an instant or sorcery, ``land`` for playing a
    land with an enters trigger)."""

    n: int
    via: str
    targets: tuple[tuple[str, str | None], ...] = ()


@dataclass(frozen=True)
class Pay:
    """An activated ability paying ``n`` energy: its index among the card's activated
    abilities, its mana cost, whether it taps, its effect, its scripted targets."""

    n: int
    index: int
    cost: str
    tap: bool
    effect: str
    targets: tuple[tuple[str, str | None], ...]

    @property
    def mana(self) -> bool:
        """A mana ability (605.1a): it resolves at once, without the stack."""
        return self.effect.startswith("Add ")


@cache
def _reference_cards() -> frozenset[str]:
    from conformance.reference.cards import card_names

    return card_names()


def _lines(card: CardInfo) -> list[str]:
    text = b.strip_reminders(card.main.text or "")
    for name in sorted({card.name, card.main.name, *card.names}, key=len, reverse=True):
        text = text.replace(name, SELF)
    return [ln.strip() for ln in text.split("\n") if ln.strip()]


def energy_shape(card: CardInfo) -> tuple[Get | None, list[Pay]] | NotExecutable:
    """How a case gets and pays the card's energy, or why it cannot."""
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    if card.name not in _reference_cards():
        return NotExecutable("the reference engine does not build the card's oracle text")
    lines = _lines(card)
    types = set(card.main.types)
    get: Get | None = None
    pays: list[Pay] = []
    index = 0
    for line in lines:
        if _ACTIVATED.match(line):
            m = _PAY.match(line)
            if m:
                targets = b.scripted_targets(m[4])
                if targets is not None and b.decision_needed(m[4]) is None:
                    pays.append(Pay(m[3].count("{E}"), index, m[1], bool(m[2]), m[4],
                                    tuple(targets)))
            index += 1
            continue
        m = _ETB.fullmatch(line)
        if m and get is None and b.mana_pool(card.main.mana_cost) is not None:
            get = Get(m[1].count("{E}"), "land" if "Land" in types else "enters")
            continue
        m = _SPELL_GET.search(line)
        if m and get is None and {"Instant", "Sorcery"} & types:
            targets = b.scripted_targets(" ".join(lines))
            if targets is not None and b.decision_needed(line) is None:
                get = Get(m[1].count("{E}"), "spell", tuple(targets))
    if get is None and not pays:
        return NotExecutable("no energy the reference engine gets or pays from this card's "
                             "text: only 'When CARDNAME enters the battlefield, you get {E}', "
                             "an instant or sorcery's 'You get {E}' and activated abilities "
                             "costing 'Pay {E}' are scripted")
    return get, pays


def _p2() -> dict[str, Any]:
    return b.player(library=[{"id": "p2_lib1", "card": b.ISLAND}])


def _getting(card: CardInfo, get: Get) -> tuple[dict[str, Any], list[dict[str, Any]],
                                                  list[dict[str, Any]]]:
    """Setup, actions and expected events of p1 getting the card's energy."""
    mine, theirs = b.objects_for(list(get.targets))
    mana = b.mana_pool(card.main.mana_cost) if get.via != "land" else None
    p1 = b.player(mana=mana, hand=[{"id": "en", "card": card.name}], battlefield=mine,
                  library=b.islands(3))
    p2 = _p2()
    if theirs:
        p2["battlefield"] = theirs
    setup = b.game(p1, p2)
    if get.via == "land":
        actions = [{"play_land": {"player": "p1", "object": "en"}}, b.RESOLVE_STACK]
    else:
        actions = [b.cast("en", targets=[t for t, _ in get.targets] or None), b.RESOLVE_STACK]
    events = ([{"type": "triggered", "source": "en", "ability": "enters"}]
              if get.via != "spell" else [{"type": "resolved", "object": "en"}])
    return setup, actions, events


def _features(extra: list[str]) -> list[str]:
    return ["energy", "priority", "stack", *extra]


def _get_features(get: Get) -> list[str]:
    return (["play_land"] if get.via == "land" else ["mana_cost"]) + \
        (["target"] if get.targets else [])


def gen_not_mana(ctx: Context) -> list[Draft] | NotExecutable:
    """The energy p1 gets is still there on the next turn."""
    card = ctx.card
    shape = energy_shape(card)
    if isinstance(shape, NotExecutable):
        return shape
    get, _ = shape
    if get is None:
        return NotExecutable("the card only pays energy: a case of it would set up the energy "
                             "itself and not involve the card")
    setup, actions, events = _getting(card, get)
    actions += [{"check": {"state": {"players": {"p1": {"energy": get.n}}}}},
                {"advance": {"to": "precombat_main", "next_turn": True}}]
    expect = {"events": [*events, {"type": "step", "name": "untap", "turn": 4}],
              "state": {"turn": 4, "active_player": "p2",
                        "players": {"p1": {"energy": get.n}}}}
    counters = "energy counter" + ("s" if get.n != 1 else "")
    return [Draft("energy-not-mana", f"The {get.n} {counters} {card.name} gives stay "
                  "through the end of the turn into the next one, unlike mana",
                  _features([*_get_features(get), "turn_structure"]), _cards(card, get.targets),
                  setup, actions, expect, ["107.14", "500.4"])]


def _cards(card: CardInfo, targets: tuple[tuple[str, str | None], ...]) -> list[str]:
    out = [card.name, b.ISLAND]
    out += sorted({c for _, c in targets if c is not None} - set(out))
    return out


def _paying(card: CardInfo, pay: Pay, energy: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Setup with the card on p1's battlefield and ``energy`` counters, and the activation."""
    mine, theirs = b.objects_for(list(pay.targets))
    p1 = b.player(mana=b.mana_pool(pay.cost) or None, library=b.islands(3),
                  battlefield=[{"id": "en", "card": card.name}, *mine])
    p1["energy"] = energy
    p2 = _p2()
    if theirs:
        p2["battlefield"] = theirs
    body: dict[str, Any] = {"player": "p1", "object": "en", "ability": pay.index}
    if pay.targets:
        body["targets"] = [t for t, _ in pay.targets]
    return b.game(p1, p2), {"activate": body}


def _pay_features(pay: Pay) -> list[str]:
    return _features(["mana_ability" if pay.mana else "activated_ability"]
                     + (["mana_cost"] if pay.cost else []) + (["target"] if pay.targets else []))


def gen_get_pay(ctx: Context) -> list[Draft] | NotExecutable:
    """Getting {E}{E} gives two counters; paying {E}{E} removes two."""
    card = ctx.card
    shape = energy_shape(card)
    if isinstance(shape, NotExecutable):
        return shape
    get, pays = shape
    drafts: list[Draft] = []
    if get is not None and get.n >= 2:
        setup, actions, events = _getting(card, get)
        setup["players"]["p1"]["energy"] = 1  # gotten counters add to those the player has
        expect = {"events": events, "state": {"players": {"p1": {"energy": get.n + 1}}}}
        drafts.append(Draft("energy-get-pay-get", f"{card.name} says you get {get.n} {{E}}: "
                            f"its controller, who had 1 energy counter, gets {get.n} more",
                            _features(_get_features(get)), _cards(card, get.targets), setup,
                            actions, expect, RULES))
    pay = next((p for p in pays if p.n >= 2), None)
    if pay is not None:
        setup, activate = _paying(card, pay, pay.n + 1)
        actions = [activate] + ([] if pay.mana else [b.RESOLVE_STACK])
        expect = {"state": {"players": {"p1": {"energy": 1}}}}
        if not pay.mana:
            expect["events"] = [{"type": "put_on_stack", "source": "en"},
                                {"type": "resolved", "source": "en"}]
        drafts.append(Draft("energy-get-pay-pay", f"Paying {card.name}'s cost of {pay.n} {{E}} "
                            f"removes {pay.n} of its controller's {pay.n + 1} energy counters",
                            _pay_features(pay), _cards(card, pay.targets), setup, actions,
                            expect, [*RULES, "602.2b"]))
    if not drafts:
        return NotExecutable("the card gets and pays only single {E}: one counter per symbol "
                             "and one per effect or cost look the same")
    return drafts


def gen_overpay(ctx: Context) -> list[Draft] | NotExecutable:
    """With one energy counter too few, the ability cannot be activated."""
    card = ctx.card
    shape = energy_shape(card)
    if isinstance(shape, NotExecutable):
        return shape
    _, pays = shape
    if not pays:
        return NotExecutable("the card has no activated ability costing 'Pay {E}' that the "
                             "reference engine builds and a case can script")
    pay = pays[0]
    have = pay.n - 1
    setup, activate = _paying(card, pay, have)
    state: dict[str, Any] = {"players": {"p1": {"energy": have}}, "stack": []}
    if pay.tap:
        state["objects"] = {"en": {"tapped": False}}
    expect = {"error": {"kind": "illegal_action", "action": 0}, "state": state,
              "events_absent": [{"type": "put_on_stack", "source": "en"}]}
    return [Draft("energy-overpay", f"With {have} energy counter{'s' if have != 1 else ''}, "
                  f"{card.name}'s ability costing {pay.n} {{E}} cannot be activated",
                  _pay_features(pay), _cards(card, pay.targets), setup, [activate], expect,
                  [*RULES, "602.2b"])]


FAMILIES = [
    Family("energy-not-mana", "Energy counters are not mana: they stay as steps, phases and "
           "turns end", ("107.14", "500.4"), ("energy",), gen_not_mana,
           en=phrases("Energy counters aren't mana. They don't go away as steps, phases, and "
                      "turns end")),
    Family("energy-get-pay", "Each {E} gotten or paid is one energy counter", tuple(RULES),
           ("energy",), gen_get_pay,
           en=phrases("If an effect says you get one or more {E}, you get that many energy "
                      "counters. To pay one or more {E}, you lose that many energy counters")),
    Family("energy-overpay", "A player can't pay more energy counters than they have",
           tuple(RULES), ("energy",), gen_overpay,
           en=phrases("You can't pay more energy counters than you have")),
    Family("energy-player-counter", "Energy counters are counters a player has", ("122.1",),
           ("energy",),
           classified("not executable: a definition — that energy counters are the player's is "
                      "what every energy case observes (players.p1.energy); no card of the "
                      "scripted pool moves or counts counters across players and permanents"),
           en=phrases("Energy counters are a kind of counter that a player may have. They're "
                      "not associated with specific permanents")),
    Family("energy-bookkeeping", "Keeping track of energy counters at the table", (),
           ("energy",),
           classified("not game behaviour: how players keep track of counters at the table"),
           en=phrases("Keep careful track of how many energy counters each player has")),
    Family("energy-symbol", "{E} is the energy symbol", ("107.14",), ("energy",),
           classified("not executable: the symbol's meaning (one energy counter per {E}) is "
                      "what the energy-get-pay cases test"),
           en=phrases("is the energy symbol. It represents one energy counter")),
]
