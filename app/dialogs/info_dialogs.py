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


def _share(part: int, whole: int) -> str:
    return f" ({part / whole:.0%})" if whole else ""


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


STATISTICS_KEYS = ("Bridge hands played", "As declarer", "In defence", "Hearts", "Suit practice", "Hints used")


def statistics_rows(summary: StatsSummary | None) -> list[tuple[str, str]]:
    """The totals per game and role: declarer and defence apart, Hearts games and hands, suit problems
    made apart from those played with the best line (``None``: the totals are being read)."""
    if summary is None:
        return [(key, "…") for key in STATISTICS_KEYS]
    s = summary
    points = f", {s.hearts_points / s.hearts_hands:.1f} points a hand" if s.hearts_hands else ""
    moons = f"; moons: {s.hearts_moons} by you, {s.hearts_moons_against} against you" if s.hearts_hands else ""
    return [
        ("Bridge hands played", str(s.hands_played)),
        ("As declarer", f"{_n(s.declarer_hands, 'hand')}, {s.contracts_made} made{_share(s.contracts_made, s.declarer_hands)}"),
        ("In defence", f"{_n(s.defence_hands, 'hand')}, {s.defence_beaten} beaten{_share(s.defence_beaten, s.defence_hands)}"),
        ("Hearts", f"{_n(s.hearts_games, 'game')}, {s.hearts_wins} won{_share(s.hearts_wins, s.hearts_games)}; "
                   f"{_n(s.hearts_hands, 'hand')}{points}{moons}"),
        ("Suit practice", f"{_n(s.suit_problems_tried, 'problem')}: {s.suit_made} made, {s.suit_best_line} with the "
                          f"best line, {s.suit_problems_solved} solved (made with the best line)"),
        ("Hints used", str(s.hints_used)),
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
