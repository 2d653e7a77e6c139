"""Split card and aftermath rulings (rules 709, 702.127)."""

from __future__ import annotations

import re
from typing import Any

from conformance.mining import build as b
from conformance.mining.corpus import CardInfo, FaceInfo
from conformance.mining.model import Context, Draft, Family, Generator, NotExecutable, phrases

ORDER = "WUBRG"


def _mv(cost: str | None) -> int:
    """Mana value with X = 0 ({2/W} counts 2, any other hybrid or Phyrexian symbol 1)."""
    return sum(int(s) if s.isdigit() else (0 if s == "X" else 2 if s.startswith("2/") else 1)
               for s in re.findall(r"\{([^}]+)\}", cost or ""))


def pool(*costs: str | None) -> str | None:
    """A mana pool paying exactly ``costs`` with X = 0: a hybrid symbol paid by its first
    color ({2/W} by two colorless), a Phyrexian one by its color (:func:`build.mana_pool`
    otherwise); None for symbols no pool pays (snow)."""
    plain = [re.sub(r"\{2/([WUBRG])\}", "{2}", re.sub(r"\{([WUBRG])/[WUBRGP]\}", r"{\1}", c or ""))
             for c in costs]
    return b.mana_pool(*plain)


def _colors(*costs: str | None) -> list[str]:
    syms = set(re.findall(r"[WUBRG]", "".join(c or "" for c in costs)))
    return [c for c in ORDER if c in syms]


def _split(ctx: Context) -> CardInfo | NotExecutable:
    card = ctx.card
    if not card.is_split or len(card.faces) != 2:
        return NotExecutable("not a two-half split card")
    if any(pool(f.mana_cost) is None for f in card.faces):
        return NotExecutable("a half's mana cost has symbols no mana pool pays (snow)")
    return card


_AS_SCRIPTED = (
    # a Grizzly Bears of p2 (the scripted "target creature") is a legal target for these too
    (r"\btarget (?:nonland )?permanent\b", "target creature"),
    # one target, all the damage: no division to script (601.2d: the cast action needs none)
    (r"deals (\d+) damage divided as you choose among one or two targets",
     r"deals \1 damage to any target"),
)


_MORE_TARGETS = {
    # one "target <phrase>" the generic scripted targets do not place: (id, card); an id
    # starting with "gy" is a card in p2's graveyard, the others are p2's permanents
    "target artifact": ("art2", "Ornithopter"),
    "target enchantment": ("ench2", "Treasure Trove"),
    "target land": ("land2", "Forest"),
    "target card from a graveyard": ("gy2", b.BEARS),
}
_FIGHT = re.compile(r"\btarget creature you control\b.*\btarget creature(?: or planeswalker)? "
                    r"(?:an opponent controls|you don't control)\b")


def half_targets(text: str) -> list[tuple[str, str | None]] | None:
    """:func:`build.scripted_targets` of :func:`cast_text`, plus one target of
    :data:`_MORE_TARGETS` and the two creatures of "target creature you control ... target
    creature you don't control" (a fight or a bite)."""
    text = cast_text(text)
    low = text.lower()
    if len(re.findall(r"\btargets?\b", low)) == 2 and _FIGHT.search(low) and \
            b.scripted_targets(_FIGHT.sub("target creature", low)) is not None:
        return [("bears1", b.BEARS), ("bears2", b.BEARS)]
    if len(re.findall(r"\btargets?\b", low)) == 1:
        for phrase, target in _MORE_TARGETS.items():
            if re.search(rf"\b{phrase}\b(?! (?:with|that|you|an opponent|card|spell)\b)", low) \
                    and b.scripted_targets(low.replace(phrase, "target player")) is not None:
                return [target]
    return b.scripted_targets(text)


