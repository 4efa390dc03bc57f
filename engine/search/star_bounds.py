"""Ballard's Star1 cutoff for a value that is a weighted average over worlds.

A candidate MAX move is scored by averaging its per-world values.  After some
worlds are known, the average is bounded by filling the unknown worlds with the
payoff bounds U (above) and L (below).  If even the upper bound cannot beat the
best candidate so far (alpha), the remaining worlds need not be evaluated: on a
bridge deal each of them would be a double-dummy solve.  Ties keep the earlier
candidate, so "cannot beat" means upper bound <= alpha.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .payoff_vectors import Vector

__all__ = ["StarCount", "StarOutcome", "star1_average"]


@dataclass
class StarCount:
    """How many per-world evaluations were made and how many the cutoffs saved."""

    evaluated: int = 0
    skipped: int = 0


@dataclass(frozen=True)
class StarOutcome:
    vector: Vector | None  # the full vector, or None when the candidate was cut off
    score: float | None


def star1_average(value_in: Callable[[int], float | None], worlds: Sequence[int],
                  weights: Sequence[float], bounds: tuple[float, float], alpha: float,
                  count: StarCount | None = None) -> StarOutcome:
    """Evaluate ``value_in(world)`` over ``worlds`` and average, stopping (Star1) as soon as the
    weighted mean cannot exceed ``alpha``; ⊥ (``None``) contributes nothing."""
    high = bounds[1]
    high = max(high, 0.0)  # a ⊥ entry contributes 0
    remaining = sum(weights[w] for w in worlds)
    total = 0.0
    out: list = [None] * len(weights)
    for i, w in enumerate(worlds):
        x = value_in(w)
        out[w] = x
        remaining -= weights[w]
        if x is not None:
            total += weights[w] * x
        if count is not None:
            count.evaluated += 1
        if total + high * remaining <= alpha + 1e-12 and i + 1 < len(worlds):
            if count is not None:
                count.skipped += len(worlds) - i - 1
            return StarOutcome(None, None)
    return StarOutcome(tuple(out), total)
