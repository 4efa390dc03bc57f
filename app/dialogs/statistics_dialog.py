"""Statistics: the totals per game and role, their trend over time as a chart, and the hand history to replay.

The chart is drawn with QPainter (no charting dependency): one point per day with play,
joined by a line, under it a broad pale line for the running average over the last five days
with play (weighted by hands), which shows the trend through a day's ups and downs; shares
run from 0 to 100 %, Hearts' points per hand from 0 up to the highest day.  The history lists every hand
newest first; Replay (or a double-click) asks the window to play the selected one again.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..stats import HistoryEntry, StatsSummary, TrendKind, TrendPoint
from .info_dialogs import statistics_rows

__all__ = ["StatisticsDialog", "TrendChart"]

_LINE = QColor("#1d6b45")
_AVERAGE = QColor(29, 107, 69, 70)
AVERAGE_DAYS = 5
_GRID = QColor("#d0d4d8")
_TEXT = QColor("#444")
_KEY = Qt.ItemDataRole.UserRole


class TrendChart(QWidget):
    """A line chart of one :class:`TrendKind` series (QPainter only)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(320, 180)
        self.setAccessibleName("Trend chart")
        self._kind = TrendKind.DECLARER
        self._points: tuple[TrendPoint, ...] = ()

    def sizeHint(self) -> QSize:
        return QSize(520, 260)

    @property
    def points(self) -> tuple[TrendPoint, ...]:
        return self._points

    def set_series(self, kind: TrendKind, points: tuple[TrendPoint, ...]) -> None:
        self._kind, self._points = kind, points
        self.setAccessibleDescription("; ".join(f"{p.day}: {self.value_text(p)} ({p.count})" for p in points))
        self.update()

    def value_text(self, point: TrendPoint) -> str:
        return f"{point.value:.0%}" if self._kind.is_share else f"{point.value:.1f}"

    def running_average(self) -> list[float]:
        """Each day's value averaged with the days before it (up to :data:`AVERAGE_DAYS` days with play),
        weighted by the number of hands: the trend line drawn under the daily points."""
        out = []
        for i in range(len(self._points)):
            window = self._points[max(0, i - AVERAGE_DAYS + 1): i + 1]
            total = sum(p.count for p in window)
            out.append(sum(p.value * p.count for p in window) / total if total else 0.0)
        return out

    def plot_area(self) -> QRectF:
        return QRectF(self.rect()).adjusted(46, 14, -16, -40)

    def point_positions(self) -> list[QPointF]:
        """Where each day's point is drawn (tests check the line follows the values)."""
        area = self.plot_area()
        top = 1.0 if self._kind.is_share else max([1.0] + [p.value for p in self._points])
        n = len(self._points)
        out = []
        for i, p in enumerate(self._points):
            x = area.center().x() if n == 1 else area.left() + area.width() * i / (n - 1)
            out.append(QPointF(x, area.bottom() - area.height() * min(1.0, p.value / top)))
        return out

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.fillRect(self.rect(), QColor("#ffffff"))
        area = self.plot_area()
        small = QFont(self.font())
        small.setPointSizeF(max(7.0, small.pointSizeF() * 0.85))
        p.setFont(small)
        top = 1.0 if self._kind.is_share else max([1.0] + [pt.value for pt in self._points])
        for k in range(5):  # grid and axis labels
            y = area.bottom() - area.height() * k / 4
            p.setPen(QPen(_GRID, 1))
            p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            p.setPen(_TEXT)
            label = f"{k * 25}%" if self._kind.is_share else f"{top * k / 4:.0f}"
            p.drawText(QRectF(0, y - 8, area.left() - 6, 16), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       label)
        if not self._points:
            p.setPen(_TEXT)
            p.drawText(area, Qt.AlignmentFlag.AlignCenter, "Nothing played yet")
            p.end()
            return
        positions = self.point_positions()
        averages = self.running_average()
        if len(self._points) > 2:  # the trend: the share over the last few days of play, weighted by hands
            top_value = 1.0 if self._kind.is_share else max([1.0] + [pt.value for pt in self._points])
            avg_path = QPainterPath()
            for k, (pos, value) in enumerate(zip(positions, averages)):
                point = QPointF(pos.x(), area.bottom() - area.height() * min(1.0, value / top_value))
                avg_path.moveTo(point) if k == 0 else avg_path.lineTo(point)
            p.setPen(QPen(_AVERAGE, 4))
            p.drawPath(avg_path)
            p.setPen(_AVERAGE.darker(130))
            p.drawText(QRectF(area.left(), area.top() - 14, area.width(), 14), Qt.AlignmentFlag.AlignRight,
                       f"— {AVERAGE_DAYS}-day average")
        path = QPainterPath(positions[0])
        for pos in positions[1:]:
            path.lineTo(pos)
        p.setPen(QPen(_LINE, 2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)
        p.setBrush(_LINE)
        for pos, point in zip(positions, self._points):
            p.drawEllipse(pos, 3.5, 3.5)
        p.setPen(_TEXT)
        first, last = self._points[0], self._points[-1]
        p.drawText(QRectF(area.left() - 30, area.bottom() + 4, 120, 16), Qt.AlignmentFlag.AlignLeft, first.day)
        if len(self._points) > 1:
            p.drawText(QRectF(area.right() - 90, area.bottom() + 4, 120, 16), Qt.AlignmentFlag.AlignLeft, last.day)
        hands = sum(pt.count for pt in self._points)
        p.drawText(QRectF(area.left(), area.bottom() + 20, area.width(), 16), Qt.AlignmentFlag.AlignCenter,
                   f"{len(self._points)} day{'s' * (len(self._points) != 1)} with play, {hands} in all; "
                   f"latest day: {self.value_text(last)}")
        p.end()


class StatisticsDialog(QDialog):
    """Summary, Trends and History tabs; :attr:`replay_requested` carries a history entry's key.

    The window opens it at once, empty (``summary`` ``None``: "…"), and fills it with
    :meth:`set_data` when the statistics thread has read the database (or :meth:`set_error`)."""

    replay_requested = Signal(object)  # (table, row id)

    def __init__(self, summary: StatsSummary | None = None,
                 trends: dict[TrendKind, tuple[TrendPoint, ...]] | None = None,
                 history: tuple[HistoryEntry, ...] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Statistics")
        self.resize(640, 460)
        self._trends = trends or {}
        self._history = history

        summary_tab = QWidget(self)
        self._form = QFormLayout(summary_tab)
        self._summary_tab = summary_tab
        self._set_rows(statistics_rows(summary))

        trend_tab = QWidget(self)
        self.series = QComboBox(trend_tab)
        for kind in TrendKind:
            self.series.addItem(kind.value, kind)
        self.chart = TrendChart(trend_tab)
        self.series.currentIndexChanged.connect(self._show_series)
        trend_layout = QVBoxLayout(trend_tab)
        trend_layout.addWidget(self.series)
        trend_layout.addWidget(self.chart, 1)

        history_tab = QWidget(self)
        self.table = QTableWidget(0, 4, history_tab)
        self.table.setHorizontalHeaderLabels(["When", "Game", "Hand", "Result"])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.itemDoubleClicked.connect(lambda _item: self.replay_selected())
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.replay_button = QPushButton("&Replay this hand", history_tab)
        self.replay_button.setEnabled(False)
        self.replay_button.clicked.connect(self.replay_selected)
        history_layout = QVBoxLayout(history_tab)
        history_layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.replay_button)
        history_layout.addLayout(row)

        self.tabs = QTabWidget(self)
        self.tabs.addTab(summary_tab, "&Summary")
        self.tabs.addTab(trend_tab, "&Trends")
        self.tabs.addTab(history_tab, "&History")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self._fill_history()
        self._show_series()

    def _set_rows(self, rows: list[tuple[str, str]]) -> None:
        while self._form.rowCount():
            self._form.removeRow(0)
        self.rows = list(rows)
        for key, value in self.rows:
            label = QLabel(value, self._summary_tab)
            label.setWordWrap(True)
            self._form.addRow(QLabel(f"<b>{key}</b>", self._summary_tab), label)

    def _fill_history(self) -> None:
        history = self._history
        self.table.setRowCount(len(history))
        names = {"bridge": "Bridge", "hearts": "Hearts", "suit": "Suit practice"}
        for r, entry in enumerate(history):
            for c, text in enumerate((entry.when, names[entry.game.value], entry.what, entry.result)):
                item = QTableWidgetItem(text)
                item.setData(_KEY, entry.key)
                if not entry.key[0]:
                    item.setToolTip("Recorded before Tenace kept deals: it cannot be replayed")
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)

    def set_data(self, summary: StatsSummary, trends: dict[TrendKind, tuple[TrendPoint, ...]],
                 history: tuple[HistoryEntry, ...]) -> None:
        """The totals, trends and history, read on the statistics thread."""
        self._trends = trends
        self._history = history
        self._set_rows(statistics_rows(summary))
        self._fill_history()
        self._show_series()

    def set_error(self, text: str) -> None:
        """The statistics could not be read (a locked or unreadable database)."""
        self._set_rows([("Statistics", f"could not be read: {text}")])

    def _show_series(self) -> None:
        kind = self.series.currentData()
        self.chart.set_series(kind, self._trends.get(kind, ()))

    def _selection_changed(self) -> None:
        entry = self.selected_entry()
        self.replay_button.setEnabled(entry is not None and bool(entry.key[0]))

    def selected_entry(self) -> HistoryEntry | None:
        rows = self.table.selectionModel().selectedRows()
        return self._history[rows[0].row()] if rows else None

    def select_entry(self, row: int) -> None:
        self.table.selectRow(row)

    def replay_selected(self) -> None:
        entry = self.selected_entry()
        if entry is not None and entry.key[0]:
            self.replay_requested.emit(entry.key)
            self.accept()
