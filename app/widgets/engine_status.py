"""The status-bar widget that shows the engine thread's state: idle, compiling or thinking, with progress,
and a Stop button while a job the user may stop runs (a file being read)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QToolButton, QWidget

from ..worker.messages import EngineActivity, EngineStatus
from .progress_bar import ProgressBar

__all__ = ["EngineStatusWidget", "status_text"]

LABEL_MIN_WIDTH = 260


def status_text(status: EngineStatus) -> str:
    if status.activity is EngineActivity.IDLE:
        return "Engine idle"
    what = "Loading the engine" if status.activity is EngineActivity.COMPILING else "Thinking"
    detail = f" — {status.message}" if status.message else ""
    return f"{what}{detail}"


class EngineStatusWidget(QWidget):
    """A label plus a small progress bar that appears only while the engine works; Stop emits
    :attr:`stop_requested` with the running job's request id."""

    stop_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._label = QLabel(self)
        # a long step name must not widen the window: the label gets what room there is, and elides
        self._label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._label.setMinimumWidth(LABEL_MIN_WIDTH)
        self._bar = ProgressBar(self)
        self._bar.setRange(0, 1000)
        self._bar.setFixedWidth(120)
        self._bar.setTextVisible(False)
        self.stop = QToolButton(self)
        self.stop.setText("Stop")
        self.stop.setToolTip("Stop reading the file")
        self.stop.clicked.connect(self._stop_clicked)
        self._running: int | None = None
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self._label)
        layout.addWidget(self._bar)
        layout.addWidget(self.stop)
        self.show_status(EngineStatus(EngineActivity.IDLE))

    def _stop_clicked(self) -> None:
        if self._running is not None:
            self.stop_requested.emit(self._running)

    @property
    def text(self) -> str:
        """The full status (the label may show it shortened)."""
        return self._full

    @property
    def progress_visible(self) -> bool:
        return not self._bar.isHidden()

    @property
    def progress_value(self) -> float | None:
        """The bar's fraction, or None while it is hidden or busy without a known fraction."""
        if self._bar.isHidden() or self._bar.maximum() == 0:
            return None
        return self._bar.value() / 1000

    def show_status(self, status: EngineStatus) -> None:
        text = status_text(status)
        self._label.setToolTip(text)
        self._label.setText(self._label.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, LABEL_MIN_WIDTH + 120))
        self._full = text
        self._running = status.request_id if status.stoppable else None
        self.stop.setVisible(status.stoppable and status.activity is not EngineActivity.IDLE)
        if status.activity is EngineActivity.IDLE:
            self._bar.hide()
            return
        if status.fraction is None:
            self._bar.setRange(0, 0)  # busy indicator
        else:
            self._bar.setRange(0, 1000)
            self._bar.setValue(round(status.fraction * 1000))
        self._bar.show()
