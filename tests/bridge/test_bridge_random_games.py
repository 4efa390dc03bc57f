"""Hypothesis plays thousands of random legal bridge games to the end and checks the rules held."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bridge.contract import Contract, Doubling, Strain, Vulnerability
from engine.bridge.play import BridgePlay
from engine.bridge.tricks import trick_winner
from engine.core.cards import FULL_MASK, SUIT_MASKS, CardSet
from engine.core.deal import Deal, random_deal
from engine.core.seats import Seat

games = st.tuples(
    st.integers(0, 2**32 - 1),  # deal
    st.integers(0, 2**32 - 1),  # choice of cards and undo points
    st.integers(1, 7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
    st.sampled_from(list(Seat)),
    st.sampled_from(list(Vulnerability)),
)


def observable(play: BridgePlay) -> tuple:
    return (
        play.ply,
        play.to_play,
        tuple(play.hand(s).mask for s in Seat),
        play.tricks,
        play.current_trick,
        play.tricks_ns,
        play.tricks_ew,
        play.legal_cards(),
        play.is_complete,
    )


@settings(max_examples=2000, deadline=None)
@given(games)
def test_random_legal_games_obey_the_rules(game):
    deal_seed, choice_seed, level, strain, doubling, declarer, vul = game
    deal = random_deal(random.Random(deal_seed))
    rng = random.Random(choice_seed)
    play = BridgePlay(deal, Contract(level, strain, doubling), declarer, vul)
    start = observable(play)
    hands = list(deal.masks)  # an independent model of who still holds what
    trump = strain.trump
    history = []
    while not play.is_complete:
        seat = play.to_play
        legal = play.legal_cards()
        trick = play.current_trick.cards
        # follow suit, checked against the independent model
        if trick and hands[seat] & SUIT_MASKS[trick[0] // 13]:
            assert legal.mask == hands[seat] & SUIT_MASKS[trick[0] // 13]
        else:
            assert legal.mask == hands[seat]
        card = rng.choice(sorted(legal))
        play.play(card)
        hands[seat] &= ~(1 << card)
        history.append(card)
        if rng.random() < 0.05:  # occasionally take the card back and play it again
            before = play.ply
            play.undo()
            assert play.ply == before - 1 and card in play.legal_cards()
            play.play(card)
    assert play.ply == 52 and len(play.tricks) == 13
    assert sorted(history) == list(range(52))  # each card played exactly once
    assert all(h == 0 for h in hands)
    assert play.tricks_ns + play.tricks_ew == 13
    leader = declarer.lho
    for trick in play.tricks:
        assert trick.leader == leader
        assert trick.winner == trick_winner(trick.cards, leader, trump)
        leader = trick.winner
    result = play.result()
    assert result.declarer_tricks + result.defender_tricks == 13
    assert result.declarer_tricks == (play.tricks_ns if declarer.is_ns else play.tricks_ew)
    assert play.played_cards.mask == FULL_MASK
    play.undo_to(0)
    assert observable(play) == start


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 13), st.sampled_from(list(Strain)), st.sampled_from(list(Seat)))
def test_random_endings_play_one_trick_per_card_in_each_hand(seed, size, strain, leader):
    rng = random.Random(seed)
    full = random_deal(rng)
    deal = Deal.from_masks([CardSet(rng.sample(sorted(h), size)).mask for h in full.hands])
    play = BridgePlay(deal, Contract(1, strain), Seat.SOUTH, leader=leader)
    while not play.is_complete:
        play.play(rng.choice(sorted(play.legal_cards())))
    assert len(play.tricks) == size and play.tricks_ns + play.tricks_ew == size
    assert play.tricks[0].leader == leader
    assert all(len(play.hand(s)) == 0 for s in Seat)
    result = play.result()
    assert (result.score is None) == (size < 13)
