"""A tiny escaping layer for building HTML: everything is text until proven markup.

:func:`h` formats a template with every argument escaped unless it is already :class:`Html`
(built by :func:`h`, :func:`join`, :func:`raw` or :func:`esc`). Numbers pass through unescaped so
format specs such as ``{:.1f}`` work. Ruling text, card names and file paths are never trusted::

    >>> h("<td title='{t}'>{t}</td>", t="<script>")
    "<td title='&lt;script&gt;'>&lt;script&gt;</td>"

:func:`page` wraps a body in a complete, self-contained document: inline CSS (:data:`BASE_CSS`
plus the caller's), optional inline script, and a Content-Security-Policy that forbids every
network source and runs only the page's own inline script (pinned by its SHA-256), so a report
that tried to fetch anything, or a text that slipped through unescaped as a ``<script>``, would
fail loudly in a browser test.
"""

from __future__ import annotations

import base64
import hashlib
import html as _html
from collections.abc import Iterable

from reports.common.errors import TemplateError

__all__ = ["BASE_CSS", "Html", "csp", "esc", "h", "join", "page", "raw"]


class Html(str):
    """A string that is already safe HTML."""

    __slots__ = ()


def esc(value: object) -> Html:
    """``value`` as escaped text (quotes too, so it is safe in attributes); ``None`` is empty."""
    if isinstance(value, Html):
        return value
    return Html(_html.escape("" if value is None else str(value), quote=True))


def raw(markup: str) -> Html:
    """Trust ``markup`` as HTML. Only for constant markup written in this code base."""
    return Html(markup)


def _arg(value: object) -> object:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    return esc(value)


def h(template: str, *args: object, **kwargs: object) -> Html:
    """``template.format(*args, **kwargs)`` with every argument escaped (unless :class:`Html`).

    Raises :class:`TemplateError` when the template names a field that is not given.
    """
    try:
        return Html(
            template.format(*(_arg(a) for a in args), **{k: _arg(v) for k, v in kwargs.items()})
        )
    except (KeyError, IndexError) as exc:
        raise TemplateError(f"template field {exc} not given: {template[:60]!r}") from exc


def join(parts: Iterable[object], sep: str = "") -> Html:
    """Concatenate ``parts``, escaping those that are not :class:`Html` (``sep`` is trusted)."""
    return Html(sep.join(esc(p) for p in parts))


def csp(script: str = "") -> str:
    """The Content-Security-Policy of a page whose only script is ``script``: no network source
    at all, inline styles, ``data:`` images and fonts, and no script but ``script`` (allowed by
    its SHA-256, so an injected ``<script>`` would not run); no ``<base>``, no form target."""
    parts = ["default-src 'none'", "style-src 'unsafe-inline'"]
    if script:
        digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
        parts.append(f"script-src 'sha256-{digest}'")
    parts += ["img-src data:", "font-src data:", "base-uri 'none'", "form-action 'none'"]
    return "; ".join(parts)


BASE_CSS = """
:root{--fg:#1d2330;--muted:#5b6475;--line:#d9dde5;--bg:#fff;--alt:#f5f7fa;--accent:#2f6fdf;
--error:#c62828;--warning:#b26a00;--info:#2f6fdf;--ok:#2e7d32}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);
background:var(--bg);margin:0;padding:24px 32px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px}h3{font-size:15px}
.muted{color:var(--muted)}
table{border-collapse:collapse;width:100%;margin:8px 0}
th,td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
th{background:var(--alt);position:sticky;top:0}
tr:nth-child(even) td{background:#fbfcfd}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
.badge{display:inline-block;padding:1px 7px;border-radius:9px;font-size:12px;color:#fff}
.sev-error{background:var(--error)}.sev-warning{background:var(--warning)}
.sev-info{background:var(--info)}
mark{background:#ffe08a;padding:0 1px;border-radius:2px}
.charts{display:flex;flex-wrap:wrap;gap:24px}
.chart{border:1px solid var(--line);border-radius:6px;padding:8px 12px;background:var(--bg)}
.filters{display:flex;gap:12px;align-items:center;margin:8px 0;flex-wrap:wrap}
"""
"""A small neutral stylesheet every report may start from."""


def page(title: str, body: Html, *, css: str = "", script: str = "", lang: str = "en") -> Html:
    """A complete self-contained HTML5 document: ``title`` (escaped), ``body`` (trusted markup),
    inline ``css`` after :data:`BASE_CSS` and an optional inline ``script`` (end of body).

    The page carries :func:`csp` of ``script``, so nothing can be fetched from the network and
    no other script runs.
    """
    if not isinstance(body, Html):
        raise TypeError("page() body must be Html (build it with h()/join()/esc())")
    parts = [
        h('<!DOCTYPE html>\n<html lang="{}">\n<head>\n<meta charset="utf-8">\n', lang),
        h('<meta http-equiv="Content-Security-Policy" content="{}">\n', csp(script)),
        raw('<meta name="viewport" content="width=device-width, initial-scale=1">\n'),
        h("<title>{}</title>\n", title),
        # a data: icon, so the browser does not ask for /favicon.ico
        raw('<link rel="icon" href="data:,">\n'),
        raw("<style>" + BASE_CSS + css + "</style>\n</head>\n<body>\n"),
        body,
    ]
    if script:
        if "</script" in script.lower():
            raise ValueError("inline script must not contain '</script'")
        parts.append(raw("\n<script>" + script + "</script>"))
    parts.append(raw("\n</body>\n</html>\n"))
    return join(parts)
