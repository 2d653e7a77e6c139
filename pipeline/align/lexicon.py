"""A bilingual MTG lexicon learned from the parallel card-face texts of the MTGJSON snapshot.

Each card face has its English oracle text and (often) its printed Italian and German text. Word
association is measured by the Dice coefficient of co-occurrence over aligned units: a face's lines
when both sides have the same number of lines (abilities are one a line), else the whole face.
The card's own name is masked on both sides so it does not pollute the associations.

Learning takes 15-35 s, so the learned tables ship with the repository as a generated file,
``fixtures/lexicon/lexicon-<LEXICON_VERSION>.json.gz`` (deterministic bytes, ~0.5 MB), that
records the SHA-256 of the ``cards.jsonl.gz`` it was learned from. Regenerate it with::

    python -m pipeline.align.regen_lexicon --write     # --check: exit 1 when it is stale

:meth:`Lexicon.load` reads it (~0.1 s) when it matches the card data and the algorithm version.
Otherwise (card data or algorithm changed and the file not regenerated yet) the lexicon is learned
and cached on disk in the per-user cache (:func:`pipeline.user_cache.cache_dir`), keyed by the data's
SHA-256 and :data:`LEXICON_VERSION`; the test suite fails until the file is regenerated.

Only the *train* split of oracle ids is learned from (see :func:`split_of`); the ``dev`` and
``test`` splits are kept out so the held-out evaluation in :mod:`pipeline.align.evaluate` is fair.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import itertools
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from pipeline import languages
from pipeline.user_cache import cache_dir, write_atomic

from .errors import LexiconError
from .text import normalise, words

LEXICON_VERSION = "dice-lines-stems-v4"
"""Bump when the learning algorithm changes: it is part of the disk-cache key."""

_REPO = Path(__file__).resolve().parents[2]
CARDS_PATH = _REPO / "fixtures/data/mtgjson-2022/cards.jsonl.gz"
SHIPPED_DIR = _REPO / "fixtures" / "lexicon"
SHIPPED_PATH = SHIPPED_DIR / f"lexicon-{LEXICON_VERSION}.json.gz"
"""The shipped lexicon learned from the train split of :data:`CARDS_PATH`."""


def lexicon_langs() -> tuple[str, ...]:
    """The languages of the lexicon: the registry's (``en``, ``it``, ``de`` built in)."""
    return languages.codes()


def lexicon_pairs() -> tuple[tuple[str, str], ...]:
    """The language pairs learned: English with each localized language, then the localized
    pairs (``(en, it), (en, de), (it, de)`` built in)."""
    loc = languages.localized()
    return (
        *((languages.ENGLISH, c) for c in loc),
        *itertools.combinations(loc, 2),
    )


Split = Literal["train", "dev", "test"]

_MIN_COOC = 2
_MIN_DICE = 0.04
_TOP_K = 12
STEM_LEN = 6


def split_of(oracle_id: str) -> Split:
    """Deterministic split of a card by oracle id: 10 % test, 10 % dev, 80 % train."""
    bucket = int(hashlib.sha256(oracle_id.encode("utf-8")).hexdigest()[:8], 16) % 10
    if bucket == 0:
        return "test"
    if bucket == 1:
        return "dev"
    return "train"


@dataclass(frozen=True, slots=True)
class ParallelFace:
    """One card face's text in each language that has it (``texts[lang]``), with its names."""

    oracle_id: str
    card_name: str
    texts: Mapping[str, str]
    names: Mapping[str, tuple[str, ...]]
    """lang -> names of the card and face in that language (masked out while learning)."""


def load_parallel_faces(path: Path = CARDS_PATH) -> list[ParallelFace]:
    """Every face of ``cards.jsonl.gz`` with English text and at least one localized text."""
    try:
        fh = gzip.open(path, "rt", encoding="utf-8")
    except OSError as exc:  # pragma: no cover - depends on the file system
        raise LexiconError(f"cannot open card data {path}: {exc}") from exc
    out: list[ParallelFace] = []
    try:
        with fh:
            for lineno, line in enumerate(fh, 1):
                try:
                    card = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise LexiconError(f"{path}:{lineno}: not JSON: {exc}") from exc
                for face in card.get("faces") or []:
                    en = face.get("text")
                    if not en:
                        continue
                    texts = {"en": en}
                    names: dict[str, tuple[str, ...]] = {
                        "en": _names(card.get("name"), face.get("face_name"))
                    }
                    for lang in languages.localized():
                        loc = face.get(lang) or {}
                        if loc.get("text"):
                            texts[lang] = loc["text"]
                            names[lang] = _names(
                                loc.get("name"),
                                loc.get("face_name"),
                                *(loc.get("names") or []),
                                *(loc.get("face_names") or []),
                            )
                    if len(texts) > 1:
                        out.append(
                            ParallelFace(card["oracle_id"], card.get("name", ""), texts, names)
                        )
    except (OSError, EOFError) as exc:
        raise LexiconError(f"cannot read card data {path}: {exc}") from exc
    return out


