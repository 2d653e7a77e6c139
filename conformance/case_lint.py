"""Linting case files (``rulings cases lint``): schema, id == path, hash, the feature vocabulary
and card names (:mod:`conformance.case_vocabulary`), object references and setup placement; each
problem with its file and, when it has one, its line.
"""

from __future__ import annotations

from collections.abc import Container, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.case_costs import cost_problems_of
from conformance.case_vocabulary import FEATURES_FILE, KnownCards, load_features
from conformance.case_yaml import MAX_YAML_BYTES, line_of, read_text
from conformance.cases_io import Case, cases_root_of, find_case_files, load_case, stale_hash_message
from conformance.errors import CaseFormatError, YamlFileError


@dataclass(frozen=True)
class LintProblem:
    """One problem ``rulings cases lint`` found in a file."""

    path: str
    message: str
    severity: str = "error"
    line: int | None = None
    """1-based line in the file, when the problem has one."""

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line is not None else self.path
        return f"{where}: {self.severity}: {self.message}"


def _setup_objects(setup: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for pid, player in setup.get("players", {}).items():
        for zone in ("library", "hand", "battlefield", "graveyard", "exile"):
            for obj in player.get(zone, []) or []:
                yield pid, obj


def _refs(value: Any, keys: frozenset[str]) -> Iterator[str]:
    """Every string under one of ``keys`` (recursively), lists flattened."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in keys:
                if isinstance(v, str):
                    yield v
                elif isinstance(v, list):  # ids, or mappings holding ids ({source, ability})
                    for x in v:
                        if isinstance(x, str):
                            yield x
                        else:
                            yield from _refs(x, keys)
            else:
                yield from _refs(v, keys)
    elif isinstance(value, list):
        for v in value:
            yield from _refs(v, keys)


_ACTION_REF_KEYS = frozenset({"object", "targets", "order", "keep", "source", "cards",
                              "attacker", "exert"})
_DECLARATIONS = (("declare_attackers", "attackers"), ("declare_blockers", "blocks"))
def lint_case_file(
    path: Path,
    root: Path | None,
    features: dict[str, str] | None,
    cards: Container[str] | None,
    max_bytes: int = MAX_YAML_BYTES,
) -> tuple[Case | None, list[LintProblem]]:
    """Lint one file: schema, id == path, hash, vocabulary, cards, object references."""
    where = str(path)
    try:
        case = load_case(path, check_hash=False, max_bytes=max_bytes)
    except YamlFileError as exc:
        return None, [LintProblem(where, exc.message, line=exc.line)]
    except CaseFormatError as exc:
        line = _Lines(path, max_bytes)
        return None, [LintProblem(where, p, line=line(_problem_path(p))) for p in exc.problems]
    out: list[LintProblem] = []
    line = _Lines(path, max_bytes)
    root = root or cases_root_of(path)
    if root is not None:
        rel = path.resolve().relative_to(root.resolve()).with_suffix("").as_posix()
        if rel != case.id:
            out.append(LintProblem(where, f"id {case.id!r} differs from its path {rel!r}"))
    if (why := stale_hash_message(case)) is not None:
        out.append(LintProblem(where, why))
    if features is not None:
        for f in case.features:
            if f not in features:
                out.append(LintProblem(where, f"unknown feature {f!r} (not in features.yaml)"))
    if cards is not None:
        for c in case.cards:
            if c not in cards:
                out.append(LintProblem(where, f"unknown card {c!r} (not in the shipped card data)"))
    ids: set[str] = set()
    for _pid, obj in _setup_objects(case.setup):
        if obj["id"] in ids or obj["id"] in ("p1", "p2"):
            out.append(LintProblem(where, f"object id {obj['id']!r} is used twice"))
        ids.add(obj["id"])
        if obj["card"] not in case.cards and not obj.get("token"):
            out.append(LintProblem(where, f"setup card {obj['card']!r} (object {obj['id']}) is "
                                          "not listed in cards", "warning"))
    known = ids | {"p1", "p2"}
    out.extend(_lint_setup_placement(where, case.setup, known, line))
    blocks: list[tuple[str, tuple[str | int, ...], dict[str, Any]]] = [
        ("expect", ("expect",), case.expect)]
    for i, action in enumerate(case.actions):
        if "check" in action:
            blocks.append((f"actions[{i}].check", ("actions", i, "check"), action["check"]))
            continue
        refs = list(_refs(action, _ACTION_REF_KEYS))
        cost_refs, cost_problems = cost_problems_of(action)  # protocol 2: costs of cast/activate
        refs += cost_refs
        out += [LintProblem(where, f"action {i} {p}", line=line(("actions", i)))
                for p in cost_problems]
        for name, key in _DECLARATIONS:  # protocol 2: {attacker: what it attacks}, {blocker: attacker}
            body = action.get(name)
            if isinstance(body, dict) and isinstance(body.get(key), dict):
                refs += [r for pair in body[key].items() for r in pair]
        choose = action.get("choose")
        if isinstance(choose, dict) and isinstance(choose.get("assignment"), dict):
            refs += list(choose["assignment"])  # protocol 2: {blocker or player: damage}
        for ref in refs:
            if ref not in known:
                out.append(LintProblem(where, f"action {i} refers to unknown object {ref!r}",
                                       line=line(("actions", i))))
    for name, at, block in blocks:
        state = block.get("state", {})
        for section in ("zones", "objects"):
            for ref in state.get(section, {}):
                if ref not in known:
                    out.append(LintProblem(where, f"{name}.state.{section} refers to unknown "
                                                  f"object {ref!r}",
                                           line=line((*at, "state", section, ref))))
    return case, out


_FACE_DOWN_ZONES = ("battlefield", "exile")


def _lint_setup_placement(where: str, setup: dict[str, Any], known: set[str],
                          line: _Lines) -> Iterator[LintProblem]:
    """Setup fields that only mean something in some zones (SPEC.md, "setup"): ``attached_to``
    (a permanent attached to another permanent or to a player) and ``face_down`` (a permanent,
    or a card exiled face down)."""
    battlefield = {o["id"] for p in (setup.get("players") or {}).values()
                   for o in p.get("battlefield") or ()}
    for pid, player in (setup.get("players") or {}).items():
        for zone in ("library", "hand", "battlefield", "graveyard", "exile"):
            for i, obj in enumerate(player.get(zone) or ()):
                at = ("setup", "players", pid, zone, i)
                host = obj.get("attached_to")
                if host is not None:
                    why = None
                    if zone != "battlefield":
                        why = f"is in the {zone}: only a permanent is attached"
                    elif host not in known:
                        why = f"refers to unknown object {host!r}"
                    elif host == obj["id"]:
                        why = "is attached to itself"
                    elif host not in battlefield and host not in ("p1", "p2"):
                        why = f"is attached to {host!r}, which is not on the battlefield"
                    if why:
                        yield LintProblem(where, f"setup object {obj['id']!r}: attached_to {why}",
                                          line=line((*at, "attached_to")))
                if obj.get("face_down") and zone not in _FACE_DOWN_ZONES:
                    yield LintProblem(where, f"setup object {obj['id']!r}: face_down in the "
                                             f"{zone} (only a permanent or an exiled card is "
                                             "face down)", line=line((*at, "face_down")))


def _problem_path(problem: str) -> tuple[str | int, ...]:
    """The location prefix of a schema problem (``actions/3/check: ...``) as a path."""
    where = problem.split(": ", 1)[0]
    if where == "(top)":
        return ()
    return tuple(int(p) if p.isdigit() else p for p in where.split("/"))


class _Lines:
    """The line of a path in one case file, read and composed once, and only when asked (lint
    places a problem; clean files never pay for it)."""

    def __init__(self, path: Path, max_bytes: int) -> None:
        self.path, self.max_bytes = path, max_bytes
        self._text: str | None = None

    def __call__(self, at: Sequence[str | int]) -> int | None:
        if self._text is None:
            try:
                self._text = read_text(self.path, self.max_bytes)
            except YamlFileError:
                return None
        return line_of(self._text, at)


def lint(
    paths: Sequence[str | Path],
    *,
    features_file: str | Path | None = FEATURES_FILE,
    check_cards: bool = True,
    root: str | Path | None = None,
    max_bytes: int = MAX_YAML_BYTES,
) -> list[LintProblem]:
    """Lint every case under ``paths``; also reports duplicate ids. Empty list = clean."""
    features = load_features(features_file) if features_file is not None else None
    cards: Container[str] | None = KnownCards() if check_cards else None
    problems: list[LintProblem] = []
    seen: dict[str, str] = {}
    for p in paths:
        p = Path(p)
        files = find_case_files([p])
        base = Path(root) if root else (p if p.is_dir() and p.name == "cases" else None)
        for f in files:
            case, found = lint_case_file(f, base, features, cards, max_bytes)
            problems.extend(found)
            if case is not None:
                if case.id in seen and seen[case.id] != str(f):
                    problems.append(LintProblem(str(f), f"id {case.id!r} also used by {seen[case.id]}"))
                seen.setdefault(case.id, str(f))
    return problems
