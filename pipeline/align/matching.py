"""Matching primitives of the aligner: thresholds, the two-stage (same date, then across dates)
maximum-weight assignment with a background margin, and the near-identity of English texts."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence

from .assign import max_weight_assignment
from .model import AlignItem

__all__ = [
    "BACKGROUND_PRIOR", "CONTENT_MARGIN", "CONTENT_THRESHOLD", "CROSS_DATE_MARGIN",
    "CROSS_DATE_THRESHOLD", "NEAR_IDENTICAL_THRESHOLD", "assign", "background", "near_identity",
    "two_stage",
]


CONTENT_THRESHOLD = 0.20
"""Minimum :func:`pair_score` for a same-date content pair."""
CONTENT_MARGIN = 0.05
"""Minimum lead of a content pair's score over its background: the larger of the mean of the
two best *other* scores of its row and of its column (each mean smoothed with one pseudo-score
of :data:`BACKGROUND_PRIOR`). A ruling whose counterpart is absent scores about as well with
everything, so its best candidate does not stand out and it stays unaligned."""
BACKGROUND_PRIOR = 0.2
"""Typical score of two unrelated rulings (smooths the background of small cards)."""
CROSS_DATE_THRESHOLD = 0.30
"""Minimum :func:`pair_score` for a content pair whose dates differ."""
CROSS_DATE_MARGIN = 0.10
"""Minimum lead over the background for a content pair whose dates differ."""
NEAR_IDENTICAL_THRESHOLD = 0.80
"""Minimum character similarity (difflib ratio) of an English fallback to an English source
ruling whose normalised text is not identical."""


def two_stage(
    rows: list[int],
    cols: list[int],
    items: Sequence[AlignItem],
    score: Callable[[int, int], float],
    threshold: float,
    margin: float | None,
    cross_threshold: float,
    cross_margin: float | None,
) -> list[tuple[int, int, float, bool]]:
    """Assignment inside date blocks, then across dates for the leftovers.

    A pair is kept when its score reaches the threshold and (unless ``margin`` is ``None``) it
    leads its background by ``margin`` (see :data:`CONTENT_MARGIN`). Returns
    ``(row_item, col_item, score, cross_date)``.
    """
    out: list[tuple[int, int, float, bool]] = []
    dates = sorted({items[i].date for i in rows} & {items[j].date for j in cols})
    for d in dates:
        r = [i for i in rows if items[i].date == d]
        c = [j for j in cols if items[j].date == d]
        mat = [[score(i, j) for j in c] for i in r]
        for ri, ci, s in assign(mat, threshold, margin):
            out.append((r[ri], c[ci], s, False))
    used_r = {x[0] for x in out}
    used_c = {x[1] for x in out}
    r = [i for i in rows if i not in used_r]
    c = [j for j in cols if j not in used_c]
    if r and c and len({items[i].date for i in r} | {items[j].date for j in c}) > 1:
        mat = [[(score(i, j) if items[i].date != items[j].date else -1.0) for j in c] for i in r]
        for ri, ci, s in assign(mat, cross_threshold, cross_margin):
            out.append((r[ri], c[ci], s, True))
    return out


def near_identity(a: str, b: str) -> float:
    """The character similarity (difflib ratio, 6 digits) of two English keys when it reaches
    :data:`NEAR_IDENTICAL_THRESHOLD`, else 0.0.

    Below the threshold the value is never used (the assignment counts it as 0), so the cheap
    upper bounds of the ratio (length, then character counts) skip the costly matching for most
    pairs of unrelated rulings.
    """
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    if (
        round(sm.real_quick_ratio(), 6) < NEAR_IDENTICAL_THRESHOLD
        or round(sm.quick_ratio(), 6) < NEAR_IDENTICAL_THRESHOLD
    ):
        return 0.0
    s = round(sm.ratio(), 6)
    return s if s >= NEAR_IDENTICAL_THRESHOLD else 0.0


def background(mat: Sequence[Sequence[float]], i: int, j: int) -> float:
    """Larger of the smoothed means of the two best other valid scores of row i and column j."""

    def smoothed(values: list[float]) -> float:
        top = sorted((v for v in values if v >= 0.0), reverse=True)[:2]
        return (sum(top) + BACKGROUND_PRIOR) / (len(top) + 1)

    row = [v for jj, v in enumerate(mat[i]) if jj != j]
    col = [mat[ii][j] for ii in range(len(mat)) if ii != i]
    return max(smoothed(row), smoothed(col))


def assign(
    mat: list[list[float]], threshold: float, margin: float | None
) -> list[tuple[int, int, float]]:
    out = []
    for i, j, s in max_weight_assignment(mat, threshold):
        if margin is None or s - background(mat, i, j) >= margin:
            out.append((i, j, s))
    return out
