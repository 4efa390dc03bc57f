"""Help ▸ About, Help ▸ Keyboard shortcuts and the statistics summary (read-only dialogs)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from ..stats import StatsSummary

__all__ = ["about_text", "shortcut_rows", "ReadOnlyDialog", "statistics_rows"]


def about_text(version: str) -> str:
    return (
        f"<h3>Tenace {version}</h3>"
        "<p>A trainer for contract bridge card play and Hearts, built on an "
        "imperfect-information search engine.</p>"
        "<p>Cards are drawn by the program itself; no artwork is bundled.</p>"
        "<p>License: MIT</p>"
    )


def shortcut_rows(actions: list[QAction]) -> list[tuple[str, str]]:
    """(keys, action) for every menu action with a shortcut, plus the table's own keys."""
    rows = [
        (a.shortcut().toString(), a.text().replace("&", "").rstrip("."))
        for a in actions
        if not a.shortcut().isEmpty()
    ]
    rows += [
        ("Left / Right", "Move the focus card in your hand"),
        ("Home / End", "First / last playable card"),
        ("Enter / Space", "Play the focus card"),
    ]
    return rows


STATISTICS_KEYS = ("Bridge hands played", "Contracts made", "Hints used", "Suit problems solved", "Hearts games won")


def statistics_rows(summary: StatsSummary | None) -> list[tuple[str, str]]:
    """The rows of the Statistics dialog (``None``: the totals are being read)."""
    if summary is None:
        return [(key, "…") for key in STATISTICS_KEYS]
    return [
        ("Bridge hands played", str(summary.hands_played)),
        ("Contracts made", str(summary.contracts_made)),
        ("Hints used", str(summary.hints_used)),
        ("Suit problems solved", f"{summary.suit_problems_solved} of {summary.suit_problems_tried}"),
        ("Hearts games won", f"{summary.hearts_wins} of {summary.hearts_games}"),
    ]


class ReadOnlyDialog(QDialog):
    """A titled dialog with rich text or label/value rows and a Close button."""

    def __init__(
        self, title: str, parent: QWidget | None = None, *, html: str = "", rows: list[tuple[str, str]] | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        if html:
            text = QLabel(html, self)
            text.setTextFormat(Qt.TextFormat.RichText)
            text.setWordWrap(True)
            layout.addWidget(text)
        self.rows = rows or []
        self._form = QFormLayout()
        if self.rows:
            self._fill()
            layout.addLayout(self._form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _fill(self) -> None:
        for key, value in self.rows:
            self._form.addRow(QLabel(f"<b>{key}</b>", self), QLabel(value, self))

    def set_rows(self, rows: list[tuple[str, str]]) -> None:
        """Replace the rows (the values came later, e.g. from the statistics thread)."""
        while self._form.rowCount():
            self._form.removeRow(0)
        self.rows = list(rows)
        self._fill()
