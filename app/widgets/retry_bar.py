"""A bar saying what the engine failed to do, with a Retry button: shown only while there is something to retry."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

__all__ = ["RetryBar"]


class RetryBar(QFrame):
    """``show_failure(text)`` shows it (``None`` hides it); the button emits :attr:`retry_clicked`."""

    retry_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("retry-bar")
        self.setStyleSheet("#retry-bar { background: #fdecea; border: 1px solid #e0a39b; }"
                           "#retry-bar QLabel { color: #611a15; }")
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.button = QPushButton("Retry", self)
        self.button.setToolTip("Ask the engine again (Ctrl+R)")
        self.button.clicked.connect(self.retry_clicked)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 4, 6, 4)
        row.addWidget(self.text, 1)
        row.addWidget(self.button)
        self.hide()

    def show_failure(self, text: str | None) -> None:
        if text is None:
            self.hide()
            return
        self.text.setText(text)
        self.show()
