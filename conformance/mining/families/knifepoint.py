"""At Knifepoint's rulings (2024-04-12): crimes, outlaws, and first strike lost between the
combat damage steps. Seed families: each ruling gets scenarios designed for it."""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

AKP = "At Knifepoint"
SHOCK = "Shock"
ARC_TRAIL = "Arc Trail"
SWAB = "Swab Goblin"
SCOUNDREL = "Krovikan Scoundrel"
MERC = "Mercenary Token"
CARDS = (AKP,)


def _akp(**p1: Any) -> dict[str, Any]:
    bf = [{"id": "akp", "card": AKP}, *p1.pop("battlefield", [])]
    return b.player(battlefield=bf, **p1)


def _d(slug: str, title: str, features: list[str], cards: list[str], setup: dict[str, Any],
       actions: list[dict[str, Any]], expect: dict[str, Any],
       rules: tuple[str, ...] = ("700.13",)) -> Draft:
    cards = [c for c in cards if c != MERC]
    return Draft(slug, title, list(dict.fromkeys(features)), list(dict.fromkeys([AKP, *cards])),
                 setup, actions, expect, list(rules))


CRIME = ["priority", "stack", "mana_cost", "target", "crime", "crime.targets", "tokens"]


def gen_outlaw(ctx: Context) -> list[Draft] | NotExecutable:
    swab = {"id": "swab", "card": SWAB, "attacking": "p2"}
    setup = b.game(_akp(battlefield=[swab]),
                   b.player(battlefield=[{"id": "bears2", "card": b.BEARS, "blocking": "swab"}]),
                   step="declare_blockers")
    fight = _d("outlaw-definition", "A Goblin Pirate is an outlaw: during your turn At Knifepoint "
               "gives it first strike and it kills its blocker first",
               ["outlaw", "first_strike", "combat_damage", "state_based_actions"],
               [SWAB, b.BEARS], setup, [{"advance": {"to": "end_of_combat"}}],
               {"events": [{"type": "damage", "source": "swab", "target": "bears2",
                            "step": "first_strike_damage"}],
                "events_absent": [{"type": "damage", "source": "bears2"}],
                "state": {"zones": {"swab": "battlefield", "bears2": "graveyard"}}})
    setup2 = b.game(_akp(battlefield=[{"id": "rogue", "card": SCOUNDREL},
                                      {"id": "bears1", "card": b.BEARS}]), b.player())
    kinds = _d("outlaw-definition-rogue", "A Human Rogue is an outlaw (one outlaw type is "
               "enough); a Bear is not", ["outlaw", "first_strike", "keywords"],
               [SCOUNDREL, b.BEARS], setup2, [],
               {"state": {"objects": {"rogue": {"keywords": ["first strike"]},
                                      "bears1": {"keywords": []}}}})
    return [fight, kinds]


def gen_outlaw_permanent(ctx: Context) -> list[Draft] | NotExecutable:
    setup = b.game(_akp(mana="{B}{C}", hand=[{"id": "rogue", "card": SCOUNDREL}],
                        battlefield=[{"id": "swab", "card": SWAB}]), b.player())
    return [_d("outlaw-permanents-only", "A Rogue creature spell is not an outlaw: At Knifepoint "
               "gives first strike only to outlaw permanents", ["outlaw", "first_strike",
                                                                "keywords", "priority", "stack",
                                                                "mana_cost"],
               [SCOUNDREL, SWAB], setup, [b.cast("rogue")],
               {"state": {"objects": {"rogue": {"zone": "stack", "keywords": []},
                                      "swab": {"keywords": ["first strike"]}}}})]


