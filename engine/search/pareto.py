"""Pareto fronts of payoff vectors and αμ's min/max operators on them (Cazenave & Ventos §3-4).

A front holds the options MAX still has at a node: vectors none of which
dominates another.  At a MAX node the options are the union of the children's
fronts; at a MIN node (MIN picks per world) every combination of one option per
child is possible, each giving the entrywise minimum.  Each vector carries its
*provenance*, a small persistent record of the MAX choices that realise it, so
the strategy behind the chosen root vector can be read back at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .payoff_vectors import dominates, score, vmin

__all__ = ["Horizon", "Choice", "Join", "Option", "Front", "insert", "front_max", "front_min",
           "front_leq", "best_option", "realised_choices"]


@dataclass(frozen=True, slots=True)
class Horizon:
    """The vector was evaluated here (terminal payoff or per-world evaluation): no choices below."""

    state: object
    worlds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """MAX plays ``move`` at ``state``; ``below`` realises the vector in the child."""

    state: object
    move: object
    below: object


@dataclass(frozen=True, slots=True)
class Join:
    """A MIN-node combination: both parts are realised (in their own worlds)."""

    left: object
    right: object


Option = tuple  # (Vector, provenance)
Front = list  # list[Option]


def insert(front: Front, option: Option) -> bool:
    """Add ``option`` unless a vector in ``front`` dominates it; drop the vectors it dominates."""
    vec = option[0]
    for other, _ in front:
        if dominates(other, vec):
            return False
    front[:] = [o for o in front if not dominates(vec, o[0])]
    front.append(option)
    return True


def front_max(front: Front, options: Sequence[Option]) -> Front:
    """MAX node: union of the options (in place on ``front``)."""
    for o in options:
        insert(front, o)
    return front


def front_min(a: Sequence[Option], b: Sequence[Option]) -> Front:
    """MIN node: every pairwise combination, entrywise minimum, reduced to a front."""
    out: Front = []
    for va, pa in a:
        for vb, pb in b:
            insert(out, (vmin(va, vb), Join(pa, pb)))
    return out


def front_leq(a: Sequence[Option], b: Sequence[Option]) -> bool:
    """``a <= b``: every vector of ``a`` is dominated by some vector of ``b`` (αμ algorithm 5)."""
    return all(any(dominates(vb, va) for vb, _ in b) for va, _ in a)


def best_option(front: Sequence[Option], weights: Sequence[float]) -> tuple[float, Option]:
    """The option with the highest expected payoff (earliest on ties)."""
    best = None
    for o in front:
        s = score(o[0], weights)
        if best is None or s > best[0]:
            best = (s, o)
    assert best is not None, "empty front"
    return best


def realised_choices(provenance: object) -> tuple[dict, list[Horizon]]:
    """The MAX choices recorded in a provenance, and the horizons below which none were made."""
    choices: dict = {}
    horizons: list[Horizon] = []
    stack = [provenance]
    while stack:
        p = stack.pop()
        if isinstance(p, Choice):
            choices[p.state] = p.move
            stack.append(p.below)
        elif isinstance(p, Join):
            stack.append(p.left)
            stack.append(p.right)
        elif isinstance(p, Horizon):
            horizons.append(p)
    return choices, horizons
