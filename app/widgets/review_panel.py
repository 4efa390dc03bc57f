"""The review of a finished deal: each of your cards with the chance of making before → after it, the
costly ones in red with the better card, and the explanation of the card selected.

A small non-modal dialog beside the table rather than another dock: it belongs to one
finished deal, is read once, and the table next to it shows what it talks about.  It is
a view of the review controller's state (progress and
Cancel while the engine works, the list when done, the error when it fails) and tells
the window which position to put on the table: :attr:`ReviewDialog.position_selected`
with ``None`` for the deal as dealt (every costly card ringed in red) or a card's ply
(that card ringed, the better one marked like a hint).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt, Signal, SignalInstance
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.core.cards import card_symbol_str

from ..viewmodels.review import ReviewStatus
from .card_table import MARK_COLOUR
from .progress_bar import ProgressBar

if TYPE_CHECKING:
    from engine.hints.review import CardReview, PlayReview

__all__ = ["ReviewDialog", "line_detail"]

_NOTE_STYLE = "background: #fff8dc; color: #222; border: 1px solid #d9c98c; padding: 6px;"


class ReviewSource(Protocol):
    changed: SignalInstance
    status: ReviewStatus
    fraction: float
    progress_text: str
    result: "PlayReview | None"
    error: str

    def cancel(self) -> None: ...


def line_detail(line: "CardReview") -> str:
    """What the panel says about one card when it is selected."""
    card = card_symbol_str(line.card)
    if line.costly and line.explanation:
        return line.explanation
    text = f"Trick {line.trick}, the {card}: chance of making {line.p_before:.0%} before, {line.p_after:.0%} after."
    if line.forced:
        return text + " The only card (or one of equal cards): nothing to choose."
    if line.better is None:
        return text + " It was among the best cards."
    return text + f" The {card_symbol_str(line.better)} kept {line.p_before:.0%}."


class ReviewDialog(QDialog):
    """Reads the review controller after each change; Cancel goes back to it."""

    position_selected = Signal(object)  # int ply (the card's position) | None (the deal as dealt)

    def __init__(self, controller: ReviewSource, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self.setWindowTitle("Review of your play")
        self.setModal(False)
        self.resize(460, 560)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress = ProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.setFormat("%p%")
        self.progress_label = QLabel(self)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip("Stop the review")
        self.cancel_button.clicked.connect(controller.cancel)
        self.legend = QLabel("Your cards: chance of making before → after. <span style='color:%s'><b>Red</b></span>: "
                             "the costly cards; select one to see it on the table." % MARK_COLOUR.name(), self)
        self.legend.setWordWrap(True)
        self.legend.setStyleSheet("color: #555;")
        self.lines = QListWidget(self)
        self.lines.setAccessibleName("Your cards")
        self.lines.currentRowChanged.connect(self._row_changed)
        self.explanation = QLabel(self)
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.explanation.setStyleSheet(_NOTE_STYLE)
        self.explanation.setMinimumHeight(90)
        self.explanation.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.whole_deal = QPushButton("Show the deal", self)
        self.whole_deal.setToolTip("The deal as dealt, every costly card ringed in red")
        self.whole_deal.clicked.connect(self.show_whole_deal)
        self.close_button = QPushButton("Close", self)
        self.close_button.clicked.connect(self.close)

        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        running = QHBoxLayout()
        running.addWidget(self.progress, 1)
        running.addWidget(self.cancel_button)
        layout.addLayout(running)
        layout.addWidget(self.progress_label)
        layout.addWidget(self.legend)
        layout.addWidget(self.lines, 1)
        layout.addWidget(self.explanation)
        buttons = QHBoxLayout()
        buttons.addWidget(self.whole_deal)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)
        self._shown: PlayReview | None = None
        controller.changed.connect(self.refresh)
        self.refresh()

    # --- queries (tests, accessibility) ---------------------------------------------------
    def line_texts(self) -> list[str]:
        return [self.lines.item(i).text() for i in range(self.lines.count())]

    def costly_rows(self) -> list[int]:
        result = self._controller.result
        return [] if result is None else [i for i, ln in enumerate(result.lines) if ln.costly]

    # --- intents ----------------------------------------------------------------------------------
    def show_whole_deal(self) -> None:
        self.lines.setCurrentRow(-1)
        self.explanation.setText(self._summary_note())
        self.position_selected.emit(None)

    def select_line(self, row: int) -> None:
        self.lines.setCurrentRow(row)

    def _row_changed(self, row: int) -> None:
        result = self._controller.result
        if result is None or not 0 <= row < len(result.lines):
            return
        line = result.lines[row]
        self.explanation.setText(line_detail(line))
        self.position_selected.emit(line.ply)

    # --- what is shown ----------------------------------------------------------------------------
    def _summary_note(self) -> str:
        result = self._controller.result
        if result is None:
            return ""
        costly = result.costly
        if not costly:
            return "No card of yours lowered the chance of making by 5 points or more."
        cards = ", ".join(f"{card_symbol_str(ln.card)} (trick {ln.trick})" for ln in costly)
        return f"Costly: {cards}. Select a card above for the reason."

    def refresh(self) -> None:
        c = self._controller
        running = c.status is ReviewStatus.RUNNING
        for w in (self.progress, self.progress_label, self.cancel_button):
            w.setVisible(running)
        if running:
            self.progress.setValue(round(c.fraction * 1000))
            self.progress_label.setText(c.progress_text or "Reviewing…")
        result = c.result
        self.legend.setVisible(result is not None)
        self.lines.setVisible(result is not None)
        self.whole_deal.setEnabled(result is not None)
        if c.status is ReviewStatus.FAILED:
            self.summary.setText(f"The review failed: {c.error}")
        elif c.status is ReviewStatus.CANCELLED:
            self.summary.setText("The review was cancelled.")
        elif running:
            self.summary.setText("Replaying the deal: for each of your cards, the chance of making before and "
                                 "after it, from what you could see.")
        elif result is not None:
            first = "" if result.first_trick == 1 else f"Reviewed from trick {result.first_trick}. "
            self.summary.setText(first + result.summary)
        self.explanation.setVisible(result is not None)
        if result is not self._shown:
            self._shown = result
            self._fill(result)

    def _fill(self, result: "PlayReview | None") -> None:
        self.lines.blockSignals(True)
        self.lines.clear()
        for line in () if result is None else result.lines:
            item = QListWidgetItem(("! " if line.costly else "   ") + line.text())
            if line.costly:
                font = QFont(self.lines.font())
                font.setBold(True)
                item.setFont(font)
                item.setForeground(QBrush(MARK_COLOUR))
                item.setToolTip(line.explanation)
            self.lines.addItem(item)
        self.lines.blockSignals(False)
        if result is not None:
            self.show_whole_deal()
