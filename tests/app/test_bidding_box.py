"""Bidding in the app: the board starts with the auction, the user calls by mouse and by keyboard,
every call can be explained, the bid hint answers, and the play starts from the auction's contract."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.main_window import MainWindow
from app.modes.app_mode import AppMode
from engine.bridge.auction import PASS, Call
from engine.core.seats import Seat


class CountingOracle:
    """Instant stand-in for the double-dummy solver (the bid hint only needs declarer_tricks)."""

    def declarer_tricks(self, deal, strain, declarer, *, node_limit=None):
        side = (deal[declarer], deal[Seat(declarer).partner])
        hcp = sum(h.hcp() for h in side)
        fit = 0 if strain == 4 else sum(h.suit_length(strain) for h in side) - 7
        return max(0, min(13, 6 + max(fit, 0) + (hcp - 20) // 4))


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(seed=21, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3",
                   settings_file=tmp_path / "settings.json", mode=AppMode.BRIDGE, dd_oracle=None)
    w.bridge.pace_ms = 0
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.bridge.auction is not None, timeout=10_000)
    return w


def _user_to_call(qtbot, w):
    qtbot.waitUntil(lambda: w.bridge.user_to_call or w.bridge.session is not None or w.bridge.passed_out, timeout=10_000)
    return w.bridge.user_to_call


def test_the_board_starts_with_the_auction_and_hides_the_other_hands(window):
    w = window
    state = w.bridge.table_state(w.settings.hand_visibility)
    faces = {h.seat: h.face_up for h in state.hands}
    assert faces[Seat.SOUTH] and not faces[Seat.NORTH] and not faces[Seat.EAST] and not faces[Seat.WEST]
    assert w.bridge_panel.auction_box.isVisible()


def test_calls_by_mouse_and_keyboard_until_the_play_starts(qtbot, window):
    w = window
    box = w.bridge_panel.bidding_box
    for _ in range(12):
        if not _user_to_call(qtbot, w):
            break
        calls = [b.call for b in w.bridge.bidding_box() if b.enabled]
        system = w.bridge.auction.system_call().call
        before = len(w.bridge.auction.records)
        if system.is_bid:  # type it: level, then strain
            qtbot.keyClick(box, Qt.Key(Qt.Key.Key_0 + system.level))
            qtbot.keyClick(box, {0: Qt.Key.Key_S, 1: Qt.Key.Key_H, 2: Qt.Key.Key_D, 3: Qt.Key.Key_C, 4: Qt.Key.Key_N}[int(system.strain)])
        else:  # click it
            assert system in calls
            qtbot.mouseClick(box.button(system), Qt.MouseButton.LeftButton)
        assert len(w.bridge.auction.records) > before and w.bridge.auction.records[before].call == system
    assert w.bridge.session is not None or w.bridge.passed_out
    if w.bridge.session is not None:
        choice = w.bridge.auction.contract_choice()
        assert w.bridge.session.contract == choice.contract and w.bridge.session.declarer == choice.declarer
        assert w.bridge.session.auction == tuple(w.bridge.auction.records)


def test_every_call_is_explained_on_click_and_the_box_says_what_a_call_would_mean(qtbot, window):
    w = window
    if not _user_to_call(qtbot, w):
        pytest.skip("the auction ended before South's turn")
    one_nt = Call.parse("1NT")
    box = [b for b in w.bridge.bidding_box() if b.call == one_nt]
    if box and box[0].enabled:
        assert box[0].meaning and w.bridge_panel.bidding_box.button(one_nt).toolTip().startswith("1NT: ")
    qtbot.mouseClick(w.bridge_panel.bidding_box.button(PASS), Qt.MouseButton.LeftButton)
    view = w.bridge_panel.auction_view
    first = next((r, c) for r in range(view.rowCount()) for c in range(4) if view.item(r, c) and view.item(r, c).text())
    view.cellClicked.emit(*first)
    text = w.bridge_panel.explanation.text()
    assert ":" in text and any(name in text for name in ("North", "East", "South", "West"))


def test_the_bid_hint_gives_the_system_call(qtbot, tmp_path):
    w = MainWindow(seed=21, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3",
                   settings_file=tmp_path / "settings.json", mode=AppMode.BRIDGE, dd_oracle=CountingOracle())
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.bridge.auction is not None, timeout=10_000)
    if not _user_to_call(qtbot, w):
        pytest.skip("the auction ended before South's turn")
    qtbot.waitUntil(lambda: not w.bridge.is_thinking, timeout=30_000)
    qtbot.mouseClick(w.bridge_panel.bid_hint_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.bridge.bid_hint is not None, timeout=30_000)
    hint = w.bridge.bid_hint
    assert hint.call == w.bridge.auction.system_call().call
    assert w.bridge_panel.bid_hint_text.text().startswith("The system calls")
    assert hint.outlooks and "double-dummy" in hint.text.lower()


def _reddish(button) -> int:
    image = button.grab().toImage()
    count = 0
    for x in range(0, image.width()):
        for y in range(0, image.height()):
            c = image.pixelColor(x, y)
            count += c.red() > 150 and c.green() < 90 and c.blue() < 90
    return count


def test_a_red_call_that_cannot_be_made_is_greyed_like_the_others(qtbot, window):
    """A disabled ♦/♥ bid must not look biddable: it loses its red with its click."""
    w = window
    box = w.bridge_panel.bidding_box
    button = box.button(Call.parse("7H"))
    button.setEnabled(True)
    assert _reddish(button) > 0
    button.setEnabled(False)
    assert _reddish(button) == 0
