"""Keyboard play that keeps working whatever was clicked last: the play keys reach the card table.

Why a filter rather than focus handling alone: after a click on a toolbar or panel
button, a closed dialog, or a dock that took the focus, the key events go to whatever
holds the focus, and the card table never hears them.  This filter, on the application,
hands ←/→/Home/End (and Enter/Space) to the table when the focus is anywhere in the main
window except where those keys mean something else: text fields, spin boxes, combo boxes
and list views keep all of them, and a button reached with Tab keeps Enter and Space (so
it can still be pressed from the keyboard).  Dialogs are not touched.

:func:`click_keeps_focus` makes the window's buttons and choosers take the focus from the
keyboard (Tab) only, so a mouse click on them leaves it on the table in the first place.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

__all__ = ["KeyboardPlay", "PLAY_KEYS", "click_keeps_focus"]

MOVE_KEYS = frozenset({Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End})
CHOOSE_KEYS = frozenset({Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space})
PLAY_KEYS = MOVE_KEYS | CHOOSE_KEYS
_KEEP_ALL = (QLineEdit, QAbstractSpinBox, QComboBox, QAbstractItemView, QTextEdit, QPlainTextEdit)


def click_keeps_focus(root: QWidget) -> None:
    """Buttons and choosers under ``root`` take the focus by Tab only: a click leaves it where it was."""
    for widget in root.findChildren(QWidget):
        if isinstance(widget, (QAbstractButton, QComboBox, QAbstractSpinBox)) or \
                isinstance(widget, QAbstractItemView) and widget.property("keeps_focus_on_click") is not True:
            if widget.focusPolicy() != Qt.FocusPolicy.NoFocus:
                widget.setFocusPolicy(Qt.FocusPolicy.TabFocus)


class KeyboardPlay(QObject):
    """Installed on the application by the main window; ``table`` gets the play keys (see the module docstring)."""

    def __init__(self, window: QWidget, table: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._table = table
        self.forwarded = 0  # key presses handed to the table (tests)
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(self)
        window.destroyed.connect(lambda *_: app.removeEventFilter(self))

    def _wants(self, focus: QWidget | None, key: int) -> bool:
        if focus is self._table:
            return False
        if focus is None:
            return True
        if focus.window() is not self._window:
            return not focus.window().isVisible()  # an open dialog or floating dock keeps its keys; a closed one's
        if isinstance(focus, _KEEP_ALL):
            return False
        if isinstance(focus, QAbstractButton) and key in CHOOSE_KEYS:
            return False
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if event.key() not in PLAY_KEYS or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        if not isinstance(watched, QWidget) or watched is self._table or not self._table.isVisible():
            return False  # (a key already on its way to the table is the table's)
        if watched.window() is not self._window and watched.window().isVisible():
            return False  # another window's keys (a closed dialog's left-over focus counts as ours)
        if not self._wants(QApplication.focusWidget(), event.key()):
            return False
        self._table.setFocus(Qt.FocusReason.OtherFocusReason)
        copy = QKeyEvent(QEvent.Type.KeyPress, event.key(), event.modifiers(), event.text())
        QApplication.sendEvent(self._table, copy)
        self.forwarded += 1
        return True
