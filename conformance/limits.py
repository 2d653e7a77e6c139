"""The bounds the runner puts on what an engine can make it hold or write, in one place.

Each limit with its default and flag:

==========================  ========================  =======================================
limit                       default                   set with
==========================  ========================  =======================================
one answer line (stdio)     :data:`MAX_ANSWER_MB`     ``rulings run --max-answer-mb``
failed starts in a row      :data:`MAX_START_FAILURES`  (fixed)
engine text in a result     :data:`MAX_TEXT` chars    (fixed; the stderr tail too)
a mismatch's values         :data:`MAX_OBSERVED`      (fixed; longer: a ``truncated`` summary)
==========================  ========================  =======================================

The case time limit (``--timeout``), the case-file size (``--max-case-bytes``,
:data:`conformance.case_yaml.MAX_YAML_BYTES`) and the stdio transport's own constants
(:mod:`conformance.engines.stdio`) are documented where they act.
"""

from __future__ import annotations

import json
from typing import Any

MAX_ANSWER_MB = 256.0
"""Default bound of one stdio answer line, in MB (``rulings run --max-answer-mb``)."""
MAX_START_FAILURES = 3
"""Starts of one engine that may fail in a row before the run stops trying (the remaining cases
are ``crash`` at once)."""
MAX_TEXT = 4000
"""Characters of engine text (a message, stderr) kept in a result."""
MAX_OBSERVED = 4000
"""Characters of a mismatch's expected or observed value kept in a result (as JSON); a longer
value is replaced by a ``{"truncated": ..., "chars": N}`` summary."""


def shape_problem(observation: Any, exc: Exception) -> str:
    """What is wrong with an observation the judge could not read: its schema problems, or the
    error the judge met."""
    from conformance import schemas

    wire = {"seq": 0, "ok": True, "events": getattr(observation, "events", None),
            "state": getattr(observation, "state", None)}
    try:
        found = schemas.problems("io/observe.response", wire)
    except Exception:  # noqa: BLE001 - only for the message
        found = []
    return "; ".join(found[:3]) if found else f"{type(exc).__name__}: {exc}"


def clip(text: str | None, limit: int = MAX_TEXT) -> str | None:
    """Engine text bounded to ``limit`` characters (a note says how much was cut)."""
    if text is None or len(text) <= limit:
        return text
    return text[:limit] + f"... [{len(text) - limit} more characters cut]"


def _bounded_value(value: Any) -> Any:
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) <= MAX_OBSERVED:
        return value
    return {"truncated": text[:MAX_OBSERVED], "chars": len(text)}


def bounded_mismatch(mismatch: dict[str, Any]) -> dict[str, Any]:
    """A mismatch whose expected and observed values are at most :data:`MAX_OBSERVED` characters
    of JSON each (an engine answering a million events must not make a gigabyte run file)."""
    return {**mismatch, "expected": _bounded_value(mismatch.get("expected")),
            "observed": _bounded_value(mismatch.get("observed"))}
