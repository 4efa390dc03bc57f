"""Vector minimaxing and its alpha-beta variants (Frank & Basin §7.1, §7.3).

One search core serves the whole family of Fig. 25:

* ``vector-mm`` (Fig. 16): MIN backs up the entrywise minimum (it knows the
  world), MAX backs up the *single* child vector with the best expected payoff,
  so one move is chosen for all worlds (no strategy fusion);
* ``vm-ab`` (Fig. 21): the same with vector alpha/beta bounds and pruning when
  ``min(alpha, beta) = beta``;
* ``vm-beta``: vm-ab whose leaves return ``min(payoff, beta)`` (eq. 7,
  beta-reduction);
* payoff-reduction (``prm``, :mod:`.prm`) caps every leaf by the per-world
  minimax values of its MIN ancestors;
* biasing (:mod:`.iterative_biasing`) replaces MAX's comparison by ``>_{v,k}``.

Ties between moves keep the earlier move (the paper resolves them randomly).
A MAX node where no move beat the inherited alpha gets its choice from a fresh
search of its subtree, so the strategy returned is always complete.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .multiworld import MultiWorldGame, Strategy, all_moves, child_worlds, evaluation_vector, payoff_vector
from .payoff_vectors import Vector, cap, restrict, score, score_without, vmin
from .result import SearchResult
from .tree_game import TreeGame
from .vector_kernels import vector_search_tree

__all__ = ["Bias", "VectorOptions", "vector_search", "vector_mm", "vm_ab", "vm_beta"]


@dataclass(frozen=True)
class Bias:
    """A payoff guess <v, k>: the optimal vector is hoped to reach ``value`` in world ``world``."""

    value: float
    world: int


@dataclass(frozen=True)
class VectorOptions:
    alpha_beta: bool = False
    beta_reduction: bool = False
    payoff_reduction: bool = False
    bias: Bias | None = None


def _better(a: Vector, b: Vector, weights, bias: Bias | None) -> bool:
    """``a`` strictly preferred to ``b`` by MAX: eq. 6, or the biasing relation of Definition 1."""
    if bias is None:
        return score(a, weights) > score(b, weights)
    xa, xb = a[bias.world], b[bias.world]
    ok_a = xa is not None and xa >= bias.value
    ok_b = xb is not None and xb >= bias.value
    if ok_a != ok_b:
        return ok_a
    return score_without(a, weights, bias.world) > score_without(b, weights, bias.world)


def vector_search(game: MultiWorldGame, options: VectorOptions,
                  compiled: bool = True) -> tuple[Vector, Strategy]:
    """Run the configured vector search from the root; return its root vector and strategy.
    Explicit trees take the compiled path unless ``compiled`` is False."""
    if compiled and isinstance(game, TreeGame):
        return _tree_vector_search(game, options)
    weights = game.weights
    n = len(weights)
    top: Vector = (math.inf,) * n
    bottom: Vector = (-math.inf,) * n
    choices: Strategy = {}
    use_beta = options.beta_reduction
    use_cap = options.payoff_reduction
    bias = options.bias

    def leaf(s, ws, beta: Vector, bound: Vector) -> Vector:
        v = payoff_vector(game, s, ws)
        if use_cap:
            v = cap(v, bound)
        if use_beta:
            v = cap(v, beta)
        return v

    def plain(s, ws: tuple[int, ...], bound: Vector) -> Vector:
        if game.is_terminal(s):
            return leaf(s, ws, top, bound)
        if game.is_max_to_move(s):
            best: Vector | None = None
            for m in game.moves(s, ws[0]):
                v = plain(game.play(s, m), ws, bound)
                if best is None or _better(v, best, weights, bias):
                    best, choices[s] = v, m
            assert best is not None
            return best
        if use_cap:
            bound = cap(bound, evaluation_vector(game, s, ws))
        acc: Vector | None = None
        for m in all_moves(game, s, ws):
            v = plain(game.play(s, m), child_worlds(game, s, m, ws), bound)
            acc = v if acc is None else vmin(acc, v)
        assert acc is not None
        return acc

    def bounded(s, ws: tuple[int, ...], alpha: Vector, beta: Vector, bound: Vector) -> Vector:
        # Returned vectors are restricted to the node's worlds: the initial bounds are
        # infinite and must not leak into worlds where the node cannot be reached.
        if game.is_terminal(s):
            return leaf(s, ws, beta, bound)
        if game.is_max_to_move(s):
            for m in game.moves(s, ws[0]):
                v = bounded(game.play(s, m), ws, alpha, beta, bound)
                if _better(v, alpha, weights, bias):
                    alpha, choices[s] = v, m
                if vmin(alpha, beta) == beta:
                    return restrict(beta, ws)
            return restrict(alpha, ws)
        if use_cap:
            bound = cap(bound, evaluation_vector(game, s, ws))
        for m in all_moves(game, s, ws):
            beta = vmin(beta, bounded(game.play(s, m), child_worlds(game, s, m, ws), alpha, beta, bound))
            if vmin(alpha, beta) == beta:
                return restrict(alpha, ws)
        return restrict(beta, ws)

    def run(s, ws: tuple[int, ...], bound: Vector) -> Vector:
        if options.alpha_beta or use_beta:
            return bounded(s, ws, bottom, top, bound)
        return plain(s, ws, bound)

    root, root_ws = game.root(), tuple(game.root_worlds())
    root_vector = run(root, root_ws, top)

    # Complete the strategy: every reachable MAX state must have a choice.
    strategy: Strategy = {}
    stack = [(root, root_ws, top)]
    while stack:
        s, ws, bound = stack.pop()
        if game.is_terminal(s) or not ws:
            continue
        if game.is_max_to_move(s):
            if s not in choices:
                run(s, ws, bound)
            strategy[s] = choices[s]
            stack.append((game.play(s, choices[s]), ws, bound))
            continue
        if use_cap:
            bound = cap(bound, evaluation_vector(game, s, ws))
        for m in all_moves(game, s, ws):
            stack.append((game.play(s, m), child_worlds(game, s, m, ws), bound))
    return root_vector, strategy


def _tree_vector_search(game: TreeGame, options: VectorOptions) -> tuple[Vector, Strategy]:
    a = game.tree.arrays
    bias = options.bias
    root, choice, in_strategy = vector_search_tree(
        a.kinds, a.child_start, a.child_list, a.payoffs, game.minimax_array, a.weights, game.tree.height,
        options.alpha_beta or options.beta_reduction, options.beta_reduction,
        options.payoff_reduction, -1 if bias is None else bias.world,
        0.0 if bias is None else float(bias.value))
    strategy = {int(node): int(choice[node]) for node in in_strategy.nonzero()[0]}
    return _vector_from_array(root), strategy


def _vector_from_array(arr) -> Vector:
    return tuple(None if math.isnan(x) else (int(x) if float(x).is_integer() else float(x)) for x in arr)


def _result(name: str, game: MultiWorldGame, options: VectorOptions, compiled: bool = True) -> SearchResult:
    vec, strategy = vector_search(game, options, compiled)
    return SearchResult(name, strategy, score(vec, game.weights), vec)


def vector_mm(game: MultiWorldGame, compiled: bool = True) -> SearchResult:
    """Vector minimaxing (Fig. 16)."""
    return _result("vector-mm", game, VectorOptions(), compiled)


def vm_ab(game: MultiWorldGame, compiled: bool = True) -> SearchResult:
    """Vector minimaxing with alpha-beta pruning (Fig. 21)."""
    return _result("vm-ab", game, VectorOptions(alpha_beta=True), compiled)


def vm_beta(game: MultiWorldGame, compiled: bool = True) -> SearchResult:
    """vm-ab with beta-reduction of leaf payoffs (eq. 7)."""
    return _result("vm-beta", game, VectorOptions(alpha_beta=True, beta_reduction=True), compiled)
