"""The names table: card identities with English, Italian and German names and texts.

Built from ``<data_dir>/mtgjson-2022/cards.jsonl.gz`` (23,738 cards keyed by Scryfall oracle
id), every ``<data_dir>/recent/*.json`` MTGJSON card object (cards newer than the snapshot, with
their oracle id) and every ``<data_dir>/recent/forge_cardnames*.txt`` Forge excerpt (localized
names; cards unknown to the snapshot get :func:`stable_card_id` ids). Files are read in sorted
order, so the table is deterministic.
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import marshal
import os
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pipeline.records import CardResolution, Issue

from .errors import CardDataError, CardQueryError, UnknownCardError, UnsupportedLanguageError
from .loaders import (
    FORGE_METHOD,
    MTGJSON_METHOD,
    ForgeLine,
    RawCard,
    read_forge_names,
    read_mtgjson_cards,
    read_recent_card,
)
from .model import LANGS, CardEntry, CardFace, LocalizedFace
from .normalize import name_key, stable_card_id, title_id

__all__ = ["NamesTable", "default_data_dir", "cache_dir", "iter_parallel_faces", "CACHE_ENV"]

_WHOLE = -1
"""Face index of a hit on a whole-card name."""

_Hit = tuple[str, int, bool]
"""(card_id, face index or ``_WHOLE``, the name variant comes only from the Forge supplement)."""

_INDEX_LANGS = ("en", *LANGS)
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


CACHE_ENV = "MTG_RULINGS_CACHE_DIR"
"""Environment variable naming the disk cache directory; set to an empty string to disable."""

_CACHE_FORMAT = 2
"""Bump when the cached layout (raw cards, index, issues as field tuples) changes."""

_CACHE_SUFFIX = ".marshal"
_CACHE_GLOBS = ("names-table-*" + _CACHE_SUFFIX, "names-table-*.pickle")
"""Cache files pruned by age; ``.pickle`` is the layout of format 1 (left by older versions)."""

_CACHE_KEEP = 3
"""How many names-table cache files a cache directory keeps (the newest)."""


def cache_dir() -> Path | None:
    """Return the names table's disk cache directory, or ``None`` when disabled.

    ``$MTG_RULINGS_CACHE_DIR`` if set (empty: disabled), else
    ``$XDG_CACHE_HOME/mtg-rulings`` or ``~/.cache/mtg-rulings``.
    """
    env = os.environ.get(CACHE_ENV)
    if env is not None:
        return Path(env) if env.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtg-rulings"


def _content_key(root: Path, files: list[Path]) -> str:
    # The input files' contents, this package's code (a changed name_key or loader must not
    # reuse an old index) and the Python version (the marshal format is version-specific).
    digest = hashlib.sha256(f"names-table/{_CACHE_FORMAT}/{sys.version_info[:2]}".encode())
    for code in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(code.name.encode() + b"\0" + hashlib.sha256(code.read_bytes()).digest())
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


@contextmanager
def _gc_paused() -> Iterator[None]:
    # Building or unmarshalling ~200k small containers triggers many useless GC passes.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _load_or_build(root: Path, files: list[Path]) -> NamesTable:
    directory = cache_dir()
    path = None
    if directory is not None:
        path = directory / f"names-table-{_content_key(root, files)}{_CACHE_SUFFIX}"
        try:
            with _gc_paused():
                state = marshal.loads(path.read_bytes())
                if isinstance(state, tuple) and len(state) == 4 and state[0] == _CACHE_FORMAT:
                    issues = tuple(Issue(*fields) for fields in state[3])
                    return NamesTable(state[1], state[2], root, issues)
        except FileNotFoundError:
            pass
        except (OSError, EOFError, ValueError, TypeError):
            pass  # unreadable or stale cache file: rebuild and overwrite it
    with _gc_paused():
        table = _build(root, files)
    if path is not None:
        issue_fields = tuple(dataclasses.astuple(issue) for issue in table.issues)
        _write_cache(path, (_CACHE_FORMAT, table._raw, table._index, issue_fields))
    return table


def _write_cache(path: Path, state: tuple[Any, ...]) -> None:
    # marshal, not pickle: the state is plain dicts, lists, tuples, strings, ints, bools and
    # None, which marshal writes three times faster (and reads as fast).
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(marshal.dumps(state))
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        # Every change of input or code gives a new file (~20 MB): keep only the newest few.
        old = sorted(
            (p for pattern in _CACHE_GLOBS for p in path.parent.glob(pattern) if p != path),
            key=lambda p: (p.stat().st_mtime_ns, p.name),
            reverse=True,
        )
        for stale in old[_CACHE_KEEP - 1 :]:
            stale.unlink(missing_ok=True)
    except OSError:
        pass  # the disk cache is an optimisation; an unwritable directory is not an error


_CACHE: dict[tuple[Any, ...], NamesTable] = {}
_CACHE_LOCK = threading.Lock()


class NamesTable:
    """Card identities with their English, Italian and German names, faces and texts.

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
        index: dict[str, dict[str, tuple[_Hit, ...]]],
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
        key = (str(root), _fingerprint(files))
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
        (English), ``names_it``, ``names_de`` (every card-name variant), ``face_names_it``,
        ``face_names_de`` (every face-name variant), ``method`` and ``reason`` (how the card's
        identity was established: ``mtgjson-2022``, ``recent:<file>``, ``supplement:forge``).
        Raises :class:`UnknownCardError` for ids not in the table.
        """
        c = self.card(card_id)
        return {
            "card_id": c.card_id,
            "oracle_id": c.oracle_id,
            "name": c.name,
            "layout": c.layout,
            "face_names": list(c.face_names),
            "names_it": list(c.localized_names("it")),
            "names_de": list(c.localized_names("de")),
            "face_names_it": list(c.localized_face_names("it")),
            "face_names_de": list(c.localized_face_names("de")),
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
                    n for raw in self._raw.values() for n in _english_names(raw)
                )
            return list(self._masking)
        raw = self._raw.get(card_id)
        return [] if raw is None else list(_masking_order(_english_names(raw)))

    def localized_names(self, lang: str) -> dict[str, str]:
        """Return ``{localized name: English name}`` for ``lang`` (``it`` or ``de``).

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
                block = face[lang]
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
        """Return the names of ``lang`` (``it``, ``de``, ``en``) that several cards share.

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
                block = face[lang]
                if face["text"] and block is not None and block.get("text"):
                    yield oracle_id, face["face_name"] or raw["name"], face["text"], block["text"]

    # ------------------------------------------------------------------ resolution

    def resolve_title(self, title: str, lang: str | None) -> CardResolution:
        """Tie a printed (localized or English) title to a card; never raises for any title.

        Titles are compared by :func:`name_key`. With ``lang`` ``it`` or ``de``, names in
        that language are tried first, then English names, then the other language; with
        ``en`` English first, then Italian and German; with ``None`` (or ``und``) all
        languages at once. Card names and face names are both tried (a split-card half gives
        ``face_name``, method ``localized_face:<lang>``).

        - one card: ``resolved``; ``card_id`` is the oracle id, or for cards known only from
          the Forge supplement :func:`stable_card_id` of the English name (method
          ``supplement:forge``, reason saying why);
        - several cards: ``ambiguous``, ``card_id`` ``ambiguous:<hash of title>``,
          ``candidates`` the card ids, the reason naming them;
        - none: ``unresolved``, ``card_id`` ``unresolved:<hash of title>``.

        Raises :class:`UnsupportedLanguageError` only for a ``lang`` other than ``it``,
        ``de``, ``en``, ``und`` or ``None``.
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
        for hit in sorted(hits, key=lambda h: (h[2] != _WHOLE, rank[h[0]], h[3], h[1], h[2])):
            best.setdefault(hit[1], hit)
        if len(best) > 1:
            return self._ambiguous(title, lang, list(best.values()))
        hit_lang, cid, face, forge_only = next(iter(best.values()))
        c = self.card(cid)
        face_name = c.faces[face].face_name if face != _WHOLE else None
        notes: list[str] = []
        if lang in LANGS and hit_lang != lang:
            notes.append(
                f"no {_LANG_NAMES[lang]} name matches; matched the {_LANG_NAMES[hit_lang]} name"
            )
        if hit_lang != "en" and key in {name_key(n) for n in _english_names(self._raw[cid])}:
            notes.append(
                f"the {_LANG_NAMES[hit_lang]} name matched is identical to the English name "
                "(the real translation, or a printing that carries the English name)"
            )
        if c.method == FORGE_METHOD:
            method = FORGE_METHOD
            notes.append(
                f"matched the {_LANG_NAMES[hit_lang]} name of {c.name!r} in the Forge cardnames "
                "supplement; oracle id unknown in the 2022 MTGJSON snapshot; identity derived "
                "from the English name"
            )
        elif forge_only:
            method = FORGE_METHOD
            notes.append(
                f"{_LANG_NAMES[hit_lang]} name known only from the Forge cardnames supplement; "
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
            if face != _WHOLE:
                what += f" (face {raw['faces'][face]['face_name']})"
            described.append(f"{what} [{cid}] by its {_LANG_NAMES[hit_lang]} name")
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


_LANG_NAMES = {"en": "English", "it": "Italian", "de": "German"}


def _check_lang(lang: str, *, allow_en: bool) -> str:
    allowed = _INDEX_LANGS if allow_en else LANGS
    if lang not in allowed:
        raise UnsupportedLanguageError(f"language {lang!r} not supported (use one of {allowed})")
    return lang


def _stages(lang: str | None) -> tuple[tuple[str, ...], ...]:
    if lang is None or lang == "und":
        return (("it", "de", "en"),)
    if lang == "en":
        return (("en",), LANGS)
    if lang in LANGS:
        other = tuple(lg for lg in LANGS if lg != lang)
        return ((lang,), ("en",), other)
    raise UnsupportedLanguageError(
        f"language {lang!r} not supported (use 'it', 'de', 'en', 'und' or None)"
    )


def _preference(lang: str | None) -> tuple[str, ...]:
    first = (lang,) if lang in LANGS else ()
    return (*first, "en", *(lg for lg in LANGS if lg != lang))


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
    kind = "face" if face != _WHOLE else "name"
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


# ---------------------------------------------------------------------- build


def _build(root: Path, files: list[Path]) -> NamesTable:
    issues: list[Issue] = []
    raw_cards: dict[str, RawCard] = {}
    en_keys: dict[str, str] = {}  # card id -> name_key of its English name, as raw_cards grows
    for raw in read_mtgjson_cards(files[0]):
        if raw["card_id"] in raw_cards:
            raise CardDataError(f"{files[0]}: oracle id {raw['card_id']} appears twice")
        raw_cards[raw["card_id"]] = raw
        en_keys[raw["card_id"]] = name_key(raw["name"])
    forge_variants: set[tuple[str, str, str]] = set()  # (card_id, lang, name) added by Forge
    for path in files[1:]:
        if path.suffix == ".json":
            raw = read_recent_card(path)
            if raw["card_id"] in raw_cards:
                issues.append(
                    Issue(
                        str(path),
                        0,
                        "warning",
                        "known_oracle_id",
                        f"oracle id {raw['card_id']} is already in the names table; file skipped",
                    )
                )
                continue
            raw_cards[raw["card_id"]] = raw
            en_keys[raw["card_id"]] = name_key(raw["name"])
        else:
            lines = read_forge_names(path)
            _apply_forge(path, lines, raw_cards, en_keys, forge_variants, issues)
    index = _build_index(raw_cards, en_keys, forge_variants)
    return NamesTable(raw_cards, index, root, tuple(issues))


def _apply_forge(
    path: Path,
    lines: list[ForgeLine],
    raw_cards: dict[str, RawCard],
    en_keys: dict[str, str],
    forge_variants: set[tuple[str, str, str]],
    issues: list[Issue],
) -> None:
    wanted = {name_key(fl.english) for fl in lines}
    by_english: dict[str, list[str]] = {}
    for cid, english_key in en_keys.items():
        if english_key in wanted:
            by_english.setdefault(english_key, []).append(cid)
    for fl in lines:
        english_key = name_key(fl.english)
        ids = by_english.get(english_key, [])
        if len(ids) > 1:
            issues.append(
                Issue(
                    str(path),
                    fl.line,
                    "warning",
                    "ambiguous_english_name",
                    f"{fl.english!r} names {len(ids)} cards; line not used",
                )
            )
            continue
        if ids:
            raw = raw_cards[ids[0]]
            forge_card = raw["method"] == FORGE_METHOD
        else:
            cid = stable_card_id(fl.english)
            raw = {
                "card_id": cid,
                "oracle_id": None,
                "name": fl.english,
                "layout": "unknown",
                "faces": [
                    {
                        "face_name": None,
                        "type": None,
                        "mana_cost": None,
                        "text": None,
                        "it": None,
                        "de": None,
                    }
                ],
                "method": FORGE_METHOD,
                "reason": "oracle id unknown in the 2022 MTGJSON snapshot; identity derived "
                "from the English name (Forge cardnames supplement)",
            }
            raw_cards[cid] = raw
            en_keys[cid] = english_key
            by_english[english_key] = [cid]
            forge_card = True
        key = name_key(fl.localized)
        blocks = [f[fl.lang] for f in raw["faces"] if f[fl.lang] is not None]
        if blocks:
            if any(key == name_key(n) for b in blocks for n in b["names"]):
                continue
            for b in blocks:
                b["names"].append(fl.localized)
        else:
            single = len(raw["faces"]) == 1
            for face in raw["faces"]:
                face[fl.lang] = {
                    "name": fl.localized,
                    "face_name": None,
                    "names": [fl.localized],
                    "face_names": [],
                    "type": fl.type if single else None,
                    "text": fl.text if single else None,
                    "set": None,
                    "source": FORGE_METHOD,
                }
        if not forge_card:
            forge_variants.add((raw["card_id"], fl.lang, fl.localized))


def _english_names(raw: RawCard) -> list[str]:
    return [raw["name"], *(f["face_name"] for f in raw["faces"] if f["face_name"] is not None)]


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
                it=_block(f["it"]),
                de=_block(f["de"]),
            )
            for f in raw["faces"]
        ),
        method=raw["method"],
        reason=raw["reason"],
    )


