"""Vector minimaxing and its alpha-beta variants (Frank & Basin §7.1, §7.3).

One search core serves the whole family of Fig. 25:

* ``vector-mm`` (Fig. 16): MIN backs up the entrywise minimum (it knows the
  world), MAX backs up the *single* child vector with the best expected payoff,
  so one move is chosen for all worlds (no strategy fusion);
* ``vm-ab`` (Fig. 21): the same with vector alpha/beta bounds and pruning when
  ``min(alpha, beta) = beta``;
* ``vm-beta``: the leaves return ``min(payoff, beta)`` (eq. 7, beta-reduction),
  where beta at a node is the entrywise minimum of the values already backed up
  by its MIN ancestors' earlier children.  As in F&B's tested implementation
  (§8.2: "none of the beta-reduction algorithms actually incorporate pruning")
  nothing is pruned: a pruned MAX node returns a bound, not a choice, and with
  pruning vm-beta was optimal on 81% of the suit library against 98% without;
* payoff-reduction (``prm``, :mod:`.prm`) caps every leaf by the per-world
  minimax values of its MIN ancestors;
* biasing (:mod:`.iterative_biasing`) replaces MAX's comparison by ``>_{v,k}``.

Ties between moves keep the earlier move (the paper resolves them randomly).
A MAX node where no move beat the inherited alpha gets its choice from a fresh
search of its subtree, so the strategy returned is always complete.

F&B search trees; games such as suit play are DAGs, where one state (what MAX
has seen) is reached along several paths.  Beta- and payoff-reduction depend on
the path, so the search may choose differently at the same state, while a
strategy (MAX's information) has one move per state.  Such conflicts are settled
among the search's own choices by their exact best-defence worth below the state
(:func:`_settle_conflicts`); a tree has no conflicts, so on the papers' trees
the algorithms are exactly as published.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .multiworld import MultiWorldGame, Strategy, all_moves, child_worlds, evaluation_vector, payoff_vector
from .payoff_vectors import Vector, cap, restrict, score, score_without, vmin
from .result import SearchResult
from .strategy import reduce_strategy
from .tree_game import TreeGame
from .vector_kernels import vector_search_tree

__all__ = ["Bias", "VectorOptions", "SearchCounter", "SearchBudgetExhausted", "vector_search", "vector_mm", "vm_ab",
           "vm_beta"]


@dataclass(frozen=True)
class Bias:
    """A payoff guess <v, k>: the optimal vector is hoped to reach ``value`` in world ``world``."""

    value: float
    world: int


@dataclass(frozen=True)
class VectorOptions:
    """Which member of the family: ``alpha_beta`` prunes (Fig. 21), ``beta_reduction`` caps the
    leaves by beta (eq. 7); the published beta algorithms use the second without the first."""

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


class SearchBudgetExhausted(Exception):
    """A search was stopped by its budget (:class:`SearchCounter`) before it finished."""


@dataclass
class SearchCounter:
    """Nodes searched (states expanded, memo hits not counted), shared by the searches of an iterative
    algorithm; past ``limit`` the running search stops with :class:`SearchBudgetExhausted`."""

    nodes: int = 0
    limit: int | None = None

    def tick(self, count: int = 1) -> None:
        self.nodes += count
        if self.limit is not None and self.nodes > self.limit:
            raise SearchBudgetExhausted(self.nodes)


def vector_search(game: MultiWorldGame, options: VectorOptions,
                  compiled: bool = True, counter: SearchCounter | None = None) -> tuple[Vector, Strategy]:
    """Run the configured vector search from the root; return its root vector and strategy.
    Explicit trees take the compiled path unless ``compiled`` is False.  ``counter`` counts the
    states searched (and may stop the search: :class:`SearchBudgetExhausted`)."""
    if compiled and isinstance(game, TreeGame):
        if counter is not None:
            counter.tick(game.tree.n_nodes)
        return _tree_vector_search(game, options)
    weights = game.weights
    n = len(weights)
    top: Vector = (math.inf,) * n
    bottom: Vector = (-math.inf,) * n
    choices: Strategy = {}
    chosen: dict = {}  # state -> every move the search chose there, in order
    use_beta = options.beta_reduction
    use_cap = options.payoff_reduction
    bias = options.bias

    def choose(s, m) -> None:
        choices[s] = m
        seen = chosen.setdefault(s, [])
        if m not in seen:
            seen.append(m)

    def leaf(s, ws, beta: Vector, bound: Vector) -> Vector:
        v = payoff_vector(game, s, ws)
        if use_cap:
            v = cap(v, bound)
        if use_beta:
            v = cap(v, beta)
        return v

    memo: dict = {}

    def plain(s, ws: tuple[int, ...], beta: Vector, bound: Vector) -> Vector:
        """vector-mm (Fig. 16); with beta-reduction, MIN nodes lower ``beta`` as children return.

        Memoised: a subtree's vector depends on the state and on ``beta`` and ``bound`` in the
        state's own worlds only (elsewhere its payoffs are ⊥), so a state reached again with the
        same reductions (a transposition, or the same state under another guess's sibling) is not
        searched twice.  The moves chosen below it were recorded the first time."""
        key = (s, tuple(beta[w] for w in ws) if use_beta else None, tuple(bound[w] for w in ws) if use_cap else None)
        hit = memo.get(key)
        if hit is not None:
            return hit
        if counter is not None:
            counter.tick()
        if game.is_terminal(s):
            out = leaf(s, ws, beta, bound)
        elif game.is_max_to_move(s):
            best: Vector | None = None
            pick = None
            for m in game.moves(s, ws[0]):
                v = plain(game.play(s, m), ws, beta, bound)
                if best is None or _better(v, best, weights, bias):
                    best, pick = v, m
            assert best is not None
            choose(s, pick)
            out = best
        else:
            if use_cap:
                bound = cap(bound, evaluation_vector(game, s, ws))
            acc: Vector | None = None
            for m in all_moves(game, s, ws):
                v = plain(game.play(s, m), child_worlds(game, s, m, ws), beta, bound)
                acc = v if acc is None else vmin(acc, v)
                if use_beta:
                    beta = vmin(beta, v)
            assert acc is not None
            out = acc
        memo[key] = out
        return out

    def bounded(s, ws: tuple[int, ...], alpha: Vector, beta: Vector, bound: Vector) -> Vector:
        """vm-ab (Fig. 21).  Returned vectors are restricted to the node's worlds: the initial
        bounds are infinite and must not leak into worlds where the node cannot be reached."""
        if counter is not None:
            counter.tick()
        if game.is_terminal(s):
            return leaf(s, ws, beta, bound)
        if game.is_max_to_move(s):
            pick = None
            for m in game.moves(s, ws[0]):
                v = bounded(game.play(s, m), ws, alpha, beta, bound)
                if _better(v, alpha, weights, bias):
                    alpha, pick = v, m
                if vmin(alpha, beta) == beta:
                    break
            if pick is not None:
                choose(s, pick)
            return restrict(beta if vmin(alpha, beta) == beta else alpha, ws)
        if use_cap:
            bound = cap(bound, evaluation_vector(game, s, ws))
        for m in all_moves(game, s, ws):
            beta = vmin(beta, bounded(game.play(s, m), child_worlds(game, s, m, ws), alpha, beta, bound))
            if vmin(alpha, beta) == beta:
                return restrict(alpha, ws)
        return restrict(beta, ws)

    def run(s, ws: tuple[int, ...], bound: Vector) -> Vector:
        if options.alpha_beta:
            return bounded(s, ws, bottom, top, bound)
        return plain(s, ws, top, bound)

    root, root_ws = game.root(), tuple(game.root_worlds())
    root_vector = run(root, root_ws, top)

    # Complete the strategy: every reachable MAX state must have a choice.
    stack = [(root, root_ws, top)]
    done: set = set()
    while stack:
        s, ws, bound = stack.pop()
        if game.is_terminal(s) or not ws or s in done:
            continue
        done.add(s)
        if game.is_max_to_move(s):
            if s not in choices:
                run(s, ws, bound)
            stack.append((game.play(s, choices[s]), ws, bound))
            continue
        if use_cap:
            bound = cap(bound, evaluation_vector(game, s, ws))
        for m in all_moves(game, s, ws):
            stack.append((game.play(s, m), child_worlds(game, s, m, ws), bound))
    if any(len(moves) > 1 for moves in chosen.values()):
        _settle_conflicts(game, choices, chosen, bias, run, use_cap)
    return root_vector, reduce_strategy(game, choices)


def _settle_conflicts(game: MultiWorldGame, choices: Strategy, chosen: dict, bias: Bias | None,
                      run, use_cap: bool) -> None:
    """Where the search chose several moves at one state, keep the one whose exact best-defence
    vector below the state (with the other states' choices settled the same way) MAX prefers.

    Bottom-up with memoisation, so each reachable state is valued once; the search's last
    choice is kept on ties.  The values are those of a fixed strategy: MIN simply minimises
    per world (:mod:`.strategy`).  A state the search never chose at (below a pruned node)
    gets a fresh search, as in the completion of :func:`vector_search`.  Values are memoised
    per state: a public state determines the worlds still valid there."""
    weights = game.weights
    n = len(weights)
    memo: dict = {}

    def value(s, ws: tuple[int, ...], bound: Vector) -> Vector:
        if game.is_terminal(s) or not ws:
            return payoff_vector(game, s, ws)
        hit = memo.get(s)
        if hit is not None:
            return hit
        best: Vector | None = None
        if game.is_max_to_move(s):
            if s not in choices:
                run(s, ws, bound)
            last = choices[s]
            for m in [last, *(c for c in chosen.get(s, ()) if c != last)]:
                v = value(game.play(s, m), ws, bound)
                if best is None or _better(v, best, weights, bias):
                    best, choices[s] = v, m
        else:
            if use_cap:
                bound = cap(bound, evaluation_vector(game, s, ws))
            for m in all_moves(game, s, ws):
                v = value(game.play(s, m), child_worlds(game, s, m, ws), bound)
                best = v if best is None else vmin(best, v)
        assert best is not None
        memo[s] = best
        return best

    value(game.root(), tuple(game.root_worlds()), (math.inf,) * n)


def _tree_vector_search(game: TreeGame, options: VectorOptions) -> tuple[Vector, Strategy]:
    a = game.tree.arrays
    bias = options.bias
    root, choice, in_strategy = vector_search_tree(
        a.kinds, a.child_start, a.child_list, a.payoffs, game.minimax_array, a.weights, game.tree.height,
        options.alpha_beta, options.beta_reduction,
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
    """Vector minimaxing with beta-reduction of leaf payoffs (eq. 7), without pruning."""
    return _result("vm-beta", game, VectorOptions(beta_reduction=True), compiled)
