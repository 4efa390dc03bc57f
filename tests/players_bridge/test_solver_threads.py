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
            # one test per position: the side on lead reaches ``need`` when some card does
            whole = three.batch_reach(worlds, strain, leader, (), need, homes=range(len(worlds)))
            assert np.array_equal(whole, one.batch_reach(worlds, strain, leader, (), need))
            assert np.array_equal(whole, (reach == 1).any(axis=1))


def _helper_first(evaluator: SolverOracle, method: str) -> threading.Event:
    """Make the calling thread's solver wait, on ``method``, until the helper has answered a world (so the
    helper must have taken one); the event tells it did."""
    main, helper = evaluator._solvers
    helper_solved = threading.Event()
    main_solve, helper_solve = getattr(main, method), getattr(helper, method)

    def main_waits(*args, **kwargs):
        helper_solved.wait(timeout=60)
        return main_solve(*args, **kwargs)

    def helper_signals(*args, **kwargs):
        out = helper_solve(*args, **kwargs)
        helper_solved.set()
        return out

    setattr(main, method, main_waits)
    setattr(helper, method, helper_signals)
    return helper_solved


def test_helpers_take_worlds():
    """Per-card questions and whole-position ones (each world to whichever solver is free)."""
    worlds = _worlds(random.Random(5), PARALLEL_MIN_TRICKS, 4, 1)
    evaluator = SolverOracle(threads=2)
    helper_solved = _helper_first(evaluator, "batch_reaches_per_card")
    got = evaluator.batch_reach_per_card(worlds, 4, 1, (), 4)
    assert helper_solved.is_set() and evaluator.nodes[1] > 0
    assert np.array_equal(got, SolverOracle().batch_reach_per_card(worlds, 4, 1, (), 4))
    evaluator = SolverOracle(threads=2)
    helper_solved = _helper_first(evaluator, "reaches_many")
    whole = evaluator.batch_reach(worlds, 4, 1, (), 5)
    assert helper_solved.is_set() and evaluator.nodes[1] > 0
    assert np.array_equal(whole, SolverOracle().batch_reach(worlds, 4, 1, (), 5))


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


def test_home_queues_put_each_item_in_its_homes_queue_in_order():
    from engine.solvers.solver_oracle import home_queues

    assert [list(q) for q in home_queues([0, 1, 2, 3, 4], [7, 2, 4, 9, 0], 2)] == [[1, 2, 4], [0, 3]]
    assert [list(q) for q in home_queues([3, 1, 2], None, 2)] == [[3, 2], [1]]  # in turn without homes
    assert [list(q) for q in home_queues([2, 0], [1, 7, 4], 3)] == [[], [2, 0], []]  # homes by item


def test_a_world_goes_to_its_homes_solver_while_that_solver_is_free():
    """With homes, the helper solves the worlds whose home is its own (the main thread holds back on its one
    world until the helper is through them), and the answers are the single thread's."""
    evaluator = SolverOracle(threads=2)
    worlds = _worlds(random.Random(21), PARALLEL_MIN_TRICKS, 5, 1)
    homes = [4, 1, 3, 5, 7]  # world 0 at home on the main solver, the rest on the helper
    main, helper = evaluator._solvers
    solved: dict[str, list[int]] = {"main": [], "helper": []}
    helper_done = threading.Event()
    main_solve, helper_solve = main.batch_reaches_per_card, helper.batch_reaches_per_card
    index = {tuple(int(x) for x in row): i for i, row in enumerate(worlds)}

    main_took = threading.Event()

    def main_waits(rows, *args, **kwargs):
        main_took.set()
        helper_done.wait(timeout=60)
        solved["main"] += [index[tuple(int(x) for x in row)] for row in rows]
        return main_solve(rows, *args, **kwargs)

    def helper_counts(rows, *args, **kwargs):
        main_took.wait(timeout=60)  # the main thread has its own world in hand: nothing left to take from it
        solved["helper"] += [index[tuple(int(x) for x in row)] for row in rows]
        out = helper_solve(rows, *args, **kwargs)
        if len(solved["helper"]) == 4:
            helper_done.set()
        return out

    main.batch_reaches_per_card, helper.batch_reaches_per_card = main_waits, helper_counts
    got = evaluator.batch_reach_per_card(worlds, 4, 1, (), 4, homes=homes)
    assert solved == {"main": [0], "helper": [1, 2, 3, 4]}
    assert np.array_equal(got, SolverOracle().batch_reach_per_card(worlds, 4, 1, (), 4))


def test_worlds_that_differ_in_the_movers_hand_are_shared_out_too():
    """At a defender's turn every world gives the mover other cards: a large position's worlds still go to
    both solvers, one at a time, and the answers are the single thread's."""
    rng = random.Random(31)
    rows = np.concatenate([_worlds(rng, PARALLEL_MIN_TRICKS, 1, 2) for _ in range(6)])
    leader = 2
    evaluator = SolverOracle(threads=2)
    got = evaluator.batch_tricks_per_card(rows, 4, leader, (), homes=range(len(rows)))
    assert evaluator.nodes[0] > 0 and evaluator.nodes[1] > 0
    one = SolverOracle()
    assert np.array_equal(got, np.concatenate([one.batch_tricks_per_card(rows[i:i + 1], 4, leader, ())
                                               for i in range(len(rows))]))


def test_clear_empties_every_solvers_table():
    """After ``clear`` each solver searches a world it had stored as if it had never seen it (each solver is
    asked directly: which thread takes a world is the oracle's choice, not the test's)."""
    evaluator = SolverOracle(threads=2)
    world = _worlds(random.Random(41), PARALLEL_MIN_TRICKS, 1, 0)

    def cost(solver) -> int:
        before = solver.nodes
        solver.batch_tricks_per_card(world, 4, 0)
        return solver.nodes - before

    solvers = evaluator._solvers
    first = [cost(s) for s in solvers]
    stored = [cost(s) for s in solvers]
    evaluator.clear()
    cleared = [cost(s) for s in solvers]
    for f, st, c in zip(first, stored, cleared):
        assert c > 2 * st and c > f // 2  # emptied: the search starts over
