"""Writing mined cases and the coverage report, and checking them against what is committed.

The cases root (``conformance/cases`` by default) also holds hand-written cases, so ``rulings
mine`` proves which files it generated: ``ROOT/.rulings-output.json`` (kind ``mined-cases``, see
:mod:`pipeline.store.outdir`) lists every file it wrote, with size and SHA-256, and it is
rewritten with the mined files each time. A file is replaced or deleted only when that marker
lists it and it still says ``provenance: source: mined:...``; any other file is never touched:
a case file in the way is skipped (reported), a coverage file in the way is an error. A root
with no marker at all (written before markers existed) falls back to the provenance alone.
The marker is part of what ``--check`` compares.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from conformance.cases_io import parse_yaml
from conformance.mining.coverage import coverage_files
from conformance.mining.errors import MiningError
from conformance.mining.miner import MiningResult
from pipeline.errors import PipelineError
from pipeline.store import outdir

MINED_PREFIX = "mined:"
MARKER = outdir.OUTPUT_MARKER
"""The file (under the cases root) listing what mining wrote."""
_COVERAGE_START = {"COVERAGE.md": "# Mined conformance cases: coverage\n",
                   "coverage.csv": "scope,card,family,", "coverage.json": '{\n "families": ['}
"""How each coverage file begins (recognises the files of a root written before markers)."""


class _Dumper(yaml.SafeDumper):
    """Block-style YAML with no aliases (one case = one readable, diffable file)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def render_case(data: dict[str, Any]) -> str:
    """The YAML text of a case (stable: same mapping -> same bytes)."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100,
                     default_flow_style=False)


@dataclass
class Plan:
    """What writing would do under a cases root."""

    write: dict[Path, str] = field(default_factory=dict)
    """Files to create or change, with their new text (the marker included)."""
    delete: list[Path] = field(default_factory=list)
    """Mined files no family produces any more."""
    unchanged: int = 0
    skipped: list[str] = field(default_factory=list)
    """Mined case ids not written because a file mining did not write has the path."""

    def differences(self, root: Path) -> list[str]:
        """One line per difference (for ``--check``)."""
        out = []
        for p in sorted(self.write):
            out.append(f"{'changed' if p.exists() else 'missing'}: {p.relative_to(root)}")
        out += [f"stale: {p.relative_to(root)}" for p in sorted(self.delete)]
        return out


def _source(path: Path) -> str | None:
    try:
        data = parse_yaml(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise MiningError(f"{path}: unreadable: {exc}") from exc
    prov = data.get("provenance") if isinstance(data, dict) else None
    return prov.get("source") if isinstance(prov, dict) else None


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8") if path.exists() else None
    except (OSError, UnicodeDecodeError) as exc:
        raise MiningError(f"{path}: unreadable: {exc}") from exc


class _Owner:
    """Decides whether mining wrote a file under ``root`` (see the module docstring)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.listed: dict[str, Any] | None = None
        found = outdir.read_written(root) if root.is_dir() else None
        if found is not None:
            layout, listed = found
            if layout is not outdir.MINED_CASES:
                raise MiningError(f"{root}: holds a {layout.kind} written by this tool "
                                  f"({layout.marker}); refusing to write mined cases into it")
            self.listed = listed
        elif (root / MARKER).exists() or (root / MARKER).is_symlink():
            raise MiningError(f"{root}: {MARKER} is not a marker of this tool; refusing to "
                              "write mined cases there")

    def owns(self, rel: str) -> bool:
        path = self.root / rel
        if path.is_symlink() or not path.is_file():
            return False
        if self.listed is not None and rel not in self.listed:
            return False
        if rel in _COVERAGE_START:
            return self.listed is not None or (_read(path) or "").startswith(_COVERAGE_START[rel])
        return str(_source(path) or "").startswith(MINED_PREFIX)

    def candidates(self) -> list[str]:
        """Files that may be stale mined files."""
        if self.listed is not None:
            return sorted(self.listed)
        return sorted(p.relative_to(self.root).as_posix() for p in self.root.glob("*/*.yaml"))


