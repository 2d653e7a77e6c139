"""Persist (702.79a) and undying (702.93a) rulings: "When this permanent is put into a graveyard
from the battlefield, if it had no -1/-1 [+1/+1] counters on it, return it to the battlefield
under its owner's control with a -1/-1 [+1/+1] counter on it." — for every one-face creature card
with persist or undying the reference engine builds whose other triggered abilities are
enters-the-battlefield ones needing no target nor decision (they resolve on the return).

p1 destroys its creature (``c``) with Day of Judgment (its pool pays {2}{W}{W}), or puts -1/-1
counters on it (an effect outside the case), then everything resolves.

* ``persist-last-known`` — "Its last known information ... is used to determine whether it had
  a -1/-1 counter on it": the creature has a -1/-1 counter; destroyed, persist does not trigger.
  Mutant ``persist_checks_graveyard_card``.
* ``persist-plus-counters`` — "If a creature with persist [undying] that has +1/+1 counters on
  it receives enough -1/-1 counters to [die] ... persist [undying] won't trigger": one +1/+1
  counter, then -1/-1 counters to toughness 0. Mutant ``persist_checks_graveyard_card``.
* ``persist-annihilated`` — "state-based actions remove the same number of each ... persist
  [undying] can bring it back again if its -1/-1 [+1/+1] counters are removed this way": the
  counter is annihilated by one of the other kind (704.5q), then the creature is destroyed and
  returns. Mutant ``counters_coexist``.
* ``persist-new-object`` — "it's a new object with no memory of or connection to its previous
  existence" / "Any counters that were on it won't be put on the new creature": the creature is
  tapped with counters of the other kind; it returns untapped with only the ability's counter.
  Mutant ``persisted_keeps_counters``.
* ``persist-apnap`` — "the nonactive player's persist creatures will return to the battlefield
  first": p1 and p2 each control the card; Day of Judgment destroys both; p2's returns first.
  Mutant ``nonactive_triggers_first``.
* ``persist-left-graveyard`` — "If a card with persist [undying] is removed from the graveyard
  after it dies but before the ability trigger resolves, it won't be returned": with the trigger
  on the stack p1 exiles the card with Coffin Purge. Mutant ``persist_returns_from_exile``.
* ``persist-token`` — "If a token with no -1/-1 counters on it has persist, the ability will
  trigger ... However, the token will cease to exist and can't return": a token copy of the
  card (set up as a token) is destroyed. Mutant ``graveyard_token_returns``.
* ``persist-unscripted`` — the texts the case format cannot set up (a permanent that stops
  being a creature, several instances of persist or undying):
  NotExecutable with the reason.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

WRATH = "Day of Judgment"
PURGE = "Coffin Purge"
FEATURES = ["priority", "stack", "mana_cost", "destroy", "counters", "state_based_actions",
            "persist"]
RULES = ["702.79a", "702.93a", "603.10a", "603.4"]
KEYWORDS = {"persist": ("-1/-1", "+1/+1"), "undying": ("+1/+1", "-1/-1")}
"""Keyword -> (the counter it looks for and returns with, the other kind)."""


def persist_creature(ctx: Context) -> tuple[Any, str] | NotExecutable:
    """The built face of the ruling's creature card with persist or undying and that keyword,
    or why the card is not scripted."""
    face = b.built_face(ctx.card.name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    t = face.text
    kws = [k for k in KEYWORDS if k in t.keywords or k in _granted(face)]
    if len(kws) != 1:
        return NotExecutable("the card has neither persist nor undying, or both")
    if any(tr.event != "enters" or any(e.slots for e in tr.effects) for tr in t.triggered):
        return NotExecutable("the card has other triggered abilities than enters-the-battlefield "
                             "ones without targets")
    decision = b.decision_needed(ctx.card.faces[0].text or "")
    if decision is not None:
        return NotExecutable(f"its text needs a decision the case does not script ({decision})")
    if face.toughness is None or face.power is None:
        return NotExecutable("the card has no printed power and toughness")
    return face, kws[0]


ENABLERS = {"B": "Walking Corpse"}
"""A vanilla creature of each color a "CARDNAME has persist as long as you control a <color>
creature" condition asks for (the self_while static)."""


def _granted(face: Any) -> dict[str, str]:
    """The keywords (persist, undying) ``face`` has as long as its controller controls a
    creature of one color -> the vanilla creature of that color making it so."""
    from conformance.reference.self_while import SelfWhile

    out = {}
    for st in face.text.statics:
        if isinstance(st, SelfWhile) and st.condition[0] == "color" \
                and st.condition[2:] == ("creature", "", "") and st.condition[1] in ENABLERS:
            out.update({k: ENABLERS[st.condition[1]] for k in st.keywords if k in KEYWORDS})
    return out


