"""The fast double-dummy leaf evaluator agrees with the reference; the play benchmark's harness times
only searched declarer decisions."""

from __future__ import annotations

import random

import numpy as np

from engine.bench.play import Config, _Timer, time_config
from engine.bridge.contract import Contract
from engine.bridge.play import BridgePlay
from engine.bridge.view import view_for_turn
from engine.core.deal import random_deal
from engine.core.seats import Seat
from engine.players.bridge_rules import RulesBridgePlayer
from engine.solvers.solver_oracle import default_oracle
from tests.solvers.reference import ReferenceOracle


def test_default_oracle_matches_the_reference_on_endings():
    rng = random.Random(17)
    fast, slow = default_oracle(), ReferenceOracle()
    for size in (2, 3, 4):
        for strain in (0, 4):
            rows = []
            for _ in range(3):
                cards = list(range(52))
                rng.shuffle(cards)
                rows.append([sum(1 << c for c in cards[i * size:(i + 1) * size]) for i in range(4)])
            worlds = np.array(rows, dtype=np.uint64)
            for leader in range(4):
                # A whole trick start in every world, then a lead already on the table in one world.
                lead = (int(worlds[0][leader]).bit_length() - 1,)
                for batch, played in ((worlds, ()), (worlds[:1], lead)):
                    got = fast.batch_tricks_per_card(batch, strain, leader, played)
                    want = slow.batch_tricks_per_card(batch, strain, leader, played)
                    assert np.array_equal(np.asarray(got), want), (size, strain, leader, played)


class CountingRules(RulesBridgePlayer):
    def __init__(self, worlds: int, seed: int) -> None:
        super().__init__()
        self.calls = 0

    def choose_card(self, view):
        self.calls += 1
        return super().choose_card(view)


def test_bench_harness_times_searched_declarer_decisions_only():
    row = time_config(Config("rules", CountingRules, 1, True), deals=2, seed=3, worlds=1, defence="rules")
    assert row["deals"] == 2
    assert 0 < row["decisions"] <= 2 * 26
    assert row["trick1_median_s"] is not None and row["trick1_median_s"] >= 0


def test_timer_skips_forced_cards():
    rng = random.Random(4)
    play = BridgePlay(random_deal(rng), Contract.parse("3NT"), Seat.SOUTH)
    timer = _Timer(RulesBridgePlayer())
    while not play.is_complete:
        view = view_for_turn(play)
        play.play(timer.choose_card(view) if view.seat in (Seat.NORTH, Seat.SOUTH)
                  else RulesBridgePlayer().choose_card(view))
    assert len(timer.times) < 26  # the last tricks (one card or a single run) are forced


def _leaf_questions(rng: random.Random, count: int):
    """Random trick-start worlds (sizes 1..6) with a strain, leader and 0..3 cards of the trick played."""
    from tests.solvers.test_dd_solver import _random_ending, _random_played

    for _ in range(count):
        size = rng.randrange(1, 7)
        hands = _random_ending(rng, size)
        strain, leader = rng.randrange(5), rng.randrange(4)
        played = tuple(_random_played(rng, hands, leader, rng.randrange(4)))
        yield size, np.array([hands], dtype=np.uint64), strain, leader, played


def test_make_or_fail_answers_agree_with_counts_for_every_evaluator():
    """The solver's null-window answers, the count-derived fallback and DDS's target mode agree."""
    from engine.solvers.dds_oracle import DdsOracle

    fast, slow, dds = default_oracle(), ReferenceOracle(), DdsOracle()
    for size, worlds, strain, leader, played in _leaf_questions(random.Random(23), 60):
        counts = slow.batch_tricks_per_card(worlds, strain, leader, played) if size <= 4 else \
            fast.batch_tricks_per_card(worlds, strain, leader, played)
        assert np.array_equal(dds.batch_tricks_per_card(worlds, strain, leader, played), counts)
        for need in range(0, size + 2):
            want = np.where(counts >= 0, (counts >= need).astype(np.int64), -1)
            for evaluator in (fast, dds, slow) if size <= 4 else (fast, dds):  # the reference is slow beyond 4
                got = evaluator.batch_reach_per_card(worlds, strain, leader, played, need)
                assert np.array_equal(got, want), (type(evaluator).__name__, size, strain, leader, played, need)


def test_bench_can_time_the_deciding_threads_cpu():
    ticks = iter(range(0, 1000, 5))
    timer = _Timer(RulesBridgePlayer(), clock=lambda: float(next(ticks)))
    play = BridgePlay(random_deal(random.Random(8)), Contract.parse("3NT"), Seat.SOUTH)
    while not play.is_complete:
        view = view_for_turn(play)
        play.play(timer.choose_card(view) if view.seat in (Seat.NORTH, Seat.SOUTH)
                  else RulesBridgePlayer().choose_card(view))
    assert timer.times and all(t == 5.0 for _, t in timer.times)  # read from the clock it was given
    row = time_config(Config("rules", CountingRules, 1, True), deals=1, seed=3, worlds=1, defence="rules", clock="cpu")
    assert row["clock"] == "cpu" and row["decisions"] > 0


def test_each_bench_configuration_gets_a_solver_of_its_own():
    """Configurations replay the same deals and worlds: a shared table would flatter the later ones."""
    seen = []

    class Recording(RulesBridgePlayer):
        def __init__(self, worlds: int, seed: int) -> None:
            super().__init__()
            self.oracle = None

        def choose_card(self, view):
            seen.append(self.oracle)  # the object itself: ids of freed objects can be reused
            return super().choose_card(view)

    runs = []
    for _ in range(2):
        seen.clear()
        time_config(Config("rules", Recording, 1, True), deals=2, seed=3, worlds=1, defence="rules", cards=3)
        assert seen and all(e is seen[0] for e in seen) and seen[0] is not None  # one solver per configuration
        runs.append(seen[0])
    assert runs[0] is not runs[1]
