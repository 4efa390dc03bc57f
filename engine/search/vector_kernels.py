"""Compiled Frank & Basin vector searches on explicit trees (the pure versions are in
:mod:`.vector_mm`, which stays the reference and serves every other game).

Vectors are float arrays with NaN for ⊥; the flags select the member of the
family (alpha-beta bounds, beta-reduction, payoff-reduction, a bias <v, k>).
Pruning and beta-reduction are independent flags; the published beta algorithms
do not prune (see :mod:`.vector_mm`).  The kernel records MAX
choices in ``choice``, completes the strategy exactly as the pure version does
(a fresh search at any reachable MAX node left without a choice) and marks the
reachable MAX nodes in ``in_strategy``.
"""

from __future__ import annotations

import numpy as np

from engine.jit import kernel

__all__ = ["minimax_matrix", "vector_search_tree", "strategy_vector_tree"]


@kernel
def minimax_matrix(kinds, child_start, child_list, payoffs):
    """Per-world minimax value of every node (NaN where unreachable)."""
    n_nodes, n = payoffs.shape
    out = np.full((n_nodes, n), np.nan)
    for node in range(n_nodes - 1, -1, -1):
        if kinds[node] == 2:
            out[node] = payoffs[node]
            continue
        for ci in range(child_start[node], child_start[node + 1]):
            c = child_list[ci]
            for j in range(n):
                x = out[c, j]
                if np.isnan(x):
                    continue
                y = out[node, j]
                if np.isnan(y) or (kinds[node] == 1 and x < y) or (kinds[node] == 0 and x > y):
                    out[node, j] = x
    return out


@kernel
def _vmin(a, b):
    out = np.empty_like(a)
    for j in range(a.shape[0]):
        x, y = a[j], b[j]
        if np.isnan(x):
            out[j] = y
        elif np.isnan(y) or x < y:
            out[j] = x
        else:
            out[j] = y
    return out


@kernel
def _cap(v, bound):
    out = v.copy()
    for j in range(v.shape[0]):
        if not np.isnan(v[j]) and not np.isnan(bound[j]) and bound[j] < v[j]:
            out[j] = bound[j]
    return out


@kernel
def _score(v, weights, skip):
    s = 0.0
    for j in range(v.shape[0]):
        if j != skip and not np.isnan(v[j]):
            s += weights[j] * v[j]
    return s


@kernel
def _better(a, b, weights, bias_world, bias_value):
    if bias_world >= 0:
        ok_a = (not np.isnan(a[bias_world])) and a[bias_world] >= bias_value
        ok_b = (not np.isnan(b[bias_world])) and b[bias_world] >= bias_value
        if ok_a != ok_b:
            return ok_a
    return _score(a, weights, bias_world) > _score(b, weights, bias_world)


@kernel
def _restrict(v, reachable):
    """``v`` with ⊥ (NaN) where the node cannot be reached (``reachable`` = a minimax row)."""
    out = v.copy()
    for j in range(v.shape[0]):
        if np.isnan(reachable[j]):
            out[j] = np.nan
    return out


@kernel
def _same(a, b):
    for j in range(a.shape[0]):
        if a[j] != b[j]:
            return False
    return True


