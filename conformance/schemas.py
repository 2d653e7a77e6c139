"""The normative JSON Schemas in ``conformance/schema/`` and validators for them.

Names are paths under ``conformance/schema/`` without ``.schema.json``: ``case``, ``features``,
``expectations``, ``run``, ``io/start.request``, ``io/observe.response``, ...
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from conformance.schema_check import Check, UnsupportedSchema, compile_schema

if TYPE_CHECKING:  # jsonschema is imported when a problem is to be named (it costs ~0.1 s)
    from jsonschema import Draft202012Validator
    from referencing import Registry

SCHEMA_DIR = Path(__file__).resolve().parent / "schema"
"""Where the schemas live."""

MESSAGES = ("start", "setup", "action", "observe", "stop")
"""The protocol's commands; each has ``io/<cmd>.request`` and ``io/<cmd>.response`` schemas."""


def schema_names() -> list[str]:
    """Every schema name, e.g. ``["case", "features", "io/action.request", ...]``."""
    return sorted(
        str(p.relative_to(SCHEMA_DIR)).removesuffix(".schema.json")
        for p in SCHEMA_DIR.rglob("*.schema.json")
    )


@cache
def _documents() -> dict[str, dict[str, Any]]:
    """Every schema by its ``$id``."""
    return {(s := schema(name))["$id"]: s for name in schema_names()}


@cache
def _registry() -> Registry:
    from referencing import Registry, Resource

    return Registry().with_resources(
        (uri, Resource.from_contents(contents)) for uri, contents in _documents().items())


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema called ``name`` as a mapping."""
    path = SCHEMA_DIR / f"{name}.schema.json"
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def validator(name: str) -> Draft202012Validator:
    """A compiled validator for the schema ``name`` (``$ref`` across files resolved locally)."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema(name), registry=_registry())


@cache
def checker(name: str) -> Check | None:
    """The fast validity check of the schema ``name`` (:mod:`conformance.schema_check`), or None
    when the schema uses a keyword the check does not implement (``jsonschema`` alone then)."""
    try:
        return compile_schema(schema(name), _documents())
    except UnsupportedSchema:
        return None


def problems(name: str, instance: Any) -> list[str]:
    """Human-readable schema violations of ``instance`` against ``name`` (empty when valid).

    A valid instance is recognised by the compiled :func:`checker`; ``jsonschema`` names the
    problems of any other (and decides alone for a schema the checker cannot compile).
    """
    check = checker(name)
    if check is not None and check(instance):
        return []
    out = []
    for err in sorted(validator(name).iter_errors(instance), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(p) for p in err.absolute_path) or "(top)"
        out.append(f"{where}: {_short(err)}")
    return out


def _short(err: Any) -> str:
    if err.validator in ("oneOf", "anyOf") and err.context:
        best = min(err.context, key=lambda e: len(list(e.absolute_path)) * -1)
        sub = "/".join(str(p) for p in best.absolute_path)
        return f"{best.message}" + (f" (at {sub})" if sub else "")
    if err.validator == "not" and err.validator_value == {} and err.absolute_path:
        return f"{err.absolute_path[-1]!r} is not allowed here"
    msg = err.message
    return msg if len(msg) < 300 else msg[:297] + "..."
