"""Copy-a-spell rulings (rule 707.10): cards whose text copies an instant or sorcery spell."""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.families.copy_copiers import Copier, copier_of
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases
from conformance.reference.mana import COLOR_WORDS

BASE = ["priority", "stack", "mana_cost", "target", "copy_spell"]


def _draft(fam: str, title: str, cp: Copier, extra_cards: list[str], features: list[str],
           setup: dict[str, Any], actions: list[dict[str, Any]], expect: dict[str, Any],
           suffix: str = "") -> Draft:
    feats = list(dict.fromkeys(BASE + cp.features + features))
    cards = list(dict.fromkeys([cp.card, *extra_cards]))
    return Draft(fam + suffix, title, feats, cards, setup, actions, expect, ["707.10"])


def _copier(ctx: Context, *, instant: bool = False, opponents: bool = False,
            mana_value: int = 1) -> Copier | NotExecutable:
    """The card's copier, or why it cannot copy the scenario's spell (of ``mana_value``)."""
    cp = copier_of(ctx.card)
    if isinstance(cp, NotExecutable):
        return cp
    if not cp.fits(mana_value):
        return NotExecutable(f"the card copies only spells with mana value "
                             f"{cp.max_mana_value} or less: the scenario's spell has {mana_value}")
    if instant and not cp.instant:
        return NotExecutable("the copy effect is a sorcery: it cannot copy a spell on the stack "
                             "in a two-player game")
    if opponents and (cp.delayed or not cp.opponents):
        return NotExecutable("the card copies only its controller's own spells")
    return cp


def _p1(cp: Copier, cost: str, obj: str, card: str, *, x: int = 0,
        **zones: Any) -> dict[str, Any]:
    """p1 with the mana for ``cost`` and the copier, ``card`` (object ``obj``) in hand, other
    ``zones``, and the copier in its zone."""
    p1 = b.player(mana=b.mana_pool(cost, cp.mana, x=x), hand=[{"id": obj, "card": card}],
                  **zones)
    cp.place(p1)
    return p1


def _copy_actions(cp: Copier, cast: dict[str, Any], *after: dict[str, Any],
                  extra_trigger: str | None = None) -> list[dict[str, Any]]:
    """Prime the copier, ``cast`` the spell, copy it (up to the new-targets choice), then
    ``after``."""
    spell = cast["cast"]["object"]
    return cp.prime() + [cast] + cp.copy(spell, extra_trigger=extra_trigger,
                                         targeted=bool(cast["cast"].get("targets"))) + list(after)


def gen_not_cast(ctx: Context) -> list[Draft] | NotExecutable:
    cp = _copier(ctx, instant=True)
    if isinstance(cp, NotExecutable):
        return cp
    p1 = _p1(cp, "{R}", "bolt", b.BOLT,
             battlefield=[{"id": "gsnipe", "card": b.GUTTERSNIPE}])
    casts, spells = 1 + cp.casts, 1 + cp.spell_casts  # Guttersnipe: instants and sorceries
    actions = _copy_actions(cp, b.cast("bolt", targets=["p2"]), b.keep_targets(),
                            b.RESOLVE_STACK, extra_trigger="gsnipe")
    expect = {
        "event_counts": [{"match": {"type": "cast"}, "count": casts},
                         {"match": {"type": "triggered", "source": "gsnipe"}, "count": spells}],
        "events": [{"type": "copy_created", "of": "bolt"}],
        "events_absent": [{"type": "cast", "copy": True}],
        "state": {"life": {"p2": 20 - 3 * cp.resolutions - 2 * spells}, **cp.zone_of("bolt")},
    }
    return [_draft("copy-not-cast", f"A copy made by {ctx.card.name} is not cast: cast triggers "
                   "see only the cast spells", cp, [b.BOLT, b.GUTTERSNIPE], ["trigger.cast"],
                   b.game(p1, b.player()), actions, expect)]


