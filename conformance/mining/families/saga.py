"""Saga rulings (rule 714; 715 in the 2022 rules): lore counters and chapter abilities, of
one-face Sagas and of the transforming ones (a Saga front face, rule 712: on the battlefield
front face up, it is an ordinary Saga until its last chapter exiles it and returns it
transformed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from conformance.mining import build as b
from conformance.mining.corpus import CardInfo
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
NAMES = {v: k for k, v in ROMAN.items()}
_CHAPTER = re.compile(r"(?:^|\s)((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) — ")


@dataclass
class Saga:
    """A Saga's chapters: number -> the text of the ability that number triggers."""

    chapters: dict[int, str]

    @property
    def final(self) -> int:
        """The greatest chapter number."""
        return max(self.chapters)

    def simple(self, n: int) -> bool:
        """Whether chapter ``n`` can be put on the stack without choosing targets."""
        body = re.sub(r"new targets for the cop(?:y|ies)", "", self.chapters.get(n, "target"))
        return "target" not in body.lower()


def saga_of(card: CardInfo) -> Saga | NotExecutable:
    """The chapters of a Saga card, or why it is not scripted."""
    face = card.main
    if "Saga" not in face.subtypes or (len(card.faces) != 1 and card.layout != "transform"):
        return NotExecutable("only one-face and transforming Saga cards are scripted")
    text = b.strip_reminders(face.text)
    parts = _CHAPTER.split(text)
    chapters: dict[int, str] = {}
    for numerals, body in zip(parts[1::2], parts[2::2], strict=True):
        for r in numerals.split(", "):
            chapters[ROMAN[r]] = body.split("\n")[0].strip()
    if len(chapters) < 2:
        return NotExecutable("the Saga's chapters could not be read")
    return Saga(chapters)


def _saga(ctx: Context, *needed: int) -> Saga | NotExecutable:
    s = saga_of(ctx.card)
    if isinstance(s, NotExecutable):
        return s
    for n in needed:
        if n not in s.chapters:
            return NotExecutable(f"the Saga has no chapter {NAMES.get(n, n)}")
        if not s.simple(n) and isinstance(_chapter_slots(ctx.card.name, n), NotExecutable):
            return NotExecutable(f"chapter {NAMES[n]} targets: putting it on the stack needs "
                                 "target choices the generator does not script")
    return s


_FODDER: dict[str, tuple[str, str, str]] = {
    "foe_bears": ("p2", "battlefield", b.BEARS),
    "my_bears": ("p1", "battlefield", b.BEARS),
    "foe_land": ("p2", "battlefield", "Forest"),
    "foe_thopter": ("p2", "battlefield", "Ornithopter"),
    "gy_bears": ("p1", "graveyard", b.BEARS),
    "gy_land": ("p1", "graveyard", "Forest"),
    "foe_gy_bears": ("p2", "graveyard", b.BEARS),
}
"""Objects a chapter's targets are chosen among: id -> (player, zone, card)."""

_SIMPLE = {"creature": "perm:Creature", "creature_you_control": "perm:Creature:you",
           "creature_or_planeswalker": "perm:Creature|Planeswalker",
           "nonland_permanent": "perm:nonland", "permanent": "perm:any", "land": "perm:Land",
           "artifact": "perm:Artifact", "graveyard_card": "gy:any"}


