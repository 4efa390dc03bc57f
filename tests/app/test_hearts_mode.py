"""Hearts mode through the UI: passing by clicks, a whole hand and a whole game, undo, statistics."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from app.main_window import MainWindow
from app.modes.app_mode import AppMode
from app.stats import Statistics
from engine.hearts.passing import PassDirection
from engine.session.hearts_session import HeartsStage


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(seed=5, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3", mode=AppMode.HEARTS, dd_oracle=None,
                   bid_boards=False)
    w.hearts.pace_ms = 0
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def _idle(qtbot, w: MainWindow) -> None:
    qtbot.waitUntil(lambda: not w.hearts.is_thinking, timeout=10_000)


def _click_card(qtbot, w: MainWindow, card: int) -> None:
    rect = w.table.card_rect(card)
    point = QPoint(int(rect.left() + rect.width() * 0.1), int(rect.center().y()))
    assert w.table.card_at(point.toPointF()) == card
    qtbot.mouseClick(w.table, Qt.MouseButton.LeftButton, pos=point)


def _user_cards(w: MainWindow):
    return {h.seat: h for h in w.table.state.hands}[w.hearts.session.user_seat].cards


def _pass_by_clicks(qtbot, w: MainWindow) -> None:
    for tc in _user_cards(w)[:3]:
        _click_card(qtbot, w, tc.card)
    _idle(qtbot, w)
    assert w.hearts_panel.pass_button.isEnabled()
    qtbot.mouseClick(w.hearts_panel.pass_button, Qt.MouseButton.LeftButton)


def _play_hand_by_clicks(qtbot, w: MainWindow) -> None:
    while True:
        _idle(qtbot, w)
        s = w.hearts.session
        if s.stage is HeartsStage.PASSING:
            _pass_by_clicks(qtbot, w)
            continue
        if s.stage is not HeartsStage.PLAYING:
            return
        assert s.is_user_turn
        _click_card(qtbot, w, next(tc.card for tc in _user_cards(w) if tc.playable))


def test_passing_by_clicks_shows_the_direction_and_the_received_cards(qtbot, window):
    w = window
    s = w.hearts.session
    assert s.direction is PassDirection.LEFT and "left (to West)" in w.hearts_panel.direction.text()
    first = _user_cards(w)[0].card
    _click_card(qtbot, w, first)
    assert _user_cards(w)[0].highlighted  # chosen cards are marked
    _click_card(qtbot, w, first)
    assert not _user_cards(w)[0].highlighted  # and a second click puts it back
    assert not w.hearts_panel.pass_button.isEnabled()
    _pass_by_clicks(qtbot, w)
    assert s.stage is HeartsStage.PLAYING and not w.hearts_panel.direction.isVisible()
    received = {tc.card for tc in _user_cards(w) if tc.highlighted}
    assert received == set(s.received) and len(received) == 3


def test_a_whole_hand_by_clicks_scores_it_and_the_next_hand_passes_right(qtbot, window):
    w = window
    _play_hand_by_clicks(qtbot, w)
    s = w.hearts.session
    assert s.stage is HeartsStage.HAND_OVER and sum(s.history[0].points) in (26, 78)
    assert w.hearts_panel.scores.rowCount() == 2 and w.hearts_panel.hand_result.isVisible()
    assert w.hearts_panel.next_hand.isVisible()
    qtbot.mouseClick(w.hearts_panel.next_hand, Qt.MouseButton.LeftButton)
    assert s.stage is HeartsStage.PASSING and s.direction is PassDirection.RIGHT
    assert "right (to East)" in w.hearts_panel.direction.text()


def test_unplayable_cards_say_why_and_undo_takes_back_a_card(qtbot, window):
    w = window
    _pass_by_clicks(qtbot, w)
    _idle(qtbot, w)
    s = w.hearts.session
    blocked = [tc for tc in _user_cards(w) if not tc.playable]
    assert blocked and all(tc.unplayable_reason for tc in blocked)
    assert w.table.tooltip_for(blocked[0].card).endswith(blocked[0].unplayable_reason)
    before = len(s.state.played)
    _click_card(qtbot, w, next(tc.card for tc in _user_cards(w) if tc.playable))
    _idle(qtbot, w)
    assert len(s.state.played) > before and w.undo_action.isEnabled()
    w.undo_action.trigger()
    assert len(s.state.played) == before and s.is_user_turn


def test_a_whole_game_to_the_target_is_summarised_and_recorded(qtbot, window, tmp_path):
    w = window
    w.hearts_panel.target.setValue(10)
    w.hearts_panel.new_game.click()
    assert w.hearts.session.rules.target_score == 10
    while w.hearts.session.stage is not HeartsStage.GAME_OVER:
        _play_hand_by_clicks(qtbot, w)
        if w.hearts.session.stage is HeartsStage.HAND_OVER:
            w.hearts_panel.next_hand.click()
    assert w.hearts_panel.summary.isVisible() and "Game over" in w.hearts_panel.summary.text()
    assert w.stats.flush()  # recorded on the statistics thread
    with Statistics(tmp_path / "stats.sqlite3") as stats:
        summary = stats.summary()
    assert summary.hearts_games == 1 and summary.hearts_wins == int(w.hearts.last_summary.user_won)


def test_switching_modes_keeps_each_game(qtbot, window):
    w = window
    _pass_by_clicks(qtbot, w)
    hearts_session = w.hearts.session
    w.mode_actions[AppMode.BRIDGE].trigger()
    assert w.mode is AppMode.BRIDGE and w.new_deal_action.text() == "&New deal"
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    w.mode_actions[AppMode.HEARTS].trigger()
    assert w.hearts.session is hearts_session and w.new_deal_action.text() == "&New game"
    _idle(qtbot, w)
    assert hearts_session.is_user_turn


def test_screenshot_of_hearts_mode_shows_a_hand_in_play(tmp_path):
    from PySide6.QtGui import QImage

    from app.main import main

    out = tmp_path / "hearts.png"
    assert main(["--screenshot", str(out), "--mode", "hearts", "--seed", "2"]) == 0
    image = QImage(str(out))
    assert image.width() >= 1000 and image.height() >= 700


def test_suggest_a_pass_selects_the_default_players_three_cards(qtbot, window):
    w = window
    s = w.hearts.session
    if s.direction is PassDirection.HOLD:
        pytest.skip("this seed's first hand holds")
    assert w.hearts_panel.suggest_button.isEnabled()
    qtbot.mouseClick(w.hearts_panel.suggest_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.hearts.pass_hint is not None, timeout=30_000)
    hint = w.hearts.pass_hint
    assert set(s.selection) == set(hint.cards) and set(hint.cards) <= set(s.user_hand().ascending())
    assert w.hearts_panel.pass_hint.isVisible() and w.hearts_panel.pass_hint.text() == hint.text
    _idle(qtbot, w)
    assert w.hearts_panel.pass_button.isEnabled()
    qtbot.mouseClick(w.hearts_panel.pass_button, Qt.MouseButton.LeftButton)
    _idle(qtbot, w)
    assert w.hearts.session.stage is HeartsStage.PLAYING
    assert not w.hearts_panel.suggest_button.isVisible()
