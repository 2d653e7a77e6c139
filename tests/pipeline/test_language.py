"""Tests of :mod:`pipeline.language`: detectors, file language, English clause finder."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.errors import PipelineError
from pipeline.language import (
    DETECTOR_NAMES,
    EnglishClauseFinder,
    LanguageDetector,
    LanguageError,
    NameMasker,
    UnknownDetectorError,
    UnsupportedLanguageError,
    detect_file_language,
    get_detector,
)
from pipeline.language import evaluation as ev
from pipeline.language.names import MASK
from pipeline.records import LanguageGuess

REPO = Path(__file__).resolve().parents[2]
RECENT_NAMES = ["At Knifepoint", "Summon: G.F. Cerberus"]
"""Cards newer than the 2022 card data; the build gets them from ``fixtures/data/recent``."""

SEEDS = ev.seed_rulings()


@pytest.fixture(scope="module")
def cards() -> list[dict]:
    return ev.load_cards()


@pytest.fixture(scope="module")
def card_names(cards: list[dict]) -> list[str]:
    return ev.english_card_names(cards) + RECENT_NAMES


@pytest.fixture(scope="module")
def finder(card_names: list[str]) -> EnglishClauseFinder:
    return EnglishClauseFinder(get_detector(), card_names)


# ---------------------------------------------------------------------------------- detectors


def test_seed_truth_is_what_the_brief_states() -> None:
    english = [(r.file[:3], r.text[:20]) for r in SEEDS if r.lang == "en"]
    assert english == [
        ("000", "Creatures that deal "),
        ("001", "After Summon: G.F. C"),
        ("003", "Creatures that deal "),
        ("004", "If the spell that's "),
    ]
    assert sum(1 for r in SEEDS if r.clauses) == 2
    assert len(SEEDS) == 53


def test_unknown_detector_raises_project_error_listing_choices() -> None:
    with pytest.raises(UnknownDetectorError) as info:
        get_detector("fasttext")
    assert isinstance(info.value, LanguageError)
    assert isinstance(info.value, PipelineError)
    for name in DETECTOR_NAMES:
        assert name in str(info.value)


@pytest.mark.parametrize("name", DETECTOR_NAMES)
def test_detector_interface(name: str) -> None:
    det = get_detector(name)
    assert isinstance(det, LanguageDetector)
    assert det.name == name
    assert get_detector().name == "lingua"


@pytest.mark.parametrize("name", DETECTOR_NAMES)
def test_seed_rulings_at_ruling_level(name: str) -> None:
    det = get_detector(name)
    guesses = det.detect_many([r.text for r in SEEDS])
    wrong = [
        (r.file, r.text[:40], g) for r, g in zip(SEEDS, guesses, strict=True) if g.lang != r.lang
    ]
    assert wrong == []
    assert all(0.5 < g.confidence <= 1.0 for g in guesses)


@pytest.mark.parametrize("name", DETECTOR_NAMES)
def test_detect_matches_detect_many(name: str) -> None:
    det = get_detector(name)
    texts = [SEEDS[0].text, "", "Zerstöre alle Länder.", "Destroy all lands.", "{2}{R}"]
    assert det.detect_many(texts) == [det.detect(t) for t in texts]
    assert det.detect_many([]) == []


@pytest.mark.parametrize("name", DETECTOR_NAMES)
@pytest.mark.parametrize("text", ["", "   \n", "12/04/2024", "{2}{R}{R} 3/3 +1/+0", "— «» „“ ()"])
def test_letterless_text_is_und(name: str, text: str) -> None:
    det = get_detector(name)
    assert det.detect(text) == LanguageGuess("und", 0.0)
    assert det.detect_many([text, "Distruggi tutte le terre."])[0] == LanguageGuess("und", 0.0)


@pytest.mark.parametrize("name", DETECTOR_NAMES)
def test_detectors_are_restricted_to_it_de_en(name: str) -> None:
    det = get_detector(name)
    texts = [
        "Détruisez tous les terrains.",
        "Destruye todas las tierras.",
        "Vernietig alle landen.",
    ]
    assert {g.lang for g in det.detect_many(texts)} <= {"it", "de", "en"}


_LANGDETECT_SCRIPT = """
import json, sys
sys.path.insert(0, {repo!r})
from pipeline.language import get_detector
texts = json.loads(sys.stdin.read())
out = [[g.lang, repr(g.confidence)] for g in get_detector("langdetect").detect_many(texts)]
print(json.dumps(out))
"""


def test_langdetect_is_deterministic_across_processes() -> None:
    # short, mixed texts: langdetect's random sampling changes their probabilities run to run
    texts = [
        "Saga X Double",
        "if you control them both",
        "Scegli uno — Warlock",
        "Mercenario Söldner mercenary",
        SEEDS[5].text,
    ]
    script = _LANGDETECT_SCRIPT.format(repo=str(REPO))
    runs = [
        subprocess.run(
            [sys.executable, "-c", script],
            input=json.dumps(texts),
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    here = [[g.lang, repr(g.confidence)] for g in get_detector("langdetect").detect_many(texts)]
    assert json.loads(runs[0]) == here


def test_langdetect_confidence_would_vary_without_seed() -> None:
    """The determinism test above is meaningful: unseeded, langdetect's output varies."""
    from langdetect.detector_factory import DetectorFactory

    det = get_detector("langdetect")
    factory = det._factory  # type: ignore[attr-defined]
    try:
        DetectorFactory.seed = None
        factory.set_seed(None)
        seen = {repr(det.detect("Saga X Double Mercenario").confidence) for _ in range(15)}
    finally:
        get_detector("langdetect")  # restores seed 0 on the class and the factory
    assert len(seen) > 1
    assert DetectorFactory.seed == 0
    assert len({repr(det.detect("Saga X Double Mercenario").confidence) for _ in range(5)}) == 1


