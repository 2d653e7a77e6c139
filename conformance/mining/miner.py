"""Run the families over ruling groups: cases, classifications and coverage."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance.cases_io import case_from_mapping, case_hash
from conformance.errors import ConformanceError
from conformance.mining.corpus import (
    SEED_CARDS,
    CardInfo,
    RulingGroup,
    card_index,
    group_key_text,
    load_groups,
)
from conformance.mining.families import FAMILIES
from conformance.mining.model import Context, Draft, Family, NotExecutable
from conformance.mining.text import key, slug

MINED = "mined"
NOT_EXECUTABLE = "not_executable"
UNRECOGNISED = "unrecognised"
REJECTED = "rejected"


@dataclass
class Outcome:
    """What became of one ruling group."""

    group_id: str
    card: str
    family: str | None
    status: str
    """mined | not_executable | unrecognised | rejected"""
    reason: str = ""
    case_ids: list[str] = field(default_factory=list)
    text: str = ""
    """The normalised text recognisers read (for the coverage report)."""

    @property
    def seed(self) -> bool:
        """Whether the group belongs to a seed card."""
        return self.card in SEED_CARDS


@dataclass
class MiningResult:
    """Cases (id -> case mapping, in file order) and the outcome of every group."""

    cases: dict[str, dict[str, Any]]
    outcomes: list[Outcome]
    timings: dict[str, float] = field(default_factory=dict)


def _case(draft: Draft, case_id: str, family: Family, group: RulingGroup,
          card: CardInfo) -> dict[str, Any]:
    return {
        "id": case_id,
        "title": draft.title,
        "hash": case_hash(draft.setup, draft.actions, draft.expect),
        "provenance": {
            "card": card.name,
            "oracle_id": card.oracle_id,
            "ruling_date": group.date,
            "group_id": group.group_id,
            "rulings": {lang: group.texts[lang] for lang in ("en", "it", "de")
                        if lang in group.texts},
            "source": f"mined:{family.id}",
        },
        "features": list(draft.features),
        "cards": list(draft.cards),
        "rules": list(draft.rules),
        "status": "unverified",
        "setup": draft.setup,
        "actions": draft.actions,
        "expect": draft.expect,
    }


class _Verifier:
    """Runs cases on the reference engine (one engine, reused)."""

    def __init__(self) -> None:
        from conformance.reference import ReferenceEngine

        self.engine = ReferenceEngine()
        self.info = self.engine.info()

    def __call__(self, data: dict[str, Any]) -> tuple[str, str]:
        """("verified" | "unverified" | "rejected", message)."""
        from conformance.runner import execute_case, unsupported_reason

        try:
            case = case_from_mapping(data)
        except ConformanceError as exc:
            return REJECTED, f"not a valid case: {exc}"[:300]
        if unsupported_reason(case, self.info) is not None:
            return "unverified", ""
        result = execute_case(self.engine, case, timeout=10.0)
        if result.status == "pass":
            return "verified", ""
        detail = "; ".join(str(m) for m in result.mismatches[:2]) or (result.message or "")
        return REJECTED, f"the reference engine implements its cards but {result.status}s: " \
                         f"{detail}"[:300]


def match_family(lang: str, text: str, card: str,
                 families: Sequence[Family] = FAMILIES) -> Family | None:
    """The first family recognising ``text``."""
    k = key(text)
    for fam in families:
        if fam.recognises(lang, text, card, k):
            return fam
    return None


def mine(groups: Iterable[RulingGroup], *, cards: dict[str, CardInfo] | None = None,
         families: Sequence[Family] = FAMILIES, verify: bool = True) -> MiningResult:
    """Mine ``groups``: every group ends as cases, a classification or unrecognised."""
    t0 = time.perf_counter()
    cards = card_index() if cards is None else cards
    t_cards = time.perf_counter() - t0
    verifier = _Verifier() if verify else None
    t_engine = time.perf_counter() - t0 - t_cards
    cases: dict[str, dict[str, Any]] = {}
    outcomes: list[Outcome] = []
    t_verify = 0.0
    for group in groups:
        card = cards.get(group.card_name)
        lang, text = group_key_text(group, card)
        if card is None:
            outcomes.append(Outcome(group.group_id, group.card_name, None, UNRECOGNISED,
                                    "the card is not in the shipped card data", text=text))
            continue
        fam = match_family(lang, text, card.name, families)
        if fam is None:
            outcomes.append(Outcome(group.group_id, card.name, None, UNRECOGNISED, text=text))
            continue
        got = fam.generate(Context(group, card, lang, text))
        if isinstance(got, NotExecutable):
            reason = got.reason if got.reason.startswith("not executable") else \
                f"not executable: {got.reason}"
            outcomes.append(Outcome(group.group_id, card.name, fam.id, NOT_EXECUTABLE, reason,
                                    text=text))
            continue
        out = Outcome(group.group_id, card.name, fam.id, MINED, text=text)
        rejected = []
        for draft in got:
            case_id = f"{slug(card.name)}/mined-{draft.slug}"
            if case_id in cases:
                out.case_ids.append(case_id)  # the same ruling again (another date)
                continue
            data = _case(draft, case_id, fam, group, card)
            if verifier is not None:
                t1 = time.perf_counter()
                status, message = verifier(data)
                t_verify += time.perf_counter() - t1
                if status == REJECTED:
                    rejected.append(f"{case_id}: {message}")
                    continue
                data["status"] = status
            cases[case_id] = data
            out.case_ids.append(case_id)
        if not out.case_ids:
            out.status, out.reason = REJECTED, " | ".join(rejected)
        elif rejected:
            out.reason = "some scenarios rejected: " + " | ".join(rejected)
        outcomes.append(out)
    ordered = {k: cases[k] for k in sorted(cases)}
    total = time.perf_counter() - t0
    return MiningResult(ordered, outcomes, {"cards": t_cards, "engine": t_engine,
                                            "verify": t_verify, "mine": total})


def mine_dataset(dataset: Path | str, **kw: Any) -> MiningResult:
    """Read the dataset's ruling groups and :func:`mine` them."""
    t0 = time.perf_counter()
    groups = load_groups(dataset)
    t_read = time.perf_counter() - t0
    result = mine(groups, **kw)
    result.timings = {"read": t_read, **result.timings, "total": time.perf_counter() - t0}
    return result
