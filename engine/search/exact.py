"""The best-defence optimum: αμ searched to the terminal states.

MAX commits to one pure strategy for all worlds, MIN answers it optimally in
each world, and MAX maximises the expected payoff (Frank & Basin's best-defence
model, A-I to A-III).  Searched to the leaves with every world, αμ's fronts hold
every non-dominated achievable vector, so the best one is the optimum; tests
check this against enumeration of all strategies.  Explicit trees with 0/1
payoffs take a compiled path (:mod:`.binary_fronts`).
"""

from __future__ import annotations

from .alphamu import AlphaMuOptions, alphamu
from .binary_fronts import exact_binary, is_binary_tree
from .multiworld import MultiWorldGame
from .result import SearchResult
from .strategy import reduce_strategy
from .tree_game import TreeGame

__all__ = ["exact"]


def exact(game: MultiWorldGame, compiled: bool = True) -> SearchResult:
    """Optimal MAX strategy against best defence, with its exact value as estimate."""
    if compiled and isinstance(game, TreeGame) and is_binary_tree(game.tree):
        mask, value, choice = exact_binary(game.tree)
        n = game.tree.n_worlds
        vector = tuple((mask >> j) & 1 if j in game.root_worlds() else None for j in range(n))
        chosen = {node: int(c) for node, c in enumerate(choice) if c >= 0}
        return SearchResult("exact", reduce_strategy(game, chosen), value, vector)
    return alphamu(game, AlphaMuOptions(max_moves=None, iterative_deepening=False, transposition_table=False,
                                        root_cut=False),
                   name="exact")
