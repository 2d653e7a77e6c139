"""A small template interpreter: real oracle text -> ability building blocks
(:mod:`conformance.reference.abilities`).

Every card the reference engine implements is built from its oracle text by the templates below,
never by its name. A line no template accepts raises :class:`OracleTemplateError`; the card is
then not implemented (the engine never guesses).
"""


from __future__ import annotations

import re

from conformance.reference.abilities import (
    KEYWORDS,
    RESTRICTIONS,
    SELF,
    Activated,
    AurasAttachedHave,
    CreaturesLoseAllAbilities,
    EnchantedCreatureGets,
    FaceText,
    OutlawsHaveKeyword,
    Static,
    Triggered,
)
from conformance.reference.cast_filters import cast_filter_line
from conformance.reference.cast_quality import cast_quality_line
from conformance.reference.combat_keywords import keyword_trigger_line, not_other_of_a_spell
from conformance.reference.common_triggers import CAST_KICKED, ENTERS_KICKED, trigger_line
from conformance.reference.cost_increase_text import ability_reduction_line, cost_increase_line
from conformance.reference.cost_text import CastCostText, extra_cost_line, overloaded
from conformance.reference.counter_costs import counter_cost_line
from conformance.reference.cycling_text import cycle_trigger_line, typecycling_line
from conformance.reference.designation_effects import DAY_AS_ENTERS, DAY_NIGHT_CHANGES
from conformance.reference.devotion_gods import devotion_static_line
from conformance.reference.effect_blocks import AttachSelf, Effect, Modal, PumpSelf, SpellText
from conformance.reference.effect_text import (
    _COST,
    _NUMBERS,
    _activated,
    _capital,
    _keywords,
    parse_effects,
)
from conformance.reference.errors import OracleTemplateError
from conformance.reference.escape_text import escapes_with_line
from conformance.reference.exert_text import exert_line
from conformance.reference.lands_animated import lands_static_line
from conformance.reference.oracle_eldrazi import ability_line as _eldrazi_line
from conformance.reference.oracle_lords import granted_abilities, lord_line
from conformance.reference.oracle_sacrificed import check_sacrificed_power
from conformance.reference.oracle_suspended import suspended_line
from conformance.reference.rebound_text import REBOUND, rebound_line
from conformance.reference.self_while import self_while_line
from conformance.reference.transform_text import transform_trigger_line
from conformance.reference.unearth_text import unearth_line
from conformance.reference.vehicle_text import crew_line

_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}


# --- parsing ---------------------------------------------------------------------------------

