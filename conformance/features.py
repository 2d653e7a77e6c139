"""The feature vocabulary, ``conformance/features.yaml``: its one reader.

The vocabulary maps each feature name to a one-line definition. A case lists the features it
exercises, an engine declares those it implements (``start``), and ``rulings cases lint`` refuses a
name that is not in it. The linter, ``rulings engines smoke``, the runner and the engine harnesses
all read it here and nowhere else (a test checks that).

The module imports the standard library only: engine harnesses running in virtual environments
of their own import it as ``mtg_rulings_features`` (the ``wire/`` distribution links to this
file). So it does not parse YAML in general: it reads the small YAML form the vocabulary has,
and refuses, naming file and line, anything outside it rather than guess:

* comment lines (``# ...``) and blank lines;
* optionally a first line ``features:``, then every entry indented by the same spaces;
* one entry per line, ``name: definition``: the name as ``features.schema.json`` has it
  (``[a-z0-9_]+`` parts joined by dots), unquoted, and not one YAML reads as a boolean, null or a
  number (``yes``, ``on``, ``12``, ``1.5``); the definition a double-quoted scalar (YAML
  escapes), a single-quoted scalar, or a plain phrase (it contains a space, so YAML cannot read it
  as a number, a boolean or null; it neither starts with a YAML indicator nor holds ``": "``),
  with an optional trailing comment;
* each name once, at least one entry, every definition non-empty and on one line.

Whatever this module accepts, a YAML parser reads as the same mapping, which
``features.schema.json`` accepts (tested against PyYAML and the schema).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

__all__ = ["FEATURES_FILE", "MAX_FEATURES_BYTES", "parse_features", "read_features"]

FEATURES_FILE = Path(__file__).resolve().parent / "features.yaml"
"""The suite's vocabulary."""

MAX_FEATURES_BYTES = 1024 * 1024
"""A vocabulary file larger than this is refused before it is read (the suite's is ~12 KiB)."""

Error = Callable[[str], Exception]
"""The caller's exception class (or any callable making one from a message)."""

_NAME = re.compile(r"[a-z0-9_]+(?:\.[a-z0-9_]+)*\Z")
_NOT_A_STRING = re.compile(r"(?:yes|no|true|false|on|off|null|0b[01_]+|0x[0-9a-f_]+"
                           r"|[0-9][0-9_]*(?:\.[0-9_]*)?)\Z")
"""Names YAML (1.1, as PyYAML) reads as a boolean, null or a number, not as a string."""
_KEY = re.compile(r"(?P<indent> *)(?P<key>[^\s:#'\"][^:]*?):(?:[ ]+(?P<value>.*?))?[ ]*\Z")
_UNREADABLE = re.compile("\r(?!\n)|[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters YAML refuses, and line breaks other than ``\n`` (``\r\n`` is one)."""
_PLAIN_START = frozenset("-?:,[]{}#&*!|>'\"%@`")
_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v",
            "f": "\f", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\",
            "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029"}
_HEX = {"x": 2, "u": 4, "U": 8}


class _Refused(Exception):
    pass


def _double_quoted(text: str) -> tuple[str, str]:
    """The value of the double-quoted scalar at the start of ``text`` and what follows it."""
    out: list[str] = []
    i = 1
    while i < len(text):
        c = text[i]
        if c == '"':
            return "".join(out), text[i + 1:]
        if c == "\\":
            esc = text[i + 1:i + 2]
            if esc in _ESCAPES:
                out.append(_ESCAPES[esc])
                i += 2
                continue
            if esc in _HEX:
                digits = text[i + 2:i + 2 + _HEX[esc]]
                if len(digits) != _HEX[esc] or not re.fullmatch(r"[0-9A-Fa-f]+", digits):
                    raise _Refused(f"bad escape \\{esc}{digits}")
                out.append(chr(int(digits, 16)))
                i += 2 + _HEX[esc]
                continue
            raise _Refused(f"unknown escape \\{esc}" if esc else "a line may not end in \\")
        out.append(c)
        i += 1
    raise _Refused("the quoted definition is not closed on its line")


def _single_quoted(text: str) -> tuple[str, str]:
    out: list[str] = []
    i = 1
    while i < len(text):
        if text[i] == "'":
            if text[i + 1:i + 2] == "'":
                out.append("'")
                i += 2
                continue
            return "".join(out), text[i + 1:]
        out.append(text[i])
        i += 1
    raise _Refused("the quoted definition is not closed on its line")


