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
from pipeline.records import Issue

from .disk_cache import CACHE_ENV, cache_dir, load_parts
from .errors import CardDataError, UnknownCardError, UnsupportedLanguageError
from .index import Hit, english_names
from .loaders import RawCard
from .mentions import CardNames
from .model import CardEntry, entry_from_raw
from .normalize import name_key
from .resolution import Resolver

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


class NamesTable(Resolver):
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
            entry = self._entries.setdefault(card_id, entry_from_raw(raw))
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

    def card_names(self, lang: str) -> Iterator[CardNames]:
        """Every card's English names with its ``lang`` names, in table order: what
        :func:`~pipeline.cards.mentions.localized_card_names` gives for each card's entry, read
        from the card data directly (the build indexes every card; no entry is built)."""
        lang = _check_lang(lang, allow_en=False)
        for card_id, raw in self._raw.items():
            faces = raw["faces"]
            blocks = [f.get(lang) for f in faces]
            first = next((b for b in blocks if b is not None), None)
            yield CardNames(
                card_id,
                raw["name"],
                [f["face_name"] for f in faces if f["face_name"] is not None],
                first["name"] if first is not None else None,
                [b.get("face_name") if b is not None else None
                 for f, b in zip(faces, blocks, strict=True) if f["face_name"] is not None],
            )

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

def _check_lang(lang: str, *, allow_en: bool) -> str:
    allowed = languages.codes() if allow_en else languages.localized()
    if lang not in allowed:
        raise UnsupportedLanguageError(f"language {lang!r} not supported (use one of {allowed})")
    return lang


def _masking_order(names: Iterable[str]) -> tuple[str, ...]:
    out: set[str] = set()
    for n in names:
        out.add(n)
        if "'" in n:
            out.add(n.replace("'", _CURLY))
    return tuple(sorted(out, key=lambda s: (-len(s), s)))


def iter_parallel_faces(
    lang: str, data_dir: Path | None = None
) -> Iterator[tuple[str, str, str, str]]:
    """Module-level shortcut for ``NamesTable.load(data_dir).iter_parallel_faces(lang)``."""
    return NamesTable.load(data_dir).iter_parallel_faces(lang)