def cast_text(text: str) -> str:
    """A half's text as far as casting it is concerned, for :func:`build.scripted_targets`:
    what its targets may be written as (a permanent: the scripted creature), and, unless it has
    an additional cost, its players' discards and sacrifices (they happen as it resolves, when a
    generator that resolves it checks :func:`_decision`) as a neutral verb."""
    for pattern, repl in _AS_SCRIPTED:
        text = re.sub(pattern, repl, text)
    if "additional cost" not in text:
        text = re.sub(r"\b(?:sacrifices|discards)\b", "keeps", text)
        text = re.sub(r"\b(?:Sacrifice|Discard) a", "Keep a", text)
        text = re.sub(r"\bthen discard\b", "then keep", text)
    text = re.sub(r"\b[Ss]earch(es)? ", r"scan\1 ", text)
    return re.sub(r"\breveal(s)? ", r"show\1 ", text)


def _half_cast(card: CardInfo, face: FaceInfo, obj: str, zone: str
               ) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]] | NotExecutable:
    """Setup pieces and actions that cast ``face`` of ``card``: (players, actions, cards)."""
    text = b.spell_lines(face, drop=("Aftermath", "Fuse"))
    if "{X}" in (face.mana_cost or ""):
        text = re.sub(r"\bX\b", "0", text)  # cast with X = 0
    bare = re.sub(r"new targets for the cop(y|ies)", "", text.lower())
    if re.search(r"\btarget (?:instant or sorcery |noncreature )?spell\b", bare) and \
            bare.count("target") == 1:
        zones: dict[str, Any] = {"hand": [{"id": "bolt", "card": b.BOLT}]}
        zones.setdefault(zone, []).append({"id": obj, "card": card.name})
        p1 = b.player(mana=pool("{R}", face.mana_cost), **zones)
        actions = [b.cast("bolt", targets=["p2"]),
                   b.cast(obj, targets=["bolt"], half=face.name)]
        return {"p1": p1, "p2": b.player()}, actions, [b.BOLT]
    sacrifice = re.match(rf"As an additional cost to cast (?:this spell|{re.escape(face.name)}), "
                         r"sacrifice a creature\. ", text)
    if sacrifice:  # protocol 2: costs.sacrifice names the creature (118.8, 601.2h)
        text = text[sacrifice.end():]
    targets = half_targets(text)
    if targets is None:
        return NotExecutable(f"{face.name}'s targets, choices or costs are not scripted")
    p1, theirs = b.caster(card.name, obj, zone, pool(face.mana_cost), targets)
    if sacrifice:
        p1.setdefault("battlefield", []).append({"id": "sac1", "card": b.BEARS})
    p2 = b.player(battlefield=[o for o in theirs if not o["id"].startswith("gy")],
                  graveyard=[o for o in theirs if o["id"].startswith("gy")])
    b.stock_libraries({"p1": p1, "p2": p2}, b.draws(text))
    act = b.cast(obj, targets=[t for t, _ in targets] or None, half=face.name)
    if sacrifice:
        act["cast"]["costs"] = {"sacrifice": ["sac1"]}
    if "{X}" in (face.mana_cost or ""):
        act["cast"]["x"] = 0  # X = 0: the printed mana value
    return {"p1": p1, "p2": p2}, [act], [c for _, c in targets if c] + [b.ISLAND]


def _decision(face: FaceInfo) -> NotExecutable | None:
    """Why resolving ``face`` cannot be scripted (None: it can)."""
    what = b.decision_needed(b.spell_lines(face, drop=("Aftermath", "Fuse")))
    if what:
        return NotExecutable(f"resolving {face.name} needs {what}, which a case cannot script "
                             "(a strict engine must refuse it)")
    return None


def _feats(card: CardInfo, *extra: str) -> list[str]:
    base = ["split_card"] + (["aftermath"] if card.layout == "aftermath" else [])
    return list(dict.fromkeys(base + list(extra)))


