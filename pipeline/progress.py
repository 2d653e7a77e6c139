"""Progress of a build: the callback a caller passes, and the per-stage timer the stages use.

The pipeline never draws anything itself: each stage reports ``(stage label, units done, units
in the stage)`` to a :class:`ProgressCallback` (the ``rulings`` CLI renders it as progress bars,
see :func:`rulings.progress.click_progress`), and :class:`Progress` records the wall time of each
stage.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

__all__ = ["Advance", "Progress", "ProgressCallback"]

Advance = Callable[..., None]
"""``advance(n=1)``: ``n`` more units of the current stage are done."""


class ProgressCallback(Protocol):
    """Receives progress: ``(stage label, units done in the stage, units in the stage)``."""

    def __call__(self, stage: str, done: int, total: int) -> None: ...


class Progress:
    """Reports the stages of one build to an optional callback and times them."""

    def __init__(self, callback: ProgressCallback | None = None) -> None:
        self.callback = callback
        self.timings: dict[str, float] = {}
        """Wall seconds per stage label (summed when a label is entered twice)."""

    @contextmanager
    def stage(self, label: str, total: int) -> Iterator[Advance]:
        """A stage of ``total`` units: yields ``advance(n=1)``; the stage ends with the block
        (the callback then sees ``total`` done, whatever was reported)."""
        t0 = time.perf_counter()
        done = 0
        cb = self.callback

        def advance(n: int = 1) -> None:
            nonlocal done
            done += n
            if cb is not None:
                cb(label, done, total)

        if cb is not None:
            cb(label, 0, total)
        yield advance
        if cb is not None and done < total:
            cb(label, total, total)
        self.timings[label] = self.timings.get(label, 0.0) + time.perf_counter() - t0
