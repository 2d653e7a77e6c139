"""Progress bars of the command line: the libraries report progress, the CLI draws it.

:func:`click_progress` renders the ``(stage label, units done, units in the stage)`` reports of a
:class:`pipeline.progress.ProgressCallback` (``rulings build``) as one click progress bar per
stage on stderr.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from pipeline.progress import ProgressCallback

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

__all__ = ["click_progress"]


def click_progress() -> ProgressCallback:
    """A :class:`~pipeline.progress.ProgressCallback` drawing one click progress bar per stage
    on stderr (a new bar when the stage label changes; a bar ends when its stage is done)."""
    bar: ProgressBar[int] | None = None
    label: str | None = None
    shown = 0

    def callback(stage: str, done: int, total: int) -> None:
        nonlocal bar, label, shown
        if label != stage:
            if bar is not None:
                bar.render_finish()
            bar = click.progressbar(length=max(total, 1), label=f"{stage:<10}", file=sys.stderr)
            bar.render_progress()
            label, shown = stage, 0
        assert bar is not None
        bar.update(done - shown)
        shown = done
        if done >= total:
            bar.render_finish()
            bar, label = None, None

    return callback