def gen_combined(ctx: Context) -> list[Draft] | NotExecutable:
    card = _split(ctx)
    if isinstance(card, NotExecutable):
        return card
    costs = [f.mana_cost for f in card.faces]
    mv = sum(_mv(c) for c in costs)
    setup = b.game(b.player(hand=[{"id": "split", "card": card.name}]),
                   b.player(graveyard=[{"id": "split2", "card": card.name}]))
    expect = {"state": {"objects": {
        "split": {"zone": "hand", "mana_value": mv, "colors": _colors(*costs)},
        "split2": {"zone": "graveyard", "mana_value": mv, "colors": _colors(*costs)}}}}
    return [Draft("split-combined", f"Off the stack {card.name} has both halves' "
                  f"characteristics: mana value {mv}", _feats(card), [card.name], setup, [],
                  expect, ["709.4"])]


def gen_stack_half(ctx: Context) -> list[Draft] | NotExecutable:
    card = _split(ctx)
    if isinstance(card, NotExecutable):
        return card
    face = card.faces[0]
    got = _half_cast(card, face, "split", "hand")
    if isinstance(got, NotExecutable):
        return got
    players, actions, extra = got
    expect = {"state": {"objects": {"split": {"zone": "stack", "mana_value": _mv(face.mana_cost),
                                              "colors": _colors(face.mana_cost)}}},
              "events": [{"type": "cast", "object": "split", "half": face.name}]}
    setup = b.game(players["p1"], players["p2"])
    return [Draft("split-stack-half", f"On the stack {card.name} has only the characteristics "
                  f"of the half cast ({face.name})", _feats(card, "priority", "stack",
                                                            "mana_cost", "target"),
                  list(dict.fromkeys([card.name, *extra])), setup, actions, expect, ["709.3"])]


def _aftermath(ctx: Context) -> tuple[CardInfo, FaceInfo, FaceInfo] | NotExecutable:
    card = _split(ctx)
    if isinstance(card, NotExecutable):
        return card
    if card.layout != "aftermath":
        return NotExecutable("not an aftermath card")
    first, second = card.faces
    return card, first, second


def _aftermath_cast(ctx: Context, zone: str
                    ) -> tuple[CardInfo, FaceInfo, dict[str, Any], list[dict[str, Any]],
                               list[str]] | NotExecutable:
    """An aftermath card, its aftermath half and the pieces casting that half (object ``aft``)
    from ``zone``: (card, half, players, actions, cards)."""
    got = _aftermath(ctx)
    if isinstance(got, NotExecutable):
        return got
    card, _first, second = got
    cast = _half_cast(card, second, "aft", zone)
    if isinstance(cast, NotExecutable):
        return cast
    players, actions, extra = cast
    return card, second, players, actions, extra


def gen_from_hand(ctx: Context) -> list[Draft] | NotExecutable:
    got = _aftermath_cast(ctx, "hand")
    if isinstance(got, NotExecutable):
        return got
    card, second, players, actions, extra = got
    expect = {"error": {"kind": "illegal_action", "action": len(actions) - 1},
              "state": {"zones": {"aft": "hand"}}}
    return [Draft("aftermath-from-hand", f"{second.name} (aftermath) can't be cast from a hand",
                  _feats(card, "priority", "stack", "mana_cost"),
                  list(dict.fromkeys([card.name, *extra])),
                  b.game(players["p1"], players["p2"]), actions, expect, ["702.127a"])]


