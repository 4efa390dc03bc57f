"""``exact`` (compiled and generic αμ to the leaves) equals brute-force strategy enumeration."""

from __future__ import annotations

import numpy as np
import pytest

from engine.search.alphamu import AlphaMuOptions, alphamu
from engine.search.exact import exact
from engine.search.random_trees import random_binary_tree, random_general_tree
from engine.search.strategy import enumerate_strategies, strategy_value
from engine.search.tree_game import TreeGame


def brute_force(game: TreeGame) -> float:
    return max(strategy_value(game, s) for s in enumerate_strategies(game))


def small_trees(seed: int, count: int):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        yield random_general_tree(
            rng, depth=int(rng.integers(1, 5)), n_worlds=int(rng.integers(1, 6)), max_branching=3,
            values=int(rng.integers(2, 4)), bottom_rate=0.5, leaf_rate=0.2,
            weighted=bool(rng.integers(2)))


def test_generic_exact_matches_brute_force_on_general_trees():
    """Real payoffs, weights, ⊥ worlds, uneven branching: 1500 trees."""
    for tree in small_trees(11, 1500):
        g = TreeGame(tree)
        optimum = brute_force(g)
        r = exact(g, compiled=False)
        assert r.estimate == pytest.approx(optimum, abs=1e-12), tree.to_json_obj()
        assert strategy_value(g, r.strategy) == pytest.approx(optimum, abs=1e-12)


def test_compiled_exact_matches_brute_force_on_binary_trees():
    """0/1 payoffs take the bitmask kernel: 1000 general trees with ⊥ plus F&B trees."""
    rng = np.random.default_rng(12)
    trees = [random_general_tree(rng, int(rng.integers(1, 5)), int(rng.integers(1, 8)), 3, 2, 0.5, 0.2,
                                 bool(rng.integers(2))) for _ in range(1000)]
    trees += [random_binary_tree(rng, d, 10) for d in (1, 2, 3, 4, 5) for _ in range(40)]
    for tree in trees:
        g = TreeGame(tree)
        optimum = brute_force(g)
        r = exact(g)
        assert r.estimate == pytest.approx(optimum, abs=1e-12), tree.to_json_obj()
        assert strategy_value(g, r.strategy) == pytest.approx(optimum, abs=1e-12)


def test_alphamu_deepening_to_the_leaves_is_exact():
    for tree in small_trees(13, 400):
        g = TreeGame(tree)
        r = alphamu(g, AlphaMuOptions(max_moves=None))
        optimum = exact(g, compiled=False).estimate
        assert r.estimate == pytest.approx(optimum, abs=1e-12)
        assert strategy_value(g, r.strategy) == pytest.approx(optimum, abs=1e-12)


def test_compiled_and_generic_exact_agree_on_deep_binary_trees():
    rng = np.random.default_rng(14)
    for depth in (6, 7, 8):
        for _ in range(15):
            g = TreeGame(random_binary_tree(rng, depth, 10))
            fast, slow = exact(g), exact(g, compiled=False)
            assert fast.estimate == pytest.approx(slow.estimate, abs=1e-12)
            assert strategy_value(g, fast.strategy) == pytest.approx(fast.estimate, abs=1e-12)
