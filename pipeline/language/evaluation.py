"""Evaluation data for the language stage, from the seed files and the real card data.

Used by ``bench/language_bench.py`` and the tests; nothing here runs in a build.

- :data:`SEED_ENGLISH_PREFIXES`, :data:`SEED_FILE_LANGS`, :data:`SEED_CLAUSES`: the truth on the
  four seed files (which rulings are wholly English, each file's language, the English clauses
  inside localized rulings).
- :func:`clause_eval_cases`: real Italian / German card texts of ``cards.jsonl.gz``, some with a
  real short English clause (cut from another card's English rulings or text) spliced in, to
  measure precision / recall of :class:`~pipeline.language.EnglishClauseFinder` and its false
  positives on untouched real text.
- :func:`short_clauses`: clauses of at most six words cut from real it/de/en card texts, to
  measure detectors on short text.
"""

from __future__ import annotations

import gzip
import json
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.language.lexicon import words

REPO_ROOT = Path(__file__).resolve().parents[2]
SEEDS_DIR = REPO_ROOT / "fixtures" / "seeds"
CARDS_PATH = REPO_ROOT / "fixtures" / "data" / "mtgjson-2022" / "cards.jsonl.gz"
RULINGS_EN_PATH = REPO_ROOT / "fixtures" / "data" / "mtgjson-2022" / "rulings_en.jsonl.gz"

SEED_FILE_LANGS: dict[str, str] = {
    "000_3e6d8c0cce79b8d3": "it",
    "001_047a4b439f94d352": "it",
    "003_753998890c202c8b": "de",
    "004_1ed536f22a0f9eba": "it",
}
"""Seed file stem -> the file's language (no file declares it)."""

SEED_ENGLISH_PREFIXES: dict[str, tuple[str, ...]] = {
    "000_3e6d8c0cce79b8d3": ("Creatures that deal first strike",),
    "001_047a4b439f94d352": ("After Summon",),
    "003_753998890c202c8b": ("Creatures that deal first strike",),
    "004_1ed536f22a0f9eba": ("If the spell that's copied",),
}
"""Seed file stem -> the beginnings of its wholly English rulings; every other ruling is in the
file's language."""

SEED_CLAUSES: dict[str, dict[str, list[str]]] = {
    "000_3e6d8c0cce79b8d3": {"Per esempio, un’abilità": ["if you control them both"]},
    "004_1ed536f22a0f9eba": {"La copia avrà gli stessi": ["even if the current target is illegal"]},
}
"""Seed file stem -> ruling beginning -> the English clauses inside it (as ``find`` returns
them: without the parentheses). Every other ruling of the seeds has none."""

_DATE_RE = re.compile(r"\d{2}/\d{2}/\d{4}")


@dataclass(frozen=True, slots=True)
class SeedRuling:
    """One ruling of a seed file with its truth."""

    file: str
    """The file stem."""
    text: str
    lang: str
    """The ruling's true language."""
    file_lang: str
    clauses: tuple[str, ...]
    """The English clauses inside it (localized rulings only)."""


def read_seed(path: Path) -> tuple[str, list[str]]:
    """The title and the ruling texts of a seed file (a minimal reader for evaluation only:
    title line, then date line + paragraph blocks separated by blank lines)."""
    raw = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    blocks = [b.strip() for b in re.split(r"\n[ \t]*\n", raw.strip()) if b.strip()]
    title, rulings = blocks[0], []
    for block in blocks[1:]:
        first, _, rest = block.partition("\n")
        if _DATE_RE.fullmatch(first.strip()):
            if rest.strip():
                rulings.append(rest.strip())
        else:
            rulings.append(block)
    return title, rulings


def seed_rulings(seeds_dir: Path = SEEDS_DIR) -> list[SeedRuling]:
    """Every ruling of the four seed files with its true language and clauses."""
    out: list[SeedRuling] = []
    for stem, file_lang in SEED_FILE_LANGS.items():
        _, texts = read_seed(seeds_dir / f"{stem}.txt")
        for text in texts:
            english = text.startswith(SEED_ENGLISH_PREFIXES[stem])
            clauses: list[str] = []
            for prefix, found in SEED_CLAUSES.get(stem, {}).items():
                if text.startswith(prefix):
                    clauses = found
            out.append(
                SeedRuling(stem, text, "en" if english else file_lang, file_lang, tuple(clauses))
            )
    return out


# --------------------------------------------------------------------------------- card data


def load_cards(path: Path = CARDS_PATH) -> list[dict[str, Any]]:
    """The cards of ``cards.jsonl.gz``, in file order."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def load_english_rulings(path: Path = RULINGS_EN_PATH) -> list[str]:
    """The distinct English ruling texts of ``rulings_en.jsonl.gz``, sorted."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return sorted({json.loads(line)["text"] for line in fh if line.strip()})


def english_card_names(cards: Sequence[dict[str, Any]]) -> list[str]:
    """Every English card name and face name, sorted (what a build would mask)."""
    names: set[str] = set()
    for card in cards:
        names.add(card["name"])
        for face in card["faces"]:
            if face.get("face_name"):
                names.add(face["face_name"])
    return sorted(names)


def card_texts(cards: Sequence[dict[str, Any]], lang: str) -> list[str]:
    """The distinct face texts of ``lang`` (``en``: the English oracle text), in card order."""
    seen: set[str] = set()
    out: list[str] = []
    for card in cards:
        for face in card["faces"]:
            text = face.get("text") if lang == "en" else (face.get(lang) or {}).get("text")
            if text and text not in seen:
                seen.add(text)
                out.append(text)
    return out


