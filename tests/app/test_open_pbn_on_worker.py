"""Open PBN reads the file on the engine worker, with progress and a Stop button; nothing a file holds
freezes the window (issue 23: a 34-byte file hung the reader, on the GUI thread)."""

from __future__ import annotations

import os
import threading
import time

import pytest

import app.controllers.bridge_controller as bridge_controller
from app.main_window import MainWindow
from app.modes.app_mode import AppMode
from engine.formats import MAX_PBN_BYTES
from engine.formats import read_pbn as real_read_pbn

GAME = ('[Board "7"]\n[Dealer "S"]\n[Vulnerable "All"]\n'
        '[Deal "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"]\n'
        '[Declarer "S"]\n[Contract "4S"]\n')


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(seed=11, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3", mode=AppMode.BRIDGE,
                   dd_oracle=None, settings_file=tmp_path / "settings.json", bid_boards=False)
    w.bridge.pace_ms = 0
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    return w


def test_the_file_is_read_off_the_gui_thread(qtbot, window, tmp_path, monkeypatch):
    threads = []

    def recording_read_pbn(*args, **kwargs):
        threads.append(threading.current_thread().name)
        return real_read_pbn(*args, **kwargs)

    monkeypatch.setattr(bridge_controller, "read_pbn", recording_read_pbn)
    path = tmp_path / "board7.pbn"
    path.write_text(GAME * 3, encoding="utf-8")
    assert window.load_pbn(path)
    qtbot.waitUntil(lambda: window.bridge.session is not None and window.bridge.session.board.number == 7,
                    timeout=10_000)
    assert threads == ["tenace-engine"] and "Opened board7.pbn" in window.statusBar().currentMessage()


@pytest.mark.parametrize("content, fragment", [
    ('[Auction "N"]\n' + "!" * 40 + "x\n", "is not a call"),  # the 34-byte file that froze the window
    ('[Auction "N"]\n' + "P " * 30000 + "AP " * 30000 + "\n", "after the auction has ended"),
    ("[" * 10_000, "tag has no name"),
])
def test_a_hostile_file_gives_a_message_and_the_window_stays_live(qtbot, window, tmp_path, content, fragment):
    path = tmp_path / "hostile.pbn"
    path.write_text(content, encoding="utf-8")
    board = window.bridge.session
    start = time.perf_counter()
    assert window.load_pbn(path)
    assert time.perf_counter() - start < 0.5  # the GUI thread only queued the job
    qtbot.waitUntil(lambda: fragment in window.statusBar().currentMessage(), timeout=20_000)
    assert window.statusBar().currentMessage().startswith("cannot open hostile.pbn, line ")
    assert window.bridge.session is board


def test_a_file_above_the_limit_is_refused_with_the_limit(qtbot, window, tmp_path):
    path = tmp_path / "huge.pbn"
    with open(path, "wb") as f:
        f.truncate(MAX_PBN_BYTES + 4096)
    assert window.load_pbn(path)
    qtbot.waitUntil(lambda: "at most 8.0 MB" in window.statusBar().currentMessage(), timeout=10_000)
    assert window.statusBar().currentMessage() == \
        "cannot open huge.pbn: it is 8.0 MB; Tenace reads PBN files of at most 8.0 MB"


def test_progress_is_shown_and_stop_stops_the_reading(qtbot, window, tmp_path, monkeypatch):
    release = threading.Event()

    def slow_read_pbn(path, progress=None, limit=None):  # a slow disk: progress, then waits
        for i in range(1000):
            progress(i / 1000)
            if release.wait(0.01):
                break
        return real_read_pbn(path, progress=progress, limit=limit)

    monkeypatch.setattr(bridge_controller, "read_pbn", slow_read_pbn)
    path = tmp_path / "slow.pbn"
    path.write_text(GAME, encoding="utf-8")
    board = window.bridge.session
    status = window.engine_status
    assert window.load_pbn(path)
    qtbot.waitUntil(lambda: status.stop.isVisibleTo(window) and (status.progress_value or 0) > 0, timeout=10_000)
    assert "reading slow.pbn" in status.text
    status.stop.click()
    qtbot.waitUntil(lambda: "Stopped reading slow.pbn" in window.statusBar().currentMessage(), timeout=10_000)
    release.set()
    qtbot.waitUntil(lambda: not status.stop.isVisibleTo(window), timeout=10_000)
    assert window.bridge.session is board and board.board.number != 7


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_and_the_worker_stays_free(qtbot, window, tmp_path):
    """A FIFO picked in the Open dialog used to block the engine worker for ever (nothing after it ran)."""
    fifo = tmp_path / "fifo.pbn"
    os.mkfifo(fifo)
    assert window.load_pbn(fifo)
    qtbot.waitUntil(lambda: "is not a regular file" in window.statusBar().currentMessage(), timeout=10_000)
    assert window.statusBar().currentMessage() == "cannot open fifo.pbn: it is not a regular file: Tenace reads PBN files"
    path = tmp_path / "board7.pbn"
    path.write_text(GAME, encoding="utf-8")
    assert window.load_pbn(path)
    qtbot.waitUntil(lambda: window.bridge.session is not None and window.bridge.session.board.number == 7,
                    timeout=10_000)
