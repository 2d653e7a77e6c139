"""Function words (closed-class words) of English, Italian and German, and the word tokenizer.

Used by :class:`~pipeline.language.clauses.EnglishClauseFinder` as evidence that does not depend
on a statistical detector: English prose is dense in English function words, which are rare in
Italian and German text. Words written the same in English and the localized language ("a",
"in", "come", "die", "was", ...) count for neither side (see :func:`english_only`).
Hand-written, closed lists: deterministic and independent of the evaluation data.
"""

from __future__ import annotations

import re
from functools import cache

from pipeline.language.errors import UnsupportedLanguageError

ENGLISH: frozenset[str] = frozenset(
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
    """.split()
)

ENGLISH_GAME_WORDS: frozenset[str] = frozenset(
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
    """.split()
)
"""English game vocabulary (content words) that Italian and German rulings translate:
weaker evidence than function words, counted with them (see ``EnglishClauseFinder``)."""

ITALIAN: frozenset[str] = frozenset(
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
    """.split()
)
"""Italian function words; elided forms ("l'", "dell'", "un'") are handled by :func:`is_localized`."""

ITALIAN_ELISIONS: frozenset[str] = frozenset(
    """
    l un dell all dall nell sull coll quell quest c d s n m t v tutt nessun ciascun qual
    """.split()
)
"""Italian words that elide before a vowel ("dell'abilità" -> "dell"), without the apostrophe."""

GERMAN: frozenset[str] = frozenset(
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
    """.split()
)

AMBIGUOUS: dict[str, frozenset[str]] = {
    "it": frozenset("a in come no per do me or".split()),
    "de": frozenset("a an in am so also was will man war all".split()),
}
"""Words spelled like an English word in the localized language (or in its card texts)."""

_LOCALIZED = {"it": ITALIAN, "de": GERMAN}

LOCALIZED_LETTERS: dict[str, frozenset[str]] = {
    "it": frozenset("àèéìíòóù"),
    "de": frozenset("äöüß"),
}
"""Letters of the localized orthography that English words never contain."""

WORD_RE = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
"""A word: letters, possibly joined by apostrophes or hyphens ("that's", "dell'abilità",
"non-Saga", "Söldner-Kreaturenspielstein")."""


def check_lang(lang: str) -> str:
    """``lang`` if it is ``it`` or ``de``, else :class:`UnsupportedLanguageError`."""
    if lang not in _LOCALIZED:
        raise UnsupportedLanguageError(
            f"unsupported localized language {lang!r}; choose one of: it, de"
        )
    return lang


@cache
def english_only(lang: str) -> frozenset[str]:
    """English function words that are not also words of the localized language ``lang``."""
    check_lang(lang)
    return ENGLISH - _LOCALIZED[lang] - AMBIGUOUS[lang]


@cache
def localized_only(lang: str) -> frozenset[str]:
    """Function words of ``lang`` that are not also English words."""
    check_lang(lang)
    return _LOCALIZED[lang] - ENGLISH - AMBIGUOUS[lang]


SYMBOL_RE = re.compile(r"\{[^{}]*\}")
"""A mana or game symbol: ``{T}``, ``{2}{W}``, ``{X}``."""


def words(text: str) -> list[str]:
    """The lower-cased words of ``text`` outside symbols; curly apostrophes become ``'``."""
    return [w.lower().replace("’", "'") for w in WORD_RE.findall(SYMBOL_RE.sub(" ", text))]


def is_localized(word: str, lang: str) -> bool:
    """True when the (lower-cased) ``word`` is evidence of ``lang``: a function word, an elided
    Italian article or preposition ("dell'abilità"), or a word with a localized letter."""
    if word in localized_only(lang):
        return True
    if any(ch in LOCALIZED_LETTERS[lang] for ch in word):
        return True
    if lang == "it" and "'" in word:
        head = word.split("'", 1)[0]
        return head in ITALIAN_ELISIONS
    return False


@cache
def english_game_only(lang: str) -> frozenset[str]:
    """English game words that are not also words of the localized language ``lang``."""
    check_lang(lang)
    return ENGLISH_GAME_WORDS - _LOCALIZED[lang] - AMBIGUOUS[lang]


def is_english(word: str, lang: str) -> bool:
    """True when the (lower-cased) ``word`` is an English function word foreign to ``lang``."""
    return word in english_only(lang)


def is_english_game_word(word: str, lang: str) -> bool:
    """True when the (lower-cased) ``word`` is English game vocabulary foreign to ``lang``."""
    return word in english_game_only(lang)
