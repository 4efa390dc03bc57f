"""Compiled exact solver for explicit trees with 0/1 payoffs: Pareto fronts as world bitmasks.

With payoffs in {0, 1} a payoff vector is the set of worlds MAX wins, one bit
per world, and vector dominance is set inclusion, so αμ's front operators become
a few integer operations: MAX = union of the children's antichains, MIN = all
pairwise intersections (a child unreachable in a world leaves that world to the
others).  Fronts are computed bottom-up over the pre-order arrays of the tree.

The optimal strategy is then read back with Frank & Basin's §7.4 procedure:
knowing the optimal vector K, mark the leaves at least as good as K in their
own worlds and minimax the marks; MAX picks the first marked child.

``exact_binary_py`` runs the same code in the interpreter (its small helpers stay
compiled); the independent references are the generic αμ and brute force.
"""

from __future__ import annotations

from math import comb

import numpy as np

from engine.jit import kernel

from .trees import ExplicitTree, NodeKind

__all__ = ["MAX_BINARY_WORLDS", "is_binary_tree", "exact_binary", "exact_binary_py", "binary_masks"]

MAX_BINARY_WORLDS = 20  # keeps the largest possible antichain (Sperner) buffer small

_MAX, _MIN, _LEAF = int(NodeKind.MAX), int(NodeKind.MIN), int(NodeKind.LEAF)


def is_binary_tree(tree: ExplicitTree) -> bool:
    """All defined payoffs are 0 or 1 and the worlds fit the bitmask kernel."""
    if tree.n_worlds > MAX_BINARY_WORLDS:
        return False
    return all(x in (0, 1) for p in tree.leaf_payoffs if p is not None for x in p if x is not None)


def binary_masks(tree: ExplicitTree) -> tuple[np.ndarray, np.ndarray]:
    """Per node: bitmask of worlds where the leaf pays 1, bitmask of worlds where it is defined."""
    pay = tree.arrays.payoffs
    bits = np.left_shift(np.int64(1), np.arange(tree.n_worlds, dtype=np.int64))
    defined = (~np.isnan(pay)).astype(np.int64) @ bits
    won = (pay == 1).astype(np.int64) @ bits
    return won, defined


@kernel
def _insert(buf, count, x):
    """Add mask ``x`` to the antichain ``buf[:count]``; return the new count."""
    for i in range(count):
        if x & ~buf[i] == 0:  # x is a subset of (dominated by) an existing mask
            return count
    j = 0
    for i in range(count):
        if buf[i] & ~x != 0:  # keep masks that are not subsets of x
            buf[j] = buf[i]
            j += 1
    buf[j] = x
    return j + 1


@kernel
def _mask_score(mask, weights):
    s = 0.0
    for j in range(weights.shape[0]):
        if (mask >> j) & 1:
            s += weights[j]
    return s


@kernel
def _exact_binary(kinds, child_start, child_list, won, defined, weights, antichain):
    n_nodes = kinds.shape[0]
    front_start = np.zeros(n_nodes, dtype=np.int64)
    front_len = np.zeros(n_nodes, dtype=np.int64)
    support = np.zeros(n_nodes, dtype=np.int64)
    pool = np.empty(max(1024, 4 * n_nodes), dtype=np.int64)
    used = 0
    buf = np.empty(antichain, dtype=np.int64)
    nxt = np.empty(antichain, dtype=np.int64)
    for node in range(n_nodes - 1, -1, -1):
        kind = kinds[node]
        count = 0
        if kind == 2:
            support[node] = defined[node]
            buf[0] = won[node]
            count = 1
        elif kind == 0:
            first = child_list[child_start[node]]
            support[node] = support[first]
            for ci in range(child_start[node], child_start[node + 1]):
                c = child_list[ci]
                for k in range(front_start[c], front_start[c] + front_len[c]):
                    count = _insert(buf, count, pool[k])
        else:
            first = child_list[child_start[node]]
            sup = support[first]
            for k in range(front_len[first]):
                buf[k] = pool[front_start[first] + k]
            count = front_len[first]
            for ci in range(child_start[node] + 1, child_start[node + 1]):
                c = child_list[ci]
                csup = support[c]
                joint = sup | csup
                n2 = 0
                for a in range(count):
                    left = buf[a] | ~sup
                    for k in range(front_start[c], front_start[c] + front_len[c]):
                        n2 = _insert(nxt, n2, left & (pool[k] | ~csup) & joint)
                for a in range(n2):
                    buf[a] = nxt[a]
                count = n2
                sup = joint
            support[node] = sup
        if used + count > pool.shape[0]:
            bigger = np.empty(2 * (used + count), dtype=np.int64)
            bigger[:used] = pool[:used]
            pool = bigger
        front_start[node] = used
        front_len[node] = count
        for k in range(count):
            pool[used + k] = buf[k]
        used += count
    # The optimal root vector: the mask with the highest weighted score (first on ties).
    best = pool[front_start[0]]
    best_score = _mask_score(best, weights)
    for k in range(front_start[0] + 1, front_start[0] + front_len[0]):
        s = _mask_score(pool[k], weights)
        if s > best_score:
            best, best_score = pool[k], s
    # F&B §7.4: leaves at least as good as the target in their own worlds are marked; minimax them.
    good = np.zeros(n_nodes, dtype=np.bool_)
    choice = np.full(n_nodes, -1, dtype=np.int64)
    for node in range(n_nodes - 1, -1, -1):
        kind = kinds[node]
        if kind == 2:
            good[node] = (best & defined[node]) & ~won[node] == 0
        elif kind == 0:
            for ci in range(child_start[node], child_start[node + 1]):
                if good[child_list[ci]]:
                    good[node] = True
                    choice[node] = ci - child_start[node]
                    break
        else:
            ok = True
            for ci in range(child_start[node], child_start[node + 1]):
                if not good[child_list[ci]]:
                    ok = False
                    break
            good[node] = ok
    return best, best_score, choice


def exact_binary(tree: ExplicitTree, compiled: bool = True) -> tuple[int, float, np.ndarray]:
    """(optimal won-worlds mask, its expected payoff, chosen child per MAX node or -1)."""
    arr = tree.arrays
    won, defined = binary_masks(tree)
    antichain = comb(tree.n_worlds, tree.n_worlds // 2) + 1
    args = (arr.kinds, arr.child_start, arr.child_list, won, defined, arr.weights, antichain)
    run = _exact_binary if compiled else _exact_binary.py_func
    best, score, choice = run(*args)
    return int(best), float(score), choice


def exact_binary_py(tree: ExplicitTree) -> tuple[int, float, np.ndarray]:
    """The interpreted reference of :func:`exact_binary`."""
    return exact_binary(tree, compiled=False)
