"""Loading, validating and hashing case files (one YAML file per case).

A case's ``id`` is its path under the cases root without ``.yaml``; its ``hash`` is
:func:`case_hash` of its ``setup``, ``actions`` and ``expect`` so that an edit shows.
Linting is :mod:`conformance.case_lint`; the vocabulary a case may use is
:mod:`conformance.case_vocabulary`.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple

from conformance import schemas
from conformance.case_costs import cost_needs
from conformance.case_parse_cache import ParseCache
from conformance.case_yaml import MAX_YAML_BYTES, load_yaml_file, parse_yaml, read_text
from conformance.errors import CaseFormatError, SuiteError

PACKAGE_DIR = Path(__file__).resolve().parent
CASES_DIR = PACKAGE_DIR / "cases"
"""The suite's own cases."""


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

    @cached_property
    def computed_hash(self) -> str:
        """The hash of the case's content (differs from :attr:`hash` after an edit of its file);
        computed once per case object: a case is read-only once loaded (a change makes a new
        case, ``dataclasses.replace``), and every run checks the hash of every case it runs."""
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
              max_bytes: int = MAX_YAML_BYTES, parsed: ParseCache | None = None) -> Case:
    """Read and validate one case file (read by :mod:`conformance.case_yaml`).

    With ``check_hash`` (the default) a case whose ``hash`` does not match its content is refused,
    as ``rulings cases lint`` reports it: a run must not judge an edited case under its old hash.
    Raises :class:`CaseFormatError` (:class:`YamlFileError` with a line for reading problems).
    ``parsed``: the per-user cache of parsed files (:class:`ParseCache`) to read through.
    """
    path = Path(path)
    data = (load_yaml_file(path, max_bytes) if parsed is None
            else parsed.parse(read_text(path, max_bytes), str(path)))
    case = case_from_mapping(data, path)
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
    parsed = ParseCache()
    cases = [load_case(f, max_bytes=max_bytes, parsed=parsed) for f in find_case_files(paths)]
    parsed.save()
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


# --- rehash -----------------------------------------------------------------------------------


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
