"""Transforming double-faced cards (rules 712, 701.28; layout ``transform``), day and night (rule
726) and daybound/nightbound (702.145): the recurring rulings an engine can get wrong, for every
card of the pool with the needed shape the reference engine builds. A permanent's face up is
the setup's ``face`` (SPEC "setup"); its snapshot's ``name`` is the face up's.

* ``daynight-day-to-night`` — "If it is day, and the active player of the previous turn cast no
  spells during their turn, it becomes night": it is day, p1 controls the daybound card and
  casts nothing in turn 3 (the case starts in its end step); as turn 4 begins it is night and the card shows its nightbound face.
  Mutant ``day_never_becomes_night``. For a one-face card whose ability triggers "whenever day
  becomes night or night becomes day", the card is on the battlefield: its ability triggers.
* ``daynight-night-to-day`` — "If it is night, and the active player of the previous turn cast
  two or more spells during their turn, it becomes day": it is night, the card is back face up,
  p1 casts two Ornithopters (in turn 3's postcombat main phase); as turn 4 begins it is day and the card shows its daybound face.
  Mutant ``night_to_day_needs_three_spells``.
* ``daybound-transforms`` — "Double-faced permanents with daybound transform to their
  nightbound faces as it becomes night": the card (with a +1/+1 counter) transforms as it
  becomes night, the same permanent: it keeps its counter and does not change zones. Mutant
  ``daybound_never_transforms``.
* ``daybound-cast-at-night`` — "If you cast a spell with daybound during night, that spell will
  be front face up ... it will enter the battlefield with its back face up": the spell on the
  stack is its front face, the permanent its back face. Mutant ``daybound_enters_front_face``.
* ``daybound-enters-at-night`` — "If it is night, permanents with daybound that enter the
  battlefield without being cast will enter with their nightbound faces up": Obzedat's Aid
  returns the card from p1's graveyard at night: it is its back face. Same mutant.
* ``werewolf-single-player`` — "a single player must have cast two or more spells during the
  previous turn. If multiple players each cast just one spell ... the ability won't trigger":
  the werewolf is back face up, p1 casts Ornithopter and p2 Lightning Bolt in turn 3; in turn
  4's upkeep its ability does not trigger. Mutant ``werewolf_counts_all_players``.
* ``werewolf-whole-turn`` — "The abilities that transform a Werewolf back and forth look at the
  entire previous turn, even if the Werewolf ... wasn't on the battlefield": p1 casts the
  werewolf (front face) in turn 3, the only spell; in turn 4's upkeep "if no spells were cast
  last turn" does not trigger: the werewolf spell itself was cast. Mutant
  ``werewolf_sees_only_its_time``.
* ``tdfc-mana-value`` — "The mana value of a transforming double-faced card is the mana value of
  its front face, no matter which face is up": the card back face up has its front face's mana
  value. Mutant ``back_face_own_mana_value``. Only for a front face whose mana value is not 0.
* ``tdfc-face-up`` — "Each face of a transforming double-faced card has its own set of
  characteristics ... consider only the characteristics of the face that's currently up": the
  card back face up has its back face's name, types, subtypes, power and toughness. Mutant
  ``transformed_keeps_front_face``.
* ``tdfc-front-face-elsewhere`` — "In every zone other than the battlefield, consider only the
  characteristics of its front face": the card back face up (a creature) is destroyed by
  Murder: in the graveyard it has its front face's name, types, subtypes and mana value.
  Mutant ``tdfc_keeps_back_face_off_battlefield``.
* ``tdfc-enters-front-face`` — "A transforming double-faced card enters the battlefield with its
  front face up by default, unless a spell or ability instructs you to put it onto the
  battlefield transformed": Obzedat's Aid returns the card (a permanent front face) from p1's
  graveyard front face up; for a transforming Saga, also its last chapter exiles it and returns
  it back face up. Mutant ``tdfc_enters_back_face_up``.
* ``daynight-first-time`` — "It does not trigger when the game becomes day or night for the
  first time": p1 casts a card with "If it's neither day nor night, it becomes day as CARDNAME
  enters" and "Whenever day becomes night or night becomes day, ...": it becomes day, and the
  ability does not trigger. Mutant ``first_day_triggers_day_night``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

THOPTER = "Ornithopter"
"""A {0} artifact creature: a spell cast for nothing."""
BOLT = "Lightning Bolt"
RETURNER = "Obzedat's Aid"
"""Return target permanent card from your graveyard to the battlefield ({3}{W}{B})."""
RETURNER_COST = "{3}{W}{B}"
KILLER = "Murder"
"""Destroy target creature ({1}{B}{B})."""
KILLER_COST = "{1}{B}{B}"
NEXT_UPKEEP: dict[str, Any] = {"advance": {"to": "upkeep", "next_turn": True}}
PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker"})


def _tdfc(ctx: Context) -> Any:
    """The reference engine's card (a transforming double-faced card), or why not."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(ctx.card.name)
    if card is None:
        return NotExecutable("the reference engine does not build the card (both faces)")
    if not card.is_tdfc or len(card.faces) != 2:
        return NotExecutable("the card is not a transforming double-faced card")
    return card


