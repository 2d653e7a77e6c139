"""The cards stage of a build: each file and JSON card resolved to a card identity, rulings
de-duplicated, and the rows of the dataset's ``cards`` table.

:func:`resolve_cards` turns the normalised files and their languages into
:class:`~pipeline.records.Ruling` records (the same ruling read twice, same card, date, text and
file language, is quarantined as ``duplicate_ruling``). :class:`CardsResult` keeps how each card
was resolved, for the card's display name, its status and its ``cards`` row.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pipeline import languages
from pipeline.cards.errors import UnknownCardError
from pipeline.cards.mentions import EnglishNameFinder, localized_card_names
from pipeline.cards.model import CardEntry
from pipeline.cards.table import NamesTable
from pipeline.normalise import NormalisedFile
from pipeline.progress import Progress
from pipeline.records import (
    CardResolution,
    Issue,
    Lang,
    LanguageGuess,
    Quarantined,
    Ruling,
    SourceRuling,
    ruling_id,
)

__all__ = ["STATUS_RANK", "CardsResult", "resolve_cards"]

STATUS_RANK = {"resolved": 0, "ambiguous": 1, "unresolved": 2}
"""Resolution statuses, best first: a card's status is the best of its resolutions'."""


@dataclass(slots=True)
class CardsResult:
    """What the cards stage produced."""

    rulings: list[Ruling]
    """Every ruling kept, in input order, with its card resolution and id."""
    table: NamesTable
    """The names table the cards were resolved with."""
    duplicates: list[Quarantined] = field(default_factory=list)
    """Rulings read again (same card, date, normalised text and file language)."""
    issues: list[Issue] = field(default_factory=list)
    resolutions: dict[str, list[CardResolution]] = field(default_factory=dict)
    """Card id -> every resolution that gave it (titles and JSON cards), in input order."""
    titles: dict[str, set[str]] = field(default_factory=dict)
    """Card id -> the seed-file titles resolved to it."""
    last: dict[str, CardResolution] = field(default_factory=dict)
    """Card id -> the resolution of its last ruling (whose English name names the card)."""

    def display_name(self, card_id: str) -> str:
        """The card's name in ``aligned``: English name, else its first title, else its id."""
        res = self.last[card_id]
        if res.english_name:
            return res.english_name
        titles = sorted(self.titles.get(card_id, ()))
        return titles[0] if titles else card_id

    def status(self, card_id: str) -> str:
        """``resolved``, ``ambiguous`` or ``unresolved``: the best of the card's resolutions."""
        return min(
            (r.status for r in self.resolutions.get(card_id, ())),
            key=STATUS_RANK.__getitem__,
            default="unresolved",
        )

    def card_rows(self) -> list[dict[str, Any]]:
        """The rows of the ``cards`` table (sorted by card id), names from :attr:`table`.

        One row per card of the rulings, and one (status ``named``) per other card of the names
        table whose English name a localized ruling may cite
        (:meth:`~pipeline.cards.mentions.EnglishNameFinder.named_card_ids`): the translation
        report finds English card names with the rows' localized names alone.
        """
        table = self.table
        named = self._named_cards()
        rows = []
        for cid in sorted({*self.resolutions, *named}):
            try:
                base = table.card(cid)
            except UnknownCardError:
                base = None
            res_list = self.resolutions.get(cid)
            if res_list is None:
                assert base is not None  # named cards come from the table
                rows.append(_row(base, {"card_id": cid, "oracle_id": base.oracle_id,
                                        "name": base.name, "titles": [], "status": "named",
                                        "method": ";".join(f"named:{lg}" for lg in named[cid]),
                                        "reason": "", "candidates": []}))
                continue
            best = min(res_list, key=lambda r: STATUS_RANK[r.status])
            rows.append(_row(base, {
                "card_id": cid,
                "oracle_id": (base.oracle_id if base else None) or best.oracle_id,
                "name": (base.name if base else None) or best.english_name,
                "titles": sorted(self.titles.get(cid, ())),
                "status": best.status,
                "method": ";".join(sorted({r.method for r in res_list})),
                "reason": "; ".join(sorted({r.reason for r in res_list if r.reason})),
                "candidates": sorted({c for r in res_list for c in r.candidates}),
            }))
        return rows

    def _named_cards(self) -> dict[str, list[str]]:
        """Card id -> the localized languages (registry order) whose rulings may name it by its
        English name, for the cards of the names table the rulings are not about."""
        out: dict[str, list[str]] = {}
        for lg in languages.localized():
            texts = sorted({r.src.text_raw for r in self.rulings if r.file_lang == lg})
            if not texts:
                continue
            finder = EnglishNameFinder.from_names(lg, self.table.card_names(lg))
            ids = {cid for text in texts for cid in finder.named_card_ids(text)}
            for cid in sorted(ids - self.resolutions.keys()):
                out.setdefault(cid, []).append(lg)
        return out