def _names(*names: str | None) -> tuple[str, ...]:
    parts: set[str] = set()
    for n in names:
        if not n:
            continue
        parts.add(n)
        parts.update(p.strip() for p in n.split("//") if p.strip())
    return tuple(sorted(parts, key=lambda s: (-len(s), s)))


def _mask(text: str, names: Iterable[str]) -> str:
    """The card's own names blanked out (names are sorted longest first)."""
    t = normalise(text)
    for n in names:
        if len(n) >= 3:
            t = t.replace(_norm_name(n), " ")
    return t


@functools.lru_cache(maxsize=1 << 16)
def _norm_name(name: str) -> str:
    return normalise(name)


def _units(face: ParallelFace, la: str, lb: str) -> list[tuple[str, str]]:
    """Aligned units of a face: its lines when both sides have as many, else the whole text."""
    na, nb = face.names.get(la, ()), face.names.get(lb, ())
    lines_a = [x for x in face.texts[la].split("\n") if x.strip()]
    lines_b = [x for x in face.texts[lb].split("\n") if x.strip()]
    if len(lines_a) == len(lines_b) and len(lines_a) > 1:
        return [(_mask(x, na), _mask(y, nb)) for x, y in zip(lines_a, lines_b, strict=True)]
    return [(_mask(face.texts[la], na), _mask(face.texts[lb], nb))]


def _suffixes(lang: str) -> tuple[str, ...]:
    """The stemmer's suffixes of ``lang`` (:attr:`pipeline.languages.Language.stem_suffixes`)."""
    return languages.get(lang).stem_suffixes if lang in languages.codes() else ()


@functools.lru_cache(maxsize=1 << 18)
def stem(word: str, lang: str) -> str:
    """Light stem for the inflection back-off: one common suffix of ``lang`` stripped (keeping
    three letters at least), English final *e* dropped, then cut to :data:`STEM_LEN` letters."""
    for suf in _suffixes(lang):
        if word.endswith(suf) and len(word) - len(suf) >= 3:
            word = word[: -len(suf)]
            break
    if lang == "en" and word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word[:STEM_LEN]