def plan(result: MiningResult, root: Path) -> Plan:
    """Compare the mined cases and coverage files with the files under ``root``.

    Raises :class:`MiningError` when a case id is not a safe relative path, when a coverage file
    in the way was not written by mining, or when ``root`` holds another kind of output.
    """
    p = Plan()
    owner = _Owner(root)
    wanted: dict[str, str] = {}
    for case_id, data in result.cases.items():
        rel = f"{case_id}.yaml"
        if not outdir.MINED_CASES.may_write(rel):
            raise MiningError(f"case id {case_id!r}: not a safe file name (want card/name, "
                              "lower-case letters, digits, '.', '_', '-')")
        text = render_case(data)
        if (root / rel).exists() and _read(root / rel) != text and not owner.owns(rel):
            p.skipped.append(case_id)  # never overwrite a file mining did not write
            continue
        wanted[rel] = text
    for name, text in coverage_files(result).items():
        if os.path.lexists(root / name) and _read_or_none(root / name) != text \
                and not owner.owns(name):
            raise MiningError(f"{root / name}: not written by `rulings mine` (not listed in "
                              f"{MARKER}); refusing to overwrite it")
        wanted[name] = text
    for rel, text in wanted.items():
        if _read(root / rel) == text:
            p.unchanged += 1
        else:
            p.write[root / rel] = text
    for rel in owner.candidates():
        if rel not in wanted and rel != MARKER and (root / rel).exists() and owner.owns(rel):
            p.delete.append(root / rel)
    marker = outdir.marker_bytes(
        outdir.MINED_CASES,
        {rel: outdir.file_record(text.encode("utf-8")) for rel, text in wanted.items()},
    ).decode("utf-8")
    if _read(root / MARKER) != marker:
        p.write[root / MARKER] = marker
    return p


def _read_or_none(path: Path) -> str | None:
    try:
        return _read(path)
    except MiningError:
        return None


def apply(p: Plan) -> None:
    """Carry out a plan: write changed files (each atomically), delete stale mined ones, and
    write the marker last."""
    marker = [path for path in p.write if path.name == MARKER]
    try:
        for path, text in sorted(p.write.items()):
            if path.name == MARKER:
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            outdir.atomic_write(path, text.encode("utf-8"))
        for path in p.delete:
            path.unlink()
            try:
                path.parent.rmdir()  # a card folder left empty
            except OSError:
                pass
        for path in marker:
            path.parent.mkdir(parents=True, exist_ok=True)
            outdir.atomic_write(path, p.write[path].encode("utf-8"))
    except (OSError, PipelineError) as exc:
        raise MiningError(f"cannot write mined cases: {exc}") from exc


@dataclass
class MineOutcome:
    """What :func:`mine_cases` did."""

    root: Path
    """The cases root written (or compared with)."""
    result: MiningResult
    plan: Plan
    """What writing does (done unless ``check``)."""
    differences: list[str] | None = None
    """With ``check``: one line per file mining would change (empty: up to date)."""


def mine_cases(dataset: Path, root: Path | None = None, *, check: bool = False,
               on_mined: Callable[[MineOutcome], None] | None = None) -> MineOutcome:
    """``rulings mine``: mine ``dataset`` (the output of ``rulings build``) into the cases root
    ``root`` (default ``conformance/cases``), or with ``check`` only compare.

    Case statuses come from the root's verification table (``rulings verify``), never from the
    miner. ``on_mined`` gets the outcome once the cases are mined and planned, before anything is
    written. Raises :class:`MiningError` when ``root`` overlaps the dataset the wrong way, a case
    cannot be mined or planned, or a file cannot be written.
    """
    from conformance.cases_io import CASES_DIR
    from conformance.mining.miner import mine_dataset
    from conformance.verification import load_table

    root = root or CASES_DIR
    try:
        outdir.check_disjoint(root, [dataset], "dataset", may_contain=True)
    except PipelineError as exc:
        raise MiningError(str(exc)) from exc
    result = mine_dataset(dataset, statuses=load_table(root))
    outcome = MineOutcome(root=root, result=result, plan=plan(result, root))
    if on_mined is not None:
        on_mined(outcome)
    if check:
        outcome.differences = outcome.plan.differences(root)
    else:
        apply(outcome.plan)
    return outcome