def gen_same_targets(ctx: Context) -> list[Draft] | NotExecutable:
    cp = _copier(ctx, instant=True)
    if isinstance(cp, NotExecutable):
        return cp
    out = []
    hit_p2 = [{"type": "damage", "source": "bolt", "target": "p2", "amount": 3}]
    changed: dict[str, Any] = {
        "events": [{"type": "copy_created", "of": "bolt"},
                   {"type": "damage", "target": "bears2", "amount": 3},
                   *(hit_p2 if cp.resolutions == 2 else [])],
        "state": {"life": {"p2": 23 - 3 * cp.resolutions},
                  "zones": {"bears2": "graveyard", **cp.zone_of("bolt").get("zones", {})}}}
    if cp.resolutions == 1:  # the original, back in a hand, never hits p2
        changed["events_absent"] = hit_p2
    for suffix, answer, exp in (
            ("", b.new_targets(["bears2"]), changed),
            ("-kept", b.keep_targets(),
             {"event_counts": [{"match": {"type": "damage", "target": "p2", "amount": 3},
                                "count": 2}],
              "state": {"life": {"p2": 14}, "zones": {"bears2": "battlefield"}}})):
        if suffix and ctx.card.name not in ("Refuse // Cooperate", "Summon: G.F. Cerberus"):
            continue
        p1 = _p1(cp, "{R}", "bolt", b.BOLT)
        p2 = b.player(battlefield=[{"id": "bears2", "card": b.BEARS}])
        actions = _copy_actions(cp, b.cast("bolt", targets=["p2"]), answer, b.RESOLVE_STACK)
        out.append(_draft("copy-same-targets", f"{ctx.card.name}'s copy keeps the targets unless "
                          "new ones are chosen" + (" (kept)" if suffix else " (changed)"), cp,
                          [b.BOLT, b.BEARS], ["copy.new_targets"], b.game(p1, p2), actions, exp,
                          suffix))
    return out


def gen_controller(ctx: Context) -> list[Draft] | NotExecutable:
    cp = _copier(ctx, instant=True, opponents=True)
    if isinstance(cp, NotExecutable):
        return cp
    p1 = b.player(mana=cp.mana)
    cp.place(p1)
    p2 = b.player(mana="{R}", hand=[{"id": "bolt", "card": b.BOLT}])
    actions = [b.cast("bolt", "p2", targets=["p1"]), {"pass_priority": {"player": "p2"}},
               *cp.copy("bolt"), b.new_targets(["p2"]), b.RESOLVE_STACK]
    hit_p1 = [{"type": "damage", "source": "bolt", "target": "p1", "amount": 3}]
    expect = {"events": [{"type": "copy_created", "of": "bolt", "controller": "p1"},
                         {"type": "damage", "target": "p2", "amount": 3},
                         *(hit_p1 if cp.resolutions == 2 else [])],
              "state": {"life": {"p1": 23 - 3 * cp.resolutions, "p2": 17},
                        **cp.zone_of("bolt")}}
    if cp.resolutions == 1:  # the original, back in p2's hand, never resolves
        expect["events_absent"] = hit_p1
    return [_draft("copy-controller", f"The player who copies a spell with {ctx.card.name} "
                   "controls the copy, and it resolves first", cp, [b.BOLT],
                   ["copy.new_targets"], b.game(p1, p2, active="p2"), actions, expect)]


def gen_x(ctx: Context) -> list[Draft] | NotExecutable:
    cp = _copier(ctx, instant=True, mana_value=3)
    if isinstance(cp, NotExecutable):
        return cp
    p1 = _p1(cp, "{X}{R}", "blaze", b.BLAZE, x=2)
    actions = _copy_actions(cp, b.cast("blaze", targets=["p2"], x=2), b.keep_targets(),
                            b.RESOLVE_STACK)
    expect = {"events": [{"type": "copy_created", "of": "blaze"}],
              "event_counts": [{"match": {"type": "damage", "target": "p2", "amount": 2},
                                "count": cp.resolutions}],
              "state": {"life": {"p2": 20 - 2 * cp.resolutions}, **cp.zone_of("blaze")}}
    return [_draft("copy-x", f"A copy made by {ctx.card.name} has the original's value of X",
                   cp, [b.BLAZE], ["x_spell"], b.game(p1, b.player()), actions, expect)]


