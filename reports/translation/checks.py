"""Run every translation-consistency check over a dataset and return the findings.

Scope: the cards that have at least one ruling in an Italian or German file, their aligned
groups and their English rulings. English-only cards have nothing to compare and are skipped.

Reference text: a localized ruling is compared with the English member of its aligned group;
without one, with the other localized member (each side then gets its own finding). Rulings that
are English themselves (``lang == "en"`` in a localized file) are reported as untranslated and
not compared further; English clauses inside a ruling are left out of the comparisons.
"""

from __future__ import annotations

import datetime as _dt
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from pipeline import Dataset, languages
from pipeline.cards import EnglishNameFinder, NamesTable, UnknownCardError
from reports.translation.findings import Finding
from reports.translation.glossary import Glossary, TermHit, load_glossary
from reports.translation.names import finder_from_cards, own_names
from reports.translation.textchecks import (
    Token,
    apostrophes,
    compare_multisets,
    compare_numbers,
    count_parentheses,
    quote_pairs,
    quote_style_pairs,
    symbols,
)

__all__ = ["QUOTE_PREFERENCE", "run_checks"]

# The languages checked are the registry's (:mod:`pipeline.languages`), looked up at each run:
# every localized language against English and the other localized ones.

QUOTE_PREFERENCE: dict[str, tuple[str, ...]] = {
    "it": ("guillemets", "curly", "straight", "low-9"),
    "de": ("low-9", "guillemets", "curly", "straight"),
}
"""Tie-break of quote styles when a file uses two equally often: the language's typographic
convention first (Italian «…», German „…“)."""
_DEFAULT_QUOTES = ("curly", "straight", "guillemets", "low-9")
"""The tie-break of a registered language without a convention above."""

_QUOTE_MARKS = {
    "guillemets": ("«", "»"), "curly": ("“", "”"), "straight": ('"', '"'), "low-9": ("„", "“"),
}


def _name(code: str) -> str:
    """The language's English name (``Italian``)."""
    return languages.get(code).name


def _article(name: str) -> str:
    """``an Italian``, ``a German``."""
    return ("an " if name[:1] in "AEIOU" else "a ") + name



@dataclass(frozen=True)
class _Ruling:
    ruling_id: str
    card_id: str
    card_name: str
    file_lang: str
    lang: str
    english_spans: tuple[str, ...]
    date: str
    position: int
    text: str
    source: str
    line: int


def _str(v: Any) -> str | None:
    if v is None or (isinstance(v, float) and pd.isna(v)) or v is pd.NA:
        return None
    return str(v)


def _date(v: Any) -> str:
    if isinstance(v, _dt.date):
        return v.isoformat()
    return str(v)


def _span_ranges(text: str, spans: Iterable[str]) -> tuple[tuple[int, int], ...]:
    out = []
    for s in spans:
        i = text.find(s)
        if i >= 0:
            out.append((i, i + len(s)))
    return tuple(sorted(out))


def _inside(a: int, b: int, ranges: Sequence[tuple[int, int]]) -> bool:
    return any(x <= a and b <= y for x, y in ranges)


def _evidence(text: str, spans: Sequence[tuple[int, int]]) -> str:
    return " … ".join(text[a:b] for a, b in spans)


