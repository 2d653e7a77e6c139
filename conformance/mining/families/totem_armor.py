"""Totem armor (umbra armor) rulings (702.89a: "If enchanted permanent would be destroyed, instead
remove all damage marked on it and destroy this Aura."), for every Aura card with totem armor the
reference engine builds whose other abilities are "Enchant creature" and "Enchanted creature gets
+N/+M [and has K]".

p1 controls Grizzly Bears (``h``) enchanted by the Aura (``u``); p1's pool pays for the spell
it casts.

* ``totem-armor-any-destruction`` — "Totem armor's effect is applied no matter why the enchanted
  permanent would be destroyed ... an effect that says to "destroy" it": Murder destroys the
  Bears, which has 1 damage marked; the Aura is destroyed instead and the damage removed.
  Mutant ``totem_armor_only_for_damage``.
* ``totem-armor-mandatory`` — "Totem armor's effect is mandatory ... you must remove all damage
  from it": Lightning Bolt deals lethal damage (with damage already marked when the Bears is
  tougher than 3); the Aura is destroyed, the Bears survives with no damage. Mutant
  ``totem_armor_keeps_damage``.
* ``totem-armor-not-regeneration`` — "Totem armor's effect is not regeneration ... does not
  become tapped ... can't be regenerated ... won't prevent totem armor's effect": Terminate
  ("It can't be regenerated") targets the untapped Bears; it survives untapped. Mutant
  ``totem_armor_regenerates``.
* ``totem-armor-other-reasons`` — "Totem armor has no effect if the enchanted permanent is put
  into a graveyard for any other reason, such as if it's sacrificed": Bloodthrone Vampire's
  ability is activated sacrificing the Bears; it dies, the Aura follows (704.5m). Mutant
  ``totem_armor_replaces_sacrifice``.
* ``totem-armor-both-destroyed`` — "If a spell or ability ... would destroy both an Aura with
  totem armor and the permanent it's enchanting at the same time, totem armor's effect will save
  the enchanted permanent": Akroma's Vengeance. Mutant ``destroy_all_auras_first``.
* ``totem-armor-multiple-sba`` — "destroyed by multiple state-based actions at the same time ...
  (a creature with deathtouch has dealt damage ... greater than or equal to its toughness)":
  Craw Wurm (6/4), given deathtouch, attacks p1 and the Bears blocks it; the Bears survives. Mutant
  ``totem_armor_misses_deathtouch``.
* ``totem-armor-indestructible`` — "If a creature enchanted with an Aura that has totem armor has
  indestructible, ... Totem armor won't do anything": the Bears is given indestructible; Murder
  destroys nothing, the Aura stays. Mutant ``totem_armor_beats_indestructible``.
* ``totem-armor-mystic-controller`` — Umbra Mystic "grants totem armor to Auras attached to
  permanents you control, regardless of who controls those Auras": p2's Holy Strength on p1's
  Bears, p1's Umbra Mystic; Murder destroys the Aura instead. Mutant ``auras_you_control_have``.
  (Umbra Mystic's cases of the other families use Holy Strength, given totem armor by it.)
* ``totem-armor-unscripted`` — texts needing a choice the case format has no answer for (which
  of several Auras, regeneration or totem armor) or cards the reference does not build (Karmic
  Justice, an Aura enchanting an Aura or a land): NotExecutable with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

MURDER = "Murder"
TERMINATE = "Terminate"
VENGEANCE = "Akroma's Vengeance"
VAMPIRE = "Bloodthrone Vampire"
WURM = "Craw Wurm"
FEATURES = ["priority", "stack", "mana_cost", "destroy", "state_based_actions", "totem_armor"]
RULES = ["702.89a", "303.4"]


@dataclass(frozen=True)
class Umbra:
    """The Aura of a case: ``name`` (its card), ``label`` (for titles) and ``mystic``, the
    permanent granting it totem armor (Umbra Mystic), if any."""

    name: str
    label: str
    mystic: str | None = None


PLAIN_AURA = "Holy Strength"
"""An Aura without totem armor ("Enchanted creature gets +1/+2.") Umbra Mystic's cases use."""


