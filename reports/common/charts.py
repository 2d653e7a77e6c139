"""Inline-SVG charts: no script, no external font or stylesheet, deterministic output.

Three charts cover what the reports need:

* :func:`bar_chart` — one horizontal bar per label (e.g. findings per language);
* :func:`stacked_bar_chart` — one horizontal bar per label split into coloured segments
  (e.g. findings per check, split by severity), with a legend;
* :func:`line_chart` — a share (0 to 1) over time, one line per series (e.g. each engine's pass
  rate over its recorded runs), with a legend.

Colours come from :mod:`reports.common.palette`.

Labels are escaped; every number is rounded to 0.1 px, so the same data gives the same bytes.
Each chart carries ``role="img"`` and a ``<title>`` for accessibility.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reports.common.html import Html, h, join, raw
from reports.common.palette import FG, GRID, MUTED, SERIES

__all__ = ["Bar", "Point", "bar_chart", "line_chart", "stacked_bar_chart", "PALETTE"]

PALETTE: tuple[str, ...] = SERIES
"""Default series colours, in order (:data:`reports.common.palette.SERIES`)."""

_ROW = 22
_LABEL_W = 170
_NUM_W = 44


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: its label and value (and colour, for :func:`bar_chart`)."""

    label: str
    value: float
    color: str = PALETTE[0]


def _fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.2f}"


def bar_chart(bars: Sequence[Bar], title: str, *, width: int = 460) -> Html:
    """A horizontal bar chart of ``bars`` (in the order given) as an inline ``<svg>``.

    Empty ``bars`` gives a chart that says "no data". Values must be >= 0.
    """
    if any(b.value < 0 for b in bars):
        raise ValueError("bar_chart values must be >= 0")
    plot = width - _LABEL_W - _NUM_W
    top = 26
    height = top + max(1, len(bars)) * _ROW + 6
    peak = max((b.value for b in bars), default=0) or 1
    rows = []
    for i, b in enumerate(bars):
        y = top + i * _ROW
        w = plot * b.value / peak
        rows.append(
            h(
                '<text x="{lx}" y="{ty}" text-anchor="end" class="lbl">{label}</text>'
                '<rect x="{x}" y="{y}" width="{w}" height="{bh}" fill="{color}">'
                "<title>{label}: {v}</title></rect>"
                '<text x="{nx}" y="{ty}" class="num">{v}</text>',
                lx=_fmt(_LABEL_W - 6), ty=_fmt(y + 14), label=b.label, x=_fmt(_LABEL_W),
                y=_fmt(y + 3), w=_fmt(w), bh=_fmt(_ROW - 6), color=b.color,
                nx=_fmt(_LABEL_W + w + 4), v=_num(b.value),
            )
        )
    if not bars:
        rows.append(h('<text x="{}" y="{}" class="lbl">no data</text>', _LABEL_W, top + 14))
    return _svg(title, width, height, join(rows))


def stacked_bar_chart(
    rows: Mapping[str, Mapping[str, float]],
    title: str,
    *,
    series: Sequence[str] | None = None,
    colors: Mapping[str, str] | None = None,
    width: int = 460,
) -> Html:
    """A horizontal stacked bar chart: one bar per key of ``rows`` (in order), one segment per
    series (``series`` gives the order, default: first-seen), with a legend under the title."""
    order = list(series) if series is not None else list(
        dict.fromkeys(k for segs in rows.values() for k in segs)
    )
    palette = {s: (colors or {}).get(s, PALETTE[i % len(PALETTE)]) for i, s in enumerate(order)}
    plot = width - _LABEL_W - _NUM_W
    parts, legend_h = _legend(order, palette, width, 24)
    top = 28 + max(legend_h, 16)
    height = top + max(1, len(rows)) * _ROW + 6
    peak = max((sum(segs.values()) for segs in rows.values()), default=0) or 1
    for i, (label, segs) in enumerate(rows.items()):
        y = top + i * _ROW
        x = float(_LABEL_W)
        parts.append(h('<text x="{}" y="{}" text-anchor="end" class="lbl">{}</text>',
                       _fmt(_LABEL_W - 6), _fmt(y + 14), label))
        for s in order:
            v = segs.get(s, 0)
            if v <= 0:
                continue
            w = plot * v / peak
            parts.append(
                h('<rect x="{x}" y="{y}" width="{w}" height="{bh}" fill="{c}">'
                  "<title>{label} — {s}: {v}</title></rect>",
                  x=_fmt(x), y=_fmt(y + 3), w=_fmt(w), bh=_fmt(_ROW - 6), c=palette[s],
                  label=label, s=s, v=_num(v))
            )
            x += w
        parts.append(h('<text x="{}" y="{}" class="num">{}</text>', _fmt(x + 4), _fmt(y + 14),
                       _num(sum(segs.values()))))
    if not rows:
        parts.append(h('<text x="{}" y="{}" class="lbl">no data</text>', _LABEL_W, top + 14))
    return _svg(title, width, height, join(parts))


