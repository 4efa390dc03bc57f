"""Hints through the UI: the Hint action (H) in Bridge and Hearts, the panel's values against the engine's own
analysis of the same view, the recommended card marked on the table, cancelling a long hint, and a card
played cancelling the outstanding one."""

from __future__ import annotations

import dataclasses
import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolBar

from app.controllers.hint_controller import HintConfig, bridge_hint_result, bridge_hint_view, hearts_hint_view
from app.main_window import MainWindow
from app.widgets.engine_status import status_text
from app.modes.app_mode import AppMode
from app.stats import Statistics
from app.viewmodels.hints import HintKind, HintStatus
from app.widgets.hints_panel import row_text
from app.viewmodels.table import display_order
from app.worker import EngineActivity
from engine.analysis.hearts import analyse_hearts
from engine.hints import bridge_hint_for_view
from engine.hints.render import pct
from engine.bridge.contract import Contract, Strain, Vulnerability
from engine.bridge.play import BridgePlay
from engine.bridge.view import view_for_turn
from engine.core.deal import random_deals
from engine.core.seats import Seat
from engine.hearts.passing import PassDirection
from engine.session.hearts_session import HeartsStage

FIRST_HINT_MS = 240_000  # the first hint of a process may load (or compile) the engine's kernels


def make_window(qtbot, tmp_path, seed: int = 11) -> MainWindow:
    w = MainWindow(seed=seed, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3",
                   settings_file=tmp_path / "settings.json", mode=AppMode.BRIDGE, dd_oracle=None, bid_boards=False)
    w.bridge.pace_ms = 0
    w.hearts.pace_ms = 0
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    return w


@pytest.fixture
def window(qtbot, tmp_path):
    return make_window(qtbot, tmp_path)


def _bridge_turn_at(qtbot, w: MainWindow, ply: int) -> None:
    """Play on (the user's lowest legal card) until it is the user's turn at ``ply`` or later."""
    s = w.bridge.session
    while True:
        qtbot.waitUntil(lambda: not w.bridge.is_thinking, timeout=20_000)
        if s.is_user_turn and s.play.ply >= ply:
            return
        assert s.is_user_turn
        w.bridge.card_chosen(min(s.play.legal_cards()))


def _hearts_turn(qtbot, w: MainWindow, played: int) -> None:
    """Hearts: pass, then play on until the user is to play with at least two legal cards, ``played`` cards in."""
    w.set_mode(AppMode.HEARTS)
    h = w.hearts
    qtbot.waitUntil(lambda: h.session is not None, timeout=10_000)
    while True:
        qtbot.waitUntil(lambda: not h.is_thinking, timeout=20_000)
        s = h.session
        if s.stage is HeartsStage.PASSING:
            for card in list(s.user_hand())[:3]:
                h.card_chosen(card)
            qtbot.waitUntil(lambda: s.can_confirm_pass, timeout=20_000)
            h.confirm_pass()
            continue
        assert s.stage is HeartsStage.PLAYING and s.is_user_turn
        if len(s.state.played) >= played and len(s.state.legal_cards()) >= 2:
            return
        h.card_chosen(min(s.state.legal_cards()))


def _hints_used(w, tmp_path) -> int:
    assert w.stats.flush()  # recorded on the statistics thread
    with Statistics(tmp_path / "stats.sqlite3") as stats:
        return stats.summary().hints_used