@kernel
def _search(start, start_bound, height, kinds, child_start, child_list, payoffs, minimax, weights,
            bounded, beta_red, pay_red, bias_world, bias_value, choice):
    """Fig. 16 / Fig. 21 from ``start`` with an explicit stack (one frame per tree level).
    ``bounded`` prunes (vm-ab); without it, beta-reduction lowers beta at MIN nodes as children return."""
    n = payoffs.shape[1]
    frames = height + 1
    stack_node = np.empty(frames, dtype=np.int64)
    stack_next = np.empty(frames, dtype=np.int64)
    alpha = np.empty((frames, n))
    beta = np.empty((frames, n))
    bound = np.empty((frames, n))
    best = np.empty((frames, n))
    has_best = np.zeros(frames, dtype=np.bool_)
    stack_node[0] = start
    alpha[0] = -np.inf
    beta[0] = np.inf
    bound[0] = start_bound
    ret = np.empty(n)
    sp = 0
    entering = True
    while True:
        node = stack_node[sp]
        kind = kinds[node]
        if entering:
            if kind == 2:
                ret = payoffs[node].copy()
                if pay_red:
                    ret = _cap(ret, bound[sp])
                if beta_red:
                    ret = _cap(ret, beta[sp])
                sp -= 1
                entering = False
                if sp < 0:
                    break
                continue
            if kind == 1 and pay_red:
                bound[sp] = _cap(bound[sp], minimax[node])
            has_best[sp] = False
            stack_next[sp] = child_start[node]
        else:
            position = stack_next[sp] - 1 - child_start[node]
            finished = False
            if not bounded:
                if kind == 1:
                    best[sp] = _vmin(best[sp], ret) if has_best[sp] else ret
                    if beta_red:
                        beta[sp] = _vmin(beta[sp], ret)
                elif not has_best[sp] or _better(ret, best[sp], weights, bias_world, bias_value):
                    best[sp] = ret
                    choice[node] = position
                has_best[sp] = True
            elif kind == 0:
                if _better(ret, alpha[sp], weights, bias_world, bias_value):
                    alpha[sp] = ret
                    choice[node] = position
                if _same(_vmin(alpha[sp], beta[sp]), beta[sp]):
                    ret = _restrict(beta[sp], minimax[node])
                    finished = True
            else:
                beta[sp] = _vmin(beta[sp], ret)
                if _same(_vmin(alpha[sp], beta[sp]), beta[sp]):
                    ret = _restrict(alpha[sp], minimax[node])
                    finished = True
            if finished:
                sp -= 1
                if sp < 0:
                    break
                continue
        if stack_next[sp] < child_start[node + 1]:
            child = child_list[stack_next[sp]]
            stack_next[sp] += 1
            stack_node[sp + 1] = child
            alpha[sp + 1] = alpha[sp]
            beta[sp + 1] = beta[sp]
            bound[sp + 1] = bound[sp]
            sp += 1
            entering = True
        else:
            if not bounded:
                ret = best[sp].copy()
            elif kind == 0:
                ret = _restrict(alpha[sp], minimax[node])
            else:
                ret = _restrict(beta[sp], minimax[node])
            sp -= 1
            entering = False
            if sp < 0:
                break
    return ret


@kernel
def vector_search_tree(kinds, child_start, child_list, payoffs, minimax, weights, height,
                       bounded, beta_red, pay_red, bias_world, bias_value):
    """Root vector, choice per node (-1 = none) and the reachable MAX nodes of the strategy."""
    n_nodes, n = payoffs.shape
    choice = np.full(n_nodes, -1, dtype=np.int64)
    top = np.full(n, np.inf)
    root = _search(0, top, height, kinds, child_start, child_list, payoffs, minimax, weights,
                   bounded, beta_red, pay_red, bias_world, bias_value, choice)
    in_strategy = np.zeros(n_nodes, dtype=np.bool_)
    stack_nodes = np.empty(n_nodes, dtype=np.int64)
    stack_bounds = np.empty((n_nodes, n))
    stack_nodes[0] = 0
    stack_bounds[0] = top
    size = 1
    while size > 0:
        size -= 1
        node = stack_nodes[size]
        bound = stack_bounds[size].copy()
        kind = kinds[node]
        if kind == 2:
            continue
        if kind == 0:
            if choice[node] < 0:
                _search(node, bound, height, kinds, child_start, child_list, payoffs, minimax,
                        weights, bounded, beta_red, pay_red, bias_world, bias_value, choice)
            in_strategy[node] = True
            stack_nodes[size] = child_list[child_start[node] + choice[node]]
            stack_bounds[size] = bound
            size += 1
            continue
        if pay_red:
            bound = _cap(bound, minimax[node])
        for ci in range(child_start[node], child_start[node + 1]):
            stack_nodes[size] = child_list[ci]
            stack_bounds[size] = bound
            size += 1
    return root, choice, in_strategy


@kernel
def strategy_vector_tree(kinds, child_start, child_list, payoffs, choice):
    """Best-defence payoff vector of the strategy ``choice`` (child position per MAX node)."""
    n_nodes, n = payoffs.shape
    value = np.full((n_nodes, n), np.nan)
    reach = np.zeros(n_nodes, dtype=np.bool_)
    reach[0] = True
    for node in range(n_nodes):  # pre-order: parents before children
        if not reach[node] or kinds[node] == 2:
            continue
        if kinds[node] == 0:
            reach[child_list[child_start[node] + choice[node]]] = True
        else:
            for ci in range(child_start[node], child_start[node + 1]):
                reach[child_list[ci]] = True
    for node in range(n_nodes - 1, -1, -1):
        if not reach[node]:
            continue
        if kinds[node] == 2:
            value[node] = payoffs[node]
        elif kinds[node] == 0:
            value[node] = value[child_list[child_start[node] + choice[node]]]
        else:
            acc = value[child_list[child_start[node]]].copy()
            for ci in range(child_start[node] + 1, child_start[node + 1]):
                acc = _vmin(acc, value[child_list[ci]])
            value[node] = acc
    return value[0]
