"""The reference engine: a faithful, readable model of the Comprehensive Rules the seed rulings
touch, built from real cards' oracle text.

* :func:`card_names` — the English names of the cards it implements;
* :class:`ReferenceEngine` — the engine (``conformance.engines.protocol.Engine``);
* :class:`Rules` and :data:`HOOKS` — the rules it models, assembled from modules named after the
  Comprehensive Rules (:mod:`conformance.reference.rules`), and the hooks a variant overrides;
* :mod:`conformance.reference.mutants` — ``MUTANTS``, variants that each break one rule.
"""

from __future__ import annotations

from conformance.reference.cards import card_names
from conformance.reference.engine import FEATURES, ReferenceEngine
from conformance.reference.rules import HOOKS, Rules

__all__ = ["FEATURES", "HOOKS", "ReferenceEngine", "Rules", "card_names"]
