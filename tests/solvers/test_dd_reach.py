"""Make-or-fail queries (``reaches``, ``batch_reaches_per_card``, ``cards=`` restriction) agree with exact counts."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.core.deal import Deal
from engine.solvers.dd import DoubleDummyError, DoubleDummySolver
from tests.solvers.reference import reference_tricks_per_card

from .test_dd_solver import _random_ending, _random_played

SOLVER = DoubleDummySolver(8)


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_reach_per_card_is_exact_count_at_least_need(size: int) -> None:
    rng = random.Random(500 + size)
    for _ in range(40 if size < 4 else 20):
        hands = _random_ending(rng, size)
        strain, leader = rng.randrange(5), rng.randrange(4)
        played = _random_played(rng, hands, leader, rng.randrange(4))
        exact = reference_tricks_per_card(hands, strain, leader, played)
        for need in range(0, size + 2):
            out = SOLVER.batch_reaches_per_card([hands], strain, leader, played, need)[0]
            where = (Deal.from_masks(hands).to_pbn(), strain, leader, played, need)
            assert {c: int(out[c]) for c in range(52) if out[c] >= 0} == \
                {c: int(v >= need) for c, v in exact.items()}, where
            best = max(exact.values())
            assert SOLVER.reaches(hands, strain, leader, played, need) == (best >= need), where


def test_reach_on_full_deals_matches_the_exact_solver() -> None:
    """Both sides to move (the East-West case negates North-South's question), mid-trick too."""
    rng = random.Random(77)
    exact_solver = DoubleDummySolver(16)
    for _ in range(4):
        hands = _random_ending(rng, 7)
        strain, leader = rng.randrange(5), rng.randrange(4)
        played = _random_played(rng, hands, leader, rng.randrange(4))
        exact = exact_solver.tricks_per_card(hands, strain, leader, played)
        for need in sorted(set(exact.values()) | {min(exact.values()) + 1, max(exact.values()) + 1}):
            out = SOLVER.batch_reaches_per_card([hands], strain, leader, played, need)[0]
            assert {c: int(out[c]) for c in range(52) if out[c] >= 0} == {c: int(v >= need) for c, v in exact.items()}


def test_restricted_exact_solve_answers_the_cards_asked_for() -> None:
    rng = random.Random(9)
    for _ in range(10):
        hands = _random_ending(rng, 5)
        strain, leader = rng.randrange(5), rng.randrange(4)
        full = SOLVER.batch_tricks_per_card([hands], strain, leader)[0]
        lowest = min(full)
        part = SOLVER.batch_tricks_per_card([hands], strain, leader, cards=1 << lowest)[0]
        assert part[lowest] == full[lowest]
        assert set(part) <= set(full) and all(part[c] == full[c] for c in part)


def test_reach_rejects_bad_positions_with_a_clear_message() -> None:
    hands = _random_ending(random.Random(1), 3)
    hands[1] |= hands[0] & -hands[0]  # one card in two hands
    with pytest.raises(DoubleDummyError, match="in two hands"):
        SOLVER.batch_reaches_per_card([hands], 4, 0, (), 2)
    assert SOLVER.batch_reaches_per_card([], 4, 0, (), 2).shape == (0, 52)
    assert isinstance(SOLVER.batch_reaches_per_card([_random_ending(random.Random(2), 2)], 4, 0, (), 1), np.ndarray)


def test_reaches_many_answers_each_world_with_its_own_hands() -> None:
    """Every world deals the seat to move different cards; each answer is the plain count's."""
    rng = random.Random(31)
    for size in (2, 3, 4):
        worlds = []
        for _ in range(12):
            worlds.append(_random_ending(rng, size))
        strain, leader = rng.randrange(5), rng.randrange(4)
        exact = [max(reference_tricks_per_card(w, strain, leader, ()).values()) for w in worlds]
        for need in range(size + 2):
            got = SOLVER.reaches_many(np.array(worlds, dtype=np.int64), strain, leader, (), need)
            assert [bool(g) for g in got] == [e >= need for e in exact], (size, need)


def test_reaches_many_names_the_bad_world() -> None:
    rng = random.Random(5)
    worlds = [_random_ending(rng, 3) for _ in range(3)]
    worlds[2][1] |= worlds[2][0] & -worlds[2][0]
    with pytest.raises(DoubleDummyError, match="world 2"):
        SOLVER.reaches_many(worlds, 4, 0, (), 1)
    assert SOLVER.reaches_many([], 4, 0, (), 1).shape == (0,)
