"""The contract of a source reader, and the byte decoding every reader shares.

A reader turns the bytes of one input file into a :class:`SourceResult`: rulings, quarantined
records and issues. Every *record in* (a ruling candidate, or the whole file when it holds no
usable candidate) comes out exactly once, as a :class:`~pipeline.records.SourceRuling` or as a
:class:`~pipeline.records.Quarantined`; so ``records_in == len(rulings) + len(quarantined)``.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field

from pipeline.errors import InputError
from pipeline.records import Issue, Quarantined, SourceRuling

__all__ = [
    "BINARY_CONTROL_RATIO",
    "Decoded",
    "SourceResult",
    "TooManyBadRecords",
    "decode_bytes",
    "looks_binary",
    "printable",
]

BINARY_CONTROL_RATIO = 0.10
"""A file whose first 8 KiB hold more than this share of control bytes is binary data."""

_CONTROL = frozenset(range(0x00, 0x09)) | frozenset(range(0x0E, 0x20)) | {0x7F}


def printable(text: str) -> str:
    """``text``, with any lone surrogate (which no UTF-8 output can hold) written as ``\\udXXX``."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


class TooManyBadRecords(InputError):
    """Raised by :meth:`SourceResult.quarantine` past :attr:`SourceResult.max_bad` records; the
    reader catches it and calls :meth:`SourceResult.stopped`."""

    def __init__(self, line: int) -> None:
        super().__init__(f"too many bad records (stopped at line {line})")
        self.line = line


@dataclass(slots=True)
class SourceResult:
    """What a reader got out of one file."""

    source: str
    rulings: list[SourceRuling] = field(default_factory=list)
    quarantined: list[Quarantined] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    title: str | None = None
    """Seed files: the title line (the card's printed name in the file's language)."""
    max_bad: int | None = None
    """Quarantining this many records stops the reading (:class:`TooManyBadRecords`)."""

    @property
    def records_in(self) -> int:
        """Records read: each comes out once, as a ruling or as a quarantined record."""
        return len(self.rulings) + len(self.quarantined)

    def warn(self, line: int, code: str, message: str) -> None:
        """Record a warning about ``line`` of this source."""
        self.issues.append(Issue(self.source, line, "warning", code, printable(message)))

    def error(self, line: int, code: str, message: str) -> None:
        """Record an error about ``line`` of this source."""
        self.issues.append(Issue(self.source, line, "error", code, printable(message)))

    def quarantine(
        self, line: int, reason: str, detail: str, text_raw: str = "", *, severity: str = "error"
    ) -> None:
        """Quarantine one record and report it as an issue of the given severity.

        ``detail`` is the message without location; the quarantined record's ``detail`` is
        prefixed with ``source:line:`` (``source:`` for the whole file, line 0).
        """
        where = f"{self.source}:{line}" if line else self.source
        self.quarantined.append(
            Quarantined(
                self.source, line, reason, printable(f"{where}: {detail}"), printable(text_raw)
            )
        )
        if severity == "warning":
            self.warn(line, reason, detail)
        else:
            self.error(line, reason, detail)
        if self.max_bad is not None and len(self.quarantined) >= self.max_bad:
            raise TooManyBadRecords(line)

    def stopped(self, stop: TooManyBadRecords) -> None:
        """Record that reading stopped at ``stop`` (too many bad records): the rest of the file
        is one quarantined record, an error."""
        count, self.max_bad = self.max_bad, None
        self.quarantine(
            stop.line,
            "too_many_bad_records",
            f"reading stopped after {count:,} quarantined records (--max-bad-records); the rest "
            f"of the file, after line {stop.line}, is not read",
        )


@dataclass(frozen=True, slots=True)
class Decoded:
    """A decoded file: the text, and the encoding that was used."""

    text: str
    encoding: str
    bom: bool


def looks_binary(data: bytes) -> bool:
    """True when ``data`` looks like binary data rather than text (control-byte share)."""
    head = data[:8192]
    if not head:
        return False
    controls = sum(1 for b in head if b in _CONTROL)
    return controls / len(head) > BINARY_CONTROL_RATIO


