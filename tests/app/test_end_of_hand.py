"""The end of a bridge hand: claims counted by the review, Undo taking the result back, rejected claims explained."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from app.main_window import MainWindow
from engine.core.deal import Deal
from engine.core.seats import Seat
from engine.session.bridge_session import UserRole
from engine.session.double_dummy import declarer_side_tricks_left
from tests.app.test_bridge_mode import _EndingOracle, _idle, _play_by_clicks_until
from tests.app.windows import open_window


class _ClaimsEverything:
    """The side on play takes every trick left (a stand-in solver: claims at once, nothing to search)."""

    def declarer_tricks(self, deal, strain, declarer):
        return 9 if strain == 4 else 7

    def tricks_per_card(self, deal: Deal, strain, leader, played=()):
        to_move = Seat((leader + len(played)) % 4)
        tricks = max(deal.hand_sizes())
        return {c: tricks for c in deal[to_move]}


def _window(qtbot, tmp_path, oracle) -> MainWindow:
    w = open_window(qtbot, tmp_path, oracle=oracle)
    _idle(qtbot, w)
    return w


def test_the_review_counts_the_tricks_a_claim_gave(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, _ClaimsEverything())
    s = w.bridge.session
    assert s.is_user_turn and s.play.ply == 1  # the opening lead is made; the whole hand is still to play
    w.bridge.claim(13)
    _idle(qtbot, w)
    assert s.is_complete and w.bridge.last_summary.declarer_tricks == 13
    dialog = w.review_play()
    qtbot.waitUntil(lambda: w.review.result is not None, timeout=60_000)
    summary = w.review.result.summary
    assert "took 13, 13 of them by a claim of the last 13" in summary and "(made)" in summary
    assert "went down" not in dialog.summary.text()


def test_undo_after_the_end_takes_the_result_away(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, None)
    _play_by_clicks_until(qtbot, w, 52)
    panel = w.bridge_panel
    assert w.bridge.last_summary is not None and panel.summary.isVisible() and panel.review.isVisible()
    assert dict((r.label, r.value) for r in w.info_panel.rows)["Score"] != "—"
    w.undo_action.trigger()
    _idle(qtbot, w)
    assert not w.bridge.session.is_complete
    assert w.bridge.last_summary is None and not panel.summary.isVisible() and not panel.review.isVisible()
    assert dict((r.label, r.value) for r in w.info_panel.rows)["Score"] == "—"


def test_a_rejected_claim_is_explained_in_a_dialog_with_the_line_that_beats_it(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, _EndingOracle())
    w.bridge_panel.role.setCurrentIndex(w.bridge_panel.role.findData(UserRole.DEFENDER))
    w.bridge_panel.new_board.click()
    qtbot.waitUntil(lambda: w.bridge.session is not None and w.bridge.session.role is UserRole.DEFENDER, timeout=10_000)
    _play_by_clicks_until(qtbot, w, 40)  # three tricks left: you defend and claim them all
    s = w.bridge.session
    remaining = s.play.remaining_tricks
    best = remaining - declarer_side_tricks_left(_EndingOracle(), s.play)
    assert not s.user_on_declaring_side and best < remaining, "this deal needs a trick declarer can win"
    w.bridge.claim(remaining)
    _idle(qtbot, w)
    assert not s.is_complete
    box = w.claim_dialog
    assert isinstance(box, QMessageBox) and box.isVisible() and box.windowTitle() == "Claim rejected"
    text = box.text()
    assert f"You claimed {remaining} tricks of the remaining {remaining}" in text
    assert f"with the best play by declarer your side takes only {best}" in text and "Trick 11:" in text
    rows = [r for r in text.splitlines() if r.startswith("Trick ")]
    declarer_side = {s.declarer.name.title(), s.declarer.partner.name.title()}
    assert rows and any(f" — {name} wins" in rows[-1] for name in declarer_side)  # the trick declarer wins
    box.accept()
    assert w.table.hasFocus() or not w.isActiveWindow()


def test_the_result_line_counts_one_trick_in_the_singular():
    """'1 tricks, down 8' was on the end-of-hand screen (seen under Xvfb)."""
    from app.controllers.bridge_controller import describe_summary
    from engine.bridge.contract import Contract
    from engine.core.seats import Seat
    from engine.session.bridge_session import DealSummary

    def line(tricks: int) -> str:
        summary = DealSummary(contract=Contract.parse("3NT"), declarer=Seat.SOUTH, declarer_tricks=tricks, score=0,
                              claim=None, dd_tricks=None, user_on_declaring_side=True)
        return describe_summary(summary).splitlines()[0]

    assert ": 1 trick, down 8." in line(1)
    assert ": 0 tricks, down 9." in line(0) and ": 9 tricks, made exactly." in line(9)
