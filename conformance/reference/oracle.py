"""A small template interpreter: real oracle text -> ability building blocks.

Every card the reference engine implements is built from its oracle text by the templates below,
never by its name. A line no template accepts raises :class:`OracleTemplateError`; the card is
then not implemented (the engine never guesses).

The effect and ability classes are plain frozen data; the rules that give them meaning live in
:mod:`conformance.reference.engine`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from conformance.reference.errors import OracleTemplateError

SELF = "CARDNAME"
"""What a card's own name (or "this spell" / "this creature") is replaced by before matching."""

KEYWORDS = frozenset({"first strike", "double strike", "indestructible", "vigilance", "flash", "haste",
                      "flying", "reach", "defender"})
"""Keyword abilities the engine knows. Vigilance, flash and haste are carried as characteristics
(the engine declares no attacks and never checks casting timing against flash on its card pool);
flying, reach and defender only restrict declaring attackers and blockers, which cases script in
their setup (the engine declares none), so they too are carried as characteristics."""

OUTLAW_TYPES = frozenset({"Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"})
"""Creature types that make a permanent an outlaw (At Knifepoint's rulings, 2024-04-12)."""

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_TARGET_KINDS = {"any target": "any", "target creature": "creature", "target player": "player",
                 "target opponent": "opponent", "target creature or player": "any",
                 "target creature or planeswalker": "creature_or_planeswalker"}
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


# --- targets ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TargetSlot:
    """One instance of the word "target" (or a divided "among one or two targets")."""

    kind: str
    """any | creature | creature_you_control | creature_or_planeswalker | player | opponent |
    artifact_or_enchantment | artifact | enchantment | land | spell | instant_or_sorcery_spell |
    graveyard_card"""
    min: int = 1
    max: int = 1
    another: bool = False
    """"another target": differs from every target chosen for earlier slots."""


# --- effects ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Effect:
    """Base of every effect; ``slots`` are the targets the effect itself introduces."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class DamageTargets(Effect):
    """"deals N damage to any target[ and M damage to another target]" (``None`` amount = X)."""

    amounts: tuple[int | None, ...]
    kinds: tuple[TargetSlot, ...]

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return self.kinds


@dataclass(frozen=True, slots=True)
class DividedDamage(Effect):
    """"deals N damage divided as you choose among one or two targets"."""

    total: int
    max_targets: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("any", 1, self.max_targets),)


@dataclass(frozen=True, slots=True)
class DamageEach(Effect):
    """"deals N damage to each creature / player / opponent"."""

    amount: int
    group: str


@dataclass(frozen=True, slots=True)
class DamageSpellControllerByManaValue(Effect):
    """"deals damage to target spell's controller equal to that spell's mana value"."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("spell"),)


@dataclass(frozen=True, slots=True)
class CounterSpell(Effect):
    """"Counter target spell"."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("spell"),)


@dataclass(frozen=True, slots=True)
class CopyTargetSpell(Effect):
    """"Copy target instant or sorcery spell. You may choose new targets for the copy"."""

    may_choose_new_targets: bool = True

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("instant_or_sorcery_spell"),)


@dataclass(frozen=True, slots=True)
class CopyTriggeringSpell(Effect):
    """"copy it [twice]. You may choose new targets for the cop(y|ies)" (a delayed trigger's
    effect: "it" is the spell whose casting triggered the ability)."""

    times: int
    may_choose_new_targets: bool = True


@dataclass(frozen=True, slots=True)
class ExileTargetCardFromGraveyard(Effect):
    """"Exile target card from a graveyard"."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("graveyard_card"),)


@dataclass(frozen=True, slots=True)
class Draw(Effect):
    """"Draw a card" / "Draw N cards"."""

    n: int


@dataclass(frozen=True, slots=True)
class GainLife(Effect):
    """"You gain N life"."""

    n: int


