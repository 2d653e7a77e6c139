"""Shared helpers of the HTML reports: escaping, page shell, inline-SVG charts, a headless browser.

* :mod:`reports.common.html` — :class:`Html` (already-safe markup), :func:`esc`, :func:`h`
  (``str.format`` with every argument escaped), :func:`join`, :func:`raw`, :func:`page` (a whole
  self-contained document with inline CSS/JS), its Content-Security-Policy :func:`csp` and
  :data:`BASE_CSS`;
* :mod:`reports.common.palette` — the colours code picks: chart series, severities, greys;
* :mod:`reports.common.charts` — :func:`bar_chart`, :func:`stacked_bar_chart` and
  :func:`line_chart`: inline SVG, no script, deterministic output;
* :mod:`reports.common.browser` — :func:`render_page`: load a local HTML file in headless
  Chromium over the DevTools pipe and return console errors, requests and a screenshot.

Nothing here touches the network. See ``README.md`` in this folder for conventions.
"""

from __future__ import annotations

from reports.common.charts import Bar, Point, bar_chart, line_chart, stacked_bar_chart
from reports.common.errors import BrowserError, TemplateError
from reports.common.html import BASE_CSS, Html, csp, esc, h, join, page, raw

__all__ = [
    "BASE_CSS",
    "Bar",
    "BrowserError",
    "Html",
    "Point",
    "TemplateError",
    "bar_chart",
    "csp",
    "esc",
    "h",
    "join",
    "line_chart",
    "page",
    "raw",
    "stacked_bar_chart",
]
