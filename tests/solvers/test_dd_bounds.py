"""The cheap trick bounds the search cuts on are true bounds, in the position and in every position of their pattern.

Each bound returns the cards whose ranks it used; the search stores its
cut-off under that rank pattern, so the bound must hold for every position
with the same suit lengths and the same owners of those cards (closed
upwards).  Plain minimax (:mod:`tests.solvers.reference`) is the judge.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.core.deal import Deal
from engine.solvers.dd.kernel_bounds import leader_cannot_take_all, quick_tricks, second_hand_tricks, sure_trump_tricks
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


def test_quick_tricks_at_no_trump_run_a_suit_with_partner_unblocking() -> None:
    # North's A5 opposite South's Q3 against East's bare jack: ace (queen unblocked), then the five over the three.
    hands = [Deal.from_pbn("N:A5.2.. J.KQ.. Q3.3.. .AJT..", partial=True)[s].mask for s in range(4)]
    qt, _ = quick_tricks(np.array(hands, dtype=np.int64), 4, 0)
    assert qt == 2 == _leader_side_tricks(hands, 4, 0)
    # North's bare queen reaches South's AK32: South overtakes and runs four spades.
    hands = [Deal.from_pbn("N:Q.654.. JT.KQ.. AK32... 98.JT..", partial=True)[s].mask for s in range(4)]
    qt, _ = quick_tricks(np.array(hands, dtype=np.int64), 4, 0)
    assert qt == 4 == _leader_side_tricks(hands, 4, 0)


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


def test_with_trumps_in_play_the_later_trick_bound_looks_at_the_trumps() -> None:
    # West's ace of spades wins a trick at spades; at no trump North-South cannot reach South's hearts.
    hands = [Deal.from_pbn("N:2.A.. 3.K.. 4.Q.. A.J..", partial=True)[s].mask for s in range(4)]
    assert leader_cannot_take_all(np.array(hands, dtype=np.int64), 0, 0, 2)[0]
    assert leader_cannot_take_all(np.array(hands, dtype=np.int64), 4, 0, 2)[0]
    # East's guarded king of spades sits over North's ace: North-South cannot take all three tricks.
    hands = [Deal.from_pbn("N:A2.A.. K3.K.. Q4.Q.. J5.J..", partial=True)[s].mask for s in range(4)]
    assert leader_cannot_take_all(np.array(hands, dtype=np.int64), 0, 0, 3)[0]
    assert _leader_side_tricks(hands, 0, 0) < 3
    # West's guarded king sits under the ace and South holds the queen: the bound claims nothing.
    hands = [Deal.from_pbn("N:A2.A.. 43.K.. Q5.Q.. K6.J..", partial=True)[s].mask for s in range(4)]
    assert not leader_cannot_take_all(np.array(hands, dtype=np.int64), 0, 0, 3)[0]


@pytest.mark.parametrize("seed", [5, 6])
def test_sure_trump_tricks_are_taken_whoever_leads_in_any_position_of_the_pattern(seed: int) -> None:
    fired = 0
    rng = random.Random(seed)
    for _ in range(150):
        hands = random_hands(rng, rng.randint(2, 3), rng.choice((2, 3)))
        strain = rng.randrange(2)
        for side in (0, 1):
            tricks, rel = sure_trump_tricks(np.array(hands, dtype=np.int64), strain, side)
            if tricks == 0:
                continue
            fired += 1
            fixed = closed_upwards(hands, int(rel))
            total = bin(hands[0]).count("1")
            for other in [hands] + [redeal_spots(hands, fixed, rng) for _ in range(2)]:
                for leader in range(4):
                    ns = reference_ns_tricks(other, strain, leader)
                    assert (ns if side == 0 else total - ns) >= tricks, (
                        Deal.from_masks(hands).to_pbn(), strain, side, leader, Deal.from_masks(other).to_pbn())
    assert fired > 30


@pytest.mark.parametrize("seed", [7, 8])
def test_second_hand_tricks_are_taken_after_any_lead_of_the_same_spot_in_any_position_of_the_pattern(seed: int) -> None:
    """After the lead, the second hand's side takes the tricks counted, for the card led and for every
    card of the leader's that the proof treats as the same spot (below its lowest relevant card)."""
    fired = 0
    for rng, hands, strain, leader in _positions(seed, 150):
        led = rng.choice([c for c in range(52) if hands[leader] >> c & 1])
        after = list(hands)
        after[leader] &= ~(1 << led)
        tricks, rel = second_hand_tricks(np.array(after, dtype=np.int64), strain, leader, led)
        if tricks == 0:
            continue
        fired += 1
        fixed = closed_upwards(hands, int(rel))
        total = bin(hands[0]).count("1")
        suit_rel = (int(rel) >> (13 * (led // 13))) & 0x1FFF
        low = (suit_rel & -suit_rel).bit_length() - 1 if suit_rel else 13
        for other in [hands] + [redeal_spots(hands, fixed | (1 << led), rng) for _ in range(2)]:
            leads = [c for c in range(13 * (led // 13), 13 * (led // 13) + 13)
                     if other[leader] >> c & 1 and (c == led or c % 13 < low)]
            for card in leads:
                rest = list(other)
                rest[leader] &= ~(1 << card)
                ns = reference_ns_tricks(rest, strain, leader, [card])
                second_side = (leader + 1) % 2
                assert (ns if second_side == 0 else total - ns) >= tricks, (
                    Deal.from_masks(hands).to_pbn(), strain, leader, led, card, Deal.from_masks(other).to_pbn())
    assert fired > 30


def test_a_leader_with_only_the_other_side_s_suits_loses_this_trick() -> None:
    """DDS's quick-tricks cut "with 0": North leads, every suit he holds is topped by East-West, so this
    trick is theirs whatever South's spades could take later (the length bound alone sees 2 ≥ 2 tricks)."""
    hands = [Deal.from_pbn("N:.32.. .A..2 AK... ..32.", partial=True)[s].mask for s in range(4)]
    short, rel = leader_cannot_take_all(np.array(hands, dtype=np.int64), 4, 0, 2)
    assert short and _leader_side_tricks(hands, 4, 0) < 2
    assert rel == 1 << (13 * 1 + 12)  # the ♥A, East's top card of North's only suit
    # with a spade to lead to South's winners, North-South take both tricks: no cut
    hands = [Deal.from_pbn("N:2.3.. .A..2 AK... ..32.", partial=True)[s].mask for s in range(4)]
    assert not leader_cannot_take_all(np.array(hands, dtype=np.int64), 4, 0, 2)[0]
    assert _leader_side_tricks(hands, 4, 0) == 2
