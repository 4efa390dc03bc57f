"""Iterative biasing (Frank & Basin §7.4, Fig. 23): ivm, iprm, ivm-beta, iprm-beta.

Each iteration guesses one entry of the optimal payoff vector, <v_max, k>, and
biases MAX's choices towards vectors reaching v_max in world k; every resulting
strategy is then valued exactly (linear time, best defence) and the best one is
kept.  Guesses are made only for worlds whose perfect-information value is
v_max, the largest such value over all worlds (end of §7.4; for 0/1 trees, the
worlds where MAX can win at all).
"""

from __future__ import annotations

import numpy as np

from .multiworld import MultiWorldGame, evaluation_vector
from .payoff_vectors import Vector, score
from .result import SearchResult
from .strategy import strategy_vector
from .tree_game import TreeGame
from .vector_kernels import strategy_vector_tree
from .vector_mm import Bias, VectorOptions, _vector_from_array, vector_search

__all__ = ["payoff_guesses", "iterate_biases", "ivm", "iprm", "ivm_beta", "iprm_beta"]


def payoff_guesses(game: MultiWorldGame) -> list[Bias]:
    """The guesses <v_max, k> for the worlds k whose minimax value at the root is v_max."""
    root = game.root()
    values = evaluation_vector(game, root, game.root_worlds())
    defined = [(k, x) for k, x in enumerate(values) if x is not None]
    if not defined:
        return []
    v_max = max(x for _, x in defined)
    return [Bias(v_max, k) for k, x in defined if x == v_max]


def _exact_vector(game: MultiWorldGame, strategy, compiled: bool) -> Vector:
    if compiled and isinstance(game, TreeGame):
        a = game.tree.arrays
        choice = np.full(game.tree.n_nodes, -1, dtype=np.int64)
        for node, move in strategy.items():
            choice[node] = move
        return _vector_from_array(strategy_vector_tree(a.kinds, a.child_start, a.child_list,
                                                       a.payoffs, choice))
    return strategy_vector(game, strategy)


def iterate_biases(name: str, game: MultiWorldGame, options: VectorOptions,
                   compiled: bool = True) -> SearchResult:
    """Run the biased search once per guess; keep the strategy with the best exact value."""
    best = None
    guesses = payoff_guesses(game) or [None]
    for bias in guesses:
        _, strategy = vector_search(game, VectorOptions(options.alpha_beta, options.beta_reduction,
                                                        options.payoff_reduction, bias), compiled)
        vec = _exact_vector(game, strategy, compiled)
        value = score(vec, game.weights)
        if best is None or value > best[0]:
            best = (value, vec, strategy)
    assert best is not None
    return SearchResult(name, best[2], best[0], best[1], stats={"iterations": len(guesses)})


def ivm(game: MultiWorldGame, compiled: bool = True) -> SearchResult:
    return iterate_biases("ivm", game, VectorOptions(), compiled)


def iprm(game: MultiWorldGame, compiled: bool = True) -> SearchResult:
    return iterate_biases("iprm", game, VectorOptions(payoff_reduction=True), compiled)


def ivm_beta(game: MultiWorldGame, compiled: bool = True) -> SearchResult:
    return iterate_biases("ivm-beta", game, VectorOptions(beta_reduction=True), compiled)


def iprm_beta(game: MultiWorldGame, compiled: bool = True) -> SearchResult:
    return iterate_biases("iprm-beta", game, VectorOptions(beta_reduction=True, payoff_reduction=True),
                          compiled)
