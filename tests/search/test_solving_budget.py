"""The work budget of a search on the bridge play game: counted per deal solved, weighted by depth, and
raised before the solve that would pass it (the same cut on every machine, unlike a clock)."""

import numpy as np
import pytest

from engine.core.deal import random_deals
from engine.search.bridge_game import BridgePlayGame, SolvingBudget, SolvingBudgetExceeded
from engine.solvers.solver_oracle import SolverOracle


def test_units_grow_with_the_tricks_left():
    budget = SolvingBudget(None)
    budget.charge(2, 13)  # 2 deals × (13 − 3)²
    budget.charge(5, 3)  # at most 3 tricks left: 1 unit a deal
    assert budget.spent == 2 * 100 + 5
    with pytest.raises(ValueError):
        SolvingBudget(-1)


def test_a_search_stops_at_its_budget_before_solving_past_it():
    n, e, s, w = (int(m) for m in random_deals(4, 1)[0].masks)
    worlds = np.array([[n, e, s, w], [n, w, s, e]], dtype=np.uint64)  # declarer sees N-S; E-W swapped
    oracle = SolverOracle()

    def play_out(budget):
        game = BridgePlayGame(worlds, [0.5, 0.5], 4, 0, (), (0, 2), 7, oracle, solving=budget)
        root = game.root()
        child = game.play(root, game.moves(root, 0)[0])
        for world in range(2):
            game.evaluate(child, world)
        return game

    roomy = SolvingBudget(None)
    game = play_out(roomy)
    assert roomy.spent == game.solves * (13 - 3) ** 2 and game.solves > 0
    tight = SolvingBudget(roomy.spent - 1)
    with pytest.raises(SolvingBudgetExceeded):
        play_out(tight)
    # after MAX's card its position is asked alone, charged as the per-card question at the root would be:
    # another of MAX's cards in the same deals is solved but not charged again
    root = game.root()
    other = game.play(root, game.moves(root, 0)[1])
    before, solved = roomy.spent, game.solves
    game.evaluate(other, 0)
    assert game.solves > solved and roomy.spent == before
    # after MIN's card, every card of the parent is asked at once: a whole deal each
    child = game.play(root, game.moves(root, 0)[0])
    before, solved = roomy.spent, game.solves
    game.evaluate(game.play(child, game.moves(child, 0)[0]), 0)
    assert game.solves > solved
    assert roomy.spent - before == (game.solves - solved) * (13 - 3) ** 2


def test_the_pareto_filter_keeps_its_comparison_budget():
    """The filter of a single-dummy node keeps the maximal sets; past its comparison limit it raises the
    search's budget error (a million combinations against a thousand kept sets was most of a search's time)."""
    from engine.search.single_dummy import SingleDummyBudget, _maximal

    sets = [0b0011, 0b0001, 0b0110, 0b0011, 0b1000, 0b0100]
    assert sorted(_maximal(sets)) == [0b0011, 0b0110, 0b1000]
    assert _maximal(sets, limit=10) == _maximal(sets)
    antichain = [1 << i for i in range(40)]
    with pytest.raises(SingleDummyBudget):
        _maximal(antichain, limit=100)  # 40 kept sets: 780 comparisons
    assert len(_maximal(antichain, limit=780)) == 40
