"""The languages of the pipeline, declared once: the language registry.

English is the pivot: the English sources (MTGJSON, Scryfall) and the ``en`` column of every
aligned group. Every other registered language is a *localized* language: its seed files are
detected, their rulings aligned to the English ones, and English left inside them is looked for.
Everything language-specific is derived from this registry:

- the Parquet schema: ``aligned.text_<code>`` and ``aligned.ruling_id_<code>`` (registry order),
  ``cards.names_<code>`` (localized languages) and their descriptions (:mod:`pipeline.store.schema`);
- the detectors' languages (lingua's :attr:`Language.lingua`, langdetect's profile
  :attr:`Language.langdetect`) and the function words the English-clause finder weighs;
- the names table's localized names (MTGJSON ``foreignData`` language :attr:`Language.name`, Forge
  section :attr:`Language.locale`) and the alignment's slots, link order and status vocabulary.

The built-in registry is ``en``, ``it``, ``de`` (in that order: the order of the columns). Adding
a language is :func:`register` (or :func:`registered`, which removes it again) with its data; the
names and lexicon data of a new language go with its card data (``fixtures/data``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

from pipeline.errors import PipelineError

__all__ = [
    "ENGLISH",
    "SEED_DATES",
    "UND",
    "Language",
    "LanguageRegistryError",
    "added",
    "codes",
    "detector_codes",
    "generation",
    "get",
    "localized",
    "register",
    "register_json",
    "registered",
    "to_json",
    "unregister",
]

ENGLISH = "en"
"""The pivot language: English sources, and the reference text of every aligned group."""
UND = "und"
"""The language of a text without letters, or that no detector could decide."""

SEED_DATES = "DMY"
"""How seed files write their dates: ``DD/MM/YYYY``. They are read before their language is known
(:mod:`pipeline.sources`), so every localized language must share it (:func:`register`)."""


class LanguageRegistryError(PipelineError, ValueError):
    """A language cannot be registered (bad code, already there) or is not registered."""


@dataclass(frozen=True, slots=True)
class Language:
    """One language of the pipeline and its data."""

    code: str
    """ISO 639-1 code: the column suffix (``text_it``) and the value of ``lang`` columns."""
    name: str
    """English name (``Italian``): messages, schema descriptions, MTGJSON ``foreignData``."""
    lingua: str
    """The ``lingua.Language`` member of the language (``ITALIAN``)."""
    langdetect: str | None
    """The langdetect profile of the language (``it``); ``None`` when langdetect has none."""
    locale: str
    """The Forge ``cardnames`` section of the language (``it-IT``)."""
    seed_dates: Literal["DMY", "MDY"] = "DMY"
    """How the language's seed files write numeric dates."""
    capitalises_nouns: bool = False
    """Every noun is capitalised (German): capitals do not hint at card names quoted in English."""
    function_words: frozenset[str] = frozenset()
    """Closed-class words, lower case: evidence for (or against) English clauses."""
    ambiguous: frozenset[str] = frozenset()
    """Words spelled like an English word (``in``, ``come``): evidence for neither side."""
    letters: frozenset[str] = frozenset()
    """Letters of the orthography that English words never contain (``è``, ``ü``)."""
    elisions: frozenset[str] = frozenset()
    """Words that elide before a vowel, without the apostrophe (``dell`` of ``dell'abilità``)."""
    game_words: frozenset[str] = frozenset()
    """English only: game vocabulary that the localized rulings translate (``battlefield``)."""
    stem_suffixes: tuple[str, ...] = ()
    """Suffixes the align lexicon's light stemmer strips (the first that matches), longest
    first."""

    @property
    def text_column(self) -> str:
        """``aligned`` column of the group's ruling text in this language."""
        return f"text_{self.code}"

    @property
    def ruling_id_column(self) -> str:
        """``aligned`` column of the group's ruling id in this language."""
        return f"ruling_id_{self.code}"

    @property
    def names_column(self) -> str:
        """``cards`` column of the card's names in this (localized) language."""
        return f"names_{self.code}"

    @property
    def name_column(self) -> str:
        """``cards`` column of the card's name in this (localized) language."""
        return f"name_{self.code}"

    @property
    def face_names_column(self) -> str:
        """``cards`` column of the card's face names in this (localized) language."""
        return f"face_names_{self.code}"


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_ENGLISH = Language(
    code="en",
    name="English",
    lingua="ENGLISH",
    langdetect="en",
    locale="en-US",
    stem_suffixes=("ing", "ed", "es", "s"),
    function_words=_words(
        """
    the a an and or but nor if then else than of to in on at by for from with without within into
    onto upon as is are was were be been being am has have had having do does did doing done will
    would can could may might must shall should this that these those it its itself they them
    their theirs themselves you your yours yourself he him his she her hers we our us who whom
    whose which what whatever when whenever where wherever while though although because since
    until unless even also only just not no any anything anyone each every everything all both
    either neither other others another such some same so there here how whether after before
    during under over up down out off again once more most less least very still yet already
    instead rather however therefore thus otherwise among between through throughout against
    about above below toward towards per via one ones none nothing twice
    isn't aren't wasn't weren't doesn't don't didn't hasn't haven't hadn't won't wouldn't can't
    cannot couldn't shouldn't mustn't it's that's there's they're you're you've you'll they'll
    they've let's what's who's
    """
    ),
    game_words=_words(
        """
    target targets targeted targeting damage deals dealt deal player players card cards spell
    spells ability abilities counter counters turn turns control controls controlled controller
    battlefield graveyard library sacrifice sacrifices sacrificed destroy destroys destroyed
    draw draws drawn discard discards discarded gets get gains gain gained loses lose lost life
    cast casts attack attacks attacking attacked attacker attackers block blocks blocking
    blocked blocker blockers untap untaps untapped tapped exile exiles exiled permanent
    permanents opponent opponents enters enter leaves leave put puts return returns returned
    choose chooses chosen copy copies copied stack resolves resolve resolved resolving trigger
    triggers triggered activate activates activated cost costs pay pays paid create creates
    created instead owner owners dies die beginning end step phase combat upkeep
    """
    ),
)