_PART_SPLIT = re.compile(r"(?<=[.!?])\s+|\n+|[,;:()\"“”«»„]|\s[—–-]\s")
_PART_TRIM = " \t.,;:!?—–-'’"


def text_parts(text: str) -> Iterator[str]:
    """The sentence / comma / bracket parts of ``text``, trimmed of punctuation."""
    for part in _PART_SPLIT.split(text):
        part = part.strip(_PART_TRIM)
        if part:
            yield part


def short_clauses(
    texts: Sequence[str], n: int, seed: int, min_words: int = 2, max_words: int = 6
) -> list[str]:
    """``n`` distinct parts of ``texts`` with ``min_words``..``max_words`` words, drawn with
    ``random.Random(seed)`` (fewer when there are not enough)."""
    pool = sorted(
        {
            p
            for t in texts
            for p in text_parts(t)
            if min_words <= len(words(p)) <= max_words and "{" not in p
        }
    )
    rng = random.Random(seed)
    rng.shuffle(pool)
    return pool[:n]


# ------------------------------------------------------------------------ clause evaluation


@dataclass(frozen=True, slots=True)
class ClauseCase:
    """A real localized card text, possibly with one English clause spliced in."""

    text: str
    lang: str
    expected: tuple[str, ...]
    """The spliced English clause, or ``()`` for untouched text."""
    style: str
    """``none``, ``paren`` (" (clause)"), ``comma`` (", clause") or ``sentence`` (" Clause.")."""
    source: str
    """Where the clause comes from: ``ruling``, ``card`` or ``""``."""


def _insertion_points(text: str, style: str) -> list[int]:
    if style == "comma":
        return [m.start() for m in re.finditer(r",(?= )", text)]
    # before a sentence's final period (paren) / after it (sentence)
    ends = [m.start() for m in re.finditer(r"\.(?=\s|$)", text)]
    return ends if style == "paren" else [e + 1 for e in ends]


def _splice(text: str, clause: str, style: str, at: int) -> str:
    if style == "paren":
        return f"{text[:at]} ({clause}){text[at:]}"
    if style == "comma":
        return f"{text[:at]}, {clause}{text[at:]}"
    return f"{text[:at]} {clause}.{text[at:]}"


def english_clause_pool(texts: Sequence[str], min_words: int = 3, max_words: int = 12) -> list[str]:
    """Parts of English ``texts`` usable as spliced clauses: ``min_words``..``max_words`` words,
    no brackets or mana symbols, sorted. Not filtered by any criterion of the finder."""
    return sorted(
        {
            p
            for t in texts
            for p in text_parts(t)
            if min_words <= len(words(p)) <= max_words
            and not re.search(r"[{}\[\]()]", p)
            and p[0].isalpha()
        }
    )


def clause_eval_cases(
    localized: Sequence[str],
    lang: str,
    pools: dict[str, Sequence[str]],
    n_spliced: int,
    n_untouched: int,
    seed: int,
) -> list[ClauseCase]:
    """Cases built from real ``lang`` card texts ``localized``.

    ``n_untouched`` texts are kept as they are (expected: no clause); ``n_spliced`` other texts
    get one clause from ``pools`` (source name -> English clauses), in a style drawn at random
    among those the text allows. Deterministic for a given ``seed``.
    """
    rng = random.Random(seed)
    order = list(range(len(localized)))
    rng.shuffle(order)
    cases: list[ClauseCase] = [
        ClauseCase(localized[i], lang, (), "none", "") for i in order[:n_untouched]
    ]
    sources = sorted(pools)
    for i in order[n_untouched:]:
        if len(cases) >= n_untouched + n_spliced:
            break
        text = localized[i]
        styles = [s for s in ("paren", "comma", "sentence") if _insertion_points(text, s)]
        if not styles:
            continue
        style = rng.choice(styles)
        at = rng.choice(_insertion_points(text, style))
        source = rng.choice(sources)
        clause = rng.choice(pools[source])
        if style == "comma" and " " not in clause:
            continue
        if style == "sentence":
            clause = clause[0].upper() + clause[1:]
        cases.append(ClauseCase(_splice(text, clause, style, at), lang, (clause,), style, source))
    return cases


@dataclass(slots=True)
class ClauseScores:
    """Precision / recall of a clause finder on :class:`ClauseCase` s."""

    spliced: int = 0
    found_expected: int = 0
    returned: int = 0
    returned_correct: int = 0
    untouched: int = 0
    untouched_with_fp: int = 0

    @property
    def precision(self) -> float:
        return self.returned_correct / self.returned if self.returned else 1.0

    @property
    def recall(self) -> float:
        return self.found_expected / self.spliced if self.spliced else 0.0

    @property
    def fp_rate(self) -> float:
        """Share of untouched real texts on which the finder returned any clause."""
        return self.untouched_with_fp / self.untouched if self.untouched else 0.0

    def add(self, case: ClauseCase, found: Sequence[str]) -> None:
        """Count the finder's answer ``found`` on ``case``."""
        self.returned += len(found)
        self.returned_correct += sum(1 for c in found if c in case.expected)
        if case.expected:
            self.spliced += 1
            self.found_expected += sum(1 for c in case.expected if c in found)
        else:
            self.untouched += 1
            self.untouched_with_fp += 1 if found else 0
