"""Bidding a board with the computer, then playing it from the seat the auction gives the user."""

from __future__ import annotations

import pytest

from engine.bridge.auction import Call
from engine.core.deal import Deal, random_deals
from engine.core.seats import Seat
from engine.formats import parse_pbn, write_pbn
from engine.worlds.auction import auction_constraints
from engine.session.auction_session import AuctionSession
from engine.session.bridge_pbn import loaded_board, session_to_pbn_game
from engine.session.bridge_session import BridgeBoard, BridgeSession, BridgeSessionError, UserRole
from engine.session.contract_choice import ContractMethod

# South (the user) holds a 1NT opening; board 3 has South as dealer.
DEAL = Deal.from_pbn("N:Q82.K93.K8642.75 AT3.JT852.T9.J82 KJ7.Q74.AQ5.KQ63 9654.A6.J73.AT94")


def test_the_computer_bids_around_the_user_and_explains_every_call():
    session = AuctionSession(BridgeBoard.numbered(3, DEAL))
    assert session.is_user_turn and session.next_seat == Seat.SOUTH
    hint = session.system_call()
    assert str(hint.call) == "1NT" and "15-17 HCP" in hint.meaning.text
    assert "15-17" in session.meaning_of(Call.parse("1NT")).text
    session.user_call("1NT")
    made = session.bid_computer_calls()
    assert made and made[-1].seat == Seat.EAST or session.is_complete
    texts = [e.text for e in session.explanations()]
    assert texts[0].startswith("South 1NT: 15-17 HCP")


def test_illegal_and_out_of_turn_calls_are_refused():
    session = AuctionSession(BridgeBoard.numbered(3, DEAL))
    session.user_call("1NT")
    with pytest.raises(BridgeSessionError, match="turn"):
        session.user_call("2C")
    session.bid_computer_calls()
    if session.is_user_turn and session.auction.last_bid() is not None:
        with pytest.raises(BridgeSessionError, match="not allowed"):
            session.user_call("1C")


def test_undo_takes_back_the_users_call_and_what_followed():
    session = AuctionSession(BridgeBoard.numbered(3, DEAL))
    session.user_call("1NT")
    session.bid_computer_calls()
    session.undo()
    assert session.records == [] and session.is_user_turn


def _finish(session: AuctionSession) -> None:
    session.bid_computer_calls()
    while not session.is_complete:
        session.user_call(session.system_call().call)
        session.bid_computer_calls()


def test_the_auction_decides_who_declares_and_who_defends():
    for index, deal in enumerate(random_deals(3, 40)):
        session = AuctionSession(BridgeBoard.numbered(index + 1, deal))
        _finish(session)
        choice = session.contract_choice()
        if choice is None:
            continue
        assert choice.method is ContractMethod.AUCTION
        play = BridgeSession(session.board, choice, user_seat=Seat.SOUTH, auction=session.records, seed=1)
        if choice.declarer.same_side(Seat.SOUTH):
            assert play.role is UserRole.DECLARER and play.user_seats == {choice.declarer, choice.declarer.partner}
        else:
            assert play.role is UserRole.DEFENDER and play.user_seat == Seat.SOUTH
        # what the auction showed is what the play's deals are drawn from, seat by seat
        assert play.constraints == auction_constraints(session.records)
        assert all(seat in play.constraints for seat in {r.seat for r in session.records if r.call.is_bid})


def test_a_bid_board_is_saved_with_its_auction_and_read_back():
    session = AuctionSession(BridgeBoard.numbered(3, DEAL))
    _finish(session)
    choice = session.contract_choice()
    assert choice is not None
    play = BridgeSession(session.board, choice, user_seat=Seat.SOUTH, auction=session.records)
    game = session_to_pbn_game(play)
    assert game.auction is not None and game.auction.calls == tuple(r.call for r in session.records)
    again = parse_pbn(write_pbn([game]))[0]
    loaded = loaded_board(again)
    assert loaded.auction == game.auction.calls and loaded.user_seat == Seat.SOUTH
    assert loaded.choice is not None and loaded.choice.contract == choice.contract


def test_a_computer_player_samples_with_the_auction_and_survives_a_misbid():
    # the user (South) opens 1NT with a 4-count: the defenders' picture is false, play must go on
    deal = next(d for d in random_deals(8, 200) if d[Seat.SOUTH].hcp() <= 5)
    session = AuctionSession(BridgeBoard.numbered(3, deal))
    session.user_call("1NT")
    _finish(session)
    choice = session.contract_choice()
    if choice is None:
        pytest.skip("passed out")
    play = BridgeSession(session.board, choice, user_seat=Seat.SOUTH, auction=session.records,
                         player_spec="pimc:worlds=6", seed=2)
    for _ in range(6):
        turn = play.computer_turn()
        if turn is None:
            if play.is_complete:
                break
            play.play_card(sorted(play.play.legal_cards())[0])
            continue
        play.apply_computer_card(turn.ply, turn.job(None))
