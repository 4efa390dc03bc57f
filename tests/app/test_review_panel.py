""""Review my play" at the end of a bridge deal: the post-mortem runs on the engine worker, the dialog lists
each of the user's cards (chance before → after), the costly ones with the better card and why, and the
table rings them in red; an engine error shows a message and never crashes.

The board is opened from a PBN file at the textbook finesse ending of tests/hints (dummy's ♠AQ over
West's ♠K after South's ♠2 and West's low spade); the user then cashes the ♠A instead of finessing the
♠Q and plays on.  The review covers the ending (``first_trick=10``) so every consistent deal is solved
in a moment.
"""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt

from app.controllers.review_controller import ReviewConfig, ReviewStatus
from app.main_window import MainWindow
from app.modes.app_mode import AppMode
from app.widgets.card_table import MARK_COLOUR
from engine.core.cancel import Cancelled
from engine.bridge.contract import Contract
from engine.core.cards import parse_card
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.formats import write_pbn_file
from engine.session.bridge_pbn import session_to_pbn_game
from engine.session.bridge_session import BridgeBoard, BridgeSession, UserRole
from engine.session.contract_choice import ContractChoice, ContractMethod

REVIEW_MS = 240_000  # the first solve of a process may load (or compile) the engine's kernels
FINESSE_DEAL = "N:AQJ7.A86.A72.962 T95.QT54.J84.AT3 632.K92.K63.KJ87 K84.J73.QT95.Q54"
TO_THE_FINESSE = ("DT D2 D8 D3 D5 D7 D4 D6 C2 C3 CJ CQ C4 C6 CA CK CT C7 C5 C9 S5 S6 S8 SJ "
                  "H6 H5 H2 H3 H8 H4 H9 H7 C8 D9 S7 HT S2 S4").split()
SA, SQ = parse_card("SA"), parse_card("SQ")


def _pbn(tmp_path):
    deal = Deal.from_pbn(FINESSE_DEAL)
    choice = ContractChoice(Contract.parse("3NT"), Seat.SOUTH, 9, ContractMethod.BY_HAND)
    session = BridgeSession(BridgeBoard.numbered(1, deal), choice, role=UserRole.DECLARER)
    for card in TO_THE_FINESSE:
        session.play.play(parse_card(card))
    path = tmp_path / "finesse.pbn"
    write_pbn_file(path, [session_to_pbn_game(session)])
    return path


@pytest.fixture
def finished(qtbot, tmp_path) -> MainWindow:
    """The finesse board played to the end by the user, who cashed the ♠A instead of finessing."""
    w = MainWindow(seed=3, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3",
                   settings_file=tmp_path / "settings.json", mode=AppMode.BRIDGE, dd_oracle=None, bid_boards=False)
    w.bridge.pace_ms = 0
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.bridge.session is not None and not w.bridge.is_thinking, timeout=10_000)
    assert w.load_pbn(_pbn(tmp_path))
    qtbot.waitUntil(lambda: w.bridge.session is not None and w.bridge.session.play.ply == len(TO_THE_FINESSE)
                    and not w.bridge.is_thinking, timeout=20_000)
    s = w.bridge.session
    assert not w.bridge_panel.review.isVisible()  # offered only once the deal is over
    w.bridge.card_chosen(SA)  # the mistake: the ♠K is not caught
    while not s.is_complete:
        qtbot.waitUntil(lambda: s.is_complete or (s.is_user_turn and not w.bridge.is_thinking), timeout=20_000)
        if not s.is_complete:
            w.bridge.card_chosen(min(s.play.legal_cards()))
    qtbot.waitUntil(lambda: w.bridge.last_summary is not None, timeout=5_000)
    assert not w.bridge.last_summary.made
    w.review.config = ReviewConfig(first_trick=10, worlds=12, exact_limit=300)
    return w


