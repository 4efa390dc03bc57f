"""One way for the app tests to open a main window: quick (no warm-up, no solver unless given), shown, ready."""

from __future__ import annotations

from app.main_window import MainWindow
from app.modes.app_mode import AppMode


def open_window(qtbot, tmp_path, *, seed: int = 11, mode: AppMode = AppMode.BRIDGE, oracle=None,
                size: tuple[int, int] | None = None, ready: bool = True, bid_boards: bool = False) -> MainWindow:
    """A shown window with no pause before computer cards; ``ready`` waits for the first bridge board.
    Boards go straight to the play (the double-dummy contract) unless ``bid_boards``."""
    w = MainWindow(seed=seed, warmup_hooks=(), stats_file=tmp_path / "stats.sqlite3", mode=mode, dd_oracle=oracle,
                   bid_boards=bid_boards)
    for controller in (w.bridge, w.hearts, w.suit):
        controller.pace_ms = 0
    qtbot.addWidget(w)
    if size is not None:
        w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    if ready and mode is AppMode.BRIDGE:
        qtbot.waitUntil(lambda: w.bridge.session is not None, timeout=10_000)
    return w
