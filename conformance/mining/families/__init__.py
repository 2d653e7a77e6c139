"""The registry of ruling families (first match wins; seed-specific families first)."""

from __future__ import annotations

from conformance.mining.families import classified, copy, flashback, knifepoint, saga, split
from conformance.mining.model import Family

FAMILIES: tuple[Family, ...] = (
    *knifepoint.FAMILIES, *saga.SEED_FAMILIES, *classified.FAMILIES, *copy.FAMILIES,
    *flashback.FAMILIES, *saga.FAMILIES, *split.FAMILIES,
)
"""Every family, in matching order."""

BY_ID: dict[str, Family] = {f.id: f for f in FAMILIES}
if len(BY_ID) != len(FAMILIES):  # pragma: no cover - a programming error
    raise RuntimeError("duplicate family ids")