def gen_x_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    cp = _copier(ctx, instant=True, mana_value=4)
    if isinstance(cp, NotExecutable):
        return cp
    p1 = _p1(cp, "{X}{R}", "blaze", b.BLAZE, x=3)
    actions = _copy_actions(cp, b.cast("blaze", targets=["p2"], x=3), b.keep_targets())
    expect: dict[str, Any] = {"state": {"objects": {"blaze": {
        "zone": cp.original_zone("stack"), "mana_value": 4}},
        "count": [{"zone": "stack", "card": b.BLAZE, "mana_value": 4,
                   "count": cp.resolutions}]}}
    out = [_draft("copy-x-mana-value", "The mana value of a spell with {X} includes the value "
                  f"chosen for X (and so does its copy by {ctx.card.name})", cp, [b.BLAZE],
                  ["x_spell"], b.game(p1, b.player()), actions, expect)]
    if ctx.card.name == "Refuse // Cooperate":  # Refuse reads a spell's mana value
        p1 = b.player(mana="{R}{C}{C}{C}", hand=[{"id": "refuse", "card": ctx.card.name}])
        p2 = b.player(mana="{R}{C}{C}{C}", hand=[{"id": "blaze", "card": b.BLAZE}])
        actions = [b.cast("blaze", "p2", targets=["p1"], x=3),
                   {"pass_priority": {"player": "p2"}},
                   b.cast("refuse", targets=["blaze"], half="Refuse"), b.RESOLVE_TOP]
        expect = {"events": [{"type": "damage", "source": "refuse", "target": "p2",
                              "amount": 4}],
                  "state": {"life": {"p2": 16, "p1": 20}, "zones": {"blaze": "stack"}}}
        out.append(Draft("copy-x-mana-value-refuse", "Refuse deals damage equal to the mana "
                         "value of a Blaze cast with X=3: 4", ["priority", "stack", "mana_cost",
                                                               "target", "x_spell", "split_card"],
                         [ctx.card.name, b.BLAZE], b.game(p1, p2, active="p2"), actions, expect,
                         ["202.3", "107.3"]))
    return out


def gen_modal(ctx: Context) -> list[Draft] | NotExecutable:
    cp = _copier(ctx, instant=True, mana_value=3)
    if isinstance(cp, NotExecutable):
        return cp
    p1 = _p1(cp, "{1}{R}{R}", "storm", b.SLAGSTORM)
    p2 = b.player(battlefield=[{"id": "bears2", "card": b.BEARS}])
    actions = _copy_actions(cp, b.cast("storm", modes=[1]), b.RESOLVE_STACK)
    expect = {"events": [{"type": "copy_created", "of": "storm"}],
              "events_absent": [{"type": "damage", "target": "bears2"}],
              "state": {"life": {"p1": 20 - 3 * cp.resolutions, "p2": 20 - 3 * cp.resolutions},
                        "zones": {"bears2": "battlefield",
                                  **cp.zone_of("storm").get("zones", {})}}}
    return [_draft("copy-modal", f"A copy made by {ctx.card.name} has the original's mode",
                   cp, [b.SLAGSTORM, b.BEARS], ["modal", "life"], b.game(p1, p2), actions,
                   expect)]


