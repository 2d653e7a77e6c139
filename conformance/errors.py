"""Every exception the conformance harness raises, by lifecycle step.

Engine misbehaviour *during a case* is data, not an exception that escapes the runner: it becomes
the case's status. Exceptions escape only for steps that make a whole run impossible.

==========================  =====================================  ==============================
Lifecycle step              Raised                                  Case status when caught
==========================  =====================================  ==============================
case / file parsing         :class:`CaseFormatError` (a case file   -- (run refuses to start)
                            breaks case.schema.json or cannot be
                            read; :class:`YamlFileError` with a
                            line), :class:`SuiteError` (duplicate
                            ids, stale hashes), :class:`VocabularyError`
                            (features.yaml), :class:`ExpectationsError`
                            (an expectations file),
                            :class:`RunFileError` and subclasses
                            (a JSONL run read back)
engine spec parsing         :class:`EngineSpecError`                -- (run refuses to start)
connect / start             :class:`EngineStartError`; its subclass -- (run refuses to start; on a
                            :class:`ProtocolVersionMismatch`        restart: ``crash``)
setup / action / observe    :class:`EngineReportedError` (the       ``error``
                            engine refused, with a ``kind``)
                            :class:`EngineTimeout`                  ``timeout``
                            :class:`EngineCrashed` (process died)   ``crash``
                            :class:`EngineProtocolError` (garbage,  ``crash``
                            a wrong ``seq``, a response that breaks
                            its schema, NaN, a lone surrogate)
                            :class:`EngineAnswerTooLarge` (an       ``error``
                            answer over ``--max-answer-mb``)
close                       :class:`EngineCloseError`               -- (logged; the process is
                                                                    killed)
==========================  =====================================  ==============================

All derive from :class:`ConformanceError`. Engines raise only :class:`EngineReportedError`
(re-exported by :mod:`conformance.engines.protocol`); anything else an in-process engine raises is
treated like a crash.
"""

from __future__ import annotations

import yaml  # type: ignore[import-untyped,unused-ignore]


class ConformanceError(Exception):
    """Base class of every conformance harness error."""


# --- case / file parsing -------------------------------------------------------------------------


class CaseFormatError(ConformanceError):
    """A case file cannot be read or breaks ``conformance/schema/case.schema.json``."""

    def __init__(self, path: str, problems: list[str]) -> None:
        self.path = path
        self.problems = list(problems)
        super().__init__(f"{path}: " + "; ".join(self.problems))


class YamlFileError(CaseFormatError, yaml.YAMLError):
    """A suite YAML file (case, features, expectations) breaks the reading rules of
    :mod:`conformance.case_yaml`: too big, not a regular file, not UTF-8, invalid YAML, an alias,
    a duplicate key. ``line`` is 1-based, or None when the problem has no line. Also a
    ``yaml.YAMLError``, so callers that caught PyYAML's errors catch it."""

    def __init__(self, path: str, message: str, *, line: int | None = None) -> None:
        self.line = line
        self.message = message
        super().__init__(path, [f"line {line}: {message}" if line is not None else message])
        self.args = (f"{path}:{line}: {message}" if line is not None else f"{path}: {message}",)

    def __str__(self) -> str:
        return str(self.args[0])

    def __reduce__(self):  # picklable across worker processes
        return (_rebuild_yaml_error, (self.path, self.message, self.line))


def _rebuild_yaml_error(path: str, message: str, line: int | None) -> YamlFileError:
    return YamlFileError(path, message, line=line)


class SuiteError(ConformanceError):
    """A set of cases cannot be run as one suite: two cases share an id, or a case's ``hash``
    does not match its content (the file was edited without ``rulings cases rehash``)."""


class VocabularyError(ConformanceError):
    """``features.yaml`` cannot be read or breaks ``features.schema.json``."""


class ExpectationsError(ConformanceError):
    """An expectations file is malformed or names another engine."""


class RunFileError(ConformanceError):
    """A JSON Lines run file read back is invalid."""


class MissingHeader(RunFileError):
    """The run file does not start with a header line."""


class MissingFooter(RunFileError):
    """The run file has no footer line: the run was cut short."""


class DuplicateCase(RunFileError):
    """The run file reports one case twice."""


class InvalidRunLine(RunFileError):
    """A line of the run file is not JSON or breaks ``run.schema.json``."""


# --- engine spec parsing -------------------------------------------------------------------------


class EngineSpecError(ConformanceError):
    """An engine spec (``reference``, ``module:Class``, ``cmd:...``, ``mutant:...``) is invalid."""


# --- connect / start -----------------------------------------------------------------------------


class EngineStartError(ConformanceError):
    """The engine could not be started or its ``start`` answer was unusable."""


class ProtocolVersionMismatch(EngineStartError):
    """The engine speaks another protocol version than the harness."""

    def __init__(self, expected: int, got: object) -> None:
        self.expected = expected
        self.got = got
        super().__init__(f"engine speaks protocol {got!r}, the harness speaks {expected}")


# --- setup / action / observe --------------------------------------------------------------------


class EngineReportedError(ConformanceError):
    """An error the engine itself reports about the game (status ``error`` for the case).

    ``kind`` is a short code: ``illegal_action``, ``unanswered_choice``, ``unused_answer``,
    ``unknown_object``, ``unsupported``, ``internal``.
    """

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message

    def __reduce__(self):  # keep picklable across worker processes
        return (type(self), (self.kind, self.message))


class EngineFailure(ConformanceError):
    """Base of the transport failures that end an engine process (``crash`` / ``timeout``)."""

    status = "crash"

    def __init__(self, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.stderr = stderr

    def __reduce__(self):
        return (type(self), (self.message, self.stderr))


class EngineCrashed(EngineFailure):
    """The engine process died (or an in-process engine raised an unexpected exception)."""

    status = "crash"


class EngineTimeout(EngineFailure):
    """The engine did not answer within the case's time limit; its process was killed."""

    status = "timeout"


class EngineProtocolError(EngineFailure):
    """The engine broke the wire protocol: a non-JSON line, a wrong ``seq``, an invalid message."""

    status = "crash"


class EngineAnswerTooLarge(EngineProtocolError):
    """An answer line is longer than the harness accepts (``--max-answer-mb``); the process is
    killed. The case's status is ``error``: the engine may be right, the harness cannot tell."""

    status = "error"


# --- close ---------------------------------------------------------------------------------------


class EngineCloseError(ConformanceError):
    """The engine did not stop cleanly (it was killed)."""


__all__ = [
    "CaseFormatError",
    "EngineAnswerTooLarge",
    "ConformanceError",
    "DuplicateCase",
    "EngineCloseError",
    "EngineCrashed",
    "EngineFailure",
    "EngineProtocolError",
    "EngineReportedError",
    "EngineSpecError",
    "EngineStartError",
    "EngineTimeout",
    "ExpectationsError",
    "InvalidRunLine",
    "MissingFooter",
    "MissingHeader",
    "ProtocolVersionMismatch",
    "RunFileError",
    "SuiteError",
    "VocabularyError",
    "YamlFileError",
]