def gen_exiled(ctx: Context) -> list[Draft] | NotExecutable:
    got = _aftermath_cast(ctx, "graveyard")
    if isinstance(got, NotExecutable):
        return got
    card, second, players, actions, extra = got
    out = []
    p1 = players["p1"]
    p1["mana"] = pool(second.mana_cost) if "bolt" not in str(actions) else p1["mana"]
    expect = {"events": [{"type": "cast", "object": "aft", "half": second.name}],
              "state": {"zones": {"aft": "exile"}}}
    copies = "copy" in second.text.lower()
    resolve = [b.RESOLVE_TOP, b.keep_targets(), b.RESOLVE_STACK] if copies else [b.RESOLVE_STACK]
    if _decision(second) is None:
            out.append(Draft("aftermath-exiled", f"{second.name} cast from a graveyard is exiled as "
                         "it resolves", _feats(card, "priority", "stack", "mana_cost"),
                         list(dict.fromkeys([card.name, *extra])), b.game(p1, players["p2"]),
                         actions + resolve, expect, ["702.127a"]))
    p2 = dict(players["p2"])
    p2.update(mana="{U}{U}{C}", hand=[{"id": "cancel", "card": b.CANCEL}])
    actions2 = actions + [{"pass_priority": {"player": "p1"}},
                          b.cast("cancel", "p2", targets=["aft"]), b.RESOLVE_TOP]
    expect2 = {"events": [{"type": "countered", "object": "aft"}],
               "state": {"zones": {"aft": "exile", "cancel": "graveyard"}}}
    out.append(Draft("aftermath-exiled-countered", f"{second.name} cast from a graveyard and "
                     "countered is exiled", _feats(card, "priority", "stack", "mana_cost",
                                                   "counterspell"),
                     list(dict.fromkeys([card.name, *extra, b.CANCEL])), b.game(p1, p2),
                     actions2, expect2, ["702.127a"]))
    return out


def gen_priority(ctx: Context) -> list[Draft] | NotExecutable:
    got = _aftermath(ctx)
    if isinstance(got, NotExecutable):
        return got
    card, first, second = got
    if (why := _decision(first)) is not None:
        return why
    one = _half_cast(card, first, "aft", "hand")
    two = _half_cast(card, second, "aft", "hand")
    if isinstance(one, NotExecutable):
        return one
    if isinstance(two, NotExecutable):
        return two
    if "bolt" in str(one[1]) or "bolt" in str(two[1]):
        p1 = b.player(mana=pool("{R}", first.mana_cost, second.mana_cost),
                      hand=[{"id": "aft", "card": card.name}, {"id": "shock", "card": "Shock"}])
        p1["hand"].append({"id": "bolt", "card": b.BOLT})
        p1["mana"] = pool("{R}", "{R}", first.mana_cost, second.mana_cost)
        t1 = "bolt" if "bolt" in str(one[1]) else None
        t2 = "shock" if "bolt" in str(two[1]) else None
        if t1 is None or (t2 is None and "target" in second.text):
            return NotExecutable("the halves' targets are not scripted together")
        actions = [b.cast("bolt", targets=["p2"]), b.cast("aft", targets=[t1], half=first.name),
                   b.RESOLVE_TOP, b.cast("shock", targets=["p2"])]
        actions.append(b.cast("aft", targets=[t2] if t2 else None, half=second.name,
                              **{"from": "graveyard"}))
        cards = [card.name, b.BOLT, "Shock"]
        p2 = b.player()
    else:
        p1 = one[0]["p1"]
        p1["mana"] = pool(first.mana_cost, second.mana_cost)
        for k in ("battlefield",):
            for o in two[0]["p1"].get(k, []):
                if o not in p1.setdefault(k, []):
                    p1[k].append(o)
        p2 = one[0]["p2"]
        for zone in ("battlefield", "graveyard"):
            for o in two[0]["p2"].get(zone, []):
                if o not in p2.setdefault(zone, []):
                    p2[zone].append(o)
        second_cast = dict(two[1][0]["cast"])
        second_cast["from"] = "graveyard"
        if second_cast.get("targets") == ["bears2"] and one[1][0]["cast"].get("targets") == \
                ["bears2"]:
            p2["battlefield"].append({"id": "bears3", "card": b.BEARS})
            second_cast["targets"] = ["bears3"]
        actions = [one[1][0], b.RESOLVE_TOP, {"cast": second_cast}]
        cards = list(dict.fromkeys([card.name, *one[2], *two[2]]))
    expect = {"events": [{"type": "resolved", "object": "aft"},
                         {"type": "cast", "object": "aft", "half": second.name}],
              "state": {"zones": {"aft": "stack"}}}
    return [Draft("aftermath-priority", f"After {first.name} resolves on your turn, you can "
                  f"cast {second.name} from your graveyard at once",
                  _feats(card, "priority", "stack", "mana_cost"), cards,
                  b.game(p1, p2), actions, expect, ["702.127a", "117.3b"])]


