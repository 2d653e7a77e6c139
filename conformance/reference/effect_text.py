"""The oracle text of effects: the sentence templates of spells' and abilities' effects
(:func:`parse_effects`) and of activated abilities (:func:`_activated`), for the template
interpreter (:mod:`conformance.reference.oracle`, which reads a face line by line).

The base templates are here; :mod:`conformance.reference.oracle_more`, ``oracle_library``,
``oracle_sagas``, ``oracle_spells`` and ``oracle_eldrazi`` add theirs to :data:`_EFFECTS`. A
sentence no template accepts raises :class:`OracleTemplateError`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from conformance.reference.abilities import KEYWORDS, SELF, Activated
from conformance.reference.animation_text import EFFECT_TEMPLATES as _ANIMATE_TEMPLATES
from conformance.reference.color_text import EFFECT_TEMPLATES as _COLOR_TEMPLATES
from conformance.reference.combat_keywords import EFFECT_TEMPLATES as _COMBAT_TEMPLATES
from conformance.reference.common_abilities import EFFECT_TEMPLATES as _COMMON_TEMPLATES
from conformance.reference.cost_text import cost_part
from conformance.reference.counter_costs import TEMPLATES as _NAMED_COUNTERS
from conformance.reference.cycling_text import EFFECT_TEMPLATES as _MAY_HAVE_TEMPLATES
from conformance.reference.defending_player import TEMPLATES as _DEFENDING_TEMPLATES
from conformance.reference.designation_effects import BecomeMonarch, GetEnergy
from conformance.reference.effect_blocks import (
    CopyTargetSpell,
    CounterSpell,
    CreateDelayedCopyTrigger,
    CreateToken,
    DamageEach,
    DamageSpellControllerByManaValue,
    DamageTargets,
    DestroyTarget,
    DividedDamage,
    Draw,
    Effect,
    ExileTarget,
    ExileTargetCardFromGraveyard,
    GainLife,
    IfKicked,
    LoseLife,
    May,
    MustBeBlockedByAll,
    PreventAllCombatDamage,
    PumpGroup,
    PumpSelf,
    PumpTarget,
    PutCounters,
    Regenerate,
    ReturnToHand,
    SpellText,
    Surveil,
    TapTarget,
    TargetSlot,
    TokenDef,
)
from conformance.reference.errors import OracleTemplateError
from conformance.reference.exile_until_text import FIRST as _EXILE_UNTIL_FIRST
from conformance.reference.lands_animated import TEMPLATES as _LANDS_BECOME
from conformance.reference.leveler_text import EFFECT_TEMPLATES as _BASE_PT
from conformance.reference.mana import COLOR_WORDS
from conformance.reference.monstrous_text import EFFECT_TEMPLATES as _MONSTROSITY
from conformance.reference.oracle_adventures import FIRST as _ADVENTURE_FIRST
from conformance.reference.oracle_copies import FIRST as _COPY_FIRST
from conformance.reference.oracle_counted import FIRST as _COUNTED_FIRST
from conformance.reference.oracle_delayed import FIRST as _DELAYED_FIRST
from conformance.reference.oracle_eldrazi import EFFECT_TEMPLATES as _ELDRAZI_TEMPLATES
from conformance.reference.oracle_eldrazi_more import TEMPLATES as _ELDRAZI_MORE
from conformance.reference.oracle_exile_instead import FIRST as _EXILE_INSTEAD_FIRST
from conformance.reference.oracle_fights import FIRST as _FIGHT_FIRST
from conformance.reference.oracle_foretold import FIRST as _FORETOLD_FIRST
from conformance.reference.oracle_halves import FIRST as _HALVES_FIRST
from conformance.reference.oracle_kicked import FIRST as _KICKED_FIRST
from conformance.reference.oracle_library import TEMPLATES as _LIBRARY_TEMPLATES
from conformance.reference.oracle_mass_more import FIRST as _MASS_MORE
from conformance.reference.oracle_mass_more import LATE as _MASS_LATE
from conformance.reference.oracle_more import FIRST as _FIRST_TEMPLATES
from conformance.reference.oracle_more import TEMPLATES as _MORE_TEMPLATES
from conformance.reference.oracle_sacrificed import TEMPLATES as _SACRIFICED_TEMPLATES
from conformance.reference.oracle_sacrificed_amounts import FIRST as _SACRIFICED_FIRST
from conformance.reference.oracle_sacrificed_amounts import TEMPLATES as _SACRIFICED_AMOUNTS
from conformance.reference.oracle_sagas import EFFECT_TEMPLATES as _SAGA_TEMPLATES
from conformance.reference.oracle_sagas import FIRST_TEMPLATES as _SAGA_FIRST
from conformance.reference.oracle_same_name import FIRST as _SAME_NAME_FIRST
from conformance.reference.oracle_spells import EFFECT_TEMPLATES as _SPELL_TEMPLATES
from conformance.reference.oracle_spells import FIRST_TEMPLATES as _SPELL_FIRST
from conformance.reference.oracle_split import FIRST as _SPLIT_FIRST
from conformance.reference.oracle_split import TEMPLATES as _SPLIT_TEMPLATES
from conformance.reference.oracle_strive import TEMPLATES as _STRIVE_TEMPLATES
from conformance.reference.oracle_targeted import FIRST as _TARGETED_FIRST
from conformance.reference.oracle_targeted import mark_another as _mark_another
from conformance.reference.oracle_targeted_more import FIRST as _TARGETED_MORE
from conformance.reference.oracle_wheels import TEMPLATES as _WHEEL_TEMPLATES
from conformance.reference.prevent_next import EFFECT_TEMPLATES as _PREVENT_NEXT_TEMPLATES
from conformance.reference.prevent_shields import FIRST as _SHIELD_FIRST
from conformance.reference.prevent_to_and_by import FIRST as _PREVENT_FIRST
from conformance.reference.same_target import FIRST as _SAME_TARGET_FIRST
from conformance.reference.suspend_text import EFFECT_TEMPLATES as _SUSPEND_TEMPLATES
from conformance.reference.threaten import FIRST as _THREATEN_FIRST
from conformance.reference.transform_text import FIRST as _TRANSFORM_FIRST
from conformance.reference.umbra_text import EFFECT_TEMPLATES as _UMBRA_TEMPLATES
from conformance.reference.unless_pay import EFFECT_TEMPLATES as _UNLESS_PAY_TEMPLATES
from conformance.reference.vehicle_text import EFFECT_TEMPLATES as _VEHICLE_BECOMES

_GROUP_SCOPES = {"Creatures you control": "you", "Creatures your opponents control": "opponents",
                 "All creatures": "all"}
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_TARGET_KINDS = {"any target": "any", "target creature": "creature", "target player": "player",
                 "target opponent": "opponent", "target creature or player": "any",
                 "target creature or planeswalker": "creature_or_planeswalker"}


def _amount(text: str) -> int | None:
    return None if text == "X" else int(text)


def _keywords(text: str | None) -> tuple[str, ...]:
    if not text:
        return ()
    words = tuple(w for w in re.split(r",? and |, ", text) if w)  # "flying and first strike"
    for w in words:
        if w not in KEYWORDS:
            raise OracleTemplateError(f"keyword not implemented: {w!r}")
    return words


def _token(count: str, p: str, t: str, colors: str, subtypes: str, rest: str | None,
           artifact: bool | str = False) -> CreateToken:
    """"Create N P/T <colors> <subtypes> [artifact|enchantment] creature token(s) [with ...]"
    (``artifact``: True or "artifact", or "enchantment": the token's other card type)."""
    keywords: frozenset[str] = frozenset()
    activated: tuple[Activated, ...] = ()
    if rest:
        words = [w for w in re.split(r",? and |, ", rest.lower()) if w]
        if rest.startswith('"'):
            activated = (_activated(rest.strip('"')),)
        elif all(w in KEYWORDS for w in words):  # "with flying and vigilance"
            keywords = frozenset(words)
        else:
            raise OracleTemplateError(f"token ability not understood: {rest!r}")
    cols = tuple(COLOR_WORDS[c] for c in colors.replace(" and ", " ").split() if c != "colorless")
    subs = tuple(subtypes.split())
    tok = TokenDef(name=" ".join(subs) + " Token", power=int(p), toughness=int(t), colors=cols,
                   subtypes=subs, keywords=keywords, activated=activated,
                   types=("Enchantment", "Creature") if artifact == "enchantment" else
                   ("Artifact", "Creature") if artifact else ("Creature",))
    return CreateToken(_NUMBERS[count.lower()], tok)


_N = r"(\d+|X)"
_EFFECTS: list[tuple[re.Pattern[str], object]] = [
    # before "Put ... counter on CARDNAME.": "It" is CARDNAME (Bristling Hydra's energy ability)
    (re.compile(rf"Put a \+1/\+1 counter on {SELF}\. It gains ([a-z ]+) until end of turn\. ?"),
     lambda m: _then(PutCounters(1, "+1/+1", False), PumpSelf(0, 0, _keywords(m[1])))),
    (re.compile(rf"{SELF} deals {_N} damage to any target and (\d+) damage to another target\. ?"),
     lambda m: DamageTargets((_amount(m[1]), int(m[2])),
                             (TargetSlot("any"), TargetSlot("any", another=True)))),
    (re.compile(rf"{SELF} deals {_N} damage to any target\. ?"),
     lambda m: DamageTargets((_amount(m[1]),), (TargetSlot("any"),))),
    (re.compile(rf"{SELF} deals {_N} damage to (target creature or player|target creature or "
                r"planeswalker|target creature|target player|target opponent)\. ?"),
     lambda m: DamageTargets((_amount(m[1]),), (TargetSlot(_TARGET_KINDS[m[2]]),))),
    (re.compile(rf"{SELF} deals (\d+) damage divided as you choose among "
                r"(one or two|one, two, or three) targets\. ?"),
     lambda m: DividedDamage(int(m[1]), 2 if m[2] == "one or two" else 3)),
    (re.compile(rf"{SELF} deals (\d+) damage to each (creature|player|opponent)\. ?"),
     lambda m: DamageEach(int(m[1]), m[2])),
    (re.compile(rf"{SELF} deals (\d+) damage to each creature and each player\. ?"),
     lambda m: DamageEach(int(m[1]), "creature_and_player")),
    (re.compile(rf"{SELF} deals {_N} damage to target attacking or blocking creature\. ?"),
     lambda m: DamageTargets((_amount(m[1]),), (TargetSlot("attacking_or_blocking_creature"),))),
    (re.compile(r"Put (a|an|two|three) ([+-]1/[+-]1) counters? on (target creature|CARDNAME)\. ?"),
     lambda m: PutCounters(_NUMBERS[m[1]], m[2], m[3] != SELF)),
    (re.compile(rf"{SELF} deals damage to target spell's controller equal to that spell's "
                r"mana value\. ?"),
     lambda m: DamageSpellControllerByManaValue()),
    (re.compile(r"Counter target spell\. ?"), lambda m: CounterSpell()),
    (re.compile(r"Prevent all combat damage that would be dealt this turn\. ?"),
     lambda m: PreventAllCombatDamage()),
    (re.compile(rf"{SELF} deals (\d+) damage to you\. ?"),
     lambda m: DamageEach(int(m[1]), "you")),
    (re.compile(rf"Regenerate {SELF}\. ?"), lambda m: Regenerate()),
    (re.compile(r"Copy target instant or sorcery spell\. You may choose new targets for the "
                r"copy\. ?"),
     lambda m: CopyTargetSpell()),
    (re.compile(r"Exile target card from a graveyard\. ?"),
     lambda m: ExileTargetCardFromGraveyard()),
    (re.compile(r"Draw (a|two|three|four) cards?\. ?"), lambda m: Draw(_NUMBERS[m[1]])),
    (re.compile(r"You gain (\d+) life\. ?"), lambda m: GainLife(int(m[1]))),
    (re.compile(rf"{SELF} deals (\d+) damage to (any target|target creature or player|target "
                r"creature|target player|target opponent) and you gain (\d+) life\. ?"),
     lambda m: _then(DamageTargets((int(m[1]),), (TargetSlot(_TARGET_KINDS[m[2]]),)),
                     GainLife(int(m[3])))),
    (re.compile(r"Destroy target creature\. ?"), lambda m: DestroyTarget("creature")),
    (re.compile(r"Destroy target (artifact|enchantment|land)\. ?"), lambda m: DestroyTarget(m[1])),
    (re.compile(r"Destroy target artifact or enchantment\. ?"),
     lambda m: DestroyTarget("artifact_or_enchantment")),
    (re.compile(r"Target creature( you control)? gets ([+-]\d+)/([+-]\d+)"
                r"(?: and gains ([a-z ]+))? until end of turn\. ?"),
     lambda m: PumpTarget(int(m[2]), int(m[3]), _keywords(m[4]),
                          "creature_you_control" if m[1] else "creature")),
    (re.compile(r"Target creature( you control)? gains ([a-z ]+) until end of turn\. ?"),
     lambda m: PumpTarget(0, 0, _keywords(m[2]), "creature_you_control" if m[1] else "creature")),
    (re.compile(r"(Creatures you control|Creatures your opponents control|All creatures) get "
                r"([+-]\d+)/([+-]\d+)(?: and gain ([a-z ]+))? until end of turn\. ?"),
     lambda m: PumpGroup("", int(m[2]), int(m[3]), _GROUP_SCOPES[m[1]], _keywords(m[4]))),
    (re.compile(rf"{SELF} gets ([+-]\d+)/([+-]\d+)(?: and gains ([a-z ]+))? until end of "
                r"turn\. ?"),
     lambda m: PumpSelf(int(m[1]), int(m[2]), _keywords(m[3]))),
    (re.compile(rf"{SELF} gains ([a-z ]+) until end of turn\. ?"),
     lambda m: PumpSelf(0, 0, _keywords(m[1]))),
    (re.compile(r"Return target (creature|nonland permanent|permanent|artifact|enchantment) to "
                r"its owner's hand\. ?"),
     lambda m: ReturnToHand(m[1].replace(" ", "_"))),
    (re.compile(r"Exile target (creature|artifact|enchantment|artifact or enchantment|"
                r"nonland permanent)\. ?"),
     lambda m: ExileTarget(m[1].replace(" ", "_"))),
    (re.compile(r"(Tap|Untap) target (creature|artifact|land|permanent)\. ?"),
     lambda m: TapTarget(m[2], untap=m[1] == "Untap")),
    (re.compile(r"Target (player|opponent) loses (\d+) life\. ?"),
     lambda m: LoseLife(int(m[2]), m[1])),
    (re.compile(r"Each opponent loses (\d+) life\. ?"), lambda m: LoseLife(int(m[1]), "opponents")),
    (re.compile(r"(?!Creature)([A-Z][a-z]+)s you control get \+(\d+)/\+(\d+) until end of turn\. ?"),
     lambda m: PumpGroup(m[1], int(m[2]), int(m[3]))),
    (re.compile(r"All creatures able to block target creature this turn do so\. ?"),
     lambda m: MustBeBlockedByAll()),
    (re.compile(r"[Cc]reate (a|an|two|three|four) (\d+)/(\d+) (colorless|(?:white|blue|black|"
                r"red|green)(?: and (?:white|blue|black|red|green))?) ((?:[A-Z][a-z]+ )+)"
                r"(artifact |enchantment )?creature tokens?(?: with (\"[^\"]*\")|(?: with "
                r"([a-z ,]+))?\.) ?"),
     lambda m: _token(m[1], m[2], m[3], m[4], m[5].strip(), m[7] or m[8], (m[6] or "").strip())),
    (re.compile(r"Surveil (\d+)\. ?"), lambda m: Surveil(int(m[1]))),
    (re.compile(rf"If {SELF} was kicked, ([^.]*\.) ?"), lambda m: _if_kicked(m[1])),
    (re.compile(r"You may (draw a card|gain \d+ life)\. ?"),  # "you may gain": "You gain"
     lambda m: May(parse_effects(re.sub(r"^Gain", "You gain", _capital(m[1])) + "."))),
    # energy (107.14) and the monarch (724): conformance.reference.designations
    (re.compile(r"You get ((?:\{E\})+)\. ?"), lambda m: GetEnergy(m[1].count("{E}"))),
    (re.compile(r"You gain (\d+) life and get ((?:\{E\})+)\. ?"),
     lambda m: _then(GainLife(int(m[1])), GetEnergy(m[2].count("{E}")))),
    (re.compile(r"Draw (a|two|three) cards? and you get ((?:\{E\})+)\. ?"),
     lambda m: _then(Draw(_NUMBERS[m[1]]), GetEnergy(m[2].count("{E}")))),
    (re.compile(r"You become the monarch\. ?"), lambda m: BecomeMonarch()),
    (re.compile(r"When you next cast an instant or sorcery spell this turn, copy it( twice)?\. "
                r"You may choose new targets for the cop(?:y|ies)\. ?"),
     lambda m: CreateDelayedCopyTrigger(2 if m[1] else 1)),
]


def _if_kicked(sentence: str) -> IfKicked:
    """"If this spell was kicked, <sentence>" (702.33d), for a sentence without targets."""
    effects = parse_effects(_capital(sentence))
    if any(e.slots for e in effects):
        raise OracleTemplateError(f"kicked effect with targets: {sentence!r}")
    return IfKicked(effects)


_EFFECTS.extend(_MORE_TEMPLATES)  # filters as targets, mass, graveyard and library effects
_EFFECTS[:0] = _FIRST_TEMPLATES
_EFFECTS[:0] = _ELDRAZI_TEMPLATES + _SAGA_FIRST + _SPELL_FIRST  # before base ones that stop short
_EFFECTS[:0] = _FIGHT_FIRST  # "<effect on target creature>. It fights target creature ..."
_EFFECTS[:0] = _COMMON_TEMPLATES  # flicker, "loses <keyword>", "cast from a graveyard ... instead"
# scry, search, discard, "put one of them into your hand" (before the saga/spell ones)
_EFFECTS.extend(_LIBRARY_TEMPLATES)
_EFFECTS.extend(_SAGA_TEMPLATES + _SPELL_TEMPLATES)  # scry, discard, groups, mass effects
_EFFECTS[:0] = _SPLIT_FIRST + _COPY_FIRST  # split and aftermath halves, copy variants
_EFFECTS[:0] = _DELAYED_FIRST  # "Create ... tokens. Exile them at the beginning of the next ..."
_EFFECTS[:0] = _SAME_NAME_FIRST  # "<verb> target X and all other Xs with the same name"
_EFFECTS += _SUSPEND_TEMPLATES  # "Exile CARDNAME with three time counters on it."
_EFFECTS[:0] = _ANIMATE_TEMPLATES  # "CARDNAME becomes a 2/2 ... creature until end of turn."
_EFFECTS.extend(_SPLIT_TEMPLATES)
_EFFECTS.extend(_WHEEL_TEMPLATES)  # wheels, life per creature a player controls, tap all
_EFFECTS[:0] = _THREATEN_FIRST  # control until end of turn, "tap up to N target ..."
_EFFECTS[:0] = _KICKED_FIRST  # "<effect>. If CARDNAME was kicked, <effect> instead."
_EFFECTS[:0] = _FORETOLD_FIRST  # "If CARDNAME was foretold, <effect>."
_EFFECTS[:0] = _EXILE_INSTEAD_FIRST  # "... If a creature dealt damage this way would die ..."
_EFFECTS[_EFFECTS.index(_THREATEN_FIRST[-1]) + 1:_EFFECTS.index(_THREATEN_FIRST[-1]) + 1] = \
    _SAME_TARGET_FIRST  # "... target creature. That creature / It <effect>."
_EFFECTS.extend(_SACRIFICED_TEMPLATES)  # "damage equal to the sacrificed creature's power"
_EFFECTS[:0] = _SACRIFICED_FIRST  # "... You gain life equal to the damage dealt this way."
_EFFECTS.extend(_SACRIFICED_AMOUNTS)  # "discards a number of cards equal to ..." and others
_EFFECTS.extend(_ELDRAZI_MORE)  # "Exile target creature and target land.", colorless gain
_EFFECTS.extend(_LANDS_BECOME)  # "All lands become 2/2 creatures until end of turn. ..."
_EFFECTS.extend(_VEHICLE_BECOMES)  # "It becomes an artifact creature until end of turn."
_EFFECTS.extend(_NAMED_COUNTERS)  # "You may put a quest counter on CARDNAME."
_EFFECTS.extend(_STRIVE_TEMPLATES)  # "any number of target creatures each get ..."
_EFFECTS[:0] = _DEFENDING_TEMPLATES  # "Defending player gets a poison counter."
_EFFECTS[:0] = _EXILE_UNTIL_FIRST  # "Exile target ... until CARDNAME leaves the battlefield."
_EFFECTS[:0] = _PREVENT_FIRST  # "... dealt to and dealt by that creature this turn."
_EFFECTS[:0] = _HALVES_FIRST  # split/aftermath halves and chapters: oracle_halves
_EFFECTS[:0] = _ADVENTURE_FIRST  # the Adventures of adventurer cards: oracle_adventures
_EFFECTS.extend(_COLOR_TEMPLATES)  # "Target creature becomes red [and gains haste] ..."
_EFFECTS.extend(_COMBAT_TEMPLATES)  # "Attacking creatures get +1/+1 until end of turn."
_EFFECTS.extend(_PREVENT_NEXT_TEMPLATES)  # "Prevent the next 2 damage that would be dealt ..."
_EFFECTS.extend(_UMBRA_TEMPLATES)  # "Untap enchanted creature." (Crab Umbra)
_EFFECTS.extend(_UNLESS_PAY_TEMPLATES)  # "Sacrifice CARDNAME unless you pay {2}."
_EFFECTS.extend(_MAY_HAVE_TEMPLATES)  # "You may have target creature get -1/-1 ..."
_EFFECTS[:0] = _TARGETED_FIRST + _TARGETED_MORE + _MASS_MORE + _COUNTED_FIRST  # oracle_targeted
_EFFECTS.extend(_SHIELD_FIRST + _MASS_LATE)  # prevention shields, "gain N life for each ..."


def _then(*effects: Effect) -> tuple[Effect, ...]:
    """One sentence that reads as several effects in order."""
    return effects


def parse_effects(text: str) -> SpellText:
    """Parse a run of effect sentences; raise :class:`OracleTemplateError` on anything else.

    The first template that matches *and builds* wins: a template whose builder refuses what it
    matched (e.g. "You may <effect>" around an effect no template reads) gives way to the later
    ones, so templates registered by different modules don't shadow each other."""
    out: list[Effect] = []
    rest = text.strip()
    while rest:
        refused: OracleTemplateError | None = None
        for rx, build in _EFFECTS:
            m = rx.match(rest)
            if not m:
                continue
            try:
                built = build(m)  # type: ignore[operator]
            except OracleTemplateError as exc:
                refused = refused or exc
                continue
            out.extend(built if isinstance(built, tuple) else (built,))
            rest = rest[m.end():].strip()
            break
        else:
            raise refused or OracleTemplateError(f"no template for {rest!r}")
    return _mark_another(tuple(out))  # "another target" after a target: other than it


_COST = r"((?:\{(?:\d+|[WUBRGCS]|[WUBRG]/[WUBRGP]|2/[WUBRG])\})+)"


_MANA = re.compile(r"Add ((?:\{[WUBRGC]\})+)?((?:\{[WUBRG]\}, )*\{[WUBRG]\},? or \{[WUBRG]\})?"
                   r"(?:(?<=Add )one mana of any color)?(?:(?<=Add )(two|three) mana of any one "
                   r"color)?\.(?: (CARDNAME deals \d+ damage to you\.))?")
"""A mana ability's effect: fixed mana, a choice of colors, or any color, and a painland's
damage to its controller."""


def _activated(text: str) -> Activated:
    """``[{cost}][, ]{T}: effect`` or ``{cost}: effect``, then "Activate only as a sorcery." or
    "Activate only once each turn."; "Add {C}." is a mana ability (rule 605.1a)."""
    text = text.strip()
    if "the sacrificed creature's" in text:  # a spell's (SpellState.sacrificed_stats) only
        raise OracleTemplateError(f"an ability counting what its cost sacrificed: {text!r}")
    energy = re.match(r"(.*?)(?:, )?Pay ((?:\{E\})+): (.*)", text)
    if energy and re.fullmatch(rf"(?:{_COST}(?:, )?)?(?:\{{T\}})?", energy[1]):
        # "Pay {E}{E}" in a cost (107.14): the rest of the ability without it
        paid = _activated(f"{energy[1] or '{0}'}: {energy[3]}".replace("{0}, ", ""))
        cost = None if paid.cost == "{0}" else paid.cost
        return replace(paid, cost=cost, energy=energy[2].count("{E}"))
    head, sep, body = text.partition(": ")
    extras = tuple(p for p in (cost_part(part) for part in head.split(", ")) if p is not None)
    if sep and extras:
        rest = [part for part in head.split(", ") if cost_part(part) is None]
        ab = _activated(", ".join(rest or ["{0}"]) + ": " + body)
        if ab.produces is not None:
            raise OracleTemplateError(f"mana ability with other costs not implemented: {text!r}")
        return replace(ab, extra_costs=extras, cost=None if ab.cost == "{0}" else ab.cost)
    sacrifice = f", Sacrifice {SELF}: " in text or text.startswith(f"Sacrifice {SELF}: ")
    text = text.replace(f", Sacrifice {SELF}: ", ": ").replace(f"Sacrifice {SELF}: ", "{0}: ")
    m = re.fullmatch(rf"(?:{_COST}(?:, )?)?(\{{T\}})?: (.*?)( Activate only as a sorcery\.)?"
                     r"( Activate only once each turn\.)?", text)
    if not m or not (m[1] or m[2]):
        raise OracleTemplateError(f"activated ability not understood: {text!r}")
    if sacrifice:
        cost = None if m[1] in (None, "{0}") else m[1]
        if _MANA.fullmatch(m[3]):
            mana_ab = _activated(text.replace("{0}: ", "{T}: ") if not m[2] else text)
            return Activated(effects=mana_ab.effects, tap=bool(m[2]), produces=mana_ab.produces,
                             cost=cost, sacrifice_self=True)
        return Activated(effects=parse_effects(m[3]), tap=bool(m[2]), sorcery_speed=bool(m[4]),
                         cost=cost, once_each_turn=bool(m[5]), sacrifice_self=True)
    mana = _MANA.fullmatch(m[3])
    if mana:
        if not m[2] or m[4] or m[5]:
            raise OracleTemplateError(f"mana ability without {{T}} not implemented: {text!r}")
        if mana[1]:  # fixed mana, e.g. {G}{G}
            produces = tuple(re.findall(r"[WUBRGC]", mana[1]))
        elif mana[2]:  # "{R} or {G}", "{R}, {G}, or {W}"
            produces = ("".join(re.findall(r"[WUBRG]", mana[2])),)
        elif mana[3]:  # "three mana of any one color" (106.1b: one color, chosen for all)
            produces = (f"WUBRG*{_NUMBERS[mana[3]]}",)
        else:  # "one mana of any color"
            produces = ("WUBRG",)
        effects = parse_effects(mana[4]) if mana[4] else ()
        return Activated(effects=effects, tap=True, produces=produces, cost=m[1])
    return Activated(effects=parse_effects(m[3]), tap=bool(m[2]), sorcery_speed=bool(m[4]),
                     cost=m[1], once_each_turn=bool(m[5]))


def _capital(sentence: str) -> str:
    """A trigger's effect as a sentence of its own ("you gain 2 life" -> "You gain 2 life")."""
    return sentence[:1].upper() + sentence[1:]
_EFFECTS.extend(_MONSTROSITY)  # "Monstrosity N." (701.31a)
_EFFECTS.extend(_BASE_PT)  # "Target creature has base power and toughness 1/1 until end of turn."
_EFFECTS[:0] = _TRANSFORM_FIRST  # "Transform CARDNAME.", a transform saga's last chapter
