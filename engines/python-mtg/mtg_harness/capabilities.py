"""The ``start`` answer: the features the harness declares (and why not the others), and the offered
cards python-mtg's bridge models in full."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mtg_rulings_features import read_features
from mtg_rulings_harness import rss_mb

from .engine import Mtg

ENGINE_NAME = "python-mtg"

FEATURES_SUPPORTED = frozenset({
    # Names from conformance/features.yaml that python-mtg models AND this harness can script (intersected
    # with the file at start). A feature is declared when a case using it can be expressed; python-mtg
    # getting it wrong is then a `fail` (a finding), not a reason to drop it. See FEATURES_NOT_DECLARED.
    "priority", "stack", "mana_cost", "target", "x_spell", "modal", "copy_spell", "copy.new_targets",
    "counterspell", "graveyard_target", "trigger.cast", "trigger.delayed", "crime", "crime.targets",
    "saga", "saga.chapter_trigger", "saga.sacrifice", "saga.lore_counter", "counters", "state_based_actions",
    "tokens", "draw", "destroy", "indestructible", "until_end_of_turn", "turn_structure", "life",
})

FEATURES_NOT_DECLARED: dict[str, str] = {
    # Why the rest of the vocabulary is not declared (reported in `start` as extra.not_declared).
    "target.multiple": "driver._apply_damage / _pick_target choose one target per effect at resolution; "
                       "a cast cannot carry several",
    "divided_damage": "python-mtg has no damage division (Arc Lightning's clause is dropped by the bridge)",
    "split_card": "driver._cast_spell has no split-card halves; cards.dl flattens them (Destined // Lead)",
    "aftermath": "no split halves, so no aftermath half to cast from a graveyard",
    "trigger.order": "driver._apply_effects applies triggered abilities at once, never on the stack",
    "trigger.once_each_turn": "not modelled for the suite's cards (At Knifepoint's trigger is missing)",
    "outlaw": "At Knifepoint, the suite's outlaw card, is only its first-strike static in cards.dl, "
              "and the bridge drops it",
    "first_strike": "combat is not scripted: driver.declare_attackers/declare_blockers are greedy and "
                    "there is no first-strike damage step to start in",
    "double_strike": "combat is not scripted (see first_strike)",
    "combat_damage": "combat is not scripted (see first_strike)",
    "activated_ability": "the harness does not map `activate` (driver._activatable, env.step costs)",
    "mana_ability": "the harness does not map `activate`",
    "keywords": "the harness does not map `set_keywords`",
    "lose_abilities": "the harness does not map `lose_abilities`; the bridge drops Humility's clauses",
    "surveil": "the harness does not map `choose: surveil`",
    "flashback": "not verified: the harness casts through can_cast/_leave_cast_zone and has not been checked "
                 "against python-mtg's flashback path (may_play/_flashback) yet",
    "cycling": "cycling is an activated ability from the hand; the harness does not map `activate`",
}


def _feature_names(path: Path) -> set[str] | None:
    """The feature names of the vocabulary ``path`` (read by the project's one reader of it), or
    None when there is no such file (then every supported feature is declared)."""
    return set(read_features(path)) if path.is_file() else None


def capabilities(m: Mtg, offered: Iterable[str], features_file: Path, protocol: int) -> dict[str, Any]:
    """The ``start`` answer: features from features.yaml we implement, and those of the ``offered``
    cards (``start``'s ``cards``: the suite's; the harness reads no case file) python-mtg bridges."""
    declared = _feature_names(features_file)
    feats = sorted(FEATURES_SUPPORTED if declared is None else FEATURES_SUPPORTED & declared)
    cards, abstaining, missing = [], {}, []
    for name in sorted(set(offered)):
        if name not in m.corpus:
            missing.append(name)
            continue
        dropped = m.abstains(name)
        if dropped:
            abstaining[name] = [list(map(str, x)) if isinstance(x, (tuple, list)) else str(x) for x in dropped]
        else:
            cards.append(name)
    return {"name": ENGINE_NAME, "version": m.version, "protocol": protocol, "features": feats, "cards": cards,
            "extra": {"not_in_corpus": missing, "abstaining_clauses": abstaining,
                      "not_declared": {f: FEATURES_NOT_DECLARED.get(f, "not implemented by the harness")
                                       for f in sorted((declared or set()) - set(feats))},
                      "features_file_found": declared is not None, "rss_mb": rss_mb(),
                      "eval_cache": int(os.environ.get("MTG_EVAL_CACHE", "0"))}}