def _daybound(ctx: Context) -> Any:
    card = _tdfc(ctx)
    if isinstance(card, NotExecutable):
        return card
    if "daybound" not in card.faces[0].text.keywords:
        return NotExecutable("its front face has no daybound")
    return card


def _libraries() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Three Islands in each library: more than the cards any scripted ability draws."""
    return b.islands(3), [{"id": f"olib{i}", "card": b.ISLAND} for i in range(1, 4)]


def _setup(p1: dict[str, Any], p2: dict[str, Any] | None = None, *,
           day_night: str | None = None, step: str = "precombat_main") -> dict[str, Any]:
    """p1's turn 3 (``step``: a case casting nothing starts in the end step, past the
    beginning-of-combat triggers a card's face may have)."""
    mine, theirs = _libraries()
    p1.setdefault("library", mine)
    p2 = p2 if p2 is not None else b.player()
    p2.setdefault("library", theirs)
    setup = b.game(p1, p2, step=step)
    if day_night:
        setup["day_night"] = day_night
    return setup


def _draft(slug: str, title: str, card: Any, features: list[str], setup: dict[str, Any],
           actions: list[dict[str, Any]], expect: dict[str, Any], rules: list[str],
           extra: tuple[str, ...] = ()) -> list[Draft]:
    cards = sorted({card.name, b.ISLAND, *extra})
    return [Draft(slug, title, ["transform", *features], cards, setup, actions, expect, rules)]