def _with_enablers(gen: Any) -> Any:
    """``gen``, giving each player controlling the card in the setup the creature that grants
    it persist (after the card: a "destroy all" reaches the card first), when it needs one."""
    def wrapped(ctx: Context) -> list[Draft] | NotExecutable:
        drafts = gen(ctx)
        face = b.built_face(ctx.card.name)
        if isinstance(drafts, NotExecutable) or isinstance(face, NotExecutable):
            return drafts
        for kw, enabler in _granted(face).items():
            for d in drafts:
                for pid, player in d.setup["players"].items():
                    if any(o["card"] == face.name for o in player.get("battlefield", [])):
                        player["battlefield"].append({"id": f"en_{pid}", "card": enabler})
                d.cards = sorted({*d.cards, enabler})
                d.title += f" (it has {kw} as long as its controller controls {enabler})"
        return drafts
    wrapped.__doc__ = gen.__doc__
    return wrapped


def _wrath(p1: dict[str, Any], extra_mana: str = "") -> None:
    p1["mana"] = "{2}{W}{W}" + extra_mana
    p1.setdefault("hand", []).append({"id": "dj", "card": WRATH})


def _features(kw: str) -> list[str]:
    return [f for f in FEATURES if f != "persist"] + [kw]


def _draft(slug: str, title: str, kw: str, face: Any, setup: dict[str, Any],
           actions: list[dict[str, Any]], expect: dict[str, Any],
           extra: tuple[str, ...] = ()) -> list[Draft]:
    cards = sorted({face.name, WRATH, b.ISLAND, *extra})
    return [Draft(slug, title, _features(kw), cards, setup, actions, expect, list(RULES))]


def _trigger(kw: str, source: str = "c") -> dict[str, Any]:
    return {"type": "triggered", "source": source, "ability": kw}


