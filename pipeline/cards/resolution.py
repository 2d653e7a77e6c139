"""Resolution: tying a printed title or an English JSON card to a card of the names table.

:class:`Resolver` holds the lookups of :class:`~pipeline.cards.table.NamesTable` that return a
:class:`~pipeline.records.CardResolution` (``resolve_title``, ``resolve_card``); the table mixes
it in and provides the raw cards, the name index and :meth:`card`.
"""

from __future__ import annotations

from pipeline import languages
from pipeline.records import CardResolution

from .errors import CardQueryError, UnsupportedLanguageError
from .index import WHOLE, Hit, english_names
from .loaders import FORGE_METHOD, RawCard
from .model import CardEntry
from .normalize import name_key, stable_card_id, title_id

__all__ = ["Resolver"]


class Resolver:
    """The resolution methods of the names table (a mixin of
    :class:`~pipeline.cards.table.NamesTable`, which provides the attributes below)."""

    __slots__ = ()

    _raw: dict[str, RawCard]
    _index: dict[str, dict[str, tuple[Hit, ...]]]

    def card(self, card_id: str) -> CardEntry:  # pragma: no cover - NamesTable.card
        """The card with id ``card_id`` (provided by the table)."""
        raise NotImplementedError

    def resolve_title(self, title: str, lang: str | None) -> CardResolution:
        """Tie a printed (localized or English) title to a card; never raises for any title.

        Titles are compared by :func:`name_key`. With a localized ``lang`` (``it``, ``de``),
        names in that language are tried first, then English names, then the other localized
        languages; with ``en`` English first, then the localized languages; with ``None`` (or
        ``und``) all languages at once. Card names and face names are both tried (a split-card half gives
        ``face_name``, method ``localized_face:<lang>``).

        - one card: ``resolved``; ``card_id`` is the oracle id, or for cards known only from
          the Forge supplement :func:`stable_card_id` of the English name (method
          ``supplement:forge``, reason saying why);
        - several cards: ``ambiguous``, ``card_id`` ``ambiguous:<hash of title>``,
          ``candidates`` the card ids, the reason naming them;
        - none: ``unresolved``, ``card_id`` ``unresolved:<hash of title>``.

        Raises :class:`UnsupportedLanguageError` only for a ``lang`` that is not registered,
        ``und`` or ``None``.
        """
        stages = _stages(lang)
        key = name_key(title)
        if not key:
            return _unresolved(title, "empty title")
        for stage in stages:
            hits = [(lg, *hit) for lg in stage for hit in self._index[lg].get(key, ())]
            if hits:
                return self._from_hits(title, key, lang, hits)
        tried = ", ".join(lg for stage in stages for lg in stage)
        return _unresolved(title, f"no card name or face name matches the title (tried {tried})")

    def resolve_card(self, oracle_id: str | None, name: str | None) -> CardResolution:
        """Tie a card of an English JSON source to a card identity.

        - ``oracle_id`` in the table: ``resolved``, method ``oracle_id`` (a ``name`` that is
          not the card's name or one of its face names is noted in the reason);
        - ``oracle_id`` given but unknown: ``resolved`` with ``card_id = oracle_id``, method
          ``oracle_id:source``;
        - no ``oracle_id``: by English card or face name (``english_name``/``english_face``,
          or ``ambiguous``); an unknown name is ``unresolved`` with ``card_id =
          stable_card_id(name)`` and method ``english_name``.

        Raises :class:`CardQueryError` if neither ``oracle_id`` nor ``name`` is given.
        """
        if oracle_id:
            raw = self._raw.get(oracle_id)
            if raw is not None and raw["oracle_id"] == oracle_id:
                return self._by_oracle_id(self.card(oracle_id), name)
            return CardResolution(
                status="resolved",
                card_id=oracle_id,
                oracle_id=oracle_id,
                english_name=name,
                face_name=None,
                method="oracle_id:source",
                reason=(
                    "oracle id not in the names table (2022 MTGJSON snapshot and recent "
                    "supplements); identity taken from the source's oracle id"
                ),
            )
        if not name or not name.strip():
            raise CardQueryError("resolve_card needs an oracle id or an English name")
        key = name_key(name)
        hits = [("en", *hit) for hit in self._index["en"].get(key, ())]
        if hits:
            return self._from_hits(name, key, "en", hits)
        return CardResolution(
            status="unresolved",
            card_id=stable_card_id(name),
            oracle_id=None,
            english_name=name,
            face_name=None,
            method="english_name",
            reason="no oracle id given and the English name is not in the names table; "
            "card_id derived from the English name",
        )

    def _by_oracle_id(self, c: CardEntry, name: str | None) -> CardResolution:
        face_name = None
        reason = ""
        if name:
            key = name_key(name)
            if key != name_key(c.name):
                faces = [
                    f.face_name for f in c.faces if f.face_name and name_key(f.face_name) == key
                ]
                if faces:
                    face_name = faces[0]
                else:
                    reason = f"source name {name!r} differs from the table name {c.name!r}"
        return _resolved(c, face_name, "oracle_id", reason)

    def _from_hits(
        self, title: str, key: str, lang: str | None, hits: list[tuple[str, str, int, bool]]
    ) -> CardResolution:
        rank = {lg: i for i, lg in enumerate(_preference(lang))}
        best: dict[str, tuple[str, str, int, bool]] = {}
        for hit in sorted(hits, key=lambda h: (h[2] != WHOLE, rank[h[0]], h[3], h[1], h[2])):
            best.setdefault(hit[1], hit)
        if len(best) > 1:
            return self._ambiguous(title, lang, list(best.values()))
        hit_lang, cid, face, forge_only = next(iter(best.values()))
        c = self.card(cid)
        face_name = c.faces[face].face_name if face != WHOLE else None
        notes: list[str] = []
        if lang in languages.localized() and hit_lang != lang:
            notes.append(f"no {_name(lang)} name matches; matched the {_name(hit_lang)} name")
        if hit_lang != "en" and key in {name_key(n) for n in english_names(self._raw[cid])}:
            notes.append(
                f"the {_name(hit_lang)} name matched is identical to the English name "
                "(the real translation, or a printing that carries the English name)"
            )
        if c.method == FORGE_METHOD:
            method = FORGE_METHOD
            notes.append(
                f"matched the {_name(hit_lang)} name of {c.name!r} in the Forge cardnames "
                "supplement; oracle id unknown in the 2022 MTGJSON snapshot; identity derived "
                "from the English name"
            )
        elif forge_only:
            method = FORGE_METHOD
            notes.append(
                f"{_name(hit_lang)} name known only from the Forge cardnames supplement; "
                "oracle id from the table"
            )
        else:
            method = _hit_method(hit_lang, face)
            if c.reason:
                notes.append(c.reason)
        return _resolved(c, face_name, method, "; ".join(notes))

    def _ambiguous(
        self, title: str, lang: str | None, hits: list[tuple[str, str, int, bool]]
    ) -> CardResolution:
        hits.sort(key=lambda h: (self._raw[h[1]]["name"], h[1]))
        described = []
        methods = set()
        for hit_lang, cid, face, _forge in hits:
            raw = self._raw[cid]
            what = raw["name"]
            if face != WHOLE:
                what += f" (face {raw['faces'][face]['face_name']})"
            described.append(f"{what} [{cid}] by its {_name(hit_lang)} name")
            methods.add(_hit_method(hit_lang, face))
        return CardResolution(
            status="ambiguous",
            card_id=title_id("ambiguous", title),
            oracle_id=None,
            english_name=None,
            face_name=None,
            method="+".join(sorted(methods)),
            reason=f"title {title!r} names {len(hits)} cards: " + "; ".join(described),
            candidates=tuple(h[1] for h in hits),
        )


