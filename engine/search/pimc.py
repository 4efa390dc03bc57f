"""Monte Carlo sampling over all worlds as a single pass (Frank & Basin §3).

At each MAX state the move with the best expected perfect-information value
(eq. 5) is chosen; the per-world values come from ``game.evaluate`` (minimax on
trees, double dummy on deals).  Candidates are scored with Ballard's Star1
cutoff so a move stops being evaluated once it cannot beat the best one.  The
strategy is PIMC's choice at every MAX state reachable under it, which is what
a player re-running PIMC at each turn would do.
"""

from __future__ import annotations

import math

from .multiworld import MultiWorldGame, Strategy, evaluation_vector, payoff_vector
from .payoff_vectors import score
from .result import SearchResult
from .star_bounds import StarCount, star1_average
from .strategy import complete_strategy

__all__ = ["pimc", "pimc_choice"]


def pimc_choice(game: MultiWorldGame, state, worlds: tuple[int, ...], count: StarCount | None = None,
                use_star: bool = True) -> tuple[object, float]:
    """PIMC's move at a MAX ``state`` and its score (ties keep the first move)."""
    best_move, best = None, -math.inf
    for m in game.moves(state, worlds[0]):
        child = game.play(state, m)
        alpha = best if use_star else -math.inf
        out = star1_average(lambda w: game.evaluate(child, w), worlds, game.weights,
                            game.payoff_bounds, alpha, count)
        if out.score is not None and (best_move is None or out.score > best):
            best_move, best = m, out.score
    return best_move, best


def pimc(game: MultiWorldGame, use_star: bool = True) -> SearchResult:
    """PIMC's complete strategy from the root, with its (optimistic) root score as estimate."""
    count = StarCount()
    root, worlds = game.root(), tuple(game.root_worlds())
    if game.is_terminal(root):
        return SearchResult("pimc", {}, score(payoff_vector(game, root, worlds), game.weights))

    def fill(state, ws: tuple[int, ...]) -> Strategy:
        return {state: pimc_choice(game, state, ws, count, use_star)[0]}

    if game.is_max_to_move(root):
        move, estimate = pimc_choice(game, root, worlds, count, use_star)
        strategy = complete_strategy(game, {root: move}, fill)
    else:
        estimate = score(evaluation_vector(game, root, worlds), game.weights)
        strategy = complete_strategy(game, {}, fill)
    return SearchResult("pimc", strategy, estimate,
                        stats={"evaluations": count.evaluated, "evaluations_saved": count.skipped})