class Lexicon:
    """Word-association tables between the registered languages, plus IDF weights and length
    ratios.

    Use :meth:`load` (cached) in production and :meth:`learn` to build one from chosen faces.
    """

    __slots__ = ("_trans", "idf", "length_ratio", "_max_idf")

    def __init__(
        self,
        trans: dict[str, dict[str, dict[str, dict[str, float]]]],
        idf: dict[str, dict[str, float]],
        length_ratio: dict[str, float],
    ) -> None:
        self._trans = trans
        self.idf = idf
        """lang -> word -> inverse document frequency over the learning faces."""
        self.length_ratio = length_ratio
        """``"la>lb"`` -> median character-length ratio ``len(lb) / len(la)``."""
        self._max_idf = {lang: (max(d.values()) if d else 1.0) for lang, d in idf.items()}

    _cache: dict[tuple[str, str], Lexicon] = {}

    # ------------------------------------------------------------------ lookup
    def translations(self, la: str, lb: str, word: str) -> Mapping[str, float]:
        """Association scores (0..1) of ``word`` in ``la`` with words in ``lb``."""
        return self.translation_table(la, lb).get(word, {})

    def translation_table(self, la: str, lb: str) -> Mapping[str, Mapping[str, float]]:
        """Word in ``la`` -> its :meth:`translations` into ``lb`` (a word without any: absent)."""
        return self._trans.get(la, {}).get(lb, {})

    def stem_table(self, la: str, lb: str) -> Mapping[str, Mapping[str, float]]:
        """Stem (:func:`stem`) in ``la`` -> association scores with stems in ``lb`` (a stem
        without any: absent)."""
        return self._trans.get("~" + la, {}).get("~" + lb, {})

    def weight(self, lang: str, word: str) -> float:
        """IDF weight of ``word``; unseen words get the weight of a word seen twice."""
        d = self.idf.get(lang)
        if not d:
            return 1.0
        w = d.get(word)
        if w is None:
            return self._max_idf[lang] * 0.9
        return w

    def expected_ratio(self, la: str, lb: str) -> float:
        """Typical ``len(text in lb) / len(text in la)``."""
        return self.length_ratio.get(f"{la}>{lb}", 1.0)

    @property
    def size(self) -> int:
        """Number of directed word associations held."""
        return sum(len(v) for d1 in self._trans.values() for d2 in d1.values() for v in d2.values())

    # ------------------------------------------------------------------ learning
    @classmethod
    def learn(cls, faces: Iterable[ParallelFace]) -> Lexicon:
        """Learn a lexicon from parallel faces (all of them: the caller chooses the split)."""
        faces = list(faces)
        trans: dict[str, dict[str, dict[str, dict[str, float]]]] = {
            k: {} for la in lexicon_langs() for k in (la, "~" + la)
        }
        ratios: dict[str, float] = {}
        for la, lb in lexicon_pairs():
            units: list[tuple[str, str]] = []
            lens: list[float] = []
            for f in faces:
                if la in f.texts and lb in f.texts:
                    units.extend(_units(f, la, lb))
                    lens.append(len(normalise(f.texts[lb])) / max(1, len(normalise(f.texts[la]))))
            if not units:
                continue
            wa = [words(a) for a, _ in units]
            wb = [words(b) for _, b in units]
            ab, ba = _dice_tables(wa, wb)
            trans[la][lb] = ab
            trans[lb][la] = ba
            sab, sba = _dice_tables(
                [[stem(w, la) for w in d] for d in wa], [[stem(w, lb) for w in d] for d in wb]
            )
            trans["~" + la]["~" + lb] = sab
            trans["~" + lb]["~" + la] = sba
            r = float(np.median(lens))
            ratios[f"{la}>{lb}"] = r
            ratios[f"{lb}>{la}"] = 1.0 / r
        idf: dict[str, dict[str, float]] = {}
        for lang in lexicon_langs():
            docs = [set(words(f.texts[lang])) for f in faces if lang in f.texts]
            df: dict[str, int] = {}
            for d in docs:
                for w in d:
                    df[w] = df.get(w, 0) + 1
            n = len(docs)
            idf[lang] = {w: round(math.log((n + 1) / (c + 1)), 4) for w, c in sorted(df.items())}
        return cls(trans, idf, ratios)

    @classmethod
    def load(cls, path: Path = CARDS_PATH) -> Lexicon:
        """The lexicon learned from the train split of ``path``: in-process and disk cached.

        Read from the shipped file (:data:`SHIPPED_PATH`) when it was learned from these exact
        bytes; else from the disk cache in the per-user cache (:func:`pipeline.user_cache.cache_dir`), else
        learned (and cached). An unwritable or corrupt cache is ignored.
        """
        try:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()[:20]
        except OSError as exc:
            raise LexiconError(f"cannot read card data {path}: {exc}") from exc
        key = (digest, LEXICON_VERSION)
        hit = cls._cache.get(key)
        if hit is not None:
            return hit
        lex = read_shipped(SHIPPED_PATH, digest)
        if lex is None:
            directory = cache_dir()
            cache_file = directory / f"lexicon-{LEXICON_VERSION}-{digest}.json" \
                if directory is not None else None
            lex = _read_cache(cache_file) if cache_file is not None else None
            if lex is None:
                lex = learn_from(path)
                if cache_file is not None:
                    _write_cache(cache_file, lex)
        cls._cache[key] = lex
        return lex

    def to_json(self, **extra: object) -> str:
        """Deterministic JSON serialisation (sorted keys); ``extra`` keys are added as is."""
        return json.dumps(
            {
                **extra,
                "version": LEXICON_VERSION,
                "trans": self._trans,
                "idf": self.idf,
                "length_ratio": self.length_ratio,
            },
            sort_keys=True,
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, data: str) -> Lexicon:
        """Inverse of :meth:`to_json`; raises :class:`LexiconError` on a malformed document."""
        try:
            obj = json.loads(data)
            if obj.get("version") != LEXICON_VERSION:
                raise LexiconError("lexicon version mismatch")
            return cls(obj["trans"], obj["idf"], obj["length_ratio"])
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise LexiconError(f"malformed lexicon document: {exc}") from exc


