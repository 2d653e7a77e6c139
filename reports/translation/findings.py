"""The finding record of the translation report, and the closed lists of checks and severities."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from pipeline import languages

__all__ = ["CHECKS", "SEVERITIES", "Finding", "check_descriptions", "finding_fields", "localized_names"]

SEVERITIES: tuple[str, ...] = ("error", "warning", "info")
"""Most to least severe."""

CHECKS: dict[str, str] = {
    "untranslated_ruling": "A whole ruling in English inside a localized file.",
    "untranslated_clause": "An English clause inside a localized ruling.",
    "missing_en": "A localized ruling of a card that has no English rulings at all (informational).",
    "missing_ruling": "An English (or other-language) ruling with no counterpart in a localized file.",
    "extra_ruling": "A localized ruling with no English counterpart although the card has English rulings.",
    "date_mismatch": "The members of an aligned group carry different dates.",
    "numbers": "Numbers, number words or chapter numerals differ from the aligned text.",
    "symbols": "Symbols ({X}, {T}, +1/+1) differ from the aligned text.",
    "quotes_parentheses": "Counts of quoted passages or parentheses differ from the aligned text.",
    "english_card_name": "A card name left in English although the names table has a localized name.",
    "term_inconsistent": "One English term rendered two ways within a language.",
    "term_card_text": "A ruling's rendering of a term differs from the card's printed localized text.",
    "typography": "Apostrophe or quote styles mixed within a file.",
}
"""Check id -> what it finds, in report order (:func:`check_descriptions` names the languages)."""


def localized_names(conjunction: str = "or") -> str:
    """The registered localized languages' names as a phrase: ``Italian or German``,
    ``Italian, German or French``."""
    names = [languages.get(c).name for c in languages.localized()]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {conjunction} " + names[-1]


def check_descriptions() -> dict[str, str]:
    """:data:`CHECKS` with the registered localized languages named where a check is about
    them (``… inside an Italian or German file.``)."""
    names = localized_names()
    article = "an" if names[:1] in ("A", "E", "I", "O", "U") else "a"
    return {**CHECKS, "untranslated_ruling":
            f"A whole ruling in English inside {article} {names} file."}


@dataclass(frozen=True)
class Finding:
    """One finding: what, where, the evidence and the aligned texts.

    ``spans`` are character ranges of ``text`` (the checked ruling) that make the evidence;
    ``ref_spans`` are ranges of the reference text (``texts[ref_lang]``) when the evidence is
    there (e.g. a number the translation lost). ``texts`` holds the aligned group's text in each
    language that has one; :meth:`to_dict` writes it as ``text_<code>`` for every registered
    language (:mod:`pipeline.languages`).
    """

    check: str
    severity: str
    card_id: str
    card_name: str
    lang: str
    """Language of the file the finding is about (a localized language: ``it``, ``de``)."""
    ruling_id: str | None
    """The localized ruling; for ``missing_ruling`` the English ruling that lacks a counterpart."""
    message: str
    evidence: str
    """The evidence spans' text, joined by `` … ``."""
    text: str
    """The text the spans refer to (the localized ruling, or the reference for missing ones)."""
    spans: tuple[tuple[int, int], ...] = ()
    ref_lang: str | None = None
    ref_spans: tuple[tuple[int, int], ...] = ()
    suggestion: str | None = None
    source: str | None = None
    line: int | None = None
    date: str | None = None
    group_id: str | None = None
    texts: Mapping[str, str | None] = field(default_factory=dict)
    """The aligned group's text per language code (languages without one may be left out)."""
    details: dict[str, Any] = field(default_factory=dict)

    def text_of(self, lang: str) -> str | None:
        """The aligned group's text in ``lang`` (``None`` when it has none)."""
        return self.texts.get(lang)

    @property
    def finding_id(self) -> str:
        """Stable id: hash of check, language, ruling, group and spans."""
        key = "\x1f".join([self.check, self.lang, self.ruling_id or "", self.group_id or "",
                           repr(self.spans), repr(self.ref_spans), self.evidence])
        return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]

    def sort_key(self) -> tuple[Any, ...]:
        """Report order: card, language, source file and line, check order, position."""
        return (self.card_name, self.card_id, self.lang, self.source or "", self.line or 0,
                list(CHECKS).index(self.check), self.spans, self.finding_id)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (spans as lists), ``finding_id`` first; ``texts`` as one
        ``text_<code>`` entry per registered language, before ``details``."""
        d = asdict(self)
        d["spans"] = [list(s) for s in self.spans]
        d["ref_spans"] = [list(s) for s in self.ref_spans]
        details = d.pop("details")
        d.pop("texts")
        d.update({f"text_{lang}": self.texts.get(lang) for lang in languages.codes()})
        return {"finding_id": self.finding_id, **d, "details": details}


_FIELDS: tuple[str, ...] = (
    "finding_id", "check", "severity", "card_id", "card_name", "lang", "ruling_id", "message",
    "evidence", "suggestion", "source", "line", "date", "group_id", "text", "spans", "ref_lang",
    "ref_spans",
)


def finding_fields() -> tuple[str, ...]:
    """Columns of the CSV export, in order: the finding's, then ``text_<code>`` for each
    registered language (``details`` goes to JSON only)."""
    return (*_FIELDS, *(f"text_{lang}" for lang in languages.codes()))
