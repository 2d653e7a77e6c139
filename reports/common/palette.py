"""The colours of the reports, declared once.

The page colours (text, muted text, lines, backgrounds) are the CSS variables of
:data:`reports.common.html.BASE_CSS`; the colours that code picks (chart series, severities,
statuses) are here, so that both reports draw with one palette:

* :data:`SERIES` — one colour per series of a chart (bars, segments, lines), in order;
* :data:`SEVERITY` — ``error``, ``warning``, ``info`` and ``ok`` (the same values as the CSS
  variables ``--error``, ``--warning``, ``--info`` and ``--ok``);
* :data:`NEUTRAL` — greys for what is neither good nor bad (unsupported, no data).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["FG", "GRID", "MUTED", "NEUTRAL", "SERIES", "SEVERITY"]

FG = "#1d2330"
"""Text (the CSS variable ``--fg``)."""
MUTED = "#5b6475"
"""Secondary text, axis labels (``--muted``)."""
GRID = "#e3e6ea"
"""Chart grid lines."""

SERIES: tuple[str, ...] = (
    "#2f6fdf", "#b26a00", "#c62828", "#2e7d32", "#7b3fb2", "#00838f",
    "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
)
"""Series colours, in order (a chart with more series starts again)."""

SEVERITY: Mapping[str, str] = MappingProxyType({
    "error": "#c62828", "warning": "#b26a00", "info": "#2f6fdf", "ok": "#2e7d32",
})
"""Severity colours: bad, doubtful, informative, good."""

NEUTRAL: Mapping[str, str] = MappingProxyType({
    "bar": "#78909c", "missing": "#9e9e9e", "empty": "#e0e0e0",
})
"""Greys: a bar that is not a rate, something missing or not taken, an empty cell."""
