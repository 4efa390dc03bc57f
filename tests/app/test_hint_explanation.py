"""The hint's explanation in the panel: after the values, the hints engine explains the recommended card in
bridge words (a finesse ending, so every consistent deal is solved in a moment), and a failing explanation
leaves the hint with a one-line note instead of crashing.

The deal is a full board whose first nine tricks lead to the textbook ending of tests/hints
(``finesse_third_hand``): South leads the ♠2, West plays low, and dummy holds ♠AQ over West's ♠K.
It is opened from a PBN file, as a user would, with the play so far.
"""

from __future__ import annotations

import time

import dataclasses
import random
import threading

import pytest

from app.controllers.hint_controller import HintConfig, bridge_hint_view
from app.main_window import MainWindow
from app.modes.app_mode import AppMode
from app.viewmodels.hints import HintStatus
from engine.core.cancel import Cancelled
from engine.bridge.contract import Contract
from engine.core.cards import card_symbol_str, parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.formats import write_pbn_file
from engine.session.bridge_pbn import session_to_pbn_game
from engine.session.bridge_session import BridgeBoard, BridgeSession, UserRole
from engine.session.contract_choice import ContractChoice, ContractMethod

FIRST_HINT_MS = 240_000  # the first hint of a process may load (or compile) the engine's kernels
FINESSE_DEAL = "N:AQJ7.A86.A72.962 T95.QT54.J84.AT3 632.K92.K63.KJ87 K84.J73.QT95.Q54"
NINE_TRICKS = ("DT D2 D8 D3 D5 D7 D4 D6 C2 C3 CJ CQ C4 C6 CA CK CT C7 C5 C9 S5 S6 S8 SJ "
               "H6 H5 H2 H3 H8 H4 H9 H7 C8 D9 S7 HT").split()
TO_THE_FINESSE = NINE_TRICKS + ["S2", "S4"]  # South leads towards dummy's ♠AQ, West plays low


def finesse_pbn(tmp_path, plays: list[str]):
    """A PBN file of the finesse board in 3NT by South (the user declares) with ``plays`` made."""
    deal = Deal.from_pbn(FINESSE_DEAL)
    choice = ContractChoice(Contract.parse("3NT"), Seat.SOUTH, 9, ContractMethod.BY_HAND)
    session = BridgeSession(BridgeBoard.numbered(1, deal), choice, role=UserRole.DECLARER)
    for card in plays:
        session.play.play(parse_card(card))
    path = tmp_path / "finesse.pbn"
    write_pbn_file(path, [session_to_pbn_game(session)])
    return path


def open_finesse(qtbot, tmp_path, plays: list[str]) -> MainWindow:
    w = MainWindow(seed=3, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3",
                   settings_file=tmp_path / "settings.json", mode=AppMode.BRIDGE, dd_oracle=None, bid_boards=False)
    w.bridge.pace_ms = 0
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.bridge.session is not None and not w.bridge.is_thinking, timeout=10_000)
    assert w.load_pbn(finesse_pbn(tmp_path, plays))
    qtbot.waitUntil(lambda: w.bridge.session is not None and w.bridge.session.play.ply == len(plays)
                    and not w.bridge.is_thinking, timeout=20_000)
    return w


@pytest.fixture
def finesse_window(qtbot, tmp_path):
    w = open_finesse(qtbot, tmp_path, TO_THE_FINESSE)
    w.hints.config = HintConfig(seed=2, min_interval=0.0, explain=True)
    return w


def test_the_panel_explains_the_finesse_in_bridge_words(qtbot, finesse_window):
    w = finesse_window
    s = w.bridge.session
    assert s.is_user_turn and s.play.to_play == Seat.NORTH  # dummy's card, chosen by the user as declarer
    view = bridge_hint_view(s)
    w.hint()
    qtbot.waitUntil(lambda: w.hints.status is HintStatus.DONE, timeout=FIRST_HINT_MS)

    result = w.hints_panel.result
    assert result.final and result.explanation and not result.explanation_error and result.exact
    panel = w.hints_panel
    assert panel.explanation.isVisible() and panel.explanation.text() == result.explanation
    text = panel.explanation.text()
    assert "finesse" in text.lower() and "♠Q" in text and "West holds the ♠K" in text
    assert text.startswith("Play the ♠Q")
    assert w.table.hint_card == parse_card("SQ") == result.best  # the values agree with the explanation

    from engine.hints import bridge_hint_for_view  # the same words the engine gives for this view

    config = w.hints.config
    expected = bridge_hint_for_view(view, budget=config.bridge_budget(), rng=random.Random(config.seed))
    assert text == expected.text
    assert panel.status_text == ""  # no note: the explanation is there