def _day_night_trigger(ctx: Context) -> Any:
    """A one-face card with "Whenever day becomes night or night becomes day, ..." the
    reference engine builds, or why not."""
    from conformance.reference.cards import load_cards
    from conformance.reference.designation_effects import DAY_NIGHT_CHANGES

    card = load_cards().get(ctx.card.name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1 or not any(t.event == DAY_NIGHT_CHANGES
                                       for t in card.faces[0].text.triggered):
        return NotExecutable("the card is neither a daybound card nor one whose ability "
                             "triggers as day becomes night")
    return card


def _watcher(ctx: Context, now: str, after: str, hand: list[dict[str, Any]],
             actions: list[dict[str, Any]], slug: str, title: str) -> list[Draft] | NotExecutable:
    """The case of a one-face card whose ability triggers as day and night change: ``now``
    becomes ``after`` as turn 4 begins, and the ability triggers."""
    card = _day_night_trigger(ctx)
    if isinstance(card, NotExecutable):
        return card
    from conformance.reference.designation_effects import DAY_NIGHT_CHANGES

    (trigger,) = [t for t in card.faces[0].text.triggered if t.event == DAY_NIGHT_CHANGES]
    slots = [sl for e in trigger.effects for sl in e.slots]
    after_advance: list[dict[str, Any]] = []
    if slots:  # "target creature (you control)": the card itself
        if [(sl.min, sl.max) for sl in slots] != [(1, 1)] or slots[0].kind not in (
                "creature", "creature_you_control", "perm:Creature", "perm:Creature:you") \
                or "Creature" not in card.faces[0].types:
            return NotExecutable("its ability's targets are not one the generator scripts")
        after_advance.append({"choose": {"choice": "targets", "source": "card",
                                         "ability": "day_night", "targets": ["card"]}})
    setup = _setup(b.player(battlefield=[{"id": "card", "card": card.name}], hand=hand),
                   day_night=now)
    expect = {"events": [{"type": "step", "name": "untap", "turn": 4},
                         {"type": "triggered", "source": "card", "ability": "day_night"}],
              "state": {"day_night": after}}
    extra = sorted({h["card"] for h in hand})
    return [Draft(slug, title.format(card.name), ["day_night", "turn_structure", "stack"],
                  sorted({card.name, b.ISLAND, *extra}), setup,
                  [*actions, NEXT_UPKEEP, *after_advance],
                  expect, ["502.2", "726.3a"])]


def gen_day_to_night(ctx: Context) -> list[Draft] | NotExecutable:
    """Day becomes night after a turn without spells; the daybound card transforms."""
    card = _daybound(ctx)
    if isinstance(card, NotExecutable):
        return _watcher(ctx, "day", "night", [], [], "daynight-day-to-night",
                        "It is day and p1 casts no spell in turn 3: as turn 4 begins it is "
                        "night and {}'s ability triggers")
    front, back = card.faces
    setup = _setup(b.player(battlefield=[{"id": "dfc", "card": card.name}]), day_night="day",
                   step="end")
    expect = {"events": [{"type": "step", "name": "untap", "turn": 4}],
              "state": {"day_night": "night", "objects": {"dfc": {"name": back.name}}}}
    return _draft("daynight-day-to-night", f"It is day and p1 casts no spell in turn 3: as turn "
                  f"4 begins it is night and {front.name} is {back.name}", card,
                  ["day_night", "daybound", "turn_structure"], setup, [NEXT_UPKEEP], expect,
                  ["502.2", "726.3a", "702.145b"])


def gen_night_to_day(ctx: Context) -> list[Draft] | NotExecutable:
    """Night becomes day after a turn with two spells; the nightbound face transforms back."""
    card = _daybound(ctx)
    if isinstance(card, NotExecutable):
        return _watcher(ctx, "night", "day", [{"id": "orn1", "card": THOPTER},
                                              {"id": "orn2", "card": THOPTER}],
                        [b.cast("orn1"), b.RESOLVE_TOP, b.cast("orn2"), b.RESOLVE_TOP],
                        "daynight-night-to-day", "It is night and p1 casts two spells in turn "
                        "3: as turn 4 begins it is day and {}'s ability triggers")
    front, back = card.faces
    setup = _setup(b.player(battlefield=[{"id": "dfc", "card": card.name, "face": back.name}],
                            hand=[{"id": "orn1", "card": THOPTER},
                                  {"id": "orn2", "card": THOPTER}]), day_night="night",
                   step="postcombat_main")
    actions = [b.cast("orn1"), b.RESOLVE_TOP, b.cast("orn2"), b.RESOLVE_TOP, NEXT_UPKEEP]
    expect = {"events": [{"type": "step", "name": "untap", "turn": 4}],
              "state": {"day_night": "day", "objects": {"dfc": {"name": front.name}}}}
    return _draft("daynight-night-to-day", f"It is night and p1 casts two spells in turn 3: as "
                  f"turn 4 begins it is day and {back.name} is {front.name} again", card,
                  ["day_night", "daybound", "turn_structure", "stack"], setup, actions, expect,
                  ["502.2", "726.3a", "702.145e"], (THOPTER,))


def gen_daybound_transforms(ctx: Context) -> list[Draft] | NotExecutable:
    """As it becomes night the daybound permanent transforms: the same permanent."""
    card = _daybound(ctx)
    if isinstance(card, NotExecutable):
        return card
    front, back = card.faces
    if "Creature" not in back.types or back.power is None:
        return NotExecutable("its back face is not a creature with power and toughness")
    setup = _setup(b.player(battlefield=[{"id": "dfc", "card": card.name,
                                          "counters": {"+1/+1": 1}}]), day_night="day",
                   step="end")
    expect = {"events_absent": [{"type": "zone_change", "object": "dfc"}],
              "state": {"objects": {"dfc": {"name": back.name, "zone": "battlefield",
                                            "counters": {"+1/+1": 1},
                                            "power": back.power + 1,
                                            "toughness": back.toughness + 1}}}}
    return _draft("daybound-transforms", f"{front.name} with a +1/+1 counter transforms into "
                  f"{back.name} as it becomes night, the same permanent with its counter", card,
                  ["day_night", "daybound", "turn_structure", "counters"], setup,
                  [NEXT_UPKEEP], expect, ["702.145b", "701.28a", "726.3a"])


def gen_cast_at_night(ctx: Context) -> list[Draft] | NotExecutable:
    """A daybound spell cast at night is its front face on the stack and enters transformed."""
    card = _daybound(ctx)
    if isinstance(card, NotExecutable):
        return card
    front, back = card.faces
    pool = b.mana_pool(front.mana_cost)
    if pool is None or front.has_x or front.text.spell or front.text.enchant:
        return NotExecutable("casting its front face needs choices the generator does not "
                             "script (X, targets, a cost beyond its mana cost)")
    setup = _setup(b.player(mana=pool, hand=[{"id": "dfc", "card": card.name}]),
                   day_night="night")
    actions = [b.cast("dfc"),
               {"check": {"state": {"objects": {"dfc": {"zone": "stack", "name": front.name}}}}},
               b.RESOLVE_TOP]
    expect = {"state": {"day_night": "night",
                        "objects": {"dfc": {"zone": "battlefield", "name": back.name}}}}
    return _draft("daybound-cast-at-night", f"{front.name} cast at night is {front.name} on the "
                  f"stack and enters the battlefield as {back.name}", card,
                  ["day_night", "daybound", "stack", "mana_cost"], setup, actions, expect,
                  ["702.145b", "712.7", "712.9"])


def _returned(card: Any, setup: dict[str, Any]) -> list[dict[str, Any]]:
    """p1 casts Obzedat's Aid returning the card (``dfc``, in p1's graveyard)."""
    setup["players"]["p1"]["hand"] = [{"id": "aid", "card": RETURNER}]
    setup["players"]["p1"]["mana"] = RETURNER_COST
    return [b.cast("aid", targets=["dfc"]), b.RESOLVE_TOP]


def gen_enters_at_night(ctx: Context) -> list[Draft] | NotExecutable:
    """A daybound card put onto the battlefield at night enters transformed."""
    card = _daybound(ctx)
    if isinstance(card, NotExecutable):
        return card
    front, back = card.faces
    setup = _setup(b.player(graveyard=[{"id": "dfc", "card": card.name}]), day_night="night")
    actions = _returned(card, setup)
    expect = {"state": {"objects": {"dfc": {"zone": "battlefield", "name": back.name}}}}
    return _draft("daybound-enters-at-night", f"{front.name} returned to the battlefield at "
                  f"night by {RETURNER} enters as {back.name}", card,
                  ["day_night", "daybound", "stack", "mana_cost", "target"], setup, actions,
                  expect, ["702.145b", "712.10"], (RETURNER,))


def _werewolf(ctx: Context, event: str, face: int) -> Any:
    from conformance.reference.transform_text import WEREWOLF_EVENTS

    card = _tdfc(ctx)
    if isinstance(card, NotExecutable):
        return card
    mine = [t.event for t in card.faces[face].text.triggered if t.event in WEREWOLF_EVENTS]
    if mine != [event]:
        return NotExecutable("its " + ("front" if face == 0 else "back") + " face has not the "
                             "werewolf transform ability the case needs")
    return card


def gen_single_player(ctx: Context) -> list[Draft] | NotExecutable:
    """One spell by each player last turn: "a player cast two or more spells" is false."""
    from conformance.reference.transform_text import TWO_SPELLS_LAST_TURN

    card = _werewolf(ctx, TWO_SPELLS_LAST_TURN, 1)
    if isinstance(card, NotExecutable):
        return card
    front, back = card.faces
    setup = _setup(b.player(battlefield=[{"id": "dfc", "card": card.name, "face": back.name}],
                            hand=[{"id": "orn", "card": THOPTER}]),
                   b.player(hand=[{"id": "bolt", "card": BOLT}], mana="{R}"))
    actions = [b.cast("orn"), b.RESOLVE_TOP, {"pass_priority": {"player": "p1"}},
               b.cast("bolt", "p2", targets=["p1"]), b.RESOLVE_TOP, NEXT_UPKEEP]
    expect = {"events": [{"type": "step", "name": "upkeep", "turn": 4}],
              "events_absent": [{"type": "triggered", "source": "dfc"}],
              "state": {"life": {"p1": 17}, "objects": {"dfc": {"name": back.name}}}}
    return _draft("werewolf-single-player", f"p1 and p2 each cast one spell in turn 3: {back.name}"
                  "'s 'if a player cast two or more spells last turn' does not trigger in turn "
                  "4's upkeep", card, ["turn_structure", "stack", "mana_cost", "target",
                                       "priority"], setup, actions, expect,
                  ["603.4", "701.28a"], (THOPTER, BOLT))


def gen_whole_turn(ctx: Context) -> list[Draft] | NotExecutable:
    """The werewolf cast last turn counts: 'if no spells were cast last turn' is false."""
    from conformance.reference.transform_text import NO_SPELLS_LAST_TURN

    card = _werewolf(ctx, NO_SPELLS_LAST_TURN, 0)
    if isinstance(card, NotExecutable):
        return card
    front, back = card.faces
    pool = b.mana_pool(front.mana_cost)
    if pool is None or front.has_x or front.text.spell or front.text.enchant:
        return NotExecutable("casting its front face needs choices the generator does not "
                             "script")
    setup = _setup(b.player(mana=pool, hand=[{"id": "dfc", "card": card.name}]))
    actions = [b.cast("dfc"), b.RESOLVE_TOP, NEXT_UPKEEP]
    expect = {"events": [{"type": "step", "name": "upkeep", "turn": 4}],
              "events_absent": [{"type": "triggered", "source": "dfc"}],
              "state": {"objects": {"dfc": {"zone": "battlefield", "name": front.name}}}}
    return _draft("werewolf-whole-turn", f"{front.name} cast in turn 3 was a spell cast that "
                  "turn: its 'if no spells were cast last turn' does not trigger in turn 4's "
                  "upkeep", card, ["turn_structure", "stack", "mana_cost"], setup, actions,
                  expect, ["603.4", "701.28a"])


def _back_up(card: Any) -> dict[str, Any]:
    return _setup(b.player(battlefield=[{"id": "dfc", "card": card.name,
                                         "face": card.faces[1].name}]))


def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    """Back face up, the permanent has its front face's mana value."""
    card = _tdfc(ctx)
    if isinstance(card, NotExecutable):
        return card
    front, back = card.faces
    if front.mana_value == 0:
        return NotExecutable("its front face's mana value is 0, the back face's too")
    expect = {"state": {"objects": {"dfc": {"zone": "battlefield",
                                            "mana_value": front.mana_value}}}}
    return _draft("tdfc-mana-value", f"{back.name}, the back face of {front.name}, has mana "
                  f"value {front.mana_value}, its front face's", card, [], _back_up(card), [],
                  expect, ["712.4d"])


def gen_face_up(ctx: Context) -> list[Draft] | NotExecutable:
    """Back face up, the permanent has only its back face's characteristics."""
    card = _tdfc(ctx)
    if isinstance(card, NotExecutable):
        return card
    front, back = card.faces
    shown: dict[str, Any] = {"zone": "battlefield", "name": back.name, "types": list(back.types),
                             "subtypes": list(back.subtypes), "power": back.power,
                             "toughness": back.toughness}
    return _draft("tdfc-face-up", f"{front.name} back face up is {back.name}: only its back "
                  "face's name, types, subtypes, power and toughness", card, [],
                  _back_up(card), [], {"state": {"objects": {"dfc": shown}}}, ["712.4d"])


def gen_front_elsewhere(ctx: Context) -> list[Draft] | NotExecutable:
    """Destroyed back face up, the card in the graveyard has its front face's
    characteristics."""
    card = _tdfc(ctx)
    if isinstance(card, NotExecutable):
        return card
    front, back = card.faces
    if "Creature" not in back.types:
        return NotExecutable(f"its back face is not a creature {KILLER} destroys")
    setup = _back_up(card)
    setup["players"]["p1"]["hand"] = [{"id": "kill", "card": KILLER}]
    setup["players"]["p1"]["mana"] = KILLER_COST
    expect = {"state": {"objects": {"dfc": {"zone": "graveyard", "name": front.name,
                                            "types": list(front.types),
                                            "subtypes": list(front.subtypes),
                                            "mana_value": front.mana_value}}}}
    return _draft("tdfc-front-face-elsewhere", f"{back.name} destroyed is {front.name} in the "
                  "graveyard: off the battlefield only its front face's characteristics", card,
                  ["stack", "mana_cost", "target"], setup,
                  [b.cast("kill", targets=["dfc"]), b.RESOLVE_TOP], expect, ["712.4a"],
                  (KILLER,))


def gen_enters_front(ctx: Context) -> list[Draft] | NotExecutable:
    """Put onto the battlefield by an effect it is front face up; a transforming Saga's last
    chapter returns it back face up."""
    card = _tdfc(ctx)
    if isinstance(card, NotExecutable):
        return card
    front, back = card.faces
    if not PERMANENT_TYPES & set(front.types):
        return NotExecutable("its front face is not a permanent card")
    setup = _setup(b.player(graveyard=[{"id": "dfc", "card": card.name}]))
    actions = _returned(card, setup)
    expect = {"state": {"objects": {"dfc": {"zone": "battlefield", "name": front.name}}}}
    drafts = _draft("tdfc-enters-front-face", f"{front.name} returned to the battlefield by "
                    f"{RETURNER} enters front face up", card, ["stack", "mana_cost", "target"],
                    setup, actions, expect, ["712.10"], (RETURNER,))
    final = _final_chapter(card)
    if final is not None:
        saga_setup = _setup(b.player(battlefield=[{"id": "dfc", "card": card.name,
                                                   "counters": {"lore": final - 1}}]))
        saga_actions = [{"add_counters": {"object": "dfc", "counter": "lore", "n": 1}},
                        b.RESOLVE_TOP]
        saga_expect = {"events": [{"type": "zone_change", "object": "dfc", "from": "battlefield",
                                   "to": "exile"},
                                  {"type": "zone_change", "object": "dfc", "from": "exile",
                                   "to": "battlefield"}],
                       "state": {"objects": {"dfc": {"zone": "battlefield", "name": back.name,
                                                     "counters": {}}}}}
        drafts += _draft("tdfc-enters-front-face-transformed", f"{front.name}'s last chapter "
                         f"exiles it and returns it transformed: it enters as {back.name}",
                         card, ["saga", "saga.chapter_trigger", "counters", "stack"],
                         saga_setup, saga_actions, saga_expect, ["712.10a", "714.2"])
    return drafts


def _final_chapter(card: Any) -> int | None:
    """The last chapter of a transforming Saga when it is only "Exile this Saga, then return it
    to the battlefield transformed under your control" (None otherwise)."""
    from conformance.reference.transform_text import ExileReturnTransformed

    chapters = [t for t in card.faces[0].text.triggered if t.chapters]
    if not chapters:
        return None
    last = max(chapters, key=lambda t: max(t.chapters))
    if [type(e) for e in last.effects] != [ExileReturnTransformed]:
        return None
    return max(last.chapters)


def gen_first_time(ctx: Context) -> list[Draft] | NotExecutable:
    """Becoming day for the first time triggers no 'whenever day becomes night' ability."""
    from conformance.reference.cards import load_cards
    from conformance.reference.designation_effects import DAY_AS_ENTERS, DAY_NIGHT_CHANGES

    card = load_cards().get(ctx.card.name)
    if card is None or len(card.faces) != 1:
        return NotExecutable("the reference engine does not build the card as one face")
    face = card.faces[0]
    events = {t.event for t in face.text.triggered}
    if not {DAY_AS_ENTERS, DAY_NIGHT_CHANGES} <= events:
        return NotExecutable("the card does not make it day as it enters")
    pool = b.mana_pool(face.mana_cost)
    if pool is None or face.has_x or face.text.spell or face.text.enchant:
        return NotExecutable("casting it needs choices the generator does not script")
    setup = _setup(b.player(mana=pool, hand=[{"id": "card", "card": card.name}]))
    expect = {"events_absent": [{"type": "triggered", "source": "card"}],
              "state": {"day_night": "day", "zones": {"card": "battlefield"}}}
    return [Draft("daynight-first-time", f"{face.name} makes it day as it enters; becoming day "
                  "for the first time does not trigger its 'whenever day becomes night or "
                  "night becomes day'", ["day_night", "stack", "mana_cost"],
                  sorted({card.name, b.ISLAND}), setup, [b.cast("card"), b.RESOLVE_TOP],
                  expect, ["726.1a", "603.2"])]


FAMILIES = [
    Family("daynight-day-to-night", "Day becomes night when the previous turn's active player "
           "cast no spells", ("726.3a", "502.2"), ("day_night",), gen_day_to_night,
           en=phrases("If it is day, and the active player of the previous turn cast no spells "
                      "during their turn, it becomes night")),
    Family("daynight-night-to-day", "Night becomes day when the previous turn's active player "
           "cast two or more spells", ("726.3a", "502.2"), ("day_night",), gen_night_to_day,
           en=phrases("If it is night, and the active player of the previous turn cast two or "
                      "more spells during their turn, it becomes day")),
    Family("daybound-transforms", "Daybound permanents transform as it becomes night",
           ("702.145b",), ("daybound",), gen_daybound_transforms,
           en=phrases("Double-faced permanents with daybound transform to their nightbound "
                      "faces as it becomes night")),
    Family("daybound-cast-at-night", "A daybound spell cast at night enters transformed",
           ("702.145b", "712.9"), ("daybound",), gen_cast_at_night,
           en=phrases("If you cast a spell with daybound during night, that spell will be "
                      "front face up")),
    Family("daybound-enters-at-night", "A daybound permanent entering uncast at night enters "
           "transformed", ("702.145b",), ("daybound",), gen_enters_at_night,
           en=phrases("If it is night, permanents with daybound that enter the battlefield "
                      "without being cast will enter with their nightbound faces up")),
    Family("werewolf-single-player", "A werewolf's 'a player cast two or more spells' needs one "
           "player's two spells", ("603.4",), ("transform",), gen_single_player,
           en=phrases("a single player must have cast two or more spells during the previous "
                      "turn")),
    Family("werewolf-whole-turn", "A werewolf's condition looks at the whole previous turn",
           ("603.4",), ("transform",), gen_whole_turn,
           en=phrases("The abilities that transform a Werewolf back and forth look at the "
                      "entire previous turn")),
    Family("tdfc-mana-value", "A transforming permanent back face up has its front face's mana "
           "value", ("712.4d",), ("transform",), gen_mana_value,
           en=phrases("The mana value of a transforming double-faced card is the mana value of "
                      "its front face, no matter which face is up",
                      "A double-faced permanent with its back face up has a mana value equal "
                      "to the mana value of its front face")),
    Family("tdfc-face-up", "A transforming permanent has only the characteristics of its face "
           "up", ("712.4c", "712.4d"), ("transform",), gen_face_up,
           en=phrases("Each face of a transforming double-faced card has its own set of "
                      "characteristics",
                      "While a double-faced card is on the battlefield, consider only the "
                      "characteristics of the face that's currently up")),
    Family("tdfc-front-face-elsewhere", "Off the battlefield a transforming double-faced card "
           "has only its front face's characteristics", ("712.4a",), ("transform",),
           gen_front_elsewhere,
           en=phrases("In every zone other than the battlefield, consider only the "
                      "characteristics of its front face")),
    Family("tdfc-enters-front-face", "A transforming double-faced card enters front face up "
           "unless put onto the battlefield transformed", ("712.10", "712.10a"),
           ("transform",), gen_enters_front,
           en=phrases("A transforming double-faced card enters the battlefield with its front "
                      "face up by default",
                      "A double-faced card enters the battlefield with its front face up by "
                      "default")),
    Family("daynight-first-time", "Becoming day or night for the first time is not day "
           "becoming night", ("726.1a",), ("day_night",), gen_first_time,
           en=phrases("It does not trigger when the game becomes day or night for the first "
                      "time")),
]