_REMINDER = re.compile(r"\s*\([^()]*\)")


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
    typecycling: list[tuple[str, SpellText]] = []
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
    kicked_counters: list[tuple[str, int]] = []
    cant_be_countered = False
    restrictions: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        words = [p for w in re.split(r"[,;]", line) for p in re.sub(  # two protections
            r"^protection from (\w+) and from (\w+)$", r"protection from \1|protection from \2",
            w.strip().lower()).split("|")]
        if all(w in KEYWORDS for w in words):
            keywords.update(words)
            continue
        if (suspended := suspended_line(line, parse_effects)) is not None:  # works while suspended (702.62b)
            if isinstance(suspended, Activated):
                activated.append(suspended)
            else:
                triggered.append(suspended)
            continue
        if (eldrazi := _eldrazi_line(line, parse_effects)) is not None:  # ingest, processors
            triggered.append(eldrazi)
            continue
        if (bushido := keyword_trigger_line(line)) is not None:  # 702.45a
            triggered.append(bushido)
            continue
        if (werewolf := transform_trigger_line(line, parse_effects)) is not None:  # 603.4
            triggered.append(werewolf)
            continue
        if line in ("Daybound", "Nightbound"):  # 702.145: conformance.reference.transform
            keywords.add(line.lower())
            continue
        if (common := trigger_line(line, parse_effects)) is not None:  # attacks, upkeep, end
            triggered.append(common)
            continue
        if (cast_q := cast_quality_line(line, parse_effects)) is not None:  # "a red spell"
            triggered.append(cast_q)
            continue
        if (cast := cast_filter_line(line, parse_effects)) is not None:  # "a historic spell"
            triggered.append(cast)
            continue
        if (removing := counter_cost_line(line, parse_effects)) is not None:  # quest counters
            activated.append(removing)
            continue
        if (crew := crew_line(line)) is not None:  # 702.122a: Vehicles (vehicles.py)
            activated.append(crew)
            continue
        if (exert := exert_line(line, parse_effects)) is not None:  # 701.39: exert.py
            if isinstance(exert, Activated):
                activated.append(exert)
            else:
                triggered.append(exert)
            continue
        if rebound_line(line):  # 702.88a: conformance.reference.rebound
            keywords.add(REBOUND)
            continue
        if line == "Changeling":  # 702.73a: every creature type (changeling.py)
            keywords.add(line.lower())
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
        m = re.fullmatch(rf"(Raid — )?{SELF} enters the battlefield with (a|an|two|three|four|X) "
                         r"([+-]1/[+-]1) counters? on it( for each time it was kicked| if you "
                         r"attacked this turn)?\.", line)
        if m and not (m[4] and m[2] not in ("a", "an")) \
                and (not m[1] or "attacked" in (m[4] or "")):  # "Raid —": only with its "if"
            enters_with.append((m[3], None if m[2] == "X" and not m[4] else
                                "kicked" if m[4] and "kicked" in m[4] else  # raid: "raid:1"
                                "raid:1" if m[4] else _NUMBERS[m[2]]))
            continue
        if (escapes := escapes_with_line(line)) is not None:  # 702.138c
            enters_with.append(escapes)
            continue
        m = re.fullmatch(rf"If {SELF} was kicked, it enters the battlefield with (a|an|two|three|"
                         r"four) ([+-]1/[+-]1) counters? on it\.", line)
        if m:  # 614.1c, 702.33d: only a permanent that was a kicked spell
            kicked_counters.append((m[2], _NUMBERS[m[1]]))
            continue
        m = re.fullmatch(rf"{SELF} enters the battlefield tapped unless you control two or "
                         r"(fewer|more) other lands\.", line)
        if m:
            enters_tapped_unless = (m[1], 2)
            continue
        if line == f"If you control two or more other lands, {SELF} enters the battlefield tapped.":
            enters_tapped_unless = ("fewer", 1)  # tapped unless one or fewer other lands
            continue
        if line == f"{SELF} can't be countered.":
            cant_be_countered = True
            continue
        m = re.fullmatch(r'Enchanted creature gets ([+-]\d+)/([+-]\d+) and has "(.+)"\.?', line)
        if m:  # a quoted ability granted by an Aura (Bear Umbra)
            attached_lines.add("Enchanted")
            statics.append(EnchantedCreatureGets(int(m[1]), int(m[2]), (),
                                                 granted_abilities(m[3])))
            continue
        m = re.fullmatch(r"(?:Enchanted|Equipped) creature (?:gets ([+-]\d+)/([+-]\d+)(?: and has ([a-z ,]+))?"
                         r"|has ([a-z ,]+))\.", line)
        if m:
            attached_lines.add(line.split()[0])
            statics.append(EnchantedCreatureGets(int(m[1] or 0), int(m[2] or 0),
                                                 _keywords(m[3] or m[4])))
            continue
        if (unearth := unearth_line(line)) is not None:  # 702.84a, from a graveyard
            activated.append(unearth)
            continue
        if cast_costs.read(line):  # kicker, convoke, escape, additional costs, ...
            continue
        m = re.fullmatch(r"(Flashback|Cycling) ((?:\{(?:[0-9WUBRGC]|[WUBRG]/[WUBRG])\})+)", line)
        if m:
            if m[1] == "Flashback":
                flashback = m[2]
            else:
                cycling = m[2]
            continue
        if (typed := typecycling_line(line)) is not None:  # 702.29e
            typecycling.extend(typed)
            continue
        if (cycled := cycle_trigger_line(line)) is not None:  # "When you cycle CARDNAME, ..."
            triggered.append(cycled)
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
        m = re.fullmatch(r"Whenever you cast an instant(?:, sorcery, or ([A-Z][a-z]+)| or "
                         r"sorcery) spell, (.*)", line)
        if m:  # "an instant, sorcery, or Wizard spell": an instant or sorcery or that subtype
            event = f"cast_instant_sorcery_or:{m[1]}" if m[1] else "cast_instant_or_sorcery"
            triggered.append(Triggered(event, parse_effects(_capital(m[2])), "cast_trigger"))
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
        m = re.fullmatch(rf"When {SELF} enters(?: the battlefield)?, if it was kicked, (.*)", line)
        if m:  # an intervening "if" (603.4): only a permanent that was a kicked spell (702.33d)
            body = re.sub(r"^it (deals|gains) ", rf"{SELF} \1 ", m[1])
            triggered.append(Triggered(ENTERS_KICKED, parse_effects(_capital(body)),
                                       ENTERS_KICKED))
            continue
        m = re.fullmatch(r"Whenever you cast a kicked spell, (.*)", line)
        if m:  # a cast trigger (601.2i, 603.2) for a spell whose kicker cost was paid
            triggered.append(Triggered(CAST_KICKED, parse_effects(_capital(m[1])), CAST_KICKED))
            continue
        m = re.fullmatch(rf"When {SELF} (enters the battlefield or )?is turned face up, (.*)",
                         line)
        if m:  # a triggered ability of the face-up card (708.8, conformance.reference.morph)
            body = re.sub(r"^it deals ", f"{SELF} deals ", m[2])
            effects = parse_effects(_capital(body))
            if m[1]:
                triggered.append(Triggered("enters", effects, "enters"))
            triggered.append(Triggered("turned_face_up", effects, "turned_face_up"))
            continue
        m = re.fullmatch(rf"When {SELF} enters(?: the battlefield)?, (.*)", line)
        if m:  # "it deals", "it fights", "you may have it fight": the source (oracle_targeted)
            body = re.sub(r"^(it deals|it fights|you may have it fight|you may have it deal) ",
                          lambda g: g[1].replace("it ", f"{SELF} ") + " ", m[1])
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
        m = re.fullmatch(r"Auras attached to permanents you control have ([a-z ]+)\.", line)
        if m and m[1] in KEYWORDS:  # Umbra Mystic (layer 6)
            statics.append(AurasAttachedHave(m[1]))
            continue
        m = re.fullmatch(r"During your turn, outlaws you control have ([a-z ]+)\.", line)
        if m and m[1] in KEYWORDS:
            statics.append(OutlawsHaveKeyword(m[1]))
            continue
        if (while_ := self_while_line(line)) is not None:  # "... as long as <condition>"
            statics.append(while_)
            continue
        lord = lord_line(line)
        if lord is not None:  # "Sliver creatures you control get +1/+1", anthems
            statics.append(lord)
            continue
        if (god := devotion_static_line(line)) is not None:  # "... isn't a creature"
            statics.append(god)
            continue
        if (more := cost_increase_line(line) or ability_reduction_line(line)) is not None:
            statics.append(more)  # "Spells cost {1} more to cast", Heartstone's reduction
            continue
        if (lands := lands_static_line(line)) is not None:  # "All Forests are 1/1 creatures"
            statics.append(lands)
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
        spell.extend(not_other_of_a_spell(parse_effects(line)))
    if modal is not None and spell:
        raise OracleTemplateError("modal text followed by other spell text")
    if cast_costs.overload is not None and (modal is not None or not spell or any(
            e.slots and overloaded(e) is e for e in spell)):
        raise OracleTemplateError("overload of a text without a 'target' it can change")
    if "Enchanted" in attached_lines and enchant is None \
            and "bestow" not in cast_costs.alternatives:  # bestowed, it has enchant creature
        raise OracleTemplateError("'Enchanted creature' without 'Enchant creature'")
    if "Equipped" in attached_lines and not equip:
        raise OracleTemplateError("'Equipped creature' without 'Equip'")
    return check_sacrificed_power(text, FaceText(
                    keywords=frozenset(keywords), aftermath=aftermath,
                    flashback=flashback if flashback is not None else cast_costs.flashback,
                    cycling=cycling, typecycling=tuple(typecycling), **cast_costs.fields(),
                    enchant=enchant, enters_tapped=enters_tapped,
                    enters_with=tuple(enters_with), kicked_counters=tuple(kicked_counters),
                    cant_be_countered=cant_be_countered,
                    enters_tapped_unless=enters_tapped_unless,
                    restrictions=tuple(restrictions),
                    spell=modal if modal is not None else (tuple(spell) or None),
                    triggered=tuple(triggered), activated=tuple(activated),
                    statics=tuple(statics)))


def mana_ability(color: str) -> Activated:
    """The intrinsic "{T}: Add {C}." of a basic land type (rule 305.6)."""
    return Activated(effects=(), tap=True, produces=(color,))


def split_chapters(text: str) -> str:
    """Put each chapter of a saga quoted on one line (``I — ... II — ...``) on its own line."""
    text = _REMINDER.sub("", text).strip()
    return re.sub(r"(?<!,)\s+(?=(?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))* — )", "\n", text)
