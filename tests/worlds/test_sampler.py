"""World sampling: consistent with every fact, uniform, reproducible; enumeration agrees with counting."""

import random
from collections import Counter
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cards import SUIT_MASKS, CardSet
from engine.core.deal import random_deal
from engine.worlds import (
    HandConstraint,
    KnowledgeError,
    SeatKnowledge,
    WorldKnowledge,
    count_worlds,
    enumerate_worlds,
    sample_worlds,
    world_set,
)


def declarer_view(deal, played_by=((), (), (), ()), voids=(0, 0, 0, 0), constraints=None):
    """South (declarer) sees South and North (dummy); East and West are unknown."""
    seats = []
    for seat in range(4):
        played = sum(1 << c for c in played_by[seat])
        hand = deal.masks[seat] & ~played
        known = hand if seat in (0, 2) else 0
        c = constraints[seat] if constraints else HandConstraint()
        seats.append(SeatKnowledge(known=known, size=hand.bit_count(), played=played, voids=voids[seat], constraint=c))
    return WorldKnowledge(tuple(seats))


def check_consistent(k: WorldKnowledge, hands) -> None:
    union = 0
    for sk, h in zip(k.seats, hands):
        assert h & sk.known == sk.known
        assert h.bit_count() == sk.size
        assert h & sk.played == 0
        for s in range(4):
            if sk.voids >> s & 1:
                assert h & SUIT_MASKS[s] == 0
        assert union & h == 0
        union |= h
    assert union == k.in_play


def test_count_without_voids_is_binomial():
    k = declarer_view(random_deal(random.Random(1)))
    assert count_worlds(k) == comb(26, 13)


def test_sampled_worlds_are_consistent_and_reproducible():
    deal = random_deal(random.Random(2))
    k = declarer_view(deal)
    a = sample_worlds(k, 50, random.Random(5))
    assert a == sample_worlds(k, 50, random.Random(5))
    for hands in a:
        check_consistent(k, hands)


def _small_ending():
    """Four cards each; East has shown out of spades: the sampler must respect it."""
    deal = random_deal(random.Random(3))
    masks = deal.masks
    # keep the 4 lowest cards of each hand; the rest count as played
    keep = [list(CardSet(m).ascending())[:4] for m in masks]
    played = [list(CardSet(m).ascending())[4:] for m in masks]
    hands = [sum(1 << c for c in cs) for cs in keep]
    unknown = hands[1] | hands[3]
    east_void = 0
    for s in range(4):
        if hands[1] & SUIT_MASKS[s] == 0 and unknown & SUIT_MASKS[s]:
            east_void |= 1 << s
    seats = []
    for seat in range(4):
        p = sum(1 << c for c in played[seat])
        known = hands[seat] if seat in (0, 2) else 0
        seats.append(SeatKnowledge(known=known, size=4, played=p, voids=east_void if seat == 1 else 0))
    return WorldKnowledge(tuple(seats))


def test_enumeration_matches_count_and_sampling_is_uniform():
    k = _small_ending()
    worlds = enumerate_worlds(k)
    assert len(worlds) == count_worlds(k) == len(set(worlds))
    for w in worlds:
        check_consistent(k, w)
    n = 400 * len(worlds)
    counts = Counter(sample_worlds(k, n, random.Random(11)))
    assert set(counts) <= set(worlds)
    # chi-square against uniform, generous threshold (df = len - 1)
    expected = n / len(worlds)
    chi2 = sum((counts.get(w, 0) - expected) ** 2 / expected for w in worlds)
    df = len(worlds) - 1
    assert chi2 < df + 6 * (2 * df) ** 0.5 + 10


def test_voids_force_placement():
    deal = random_deal(random.Random(4))
    # West shows out of every suit but clubs: the unknown non-club cards must all be East's
    k0 = declarer_view(deal)
    unknown = k0.unknown
    clubs = unknown & SUIT_MASKS[3]
    if clubs.bit_count() > 13:
        pytest.skip("degenerate deal")
    k = declarer_view(deal, voids=(0, 0, 0, 0b0111))
    if (unknown & ~SUIT_MASKS[3]).bit_count() > 13:
        with pytest.raises(KnowledgeError):
            sample_worlds(k, 1, random.Random(0))
        return
    for hands in sample_worlds(k, 20, random.Random(0)):
        assert hands[3] & ~SUIT_MASKS[3] == 0