# ------------------------------------------------------------------------------ file language


@pytest.mark.parametrize("stem", sorted(ev.SEED_FILE_LANGS))
def test_detect_file_language_on_seeds(stem: str) -> None:
    det = get_detector()
    title, texts = ev.read_seed(ev.SEEDS_DIR / f"{stem}.txt")
    guesses = det.detect_many(texts)
    assert detect_file_language(guesses) == ev.SEED_FILE_LANGS[stem]
    assert detect_file_language(guesses, det.detect(title)) == ev.SEED_FILE_LANGS[stem]


def test_detect_file_language_all_english_file() -> None:
    data = json.loads((REPO / "fixtures/data/recent/at_knifepoint_otj.json").read_text("utf-8"))
    texts = [r["text"] for r in data["rulings"]]
    det = get_detector()
    guesses = det.detect_many(texts)
    assert len(guesses) == 9 and {g.lang for g in guesses} == {"en"}
    assert detect_file_language(guesses) == "en"
    assert detect_file_language(guesses, det.detect(data["name"])) == "en"


def test_detect_file_language_rules() -> None:
    it, de, en = (LanguageGuess(x, 0.99) for x in ("it", "de", "en"))  # type: ignore[arg-type]
    und = LanguageGuess("und", 0.0)
    # untranslated English rulings do not outvote a clear localized presence
    assert detect_file_language([en] * 6 + [it] * 2) == "it"
    assert detect_file_language([en] * 9 + [de]) == "de"
    # a single unsure localized guess among many English ones is noise
    assert detect_file_language([en] * 20 + [LanguageGuess("it", 0.6)]) == "en"
    assert detect_file_language([it, it, de]) == "it"
    assert detect_file_language([de, de, it, en]) == "de"
    assert detect_file_language([it, de], title_guess=LanguageGuess("de", 0.9)) == "de"
    assert detect_file_language([]) == "und"
    assert detect_file_language([und, und]) == "und"
    assert detect_file_language([und], title_guess=LanguageGuess("it", 0.9)) == "it"
    assert detect_file_language([], title_guess=LanguageGuess("it", 0.3)) == "und"


# ----------------------------------------------------------------------------- clause finder


@pytest.mark.parametrize("ruling", [r for r in SEEDS if r.lang != "en"], ids=lambda r: r.text[:30])
def test_clause_truth_on_localized_seed_rulings(
    finder: EnglishClauseFinder, ruling: ev.SeedRuling
) -> None:
    assert finder.find(ruling.text, ruling.file_lang) == list(ruling.clauses)


def test_seed_clauses_are_the_two_known_ones(finder: EnglishClauseFinder) -> None:
    found = [c for r in SEEDS for c in finder.find(r.text, r.file_lang)]
    assert found == ["if you control them both", "even if the current target is illegal"]


@pytest.mark.parametrize("ruling", [r for r in SEEDS if r.lang == "en"], ids=lambda r: r.file)
def test_wholly_english_rulings_have_no_clauses(
    finder: EnglishClauseFinder, ruling: ev.SeedRuling
) -> None:
    # documented: a ruling that is English as a whole returns []; the build records lang=en
    assert finder.detector.detect(ruling.text).lang == "en"
    assert finder.find(ruling.text, ruling.file_lang) == []