def _chapter_slots(name: str, n: int) -> list[tuple[int, int, str]] | NotExecutable:
    """The target slots (min, max, kind) of chapter ``n`` as the reference engine builds the
    card; not executable when it does not build it."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    for t in card.faces[0].text.chapters:
        if n in t.chapters:
            return [(s.min, s.max, s.kind) for e in t.effects for s in e.slots]
    return NotExecutable(f"the Saga has no chapter {NAMES.get(n, n)}")


def _fodder_for(kind: str) -> list[str]:
    """The objects of :data:`_FODDER` (or ``p2``) worth trying for a target ``kind``."""
    if kind in ("player", "opponent", "any", "player_or_planeswalker"):
        return ["p2"]
    zone, types, *quals = _SIMPLE.get(kind, kind).split(":") + [""]
    wanted = set(types.split("|"))
    if zone == "gy":
        bears = ["gy_bears"] if "you" in quals else ["foe_gy_bears", "gy_bears"]
        if types == "any" or "Creature" in wanted:
            return bears
        return ["gy_land"] if "Land" in wanted and "opp" not in quals else []
    if zone != "perm":
        return []
    side = "my" if "you" in quals else "foe"
    if types in ("any", "nonland") or "Creature" in wanted:
        return [f"{side}_bears"] if {"you", "opp"} & set(quals) else ["foe_bears", "my_bears"]
    if side == "foe" and "Land" in wanted:
        return ["foe_land"]
    return ["foe_thopter"] if side == "foe" and "Artifact" in wanted else []


def _target_choices(ctx: Context, triggers: list[tuple[str, int]]
                    ) -> tuple[list[dict[str, Any]], list[str]] | NotExecutable:
    """The ``targets`` choices of chapter triggers put on the stack in this order (bottom
    first: 603.3d), each ``(source, chapter)``, and the objects they target: an "up to" slot
    gets none; each other slot the first fitting object not chosen yet."""
    actions: list[dict[str, Any]] = []
    used: list[str] = []
    for source, n in triggers:
        slots = _chapter_slots(ctx.card.name, n)
        if isinstance(slots, NotExecutable):
            return slots
        if not slots:
            continue
        chosen: list[str] = []
        for least, _most, kind in slots:
            fits = [f for f in _fodder_for(kind) if f not in chosen]
            if len(fits) < least:
                return NotExecutable(f"chapter {NAMES[n]} targets: no scripted object fits "
                                     f"target kind {kind!r}")
            chosen += fits[:least]
        actions.append({"choose": {"choice": "targets", "source": source,
                                   "ability": _chapter(n), "targets": chosen}})
        used += [c for c in chosen if c in _FODDER and c not in used]
    return actions, used


def _with_fodder(setup: dict[str, Any], used: list[str]) -> dict[str, Any]:
    """``setup`` with the targeted objects of :data:`_FODDER` added."""
    for oid in used:
        player, zone, card = _FODDER[oid]
        setup["players"][player].setdefault(zone, []).append({"id": oid, "card": card})
    return setup


FEATS = ["saga", "saga.chapter_trigger", "counters"]


def _draft(fam: str, title: str, ctx: Context, setup: dict[str, Any],
           actions: list[dict[str, Any]], expect: dict[str, Any], features: list[str],
           suffix: str = "", extra_cards: tuple[str, ...] = ()) -> Draft:
    fodder = [item["card"] for p in setup["players"].values() for zone in p.values()
              if isinstance(zone, list) for item in zone if item.get("id") in _FODDER]
    if fodder:  # a chapter's targets (603.3d)
        features = [*features, "target"]
    cards = list(dict.fromkeys([ctx.card.name, *extra_cards, *fodder]))
    return Draft(fam + suffix, title, list(dict.fromkeys(FEATS + features)), cards, setup,
                 actions, expect, ["714.2", "714.3"])


def _on_battlefield(ctx: Context, lore: int, **kw: Any) -> dict[str, Any]:
    return b.game(b.player(battlefield=[{"id": "saga", "card": ctx.card.name,
                                         "counters": {"lore": lore}}], **kw), b.player())


def _chapter(n: int) -> str:
    return f"chapter_{NAMES[n]}"


def gen_lore(ctx: Context) -> list[Draft] | NotExecutable:
    s = _saga(ctx, 2)
    if isinstance(s, NotExecutable):
        return s
    chosen = _target_choices(ctx, [("saga", 2)])
    if isinstance(chosen, NotExecutable):
        return chosen
    setup = _with_fodder(_on_battlefield(ctx, 1, library=b.islands(1)), chosen[1])
    setup["step"] = "upkeep"
    actions = [{"advance": {"to": "precombat_main"}}, *chosen[0]]
    expect = {"events": [{"type": "step", "name": "draw"},
                         {"type": "step", "name": "precombat_main"},
                         {"type": "counter_added", "object": "saga", "counter": "lore", "n": 1},
                         {"type": "triggered", "source": "saga", "ability": "chapter_II"}],
              "state": {"objects": {"saga": {"counters": {"lore": 2}}},
                        "zones": {"lib1": "hand"}}}
    return [_draft("saga-lore-counters", f"{ctx.card.name} gets a lore counter as its "
                   "controller's precombat main phase begins, after the draw step", ctx, setup,
                   actions, expect, ["saga.lore_counter", "turn_structure", "draw"],
                   extra_cards=(b.ISLAND,))]


def gen_chapter(ctx: Context) -> list[Draft] | NotExecutable:
    s = _saga(ctx, 2)
    if isinstance(s, NotExecutable):
        return s
    chosen = _target_choices(ctx, [("saga", 2)])
    if isinstance(chosen, NotExecutable):
        return chosen
    setup = _with_fodder(_on_battlefield(ctx, 1), chosen[1])
    actions = [{"add_counters": {"object": "saga", "counter": "lore", "n": 1}}, *chosen[0]]
    expect = {"events": [{"type": "counter_added", "object": "saga", "counter": "lore"},
                         {"type": "triggered", "source": "saga", "ability": "chapter_II"}],
              "events_absent": [{"type": "triggered", "ability": "chapter_I"}],
              "state": {"stack": [{"card": ctx.card.name}]}}
    return [_draft("saga-chapter-trigger", f"A lore counter that brings {ctx.card.name} to 2 "
                   "triggers chapter II, on the stack", ctx, setup, actions, expect, ["stack"])]


def gen_no_retrigger(ctx: Context) -> list[Draft] | NotExecutable:
    s = _saga(ctx)
    if isinstance(s, NotExecutable):
        return s
    final = s.final
    s2 = _saga(ctx, final)
    if isinstance(s2, NotExecutable):
        return s2
    chosen = _target_choices(ctx, [("saga", final)])
    if isinstance(chosen, NotExecutable):
        return chosen
    setup = _with_fodder(_on_battlefield(ctx, final - 1), chosen[1])
    actions = [{"add_counters": {"object": "saga", "counter": "lore", "n": 1}}, *chosen[0]]
    expect = {"event_counts": [{"match": {"type": "triggered", "source": "saga"}, "count": 1}],
              "events": [{"type": "triggered", "source": "saga", "ability": _chapter(final)}]}
    return [_draft("saga-no-retrigger", f"Lore counter {final} on {ctx.card.name} triggers "
                   f"only chapter {NAMES[final]}", ctx, setup, actions, expect, [])]


def gen_removed(ctx: Context) -> list[Draft] | NotExecutable:
    s = _saga(ctx, 2)
    if isinstance(s, NotExecutable):
        return s
    chosen = _target_choices(ctx, [("saga", 2)])
    if isinstance(chosen, NotExecutable):
        return chosen
    setup = _with_fodder(_on_battlefield(ctx, 2), chosen[1])
    actions = [{"remove_counters": {"object": "saga", "counter": "lore", "n": 1}},
               {"add_counters": {"object": "saga", "counter": "lore", "n": 1}}, *chosen[0]]
    expect = {"event_counts": [{"match": {"type": "triggered", "source": "saga"}, "count": 1}],
              "events": [{"type": "counter_removed", "object": "saga"},
                         {"type": "counter_added", "object": "saga"},
                         {"type": "triggered", "source": "saga", "ability": "chapter_II"}],
              "state": {"objects": {"saga": {"counters": {"lore": 2}}}}}
    return [_draft("saga-removed-counters", f"Removing a lore counter from {ctx.card.name} "
                   "triggers nothing; chapter II triggers again when it comes back", ctx, setup,
                   actions, expect, [])]


def gen_independent(ctx: Context) -> list[Draft] | NotExecutable:
    s = _saga(ctx, 2)
    if isinstance(s, NotExecutable):
        return s
    chosen = _target_choices(ctx, [("saga", 2)])
    if isinstance(chosen, NotExecutable):
        return chosen
    setup = _with_fodder(_on_battlefield(ctx, 1), chosen[1])
    actions = [{"add_counters": {"object": "saga", "counter": "lore", "n": 1}}, *chosen[0],
               {"remove_counters": {"object": "saga", "counter": "lore", "n": 2}}]
    expect = {"events": [{"type": "triggered", "source": "saga", "ability": "chapter_II"},
                         {"type": "counter_removed", "object": "saga"}],
              "state": {"stack": [{"card": ctx.card.name}],
                        "objects": {"saga": {"counters": {}}}}}
    return [_draft("saga-chapter-independent", f"{ctx.card.name}'s chapter II stays on the "
                   "stack when the lore counters are removed", ctx, setup, actions, expect,
                   ["stack"])]


def gen_order(ctx: Context) -> list[Draft] | NotExecutable:
    s = _saga(ctx, 2, 3)
    if isinstance(s, NotExecutable):
        return s
    # saga_a's chapter II and saga_b's chapter III trigger together, saga_a first (it is first
    # on the battlefield): the case scripts the other order, so an engine that ignores the
    # choice (and stacks them as they triggered) fails it
    bottom, top = "saga_b", "saga_a"
    chosen = _target_choices(ctx, [(bottom, 3), (top, 2)])  # as each goes on the stack
    if isinstance(chosen, NotExecutable):
        return chosen
    setup = _with_fodder(b.game(b.player(battlefield=[
        {"id": "saga_a", "card": ctx.card.name, "counters": {"lore": 1}},
        {"id": "saga_b", "card": ctx.card.name, "counters": {"lore": 2}}],
        library=b.islands(1)), b.player(), step="upkeep"), chosen[1])
    actions: list[dict[str, Any]] = [
        {"advance": {"to": "precombat_main"}},
        {"choose": {"choice": "trigger_order", "order": [bottom, top]}}, *chosen[0]]
    ability = {"saga_a": "chapter_II", "saga_b": "chapter_III"}
    expect: dict[str, Any] = {
        "events": [{"type": "put_on_stack", "source": bottom, "ability": ability[bottom]},
                   {"type": "put_on_stack", "source": top, "ability": ability[top]}],
        "state": {"stack": [{"card": ctx.card.name}, {"card": ctx.card.name}]}}
    # the seed card keeps the id its case had when two orders were scripted
    suffix = "-saga-a-on-top" if ctx.card.name == "Summon: G.F. Cerberus" else ""
    return [_draft("saga-chapter-order", f"Chapters of two {ctx.card.name} triggering together "
                   f"go on the stack in the chosen order, not the order they triggered ({top} "
                   "on top)", ctx, setup, actions, expect,
                   ["trigger.order", "stack", "saga.lore_counter", "turn_structure"],
                   suffix=suffix, extra_cards=(b.ISLAND,))]


def gen_sacrifice(ctx: Context) -> list[Draft] | NotExecutable:
    s = _saga(ctx)
    if isinstance(s, NotExecutable):
        return s
    final = s.final
    body = s.chapters[final].lower()
    body = re.sub(r"when you next cast an instant or sorcery spell this turn, copy it( twice)?\. "
                  r"you may choose new targets for the cop(y|ies)\.", "", body)
    if re.search(r"choose|you may|search|reveal|sacrifice|discard|exile|return|copy|"
                 r"surveil|scry|\bx\b", body):
        return NotExecutable(f"chapter {NAMES[final]}'s effect needs choices the generator does "
                             "not script")
    chosen = _target_choices(ctx, [("saga", final)])
    if isinstance(chosen, NotExecutable):
        return chosen
    setup = _with_fodder(_on_battlefield(ctx, final - 1, library=b.islands(3)), chosen[1])
    actions = [{"add_counters": {"object": "saga", "counter": "lore", "n": 1}}, *chosen[0],
               b.RESOLVE_TOP]
    expect = {"events": [{"type": "triggered", "source": "saga", "ability": _chapter(final)},
                         {"type": "resolved", "source": "saga"},
                         {"type": "sacrificed", "object": "saga"}],
              "state": {"zones": {"saga": "graveyard"}}}
    return [_draft("saga-sacrifice", f"{ctx.card.name} is sacrificed once its final chapter "
                   "has left the stack", ctx, setup, actions, expect,
                   ["saga.sacrifice", "state_based_actions", "stack"],
                   extra_cards=(b.ISLAND,))]


FAMILIES = [
    Family("saga-lore-counters", "Lore counters: as a Saga enters and as your precombat main "
           "phase begins", ("714.3",), ("saga.lore_counter",), gen_lore,
           en=phrases("As a Saga enters the battlefield, its controller puts a lore counter on "
                      "it. As your precombat main phase begins"),
           it=phrases("Mentre una Saga entra, il suo controllore mette un segnalino sapere")),
    Family("saga-chapter-trigger", "A chapter ability triggers when lore counters reach its "
           "number", ("714.2b",), ("saga.chapter_trigger",), gen_chapter,
           en=phrases("Each symbol on the left of a Saga's text box represents a chapter "
                      "ability"),
           it=phrases("Ogni simbolo a sinistra del riquadro di testo di una Saga rappresenta")),
    Family("saga-no-retrigger", "A chapter doesn't trigger again when lore counters were "
           "already at its number", ("714.2b",), ("saga.chapter_trigger",), gen_no_retrigger,
           en=phrases("A chapter ability doesn't trigger if a lore counter is put on a Saga that "
                      "already had"),
           it=phrases("Un'abilità capitolo non si innesca se un segnalino sapere viene messo")),
    Family("saga-removed-counters", "Removing lore counters triggers nothing; chapters trigger "
           "again", ("714.2b",), ("saga.chapter_trigger",), gen_removed,
           en=phrases("Removing lore counters won't cause a previous chapter ability to trigger",
                      "If counters are removed from a Saga, the appropriate chapter abilities "
                      "will trigger again"),
           it=phrases("Rimuovere segnalini sapere non fa innescare")),
    Family("saga-chapter-independent", "A chapter ability on the stack is independent of its "
           "Saga", ("113.7a",), ("saga.chapter_trigger",), gen_independent,
           en=phrases("Once a chapter ability has triggered, the ability on the stack won't be "
                      "affected"),
           it=phrases("Una volta che un'abilità capitolo si è innescata")),
    Family("saga-chapter-order", "Chapters triggering together go on the stack in the order "
           "their controller chooses", ("603.3b",), ("trigger.order",), gen_order,
           en=phrases("If multiple chapter abilities trigger at the same time, their controller "
                      "puts them on the stack in any order"),
           it=phrases("Se più abilità capitolo si innescano contemporaneamente")),
    Family("saga-sacrifice", "A Saga is sacrificed after its final chapter has left the stack",
           ("714.4",), ("saga.sacrifice",), gen_sacrifice,
           en=phrases("Once the number of lore counters on a Saga is greater than or equal to "
                      "the greatest number among its chapter abilities"),
           it=phrases("il controllore della Saga la sacrifica non appena")),
]


def gen_lost_chapters(ctx: Context) -> list[Draft] | NotExecutable:
    """A Saga creature under Humility has no chapter abilities: kept, and no lore counters."""
    s = _saga(ctx)
    if isinstance(s, NotExecutable):
        return s
    if "Creature" not in ctx.card.main.types:
        return NotExecutable("only a Saga creature loses its chapters to Humility")
    setup = b.game(b.player(battlefield=[{"id": "saga", "card": ctx.card.name,
                                          "counters": {"lore": s.final}},
                                         {"id": "humility", "card": "Humility"}],
                            library=b.islands(1)), b.player(),
                   step="upkeep")
    actions = [{"advance": {"to": "precombat_main"}}]
    expect = {"events_absent": [{"type": "sacrificed"}, {"type": "counter_added"},
                                {"type": "triggered"}],
              "state": {"zones": {"saga": "battlefield"},
                        "objects": {"saga": {"counters": {"lore": s.final}, "power": 1}}}}
    return [_draft("saga-lost-chapters", f"{ctx.card.name} without chapter abilities (Humility) "
                   "is not sacrificed and gets no lore counter", ctx, setup, actions, expect,
                   ["saga.sacrifice", "saga.lore_counter", "lose_abilities",
                    "state_based_actions", "turn_structure"],
                   extra_cards=("Humility", b.ISLAND))]


SEED_FAMILIES = [
    Family("saga-lost-chapters", "A Saga that lost all its chapter abilities is kept and gets no "
           "lore counters (rules change of 2025)", ("714.3b", "714.4"),
           ("saga.sacrifice", "lose_abilities"), gen_lost_chapters,
           en=phrases("a Saga that somehow loses all of its chapter abilities won't be "
                      "sacrificed"),
           it=phrases("una Saga che in qualche modo perde tutte le sue abilità capitolo")),
]
