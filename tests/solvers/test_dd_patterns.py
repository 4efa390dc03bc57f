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
from engine.solvers.dd.reference import reference_ns_tricks, reference_tricks_per_card
from engine.solvers.dd.tt import new_table

YES = 1 << 62
CARD_BITS = (1 << 52) - 1


def _deal(rng: random.Random, size: int, suits: int) -> list[int]:
    cards = [13 * s + r for s in range(suits) for r in range(13)]
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[size * i : size * (i + 1)]) for i in range(4)]


def _proof(hands: list[int], strain: int, leader: int, target: int) -> tuple[bool, int]:
    """Ask the kernel "do North-South take ``target`` tricks?" with an empty table: answer and cards used."""
    h = np.array(hands, dtype=np.int64)
    tricks = bin(hands[0]).count("1")
    r = kernel_search._search(
        h, strain, leader, 0, 0, target, tricks, new_table(0.25), *kernel_search.new_workspace()
    )
    return bool(r & YES), int(r & CARD_BITS)


def _closed_upwards(hands: list[int], cards: int) -> int:
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    closed = 0
    for s in range(4):
        field = (cards >> (13 * s)) & 0x1FFF
        if field:
            low = field & -field
            closed |= ((alive >> (13 * s)) & 0x1FFF & ~(low - 1)) << (13 * s)
    return closed


def _redeal_spots(hands: list[int], fixed: int, rng: random.Random) -> list[int]:
    """Same suit lengths, same owners of the ``fixed`` cards, the other cards of each suit shuffled among their holders."""
    new = list(hands)
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    for s in range(4):
        spots = [c for c in range(13 * s, 13 * s + 13) if (alive & ~fixed) >> c & 1]
        owners = [next(i for i in range(4) if hands[i] >> c & 1) for c in spots]
        rng.shuffle(owners)
        for c in spots:
            for i in range(4):
                new[i] &= ~(1 << c)
        for c, o in zip(spots, owners):
            new[o] |= 1 << c
    return new


def test_a_proof_holds_in_every_position_with_the_same_pattern() -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(70):
        hands = _deal(rng, rng.randint(3, 4), rng.choice((2, 3)))
        strain, leader = rng.randrange(5), rng.randrange(4)
        target = rng.randint(1, bin(hands[0]).count("1"))
        answer, cards = _proof(hands, strain, leader, target)
        fixed = _closed_upwards(hands, cards)
        for _ in range(4):
            other = _redeal_spots(hands, fixed, rng)
            assert (reference_ns_tricks(other, strain, leader) >= target) == answer, (
                Deal.from_masks(hands).to_pbn(), strain, leader, target, Deal.from_masks(other).to_pbn())
            checked += 1
    assert checked == 280


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
        base = _deal(rng, 4, rng.choice((2, 3, 4)))
        strain, leader = rng.randrange(5), rng.randrange(4)
        defenders = [c for c in range(52) if (base[1] | base[3]) >> c & 1]
        solver = DoubleDummySolver(0.25)
        for _ in range(5):
            rng.shuffle(defenders)
            world = [base[0], sum(1 << c for c in defenders[:4]), base[2], sum(1 << c for c in defenders[4:])]
            assert solver.tricks_per_card(world, strain, leader) == reference_tricks_per_card(world, strain, leader)
