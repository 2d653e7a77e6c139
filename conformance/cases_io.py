"""Loading, validating, hashing and linting case files (one YAML file per case).

A case's ``id`` is its path under the cases root without ``.yaml``; its ``hash`` is
:func:`case_hash` of its ``setup``, ``actions`` and ``expect`` so that an edit shows.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import re
from collections.abc import Container, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from conformance import schemas
from conformance.card_names import shipped_card_names
from conformance.case_costs import cost_needs, cost_problems_of
from conformance.case_yaml import MAX_YAML_BYTES, line_of, load_yaml_file, parse_yaml, read_text
from conformance.errors import CaseFormatError, SuiteError, VocabularyError, YamlFileError
from conformance.features import FEATURES_FILE, read_features

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent
CASES_DIR = PACKAGE_DIR / "cases"
"""The suite's own cases."""
CARD_DATA = REPO_DIR / "fixtures" / "data" / "mtgjson-2022" / "cards.jsonl.gz"
RECENT_CARDS_DIR = REPO_DIR / "fixtures" / "data" / "recent"


class Needs(NamedTuple):
    """What a case needs of an engine (:attr:`Case.needs`)."""

    actions: frozenset[str]
    choices: frozenset[str]
    costs: frozenset[str]
    """Cost names (``V2_COSTS``) its ``cast``/``activate`` actions' ``costs`` use."""


@dataclass(frozen=True)
class Case:
    """One conformance case, as loaded from its file."""

    id: str
    title: str
    hash: str
    provenance: dict[str, Any]
    features: tuple[str, ...]
    cards: tuple[str, ...]
    setup: dict[str, Any]
    actions: list[dict[str, Any]]
    expect: dict[str, Any]
    rules: tuple[str, ...] = ()
    status: str = "verified"
    path: Path | None = field(default=None, compare=False)

    @property
    def computed_hash(self) -> str:
        """The hash the case's content has now (differs from :attr:`hash` after an edit)."""
        return case_hash(self.setup, self.actions, self.expect)

    @property
    def needs(self) -> Needs:
        """The action names, ``choose`` kinds and costs the case's actions use (derived, never
        declared): the runner sends the case only to an engine that supports them all."""
        names = frozenset(next(iter(a)) for a in self.actions)
        choices = frozenset(str(a["choose"].get("choice")) for a in self.actions
                            if "choose" in a and isinstance(a["choose"], dict))
        costs = frozenset(c for a in self.actions for c in cost_needs(a))
        return Needs(names, choices, costs)

    @property
    def setup_needs(self) -> frozenset[str]:
        """The protocol-2 setup fields the case's setup uses (derived, never declared; SPEC.md
        "setup"): ``energy``/``experience`` (a player's counters), ``day_night``, ``monarch``,
        ``initiative`` (set), ``face_down`` (an object set face down)."""
        return setup_needs(self.setup)

    def to_dict(self) -> dict[str, Any]:
        """The case as the mapping its file holds."""
        return {
            "id": self.id, "title": self.title, "hash": self.hash,
            "provenance": self.provenance, "features": list(self.features),
            "cards": list(self.cards), "rules": list(self.rules), "status": self.status,
            "setup": self.setup, "actions": self.actions, "expect": self.expect,
        }


_PLAYER_SETUP_FIELDS = ("energy", "experience")
_GAME_SETUP_FIELDS = ("day_night", "monarch", "initiative")


def setup_needs(setup: Any) -> frozenset[str]:
    """The protocol-2 setup fields :attr:`Case.setup_needs` names for a ``setup`` mapping: a
    field counts when it is present (a player's ``energy: 0`` too), ``face_down`` when true."""
    if not isinstance(setup, dict):
        return frozenset()
    found = {f for f in _GAME_SETUP_FIELDS if setup.get(f) is not None}
    for player in (setup.get("players") or {}).values():
        if not isinstance(player, dict):
            continue
        found.update(f for f in _PLAYER_SETUP_FIELDS if player.get(f) is not None)
        for zone in ("library", "hand", "battlefield", "graveyard", "exile"):
            if any(isinstance(o, dict) and o.get("face_down") for o in player.get(zone) or ()):
                found.add("face_down")
    return frozenset(found)


def _normalise_actions(actions: list[Any]) -> list[Any]:
    # `- resolve_stack:` (null) and `- resolve_stack: {}` mean the same action.
    out = []
    for a in actions:
        if isinstance(a, dict) and len(a) == 1:
            (k, v), = a.items()
            out.append({k: {} if v is None else v})
        else:
            out.append(a)
    return out


