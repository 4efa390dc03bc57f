"""The status-bar widget that shows the engine thread's state: idle, compiling or thinking, with progress."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

from ..worker.messages import EngineActivity, EngineStatus

__all__ = ["EngineStatusWidget", "status_text"]


def status_text(status: EngineStatus) -> str:
    if status.activity is EngineActivity.IDLE:
        return "Engine idle"
    what = "Compiling engine" if status.activity is EngineActivity.COMPILING else "Thinking"
    detail = f" — {status.message}" if status.message else ""
    return f"{what}{detail}"


class EngineStatusWidget(QWidget):
    """A label plus a small progress bar that appears only while the engine works."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._label = QLabel(self)
        self._bar = QProgressBar(self)
        self._bar.setRange(0, 1000)
        self._bar.setFixedWidth(120)
        self._bar.setTextVisible(False)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self._label)
        layout.addWidget(self._bar)
        self.show_status(EngineStatus(EngineActivity.IDLE))

    @property
    def text(self) -> str:
        return self._label.text()

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
        self._label.setText(status_text(status))
        if status.activity is EngineActivity.IDLE:
            self._bar.hide()
            return
        if status.fraction is None:
            self._bar.setRange(0, 0)  # busy indicator
        else:
            self._bar.setRange(0, 1000)
            self._bar.setValue(round(status.fraction * 1000))
        self._bar.show()
