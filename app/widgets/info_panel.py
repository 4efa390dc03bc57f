"""The info panel beside the table: a title and label/value rows (contract, vulnerability, tricks, score)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QFrame, QLabel, QVBoxLayout, QWidget

from ..viewmodels.info import InfoRow

__all__ = ["InfoPanel"]


class InfoPanel(QFrame):
    """Shows whatever rows the current mode's controller formats; rebuilt on each update."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(190)
        self._title = QLabel(self)
        self._title.setStyleSheet("font-weight: bold; font-size: 15px;")
        self._form = QFormLayout()
        self._form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        outer = QVBoxLayout(self)
        outer.addWidget(self._title)
        outer.addLayout(self._form)
        outer.addStretch(1)
        self._rows: tuple[InfoRow, ...] = ()

    @property
    def rows(self) -> tuple[InfoRow, ...]:
        return self._rows

    @property
    def title(self) -> str:
        return self._title.text()

    def set_info(self, title: str, rows: tuple[InfoRow, ...]) -> None:
        self._title.setText(title)
        while self._form.rowCount():
            self._form.removeRow(0)
        for row in rows:
            value = QLabel(row.value, self)
            value.setWordWrap(True)  # a long value wraps in the narrow column rather than being cut
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self._form.addRow(f"{row.label}:", value)
        self._rows = rows
