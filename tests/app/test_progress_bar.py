"""The app's progress bar schedules its repaint; Qt's own repaints on the spot (and flushes the window)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QProgressBar

from app.widgets.progress_bar import ProgressBar


class _PaintCounter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def _paints_during_set_value(qtbot, bar: QProgressBar) -> tuple[int, int]:
    bar.setRange(0, 1000)
    bar.resize(300, 12)
    qtbot.addWidget(bar)
    bar.show()
    qtbot.waitExposed(bar)
    qtbot.wait(50)
    counter = _PaintCounter()
    bar.installEventFilter(counter)
    bar.setValue(600)
    during = counter.paints
    qtbot.wait(200)
    return during, counter.paints


def test_set_value_paints_with_the_next_frame_not_inside_the_call(qtbot):
    during, later = _paints_during_set_value(qtbot, ProgressBar())
    assert during == 0 and later >= 1


def test_the_reference_qt_bar_does_paint_inside_the_call(qtbot):
    """The behaviour the app's bar avoids, checked so the test above cannot pass for a wrong reason."""
    bar = QProgressBar()
    during, _later = _paints_during_set_value(qtbot, bar)
    assert during >= 1
