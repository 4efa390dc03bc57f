"""Properties of the bidding on random deals: every auction is legal and ends, every call's meaning
is true of the hand that made it, and the table reads every call as the bidder meant it."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bidding import bid_deal, default_system, read_auction
from engine.bridge.auction import Auction
from engine.bridge.contract import Vulnerability
from engine.core.deal import random_deal
from engine.core.seats import Seat

SYSTEM = default_system()


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**62), board=st.integers(1, 16))
def test_every_auction_is_legal_ends_and_tells_the_truth(seed, board):
    deal = random_deal(random.Random(seed))
    dealer, vulnerability = Seat((board - 1) % 4), Vulnerability.for_board(board)
    records = bid_deal(SYSTEM, deal, dealer, vulnerability)
    auction = Auction(dealer, tuple(r.call for r in records))  # raises on an illegal call
    assert auction.is_complete
    for r in records:
        assert r.meaning.range.accepts(deal[r.seat]), (
            f"{deal.to_pbn()} dealer {dealer.letter}: {r.seat.letter} {r.call} means "
            f"{r.meaning.range} ({r.meaning.rules}) but holds {deal[r.seat].to_pbn()}"
        )
        assert not r.meaning.range.is_empty


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**62), board=st.integers(1, 16))
def test_the_table_reads_each_call_as_the_bidder_meant_it(seed, board):
    deal = random_deal(random.Random(seed))
    dealer, vulnerability = Seat((board - 1) % 4), Vulnerability.for_board(board)
    records = bid_deal(SYSTEM, deal, dealer, vulnerability)
    assert read_auction(SYSTEM, dealer, vulnerability, [r.call for r in records]) == records


@st.composite
def legal_auctions(draw):
    """Any legal sequence of calls, most of them nothing the system would make."""
    dealer = Seat(draw(st.integers(0, 3)))
    auction = Auction(dealer)
    for _ in range(draw(st.integers(0, 20))):
        legal = auction.legal_calls()
        if not legal:
            break
        weights = draw(st.integers(0, len(legal) - 1))
        auction = auction.with_call(legal[min(weights, len(legal) - 1) if draw(st.booleans()) else 0])
    return auction


@settings(max_examples=300, deadline=None)
@given(auction=legal_auctions())
def test_any_legal_auction_gets_a_meaning_for_every_call(auction):
    records = read_auction(SYSTEM, auction.first, Vulnerability.NONE, auction.calls)
    assert len(records) == len(auction.calls)
    for r in records:
        assert r.meaning.text
