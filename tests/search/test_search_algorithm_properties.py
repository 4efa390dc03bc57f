"""Cross-checks between the algorithms, judged by the independent strategy evaluator."""

from __future__ import annotations

import numpy as np
import pytest

from engine.search import iterative_biasing as ib
from engine.search import prm as prm_mod
from engine.search import vector_mm as vm
from engine.search.alphamu import AlphaMuOptions, alphamu
from engine.search.exact import exact
from engine.search.pimc import pimc
from engine.search.random_trees import random_binary_tree, random_general_tree
from engine.search.registry import ALGORITHMS, UnknownAlgorithmError, get_algorithm, run_algorithm
from engine.search.strategy import StrategyError, reduce_strategy, strategy_value, strategy_vector
from engine.search.tree_game import TreeGame

VECTOR_FAMILY = (vm.vector_mm, vm.vm_ab, vm.vm_beta, prm_mod.prm, prm_mod.prm_beta,
                 ib.ivm, ib.iprm, ib.ivm_beta, ib.iprm_beta)


def general_games(seed: int, count: int, max_depth: int = 6):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        yield TreeGame(random_general_tree(
            rng, int(rng.integers(1, max_depth + 1)), int(rng.integers(1, 6)), 3,
            int(rng.integers(2, 4)), 0.5, 0.15, bool(rng.integers(2))))


def binary_games(seed: int, depths=(3, 4, 5, 6, 7), per_depth: int = 12):
    rng = np.random.default_rng(seed)
    for d in depths:
        for _ in range(per_depth):
            yield TreeGame(random_binary_tree(rng, d, 10))


def test_compiled_vector_family_matches_the_pure_reference():
    for g in general_games(21, 250):
        for alg in VECTOR_FAMILY:
            fast, slow = alg(g), alg(g, compiled=False)
            assert fast.strategy == slow.strategy, (alg.__name__, g.tree.to_json_obj())
            assert fast.estimate == pytest.approx(slow.estimate, abs=1e-12)


def test_every_strategy_is_complete_and_never_beats_exact():
    for g in list(general_games(22, 120)) + list(binary_games(23, per_depth=4)):
        optimum = exact(g).estimate
        for name in ALGORITHMS:
            r = run_algorithm(name, g)
            assert reduce_strategy(g, r.strategy) == r.strategy  # exactly the reachable MAX nodes
            assert strategy_value(g, r.strategy) <= optimum + 1e-12, name


def test_vector_mm_and_biasing_estimates_are_exact_strategy_values():
    """Without reductions the backed-up vector is the chosen strategy's best-defence vector."""
    for g in general_games(24, 150):
        for alg in (vm.vector_mm, ib.ivm):
            r = alg(g)
            assert strategy_vector(g, r.strategy) == pytest.approx(r.root_vector)
            assert strategy_value(g, r.strategy) == pytest.approx(r.estimate, abs=1e-12)


def test_pimc_is_optimistic():
    for g in general_games(25, 150):
        r = pimc(g)
        assert r.estimate >= exact(g).estimate - 1e-12


def test_alphamu_with_one_max_move_is_pimc():
    for g in list(general_games(26, 150)) + list(binary_games(27)):
        a, p = alphamu(g, AlphaMuOptions(max_moves=1)), pimc(g)
        assert a.strategy == p.strategy
        assert a.estimate == pytest.approx(p.estimate, abs=1e-12)


def test_deeper_alphamu_is_never_more_optimistic():
    for g in list(general_games(28, 100)) + list(binary_games(29, per_depth=6)):
        previous = np.inf
        optimum = exact(g).estimate
        for m in (1, 2, 3, 4, 5):
            r = alphamu(g, AlphaMuOptions(max_moves=m))
            assert optimum - 1e-12 <= r.estimate <= previous + 1e-12
            previous = r.estimate


def test_alphamu_cuts_and_table_change_nothing_but_the_work():
    plain = AlphaMuOptions(transposition_table=False, early_cut=False, root_cut=False, star_cut=False)
    for g in list(binary_games(30, depths=(5, 6, 7), per_depth=8)):
        for m in (2, 3):
            fast = alphamu(g, AlphaMuOptions(max_moves=m))
            slow = alphamu(g, AlphaMuOptions(m, plain.iterative_deepening, False, False, False, False))
            assert fast.estimate == pytest.approx(slow.estimate, abs=1e-12)


def test_alphamu_cuts_save_nodes_on_deep_trees():
    with_cuts = without = 0
    for g in binary_games(31, depths=(8,), per_depth=10):
        with_cuts += alphamu(g, AlphaMuOptions(max_moves=3)).stats["nodes"]
        without += alphamu(g, AlphaMuOptions(3, True, False, False, False, False)).stats["nodes"]
    assert with_cuts < without


def test_star1_cutoff_saves_evaluations_without_changing_pimc():
    saved = 0
    for g in binary_games(32, depths=(4, 6), per_depth=10):
        with_star, without = pimc(g), pimc(g, use_star=False)
        assert with_star.strategy == without.strategy and with_star.estimate == without.estimate
        assert without.stats["evaluations_saved"] == 0
        assert with_star.stats["evaluations"] + with_star.stats["evaluations_saved"] == \
            without.stats["evaluations"]
        saved += with_star.stats["evaluations_saved"]
    assert saved > 0


def test_strategy_evaluator_rejects_incomplete_or_illegal_strategies():
    g = next(binary_games(33, depths=(3,), per_depth=1))
    with pytest.raises(StrategyError, match="no move at MAX node ''"):
        strategy_vector(g, {})
    with pytest.raises(StrategyError, match="illegal move 5"):
        strategy_vector(g, {0: 5})


def test_registry_names():
    assert set(ALGORITHMS) == {"pimc", "vector-mm", "vm-ab", "vm-beta", "prm", "prm-beta", "ivm",
                               "iprm", "ivm-beta", "iprm-beta", "alphamu", "exact"}
    with pytest.raises(UnknownAlgorithmError, match="unknown algorithm 'mcts'"):
        get_algorithm("mcts")
    g = next(binary_games(34, depths=(2,), per_depth=1))
    with pytest.raises(ValueError, match="alphamu only"):
        run_algorithm("pimc", g, max_moves=2)