def _definition(value: str) -> str:
    """The definition written as ``value`` (the rest of an entry's line after ``": "``)."""
    if value[0] in "\"'":
        text, rest = (_double_quoted if value[0] == '"' else _single_quoted)(value)
        if rest.strip() and not re.match(r"[ \t]+#", rest):
            raise _Refused(f"unexpected {rest.strip()!r} after the quoted definition")
    else:
        text = re.split(r"[ \t]#", value, maxsplit=1)[0].rstrip()
        if not text or text[0] in _PLAIN_START or ": " in text or text.endswith(":") \
                or "\t" in text or " " not in text:
            raise _Refused("write this definition in double quotes (an unquoted one must be a "
                           "phrase with a space, not start with a YAML indicator nor hold ': ')")
    if not text.strip():
        raise _Refused("the definition is empty")
    if any(c in text for c in "\n\r\x85\u2028\u2029"):
        raise _Refused("the definition must be one line")
    return text


def parse_features(text: str, where: str = "<features>", error: Error = ValueError
                   ) -> dict[str, str]:
    """The vocabulary written in ``text``: feature name -> definition, in file order.

    Raises ``error("<where>:<line>: <message>")`` for anything outside the format (module docs).
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    bad = _UNREADABLE.search(text)
    if bad is not None:
        at = text.count("\n", 0, bad.start()) + 1
        raise error(f"{where}:{at}: character {bad.group()!r} is not allowed (only \\n ends "
                    "a line; no control characters)")
    found: dict[str, str] = {}
    lines: dict[str, int] = {}
    wrapped = False
    indent: int | None = None
    for number, line in enumerate(text.split("\n"), 1):
        line = line.removesuffix("\r")
        stripped = line.strip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        try:
            if "\t" in line[:len(line) - len(line.lstrip())]:
                raise _Refused("a tab in the indentation")
            m = _KEY.match(line)
            if m is None:
                if indent is not None and len(line) - len(line.lstrip(" ")) > indent:
                    raise _Refused("a definition continued on a second line: write it on one")
                raise _Refused("not a `name: definition` line")
            key, value, ind = m["key"], m["value"], len(m["indent"])
            if value is not None and (not value or value.startswith("#")):
                value = None
            if key == "features" and value is None and ind == 0 and not found and not wrapped:
                wrapped = True
                continue
            if indent is None:
                indent = ind
                if wrapped and ind == 0:
                    raise _Refused("entries under `features:` must be indented")
            if ind != indent:
                raise _Refused(f"indented by {ind} spaces, the entries above by {indent}")
            if not _NAME.match(key):
                raise _Refused(f"feature name {key!r} must be lowercase words of [a-z0-9_] "
                               "joined by dots")
            if _NOT_A_STRING.match(key):
                raise _Refused(f"feature name {key!r} would be read by YAML as a boolean, null or "
                               "a number")
            if key in lines:
                raise _Refused(f"feature {key!r} is defined twice (first at line {lines[key]})")
            if value is None:
                raise _Refused(f"feature {key!r} has no definition")
            found[key] = _definition(value)
            lines[key] = number
        except _Refused as exc:
            raise error(f"{where}:{number}: {exc}") from None
    if not found:
        raise error(f"{where}: the vocabulary defines no feature")
    return found


def read_features(path: str | Path = FEATURES_FILE, error: Error = ValueError) -> dict[str, str]:
    """The vocabulary of the file ``path`` (:func:`parse_features`).

    A missing or unreadable file, one that is not a regular file, is larger than
    :data:`MAX_FEATURES_BYTES` or is not UTF-8 raises ``error(message)`` naming it.
    """
    path = Path(path)
    try:
        if not path.is_file():
            raise error(f"{path}: no such vocabulary file" if not path.exists()
                        else f"{path}: not a regular file")
        size = path.stat().st_size
        if size > MAX_FEATURES_BYTES:
            raise error(f"{path}: {size} bytes, over the limit of {MAX_FEATURES_BYTES}")
        data = path.read_bytes()
    except OSError as exc:
        raise error(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise error(f"{path}:{line}: not UTF-8 (byte {exc.start})") from None
    return parse_features(text, str(path), error)
