"""Saga rulings (rule 714; 715 in the 2022 rules): lore counters and chapter abilities."""

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
    if "Saga" not in face.subtypes or len(card.faces) != 1:
        return NotExecutable("only one-face Saga cards are scripted")
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
        if not s.simple(n):
            return NotExecutable(f"chapter {NAMES[n]} targets: putting it on the stack needs "
                                 "target choices the generator does not script")
    return s


FEATS = ["saga", "saga.chapter_trigger", "counters"]


def _draft(fam: str, title: str, ctx: Context, setup: dict[str, Any],
           actions: list[dict[str, Any]], expect: dict[str, Any], features: list[str],
           suffix: str = "", extra_cards: tuple[str, ...] = ()) -> Draft:
    return Draft(fam + suffix, title, list(dict.fromkeys(FEATS + features)),
                 [ctx.card.name, *extra_cards], setup, actions, expect, ["714.2", "714.3"])


def _on_battlefield(ctx: Context, lore: int, **kw: Any) -> dict[str, Any]:
    return b.game(b.player(battlefield=[{"id": "saga", "card": ctx.card.name,
                                         "counters": {"lore": lore}}], **kw), b.player())


def _chapter(n: int) -> str:
    return f"chapter_{NAMES[n]}"


def gen_lore(ctx: Context) -> list[Draft] | NotExecutable:
    s = _saga(ctx, 2)
    if isinstance(s, NotExecutable):
        return s
    setup = _on_battlefield(ctx, 1, library=b.islands(1))
    setup["step"] = "upkeep"
    actions = [{"advance": {"to": "precombat_main"}}]
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
    setup = _on_battlefield(ctx, 1)
    actions = [{"add_counters": {"object": "saga", "counter": "lore", "n": 1}}]
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
    setup = _on_battlefield(ctx, final - 1)
    actions = [{"add_counters": {"object": "saga", "counter": "lore", "n": 1}}]
    expect = {"event_counts": [{"match": {"type": "triggered", "source": "saga"}, "count": 1}],
              "events": [{"type": "triggered", "source": "saga", "ability": _chapter(final)}]}
    return [_draft("saga-no-retrigger", f"Lore counter {final} on {ctx.card.name} triggers "
                   f"only chapter {NAMES[final]}", ctx, setup, actions, expect, [])]


def gen_removed(ctx: Context) -> list[Draft] | NotExecutable:
    s = _saga(ctx, 2)
    if isinstance(s, NotExecutable):
        return s
    setup = _on_battlefield(ctx, 2)
    actions = [{"remove_counters": {"object": "saga", "counter": "lore", "n": 1}},
               {"add_counters": {"object": "saga", "counter": "lore", "n": 1}}]
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
    setup = _on_battlefield(ctx, 1)
    actions = [{"add_counters": {"object": "saga", "counter": "lore", "n": 1}},
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
    setup = b.game(b.player(battlefield=[
        {"id": "saga_a", "card": ctx.card.name, "counters": {"lore": 1}},
        {"id": "saga_b", "card": ctx.card.name, "counters": {"lore": 2}}],
        library=b.islands(1)), b.player(), step="upkeep")
    actions: list[dict[str, Any]] = [
        {"advance": {"to": "precombat_main"}},
        {"choose": {"choice": "trigger_order", "order": [bottom, top]}}]
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
    if re.search(r"target|choose|you may|search|reveal|sacrifice|discard|exile|return|copy|"
                 r"surveil|scry|\bx\b", body):
        return NotExecutable(f"chapter {NAMES[final]}'s effect needs choices the generator does "
                             "not script")
    setup = _on_battlefield(ctx, final - 1, library=b.islands(3))
    actions = [{"add_counters": {"object": "saga", "counter": "lore", "n": 1}},
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
