"""Player views hold exactly what a seat may know; declarer chooses dummy's cards."""

import dataclasses
import random

import pytest

from engine.bridge.contract import Contract, Vulnerability
from engine.bridge.play import BridgePlay, Trick, TrickInProgress
from engine.bridge.view import BridgeView, deciding_seat, seat_view, view_for_turn
from engine.core.cards import CardSet, parse_card
from engine.core.deal import Deal, random_deals
from engine.core.seats import Seat

SAMPLE = "N:AKQ2.KJ3.T98.A42 JT9.AQT.AKQ.KQJT 8765.98765.76.98 43.42.J5432.7653"

# Every field a view has; a new field must be added here on purpose (and pass the walk below).
EXPECTED_FIELDS = {
    "seat",
    "to_play",
    "hand",
    "dummy_hand",
    "contract",
    "declarer",
    "vulnerability",
    "tricks",
    "current_trick",
    "declarer_tricks",
    "defender_tricks",
    "legal_cards",
}


def cards_in(value) -> int:
    """Every card mask reachable from ``value``; fails on any type a view should not carry."""
    if value is None or isinstance(value, (Seat, Vulnerability, Contract, bool)):
        return 0
    if isinstance(value, CardSet):
        return value.mask
    if isinstance(value, (Trick, TrickInProgress)):
        mask = 0
        for c in value.cards:
            mask |= 1 << c
        return mask
    if isinstance(value, tuple):
        mask = 0
        for item in value:
            mask |= cards_in(item)
        return mask
    if isinstance(value, int):  # trick counts only
        assert 0 <= value <= 13, f"an int field of a view holds {value}: a hidden card mask?"
        return 0
    raise AssertionError(f"a view carries a {type(value).__name__}: it may leak hidden cards")


def assert_no_hidden_card(view: BridgeView, play: BridgePlay) -> None:
    assert {f.name for f in dataclasses.fields(view)} == EXPECTED_FIELDS
    allowed = play.hand(view.seat).mask | play.played_cards.mask
    if play.dummy_exposed:
        allowed |= play.hand(play.dummy).mask
    for field in dataclasses.fields(view):
        leaked = cards_in(getattr(view, field.name)) & ~allowed
        assert not leaked, f"{view.seat.name}'s view field {field.name} shows hidden cards {CardSet(leaked)}"


@pytest.mark.parametrize("deal", random_deals(11, 40), ids=lambda d: d.to_pbn()[:12])
def test_no_view_ever_contains_a_hidden_card(deal):
    rng = random.Random(deal.to_pbn())
    play = BridgePlay(deal, Contract.parse("4H"), Seat(rng.randrange(4)), Vulnerability.EW)
    while True:
        for seat in Seat:
            assert_no_hidden_card(seat_view(play, seat), play)
        if play.is_complete:
            break
        play.play(rng.choice(sorted(view_for_turn(play).legal_cards)))


def test_the_leak_check_itself_catches_a_hidden_card():
    play = BridgePlay(Deal.from_pbn(SAMPLE), Contract.parse("3NT"), Seat.SOUTH)
    view = seat_view(play, Seat.WEST)
    leaky = dataclasses.replace(view, dummy_hand=play.hand(Seat.NORTH))  # dummy before the opening lead
    with pytest.raises(AssertionError, match="dummy_hand"):
        assert_no_hidden_card(leaky, play)


def test_dummy_is_hidden_until_the_opening_lead():
    play = BridgePlay(Deal.from_pbn(SAMPLE), Contract.parse("3NT"), Seat.SOUTH)
    for seat in Seat:
        assert seat_view(play, seat).dummy_hand is None
    play.play(parse_card("D2"))
    for seat in Seat:
        assert seat_view(play, seat).dummy_hand == play.hand(Seat.NORTH)


def test_declarer_chooses_for_dummy():
    play = BridgePlay(Deal.from_pbn(SAMPLE), Contract.parse("3NT"), Seat.SOUTH)
    play.play(parse_card("D2"))  # West leads, dummy (North) to play
    assert play.to_play is Seat.NORTH and deciding_seat(play) is Seat.SOUTH
    view = view_for_turn(play)
    assert view.seat is Seat.SOUTH and view.to_play is Seat.NORTH
    assert view.hand == play.hand(Seat.SOUTH)
    assert view.playing_hand == play.hand(Seat.NORTH)
    assert view.legal_cards == CardSet([parse_card(t) for t in ("DT", "D9", "D8")])
    assert view.is_declarer_side
    # dummy itself never decides: its own view has no legal cards
    dummy_view = seat_view(play, Seat.NORTH)
    assert dummy_view.legal_cards == CardSet() and dummy_view.playing_hand == play.hand(Seat.NORTH)
    # a defender looking on sees dummy's cards but has nothing to choose
    east = seat_view(play, Seat.EAST)
    assert east.legal_cards == CardSet() and east.playing_hand == CardSet()


def test_defender_view_at_its_turn_and_the_public_record():
    play = BridgePlay(Deal.from_pbn(SAMPLE), Contract.parse("3NT"), Seat.SOUTH)
    for t in ("D2", "DT", "DA", "D7", "HA"):
        play.play(parse_card(t))
    view = view_for_turn(play)
    assert view.seat is Seat.SOUTH and view.to_play is Seat.SOUTH  # declarer plays own hand
    east = seat_view(play, Seat.EAST)
    assert [str(p) for p in east.plays()] == ["W:D2", "N:DT", "E:DA", "S:D7", "E:HA"]
    assert (east.declarer_tricks, east.defender_tricks) == (0, 1)
    assert east.unseen_cards == ~(east.hand | east.dummy_hand | east.played_cards)
    assert not east.shown_out(Seat.SOUTH, 2)


def test_shown_out_is_read_from_the_record():
    deal = Deal.from_pbn("N:A2.-.-.- -.K2.-.- Q3.-.-.- J4.-.-.-", partial=True)
    play = BridgePlay(deal, Contract.parse("1NT"), Seat.SOUTH, leader=Seat.NORTH)
    for t in ("SA", "H2", "S3", "S4"):
        play.play(parse_card(t))
    view = seat_view(play, Seat.SOUTH)
    assert view.shown_out(Seat.EAST, 0) and not view.shown_out(Seat.WEST, 0)