def _dice_tables(
    docs_a: list[list[str]], docs_b: list[list[str]]
) -> tuple[dict[str, dict[str, float]], dict[str, dict[str, float]]]:
    """Dice association between words of side a and side b over aligned units."""
    sets_a = [sorted(set(d)) for d in docs_a]
    sets_b = [sorted(set(d)) for d in docs_b]
    df_a: dict[str, int] = {}
    df_b: dict[str, int] = {}
    for s in sets_a:
        for w in s:
            df_a[w] = df_a.get(w, 0) + 1
    for s in sets_b:
        for w in s:
            df_b[w] = df_b.get(w, 0) + 1
    voc_a = sorted(w for w, c in df_a.items() if c >= _MIN_COOC)
    voc_b = sorted(w for w, c in df_b.items() if c >= _MIN_COOC)
    ia = {w: i for i, w in enumerate(voc_a)}
    ib = {w: i for i, w in enumerate(voc_b)}
    nb = len(voc_b)
    chunks: list[np.ndarray] = []
    for sa, sb in zip(sets_a, sets_b, strict=True):
        xa = np.fromiter((ia[w] for w in sa if w in ia), dtype=np.int64)
        xb = np.fromiter((ib[w] for w in sb if w in ib), dtype=np.int64)
        if xa.size and xb.size:
            chunks.append((xa[:, None] * nb + xb[None, :]).ravel())
    if not chunks:
        return {}, {}
    keys, counts = np.unique(np.concatenate(chunks), return_counts=True)
    keep = counts >= _MIN_COOC
    keys, counts = keys[keep], counts[keep]
    a_idx, b_idx = keys // nb, keys % nb
    dfa = np.array([df_a[w] for w in voc_a], dtype=np.float64)
    dfb = np.array([df_b[w] for w in voc_b], dtype=np.float64)
    dice = 2.0 * counts / (dfa[a_idx] + dfb[b_idx])
    keep = dice >= _MIN_DICE
    a_idx, b_idx, dice = a_idx[keep], b_idx[keep], dice[keep]
    return _top_k(a_idx, b_idx, dice, voc_a, voc_b), _top_k(b_idx, a_idx, dice, voc_b, voc_a)


def _top_k(
    src: np.ndarray, dst: np.ndarray, score: np.ndarray, voc_src: list[str], voc_dst: list[str]
) -> dict[str, dict[str, float]]:
    """The :data:`_TOP_K` best ``dst`` words of each ``src`` word (ties: by ``dst`` index)."""
    order = np.lexsort((dst, -score, src))
    src, dst, score = src[order], dst[order], score[order]
    starts = np.r_[0, np.flatnonzero(np.diff(src)) + 1]
    rank = np.arange(src.size) - np.repeat(starts, np.diff(np.r_[starts, src.size]))
    keep = rank < _TOP_K
    out: dict[str, dict[str, float]] = {}
    for s_i, d_i, sc in zip(
        src[keep].tolist(), dst[keep].tolist(), np.round(score[keep], 4).tolist(), strict=True
    ):
        out.setdefault(voc_src[s_i], {})[voc_dst[d_i]] = sc
    return out


def _read_cache(path: Path) -> Lexicon | None:
    try:
        return Lexicon.from_json(path.read_text(encoding="utf-8"))
    except (OSError, LexiconError):
        return None


def _write_cache(path: Path, lex: Lexicon) -> None:
    write_atomic(path, lex.to_json().encode("utf-8"))


# ------------------------------------------------------------------------- the shipped lexicon


def learn_from(path: Path = CARDS_PATH) -> Lexicon:
    """Learn the production lexicon: every parallel face of the *train* split of ``path``."""
    return Lexicon.learn(f for f in load_parallel_faces(path) if split_of(f.oracle_id) == "train")


def shipped_bytes(lex: Lexicon, cards_sha256: str) -> bytes:
    """The bytes of the shipped file for ``lex``: gzip (level 9, no name, mtime 0) of its JSON
    with the SHA-256 of the card data it was learned from."""
    doc = lex.to_json(
        cards_sha256=cards_sha256,
        source="fixtures/data/mtgjson-2022/cards.jsonl.gz (train split of oracle ids)",
        generator="python -m pipeline.align.regen_lexicon --write",
    )
    return gzip.compress(doc.encode("utf-8"), compresslevel=9, mtime=0)


def read_shipped(path: Path, cards_sha256: str) -> Lexicon | None:
    """The lexicon of a shipped file when it was learned from data of SHA-256 ``cards_sha256``
    (its first 20 hex digits at least) and by this :data:`LEXICON_VERSION`; else ``None``."""
    try:
        obj = json.loads(gzip.decompress(path.read_bytes()))
    except (OSError, EOFError, ValueError):
        return None
    if not isinstance(obj, dict) or obj.get("version") != LEXICON_VERSION:
        return None
    recorded = obj.get("cards_sha256")
    if not isinstance(recorded, str) or not recorded.startswith(cards_sha256):
        return None
    try:
        return Lexicon(obj["trans"], obj["idf"], obj["length_ratio"])
    except (KeyError, TypeError, AttributeError):
        return None