@dataclass(frozen=True, slots=True)
class Point:
    """One point of a :func:`line_chart`: when (POSIX seconds), the share (0 to 1) and the text
    its tooltip shows."""

    when: float
    share: float
    tip: str


def _legend(names: Sequence[str], colors: Mapping[str, str], width: int, top: int
            ) -> tuple[list[Html], int]:
    """Legend swatches from ``top``, wrapped to ``width``; the parts and the height they take."""
    parts: list[Html] = []
    x, y = 8.0, float(top)
    for name in names:
        step = 14 + 7.5 * len(name) + 12
        if x > 8 and x + step > width:
            x, y = 8.0, y + 16
        parts.append(h('<rect x="{x}" y="{y}" width="10" height="10" fill="{c}"></rect>'
                       '<text x="{tx}" y="{ty}" class="lbl">{s}</text>',
                       x=_fmt(x), y=_fmt(y), c=colors[name], tx=_fmt(x + 14), ty=_fmt(y + 9),
                       s=name))
        x += step
    return parts, (int(y) - top + 16 if names else 0)


def line_chart(series: Mapping[str, Sequence[Point]], title: str, *, width: int = 920,
               height: int = 240) -> Html:
    """A share over time: one line (with a dot per point) per key of ``series``, in order, under
    a legend; the y axis from 0 to 100 %, the x axis labelled in UTC (five evenly spaced times).

    Points are drawn in the order given. A single time is drawn in the middle. Empty ``series``
    (or no point at all) gives a chart that says "no data".
    """
    names = [k for k, pts in series.items() if pts]
    colors = {k: PALETTE[i % len(PALETTE)] for i, k in enumerate(names)}
    legend, legend_h = _legend(names, colors, width, 24)
    left, right, top, bottom = 48, 70, 24 + legend_h + 10, 40
    total = top + height + bottom
    plot_w = width - left - right
    whens = [p.when for k in names for p in series[k]]
    if not whens:
        return _svg(title, width, 60, h('<text x="{}" y="{}" class="lbl">no data</text>',
                                        left, 40))
    t0, t1 = min(whens), max(whens)

    def x(when: float) -> float:
        return left + (plot_w * (when - t0) / (t1 - t0) if t1 > t0 else plot_w / 2)

    def y(share: float) -> float:
        return top + height * (1 - share)

    parts = list(legend)
    for tick in (0, 0.25, 0.5, 0.75, 1):
        parts.append(h('<line x1="{}" x2="{}" y1="{}" y2="{}" stroke="{}"></line>'
                       '<text x="{}" y="{}" text-anchor="end" class="num">{}%</text>',
                       left, width - right, _fmt(y(tick)), _fmt(y(tick)), GRID, left - 6,
                       _fmt(y(tick) + 4), round(tick * 100)))
    labels: dict[str, float] = {}  # evenly spaced times, one label each (UTC)
    for i in range(5 if t1 > t0 else 1):
        t = t0 + (t1 - t0) * i / 4
        text = dt.datetime.fromtimestamp(t, dt.UTC).strftime("%Y-%m-%d %H:%M")
        labels.setdefault(text, left + (plot_w * i / 4 if t1 > t0 else plot_w / 2))
    for text, pos in labels.items():  # those at the ends of the axis not cut off
        anchor = "start" if pos <= left else "end" if pos >= left + plot_w else "middle"
        parts.append(h('<text x="{}" y="{}" text-anchor="{}" class="num">{}</text>',
                       _fmt(pos), top + height + 16, anchor, text))
    for name in names:
        pts = series[name]
        if len(pts) > 1:
            path = " ".join(f"{_fmt(x(p.when))},{_fmt(y(p.share))}" for p in pts)
            parts.append(h('<polyline fill="none" stroke="{}" stroke-width="2" points="{}">'
                           "</polyline>", colors[name], path))
        parts.extend(h('<circle cx="{}" cy="{}" r="4" fill="{}"><title>{}</title></circle>',
                       _fmt(x(p.when)), _fmt(y(p.share)), colors[name], p.tip) for p in pts)
    return _svg(title, width, total, join(parts))


def _svg(title: str, width: int, height: int, inner: Html) -> Html:
    return h(
        '<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{w}" height="{hh}" '
        'viewBox="0 0 {w} {hh}" font-family="system-ui,sans-serif" font-size="12">'
        "<title>{t}</title>"
        "<style>.lbl{{fill:{fg}}}.num{{fill:{muted}}}</style>"
        '<text x="8" y="16" font-weight="600" class="lbl">{t}</text>{inner}</svg>',
        w=width, hh=height, t=title, inner=inner, fg=raw(FG), muted=raw(MUTED),
    )