def _name(lang: str) -> str:
    return languages.get(lang).name


def _stages(lang: str | None) -> tuple[tuple[str, ...], ...]:
    localized = languages.localized()
    if lang is None or lang == "und":
        return ((*localized, "en"),)
    if lang == "en":
        return (("en",), localized)
    if lang in localized:
        other = tuple(lg for lg in localized if lg != lang)
        return ((lang,), ("en",), other)
    choices = ", ".join(repr(c) for c in (*localized, "en", "und"))
    raise UnsupportedLanguageError(f"language {lang!r} not supported (use {choices} or None)")


def _preference(lang: str | None) -> tuple[str, ...]:
    localized = languages.localized()
    first = (lang,) if lang in localized else ()
    return (*first, "en", *(lg for lg in localized if lg != lang))


def _resolved(c: CardEntry, face_name: str | None, method: str, reason: str) -> CardResolution:
    """A ``resolved`` resolution to the table's card ``c``."""
    return CardResolution(
        status="resolved",
        card_id=c.card_id,
        oracle_id=c.oracle_id,
        english_name=c.name,
        face_name=face_name,
        method=method,
        reason=reason,
    )


def _hit_method(hit_lang: str, face: int) -> str:
    """The method of a match by a card name or face name (``face``) of ``hit_lang``."""
    kind = "face" if face != WHOLE else "name"
    return f"english_{kind}" if hit_lang == "en" else f"localized_{kind}:{hit_lang}"


def _unresolved(title: str, why: str) -> CardResolution:
    return CardResolution(
        status="unresolved",
        card_id=title_id("unresolved", title),
        oracle_id=None,
        english_name=None,
        face_name=None,
        method="none",
        reason=why,
    )
