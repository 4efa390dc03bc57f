"""Keyboard play keeps working after any click or dialog: the arrows and Enter reach the cards."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QToolBar

from app.main_window import MainWindow
from tests.app.test_bridge_mode import _idle, _playable
from tests.app.windows import open_window


def _window(qtbot, tmp_path) -> MainWindow:
    w = open_window(qtbot, tmp_path)
    w.activateWindow()
    _idle(qtbot, w)
    return w


def _press(qtbot, w: MainWindow, key) -> None:
    """A key press as the user makes it: delivered to whatever holds the focus now (or the window)."""
    target = QApplication.focusWidget() or w
    qtbot.keyClick(target, key)


def _plays_by_keyboard(qtbot, w: MainWindow) -> None:
    s = w.bridge.session
    qtbot.waitUntil(lambda: s.is_user_turn, timeout=10_000)
    before = s.play.ply
    _press(qtbot, w, Qt.Key.Key_Right)
    assert w.table.focus_card in _playable(w)
    _press(qtbot, w, Qt.Key.Key_Return)
    assert s.play.ply == before + 1
    _idle(qtbot, w)


def test_keys_reach_the_cards_after_toolbar_panel_and_list_clicks_and_dialogs(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    toolbar = w.findChild(QToolBar, "main-toolbar")
    _plays_by_keyboard(qtbot, w)

    qtbot.mouseClick(toolbar.widgetForAction(w.hint_panel_action), Qt.MouseButton.LeftButton)  # a toolbar button
    _plays_by_keyboard(qtbot, w)

    w.bridge_panel.role.setFocus()  # a chooser the user clicked into and left with the focus
    qtbot.mouseClick(w.bridge_panel.new_board, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.bridge.session is not None and w.bridge.session.board.number == 2, timeout=10_000)
    qtbot.waitUntil(lambda: w.bridge.session.is_user_turn, timeout=10_000)
    w.table.clearFocus()
    w.bridge_panel.review.setFocus()  # a button that took the focus (Tab)
    _press(qtbot, w, Qt.Key.Key_Right)  # the arrows still move over the cards
    assert w.table.hasFocus() and w.table.focus_card in _playable(w)
    _plays_by_keyboard(qtbot, w)

    dialog = w.open_settings()  # a dialog opened and closed
    dialog.reject()
    _plays_by_keyboard(qtbot, w)
    about = w.open_about()
    about.reject()
    _plays_by_keyboard(qtbot, w)

    qtbot.mouseClick(w.bridge_panel.record.viewport(), Qt.MouseButton.LeftButton)  # the trick record
    _plays_by_keyboard(qtbot, w)
    assert w.keyboard.forwarded >= 2


def test_panel_buttons_and_choosers_do_not_take_the_focus_on_a_click(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    w.table.setFocus()
    for widget in (w.bridge_panel.new_board, w.bridge_panel.replay, w.bridge_panel.role, w.bridge_panel.player.level,
                   w.hints_panel.hide_button):
        assert widget.focusPolicy() == Qt.FocusPolicy.TabFocus, widget
    line_edit = w.suit_panel.north  # but a text field keeps its keys
    assert line_edit.focusPolicy() != Qt.FocusPolicy.TabFocus


def test_keys_reach_the_cards_after_an_auction_called_with_the_mouse(qtbot, tmp_path):
    """The bidding box holds the keys while the user calls; when it hides, the cards must get them
    (Qt would pass the focus on to the trick record, which keeps the arrows: found under Xvfb)."""
    w = open_window(qtbot, tmp_path, seed=21, ready=False, bid_boards=True)
    w.activateWindow()
    box = w.bridge_panel.bidding_box
    qtbot.waitUntil(lambda: w.bridge.auction is not None, timeout=10_000)
    for _ in range(12):
        qtbot.waitUntil(lambda: w.bridge.user_to_call or w.bridge.session is not None or w.bridge.passed_out,
                        timeout=10_000)
        if not w.bridge.user_to_call:
            break
        qtbot.waitUntil(lambda: QApplication.focusWidget() is box, timeout=2_000)  # the box holds the keys
        call = w.bridge.auction.system_call().call
        qtbot.mouseClick(box.button(call), Qt.MouseButton.LeftButton)
    assert w.bridge.session is not None, "seed 21's auction ends in a contract"
    qtbot.waitUntil(lambda: w.bridge.session.is_user_turn and not w.bridge.is_thinking, timeout=20_000)
    assert not isinstance(QApplication.focusWidget(), QAbstractItemView), "the trick record took the keys"
    _plays_by_keyboard(qtbot, w)
