"""What the report needs from the case files: title, card, features, and the rulings.

Run files carry each case's id, hash, status and features, not its ruling text; the report reads
the case YAML files (``conformance/cases/<card-slug>/<case-slug>.yaml``) for that. Only the fields
shown are read; validating a case is ``rulings cases lint``'s job, not the report's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.case_yaml import load_yaml_file
from conformance.errors import CaseFormatError
from pipeline import languages
from reports.conformance.errors import CaseIndexError


@dataclass(frozen=True)
class CaseInfo:
    """The parts of a case file a report shows."""

    id: str
    title: str
    card: str
    """``provenance.card``: the card whose ruling the case encodes."""
    cards: tuple[str, ...]
    features: tuple[str, ...]
    rulings: tuple[tuple[str, str], ...]
    """``(language, verbatim text)``: the registry's languages in its order
    (:mod:`pipeline.languages`), then any other, sorted."""
    hash: str | None
    ruling_date: str | None = None
    rules: tuple[str, ...] = ()


def card_of(case_id: str, cases: Mapping[str, CaseInfo]) -> str:
    """The card under test: ``provenance.card``, or the id's first segment without a case file."""
    info = cases.get(case_id)
    return info.card if info else case_id.split("/", 1)[0]


def _order(lang: str) -> tuple[int, str]:
    codes = languages.codes()
    return (codes.index(lang) if lang in codes else len(codes), lang)


def _strs(value: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


def read_case(path: Path, root: Path) -> CaseInfo:
    """Read one case file; its id is its path under ``root`` without ``.yaml``."""
    try:
        data = load_yaml_file(path)  # the suite's one case-file reader
    except CaseFormatError as exc:
        raise CaseIndexError(f"cannot read the case: {exc}") from exc
    if not isinstance(data, dict):
        raise CaseIndexError(f"{path}: not a case (a YAML mapping)")
    prov_value = data.get("provenance")
    prov: dict[str, Any] = prov_value if isinstance(prov_value, dict) else {}
    rulings_value = prov.get("rulings")
    rulings: dict[str, Any] = rulings_value if isinstance(rulings_value, dict) else {}
    cid = path.relative_to(root).with_suffix("").as_posix()
    return CaseInfo(
        id=str(data.get("id") or cid), title=str(data.get("title") or ""),
        card=str(prov.get("card") or cid.split("/", 1)[0]), cards=_strs(data.get("cards")),
        features=_strs(data.get("features")),
        rulings=tuple((str(lang), str(rulings[lang])) for lang in sorted(rulings, key=_order)
                      if rulings[lang] is not None),
        hash=data.get("hash"), ruling_date=prov.get("ruling_date"), rules=_strs(data.get("rules")))


def load_case_index(*roots: str | Path) -> dict[str, CaseInfo]:
    """Every case under the ``roots`` directories, by id. A missing root gives nothing."""
    out: dict[str, CaseInfo] = {}
    for root in roots:
        base = Path(root)
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*.yaml")):
            info = read_case(path, base)
            out.setdefault(info.id, info)
    return out
