"""Seats and deals: arithmetic, PBN deal strings, validation, seeded dealing."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.cards import CardSet, parse_card
from engine.core.deal import Deal, DealError, random_deal, random_deals
from engine.core.seats import Seat, SeatParseError

SAMPLE = "N:AKQ2.KJ3.T98.A42 JT9.AQT.AKQ.KQJT 8765.98765.76.98 43.42.J5432.7653"


@pytest.mark.parametrize("seat", list(Seat))
def test_seat_arithmetic_and_text(seat):
    assert seat.lho.rho is seat
    assert seat.partner.partner is seat
    assert seat.lho == seat.offset(1) and seat.partner == seat.offset(2)
    assert seat.same_side(seat.partner) and not seat.same_side(seat.lho)
    assert Seat.parse(seat.letter) is seat
    assert Seat.parse(seat.name.lower()) is seat


def test_seat_names():
    assert Seat.NORTH.lho is Seat.EAST and Seat.SOUTH.rho is Seat.EAST
    assert Seat.NORTH.is_ns and not Seat.WEST.is_ns
    with pytest.raises(SeatParseError, match="'X'"):
        Seat.parse("X")


def test_pbn_deal_any_first_seat():
    d = Deal.from_pbn(SAMPLE)
    assert d.is_full
    assert d[Seat.NORTH].to_pbn() == "AKQ2.KJ3.T98.A42"
    for first in Seat:
        text = d.to_pbn(first)
        assert text.startswith(first.letter + ":")
        assert Deal.from_pbn(text) == d
    # an E-first string assigns hands clockwise from East
    e_first = "E:" + " ".join(SAMPLE[2:].split()[1:] + SAMPLE[2:].split()[:1])
    assert Deal.from_pbn(e_first) == d


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("AKQ2.KJ3.T98.A42", "first seat"),
        ("X:AKQ2.KJ3.T98.A42 - - -", "seat"),
        ("N:AKQ2.KJ3.T98.A42 JT9.AQT.AKQ.KQJT 8765.98765.76.98", "4 hands"),
        ("N:AKQ2.KJ3.T98.A42 AT9.AQT.AKQ.KQJT 8765.98765.76.98 43.42.J5432.7653", "SA is in"),
        ("N:AKQ2.KJ3.T98.A42 JT9.AQT.AKQ.KQJ 8765.98765.76.98 43.42.J5432.7653", "East has 12"),
        ("N:AKQ2.KJ3.T98.A4Y JT9.AQT.AKQ.KQJT 8765.98765.76.98 43.42.J5432.7653", "North's hand"),
        ("N:AKQ2.KJ3.T98.A42 - - -", "missing"),
    ],
)
def test_bad_deals_say_why(text, fragment):
    with pytest.raises(DealError, match=fragment):
        Deal.from_pbn(text)


def test_partial_deals_for_endings():
    d = Deal.from_pbn("S:AK.-.-.- QJ.-.-.- 32.-.-.- T9.-.-.-", partial=True)
    assert d.hand_sizes() == (2, 2, 2, 2)
    with pytest.raises(DealError, match="different sizes"):
        Deal.from_pbn("N:AK.-.-.- Q.-.-.- 32.-.-.- T9.-.-.-", partial=True)
    uneven = Deal.from_pbn("N:AK.-.-.- Q.-.-.- 32.-.-.- T9.-.-.-", partial=True, equal_sizes=False)
    assert uneven.hand_sizes() == (2, 1, 2, 2)
    suit_problem = Deal.from_pbn("N:AQ2... - 543... -", partial=True, equal_sizes=False)
    assert len(suit_problem[Seat.NORTH]) == 3 and len(suit_problem[Seat.EAST]) == 0


def test_without_and_rotate():
    d = Deal.from_pbn(SAMPLE)
    played = [parse_card("SA"), parse_card("ST")]
    rest = d.without(played)
    assert rest.hand_sizes() == (12, 12, 13, 13)
    assert d.rotate(4) == d
    assert d.rotate(1)[Seat.EAST] == d[Seat.NORTH]


def test_seeded_dealing_is_reproducible_and_valid():
    a = random_deals(7, 20)
    assert a == random_deals(7, 20)
    assert a != random_deals(8, 20)
    assert all(d.is_full for d in a)
    # the seed → deal mapping is part of the CLI contract: pin one
    assert random_deals(7, 1)[0].to_pbn() == (
        "N:KQT2.8653.A7.K32 A.KJT.9654.AQ876 9743.74.QJ32.J95 J865.AQ92.KT8.T4"
    )


@given(st.integers(min_value=0, max_value=2**32))
def test_random_deals_round_trip(seed):
    d = random_deal(random.Random(seed))
    assert d.is_full
    assert Deal.from_pbn(d.to_pbn(Seat(seed % 4))) == d
    assert Deal.from_masks(d.masks) == d
    for seat in Seat:
        for c in d[seat]:
            assert d.seat_of(c) is seat
    assert sum(CardSet(m).hcp() for m in d.masks) == 40
