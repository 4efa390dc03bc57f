"""Suit practice through the UI: pick a problem, play it out by clicks and keys, read the exact chances."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage

from app.controllers import suit_controller
from app.main import main
from app.main_window import MainWindow
from app.modes.app_mode import AppMode
from app.modes.suit_result import percent
from app.viewmodels.suit_table import card_rank, rank_card
from app.stats import Statistics
from engine.core.seats import Seat
from engine.session.suit_catalogue import Difficulty
from engine.session.suit_session import SuitSession, SuitStage
from engine.suits.exact import solve_exact
from engine.suits.library import Tag
from engine.suits.model import SuitProblem


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(seed=5, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3", mode=AppMode.SUIT, dd_oracle=None)
    w.suit.pace_ms = 0
    w.table.set_animation(False, 50)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.suit.session is not None, timeout=10_000)  # a first problem is on the table at once
    return w


def _idle(qtbot, w: MainWindow) -> None:
    qtbot.waitUntil(lambda: not w.suit.is_thinking, timeout=10_000)


def _click_card(qtbot, w: MainWindow, card: int) -> None:
    rect = w.table.card_rect(card)
    assert rect is not None
    point = QPoint(int(rect.left() + rect.width() * 0.1), int(rect.center().y()))
    assert w.table.card_at(point.toPointF()) == card
    qtbot.mouseClick(w.table, Qt.MouseButton.LeftButton, pos=point)


def _playable(w: MainWindow, seat: Seat) -> list[int]:
    """Playable ranks of ``seat`` as the table shows them, high to low."""
    hand = w.table.state.hands[seat]
    return [card_rank(c.card) for c in hand.cards if c.playable]


def _choose(w: MainWindow) -> int:
    """A plain line: lead low from South (else North); third hand the cheapest card that wins the trick."""
    s = w.suit.session
    if s.stage is SuitStage.LEAD:
        south = _playable(w, Seat.SOUTH)
        return rank_card((south or _playable(w, Seat.NORTH))[-1])
    ranks = _playable(w, s.to_play)
    beat = max(r for _, r in s.trick)
    winners = [r for r in ranks if r > beat]
    return rank_card(winners[-1] if winners else ranks[-1])


def _play_out_by_clicks(qtbot, w: MainWindow) -> None:
    while True:
        _idle(qtbot, w)
        s = w.suit.session
        if s.is_over:
            return
        assert s.is_user_turn
        _click_card(qtbot, w, _choose(w))


def _stats(w, tmp_path):
    assert w.stats.flush()  # recorded on the statistics thread
    with Statistics(tmp_path / "stats.sqlite3") as stats:
        return stats.summary()


def test_a_library_problem_played_by_clicks_shows_the_exact_chances(qtbot, window, tmp_path):
    w = window
    panel = w.suit_panel
    assert w.mode_actions[AppMode.SUIT].text() == "Suit practice" and w.new_deal_action.text() == "&Next problem"
    panel.theme.setCurrentIndex(panel.theme.findData(Tag.FINESSE.value))
    panel.difficulty.setCurrentIndex(panel.difficulty.findData(int(Difficulty.MEDIUM)))
    assert panel.shown and all(Tag.FINESSE in c.themes and c.difficulty is Difficulty.MEDIUM for c in panel.shown)
    row = [c.entry.id for c in panel.shown].index(3)  # AQx opposite xxx, 2 tricks
    panel.problems.setCurrentRow(row)
    qtbot.mouseClick(panel.play_selected, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.suit.session is not None and w.suit.setup.entry.id == 3, timeout=10_000)
    s = w.suit.session
    assert s.setup.holdings == "AQ5 opposite 432" and w.info_panel.title == "Suit practice — #3"
    hands = w.table.state.hands
    assert hands[Seat.NORTH].face_up and hands[Seat.SOUTH].face_up
    assert not hands[Seat.WEST].face_up and not hands[Seat.EAST].face_up  # the defenders' cards stay hidden,
    assert hands[Seat.WEST].unknown and hands[Seat.EAST].unknown  # and the table does not give the split away
    assert hands[Seat.WEST].label == "West · ? of 7 missing"
    assert "Make 2 tricks" in panel.result_text

    _play_out_by_clicks(qtbot, w)
    assert s.is_over and w.table.state.hands[Seat.WEST].hidden_count == 0  # revealed at the end
    qtbot.waitUntil(lambda: w.suit.review is not None, timeout=20_000)
    text = panel.result_text
    exact = solve_exact(SuitProblem.parse("AQ2", "543"), 2).value  # the engine's own exact solver
    assert percent(exact) == "50.48%"
    assert f"Best line: {percent(exact)}" in text.replace("\n", " ").replace("  ", " ")
    assert "Expert line" in text and "stated 50%" in text
    review = w.suit.review
    assert f"Your line ({percent(review.yours.chance)})" in text
    assert "Made:" in text or "Failed:" in text
    assert f"West {review.west}, East {review.east}" in text
    assert ("Solved: your line is as good as the best one" in _text_of(panel)) == review.optimal
    summary = _stats(w, tmp_path)
    assert summary.suit_problems_tried == 1 and summary.suit_problems_solved == int(review.optimal)


def _text_of(panel) -> str:
    return " ".join(panel.result_text.split())


def test_typed_holdings_and_play_from_the_keyboard(qtbot, window, tmp_path):
    w = window
    panel = w.suit_panel
    panel.tabs.setCurrentIndex(1)
    qtbot.keyClicks(panel.north, "AQZ")
    qtbot.keyClicks(panel.south, "543")
    qtbot.keyClick(panel.south, Qt.Key.Key_Return)
    assert "'Z' is not a rank" in panel.input_error.text()  # reported in the panel and the status bar
    assert "'Z' is not a rank" in w.statusBar().currentMessage()
    panel.north.clear()
    qtbot.keyClicks(panel.north, "AQ2")
    qtbot.keyClick(panel.north, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: w.suit.session is not None and w.suit.setup.entry is None, timeout=10_000)
    assert w.suit.setup.holdings == "AQ2 opposite 543" and panel.input_error.text() == ""
    assert w.table.hasFocus()  # the keyboard goes back to the cards
    while True:  # Home picks the first playable card (North's highest at a lead), Enter plays it
        _idle(qtbot, w)
        if w.suit.session.is_over:
            break
        qtbot.keyClick(w.table, Qt.Key.Key_Home)
        qtbot.keyClick(w.table, Qt.Key.Key_Enter)
    qtbot.waitUntil(lambda: w.suit.review is not None, timeout=20_000)
    text = _text_of(panel)
    assert f"Best line: {percent(solve_exact(SuitProblem.parse('AQ2', '543'), 2).value)}" in text
    assert "Your line:" in text
    assert "Expert line (library #3," in text  # AQ2 opposite 543 plays as the library's AQx opposite xxx
    assert _stats(w, tmp_path).suit_problems_tried == 1


def test_the_result_shows_the_expert_plan_and_the_line_table_in_the_users_orientation(qtbot, window):
    """432 opposite AQ10 typed for three tricks is library entry 20 turned round: the expert's plan is told
    for the holdings as typed (East, not West, must hold king and jack) and valued exactly at 24.00%; the
    line table gives every line's chance of one, two and three tricks with the best ones starred."""
    w = window
    panel = w.suit_panel
    panel.tabs.setCurrentIndex(1)
    qtbot.keyClicks(panel.north, "432")
    qtbot.keyClicks(panel.south, "AQ10")
    panel.tricks.setValue(3)
    qtbot.keyClick(panel.south, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: w.suit.session is not None and w.suit.setup.holdings == "432 opposite AQT",
                    timeout=10_000)
    qtbot.mouseClick(panel.give_up, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.suit.review is not None, timeout=30_000)
    text = _text_of(panel)
    assert "Expert line (library #20, stated 24%; its plan, valued exactly: 24.00%)" in text
    assert "East must hold king and jack" in text and "West must hold" not in text
    assert "Lead low to the ten." in text
    assert "Every line, every target" in text and "24.00%★" in text and "76.00%★" in text
    review = w.suit.review
    assert review.table is not None and review.expert.line.chance == pytest.approx(0.24)
    assert any(line.expert for line in review.table.lines)