def case_hash(setup: Any, actions: Any, expect: Any) -> str:
    """``sha256:`` + hex SHA-256 of the canonical JSON of ``{setup, actions, expect}``.

    Canonical JSON: keys sorted, separators ``(",", ":")``, UTF-8, no ASCII escaping; actions
    written ``name:`` (null) count as ``name: {}``.
    """
    body = {"actions": _normalise_actions(list(actions)), "expect": expect, "setup": setup}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def case_from_mapping(data: Any, path: Path | None = None) -> Case:
    """Validate a mapping against ``case.schema.json`` and build a :class:`Case`.

    Raises :class:`CaseFormatError` listing every schema violation.
    """
    where = str(path) if path else "<case>"
    if isinstance(data, dict) and isinstance(data.get("actions"), list):
        data = {**data, "actions": _normalise_actions(data["actions"])}
    found = schemas.problems("case", data)
    if found:
        raise CaseFormatError(where, found)
    return Case(
        id=data["id"], title=data["title"], hash=data["hash"], provenance=data["provenance"],
        features=tuple(data["features"]), cards=tuple(data["cards"]), setup=data["setup"],
        actions=data["actions"], expect=data["expect"], rules=tuple(data.get("rules", ())),
        status=data.get("status", "verified"), path=path,
    )


def stale_hash_message(case: Case) -> str | None:
    """Why ``case``'s ``hash`` is stale (its content hashes otherwise), or None when it holds."""
    if case.hash == case.computed_hash:
        return None
    return (f"hash is stale (content hashes to {case.computed_hash}); "
            "run `rulings cases rehash`")


def load_case(path: str | Path, *, check_hash: bool = True,
              max_bytes: int = MAX_YAML_BYTES) -> Case:
    """Read and validate one case file (read by :mod:`conformance.case_yaml`).

    With ``check_hash`` (the default) a case whose ``hash`` does not match its content is refused,
    as ``rulings cases lint`` reports it: a run must not judge an edited case under its old hash.
    Raises :class:`CaseFormatError` (:class:`YamlFileError` with a line for reading problems).
    """
    path = Path(path)
    case = case_from_mapping(load_yaml_file(path, max_bytes), path)
    if check_hash and (why := stale_hash_message(case)) is not None:
        raise CaseFormatError(str(path), [why])
    return case


def find_case_files(paths: Iterable[str | Path]) -> list[Path]:
    """Every ``*.yaml`` file under the given files or directories, sorted, without duplicates.

    One file named twice (``cases/a.yaml`` and ``./cases/../cases/a.yaml``, or inside a directory
    also given) is listed once, under the first name given. Two names of one file that differ in
    their last component (a symlink named ``*.yaml``) stay two entries: nothing is dropped.
    """
    seen: dict[Path, Path] = {}

    def key(f: Path) -> Path:
        return f.parent.resolve() / f.name

    for p in paths:
        p = Path(p)
        if p.is_dir():
            for f in sorted(p.rglob("*.yaml")):
                seen.setdefault(key(f), f)
        elif p.exists() or p.is_symlink():
            seen.setdefault(key(p), p)
        else:
            raise CaseFormatError(str(p), ["no such file or directory"])
    return list(seen.values())


def cases_root_of(path: Path) -> Path | None:
    """The cases root a case file lies under: its nearest ancestor directory named ``cases``."""
    for parent in path.resolve().parents:
        if parent.name == "cases":
            return parent
    return None


def check_suite(cases: Sequence[Case]) -> None:
    """Refuse cases that cannot be run together: two cases with one id (their results would be
    merged, hiding one), or a case whose ``hash`` is stale. Raises :class:`SuiteError` naming
    every problem (both files of a duplicate id)."""
    problems: list[str] = []
    first: dict[str, Case] = {}
    for case in cases:
        other = first.get(case.id)
        if other is None:
            first[case.id] = case
        else:
            problems.append(f"case id {case.id!r} is used by two files: "
                            f"{other.path or '<no file>'} and {case.path or '<no file>'}")
        if (why := stale_hash_message(case)) is not None:
            problems.append(f"{case.path or case.id}: {why}")
    if problems:
        shown = problems[:20] + ([f"... and {len(problems) - 20} more"] if len(problems) > 20
                                 else [])
        raise SuiteError("the suite cannot be run:\n  " + "\n  ".join(shown))


def load_cases(paths: Iterable[str | Path], *, max_bytes: int = MAX_YAML_BYTES) -> list[Case]:
    """Load every case under ``paths`` as one suite.

    Raises :class:`CaseFormatError` on the first bad file, :class:`SuiteError` when two files
    share an id (see :func:`check_suite`).
    """
    cases = [load_case(f, max_bytes=max_bytes) for f in find_case_files(paths)]
    check_suite(cases)
    return cases


