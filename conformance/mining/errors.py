"""Exceptions of the miner."""

from __future__ import annotations

from conformance.errors import ConformanceError


class MiningError(ConformanceError):
    """The miner cannot read its inputs or write its outputs."""

