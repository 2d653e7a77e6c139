"""Effect templates of common spells that the base interpreter does not read, with their data
(the rules are in :mod:`conformance.reference.common_effects`):

* "Target creature loses flying until end of turn." (a layer-6 effect, 613.1f);
* "Exile target creature you control, then return it to the battlefield under its owner's
  control." / "... return that card to the battlefield under your control." (a flicker: the
  card returns as a new object, 400.7; a token exiled this way ceases to exist, 111.8);
* "<effect>. If CARDNAME was cast from a graveyard, <effect> instead." (the spell's history,
  read as it resolves);
* "Create a P/T <color> <Type> creature token [with <keywords>] for each <type> card in your
  graveyard." (the number is counted as the spell resolves, 608.2h).

:data:`EFFECT_TEMPLATES` go before the base templates (which would read the first sentence of a
longer one alone).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import CreateToken, Effect, SpellText, TargetSlot
from conformance.reference.errors import OracleTemplateError

_KEYWORD_WORDS = ("flying", "first strike", "double strike", "trample", "deathtouch",
                  "lifelink", "vigilance", "haste", "reach", "menace", "hexproof",
                  "indestructible", "defender")
"""Keywords a "loses <keyword>" template may name (each one the engine knows)."""


@dataclass(frozen=True, slots=True)
class LoseKeywordsTarget(Effect):
    """"Target creature loses <keywords> until end of turn" (613.1f, 514.2)."""

    keywords: tuple[str, ...]

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


@dataclass(frozen=True, slots=True)
class LoseKeywordsSelf(Effect):
    """"CARDNAME loses <keywords> until end of turn" (613.1f, 514.2): the source itself."""

    keywords: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Flicker(Effect):
    """"Exile target creature you control, then return it / that card to the battlefield under
    its owner's / your control" (``under_owner``: its owner's)."""

    under_owner: bool

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature_you_control"),)


@dataclass(frozen=True, slots=True)
class FlickerSelf(Effect):
    """"Exile CARDNAME, then return it to the battlefield under its owner's control." (the
    source of the ability)."""


@dataclass(frozen=True, slots=True)
class CastFromGraveyardInstead(Effect):
    """"<usual>. If CARDNAME was cast from a graveyard, <instead> instead." (neither has
    targets)."""

    usual: SpellText
    instead: SpellText


@dataclass(frozen=True, slots=True)
class TokensForEachCard(Effect):
    """"Create a <token> for each <type> card in your graveyard" (``card_type``: a card type,
    or ``None`` for any card)."""

    made: CreateToken
    card_type: str | None


def _parse(text: str) -> SpellText:
    from conformance.reference.effect_text import parse_effects

    return parse_effects(text)


def _instead(g: re.Match[str]) -> CastFromGraveyardInstead:
    usual, instead = _parse(g[1]), _parse(g[2][:1].upper() + g[2][1:] + ".")
    if any(e.slots for e in usual + instead):
        raise OracleTemplateError(f"'cast from a graveyard ... instead' with targets: {g[0]!r}")
    return CastFromGraveyardInstead(usual, instead)


def _for_each_card(g: re.Match[str]) -> TokensForEachCard:
    made = _parse(f"Create {g[1]}.")
    if len(made) != 1 or not isinstance(made[0], CreateToken) or made[0].count != 1:
        raise OracleTemplateError(f"token not understood: {g[1]!r}")
    kind = None if g[2] == "" else g[2].strip().capitalize()
    if kind not in (None, "Creature", "Land", "Instant", "Sorcery", "Artifact", "Enchantment"):
        raise OracleTemplateError(f"card type not understood: {g[2]!r}")
    return TokensForEachCard(made[0], kind)


_KW = "|".join(_KEYWORD_WORDS)

EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"Target creature loses ((?:{_KW})(?:(?:,| and|, and) (?:{_KW}))*) until end "
                r"of turn\. ?"),
     lambda g: LoseKeywordsTarget(tuple(w for w in re.split(r",? and |, ", g[1]) if w))),
    (re.compile(rf"{SELF} loses ((?:{_KW})(?:(?:,| and|, and) (?:{_KW}))*) until end of turn\. ?"),
     lambda g: LoseKeywordsSelf(tuple(w for w in re.split(r",? and |, ", g[1]) if w))),
    (re.compile(r"Exile target creature you control, then return (?:it|that card) to the "
                r"battlefield under (its owner's|your) control\. ?"),
     lambda g: Flicker(g[1] == "its owner's")),
    (re.compile(rf"Exile {SELF}, then return it to the battlefield under its owner's "
                r"control\. ?"),
     lambda g: FlickerSelf()),
    (re.compile(rf"([^.]+\.) If {SELF} was cast from a graveyard, (?![a-z]+ [a-z]+ of those)"
                r"([^.]+) instead\. ?"),  # "create ten of those tokens": oracle_spells
     _instead),
    (re.compile(r"Create (a \d+/\d+ [A-Za-z ]+? creature token(?: with [a-z ,]+?)?) for each "
                r"((?:creature |land |instant |sorcery |artifact |enchantment )?)card in your "
                r"graveyard\. ?"),
     _for_each_card),
]
"""(pattern, builder) pairs, tried before the base templates."""


@dataclass(frozen=True, slots=True)
class MayTargeted(Effect):
    """"You may <effect>." where the effect has targets: the targets are chosen as the spell or
    ability is put on the stack (601.2c, 603.3d), whether it happens as it resolves (608.2d)."""

    effects: SpellText

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return tuple(s for e in self.effects for s in e.slots)


@dataclass(frozen=True, slots=True)
class CounterUnlessPays(Effect):
    """"Counter target spell unless its controller pays {N}." (the spell's controller chooses
    as it resolves whether to pay, 608.2d)."""

    cost: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("spell"),)


@dataclass(frozen=True, slots=True)
class ReturnTargetsToHand(Effect):
    """"Return two target creatures to their owners' hands." (``n`` targets)."""

    n: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature", min=self.n, max=self.n),)


@dataclass(frozen=True, slots=True)
class RegenerateTarget(Effect):
    """"Regenerate target creature." (a regeneration shield on it, 701.15a)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


