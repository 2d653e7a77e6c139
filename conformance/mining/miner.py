"""Run the families over ruling groups: cases, classifications and coverage."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
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
UNSUPPORTED = "unsupported"
"""What the verifier says of a case the reference engine cannot run (a card it does not build,
an action it lacks): the case is not kept, since no family mutant can be checked on it."""
DUPLICATE = "duplicate"
"""A recognised ruling whose cases another ruling of the card already produced (the same
family, another date or wording): not counted as mined, since no case quotes it."""


@dataclass
class Outcome:
    """What became of one ruling group."""

    group_id: str
    card: str
    family: str | None
    status: str
    """mined | not_executable | unrecognised | rejected | duplicate"""
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
            "rulings": group.quotes(),
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
    """Runs cases on the reference engine and on family mutants (engines reused)."""

    def __init__(self) -> None:
        from conformance.reference import ReferenceEngine

        self.engine = ReferenceEngine()
        self.info = self.engine.info()
        self._mutants: dict[str, Any] = {}
        self._parsed: dict[str, Any] = {}
        """Case id -> the case parsed from the mapping (validated once, run many times)."""

    def _case(self, data: dict[str, Any]) -> Any:
        got = self._parsed.get(data["id"])
        if got is None or got[0] is not data:
            got = self._parsed[data["id"]] = (data, case_from_mapping(data))
        return got[1]

    def __call__(self, data: dict[str, Any]) -> tuple[str, str]:
        """("pass" | "unsupported" | "rejected", message) on the reference engine."""
        from conformance.runner import execute_case, unsupported_reason

        try:
            case = self._case(data)
        except ConformanceError as exc:
            return REJECTED, f"not a valid case: {exc}"[:300]
        why = unsupported_reason(case, self.info)
        if why is not None:
            missing = set(case.cards) - self.info.cards
            if missing:  # one reason for every such card (their reasons: `engines cards`)
                who = "the card" if data["provenance"]["card"] in missing else "a card it uses"
                return UNSUPPORTED, f"the reference engine does not build {who} (its mutant " \
                                    "cannot be checked)"
            return UNSUPPORTED, f"the reference engine cannot run it: {why}"[:300]
        result = execute_case(self.engine, case, timeout=10.0)
        if result.status == "pass":
            return "pass", ""
        detail = "; ".join(str(m) for m in result.mismatches[:2]) or (result.message or "")
        return REJECTED, f"the reference engine implements its cards but {result.status}s: " \
                         f"{detail}"[:300]

    def kills(self, mutant: str, data: dict[str, Any]) -> bool:
        """Whether ``mutant`` does not pass the case (the reference engine passes it)."""
        from conformance.reference.mutants import MUTANTS
        from conformance.runner import execute_case

        engine = self._mutants.get(mutant)
        if engine is None:
            engine = self._mutants[mutant] = MUTANTS[mutant]()
        return execute_case(engine, self._case(data), timeout=10.0).status != "pass"


_FIRST_OPEN: dict[tuple[str, str], int] = {}
"""(language, text key) -> the index in :data:`FAMILIES` of the first family recognising it
that is not limited to some cards (``len(FAMILIES)``: none): a text recurs on many cards."""
_LIMITED = tuple(i for i, fam in enumerate(FAMILIES) if fam.cards)
"""Indexes of the families limited to some cards (a seed card's own rulings)."""


def match_family(lang: str, text: str, card: str,
                 families: Sequence[Family] = FAMILIES) -> Family | None:
    """The first family recognising ``text`` (of ``card``, in ``lang``)."""
    k = key(text)
    if families is not FAMILIES:
        return next((f for f in families if f.recognises(lang, text, card, k)), None)
    first = _FIRST_OPEN.get((lang, k))
    if first is None:
        first = next((i for i, f in enumerate(FAMILIES)
                      if not f.cards and f.recognises(lang, text, card, k)), len(FAMILIES))
        _FIRST_OPEN[(lang, k)] = first
    for i in _LIMITED:  # the same order: a limited family before the first open one wins
        if i < first and FAMILIES[i].recognises(lang, text, card, k):
            return FAMILIES[i]
    return FAMILIES[first] if first < len(FAMILIES) else None


def mine(groups: Iterable[RulingGroup], *, cards: dict[str, CardInfo] | None = None,
         families: Sequence[Family] = FAMILIES, verify: bool = True,
         statuses: Mapping[str, tuple[str, str]] | None = None) -> MiningResult:
    """Mine ``groups``: every group ends as cases, a classification or unrecognised.

    With ``verify``, each case runs on the reference engine: one it implements but fails is
    rejected; one it cannot run (a card it does not build) is not kept, since the family's
    mutant cannot be checked on it; and of a card's cases of a family, one must kill the
    family's mutant, or none is kept (they would not test the ruling).
    A case's ``status`` is never decided here: it is taken from ``statuses`` (case id ->
    (hash, status), the verification table, :mod:`conformance.verification`) when the hash
    there is the case's, and is ``unverified`` otherwise."""
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
        unrun: list[str] = []
        drafts: list[tuple[str, dict[str, Any], str]] = []
        seen = []
        for draft in got:
            case_id = f"{slug(card.name)}/mined-{draft.slug}"
            if case_id in cases:
                seen.append(case_id)  # the same ruling again (another date or wording)
                continue
            data = _case(draft, case_id, fam, group, card)
            ran = ""
            if verifier is not None:
                t1 = time.perf_counter()
                ran, message = verifier(data)
                t_verify += time.perf_counter() - t1
                if ran == REJECTED:
                    rejected.append(f"{case_id}: {message}")
                    continue
                if ran == UNSUPPORTED:
                    unrun.append(message)
                    continue
            drafts.append((case_id, data, ran))
        if verifier is not None and fam.mutant and drafts:
            t1 = time.perf_counter()
            killed = any(verifier.kills(fam.mutant, d) for _, d, r in drafts if r == "pass")
            t_verify += time.perf_counter() - t1
            if not killed:
                rejected += [f"{i}: the mutant {fam.mutant} passes it too (it does not test "
                             "the ruling)" for i, _, _ in drafts]
                drafts = []
        for case_id, data, _ in drafts:
            got_status = (statuses or {}).get(case_id)
            data["status"] = got_status[1] if got_status and got_status[0] == data["hash"] \
                else "unverified"
            cases[case_id] = data
            out.case_ids.append(case_id)
        if not out.case_ids and unrun and not rejected:
            out.status = NOT_EXECUTABLE
            out.reason = f"not executable: {unrun[0]}"
        elif not out.case_ids and seen and not rejected:
            out.status = DUPLICATE
            out.reason = "its cases are already mined from another ruling of the card: " + \
                ", ".join(seen)
        elif not out.case_ids:
            out.status, out.reason = REJECTED, " | ".join(rejected)
        elif rejected:
            out.reason = "some scenarios rejected: " + " | ".join(rejected)
        elif unrun:
            out.reason = "some scenarios not kept: " + unrun[0]
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