def test_bridge_hint_by_keyboard_shows_the_engine_values_of_the_users_view(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, seed=13)  # 4♠ by South; at trick five the cards' chances differ
    w.hints.config = HintConfig(bridge_worlds=24, bridge_first_worlds=6, bridge_max_moves=1, bridge_time_limit=None,
                                seed=5, min_interval=0.0, explain=True)
    _bridge_turn_at(qtbot, w, 17)
    s = w.bridge.session
    assert w.hint_action.isEnabled() and w.hints_dock.isHidden()
    view = bridge_hint_view(s)
    w.table.setFocus()
    statuses: list[str] = []
    w.worker.status_changed.connect(lambda status: statuses.append(status_text(status)))
    qtbot.keyClick(w.table, Qt.Key.Key_H)  # the shortcut, from the card table
    assert w.hints.status is HintStatus.THINKING and w.hints_dock.isVisible()
    qtbot.waitUntil(lambda: w.hints.status is HintStatus.DONE, timeout=FIRST_HINT_MS)
    # the words a player reads name no engine (PIMC, αμ and its M, "worlds"): the advanced view does
    for words in [w.hints_panel.explanation.text(), *statuses]:
        assert not any(j in words.lower() for j in ("pimc", "αμ", "alphamu", "worlds", "m = ")), words
    assert any("possible deals" in t for t in statuses), statuses

    expected = bridge_hint_for_view(view, budget=w.hints.config.bridge_budget(), rng=random.Random(5))
    result = w.hints_panel.result
    assert result.kind is HintKind.BRIDGE and result.final and result.worlds_used == expected.worlds == 24
    by_card = {c: cand for cand in expected.candidates for c in cand.equivalents}
    assert {r.card for r in result.rows} == set(view.legal_cards) == set(by_card)
    assert s.user_on_declaring_side  # so the bars are declarer's own chance and tricks
    assert len({r.value for r in result.rows}) > 1  # a position where the values tell the cards apart
    for row in result.rows:
        cand = by_card[row.card]
        assert row.value == pytest.approx(cand.p_goal, abs=1e-12)
        assert row.error == pytest.approx(cand.error, abs=1e-12)
        assert row.detail == pytest.approx(cand.expected_tricks, abs=1e-12)
    assert result.best == expected.best and result.explanation == expected.text  # one analysis
    assert w.hints_panel.highlighted_card == expected.best == w.table.hint_card
    assert w.hints_panel.row_texts() == [row_text(HintKind.BRIDGE, r) for r in result.rows]
    # one move searched, then double dummy on each deal: a club player's analysis (no jargon unless asked for)
    assert w.hints_panel.engine_label.text() == "Analysis: Club player"
    assert w.hints_panel.worlds_label.text() == "Estimated from 24 deals (± is the 95% error)"
    w.hints_panel.set_details(True)
    assert "estimate (" in w.hints_panel.engine_label.text()
    w.hints_panel.set_details(False)
    assert w.hints_panel.explanation.isVisible()  # the words come with the figures, from the same analysis
    assert _hints_used(w, tmp_path) == 1

    w.bridge.card_chosen(expected.best)  # playing a card ends the hint and its mark
    assert w.hints.status is HintStatus.IDLE and w.table.hint_card is None
    assert w.hints_panel.result is None and w.hints_panel.explanation.isHidden()


def test_hearts_hint_from_the_toolbar_shows_expected_points_and_moon_risk(qtbot, window, tmp_path):
    w = window
    w.hints.config = HintConfig(hearts_worlds=40, hearts_time_limit=1000.0, seed=3, min_interval=0.0)
    _hearts_turn(qtbot, w, 8)
    view = hearts_hint_view(w.hearts.session)
    toolbar = w.findChild(QToolBar, "main-toolbar")
    button = toolbar.widgetForAction(w.hint_action)
    assert button is not None and w.hint_action.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.hints.status is HintStatus.DONE, timeout=FIRST_HINT_MS)

    expected = analyse_hearts(view, worlds=40, time_limit=1000.0, seed=3)
    result = w.hints_panel.result
    assert result.kind is HintKind.HEARTS and result.worlds_used == expected.worlds == 40
    assert {r.card for r in result.rows} == set(view.legal_cards.ascending()) == {c.card for c in expected.cards}
    by_card = {c.card: c for c in expected.cards}
    for row in result.rows:
        assert row.value == pytest.approx(by_card[row.card].expected_points, abs=1e-12)
        assert row.detail == pytest.approx(by_card[row.card].moon_risk, abs=1e-12)
    assert result.best == expected.best == w.hints_panel.highlighted_card == w.table.hint_card
    assert w.hints_panel.engine_label.text() == "Analysis: Expert" and "MC-Max_n" in w.hints_panel.engine_label.toolTip()
    assert _hints_used(w, tmp_path) == 1