def test_undo_give_up_and_next(qtbot, window, tmp_path):
    w = window
    panel = w.suit_panel
    panel.problems.setCurrentRow(0)
    qtbot.keyClick(panel.problems, Qt.Key.Key_Return)  # Enter in the list plays the problem
    qtbot.waitUntil(lambda: w.suit.session is not None and w.suit.setup.entry.id == panel.shown[0].entry.id,
                    timeout=10_000)
    s = w.suit.session
    assert not w.undo_action.isEnabled()
    _click_card(qtbot, w, _choose(w))
    _idle(qtbot, w)
    assert s.ply >= 2 and w.undo_action.isEnabled()
    qtbot.keyClick(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert s.ply == 0 and s.stage is SuitStage.LEAD
    _click_card(qtbot, w, _choose(w))
    _idle(qtbot, w)
    assert panel.give_up.isEnabled()
    qtbot.mouseClick(panel.give_up, Qt.MouseButton.LeftButton)
    assert s.is_over and s.result().gave_up and not panel.give_up.isEnabled() and not w.undo_action.isEnabled()
    hands = w.table.state.hands
    assert hands[Seat.WEST].hidden_count == 0 and hands[Seat.EAST].hidden_count == 0
    qtbot.waitUntil(lambda: w.suit.review is not None, timeout=20_000)
    assert "You gave up after 1 card" in _text_of(panel) and "Not solved" in _text_of(panel)
    summary = _stats(w, tmp_path)
    assert summary.suit_problems_tried == 1 and summary.suit_problems_solved == 0
    first = w.suit.setup.entry.id
    w.new_deal_action.trigger()  # Ctrl+N: the next problem of the list
    qtbot.waitUntil(lambda: w.suit.session is not None and w.suit.setup.entry.id == panel.shown[1].entry.id,
                    timeout=10_000)
    assert w.suit.setup.entry.id != first and not w.suit.session.is_over


def test_moving_on_before_the_review_still_records_the_attempt(qtbot, window, tmp_path):
    w = window
    _idle(qtbot, w)
    _click_card(qtbot, w, _choose(w))
    _idle(qtbot, w)
    first = w.suit.session
    w.suit_panel.give_up.click()  # the review is queued on the engine ...
    w.new_deal_action.trigger()  # ... and the next problem asked for at once
    qtbot.waitUntil(lambda: w.suit.session is not None and w.suit.session is not first, timeout=10_000)
    _idle(qtbot, w)
    assert w.suit.review is None and not w.suit.session.is_over  # the old review is not shown on the new problem
    assert _stats(w, tmp_path).suit_problems_tried == 1


def test_engine_work_runs_on_the_worker_and_errors_are_shown(qtbot, window, monkeypatch):
    w = window
    threads: list[str] = []
    prepare, choose = suit_controller.prepare_problem, SuitSession.choose_defender_move

    def recording_prepare(*args, **kwargs):
        threads.append(threading.current_thread().name)
        return prepare(*args, **kwargs)

    def recording_choose(self, *args):
        threads.append(threading.current_thread().name)
        return choose(self, *args)

    monkeypatch.setattr(suit_controller, "prepare_problem", recording_prepare)
    monkeypatch.setattr(SuitSession, "choose_defender_move", recording_choose)
    w.suit_panel.next_button.click()
    _idle(qtbot, w)
    _click_card(qtbot, w, _choose(w))
    _idle(qtbot, w)
    assert len(threads) >= 2 and set(threads) == {"tenace-engine"}

    def broken(*args, **kwargs):
        raise ValueError("the solver ran out of cards")

    monkeypatch.setattr(suit_controller, "prepare_problem", broken)
    w.suit_panel.next_button.click()
    _idle(qtbot, w)
    assert "Engine error: the solver ran out of cards" in w.suit_panel.result_text
    assert w.statusBar().currentMessage() == "Engine error: the solver ran out of cards"
    assert w.isVisible()


def test_switching_to_suit_practice_and_back(qtbot, tmp_path):
    w = MainWindow(seed=2, warmup_hooks=(), stats_file=tmp_path / "s.sqlite3", mode=AppMode.BRIDGE, dd_oracle=None, bid_boards=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    action = w.mode_actions[AppMode.SUIT]
    assert action.shortcut().toString() == "Ctrl+3"  # (digit shortcuts do not reach QTest offscreen: trigger it)
    action.trigger()
    assert w.mode is AppMode.SUIT and w.mode_panels.currentWidget() is w.suit_panel
    qtbot.waitUntil(lambda: w.suit.session is not None, timeout=10_000)
    assert w.info_panel.title.startswith("Suit practice") and w.new_deal_action.text() == "&Next problem"
    w.mode_actions[AppMode.BRIDGE].trigger()
    assert w.mode is AppMode.BRIDGE and w.new_deal_action.text() == "&New deal"


def test_screenshot_of_suit_practice_shows_a_problem_in_progress(qtbot, tmp_path):
    out = tmp_path / "suit.png"
    t0 = time.perf_counter()
    assert main(["--screenshot", str(out), "--mode", "suit"]) == 0
    assert time.perf_counter() - t0 < 20
    image = QImage(str(out))
    assert image.width() >= 1000 and image.height() >= 700
    felt = image.pixelColor(image.width() // 30, image.height() // 4)
    assert felt.green() > felt.red() and felt.green() > felt.blue()
