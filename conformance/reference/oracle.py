"""A small template interpreter: real oracle text -> ability building blocks
(:mod:`conformance.reference.abilities`).

Every card the reference engine implements is built from its oracle text by the templates below,
never by its name. A line no template accepts raises :class:`OracleTemplateError`; the card is
then not implemented (the engine never guesses).
"""

from __future__ import annotations

import re
from dataclasses import replace

from conformance.reference.abilities import (
    KEYWORDS,
    OUTLAW_TYPES,
    RESTRICTIONS,
    SELF,
    Activated,
    AttachSelf,
    CopyTargetSpell,
    CopyTriggeringSpell,
    CounterSpell,
    CreateDelayedCopyTrigger,
    CreateToken,
    CreaturesLoseAllAbilities,
    DamageEach,
    DamageSpellControllerByManaValue,
    DamageTargets,
    DestroyTarget,
    DividedDamage,
    Draw,
    Effect,
    EnchantedCreatureGets,
    EnchantTarget,
    ExileTarget,
    ExileTargetCardFromGraveyard,
    FaceText,
    GainLife,
    IfKicked,
    LoseLife,
    May,
    Modal,
    MustBeBlockedByAll,
    OutlawsHaveKeyword,
    PreventAllCombatDamage,
    PumpGroup,
    PumpSelf,
    PumpTarget,
    PutCounters,
    Regenerate,
    ReturnToHand,
    SpellText,
    Static,
    Surveil,
    TapTarget,
    TargetSlot,
    TokenDef,
    Triggered,
)
from conformance.reference.cost_text import (
    CastCostText,
    cost_part,
    extra_cost_line,
    overloaded,
)
from conformance.reference.designation_effects import (
    DAY_AS_ENTERS,
    DAY_NIGHT_CHANGES,
    BecomeMonarch,
    GetEnergy,
)
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle_copies import FIRST as _COPY_FIRST
from conformance.reference.oracle_eldrazi import EFFECT_TEMPLATES as _ELDRAZI_TEMPLATES
from conformance.reference.oracle_eldrazi import ability_line as _eldrazi_line
from conformance.reference.oracle_library import TEMPLATES as _LIBRARY_TEMPLATES
from conformance.reference.oracle_more import FIRST as _FIRST_TEMPLATES
from conformance.reference.oracle_more import TEMPLATES as _MORE_TEMPLATES
from conformance.reference.oracle_sagas import EFFECT_TEMPLATES as _SAGA_TEMPLATES
from conformance.reference.oracle_sagas import FIRST_TEMPLATES as _SAGA_FIRST
from conformance.reference.oracle_spells import EFFECT_TEMPLATES as _SPELL_TEMPLATES
from conformance.reference.oracle_spells import FIRST_TEMPLATES as _SPELL_FIRST
from conformance.reference.oracle_split import FIRST as _SPLIT_FIRST
from conformance.reference.oracle_split import TEMPLATES as _SPLIT_TEMPLATES

__all__ = [
    "Activated", "CopyTargetSpell", "CopyTriggeringSpell", "CounterSpell",
    "CreateDelayedCopyTrigger", "CreateToken", "CreaturesLoseAllAbilities", "DamageEach",
    "DamageSpellControllerByManaValue", "DamageTargets", "DestroyTarget", "DividedDamage",
    "Draw", "Effect", "EnchantedCreatureGets", "EnchantTarget", "ExileTargetCardFromGraveyard",
    "FaceText", "GainLife", "KEYWORDS", "mana_ability", "Modal", "MustBeBlockedByAll",
    "normalise", "OUTLAW_TYPES", "OutlawsHaveKeyword", "parse_effects", "parse_face",
    "PumpGroup", "PumpTarget", "SELF", "SpellText", "split_chapters", "Static", "Surveil",
    "TargetSlot", "TokenDef", "Triggered",
]

_GROUP_SCOPES = {"Creatures you control": "you", "Creatures your opponents control": "opponents",
                 "All creatures": "all"}
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_TARGET_KINDS = {"any target": "any", "target creature": "creature", "target player": "player",
                 "target opponent": "opponent", "target creature or player": "any",
                 "target creature or planeswalker": "creature_or_planeswalker"}
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


# --- parsing ---------------------------------------------------------------------------------

