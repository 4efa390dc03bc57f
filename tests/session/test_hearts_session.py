"""The Hearts session: passing, play with reasons, undo, running scores to the end of the game."""

from __future__ import annotations


import pytest

from engine.core.cancel import NEVER
from engine.core.seats import Seat
from engine.hearts.passing import PassDirection
from engine.hearts.play import TWO_OF_CLUBS
from engine.hearts.rules import HeartsRules
from engine.session.hearts_session import HeartsSession, HeartsSessionError, HeartsStage


def _compute(session: HeartsSession) -> None:
    turn = session.computer_pass_turn()
    if turn is not None:
        assert session.set_computer_passes(turn.hand_number, turn.job(NEVER))
    while (turn := session.computer_turn()) is not None:
        assert session.apply_computer_card(turn.hand_number, turn.ply, turn.job(NEVER))


def _pass_three(session: HeartsSession) -> None:
    for card in list(session.user_hand())[:3]:
        session.toggle_pass_card(card)


def test_passing_exchanges_three_cards_in_the_hands_direction():
    s = HeartsSession(seed=1)
    assert s.stage is HeartsStage.PASSING and s.direction is PassDirection.LEFT
    before = s.user_hand()
    chosen = list(before)[:3]
    _pass_three(s)
    assert not s.can_confirm_pass  # the computers have not chosen yet
    with pytest.raises(HeartsSessionError, match="still choosing"):
        s.confirm_pass()
    _compute(s)
    assert s.can_confirm_pass
    others = [st for st in s.card_statuses() if not st.selected]
    assert all(not st.playable and "put it back" in st.reason for st in others)
    s.confirm_pass()
    assert s.stage is HeartsStage.PLAYING
    assert not set(chosen) & set(s.user_hand()) and len(s.received) == 3
    assert set(s.received) <= set(s.user_hand())
    west = s.record.received_by(Seat.WEST)
    assert set(west) == set(chosen)


def test_toggling_a_pass_card_puts_it_back_and_a_fourth_is_refused():
    s = HeartsSession(seed=2)
    cards = list(s.user_hand())
    for c in cards[:3]:
        s.toggle_pass_card(c)
    with pytest.raises(HeartsSessionError, match="put one back"):
        s.toggle_pass_card(cards[3])
    s.toggle_pass_card(cards[0])
    assert s.selection == frozenset(cards[1:3])


def test_illegal_cards_carry_reasons_and_undo_takes_back_the_users_card():
    s = HeartsSession(seed=3)
    _pass_three(s)
    _compute(s)
    s.confirm_pass()
    _compute(s)
    assert s.is_user_turn
    statuses = s.card_statuses()
    if TWO_OF_CLUBS in s.user_hand():
        assert [st.card for st in statuses if st.playable] == [TWO_OF_CLUBS]
        assert all("two of clubs" in st.reason for st in statuses if not st.playable)
    else:
        assert all(st.playable or "follow suit" in st.reason or "no points" in st.reason for st in statuses)
    played_before = len(s.state.played)
    s.play_card(next(st.card for st in statuses if st.playable))
    _compute(s)
    s.undo()
    assert len(s.state.played) == played_before and s.is_user_turn


def test_a_whole_game_runs_to_the_target_with_running_scores():
    s = HeartsSession(HeartsRules(target_score=26), seed=4)
    hands = 0
    while s.stage is not HeartsStage.GAME_OVER:
        if s.stage is HeartsStage.PASSING:
            _pass_three(s)
            _compute(s)
            s.confirm_pass()
        _compute(s)
        if s.is_user_turn:
            s.play_card(next(st.card for st in s.card_statuses() if st.playable))
        if s.stage is HeartsStage.HAND_OVER:
            hands += 1
            assert sum(s.history[-1].points) in (26, 78)
            s.next_hand()
    summary = s.summary()
    assert len(summary.hands) == hands + 1 and max(summary.totals) >= 26
    assert summary.totals == tuple(sum(h.points[i] for h in summary.hands) for i in range(4))
    assert summary.user_won == (Seat.SOUTH in summary.winners)
    assert [h.direction for h in summary.hands][:4] == [PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD][: len(summary.hands)]


def test_stale_computer_answers_are_refused():
    s = HeartsSession(seed=5)
    turn = s.computer_pass_turn()
    passes = turn.job(NEVER)
    assert not s.set_computer_passes(turn.hand_number + 1, passes)
    assert s.set_computer_passes(turn.hand_number, passes)
    assert s.computer_pass_turn() is None
