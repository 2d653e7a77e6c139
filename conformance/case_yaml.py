"""The one reader of the suite's YAML files (case files, expectations files).

Every YAML file of the conformance suite is read here and nowhere else (but ``features.yaml``,
whose small form :mod:`conformance.features` reads with the standard library alone, for the
engine harnesses' venvs), with these rules:

* **libyaml when available.** ``yaml.CSafeLoader`` (about 13x faster than the pure-Python loader
  on the suite) with the safe constructor; the pure-Python ``SafeLoader`` is the fallback. Both
  give the same values (tested).
* **No implicit timestamps.** ``ruling_date: 2024-04-12`` stays the string ``"2024-04-12"``.
* **No aliases.** An anchor (``&a``) or alias (``*a``) is an error naming its line: an alias lets a
  2 KB file stand for gigabytes once expanded ("billion laughs"), and no case needs one.
* **JSON values only.** ``!!binary``, ``!!set``, ``!!timestamp``, ``!!omap`` and ``!!pairs`` are
  errors naming their line (their values could not be hashed or sent to an engine).
* **No duplicate keys.** ``expect:`` written twice is an error naming both lines (YAML says keys
  are unique; PyYAML silently keeps the last one).
* **Bounded size.** A file larger than ``max_bytes`` (default :data:`MAX_YAML_BYTES`, 256 KiB;
  the largest case of the suite is under 3 KiB) is refused before it is parsed; so is anything
  that is not a regular file (a directory, a FIFO that would block, a device).
* **Strict UTF-8.** A leading byte-order mark is dropped; undecodable bytes are an error naming
  the line.

Errors are :class:`~conformance.errors.YamlFileError` (a :class:`CaseFormatError`) carrying the
file and, when known, the line: ``path:line: message``.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped,unused-ignore]

from conformance.errors import YamlFileError

MAX_YAML_BYTES = 256 * 1024
"""Default size limit of one YAML file of the suite (``--max-case-bytes``)."""

_BaseLoader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
LIBYAML = _BaseLoader is not yaml.SafeLoader
"""Whether the C loader (libyaml) is in use."""

_NO_TIMESTAMPS = {
    ch: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for ch, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


_NON_JSON_TAGS = frozenset(f"tag:yaml.org,2002:{t}"
                           for t in ("binary", "set", "timestamp", "omap", "pairs"))
"""Tags whose values have no JSON form (bytes, sets, dates, pair lists): refused, so every value
read can be hashed, validated and sent to an engine as JSON."""


class _DuplicateKey(Exception):
    def __init__(self, key: Any, line: int, first: int) -> None:
        super().__init__(f"duplicate key {key!r} (first at line {first})")
        self.line = line


def _construct_mapping(self: Any, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    """``SafeConstructor.construct_mapping`` that refuses a key written twice."""
    if isinstance(node, yaml.MappingNode):
        self.flatten_mapping(node)
    seen: dict[Any, int] = {}
    for key_node, _value in node.value:
        key = self.construct_object(key_node, deep=deep)
        line = key_node.start_mark.line + 1
        try:
            first = seen.get(key)
        except TypeError:  # an unhashable key: the base method says so
            break
        if first is not None:
            raise _DuplicateKey(key, line, first)
        seen[key] = line
    return dict(yaml.SafeLoader.construct_mapping(self, node, deep=deep))


def _make_loader(base: type[Any]) -> type[Any]:
    loader: Any = type(f"_Suite{base.__name__}", (base,), {
        "yaml_implicit_resolvers": _NO_TIMESTAMPS,
        "construct_mapping": _construct_mapping,
    })
    loader.yaml_constructors = {tag: fn for tag, fn in base.yaml_constructors.items()
                                if tag not in _NON_JSON_TAGS}
    return loader


_Loader = _make_loader(_BaseLoader)
_PyLoader = _make_loader(yaml.SafeLoader)


def _alias_problem(text: str, loader: type[Any]) -> tuple[int, str] | None:
    """The line and message of the first anchor or alias in ``text``, or None.

    Only called when ``&`` or ``*`` occurs at all, so most files never pay for the event scan.
    """
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.AliasEvent):
            return event.start_mark.line + 1, f"alias *{event.anchor} is not allowed"
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            return event.start_mark.line + 1, f"anchor &{anchor} is not allowed"
    return None


def parse_yaml(text: str, where: str = "<yaml>", *, pure_python: bool = False) -> Any:
    """Parse YAML text under the suite's rules (see the module docs).

    Raises :class:`YamlFileError` naming ``where`` and the line. ``pure_python`` forces the
    pure-Python loader (tests compare the two).
    """
    loader = _PyLoader if pure_python else _Loader
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        if "&" in text or "*" in text:
            found = _alias_problem(text, loader)
            if found is not None:
                raise YamlFileError(where, found[1] + " in suite files", line=found[0])
        return yaml.load(text, Loader=loader)  # noqa: S506 - a SafeLoader (C or Python)
    except _DuplicateKey as exc:
        raise YamlFileError(where, str(exc), line=exc.line) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        what = " ".join(p for p in (exc.context, exc.problem) if p) or str(exc)
        raise YamlFileError(where, f"invalid YAML: {what}", line=line) from None
    except yaml.YAMLError as exc:
        raise YamlFileError(where, f"invalid YAML: {exc}") from None
    except RecursionError:
        raise YamlFileError(where, "invalid YAML: nested too deeply") from None


def read_text(path: str | Path, max_bytes: int = MAX_YAML_BYTES) -> str:
    """The text of one suite file: a regular file of at most ``max_bytes``, strict UTF-8.

    Opens without blocking (a FIFO named ``*.yaml`` is refused, not waited on). Raises
    :class:`YamlFileError`.
    """
    where = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise YamlFileError(where, f"cannot read: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a directory" if stat.S_ISDIR(st.st_mode) else "not a regular file"
            raise YamlFileError(where, f"cannot read: {kind}")
        if st.st_size > max_bytes:
            raise YamlFileError(where, f"file is {st.st_size} bytes, over the limit of "
                                       f"{max_bytes} (--max-case-bytes)")
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise YamlFileError(where, f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise YamlFileError(where, f"file is over the limit of {max_bytes} bytes (--max-case-bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise YamlFileError(where, f"not UTF-8 (byte {exc.start})", line=line) from None


def load_yaml_file(path: str | Path, max_bytes: int = MAX_YAML_BYTES) -> Any:
    """:func:`read_text` then :func:`parse_yaml`: the value of one suite YAML file."""
    return parse_yaml(read_text(path, max_bytes), str(path))


def line_of(text: str, path: Sequence[str | int]) -> int | None:
    """The 1-based line of the node at ``path`` (mapping keys and list indexes from the top) in
    the YAML ``text``, or of the deepest node of ``path`` that exists; None when the text does
    not parse. Only the node tree is built (no values), so it costs little; lint calls it only
    for files with a problem to place.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        node: Any = yaml.compose(text, Loader=_BaseLoader)
    except yaml.YAMLError:
        return None
    if node is None:
        return None
    line = node.start_mark.line + 1
    for step in path:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == str(step):
                    line, node = key.start_mark.line + 1, value
                    break
            else:
                return line
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) \
                and 0 <= step < len(node.value):
            node = node.value[step]
            line = node.start_mark.line + 1
        else:
            return line
    return line
