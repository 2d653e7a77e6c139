"""The terminology glossary: English terms and their Italian / German renderings.

Derived from the parallel card data of the names table, plus a small hand-kept override file
(``fixtures/glossary/overrides.yaml``, documented in the file itself):

* **type terms** — for every English subtype (``Warlock``, ``Rogue``…) the localized subtype
  words of the same type lines, scored by the Dice coefficient over all cards: the best one
  (Dice >= :data:`MIN_DICE`, seen on >= :data:`MIN_CARDS` cards) is the printed rendering;
  others with Dice >= :data:`MIN_ALT_DICE` that are not the main rendering of another subtype
  are alternative printed renderings (``Dog`` → ``Segugio``, ``Canide``);
* **override terms** — phrase terms (``split card``: *carta split* / *carta divisa*) and extra
  renderings of derived terms (``Warlock``: *Stregone*).

The *preferred* rendering of a term (the suggestion when a language mixes renderings) is the
override's ``preferred``, else the one printed in most localized card texts whose English text
has the term, else the one used most in the rulings checked, else the first listed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml

from pipeline import languages
from pipeline.cards import NamesTable
from reports.translation.errors import GlossaryError

__all__ = [
    "DEFAULT_OVERRIDES",
    "Glossary",
    "MIN_ALT_DICE",
    "MIN_CARDS",
    "MIN_DICE",
    "Term",
    "TermHit",
    "Variant",
    "load_glossary",
]

DEFAULT_OVERRIDES = Path(__file__).resolve().parents[2] / "fixtures" / "glossary" / "overrides.yaml"
"""The hand-kept override file of the repository."""

MIN_DICE = 0.5
MIN_ALT_DICE = 0.3
MIN_CARDS = 3

_TYPE_SEP = re.compile(r"\s+[—–-]\s+")


@dataclass(frozen=True)
class Variant:
    """One rendering of a term in a language."""

    text: str
    pattern: re.Pattern[str]
    source: str
    """``type-line`` (derived from the card data) or ``override``."""
    note: str = ""


@dataclass(frozen=True)
class Term:
    """An English term with its renderings per language."""

    en: str
    en_pattern: re.Pattern[str]
    kind: str
    """``type`` (derived subtype) or ``phrase`` (override)."""
    variants: dict[str, tuple[Variant, ...]] = field(default_factory=dict)
    preferred: dict[str, str] = field(default_factory=dict)
    """Override-given preferred renderings per language."""

    def in_english(self, text: str | None) -> bool:
        """Whether the English ``text`` uses the term."""
        return bool(text) and self.en_pattern.search(text or "") is not None


@dataclass(frozen=True, slots=True)
class TermHit:
    """A rendering of a term found in a localized text."""

    term: Term
    variant: Variant
    start: int
    end: int
    text: str


def _english_pattern(word: str) -> re.Pattern[str]:
    w = re.escape(word)
    if word.endswith("y"):
        body = rf"{re.escape(word[:-1])}(?:y|ies)"
    else:
        body = rf"{w}(?:s|es)?"
    return re.compile(rf"(?<![^\W\d_]){body}(?![^\W\d_])", re.IGNORECASE)


def _localized_pattern(word: str, lang: str) -> re.Pattern[str]:
    """``word`` (a rendering in ``lang``) and its common inflections, as a whole word; case
    matters in a language that capitalises every noun (German: Elf / elf)."""
    if lang == "it":
        stem = word[:-1] if word[-1:].lower() in "aeio" and len(word) > 3 else word
        body = rf"{re.escape(stem)}[aeio]?"
    elif lang == "de":
        body = rf"{re.escape(word)}(?:e|en|n|s|es|er|ern)?"
    else:  # a language without inflection data here: the word and a plural -s
        body = rf"{re.escape(word)}(?:s|es)?"
    flags = 0 if languages.get(lang).capitalises_nouns else re.IGNORECASE
    return re.compile(rf"(?<![^\W\d_]){body}(?![^\W\d_])", flags)


def _phrase_pattern(pattern: str) -> re.Pattern[str]:
    try:
        return re.compile(rf"(?<![^\W\d_])(?:{pattern})(?![^\W\d_])", re.IGNORECASE)
    except re.error as exc:
        raise GlossaryError(f"bad pattern {pattern!r}: {exc}") from exc


class Glossary:
    """Terms with their renderings; see the module documentation for how it is built."""

    def __init__(self, terms: Iterable[Term], table: NamesTable | None = None) -> None:
        self.terms: tuple[Term, ...] = tuple(sorted(terms, key=lambda t: (t.kind, t.en)))
        self._table = table
        self._card_counts: dict[tuple[str, str], Counter[str]] = {}

    def __len__(self) -> int:
        return len(self.terms)

    def term(self, en: str) -> Term:
        """The term whose English form is ``en``; :class:`KeyError` if none."""
        for t in self.terms:
            if t.en == en:
                return t
        raise KeyError(en)

    def find(self, text: str, lang: str) -> list[TermHit]:
        """Renderings of every term in the localized ``text``, in text order (no overlaps:
        the longer rendering wins)."""
        hits: list[TermHit] = []
        for term in self.terms:
            for variant in term.variants.get(lang, ()):
                for m in variant.pattern.finditer(text):
                    hits.append(TermHit(term, variant, m.start(), m.end(), m.group()))
        hits.sort(key=lambda h: (h.start, -(h.end - h.start), h.term.en, h.variant.text))
        out: list[TermHit] = []
        for hit in hits:
            if out and hit.start < out[-1].end:
                continue
            out.append(hit)
        return out

    @cached_property
    def _parallel(self) -> dict[str, list[tuple[str, str]]]:
        if self._table is None:
            return {lang: [] for lang in languages.localized()}
        return {lang: [(en, loc) for _, _, en, loc in self._table.iter_parallel_faces(lang)]
                for lang in languages.localized()}

    def card_text_counts(self, term: Term, lang: str) -> Counter[str]:
        """How many localized card texts whose English text has ``term`` use each rendering."""
        key = (term.en, lang)
        if key not in self._card_counts:
            counts: Counter[str] = Counter()
            for en, loc in self._parallel.get(lang, []):
                if term.en_pattern.search(en):
                    for v in term.variants.get(lang, ()):
                        if v.pattern.search(loc):
                            counts[v.text] += 1
            self._card_counts[key] = counts
        return self._card_counts[key]

    def preferred(self, term: Term, lang: str, ruling_counts: Counter[str]) -> str:
        """The rendering to suggest for ``term`` in ``lang`` (see the module documentation)."""
        if lang in term.preferred:
            return term.preferred[lang]
        order = [v.text for v in term.variants.get(lang, ())]
        cards = self.card_text_counts(term, lang)
        return sorted(order, key=lambda v: (-cards[v], -ruling_counts[v], order.index(v)))[0]


def _derive_type_terms(table: NamesTable) -> dict[str, dict[str, list[tuple[str, float]]]]:
    """English subtype -> lang -> [(localized subtype, dice)], best first."""
    out: dict[str, dict[str, list[tuple[str, float]]]] = {}
    for lang in languages.localized():
        ce: Counter[str] = Counter()
        cl: Counter[str] = Counter()
        co: Counter[tuple[str, str]] = Counter()
        for card_id in table.card_ids():
            for face in table.card(card_id).faces:
                block = face.localized(lang)
                if not (face.type and block is not None and block.type):
                    continue
                pe = _TYPE_SEP.split(face.type, maxsplit=1)
                pl = _TYPE_SEP.split(block.type, maxsplit=1)
                if len(pe) < 2 or len(pl) < 2:
                    continue
                es = {w for w in pe[1].split() if w.isalpha()}
                ls = {w.strip(",;") for w in pl[1].split()}
                ls = {w for w in ls if w.isalpha()}
                ce.update(es)
                cl.update(ls)
                co.update((e, loc) for e in es for loc in ls)
        scored: dict[str, list[tuple[str, float]]] = {}
        for (e, loc), n in co.items():
            if n < MIN_CARDS:
                continue
            dice = 2 * n / (ce[e] + cl[loc])
            if dice >= MIN_ALT_DICE:
                scored.setdefault(e, []).append((loc, dice))
        main = {}
        for e, cands in scored.items():
            cands.sort(key=lambda c: (-c[1], c[0]))
            if cands[0][1] >= MIN_DICE:
                main[e] = cands[0][0]
        mains = set(main.values())
        for e, first in sorted(main.items()):
            alts = [(loc, d) for loc, d in scored[e][1:] if loc not in mains]
            out.setdefault(e, {})[lang] = [(first, scored[e][0][1]), *alts]
    return out


def _read_overrides(path: Path) -> list[dict[str, Any]]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise GlossaryError(f"{path}: glossary override file not found") from exc
    except (OSError, yaml.YAMLError) as exc:
        raise GlossaryError(f"{path}: unreadable glossary override file: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("terms", []), list):
        raise GlossaryError(f"{path}: expected a mapping with a 'terms' list")
    terms = data.get("terms") or []
    for i, entry in enumerate(terms):
        if not isinstance(entry, dict) or not isinstance(entry.get("en"), str):
            raise GlossaryError(f"{path}: terms[{i}] needs an 'en' string")
        for lang in languages.localized():
            block = entry.get(lang)
            if block is None:
                continue
            if not isinstance(block, dict) or not isinstance(block.get("variants"), list):
                raise GlossaryError(f"{path}: terms[{i}].{lang} needs a 'variants' list")
            for v in block["variants"]:
                if not isinstance(v, dict) or not isinstance(v.get("text"), str):
                    raise GlossaryError(f"{path}: terms[{i}].{lang}: each variant needs 'text'")
    return terms


def load_glossary(
    table: NamesTable | None = None, overrides: Path | str | None = DEFAULT_OVERRIDES
) -> Glossary:
    """Build the glossary from ``table`` (default: :meth:`NamesTable.load`) and the override
    file (``None``: no overrides). Raises :class:`GlossaryError` for a bad override file."""
    table = table if table is not None else NamesTable.load()
    terms: dict[str, Term] = {}
    for en, per_lang in _derive_type_terms(table).items():
        variants = {
            lang: tuple(Variant(loc, _localized_pattern(loc, lang), "type-line",
                                f"Dice {dice:.2f} over parallel type lines")
                        for loc, dice in cands)
            for lang, cands in sorted(per_lang.items())
        }
        terms[en] = Term(en, _english_pattern(en), "type", variants)
    for entry in _read_overrides(Path(overrides)) if overrides is not None else []:
        en = entry["en"]
        forms = entry.get("en_forms")
        en_pattern = (_phrase_pattern("|".join(forms)) if forms else _english_pattern(en))
        base = terms.get(en)
        variants = dict(base.variants) if base else {}
        preferred = dict(base.preferred) if base else {}
        for lang in languages.localized():
            block = entry.get(lang)
            if not block:
                continue
            have = {v.text for v in variants.get(lang, ())}
            extra = tuple(
                Variant(v["text"], _phrase_pattern(v.get("pattern") or re.escape(v["text"])),
                        "override", str(v.get("note", "")))
                for v in block["variants"] if v["text"] not in have
            )
            variants[lang] = variants.get(lang, ()) + extra
            if block.get("preferred"):
                preferred[lang] = str(block["preferred"])
        terms[en] = Term(en, base.en_pattern if base and not forms else en_pattern,
                         base.kind if base else "phrase", variants, preferred)
    return Glossary(terms.values(), table)
