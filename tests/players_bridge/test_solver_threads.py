"""The leaf evaluator's solver threads change the time, never an answer."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.search.solver_leaves import PARALLEL_MIN_TRICKS, SolverLeafEvaluator, default_threads


def _worlds(rng: random.Random, size: int, count: int, mover: int) -> np.ndarray:
    """``count`` deals of ``size`` cards a hand that agree on the mover's hand."""
    cards = list(range(52))
    rng.shuffle(cards)
    own = cards[:size]
    rest = cards[size:4 * size]
    rows = []
    for _ in range(count):
        rng.shuffle(rest)
        hands = [rest[i * size:(i + 1) * size] for i in range(3)]
        hands.insert(mover, own)
        rows.append([sum(1 << c for c in hand) for hand in hands])
    return np.array(rows, dtype=np.uint64)


@pytest.fixture(scope="module")
def evaluators() -> tuple[SolverLeafEvaluator, SolverLeafEvaluator]:
    return SolverLeafEvaluator(), SolverLeafEvaluator(threads=3)


@pytest.mark.parametrize("strain", [4, 1])
def test_threads_give_the_single_thread_answers(evaluators, strain):
    one, three = evaluators
    rng = random.Random(strain)
    for leader in range(4):
        worlds = _worlds(rng, PARALLEL_MIN_TRICKS, 5, leader)
        before = three.nodes
        got = three.batch_tricks_per_card(worlds, strain, leader, ())
        assert np.array_equal(got, one.batch_tricks_per_card(worlds, strain, leader, ()))
        for need in (2, 4, 6):
            reach = three.batch_reach_per_card(worlds, strain, leader, (), need)
            assert np.array_equal(reach, one.batch_reach_per_card(worlds, strain, leader, (), need))
            assert np.array_equal(reach, np.where(got >= 0, (got >= need).astype(np.int64), -1))
        # the worlds really were shared out: the helpers searched too
        assert sum(b > a for a, b in zip(before[1:], three.nodes[1:])) >= 1


def test_a_helpers_error_reaches_the_caller(evaluators):
    _, three = evaluators
    worlds = _worlds(random.Random(9), PARALLEL_MIN_TRICKS, 6, 0)

    class Broken(RuntimeError):
        pass

    def broken(*args, **kwargs):
        raise Broken("helper failed")

    helper = three._solvers[1]
    helper.batch_reaches_per_card = broken  # instance attribute: only this solver breaks
    try:
        with pytest.raises(Broken):
            for _ in range(5):  # the helper gets at least one world in some call
                three.batch_reach_per_card(worlds, 4, 0, (), 4)
    finally:
        del helper.batch_reaches_per_card


def test_small_positions_stay_on_the_calling_thread():
    evaluator = SolverLeafEvaluator(threads=2)
    worlds = _worlds(random.Random(3), PARALLEL_MIN_TRICKS - 1, 6, 2)
    evaluator.batch_tricks_per_card(worlds, 4, 2, ())
    assert evaluator.nodes[0] > 0 and evaluator.nodes[1] == 0


def test_thread_counts():
    assert 1 <= default_threads()
    with pytest.raises(ValueError, match="threads"):
        SolverLeafEvaluator(threads=0)
