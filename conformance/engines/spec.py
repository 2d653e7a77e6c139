"""Engine specs: strings that name an engine, parsed into :class:`EngineSpec` and connected.

===========================  ===================================================================
spec                         engine
===========================  ===================================================================
``reference``                ``conformance.reference.ReferenceEngine``, in process
``mutant:<name>``            ``conformance.reference.mutants.MUTANTS[name]``, in process
``module.path:Class``        any importable Python engine class or factory, in process
``cmd:<command line>``       a program speaking the stdio protocol (split like a shell does)
``<name>``                   an adapter installed under the ``mtg_rulings.engines`` entry-point
                             group (``name = "pkg.module:Factory"``)
===========================  ===================================================================

A ``module:function`` or entry-point factory may launch an engine out of process: when it returns
a :class:`~conformance.engines.stdio.StdioEngine`, or a command line (a list of arguments or a
string split like a shell does), that stdio engine is used as it is, exactly as the ``cmd:`` spec
of that command line would be (the case deadline reaches it, a hang is a ``timeout``). A factory
with a ``timeout`` (or ``validate``) parameter gets the runner's per-request timeout (and
``--validate-protocol``). Anything else it returns is an in-process engine.

Reports name engines by what ``start`` declares (``EngineInfo.name``), not by the spec, so one
engine reached two ways is one engine in reports.
"""

from __future__ import annotations

import importlib
import inspect
import re
import shlex
import sys
from collections.abc import Callable, Collection
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Literal, cast

from conformance.engines.inprocess import EngineFactory, InProcessEngine
from conformance.engines.protocol import Engine
from conformance.errors import (
    ConformanceError,
    EngineReportedError,
    EngineSpecError,
    EngineStartError,
)

ENTRY_POINT_GROUP = "mtg_rulings.engines"
"""Where installed adapters register themselves."""

SpecKind = Literal["reference", "mutant", "python", "cmd", "entry_point"]

_PY_TARGET = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")


@dataclass(frozen=True, slots=True)
class EngineSpec:
    """A parsed engine spec."""

    kind: SpecKind
    target: str
    """Class path, mutant name, entry-point name or command line (without the prefix)."""
    text: str
    """The spec as written."""

    @property
    def in_process(self) -> bool:
        """Whether the spec names Python code run in the harness process (not ``cmd:``); such a
        factory may still launch a stdio engine (see the module docs)."""
        return self.kind != "cmd"

    @property
    def argv(self) -> list[str]:
        """The command line of a ``cmd:`` spec, split."""
        if self.kind != "cmd":
            raise EngineSpecError(f"{self.text!r} is not a cmd: spec")
        return shlex.split(self.target)

    def factory(self) -> EngineFactory:
        """A callable making a fresh in-process engine (not for ``cmd:`` specs)."""
        return load_factory(self)

    def connect(self, *, timeout: float = 10.0, validate: bool = False,
                max_answer_bytes: int | None = None,
                cards: Collection[str] | None = None) -> Engine:
        """Start the engine: an :class:`InProcessEngine` or a :class:`StdioEngine`.

        ``max_answer_bytes`` bounds a stdio engine's answer lines (None: the transport's
        default); ``cards`` (the cards of the cases it may be sent) go in a stdio engine's
        ``start``. Raises :class:`EngineSpecError` for an unknown target,
        :class:`EngineStartError` when it does not start.
        """
        if self.kind == "cmd":
            from conformance.engines.stdio import MAX_ANSWER_BYTES, StdioEngine

            return StdioEngine(self.argv, timeout=timeout, validate=validate,
                               max_answer_bytes=max_answer_bytes or MAX_ANSWER_BYTES, cards=cards)
        return engine_from_factory(self.factory(), timeout=timeout, validate=validate,
                                   max_answer_bytes=max_answer_bytes, cards=cards)


def _accepted_options(factory: Callable[..., object], **options: object) -> dict[str, object]:
    """The ``options`` whose names are parameters of a factory function (not of a class)."""
    if inspect.isclass(factory):
        return {}
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return {}
    return {k: v for k, v in options.items() if k in params}


def engine_from_factory(factory: EngineFactory, *, timeout: float = 10.0,
                        validate: bool = False, max_answer_bytes: int | None = None,
                        cards: Collection[str] | None = None) -> Engine:
    """Call an engine factory and make what it returns an :class:`Engine` for the runner.

    A factory function gets those of ``timeout``, ``validate`` and ``cards`` it takes as
    parameters. A :class:`StdioEngine` is returned unwrapped (its per-request timeout set to ``timeout``, like
    a ``cmd:`` spec's); a command line (list of strings, or a string) is started as a
    :class:`StdioEngine` (``cards`` sent in its ``start``); anything else is an in-process
    engine, wrapped in :class:`InProcessEngine`. Raises :class:`EngineStartError` when the factory fails.
    """
    from conformance.engines.stdio import MAX_ANSWER_BYTES, StdioEngine

    limit = max_answer_bytes or MAX_ANSWER_BYTES
    if inspect.isclass(factory):
        return InProcessEngine(cast("Callable[[], Engine]", factory))
    kwargs = _accepted_options(factory, timeout=timeout, validate=validate, cards=cards)
    try:
        made = factory(**kwargs)
    except EngineReportedError as exc:
        raise EngineStartError(f"engine refused to start: {exc}") from exc
    except ConformanceError:
        raise
    except Exception as exc:  # noqa: BLE001 - any failure of foreign code at start
        raise EngineStartError(f"engine failed at start: {exc!r}") from exc
    if isinstance(made, StdioEngine):
        made.timeout = timeout
        made.validate = made.validate or validate
        if max_answer_bytes is not None:
            made.max_answer_bytes = max_answer_bytes
        return made
    argv: Any = made
    if isinstance(made, str):
        try:
            argv = shlex.split(made)
        except ValueError as exc:
            raise EngineStartError(f"cannot split command line {made!r}: {exc}") from exc
    if isinstance(argv, list | tuple) and argv and all(isinstance(a, str) for a in argv):
        return StdioEngine(list(argv), timeout=timeout, validate=validate,
                           max_answer_bytes=limit, cards=cards)
    return InProcessEngine(lambda: made)  # type: ignore[arg-type,return-value]


