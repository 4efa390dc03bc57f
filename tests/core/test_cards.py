"""Cards, suits, ranks and CardSet: text forms round-trip over the whole domain."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.cards import (
    FULL_MASK,
    CardParseError,
    CardSet,
    Rank,
    Suit,
    card_rank,
    card_str,
    card_suit,
    card_symbol_str,
    make_card,
    parse_card,
)

masks = st.integers(min_value=0, max_value=FULL_MASK)


def test_card_layout_is_suit_major_ace_high():
    assert make_card(Suit.SPADES, Rank.TWO) == 0
    assert make_card(Suit.SPADES, Rank.ACE) == 12
    assert make_card(Suit.HEARTS, Rank.TWO) == 13
    assert make_card(Suit.CLUBS, Rank.ACE) == 51
    assert card_str(make_card(Suit.HEARTS, Rank.TEN)) == "HT"


@pytest.mark.parametrize("card", range(52))
def test_every_card_round_trips(card):
    text = card_str(card)
    assert parse_card(text) == card
    assert parse_card(text.lower()) == card
    assert parse_card(card_symbol_str(card)) == card
    assert make_card(card_suit(card), card_rank(card)) == card


def test_ten_spelled_10_and_rank_first():
    assert parse_card("H10") == parse_card("HT")
    assert parse_card("AS") == parse_card("SA")
    assert parse_card("10h") == parse_card("HT")


@pytest.mark.parametrize("bad", ["", "S", "X5", "S1", "SZ", "S11", "♠", "AA"])
def test_bad_cards_name_the_token(bad):
    with pytest.raises(CardParseError) as err:
        parse_card(bad)
    assert repr(bad) in str(err.value)


def test_suits_and_ranks_round_trip():
    for s in Suit:
        assert Suit.parse(s.letter) is s
        assert Suit.parse(s.symbol) is s
    for r in Rank:
        assert Rank.parse(r.char) is r
    with pytest.raises(CardParseError, match="'Q'"):
        Suit.parse("Q")
    with pytest.raises(CardParseError, match="'1'"):
        Rank.parse("1")


def test_pbn_hand():
    h = CardSet.from_pbn("AKQ2.KJ3.T98.A42")
    assert len(h) == 13
    assert h.shape() == (4, 3, 3, 3)
    assert h.hcp() == 9 + 4 + 0 + 4
    assert h.to_pbn() == "AKQ2.KJ3.T98.A42"
    assert [card_str(c) for c in h][:4] == ["SA", "SK", "SQ", "S2"]
    assert CardSet.from_pbn("...") == CardSet()
    assert CardSet.from_pbn("AKQJT98765432...").suit_length(Suit.SPADES) == 13


@pytest.mark.parametrize(
    "bad, fragment",
    [
        ("AKQ2.KJ3.T98", "four suits"),
        ("AKQ2.KJ3.T98.A4Z", "'Z'"),
        ("AKA2.KJ3.T98.A42", "SA appears twice"),
    ],
)
def test_bad_pbn_hands(bad, fragment):
    with pytest.raises(CardParseError, match=fragment):
        CardSet.from_pbn(bad)


@given(masks)
def test_pbn_round_trip_any_mask(mask):
    cs = CardSet(mask)
    assert CardSet.from_pbn(cs.to_pbn()) == cs
    assert CardSet.parse(cs.cards_str() or "") == cs
    assert CardSet(list(cs)) == cs
    assert len(cs) == len(list(cs)) == sum(cs.shape())


@given(masks, masks)
def test_set_algebra_matches_python_sets(a, b):
    x, y = CardSet(a), CardSet(b)
    sx, sy = set(x), set(y)
    assert set(x | y) == sx | sy
    assert set(x & y) == sx & sy
    assert set(x - y) == sx - sy
    assert set(x ^ y) == sx ^ sy
    assert set(~x) == set(range(52)) - sx
    assert x.issubset(x | y)
    assert x.isdisjoint(y) == (not sx & sy)


def test_cardset_rejects_out_of_range():
    with pytest.raises(ValueError):
        CardSet([52])
    with pytest.raises(ValueError):
        CardSet(1 << 52)
    with pytest.raises(KeyError):
        CardSet().remove(3)
