"""The GUI thread never blocks for more than 50 ms while the engine thinks about a long hint.

A precise 10 ms QTimer on the GUI thread stamps every tick while a hint with a large world
budget runs on the engine worker; the largest gap between two ticks is the worst time the
event loop could not run.  The engine's kernels are loaded (or compiled) by a small hint
first, outside the measured window: compiling holds the GIL and is a one-off start-up cost
that the app's warm-up moves to its start.

What was measured and fixed: the worker never held the GIL for long (the kernels release it,
and CPython switches threads every 5 ms in the pure-Python parts); the blocks were GUI-thread
painting.  A full repaint of the card table costs 30-60 ms of Python and was triggered by every
engine job (the status bar's progress bar changed its height, resizing the table) and by every
change of the hint's card (a whole-table update).  Now the status bar keeps its height, the
hint mark repaints only the two cards concerned, and the hints panel has a fixed width.

Measured next on a 2-core CI machine (95-170 ms gaps): the progress bar's ``setValue`` repainted
synchronously, flushing the whole window's pending paints inside the partial result's slot (the
app's bars now only schedule a repaint, ``app/widgets/progress_bar.py``); and every Qt call of a
paint gave the GIL up and waited up to CPython's 5 ms switch interval to win it back from the
engine thread's Python, so 10 ms of painting took 100 ms (the worker sets a 0.5 ms interval).

On a machine shared with other busy processes the OS may not schedule the GUI thread for a
few tens of ms; a window over the limit is therefore measured once more, and the test fails
only when both windows are over it (a real block — a held GIL, a heavy repaint — recurs).
"""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt, QTimer

from app.controllers.hint_controller import HintConfig
from app.main_window import MainWindow
from app.modes.app_mode import AppMode
from app.viewmodels.hints import HintStatus
from app.worker import EngineActivity
from engine.session.hearts_session import HeartsStage

MAX_GAP_S = 0.050
TICK_MS = 10
MEASURE_MS = 4_000
WARM_UP_MS = 240_000


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(seed=13, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3",
                   settings_file=tmp_path / "settings.json", mode=AppMode.BRIDGE, dd_oracle=None, bid_boards=False)
    w.bridge.pace_ms = 0
    w.hearts.pace_ms = 0
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    return w


def event_loop_gaps(qtbot, duration_ms: int) -> list[float]:
    """Gaps (seconds) between the ticks of a 10 ms timer on the GUI thread during ``duration_ms``."""
    stamps: list[float] = []
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(TICK_MS)
    timer.timeout.connect(lambda: stamps.append(time.perf_counter()))
    stamps.append(time.perf_counter())
    timer.start()
    qtbot.wait(duration_ms)
    timer.stop()
    stamps.append(time.perf_counter())
    return [b - a for a, b in zip(stamps, stamps[1:])]


def _bridge_position(qtbot, w: MainWindow) -> None:
    s = w.bridge.session
    while True:  # early in the play (trick four): each world is a real double-dummy search
        qtbot.waitUntil(lambda: not w.bridge.is_thinking, timeout=20_000)
        if s.is_user_turn and s.play.ply >= 12:
            return
        w.bridge.card_chosen(min(s.play.legal_cards()))


def _hearts_position(qtbot, w: MainWindow) -> None:
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
        if s.is_user_turn and len(s.state.legal_cards()) >= 2:
            return
        h.card_chosen(min(s.state.legal_cards()))


@pytest.mark.parametrize("game", ["bridge", "hearts"])
def test_event_loop_keeps_running_during_a_long_hint(qtbot, window, game, record_property):
    w = window
    if game == "bridge":
        _bridge_position(qtbot, w)
        warm = HintConfig(bridge_worlds=2, bridge_time_limit=None, min_interval=0.0)
        # no exact search (it may finish a trick-four position in a second on a fast machine): an estimate
        # over 2,000 deals with αμ, without a time limit, outlasts the measured window anywhere
        long = HintConfig(bridge_exact_layouts=0, bridge_worlds=2_000, bridge_time_limit=None)
    else:
        _hearts_position(qtbot, w)
        warm = HintConfig(hearts_worlds=8, min_interval=0.0)
        long = HintConfig(hearts_worlds=1_000_000, hearts_time_limit=1_000.0)
    w.hints.config = warm
    w.hint()  # loads (or compiles) the kernels on the engine thread, outside the measured window
    qtbot.waitUntil(lambda: w.hints.status is HintStatus.DONE, timeout=WARM_UP_MS)
    event_loop_gaps(qtbot, 200)  # let the panel settle

    w.hints.config = long
    w.hint()
    gaps = event_loop_gaps(qtbot, MEASURE_MS)
    worst = max(gaps)
    windows = [worst]
    if worst >= MAX_GAP_S:
        windows.append(max(event_loop_gaps(qtbot, MEASURE_MS)))
        worst = min(windows)
    assert w.hints.status is HintStatus.THINKING, "the hint ended inside the measured window: not a long hint"
    assert w.worker.status.activity is EngineActivity.THINKING
    partial = w.hints.result
    record_property("max_event_loop_gap_ms", round(worst * 1000, 1))
    print(f"\n{game}: {len(gaps)} ticks, max gap per window {[round(x * 1000, 1) for x in windows]} ms, "
          f"mean {sum(gaps) / len(gaps) * 1000:.1f} ms, worlds so far {partial.worlds_used if partial else 0}")
    assert partial is not None and partial.worlds_used >= 1, "no partial values arrived while measuring"
    assert worst < MAX_GAP_S, f"the GUI thread was blocked for {worst * 1000:.0f} ms"

    w.hints.cancel()
    qtbot.waitUntil(lambda: w.worker.pending == 0, timeout=30_000)
