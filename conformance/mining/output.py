"""Writing mined cases and the coverage report, and checking them against what is committed."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from conformance.cases_io import parse_yaml
from conformance.mining.coverage import coverage_files
from conformance.mining.errors import MiningError
from conformance.mining.miner import MiningResult

MINED_PREFIX = "mined:"


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
    """Files to create or change, with their new text."""
    delete: list[Path] = field(default_factory=list)
    """Mined files no family produces any more."""
    unchanged: int = 0
    skipped: list[str] = field(default_factory=list)
    """Mined case ids not written because a hand-written case has the path."""

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


def plan(result: MiningResult, root: Path) -> Plan:
    """Compare the mined cases and coverage files with the files under ``root``."""
    p = Plan()
    wanted: dict[Path, str] = {}
    for case_id, data in result.cases.items():
        path = root / f"{case_id}.yaml"
        if path.exists() and not str(_source(path) or "").startswith(MINED_PREFIX):
            p.skipped.append(case_id)  # never overwrite a hand-written case
            continue
        wanted[path] = render_case(data)
    for name, text in coverage_files(result).items():
        wanted[root / name] = text
    for path, text in wanted.items():
        try:
            current = path.read_text(encoding="utf-8") if path.exists() else None
        except OSError as exc:
            raise MiningError(f"{path}: unreadable: {exc}") from exc
        if current == text:
            p.unchanged += 1
        else:
            p.write[path] = text
    for path in sorted(root.glob("*/*.yaml")):
        if path not in wanted and str(_source(path) or "").startswith(MINED_PREFIX):
            p.delete.append(path)
    return p


def apply(p: Plan) -> None:
    """Carry out a plan: write changed files, delete stale mined ones."""
    try:
        for path, text in sorted(p.write.items()):
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(path.suffix + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
        for path in p.delete:
            path.unlink()
    except OSError as exc:
        raise MiningError(f"cannot write mined cases: {exc}") from exc