@dataclass(frozen=True)
class CaseFilter:
    """Which cases a run selects: any of ``features``, any of ``cards``, any ``ids`` glob."""

    features: frozenset[str] = frozenset()
    cards: frozenset[str] = frozenset()
    ids: tuple[str, ...] = ()

    def __call__(self, case: Case) -> bool:
        if self.features and not self.features.intersection(case.features):
            return False
        if self.cards and not self.cards.intersection(case.cards):
            return False
        if self.ids and not any(fnmatch.fnmatchcase(case.id, pat) for pat in self.ids):
            return False
        return True


def shard_of(case_id: str, n: int) -> int:
    """The 1-based shard (of ``n``) a case id falls in, by a hash of the id (stable)."""
    digest = hashlib.sha256(case_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % n + 1


def suite_version(cases: Sequence[Case]) -> str:
    """``1+<12 hex>``: the protocol version plus a digest of the selected cases' ids and hashes."""
    from conformance.engines.protocol import PROTOCOL_VERSION
    from conformance.runfile import compute_suite_version

    return compute_suite_version(PROTOCOL_VERSION, ((c.id, c.hash) for c in cases))


# --- vocabulary and cards ------------------------------------------------------------------------


def load_features(path: str | Path = FEATURES_FILE) -> dict[str, str]:
    """The feature vocabulary: name -> one-line definition (read by :mod:`conformance.features`,
    its one reader). Raises :class:`VocabularyError` naming file and line."""
    return read_features(path, VocabularyError)


@cache
def _fixture_card_names() -> frozenset[str]:
    # Disk-cached by the input files' digest (conformance.card_names): reading the card data
    # costs more than linting the whole suite.
    return shipped_card_names(CARD_DATA, RECENT_CARDS_DIR)


@cache
def _reference_card_names() -> frozenset[str]:
    try:
        from conformance import reference as ref_module

        fn = getattr(ref_module, "card_names", None)
    except ImportError:
        fn = None
    return frozenset(fn()) if callable(fn) else frozenset()


def known_card_names() -> frozenset[str]:
    """Real card names the project ships oracle text for, plus the reference engine's own cards."""
    return _fixture_card_names() | _reference_card_names()


@cache
def _reference_list_names() -> frozenset[str]:
    """The names of the reference engine's hand-picked card list (``reference_cards.yaml``): with
    the shipped card data they are all its card names (the others it interprets from that data),
    without interpreting every card as :func:`_reference_card_names` does."""
    try:
        from conformance.reference import cards as ref_cards
    except ImportError:
        return frozenset()
    entries = getattr(ref_cards, "card_list", None)
    if not callable(entries):
        return frozenset()
    return frozenset(e["name"] for e in entries() if isinstance(e, dict) and "name" in e)


class KnownCards:
    """:func:`known_card_names` as a lazy container: a name not in the shipped card data is looked
    up in the reference engine's card list, and only then in its full card set (slow: it
    interprets every card)."""

    def __contains__(self, name: object) -> bool:
        return (name in _fixture_card_names() or name in _reference_list_names()
                or name in _reference_card_names())


# --- lint and rehash -----------------------------------------------------------------------------


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
                              "attacker"})
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


_HASH_LINE = re.compile(r"^hash:.*$", re.M)
_ID_LINE = re.compile(r"^id:.*$", re.M)


def rehash_file(path: str | Path) -> bool:
    """Rewrite the ``hash:`` line of one case file (keeping its formatting); True if it changed.

    Raises :class:`CaseFormatError` when the file is not a valid case apart from its hash.
    """
    path = Path(path)
    text = read_text(path)
    data = parse_yaml(text, str(path))
    if not isinstance(data, dict):
        raise CaseFormatError(str(path), ["not a mapping"])
    new = case_hash(data.get("setup"), data.get("actions") or [], data.get("expect"))
    if data.get("hash") == new:
        return False
    case_from_mapping({**data, "hash": new}, path)  # refuse to touch what is not a case
    line = f"hash: {new}"
    if _HASH_LINE.search(text):
        text = _HASH_LINE.sub(line, text, count=1)
    elif (m := _ID_LINE.search(text)) is not None:
        text = text[: m.end()] + "\n" + line + text[m.end():]
    else:
        text = line + "\n" + text
    path.write_text(text, encoding="utf-8")
    return True


def rehash(paths: Sequence[str | Path]) -> list[Path]:
    """Rewrite stale hashes under ``paths``; returns the files changed."""
    return [f for f in find_case_files(paths) if rehash_file(f)]
