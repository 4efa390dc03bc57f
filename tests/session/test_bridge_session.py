"""The bridge session: user and computer turns, stale answers, undo/replay, claims, summary, PBN round trip."""

from __future__ import annotations

import random

import pytest

from engine.core.cancel import NEVER
from engine.bridge.contract import Contract
from engine.bridge.play import ClaimStatus
from engine.core.deal import random_deal
from engine.core.seats import Seat
from engine.formats import parse_pbn, write_pbn
from engine.session.bridge_pbn import loaded_board, restore_play, session_to_pbn_game
from engine.session.bridge_session import BridgeBoard, BridgeSession, BridgeSessionError, UserRole
from engine.session.contract_choice import ContractChoice, ContractMethod
from engine.session.double_dummy import declarer_side_tricks_left


def _session(role=UserRole.DECLARER, seed=2, contract="4S", declarer=Seat.SOUTH) -> BridgeSession:
    board = BridgeBoard.numbered(1, random_deal(random.Random(seed)))
    choice = ContractChoice(Contract.parse(contract), declarer, 10, ContractMethod.BY_HAND)
    return BridgeSession(board, choice, role=role, player_spec="rules", seed=seed)


def _run_computer(session: BridgeSession) -> None:
    while (turn := session.computer_turn()) is not None:
        card = turn.job(NEVER)
        assert session.apply_computer_card(turn.ply, card)


def _play_to(session: BridgeSession, ply: int) -> None:
    while session.play.ply < ply and not session.is_complete:
        _run_computer(session)
        if session.is_user_turn and session.play.ply < ply:
            playable = [s.card for s in session.card_statuses(session.play.to_play) if s.playable]
            session.play_card(playable[-1])


def test_declarer_plays_both_hands_and_the_summary_scores_the_deal():
    s = _session()
    assert s.user_seat is Seat.SOUTH and s.user_seats == {Seat.SOUTH, Seat.NORTH}
    assert not s.is_user_turn and s.computer_turn().seat is Seat.WEST  # West leads
    _play_to(s, 52)
    summary = s.summary()
    assert summary.declarer_tricks + s.play.result().defender_tricks == 13
    assert summary.user_score == summary.score and summary.made == (summary.declarer_tricks >= 10)
    assert summary.dd_tricks is None and summary.result_text


def test_a_defender_controls_only_the_opening_leaders_seat():
    s = _session(UserRole.DEFENDER)
    assert s.user_seat is Seat.WEST and s.user_seats == {Seat.WEST} and s.is_user_turn
    assert s.computer_turn() is None
    statuses = s.card_statuses(Seat.WEST)
    assert all(st.playable for st in statuses)
    assert all(not st.playable and st.reason == "" for st in s.card_statuses(Seat.NORTH))
    _play_to(s, 52)
    assert s.summary().user_score == -s.summary().score


def test_unplayable_cards_say_why():
    s = _session()
    _run_computer(s)  # West's lead
    led = s.play.current_trick.suit_led
    north = s.card_statuses(Seat.NORTH)
    if s.play.hand(Seat.NORTH).suit_length(led):
        bad = [st for st in north if not st.playable]
        assert all("follow suit" in st.reason for st in bad)
    assert all(not st.playable and "comes from North" in st.reason for st in s.card_statuses(Seat.SOUTH))
    with pytest.raises(BridgeSessionError, match="not yours"):
        s2 = _session()
        s2.play_card(next(iter(s2.play.hand(Seat.SOUTH))))


def test_a_stale_computer_answer_is_refused():
    s = _session()
    turn = s.computer_turn()
    card = turn.job(NEVER)
    assert s.apply_computer_card(turn.ply, card)
    assert not s.apply_computer_card(turn.ply, card)  # computed for a position that has gone
    assert s.play.ply == 1


def test_undo_takes_back_the_users_last_card_and_replay_starts_again():
    s = _session()
    _play_to(s, 9)
    user_moves = [i for i, m in enumerate(s.play.moves) if s.user_decides(m.seat)]
    s.undo()
    assert s.play.ply == user_moves[-1] and s.is_user_turn
    s.undo_to(3)
    assert s.play.ply == 3
    s.replay()
    assert s.play.ply == 0 and not s.can_undo


def test_verified_claims_accept_the_truth_and_reject_more(ending_oracle):
    s = _session()
    _play_to(s, 40)  # three tricks left
    while not s.is_user_turn:
        _run_computer(s)
    dd = declarer_side_tricks_left(ending_oracle, s.play)
    with pytest.raises(BridgeSessionError, match="rejected"):
        s.claim_verified(dd + 1, dd, s.play.ply) if dd < s.play.remaining_tricks else s.claim_verified(
            s.play.remaining_tricks, dd - 1, s.play.ply
        )
    claim = s.claim_verified(dd, dd, s.play.ply)
    assert claim.status is ClaimStatus.VERIFIED and s.is_complete and s.claim_was_verified
    s.undo()
    assert not s.is_complete


def test_trivial_claim_only_when_plainly_right():
    s = _session()
    if not s.trivial_claim_available():
        with pytest.raises(BridgeSessionError, match="top winners"):
            s.claim_trivially()
    _play_to(s, 48)
    while not s.is_complete and not s.is_user_turn:
        _run_computer(s)
    if s.trivial_claim_available():  # one card each: the leader's card is either a top winner or not
        s.claim_trivially()
        assert s.is_complete


def test_pbn_round_trip_keeps_the_deal_contract_role_and_play():
    s = _session(UserRole.DEFENDER, contract="3NT", declarer=Seat.NORTH)
    _play_to(s, 11)
    text = write_pbn([session_to_pbn_game(s)])
    assert '[TenaceRole "defender"]' in text and '[Contract "3NT"]' in text
    loaded = loaded_board(parse_pbn(text)[0])
    assert loaded.board.deal == s.board.deal and loaded.role is UserRole.DEFENDER
    again = BridgeSession(loaded.board, loaded.choice, role=loaded.role)
    restore_play(again, loaded.cards, loaded.result)
    assert again.play.moves == s.play.moves and again.user_seat is Seat.EAST


def test_a_finished_claimed_deal_reloads_with_its_result():
    s = _session()
    _play_to(s, 48)
    s.play.claim(0)
    loaded = loaded_board(parse_pbn(write_pbn([session_to_pbn_game(s)]))[0])
    again = BridgeSession(loaded.board, loaded.choice)
    restore_play(again, loaded.cards, loaded.result)
    assert again.is_complete and again.summary().declarer_tricks == s.summary().declarer_tricks


def test_pbn_without_a_full_deal_is_refused():
    game = parse_pbn('[Deal "N:AK... - - -"]\n')[0]
    with pytest.raises(BridgeSessionError, match="full deal"):
        loaded_board(game)
