"""Paired (duplicate) comparison of two players: means and a 95% confidence interval on the difference.

Each deal gives one paired difference (A's mean minus B's mean over the
seatings of that deal), which cancels the luck of the cards; the interval is
the normal approximation ``mean ± 1.96·sd/√n`` over deals.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

__all__ = ["PairedSummary", "paired_summary"]

Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class PairedSummary:
    deals: int
    mean_a: float
    mean_b: float
    diff: float
    ci95: tuple[float, float] | None
    """``None`` with a single deal (no spread to estimate)."""


def paired_summary(a_means: Sequence[float], b_means: Sequence[float]) -> PairedSummary:
    """Summary from per-deal means of A and of B (same length, at least one deal)."""
    n = len(a_means)
    if n == 0 or n != len(b_means):
        raise ValueError(f"need the same positive number of A and B results, got {len(a_means)} and {len(b_means)}")
    diffs = [a - b for a, b in zip(a_means, b_means)]
    mean = sum(diffs) / n
    ci95 = None
    if n > 1:
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        half = Z95 * sd / math.sqrt(n)
        ci95 = (mean - half, mean + half)
    return PairedSummary(n, sum(a_means) / n, sum(b_means) / n, mean, ci95)