def test_a_long_hint_refines_and_is_cancelled_by_the_cancel_button(qtbot, window):
    w = window
    _hearts_turn(qtbot, w, 4)
    w.hints.config = HintConfig(hearts_worlds=8, seed=1, min_interval=0.0)  # warm the Hearts kernels first
    w.hint()
    qtbot.waitUntil(lambda: w.hints.status is HintStatus.DONE, timeout=FIRST_HINT_MS)

    w.hints.config = HintConfig(hearts_worlds=1_000_000, hearts_time_limit=1000.0, seed=1, min_interval=0.05)
    w.hint()
    first = w.hints.request_id
    qtbot.waitUntil(lambda: w.hints.result is not None and w.hints.result.worlds_used >= 8, timeout=30_000)
    seen = w.hints.result.worlds_used
    qtbot.waitUntil(lambda: w.hints.result.worlds_used > seen, timeout=30_000)  # it refines (anytime)
    assert not w.hints.result.final and w.hints_panel.progress.isVisible()
    panel = w.hints_panel
    assert panel.cancel_button.isVisible() and panel.cancel_button.isEnabled()
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)

    assert w.hints.status is HintStatus.CANCELLED and "Cancelled" in panel.status_text
    assert "Cancelled after" in panel.worlds_label.text() and panel.cancel_button.isHidden()
    partial = panel.result
    assert partial is not None and partial.worlds_used < 1_000_000  # the values so far stay, marked partial
    qtbot.waitUntil(lambda: w.worker.pending == 0 and w.worker.status.activity is EngineActivity.IDLE,
                    timeout=5_000)  # the job stopped: the worker is free again
    assert w.hints.request_id is None and first is not None

    w.hints.config = HintConfig(hearts_worlds=8, seed=2, min_interval=0.0)
    w.hint()  # and it serves the next request
    qtbot.waitUntil(lambda: w.hints.status is HintStatus.DONE, timeout=30_000)
    assert w.hints.result.worlds_used == 8


def test_a_new_request_or_a_card_played_cancels_the_outstanding_hint(qtbot, window):
    w = window
    _hearts_turn(qtbot, w, 4)
    w.hints.config = HintConfig(hearts_worlds=1_000_000, hearts_time_limit=1000.0, seed=1, min_interval=0.05)
    w.hint()
    first = w.hints.request_id
    qtbot.waitUntil(lambda: w.worker.status.request_id == first, timeout=FIRST_HINT_MS)
    w.hint()  # a second request replaces the first
    second = w.hints.request_id
    assert second != first and w.hints.status is HintStatus.THINKING and w.hints.result is None
    qtbot.waitUntil(lambda: w.worker.status.request_id == second, timeout=10_000)  # the first one stopped

    s = w.hearts.session
    ply = len(s.state.played)
    w.hearts.card_chosen(min(s.state.legal_cards()))  # playing a card ends it too
    assert w.hints.status is HintStatus.IDLE and w.hints.request_id is None and w.table.hint_card is None
    qtbot.waitUntil(lambda: len(s.state.played) > ply + 1 or s.stage is not HeartsStage.PLAYING or s.is_user_turn,
                    timeout=20_000)  # the computers play on: the worker was freed


def test_hint_is_disabled_when_it_is_not_the_users_turn_and_an_engine_error_never_crashes(qtbot, window, monkeypatch):
    w = window
    _bridge_turn_at(qtbot, w, 8)
    assert w.hint_action.isEnabled()
    w.set_mode(AppMode.HEARTS)
    qtbot.waitUntil(lambda: w.hearts.session is not None, timeout=10_000)
    assert w.hearts.session.stage is HeartsStage.PASSING
    if w.hearts.session.direction is not PassDirection.HOLD:  # Hint during the pass: a pass to make, no card hint
        assert w.hint_action.isEnabled()
        w.hint()
        assert w.hearts.suggesting and w.hints.status is HintStatus.IDLE and w.hints.request_id is None
        qtbot.waitUntil(lambda: w.hearts.pass_hint is not None, timeout=30_000)
    w.set_mode(AppMode.BRIDGE)

    import engine.hints as hints  # the job looks bridge_hint_for_view up there when it runs

    def broken(*args, **kwargs):
        raise RuntimeError("the solver exploded")

    monkeypatch.setattr(hints, "bridge_hint_for_view", broken)
    w.hint()
    qtbot.waitUntil(lambda: w.hints.status is HintStatus.FAILED, timeout=10_000)
    assert "exploded" in w.hints_panel.status_text and "exploded" in w.statusBar().currentMessage()
    assert w.isVisible() and w.worker.status.activity in (EngineActivity.IDLE, EngineActivity.THINKING)