def gen_division(ctx: Context) -> list[Draft] | NotExecutable:
    cp = _copier(ctx, instant=True, mana_value=3)
    if isinstance(cp, NotExecutable):
        return cp
    p1 = _p1(cp, "{2}{R}", "arc", b.ARC_LIGHTNING)
    p2 = b.player(battlefield=[{"id": "giant2", "card": b.GIANT}])
    actions = _copy_actions(cp, b.cast("arc", targets=["p2", "giant2"], division=[2, 1]),
                            b.keep_targets(), b.RESOLVE_STACK)
    n = cp.resolutions
    expect = {"event_counts": [{"match": {"type": "damage", "target": "p2", "amount": 2},
                                "count": n},
                               {"match": {"type": "damage", "target": "giant2", "amount": 1},
                                "count": n}],
              "state": {"life": {"p2": 20 - 2 * n},
                        "zones": {"giant2": "battlefield", **cp.zone_of("arc").get("zones", {})},
                        "objects": {"giant2": {"damage": n}}}}
    return [_draft("copy-division", f"A copy made by {ctx.card.name} divides damage as the "
                   "original did", cp, [b.ARC_LIGHTNING, b.GIANT],
                   ["divided_damage", "target.multiple"], b.game(p1, p2), actions, expect)]


def gen_any_spell(ctx: Context) -> list[Draft] | NotExecutable:
    cp = _copier(ctx, instant=True, mana_value=3)
    if isinstance(cp, NotExecutable):
        return cp
    p1 = _p1(cp, "{1}{R}{R}", "storm", b.SLAGSTORM)
    actions = _copy_actions(cp, b.cast("storm", modes=[1]), b.RESOLVE_STACK)
    expect = {"event_counts": [{"match": {"type": "copy_created", "of": "storm"}, "count": 1}],
              "state": {"life": {"p1": 20 - 3 * cp.resolutions, "p2": 20 - 3 * cp.resolutions},
                        **cp.zone_of("storm")}}
    out = [_draft("copy-any-spell", f"{ctx.card.name} copies a spell without targets", cp,
                  [b.SLAGSTORM], ["modal", "life"], b.game(p1, b.player()), actions, expect)]
    if cp.delayed and not cp.whole_turn:  # "the next instant or sorcery spell you cast ..."
        p1 = b.player(mana=b.mana_pool("{1}{R}{R}", "{R}"),
                      hand=[{"id": "storm", "card": b.SLAGSTORM},
                            {"id": "bolt", "card": b.BOLT}])
        cp.place(p1)
        actions = cp.prime() + [b.cast("storm", modes=[1]), b.RESOLVE_STACK,
                                b.cast("bolt", targets=["p2"]), b.RESOLVE_STACK]
        expect = {"event_counts": [{"match": {"type": "copy_created"}, "count": 1}],
                  "events_absent": [{"type": "copy_created", "of": "bolt"}],
                  "state": {"life": {"p1": 14, "p2": 11}}}
        out.append(_draft("copy-any-spell", f"{ctx.card.name} copies only the next instant or "
                          "sorcery spell", cp, [b.SLAGSTORM, b.BOLT], ["modal", "life"],
                          b.game(p1, b.player()), actions, expect, "-only-the-next"))
    return out


UNSUMMON = "Unsummon"
"""A blue instant with one target: its copy's color shows an exception of the copy effect."""


def gen_color(ctx: Context) -> list[Draft] | NotExecutable:
    cp = _copier(ctx, instant=True)
    if isinstance(cp, NotExecutable):
        return cp
    if cp.color is None:
        return NotExecutable("the copy effect changes no color")
    color = COLOR_WORDS[cp.color]
    if color == "U":
        return NotExecutable("a blue copy of a blue spell shows no change")
    p1 = _p1(cp, "{U}", "uns", UNSUMMON)
    p2 = b.player(battlefield=[{"id": "bears2", "card": b.BEARS}])
    actions = _copy_actions(cp, b.cast("uns", targets=["bears2"]), b.keep_targets())
    expect = {"events": [{"type": "copy_created", "of": "uns"}],
              "state": {"count": [{"zone": "stack", "card": UNSUMMON, "colors": [color],
                                   "count": 1},
                                  {"zone": "stack", "card": UNSUMMON, "colors": ["U"],
                                   "count": 1}]}}
    return [Draft("copy-color", f"{ctx.card.name}'s copy of a blue {UNSUMMON} is {cp.color}: "
                  "the exception is part of the copy", list(dict.fromkeys(BASE + cp.features)),
                  [cp.card, UNSUMMON, b.BEARS], b.game(p1, p2), actions, expect,
                  ["707.9b", "707.10"])]


