"""The leaf evaluator's solver threads change the time, never an answer."""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from engine.core.cancel import Cancelled, CancelToken
from engine.solvers.solver_oracle import PARALLEL_MIN_TRICKS, SolverOracle, default_threads


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
def evaluators() -> tuple[SolverOracle, SolverOracle]:
    return SolverOracle(), SolverOracle(threads=3)


@pytest.mark.parametrize("strain", [4, 1])
def test_threads_give_the_single_thread_answers(evaluators, strain):
    one, three = evaluators
    rng = random.Random(strain)
    for leader in range(4):
        worlds = _worlds(rng, PARALLEL_MIN_TRICKS, 5, leader)
        got = three.batch_tricks_per_card(worlds, strain, leader, ())
        assert np.array_equal(got, one.batch_tricks_per_card(worlds, strain, leader, ()))
        for need in (2, 4, 6):
            reach = three.batch_reach_per_card(worlds, strain, leader, (), need)
            assert np.array_equal(reach, one.batch_reach_per_card(worlds, strain, leader, (), need))
            assert np.array_equal(reach, np.where(got >= 0, (got >= need).astype(np.int64), -1))


def test_helpers_take_worlds():
    evaluator = SolverOracle(threads=2)
    worlds = _worlds(random.Random(5), PARALLEL_MIN_TRICKS, 4, 1)
    main, helper = evaluator._solvers
    helper_solved = threading.Event()
    main_solve, helper_solve = main.batch_reaches_per_card, helper.batch_reaches_per_card

    def main_waits(*args, **kwargs):  # the calling thread holds back until the helper has a world
        helper_solved.wait(timeout=60)
        return main_solve(*args, **kwargs)

    def helper_signals(*args, **kwargs):
        out = helper_solve(*args, **kwargs)
        helper_solved.set()
        return out

    main.batch_reaches_per_card, helper.batch_reaches_per_card = main_waits, helper_signals
    got = evaluator.batch_reach_per_card(worlds, 4, 1, (), 4)
    assert helper_solved.is_set() and evaluator.nodes[1] > 0
    assert np.array_equal(got, SolverOracle().batch_reach_per_card(worlds, 4, 1, (), 4))


def test_a_helpers_error_reaches_the_caller():
    evaluator = SolverOracle(threads=2)
    worlds = _worlds(random.Random(9), PARALLEL_MIN_TRICKS, 4, 0)
    main, helper = evaluator._solvers
    helper_called = threading.Event()
    main_solve = main.batch_reaches_per_card

    class Broken(RuntimeError):
        pass

    def main_waits(*args, **kwargs):
        helper_called.wait(timeout=60)
        return main_solve(*args, **kwargs)

    def broken(*args, **kwargs):
        helper_called.set()
        raise Broken("helper failed")

    main.batch_reaches_per_card, helper.batch_reaches_per_card = main_waits, broken
    with pytest.raises(Broken):
        evaluator.batch_reach_per_card(worlds, 4, 0, (), 4)


def test_small_positions_stay_on_the_calling_thread():
    evaluator = SolverOracle(threads=2)
    worlds = _worlds(random.Random(3), PARALLEL_MIN_TRICKS - 1, 6, 2)
    evaluator.batch_tricks_per_card(worlds, 4, 2, ())
    assert evaluator.nodes[0] > 0 and evaluator.nodes[1] == 0


def test_thread_counts():
    assert 1 <= default_threads()
    with pytest.raises(ValueError, match="threads"):
        SolverOracle(threads=0)


class _StopsAfter(CancelToken):
    """A token that turns cancelled after ``checks`` looks at it: where the oracle checks, it stops."""

    def __init__(self, checks: int) -> None:
        super().__init__()
        self.left = checks

    @property
    def cancelled(self) -> bool:
        self.left -= 1
        return self.left < 0


@pytest.mark.parametrize("threads", [1, 2])
def test_a_cancellable_question_stops_between_worlds(threads):
    oracle = SolverOracle(threads=threads)
    worlds = _worlds(random.Random(11), PARALLEL_MIN_TRICKS, 6, 3)
    with pytest.raises(Cancelled):
        oracle.batch_reach_per_card(worlds, 4, 3, (), 4, cancel=_StopsAfter(2))
    assert sum(oracle.nodes) > 0  # some world was solved before the stop, not all of them up front
    full = SolverOracle(threads=threads).batch_reach_per_card(worlds, 4, 3, (), 4)
    assert np.array_equal(oracle.batch_reach_per_card(worlds, 4, 3, (), 4), full)  # and nothing wrong was kept