def gen_last_known(ctx: Context) -> list[Draft] | NotExecutable:
    """A persist creature with a -1/-1 counter is destroyed: persist does not trigger."""
    got = persist_creature(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, kw = got
    mine, _other = KEYWORDS[kw]
    if kw != "persist":
        return NotExecutable("the ruling is about persist's -1/-1 counters")
    if face.toughness < 2:
        return NotExecutable("a -1/-1 counter would kill the creature before the case begins")
    p1 = b.player(battlefield=[{"id": "c", "card": face.name, "counters": {mine: 1}}],
                  library=b.islands(3))
    _wrath(p1)
    expect = {"events_absent": [_trigger(kw)], "state": {"zones": {"c": "graveyard"},
                                                         "stack": []}}
    return _draft("persist-last-known", f"{face.name} with a -1/-1 counter is destroyed: "
                  "persist looks at it as it last existed and does not trigger", kw, face,
                  b.game(p1, b.player()), [b.cast("dj"), b.RESOLVE_STACK], expect)


def gen_plus_counters(ctx: Context) -> list[Draft] | NotExecutable:
    """A creature with a +1/+1 counter gets -1/-1 counters to toughness 0: it had both kinds
    as it left, so neither persist nor undying triggers."""
    got = persist_creature(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, kw = got
    n = face.toughness + 1
    p1 = b.player(battlefield=[{"id": "c", "card": face.name, "counters": {"+1/+1": 1}}],
                  library=b.islands(3))
    actions = [{"add_counters": {"object": "c", "counter": "-1/-1", "n": n}}, b.RESOLVE_STACK]
    expect = {"events": [{"type": "zone_change", "object": "c", "from": "battlefield",
                          "to": "graveyard"}],
              "events_absent": [_trigger(kw)],
              "state": {"zones": {"c": "graveyard"}, "stack": []}}
    return [Draft("persist-plus-counters", f"{face.name} with a +1/+1 counter gets {n} -1/-1 "
                  f"counters and dies: it still had both kinds as it left, {kw} does not "
                  "trigger", _features(kw), sorted({face.name, b.ISLAND}), b.game(p1, b.player()),
                  actions, expect, [*RULES, "704.5f", "704.5q"])]


def gen_annihilated(ctx: Context) -> list[Draft] | NotExecutable:
    """The ability's counter is annihilated by a counter of the other kind (704.5q): destroyed
    afterwards, the creature triggers its ability and returns."""
    got = persist_creature(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, kw = got
    mine, other = KEYWORDS[kw]
    if mine == "-1/-1" and face.toughness < 2:
        return NotExecutable("a -1/-1 counter would kill the creature before the case begins")
    p1 = b.player(battlefield=[{"id": "c", "card": face.name, "counters": {mine: 1}}],
                  library=b.islands(3))
    _wrath(p1)
    actions = [{"add_counters": {"object": "c", "counter": other, "n": 1}}, b.cast("dj"),
               b.RESOLVE_STACK]
    step = 1 if mine == "+1/+1" else -1
    expect = {"events": [{"type": "counter_removed", "object": "c", "counter": mine, "n": 1},
                         _trigger(kw)],
              "state": {"zones": {"c": "battlefield"}, "stack": [],
                        "objects": {"c": {"counters": {mine: 1},
                                          "power": face.power + step,
                                          "toughness": face.toughness + step}}}}
    return _draft("persist-annihilated", f"{face.name}'s {mine} counter is removed with a {other} "
                  f"counter by state-based actions: destroyed, {kw} returns it again", kw, face,
                  b.game(p1, b.player()), actions, expect)


def gen_new_object(ctx: Context) -> list[Draft] | NotExecutable:
    """The returned permanent is a new object: untapped, with only the ability's counter."""
    got = persist_creature(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, kw = got
    mine, other = KEYWORDS[kw]
    n = 2 if other == "+1/+1" else 1
    if other == "-1/-1" and face.toughness < 2:
        return NotExecutable("a -1/-1 counter would kill the creature before the case begins")
    p1 = b.player(battlefield=[{"id": "c", "card": face.name, "tapped": True,
                                "counters": {other: n}}], library=b.islands(3))
    _wrath(p1)
    step = 1 if mine == "+1/+1" else -1
    expect = {"events": [_trigger(kw)],
              "state": {"zones": {"c": "battlefield"}, "stack": [],
                        "objects": {"c": {"counters": {mine: 1}, "tapped": False,
                                          "power": face.power + step,
                                          "toughness": face.toughness + step}}}}
    return _draft("persist-new-object", f"{face.name} returned by {kw} is a new object: "
                  f"untapped, with only its {mine} counter, not the old {other} counters", kw,
                  face, b.game(p1, b.player()), [b.cast("dj"), b.RESOLVE_STACK], expect)


def gen_apnap(ctx: Context) -> list[Draft] | NotExecutable:
    """Both players' copies die at once: the nonactive player's returns first."""
    got = persist_creature(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, kw = got
    mine, _other = KEYWORDS[kw]
    p1 = b.player(battlefield=[{"id": "c", "card": face.name}], library=b.islands(3))
    p2 = b.player(battlefield=[{"id": "d", "card": face.name}],
                  library=[{"id": f"olib{i}", "card": b.ISLAND} for i in range(1, 4)])
    _wrath(p1)
    back = [{"type": "zone_change", "object": x, "from": "graveyard", "to": "battlefield"}
            for x in ("d", "c")]
    expect = {"events": [_trigger(kw, "c"), _trigger(kw, "d"), *back],
              "state": {"zones": {"c": "battlefield", "d": "battlefield"}, "stack": [],
                        "objects": {"c": {"counters": {mine: 1}, "controller": "p1"},
                                    "d": {"counters": {mine: 1}, "controller": "p2"}}}}
    return [Draft("persist-apnap", f"Day of Judgment destroys p1's and p2's {face.name}: p1's "
                  f"{kw} trigger goes on the stack first, so p2's creature returns first",
                  [*_features(kw), "trigger.order"], sorted({face.name, WRATH, b.ISLAND}),
                  b.game(p1, p2), [b.cast("dj"), b.RESOLVE_STACK], expect, [*RULES, "603.3b"])]


def gen_left_graveyard(ctx: Context) -> list[Draft] | NotExecutable:
    """The card is exiled from the graveyard while the trigger waits: it is not returned."""
    got = persist_creature(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, kw = got
    p1 = b.player(battlefield=[{"id": "c", "card": face.name}], library=b.islands(3))
    _wrath(p1, "{B}")
    p1["hand"].append({"id": "purge", "card": PURGE})
    actions = [b.cast("dj"), b.RESOLVE_TOP,  # Day of Judgment: the trigger goes on the stack
               b.cast("purge", targets=["c"]), b.RESOLVE_STACK]
    expect = {"events": [_trigger(kw), {"type": "zone_change", "object": "c", "from": "graveyard",
                                        "to": "exile"}],
              "event_counts": [{"match": {"type": "zone_change", "object": "c",
                                          "to": "battlefield"}, "count": 0}],
              "state": {"zones": {"c": "exile"}, "stack": []}}
    return [Draft("persist-left-graveyard", f"{face.name} is exiled from the graveyard before "
                  f"its {kw} trigger resolves: the trigger returns nothing",
                  [*_features(kw), "target", "graveyard_target"],
                  sorted({face.name, WRATH, PURGE, b.ISLAND}), b.game(p1, b.player()), actions,
                  expect, [*RULES, "400.7d"])]


def gen_token(ctx: Context) -> list[Draft] | NotExecutable:
    """A token copy of the card (set up as a token) is destroyed: persist triggers, the token
    ceases to exist and does not return."""
    got = persist_creature(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, kw = got
    t = face.text
    if t.statics or t.restrictions or t.enters_with or t.enchant is not None:
        return NotExecutable("a token copy of the card is not set up (abilities a token "
                             "definition does not carry)")
    p1 = b.player(battlefield=[{"id": "t", "card": face.name, "token": True}],
                  library=b.islands(3))
    _wrath(p1)
    expect = {"events": [_trigger(kw, "t")],
              "event_counts": [{"match": {"type": "zone_change", "object": "t",
                                          "to": "battlefield"}, "count": 0}],
              "state": {"count": [{"card": face.name, "zone": "battlefield", "count": 0}],
                        "stack": []}}
    return [Draft("persist-token", f"A token copy of {face.name} is destroyed: {kw} triggers, "
                  "but the token ceases to exist and can't return", [*_features(kw), "tokens"],
                  sorted({face.name, WRATH, b.ISLAND}), b.game(p1, b.player()),
                  [b.cast("dj"), b.RESOLVE_STACK], expect, [*RULES, "111.7", "111.8", "704.5d"])]


def gen_unscripted(ctx: Context) -> NotExecutable:
    """Texts whose situation the case format cannot set up."""
    low = ctx.text.lower()
    if "stops being a creature" in low:
        return NotExecutable("no effect the case format scripts makes a permanent stop being a "
                             "creature")
    return NotExecutable("a permanent can't be given a second instance of persist or undying: "
                         "set_keywords adds a keyword the permanent has no second time")


def _family(fid: str, title: str, gen: Any, *texts: str) -> Family:
    return Family(fid, title, tuple(RULES), tuple(FEATURES), _with_enablers(gen),
                  en=phrases(*texts))


FAMILIES = [
    _family("persist-last-known", "Persist looks at the permanent as it last existed on the "
            "battlefield", gen_last_known,
            "Its last known information (that is, how the creature last existed on the "
            "battlefield) is used to determine whether it had a -1/-1 counter on it"),
    _family("persist-plus-counters", "A creature with persist or undying that dies of -1/-1 "
            "counters beside +1/+1 counters had both kinds as it left", gen_plus_counters,
            "that has +1/+1 counters on it receives enough -1/-1 counters to cause it to be "
            "destroyed by lethal damage or put into its owner's graveyard for having 0 or less "
            "toughness"),
    _family("persist-annihilated", "Persist or undying returns the creature again once its "
            "counter is annihilated", gen_annihilated,
            "persist ability can bring it back again if its -1/-1 counters are removed this way",
            "undying ability can bring it back again if its +1/+1 counters are removed this way"),
    _family("persist-new-object", "A permanent returned by persist or undying is a new object",
            gen_new_object,
            "When a permanent with persist returns to the battlefield, it's a new object with no "
            "memory of or connection to its previous existence",
            "Any counters that were on it won't be put on the new creature"),
    _family("persist-apnap", "Simultaneous persist triggers: the nonactive player's creatures "
            "return first", gen_apnap,
            "the nonactive player's persist creatures will return to the battlefield first"),
    _family("persist-left-graveyard", "Persist or undying returns nothing once the card left the "
            "graveyard", gen_left_graveyard,
            "is removed from the graveyard after it dies but before the ability trigger resolves",
            "If a card leaves the graveyard after it dies but before the undying trigger "
            "resolves"),
    _family("persist-token", "A token with persist triggers it but can't return", gen_token,
            "If a token with no -1/-1 counters on it has persist"),
    _family("persist-unscripted", "Persist texts the case format cannot set up", gen_unscripted,
            "If a creature with persist stops being a creature, persist will still work",
            "If a permanent has multiple instances of persist",
            "If a creature has multiple instances of persist",
            "If a creature has multiple instances of undying"),
]
"""The persist and undying families (702.79a, 702.93a)."""
