"""Language detectors and the English clause finder, measured on real data.

For each detector (lingua, langdetect):
  (a) seeds: accuracy on the 53 seed rulings against the known truth;
  (b) clauses: accuracy on short clauses (2-6 words) cut from real it/de/en card texts;
  (c) throughput: rulings/s of ``detect_many`` on real English rulings (distinct texts).
Then the default detector's :class:`EnglishClauseFinder`: precision / recall of English clauses
spliced into real Italian / German card texts, and the share of untouched real texts on which it
reports a clause (false positives), on the held-out half of the cards (odd positions in
``cards.jsonl.gz``; the thresholds were set looking at the even half only).

Finally (d): what a cheaper language stage would change, over every distinct English ruling and
the seeds, against the production detector (lingua, high accuracy): lingua's low-accuracy mode,
and a cascade whose first stage calls a text English when it has 3+ English function words and no
Italian or German one (lingua for the rest). Reported: CPU seconds, label disagreements and how
many stored confidences would change.

Run by ``bench/run.py`` (runpy, as ``__main__``); it prints and never calls ``sys.exit``.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipeline.language import DETECTOR_NAMES, EnglishClauseFinder, get_detector  # noqa: E402
from pipeline.language import evaluation as ev  # noqa: E402

CLAUSES_PER_LANG = 600
THROUGHPUT_TEXTS = {"lingua": 23_597, "langdetect": 1_000}
"""lingua runs on every distinct English ruling (what a build does); langdetect (sequential,
~300 texts/s) on a sample, so the bench stays short."""
SPLICED_PER_LANG = 1_000
UNTOUCHED_PER_LANG = 2_000


_PRELOAD_PROBE = """
import sys, time
from lingua import Language, LanguageDetectorBuilder
from pipeline.language import evaluation as ev
texts = ev.load_english_rulings()[1::8]
b = LanguageDetectorBuilder.from_languages(Language.ITALIAN, Language.GERMAN, Language.ENGLISH)
if sys.argv[1]:
    b = b.with_preloaded_language_models()