def _utf16_without_bom(data: bytes) -> tuple[str, str] | None:
    """``(text, encoding)`` when ``data`` is UTF-16 text without a byte order mark: most of its
    first 8 KiB's high bytes zero (Latin text), none of its low bytes, and it decodes."""
    head = data[:8192]
    if b"\x00" not in head or len(data) % 2:
        return None
    half = len(head) // 2
    zero_even, zero_odd = head[0::2].count(0), head[1::2].count(0)
    if zero_odd > 0.3 * half and zero_even <= 0.02 * half:
        encoding = "utf-16-le"
    elif zero_even > 0.3 * half and zero_odd <= 0.02 * half:
        encoding = "utf-16-be"
    else:
        return None
    try:
        return data.decode(encoding), encoding
    except UnicodeDecodeError:
        return None


def _lines(n: int) -> str:
    return f"{n:,} line" + ("" if n == 1 else "s")


def _line_of_offset(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def decode_bytes(data: bytes, result: SourceResult) -> Decoded | None:
    """Decode the bytes of ``result.source``; report what was done on ``result``.

    UTF-8 first (a BOM is stripped and reported as a warning); UTF-32 or UTF-16 when a BOM says
    so, or, with a warning, when the zero bytes of Latin text in UTF-16 do (no BOM); otherwise
    each line that is not UTF-8 is read as CP1252, else Latin-1, with a warning naming the file
    and the line of the first byte that is not UTF-8. Binary data is quarantined as a whole file (``None`` is returned).
    """
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):  # before UTF-16: FF FE 00 00
        try:
            text = data.decode("utf-32")
        except UnicodeDecodeError as exc:
            result.quarantine(0, "undecodable", f"UTF-32 BOM but invalid UTF-32: {exc}")
            return None
        result.warn(1, "utf32_bom", "decoded as UTF-32 (byte order mark found)")
        return Decoded(text, "utf-32", True)
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as exc:
            result.quarantine(0, "undecodable", f"UTF-16 BOM but invalid UTF-16: {exc}")
            return None
        result.warn(1, "utf16_bom", "decoded as UTF-16 (byte order mark found)")
        return Decoded(text, "utf-16", True)
    utf16 = _utf16_without_bom(data)
    if utf16 is not None:
        result.warn(
            1,
            "utf16_no_bom",
            f"decoded as {utf16[1].upper()} (no byte order mark; its zero bytes say so)",
        )
        return Decoded(utf16[0], utf16[1], False)
    if looks_binary(data):
        result.quarantine(
            0,
            "binary_data",
            f"binary data, not text (over {BINARY_CONTROL_RATIO:.0%} control bytes "
            "in the first 8 KiB); file skipped",
            data[:64].decode("latin-1"),
        )
        return None
    bom = data.startswith(codecs.BOM_UTF8)
    body = data[len(codecs.BOM_UTF8) :] if bom else data
    if bom:
        result.warn(1, "bom_stripped", "UTF-8 byte order mark stripped")
    try:
        return Decoded(body.decode("utf-8"), "utf-8", bom)
    except UnicodeDecodeError as exc:
        line = _line_of_offset(body, exc.start)
        bad = body[exc.start : exc.start + 1].hex()
    # Line by line: a file of UTF-8 lines with one stray CP1252 line keeps its UTF-8 text
    # (decoding it all as CP1252 would garble every accent of every other line).
    lines = body.split(b"\n")
    decoded: list[str] = []
    used: dict[str, int] = {}
    utf8 = 0  # lines that are UTF-8 and not ASCII
    for raw in lines:
        try:
            decoded.append(raw.decode("utf-8"))
            utf8 += not raw.isascii()
            continue
        except UnicodeDecodeError:
            pass
        try:
            decoded.append(raw.decode("cp1252"))
            used["cp1252"] = used.get("cp1252", 0) + 1
        except UnicodeDecodeError:
            decoded.append(raw.decode("latin-1"))
            used["latin-1"] = used.get("latin-1", 0) + 1
    encoding = "cp1252" if "latin-1" not in used else "latin-1" if len(used) == 1 else "mixed"
    fallback = sum(used.values())
    how = " or ".join(e.upper() for e in sorted(used))
    result.warn(
        line,
        "not_utf8",
        f"not UTF-8 (byte 0x{bad}); decoded as {how}"
        + (f" ({_lines(fallback)}; {_lines(utf8)} more are UTF-8)" if utf8 else ""),
    )
    return Decoded("\n".join(decoded), encoding, bom)