def test_auction_constraints_are_met():
    rng = random.Random(6)
    deal = random_deal(rng)
    nt = HandConstraint.notrump_opener()
    k = declarer_view(deal, constraints=(HandConstraint(), HandConstraint(), HandConstraint(), nt))
    for hands in sample_worlds(k, 30, random.Random(1)):
        w = CardSet(hands[3])
        assert 15 <= w.hcp() <= 17
        assert sorted(w.shape()) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])


def test_contradictory_facts_are_reported():
    deal = random_deal(random.Random(7))
    impossible = HandConstraint(hcp=(37, 37))  # no 13 cards hold 37 HCP when declarer sees some honours
    k = declarer_view(deal, constraints=(HandConstraint(), impossible, HandConstraint(), HandConstraint()))
    with pytest.raises(KnowledgeError, match="E 37-37 HCP, but with the cards seen E can hold only"):
        sample_worlds(k, 1, random.Random(0))  # at once: no million draws to find out
    contradictory = HandConstraint(lengths=((7, 13), (0, 13), (0, 13), (0, 13)), balanced=True)
    k = declarer_view(deal, constraints=(HandConstraint(), contradictory, HandConstraint(), HandConstraint()))
    with pytest.raises(KnowledgeError, match="rejected"):
        sample_worlds(k, 1, random.Random(0), max_tries_per_world=200)
    with pytest.raises(KnowledgeError, match="two hands"):
        WorldKnowledge((SeatKnowledge(known=1), SeatKnowledge(known=1), SeatKnowledge(), SeatKnowledge()))
    with pytest.raises(KnowledgeError):
        HandConstraint(hcp=(20, 10))


def test_a_points_range_at_the_edge_of_what_a_seat_can_hold_is_still_sampled():
    """The quick check refuses only ranges no hand can meet: East's strongest possible hand is accepted."""
    for seed in range(5):
        deal = random_deal(random.Random(100 + seed))
        k = declarer_view(deal)
        east = k.seats[1]
        pool = sorted((max(0, c % 13 - 8) for c in CardSet(k.unknown)), reverse=True)
        best = sum(max(0, c % 13 - 8) for c in CardSet(east.known | east.played)) + sum(pool[:k.free_places[1]])
        edge = declarer_view(deal, constraints=(HandConstraint(), HandConstraint(hcp=(best, best)), HandConstraint(),
                                                HandConstraint()))
        hands = sample_worlds(edge, 1, random.Random(seed), max_tries_per_world=200_000)
        assert CardSet(hands[0][1]).hcp() == best


def test_world_set_enumerates_small_and_samples_large():
    small = world_set(_small_ending(), 10, random.Random(0), exact_limit=1000)
    assert small.exact and abs(small.weights.sum() - 1) < 1e-12
    big = world_set(declarer_view(random_deal(random.Random(8))), 10, random.Random(0), exact_limit=1000)
    assert not big.exact and len(big) == 10


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 12))
def test_mid_play_knowledge_samples_consistently(seed, tricks_played):
    """Remove the same number of random cards from each hand as 'played'; every sample respects the facts."""
    rng = random.Random(seed)
    deal = random_deal(rng)
    played = [rng.sample(sorted(CardSet(m).ascending()), tricks_played) for m in deal.masks]
    k = declarer_view(deal, played_by=played)
    for hands in sample_worlds(k, 5, rng):
        check_consistent(k, hands)


def test_bridge_view_knowledge_never_moves_seen_cards():
    """Worlds sampled for a defender mid-play keep its hand and dummy, and respect shown-out suits."""
    from engine.bridge.contract import Contract
    from engine.bridge.play import BridgePlay
    from engine.bridge.view import view_for_turn
    from engine.core.seats import Seat
    from engine.worlds.bridge_knowledge import knowledge_from_view

    rng = random.Random(21)
    for _ in range(20):
        deal = random_deal(rng)
        play = BridgePlay(deal, Contract.parse("4S"), Seat.SOUTH)
        for _ in range(rng.randrange(1, 40)):
            play.play(rng.choice(list(play.legal_cards())))
        view = view_for_turn(play)
        k = knowledge_from_view(view)
        for hands in sample_worlds(k, 5, rng):
            check_consistent(k, hands)
            assert hands[view.seat] == view.hand.mask
            if view.dummy_hand is not None:
                assert hands[view.dummy] == view.dummy_hand.mask
            # the true deal is one of the consistent worlds
        truth = tuple(play.hand(s).mask for s in Seat)
        check_consistent(k, truth)
