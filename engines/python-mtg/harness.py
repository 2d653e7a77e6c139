#!/usr/bin/env python3
"""python-mtg behind the mtg-rulings conformance stdio protocol (conformance/SPEC.md, protocol 1).

Run with the ENGINE's own virtual environment (``engines/python-mtg/.venv``), never the project's: this
file and its package ``mtg_harness`` import only the standard library, python-mtg (``mtg``, which drags in
its generically named ``effect_handlers`` / ``engine_handlers`` packages) and the ``wire/`` distribution
(``mtg_rulings_harness``: the stdio loop, dispatch and memory bound shared with phase's harness). One JSON object per line on stdin, one response per
line on stdout; python-mtg's own chatter (it ``print``s every game event) is captured and kept off stdout.

How a case maps onto python-mtg (details in NOTES.md):

* ``setup``   -> ``bridge_to_engine.make_deck_state`` with every case card in its owner's library, then the
                 instances are moved to the case's zones (``in_hand`` / ``on_battlefield`` / ``graveyard`` /
                 ``exile`` / library order) and life, step, active player, tapped, counters, summoning
                 sickness and the floating mana pool (``floating_mana`` + ``_refresh_mana_pool``) are set.
* ``cast``    -> the first half of ``driver._cast_spell`` (pay, leave the zone, push, choose modes, cast
                 triggers, storm) WITHOUT its ``_resolve_stack``, so the stack is observable; targets /
                 modes / X are pinned through python-mtg's ``_forced`` choice seam at resolution time.
* ``resolve_top`` / ``resolve_stack`` / ``pass_priority`` -> ``driver._resolve_top`` one object at a time
                 (plus the post-resolution trigger windows ``driver._resolve_stack`` opens), with no
                 greedy opponent responses (cases script every player's actions).
* ``advance`` -> ``env._advance_one`` until the requested step.
* events      -> hooks wrapped around python-mtg's own chokepoints (``_stack_push``, ``_note_crime``,
                 ``_bump_counter``, ``_sacrifice``, ``_adjust_life``, ``_apply_damage``, ``_apply_effects``,
                 ``_create_token``) plus a zone diff; python-mtg ids are translated back to case ids.

Anything the harness cannot express answers ``ok: false`` with error kind ``unsupported`` and a reason.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from pathlib import Path
from typing import Any

# The evaluation cache grows ~60 MB per game unbounded-ish (default cap 200k states); bound it BEFORE the
# driver module reads the variable at import time. 4096 states keep a single case fully cached.
os.environ.setdefault("MTG_EVAL_CACHE", "4096")

import mtg_rulings_harness as loop  # noqa: E402  (the shared stdio loop: wire/, installed by engines.mk)
import mtg_rulings_wire as wire  # noqa: E402  (the protocol messages)
from mtg_rulings_features import FEATURES_FILE  # noqa: E402  (the vocabulary's reader)

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from mtg_harness.capabilities import capabilities  # noqa: E402
from mtg_harness.engine import ENGINE_LOG, Mtg  # noqa: E402
from mtg_harness.game import Game  # noqa: E402
from mtg_harness.recorder import REC, install_hooks  # noqa: E402

DEFAULT_FEATURES = FEATURES_FILE
BOUNDS = loop.Bounds("python-mtg harness", "MTG_HARNESS", Path(__file__).resolve())
"""Re-exec the harness (a fresh interpreter, same pipes) before the setup after ``MTG_HARNESS_RESTART_EVERY``
games (default 500) or once its resident memory exceeds ``MTG_HARNESS_MAX_RSS_MB`` MiB (default 1024)."""


class Server(loop.Harness):
    """python-mtg behind the protocol; one game at a time."""

    def __init__(self, features_file: Path = DEFAULT_FEATURES) -> None:
        super().__init__()
        self.m: Mtg | None = None
        self.game: Game | None = None
        self.features_file = features_file

    def mtg(self) -> Mtg:
        if self.m is None:
            self.m = Mtg()
            install_hooks(self.m)
        return self.m

    def start(self, req: dict[str, Any]) -> dict[str, Any]:
        # The start request carries no vocabulary path (its schema forbids extra keys): the
        # harness reads the vocabulary it was made with.
        return capabilities(self.mtg(), wire.requested_cards(req) or [], self.features_file,
                            self.protocol)

    def setup(self, case: str, setup: dict[str, Any]) -> None:
        m = self.mtg()
        self.game = None
        REC.game = None
        m.driver.clear_cache()                        # bound memory: nothing carries over between cases
        game = Game(m, case, setup)
        self.game = game
        REC.game = game

    def act(self, action: dict[str, Any]) -> None:
        assert self.game is not None                  # mtg_rulings_wire refuses an action before setup
        self.game.act(action)

    def observe(self) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        assert self.game is not None
        with contextlib.redirect_stdout(ENGINE_LOG):
            state = self.game.observe()
        return self.game.events, state


def _bound_log() -> None:
    if ENGINE_LOG.tell() > 1 << 20:                   # keep python-mtg's captured chatter bounded
        ENGINE_LOG.seek(0)
        ENGINE_LOG.truncate()


def main() -> None:
    """Entry point: serve the protocol on stdin/stdout; stray prints go to the captured engine log."""
    t0 = time.time()
    features = os.environ.get("MTG_FEATURES_FILE")
    try:
        loop.main(Server(Path(features) if features else DEFAULT_FEATURES), BOUNDS, chatter=ENGINE_LOG,
                  after=_bound_log)
    finally:
        if os.environ.get("MTG_HARNESS_DEBUG"):
            sys.stderr.write(f"python-mtg harness: {time.time() - t0:.1f}s, rss {loop.rss_mb()} MB\n")
    loop.exit_now()


if __name__ == "__main__":
    main()