def _build_index(
    raw_cards: dict[str, RawCard],
    en_keys: dict[str, str],
    forge_variants: set[tuple[str, str, str]],
) -> dict[str, dict[str, tuple[_Hit, ...]]]:
    # lang -> key -> hits sorted by (card_id, face); a hit is forge-only if every name giving it
    # comes from the Forge file. Most keys have one hit: it is stored as a 1-tuple at once, and
    # only the keys that get several are sorted at the end.
    index: dict[str, dict[str, tuple[_Hit, ...]]] = {lg: {} for lg in _INDEX_LANGS}
    several: set[tuple[str, str]] = set()
    forge_ids = {cid for cid, _lang, _name in forge_variants}

    def add(lang: str, key: str, cid: str, face: int, only: bool) -> None:
        by_key = index[lang]
        hits = by_key.get(key)
        if hits is None:
            by_key[key] = ((cid, face, only),)
            return
        for i, (hit_cid, hit_face, hit_only) in enumerate(hits):
            if hit_cid == cid and hit_face == face:
                if hit_only and not only:
                    by_key[key] = (*hits[:i], (cid, face, False), *hits[i + 1 :])
                return
        by_key[key] = (*hits, (cid, face, only))
        several.add((lang, key))

    for cid, raw in raw_cards.items():
        forge_card = raw["method"] == FORGE_METHOD
        add("en", en_keys[cid], cid, _WHOLE, forge_card)
        variants = cid in forge_ids
        for i, face in enumerate(raw["faces"]):
            if face["face_name"] is not None:
                add("en", name_key(face["face_name"]), cid, i, forge_card)
            for lang in LANGS:
                block = face[lang]
                if block is None:
                    continue
                for n in block["names"]:
                    only = forge_card or (variants and (cid, lang, n) in forge_variants)
                    add(lang, name_key(n), cid, _WHOLE, only)
                for n in block["face_names"]:
                    add(lang, name_key(n), cid, i, forge_card)
    for lang, key in several:
        index[lang][key] = tuple(sorted(index[lang][key]))
    return index


def iter_parallel_faces(
    lang: str, data_dir: Path | None = None
) -> Iterator[tuple[str, str, str, str]]:
    """Module-level shortcut for ``NamesTable.load(data_dir).iter_parallel_faces(lang)``."""
    return NamesTable.load(data_dir).iter_parallel_faces(lang)
