"""Statistics as a player reads them: each game and role apart and counted right, trends drawn, and a
history from which any hand can be replayed."""

from __future__ import annotations

import time

from PySide6.QtGui import QColor

from app.dialogs.statistics_dialog import StatisticsDialog
from app.main_window import MainWindow
from app.modes.app_mode import AppMode
from app.stats import BridgeHandRecord, HeartsHandRecord, Statistics, SuitRecord, TrendKind
from engine.bridge.contract import Contract
from engine.core.deal import random_deals
from engine.core.seats import Seat
from engine.hearts.rules import HeartsRules
from engine.session.bridge_session import UserRole
from tests.app.test_bridge_mode import _click_card, _idle, _playable
from tests.app.windows import open_window

DAY = 86_400.0


def _window(qtbot, tmp_path) -> MainWindow:
    return open_window(qtbot, tmp_path)


def _play_out(qtbot, w: MainWindow) -> None:
    s = w.bridge.session
    while not s.is_complete:
        _idle(qtbot, w)
        if s.is_user_turn:
            _click_card(qtbot, w, _playable(w)[-1])
    _idle(qtbot, w)


def test_a_defended_contract_counts_in_defence_not_as_a_contract_made(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    w.bridge_panel.role.setCurrentIndex(w.bridge_panel.role.findData(UserRole.DEFENDER))
    w.bridge_panel.new_board.click()
    qtbot.waitUntil(lambda: w.bridge.session is not None and w.bridge.session.role is UserRole.DEFENDER, timeout=10_000)
    _play_out(qtbot, w)
    made = w.bridge.last_summary.made
    assert w.stats.flush()  # recorded on the statistics thread
    dialog = w.open_statistics()  # fills in when the statistics thread has read the totals
    qtbot.waitUntil(lambda: dict(dialog.rows).get("As declarer", "…") != "…", timeout=10_000)
    rows = dict(dialog.rows)
    assert rows["As declarer"] == "0 hands, 0 made"
    assert rows["In defence"] == f"1 hand, {int(not made)} beaten ({int(not made):.0%})"


def test_trends_are_drawn_per_day(qtbot, tmp_path):
    path = tmp_path / "stats.sqlite3"
    now = time.time()
    deal = random_deals(1, 1)[0]
    with Statistics(path) as stats:
        for day, results in enumerate(((True, False), (True, True), (False, False, False), (True,))):
            for made in results:
                stats.record_bridge_hand(BridgeHandRecord(Contract.parse("4S"), Seat.SOUTH, Seat.SOUTH,
                                                          10 if made else 9, 420 if made else -50, deal, 1),
                                         played_at=now - (4 - day) * DAY)
        stats.record_hearts_hand(HeartsHandRecord(0, Seat.SOUTH, (5, 8, 13, 0), None, deal, HeartsRules().to_dict()),
                                 played_at=now - DAY)
        trend = stats.trend(TrendKind.DECLARER)
        assert [round(p.value, 2) for p in trend] == [0.5, 1.0, 0.0, 1.0] and [p.count for p in trend] == [2, 2, 3, 1]
        assert [p.value for p in stats.trend(TrendKind.HEARTS)] == [13.0]
        dialog = StatisticsDialog(stats.summary(), {k: stats.trend(k) for k in TrendKind}, stats.history())
    qtbot.addWidget(dialog)
    dialog.resize(640, 460)
    dialog.show()
    dialog.tabs.setCurrentIndex(1)
    chart = dialog.chart
    assert chart.points == trend
    ys = [p.y() for p in chart.point_positions()]
    assert ys[2] > ys[0] > ys[1] and ys[1] == ys[3]  # 0% lowest, 50% between, 100% highest
    # the trend line: hands made over the days so far (up to five), 1/2, 3/4, 3/7, 4/8
    assert [round(v, 3) for v in chart.running_average()] == [0.5, 0.75, round(3 / 7, 3), 0.5]
    image = chart.grab().toImage()
    green = QColor("#1d6b45")
    hits = sum(1 for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)
               if abs(image.pixelColor(x, y).green() - green.green()) < 30 and image.pixelColor(x, y).red() < 80)
    assert hits > 20  # the line is drawn
    dialog.series.setCurrentIndex(dialog.series.findData(TrendKind.DEFENCE))
    assert chart.points == ()


def test_any_hand_of_the_history_can_be_replayed(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    _play_out(qtbot, w)
    played = w.bridge.session
    assert w.stats.flush()
    dialog = w.open_statistics()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1, timeout=10_000)
    assert dialog.table.rowCount() == 1 and dialog.table.item(0, 1).text() == "Bridge"
    contract = played.contract
    assert dialog.table.item(0, 2).text().startswith(f"{contract.level}{contract.strain.symbol}")
    dialog.select_entry(0)
    assert dialog.replay_button.isEnabled()
    dialog.replay_selected()
    qtbot.waitUntil(lambda: w.bridge.session is not None and w.bridge.session is not played, timeout=10_000)
    again = w.bridge.session
    assert again.board.deal == played.board.deal and again.contract == played.contract
    assert again.declarer == played.declarer and again.user_seat == played.user_seat and not again.is_complete
    # a suit problem and a Hearts hand from the history come back too
    with Statistics(tmp_path / "stats.sqlite3") as stats:
        stats.record_suit(SuitRecord("#3 AQx opposite xxx, 2 tricks", False, True, False, "AQ5", "432", 2, 3, 0))
        stats.record_hearts_hand(HeartsHandRecord(2, Seat.SOUTH, (5, 8, 13, 0), None, played.board.deal,
                                                  HeartsRules().to_dict()))
        history = stats.history()
    suit = next(e for e in history if e.game.value == "suit")
    w.replay_from_history(suit.key)  # read on the statistics thread, then played on this one
    qtbot.waitUntil(lambda: w.mode is AppMode.SUIT, timeout=10_000)
    qtbot.waitUntil(lambda: w.suit.session is not None and w.suit.session.layout.west == 0, timeout=20_000)
    assert w.suit.setup.entry.id == 3
    hearts = next(e for e in history if e.game.value == "hearts")
    w.replay_from_history(hearts.key)
    qtbot.waitUntil(lambda: w.mode is AppMode.HEARTS, timeout=10_000)
    assert w.hearts.session.dealt == played.board.deal and w.hearts.session.hand_number == 2