def _may(g: re.Match[str]) -> Effect:
    from conformance.reference.effect_blocks import May

    inner = _parse(g[1][:1].upper() + g[1][1:] + ".")
    return MayTargeted(inner) if any(e.slots for e in inner) else May(inner)


EFFECT_TEMPLATES += [
    (re.compile(r"Counter target spell unless its controller pays (\{\d+\})\. ?"),
     lambda g: CounterUnlessPays(g[1])),
    (re.compile(r"Return (two|three) target creatures to their owners' hands\. ?"),
     lambda g: ReturnTargetsToHand({"two": 2, "three": 3}[g[1]])),
    (re.compile(r"Regenerate target creature\. ?"), lambda g: RegenerateTarget()),
    (re.compile(r"You may ((?:put|tap|untap|destroy|exile|return|create)\b[^.]*)\.(?! If you "
                r"do)(?! If you don't) ?"),
     _may),
]


@dataclass(frozen=True, slots=True)
class MayPayEnergy(Effect):
    """"You may pay {E}{E}. If you do, <effect>." (107.14; the effect's targets are chosen with
    the ability's, 603.3d)."""

    n: int
    effects: SpellText

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return tuple(s for e in self.effects for s in e.slots)


EFFECT_TEMPLATES += [
    (re.compile(r"You may pay ((?:\{E\})+)\. If you do, ([^.]+\.) ?"),
     lambda g: MayPayEnergy(g[1].count("{E}"), _parse(g[2][:1].upper() + g[2][1:]))),
]


@dataclass(frozen=True, slots=True)
class BlockRestrictionTarget(Effect):
    """"Target creature can't block this turn." (``blocked``: "can't be blocked this turn")."""

    blocked: bool

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


@dataclass(frozen=True, slots=True)
class DamageTargetAndController(Effect):
    """"CARDNAME deals N damage to target creature and M damage to that creature's
    controller." (the controller as the effect happens; nothing when the target is illegal,
    608.2b)."""

    amount: int
    to_controller: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


EFFECT_TEMPLATES += [
    (re.compile(r"Target creature can't (block|be blocked) this turn\. ?"),
     lambda g: BlockRestrictionTarget(g[1] == "be blocked")),
    (re.compile(rf"{SELF} deals (\d+) damage to target creature and (\d+) damage to that "
                r"creature's controller\. ?"),
     lambda g: DamageTargetAndController(int(g[1]), int(g[2]))),
]


@dataclass(frozen=True, slots=True)
class ReturnSelfToHand(Effect):
    """"Return CARDNAME to its owner's hand." — from the battlefield, or (``zcc`` set by a
    leaves-the-battlefield trigger) the card it became in its owner's graveyard (400.7d)."""

    zcc: int | None = None


EFFECT_TEMPLATES += [
    (re.compile(rf"Return {SELF} to its owner's hand\. ?"), lambda g: ReturnSelfToHand()),
]


@dataclass(frozen=True, slots=True)
class SacrificeSelf(Effect):
    """"Sacrifice CARDNAME." (the source, if it is still on the battlefield, 701.17a)."""


def _drain(g: re.Match[str]) -> tuple[Effect, ...]:
    from conformance.reference.effect_blocks import GainLife, LoseLife

    return LoseLife(int(g[1]), "opponents"), GainLife(int(g[2]))


def _draw_lose(g: re.Match[str]) -> tuple[Effect, ...]:
    from conformance.reference.effect_blocks import Draw
    from conformance.reference.template_abilities import LoseLifeYou

    return Draw({"a card": 1, "two cards": 2, "three cards": 3}[g[1]]), LoseLifeYou(int(g[2]))


EFFECT_TEMPLATES += [
    (re.compile(rf"Sacrifice {SELF}\. ?"), lambda g: SacrificeSelf()),
    (re.compile(r"Each opponent loses (\d+) life and you gain (\d+) life\. ?"), _drain),
    (re.compile(r"You draw (a card|two cards|three cards) and you lose (\d+) life\. ?"),
     _draw_lose),
]
