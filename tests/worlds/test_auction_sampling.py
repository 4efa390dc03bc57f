"""Sampling with the auction's constraints: every call's meaning holds in every world, the worlds are
uniform over the deals that fit, and the auction's facts (showings, card placements) are as stated."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bidding import HandRange, bid_deal, default_system
from engine.bidding.ranges import Holding
from engine.bridge.contract import Vulnerability
from engine.core.cards import CardSet, make_card
from engine.core.deal import random_deal
from engine.core.seats import Seat
from engine.worlds import HandConstraint, SeatKnowledge, WorldKnowledge, enumerate_worlds, sample_worlds
from engine.worlds.auction import auction_constraints, auction_showings, card_placements

SYSTEM = default_system()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**62), board=st.integers(1, 16), viewer=st.integers(0, 3), cut=st.integers(1, 12))
def test_sampled_worlds_respect_every_call_of_the_auction(seed, board, viewer, cut):
    deal = random_deal(random.Random(seed))
    dealer, vulnerability = Seat((board - 1) % 4), Vulnerability.for_board(board)
    records = bid_deal(SYSTEM, deal, dealer, vulnerability)[:cut]
    me = Seat(viewer)
    constraints = auction_constraints(records, skip=[me])
    knowledge = WorldKnowledge(tuple(
        SeatKnowledge(known=deal[s].mask if s == me else 0, constraint=constraints.get(s, HandConstraint()))
        for s in Seat
    ))
    worlds = sample_worlds(knowledge, 12, random.Random(seed))
    for hands in worlds:
        for r in records:
            if r.seat != me:
                assert r.meaning.range.accepts(hands[r.seat]), f"{r.seat.letter} {r.call}: {r.meaning.range}"


def _small_knowledge(with_void: bool) -> WorldKnowledge:
    """South and North known, East and West share 8 unseen cards (4 each); West must hold one or two of
    the ♠A and ♠K (a Holding), East at most one heart; East void in clubs when asked."""
    unseen = [make_card(0, r) for r in (14, 13, 12, 11)] + [make_card(1, r) for r in (14, 13)] + \
             [make_card(3, r) for r in (14, 13)]
    rest = [c for c in range(52) if c not in unseen]
    south, north = rest[:22], rest[22:44]
    gone = rest[44:]  # played earlier by East and West
    east_played, west_played = gone[:5], gone[5:]
    spades_ak = (1 << make_card(0, 14)) | (1 << make_card(0, 13))
    west = HandRange(holdings=(Holding(spades_ak, 0b110, "♠AK"),))
    east = HandRange().with_length(1, 0, 1)
    return WorldKnowledge((
        SeatKnowledge(known=CardSet(north[:11]).mask | 0, size=11, played=CardSet(north[11:]).mask),
        SeatKnowledge(size=4, played=CardSet(east_played + north[11:11]).mask, constraint=east,
                      voids=(1 << 3) if with_void else 0),
        SeatKnowledge(known=CardSet(south[:11]).mask, size=11, played=CardSet(south[11:]).mask),
        SeatKnowledge(size=4, played=CardSet(west_played).mask, constraint=west),
    ))


def test_constrained_sampling_is_uniform_over_the_worlds_that_fit():
    for with_void in (False, True):
        knowledge = _small_knowledge(with_void)
        exact = enumerate_worlds(knowledge)
        assert exact, "the small case has worlds"
        n = 200 * len(exact)
        counts = Counter(sample_worlds(knowledge, n, random.Random(7)))
        assert set(counts) <= set(exact)
        expected = n / len(exact)
        chi2 = sum((counts[w] - expected) ** 2 / expected for w in exact)
        # chi-square with len(exact) - 1 degrees of freedom: mean d.o.f., sd sqrt(2 d.o.f.)
        dof = len(exact) - 1
        assert chi2 < dof + 5 * (2 * dof) ** 0.5, f"void={with_void}: chi2 {chi2:.1f} for {dof} d.o.f."


def test_showings_and_placements_from_an_auction():
    """West opens 1H (12-21 HCP, 5+ hearts) and East passes it (0-5): an ace North cannot see is far
    more likely with West than the cards alone say."""
    from engine.core.deal import random_deals

    for deal in random_deals(5, 400):
        records = bid_deal(SYSTEM, deal, Seat.WEST, Vulnerability.NONE)
        if [str(r.call) for r in records[:3]] == ["1H", "Pass", "Pass"]:
            break
    else:  # pragma: no cover - the seed is fixed
        raise AssertionError("no 1H passed out in the sample")
    showings = auction_showings(records)
    assert showings[Seat.WEST].calls[0][0] == "1♥" and "5+ hearts" in showings[Seat.WEST].calls[0][1]
    constraints = auction_constraints(records, skip=[Seat.NORTH])
    knowledge = WorldKnowledge(tuple(
        SeatKnowledge(known=deal[s].mask if s == Seat.NORTH else 0, constraint=constraints.get(s, HandConstraint()))
        for s in Seat
    ))
    aces = [make_card(s, 14) for s in range(4) if make_card(s, 14) not in deal[Seat.NORTH]]
    placements = card_placements(knowledge, cards=aces, samples=300, rng=random.Random(3))
    for ace in aces:
        west = placements[(ace, Seat.WEST)]
        assert west.with_auction > west.without_auction + 0.1
