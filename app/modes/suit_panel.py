"""The Suit practice panel: the problem picker (library by theme and difficulty, or typed holdings),
Give up / Next, and the result with the exact chances.

Every control is reachable with Tab and has a mnemonic; Enter in the list or in a
holding field starts that problem.  The panel only reads the controller and sends
it intents.
"""

from __future__ import annotations

from html import escape
from itertools import pairwise

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from engine.session.suit_catalogue import CatalogueEntry, Difficulty, select, themes_of
from engine.suits.library import Tag

from ..controllers.suit_controller import SuitController
from ..widgets.retry_bar import RetryBar
from .suit_result import result_html, task_html, tricks_html

__all__ = ["SuitPanel"]

_ROLE = Qt.ItemDataRole.UserRole


class SuitPanel(QWidget):
    """Reads the controller after each change; the user's choices go back to it as intents."""

    play_started = Signal()  # a problem was chosen: the window gives the keyboard back to the table

    def __init__(self, controller: SuitController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._shown: tuple[CatalogueEntry, ...] = ()
        self._html = ""

        # --- the library tab
        self.theme = QComboBox(self)
        self.theme.setAccessibleName("Theme")
        self.theme.addItem("All themes", None)
        for tag in themes_of(controller.catalogue):
            self.theme.addItem(tag.value, tag.value)
        self.difficulty = QComboBox(self)
        self.difficulty.setAccessibleName("Difficulty")
        self.difficulty.addItem("Any difficulty", None)
        for level in Difficulty:
            self.difficulty.addItem(level.label, int(level))
        self.difficulty.setToolTip(
            "Derived from the themes: Easy = cash and count (sure tricks, splits, drops); Medium = finesses, "
            "leads toward honours, ducks; Hard = double finesses, safety plays, eight ever / nine never; "
            "Expert = deep and intra-finesses, restricted choice"
        )
        for combo in (self.theme, self.difficulty):
            combo.currentIndexChanged.connect(self._filter)
        self.problems = QListWidget(self)
        self.problems.setAccessibleName("Library problems")
        self.problems.setProperty("keeps_focus_on_click", True)  # arrows choose a problem here
        self.problems.setToolTip("Double-click a problem, or press Enter, to play it")
        self.problems.itemActivated.connect(self._play_item)
        self.play_selected = QPushButton("&Play selected", self)
        self.play_selected.clicked.connect(self._play_current)
        library = QWidget(self)
        lib_form = QFormLayout()
        lib_form.setContentsMargins(0, 0, 0, 0)
        lib_form.addRow("&Theme:", self.theme)
        lib_form.addRow("Le&vel:", self.difficulty)
        lib_layout = QVBoxLayout(library)
        lib_layout.setContentsMargins(4, 4, 4, 4)
        lib_layout.addLayout(lib_form)
        lib_layout.addWidget(self.problems, 1)
        lib_layout.addWidget(self.play_selected)

        # --- the typed-holdings tab
        self.north = QLineEdit(self)
        self.north.setPlaceholderText("e.g. AQ2, KJ10x, -")
        self.south = QLineEdit(self)
        self.south.setPlaceholderText("e.g. 543")
        self.tricks = QSpinBox(self)
        self.tricks.setRange(1, 13)
        self.tricks.setValue(2)
        self.play_typed = QPushButton("Pl&ay these holdings", self)
        self.play_typed.clicked.connect(self._play_typed)
        for edit in (self.north, self.south):
            edit.returnPressed.connect(self._play_typed)
        self.input_error = QLabel(self)
        self.input_error.setWordWrap(True)
        self.input_error.setStyleSheet("color: #b00020;")
        typed = QWidget(self)
        typed_form = QFormLayout(typed)
        typed_form.setContentsMargins(4, 4, 4, 4)
        typed_form.addRow("&North:", self.north)
        typed_form.addRow("&South:", self.south)
        typed_form.addRow("T&ricks:", self.tricks)
        typed_form.addRow(self.play_typed)
        typed_form.addRow(self.input_error)
        hint = QLabel("x = a low card; 10 or T for the ten; - for a void.", typed)
        hint.setWordWrap(True)
        hint.setStyleSheet("color: #555;")
        typed_form.addRow(hint)

        self.tabs = QTabWidget(self)
        self.tabs.addTab(library, "&Library")
        self.tabs.addTab(typed, "&Your own")

        # --- play controls and the result
        self.give_up = QPushButton("Give &up", self)
        self.give_up.setToolTip("Show the cards and the exact analysis now (the problem counts as not solved)")
        self.give_up.clicked.connect(controller.give_up)
        self.next_button = QPushButton("Ne&xt problem", self)
        self.next_button.setToolTip("The next problem of the list (Ctrl+N)")
        self.next_button.clicked.connect(self.next_problem)
        buttons = QHBoxLayout()
        buttons.addWidget(self.give_up)
        buttons.addWidget(self.next_button)
        self.result = QTextBrowser(self)
        self.result.setAccessibleName("Result")
        self.result.setOpenLinks(False)
        self.result.setStyleSheet("QTextBrowser { background: #fff8dc; color: #222; border: 1px solid #d9c98c; }")
        result_box = QGroupBox("Result", self)
        result_layout = QVBoxLayout(result_box)
        result_layout.setContentsMargins(4, 4, 4, 4)
        result_layout.addWidget(self.result)

        self.retry_bar = RetryBar(self)  # an engine failure, offered again
        self.retry_bar.retry_clicked.connect(controller.retry)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.problems.setMinimumHeight(self.problems.sizeHintForRow(0) * 4 + 6)
        layout.addWidget(self.retry_bar)
        layout.addWidget(self.tabs, 3)
        layout.addLayout(buttons)
        layout.addWidget(result_box, 7)
        chain = (self.tabs, self.theme, self.difficulty, self.problems, self.play_selected, self.north, self.south,
                 self.tricks, self.play_typed, self.give_up, self.next_button, self.result)
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)  # the hidden tab's fields are skipped by Qt
        controller.changed.connect(self.refresh)
        self._filter()
        self.refresh()

    # --- the list ---------------------------------------------------------------------------------
    def theme_filter(self) -> Tag | None:
        data = self.theme.currentData()
        return None if data is None else Tag(data)

    def difficulty_filter(self) -> Difficulty | None:
        data = self.difficulty.currentData()
        return None if data is None else Difficulty(int(data))

    def _filter(self) -> None:
        current = self.current_entry()
        self._shown = select(self._controller.catalogue, self.theme_filter(), self.difficulty_filter())
        self.problems.clear()
        for item in self._shown:
            row = QListWidgetItem(item.label)
            row.setData(_ROLE, item.entry.id)
            row.setToolTip(f"{item.difficulty.label}: {item.theme_text}")
            self.problems.addItem(row)
        self._select(current.entry.id if current is not None else None)

    def _select(self, entry_id: int | None) -> None:
        for i, item in enumerate(self._shown):
            if item.entry.id == entry_id:
                self.problems.setCurrentRow(i)
                return
        if self._shown and self.problems.currentRow() < 0:
            self.problems.setCurrentRow(0)

    @property
    def shown(self) -> tuple[CatalogueEntry, ...]:
        """The problems the list shows now (after the theme and difficulty filters)."""
        return self._shown

    def current_entry(self) -> CatalogueEntry | None:
        row = self.problems.currentRow() if hasattr(self, "problems") else -1
        return self._shown[row] if 0 <= row < len(self._shown) else None

    # --- intents ----------------------------------------------------------------------------------------
    def _start(self, item: CatalogueEntry) -> None:
        self._controller.start_entry(item)
        self.play_started.emit()

    def _play_item(self, row: QListWidgetItem) -> None:
        self._start(self._shown[self.problems.row(row)])

    def _play_current(self) -> None:
        item = self.current_entry()
        if item is not None:
            self._start(item)

    def _play_typed(self) -> None:
        if self._controller.start_typed(self.north.text(), self.south.text(), self.tricks.value()):
            self.play_started.emit()

    def next_problem(self) -> None:
        """The problem after the current one in the list (the first if the current one is not listed)."""
        if not self._shown:
            self._controller.start_random(None)
            self.play_started.emit()
            return
        setup = self._controller.setup
        ids = [c.entry.id for c in self._shown]
        current = setup.entry.id if setup is not None and setup.entry is not None else None
        index = (ids.index(current) + 1) % len(ids) if current in ids else 0
        self.problems.setCurrentRow(index)
        self._start(self._shown[index])

    # --- view ---------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        c = self._controller
        self.retry_bar.show_failure(c.retry_text)
        self.give_up.setEnabled(c.can_give_up)
        self.input_error.setText(c.input_error)
        setup, session = c.setup, c.session
        if setup is not None and setup.entry is not None and self.current_entry() is not None \
                and self.current_entry().entry.id != setup.entry.id:
            self.problems.blockSignals(True)
            self._select(setup.entry.id)
            self.problems.blockSignals(False)
        if c.error and session is None:
            html = f"<p style='color:#b00020'>{escape(c.error)}</p>"
        elif setup is None:
            html = "<p>Choose a problem from the library, or type your own holdings.</p>"
        elif session is None:
            html = task_html(setup) + "<p><i>Solving the problem…</i></p>"
        elif not session.is_over:
            html = task_html(setup) + tricks_html(session.tricks)
        else:
            html = result_html(setup, session.result(), c.review, len(session.user_line)) + tricks_html(session.tricks)
            if c.error:
                html += f"<p style='color:#b00020'>{escape(c.error)}</p>"
        if html != self._html:
            self._html = html
            self.result.setHtml(html)

    @property
    def result_text(self) -> str:
        """The result panel as plain text (what tests and screen readers get)."""
        return self.result.toPlainText()
