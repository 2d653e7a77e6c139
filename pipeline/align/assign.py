"""Maximum-weight bipartite assignment (Hungarian algorithm), exact and deterministic.

scipy is not a dependency of the project; the matrices here are small (rulings of one card), so an
O(n^2 m) pure-Python implementation is ample.
"""

from __future__ import annotations

from collections.abc import Sequence


def max_weight_assignment(
    scores: Sequence[Sequence[float]], threshold: float
) -> list[tuple[int, int, float]]:
    """Pairs ``(row, col, score)`` of a one-to-one assignment maximising the total score.

    Only pairs with ``score >= threshold`` may be returned; a row or column whose every candidate
    is below the threshold stays unassigned (it is never forced). Ties are broken by the input
    order, so equal inputs give equal outputs. The result is sorted by row.
    """
    n_rows = len(scores)
    if n_rows == 0:
        return []
    n_cols = len(scores[0])
    if n_cols == 0:
        return []
    # weights below the threshold count as 0: a max-weight matching over the valid edges
    w = [[(s if s >= threshold else 0.0) for s in row] for row in scores]
    transpose = n_rows > n_cols
    if transpose:
        w = [list(col) for col in zip(*w, strict=True)]
    pairs = _hungarian_min([[-x for x in row] for row in w])
    out: list[tuple[int, int, float]] = []
    for r, c in pairs:
        rr, cc = (c, r) if transpose else (r, c)
        s = scores[rr][cc]
        if s >= threshold:
            out.append((rr, cc, s))
    out.sort()
    return out


def _hungarian_min(cost: list[list[float]]) -> list[tuple[int, int]]:
    """Min-cost assignment of every row (n <= m) to a distinct column (potentials method)."""
    n, m = len(cost), len(cost[0])
    inf = float("inf")
    u = [0.0] * (n + 1)
    v = [0.0] * (m + 1)
    p = [0] * (m + 1)  # p[j]: row (1-based) assigned to column j
    way = [0] * (m + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [inf] * (m + 1)
        used = [False] * (m + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            delta = inf
            j1 = 0
            row = cost[i0 - 1]
            ui0 = u[i0]
            for j in range(1, m + 1):
                if not used[j]:
                    cur = row[j - 1] - ui0 - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(m + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    return sorted((p[j] - 1, j - 1) for j in range(1, m + 1) if p[j] != 0)
