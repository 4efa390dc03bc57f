"""Explicit trees as a :class:`~engine.search.multiworld.MultiWorldGame`.

A state is a node index, a move is a child position.  MIN's moves in a world
are the children reachable in that world; MAX's moves are all children (the
format guarantees they are reachable in the same worlds).  ``evaluate`` is the
per-world minimax value, computed once for the whole tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .payoff_vectors import Vector
from .trees import ExplicitTree, NodeKind
from .vector_kernels import minimax_matrix

__all__ = ["TreeGame"]


@dataclass(frozen=True)
class TreeGame:
    tree: ExplicitTree
    _support_sets: tuple[frozenset[int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_support_sets", tuple(frozenset(s) for s in self.tree.supports))

    @property
    def weights(self) -> tuple[float, ...]:
        return self.tree.weights

    @cached_property
    def payoff_bounds(self) -> tuple[float, float]:
        values = [x for p in self.tree.leaf_payoffs if p is not None for x in p if x is not None]
        return (min(values), max(values)) if values else (0.0, 0.0)

    def root(self) -> int:
        return 0

    def root_worlds(self) -> tuple[int, ...]:
        return self.tree.supports[0]

    def is_terminal(self, state: int) -> bool:
        return self.tree.kinds[state] is NodeKind.LEAF

    def is_max_to_move(self, state: int) -> bool:
        return self.tree.kinds[state] is NodeKind.MAX

    def moves(self, state: int, world: int) -> tuple[int, ...]:
        kids = self.tree.children[state]
        if self.tree.kinds[state] is NodeKind.MAX:
            return tuple(range(len(kids))) if world in self._support_sets[state] else ()
        return tuple(i for i, c in enumerate(kids) if world in self._support_sets[c])

    def moves_union(self, state: int, worlds) -> tuple[int, ...]:
        """Children reachable in any of ``worlds``, in tree order."""
        ws = set(worlds)
        return tuple(i for i, c in enumerate(self.tree.children[state]) if ws & self._support_sets[c])

    def play(self, state: int, move: int) -> int:
        return self.tree.children[state][move]

    def payoff(self, state: int, world: int) -> float | None:
        return self.tree.leaf_payoffs[state][world]

    def evaluate(self, state: int, world: int) -> float | None:
        return self.minimax_values[state][world]

    @cached_property
    def minimax_values(self) -> tuple[Vector, ...]:
        """Perfect-information minimax value of every node in every world (⊥ where unreachable)."""
        t = self.tree
        out: list[Vector] = [()] * t.n_nodes
        for node in range(t.n_nodes - 1, -1, -1):
            kind = t.kinds[node]
            if kind is NodeKind.LEAF:
                out[node] = t.leaf_payoffs[node]
                continue
            pick = min if kind is NodeKind.MIN else max
            vec = []
            for j in range(t.n_worlds):
                vals = [out[c][j] for c in t.children[node] if out[c][j] is not None]
                vec.append(pick(vals) if vals else None)
            out[node] = tuple(vec)
        return tuple(out)

    @cached_property
    def minimax_array(self):
        """:attr:`minimax_values` as a (nodes, worlds) float array, NaN for ⊥ (for kernels)."""
        a = self.tree.arrays
        return minimax_matrix(a.kinds, a.child_start, a.child_list, a.payoffs)

    def label(self, state: int) -> str:
        """The node's PATH (strategies are printed keyed by path)."""
        return self.tree.paths[state]
