"""Payoff vectors over worlds, with ⊥ (``None``) for worlds where a node cannot be reached.

Frank & Basin extend min/max so that ⊥ is ignored when combining alternatives:
``min(x, ⊥) = x`` and ``min(⊥, ⊥) = ⊥``.  Scores are the weighted sum over the
defined entries (their equation 6); weights are normalised to sum to one, so a
score is an expected payoff.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

__all__ = [
    "Vector",
    "BOTTOM",
    "vmin",
    "vmin_all",
    "vmax_all",
    "cap",
    "score",
    "score_without",
    "dominates",
    "same_support",
    "restrict",
]

Vector = tuple  # tuple[float | None, ...]: one payoff (or ⊥ = None) per world
BOTTOM = None


def vmin(a: Vector, b: Vector) -> Vector:
    """Entrywise minimum, ⊥ being neutral (MIN picks a different reply in each world)."""
    return tuple(y if x is None else x if y is None else (x if x < y else y) for x, y in zip(a, b))


def vmin_all(vectors: Iterable[Vector]) -> Vector:
    """Entrywise minimum of several vectors (eq. 3)."""
    it = iter(vectors)
    acc = next(it)
    for v in it:
        acc = vmin(acc, v)
    return acc


def vmax_all(vectors: Iterable[Vector]) -> Vector:
    """Entrywise maximum (eq. 4): what Monte Carlo sampling backs up at MAX nodes."""
    it = iter(vectors)
    acc = next(it)
    for v in it:
        acc = tuple(
            y if x is None else x if y is None else (x if x > y else y) for x, y in zip(acc, v)
        )
    return acc


def cap(v: Vector, bound: Vector) -> Vector:
    """Reduce each defined payoff to at most ``bound`` (payoff- and beta-reduction); ⊥ stays ⊥."""
    return tuple(x if x is None or b is None or x <= b else b for x, b in zip(v, bound))


def score(v: Vector, weights: Sequence[float]) -> float:
    """Expected payoff over the defined worlds (F&B eq. 6)."""
    total = 0.0
    for x, w in zip(v, weights):
        if x is not None:
            if x == -math.inf:
                return -math.inf
            total += w * x
    return total


def score_without(v: Vector, weights: Sequence[float], world: int) -> float:
    """Expected payoff over the defined worlds other than ``world`` (the biasing relation's tie-break)."""
    total = 0.0
    for j, (x, w) in enumerate(zip(v, weights)):
        if j != world and x is not None:
            if x == -math.inf:
                return -math.inf
            total += w * x
    return total


def same_support(a: Vector, b: Vector) -> bool:
    """True when ``a`` and ``b`` are defined in exactly the same worlds."""
    return all((x is None) == (y is None) for x, y in zip(a, b))


def dominates(a: Vector, b: Vector) -> bool:
    """``a`` is at least as good as ``b`` in every world, over the same set of valid worlds (αμ §3.1)."""
    for x, y in zip(a, b):
        if (x is None) != (y is None):
            return False
        if x is not None and x < y:
            return False
    return True


def restrict(v: Vector, worlds: Iterable[int]) -> Vector:
    """Keep only the entries of ``worlds``; the others become ⊥."""
    keep = set(worlds)
    return tuple(x if j in keep else None for j, x in enumerate(v))
