"""Anytime bridge analysis: snapshots are plain analyses of the worlds solved so far, the final answer is
the plain analysis itself, and a cancellation stops within one world and keeps the last snapshot."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from engine.analysis.bridge import Algorithm, AnalysisBudget, BridgePosition, analyse_position, analyse_view
from engine.bridge.contract import Contract, Strain, Vulnerability
from engine.bridge.play import BridgePlay
from engine.bridge.view import view_for_turn
from engine.core.cancel import NEVER, Cancelled, CancelToken
from engine.core.deal import random_deals
from engine.core.seats import Seat
from engine.solvers.oracle import ALL_CARDS, DoubleDummyOracle
from tests.solvers.reference import ReferenceOracle

REFERENCE = ReferenceOracle()


class CountingEvaluator(DoubleDummyOracle):
    """The reference solver, counting the worlds it is asked to solve, one world at a time with the
    cancel token checked between worlds (as the engine's solver does for a cancellable question)."""

    def __init__(self) -> None:
        self.worlds = 0

    def batch_tricks_per_card(self, worlds, strain, leader, played, *, cards=ALL_CARDS, node_limit=None,
                              cancel=NEVER, homes=None):
        out = np.full((len(worlds), 52), -1, dtype=np.int64)
        for i, row in enumerate(worlds):
            cancel.check()
            out[i] = REFERENCE.batch_tricks_per_card(np.asarray([row]), strain, leader, played)[0]
            self.solved_one()
        return out

    def solved_one(self) -> None:
        self.worlds += 1


def ending(seed: int, size: int = 3, worlds: int = 12, target: int = 2, strain: int = 4) -> BridgePosition:
    """South (declarer) and North fixed, the defenders' cards reshuffled per world."""
    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    base = [sum(1 << c for c in cards[i * size:(i + 1) * size]) for i in range(4)]
    pool = [c for c in range(52) if (base[1] | base[3]) >> c & 1]
    rows = []
    for _ in range(worlds):
        rng.shuffle(pool)
        hands = list(base)
        hands[1] = sum(1 << c for c in pool[:size])
        hands[3] = sum(1 << c for c in pool[size:])
        rows.append(hands)
    return BridgePosition(np.array(rows, dtype=np.uint64), (1.0 / worlds,) * worlds, strain, Seat.SOUTH, (),
                          Seat.SOUTH, target)


def values(analysis):
    """Card -> p_make and card -> expected tricks, flat (pytest.approx compares flat mappings)."""
    return {(v.card, what): x for v in analysis.cards for what, x in (("p", v.p_make), ("t", v.expected_tricks))}


@pytest.mark.parametrize("seed", [1, 7, 23])
def test_final_answer_is_the_plain_pimc_analysis_and_snapshots_are_prefix_analyses(seed):
    pos = ending(seed)
    budget = AnalysisBudget(worlds=12, chunk=2)
    snapshots = []
    got = analyse_position(pos, Algorithm.PIMC, budget, oracle=REFERENCE, on_update=snapshots.append,
                                   min_interval=0.0)
    plain = analyse_position(pos, Algorithm.PIMC, budget, oracle=REFERENCE)
    assert got == plain
    assert snapshots[-1].final and snapshots[-1].analysis == plain and snapshots[-1].fraction == 1.0
    partial = snapshots[:-1]
    assert [s.worlds_used for s in partial] == list(range(2, 12, 2))  # after every chunk but the last
    for s in partial:
        assert not s.final and not s.analysis.complete and s.worlds_total == 12
        assert s.fraction == pytest.approx(s.worlds_used / 12)
        prefix = dataclasses.replace(pos, worlds=pos.worlds[:s.worlds_used], weights=pos.weights[:s.worlds_used])
        expected = analyse_position(prefix, Algorithm.PIMC, AnalysisBudget(worlds=s.worlds_used), oracle=REFERENCE)
        assert values(s.analysis) == pytest.approx(values(expected))
        assert s.analysis.best == expected.best and s.analysis.worlds_used == s.worlds_used


def test_snapshots_solve_nothing_twice():
    pos = ending(3)
    counting = CountingEvaluator()
    analyse_position(pos, Algorithm.PIMC, AnalysisBudget(worlds=12, chunk=3), oracle=counting,
                             min_interval=0.0, on_update=lambda s: None)
    assert counting.worlds == len({row.tobytes() for row in pos.worlds})  # each distinct world solved once


def test_alphamu_final_answer_is_the_plain_alphamu_analysis():
    pos = ending(5, worlds=6)
    budget = AnalysisBudget(worlds=6, max_moves=2, chunk=2)
    snapshots = []
    got = analyse_position(pos, Algorithm.ALPHAMU, budget, oracle=REFERENCE, on_update=snapshots.append,
                                   min_interval=0.0)
    plain = analyse_position(pos, Algorithm.ALPHAMU, budget, oracle=REFERENCE)
    assert values(got) == pytest.approx(values(plain)) and got.best == plain.best and got.max_moves == 2
    assert snapshots[-1].final and snapshots[-1].stage == "alphamu"
    stages = [s.stage for s in snapshots]
    assert stages.index("alphamu") > 0 and set(stages[:stages.index("alphamu")]) == {"pimc"}
    fractions = [s.fraction for s in snapshots]
    assert fractions == sorted(fractions)


def test_cancelling_stops_within_one_world_and_keeps_the_last_snapshot():
    pos = ending(9, size=4, worlds=40)
    cancel = CancelToken()
    seen = []

    class CancelDuringASolve(CountingEvaluator):
        def solved_one(self) -> None:
            super().solved_one()
            if self.worlds == 13:  # the user clicks Cancel while the 13th world is solved
                cancel.cancel()

    counting = CancelDuringASolve()
    with pytest.raises(Cancelled) as info:
        analyse_position(pos, Algorithm.PIMC, AnalysisBudget(worlds=40, chunk=5), oracle=counting,
                                 cancel=cancel, on_update=seen.append, min_interval=0.0)
    assert counting.worlds == 13  # not one more world solved after the cancel, mid-chunk
    assert info.value.last is seen[-1] and info.value.last.worlds_used == 10  # the last full chunk


def test_cancel_before_the_start_raises_without_a_snapshot():
    cancel = CancelToken()
    cancel.cancel()
    with pytest.raises(Cancelled) as info:
        analyse_position(ending(2), Algorithm.PIMC, AnalysisBudget(worlds=12), oracle=REFERENCE,
                                 cancel=cancel)
    assert info.value.last is None


def test_from_a_view_the_same_worlds_and_answer_as_analyse_view():
    deal = random_deals(4, 1)[0]
    play = BridgePlay(deal, Contract(3, Strain.NOTRUMP), Seat.SOUTH, Vulnerability.NONE)
    rng = random.Random(0)
    while play.ply < 40:  # ten tricks played: a three-card ending, South's side to play
        play.play(rng.choice(sorted(play.legal_cards())))
    view = view_for_turn(play)
    budget = AnalysisBudget(worlds=8, chunk=2)
    got = analyse_view(view, Algorithm.PIMC, budget, rng=random.Random(3), oracle=REFERENCE,
                               min_interval=0.0)
    plain = analyse_view(view, Algorithm.PIMC, budget, rng=random.Random(3), oracle=REFERENCE)
    assert got == plain
    assert {v.card for v in got.cards} == set(view.legal_cards)
