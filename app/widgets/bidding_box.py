"""The bidding box: every call as a button (mouse), or typed (keyboard), with what it would mean.

Keyboard: a level ``1``-``7`` then a strain ``C`` ``D`` ``H`` ``S`` ``N`` makes a bid
(``Esc`` forgets the level); ``P`` or the space bar passes, ``X`` doubles (or
redoubles when only that is open), ``R`` redoubles.  Hovering a button shows the
meaning the system gives that call here; only legal calls are enabled.  The box
reports the chosen call and changes nothing itself.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from engine.bridge.auction import DOUBLE, PASS, REDOUBLE, Call
from engine.bridge.contract import Strain

from ..viewmodels.auction import BoxCall, call_label

__all__ = ["BiddingBox"]

_STRAIN_COLUMNS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
_STRAIN_KEYS = {Qt.Key.Key_C: Strain.CLUBS, Qt.Key.Key_D: Strain.DIAMONDS, Qt.Key.Key_H: Strain.HEARTS,
                Qt.Key.Key_S: Strain.SPADES, Qt.Key.Key_N: Strain.NOTRUMP}
_COLOURS = {Strain.HEARTS: "#c00000", Strain.DIAMONDS: "#c00000"}
_DISABLED = "#a0a0a0"


class BiddingBox(QWidget):
    """Emits :attr:`call_chosen` with the :class:`Call` the user picks."""

    call_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._buttons: dict[Call, QPushButton] = {}
        self._enabled: set[Call] = set()
        self._level: int | None = None
        grid = QGridLayout()
        grid.setSpacing(2)
        for level in range(1, 8):
            for col, strain in enumerate(_STRAIN_COLUMNS):
                self._add(grid, Call.bid(level, strain), level - 1, col)
        for call in (PASS, DOUBLE, REDOUBLE):
            self._add(grid, call, 7, 0)
        grid.addWidget(self._buttons[PASS], 7, 0, 1, 2)
        grid.addWidget(self._buttons[DOUBLE], 7, 2)
        grid.addWidget(self._buttons[REDOUBLE], 7, 3)
        self._grid = grid
        self.status = QLabel("", self)
        self.status.setWordWrap(True)
        self.status.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(grid)
        layout.addWidget(self.status)

    def _add(self, grid: QGridLayout, call: Call, row: int, col: int) -> QPushButton:
        button = QPushButton(call_label(call), self)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the box takes the keys, not each button
        button.setMinimumWidth(30)  # five columns fit the side column of a 1024-pixel screen
        button.setFixedHeight(22)
        button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        if call.strain in _COLOURS:
            # red while it can be bid; a call that cannot be made greys like the others
            button.setStyleSheet(f"QPushButton {{ color: {_COLOURS[call.strain]}; }} "
                                 f"QPushButton:disabled {{ color: {_DISABLED}; }}")
        button.clicked.connect(lambda _=False, c=call: self._choose(c))
        if call.is_bid:
            grid.addWidget(button, row, col)
        self._buttons[call] = button
        return button

    # --- state from the controller -----------------------------------------------------------
    def set_calls(self, calls: tuple[BoxCall, ...], prompt: str = "") -> None:
        self._enabled = {b.call for b in calls if b.enabled}
        for b in calls:
            button = self._buttons[b.call]
            button.setEnabled(b.enabled)
            button.setToolTip(f"{call_label(b.call)}: {b.meaning}" if b.meaning else "")
        if self._level is not None and not any(c.is_bid and c.level == self._level for c in self._enabled):
            self._level = None
        self.setToolTip(prompt)
        if self._level is None:
            self._show_status("")

    def button(self, call: Call) -> QPushButton:
        return self._buttons[call]

    def add_corner(self, widget: QWidget) -> None:
        """Put ``widget`` (the bid hint button) in the free cell beside Pass, X and XX."""
        self._grid.addWidget(widget, 7, 4)

    def _show_status(self, text: str) -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))

    # --- input -------------------------------------------------------------------------------------
    def _choose(self, call: Call) -> None:
        self._level = None
        self._show_status("")
        if call in self._enabled:
            self.call_chosen.emit(call)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt naming
        key = event.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_7:
            level = key - Qt.Key.Key_0
            if any(c.is_bid and c.level == level for c in self._enabled):
                self._level = level
                self._show_status(f"{level}… then C, D, H, S or N")
            return
        if key in _STRAIN_KEYS and self._level is not None:
            self._choose(Call.bid(self._level, _STRAIN_KEYS[key]))
            return
        if key in (Qt.Key.Key_P, Qt.Key.Key_Space):
            self._choose(PASS)
            return
        if key == Qt.Key.Key_X:
            self._choose(DOUBLE if DOUBLE in self._enabled else REDOUBLE)
            return
        if key == Qt.Key.Key_R:
            self._choose(REDOUBLE)
            return
        if key == Qt.Key.Key_Escape:
            self._level = None
            self._show_status("")
            return
        super().keyPressEvent(event)