def gen_one_crime(ctx: Context) -> list[Draft] | NotExecutable:
    out = []
    setup = b.game(_akp(mana="{R}{C}", hand=[{"id": "trail", "card": ARC_TRAIL}]),
                   b.player(battlefield=[{"id": "bears2", "card": b.BEARS}]))
    out.append(_d("crime-one-per-spell", "Arc Trail targeting an opponent and their creature "
                  "commits one crime", CRIME + ["target.multiple"], [ARC_TRAIL, b.BEARS, MERC],
                  setup, [b.cast("trail", targets=["bears2", "p2"]), b.RESOLVE_STACK],
                  {"event_counts": [{"match": {"type": "crime_committed"}, "count": 1},
                                    {"match": {"type": "triggered", "source": "akp"},
                                     "count": 1}],
                   "state": {"life": {"p2": 19}, "zones": {"bears2": "graveyard"}}}))
    setup = b.game(_akp(mana="{R}{C}{C}", hand=[{"id": "arc", "card": b.ARC_LIGHTNING}]),
                   b.player(battlefield=[{"id": "bears2", "card": b.BEARS},
                                         {"id": "giant2", "card": b.GIANT}]))
    out.append(_d("crime-one-per-spell-three-targets", "Arc Lightning divided among an "
                  "opponent and two of their creatures commits one crime",
                  CRIME + ["target.multiple", "divided_damage"], [b.ARC_LIGHTNING, b.BEARS,
                                                                  b.GIANT],
                  setup, [b.cast("arc", targets=["p2", "bears2", "giant2"], division=[1, 1, 1])],
                  {"event_counts": [{"match": {"type": "crime_committed"}, "count": 1}]}))
    return out


def gen_definition(ctx: Context) -> list[Draft] | NotExecutable:
    out = []
    setup = b.game(_akp(mana="{R}", hand=[{"id": "shock", "card": SHOCK}]), b.player())
    out.append(_d("crime-targeting-an-opponent", "Shock targeting an opponent is a crime", CRIME,
                  [SHOCK, MERC], setup, [b.cast("shock", targets=["p2"]), b.RESOLVE_STACK],
                  {"events": [{"type": "crime_committed", "player": "p1", "source": "shock"},
                              {"type": "token_created", "card": MERC, "controller": "p1"}],
                   "state": {"life": {"p2": 18}}}))
    setup = b.game(_akp(mana="{R}", hand=[{"id": "shock", "card": SHOCK}],
                        battlefield=[{"id": "bears1", "card": b.BEARS}]),
                   b.player(battlefield=[{"id": "bears2", "card": b.BEARS}]))
    out.append(_d("crime-targeting-your-own-creature", "Shock targeting your own creature is no "
                  "crime", CRIME, [SHOCK, b.BEARS], setup,
                  [b.cast("shock", targets=["bears1"]), b.RESOLVE_STACK],
                  {"events_absent": [{"type": "crime_committed"}, {"type": "triggered"}],
                   "state": {"zones": {"bears1": "graveyard"},
                             "count": [{"zone": "battlefield", "card": MERC, "count": 0}]}}))
    setup = b.game(_akp(mana="{R}{R}", hand=[{"id": "shock", "card": SHOCK},
                                             {"id": "shock2", "card": SHOCK}]),
                   b.player(battlefield=[{"id": "bears2", "card": b.BEARS}]))
    out.append(_d("crime-twice-in-a-turn", "Two crimes in one turn: At Knifepoint's ability "
                  "triggers only once", CRIME + ["trigger.once_each_turn"], [SHOCK, b.BEARS,
                                                                             MERC],
                  setup, [b.cast("shock", targets=["p2"]), b.RESOLVE_STACK,
                          b.cast("shock2", targets=["bears2"]), b.RESOLVE_STACK],
                  {"event_counts": [{"match": {"type": "crime_committed"}, "count": 2},
                                    {"match": {"type": "token_created"}, "count": 1}],
                   "state": {"count": [{"zone": "battlefield", "card": MERC, "count": 1}]}}))
    return out


def gen_initial_targets(ctx: Context) -> list[Draft] | NotExecutable:
    coop = "Refuse // Cooperate"
    setup = b.game(_akp(mana="{R}{U}{C}{C}", hand=[{"id": "shock", "card": SHOCK}],
                        graveyard=[{"id": "coop", "card": coop}],
                        battlefield=[{"id": "bears1", "card": b.BEARS}]), b.player())
    actions = [b.cast("shock", targets=["bears1"]),
               b.cast("coop", targets=["shock"], half="Cooperate", **{"from": "graveyard"}),
               b.RESOLVE_TOP, b.new_targets(["p2"]), b.RESOLVE_STACK]
    return [_d("crime-initial-targets-only", "A copy whose new target is an opponent commits no "
               "crime: only targets chosen as a spell is cast count",
               CRIME + ["copy_spell", "copy.new_targets", "split_card", "aftermath"],
               [SHOCK, coop, b.BEARS], setup, actions,
               {"events": [{"type": "copy_created", "of": "shock"},
                           {"type": "damage", "target": "p2", "amount": 2}],
                "events_absent": [{"type": "crime_committed"}],
                "state": {"life": {"p2": 18}, "zones": {"bears1": "graveyard"}}},
               ("700.13", "707.10c"))]


