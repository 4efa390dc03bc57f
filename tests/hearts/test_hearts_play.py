"""The Hearts hand state: random legal hands to the end, rule edge cases, errors and undo."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cards import CardSet, card_str, parse_card
from engine.core.deal import random_deal
from engine.hearts.play import TWO_OF_CLUBS, HeartsHand, HeartsPlayError
from engine.hearts.rules import HeartsRules, MoonScoring

HEARTS = 1
QS = parse_card("SQ")
JD = parse_card("DJ")

rules_strategy = st.builds(
    HeartsRules,
    moon_scoring=st.sampled_from(list(MoonScoring)),
    jack_of_diamonds=st.booleans(),
    hearts_on_first_trick=st.booleans(),
    queen_on_first_trick=st.booleans(),
    breaking_hearts=st.booleans(),
)


def allowed_cards(hand, trick, trick_index, broken, rules):
    """Reference rule, written straight from the rule text (a set of cards, not masks)."""
    if not trick:
        if trick_index == 0:
            return {c for c in hand if c == TWO_OF_CLUBS}
        if rules.breaking_hearts and not broken and any(c // 13 != HEARTS for c in hand):
            return {c for c in hand if c // 13 != HEARTS}
        return set(hand)
    led = trick[0] // 13
    following = {c for c in hand if c // 13 == led}
    if following:
        return following
    if trick_index == 0:
        allowed = {
            c
            for c in hand
            if not (c // 13 == HEARTS and not rules.hearts_on_first_trick)
            and not (c == QS and not rules.queen_on_first_trick)
        }
        if allowed:
            return allowed
    return set(hand)


def hand_from(cards):
    return CardSet([parse_card(c) for c in cards])


def deal_with(fixed):
    """A full deal where seat s holds ``fixed[s]`` plus cards filled in from the rest of the pack."""
    hands = [set(parse_card(c) for c in fixed.get(s, [])) for s in range(4)]
    used = set().union(*hands)
    pool = [c for c in range(52) if c not in used]
    for s in range(4):
        while len(hands[s]) < 13:
            hands[s].add(pool.pop())
    return [CardSet(h) for h in hands]


@settings(max_examples=2000, deadline=None)
@given(st.integers(0, 2**64), rules_strategy)
def test_random_legal_hands_play_to_a_correct_end(seed, rules):
    rng = random.Random(seed)
    deal = random_deal(rng)
    state = HeartsHand(deal.hands, rules)
    hands = [set(h) for h in deal.hands]
    broken = False
    leader = next(s for s in range(4) if TWO_OF_CLUBS in hands[s])
    trick: list[int] = []
    seen: list[int] = []
    while not state.is_complete:
        seat = state.to_move
        assert seat == (leader + len(trick)) % 4
        trick_index = len(seen) // 4
        expected = allowed_cards(hands[seat], trick, trick_index, broken, rules)
        legal = set(state.legal_cards())
        assert legal == expected and legal
        illegal = sorted(hands[seat] - legal)
        if illegal and rng.random() < 0.2:
            bad = rng.choice(illegal)
            before = (list(state.hands), list(state.played))
            with pytest.raises(HeartsPlayError):
                state.play(bad)
            assert (list(state.hands), list(state.played)) == before
        card = rng.choice(sorted(legal))
        state.play(card)
        hands[seat].remove(card)
        seen.append(card)
        trick.append(card)
        broken = broken or card // 13 == HEARTS
        if len(trick) == 4:
            led = trick[0] // 13
            best = max((c for c in trick if c // 13 == led))
            leader = (leader + trick.index(best)) % 4
            assert (state.tricks[-1].winner if state.is_complete else state.leader) == leader
            trick = []
    assert sorted(seen) == list(range(52))
    tricks = state.tricks
    assert len(tricks) == 13 and all(t.is_complete for t in tricks)
    assert tricks[0].cards[0] == TWO_OF_CLUBS and deal.seat_of(TWO_OF_CLUBS) == tricks[0].leader
    for previous, following in zip(tricks, tricks[1:]):
        assert following.leader == previous.winner
    points = state.points()
    jack = -10 if rules.jack_of_diamonds else 0
    jack_taker = next(s for s in range(4) if state.taken[s] >> JD & 1)
    moon = state.moon()
    if moon is None:
        assert sum(points) == 26 + jack
        assert sum(state.points_taken()) == 26 + jack
    else:
        base = [p - (jack if s == jack_taker else 0) for s, p in enumerate(points)]
        if rules.moon_scoring is MoonScoring.ADD_26_TO_OTHERS:
            assert base == [0 if s == moon else 26 for s in range(4)]
        else:
            assert base == [-26 if s == moon else 0 for s in range(4)]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 52))
def test_undo_restores_every_earlier_position(seed, steps):
    rng = random.Random(seed)
    state = HeartsHand(random_deal(rng).hands)
    snapshots = []
    for _ in range(steps):
        card = rng.choice(sorted(state.legal_cards()))
        snapshots.append((card, (list(state.hands), list(state.taken), list(state.leaders), state.played_mask)))
        state.play(card)
    for card, snapshot in reversed(snapshots):
        assert state.undo() == card
        assert (list(state.hands), list(state.taken), list(state.leaders), state.played_mask) == snapshot
    assert state.hands == list(state.initial)
    with pytest.raises(HeartsPlayError, match="nothing to undo"):
        state.undo()


def test_two_of_clubs_leads_and_other_leads_are_refused():
    hands = deal_with({1: ["C2", "C3"]})
    state = HeartsHand(hands)
    assert state.to_move == 1
    assert state.legal_cards() == CardSet([TWO_OF_CLUBS])
    with pytest.raises(HeartsPlayError, match=r"cannot play C3: the first trick must be led with C2"):
        state.play(parse_card("C3"))
    elsewhere = min(hands[0].ascending())
    with pytest.raises(HeartsPlayError, match=rf"cannot play {card_str(elsewhere)}: it is not in seat 1's hand"):
        state.play(elsewhere)


def test_first_trick_with_only_hearts_may_discard_hearts():
    hands = deal_with({0: ["C2"], 1: [f"H{r}" for r in "23456789TJQKA"]})
    state = HeartsHand(hands)
    state.play(TWO_OF_CLUBS)
    assert state.legal_cards() == hands[1]


def test_first_trick_hearts_and_queen_only_may_discard_either():
    hands = deal_with({0: ["C2"], 1: ["SQ"] + [f"H{r}" for r in "23456789TJQK"]})
    state = HeartsHand(hands)
    state.play(TWO_OF_CLUBS)
    assert state.legal_cards() == hands[1]


def test_first_trick_points_refused_while_holding_other_cards():
    hands = deal_with({0: ["C2"], 1: ["SQ", "D5"] + [f"H{r}" for r in "23456789TJQ"]})
    state = HeartsHand(hands)
    state.play(TWO_OF_CLUBS)
    assert state.legal_cards() == hand_from(["D5"])
    with pytest.raises(HeartsPlayError, match="cannot play SQ: no points on the first trick"):
        state.play(QS)
    relaxed = HeartsHand(hands, HeartsRules(queen_on_first_trick=True))
    relaxed.play(TWO_OF_CLUBS)
    assert relaxed.legal_cards() == hand_from(["D5", "SQ"])
    hearts_ok = HeartsHand(hands, HeartsRules(hearts_on_first_trick=True))
    hearts_ok.play(TWO_OF_CLUBS)
    assert hearts_ok.legal_cards() == hands[1] - hand_from(["SQ"])


def test_follow_suit_error_lists_the_held_cards():
    hands = deal_with({0: ["C2"], 1: ["C9", "CK", "SA"]})
    state = HeartsHand(hands)
    state.play(TWO_OF_CLUBS)
    with pytest.raises(HeartsPlayError, match=r"cannot play SA: seat 1 must follow clubs \(.*CK.*C9.*\)"):
        state.play(parse_card("SA"))


def _only_hearts_leader_position(rules=HeartsRules()):
    """Seat 1 wins the first two club tricks and is left with eleven hearts, hearts unbroken."""
    hearts = [f"H{r}" for r in "456789TJQKA"]
    hands = deal_with({0: ["C2", "C3", "H2", "H3"], 1: ["CA", "CK"] + hearts, 2: ["C4", "C5"], 3: ["C6", "C7"]})
    state = HeartsHand(hands, rules)
    for card in ["C2", "CA", "C4", "C6", "CK", "C5", "C7", "C3"]:
        state.play(parse_card(card))
    return state, hand_from(hearts)


def test_leader_with_only_hearts_may_lead_them_before_they_are_broken():
    state, hearts = _only_hearts_leader_position()
    assert not state.hearts_broken and state.to_move == 1
    assert state.legal_cards() == hearts


def test_hearts_may_not_be_led_before_broken_while_holding_other_suits():
    hands = deal_with({0: ["C2", "H2"], 1: ["CA", "H5", "D3"]})
    state = HeartsHand(hands)
    state.play(TWO_OF_CLUBS)
    for seat in (1, 2, 3):
        legal = state.legal_cards()
        pick = parse_card("CA") if seat == 1 else min(legal.ascending())
        state.play(pick)
    assert state.to_move == 1 and not state.hearts_broken
    assert parse_card("H5") not in state.legal_cards() and parse_card("D3") in state.legal_cards()
    message = "cannot play H5: hearts are not broken and seat 1 holds cards of other suits"
    with pytest.raises(HeartsPlayError, match=message):
        state.play(parse_card("H5"))
    free = HeartsHand(hands, HeartsRules(breaking_hearts=False))
    for card in state.played:
        free.play(card)
    assert parse_card("H5") in free.legal_cards()


def test_queen_of_spades_does_not_break_hearts_and_may_be_led():
    # Seat 1 is void in clubs and discards the SQ on trick 2; hearts stay unbroken.
    clubs_for_0 = ["C2", "C3", "CA", "CK"]
    seat_1 = ["SQ", "D2", "D3"] + [f"H{r}" for r in "23456789TJ"]
    hands = deal_with({0: clubs_for_0, 1: seat_1, 2: ["C4", "C5"], 3: ["C6", "C7"]})
    state = HeartsHand(hands)
    for card in ["C2", "D2", "C4", "C6"]:  # seat 1 is void in clubs and discards a diamond
        state.play(parse_card(card))
    assert state.tricks[0].winner == 3
    # Seat 3 leads a club; seat 0 wins with CA, seat 1 discards the SQ.
    state.play(parse_card("C7"))
    state.play(parse_card("CA"))
    state.play(QS)
    state.play(parse_card("C5"))
    assert state.tricks[1].winner == 0 and not state.hearts_broken
    assert state.points_taken()[0] == 13


def test_queen_may_be_led_before_hearts_are_broken():
    hands = deal_with({0: ["C2"], 1: ["CA", "SQ"]})
    state = HeartsHand(hands)
    state.play(TWO_OF_CLUBS)
    state.play(parse_card("CA"))
    while len(state.played) < 4:
        state.play(min(state.legal_cards().ascending()))
    assert state.to_move == 1 and QS in state.legal_cards()


def test_bad_deals_are_refused_with_reasons():
    hands = deal_with({})
    with pytest.raises(HeartsPlayError, match="seat 2 has 12 cards"):
        HeartsHand([hands[0], hands[1], hands[2] - CardSet([min(hands[2].ascending())]), hands[3]])
    with pytest.raises(HeartsPlayError, match="four hands"):
        HeartsHand(hands[:3])
    with pytest.raises(HeartsPlayError, match="is dealt to seat 1 and another seat"):
        HeartsHand([hands[0], hands[0], hands[2], hands[3]])


def test_points_and_moon_are_reported_only_at_the_end():
    state = HeartsHand(deal_with({}))
    with pytest.raises(HeartsPlayError, match="not complete"):
        state.points()
    assert state.moon() is None and state.points_taken() == (0, 0, 0, 0)


def test_copy_is_independent():
    state = HeartsHand(deal_with({}))
    twin = state.copy()
    twin.play(TWO_OF_CLUBS)
    assert state.played == [] and twin.played == [TWO_OF_CLUBS]
