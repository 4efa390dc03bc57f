"""The auction as a table (West, North, East, South), each call clickable for its explanation."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from ..viewmodels.auction import COLUMNS, AuctionGrid

__all__ = ["AuctionView"]


class AuctionView(QTableWidget):
    """Shows an :class:`AuctionGrid`; emits :attr:`explain` with the text of the call clicked."""

    explain = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 4, parent)
        self.setHorizontalHeaderLabels([s.name.title() for s in COLUMNS])
        self.verticalHeader().hide()
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.cellClicked.connect(self._clicked)
        self.currentCellChanged.connect(lambda row, col, *_: self._clicked(row, col))
        self._grid: AuctionGrid | None = None

    def set_grid(self, grid: AuctionGrid | None) -> None:
        if grid == self._grid:
            return
        self._grid = grid
        rows = () if grid is None else grid.rows
        extra = 1 if grid is not None and grid.next_column is not None and grid.next_row >= len(rows) else 0
        self.setRowCount(len(rows) + extra)
        for r in range(self.rowCount()):
            for c in range(4):
                cell = rows[r][c] if r < len(rows) else None
                text = cell.text if cell is not None else ""
                if grid is not None and grid.next_column == c and grid.next_row == r:
                    text = "?"
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if cell is not None:
                    item.setToolTip(cell.explanation)
                    item.setData(Qt.ItemDataRole.UserRole, cell.explanation)
                    if "♥" in text or "♦" in text:
                        item.setForeground(Qt.GlobalColor.darkRed)
                self.setItem(r, c, item)
        if self.rowCount():
            self.scrollToBottom()

    def _clicked(self, row: int, col: int) -> None:
        item = self.item(row, col)
        text = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if text:
            self.explain.emit(str(text))