def _row(card: CardEntry | None, fields: dict[str, Any]) -> dict[str, Any]:
    """A ``cards`` row: ``fields`` and the card's names from the names table (none for a card
    the table does not know)."""
    row = dict(fields)
    row["face_names"] = list(card.face_names) if card else []
    for lg in languages.localized():
        language = languages.get(lg)
        names = [*card.localized_names(lg), *card.localized_face_names(lg)] if card else []
        row[language.names_column] = list(dict.fromkeys(names))
        name, faces = localized_card_names(card, lg) if card else (None, [])
        row[language.name_column] = name
        row[language.face_names_column] = faces
    return row


def resolve_cards(
    files: Sequence[NormalisedFile],
    file_langs: Sequence[Lang],
    ruling_langs: Sequence[Sequence[LanguageGuess]],
    table: NamesTable | None = None,
    progress: Progress | None = None,
) -> CardsResult:
    """Resolve every file (seed files by title, in their language) and JSON card to a card,
    and make the :class:`~pipeline.records.Ruling` records (stage ``cards`` of ``progress``).

    ``file_langs[i]`` is the language of ``files[i]`` and ``ruling_langs[i][j]`` the language of
    its ruling ``j`` (the language stage's results). A title that resolves to no card or to
    several is a warning; a ruling whose id (:func:`~pipeline.records.ruling_id`) was seen
    before is quarantined as ``duplicate_ruling`` with a warning. ``table`` defaults to
    :meth:`NamesTable.load` (loaded inside the stage); the result keeps it.
    """
    card_res: defaultdict[str, list[CardResolution]] = defaultdict(list)
    card_titles: defaultdict[str, set[str]] = defaultdict(set)
    seen_ids: dict[str, SourceRuling] = {}
    by_json_card: dict[tuple[str | None, str | None], CardResolution] = {}
    with (progress or Progress()).stage("cards", len(files)) as advance:
        out = CardsResult([], table if table is not None else NamesTable.load())
        for nf, file_lang, langs in zip(files, file_langs, ruling_langs, strict=True):
            advance()
            res_title: CardResolution | None = None
            if nf.is_seed and nf.title is not None and nf.rulings:
                lang_arg = file_lang if file_lang != "und" else None
                res_title = out.table.resolve_title(nf.title, lang_arg)
                card_titles[res_title.card_id].add(nf.title)
                card_res[res_title.card_id].append(res_title)
                if res_title.status != "resolved":
                    out.issues.append(
                        Issue(
                            nf.source,
                            1,
                            "warning",
                            f"title_{res_title.status}",
                            f"title {nf.title!r} is {res_title.status}: {res_title.reason}",
                        )
                    )
            for src, n, guess in zip(nf.rulings, nf.texts, langs, strict=True):
                if res_title is not None:
                    res = res_title
                else:
                    jk = (src.oracle_id, src.card_name)
                    found = by_json_card.get(jk)
                    if found is None:
                        found = by_json_card[jk] = out.table.resolve_card(*jk)
                        card_res[found.card_id].append(found)
                    res = found
                out.last[res.card_id] = res
                rid = ruling_id(res.card_id, src.date, n, file_lang)
                first = seen_ids.get(rid)
                if first is not None:
                    detail = (
                        f"duplicate of the ruling at {first.source}:{first.line} "
                        "(same card, date, text and language)"
                    )
                    out.duplicates.append(
                        Quarantined(
                            src.source,
                            src.line,
                            "duplicate_ruling",
                            f"{src.source}:{src.line}: {detail}",
                            src.text_raw,
                        )
                    )
                    out.issues.append(
                        Issue(src.source, src.line, "warning", "duplicate_ruling", detail)
                    )
                    continue
                seen_ids[rid] = src
                out.rulings.append(
                    Ruling(
                        src=src,
                        text_norm=n,
                        file_lang=file_lang,
                        lang=guess.lang,
                        lang_confidence=guess.confidence,
                        card=res,
                        ruling_id=rid,
                    )
                )
    out.resolutions = dict(card_res)
    out.titles = dict(card_titles)
    return out
