"""The main window: for now a deal viewer (seeded random deals in a four-hand diagram)."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import QGridLayout, QLabel, QMainWindow, QWidget

from engine.core.cards import SUIT_SYMBOLS, CardSet
from engine.core.deal import Deal, random_deal
from engine.core.seats import Seat

__all__ = ["MainWindow", "hand_html"]

_SUIT_COLOURS = ("#1a1a1a", "#c0392b", "#d35400", "#1e6b3a")


def hand_html(hand: CardSet) -> str:
    """One hand as four coloured suit lines (rich text for a QLabel)."""
    lines = []
    for s in range(4):
        ranks = hand.to_pbn().split(".")[s] or "—"
        lines.append(f'<span style="color:{_SUIT_COLOURS[s]}">{SUIT_SYMBOLS[s]}</span> {ranks}')
    return "<br>".join(lines)


class MainWindow(QMainWindow):
    """Shows one deal at a time; File ▸ New deal (Ctrl+N) deals the next one."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.setWindowTitle("Tenace")
        self.resize(760, 520)
        self._rng = random.Random(seed)
        self._labels: dict[Seat, QLabel] = {}

        central = QWidget(self)
        grid = QGridLayout(central)
        font = QFont()
        font.setPointSize(14)
        positions = {Seat.NORTH: (0, 1), Seat.WEST: (1, 0), Seat.EAST: (1, 2), Seat.SOUTH: (2, 1)}
        for seat, (row, col) in positions.items():
            label = QLabel(central)
            label.setFont(font)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(label, row, col)
            self._labels[seat] = label
        self.setCentralWidget(central)

        new_deal = QAction("&New deal", self)
        new_deal.setShortcut(QKeySequence.StandardKey.New)
        new_deal.triggered.connect(self.next_deal)
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        menu = self.menuBar().addMenu("&File")
        menu.addAction(new_deal)
        menu.addAction(quit_action)
        self.deal: Deal | None = None
        self.next_deal()

    def next_deal(self) -> None:
        self.deal = random_deal(self._rng)
        for seat, label in self._labels.items():
            hand = self.deal[seat]
            label.setText(f"<b>{seat.name.title()}</b> ({hand.hcp()} HCP)<br>{hand_html(hand)}")
        self.statusBar().showMessage(self.deal.to_pbn())