@dataclass(frozen=True, slots=True)
class DestroyTarget(Effect):
    """"Destroy target artifact or enchantment" / "Destroy target creature"."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class PumpTarget(Effect):
    """"Target creature [you control] gets +N/+M [and gains K] until end of turn"."""

    power: int
    toughness: int
    keywords: tuple[str, ...]
    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class PumpGroup(Effect):
    """"<Subtype>s you control get +N/+M until end of turn" (set locked in, rule 611.2c)."""

    subtype: str
    power: int
    toughness: int


@dataclass(frozen=True, slots=True)
class MustBeBlockedByAll(Effect):
    """"All creatures able to block target creature this turn do so" (a blocking requirement;
    blocks come from a case's setup, so it is recorded, not enforced)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


@dataclass(frozen=True, slots=True)
class TokenDef:
    """A creature token a card's text defines."""

    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: frozenset[str] = frozenset()
    activated: tuple[Activated, ...] = ()


@dataclass(frozen=True, slots=True)
class CreateToken(Effect):
    """"Create a/two N/M <color> <Subtype> creature token(s) [with ...]"."""

    count: int
    token: TokenDef


@dataclass(frozen=True, slots=True)
class Surveil(Effect):
    """"Surveil N"."""

    n: int


@dataclass(frozen=True, slots=True)
class CreateDelayedCopyTrigger(Effect):
    """"When you next cast an instant or sorcery spell this turn, copy it [twice]. ..."."""

    times: int
    may_choose_new_targets: bool = True


@dataclass(frozen=True, slots=True)
class EnchantTarget(Effect):
    """An Aura spell's target, from its enchant keyword (rule 303.4a); the Aura is attached to
    it as it resolves (rule 303.4f)."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


SpellText = tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Modal:
    """"Choose one —" followed by bulleted modes."""

    choose: int
    modes: tuple[SpellText, ...]


# --- abilities -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Triggered:
    """A triggered ability. ``event``: cast_instant_or_sorcery | crime | chapter | enters
    (``When CARDNAME enters [the battlefield], ...``, rule 603.6a)."""

    event: str
    effects: SpellText
    name: str
    chapters: tuple[int, ...] = ()
    once_each_turn: bool = False


@dataclass(frozen=True, slots=True)
class Activated:
    """An activated ability with a {T} and/or mana cost; ``mana`` set for a mana ability."""

    effects: SpellText
    tap: bool = True
    sorcery_speed: bool = False
    produces: str | None = None


@dataclass(frozen=True, slots=True)
class OutlawsHaveKeyword:
    """"During your turn, outlaws you control have <keyword>"."""

    keyword: str


@dataclass(frozen=True, slots=True)
class CreaturesLoseAllAbilities:
    """"All creatures lose all abilities and have base power and toughness N/M"."""

    power: int
    toughness: int


@dataclass(frozen=True, slots=True)
class EnchantedCreatureGets:
    """An Aura's "Enchanted creature gets +N/+M [and has K]" / "Enchanted creature has K"
    (layers 7c and 6, with the Aura's timestamp)."""

    power: int
    toughness: int
    keywords: tuple[str, ...]


Static = OutlawsHaveKeyword | CreaturesLoseAllAbilities | EnchantedCreatureGets


@dataclass(frozen=True)
class FaceText:
    """Everything the text box of one face says."""

    keywords: frozenset[str] = frozenset()
    aftermath: bool = False
    flashback: str | None = None
    """The mana cost of "Flashback {cost}" (rule 702.34), or None."""
    cycling: str | None = None
    """The mana cost of "Cycling {cost}" (rule 702.29), or None."""
    enchant: str | None = None
    """What an Aura may enchant ("Enchant creature": ``creature``, rule 702.5), or None."""
    spell: SpellText | Modal | None = None
    triggered: tuple[Triggered, ...] = ()
    activated: tuple[Activated, ...] = ()
    statics: tuple[Static, ...] = ()
    tokens: tuple[TokenDef, ...] = field(default=())

    @property
    def chapters(self) -> tuple[Triggered, ...]:
        """The chapter abilities, in printed order."""
        return tuple(t for t in self.triggered if t.event == "chapter")


# --- parsing ---------------------------------------------------------------------------------

_REMINDER = re.compile(r"\s*\([^()]*\)")


def _amount(text: str) -> int | None:
    return None if text == "X" else int(text)


def _keywords(text: str | None) -> tuple[str, ...]:
    if not text:
        return ()
    if text not in KEYWORDS:
        raise OracleTemplateError(f"keyword not implemented: {text!r}")
    return (text,)


def _token(count: str, p: str, t: str, colors: str, subtypes: str, rest: str | None) -> CreateToken:
    keywords: frozenset[str] = frozenset()
    activated: tuple[Activated, ...] = ()
    if rest:
        if rest.startswith('"'):
            activated = (_activated(rest.strip('"')),)
        elif rest.lower() in KEYWORDS:
            keywords = frozenset({rest.lower()})
        else:
            raise OracleTemplateError(f"token ability not understood: {rest!r}")
    cols = tuple(_COLOR_WORDS[c] for c in colors.replace(" and ", " ").split())
    subs = tuple(subtypes.split())
    tok = TokenDef(name=" ".join(subs) + " Token", power=int(p), toughness=int(t), colors=cols,
                   subtypes=subs, keywords=keywords, activated=activated)
    return CreateToken(_NUMBERS[count.lower()], tok)


_N = r"(\d+|X)"
_EFFECTS: list[tuple[re.Pattern[str], object]] = [
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
    (re.compile(rf"{SELF} deals damage to target spell's controller equal to that spell's "
                r"mana value\. ?"),
     lambda m: DamageSpellControllerByManaValue()),
    (re.compile(r"Counter target spell\. ?"), lambda m: CounterSpell()),
    (re.compile(r"Copy target instant or sorcery spell\. You may choose new targets for the "
                r"copy\. ?"),
     lambda m: CopyTargetSpell()),
    (re.compile(r"Exile target card from a graveyard\. ?"),
     lambda m: ExileTargetCardFromGraveyard()),
    (re.compile(r"Draw (a|two|three|four) cards?\. ?"), lambda m: Draw(_NUMBERS[m[1]])),
    (re.compile(r"You gain (\d+) life\. ?"), lambda m: GainLife(int(m[1]))),
    (re.compile(r"Destroy target creature\. ?"), lambda m: DestroyTarget("creature")),
    (re.compile(r"Destroy target (artifact|enchantment|land)\. ?"), lambda m: DestroyTarget(m[1])),
    (re.compile(r"Destroy target artifact or enchantment\. ?"),
     lambda m: DestroyTarget("artifact_or_enchantment")),
    (re.compile(r"Target creature( you control)? gets \+(\d+)/\+(\d+)"
                r"(?: and gains ([a-z ]+))? until end of turn\. ?"),
     lambda m: PumpTarget(int(m[2]), int(m[3]), _keywords(m[4]),
                          "creature_you_control" if m[1] else "creature")),
    (re.compile(r"(?!Creature)([A-Z][a-z]+)s you control get \+(\d+)/\+(\d+) until end of turn\. ?"),
     lambda m: PumpGroup(m[1], int(m[2]), int(m[3]))),
    (re.compile(r"All creatures able to block target creature this turn do so\. ?"),
     lambda m: MustBeBlockedByAll()),
    (re.compile(r"[Cc]reate (a|an|two|three) (\d+)/(\d+) ((?:white|blue|black|red|green)"
                r"(?: and (?:white|blue|black|red|green))?) ((?:[A-Z][a-z]+ )+)creature tokens?"
                r"(?: with (\"[^\"]*\")|(?: with ([a-z ]+))?\.) ?"),
     lambda m: _token(m[1], m[2], m[3], m[4], m[5].strip(), m[6] or m[7])),
    (re.compile(r"Surveil (\d+)\. ?"), lambda m: Surveil(int(m[1]))),
    (re.compile(r"When you next cast an instant or sorcery spell this turn, copy it( twice)?\. "
                r"You may choose new targets for the cop(?:y|ies)\. ?"),
     lambda m: CreateDelayedCopyTrigger(2 if m[1] else 1)),
]


def parse_effects(text: str) -> SpellText:
    """Parse a run of effect sentences; raise :class:`OracleTemplateError` on anything else."""
    out: list[Effect] = []
    rest = text.strip()
    while rest:
        for rx, build in _EFFECTS:
            m = rx.match(rest)
            if m:
                out.append(build(m))  # type: ignore[operator]
                rest = rest[m.end():].strip()
                break
        else:
            raise OracleTemplateError(f"no template for {rest!r}")
    return tuple(out)


def _activated(text: str) -> Activated:
    m = re.fullmatch(r"\{T\}: (.*?)( Activate only as a sorcery\.)?", text.strip())
    if not m:
        raise OracleTemplateError(f"activated ability not understood: {text!r}")
    return Activated(effects=parse_effects(m[1]), tap=True, sorcery_speed=bool(m[2]))


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
    spell: list[Effect] = []
    modal: Modal | None = None
    triggered: list[Triggered] = []
    activated: list[Activated] = []
    statics: list[Static] = []
    enchant: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        words = [w.strip().lower() for w in line.split(",")]
        if all(w in KEYWORDS for w in words):
            keywords.update(words)
            continue
        if line == "Aftermath":
            aftermath = True
            continue
        if line == "Enchant creature":
            enchant = "creature"
            continue
        m = re.fullmatch(r"Enchanted creature (?:gets ([+-]\d+)/([+-]\d+)(?: and has ([a-z ]+))?"
                         r"|has ([a-z ]+))\.", line)
        if m:
            statics.append(EnchantedCreatureGets(int(m[1] or 0), int(m[2] or 0),
                                                 _keywords(m[3] or m[4])))
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
            triggered.append(Triggered("cast_instant_or_sorcery", parse_effects(m[1]),
                                       "cast_trigger"))
            continue
        m = re.fullmatch(rf"When {SELF} enters(?: the battlefield)?, (.*)", line)
        if m:
            body = re.sub(r"^it deals ", f"{SELF} deals ", m[1])
            triggered.append(Triggered("enters", parse_effects(body), "enters"))
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
        if line.startswith("{T}:"):
            activated.append(_activated(line))
            continue
        spell.extend(parse_effects(line))
    if modal is not None and spell:
        raise OracleTemplateError("modal text followed by other spell text")
    if any(isinstance(st, EnchantedCreatureGets) for st in statics) and enchant is None:
        raise OracleTemplateError("'Enchanted creature' without 'Enchant creature'")
    return FaceText(keywords=frozenset(keywords), aftermath=aftermath, flashback=flashback,
                    cycling=cycling, enchant=enchant,
                    spell=modal if modal is not None else (tuple(spell) or None),
                    triggered=tuple(triggered), activated=tuple(activated),
                    statics=tuple(statics))


def mana_ability(color: str) -> Activated:
    """The intrinsic "{T}: Add {C}." of a basic land type (rule 305.6)."""
    return Activated(effects=(), tap=True, produces=color)


def split_chapters(text: str) -> str:
    """Put each chapter of a saga quoted on one line (``I — ... II — ...``) on its own line."""
    text = _REMINDER.sub("", text).strip()
    return re.sub(r"(?<!,)\s+(?=(?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))* — )", "\n", text)
