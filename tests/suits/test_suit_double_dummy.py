"""The suit's double-dummy tricks (:mod:`engine.suits.double_dummy`) against the exact solver on one layout.

With a single layout the exact best-defence solver (:mod:`engine.suits.exact`, a different algorithm:
vector fronts over world sets) is double dummy; both must give the same tricks for every first lead,
over random holdings of up to nine cards in play."""

from __future__ import annotations

import random

import pytest

from engine.suits.double_dummy import suit_tricks
from engine.suits.exact import every_target_from
from engine.suits.model import SuitProblem
from engine.suits.position import NORTH, SOUTH, SuitTable, move_rank, move_seat


def _random_holdings(rng: random.Random):
    cards = rng.sample(range(13), rng.randint(4, 9))
    owners = [rng.randrange(4) for _ in cards]
    hands = [0, 0, 0, 0]
    for c, o in zip(cards, owners):
        hands[o] |= 1 << c
    if not (hands[NORTH] | hands[SOUTH]) or not (hands[1] | hands[3]):
        return None
    gone = 0x1FFF & ~(hands[0] | hands[1] | hands[2] | hands[3])
    return hands, gone


@pytest.mark.parametrize("seed", range(40))
def test_double_dummy_tricks_match_the_exact_solver_on_one_layout(seed):
    rng = random.Random(seed)
    found = None
    while found is None:
        found = _random_holdings(rng)
    (north, east, south, west), gone = found
    problem = SuitProblem(north, south, gone=gone, layout_weights=((west, 1.0),))
    table = SuitTable(problem, merge=False)
    best = 0
    for move in table.declarer_moves(table.root()):
        exact = int(every_target_from(table, move).expected.tricks[0])
        seat, rank = move_seat(move), move_rank(move)
        assert suit_tricks(north, south, west, east, (seat, rank)) == exact, (seat, rank)
        best = max(best, exact)
    assert suit_tricks(north, south, west, east) == best


def test_a_lead_not_held_is_refused():
    with pytest.raises(ValueError, match="not in the South hand"):
        suit_tricks(0b1, 0b10, 0b100, 0b1000, (SOUTH, 14))


def _plain(hands: tuple[int, int, int, int], leader: int | None, trick: tuple[tuple[int, int], ...]) -> int:
    """North-South's tricks by plain minimax, every card tried (no table, no touching cards, no window):
    declarer leads from either hand holding a card, the others follow clockwise, a void discards."""
    if not trick:
        if not hands[NORTH] and not hands[SOUTH]:
            return 0
        return max(_plain(_without(hands, seat, r), seat, ((seat, r),))
                   for seat in (NORTH, SOUTH) for r in range(13) if hands[seat] >> r & 1)
    if len(trick) == 4:
        winner = max(trick, key=lambda p: p[1])[0]
        return (winner in (NORTH, SOUTH)) + _plain(hands, None, ())
    seat = (leader + len(trick)) % 4
    ranks = [r for r in range(13) if hands[seat] >> r & 1] or [-1]
    values = [_plain(_without(hands, seat, r), leader, trick + ((seat, r),)) for r in ranks]
    return max(values) if seat in (NORTH, SOUTH) else min(values)


def _without(hands, seat, r):
    out = list(hands)
    if r >= 0:
        out[seat] &= ~(1 << r)
    return tuple(out)


@pytest.mark.parametrize("seed", range(150))
def test_double_dummy_tricks_match_plain_minimax(seed):
    rng = random.Random(1000 + seed)
    found = None
    while found is None:
        found = _random_holdings(rng)
    hands, _ = found
    if sum(h.bit_count() for h in hands) > 8:
        hands = tuple(h & ((1 << 13) - 1) for h in hands)
        keep = sorted(r for h in hands for r in range(13) if h >> r & 1)[:8]
        hands = tuple(sum(1 << r for r in keep if h >> r & 1) for h in hands)
    north, east, south, west = hands
    if not (north | south):
        return
    for seat in (NORTH, SOUTH):
        for r in range(13):
            if hands[seat] >> r & 1:
                assert suit_tricks(north, south, west, east, (seat, r + 2)) == \
                    _plain(_without(hands, seat, r), seat, ((seat, r),)), (hands, seat, r)
    assert suit_tricks(north, south, west, east) == _plain(hands, None, ())