def umbra(ctx: Context) -> tuple[Umbra, int, int] | NotExecutable:
    """The Aura of the case (an Aura card with totem armor, or a plain Aura with the card
    granting Auras totem armor) and the bonus it gives the enchanted creature (+power,
    +toughness), or why the card is not scripted."""
    from conformance.reference.abilities import AurasAttachedHave, EnchantedCreatureGets
    from conformance.reference.totem_armor import TOTEM_ARMOR

    face = b.built_face(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    t = face.text
    if any(isinstance(s, AurasAttachedHave) and s.keyword in TOTEM_ARMOR for s in t.statics):
        if t.triggered or t.activated or len(t.statics) != 1 or "Creature" not in face.types:
            return NotExecutable("the card has other abilities than granting Auras totem armor")
        return Umbra(PLAIN_AURA, f"{PLAIN_AURA} (totem armor from {face.name})", face.name), 1, 2
    if not TOTEM_ARMOR & t.keywords or "Aura" not in face.subtypes or t.enchant != "creature":
        return NotExecutable("the card is not an Aura with enchant creature and totem armor")
    gets = [s for s in t.statics if isinstance(s, EnchantedCreatureGets)]
    if t.triggered or len(gets) > 1 or len(t.statics) != len(gets) or t.spell:
        return NotExecutable("the Aura has other abilities than 'Enchanted creature gets "
                             "+N/+M [and has K]' and activated ones")
    if gets and "indestructible" in gets[0].keywords:
        return NotExecutable("the Aura makes the creature indestructible")
    return Umbra(face.name, face.name), sum(g.power for g in gets), sum(g.toughness for g in gets)


def _setup(face: Umbra, *, damage: int = 0, mana: str | None = None,
           hand: list[dict[str, Any]] | None = None,
           more: list[dict[str, Any]] | None = None,
           p2: dict[str, Any] | None = None) -> dict[str, Any]:
    host: dict[str, Any] = {"id": "h", "card": b.BEARS}
    if damage:
        host["damage"] = damage
    p1 = b.player(mana=mana, hand=hand or [],
                  battlefield=[host, {"id": "u", "card": face.name, "attached_to": "h"},
                               *([{"id": "m", "card": face.mystic}] if face.mystic else []),
                               *(more or [])], library=b.islands(3))
    return b.game(p1, p2 or b.player())


def _saved(power: int, toughness: int, **extra: Any) -> dict[str, Any]:
    """The state after totem armor saved the Bears (+``power``/+``toughness`` no longer)."""
    return {"zones": {"h": "battlefield", "u": "graveyard"}, "stack": [],
            "objects": {"h": {"damage": 0, "power": 2, "toughness": 2,
                              **extra}}}


def _draft(slug: str, title: str, face: Umbra, extra: list[str], setup: dict[str, Any],
           actions: list[dict[str, Any]], expect: dict[str, Any],
           features: tuple[str, ...] = (), rules: tuple[str, ...] = ()) -> list[Draft]:
    return [Draft(slug, title, [*FEATURES, *features],
                  sorted({face.name, b.BEARS, b.ISLAND, *extra, *([face.mystic] if face.mystic
                                                                   else [])}),
                  setup, actions, expect,
                  [*RULES, *rules])]


def gen_any_destruction(ctx: Context) -> list[Draft] | NotExecutable:
    """Murder: the Aura is destroyed instead; the Bears' damage is removed."""
    got = umbra(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, pw, th = got
    setup = _setup(face, damage=1, mana="{1}{B}{B}", hand=[{"id": "kill", "card": MURDER}])
    expect = {"events": [{"type": "zone_change", "object": "u", "from": "battlefield",
                          "to": "graveyard"}], "state": _saved(pw, th)}
    return _draft("totem-armor-any-destruction", f"Murder would destroy Grizzly Bears "
                  f"enchanted by {face.label}: the Aura is destroyed instead and the damage "
                  "marked on the Bears removed", face, [MURDER], setup,
                  [b.cast("kill", targets=["h"]), b.RESOLVE_STACK], expect, ("target",),
                  ("701.7",))


def gen_mandatory(ctx: Context) -> list[Draft] | NotExecutable:
    """Lethal damage from Lightning Bolt: all damage is removed, the Aura destroyed."""
    got = umbra(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, pw, th = got
    marked = max(0, 2 + th - 3)
    setup = _setup(face, damage=marked, mana="{R}", hand=[{"id": "kill", "card": b.BOLT}])
    expect = {"events": [{"type": "damage", "target": "h", "amount": 3},
                         {"type": "zone_change", "object": "u", "from": "battlefield",
                          "to": "graveyard"}],
              "state": _saved(pw, th)}
    what = "lethal damage" if not marked else f"lethal damage ({marked} already marked)"
    return _draft("totem-armor-mandatory", f"Lightning Bolt deals {what} to Grizzly Bears "
                  f"enchanted by {face.label}: all its damage is removed and the Aura is "
                  "destroyed instead", face, [b.BOLT], setup,
                  [b.cast("kill", targets=["h"]), b.RESOLVE_STACK], expect, ("target",),
                  ("704.5g",))


def gen_not_regeneration(ctx: Context) -> list[Draft] | NotExecutable:
    """Terminate ("can't be regenerated"): the Bears survives, untapped."""
    got = umbra(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, pw, th = got
    setup = _setup(face, mana="{B}{R}", hand=[{"id": "kill", "card": TERMINATE}])
    expect = {"state": _saved(pw, th, tapped=False)}
    return _draft("totem-armor-not-regeneration", f"Terminate (it can't be regenerated) would "
                  f"destroy Grizzly Bears enchanted by {face.label}: the Aura is destroyed "
                  "instead and the Bears stays untapped", face, [TERMINATE], setup,
                  [b.cast("kill", targets=["h"]), b.RESOLVE_STACK], expect, ("target",),
                  ("701.15a", "701.15c"))


def gen_other_reasons(ctx: Context) -> list[Draft] | NotExecutable:
    """The Bears is sacrificed: totem armor does nothing."""
    got = umbra(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, _pw, _th = got
    setup = _setup(face, more=[{"id": "v", "card": VAMPIRE}])
    actions = [{"activate": {"player": "p1", "object": "v", "ability": 0,
                             "costs": {"sacrifice": ["h"]}}}, b.RESOLVE_STACK]
    expect = {"events": [{"type": "sacrificed", "object": "h"}],
              "state": {"zones": {"h": "graveyard", "u": "graveyard", "v": "battlefield"},
                        "stack": []}}
    return _draft("totem-armor-other-reasons", f"Grizzly Bears enchanted by {face.label} is "
                  "sacrificed to Bloodthrone Vampire: totem armor does nothing, both go to the "
                  "graveyard", face, [VAMPIRE], setup, actions, expect,
                  ("activated_ability", "additional_cost"), ("701.17a", "704.5m"))


def gen_both_destroyed(ctx: Context) -> list[Draft] | NotExecutable:
    """Akroma's Vengeance destroys the Aura and the Bears at once: the Bears survives."""
    got = umbra(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, pw, th = got
    setup = _setup(face, mana="{4}{W}{W}", hand=[{"id": "kill", "card": VENGEANCE}])
    expect = {"event_counts": [{"match": {"type": "zone_change", "object": "u",
                                          "to": "graveyard"}, "count": 1}],
              "state": _saved(pw, th)}
    return _draft("totem-armor-both-destroyed", f"Akroma's Vengeance destroys Grizzly Bears and "
                  f"{face.label} at once: totem armor saves the Bears, the Aura is destroyed once",
                  face, [VENGEANCE], setup, [b.cast("kill"), b.RESOLVE_STACK], expect,
                  (), ("701.7",))


def gen_multiple_sba(ctx: Context) -> list[Draft] | NotExecutable:
    """Lethal deathtouch damage in combat: one replacement covers both state-based actions."""
    got = umbra(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, pw, th = got
    if 2 + th > 6:
        return NotExecutable("Craw Wurm's 6 damage is not lethal to the enchanted Bears")
    setup = _setup(face, p2=b.player(battlefield=[{"id": "w", "card": WURM}]))
    setup["active_player"] = "p2"  # Craw Wurm attacks, the enchanted Bears blocks it
    actions: list[dict[str, Any]] = [{"set_keywords": {"object": "w", "add": ["deathtouch"]}},
               {"advance": {"to": "declare_attackers"}},
               {"declare_attackers": {"player": "p2", "attackers": {"w": "p1"}}},
               {"advance": {"to": "declare_blockers"}},
               {"declare_blockers": {"player": "p1", "blocks": {"h": "w"}}},
               {"advance": {"to": "end_of_combat"}}]
    expect = {"events": [{"type": "damage", "source": "w", "target": "h", "amount": 6}],
              "state": _saved(pw, th)}
    return _draft("totem-armor-multiple-sba", f"Craw Wurm with deathtouch deals 6 damage to the "
                  f"blocking Grizzly Bears enchanted by {face.label}: totem armor replaces both "
                  "destructions (lethal damage and deathtouch)", face, [WURM], setup, actions,
                  expect, ("combat.declare", "combat_damage", "keywords"),
                  ("704.5g", "704.5h", "702.2b"))


def gen_indestructible(ctx: Context) -> list[Draft] | NotExecutable:
    """An indestructible Bears: Murder does nothing; the Aura stays."""
    got = umbra(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, pw, th = got
    setup = _setup(face, mana="{1}{B}{B}", hand=[{"id": "kill", "card": MURDER}])
    actions = [{"set_keywords": {"object": "h", "add": ["indestructible"]}},
               b.cast("kill", targets=["h"]), b.RESOLVE_STACK]
    expect = {"state": {"zones": {"h": "battlefield", "u": "battlefield", "kill": "graveyard"},
                        "stack": [],
                        "objects": {"h": {"power": 2 + pw, "toughness": 2 + th}}}}
    return _draft("totem-armor-indestructible", f"Murder targets an indestructible Grizzly Bears "
                  f"enchanted by {face.label}: nothing is destroyed, the Aura stays", face,
                  [MURDER], setup, actions, expect, ("target", "indestructible", "keywords"),
                  ("702.12b",))


def gen_mystic_controller(ctx: Context) -> list[Draft] | NotExecutable:
    """p2's Aura on p1's Bears has totem armor from p1's Umbra Mystic: Murder is replaced."""
    got = umbra(ctx)
    if isinstance(got, NotExecutable):
        return got
    face, pw, th = got
    if face.mystic is None:
        return NotExecutable("the card does not grant Auras totem armor")
    setup = _setup(face, mana="{1}{B}{B}", hand=[{"id": "kill", "card": MURDER}],
                   p2=b.player())
    p1, p2 = setup["players"]["p1"], setup["players"]["p2"]
    aura = next(o for o in p1["battlefield"] if o["id"] == "u")
    p1["battlefield"].remove(aura)
    p2["battlefield"] = [aura]  # p2 controls the Aura, attached to p1's Bears
    expect = {"state": _saved(pw, th)}
    return _draft("totem-armor-mystic-controller", f"Murder would destroy p1's Grizzly Bears "
                  f"enchanted by p2's {PLAIN_AURA}: p1's {face.mystic} gives that Aura totem "
                  "armor, so it is destroyed instead", face, [MURDER], setup,
                  [b.cast("kill", targets=["h"]), b.RESOLVE_STACK], expect, ("target",),
                  ("613.1f",))


def gen_unscripted(ctx: Context) -> NotExecutable:
    """Texts the case format cannot script."""
    low = ctx.text.lower()
    if "regenerat" in low and "shield" in low:
        return NotExecutable("no card the reference builds gives the Aura a regeneration "
                             "shield, and choosing regeneration or totem armor has no answer "
                             "in the case format")
    if "multiple auras" in low:
        return NotExecutable("which of several Auras with totem armor is destroyed is a choice "
                             "the case format has no answer for")
    if "karmic justice" in low:
        return NotExecutable("the reference engine does not build Karmic Justice, the card "
                             "the difference shows on")
    return NotExecutable("the reference engine does not build the card or the situation "
                         "(an Aura enchanting an Aura, totem armor granted to Auras)")


def _family(fid: str, title: str, gen: Any, *texts: str) -> Family:
    return Family(fid, title, tuple(RULES), tuple(FEATURES), gen, en=phrases(*texts))


FAMILIES = [
    _family("totem-armor-any-destruction", "Totem armor applies however the permanent would be "
            "destroyed, a destroy effect included", gen_any_destruction,
            "Totem armor's effect is applied no matter why the enchanted"),
    _family("totem-armor-mandatory", "Totem armor is mandatory: all damage is removed and the "
            "Aura destroyed", gen_mandatory, "Totem armor's effect is mandatory"),
    _family("totem-armor-not-regeneration", "Totem armor is not regeneration", gen_not_regeneration,
            "Totem armor's effect is not regeneration"),
    _family("totem-armor-other-reasons", "Totem armor does nothing for a sacrifice",
            gen_other_reasons,
            "Totem armor has no effect if the enchanted permanent is put into a graveyard for any "
            "other reason",
            "Totem armor has no effect if the enchanted creature is put into a graveyard for any "
            "other reason"),
    _family("totem-armor-both-destroyed", "An effect destroying the Aura and its permanent at once: "
            "totem armor saves the permanent", gen_both_destroyed,
            "would destroy both an Aura with totem armor and the"),
    _family("totem-armor-multiple-sba", "Totem armor replaces all the simultaneous destructions",
            gen_multiple_sba, "would be destroyed by multiple state-based actions at the same time"),
    _family("totem-armor-indestructible", "An indestructible permanent: totem armor does nothing",
            gen_indestructible,
            "has indestructible, lethal damage and effects that try to destroy it simply have no "
            "effect. Totem armor won't do anything",
            "has indestructible and is enchanted with an Aura that has totem armor"),
    _family("totem-armor-mystic-controller", "Auras attached to permanents you control have "
            "totem armor, whoever controls the Aura", gen_mystic_controller,
            "grants totem armor to Auras attached to permanents you control, regardless of who "
            "controls those Auras"),
    _family("totem-armor-unscripted", "Totem armor texts the case format cannot script",
            gen_unscripted,
            "enchanted with multiple Auras that have totem armor",
            "that has totem armor, and that Aura has gained a regeneration shield",
            "that has totem armor, and the enchanted permanent has gained a regeneration shield",
            "that has totem armor, that spell or ability causes the Aura to be destroyed instead",
            "that has totem armor, that spell or ability is what causes the Aura to be destroyed",
            "If an Aura with totem armor is itself enchanted by another Aura with totem armor",
            "Multiple instances of totem armor on the same Aura are redundant",
            "grants totem armor to Auras attached to any permanent you control",
            "If a permanent you control would be destroyed, and it's enchanted by an Aura with "
            "totem armor"),
]
"""The totem armor families (702.89a)."""