_REMINDER = re.compile(r"\s*\([^()]*\)")


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
           artifact: bool = False) -> CreateToken:
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
    cols = tuple(_COLOR_WORDS[c] for c in colors.replace(" and ", " ").split() if c != "colorless")
    subs = tuple(subtypes.split())
    tok = TokenDef(name=" ".join(subs) + " Token", power=int(p), toughness=int(t), colors=cols,
                   subtypes=subs, keywords=keywords, activated=activated,
                   types=("Artifact", "Creature") if artifact else ("Creature",))
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
                r"(artifact )?creature tokens?(?: with (\"[^\"]*\")|(?: with ([a-z ,]+))?\.) ?"),
     lambda m: _token(m[1], m[2], m[3], m[4], m[5].strip(), m[7] or m[8], bool(m[6]))),
    (re.compile(r"Surveil (\d+)\. ?"), lambda m: Surveil(int(m[1]))),
    (re.compile(rf"If {SELF} was kicked, ([^.]*\.) ?"), lambda m: _if_kicked(m[1])),
    (re.compile(r"You may (draw a card|gain \d+ life)\. ?"),
     lambda m: May(parse_effects(_capital(m[1]) + "."))),
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
# scry, search, discard, "put one of them into your hand" (before the saga/spell ones)
_EFFECTS.extend(_LIBRARY_TEMPLATES)
_EFFECTS.extend(_SAGA_TEMPLATES + _SPELL_TEMPLATES)  # scry, discard, groups, mass effects
_EFFECTS[:0] = _SPLIT_FIRST + _COPY_FIRST  # split and aftermath halves, copy variants
_EFFECTS.extend(_SPLIT_TEMPLATES)


def _then(*effects: Effect) -> tuple[Effect, ...]:
    """One sentence that reads as several effects in order."""
    return effects


def parse_effects(text: str) -> SpellText:
    """Parse a run of effect sentences; raise :class:`OracleTemplateError` on anything else."""
    out: list[Effect] = []
    rest = text.strip()
    while rest:
        for rx, build in _EFFECTS:
            m = rx.match(rest)
            if m:
                built = build(m)  # type: ignore[operator]
                out.extend(built if isinstance(built, tuple) else (built,))
                rest = rest[m.end():].strip()
                break
        else:
            raise OracleTemplateError(f"no template for {rest!r}")
    return tuple(out)


_COST = r"((?:\{(?:\d+|[WUBRGC]|[WUBRG]/[WUBRGP]|2/[WUBRG])\})+)"


_MANA = re.compile(r"Add ((?:\{[WUBRGC]\})+)?((?:\{[WUBRG]\}, )*\{[WUBRG]\},? or \{[WUBRG]\})?"
                   r"(?:(?<=Add )one mana of any color)?\.(?: (CARDNAME deals \d+ damage to "
                   r"you\.))?")
"""A mana ability's effect: fixed mana, a choice of colors, or any color, and a painland's
damage to its controller."""


def _activated(text: str) -> Activated:
    """``[{cost}][, ]{T}: effect`` or ``{cost}: effect``, then "Activate only as a sorcery." or
    "Activate only once each turn."; "Add {C}." is a mana ability (rule 605.1a)."""
    text = text.strip()
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
        else:  # "one mana of any color"
            produces = ("WUBRG",)
        effects = parse_effects(mana[3]) if mana[3] else ()
        return Activated(effects=effects, tap=True, produces=produces, cost=m[1])
    return Activated(effects=parse_effects(m[3]), tap=bool(m[2]), sorcery_speed=bool(m[4]),
                     cost=m[1], once_each_turn=bool(m[5]))


def _chapter_line(line: str) -> Triggered | None:
    m = re.fullmatch(r"((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) — (.*)", line)
    if not m:
        return None
    numbers = tuple(_ROMAN[r] for r in m[1].split(", "))
    body = m[2]
    try:
        effects = parse_effects(body)
    except OracleTemplateError:
        flavor = re.match(r"[A-Z][A-Za-z' ]* — ", body)  # a chapter's name, e.g. "Double — "
        if not flavor:
            raise
        effects = parse_effects(body[flavor.end():])
    name = "chapter_" + "_".join(r for r in m[1].split(", "))
    return Triggered("chapter", effects, name, chapters=numbers)


def _capital(sentence: str) -> str:
    """A trigger's effect as a sentence of its own ("you gain 2 life" -> "You gain 2 life")."""
    return sentence[:1].upper() + sentence[1:]


def normalise(text: str, names: tuple[str, ...]) -> list[str]:
    """Strip reminder text, replace the card's own name, split into lines."""
    text = _REMINDER.sub("", text)
    for n in sorted(names, key=len, reverse=True):
        text = text.replace(n, SELF)
    text = re.sub(r"\b(This spell|this spell|This creature|this creature)\b", SELF, text)
    return [ln.strip() for ln in text.split("\n") if ln.strip()]