def test_a_defender_sees_the_chance_of_beating_the_contract_and_the_defenders_tricks():
    from engine.hints import HintBudget

    deal = random_deals(8, 1)[0]
    play = BridgePlay(deal, Contract(4, Strain.SPADES), Seat.SOUTH, Vulnerability.NONE)
    view = view_for_turn(play)  # West's opening lead
    assert view.seat == Seat.WEST
    hint = bridge_hint_for_view(view, budget=HintBudget(worlds=8, first_worlds=4, max_moves=1, time_limit=None))
    result = bridge_hint_result(hint, view)
    assert result.goal == "beat 4♠" and result.final and not result.exact and result.method == "estimate"
    by_card = {c: cand for cand in hint.candidates for c in cand.equivalents}
    solved = {c for cand in hint.candidates if cand.expected_tricks is not None for c in cand.equivalents}
    assert {hint.best, *hint.tied} <= solved or not hint.tied  # the tie-break's figure: the tied cards have it
    for r in result.rows:
        tricks = by_card[r.card].expected_tricks
        assert r.value == pytest.approx(by_card[r.card].p_goal)
        assert r.detail == (None if tricks is None else 13 - tricks)
        assert (" tricks" in row_text(HintKind.BRIDGE, r)) == (tricks is not None)
        assert 0.0 <= r.value <= 1.0  # a defender's chance of beating it, with its sampling error
        assert r.error == pytest.approx(by_card[r.card].error) and (r.error > 0.0 or r.value in (0.0, 1.0))
    assert [r.card for r in result.rows] == list(display_order(view.legal_cards))  # as the hand is fanned
    assert result.best == hint.best


def test_hint_config_budget_is_the_one_the_engine_gets():
    config = HintConfig(bridge_worlds=7, bridge_max_moves=2, bridge_time_limit=3.0, bridge_exact_layouts=50,
                        bridge_exact_nodes=900, bridge_first_worlds=3)
    budget = config.bridge_budget()
    assert (budget.worlds, budget.max_moves, budget.time_limit, budget.exact_layouts, budget.exact_nodes,
            budget.first_worlds) == (7, 2, 3.0, 50, 900, 3)


def test_a_row_without_solved_tricks_shows_its_chance_and_says_why_no_tricks(qtbot):
    """A defender's estimate solves expected tricks only for the recommended card (and its ties): the other
    rows show their chance, no tricks figure, and a tooltip that says the tricks were not worked out."""
    from engine.core.cards import parse_card

    from app.viewmodels.hints import HintRow
    from app.widgets.hints_panel import UNSOLVED_TRICKS, HintBars

    best, other = parse_card("SK"), parse_card("H2")
    rows = (HintRow(best, 0.62, 4.3, 0.05), HintRow(other, 0.55, None, 0.05))
    assert row_text(HintKind.BRIDGE, rows[0]) == "♠K 62% ± 5% 4.3 tricks"
    assert row_text(HintKind.BRIDGE, rows[1]) == "♥2 55% ± 5%"
    bars = HintBars()
    qtbot.addWidget(bars)
    bars.set_rows(HintKind.BRIDGE, rows, best, False)
    bars.resize(320, 80)
    bars.show()
    bars.grab()  # paints every row: a row without tricks must paint too
    assert bars.tooltip_for(rows[1]) == f"♥2: 55% ± 5% chance, {UNSOLVED_TRICKS}"
    assert bars.tooltip_for(rows[0]).startswith("♠K: 62% ± 5% chance, 4.30 tricks for your side")
