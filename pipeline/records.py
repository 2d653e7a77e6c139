"""The record types that cross pipeline stage boundaries.

The data flow is ``sources -> normalise -> language -> cards -> align -> store``. Each stage takes
records of one type and returns records of the next, plus quarantined records with a reason, so
that every record in is a record out or a quarantined record.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
from dataclasses import dataclass, field
from typing import Literal

Lang = str
"""A language code of the registry (:mod:`pipeline.languages`: ``en``, ``it``, ``de`` built in),
or ``und`` when a text has no letters or no detector could decide."""

SourceKind = Literal["seed", "mtgjson", "scryfall"]


@dataclass(frozen=True, slots=True)
class SourceRuling:
    """One ruling as read from a source file, before any interpretation.

    ``text_raw`` is byte-exact with the file (after decoding); nothing downstream overwrites it.
    """

    source: str
    """The file path as given to the pipeline (posix form)."""
    line: int
    """1-based line number of the ruling's first text line in ``source``."""
    position: int
    """0-based index of the ruling within its file (seed) or within its card (JSON)."""
    date: _dt.date
    text_raw: str
    kind: SourceKind
    title: str | None = None
    """Seed files: the first line (the card's printed name in the file's language)."""
    oracle_id: str | None = None
    """JSON sources: the Scryfall oracle id given by the source."""
    card_name: str | None = None
    """JSON sources: the English card name given by the source, when present."""
    declared_lang: str | None = None
    """The language a source declares (JSON sources are English); seed files declare none."""


@dataclass(frozen=True, slots=True)
class Quarantined:
    """A record the pipeline could not use, kept with the reason and where it came from."""

    source: str
    line: int
    reason: str
    """A short machine-readable reason code, e.g. ``impossible_date``, ``binary_data``."""
    detail: str
    """A human-readable sentence naming what is wrong."""
    text_raw: str = ""


_CONTROL_ESCAPES = {
    c: f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"
    for c in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *range(0x202A, 0x202F))
} | {c: f"\\u{c:04x}" for c in range(0x2066, 0x206A)}
"""C0 and C1 control characters, DEL, line/paragraph separators and bidi overrides -> escapes."""


@dataclass(frozen=True, slots=True)
class Issue:
    """A warning or error about an input, naming file and line (line 0: the whole file)."""

    source: str
    line: int
    severity: Literal["warning", "error"]
    code: str
    message: str

    def __str__(self) -> str:
        """``source:line: severity: message [code]``, control characters (an escape sequence in
        a file name would drive the terminal it is printed on) written as ``\\xNN``."""
        text = f"{self.source}:{self.line}: {self.severity}: {self.message} [{self.code}]"
        return text if text.isprintable() else text.translate(_CONTROL_ESCAPES)


@dataclass(frozen=True, slots=True)
class LanguageGuess:
    lang: Lang
    confidence: float
    """In [0, 1]."""


@dataclass(frozen=True, slots=True)
class CardResolution:
    """How a file title or a JSON card was tied to a card identity."""

    status: Literal["resolved", "unresolved", "ambiguous"]
    card_id: str
    """Oracle id where known, else a stable id derived from the English name or title."""
    oracle_id: str | None
    english_name: str | None
    face_name: str | None
    """The English face name when the title named one half/face of a multi-face card."""
    method: str
    """E.g. ``oracle_id``, ``localized_name:it``, ``localized_face:it``, ``supplement:forge``."""
    reason: str = ""
    candidates: tuple[str, ...] = ()
    """For ambiguous titles: the card ids that share the name."""


@dataclass(slots=True)
class Ruling:
    """A ruling after normalisation, language detection and card resolution."""

    src: SourceRuling
    text_norm: str
    file_lang: Lang
    lang: Lang
    lang_confidence: float
    english_spans: list[str] = field(default_factory=list)
    card: CardResolution | None = None
    ruling_id: str = ""


@dataclass(frozen=True, slots=True)
class AlignedGroup:
    """One ruling across languages for one card. Missing languages are ``None``."""

    group_id: str
    card_id: str
    card_name: str
    date: _dt.date | None
    ruling_ids: dict[str, str | None]
    """lang -> ruling_id, for every registered language."""
    texts: dict[str, str | None]
    """lang -> raw text, for every registered language."""
    score: float
    method: str
    status: str
    """``complete``, ``missing_en``, ``missing_it``, ``missing_de``, ``english_fallback_it``, ..."""


def ruling_id(card_id: str, date: _dt.date, text_norm: str, file_lang: str) -> str:
    """Stable id of a ruling: SHA-256 of (card, date, normalised text, file language), 16 hex."""
    payload = "\x1f".join((card_id, date.isoformat(), text_norm, file_lang))
    return hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()[:16]