def gen_timing(ctx: Context) -> list[Draft] | NotExecutable:
    setup = b.game(_akp(mana="{R}", hand=[{"id": "shock", "card": SHOCK}]), b.player())
    return [_d("crime-as-the-spell-is-cast", "The crime is committed as Shock is cast: At "
               "Knifepoint's trigger is on the stack above the unresolved Shock", CRIME,
               [SHOCK], setup, [b.cast("shock", targets=["p2"])],
               {"events": [{"type": "cast", "object": "shock"},
                           {"type": "crime_committed", "source": "shock"},
                           {"type": "triggered", "source": "akp"}],
                "events_absent": [{"type": "resolved"}],
                "state": {"stack": [SHOCK, {"card": AKP}], "life": {"p2": 20}}})]


def gen_order(ctx: Context) -> list[Draft] | NotExecutable:
    out = []
    for top, bottom in (("akp", "gsnipe"), ("gsnipe", "akp")):
        setup = b.game(_akp(mana="{R}", hand=[{"id": "shock", "card": SHOCK}],
                            battlefield=[{"id": "gsnipe", "card": b.GUTTERSNIPE}]), b.player())
        actions = [b.cast("shock", targets=["p2"]),
                   {"choose": {"choice": "trigger_order", "order": [bottom, top]}},
                   b.RESOLVE_STACK]
        expect = {"events": [{"type": "put_on_stack", "source": bottom},
                             {"type": "put_on_stack", "source": top},
                             {"type": "resolved", "source": top},
                             {"type": "resolved", "source": bottom},
                             {"type": "resolved", "object": "shock"}],
                  "state": {"life": {"p2": 16}}}
        name = "at-knifepoint" if top == "akp" else "guttersnipe"
        out.append(_d(f"crime-and-cast-triggers-{name}-on-top", "A cast trigger and a crime "
                      "trigger go on the stack in the chosen order and resolve before the spell",
                      CRIME + ["trigger.cast", "trigger.order"], [SHOCK, b.GUTTERSNIPE, MERC],
                      setup, actions, expect, ("700.13", "603.3b")))
    return out


def gen_first_strike(ctx: Context) -> list[Draft] | NotExecutable:
    setup = b.game(_akp(hand=[{"id": "dis", "card": "Disenchant"}],
                        battlefield=[{"id": "swab", "card": SWAB, "attacking": "p2"},
                                     {"id": "plains", "card": "Plains"},
                                     {"id": "island", "card": b.ISLAND}]),
                   b.player(), step="declare_blockers")
    left = _d("first-strike-lost-with-at-knifepoint", "An outlaw that dealt first-strike damage "
              "deals no regular damage after At Knifepoint is destroyed",
              ["outlaw", "first_strike", "combat_damage", "destroy", "priority", "stack",
               "mana_cost", "mana_ability", "target", "turn_structure"],
              [SWAB, "Disenchant", "Plains", b.ISLAND], setup,
              [{"advance": {"to": "first_strike_damage"}},
               {"activate": {"player": "p1", "object": "plains", "ability": 0}},
               {"activate": {"player": "p1", "object": "island", "ability": 0}},
               b.cast("dis", targets=["akp"]),
               b.RESOLVE_STACK, {"advance": {"to": "end_of_combat"}}],
              {"event_counts": [{"match": {"type": "damage", "source": "swab"}, "count": 1}],
               "state": {"life": {"p2": 18}, "zones": {"akp": "graveyard"}}},
              ("702.7c", "510.4"))
    setup = b.game(_akp(battlefield=[{"id": "swab", "card": SWAB, "attacking": "p2",
                                      "keywords": ["double strike"]}]),
                   b.player(), step="declare_blockers")
    double = _d("first-strike-double-strike-deals-twice", "An outlaw with double strike deals "
                "damage in both combat damage steps", ["outlaw", "first_strike",
                                                       "double_strike", "combat_damage",
                                                       "keywords", "turn_structure"],
                [SWAB], setup, [{"advance": {"to": "end_of_combat"}}],
                {"events": [{"type": "damage", "source": "swab", "step": "first_strike_damage"},
                            {"type": "damage", "source": "swab", "step": "combat_damage"}],
                 "state": {"life": {"p2": 16}}}, ("702.4b", "510.4"))
    return [left, double]


