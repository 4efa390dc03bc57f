"""The transposition table's rank patterns are sound: what one position proves holds for every position it matches.

The solver stores each proof under the cards whose ranks it used; any other
position with the same suit lengths and the same owners of those cards must
have the same answer.  These tests check that claim directly (the kernel's
answer and card set against plain minimax on re-dealt spot cards), and the
consequence that matters in play: one solver reused across the worlds of a
decision gives every world its own exact answer.
"""

from __future__ import annotations

import random

import numpy as np

from engine.core.cards import parse_card
from engine.core.deal import Deal
from engine.solvers.dd import DoubleDummySolver
from engine.solvers.dd import kernel_search
from tests.solvers.reference import reference_ns_tricks, reference_tricks_per_card
from engine.solvers.dd.tt import new_table

from tests.solvers.dd_positions import closed_upwards, random_hands, redeal_spots

YES = 1 << 62
CARD_BITS = (1 << 52) - 1


def _proof(hands: list[int], strain: int, leader: int, target: int) -> tuple[bool, int]:
    """Ask the kernel "do North-South take ``target`` tricks?" with an empty table: answer and cards used."""
    h = np.array(hands, dtype=np.int64)
    tricks = bin(hands[0]).count("1")
    r = kernel_search._search(
        h, strain, leader, 0, 0, target, tricks, new_table(0.25), *kernel_search.new_workspace()
    )
    return bool(r & YES), int(r & CARD_BITS)


def test_a_proof_holds_in_every_position_with_the_same_pattern() -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(40):
        hands = random_hands(rng, rng.randint(3, 4), rng.choice((2, 3)))
        strain, leader = rng.randrange(5), rng.randrange(4)
        target = rng.randint(1, bin(hands[0]).count("1"))
        answer, cards = _proof(hands, strain, leader, target)
        fixed = closed_upwards(hands, cards)
        for _ in range(4):
            other = redeal_spots(hands, fixed, rng)
            assert (reference_ns_tricks(other, strain, leader) >= target) == answer, (
                Deal.from_masks(hands).to_pbn(), strain, leader, target, Deal.from_masks(other).to_pbn())
            checked += 1
    assert checked == 160


def test_a_sequence_split_in_another_position_is_not_assumed_equal() -> None:
    # West's QJ of hearts are one card here; the proof must not carry that over to a West holding Q9.
    hands = [Deal.from_pbn("N:.5.KQJ. .T98.A. .A3.32. .QJ.98.", partial=True)[s].mask for s in range(4)]
    answer, cards = _proof(hands, 4, 3, 2)
    assert answer
    assert cards & (1 << parse_card("HJ"))  # ... so the jack's rank is part of the proof


def test_one_solver_reused_across_worlds_matches_fresh_minimax() -> None:
    # The regression that hid the bug above: a table filled by one world answered for the next.
    solver = DoubleDummySolver(0.25)
    played = [parse_card("HK"), parse_card("H4"), parse_card("H7")]
    first = Deal.from_pbn("N:.54.KQJ. .T987.A. .A32.32. .KQJ.98.", partial=True)
    second = Deal.from_pbn("N:.54.KQJ. .J987.A. .A32.32. .KQT.98.", partial=True)
    for deal in (first, second):
        assert solver.tricks_per_card(deal, 4, 3, played) == reference_tricks_per_card(deal.masks, 4, 3, played)
    rng = random.Random(5)
    for _ in range(12):
        base = random_hands(rng, 4, rng.choice((2, 3, 4)))
        strain, leader = rng.randrange(5), rng.randrange(4)
        defenders = [c for c in range(52) if (base[1] | base[3]) >> c & 1]
        solver = DoubleDummySolver(0.25)
        for _ in range(5):
            rng.shuffle(defenders)
            world = [base[0], sum(1 << c for c in defenders[:4]), base[2], sum(1 << c for c in defenders[4:])]
            assert solver.tricks_per_card(world, strain, leader) == reference_tricks_per_card(world, strain, leader)
