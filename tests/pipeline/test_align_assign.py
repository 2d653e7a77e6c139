"""The exact assignment used by the aligner, checked against brute force."""

from __future__ import annotations

import itertools
import random

import pytest

from pipeline.align.assign import max_weight_assignment


def _brute(scores: list[list[float]], threshold: float) -> float:
    n, m = len(scores), len(scores[0])
    best = 0.0
    if n <= m:
        for cols in itertools.permutations(range(m), n):
            total = sum(s for r, c in enumerate(cols) if (s := scores[r][c]) >= threshold)
            best = max(best, total)
    else:
        for rows in itertools.permutations(range(n), m):
            total = sum(s for c, r in enumerate(rows) if (s := scores[r][c]) >= threshold)
            best = max(best, total)
    return best


@pytest.mark.parametrize("seed", range(40))
def test_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    n, m = rng.randint(1, 6), rng.randint(1, 6)
    scores = [[round(rng.random(), 3) for _ in range(m)] for _ in range(n)]
    threshold = rng.choice([0.0, 0.3, 0.6])
    pairs = max_weight_assignment(scores, threshold)
    assert len({r for r, _, _ in pairs}) == len(pairs) == len({c for _, c, _ in pairs})
    assert all(s >= threshold and s == scores[r][c] for r, c, s in pairs)
    assert sum(s for _, _, s in pairs) == pytest.approx(_brute(scores, threshold))
    assert pairs == sorted(pairs)


def test_below_threshold_is_never_forced() -> None:
    assert max_weight_assignment([[0.1, 0.2], [0.15, 0.05]], 0.5) == []
    assert max_weight_assignment([[0.9, 0.2], [0.15, 0.05]], 0.5) == [(0, 0, 0.9)]
    assert max_weight_assignment([], 0.5) == []
    assert max_weight_assignment([[]], 0.5) == []


def test_global_optimum_beats_greedy() -> None:
    # greedy would take (0, 0) = 0.9 and leave (1, 1) = 0.1; the optimum pairs crosswise
    assert max_weight_assignment([[0.9, 0.8], [0.85, 0.1]], 0.0) == [(0, 1, 0.8), (1, 0, 0.85)]
