#!/usr/bin/env python3
"""phase.rs (PyPI ``phase-python``, import ``phase``) behind the mtg-rulings stdio protocol (conformance/SPEC.md).

Run with the engine's own virtual environment (``engines/phase/.venv``: phase-python, pinned, and the
project's stdlib-only ``wire/`` modules); it imports nothing else from the project. One JSON request per line on stdin, one response per line on stdout.

* ``start``: builds phase's card data for the cards the runner offers (``start``'s ``cards``: those of
  the suite's cases; the harness reads no case file) from ``fixtures/`` (``carddb.py``, cached),
  declares those whose every face phase parses without a gap marker, and the features the harness
  can script (``FEATURES_NOT_DECLARED`` says why the others are not).
* ``setup`` / ``action`` / ``observe``: ``game.PhaseGame`` on a database holding only the faces of the
  case's cards (a full database makes each new game about 4x slower).

The stdio loop, the dispatch and the memory bound are python-mtg's too (``mtg_rulings_harness``, from
``wire/``): a game is dropped at the next ``setup``; the harness re-executes itself (a fresh interpreter
on the same pipes) every ``PHASE_HARNESS_RESTART_EVERY`` games (default 500) or once its RSS exceeds
``PHASE_HARNESS_MAX_RSS_MB`` (default 1024).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import mtg_rulings_harness as loop  # the stdio loop shared with python-mtg (wire/, installed by engines.mk)
import mtg_rulings_wire as wire  # the protocol messages (wire/)
from mtg_rulings_features import FEATURES_FILE, read_features  # the vocabulary's reader (wire/)

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import carddb  # noqa: E402
from game import SEED, HarnessError, PhaseGame  # noqa: E402

ENGINE_NAME = "phase"
PHASE_VERSION = "0.103.0"
BOUNDS = loop.Bounds("phase harness", "PHASE_HARNESS", Path(__file__).resolve())
DEFAULT_FEATURES = FEATURES_FILE

FEATURES_NOT_DECLARED: dict[str, str] = {
    "lose_abilities": "phase has no Debug action that removes all abilities",
    "type_change": "the harness does not map `set_subtypes` (phase has no Debug action that "
                   "changes a permanent's subtypes)",
    "surveil": "the harness does not answer phase's SurveilChoice prompt",
    "mana_ability": "the harness does not map activating a mana ability (phase: TapLandForMana)",
}


ANSWERED_PROTOCOL = 2
"""The protocol ``start`` answers (SPEC "Protocol negotiation"): protocol 1's actions and choices
plus the combat declarations (:data:`ACTIONS`); the loop still checks ``start``'s base
``protocol: 1``."""
ACTIONS = ("activate", "add_counters", "advance", "cast", "choose", "declare_attackers",
           "declare_blockers", "pass_priority", "remove_counters", "resolve_stack", "resolve_top",
           "set_keywords")
"""The actions the harness maps onto phase (``declare_attackers``/``declare_blockers``: phase's
DeclareAttackers/DeclareBlockers decisions, protocol 2)."""
CHOICES = ("legend_rule", "mode", "new_targets", "targets", "trigger_order", "x")
"""The ``choose`` kinds it answers (protocol 1's)."""


def feature_names(path: Path) -> set[str]:
    """The feature names of the vocabulary ``path`` (read by the project's one reader of it); none
    when there is no such file."""
    return set(read_features(path)) if path.is_file() else set()


def oracle_texts(data: carddb.CardData, names: Iterable[str]) -> dict[str, str]:
    """Card name and face name -> oracle text, for the cards ``names`` (a card: its faces' texts)."""
    out: dict[str, str] = {}
    for n in names:
        faces = data.cards.get(n) or []
        for e in faces:
            out.setdefault(str(e.get("name")), str(e.get("oracle_text") or ""))
        out[n] = "\n".join(str(e.get("oracle_text") or "") for e in faces)
    return out


class Server(loop.Harness):
    """phase behind the protocol; one game at a time."""

    def __init__(self) -> None:
        super().__init__()
        self.phase: Any = None
        self.data: carddb.CardData | None = None
        self.declared: set[str] = set()
        self.engines: dict[frozenset[str], Any] = {}
        self.game: PhaseGame | None = None
        self.features_file = Path(os.environ.get("PHASE_FEATURES_FILE") or DEFAULT_FEATURES)

    def load(self, offered: Iterable[str] = ()) -> carddb.CardData:
        """phase's card data, built at the first call for ``offered`` (and Island, which an empty
        game's mana needs)."""
        if self.data is None:
            import phase
            self.phase = phase
            self.data = carddb.build(phase, set(offered) | {"Island"}, PHASE_VERSION)
            self.declared = {n for n in self.data.cards if not self.data.gaps(n)}
        return self.data

    def engine_for(self, names: frozenset[str]) -> Any:
        """A phase ``Engine`` holding the faces of ``names`` only; the last 64 are kept (cases of one
        card share their card set). Games never change an Engine (it is their card database)."""
        eng = self.engines.pop(names, None)
        if eng is None:
            assert self.data is not None
            eng = self.phase.Engine.from_json(self.data.engine_json(set(names)))
        self.engines[names] = eng
        while len(self.engines) > 64:
            self.engines.pop(next(iter(self.engines)))
        return eng

    def start(self, req: dict[str, Any]) -> dict[str, Any]:
        """Declares the offered cards (``start``'s ``cards``: those of the suite's cases) phase parses
        without a gap, and the features the harness can script."""
        data = self.load(wire.requested_cards(req) or [])
        vocab = feature_names(self.features_file)
        feats = sorted(vocab - set(FEATURES_NOT_DECLARED))
        return {"name": ENGINE_NAME, "version": PHASE_VERSION, "protocol": ANSWERED_PROTOCOL,
                "features": feats, "cards": sorted(self.declared), "actions": list(ACTIONS),
                "choices": list(CHOICES),
                "extra": {
                    "not_declared": {f: FEATURES_NOT_DECLARED[f] for f in sorted(vocab & set(FEATURES_NOT_DECLARED))},
                    "abstaining_clauses": {n: data.gaps(n) for n in sorted(data.cards) if data.gaps(n)},
                    "not_in_fixtures": data.missing, "face_collisions": data.collisions,
                    "card_cache": data.cache_file, "card_cache_hit": data.cache_hit, "seed": SEED,
                    "rss_mb": loop.rss_mb()}}

    def setup(self, case: str, setup: dict[str, Any]) -> None:
        data = self.load()
        self.game = None
        names, real = {"Island"}, set()
        for p in (setup.get("players") or {}).values():
            for items in (p or {}).values():
                if isinstance(items, list):
                    objs = [i for i in items if isinstance(i, dict)]
                    names.update(str(i.get("card")) for i in objs)
                    real.update(str(i.get("card")) for i in objs if not i.get("token"))
        carddb.extend(data, self.phase, real)           # cards the start did not offer (a client's own)
        gaps = {n: data.gaps(n) for n in sorted(names) if n in data.cards and data.gaps(n)}
        if gaps:
            raise HarnessError("unsupported", f"phase's parser left gaps in {gaps}")
        missing = sorted(n for n in names if n not in data.cards)
        if missing:
            raise HarnessError("unsupported", f"no card data for {missing}")
        self.game = PhaseGame(self.phase, self.engine_for(frozenset(names)), setup,
                              seed=int(os.environ.get("PHASE_HARNESS_SEED", SEED)),
                              layouts={n: data.cards[n][0].get("layout", "normal") for n in names},
                              texts=oracle_texts(data, names))

    def act(self, action: dict[str, Any]) -> None:
        assert self.game is not None                    # mtg_rulings_wire refuses an action before setup
        self.game.act(action)

    def observe(self) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        assert self.game is not None
        return self.game.facts.events, self.game.observe()


def main() -> None:
    """Serve the protocol on stdin/stdout; anything else printed goes to stderr."""
    loop.main(Server(), BOUNDS)
    loop.exit_now()


if __name__ == "__main__":
    main()
