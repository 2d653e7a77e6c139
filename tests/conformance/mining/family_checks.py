"""What every mining family's tests check of a ruling it mines: one case, quoting exactly that
ruling, that the reference engine passes and the family's mutant (``MUTANT_OF``) does not.

Import it as ``from family_checks import ...`` (pytest puts this folder on ``sys.path``, as it
does for ``pipeline_helpers``)."""

from __future__ import annotations

from typing import Any

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.families import MUTANT_OF
from conformance.mining.miner import MINED, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case


def mined_one(card: str, text: str, family: str, date: str = "2021-03-19") -> dict[str, Any]:
    """The one case ``family`` mines from the English ruling ``text`` of ``card``."""
    r = mine([RulingGroup("g", card, date, {"en": text})])
    assert [(o.family, o.status) for o in r.outcomes] == [(family, MINED)], r.outcomes[0].reason
    (data,) = r.cases.values()
    assert data["provenance"]["rulings"] == {"en": text}
    return data


def assert_kills_its_mutant(data: dict[str, Any], family: str) -> None:
    """The mined case ``data`` passes on the reference engine and not on ``family``'s mutant."""
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    mutant = MUTANTS[MUTANT_OF[family]]
    assert execute_case(mutant(), case, timeout=10.0).status != "pass"