def test_the_star_the_top_bar_and_the_words_name_the_same_card_with_the_same_figure(qtbot, finesse_window):
    """One analysis behind everything the panel shows: the ★ row, the longest bar, the table's mark and the
    first sentence all name one card, and the figure printed on its bar is the one in the words."""
    from app.widgets.hints_panel import chance_text

    w = finesse_window
    w.hint()
    qtbot.waitUntil(lambda: w.hints.status is HintStatus.DONE, timeout=FIRST_HINT_MS)
    panel, result = w.hints_panel, w.hints_panel.result
    star = panel.highlighted_card
    top = max(result.rows, key=lambda r: r.value)
    assert star == result.best == w.table.hint_card
    assert top.value == result.row(star).value  # the star's bar is the longest (ties go to the star)
    text = panel.explanation.text()
    assert text.startswith(f"Play the {card_symbol_str(star)}")
    figure = chance_text(result.row(star))
    assert f"in {figure} of the deals" in text
    row_index = [r.card for r in result.rows].index(star)
    assert figure in panel.row_texts()[row_index]


def test_the_default_window_config_explains(qtbot, tmp_path):
    w = open_finesse(qtbot, tmp_path, TO_THE_FINESSE)
    assert w.hints.config.explain and not HintConfig().explain  # the window asks for explanations
    w.hints.config = dataclasses.replace(w.hints.config, min_interval=0.0)
    w.hint()
    qtbot.waitUntil(lambda: w.hints.status is HintStatus.DONE, timeout=FIRST_HINT_MS)
    assert "finesse" in w.hints_panel.explanation.text().lower()


def test_a_failing_bridge_analysis_is_reported_not_fatal(qtbot, finesse_window, monkeypatch):
    """The words and the figures are one analysis: when it fails, the hint fails (with its one-line reason)."""
    w = finesse_window
    import engine.hints as hints  # the job looks bridge_hint_for_view up here when it runs

    def broken(*args, **kwargs):
        raise RuntimeError("the teacher\nis out")

    monkeypatch.setattr(hints, "bridge_hint_for_view", broken)
    w.hint()
    qtbot.waitUntil(lambda: w.hints.status is HintStatus.FAILED, timeout=FIRST_HINT_MS)
    assert "the teacher" in w.hints.error and "the teacher" in w.statusBar().currentMessage()
    assert w.isVisible() and w.table.hint_card is None


def test_cancelling_keeps_the_first_answer_on_show(qtbot, finesse_window, monkeypatch):
    w = finesse_window
    import engine.hints as hints

    started = threading.Event()
    real = hints.bridge_hint_for_view

    def slow(view, *, cancel, on_update=None, **kwargs):
        first = real(view, **kwargs)
        on_update(dataclasses.replace(first, final=False))  # a first, quick answer
        started.set()
        while not cancel.cancelled:
            time.sleep(0.01)
        raise Cancelled("cancelled")

    monkeypatch.setattr(hints, "bridge_hint_for_view", slow)
    w.hint()
    qtbot.waitUntil(started.is_set, timeout=FIRST_HINT_MS)
    qtbot.waitUntil(lambda: w.hints.result is not None, timeout=10_000)
    assert w.hints.status is HintStatus.THINKING and not w.hints.result.final
    w.hints.cancel()
    assert w.hints.status is HintStatus.CANCELLED and w.hints_panel.result is not None
    assert w.hints_panel.result.best == parse_card("SQ")
    qtbot.waitUntil(lambda: w.worker.pending == 0, timeout=5_000)


def test_a_hearts_hint_gives_the_reason_for_its_card(qtbot, tmp_path):
    from app.controllers.hint_controller import hearts_hint_view
    from engine.session.hearts_session import HeartsStage

    w = open_finesse(qtbot, tmp_path, TO_THE_FINESSE)
    w.set_mode(AppMode.HEARTS)
    h = w.hearts
    h.pace_ms = 0
    qtbot.waitUntil(lambda: h.session is not None, timeout=10_000)
    while True:  # pass three cards, then play on until the user has a choice of cards
        qtbot.waitUntil(lambda: not h.is_thinking, timeout=20_000)
        s = h.session
        if s.stage is HeartsStage.PASSING:
            for card in list(s.user_hand())[:3]:
                h.card_chosen(card)
            qtbot.waitUntil(lambda: s.can_confirm_pass, timeout=20_000)
            h.confirm_pass()
            continue
        if len(s.state.played) >= 4 and len(s.state.legal_cards()) >= 2:
            break
        h.card_chosen(min(s.state.legal_cards()))
    view = hearts_hint_view(h.session)
    w.hints.config = HintConfig(hearts_worlds=8, hearts_time_limit=1000.0, seed=4, min_interval=0.0, explain=True)
    w.hint()
    qtbot.waitUntil(lambda: w.hints.status is HintStatus.DONE, timeout=FIRST_HINT_MS)
    text = w.hints_panel.explanation.text()
    assert w.hints_panel.explanation.isVisible() and text.startswith("Play the ")
    assert "Expected points for you" in text and "8 deals sampled" in text

    from engine.analysis.hearts import analyse_hearts
    from engine.hints import hearts_hint_from_analysis

    analysis = analyse_hearts(view, worlds=8, time_limit=1000.0, seed=4)  # the panel's own analysis
    assert text == hearts_hint_from_analysis(view, analysis).text
    assert w.hints_panel.result.best == analysis.best  # the star and the words: one analysis