def installed_engines() -> dict[str, EntryPoint]:
    """Adapters registered under the ``mtg_rulings.engines`` entry-point group."""
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def parse_spec(text: str) -> EngineSpec:
    """Parse an engine spec string. Raises :class:`EngineSpecError`."""
    text = text.strip()
    if not text:
        raise EngineSpecError("empty engine spec")
    if text.startswith("cmd:"):
        target = text[4:].strip()
        try:
            argv = shlex.split(target)
        except ValueError as exc:
            raise EngineSpecError(f"cannot split command line {target!r}: {exc}") from exc
        if not argv:
            raise EngineSpecError("cmd: spec without a command")
        return EngineSpec("cmd", target, text)
    if text.startswith("mutant:"):
        name = text[7:].strip()
        if not name:
            raise EngineSpecError("mutant: spec without a name")
        return EngineSpec("mutant", name, text)
    if text == "reference":
        return EngineSpec("reference", "conformance.reference:ReferenceEngine", text)
    if _PY_TARGET.match(text):
        return EngineSpec("python", text, text)
    if re.fullmatch(r"[\w.-]+", text):
        return EngineSpec("entry_point", text, text)
    raise EngineSpecError(
        f"cannot parse engine spec {text!r}: use reference, mutant:<name>, module:Class, "
        "cmd:<command line>, or an installed engine name")


def _import_target(target: str) -> object:
    module_name, _, attr = target.partition(":")
    try:
        obj: object = importlib.import_module(module_name)
    except ImportError as exc:
        raise EngineSpecError(f"cannot import {module_name!r}: {exc}") from exc
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError as exc:
            raise EngineSpecError(f"{module_name!r} has no attribute {attr!r}") from exc
    return obj


def mutants() -> dict[str, type]:
    """The reference engine's mutants (name -> engine class); empty when there are none."""
    try:
        mod = importlib.import_module("conformance.reference.mutants")
    except ImportError:
        return {}
    return dict(getattr(mod, "MUTANTS", {}))


@dataclass(frozen=True)
class NamedEngine:
    """An engine spec this installation can use, with what it is (``rulings engines list``)."""

    spec: str
    """The spec, or its pattern (``cmd:<command line>``)."""
    origin: str
    """Where it comes from: built in, an entry point, a mutant, any stdio program."""


def list_engines() -> list[NamedEngine]:
    """``rulings engines list``: the reference engine (and whether it imports), the installed
    adapters (by name), the reference mutants and the ``cmd:`` form, in that order."""
    try:
        from conformance.reference import ReferenceEngine  # noqa: F401

        ref = "available"
    except ImportError:
        ref = "not installed"
    out = [NamedEngine("reference", f"built in, {ref}")]
    out += [NamedEngine(name, f"entry point {ep.value}")
            for name, ep in sorted(installed_engines().items())]
    out += [NamedEngine(f"mutant:{name}", "reference mutant") for name in sorted(mutants())]
    out.append(NamedEngine("cmd:<command line>", "any stdio engine"))
    return out


def survivor_reasons() -> dict[str, str]:
    """Why some mutants may survive the suite (name -> reason)."""
    try:
        mod = importlib.import_module("conformance.reference.mutants")
    except ImportError:
        return {}
    return dict(getattr(mod, "SURVIVOR_REASONS", {}))


def load_factory(spec: EngineSpec) -> EngineFactory:
    """The engine class or factory an in-process spec names."""
    if spec.kind in ("reference", "python"):
        obj = _import_target(spec.target)
    elif spec.kind == "mutant":
        table = mutants()
        if spec.target not in table:
            known = ", ".join(sorted(table)) or "none"
            raise EngineSpecError(f"no mutant {spec.target!r} (known: {known})")
        obj = table[spec.target]
    elif spec.kind == "entry_point":
        eps = installed_engines()
        if spec.target not in eps:
            known = ", ".join(sorted(["reference", *eps]))
            raise EngineSpecError(f"no installed engine {spec.target!r} (known: {known})")
        try:
            obj = eps[spec.target].load()
        except Exception as exc:  # noqa: BLE001 - a broken third-party entry point
            raise EngineSpecError(f"cannot load engine {spec.target!r}: {exc}") from exc
    else:
        raise EngineSpecError(f"{spec.text!r} is not an in-process engine")
    if not callable(obj):
        raise EngineSpecError(f"{spec.text!r} names {obj!r}, which is not callable")
    return obj  # type: ignore[return-value]


def connect(text: str, *, timeout: float = 10.0, validate: bool = False) -> Engine:
    """Parse ``text`` and start that engine (see :meth:`EngineSpec.connect`)."""
    return parse_spec(text).connect(timeout=timeout, validate=validate)


def python_serve_argv(spec: str) -> list[str]:
    """The command line serving a Python engine spec over stdio from this interpreter."""
    return [sys.executable, "-m", "conformance.engines.serve", spec]
