"""The app starts offscreen and shows a real deal."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from engine.core.deal import Deal  # noqa: E402


def test_main_window_shows_a_deal(qtbot):
    from app.main_window import MainWindow

    w = MainWindow(seed=7)
    qtbot.addWidget(w)
    assert isinstance(w.deal, Deal) and w.deal.is_full
    first = w.deal
    assert w.statusBar().currentMessage() == first.to_pbn()
    w.next_deal()
    assert w.deal != first