class _Context:
    def __init__(self, ds: Dataset, table: NamesTable, glossary: Glossary) -> None:
        self.table = table
        self.glossary = glossary
        r = ds.rulings
        localized = r[r.file_lang.isin(languages.localized())]
        self.cards = sorted(set(localized.card_id))
        scope = r[r.card_id.isin(self.cards)]
        self.rulings: dict[str, _Ruling] = {}
        for row in scope.itertuples(index=False):
            self.rulings[row.ruling_id] = _Ruling(
                ruling_id=row.ruling_id, card_id=row.card_id,
                card_name=_str(row.card_name) or row.card_id, file_lang=row.file_lang,
                lang=row.lang, english_spans=tuple(row.english_spans), date=_date(row.date),
                position=int(row.position), text=row.text_raw, source=row.source,
                line=int(row.line),
            )
        self.localized = sorted(
            (x for x in self.rulings.values() if x.file_lang in languages.localized()),
            key=lambda x: (x.source, x.line),
        )
        self.has_english = {x.card_id for x in self.rulings.values() if x.file_lang == "en"}
        self.files: dict[tuple[str, str], list[str]] = defaultdict(list)
        for x in self.localized:
            if x.source not in self.files[(x.card_id, x.file_lang)]:
                self.files[(x.card_id, x.file_lang)].append(x.source)
        a = ds.aligned
        self.groups = [dict(row._asdict()) for row in
                       a[a.card_id.isin(self.cards)].itertuples(index=False)]
        self.groups.sort(key=lambda g: (g["card_name"], g["group_id"]))
        self.group_of: dict[str, dict[str, Any]] = {}
        for g in self.groups:
            for lang in languages.codes():
                rid = _str(g.get(f"ruling_id_{lang}"))
                if rid:
                    self.group_of[rid] = g
        self._cards = ds.cards
        self.card_rows = {row["card_id"]: row for row in
                          ds.cards[ds.cards.card_id.isin(self.cards)].to_dict("records")}
        self._finders: dict[str, EnglishNameFinder] = {}

    def finder(self, lang: str) -> EnglishNameFinder:
        """The English card names of the dataset's ``cards`` table with a ``lang`` name."""
        if lang not in self._finders:
            self._finders[lang] = finder_from_cards(self._cards, lang)
        return self._finders[lang]

    def texts(self, g: dict[str, Any] | None) -> dict[str, str | None]:
        if g is None:
            return {}
        return {lg: _str(g.get(languages.get(lg).text_column)) for lg in languages.codes()}

    def finding(self, r: _Ruling, check: str, severity: str, message: str,
                spans: Sequence[tuple[int, int]], **kw: Any) -> Finding:
        g = self.group_of.get(r.ruling_id)
        text = kw.pop("text", r.text)
        evidence = kw.pop("evidence", None)
        if evidence is None:
            evidence = _evidence(text, spans)
        return Finding(
            check=check, severity=severity, card_id=r.card_id, card_name=r.card_name,
            lang=kw.pop("lang", r.file_lang), ruling_id=kw.pop("ruling_id", r.ruling_id),
            message=message, evidence=evidence, text=text, spans=tuple(spans),
            source=kw.pop("source", r.source), line=kw.pop("line", r.line), date=r.date,
            group_id=_str(g["group_id"]) if g else None, texts=self.texts(g), **kw,
        )

    def reference(self, r: _Ruling) -> tuple[str, _Ruling] | None:
        """(lang, ruling) of the text to compare ``r`` with."""
        g = self.group_of.get(r.ruling_id)
        if g is None:
            return None
        en = _str(g.get("ruling_id_en"))
        if en and en in self.rulings:
            return "en", self.rulings[en]
        for lang in languages.localized():
            rid = _str(g.get(f"ruling_id_{lang}"))
            if lang != r.file_lang and rid and rid in self.rulings:
                other = self.rulings[rid]
                if other.lang == other.file_lang:
                    return lang, other
        return None

    def card_texts(self, card_id: str, lang: str) -> tuple[str, str]:
        """(English card text, localized card text) of a card, from the card data."""
        try:
            card = self.table.card(card_id)
        except UnknownCardError:
            return "", ""
        en = "\n".join(f.text for f in card.faces if f.text)
        blocks = [f.localized(lang) for f in card.faces]
        loc = "\n".join(b.text for b in blocks if b is not None and b.text)
        return en, loc

    def own_names(self, card_id: str, lang: str) -> list[str]:
        """The card's ``lang`` names from the dataset's ``cards`` table, without the variants
        equal to an English name (printings that carry the English name)."""
        return own_names(self.card_rows.get(card_id), lang)


# ------------------------------------------------------------------------------- checks


def _untranslated(ctx: _Context) -> list[Finding]:
    out = []
    for r in ctx.localized:
        if r.lang == "en":
            out.append(ctx.finding(
                r, "untranslated_ruling", "error",
                f"The whole ruling is in English inside the {_name(r.file_lang)} file.",
                [(0, len(r.text))], suggestion=None,
            ))
        elif r.english_spans:
            spans = _span_ranges(r.text, r.english_spans)
            out.append(ctx.finding(
                r, "untranslated_clause", "error",
                f"English clause(s) inside {_article(_name(r.file_lang))} ruling.",
                spans,
            ))
    return out


