"""The suit reduction's layout weights against a plain enumeration of whole deals.

The reduction weighs each West holding of a suit's outstanding cards by the sum, over every consistent
whole deal with that holding, of the likelihood of the defenders' plays (vacant places and restricted
choice, :func:`engine.hints.suit_reduction._layout_weights`, computed by a product of per-suit polynomials).
Here the same sum is taken plainly: every layout of the hidden hands
(:func:`tests.hints.single_dummy_reference.layouts`, itertools), each with its restricted-choice likelihood
(:func:`~tests.hints.single_dummy_reference.likelihood`), grouped by West's holding of the suit.

Both must list the same holdings — every holding some deal has, however rare (a filter that drops holdings
of small weight fails here) — with the same share, on random endings of 4 to 6 tricks and on eight-card
endings where the defenders hold eight cards of a suit, every suit with outstanding cards, declarer's side
on lead.
"""

from __future__ import annotations

import random

import pytest

from engine.bridge.contract import Contract
from engine.bridge.play import BridgePlay
from engine.bridge.view import view_for_turn
from engine.core.cards import FULL_MASK
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.hints.suit_reduction import MAX_OUTSTANDING, _field, _layout_weights, _Seats
from engine.worlds.bridge_knowledge import knowledge_from_view
from tests.hints.single_dummy_reference import layouts, likelihood
from tests.hints.test_hint_agreement import endings_with_a_choice
from tests.hints.test_teaching_truth import situation


def _cases(seed: int, count: int):
    out = []
    for deal, play in endings_with_a_choice(random.Random(seed), (4, 5, 6), declarer_leads=True):
        if len(out) == count:
            break
        view = view_for_turn(play)
        sit = situation(play, view)
        every = layouts(sit)
        if len(every) > 5000:
            continue
        out.append((deal, play, view, sit, every))
    return out


def _long_suit_endings(seed: int, count: int):
    """Eight-card endings where the defenders hold eight spades between them, South declaring and on lead:
    West holding all eight (or none) is a whole deal in 12,870, the holdings of four ways each 70 times
    likelier."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        spades, others = list(range(13)), list(range(13, 52))
        rng.shuffle(spades)
        rng.shuffle(others)
        defenders = spades[:8] + others[:8]
        rng.shuffle(defenders)
        ours = spades[8:11] + others[8:21]
        rng.shuffle(ours)
        masks = [sum(1 << c for c in cards) for cards in (ours[:8], defenders[:8], ours[8:], defenders[8:])]
        deal = Deal.from_masks(masks)  # North, East, South, West
        play = BridgePlay(deal, Contract.parse(rng.choice(("4S", "3NT", "4H"))), Seat.SOUTH, leader=Seat.SOUTH,
                          prior_declarer_tricks=3, prior_defender_tricks=2)
        view = view_for_turn(play)
        sit = situation(play, view)
        out.append((deal, play, view, sit, layouts(sit)))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_layout_weights_are_the_plain_sum_over_whole_deals(seed):
    suits = rare = 0
    for deal, play, view, sit, every in _cases(seed, 12) + _long_suit_endings(seed, 2):
        knowledge = knowledge_from_view(view, None, FULL_MASK & ~deal.cards.mask)
        seats = _Seats.of(play.declarer)
        hands = [play.hand(s).mask for s in Seat]
        plays = [(int(p.seat), int(p.card)) for p in view.plays()]
        west, east = int(seats.west), int(seats.east)
        for suit in range(4):
            outstanding = _field(hands[west] | hands[east], suit)
            if not outstanding or outstanding.bit_count() > MAX_OUTSTANDING:
                continue
            plain: dict[int, float] = {}
            for lay in every:
                key = _field(lay[west], suit)
                plain[key] = plain.get(key, 0.0) + likelihood(sit, lay)
            got = dict(_layout_weights(knowledge, seats, suit, outstanding, hands, plays))
            where = f"{deal.to_pbn()} {play.contract} by {play.declarer.letter}, suit {'SHDC'[suit]}"
            assert set(got) == {k for k, v in plain.items() if v > 0}, where
            total_got, total_plain = sum(got.values()), sum(plain.values())
            for key, weight in got.items():
                assert weight / total_got == pytest.approx(plain[key] / total_plain, abs=1e-9), where
            suits += 1
            rare += min(plain.values()) < 0.05 * max(plain.values())
    assert suits >= 20 and rare >= 2  # holdings under 5% of the likeliest one are among those checked
