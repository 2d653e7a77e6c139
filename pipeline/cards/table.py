"""The names table: card identities with their English and localized names and texts.

The localized languages are the registry's (:mod:`pipeline.languages`; Italian and German built
in); a card file block or Forge section of another language is not read.

Built from ``<data_dir>/mtgjson-2022/cards.jsonl.gz`` (23,738 cards keyed by Scryfall oracle
id), every ``<data_dir>/recent/*.json`` MTGJSON card object (cards newer than the snapshot, with
their oracle id) and every ``<data_dir>/recent/forge_cardnames*.txt`` Forge excerpt (localized
names; cards unknown to the snapshot get :func:`stable_card_id` ids). Files are read in sorted
order, so the table is deterministic.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pipeline import languages
from pipeline.records import CardResolution, Issue

from .disk_cache import CACHE_ENV, cache_dir, load_parts
from .errors import CardDataError, CardQueryError, UnknownCardError, UnsupportedLanguageError
from .index import WHOLE, Hit, english_names
from .loaders import FORGE_METHOD, MTGJSON_METHOD, RawCard
from .model import CardEntry, CardFace, LocalizedFace
from .normalize import name_key, stable_card_id, title_id

__all__ = ["NamesTable", "default_data_dir", "cache_dir", "iter_parallel_faces", "CACHE_ENV"]


_CURLY = "\u2019"


def default_data_dir() -> Path:
    """Return the repository's ``fixtures/data`` directory (located relative to this package)."""
    return Path(__file__).resolve().parents[2] / "fixtures" / "data"


def _input_files(data_dir: Path) -> list[Path]:
    mtgjson = data_dir / "mtgjson-2022" / "cards.jsonl.gz"
    if not mtgjson.is_file():
        raise CardDataError(f"{mtgjson}: names table input not found")
    recent = data_dir / "recent"
    files = [mtgjson]
    if recent.is_dir():
        files += sorted(recent.glob("*.json"))
        files += sorted(recent.glob("forge_cardnames*.txt"))
    return files


def _fingerprint(files: list[Path]) -> tuple[tuple[str, int, int], ...]:
    out = []
    for path in files:
        st = path.stat()
        out.append((str(path), st.st_size, st.st_mtime_ns))
    return tuple(out)


def _load_or_build(root: Path, files: list[Path]) -> NamesTable:
    raw_cards, index, issues = load_parts(root, files)
    return NamesTable(raw_cards, index, root, issues)


_CACHE: dict[tuple[Any, ...], NamesTable] = {}
_CACHE_LOCK = threading.Lock()


