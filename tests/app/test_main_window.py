"""The main window: a usable deal viewer while the engine warms up, working actions, settings, screenshot."""

import threading
import time
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from app.main import main
from app.main_window import MainWindow
from app.settings import DeckColours, HandVisibility, Settings, load_settings, settings_path
from app.stats import BridgeHandRecord, Statistics
from app.worker import EngineActivity
from app.worker.warmup import WarmupHook
from engine.bridge.contract import Contract
from engine.core.deal import Deal
from engine.core.seats import Seat


def _window(qtbot, **kwargs) -> MainWindow:
    kwargs.setdefault("warmup_hooks", ())
    kwargs.setdefault("dd_oracle", None)  # boards at once (the solver path has its own tests)
    kwargs.setdefault("bid_boards", False)  # the automatic contract (bidding has its own tests)
    w = MainWindow(seed=7, **kwargs)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_main_window_shows_a_deal_and_deals_the_next(qtbot):
    w = _window(qtbot)
    assert isinstance(w.deal, Deal) and w.deal.is_full
    first = w.deal
    assert w.info_panel.title == "Board 1"
    w.new_deal_action.trigger()
    assert w.deal != first and w.info_panel.title == "Board 2"
    rows = dict((r.label, r.value) for r in w.info_panel.rows)
    assert rows["Dealer"] == "East" and rows["Vulnerable"] == "North-South" and rows["Contract"] == "—"
    # by default only the user's side (South and North) is face up; the others show backs
    hands = {h.seat: h for h in w.table.state.hands}
    shown = {tc.card for h in hands.values() for tc in h.cards}
    assert shown == set(w.deal[Seat.SOUTH]) | set(w.deal[Seat.NORTH])
    assert hands[Seat.EAST].hidden_count == hands[Seat.WEST].hidden_count == 13


def test_window_is_usable_while_the_engine_compiles(qtbot):
    release = threading.Event()
    hooks = [WarmupHook("slow kernel", lambda: release.wait(10)), WarmupHook("quick kernel", lambda: None)]
    w = _window(qtbot, warmup_hooks=hooks)
    qtbot.waitUntil(lambda: w.worker.status.activity is EngineActivity.COMPILING, timeout=5000)
    assert w.engine_status.text.startswith("Loading the engine — ") and w.engine_status.progress_visible
    before = w.deal
    qtbot.keyClick(w, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # the GUI answers meanwhile
    assert w.deal != before
    release.set()
    qtbot.waitUntil(lambda: w.warmup_report is not None and w.engine_status.text == "Engine idle", timeout=10_000)
    assert w.warmup_report.warmed == ("slow kernel", "quick kernel")
    assert w.statusBar().currentMessage().startswith("Engine ready")
    assert not w.engine_status.progress_visible


def test_a_failing_warmup_is_reported_not_fatal(qtbot):
    def broken():
        raise RuntimeError("typing failed")

    w = _window(qtbot, warmup_hooks=[WarmupHook("engine.broken", broken)])
    qtbot.waitUntil(lambda: w.warmup_report is not None, timeout=10_000)
    assert "warm-up failed for engine.broken" in w.statusBar().currentMessage()


def test_engine_errors_show_in_the_status_bar(qtbot):
    w = _window(qtbot)

    def job(cancel):
        raise ValueError("contract 8NT: level 8 is out of range")

    w.worker.submit(job)
    qtbot.waitUntil(lambda: w.last_engine_error is not None, timeout=10_000)
    assert w.statusBar().currentMessage() == "Engine error: contract 8NT: level 8 is out of range"


def test_settings_dialog_edits_applies_and_saves(qtbot):
    w = _window(qtbot)
    dialog = w.open_settings()
    dialog.deck.setCurrentIndex(dialog.deck.findData(DeckColours.FOUR_COLOUR))
    dialog.visibility.setCurrentIndex(dialog.visibility.findData(HandVisibility.OWN_SIDE))
    dialog.animate.setChecked(False)
    dialog.accept()
    expected = replace(w.settings, deck_colours=DeckColours.FOUR_COLOUR, hand_visibility=HandVisibility.OWN_SIDE,
                       animate_cards=False)
    assert w.settings == expected
    assert load_settings().settings == expected
    hands = w.table.state.hands
    assert hands[Seat.EAST].hidden_count == 13 and hands[Seat.WEST].hidden_count == 13
    assert hands[Seat.NORTH].face_up and hands[Seat.SOUTH].face_up


def test_a_corrupt_settings_file_is_reported_in_the_status_bar(qtbot):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    w = _window(qtbot)
    assert w.settings == Settings()  # the broken file is ignored as a whole: the defaults
    assert "not valid JSON" in w.statusBar().currentMessage()


def test_help_and_statistics_dialogs_show_real_content(qtbot):
    with Statistics() as stats:
        stats.record_bridge_hand(BridgeHandRecord(Contract.parse("4H"), Seat.SOUTH, Seat.SOUTH, 10, 420))
    w = _window(qtbot)
    dialog = w.open_statistics()  # opens at once; the totals come from the statistics thread
    qtbot.waitUntil(lambda: dict(dialog.rows)["Bridge hands played"] == "1", timeout=10_000)
    rows = dict(dialog.rows)
    assert rows["Bridge hands played"] == "1" and rows["As declarer"] == "1 hand, 1 made (100%)"
    assert rows["In defence"] == "0 hands, 0 beaten"
    keys = dict(w.open_shortcuts().rows)
    assert keys["Ctrl+N"] == "New deal" and "Enter / Space" in keys
    about = w.open_about()
    assert about.windowTitle() == "About Tenace"


def test_quit_closes_the_window_and_stops_the_engine_thread(qtbot):
    w = _window(qtbot)
    w.quit_action.trigger()
    assert not w.isVisible()
    assert not w.worker._thread.is_alive()


def test_screenshot_option_writes_a_png_of_the_window(qtbot, tmp_path):
    out = tmp_path / "window.png"
    t0 = time.perf_counter()
    assert main(["--screenshot", str(out), "--seed", "3"]) == 0
    assert time.perf_counter() - t0 < 10
    image = QImage(str(out))
    assert image.width() >= 1000 and image.height() >= 700
    felt = image.pixelColor(image.width() // 30, image.height() // 4)
    assert felt.green() > felt.red() and felt.green() > felt.blue()  # the green table is there