def gen_moved(ctx: Context) -> list[Draft] | NotExecutable:
    got = _aftermath_cast(ctx, "graveyard")
    if isinstance(got, NotExecutable):
        return got
    card, second, players, actions, extra = got
    p2 = dict(players["p2"])
    p2.update(mana="{B}", hand=[{"id": "cremate", "card": "Cremate"}])
    actions = actions + [{"pass_priority": {"player": "p1"}},
                         b.cast("cremate", "p2", targets=["aft"])]
    expect = {"error": {"kind": "illegal_action", "action": len(actions) - 1},
              "state": {"zones": {"aft": "stack", "cremate": "hand"}}}
    return [Draft("aftermath-moved-to-stack", f"Once {second.name} is being cast, the card is "
                  "on the stack: it can't be exiled from the graveyard in response",
                  _feats(card, "priority", "stack", "mana_cost", "graveyard_target"),
                  list(dict.fromkeys([card.name, *extra, "Cremate"])),
                  b.game(players["p1"], p2), actions, expect, ["601.2a", "702.127a"])]


def _costs_feature(gen: Generator) -> Generator:
    """``gen`` whose drafts also list ``additional_cost`` when a cast pays one."""

    def wrapped(ctx: Context) -> list[Draft] | NotExecutable:
        got = gen(ctx)
        if isinstance(got, NotExecutable):
            return got
        for draft in got:
            if any("costs" in a.get("cast", {}) for a in draft.actions):
                draft.features = list(dict.fromkeys([*draft.features, "additional_cost"]))
        return got

    return wrapped


FAMILIES = [
    Family("split-combined", "Off the stack a split card has both halves' characteristics",
           ("709.4",), ("split_card",), gen_combined,
           en=phrases("While not on the stack, the characteristics of a split card are the "
                      "combination of its two halves",
                      "The mana value of a split card is determined by the combined mana cost")),
    Family("split-stack-half", "On the stack only the cast half's characteristics exist",
           ("709.3",), ("split_card",), _costs_feature(gen_stack_half),
           en=phrases("you put a split card onto the stack with only the half you're casting",
                      "a split spell that hasn't been fused has only that half's "
                      "characteristics")),
    Family("aftermath-from-hand", "An aftermath half can't be cast from a zone other than a "
           "graveyard", ("702.127a",), ("aftermath",), _costs_feature(gen_from_hand),
           en=phrases("If another effect allows you to cast a split card with aftermath from any "
                      "zone other than a graveyard, you can't cast the half with aftermath")),
    Family("aftermath-exiled", "An aftermath half cast from a graveyard is exiled when it "
           "leaves the stack", ("702.127a",), ("aftermath",), _costs_feature(gen_exiled),
           en=phrases("A spell with aftermath cast from a graveyard will always be exiled",
                      "If another effect allows you to cast a split card with aftermath from a "
                      "graveyard, you may cast either half")),
    Family("aftermath-priority", "You get priority after the first half resolves and may cast "
           "the aftermath half at once", ("702.127a", "117.3b"), ("aftermath",),
           _costs_feature(gen_priority),
           en=phrases("If you cast the first half of a split card with aftermath during your "
                      "turn, you'll have priority immediately after it resolves")),
    Family("aftermath-moved-to-stack", "A spell cast from a graveyard is on the stack as soon "
           "as casting begins", ("601.2a",), ("aftermath",), _costs_feature(gen_moved),
           en=phrases("Once you've started to cast a spell with aftermath from your graveyard, "
                      "the card is immediately moved to the stack")),
]