FAMILIES = [
    Family("copy-color", "A copy made 'except that the copy is <color>' has that color, "
           "whatever its mana cost", ("707.9b",), ("copy_spell",), gen_color,
           en=phrases("but will be red rather than whatever color that mana cost would have "
                      "made it", "but it uses its own color definition and not the one from "
                      "those mana symbols")),
    Family("copy-not-cast", "A copy of a spell is created on the stack, not cast",
           ("707.10",), ("copy_spell", "trigger.cast"), gen_not_cast,
           en=phrases("The copy is created on the stack, so it's not \"cast.\"",
                      "copies are created on the stack, so they're not \"cast.\"",
                      "The copy that is placed on the stack is not considered to have been "
                      "\"cast\""),
           it=phrases("La copia viene creata sulla pila, quindi non viene")),
    Family("copy-same-targets", "A copy has the same targets unless new ones are chosen",
           ("707.10c",), ("copy_spell", "copy.new_targets"), gen_same_targets,
           en=phrases("The copy will have the same targets as the spell it's copying unless you "
                      "choose new ones", "If the spell has targets, the copy will have the same "
                      "targets", "Each of the copies will have the same targets as the spell "
                      "it's copying unless you choose new ones"),
           it=phrases("la copia avrà gli stessi bersagli")),
    Family("copy-controller", "The player who copies a spell controls the copy; it resolves "
           "first", ("707.10",), ("copy_spell",), gen_controller,
           en=phrases("If you copy a spell, you control the copy. It will resolve before the "
                      "original spell does", "If you copy a spell, you control the copy. "
                      "CARDNAME and the copy resolve before the original spell would have "
                      "resolved")),
    Family("copy-x", "A copy has the original's value of X", ("707.10",),
           ("copy_spell", "x_spell"), gen_x,
           en=phrases("If the spell that's copied has an X whose value was determined as it was "
                      "cast", "If the spell CARDNAME copies has an X whose value was determined "
                      "as it was cast", "requires you to use the same X value"),
           it=phrases("ha una X il cui valore è stato determinato")),
    Family("copy-x-mana-value", "A spell's mana value includes the value chosen for X",
           ("202.3", "107.3"), ("x_spell",), gen_x_mana_value,
           en=phrases("If a spell has {X} in its mana cost, include the value chosen for that X "
                      "when determining the mana value")),
    Family("copy-modal", "A copy of a modal spell has the same mode", ("707.10",),
           ("copy_spell", "modal"), gen_modal,
           en=phrases("If the spell that's copied is modal", "If the spell CARDNAME copies is "
                      "modal"),
           it=phrases("Se la magia copiata è modale", "Se la magia che viene copiata è modale")),
    Family("copy-division", "A copy divides damage as the original did", ("707.10",),
           ("copy_spell", "divided_damage"), gen_division,
           en=phrases("If the spell has damage divided as it was cast",
                      "If the copied spell divides damage"),
           it=phrases("Se la magia copiata divide il danno")),
    Family("copy-any-spell", "The card copies any instant or sorcery spell, with or without "
           "targets", ("707.10",), ("copy_spell",), gen_any_spell,
           en=phrases("can copy any instant or sorcery spell, not just one with targets",
                      "can target (and copy) any instant or sorcery spell you control, not just "
                      "one with targets",
                      "will be copied whether or not it has targets")),
]
