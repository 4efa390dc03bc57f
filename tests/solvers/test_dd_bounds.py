"""The cheap trick bounds the search cuts on are true bounds, in the position and in every position of their pattern.

Each bound returns the cards whose ranks it used; the search stores its
cut-off under that rank pattern, so the bound must hold for every position
with the same suit lengths and the same owners of those cards (closed
upwards).  Plain minimax (:mod:`engine.solvers.dd.reference`) is the judge.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.core.deal import Deal
from engine.solvers.dd.kernel_bounds import leader_cannot_take_all, quick_tricks
from tests.solvers.reference import reference_ns_tricks

from tests.solvers.dd_positions import closed_upwards, random_hands, redeal_spots


def _leader_side_tricks(hands: list[int], strain: int, leader: int) -> int:
    ns = reference_ns_tricks(hands, strain, leader)
    return ns if leader % 2 == 0 else bin(hands[0]).count("1") - ns


def _positions(seed: int, count: int):
    rng = random.Random(seed)
    for _ in range(count):
        hands = random_hands(rng, rng.randint(2, 3), rng.choice((2, 3, 4)))
        yield rng, hands, rng.randrange(5), rng.randrange(4)


@pytest.mark.parametrize("seed", [1, 2])
def test_quick_tricks_never_exceed_what_the_leaders_side_takes_in_any_position_of_the_pattern(seed: int) -> None:
    counted = 0
    for rng, hands, strain, leader in _positions(seed, 300):
        qt, rel = quick_tricks(np.array(hands, dtype=np.int64), strain, leader)
        if qt == 0:
            continue
        counted += 1
        fixed = closed_upwards(hands, int(rel))
        for other in [hands] + [redeal_spots(hands, fixed, rng) for _ in range(3)]:
            assert _leader_side_tricks(other, strain, leader) >= qt, (
                Deal.from_masks(hands).to_pbn(), strain, leader, qt, Deal.from_masks(other).to_pbn())
    assert counted > 100


def test_quick_tricks_count_partners_winners_after_crossing_to_him() -> None:
    # North has no winner, but a low spade reaches South's AK and South then cashes the ace of hearts.
    hands = [Deal.from_pbn("N:32.2.. QJ.K.. AK.A.. T9.Q..", partial=True)[s].mask for s in range(4)]
    qt, _ = quick_tricks(np.array(hands, dtype=np.int64), 4, 0)
    assert qt == 3 == _leader_side_tricks(hands, 4, 0)


@pytest.mark.parametrize("seed", [3, 4])
def test_a_leader_told_he_cannot_take_every_trick_cannot_in_any_position_of_the_pattern(seed: int) -> None:
    fired = 0
    for rng, hands, strain, leader in _positions(seed, 300):
        tricks = bin(hands[0]).count("1")
        short, rel = leader_cannot_take_all(np.array(hands, dtype=np.int64), strain, leader, tricks)
        if not short:
            continue
        fired += 1
        fixed = closed_upwards(hands, int(rel))
        for other in [hands] + [redeal_spots(hands, fixed, rng) for _ in range(3)]:
            assert _leader_side_tricks(other, strain, leader) < tricks, (
                Deal.from_masks(hands).to_pbn(), strain, leader, Deal.from_masks(other).to_pbn())
    assert fired > 20


def test_with_trumps_in_play_the_later_trick_bound_says_nothing() -> None:
    hands = [Deal.from_pbn("N:2.A.. 3.K.. 4.Q.. A.J..", partial=True)[s].mask for s in range(4)]
    assert not leader_cannot_take_all(np.array(hands, dtype=np.int64), 0, 0, 2)[0]
    assert leader_cannot_take_all(np.array(hands, dtype=np.int64), 4, 0, 2)[0]
