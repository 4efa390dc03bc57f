"""Random explicit trees: Frank & Basin's binary test trees, and general ones for property tests."""

from __future__ import annotations

import math

import numpy as np

from .payoff_vectors import Vector
from .trees import ExplicitTree, NodeKind

__all__ = ["LAST_PLAYER_P", "random_binary_tree", "random_general_tree"]

LAST_PLAYER_P = (3 - math.sqrt(5)) / 2  # Last Player Theorem: P(forced win) constant over depths


class _Builder:
    def __init__(self) -> None:
        self.kinds: list[NodeKind] = []
        self.children: list[tuple[int, ...]] = []
        self.payoffs: list[Vector | None] = []
        self.paths: list[str] = []

    def add(self, kind: NodeKind, path: str, payoff: Vector | None = None) -> int:
        self.kinds.append(kind)
        self.children.append(())
        self.payoffs.append(payoff)
        self.paths.append(path)
        return len(self.kinds) - 1

    def tree(self, weights: tuple[float, ...]) -> ExplicitTree:
        return ExplicitTree(weights=weights, kinds=tuple(self.kinds), children=tuple(self.children),
                            leaf_payoffs=tuple(self.payoffs), paths=tuple(self.paths))


def random_binary_tree(rng: np.random.Generator, depth: int, n_worlds: int = 10,
                       p: float = LAST_PLAYER_P) -> ExplicitTree:
    """A complete binary tree as in Frank & Basin §4: MAX at the root, players alternating,
    0/1 payoffs with P(1) = p at odd depth and 1 - p at even depth (Last Player Theorem),
    equally likely worlds."""
    if depth < 1:
        raise ValueError(f"tree depth must be at least 1, got {depth}")
    p_one = p if depth % 2 == 1 else 1.0 - p
    bits = (rng.random((1 << depth, n_worlds)) < p_one).astype(int).tolist()
    b = _Builder()
    leaves = iter(bits)

    def build(level: int, path: str) -> int:
        if level == depth:
            return b.add(NodeKind.LEAF, path, tuple(next(leaves)))
        me = b.add(NodeKind.MAX if level % 2 == 0 else NodeKind.MIN, path)
        prefix = f"{path}." if path else ""
        b.children[me] = tuple(build(level + 1, f"{prefix}{i}") for i in range(2))
        return me

    build(0, "")
    return b.tree(tuple(1.0 / n_worlds for _ in range(n_worlds)))


def random_general_tree(rng: np.random.Generator, depth: int, n_worlds: int, max_branching: int = 3,
                        values: int = 2, bottom_rate: float = 0.0, leaf_rate: float = 0.15,
                        weighted: bool = False) -> ExplicitTree:
    """A random tree with 1..max_branching children, early leaves, payoffs in 0..values-1,
    random weights, and MIN moves that exist in only some worlds (⊥ elsewhere) with
    probability ``bottom_rate``; MAX's children always share their parent's worlds."""
    b = _Builder()

    def build(level: int, path: str, worlds: list[int], maximising: bool) -> int:
        if level == depth or (level > 0 and rng.random() < leaf_rate):
            pay = [None] * n_worlds
            for w in worlds:
                pay[w] = int(rng.integers(values))
            return b.add(NodeKind.LEAF, path, tuple(pay))
        me = b.add(NodeKind.MAX if maximising else NodeKind.MIN, path)
        k = int(rng.integers(1, max_branching + 1))
        prefix = f"{path}." if path else ""
        subsets: list[list[int]] = [list(worlds) for _ in range(k)]
        if not maximising and k > 1 and rng.random() < bottom_rate:
            owner = {w: int(rng.integers(k)) for w in worlds}  # each world keeps at least one move
            subsets = [[w for w in worlds if owner[w] == i or rng.random() < 0.5] for i in range(k)]
            subsets = [s for s in subsets if s] or [list(worlds)]
        b.children[me] = tuple(build(level + 1, f"{prefix}{i}", s, not maximising)
                               for i, s in enumerate(subsets))
        return me

    build(0, "", list(range(n_worlds)), True)
    if weighted:
        raw = rng.random(n_worlds) + 0.1
        weights = tuple(float(x) for x in raw / raw.sum())
    else:
        weights = tuple(1.0 / n_worlds for _ in range(n_worlds))
    return b.tree(weights)
