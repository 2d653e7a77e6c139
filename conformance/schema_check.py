"""A fast yes/no check of an instance against the suite's JSON Schemas.

``jsonschema`` walks a schema anew for every instance (a validator object per subschema, every
``$ref`` looked up through a registry): about 1 ms per case file, most of ``rulings cases lint``.
:func:`compile_schema` turns a schema into nested Python closures once, so that the question "is
this instance valid?" costs a few microseconds. :mod:`conformance.schemas` asks it first and
runs ``jsonschema`` only for an instance it refuses, to name the problems: the check decides
nothing alone, and a wrong "invalid" here would only cost time, never a message.

It knows the Draft 2020-12 keywords the schemas in ``conformance/schema/`` use, with
``jsonschema``'s meanings (``True`` is not ``1``; ``1.0`` is an integer; ``pattern`` is
:func:`re.search`; a keyword ignores instances of other types). A schema using anything else
(``$dynamicRef``, ``unevaluatedProperties``, ``format``, a nested ``$id``, an unknown keyword, a
``$ref`` it cannot resolve) raises :class:`UnsupportedSchema` at compile time: the caller then
uses ``jsonschema`` alone, so no keyword is ever skipped. Tests compare the check with
``jsonschema`` on every shipped case and on generated variants of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urldefrag, urljoin

Check = Callable[[Any], bool]
"""A compiled schema: True when the instance is valid."""

_ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "$comment", "title", "description",
                          "examples", "default", "deprecated", "readOnly", "writeOnly"})
"""Keywords that never make an instance invalid."""


class UnsupportedSchema(Exception):
    """The schema uses something :func:`compile_schema` does not implement."""


def _is_integer(x: Any) -> bool:
    if isinstance(x, bool):
        return False
    return isinstance(x, int) or (isinstance(x, float) and x.is_integer())


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


_TYPES: dict[str, Check] = {
    "array": lambda x: isinstance(x, list),
    "boolean": lambda x: isinstance(x, bool),
    "integer": _is_integer,
    "null": lambda x: x is None,
    "number": _is_number,
    "object": lambda x: isinstance(x, dict),
    "string": lambda x: isinstance(x, str),
}


def json_equal(a: Any, b: Any) -> bool:
    """JSON equality as ``jsonschema`` has it: ``True`` and ``1`` differ, ``1`` and ``1.0`` do
    not, lists and mappings compare member by member."""
    if a is b:
        return True
    if isinstance(a, str) or isinstance(b, str):
        return bool(a == b)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return len(a) == len(b) and all(k in b and json_equal(v, b[k]) for k, v in a.items())
    if isinstance(a, bool) or isinstance(b, bool):
        return False  # `a is b` above took True/True and False/False
    return bool(a == b)


class _NotPlain(Exception):
    pass


def _key(x: Any) -> Any:
    """A hashable key of a plain JSON value, equal for values :func:`json_equal` calls equal."""
    if isinstance(x, str):
        return x
    if isinstance(x, bool):
        return ("bool", x)
    if isinstance(x, int) or (isinstance(x, float) and x == x):  # NaN is not plain
        return ("number", x)
    if x is None:
        return ("null",)
    if isinstance(x, list):
        return ("list", tuple(_key(v) for v in x))
    if isinstance(x, dict) and all(isinstance(k, str) for k in x):
        return ("dict", frozenset((k, _key(v)) for k, v in x.items()))
    raise _NotPlain


def _unique(items: list[Any]) -> bool:
    """No two items :func:`json_equal` (by hashing when every item is plain JSON)."""
    try:
        return len({_key(x) for x in items}) == len(items)
    except _NotPlain:
        return not any(json_equal(items[i], items[j])
                       for i in range(len(items)) for j in range(i + 1, len(items)))


class _Compiler:
    """Compiles the schemas of one set of documents, keyed by their ``$id``."""

    def __init__(self, documents: Mapping[str, Any]) -> None:
        self.documents = dict(documents)
        self.compiled: dict[str, Check] = {}

    def ref(self, base: str, ref: str) -> Check:
        uri = urljoin(base, ref)
        done = self.compiled.get(uri)
        if done is not None:
            return done
        doc_uri, fragment = urldefrag(uri)
        if doc_uri not in self.documents:
            raise UnsupportedSchema(f"$ref {ref!r}: no schema {doc_uri!r}")
        target: Any = self.documents[doc_uri]
        if fragment:
            if not fragment.startswith("/"):
                raise UnsupportedSchema(f"$ref {ref!r}: only JSON pointers are supported")
            for part in fragment[1:].split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                try:
                    target = target[int(part) if isinstance(target, list) else part]
                except (KeyError, IndexError, ValueError, TypeError):
                    raise UnsupportedSchema(f"$ref {ref!r} does not resolve") from None
        cell: list[Check] = []

        def late(x: Any) -> bool:  # a $ref may lead back to itself: compiled on first use
            return cell[0](x)

        self.compiled[uri] = late
        cell.append(self.schema(target, doc_uri, root=not fragment))
        self.compiled[uri] = cell[0]
        return cell[0]

    def schema(self, schema: Any, base: str, root: bool = False) -> Check:
        if schema is True:
            return lambda x: True
        if schema is False:
            return lambda x: False
        if not isinstance(schema, dict):
            raise UnsupportedSchema(f"not a schema: {schema!r}")
        if "$id" in schema and not root:
            raise UnsupportedSchema("a nested $id")
        checks: list[Check] = []
        for key, value in schema.items():
            if key in _ANNOTATIONS or key in ("then", "else"):
                continue
            make = getattr(self, "k_" + key.lstrip("$"), None)
            if make is None:
                raise UnsupportedSchema(f"keyword {key!r}")
            checks.append(make(value, schema, base))
        if len(checks) == 1:
            return checks[0]
        funcs = tuple(checks)

        def all_of(x: Any) -> bool:
            for f in funcs:
                if not f(x):
                    return False
            return True
        return all_of

    # --- keywords: k_<name>(value, schema, base) -> Check ---------------------------------------

    def k_ref(self, value: str, schema: dict[str, Any], base: str) -> Check:
        return self.ref(base, value)

    def k_type(self, value: str | list[str], schema: dict[str, Any], base: str) -> Check:
        names = [value] if isinstance(value, str) else list(value)
        try:
            tests = tuple(_TYPES[n] for n in names)
        except KeyError as exc:
            raise UnsupportedSchema(f"type {exc.args[0]!r}") from None
        if len(tests) == 1:
            return tests[0]
        return lambda x: any(t(x) for t in tests)

    def k_enum(self, value: list[Any], schema: dict[str, Any], base: str) -> Check:
        options = list(value)
        if all(isinstance(o, str) for o in options):
            strings = frozenset(options)
            return lambda x: isinstance(x, str) and x in strings
        return lambda x: any(json_equal(o, x) for o in options)

    def k_const(self, value: Any, schema: dict[str, Any], base: str) -> Check:
        return lambda x: json_equal(x, value)

    def k_properties(self, value: dict[str, Any], schema: dict[str, Any], base: str) -> Check:
        props = tuple((name, self.schema(sub, base)) for name, sub in value.items())

        def properties(x: Any) -> bool:
            if isinstance(x, dict):
                for name, check in props:
                    if name in x and not check(x[name]):
                        return False
            return True
        return properties

    def k_patternProperties(self, value: dict[str, Any], schema: dict[str, Any],
                            base: str) -> Check:
        pats = tuple((re.compile(p), self.schema(sub, base)) for p, sub in value.items())

        def pattern_properties(x: Any) -> bool:
            if isinstance(x, dict):
                for rx, check in pats:
                    for k, v in x.items():
                        if rx.search(k) and not check(v):
                            return False
            return True
        return pattern_properties

    def k_additionalProperties(self, value: Any, schema: dict[str, Any], base: str) -> Check:
        known = frozenset(schema.get("properties", {}))
        joined = "|".join(schema.get("patternProperties", {}))
        rx = re.compile(joined) if joined else None
        check = self.schema(value, base)

        def additional(x: Any) -> bool:
            if isinstance(x, dict):
                for k, v in x.items():
                    if k in known or (rx is not None and rx.search(k)):
                        continue
                    if not check(v):
                        return False
            return True
        return additional

    def k_required(self, value: list[str], schema: dict[str, Any], base: str) -> Check:
        names = tuple(value)
        return lambda x: not isinstance(x, dict) or all(n in x for n in names)

    def k_propertyNames(self, value: Any, schema: dict[str, Any], base: str) -> Check:
        check = self.schema(value, base)
        return lambda x: not isinstance(x, dict) or all(check(k) for k in x)

    def k_minProperties(self, value: int, schema: dict[str, Any], base: str) -> Check:
        return lambda x: not isinstance(x, dict) or len(x) >= value

    def k_maxProperties(self, value: int, schema: dict[str, Any], base: str) -> Check:
        return lambda x: not isinstance(x, dict) or len(x) <= value

    def k_items(self, value: Any, schema: dict[str, Any], base: str) -> Check:
        if "prefixItems" in schema:
            raise UnsupportedSchema("prefixItems")
        check = self.schema(value, base)

        def items(x: Any) -> bool:
            if isinstance(x, list):
                for item in x:
                    if not check(item):
                        return False
            return True
        return items

    def k_minItems(self, value: int, schema: dict[str, Any], base: str) -> Check:
        return lambda x: not isinstance(x, list) or len(x) >= value

    def k_maxItems(self, value: int, schema: dict[str, Any], base: str) -> Check:
        return lambda x: not isinstance(x, list) or len(x) <= value

    def k_uniqueItems(self, value: bool, schema: dict[str, Any], base: str) -> Check:
        if not value:
            return lambda x: True
        return lambda x: not isinstance(x, list) or _unique(x)

    def k_minLength(self, value: int, schema: dict[str, Any], base: str) -> Check:
        return lambda x: not isinstance(x, str) or len(x) >= value

    def k_maxLength(self, value: int, schema: dict[str, Any], base: str) -> Check:
        return lambda x: not isinstance(x, str) or len(x) <= value

    def k_pattern(self, value: str, schema: dict[str, Any], base: str) -> Check:
        rx = re.compile(value)
        return lambda x: not isinstance(x, str) or rx.search(x) is not None

    def k_minimum(self, value: float, schema: dict[str, Any], base: str) -> Check:
        return lambda x: not _is_number(x) or x >= value

    def k_maximum(self, value: float, schema: dict[str, Any], base: str) -> Check:
        return lambda x: not _is_number(x) or x <= value

    def k_anyOf(self, value: list[Any], schema: dict[str, Any], base: str) -> Check:
        subs = tuple(self.schema(s, base) for s in value)
        return lambda x: any(s(x) for s in subs)

    def k_allOf(self, value: list[Any], schema: dict[str, Any], base: str) -> Check:
        subs = tuple(self.schema(s, base) for s in value)
        return lambda x: all(s(x) for s in subs)

    def k_oneOf(self, value: list[Any], schema: dict[str, Any], base: str) -> Check:
        subs = tuple(self.schema(s, base) for s in value)
        return lambda x: sum(1 for s in subs if s(x)) == 1

    def k_not(self, value: Any, schema: dict[str, Any], base: str) -> Check:
        sub = self.schema(value, base)
        return lambda x: not sub(x)

    def k_if(self, value: Any, schema: dict[str, Any], base: str) -> Check:
        cond = self.schema(value, base)
        then = self.schema(schema["then"], base) if "then" in schema else None
        else_ = self.schema(schema["else"], base) if "else" in schema else None

        def if_then_else(x: Any) -> bool:
            if cond(x):
                return then is None or then(x)
            return else_ is None or else_(x)
        return if_then_else


def compile_schema(schema: Mapping[str, Any],
                   documents: Mapping[str, Any] | None = None) -> Check:
    """A :data:`Check` for ``schema``; ``documents`` maps the ``$id`` of every schema its
    ``$ref`` may lead to (``schema`` itself included or not) to that schema.

    Raises :class:`UnsupportedSchema` when the schema uses what this module does not implement.
    """
    base = str(schema.get("$id", ""))
    compiler = _Compiler({**(documents or {}), base: schema})
    return compiler.schema(dict(schema), base, root=True)