def _structure(ctx: _Context) -> list[Finding]:
    out = []
    for g in ctx.groups:
        status = str(g["status"])
        members = {lg: ctx.rulings.get(_str(g.get(f"ruling_id_{lg}")) or "")
                   for lg in languages.codes()}
        present = {lg: m for lg, m in members.items() if m is not None}
        card_id = str(g["card_id"])
        if status == "missing_en" or status in {f"unaligned_{lg}" for lg in languages.localized()}:
            for lang in languages.localized():
                r = present.get(lang)
                if r is None:
                    continue
                if card_id in ctx.has_english:
                    out.append(ctx.finding(
                        r, "extra_ruling", "warning",
                        f"No English ruling matches this {_name(lang)} ruling although the "
                        "card has English rulings.", [(0, len(r.text))]))
                else:
                    out.append(ctx.finding(
                        r, "missing_en", "info",
                        "The card has no English rulings in the dataset: nothing to compare.",
                        [(0, len(r.text))]))
        missing: list[str] = []
        if status in {f"missing_{lg}" for lg in languages.localized()}:
            missing = [status.split("_", 1)[1]]
        elif status == "unaligned_en":
            missing = [lg for lg in languages.localized() if ctx.files.get((card_id, lg))]
        for lang in missing:
            ref = next((present[lg] for lg in languages.codes() if lg in present), None)
            if ref is None:
                continue
            files = ctx.files.get((card_id, lang), [])
            out.append(ctx.finding(
                ref, "missing_ruling", "warning",
                f"No {_name(lang)} ruling matches this {_name(ref.file_lang)} ruling.",
                [(0, len(ref.text))], lang=lang, source=files[0] if files else None, line=None,
                ref_lang=ref.file_lang,
            ))
        dates = {lg: m.date for lg, m in present.items()}
        if len(set(dates.values())) > 1:
            base = dates.get("en") or dates[next(iter(dates))]
            for lang in languages.localized():
                r = present.get(lang)
                if r is not None and r.date != base:
                    out.append(ctx.finding(
                        r, "date_mismatch", "warning",
                        f"Dated {r.date}; the aligned group has {base} "
                        f"({', '.join(f'{k}: {v}' for k, v in sorted(dates.items()))}).",
                        [], evidence=r.date, suggestion=base,
                        details={"dates": dict(sorted(dates.items()))}))
    return out


def _compare(ctx: _Context) -> list[Finding]:
    out = []
    for r in ctx.localized:
        if r.lang != r.file_lang:
            continue
        ref = ctx.reference(r)
        if ref is None:
            continue
        ref_lang, ref_r = ref
        exclude = _span_ranges(r.text, r.english_spans)
        diff = compare_numbers(r.text, r.file_lang, ref_r.text, ref_lang, exclude=exclude)
        if diff:
            parts = []
            if diff.extra:
                parts.append("not in the " + _name(ref_lang) + " text: "
                             + ", ".join(f"{t.text} ({t.value})" for t in diff.extra))
            if diff.missing:
                parts.append("missing here: "
                             + ", ".join(f"{t.text} ({t.value})" for t in diff.missing))
            out.append(ctx.finding(
                r, "numbers", "warning", "Numbers differ — " + "; ".join(parts) + ".",
                [(t.start, t.end) for t in diff.extra], ref_lang=ref_lang,
                ref_spans=tuple((t.start, t.end) for t in diff.missing),
                evidence=" … ".join([t.text for t in diff.extra]
                                    + [f"[{ref_lang}] {t.text}" for t in diff.missing]),
            ))
        mine = [t for t in symbols(r.text) if not _inside(t.start, t.end, exclude)]
        sdiff = compare_multisets(mine, symbols(ref_r.text))
        if sdiff:
            out.append(ctx.finding(
                r, "symbols", "error",
                "Symbols differ from the " + _name(ref_lang) + " text: here "
                + (", ".join(t.text for t in mine) or "none") + "; there "
                + (", ".join(t.text for t in symbols(ref_r.text)) or "none") + ".",
                [(t.start, t.end) for t in sdiff.extra], ref_lang=ref_lang,
                ref_spans=tuple((t.start, t.end) for t in sdiff.missing),
                evidence=" … ".join([t.text for t in sdiff.extra]
                                    + [f"[{ref_lang}] {t.text}" for t in sdiff.missing]),
            ))
        q, rq = quote_pairs(r.text), quote_pairs(ref_r.text)
        p, rp = count_parentheses(r.text), count_parentheses(ref_r.text)
        if q != rq or p != rp:
            spans = [(t.start, t.end) for t in quote_style_pairs(r.text)]
            spans += [(i, i + 1) for i, c in enumerate(r.text) if c in "()"]
            out.append(ctx.finding(
                r, "quotes_parentheses", "warning",
                f"Quoted passages {q} vs {rq}, parentheses {p[0]}+{p[1]} vs {rp[0]}+{rp[1]} "
                f"in the {_name(ref_lang)} text (quote styles normalised).",
                sorted(spans), ref_lang=ref_lang,
                details={"quotes": [q, rq], "parentheses": [list(p), list(rp)]},
            ))
    return out