def _open_review(qtbot, w: MainWindow):
    button = w.bridge_panel.review
    assert button.isVisible() and button.text() == "Review my play"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = w.review_dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_the_review_lists_the_costly_card_and_rings_it_on_the_table(qtbot, finished):
    w = finished
    dialog = _open_review(qtbot, w)
    assert w.review.status is ReviewStatus.RUNNING and dialog.progress.isVisible() and dialog.cancel_button.isVisible()
    qtbot.waitUntil(lambda: w.review.status is ReviewStatus.DONE, timeout=REVIEW_MS)

    result = w.review.result
    lines = dialog.line_texts()
    assert len(lines) == len(result.lines) >= 4 and not dialog.progress.isVisible()
    assert all(ln.seat in (Seat.NORTH, Seat.SOUTH) for ln in result.lines)  # the user's cards (and dummy's)
    (costly,) = result.costly
    assert (costly.card, costly.better, costly.trick, costly.seat) == (SA, SQ, 10, Seat.NORTH)
    assert costly.p_before > 0.3 and costly.p_after < costly.p_before - 0.2
    row = dialog.costly_rows()[0]
    assert lines[row] == f"! Trick 10  N ♠A  {costly.p_before:.0%} → {costly.p_after:.0%}  (♠Q was better)"
    assert dialog.lines.item(row).foreground().color() == MARK_COLOUR
    assert "went down 1" in dialog.summary.text() and "Trick 10, the ♠A" in dialog.summary.text()

    # The deal as dealt, every costly card ringed in red.
    assert w.table.marked_cards == {SA} and w.table.marked_colour(SA) == MARK_COLOUR
    assert all(len(h.cards) == 13 for h in w.table.state.hands)
    assert "♠A (trick 10)" in dialog.explanation.text()

    # The costly card selected: the position where it was played, the better card marked like a hint.
    dialog.select_line(row)
    state = w.table.state
    assert [c for _, c in state.trick] == [parse_card("S2"), parse_card("S4")]
    assert all(len(h.cards) == 4 - (h.seat in (Seat.SOUTH, Seat.WEST)) for h in state.hands)
    assert w.table.marked_cards == {SA} and w.table.hint_card == SQ
    text = dialog.explanation.text()
    assert text.startswith("Trick 10: the ♠Q was better than your ♠A") and "finesse" in text
    assert "West holds the ♠K" in text

    other = next(i for i, ln in enumerate(result.lines) if not ln.costly)
    dialog.select_line(other)
    assert w.table.marked_cards == frozenset() and w.table.hint_card is None

    dialog.close()  # the table goes back to the finished deal: every hand face up as dealt
    assert w.table.marked_cards == frozenset() and w.review.status is ReviewStatus.IDLE
    assert all(len(h.cards) == 13 and h.face_up for h in w.table.state.hands) and w.table.state.centre_text


def test_a_new_deal_closes_the_review(qtbot, finished):
    w = finished
    dialog = _open_review(qtbot, w)
    qtbot.waitUntil(lambda: w.review.status is ReviewStatus.DONE, timeout=REVIEW_MS)
    w.bridge.new_deal()
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5_000)
    assert w.table.marked_cards == frozenset() and w.review.result is None


def test_an_engine_error_in_the_review_is_shown_and_never_crashes(qtbot, finished, monkeypatch):
    w = finished
    import engine.hints.review as review  # the job imports review_play from here when it runs

    def broken(*args, **kwargs):
        raise RuntimeError("the replay broke")

    monkeypatch.setattr(review, "review_play", broken)
    dialog = _open_review(qtbot, w)
    qtbot.waitUntil(lambda: w.review.status is ReviewStatus.FAILED, timeout=REVIEW_MS)
    assert dialog.summary.text() == "The review failed: RuntimeError: the replay broke"
    assert "the replay broke" in w.statusBar().currentMessage()
    assert dialog.lines.isHidden() and w.table.marked_cards == frozenset() and w.isVisible()

    monkeypatch.undo()  # and the next review works
    qtbot.mouseClick(w.bridge_panel.review, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.review.status is ReviewStatus.DONE, timeout=REVIEW_MS)
    assert w.table.marked_cards == {SA}


def test_cancelling_the_review(qtbot, finished, monkeypatch):
    w = finished
    import threading

    import engine.hints.review as review

    started = threading.Event()

    def slow(*args, cancel, **kwargs):
        started.set()
        while not cancel.cancelled:
            time.sleep(0.01)
        raise Cancelled("stopped")

    monkeypatch.setattr(review, "review_play", slow)
    dialog = _open_review(qtbot, w)
    qtbot.waitUntil(started.is_set, timeout=REVIEW_MS)
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert w.review.status is ReviewStatus.CANCELLED and "cancelled" in dialog.summary.text()
    qtbot.waitUntil(lambda: w.worker.pending == 0, timeout=5_000)