_ITALIAN = Language(
    code="it",
    name="Italian",
    lingua="ITALIAN",
    langdetect="it",
    locale="it-IT",
    stem_suffixes=(
        "azione",
        "amento",
        "ando",
        "endo",
        "are",
        "ere",
        "ire",
        "ata",
        "ato",
        "ate",
        "ati",
        "ita",
        "ito",
        "iti",
        "ite",
        "a",
        "e",
        "i",
        "o",
    ),  # fmt: skip
    function_words=_words(
        """
    il lo la i gli le un uno una di del dello della dei degli delle da dal dallo dalla dai dagli
    dalle in nel nello nella nei negli nelle su sul sullo sulla sui sugli sulle con col coi per
    tra fra e ed o od oppure ma però se che chi cui non né è sono ha hanno ho hai abbia abbiano
    avere avrà avranno aveva essere essa esso esse essi sarà saranno era erano sia siano stato
    stata stati state viene vengono venga verrà può possono puoi potrebbe deve devono devi
    tu ti te tuo tua tuoi tue suo sua suoi sue loro lui lei noi voi mio mia questo questa questi
    queste quello quella quelli quelle quel quei ogni ciascun ciascuno ciascuna qualsiasi
    qualunque alcun alcuno alcuna alcuni alcune tutti tutte tutto tutta anche solo soltanto più
    meno già ancora mentre quando dopo prima poi quindi tuttavia cioè ne ci si come dove perché
    poiché finché fintanto affinché sempre mai altro altra altri altre stesso stessa stessi
    stesse invece oltre sotto sopra durante verso senza contro entro fino ogniqualvolta purché
    nessun nessuno nessuna qualcosa uno due tre
    """
    ),
    ambiguous=_words("a in come no per do me or"),
    letters=frozenset("àèéìíòóù"),
    elisions=_words(
        "l un dell all dall nell sull coll quell quest c d s n m t v tutt nessun ciascun qual"
    ),
)

_GERMAN = Language(
    code="de",
    name="German",
    lingua="GERMAN",
    langdetect="de",
    locale="de-DE",
    capitalises_nouns=True,
    stem_suffixes=("ungen", "ung", "en", "er", "es", "em", "st", "e", "s", "t"),
    function_words=_words(
        """
    der die das dem den des ein eine einen einem einer eines kein keine keinen keinem keiner
    und oder aber sondern nicht ist sind war waren wird werden wurde wurden worden sein seine
    seinen seinem seiner ihr ihre ihren ihrem ihrer ihn ihm sie er es du dich dir dein deine
    deinen deinem deiner wir uns euch mit von vom zu zum zur auf aus bei beim nach für über unter
    vor hinter durch gegen ohne um bis seit während wegen statt auch noch nur kann können konnte
    muss müssen darf dürfen soll sollen hat haben hatte hätte wäre jede jeder jedes jeden jedem
    alle allen aller diese dieser dieses diesen diesem jene welche welcher welches bzw beide
    beiden solange sobald immer wenn falls als wie dass ob da dann denn doch sich selbst schon
    jedoch sowie ebenso sowohl weder noch bereits nichts etwas andere anderen anderer anderes
    ihm einmal zweimal mehr weniger hier dort deren dessen
    """
    ),
    ambiguous=_words("a an in am so also was will man war all"),
    letters=frozenset("äöüß"),
)