def test_find_language_arguments(finder: EnglishClauseFinder) -> None:
    text = "Queste abilità possono essere messe in pila in qualsiasi ordine (if you control them both)."
    assert finder.find(text, "it") == ["if you control them both"]
    assert finder.find(text, "en") == []
    assert finder.find(text, "und") == []
    with pytest.raises(UnsupportedLanguageError):
        finder.find(text, "fr")


def test_english_sentence_and_comma_clause_inside_localized_ruling(
    finder: EnglishClauseFinder,
) -> None:
    it = (
        "Se copi una magia, controlli la copia. It resolves before the original spell. "
        "Non puoi scegliere di pagare costi addizionali, unless an effect allows you to do so."
    )
    assert finder.find(it, "it") == [
        "It resolves before the original spell",
        "unless an effect allows you to do so",
    ]
    de = "Falls ein Effekt dich auffordert, einen Kreaturentyp zu bestimmen (as long as it has one), kannst du nicht Gesetzloser bestimmen."
    assert finder.find(de, "de") == ["as long as it has one"]


def test_card_names_are_masked(card_names: list[str]) -> None:
    it = "Alcune magie rimettono in mano la carta originale (Into the Roil, Return to the Ranks), ma la copia resta sulla pila."
    de = "Manche Zaubersprüche bringen die Originalkarte zurück (Into the Roil, Return to the Ranks), aber die Kopie bleibt auf dem Stapel."
    masked = EnglishClauseFinder(get_detector(), card_names)
    unmasked = EnglishClauseFinder(get_detector(), [])
    assert masked.find(it, "it") == [] and masked.find(de, "de") == []
    # without masking, the names read as English prose: the masking is what prevents it
    assert unmasked.find(it, "it") == ["Into the Roil, Return to the Ranks"]
    assert unmasked.find(de, "de") == ["Into the Roil, Return to the Ranks"]


def test_name_masker_whole_words_and_variants() -> None:
    masker = NameMasker(
        ["Lead", "Destined // Lead", "Chandra's Pyrohelix", "Summon: G.F. Cerberus", "Fire", "When"]
    )
    text = "Leader, Lead. Destined // Lead; Chandra’s Pyrohelix e Summon: G. F. Cerberus's Fire-Breathing When"
    spans = [text[a:b] for a, b in masker.spans(text)]
    assert spans == ["Lead", "Destined // Lead", "Chandra’s Pyrohelix", "Summon: G. F. Cerberus"]
    masked = masker.mask(text)
    assert len(masked) == len(text)
    assert masked.startswith("Leader, " + MASK * 4 + ".")
    assert masker.size == 5  # "When" (an English function word) is not indexed alone


def test_name_masker_indexes_every_card_name(card_names: list[str]) -> None:
    # its build time is measured by bench/language_bench.py, not asserted here
    masker = NameMasker(card_names)
    assert masker.size > 24_000


@pytest.mark.parametrize("lang", ["it", "de"])
def test_clause_finder_on_real_card_texts(
    finder: EnglishClauseFinder, cards: list[dict], lang: str
) -> None:
    """English clauses spliced into real localized card texts are found; untouched real texts
    give (almost) nothing. Smaller than the bench; thresholds well under its figures."""
    rulings = ev.load_english_rulings()
    pools = {"ruling": ev.english_clause_pool(rulings[1::400] + rulings[3::400])}
    pools["card"] = ev.english_clause_pool(ev.card_texts(cards[1::8], "en"))
    cases = ev.clause_eval_cases(ev.card_texts(cards[1::2], lang), lang, pools, 150, 400, seed=7)
    scores = ev.ClauseScores()
    for case in cases:
        scores.add(case, finder.find(case.text, lang))
    assert scores.spliced == 150 and scores.untouched == 400
    assert scores.precision >= 0.97
    assert scores.recall >= 0.75
    assert scores.fp_rate <= 0.005


def test_lingua_is_repeatable_within_a_process() -> None:
    det = get_detector("lingua")
    texts = [r.text for r in SEEDS] + ["Destroy all lands.", "if you control them both"]
    first = det.detect_many(texts)
    for _ in range(5):
        assert det.detect_many(texts) == first
        assert [det.detect(t) for t in texts[-2:]] == first[-2:]
