"""A failed computer move never leaves a hand stuck: it is offered again, and the simple player steps in.

Issue 23: a job raising ``SystemExit`` ended the worker thread (the app kept "thinking");
a failed computer move left the hand stuck until a new deal.
"""

from __future__ import annotations

import dataclasses

import pytest

from app.main_window import MainWindow
from app.modes.app_mode import AppMode
from engine.session import bridge_session, hearts_session
from engine.session.hearts_session import HeartsStage


class Failures:
    """Makes the first ``times`` computer turns (not the fallback ones) raise ``exc``."""

    def __init__(self, times: int, exc: BaseException) -> None:
        self.times = times
        self.exc = exc
        self.fallbacks = 0

    def wrap(self, original):
        failures = self

        def computer_turn(session, *, fallback: bool = False):
            turn = original(session, fallback=fallback)
            if turn is None:
                return None
            if fallback:
                failures.fallbacks += 1
                return turn

            def job(cancel):  # the count is kept when a job runs (computer_turn is also asked as a check)
                if failures.times > 0:
                    failures.times -= 1
                    raise failures.exc
                return turn.job(cancel)

            return dataclasses.replace(turn, job=job)

        return computer_turn


def bridge_window(qtbot, tmp_path, monkeypatch, failures: Failures) -> MainWindow:
    monkeypatch.setattr(bridge_session.BridgeSession, "computer_turn",
                        failures.wrap(bridge_session.BridgeSession.computer_turn))
    w = MainWindow(seed=11, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3", mode=AppMode.BRIDGE,
                   dd_oracle=None, settings_file=tmp_path / "settings.json", bid_boards=False)
    w.bridge.pace_ms = 0
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    return w


def _settled(qtbot, controller) -> None:
    qtbot.waitUntil(lambda: not controller.is_thinking, timeout=10_000)


def test_a_failed_computer_card_is_retried_then_chosen_by_the_simple_player(qtbot, tmp_path, monkeypatch):
    failures = Failures(2, SystemExit(1))  # the worst a job can do
    w = bridge_window(qtbot, tmp_path, monkeypatch, failures)
    c = w.bridge
    _settled(qtbot, c)
    s = c.session
    assert s.play.ply == 0 and not s.is_user_turn  # the opening lead (declarer's left-hand opponent) failed
    assert c.can_retry and w.retry_action.isEnabled() and w.bridge_panel.retry_bar.isVisibleTo(w)
    leader = s.play.to_play.name.title()
    assert f"{leader}'s card failed: SystemExit" in c.retry_text and "Retry asks again" in c.retry_text
    assert w.statusBar().currentMessage().startswith("Engine error: SystemExit")
    w.bridge_panel.retry_bar.button.click()  # fails a second time
    _settled(qtbot, c)
    assert s.play.ply == 0 and c.can_retry and "Retry lets the simple player (rules) choose it" in c.retry_text
    w.retry_action.trigger()  # the simple player chooses the lead
    _settled(qtbot, c)
    assert s.play.ply >= 1 and failures.fallbacks == 1
    assert not c.can_retry and not w.retry_action.isEnabled() and not w.bridge_panel.retry_bar.isVisibleTo(w)
    assert w.worker._thread.is_alive()


def test_a_transient_failure_is_retried_with_the_same_player(qtbot, tmp_path, monkeypatch):
    failures = Failures(1, RuntimeError("the solver ran out of memory"))
    w = bridge_window(qtbot, tmp_path, monkeypatch, failures)
    _settled(qtbot, w.bridge)
    assert w.bridge.can_retry and "RuntimeError: the solver ran out of memory" in w.bridge.retry_text
    w.retry()
    _settled(qtbot, w.bridge)
    assert w.bridge.session.play.ply >= 1 and failures.fallbacks == 0 and not w.bridge.can_retry


def test_undo_or_a_new_deal_clears_the_failure(qtbot, tmp_path, monkeypatch):
    w = bridge_window(qtbot, tmp_path, monkeypatch, Failures(1, ValueError("bad")))
    _settled(qtbot, w.bridge)
    assert w.bridge.can_retry
    w.bridge.new_deal()
    qtbot.waitUntil(lambda: w.bridge.session is not None and w.bridge.session.play.ply >= 1, timeout=10_000)
    assert not w.bridge.can_retry


def test_hearts_passes_and_cards_that_fail_are_offered_again(qtbot, tmp_path, monkeypatch):
    failures = Failures(2, SystemExit(0))
    monkeypatch.setattr(hearts_session.HeartsSession, "computer_turn",
                        failures.wrap(hearts_session.HeartsSession.computer_turn))
    original_passes = hearts_session.HeartsSession.computer_pass_turn
    pass_failures = {"left": 1}

    def computer_pass_turn(session, *, fallback: bool = False):
        turn = original_passes(session, fallback=fallback)
        if turn is None or fallback:
            return turn

        def job(cancel):
            if pass_failures["left"] > 0:
                pass_failures["left"] -= 1
                raise KeyError("passes")
            return turn.job(cancel)

        return dataclasses.replace(turn, job=job)

    monkeypatch.setattr(hearts_session.HeartsSession, "computer_pass_turn", computer_pass_turn)
    w = MainWindow(seed=5, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3", mode=AppMode.HEARTS,
                   dd_oracle=None, settings_file=tmp_path / "settings.json")
    w.hearts.pace_ms = 0
    qtbot.addWidget(w)
    c = w.hearts
    _settled(qtbot, c)
    s = c.session
    if s.stage is HeartsStage.PASSING:
        assert c.can_retry and c.retry_text.startswith("The computer passes failed: KeyError")
        c.retry()
        _settled(qtbot, c)
        assert s.computer_passes is not None and not c.can_retry
        for card in list(s.user_hand())[:3]:
            c.card_chosen(card)
        c.confirm_pass()
    _settled(qtbot, c)
    while not c.can_retry and s.stage is HeartsStage.PLAYING:  # play our cards until a computer card fails
        if s.is_user_turn:
            c.card_chosen(min(s.state.legal_cards()))
        _settled(qtbot, c)
    assert c.can_retry and "card failed: SystemExit" in c.retry_text
    played = len(s.state.played)
    c.retry()
    _settled(qtbot, c)
    assert c.can_retry and "Retry lets the simple player (rules) choose" in c.retry_text
    assert w.hearts_panel.retry_bar.isVisibleTo(w)
    c.retry()
    _settled(qtbot, c)
    assert len(s.state.played) > played and failures.fallbacks == 1 and not c.can_retry