def parse_face(text: str | None, names: tuple[str, ...], *, saga: bool = False) -> FaceText:
    """Build a face's abilities from its oracle text (``names``: the names that mean "this")."""
    if not text:
        return FaceText()
    lines = normalise(text, names)
    keywords: set[str] = set()
    aftermath = False
    flashback: str | None = None
    cycling: str | None = None
    cast_costs = CastCostText()
    spell: list[Effect] = []
    modal: Modal | None = None
    triggered: list[Triggered] = []
    activated: list[Activated] = []
    statics: list[Static] = []
    enchant: str | None = None
    enters_tapped = False
    enters_tapped_unless: tuple[str, int] | None = None
    equip = False
    attached_lines: set[str] = set()
    enters_with: list[tuple[str, int | str | None]] = []
    cant_be_countered = False
    restrictions: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        words = [w.strip().lower() for w in line.split(",")]
        if all(w in KEYWORDS for w in words):
            keywords.update(words)
            continue
        if (eldrazi := _eldrazi_line(line, parse_effects)) is not None:  # ingest, processors
            triggered.append(eldrazi)
            continue
        if line == "Aftermath":
            aftermath = True
            continue
        m = re.fullmatch(rf"Whenever {SELF} deals combat damage to a player, (.*)", line)
        if m and not re.search(r"\bthat player\b|\byou may\b", m[1]):
            triggered.append(Triggered("combat_damage_player", parse_effects(_capital(m[1])),
                                       "combat_damage"))
            continue
        if line in ("Enchant creature", "Enchant creature you control"):  # 702.5a, 303.4
            enchant = "creature" if line == "Enchant creature" else "creature_you_control"
            continue
        if line == f"{SELF} enters the battlefield tapped.":
            enters_tapped = True
            continue
        if line in RESTRICTIONS:
            restrictions.append(line)
            continue
        m = re.fullmatch(r"Equip (\{[^:]+\})", line)
        if m:  # 702.6a: "[Cost]: Attach to target creature you control. Sorcery speed."
            activated.append(Activated(effects=(AttachSelf(),), tap=False, sorcery_speed=True,
                                       cost=m[1]))
            equip = True
            continue
        m = re.fullmatch(rf"{SELF} enters the battlefield with (a|an|two|three|four|X) "
                         r"([+-]1/[+-]1) counters? on it( for each time it was kicked)?\.", line)
        if m and not (m[3] and m[1] not in ("a", "an")):
            enters_with.append((m[2], "kicked" if m[3] else
                                None if m[1] == "X" else _NUMBERS[m[1]]))
            continue
        m = re.fullmatch(rf"{SELF} enters the battlefield tapped unless you control two or "
                         r"(fewer|more) other lands\.", line)
        if m:
            enters_tapped_unless = (m[1], 2)
            continue
        if line == f"{SELF} can't be countered.":
            cant_be_countered = True
            continue
        m = re.fullmatch(r"(?:Enchanted|Equipped) creature (?:gets ([+-]\d+)/([+-]\d+)(?: and has ([a-z ]+))?"
                         r"|has ([a-z ]+))\.", line)
        if m:
            attached_lines.add(line.split()[0])
            statics.append(EnchantedCreatureGets(int(m[1] or 0), int(m[2] or 0),
                                                 _keywords(m[3] or m[4])))
            continue
        if cast_costs.read(line):  # kicker, convoke, escape, additional costs, ...
            continue
        m = re.fullmatch(r"(Flashback|Cycling) ((?:\{[0-9WUBRGC]\})+)", line)
        if m:
            if m[1] == "Flashback":
                flashback = m[2]
            else:
                cycling = m[2]
            continue
        if saga:
            chapter = _chapter_line(line)
            if chapter is not None:
                triggered.append(chapter)
                continue
        if line == "Choose one —":
            modes: list[SpellText] = []
            while i < len(lines) and lines[i].startswith("•"):
                modes.append(parse_effects(lines[i].lstrip("• ")))
                i += 1
            if len(modes) < 2:
                raise OracleTemplateError("a modal spell needs two or more modes")
            modal = Modal(1, tuple(modes))
            continue
        m = re.fullmatch(r"Whenever you cast an instant or sorcery spell, (.*)", line)
        if m:
            triggered.append(Triggered("cast_instant_or_sorcery", parse_effects(_capital(m[1])),
                                       "cast_trigger"))
            continue
        m = re.fullmatch(rf"Constellation — Whenever (?:{SELF} or another|an) enchantment enters "
                         r"the battlefield under your control, (.*)", line)
        if m:  # constellation (ability word, 207.2c): a triggered ability (603.6a)
            triggered.append(Triggered("constellation", parse_effects(_capital(m[1])),
                                       "constellation"))
            continue
        m = re.fullmatch(rf"Heroic — Whenever you cast a spell that targets {SELF}, (.*)", line)
        if m:  # heroic (ability word, 207.2c): a cast trigger (601.2i, 603.2)
            triggered.append(Triggered("heroic", parse_effects(_capital(m[1])), "heroic"))
            continue
        m = re.fullmatch(r"(?:Landfall — )?Whenever a land enters the battlefield under your "
                         r"control, (.*)", line)
        if m:  # landfall (an ability word, 207.2c): a triggered ability (603.6a)
            triggered.append(Triggered("landfall", parse_effects(_capital(m[1])), "landfall"))
            continue
        m = re.fullmatch(rf"When {SELF} dies, (.*)", line)
        if m:
            body = re.sub(r"^it deals ", f"{SELF} deals ", m[1])
            triggered.append(Triggered("dies", parse_effects(_capital(body)), "dies"))
            continue
        m = re.fullmatch(rf"When {SELF} enters(?: the battlefield)?, (.*)", line)
        if m:
            body = re.sub(r"^it deals ", f"{SELF} deals ", m[1])
            triggered.append(Triggered("enters", parse_effects(_capital(body)), "enters"))
            continue
        if line in (f"Whenever you cast a noncreature spell, {SELF} gets +1/+1 until end of turn.",
                    "Prowess"):  # prowess (702.108a) is this triggered ability
            triggered.append(Triggered("cast_noncreature", (PumpSelf(1, 1),), "prowess"))
            continue
        m = re.fullmatch(r"Whenever you commit a crime, (.*?)( This ability triggers only once "
                         r"each turn\.)?", line)
        if m:
            triggered.append(Triggered("crime", parse_effects(m[1]), "crime",
                                       once_each_turn=bool(m[2])))
            continue
        m = re.fullmatch(r"During your turn, outlaws you control have ([a-z ]+)\.", line)
        if m and m[1] in KEYWORDS:
            statics.append(OutlawsHaveKeyword(m[1]))
            continue
        m = re.fullmatch(r"All creatures lose all abilities and have base power and toughness "
                         r"(\d+)/(\d+)\.", line)
        if m:
            statics.append(CreaturesLoseAllAbilities(int(m[1]), int(m[2])))
            continue
        m = re.fullmatch(rf"(?:If it's neither day nor night, it becomes day as {SELF} enters "
                         r"the battlefield\.|Whenever day becomes night or night becomes day, "
                         r"(.*))", line)
        if m:  # rule 726: conformance.reference.designations
            triggered.append(Triggered(DAY_NIGHT_CHANGES, parse_effects(_capital(m[1])),
                                       "day_night") if m[1] else
                             Triggered(DAY_AS_ENTERS, (), "day_as_enters"))
            continue
        if re.match(rf"(?:{_COST}|\{{T\}}|Sacrifice {SELF}|Pay (?:\{{E\}})+)(?:, (?:{_COST}|"
                    rf"\{{T\}}|Sacrifice {SELF}|Pay (?:\{{E\}})+))*: ", line) or extra_cost_line(
                line, rf"{_COST}|\{{T\}}|Sacrifice {SELF}|Pay (?:\{{E\}})+"):
            activated.append(_activated(line))
            continue
        spell.extend(parse_effects(line))
    if modal is not None and spell:
        raise OracleTemplateError("modal text followed by other spell text")
    if cast_costs.overload is not None and (modal is not None or not spell or any(
            e.slots and overloaded(e) is e for e in spell)):
        raise OracleTemplateError("overload of a text without a 'target' it can change")
    if "Enchanted" in attached_lines and enchant is None:
        raise OracleTemplateError("'Enchanted creature' without 'Enchant creature'")
    if "Equipped" in attached_lines and not equip:
        raise OracleTemplateError("'Equipped creature' without 'Equip'")
    return FaceText(keywords=frozenset(keywords), aftermath=aftermath, flashback=flashback,
                    cycling=cycling, **cast_costs.fields(),
                    enchant=enchant, enters_tapped=enters_tapped,
                    enters_with=tuple(enters_with), cant_be_countered=cant_be_countered,
                    enters_tapped_unless=enters_tapped_unless,
                    restrictions=tuple(restrictions),
                    spell=modal if modal is not None else (tuple(spell) or None),
                    triggered=tuple(triggered), activated=tuple(activated),
                    statics=tuple(statics))


def mana_ability(color: str) -> Activated:
    """The intrinsic "{T}: Add {C}." of a basic land type (rule 305.6)."""
    return Activated(effects=(), tap=True, produces=(color,))


def split_chapters(text: str) -> str:
    """Put each chapter of a saga quoted on one line (``I — ... II — ...``) on its own line."""
    text = _REMINDER.sub("", text).strip()
    return re.sub(r"(?<!,)\s+(?=(?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))* — )", "\n", text)