class NamesTable:
    """Card identities with their English and localized names, faces and texts.

    Obtain one with :meth:`load`; instances are immutable and shared (cached per process).
    """

    __slots__ = ("_raw", "_entries", "_index", "_masking", "data_dir", "issues")

    data_dir: Path
    """The directory the table was built from."""
    issues: tuple[Issue, ...]
    """Warnings met while building (e.g. a supplement line naming an ambiguous English name)."""

    def __init__(
        self,
        raw: dict[str, RawCard],
        index: dict[str, dict[str, tuple[Hit, ...]]],
        data_dir: Path,
        issues: tuple[Issue, ...],
    ) -> None:
        """Use :meth:`load`; the constructor takes already-built parts."""
        self._raw = raw
        self._entries: dict[str, CardEntry] = {}
        self._index = index
        self._masking: tuple[str, ...] | None = None
        self.data_dir = data_dir
        self.issues = issues

    # ------------------------------------------------------------------ building

    @classmethod
    def load(cls, data_dir: Path | None = None) -> NamesTable:
        """Build (or return the cached) names table of ``data_dir``.

        ``data_dir`` defaults to the repository's ``fixtures/data``. Tables are cached twice:
        in the process (keyed by the input files' paths, sizes and modification times: a
        repeated call is a dictionary lookup) and on disk as a :mod:`marshal` file keyed by the
        SHA-256 of the input files and of this package's code (see :func:`cache_dir`; a new
        process then loads in a fraction of a second instead of parsing the 4.5 MB MTGJSON
        file; a build writes the file for the next one, and a cache directory keeps the three
        newest). The disk cache is best-effort: an unwritable directory or unreadable cache
        file means a rebuild, never an error.

        Raises :class:`CardDataError` if the MTGJSON ``cards.jsonl.gz`` is missing or an
        input file is malformed.
        """
        root = (data_dir if data_dir is not None else default_data_dir()).resolve()
        files = _input_files(root)
        key = (str(root), _fingerprint(files), languages.localized())
        with _CACHE_LOCK:
            table = _CACHE.get(key)
            if table is None:
                table = _load_or_build(root, files)
                _CACHE[key] = table
        return table

    # ------------------------------------------------------------------ lookups

    def __len__(self) -> int:
        return len(self._raw)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._raw

    def card_ids(self) -> list[str]:
        """Return every card id in table order (MTGJSON file order, then recent, then Forge)."""
        return list(self._raw)

    def card(self, card_id: str) -> CardEntry:
        """Return the card with id ``card_id``; :class:`UnknownCardError` if not in the table."""
        entry = self._entries.get(card_id)
        if entry is None:
            raw = self._raw.get(card_id)
            if raw is None:
                raise UnknownCardError(f"card id {card_id!r} is not in the names table")
            entry = self._entries.setdefault(card_id, _entry(raw))
        return entry

    def card_row(self, card_id: str) -> dict[str, Any]:
        """Return the OUT/cards row of a card (JSON-ready: strings, ``None`` and lists).

        Keys: ``card_id``, ``oracle_id``, ``name`` (English), ``layout``, ``face_names``
        (English), for each localized language ``names_<lang>`` (every card-name variant) and
        ``face_names_<lang>`` (every face-name variant), ``method`` and ``reason`` (how the
        card's identity was established: ``mtgjson-2022``, ``recent:<file>``,
        ``supplement:forge``). Raises :class:`UnknownCardError` for ids not in the table.
        """
        c = self.card(card_id)
        localized = languages.localized()
        return {
            "card_id": c.card_id,
            "oracle_id": c.oracle_id,
            "name": c.name,
            "layout": c.layout,
            "face_names": list(c.face_names),
            **{f"names_{lg}": list(c.localized_names(lg)) for lg in localized},
            **{f"face_names_{lg}": list(c.localized_face_names(lg)) for lg in localized},
            "method": c.method,
            "reason": c.reason,
        }

    def names_for_masking(self, card_id: str | None = None) -> list[str]:
        """Return English card names and face names, longest first (ties in code-point order).

        Names with an ASCII apostrophe also appear with ``’`` (``Chandra's Pyrohelix`` and
        ``Chandra’s Pyrohelix``), as texts print either. Without ``card_id``: the names of
        every card; with it: that card's names only (empty for ids not in the table, such as
        ``unresolved:…`` ids).
        """
        if card_id is None:
            if self._masking is None:
                self._masking = _masking_order(
                    n for raw in self._raw.values() for n in english_names(raw)
                )
            return list(self._masking)
        raw = self._raw.get(card_id)
        return [] if raw is None else list(_masking_order(english_names(raw)))

    def localized_names(self, lang: str) -> dict[str, str]:
        """Return ``{localized name: English name}`` for the localized language ``lang``.

        Keys are every printed variant of card names and face names; values are the English
        card name (or face name, for face variants). Variants equal to the card's own English
        name (printings that carry the English name as localized name) are left out. A
        localized name shared by several cards maps to the first of their English names in
        code-point order; :meth:`ambiguous_names` lists those.
        """
        lang = _check_lang(lang, allow_en=False)
        multi: dict[str, set[str]] = {}
        for raw in self._raw.values():
            english_key = name_key(raw["name"])
            for face in raw["faces"]:
                block = face.get(lang)
                if block is None:
                    continue
                for variant in block["names"]:
                    if name_key(variant) != english_key:
                        multi.setdefault(variant, set()).add(raw["name"])
                face_name = face["face_name"]
                if face_name is not None:
                    for variant in block["face_names"]:
                        if name_key(variant) != name_key(face_name):
                            multi.setdefault(variant, set()).add(face_name)
        return {k: min(v) for k, v in sorted(multi.items())}

    def ambiguous_names(self, lang: str) -> dict[str, tuple[str, ...]]:
        """Return the names of ``lang`` (a registered language) that several cards share.

        Maps the normalised name (:func:`name_key`) to the sorted ids of the cards that carry
        it as a card name or face name; :meth:`resolve_title` reports such titles as
        ``ambiguous``.
        """
        lang = _check_lang(lang, allow_en=True)
        out: dict[str, tuple[str, ...]] = {}
        for key, hits in sorted(self._index[lang].items()):
            ids = sorted({h[0] for h in hits})
            if len(ids) > 1:
                out[key] = tuple(ids)
        return out

    def iter_parallel_faces(self, lang: str) -> Iterator[tuple[str, str, str, str]]:
        """Yield ``(oracle_id, English face name, English text, localized text)`` for ``lang``.

        Only faces of cards with an oracle id that have both a non-empty English text and a
        non-empty printed ``lang`` text, in table order; the face name of a single-face card
        is the card name. The parallel corpus for learning a bilingual lexicon.
        """
        lang = _check_lang(lang, allow_en=False)
        for raw in self._raw.values():
            oracle_id = raw["oracle_id"]
            if oracle_id is None:
                continue
            for face in raw["faces"]:
                block = face.get(lang)
                if face["text"] and block is not None and block.get("text"):
                    yield oracle_id, face["face_name"] or raw["name"], face["text"], block["text"]

    # ------------------------------------------------------------------ resolution

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