def _names(ctx: _Context) -> list[Finding]:
    out = []
    for r in ctx.localized:
        own = ctx.own_names(r.card_id, r.file_lang)
        skip = []
        for name in own:
            start = r.text.find(name)
            while start >= 0:
                skip.append((start, start + len(name)))
                start = r.text.find(name, start + 1)
        for hit in ctx.finder(r.file_lang).find(r.text, skip=skip):
            whole = r.lang == "en"
            own_card = hit.card_id == r.card_id
            out.append(ctx.finding(
                r, "english_card_name", "info" if whole else "warning",
                f"{'The card' + chr(39) + 's own name' if own_card else 'Card name'} "
                f"{hit.text!r} is in English; the {_name(r.file_lang)} name is "
                f"{hit.localized!r}." + (" (The whole ruling is untranslated.)" if whole else ""),
                [(hit.start, hit.end)], suggestion=hit.localized,
                details={"english_name": hit.english, "named_card_id": hit.card_id},
            ))
    return out


def _term_hits(ctx: _Context, r: _Ruling) -> list[TermHit]:
    exclude = _span_ranges(r.text, r.english_spans)
    return [h for h in ctx.glossary.find(r.text, r.file_lang)
            if not any(a < h.end and h.start < b for a, b in exclude)]


def _terms(ctx: _Context) -> list[Finding]:
    out = []
    translated = [r for r in ctx.localized if r.lang == r.file_lang]
    hits = {r.ruling_id: _term_hits(ctx, r) for r in translated}
    for lang in languages.localized():
        counts: dict[str, Counter[str]] = defaultdict(Counter)
        terms = {}
        for r in translated:
            if r.file_lang != lang:
                continue
            for h in hits[r.ruling_id]:
                counts[h.term.en][h.variant.text] += 1
                terms[h.term.en] = h.term
        for en in sorted(counts):
            if len(counts[en]) < 2:
                continue
            term = terms[en]
            best = ctx.glossary.preferred(term, lang, counts[en])
            used = ", ".join(f"“{v}” ×{n}" for v, n in sorted(counts[en].items()))
            card_counts = ctx.glossary.card_text_counts(term, lang)
            why = (f"printed in {card_counts[best]} card texts" if card_counts[best]
                   else "used most in the rulings" if counts[en][best] == max(
                       counts[en].values()) else "the glossary's first rendering")
            for r in translated:
                if r.file_lang != lang:
                    continue
                bad = [h for h in hits[r.ruling_id] if h.term.en == en and h.variant.text != best]
                if bad:
                    out.append(ctx.finding(
                        r, "term_inconsistent", "warning",
                        f"“{en}” is rendered several ways in {_name(lang)} ({used}); "
                        f"preferred “{best}” ({why}).",
                        [(h.start, h.end) for h in bad], suggestion=best,
                        details={"term": en, "counts": dict(sorted(counts[en].items())),
                                 "card_text_counts": dict(sorted(card_counts.items()))}))
    for r in translated:
        en_card, loc_card = ctx.card_texts(r.card_id, r.file_lang)
        if not loc_card:
            continue
        ref = ctx.reference(r)
        ref_en = ref[1].text if ref and ref[0] == "en" else None
        by_term: dict[str, list[TermHit]] = defaultdict(list)
        for h in hits[r.ruling_id]:
            by_term[h.term.en].append(h)
        for en, term_hits in sorted(by_term.items()):
            term = term_hits[0].term
            if not term.in_english(en_card) or (ref_en is not None and not term.in_english(ref_en)):
                continue
            printed = [v for v in term.variants.get(r.file_lang, ()) if v.pattern.search(loc_card)]
            if not printed or any(v.pattern.search(r.text) for v in printed):
                continue
            bad = [h for h in term_hits if h.variant not in printed]
            if not bad:
                continue
            m = printed[0].pattern.search(loc_card)
            shown = m.group() if m else printed[0].text
            out.append(ctx.finding(
                r, "term_card_text", "warning",
                f"The ruling renders “{en}” as “{bad[0].text}”; the card's printed "
                f"{_name(r.file_lang)} text says “{shown}”.",
                [(h.start, h.end) for h in bad], suggestion=printed[0].text,
                details={"term": en, "card_text": loc_card,
                         "variant_note": bad[0].variant.note}))
    return out


