"""Shared helpers of the HTML reports: escaping, page shell, inline-SVG charts, a headless browser.

* :mod:`reports.common.html` — :class:`Html` (already-safe markup), :func:`esc`, :func:`h`
  (``str.format`` with every argument escaped), :func:`join`, :func:`raw`, :func:`page` (a whole
  self-contained document with inline CSS/JS) and :data:`BASE_CSS`;
* :mod:`reports.common.charts` — :func:`bar_chart` and :func:`stacked_bar_chart`: inline SVG,
  no script, deterministic output;
* :mod:`reports.common.browser` — :func:`render_page`: load a local HTML file in headless
  Chromium over the DevTools pipe and return console errors, requests and a screenshot.

Nothing here touches the network. See ``README.md`` in this folder for conventions.
"""

from __future__ import annotations

from reports.common.charts import Bar, bar_chart, stacked_bar_chart
from reports.common.errors import BrowserError, TemplateError
from reports.common.html import BASE_CSS, Html, esc, h, join, page, raw

__all__ = [
    "BASE_CSS",
    "Bar",
    "BrowserError",
    "Html",
    "TemplateError",
    "bar_chart",
    "esc",
    "h",
    "join",
    "page",
    "raw",
    "stacked_bar_chart",
]
