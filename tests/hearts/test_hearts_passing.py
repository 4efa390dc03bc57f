"""Passing: the left/right/across/hold cycle and three-card passes from every seat."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cards import CardSet, parse_card
from engine.core.deal import random_deal
from engine.hearts.passing import PassDirection, PassError, apply_passes, check_pass


def test_cycle_left_right_across_hold_repeats():
    expected = [PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD]
    assert [PassDirection.for_hand(i) for i in range(8)] == expected * 2
    assert PassDirection.for_hand(4001) is PassDirection.RIGHT
    with pytest.raises(PassError):
        PassDirection.for_hand(-1)


def test_receivers_are_clockwise_offsets():
    assert PassDirection.LEFT.receiver(0) == 1 and PassDirection.LEFT.receiver(3) == 0
    assert PassDirection.RIGHT.receiver(0) == 3
    assert PassDirection.ACROSS.receiver(1) == 3
    assert PassDirection.HOLD.receiver(2) == 2
    for d in PassDirection:
        for s in range(4):
            assert d.giver(d.receiver(s)) == s


def test_labels_and_parse_round_trip():
    for d in PassDirection:
        assert PassDirection.parse(d.label) is d
    with pytest.raises(PassError, match="'up'"):
        PassDirection.parse("up")


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS]))
def test_passes_move_exactly_three_cards_to_the_receiver(seed, direction):
    rng = random.Random(seed)
    deal = random_deal(rng)
    passes = [rng.sample(sorted(h.ascending()), 3) for h in deal.hands]
    after, record = apply_passes(deal.hands, direction, passes)
    for seat in range(4):
        receiver = direction.receiver(seat)
        given_cards = CardSet(passes[seat])
        assert given_cards.isdisjoint(after[seat]) or receiver == seat
        assert given_cards.issubset(after[receiver])
        assert len(after[seat]) == 13
        assert record.passed_by(seat) == given_cards
        assert record.received_by(receiver) == given_cards
    assert CardSet(sum(h.mask for h in after)) == CardSet.full()


def test_hold_moves_nothing_and_refuses_cards():
    deal = random_deal(random.Random(3))
    after, record = apply_passes(deal.hands, PassDirection.HOLD, None)
    assert after == deal.hands and record.received_by(0) == CardSet()
    with pytest.raises(PassError, match="hold"):
        apply_passes(deal.hands, PassDirection.HOLD, [[0, 1, 2]] * 4)


def test_bad_passes_name_the_seat_and_card():
    hand = CardSet.from_pbn("AKQ2.KJ3.T98.A42")
    with pytest.raises(PassError, match="seat 2 must pass 3 cards, got 2"):
        check_pass(hand, [parse_card("SA"), parse_card("SK")], 2)
    with pytest.raises(PassError, match="seat 1 passes SA twice"):
        check_pass(hand, [parse_card("SA"), parse_card("SA"), parse_card("SK")], 1)
    with pytest.raises(PassError, match="seat 0 passes SJ, which is not in its hand"):
        check_pass(hand, [parse_card("SA"), parse_card("SJ"), parse_card("SK")], 0)
    with pytest.raises(PassError, match="not a card"):
        check_pass(hand, [parse_card("SA"), 52, parse_card("SK")], 3)
    deal = random_deal(random.Random(1))
    with pytest.raises(PassError, match="four seats"):
        apply_passes(deal.hands, PassDirection.LEFT, [[c for c in list(deal[0])[:3]]])