t0 = time.perf_counter()
d = b.build()
t1 = time.perf_counter()
d.compute_language_confidence_values_in_parallel(texts)
t2 = time.perf_counter()
d.compute_language_confidence_values_in_parallel(texts)
t3 = time.perf_counter()
print(f"build {t1 - t0:.2f} s; {len(texts)} rulings: first batch {t2 - t1:.2f} s, second {t3 - t2:.2f} s")
"""


def _accuracy(detector_name: str, texts: list[str], truth: list[str]) -> float:
    guesses = get_detector(detector_name).detect_many(texts)
    return sum(g.lang == t for g, t in zip(guesses, truth, strict=True)) / len(truth)


_WORD = re.compile(r"[^\W\d_]+")
_EN_MARKERS = frozenset(
    "the you your that this is if of and to with when it its can be are an or as by from for "
    "any each other player players has have not".split()
)
_IT_MARKERS = frozenset(
    "il lo la le gli di del della dei delle che per non una un uno è sono con nel nella alla al "
    "se quando questa questo ogni sua suo tuo tua ha hanno essere come".split()
)
_DE_MARKERS = frozenset(
    "der die das den dem des und ist nicht eine ein einen einem wenn du dein deine sie es auf zu "
    "mit von für wird werden kann oder auch sich".split()
)


def _markers_say_english(text: str) -> bool:
    words = _WORD.findall(text.lower())
    if any(w in _IT_MARKERS or w in _DE_MARKERS for w in words):
        return False
    return sum(w in _EN_MARKERS for w in words) >= 3


def _cheaper_stages(texts: list[str]) -> None:
    """(d): low-accuracy lingua and a marker cascade against high-accuracy lingua."""
    from lingua import Language, LanguageDetectorBuilder

    langs = (Language.ITALIAN, Language.GERMAN, Language.ENGLISH)

    def run(low: bool, batch: list[str]) -> tuple[list[tuple[str, float]], float]:
        b = LanguageDetectorBuilder.from_languages(*langs).with_preloaded_language_models()
        det = (b.with_low_accuracy_mode() if low else b).build()
        c0 = time.process_time()
        res = det.compute_language_confidence_values_in_parallel(batch)
        cpu = time.process_time() - c0
        return [(v[0].language.name, round(v[0].value, 9)) for v in res], cpu

    high, high_cpu = run(False, texts)
    low, low_cpu = run(True, texts)
    c0 = time.process_time()
    decided = [_markers_say_english(t) for t in texts]
    marker_cpu = time.process_time() - c0
    rest = [t for t, d in zip(texts, decided, strict=True) if not d]
    _, rest_cpu = run(False, rest)
    n_dec = sum(decided)
    print(f"\n(d) cheaper language stage, {len(texts):,} distinct texts (English rulings + seeds)")
    print(f"high accuracy (production): {high_cpu:.2f} s CPU")
    print(
        f"low accuracy:  {low_cpu:.2f} s CPU; label disagreements "
        f"{sum(a[0] != b[0] for a, b in zip(high, low, strict=True))}, confidence changes "
        f"{sum(a != b for a, b in zip(high, low, strict=True)):,}"
    )
    wrong = sum(1 for d, h in zip(decided, high, strict=True) if d and h[0] != "ENGLISH")
    changed = sum(1 for d, h in zip(decided, high, strict=True) if d and h[1] != 1.0)
    print(
        f"cascade:       {marker_cpu + rest_cpu:.2f} s CPU ({n_dec:,} decided by markers in "
        f"{marker_cpu:.2f} s, {len(rest):,} sent to lingua); label disagreements {wrong}; "
        f"confidences that would change (lingua < 1.0 on a marker-decided text) {changed:,}"
    )


def main() -> None:
    t_start = time.perf_counter()
    cards = ev.load_cards()
    rulings_en = ev.load_english_rulings()
    seeds = ev.seed_rulings()
    seed_texts = [r.text for r in seeds]
    seed_truth = [r.lang for r in seeds]

    clause_texts: list[str] = []
    clause_truth: list[str] = []
    for i, lang in enumerate(("it", "de", "en")):
        cut = ev.short_clauses(ev.card_texts(cards, lang), CLAUSES_PER_LANG, seed=10 + i)
        clause_texts += cut
        clause_truth += [lang] * len(cut)

    rows = []
    for name in DETECTOR_NAMES:
        t0 = time.perf_counter()
        get_detector(name).detect("warm up the models")
        warm = time.perf_counter() - t0
        seed_acc = _accuracy(name, seed_texts, seed_truth)
        clause_acc = _accuracy(name, clause_texts, clause_truth)
        sample = rulings_en[: THROUGHPUT_TEXTS[name]]
        det = get_detector(name)
        t0 = time.perf_counter()
        guesses = det.detect_many(sample)
        elapsed = time.perf_counter() - t0
        en_acc = sum(g.lang == "en" for g in guesses) / len(guesses)
        rows.append((name, seed_acc, clause_acc, en_acc, len(sample), len(sample) / elapsed, warm))

    print(
        f"seed rulings: {len(seed_texts)}; short clauses: {len(clause_texts)} (2-6 words, it/de/en)"
    )
    print(
        f"{'detector':<11} {'seeds acc':>9} {'clauses acc':>11} {'en rulings acc':>14} "
        f"{'texts':>6} {'rulings/s':>10} {'load s':>7}"
    )
    for name, seed_acc, clause_acc, en_acc, n, rate, warm in rows:
        print(
            f"{name:<11} {seed_acc:>9.3f} {clause_acc:>11.3f} {en_acc:>14.4f} "
            f"{n:>6} {rate:>10.0f} {warm:>7.2f}"
        )
    best = max(rows, key=lambda r: (r[1], r[2], r[5]))[0]
    default = get_detector().name
    print(f"best: {best}; default: {default}" + ("" if best == default else "  <-- MISMATCH"))

    # lingua: preloaded vs lazily loaded models, each in a fresh process (lingua caches its
    # models process-wide, so an in-process comparison would measure nothing)
    for preload in (True, False):
        out = subprocess.run(
            [sys.executable, "-c", _PRELOAD_PROBE, "1" if preload else ""],
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
            cwd=str(Path(__file__).resolve().parent.parent),
        )
        label = "preloaded" if preload else "lazy     "
        print(f"lingua {label} (fresh process): {out.stdout.strip() or out.stderr.strip()[-200:]}")

    # English clause finder with the default detector
    t0 = time.perf_counter()
    finder = EnglishClauseFinder(get_detector(), ev.english_card_names(cards))
    build = time.perf_counter() - t0
    seed_ok = sum(
        tuple(finder.find(r.text, r.file_lang)) == r.clauses for r in seeds if r.lang != "en"
    )
    seed_n = sum(1 for r in seeds if r.lang != "en")
    print(
        f"\nclause finder ({default}; {finder.masker.size} card names indexed in {build:.2f} s): "
        f"seeds exact {seed_ok}/{seed_n} localized rulings"
    )
    # held-out half: the finder's thresholds were set on the even-indexed cards / rulings
    held_cards = cards[1::2]
    pools = {
        "ruling": ev.english_clause_pool(rulings_en[1::2]),
        "card": ev.english_clause_pool(ev.card_texts(held_cards, "en")),
    }
    print(
        f"{'lang':<4} {'spliced':>7} {'precision':>9} {'recall':>7} {'untouched':>9} "
        f"{'FP rate':>8} {'texts/s':>8}"
    )
    for i, lang in enumerate(("it", "de")):
        cases = ev.clause_eval_cases(
            ev.card_texts(held_cards, lang),
            lang,
            pools,
            SPLICED_PER_LANG,
            UNTOUCHED_PER_LANG,
            seed=100 + i,
        )
        scores = ev.ClauseScores()
        t0 = time.perf_counter()
        for case in cases:
            scores.add(case, finder.find(case.text, lang))
        rate = len(cases) / (time.perf_counter() - t0)
        print(
            f"{lang:<4} {scores.spliced:>7} {scores.precision:>9.4f} {scores.recall:>7.4f} "
            f"{scores.untouched:>9} {scores.fp_rate:>8.4f} {rate:>8.0f}"
        )
    _cheaper_stages(sorted(set(rulings_en)) + seed_texts)
    print(f"\nlanguage bench: {time.perf_counter() - t_start:.1f} s")


if __name__ == "__main__":
    main()