def _check_lang(lang: str, *, allow_en: bool) -> str:
    allowed = languages.codes() if allow_en else languages.localized()
    if lang not in allowed:
        raise UnsupportedLanguageError(f"language {lang!r} not supported (use one of {allowed})")
    return lang


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


def _masking_order(names: Iterable[str]) -> tuple[str, ...]:
    out: set[str] = set()
    for n in names:
        out.add(n)
        if "'" in n:
            out.add(n.replace("'", _CURLY))
    return tuple(sorted(out, key=lambda s: (-len(s), s)))


def _block(block: dict[str, Any] | None) -> LocalizedFace | None:
    if block is None:
        return None
    return LocalizedFace(
        name=block["name"],
        face_name=block.get("face_name"),
        names=tuple(block["names"]),
        face_names=tuple(block["face_names"]),
        type=block.get("type") or None,
        text=block.get("text") or None,
        set=block.get("set"),
        source=block.get("source", MTGJSON_METHOD),
    )


def _entry(raw: RawCard) -> CardEntry:
    return CardEntry(
        card_id=raw["card_id"],
        oracle_id=raw["oracle_id"],
        name=raw["name"],
        layout=raw["layout"],
        faces=tuple(
            CardFace(
                face_name=f["face_name"],
                type=f["type"],
                mana_cost=f["mana_cost"],
                text=f["text"],
                blocks={lg: b for lg in languages.localized() if (b := _block(f.get(lg)))},
            )
            for f in raw["faces"]
        ),
        method=raw["method"],
        reason=raw["reason"],
    )


def iter_parallel_faces(
    lang: str, data_dir: Path | None = None
) -> Iterator[tuple[str, str, str, str]]:
    """Module-level shortcut for ``NamesTable.load(data_dir).iter_parallel_faces(lang)``."""
    return NamesTable.load(data_dir).iter_parallel_faces(lang)