def _typography(ctx: _Context) -> list[Finding]:
    out = []
    by_file: dict[str, list[_Ruling]] = defaultdict(list)
    for r in ctx.localized:
        by_file[r.source].append(r)
    for source in sorted(by_file):
        rs = by_file[source]
        lang = rs[0].file_lang
        apos = {r.ruling_id: apostrophes(r.text) for r in rs}
        quotes = {r.ruling_id: [t for t in quote_style_pairs(r.text) if t.value != "unpaired"]
                  for r in rs}
        for kind, tokens, order in (
            ("apostrophe", apos, ("’", "'")),
            ("quote", quotes, QUOTE_PREFERENCE.get(lang, _DEFAULT_QUOTES)),
        ):
            counts = Counter(t.value for ts in tokens.values() for t in ts)
            if len(counts) < 2:
                continue
            best = sorted(counts, key=lambda s: (-counts[s], order.index(s)))[0]
            used = ", ".join(f"{_style_label(s)} ×{n}" for s, n in sorted(counts.items()))
            for r in rs:
                bad = [t for t in tokens[r.ruling_id] if t.value != best]
                if not bad:
                    continue
                out.append(ctx.finding(
                    r, "typography", "info",
                    f"Mixed {kind} styles in this file ({used}); the file mostly uses "
                    f"{_style_label(best)}.",
                    [(t.start, t.end) for t in bad],
                    suggestion=" … ".join(_restyle(t, best) for t in bad),
                    details={"kind": kind, "counts": dict(sorted(counts.items())),
                             "preferred": best}))
    return out


def _style_label(style: str) -> str:
    if style in _QUOTE_MARKS:
        a, b = _QUOTE_MARKS[style]
        return f"{a}…{b}"
    return f"apostrophe {style}"


def _restyle(t: Token, best: str) -> str:
    if best in _QUOTE_MARKS:
        a, b = _QUOTE_MARKS[best]
        return a + t.text[1:-1] + b
    return best


def run_checks(
    ds: Dataset, table: NamesTable | None = None, glossary: Glossary | None = None
) -> list[Finding]:
    """Every finding of every check on ``ds``, sorted (card, language, file, line, check).

    ``table`` defaults to :meth:`NamesTable.load`; ``glossary`` to :func:`load_glossary`.
    """
    table = table if table is not None else NamesTable.load()
    glossary = glossary if glossary is not None else load_glossary(table)
    ctx = _Context(ds, table, glossary)
    findings = [*_untranslated(ctx), *_structure(ctx), *_compare(ctx), *_names(ctx),
                *_terms(ctx), *_typography(ctx)]
    return sorted(findings, key=Finding.sort_key)