def classified(reason: str):  # noqa: ANN201 - a generator factory
    """A generator that classifies its ruling as not executable."""
    def gen(ctx: Context) -> NotExecutable:
        return NotExecutable(reason)
    return gen


FAMILIES = [
    Family("outlaw-definition", "Outlaws: the Assassin, Mercenary, Pirate, Rogue and Warlock "
           "creature types", ("700.13",), ("outlaw",), gen_outlaw,
           en=phrases("is an outlaw if it has the Assassin, Mercenary, Pirate, Rogue, or Warlock "
                      "creature type"),
           it=phrases("è un fuorilegge se ha il tipo di creatura"),
           de=phrases("ist ein Gesetzloser, falls"), cards=CARDS),
    Family("outlaw-permanents-only", "\"Outlaw\" alone means a permanent", ("700.13",),
           ("outlaw",), gen_outlaw_permanent,
           en=phrases("If an ability refers to an outlaw or whether a player controls an outlaw"),
           it=phrases("Se un'abilità si riferisce a un fuorilegge"), cards=CARDS),
    Family("outlaw-not-a-type", "Outlaw is not a creature type", (), ("outlaw",),
           classified("no card in the scripted pool asks to choose a creature type"),
           en=phrases("Outlaw is not a creature type"),
           it=phrases("Fuorilegge non è un tipo di creatura"), cards=CARDS),
    Family("crime-one-per-spell", "One crime per spell or ability", ("700.13",),
           ("crime", "crime.targets"), gen_one_crime,
           en=phrases("A player can commit only one crime per spell or ability they control"),
           it=phrases("Un giocatore può commettere un solo crimine"),
           de=phrases("Ein Spieler kann nur ein Verbrechen pro"), cards=CARDS),
    Family("crime-definition", "Which targets make a crime", ("700.13",),
           ("crime", "crime.targets"), gen_definition,
           en=phrases("A player commits a crime as they cast a spell, activate an ability, or "
                      "put a triggered ability on the stack that targets"),
           it=phrases("Un giocatore commette un crimine quando lancia una magia"),
           de=phrases("Ein Spieler begeht ein Verbrechen, wenn er"), cards=CARDS),
    Family("crime-initial-targets", "Only the targets first chosen decide a crime",
           ("700.13",), ("crime", "copy.new_targets"), gen_initial_targets,
           en=phrases("Changing the target or targets of a spell or ability won't affect whether "
                      "or not the controller"),
           it=phrases("Cambiare il bersaglio o i bersagli di una magia"), cards=CARDS),
    Family("crime-timing", "A crime is committed as the spell is cast", ("700.13",),
           ("crime",), gen_timing,
           en=phrases("The spell or ability that constituted a crime doesn't have to have "
                      "resolved"),
           it=phrases("La magia o abilità che costituisce un crimine"), cards=CARDS),
    Family("crime-trigger-order", "Cast and crime triggers trigger together; any order",
           ("603.3b",), ("crime", "trigger.order"), gen_order,
           en=phrases("an ability that triggers when you cast a spell that targets an opponent "
                      "will trigger at the same time as an ability that triggers whenever you "
                      "commit a crime"),
           it=phrases("si innescherà contemporaneamente a un'abilità che si innesca"),
           cards=CARDS),
    Family("first-strike-lost", "A creature that lost first strike deals no regular damage "
           "unless it has double strike", ("702.7c", "510.4"), ("first_strike", "double_strike"),
           gen_first_strike,
           en=phrases("Creatures that deal first strike combat damage but lose first strike "
                      "before regular combat damage is dealt won't deal combat damage again"),
           cards=CARDS),
]
