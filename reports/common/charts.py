"""Inline-SVG charts: no script, no external font or stylesheet, deterministic output.

Two charts cover what the reports need:

* :func:`bar_chart` — one horizontal bar per label (e.g. findings per language);
* :func:`stacked_bar_chart` — one horizontal bar per label split into coloured segments
  (e.g. findings per check, split by severity), with a legend.

Labels are escaped; every number is rounded to 0.1 px, so the same data gives the same bytes.
Each chart carries ``role="img"`` and a ``<title>`` for accessibility.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reports.common.html import Html, h, join

__all__ = ["Bar", "bar_chart", "stacked_bar_chart", "PALETTE"]

PALETTE: tuple[str, ...] = ("#2f6fdf", "#b26a00", "#c62828", "#2e7d32", "#7b3fb2", "#00838f")
"""Default segment colours, in order."""

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
    top = 44
    height = top + max(1, len(rows)) * _ROW + 6
    peak = max((sum(segs.values()) for segs in rows.values()), default=0) or 1
    parts = []
    lx = 8.0
    for s in order:
        parts.append(
            h('<rect x="{x}" y="24" width="10" height="10" fill="{c}"></rect>'
              '<text x="{tx}" y="33" class="lbl">{s}</text>',
              x=_fmt(lx), c=palette[s], tx=_fmt(lx + 14), s=s)
        )
        lx += 14 + 7.5 * len(s) + 12
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


def _svg(title: str, width: int, height: int, inner: Html) -> Html:
    return h(
        '<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{w}" height="{hh}" '
        'viewBox="0 0 {w} {hh}" font-family="system-ui,sans-serif" font-size="12">'
        "<title>{t}</title>"
        "<style>.lbl{{fill:#1d2330}}.num{{fill:#5b6475}}</style>"
        '<text x="8" y="16" font-weight="600" class="lbl">{t}</text>{inner}</svg>',
        w=width, hh=height, t=title, inner=inner,
    )