_BUILT_IN: tuple[Language, ...] = (_ENGLISH, _ITALIAN, _GERMAN)
_REGISTRY: dict[str, Language] = {lang.code: lang for lang in _BUILT_IN}
_GENERATION = 0
_CODES: tuple[str, ...] = tuple(_REGISTRY)
_LOCALIZED: tuple[str, ...] = _CODES[1:]


def _changed() -> None:
    global _GENERATION, _CODES, _LOCALIZED
    _GENERATION += 1
    _CODES = tuple(_REGISTRY)
    _LOCALIZED = tuple(c for c in _CODES if c != ENGLISH)


def get(code: str) -> Language:
    """The registered language ``code``; :class:`LanguageRegistryError` when not registered."""
    try:
        return _REGISTRY[code]
    except (KeyError, TypeError):
        raise LanguageRegistryError(
            f"language {code!r} is not registered (registered: {', '.join(_REGISTRY)})"
        ) from None


def codes() -> tuple[str, ...]:
    """Every registered language, English first, then the localized ones in registration order
    (the order of the ``aligned`` columns): ``("en", "it", "de")`` built in."""
    return _CODES


def localized() -> tuple[str, ...]:
    """The localized languages, in registration order: ``("it", "de")`` built in."""
    return _LOCALIZED


def detector_codes() -> tuple[str, ...]:
    """The languages the detectors choose among: the localized ones, then English."""
    return (*localized(), ENGLISH)


def generation() -> int:
    """A number that changes whenever the registry does (caches of derived data key on it)."""
    return _GENERATION


def register(language: Language) -> None:
    """Add a localized language (after the others: its columns come last).

    Raises :class:`LanguageRegistryError` when the code is taken or not a lower-case ISO 639-1
    code, or when the language's seed files write dates otherwise than :data:`SEED_DATES`.
    """
    code = language.code
    if not (len(code) == 2 and code.isascii() and code.isalpha() and code.islower()):
        raise LanguageRegistryError(f"language code {code!r} is not a lower-case ISO 639-1 code")
    if code in _REGISTRY:
        raise LanguageRegistryError(f"language {code!r} is already registered")
    if language.seed_dates != SEED_DATES:
        raise LanguageRegistryError(
            f"language {code!r}: seed files are read {SEED_DATES} before their language is "
            f"known, so a localized language cannot write dates {language.seed_dates}"
        )
    _REGISTRY[code] = language
    _changed()


def unregister(code: str) -> None:
    """Remove a localized language added by :func:`register` (English cannot be removed)."""
    if code == ENGLISH:
        raise LanguageRegistryError("English is the pivot language and cannot be removed")
    get(code)
    del _REGISTRY[code]
    _changed()


@contextmanager
def registered(*languages: Language) -> Iterator[None]:
    """Register ``languages`` for the duration of the block (tests, one-off builds)."""
    added: list[str] = []
    try:
        for language in languages:
            register(language)
            added.append(language.code)
        yield
    finally:
        for code in reversed(added):
            unregister(code)


def added() -> tuple[Language, ...]:
    """The languages registered beyond the built-in ones, in registration order."""
    return tuple(lang for lang in _REGISTRY.values() if lang not in _BUILT_IN)


def to_json(langs: tuple[Language, ...]) -> str:
    """``langs`` as JSON (what a child process of the build is given: :func:`register_json`)."""
    out = []
    for lang in langs:
        d: dict[str, object] = {}
        for name in Language.__dataclass_fields__:
            value = getattr(lang, name)
            d[name] = sorted(value) if isinstance(value, frozenset) else value
        out.append(d)
    return json.dumps(out, ensure_ascii=False, sort_keys=True)


def register_json(text: str) -> None:
    """Register the languages of :func:`to_json` output."""
    for d in json.loads(text):
        fields: dict[str, Any] = {}
        for name, value in d.items():
            if Language.__dataclass_fields__[name].type == "frozenset[str]":
                fields[name] = frozenset(value)
            elif isinstance(value, list):
                fields[name] = tuple(value)
            else:
                fields[name] = value
        register(Language(**fields))
